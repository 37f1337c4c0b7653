#include "plan/plan.h"

#include <stdlib.h>
#include <string.h>

#include "bcredist.h"

const char *bcr_strategy_name(int strategy)
{
    switch (strategy) {
    case BCR_STRATEGY_INDIRECT: return "indirect";
    case BCR_STRATEGY_TRANSPOSED: return "transposed";
    default: return "direct";
    }
}

int bcr_plan_phases(const bcr_plan *pl)
{
    return pl->strategy == BCR_STRATEGY_DIRECT ? 1 : 2;
}

static int same_grid(const bcr_side *A, const bcr_side *B)
{
    return A->P == B->P && A->Q == B->Q &&
           !memcmp(A->map, B->map, (size_t)A->P * (size_t)A->Q * sizeof *A->map);
}

/* Cost model, in rough shared-memory units: a message costs ALPHA bytes'
 * worth of time on top of its bytes.  Direct: every process exchanges with
 * up to P*Q partners.  Indirect: P + Q partners, but every byte moves
 * twice.  Only global values enter, so all processes agree. */
#define BCR_ALPHA_BYTES 65536.0

static int auto_choice(const bcr_side *A, const bcr_mask *mk, size_t elsize)
{
    double procs = (double)A->P * A->Q;
    double bytes = (double)mk->m * (double)mk->n * (double)elsize / procs;
    double direct = procs * BCR_ALPHA_BYTES + bytes;
    double indirect = (double)(A->P + A->Q) * BCR_ALPHA_BYTES + 2.0 * bytes;
    return indirect < direct ? BCR_STRATEGY_INDIRECT : BCR_STRATEGY_DIRECT;
}

int bcr_strategy_choose(const bcr_side *A, const bcr_side *B, const bcr_mask *mk, size_t elsize,
                        const bcr_plan_options *opt)
{
    /* The two-phase strategies' intermediate layouts are block-cyclic. */
    if (!same_grid(A, B) || A->rbands || A->cbands || B->rbands || B->cbands)
        return BCR_STRATEGY_DIRECT;
    return opt->strategy != BCR_STRATEGY_AUTO ? opt->strategy : auto_choice(A, mk, elsize);
}

/* A side with its submatrix offsets folded into the first block, as
 * ScaLAPACK normalises them: the matrix starts at the submatrix's first
 * block and ends with the submatrix.  Its local array is the side's from
 * local row *roff and column *coff on. */
static bcr_side folded(const bcr_side *X, const bcr_mask *mk, bcr_idx *roff, bcr_idx *coff)
{
    bcr_side f = *X;
    bcr_idx rb = X->i / X->MB, cb = X->j / X->NB;
    f.RSRC = (int)((X->RSRC + rb) % X->P);
    f.i = (int)(X->i % X->MB);
    f.CSRC = (int)((X->CSRC + cb) % X->Q);
    f.j = (int)(X->j % X->NB);
    f.M = (int)(f.i + mk->m);
    f.N = (int)(f.j + mk->n);
    *roff = f.in ? bcr_local_count(rb * X->MB, X->MB, X->myrow, X->RSRC, X->P) : 0;
    *coff = f.in ? bcr_local_count(cb * X->NB, X->NB, X->mycol, X->CSRC, X->Q) : 0;
    return f;
}

static bcr_idx at_least_1(bcr_idx n) { return n > 1 ? n : 1; }

/* Local rows (cols 0) or columns (cols 1) of a side's matrix here. */
static bcr_idx local_extent(const bcr_side *s, int cols)
{
    if (!s->in)
        return 0;
    return cols ? bcr_local_count(s->N, s->NB, s->mycol, s->CSRC, s->Q)
                : bcr_local_count(s->M, s->MB, s->myrow, s->RSRC, s->P);
}

/* The intermediate: rows laid out like B's, columns like A's, on their
 * common grid, holding just the submatrix. */
static bcr_side intermediate(const bcr_side *A, const bcr_side *B, const bcr_mask *mk)
{
    bcr_idx unused;
    bcr_side t = folded(A, mk, &unused, &unused), b = folded(B, mk, &unused, &unused);
    t.MB = b.MB;
    t.RSRC = b.RSRC;
    t.i = b.i;
    t.M = b.M;
    t.lld = (int)at_least_1(local_extent(&t, 0));
    return t;
}

/* The same matrix transposed, its local array (leading dimension lld)
 * holding the transpose of the side's; map_t is the grid's map transposed. */
