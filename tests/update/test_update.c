/* bcr_test_update: bcr_p?tran, bcr_p?tranu, bcr_p?tranc and bcr_p?geadd,
 * sub(C) := beta * sub(C) + alpha * op(sub(A)).
 *
 * Usage: bcr_test_update pblas --seed S --count N [--first K] [--real]
 *        bcr_test_update grids --seed S --count N [--first K]
 *        (either with --plan: through bcr_plan_create_update and
 *        bcr_plan_execute_update; --split: bcr_plan_start_update, a few
 *        bcr_plan_test and bcr_plan_wait; grids with --both: every
 *        configuration run twice, adding where the data lands and, with
 *        BCR_UPDATE=staged set on every process, through the staging
 *        array, and the two Cs compared byte for byte besides the oracles)
 *        bcr_test_update errors
 *
 * pblas   A and C on one grid (PBLAS needs one context), ictxt that grid;
 *         types s d c z, every routine and trans.  bcredist and PBLAS's
 *         p?tran / p?tranu / p?tranc / p?geadd run on identical local
 *         arrays (padding rows, elements outside sub(C), NaN where the call
 *         must not read), and every byte must agree; so must the
 *         element-wise formula (update_data.c).  Data and alpha, beta are
 *         small integers and halves, so every result is exact in every
 *         type and no rounding can differ (nor the sign of a zero: the
 *         data is never 0, see update_data.c).
 * --real  the same with fractions (data in [-1, 1), alpha and beta mostly
 *         random): results may round differently, so each component must
 *         be within one unit in the last place of the magnitude of its
 *         terms (|alpha x| + |beta c|, summed over the real products that
 *         make it up; two units for complex types), and the byte-identical
 *         elements are counted.  How
 *         rounding can differ: bcredist computes fl(fl(alpha x) + fl(beta c))
 *         in C without fused multiply-adds, special-casing alpha or beta of
 *         0 and 1 as PBLAS does; PBLAS's kernels (p?mmadd, p?mmtadd) do the
 *         same in Fortran except where beta = 1, where they call the BLAS's
 *         ?axpy, and alpha = 0, where they call ?scal.  An optimised BLAS
 *         (OpenBLAS here) fuses alpha x + c into one FMA and orders the
 *         complex product's four terms its own way, so with cancellation
 *         (alpha x close to -c) the two results can differ by several ulps
 *         of the result.  Each rounding errs by at most half an ulp of the
 *         terms: a real update rounds twice unfused and once fused, so the
 *         two differ by at most one ulp of the terms; a complex component
 *         rounds four times unfused (two products, their difference, the
 *         sum), so by at most two.  That is the bound, not one ulp of the
 *         result.
 * grids   A and C on two grids of different shapes and orders, over subsets
 *         of the ranks (processes outside one grid or both, and outside
 *         ictxt, which then do not call); ictxt the union.  Types s d c z
 *         i.  Oracle 1: Cp?gemr2d of sub(A) into a temporary laid out like
 *         C (trans N) or like C^T (on the transposed grid), then the local
 *         transpose, conjugation and update in a loop here.  Oracle 2: the
 *         element-wise formula.  Every byte of C's local arrays against
 *         both, and the oracles against each other.
 * errors  every class of bad input (update_errors.c).
 *
 * Under BCR_MAX_BYTES every call must hold at most that (its peak extra
 * memory, bcr_pool_peak_bytes) besides what earlier calls kept
 * (bcr_pool_bytes before it), but with --both (the staged path's staging
 * array is not capped).
 *
 * Configuration i of a seed is the same whatever --first and --count, so a
 * failure printed as "config i" reruns alone with --first i --count 1.
 */
#include "update.h"

#include <math.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "mpi_check.h"

unsigned g_case_timeout = 60; /* errors mode: seconds before a case counts as hung */
static int g_both; /* --both: the fused and the staged path, compared */

#define U_BATCH 100 /* configurations per pool of contexts */
#define MAX_PRINTED 5

int u_errors_main(void); /* update_errors.c */

