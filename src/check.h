/* Argument checks and the one collective that makes every process of
 * ictxt agree: go on, or report the same error and return. */
#ifndef BCR_CHECK_H
#define BCR_CHECK_H

#include "context.h"
#include "index1d.h"
#include "error.h"
#include "request.h"

/* One matrix as this call sees it, after agreement: processes outside its
 * grid learn the global fields from the processes inside. */
typedef struct {
    int in;           /* this process is in the grid */
    int myrow, mycol; /* -1 outside */
    int P, Q;
    int M, N, MB, NB, RSRC, CSRC;
    int i, j;         /* 0-based start of the submatrix */
    int lld;          /* meaningful only when in */
    const int *map;   /* P*Q ranks in the union communicator, row-major */
} bcr_side;

typedef struct {
    bcr_ctx *ctx;
    bcr_side A, B;
    long maps_gen; /* generation of the grid maps in use: names them */
    int repeat;    /* every process repeats its last call (lastcall.h) */
} bcr_setup;

/* Check the request on this process, agree with every process of ictxt,
 * and fill the setup.  On error, e holds the same message on every
 * process. */
int bcr_check_and_agree(const bcr_request *rq, bcr_setup *s, bcr_err *e);

/* Elements of the (trapezoidal) submatrix this process holds on side s. */
bcr_idx bcr_side_held(const bcr_request *rq, const bcr_side *s);

/* One collective: if any process has an error in e, every process ends up
 * with the one of the lowest (argument, rank), marked with that rank.
 * shm (may be NULL) carries this process's bcr_shm_request in and the
 * agreed answer out: -1 when any process said -1, else the largest. */
int bcr_agree_error(MPI_Comm comm, int rank, int size, bcr_err *e, long long *shm);

#endif