static bcr_side transposed(const bcr_side *s, const int *map_t, bcr_idx lld)
{
    return (bcr_side){.in = s->in, .myrow = s->mycol, .mycol = s->myrow, .P = s->Q, .Q = s->P,
                      .M = s->N, .N = s->M, .MB = s->NB, .NB = s->MB, .RSRC = s->CSRC,
                      .CSRC = s->RSRC, .i = s->j, .j = s->i, .lld = (int)at_least_1(lld),
                      .map = map_t};
}

/* The trapezoid of the transposed submatrix: an upper one turns lower,
 * still aligned to the bottom-right corner. */
static bcr_mask mask_transposed(const bcr_mask *mk)
{
    bcr_mask t = *mk;
    t.upper = mk->trapezoid && !mk->upper;
    t.m = mk->n;
    t.n = mk->m;
    return t;
}

/* The row phase of the transposed strategy: local A's piece transposed
 * into a scratch, redistributed as columns of the transposed matrix into
 * the intermediate's transpose. */
static int build_transposed_rows(bcr_plan *pl, const bcr_side *A, const bcr_side *T,
                                 const bcr_mask *mk, size_t elsize, const bcr_plan_options *opt,
                                 int myrank, int nranks)
{
    bcr_idx roff, coff;
    bcr_side F = folded(A, mk, &roff, &coff);
    pl->a = (bcr_piece){roff + coff * (bcr_idx)A->lld, local_extent(&F, 0), local_extent(&F, 1)};
    pl->t = (bcr_piece){0, local_extent(T, 0), local_extent(T, 1)};
    pl->map_t = malloc((size_t)A->P * (size_t)A->Q * sizeof *pl->map_t);
    if (!pl->map_t)
        return BCR_ERR_NOMEM;
    for (int r = 0; r < A->P; r++)
        for (int c = 0; c < A->Q; c++)
            pl->map_t[c * A->P + r] = A->map[r * A->Q + c];
    bcr_side from = transposed(&F, pl->map_t, pl->a.cols);
    bcr_side to = transposed(T, pl->map_t, pl->t.cols);
    bcr_mask mt = mask_transposed(mk);
    return bcr_exchange_build(&pl->phase[0], &from, &to, &mt, elsize, opt, myrank, nranks);
}

int bcr_plan_build(bcr_plan *pl, const bcr_side *A, const bcr_side *B, const bcr_mask *mk,
                   size_t elsize, const bcr_plan_options *opt, int myrank, int nranks)
{
    memset(pl, 0, sizeof *pl);
    pl->strategy = bcr_strategy_choose(A, B, mk, elsize, opt);
    pl->active = A->in || B->in;
    if (pl->strategy == BCR_STRATEGY_DIRECT)
        return bcr_exchange_build(&pl->phase[0], A, B, mk, elsize, opt, myrank, nranks);
    bcr_side T = intermediate(A, B, mk);
    if (T.in) {
        pl->t_ld = T.lld;
        pl->t_elems = (bcr_idx)T.lld * local_extent(&T, 1);
    }
    int rc = pl->strategy == BCR_STRATEGY_TRANSPOSED
                 ? build_transposed_rows(pl, A, &T, mk, elsize, opt, myrank, nranks)
                 : bcr_exchange_build(&pl->phase[0], A, &T, mk, elsize, opt, myrank, nranks);
    if (rc == BCR_SUCCESS)
        rc = bcr_exchange_build(&pl->phase[1], &T, B, mk, elsize, opt, myrank, nranks);
    if (rc != BCR_SUCCESS)
        bcr_plan_free(pl);
    return rc;
}

void bcr_plan_free(bcr_plan *pl)
{
    bcr_exchange_free(&pl->phase[0]);
    bcr_exchange_free(&pl->phase[1]);
    free(pl->map_t);
    pl->map_t = NULL;
}

bcr_idx bcr_plan_shm_bytes(const bcr_plan *pl, size_t elsize)
{
    bcr_idx elems = 0;
    int phases = pl && pl->active ? bcr_plan_phases(pl) : 0;
    for (int ph = 0; ph < phases; ph++)
        if (pl->phase[ph].send.shm_total > elems)
            elems = pl->phase[ph].send.shm_total;
    return elems * (bcr_idx)elsize;
}

bcr_idx bcr_plan_scratch_elems(const bcr_plan *pl)
{
    if (pl->strategy != BCR_STRATEGY_TRANSPOSED)
        return pl->t_elems;
    return bcr_plan_first_region(pl) + pl->t.rows * pl->t.cols;
}

bcr_idx bcr_plan_first_region(const bcr_plan *pl)
{
    bcr_idx a = pl->a.rows * pl->a.cols;
    return a > pl->t_elems ? a : pl->t_elems;
}

