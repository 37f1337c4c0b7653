/* BLACS contexts -> MPI.
 *
 * Everything cached here lives as an MPI attribute on the communicator the
 * BLACS made for a context, so it dies with that context (Cblacs_gridexit
 * frees the communicator, MPI runs our delete callback) and a recycled
 * context handle can never see stale data.
 */
#ifndef BCR_RUNTIME_CONTEXT_H
#define BCR_RUNTIME_CONTEXT_H

#include <mpi.h>

#include "runtime/blacs.h"
#include "runtime/lastcall.h"

/* Where each process of a grid sits in the union communicator. */
typedef struct {
    int P, Q;
    int *rank; /* P*Q entries, row-major: rank of grid process (r, c) */
} bcr_gridmap;

/* Maps of one (grid A, grid B) pair, valid on every process of ictxt when
 * every process finds an entry of the same generation (agree.c). */
typedef struct {
    long keyA, keyB; /* this process's grid serials, 0 when outside */
    long gen;        /* collective miss event that built it; -1 = empty */
    unsigned long last_use;
    bcr_gridmap A, B;
} bcr_mapentry;

#define BCR_MAPCACHE 8

typedef struct bcr_ctx {
    MPI_Comm comm;  /* private duplicate of the union context's communicator */
    MPI_Comm owner; /* the BLACS communicator holding this as an attribute */
    int rank, size;
    long next_gen;
    unsigned long clock;
    bcr_mapentry maps[BCR_MAPCACHE];
    struct bcr_plancache *plans; /* plans of recent calls on this context */
    bcr_lastcall last;
    struct bcr_ctx *prev, *next;
} bcr_ctx;

/* The union context's cached state, made on first use (collective over the
 * processes of ictxt: duplicates its communicator once).  A failure on any
 * process is returned on all (BCR_ERR_NOMEM), *failed_rank then the lowest
 * rank in ictxt that failed. */
int bcr_ctx_acquire(bcr_blacs_int ictxt, bcr_ctx **out, int *failed_rank);

/* Collective over comm: duplicates it unless some process says !ok or
 * fails to; all return the same (BCR_SUCCESS or BCR_ERR_NOMEM, *out then
 * MPI_COMM_NULL and *failed_rank the lowest rank that failed).  Waits for
 * the others no longer than BCR_TIMEOUT (base/failsafe.h). */
int bcr_comm_dup_agreed(MPI_Comm comm, int ok, MPI_Comm *out, int *failed_rank);

/* A number naming grid context g on this process, never reused. */
long bcr_grid_serial(bcr_blacs_int g);

/* Cached maps for this process's (keyA, keyB), or NULL. */
bcr_mapentry *bcr_ctx_find(bcr_ctx *ctx, long keyA, long keyB);
/* Store maps (ownership of the rank arrays passes to the cache). */
void bcr_ctx_store(bcr_ctx *ctx, long keyA, long keyB, long gen,
                   bcr_gridmap A, bcr_gridmap B);

/* Drop every cached context (collective, like MPI_Comm_free). */
void bcr_context_finalize(void);

#endif
