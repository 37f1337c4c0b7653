#include "runtime/agree.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/failsafe.h"
#include "base/mask.h"
#include "runtime/blacs.h"
#include "exec/run_plan.h"
#include "runtime/check.h"

/* Each agreed field travels as (v, -v) under MPI_MAX, giving max and min at
 * once; LLONG_MIN marks "this process has no value". */
enum { F_M, F_N, F_TRAP, F_UPLO, F_DIAG, F_ELSIZE, F_GEN, F_REPEAT, F_VARIANT, F_OPT,
       F_GLOBAL = F_OPT + BCR_OPTIONS_AGREED };
enum { S_P, S_Q, S_M, S_N, S_MB, S_NB, S_RSRC, S_CSRC, S_I, S_J, S_FIELDS };
#define NFIELDS (F_GLOBAL + 2 * S_FIELDS)
#define V_ERR (2 * NFIELDS)
#define NV (V_ERR + 1)

static const char *const side_field_names[S_FIELDS] = {
    "the grid shape", "the grid shape", "M_%c", "N_%c", "MB_%c", "NB_%c", "RSRC_%c", "CSRC_%c", "i%c", "j%c"};

static void put(long long *v, int f, long long x)
{
    v[2 * f] = x;
    v[2 * f + 1] = -x;
}

static int present(const long long *v, int f) { return v[2 * f] != LLONG_MIN; }
static long long vmax(const long long *v, int f) { return v[2 * f]; }
static long long vmin(const long long *v, int f) { return -v[2 * f + 1]; }
static int agreed(const long long *v, int f) { return vmax(v, f) == vmin(v, f); }

static void side_put(long long *v, int base, const bcr_side *s)
{
    if (!s->in)
        return;
    const int x[S_FIELDS] = {s->P, s->Q, s->M, s->N, s->MB, s->NB, s->RSRC, s->CSRC, s->i, s->j};
    for (int f = 0; f < S_FIELDS; f++)
        put(v, base + f, x[f]);
}

static void side_take(const long long *v, int base, bcr_side *s)
{
    int *x[S_FIELDS] = {&s->P, &s->Q, &s->M, &s->N, &s->MB, &s->NB, &s->RSRC, &s->CSRC, &s->i, &s->j};
    for (int f = 0; f < S_FIELDS; f++)
        *x[f] = (int)vmax(v, base + f);
}

/* With transposed, the side's fields are those of its matrix's transpose
 * (rq->transpose_b): named here as the caller's descriptor has them. */
static int side_agreement(const bcr_request *rq, const long long *v, int base,
                          const bcr_side_args *ar, int transposed, bcr_err *e)
{
    static const int swapped[S_FIELDS] = {S_Q, S_P, S_N, S_M, S_NB, S_MB, S_CSRC, S_RSRC,
                                          S_J, S_I};
    if (!present(v, base + S_P))
        return bcr_err_arg(e, rq, BCR_ERR_GRID, ar->arg_desc,
                           "no process is in grid %c (CTXT_%c = -1 everywhere)", ar->name, ar->name);
    for (int f = 0; f < S_FIELDS; f++) {
        if (agreed(v, base + f))
            continue;
        int g = transposed ? swapped[f] : f;
        int arg = g == S_I ? ar->arg_i : g == S_J ? ar->arg_j : ar->arg_desc;
        char what[16];
        snprintf(what, sizeof what, side_field_names[g], g >= S_I ? ar->name + 32 : ar->name);
        /* i and j travel 0-based; show them as the caller wrote them */
        long long shift = (g == S_I || g == S_J) ? 1 : 0;
        return bcr_err_arg(e, rq, BCR_ERR_INCONSISTENT, arg,
                           "processes of grid %c disagree on %s (%lld to %lld)", ar->name, what,
                           vmin(v, base + f) + shift, vmax(v, base + f) + shift);
    }
    return BCR_SUCCESS;
}

