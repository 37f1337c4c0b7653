/* The collectives that make every process of ictxt agree before any data
 * moves: on the call's arguments (go on, or every process reports the
 * same error and returns), and, once each has planned, on whether all
 * could and on the shared-memory transport.  No process ever waits for a
 * message that another, having failed, will not send. */
#ifndef BCR_RUNTIME_AGREE_H
#define BCR_RUNTIME_AGREE_H

#include <mpi.h>

#include "base/error.h"
#include "base/options.h"
#include "base/request.h"
#include "base/side.h"
#include "exec/shm.h"
#include "plan/plan.h"
#include "runtime/context.h"

/* The processes of a call or of a plan: its communicator, this process's
 * rank in it and their number. */
typedef struct {
    MPI_Comm comm;
    int rank, size;
} bcr_procs;

/* A call once its arguments are agreed. */
typedef struct {
    bcr_ctx *ctx;
    bcr_side A, B;
    long maps_gen; /* generation of the grid maps in use: names them */
    int repeat;    /* every process repeats its last call (lastcall.h) */
} bcr_setup;

/* An agreement on a call's arguments in flight (bcr_agree_call_start),
 * for a process to prepare, meanwhile, what writes nothing the caller can
 * see. */
#define BCR_AGREE_WORDS 128
typedef struct {
    long long v[BCR_AGREE_WORDS], r[BCR_AGREE_WORDS];
    MPI_Request req;
    long keyA, keyB;
    bcr_mapentry *cached;
    int repeat_here; /* this process repeats its last call (lastcall.h): only
                        the agreement tells whether every process does */
} bcr_agreement;

/* Check the request on this process, agree with every process of ictxt
 * (one reduction; one allgather more the first time a pair of grids is
 * met) on the arguments and on the switches that must be equal everywhere
 * (bcr_options_agreed), and fill the setup; on error, e holds the same
 * message on every process.  In two halves: start checks the request here
 * and posts the reduction (no error leaves it in flight); finish completes
 * it and fills the setup.  Between them a process may only prepare what
 * the outcome cannot make wrong. */
int bcr_agree_call_start(const bcr_request *rq, const bcr_options *opt, bcr_setup *s,
                         bcr_agreement *ag, bcr_err *e);
int bcr_agree_call_finish(const bcr_request *rq, bcr_setup *s, bcr_agreement *ag, bcr_err *e);

/* One request's share of an agreement, for agreements over many
 * requests at once (a batch's, api/batch_build.c): put writes its
 * bcr_agree_request_words() words (each value as (v, -v) under MPI_MAX,
 * the sides' fields only where this process is in their grid); take reads
 * them back once reduced, names the first disagreement or empty grid in e
 * and fills the sides' global fields. */
int bcr_agree_request_words(void);
void bcr_agree_request_put(const bcr_request *rq, const bcr_options *opt, const bcr_side *A,
                           const bcr_side *B, long long *v);
int bcr_agree_request_take(const bcr_request *rq, const long long *r, bcr_side *A, bcr_side *B,
                           bcr_err *e);
/* From a request's reduced words: 1 when every process has m or n of 0
 * (it moves nothing and is not checked), -1 when they disagree on m or n
 * (take names it), else 0. */
int bcr_agree_request_empty(const long long *r);

/* The grid maps of a request from where every process sits: process p of
 * nprocs at (pos[stride p], pos[stride p + 1]) in grid A and the next two
 * in grid B (-1 outside).  A and B come with P, Q and room for P Q ranks;
 * a position claimed twice or left empty is an error naming the side
 * (`where`: what every grid process must be in, for the message). */
int bcr_agree_maps_fill(const bcr_request *rq, const int *pos, int stride, int nprocs,
                        const char *where, bcr_gridmap *A, bcr_gridmap *B, bcr_err *e);

/* One collective: if any process has an error in e, every process ends up
 * with the one of the lowest (argument, rank), marked with that rank.
 * shm (may be NULL) carries this process's bcr_shm_request in and the
 * agreed answer out: -1 when any process said -1, else the largest. */
int bcr_agree_error(MPI_Comm comm, int rank, int size, bcr_err *e, long long *shm);

/* The last collective before the exchange, over g's processes: every process
 * learns whether any failed, and they agree on the shared-memory
 * transport for pl (NULL on a process in neither grid, or to send
 * everything through MPI: it only takes part).  *sh (when sh is not NULL)
 * is that transport, or NULL for MPI alone. */
int bcr_agree_commit(const bcr_plan *pl, size_t elsize, const bcr_options *opt,
                     const bcr_procs *g, bcr_err *e, bcr_shm **sh);

#endif
