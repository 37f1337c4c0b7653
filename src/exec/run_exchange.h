/* Running one exchange (plan/exchange.h): post the receives, pack and
 * send, as the call's schedule (plan/schedule.h) lets them go, copy the
 * part that stays local while messages fly, unpack each message as it
 * arrives.  Messages between
 * processes of one node may go through shared segments (shm.h) instead,
 * packed and unpacked in one scan of each array (kernels/scan.h). */
#ifndef BCR_EXEC_RUN_EXCHANGE_H
#define BCR_EXEC_RUN_EXCHANGE_H

#include <mpi.h>

#include "exec/exchange_flight.h"
#include "exec/part_copy.h"
#include "exec/shm.h"
#include "exec/via_shm.h"
#include "plan/exchange.h"
#include "plan/schedule.h"


/* Grow this thread's buffers (pools.h) to what the exchange needs, where
 * update says whether it writes its B as updates (bcr_arrays.update: its
 * messages through MPI then stream, exec/run_stream.h); call it, and agree
 * on its result, before bcr_exchange_run, which then allocates nothing. */
int bcr_exchange_reserve(const bcr_exchange *ex, size_t elsize, int update);

/* What an exchange's request bookkeeping is sized by: its parts each
 * way, the chunks of its messages through MPI (base/post_chunks.h), whether
 * they stream (an update's, exec/run_stream.h) and the bytes of an
 * update's gathering scratch (kernels/update_pieces.h). */
typedef struct {
    bcr_idx recv_parts, send_parts, chunks;
    int streamed;
    bcr_idx gather;
} bcr_exchange_counts;

/* The bytes of the pooled work block such an exchange takes: what
 * bcr_exchange_reserve reserves for it besides message buffers. */
size_t bcr_exchange_work_bytes(const bcr_exchange_counts *n);

/* A bound of the work block of any exchange over nranks processes that
 * moves `bytes` in all through MPI (exec/round_size.h): every process a
 * partner each way, each part a chunk more than its share of the bytes
 * makes; streamed and gather as in the counts. */
size_t bcr_exchange_work_bound(bcr_idx bytes, int nranks, int streamed, bcr_idx gather);

/* The schedule of the exchange's messages through MPI under sh, by
 * xo->schedule or else by their load (bcr_schedule_choose). */
bcr_schedule bcr_exchange_schedule(const bcr_exchange *ex, const bcr_shm *sh, size_t elsize,
                                   const bcr_exec_options *xo);

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