static int global_agreement(const bcr_request *rq, const long long *v, bcr_err *e)
{
    if (!agreed(v, F_VARIANT))
        return bcr_update_disagreement(rq, vmin(v, F_VARIANT), vmax(v, F_VARIANT), e);
    for (int f = F_M; f <= F_N; f++)
        if (!agreed(v, f)) {
            int arg = f == F_M ? BCR_ARG_M : BCR_ARG_N;
            return bcr_err_arg(e, rq, BCR_ERR_INCONSISTENT, arg,
                               "processes disagree on %s (%lld to %lld)", bcr_arg_name(rq, arg),
                               vmin(v, f), vmax(v, f));
        }
    if (!agreed(v, F_ELSIZE)) {
        if (rq->plan_create)
            return bcr_err_arg(e, rq, BCR_ERR_INCONSISTENT, BCR_ARG_TYPE,
                               "processes disagree on the type (elements of %lld to %lld bytes)",
                               vmin(v, F_ELSIZE), vmax(v, F_ELSIZE));
        return bcr_err_plain(e, rq, BCR_ERR_INCONSISTENT,
                             "processes called routines of different types (elements of %lld "
                             "to %lld bytes)", vmin(v, F_ELSIZE), vmax(v, F_ELSIZE));
    }
    if (!agreed(v, F_TRAP)) {
        if (rq->plan_create)
            return bcr_err_arg(e, rq, BCR_ERR_INCONSISTENT, BCR_ARG_UPLO,
                               "processes disagree on whether uplo is NULL (a trapezoid on "
                               "some, the whole submatrix on others)");
        return bcr_err_plain(e, rq, BCR_ERR_INCONSISTENT,
                             "processes called different routines (gemr2d on some, trmr2d on "
                             "others)");
    }
    if (!agreed(v, F_UPLO))
        return bcr_err_arg(e, rq, BCR_ERR_INCONSISTENT, BCR_ARG_UPLO,
                           "processes disagree on uplo (upper on some, lower on others)");
    if (!agreed(v, F_DIAG))
        return bcr_err_arg(e, rq, BCR_ERR_INCONSISTENT, BCR_ARG_DIAG,
                           "processes disagree on diag (unit on some, non-unit on others)");
    for (int k = 0; k < BCR_OPTIONS_AGREED; k++)
        if (!agreed(v, F_OPT + k))
            return bcr_err_plain(e, rq, BCR_ERR_INCONSISTENT,
                                 "processes disagree on the environment switch %s",
                                 bcr_options_agreed_names[k]);
    return BCR_SUCCESS;
}

/* A process's local error as it travels under MPI_MAX: the largest key
 * is the lowest (argument, rank), which share_error's root decodes. */
static long long error_key(const bcr_err *e, int rank, int size)
{
    return -((long long)(e->arg >= 0 ? e->arg : 0) * size + rank);
}

/* Share one process's local error with all: the lowest (argument, rank). */
static int share_error(MPI_Comm comm, int size, long long key, bcr_err *e)
{
    int root = (int)(key % size);
    MPI_Request req;
    if (MPI_Ibcast(e, (int)sizeof *e, MPI_BYTE, root, comm, &req) ||
        bcr_wait_bounded(&req, "the process that found an error to tell it"))
        return BCR_ERR_MPI;
    size_t len = strlen(e->text);
    snprintf(e->text + len, sizeof e->text - len, " (on process %d)", root);
    return e->code;
}

int bcr_agree_maps_fill(const bcr_request *rq, const int *pos, int stride, int nprocs,
                        const char *where, bcr_gridmap *A, bcr_gridmap *B, bcr_err *e)
{
    for (int t = 0; t < 2; t++) {
        bcr_gridmap *g = t ? B : A;
        const bcr_side_args *ar = t ? bcr_args_of_b(rq) : &bcr_args_A;
        int n = g->P * g->Q, found = 0, clash = 0;
        for (int k = 0; k < n; k++)
            g->rank[k] = -1;
        for (int p = 0; p < nprocs; p++) {
            int r = pos[stride * p + 2 * t], c = pos[stride * p + 2 * t + 1];
            if (r < 0)
                continue;
            if (g->rank[r * g->Q + c] >= 0)
                clash = 1;
            else
                found++;
            g->rank[r * g->Q + c] = p;
        }
        if (clash)
            bcr_err_arg(e, rq, BCR_ERR_INCONSISTENT, ar->arg_desc,
                        "processes of grid %c disagree on CTXT_%c (two claim one grid position)",
                        ar->name, ar->name);
        else if (found != n) /* not in ictxt, or passed CTXT = -1 */
            bcr_err_arg(e, rq, BCR_ERR_GRID, ar->arg_desc,
                        "%d of grid %c's %d processes did not take part as members of it: each "
                        "must be in %s and pass grid %c's context as CTXT_%c (-1 is for "
                        "processes outside grid %c)",
                        n - found, ar->name, n, where, ar->name, ar->name, ar->name);
    }
    return e->code;
}

/* Build where every grid process sits in ictxt: one allgather, run only when
 * some process lacks the maps of this grid pair. */
