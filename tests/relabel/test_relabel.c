/* The relabelling that moves the fewest bytes (bcr_relabel, plan/assign.h):
 *   - the exact assignment equals a brute force over every permutation,
 *     for 1 to 7 processes and random weights; greedy and the identity
 *     never beat it;
 *   - random blocks and owners layouts: the bytes moved before and after,
 *     against an element-by-element count of the same layouts; after is
 *     the brute force's optimum where nprocs <= 7, never above the
 *     identity's or the greedy's;
 *   - layouts that differ by a permutation of their ranks move nothing
 *     after relabelling, exactly (up to 4096 processes) and by the stated
 *     heuristic (above), and bcr_layout_relabel gives back the source's
 *     ranks;
 *   - on 4 processes, a plan to the relabelled destination sends nothing
 *     between processes (BCR_STATS's counts: no byte through MPI or shared
 *     segments) and gives the element-wise result, where the plan to the
 *     destination as it was sends through them;
 *   - by descriptors, on 4 processes: a destination grid whose processes
 *     are those of the source's permuted moves nothing after
 *     bcr_relabel_desc, and bcr_pdgemr2d into bcr_relabel_grid's context
 *     sends nothing between processes and leaves each process the source's
 *     own local array;
 *   - bad arguments are reported, naming the routine and the argument.
 * Every process runs the local checks; process 0 prints the summary. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/usage.h"
#include "bcredist.h"
#include "plan/assign.h"
#include "test_rng.h"

void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int ictxt, int what, int *val);
void Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol);
void Cblacs_gridmap(int *ictxt, int *usermap, int ldumap, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int ictxt);

static long long checks, failures;
static int me;

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        checks++;                                                                          \
        if (!(cond)) {                                                                     \
            failures++;                                                                    \
            if (failures <= 20) {                                                          \
                printf("FAIL [rank %d] ", me);                                             \
                printf(__VA_ARGS__);                                                       \
                printf("\n");                                                              \
            }                                                                              \
        }                                                                                  \
    } while (0)

/* One stream for every process: each runs the same local cases. */
static test_rng rng = {TEST_RNG_GOLDEN};
static int below(int n) { return test_rng_int(&rng, 0, n - 1); }

/* The best sum over every permutation of 0 .. n-1 (Heap's algorithm). */
static int64_t brute_force(int n, const int64_t *w)
{
    int p[8] = {0}, c[8] = {0};
    for (int i = 0; i < n; i++)
        p[i] = i;
    int64_t best = bcr_assign_value(n, w, p);
    for (int i = 1; i < n;) {
        if (c[i] < i) {
            int k = i % 2 ? c[i] : 0, t = p[k];
            p[k] = p[i];
            p[i] = t;
            int64_t v = bcr_assign_value(n, w, p);
            if (v > best)
                best = v;
            c[i]++;
            i = 1;
        } else {
            c[i++] = 0;
        }
    }
    return best;
}

static int64_t greedy_value(int n, const int64_t *w)
{
    bcr_assign_pair *pairs = malloc((size_t)n * (size_t)n * sizeof *pairs);
    int64_t np = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (w[i * n + j] > 0)
                pairs[np++] = (bcr_assign_pair){w[i * n + j], i, j};
    int perm[4096];
    bcr_assign_greedy(n, pairs, np, perm);
    free(pairs);
    return bcr_assign_value(n, w, perm);
}

static void check_assignment(void)
{
    for (int n = 1; n <= 7; n++)
        for (int t = 0; t < 150; t++) {
            int64_t w[49];
            for (int k = 0; k < n * n; k++)
                w[k] = below(3) ? 0 : below(1000);
            int perm[7], id[7];
            for (int i = 0; i < n; i++)
                id[i] = i;
            CHECK(bcr_assign_exact(n, w, perm) == 0, "exact failed");
            int64_t exact = bcr_assign_value(n, w, perm), best = brute_force(n, w);
            CHECK(exact == best, "n %d case %d: exact %lld, brute force %lld", n, t,
                  (long long)exact, (long long)best);
            CHECK(greedy_value(n, w) <= exact, "n %d: greedy beats exact", n);
            CHECK(bcr_assign_value(n, w, id) <= exact, "n %d: identity beats exact", n);
        }
}

/* ------------------------------------------------------------------ */
/* Random layouts and their element-by-element byte counts */

typedef struct {
    int m, n, nrb, ncb, nprow, npcol, owners;
    bcr_int rs[64], cs[64], rp[64], cp[64];
    int grid[64], own[64 * 64];
} spec;