typedef struct {
    long configs, calls, failed, printed;
    long elems, exact, near; /* --real: elements compared, equal, within 1 ulp */
    double worst;            /* --real: the largest difference, in those ulps */
} stats_t;

/* ---- comparisons ------------------------------------------------------- */

static void show(FILE *o, int type, const void *p)
{
    switch (type) {
    case U_S: fprintf(o, "%.9g", *(const float *)p); break;
    case U_D: fprintf(o, "%.17g", *(const double *)p); break;
    case U_C:
        fprintf(o, "(%.9g,%.9g)", ((const float *)p)[0], ((const float *)p)[1]);
        break;
    case U_Z:
        fprintf(o, "(%.17g,%.17g)", ((const double *)p)[0], ((const double *)p)[1]);
        break;
    default: fprintf(o, "%d", *(const int *)p); break;
    }
}

/* Every byte of got against want; on a difference print the first one
 * (local and global place) and return 1. */
static int differs(const char *what, const u_config *c, const u_local *L, const void *got,
                   const void *want, stats_t *st)
{
    size_t esz = u_tsize[c->type];
    if (memcmp(got, want, L->nel * esz) == 0)
        return 0;
    if (st->printed++ < MAX_PRINTED) {
        size_t k = 0;
        while (memcmp((const char *)got + k * esz, (const char *)want + k * esz, esz) == 0)
            k++;
        int li = (int)(k % (size_t)L->lld), lj = (int)(k / (size_t)L->lld);
        printf("FAIL [rank %d] config %ld: C differs from %s at local (%d, %d)", g_rank,
               c->index, what, li, lj);
        if (li < L->lr)
            printf(", global (%d, %d)",
                   u_l2g(li, c->c.MB, L->myrow, c->c.RSRC, L->nprow) + 1,
                   u_l2g(lj, c->c.NB, L->mycol, c->c.CSRC, L->npcol) + 1);
        else
            printf(", a padding row");
        printf(": got ");
        show(stdout, c->type, (const char *)got + k * esz);
        printf(", expected ");
        show(stdout, c->type, (const char *)want + k * esz);
        printf("\n");
    }
    return 1;
}

/* One unit in the last place of v in the element's precision. */
static double ulp_of(double v, int dbl)
{
    if (dbl)
        return nextafter(v, INFINITY) - v;
    float f = (float)v;
    return (double)nextafterf(f, INFINITY) - (double)f;
}

/* --real: each element equal, or each component finite and within one unit
 * in the last place of the magnitude of its terms (mag, u_expect_terms),
 * two for complex types; elements outside sub(C) equal.  Returns 1 on a
 * larger difference. */
static int near_differs(const u_config *c, const u_local *L, const void *got,
                        const void *want, const double *mag, stats_t *st)
{
    size_t esz = u_tsize[c->type];
    int dbl = c->type == U_D || c->type == U_Z;
    int parts = c->type == U_C || c->type == U_Z ? 2 : 1;
    for (size_t k = 0; k < L->nel; k++) {
        const char *g = (const char *)got + k * esz, *w = (const char *)want + k * esz;
        st->elems++;
        if (memcmp(g, w, esz) == 0) {
            st->exact++;
            continue;
        }
        double worst = INFINITY;
        if (mag[2 * k] > 0 || mag[2 * k + 1] > 0) {
            worst = 0;
            for (int q = 0; q < parts; q++) {
                double x = dbl ? ((const double *)g)[q] : ((const float *)g)[q];
                double y = dbl ? ((const double *)w)[q] : ((const float *)w)[q];
                double u = ulp_of(mag[2 * k + q], dbl);
                double r = isfinite(x) && isfinite(y) && u > 0 ? fabs(x - y) / u : INFINITY;
                worst = r > worst ? r : worst;
            }
        }
        if (worst > st->worst)
            st->worst = worst;
        if (worst <= parts) {
            st->near++;
            continue;
        }
        if (st->printed++ < MAX_PRINTED) {
            printf("FAIL [rank %d] config %ld: C differs from PBLAS by %g ulp of its terms at "
                   "local element %zu: got ",
                   g_rank, c->index, worst, k);
            show(stdout, c->type, g);
            printf(", PBLAS ");
            show(stdout, c->type, w);
            printf("\n");
        }
        return 1;
    }
    return 0;
}