static int build_maps(const bcr_request *rq, bcr_ctx *ctx, const bcr_setup *s,
                      bcr_gridmap *A, bcr_gridmap *B, bcr_err *e)
{
    int mine[4] = {s->A.myrow, s->A.mycol, s->B.myrow, s->B.mycol};
    int *all = malloc((size_t)ctx->size * 4 * sizeof *all);
    A->P = s->A.P, A->Q = s->A.Q, B->P = s->B.P, B->Q = s->B.Q;
    A->rank = malloc((size_t)A->P * A->Q * sizeof *A->rank);
    B->rank = malloc((size_t)B->P * B->Q * sizeof *B->rank);
    int nomem = !all || !A->rank || !B->rank, anynomem = 0;
    /* Everyone must learn about an allocation failure before the allgather. */
    MPI_Request req;
    int failed = MPI_Iallreduce(&nomem, &anynomem, 1, MPI_INT, MPI_MAX, ctx->comm, &req) ||
                 bcr_wait_bounded(&req, "the other processes of ictxt to map the grids");
    if (!failed && !anynomem)
        failed = MPI_Iallgather(mine, 4, MPI_INT, all, 4, MPI_INT, ctx->comm, &req) ||
                 bcr_wait_bounded(&req, "the other processes of ictxt to say where they sit");
    if (failed || anynomem) {
        free(all);
        free(A->rank);
        free(B->rank);
        return anynomem ? bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for grid maps")
                        : bcr_err_plain(e, rq, BCR_ERR_MPI, "MPI_Allgather failed");
    }
    int rc = bcr_agree_maps_fill(rq, all, 4, ctx->size, "ictxt", A, B, e);
    free(all);
    if (rc) {
        free(A->rank);
        free(B->rank);
    }
    return rc;
}

_Static_assert(NV <= BCR_AGREE_WORDS, "bcr_agreement holds every agreed word");

/* A repeated call goes from the agreement straight to the exchange, so
 * what it needs must be there before: the last plan's buffers and its
 * pages of this process's shared segment (BCR_KEEP_BYTES may have given
 * them back).  Where they cannot be had now, this process does not
 * repeat: the call plans again and its processes agree on the failure, or
 * on sending through MPI, before any data moves. */
static int repeat_ready(const bcr_lastcall *last, const bcr_request *rq)
{
    const bcr_plan *pl = last->plan;
    if (pl && bcr_plan_reserve(pl, rq->elsize, rq->update != NULL))
        return 0;
    return !pl || !last->sh || bcr_shm_back(last->sh, bcr_plan_shm_bytes(pl, rq->elsize)) == 0;
}

int bcr_agree_request_words(void) { return 2 * NFIELDS; }

void bcr_agree_request_put(const bcr_request *rq, const bcr_options *opt, const bcr_side *A,
                           const bcr_side *B, long long *v)
{
    for (int k = 0; k < 2 * NFIELDS; k++)
        v[k] = LLONG_MIN;
    put(v, F_M, rq->m);
    put(v, F_N, rq->n);
    bcr_mask mk = bcr_mask_of(rq);
    put(v, F_TRAP, mk.trapezoid);
    put(v, F_UPLO, mk.upper);
    put(v, F_DIAG, mk.unit);
    put(v, F_ELSIZE, (long long)rq->elsize);
    put(v, F_VARIANT, rq->variant);
    long long o[BCR_OPTIONS_AGREED];
    bcr_options_agreed(&opt->plan, o);
    for (int k = 0; k < BCR_OPTIONS_AGREED; k++)
        put(v, F_OPT + k, o[k]);
    side_put(v, F_GLOBAL, A);
    side_put(v, F_GLOBAL + S_FIELDS, B);
}

int bcr_agree_request_empty(const long long *r)
{
    if (!agreed(r, F_M) || !agreed(r, F_N))
        return -1;
    return vmax(r, F_M) == 0 || vmax(r, F_N) == 0;
}

int bcr_agree_request_take(const bcr_request *rq, const long long *r, bcr_side *A, bcr_side *B,
                           bcr_err *e)
{
    BCR_TRY(global_agreement(rq, r, e));
    BCR_TRY(side_agreement(rq, r, F_GLOBAL, &bcr_args_A, 0, e));
    BCR_TRY(side_agreement(rq, r, F_GLOBAL + S_FIELDS, bcr_args_of_b(rq), rq->transpose_b, e));
    side_take(r, F_GLOBAL, A);
    side_take(r, F_GLOBAL + S_FIELDS, B);
    return BCR_SUCCESS;
}