static void split(int len, int *nb, bcr_int *sizes)
{
    *nb = 0;
    for (int left = len; left > 0;) {
        int s = 1 + below(left < 6 ? left : 6);
        sizes[(*nb)++] = s;
        left -= s;
    }
}

static void random_spec(spec *s, int m, int n, int nprocs, int owners)
{
    memset(s, 0, sizeof *s);
    s->m = m;
    s->n = n;
    s->owners = owners;
    split(m, &s->nrb, s->rs);
    split(n, &s->ncb, s->cs);
    s->nprow = 1 + below(nprocs < 3 ? nprocs : 3);
    s->npcol = 1 + below(nprocs / s->nprow);
    for (int k = 0; k < s->nrb; k++)
        s->rp[k] = below(s->nprow);
    for (int k = 0; k < s->ncb; k++)
        s->cp[k] = below(s->npcol);
    /* a grid's ranks are distinct: deal a shuffled list */
    int pool[64];
    for (int k = 0; k < nprocs; k++)
        pool[k] = k;
    test_rng_shuffle(&rng, pool, nprocs);
    for (int k = 0; k < s->nprow * s->npcol; k++)
        s->grid[k] = pool[k];
    for (int k = 0; k < s->nrb * s->ncb; k++)
        s->own[k] = below(nprocs);
}

static bcr_layout_t make(const spec *s, bcr_int lld)
{
    if (s->owners)
        return bcr_layout_owners(s->m, s->n, s->nrb, s->rs, s->ncb, s->cs, s->own, lld);
    return bcr_layout_blocks(s->m, s->n, s->nrb, s->rs, s->rp, s->ncb, s->cs, s->cp, s->nprow,
                             s->npcol, s->grid, lld);
}

static int block_of(const bcr_int *sizes, int g)
{
    int b = 0;
    while (g >= sizes[b])
        g -= sizes[b++];
    return b;
}

static int rank_at(const spec *s, int i, int j)
{
    int bi = block_of(s->rs, i), bj = block_of(s->cs, j);
    if (s->owners)
        return s->own[bi + bj * s->nrb];
    return s->grid[s->rp[bi] * s->npcol + s->cp[bj]];
}

/* w[r * n + p]: elements dst gives rank r that src holds on process p. */
static void count_elements(const spec *a, const spec *b, int nprocs, int64_t es, int64_t *w)
{
    memset(w, 0, (size_t)nprocs * (size_t)nprocs * sizeof *w);
    for (int j = 0; j < a->n; j++)
        for (int i = 0; i < a->m; i++)
            w[rank_at(b, i, j) * nprocs + rank_at(a, i, j)] += es;
}

static void check_random_layouts(void)
{
    for (int t = 0; t < 300; t++) {
        int nprocs = 1 + below(7), m = 1 + below(40), n = 1 + below(40);
        spec a, b;
        random_spec(&a, m, n, nprocs, below(2));
        random_spec(&b, m, n, nprocs, below(2));
        bcr_layout_t la = make(&a, 1), lb = make(&b, 1);
        int perm[7], id[7];
        long long before = -1, after = -1;
        int rc = bcr_relabel(la, lb, 'z', nprocs, perm, &before, &after);
        CHECK(rc == BCR_SUCCESS, "case %d: bcr_relabel failed", t);
        int64_t w[49];
        count_elements(&a, &b, nprocs, 16, w);
        for (int r = 0; r < nprocs; r++)
            id[r] = r;
        int64_t total = (int64_t)m * n * 16, best = brute_force(nprocs, w);
        CHECK(before == total - bcr_assign_value(nprocs, w, id), "case %d: before %lld, count %lld",
              t, before, (long long)(total - bcr_assign_value(nprocs, w, id)));
        CHECK(after == total - best, "case %d: after %lld, brute force %lld", t, after,
              (long long)(total - best));
        CHECK(after == total - bcr_assign_value(nprocs, w, perm), "case %d: perm keeps other bytes",
              t);
        CHECK(after <= total - greedy_value(nprocs, w), "case %d: greedy moves less", t);
        bcr_layout_destroy(la);
        bcr_layout_destroy(lb);
    }
}

