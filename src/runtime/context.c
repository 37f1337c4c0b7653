#include "runtime/context.h"

#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "base/error.h"
#include "base/failsafe.h"
#include "bcredist.h"
#include "runtime/blacs.h"
#include "runtime/plancache.h"

static int ctx_keyval = MPI_KEYVAL_INVALID;
static int grid_keyval = MPI_KEYVAL_INVALID;
static long grid_serial_counter;
static bcr_ctx *live_contexts;

/* Guards everything above, and our calls into the BLACS context tables
 * (Cblacs_get adds a communicator to them the first time it is asked
 * about it).  Never held across a collective: two threads of one process
 * may be inside collectives on different contexts whose partners hold the
 * lock in the other order. */
static pthread_mutex_t state_lock = PTHREAD_MUTEX_INITIALIZER;

static void free_maps(bcr_ctx *ctx)
{
    for (int i = 0; i < BCR_MAPCACHE; i++) {
        free(ctx->maps[i].A.rank);
        free(ctx->maps[i].B.rank);
        ctx->maps[i].A.rank = ctx->maps[i].B.rank = NULL;
        ctx->maps[i].gen = -1;
    }
}

static void unlink_ctx(bcr_ctx *ctx)
{
    if (ctx->prev)
        ctx->prev->next = ctx->next;
    else if (live_contexts == ctx)
        live_contexts = ctx->next;
    if (ctx->next)
        ctx->next->prev = ctx->prev;
    ctx->prev = ctx->next = NULL;
}

/* MPI runs this when the BLACS frees the context's communicator (on
 * whatever thread calls Cblacs_gridexit) or when bcr_finalize deletes the
 * attribute. */
static int ctx_delete(MPI_Comm owner, int keyval, void *val, void *extra)
{
    (void)owner;
    (void)keyval;
    (void)extra;
    bcr_ctx *ctx = val;
    pthread_mutex_lock(&state_lock);
    unlink_ctx(ctx);
    pthread_mutex_unlock(&state_lock);
    free_maps(ctx);
    bcr_plancache_free(ctx->plans);
    MPI_Comm_free(&ctx->comm);
    free(ctx);
    return MPI_SUCCESS;
}

/* Called with state_lock held, so the keyvals are made once. */
static int ensure_keyvals(void)
{
    if (ctx_keyval == MPI_KEYVAL_INVALID &&
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, ctx_delete, &ctx_keyval, NULL))
        return BCR_ERR_MPI;
    if (grid_keyval == MPI_KEYVAL_INVALID &&
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN,
                               &grid_keyval, NULL))
        return BCR_ERR_MPI;
    return BCR_SUCCESS;
}

/* The context's cached state if there is one; else its communicator. */
static int ctx_lookup(bcr_blacs_int ictxt, bcr_ctx **found, MPI_Comm *owner)
{
    void *val;
    int flag = 0;
    pthread_mutex_lock(&state_lock);
    int rc = ensure_keyvals();
    if (!rc) {
        *owner = bcr_blacs_comm(ictxt);
        if (MPI_Comm_get_attr(*owner, ctx_keyval, &val, &flag))
            rc = BCR_ERR_MPI;
    }
    pthread_mutex_unlock(&state_lock);
    *found = flag ? val : NULL;
    return rc;
}

int bcr_comm_dup_agreed(MPI_Comm comm, int ok, MPI_Comm *out, int *failed_rank)
{
    *out = MPI_COMM_NULL;
    MPI_Request req;
    int rc = MPI_Comm_idup(comm, out, &req);
    if (rc == MPI_SUCCESS)
        rc = bcr_wait_bounded(&req, "the other processes to duplicate a communicator");
    int rank;
    MPI_Comm_rank(comm, &rank);
    /* (failed?, -rank) under MPI_MAX: any failure, and the lowest rank that
     * failed. */
    int v[2] = {!ok || rc != MPI_SUCCESS, !ok || rc != MPI_SUCCESS ? -rank : INT_MIN}, r[2];
    if (MPI_Iallreduce(v, r, 2, MPI_INT, MPI_MAX, comm, &req) != MPI_SUCCESS ||
        bcr_wait_bounded(&req, "the other processes to agree on a new communicator") !=
            MPI_SUCCESS)
        r[0] = 1, r[1] = -rank;
    *failed_rank = r[0] ? -r[1] : -1;
    if (r[0] && *out != MPI_COMM_NULL)
        MPI_Comm_free(out);
    return r[0] ? BCR_ERR_NOMEM : BCR_SUCCESS;
}

