/* An exchange in progress (exec/run_exchange.h): the state its steps
 * share with the streamed messages of an update (exec/run_stream.h). */
#ifndef BCR_EXEC_EXCHANGE_FLIGHT_H
#define BCR_EXEC_EXCHANGE_FLIGHT_H

#include <mpi.h>

#include "exec/part_copy.h"
#include "exec/shm.h"
#include "plan/exchange.h"
#include "plan/schedule.h"

/* Where an exchange in progress keeps its requests: every chunk of every
 * message in the order the schedule posts them (receives and sends
 * mixed), the scans' cursors into shared segments, whose each request is
 * (receive part k, or send part k as the receive parts' count plus k), the
 * chunks each part still owes, and room for MPI_Testsome's indices.  A
 * streamed exchange (exec/run_stream.h) keeps two requests per part
 * instead, 2 k and 2 k + 1 for part k counted as above, and per part its
 * ring's place in the direction's buffer, its message's rows per column,
 * its tiles' shape and its next chunk to post, and per request the chunk
 * it carries; an update's scan has a scratch panel.  All of it lies in
 * the pooled work buffer (pools.h). */
typedef struct {
    MPI_Request *req;
    char **scur;
    const char **rcur;
    int *owner, *pending, *indices;
    bcr_idx *ring, *rows, *tile_rows, *tile_cols, *next_chunk, *chunk_of;
    char *gather; /* an update's scan gathers panels here (bcr_update_scan) */
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
    int streamed;    /* messages through MPI stream (exec/run_stream.h) */
    bcr_idx send_chunks_left; /* streamed: send chunks not yet posted */
    int scan_b;      /* parts through shared segments come in one scan of B */
    int stage;
    bcr_schedule sched;
    bcr_exchange_lane recv, send;
    int recv_left; /* receives through MPI not yet complete, posted or not */
} bcr_exchange_flight;

#endif