/* dst = src with its ranks permuted: nothing needs to move. */
static void check_permuted(int nprow, int npcol, int extra)
{
    int nprocs = nprow * npcol + extra, *sigma = malloc((size_t)nprocs * sizeof *sigma);
    int *perm = malloc((size_t)nprocs * sizeof *perm);
    int *grid = malloc((size_t)nprow * npcol * sizeof *grid);
    int *moved = malloc((size_t)nprow * npcol * sizeof *moved);
    for (int k = 0; k < nprocs; k++)
        sigma[k] = k;
    test_rng_shuffle(&rng, sigma, nprocs);
    for (int k = 0; k < nprow * npcol; k++) {
        grid[k] = k;
        moved[k] = sigma[k];
    }
    /* block-cyclic blocks of 2 over 4 * nprow rows and 4 * npcol columns */
    int nrb = 4 * nprow, ncb = 4 * npcol;
    bcr_int *rs = malloc((size_t)nrb * sizeof *rs), *rp = malloc((size_t)nrb * sizeof *rp);
    bcr_int *cs = malloc((size_t)ncb * sizeof *cs), *cp = malloc((size_t)ncb * sizeof *cp);
    for (int k = 0; k < nrb; k++)
        rs[k] = 2, rp[k] = k % nprow;
    for (int k = 0; k < ncb; k++)
        cs[k] = 2, cp[k] = k % npcol;
    bcr_layout_t src = bcr_layout_blocks(2 * nrb, 2 * ncb, nrb, rs, rp, ncb, cs, cp, nprow,
                                         npcol, grid, 1);
    bcr_layout_t dst = bcr_layout_blocks(2 * nrb, 2 * ncb, nrb, rs, rp, ncb, cs, cp, nprow,
                                         npcol, moved, 1);
    long long before = -1, after = -1;
    int rc = bcr_relabel(src, dst, 'd', nprocs, perm, &before, &after);
    CHECK(rc == BCR_SUCCESS && after == 0, "%d x %d + %d: after %lld (rc %d)", nprow, npcol,
          extra, after, rc);
    bcr_layout_t back = rc == BCR_SUCCESS ? bcr_layout_relabel(dst, perm, nprocs) : NULL;
    long long again = -1;
    if (back)
        bcr_relabel(src, back, 'd', nprocs, perm, &again, NULL);
    CHECK(back && again == 0, "%d x %d: the relabelled destination still moves %lld bytes",
          nprow, npcol, again);
    bcr_layout_destroy(back);
    bcr_layout_destroy(src);
    bcr_layout_destroy(dst);
    free(sigma);
    free(perm);
    free(grid);
    free(moved);
    free(rs);
    free(rp);
    free(cs);
    free(cp);
}

