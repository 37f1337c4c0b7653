#include "context.h"

#include <stdint.h>
#include <stdlib.h>

#include "blacs.h"
#include "bcredist.h"
#include "plancache.h"

/* The MPI BLACS keeps its contexts in these globals; when the library has
 * them we can tell a bad handle from a good one instead of crashing. */
extern void **BI_MyContxts __attribute__((weak));
extern int BI_MaxNCtxt __attribute__((weak));

static int ctx_keyval = MPI_KEYVAL_INVALID;
static int grid_keyval = MPI_KEYVAL_INVALID;
static int self_keyval = MPI_KEYVAL_INVALID;
static long grid_serial_counter;
static bcr_ctx *live_contexts;

int bcr_blacs_context_valid(int h)
{
    if (h < 0)
        return 0;
    if (&BI_MaxNCtxt && &BI_MyContxts)
        return h < BI_MaxNCtxt && BI_MyContxts[h] != NULL;
    return 1;
}

static MPI_Comm blacs_comm(int ctxt)
{
    int sys;
    Cblacs_get(ctxt, BCR_BLACS_GET_CONTEXT_COMM, &sys);
    return Cblacs2sys_handle(sys);
}

static void free_maps(bcr_ctx *ctx)
{
    for (int i = 0; i < BCR_MAPCACHE; i++) {
        free(ctx->maps[i].A.rank);
        free(ctx->maps[i].B.rank);
        ctx->maps[i].A.rank = ctx->maps[i].B.rank = NULL;
        ctx->maps[i].gen = -1;
    }
}

static int ctx_delete(MPI_Comm owner, int keyval, void *val, void *extra)
{
    (void)owner;
    (void)keyval;
    (void)extra;
    bcr_ctx *ctx = val;
    if (ctx->prev)
        ctx->prev->next = ctx->next;
    else
        live_contexts = ctx->next;
    if (ctx->next)
        ctx->next->prev = ctx->prev;
    free_maps(ctx);
    bcr_plancache_free(ctx->plans);
    MPI_Comm_free(&ctx->comm);
    free(ctx);
    return MPI_SUCCESS;
}

/* Runs inside MPI_Finalize: MPI deletes MPI_COMM_SELF's attributes first. */
static int self_delete(MPI_Comm comm, int keyval, void *val, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)val;
    (void)extra;
    self_keyval = MPI_KEYVAL_INVALID;
    bcr_finalize();
    return MPI_SUCCESS;
}

static int ensure_keyvals(void)
{
    if (ctx_keyval == MPI_KEYVAL_INVALID &&
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, ctx_delete, &ctx_keyval, NULL))
        return BCR_ERR_MPI;
    if (grid_keyval == MPI_KEYVAL_INVALID &&
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN,
                               &grid_keyval, NULL))
        return BCR_ERR_MPI;
    if (self_keyval == MPI_KEYVAL_INVALID) {
        if (MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, self_delete, &self_keyval, NULL) ||
            MPI_Comm_set_attr(MPI_COMM_SELF, self_keyval, NULL))
            return BCR_ERR_MPI;
    }
    return BCR_SUCCESS;
}

int bcr_ctx_acquire(int ictxt, bcr_ctx **out)
{
    int rc = ensure_keyvals();
    if (rc)
        return rc;
    MPI_Comm owner = blacs_comm(ictxt);
    void *val;
    int flag;
    if (MPI_Comm_get_attr(owner, ctx_keyval, &val, &flag))
        return BCR_ERR_MPI;
    if (flag) {
        *out = val;
        return BCR_SUCCESS;
    }
    bcr_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return BCR_ERR_NOMEM;
    /* Our own communicator keeps our messages apart from the BLACS's. */
    if (MPI_Comm_dup(owner, &ctx->comm)) {
        free(ctx);
        return BCR_ERR_MPI;
    }
    MPI_Comm_set_errhandler(ctx->comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(ctx->comm, &ctx->rank);
    MPI_Comm_size(ctx->comm, &ctx->size);
    ctx->owner = owner;
    for (int i = 0; i < BCR_MAPCACHE; i++)
        ctx->maps[i].gen = -1;
    ctx->next = live_contexts;
    if (live_contexts)
        live_contexts->prev = ctx;
    live_contexts = ctx;
    if (MPI_Comm_set_attr(owner, ctx_keyval, ctx)) {
        ctx_delete(owner, ctx_keyval, ctx, NULL);
        return BCR_ERR_MPI;
    }
    *out = ctx;
    return BCR_SUCCESS;
}

long bcr_grid_serial(int g)
{
    if (ensure_keyvals())
        return 0;
    MPI_Comm c = blacs_comm(g);
    void *val;
    int flag;
    MPI_Comm_get_attr(c, grid_keyval, &val, &flag);
    if (flag)
        return (long)(intptr_t)val;
    long s = ++grid_serial_counter;
    MPI_Comm_set_attr(c, grid_keyval, (void *)(intptr_t)s);
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
    while (live_contexts)
        MPI_Comm_delete_attr(live_contexts->owner, ctx_keyval);
    if (ctx_keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&ctx_keyval);
    /* grid_keyval stays: grids keep their serials, which hold no memory. */
    if (self_keyval != MPI_KEYVAL_INVALID) {
        int k = self_keyval;
        self_keyval = MPI_KEYVAL_INVALID;
        MPI_Comm_delete_attr(MPI_COMM_SELF, k);
        MPI_Comm_free_keyval(&k);
    }
}