int bcr_ctx_acquire(bcr_blacs_int ictxt, bcr_ctx **out, int *failed_rank)
{
    MPI_Comm owner;
    *failed_rank = -1;
    BCR_TRY(ctx_lookup(ictxt, out, &owner));
    if (*out)
        return BCR_SUCCESS;
    bcr_ctx *ctx = bcr_fault("context") ? NULL : calloc(1, sizeof *ctx);
    /* Our own communicator keeps our messages apart from the BLACS's.  No
     * other thread makes this context's state meanwhile: calls on one
     * context never run at once (they are collectives over it).  A process
     * whose allocation failed still takes part, so that all learn of it. */
    MPI_Comm comm;
    if (bcr_comm_dup_agreed(owner, ctx != NULL, &comm, failed_rank)) {
        free(ctx);
        return BCR_ERR_NOMEM;
    }
    ctx->comm = comm;
    MPI_Comm_set_errhandler(ctx->comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(ctx->comm, &ctx->rank);
    MPI_Comm_size(ctx->comm, &ctx->size);
    ctx->owner = owner;
    for (int i = 0; i < BCR_MAPCACHE; i++)
        ctx->maps[i].gen = -1;
    pthread_mutex_lock(&state_lock);
    ctx->next = live_contexts;
    if (live_contexts)
        live_contexts->prev = ctx;
    live_contexts = ctx;
    int failed = MPI_Comm_set_attr(owner, ctx_keyval, ctx) != MPI_SUCCESS;
    pthread_mutex_unlock(&state_lock);
    if (failed) {
        ctx_delete(owner, ctx_keyval, ctx, NULL);
        return BCR_ERR_MPI;
    }
    *out = ctx;
    return BCR_SUCCESS;
}

long bcr_grid_serial(bcr_blacs_int g)
{
    long s = 0;
    pthread_mutex_lock(&state_lock);
    if (!ensure_keyvals()) {
        MPI_Comm c = bcr_blacs_comm(g);
        void *val;
        int flag;
        MPI_Comm_get_attr(c, grid_keyval, &val, &flag);
        if (flag) {
            s = (long)(intptr_t)val;
        } else {
            s = ++grid_serial_counter;
            MPI_Comm_set_attr(c, grid_keyval, (void *)(intptr_t)s);
        }
    }
    pthread_mutex_unlock(&state_lock);
    return s;
}

bcr_mapentry *bcr_ctx_find(bcr_ctx *ctx, long keyA, long keyB)
{
    for (int i = 0; i < BCR_MAPCACHE; i++) {
        bcr_mapentry *e = &ctx->maps[i];
        if (e->gen >= 0 && e->keyA == keyA && e->keyB == keyB) {
            e->last_use = ++ctx->clock;
            return e;
        }
    }
    return NULL;
}

void bcr_ctx_store(bcr_ctx *ctx, long keyA, long keyB, long gen, bcr_gridmap A,
                   bcr_gridmap B)
{
    bcr_mapentry *victim = &ctx->maps[0];
    for (int i = 0; i < BCR_MAPCACHE; i++) {
        bcr_mapentry *e = &ctx->maps[i];
        if (e->gen >= 0 && e->keyA == keyA && e->keyB == keyB) {
            victim = e;
            break;
        }
        if (e->gen < 0 || e->last_use < victim->last_use)
            victim = e;
    }
    free(victim->A.rank);
    free(victim->B.rank);
    victim->keyA = keyA;
    victim->keyB = keyB;
    victim->gen = gen;
    victim->A = A;
    victim->B = B;
    victim->last_use = ++ctx->clock;
}

void bcr_context_finalize(void)
{
    /* Deleting the attribute runs ctx_delete, which takes the lock. */
    for (;;) {
        pthread_mutex_lock(&state_lock);
        bcr_ctx *ctx = live_contexts;
        MPI_Comm owner = ctx ? ctx->owner : MPI_COMM_NULL;
        pthread_mutex_unlock(&state_lock);
        if (!ctx)
            break;
        if (MPI_Comm_delete_attr(owner, ctx_keyval) != MPI_SUCCESS)
            ctx_delete(owner, ctx_keyval, ctx, NULL); /* never loop on it */
    }
    pthread_mutex_lock(&state_lock);
    if (ctx_keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&ctx_keyval);
    /* Grids that live on keep their old serials under the freed keyval (MPI
     * drops it with them); a later call gives them new ones, never used
     * before since the counter goes on. */
    if (grid_keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&grid_keyval);
    pthread_mutex_unlock(&state_lock);
}