int bcr_agree_call_start(const bcr_request *rq, const bcr_options *opt, bcr_setup *s,
                         bcr_agreement *ag, bcr_err *e)
{
    /* Both sides start "outside"; the checks fill in a side they find this
     * process in, and an early local error leaves them so. */
    memset(s, 0, sizeof *s);
    ag->req = MPI_REQUEST_NULL;
    ag->repeat_here = 0;
    s->A.myrow = s->A.mycol = s->B.myrow = s->B.mycol = -1;
    if (!bcr_blacs_context_valid(rq->ictxt))
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, BCR_ARG_ICTXT,
                           "ictxt = %lld is not a BLACS context", (long long)rq->ictxt);
    int local = bcr_check_request(rq, &s->A, &s->B, e);
    if (!local)
        local = e->code; /* an error the caller found before calling us */
    int failed;
    if (bcr_ctx_acquire(rq->ictxt, &s->ctx, &failed))
        return bcr_err_plain(e, rq, BCR_ERR_NOMEM,
                             "could not set up ictxt = %lld for bcredist (out of memory or MPI "
                             "error on process %d of ictxt)", (long long)rq->ictxt, failed);
    bcr_ctx *ctx = s->ctx;

    ag->keyA = s->A.in ? bcr_grid_serial(rq->ctxta) : 0;
    ag->keyB = s->B.in ? bcr_grid_serial(rq->ctxtb) : 0;
    if (rq->transpose_b)
        ag->keyB = -ag->keyB; /* the maps of B's grid transposed */
    ag->cached = local ? NULL : bcr_ctx_find(ctx, ag->keyA, ag->keyB);
    ag->repeat_here = ag->cached && bcr_lastcall_same(&ctx->last, rq, &opt->plan) &&
                      repeat_ready(&ctx->last, rq);

    long long *v = ag->v;
    bcr_agree_request_put(rq, opt, &s->A, &s->B, v);
    v[V_ERR] = local ? error_key(e, ctx->rank, ctx->size) : LLONG_MIN;
    put(v, F_GEN, ag->cached ? ag->cached->gen : -1);
    put(v, F_REPEAT, ag->repeat_here);
    if (MPI_Iallreduce(v, ag->r, NV, MPI_LONG_LONG, MPI_MAX, ctx->comm, &ag->req)) {
        ag->req = MPI_REQUEST_NULL;
        ag->repeat_here = 0;
        return bcr_err_plain(e, rq, BCR_ERR_MPI, "MPI_Iallreduce failed");
    }
    return BCR_SUCCESS;
}

int bcr_agree_call_finish(const bcr_request *rq, bcr_setup *s, bcr_agreement *ag, bcr_err *e)
{
    bcr_ctx *ctx = s->ctx;
    const long long *r = ag->r;
    if (bcr_wait_bounded(&ag->req, "the other processes of ictxt to join the call"))
        return bcr_err_plain(e, rq, BCR_ERR_MPI, "MPI_Iallreduce failed");
    if (r[V_ERR] != LLONG_MIN)
        return share_error(ctx->comm, ctx->size, -r[V_ERR], e);
    BCR_TRY(bcr_agree_request_take(rq, r, &s->A, &s->B, e));

    int maps_cached = agreed(r, F_GEN) && vmin(r, F_GEN) >= 0;
    s->repeat = maps_cached && vmin(r, F_REPEAT) == 1;
    bcr_mapentry *cached = ag->cached;
    if (!maps_cached) {
        bcr_gridmap A, B;
        long gen = ctx->next_gen++;
        BCR_TRY(build_maps(rq, ctx, s, &A, &B, e));
        bcr_ctx_store(ctx, ag->keyA, ag->keyB, gen, A, B);
        cached = bcr_ctx_find(ctx, ag->keyA, ag->keyB);
    }
    s->maps_gen = cached->gen;
    s->A.map = cached->A.rank;
    s->B.map = cached->B.rank;
    return BCR_SUCCESS;
}

int bcr_agree_error(MPI_Comm comm, int rank, int size, bcr_err *e, long long *shm)
{
    long long need = shm ? *shm : 0;
    long long v[3] = {e->code ? error_key(e, rank, size) : LLONG_MIN,
                      need, need < 0}, r[3];
    MPI_Request req;
    if (MPI_Iallreduce(v, r, 3, MPI_LONG_LONG, MPI_MAX, comm, &req) ||
        bcr_wait_bounded(&req, "the other processes to agree that every one can go on"))
        return BCR_ERR_MPI;
    if (shm)
        *shm = r[2] ? -1 : r[1];
    if (r[0] == LLONG_MIN)
        return BCR_SUCCESS;
    return share_error(comm, size, -r[0], e);
}

int bcr_agree_commit(const bcr_plan *pl, size_t elsize, const bcr_options *opt,
                     const bcr_procs *g, bcr_err *e, bcr_shm **sh)
{
    bcr_idx bytes = bcr_plan_shm_bytes(pl, elsize);
    int off = opt->plan.shm == BCR_SHM_OFF, first_too = opt->plan.shm == BCR_SHM_ALL;
    long long shm = bcr_shm_request(g->comm, bytes, off, first_too);
    int rc = bcr_agree_error(g->comm, g->rank, g->size, e, &shm);
    bcr_shm *t = rc ? NULL : bcr_shm_reserve(g->comm, shm, bytes, first_too);
    if (sh)
        *sh = t;
    return rc;
}