static void *alloc(size_t nel, int type)
{
    void *p = calloc(nel ? nel : 1, u_tsize[type]);
    if (!p)
        MPI_Abort(MPI_COMM_WORLD, 2);
    return p;
}

static int check_success(const u_config *c, stats_t *st)
{
    const char *msg = NULL;
    int code = bcr_last_error(&msg);
    if (code == BCR_SUCCESS)
        return 0;
    if (st->printed++ < MAX_PRINTED)
        printf("FAIL [rank %d] config %ld: bcredist reported %d: %s\n", g_rank, c->index, code,
               msg ? msg : "(NULL)");
    return 1;
}

/* ---- one configuration ------------------------------------------------- */

static int run_pblas(const u_config *c, const u_pool *pool, stats_t *st)
{
    int ctxt = pool->ctxt[c->ga];
    if (ctxt < 0)
        return 0; /* outside the grid: neither PBLAS nor bcredist is called */
    st->calls++;
    u_local LA, LC;
    u_local_init(&LA, &c->a, ctxt, g_rank);
    u_local_init(&LC, &c->c, ctxt, g_rank);
    void *a = alloc(LA.nel, c->type), *a0 = alloc(LA.nel, c->type);
    void *c0 = alloc(LC.nel, c->type), *cb = alloc(LC.nel, c->type);
    void *cp = alloc(LC.nel, c->type), *e = alloc(LC.nel, c->type);
    double *mag = calloc(2 * LC.nel + 2, sizeof *mag);
    size_t esz = u_tsize[c->type];
    u_fill(c, 'A', &LA, a);
    u_fill(c, 'C', &LC, c0);
    memcpy(a0, a, LA.nel * esz);
    memcpy(cb, c0, LC.nel * esz);
    memcpy(cp, c0, LC.nel * esz);
    int da[9], dc[9];
    memcpy(da, LA.desc, sizeof da);
    memcpy(dc, LC.desc, sizeof dc);

    int bad = 0;
    if (c->bcr_first) {
        u_call_bcr(c, a, LA.desc, cb, LC.desc, ctxt);
        bad |= check_success(c, st);
        u_call_pblas(c, a0, da, cp, dc);
    } else {
        u_call_pblas(c, a0, da, cp, dc);
        u_call_bcr(c, a, LA.desc, cb, LC.desc, ctxt);
        bad |= check_success(c, st);
    }
    if (c->data == U_DATA_INT) {
        bad |= differs("PBLAS", c, &LC, cb, cp, st);
        u_expect_formula(c, &LC, c0, e);
        bad |= differs("the element-wise formula", c, &LC, cb, e, st);
    } else {
        u_expect_terms(c, &LC, c0, mag);
        bad |= near_differs(c, &LC, cb, cp, mag, st);
    }
    if (memcmp(a, a0, LA.nel * esz) != 0) {
        bad = 1;
        printf("FAIL [rank %d] config %ld: A was written\n", g_rank, c->index);
    }
    free(a);
    free(a0);
    free(c0);
    free(cb);
    free(cp);
    free(e);
    free(mag);
    return bad;
}