static void check_errors(void)
{
    bcr_int s[1] = {4}, p[1] = {0};
    int g[1] = {0}, perm[2];
    bcr_layout_t l = bcr_layout_blocks(4, 4, 1, s, p, 1, s, p, 1, 1, g, 4);
    bcr_int desc[9] = {1, -1, 4, 4, 2, 2, 0, 0, 4};
    bcr_layout_t ld = bcr_layout_desc(4, 4, 1, 1, desc);
    const char *msg;
    struct {
        int rc;
        const char *want;
    } cases[] = {
        {bcr_relabel(NULL, l, 'd', 2, perm, NULL, NULL), "bcr_relabel: argument 1 (src)"},
        {bcr_relabel(l, ld, 'd', 2, perm, NULL, NULL), "bcr_relabel: argument 2 (dst)"},
        {bcr_relabel(l, l, 'q', 2, perm, NULL, NULL), "bcr_relabel: argument 3 (type)"},
        {bcr_relabel(l, l, 'd', 0, perm, NULL, NULL), "bcr_relabel: argument 4 (nprocs)"},
        {bcr_relabel(l, l, 'd', 2, NULL, NULL, NULL), "bcr_relabel: argument 5 (perm)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int code = bcr_last_error(&msg);
        (void)code;
        CHECK(cases[k].rc == BCR_ERR_ARGUMENT, "error case %zu: rc %d", k, cases[k].rc);
    }
    /* the last error's message names the last case's argument */
    bcr_relabel(l, l, 'd', 2, NULL, NULL, NULL);
    bcr_last_error(&msg);
    CHECK(strstr(msg, cases[4].want) != NULL, "message '%s'", msg);
    int twice[2] = {0, 0};
    CHECK(bcr_layout_relabel(l, twice, 2) == NULL, "a perm that repeats a rank was taken");
    bcr_last_error(&msg);
    CHECK(strstr(msg, "bcr_layout_relabel: argument 2 (perm)") != NULL, "message '%s'", msg);
    bcr_layout_destroy(l);
    bcr_layout_destroy(ld);
}

/* ------------------------------------------------------------------ */
/* On 4 processes: the plan to the relabelled destination moves nothing
 * between processes. */

static double value_at(int i, int j) { return 1000.0 * i + j + 0.5; }

static void fill(const spec *s, int rank, double *a, int lld)
{
    /* blocks layouts only: rows of this process row in global order */
    int pr = -1, pc = -1;
    for (int k = 0; k < s->nprow * s->npcol; k++)
        if (s->grid[k] == rank)
            pr = k / s->npcol, pc = k % s->npcol;
    if (pr < 0)
        return;
    int li = 0, g = 0;
    for (int bi = 0; bi < s->nrb; g += s->rs[bi++])
        for (int i = 0; i < s->rs[bi] && s->rp[bi] == pr; i++, li++) {
            int lj = 0, h = 0;
            for (int bj = 0; bj < s->ncb; h += s->cs[bj++])
                for (int j = 0; j < s->cs[bj] && s->cp[bj] == pc; j++, lj++)
                    a[li + (size_t)lj * lld] = value_at(g + i, h + j);
        }
}

static double exchange_bytes(bcr_layout_t src, bcr_layout_t dst, const spec *sd, int rank,
                             double *a, double *b, int lld, int *wrong)
{
    bcr_plan_t p = bcr_plan_create_layouts(src, dst, 'd', MPI_COMM_WORLD);
    bcr_usage_table before, after;
    bcr_usage_snapshot(&before);
    if (p)
        bcr_plan_execute(p, a, b);
    bcr_usage_snapshot(&after);
    bcr_plan_destroy(p);
    double moved = 0;
    for (int k = 0; k < after.nrows; k++)
        moved += after.rows[k].shm + after.rows[k].mpi;
    for (int k = 0; k < before.nrows; k++)
        moved -= before.rows[k].shm + before.rows[k].mpi;
    double *want = calloc((size_t)lld * lld, sizeof *want);
    fill(sd, rank, want, lld);
    *wrong = memcmp(want, b, (size_t)lld * lld * sizeof *b) != 0;
    free(want);
    return moved;
}

static void check_plans(void)
{
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 4)
        return;
    bcr_usage_set(1);
    spec a;
    memset(&a, 0, sizeof a);
    a.m = a.n = 24;
    a.nrb = a.ncb = 6;
    a.nprow = a.npcol = 2;
    for (int k = 0; k < 6; k++)
        a.rs[k] = a.cs[k] = 4, a.rp[k] = a.cp[k] = k % 2;
    for (int k = 0; k < 4; k++)
        a.grid[k] = k;
    spec b = a;
    int sigma[4] = {2, 3, 0, 1}; /* rows of the grid swapped */
    for (int k = 0; k < 4; k++)
        b.grid[k] = sigma[a.grid[k]];
    bcr_layout_t la = make(&a, 12), lb = make(&b, 12);
    int perm[4];
    long long before, after;
    bcr_relabel(la, lb, 'd', 4, perm, &before, &after);
    CHECK(before > 0 && after == 0, "plans: before %lld, after %lld", before, after);
    bcr_layout_t lr = bcr_layout_relabel(lb, perm, 4);
    spec r = b;
    for (int k = 0; k < 4; k++)
        r.grid[k] = perm[b.grid[k]];
    int lld = 12, wrong;
    double *x = calloc(144, sizeof *x), *y = calloc(144, sizeof *y);
    fill(&a, me, x, lld);
    double moved = exchange_bytes(la, lb, &b, me, x, y, lld, &wrong);
    CHECK(moved > 0 && !wrong, "plans: to dst as it was, %.0f bytes between processes%s",
          moved, wrong ? ", wrong result" : "");
    memset(y, 0, 144 * sizeof *y);
    moved = exchange_bytes(la, lr, &r, me, x, y, lld, &wrong);
    CHECK(moved == 0 && !wrong, "plans: to the relabelled dst, %.0f bytes between processes%s",
          moved, wrong ? ", wrong result" : "");
    free(x);
    free(y);
    bcr_layout_destroy(la);
    bcr_layout_destroy(lb);
    bcr_layout_destroy(lr);
    bcr_usage_set(0);
}

static double sent_bytes(void)
{
    bcr_usage_table t;
    bcr_usage_snapshot(&t);
    double moved = 0;
    for (int k = 0; k < t.nrows; k++)
        moved += t.rows[k].shm + t.rows[k].mpi;
    return moved;
}

