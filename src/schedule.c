#include "schedule.h"

#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "phase.h"
#include "transpose.h"

const char *bcr_strategy_name(int strategy)
{
    switch (strategy) {
    case BCR_STRATEGY_INDIRECT: return "indirect";
    case BCR_STRATEGY_TRANSPOSED: return "transposed";
    default: return "direct";
    }
}

int bcr_schedule_phases(const bcr_schedule *sc)
{
    return sc->strategy == BCR_STRATEGY_DIRECT ? 1 : 2;
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

static int auto_choice(const bcr_setup *s, const bcr_mask *mk, size_t elsize)
{
    double procs = (double)s->A.P * s->A.Q;
    double bytes = (double)mk->m * (double)mk->n * (double)elsize / procs;
    double direct = procs * BCR_ALPHA_BYTES + bytes;
    double indirect = (double)(s->A.P + s->A.Q) * BCR_ALPHA_BYTES + 2.0 * bytes;
    return indirect < direct ? BCR_STRATEGY_INDIRECT : BCR_STRATEGY_DIRECT;
}

int bcr_strategy_forced(void)
{
    const char *env = getenv("BCR_STRATEGY");
    if (env && !strcmp(env, "direct"))
        return BCR_STRATEGY_DIRECT;
    if (env && !strcmp(env, "indirect"))
        return BCR_STRATEGY_INDIRECT;
    if (env && !strcmp(env, "transposed"))
        return BCR_STRATEGY_TRANSPOSED;
    return -1;
}

int bcr_strategy_choose(const bcr_setup *s, const bcr_mask *mk, size_t elsize)
{
    if (!same_grid(&s->A, &s->B))
        return BCR_STRATEGY_DIRECT;
    int forced = bcr_strategy_forced();
    return forced >= 0 ? forced : auto_choice(s, mk, elsize);
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
static int build_transposed_rows(bcr_schedule *sc, const bcr_setup *s, const bcr_side *T,
                                 const bcr_mask *mk, size_t elsize, int myrank, int nranks)
{
    const bcr_side *A = &s->A;
    bcr_idx roff, coff;
    bcr_side F = folded(A, mk, &roff, &coff);
    sc->a = (bcr_piece){roff + coff * (bcr_idx)A->lld, local_extent(&F, 0), local_extent(&F, 1)};
    sc->t = (bcr_piece){0, local_extent(T, 0), local_extent(T, 1)};
    sc->map_t = malloc((size_t)A->P * (size_t)A->Q * sizeof *sc->map_t);
    if (!sc->map_t)
        return BCR_ERR_NOMEM;
    for (int r = 0; r < A->P; r++)
        for (int c = 0; c < A->Q; c++)
            sc->map_t[c * A->P + r] = A->map[r * A->Q + c];
    bcr_setup rows = *s;
    rows.A = transposed(&F, sc->map_t, sc->a.cols);
    rows.B = transposed(T, sc->map_t, sc->t.cols);
    bcr_mask mt = mask_transposed(mk);
    return bcr_plan_build(&sc->phase[0], &rows, &mt, elsize, myrank, nranks);
}

int bcr_schedule_build(bcr_schedule *sc, const bcr_setup *s, const bcr_mask *mk,
                       size_t elsize, int myrank, int nranks)
{
    memset(sc, 0, sizeof *sc);
    sc->strategy = bcr_strategy_choose(s, mk, elsize);
    sc->active = s->A.in || s->B.in;
    if (sc->strategy == BCR_STRATEGY_DIRECT)
        return bcr_plan_build(&sc->phase[0], s, mk, elsize, myrank, nranks);
    bcr_side T = intermediate(&s->A, &s->B, mk);
    bcr_setup rows = *s, cols = *s;
    rows.B = T;
    cols.A = T;
    if (T.in) {
        sc->t_ld = T.lld;
        sc->t_elems = (bcr_idx)T.lld * local_extent(&T, 1);
    }
    int rc = sc->strategy == BCR_STRATEGY_TRANSPOSED
                 ? build_transposed_rows(sc, s, &T, mk, elsize, myrank, nranks)
                 : bcr_plan_build(&sc->phase[0], &rows, mk, elsize, myrank, nranks);
    if (rc == BCR_SUCCESS)
        rc = bcr_plan_build(&sc->phase[1], &cols, mk, elsize, myrank, nranks);
    if (rc != BCR_SUCCESS)
        bcr_schedule_free(sc);
    return rc;
}

void bcr_schedule_free(bcr_schedule *sc)
{
    bcr_plan_free(&sc->phase[0]);
    bcr_plan_free(&sc->phase[1]);
    free(sc->map_t);
    sc->map_t = NULL;
}

/* Bytes this process sends through its shared segment in one phase at
 * most. */
static bcr_idx shm_bytes(const bcr_schedule *sc, size_t elsize)
{
    bcr_idx elems = 0;
    int phases = sc && sc->active ? bcr_schedule_phases(sc) : 0;
    for (int ph = 0; ph < phases; ph++)
        if (sc->phase[ph].send.shm_total > elems)
            elems = sc->phase[ph].send.shm_total;
    return elems * (bcr_idx)elsize;
}

int bcr_schedule_agree(const bcr_schedule *sc, size_t elsize, MPI_Comm comm, int rank, int size,
                       bcr_err *e, bcr_shm **sh)
{
    bcr_idx bytes = shm_bytes(sc, elsize);
    long long shm = bcr_shm_request(comm, bytes);
    int rc = bcr_agree_error(comm, rank, size, e, &shm);
    bcr_shm *t = rc ? NULL : bcr_shm_reserve(comm, shm, bytes);
    if (sh)
        *sh = t;
    return rc;
}

/* Elements of the one scratch a schedule uses.  Transposed: local A's
 * transpose, then (once the row phase is over) the intermediate, in one
 * region; the intermediate's transpose in a second. */
static bcr_idx first_region(const bcr_schedule *sc)
{
    bcr_idx a = sc->a.rows * sc->a.cols;
    return a > sc->t_elems ? a : sc->t_elems;
}

static bcr_idx scratch_elems(const bcr_schedule *sc)
{
    if (sc->strategy != BCR_STRATEGY_TRANSPOSED)
        return sc->t_elems;
    return first_region(sc) + sc->t.rows * sc->t.cols;
}

static int run_transposed(const bcr_schedule *sc, const bcr_arrays *ar, MPI_Comm comm,
                          bcr_shm *sh, char *x)
{
    size_t es = ar->elsize;
    char *y = x + (size_t)first_region(sc) * es;
    bcr_idx ldx = at_least_1(sc->a.cols), ldy = at_least_1(sc->t.cols);
    double t0 = bcr_phase_start();
    if (sc->a.rows && sc->a.cols)
        bcr_transpose(x, ldx, ar->a + (size_t)sc->a.first * es, ar->lda, sc->a.rows, sc->a.cols,
                      es);
    bcr_phase_add(&bcr_phase_now.local, t0);
    bcr_arrays one = {x, ldx, y, ldy, es};
    int rc = bcr_exec(&sc->phase[0], &one, comm, sh);
    if (rc)
        return rc;
    t0 = bcr_phase_start();
    if (sc->t_elems)
        bcr_transpose(x, sc->t_ld, y, ldy, sc->t.cols, sc->t.rows, es);
    bcr_phase_add(&bcr_phase_now.local, t0);
    bcr_arrays two = {x, sc->t_ld, ar->b, ar->ldb, es};
    return bcr_exec(&sc->phase[1], &two, comm, sh);
}

static int run_phases(const bcr_schedule *sc, const bcr_arrays *ar, MPI_Comm comm,
                      bcr_shm *sh)
{
    if (sc->strategy == BCR_STRATEGY_DIRECT)
        return bcr_exec(&sc->phase[0], ar, comm, sh);
    bcr_idx elems = scratch_elems(sc);
    char *t = bcr_exec_scratch((size_t)elems * ar->elsize);
    if (elems && !t)
        return BCR_ERR_NOMEM;
    if (sc->strategy == BCR_STRATEGY_TRANSPOSED)
        return run_transposed(sc, ar, comm, sh, t);
    bcr_arrays one = {ar->a, ar->lda, t, sc->t_ld, ar->elsize};
    bcr_arrays two = {t, sc->t_ld, ar->b, ar->ldb, ar->elsize};
    int rc = bcr_exec(&sc->phase[0], &one, comm, sh);
    return rc ? rc : bcr_exec(&sc->phase[1], &two, comm, sh);
}

int bcr_schedule_run(const bcr_schedule *sc, const bcr_arrays *ar, MPI_Comm comm,
                     bcr_shm *sh)
{
    double t0 = bcr_phase_start();
    int rc = run_phases(sc, ar, comm, sh);
    bcr_phase_add(&bcr_phase_now.exchange, t0);
    return rc;
}

int bcr_schedule_reserve(const bcr_schedule *sc, size_t elsize)
{
    if (!sc->active)
        return BCR_SUCCESS;
    for (int ph = 0; ph < bcr_schedule_phases(sc); ph++)
        if (bcr_exec_reserve(&sc->phase[ph], elsize))
            return BCR_ERR_NOMEM;
    bcr_idx elems = scratch_elems(sc);
    if (elems && !bcr_exec_scratch((size_t)elems * elsize))
        return BCR_ERR_NOMEM;
    return BCR_SUCCESS;
}