static int run_grids(const u_config *c, const u_pool *pool, stats_t *st)
{
    int ictxt = pool->ctxt[c->world];
    if (ictxt < 0)
        return 0; /* outside ictxt: does not call */
    st->calls++;
    u_local LA, LC, LT;
    u_local_init(&LA, &c->a, pool->ctxt[c->ga], g_rank);
    u_local_init(&LC, &c->c, pool->ctxt[c->gc], g_rank);
    /* The oracle's temporary: like C, or like C^T on the transposed grid. */
    int tr = u_transposes(c);
    u_side ts = c->c;
    memset(ts.pad, 0, sizeof ts.pad);
    if (tr) {
        ts.M = c->c.N;
        ts.N = c->c.M;
        ts.MB = c->c.NB;
        ts.NB = c->c.MB;
        ts.RSRC = c->c.CSRC;
        ts.CSRC = c->c.RSRC;
    }
    u_local_init(&LT, &ts, tr ? pool->tctxt[c->gc] : pool->ctxt[c->gc], g_rank);

    size_t esz = u_tsize[c->type];
    void *a = alloc(LA.nel, c->type), *a0 = alloc(LA.nel, c->type);
    void *c0 = alloc(LC.nel, c->type), *cb = alloc(LC.nel, c->type);
    void *t = alloc(LT.nel, c->type), *e1 = alloc(LC.nel, c->type);
    void *e2 = alloc(LC.nel, c->type);
    u_fill(c, 'A', &LA, a);
    u_fill(c, 'C', &LC, c0);
    memcpy(a0, a, LA.nel * esz);
    memcpy(cb, c0, LC.nel * esz);

    /* Processes outside a grid pass NULL: they hold nothing of it. */
    (void)bcr_pool_peak_bytes(); /* counts from here */
    size_t kept = bcr_pool_bytes();
    u_call_bcr(c, LA.in ? a : NULL, LA.desc, LC.in ? cb : NULL, LC.desc, ictxt);
    int bad = check_success(c, st);
    /* Under BCR_MAX_BYTES the call held no more than the cap besides what
     * earlier calls kept (caps used here stay above the least a round
     * takes at up to 8 ranks). */
    const char *cap = getenv("BCR_MAX_BYTES");
    size_t peak = bcr_pool_peak_bytes();
    if (cap && !g_both && peak > (size_t)strtoll(cap, NULL, 10) + kept) {
        bad = 1;
        printf("FAIL [rank %d] config %ld: held %zu bytes under BCR_MAX_BYTES=%s, %zu kept "
               "before\n", g_rank, c->index, peak, cap, kept);
    }
    void *cs = NULL;
    if (g_both) { /* the same call through the staging array (api/update.h) */
        cs = alloc(LC.nel, c->type);
        memcpy(cs, c0, LC.nel * esz);
        setenv("BCR_UPDATE", "staged", 1);
        u_call_bcr(c, LA.in ? a : NULL, LA.desc, LC.in ? cs : NULL, LC.desc, ictxt);
        unsetenv("BCR_UPDATE");
        bad |= check_success(c, st);
        bad |= differs("the staged path's C", c, &LC, cb, cs, st);
    }

    if (c->m > 0 && c->n > 0) {
        int da[9], dt[9];
        memcpy(da, LA.desc, sizeof da);
        memcpy(dt, LT.desc, sizeof dt);
        u_call_gemr2d(c, a0, da, t, dt, ictxt);
    }
    u_expect_local(c, &LC, &LT, c0, t, e1);
    u_expect_formula(c, &LC, c0, e2);
    bad |= differs("oracle 1 (gemr2d, then the local update)", c, &LC, cb, e1, st);
    bad |= differs("oracle 2 (the element-wise formula)", c, &LC, cb, e2, st);
    if (cs)
        bad |= differs("oracle 2, staged", c, &LC, cs, e2, st);
    if (differs("[oracle self-check] oracle 2", c, &LC, e1, e2, st)) {
        bad = 1;
        printf("FAIL [rank %d] config %ld: the two oracles disagree\n", g_rank, c->index);
    }
    if (memcmp(a, a0, LA.nel * esz) != 0) {
        bad = 1;
        printf("FAIL [rank %d] config %ld: A was written\n", g_rank, c->index);
    }
    free(a);
    free(a0);
    free(c0);
    free(cb);
    free(t);
    free(e1);
    free(e2);
    free(cs);
    return bad;
}

/* ---- sweeps ------------------------------------------------------------ */

