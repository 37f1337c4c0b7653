/* Running one exchange (plan/exchange.h): post the receives, pack and
 * send, as the call's schedule (plan/schedule.h) lets them go, copy the
 * part that stays local while messages fly, unpack each message as it
 * arrives.  Messages between
 * processes of one node may go through shared segments (shm.h) instead,
 * packed and unpacked in one scan of each array (kernels/scan.h). */
#ifndef BCR_EXEC_RUN_EXCHANGE_H
#define BCR_EXEC_RUN_EXCHANGE_H

#include <mpi.h>

#include "exec/part_copy.h"
#include "exec/shm.h"
#include "exec/via_shm.h"
#include "plan/exchange.h"
#include "plan/schedule.h"


/* Grow this thread's buffers (pools.h) to what the exchange needs; call
 * it, and agree on its result, before bcr_exchange_run, which then
 * allocates nothing. */
int bcr_exchange_reserve(const bcr_exchange *ex, size_t elsize);

/* The schedule of the exchange's messages through MPI under sh, by
 * xo->schedule or else by their load (bcr_schedule_choose). */
bcr_schedule bcr_exchange_schedule(const bcr_exchange *ex, const bcr_shm *sh, size_t elsize,
                                   const bcr_exec_options *xo);

/* Where an exchange in progress keeps its requests: every chunk of every
 * message in the order the schedule posts them (receives and sends
 * mixed), the scans' cursors into shared segments, whose each request is
 * (receive part k, or send part k as the receive parts' count plus k), the
 * chunks each part still owes, and room for MPI_Testsome's indices.  All
 * of it lies in the pooled work buffer (pools.h). */
typedef struct {
    MPI_Request *req;
    char **scur;
    const char **rcur;
    int *owner, *pending, *indices;
} bcr_exchange_slots;

/* A schedule's progress through one direction's messages through MPI
 * (plan/schedule.h): the next to post, and those posted and incomplete. */
typedef struct {
    int next;      /* position in the direction's step order */
    int inflight;  /* messages posted and incomplete */
    int last_step; /* of the message posted last */
} bcr_exchange_lane;

/* What is left of an exchange once begun, in the order it is done. */
enum {
    BCR_FLIGHT_MESSAGES, /* messages through MPI to take, sends to post */
    BCR_FLIGHT_COMBINE,  /* combined messages (blocking), or sync's unpack */
    BCR_FLIGHT_SCAN,     /* the scan over B, once every shared part is in */
    BCR_FLIGHT_SENDS,    /* sends to complete */
    BCR_FLIGHT_DONE
};

/* An exchange in progress: what it needs to post messages by its schedule
 * and take them as they come.  It points into the pooled buffers it began
 * with, which must stay untouched until it is done. */
typedef struct {
    bcr_exchange_slots sl;
    bcr_idx nslots; /* requests posted so far: the range MPI waits on */
    const bcr_exchange *ex;
    const bcr_half *R, *S;
    char *rbuf, *sbuf;
    bcr_arrays ar;
    const bcr_mask *mk;
    bcr_shm *sh;
    MPI_Comm comm;
    int nranks;
    int self_packed; /* the pack copied the part that stays (plan/exchange.h) */
    int sync;        /* unpack only once every receive is in */
    int combining;   /* the combine schedule (exec/run_combine.h) */
    int scan_b;      /* parts through shared segments come in one scan of B */
    int stage;
    bcr_schedule sched;
    bcr_exchange_lane recv, send;
    int recv_left; /* receives through MPI not yet complete, posted or not */
} bcr_exchange_flight;

/* The exchange's first half, which never waits for another process's
 * progress: post the receives, pack what goes through this process's
 * shared segment and publish it, post the sends the schedule allows, and
 * copy the part that stays here.  Arguments as for bcr_exchange_run.  The
 * pack waits for the readers of what this process published before
 * (bcr_exchange_may_begin says whether it would). */
int bcr_exchange_begin(bcr_exchange_flight *f, const bcr_exchange *ex, const bcr_arrays *ar,
                       MPI_Comm comm, bcr_shm *sh, const bcr_exec_options *xo, int packed);

/* Whether bcr_exchange_begin would start without waiting for any reader
 * of this process's shared segment. */
int bcr_exchange_may_begin(const bcr_exchange *ex, bcr_shm *sh);

/* Move a begun exchange on: with block, to its end; without, take what
 * has come, post what that allows and go on as far as nothing has to be
 * waited for.  *done says whether it has ended (this process's part of
 * it: everything received and unpacked, every send complete). */
int bcr_exchange_advance(bcr_exchange_flight *f, int block, int *done);

/* Whether only a blocking advance can move f on (the combine schedule's
 * relayed messages, exec/run_combine.h). */
int bcr_exchange_needs_block(const bcr_exchange_flight *f);

/* sh: the shared-memory transport agreed for this call, or NULL.
 * xo->recv_sync (BCR_RECV=sync): unpack only once every message is in,
 * Thakur's synchronous method; else each message as it arrives;
 * xo->schedule and inflight: bcr_exchange_schedule.  packed: the
 * messages through shared segments are packed already
 * (bcr_exchange_prepack), and are only published. */
int bcr_exchange_run(const bcr_exchange *ex, const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh,
                     const bcr_exec_options *xo, int packed);


/* Pack the messages that go through this process's shared segment under
 * sh, without publishing them, where that writes nothing but the segment
 * (not B); returns whether it did.  Waits only for the readers of what
 * this process published before, which never wait for it. */
int bcr_exchange_prepack(const bcr_exchange *ex, const bcr_arrays *ar, bcr_shm *sh);

#endif