static void check_descriptors(void)
{
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 4)
        return;
    bcr_usage_set(1);
    int ictxt, ga, gb, sys;
    Cblacs_get(-1, 0, &sys);
    ictxt = sys;
    Cblacs_gridinit(&ictxt, "R", 1, 4);
    ga = sys;
    Cblacs_gridinit(&ga, "R", 2, 2);
    /* grid B: position (r, c) on process sigma[r * 2 + c]; column-major map */
    int sigma[4] = {3, 0, 1, 2}, map[4];
    for (int k = 0; k < 4; k++)
        map[(k % 2) * 2 + k / 2] = sigma[k];
    gb = sys;
    Cblacs_gridmap(&gb, map, 2, 2, 2);
    int desca[9] = {1, ga, 24, 24, 4, 4, 0, 0, 12}, descb[9] = {1, gb, 24, 24, 4, 4, 0, 0, 12};
    int perm[4];
    long long before = -1, after = -1;
    int rc = bcr_relabel_desc(24, 24, 1, 1, desca, 1, 1, descb, ictxt, 'd', perm, &before,
                              &after);
    CHECK(rc == BCR_SUCCESS && before > 0 && after == 0,
          "descriptors: rc %d, before %lld, after %lld", rc, before, after);
    /* Errors are agreed: the lowest rank's reaches every process. */
    const char *msg = "";
    rc = bcr_relabel_desc(24, 24, 1, 1, desca, 1, 1, descb, ictxt, 'q', perm, NULL, NULL);
    bcr_last_error(&msg);
    CHECK(rc == BCR_ERR_ARGUMENT && strstr(msg, "bcr_relabel_desc: argument 10 (type)") &&
              strstr(msg, "(on process 0)"),
          "bad type: rc %d, '%s'", rc, msg);
    rc = bcr_relabel_desc(24, 24, 1, 1, desca, 1, 1, descb, ictxt, 'd', me == 1 ? NULL : perm,
                          NULL, NULL);
    bcr_last_error(&msg);
    CHECK(rc == BCR_ERR_ARGUMENT && strstr(msg, "argument 11 (perm): perm is NULL (on process 1)"),
          "perm NULL on process 1: rc %d, '%s'", rc, msg);
    int gr = bcr_relabel_grid(ictxt, descb, perm);
    int p, q, r, c;
    Cblacs_gridinfo(gr, &p, &q, &r, &c);
    CHECK(gr >= 0 && p == 2 && q == 2, "bcr_relabel_grid: context %d, %d x %d", gr, p, q);
    double *a = malloc(144 * sizeof *a), *b = calloc(144, sizeof *b);
    for (int k = 0; k < 144; k++)
        a[k] = 1000.0 * me + k;
    int descr[9] = {1, gr, 24, 24, 4, 4, 0, 0, 12};
    double sent = sent_bytes();
    bcr_pdgemr2d(24, 24, a, 1, 1, desca, b, 1, 1, descr, ictxt);
    sent = sent_bytes() - sent;
    CHECK(sent == 0 && memcmp(a, b, 144 * sizeof *a) == 0,
          "into the relabelled grid: %.0f bytes between processes%s", sent,
          memcmp(a, b, 144 * sizeof *a) ? ", B differs from A" : "");
    sent = sent_bytes();
    bcr_pdgemr2d(24, 24, a, 1, 1, desca, b, 1, 1, descb, ictxt);
    CHECK(sent_bytes() - sent > 0, "into grid B as it was, nothing crossed");
    free(a);
    free(b);
    bcr_usage_set(0);
    Cblacs_gridexit(gr);
    Cblacs_gridexit(gb);
    Cblacs_gridexit(ga);
    Cblacs_gridexit(ictxt);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    check_assignment();
    check_random_layouts();
    check_permuted(1, 1, 0);
    check_permuted(2, 3, 1);
    check_permuted(16, 16, 0);
    if (me == 0)
        check_permuted(64, 80, 0); /* 5120 processes: the heuristic's side */
    check_errors();
    check_plans();
    check_descriptors();
    long long all[2] = {checks, failures}, sum[2];
    MPI_Reduce(all, sum, 2, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("relabel: %lld checks, %lld failed\n", sum[0], sum[1]);
    MPI_Finalize();
    return me == 0 && sum[1] ? 1 : 0;
}