static int sweep(int grids, int data, uint64_t seed, long first, long count)
{
    stats_t st;
    memset(&st, 0, sizeof st);
    u_pool pool;
    pool.n = 0;
    long batch = -1;
    double t0 = MPI_Wtime();
    for (long i = first; i < first + count; i++) {
        if (i / U_BATCH != batch) {
            u_pool_free(&pool);
            batch = i / U_BATCH;
            if (grids)
                u_pool_grids(&pool, seed, batch, g_size);
            else
                u_pool_pblas(&pool, seed, batch, g_size);
            u_pool_make(&pool);
        }
        u_config c;
        if (grids)
            u_config_grids(&c, &pool, seed, i, g_size);
        else
            u_config_pblas(&c, &pool, seed, i, g_size, data);
        st.configs++;
        int bad = grids ? run_grids(&c, &pool, &st) : run_pblas(&c, &pool, &st);
        if (bad) {
            st.failed++;
            if (st.failed <= MAX_PRINTED)
                u_config_print(stdout, &c, &pool, g_rank);
        }
    }
    u_pool_free(&pool);

    long mine[4] = {st.calls, st.failed, st.exact, st.near}, sum[4], most = 0;
    MPI_Allreduce(mine, sum, 4, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&st.failed, &most, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
    double worst = 0;
    MPI_Allreduce(&st.worst, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (g_rank == 0) {
        printf("update %s%s seed %llu: %ld configurations (%ld calls over %d ranks), "
               "%s, %.1f s\n",
               grids ? "grids" : "pblas", data == U_DATA_REAL ? " --real" : "",
               (unsigned long long)seed, count, sum[0], g_size,
               sum[1] ? "FAILED" : "all passed", MPI_Wtime() - t0);
        if (data == U_DATA_REAL)
            printf("  elements of C: %ld byte-identical to PBLAS's, %ld within the bound "
                   "(largest difference %.3g ulp of the terms)\n",
                   sum[2], sum[3], worst);
        if (sum[1])
            printf("  %ld failing configurations or more\n", most);
    }
    return sum[1] != 0;
}

int main(int argc, char **argv)
{
    mpi_check_init(&argc, &argv);
    if (g_size > U_MAXP) {
        if (g_rank == 0)
            fprintf(stderr, "bcr_test_update: at most %d ranks\n", U_MAXP);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }

    const char *mode = argc > 1 ? argv[1] : "";
    uint64_t seed = 1;
    long first = 0, count = 100;
    int data = U_DATA_INT, ok_args = 1;
    for (int k = 2; k < argc; k++) {
        if (strcmp(argv[k], "--real") == 0)
            data = U_DATA_REAL;
        else if (k + 1 < argc && strcmp(argv[k], "--seed") == 0)
            seed = strtoull(argv[++k], NULL, 10);
        else if (k + 1 < argc && strcmp(argv[k], "--count") == 0)
            count = strtol(argv[++k], NULL, 10);
        else if (k + 1 < argc && strcmp(argv[k], "--first") == 0)
            first = strtol(argv[++k], NULL, 10);
        else if (strcmp(argv[k], "--plan") == 0)
            g_update_via = U_VIA_PLAN;
        else if (strcmp(argv[k], "--split") == 0)
            g_update_via = U_VIA_SPLIT;
        else if (strcmp(argv[k], "--both") == 0)
            g_both = 1;
        else
            ok_args = 0;
    }
    int rc;
    if (ok_args && strcmp(mode, "pblas") == 0)
        rc = sweep(0, data, seed, first, count);
    else if (ok_args && strcmp(mode, "grids") == 0 && data == U_DATA_INT &&
             (!g_both || g_update_via == U_VIA_ROUTINE))
        rc = sweep(1, data, seed, first, count);
    else if (ok_args && strcmp(mode, "errors") == 0 && argc == 2)
        rc = u_errors_main();
    else {
        if (g_rank == 0)
            fprintf(stderr, "usage: bcr_test_update pblas|grids --seed S --count N "
                            "[--first K] [--real (pblas)] [--plan | --split | --both (grids)] "
                            "| errors\n");
        rc = 2;
    }
    bcr_finalize();
    Cblacs_exit(1);
    MPI_Finalize();
    return rc;
}
