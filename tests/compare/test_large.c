/* bcr_test_large: bcredist on sizes the reference cannot take (its buffers
 * are sized by an int byte count, so anything past 2 GiB on one process
 * exits with "out of memory").  With no oracle, every local element of the
 * result is checked against the formula the source was filled with:
 * element (i, j) (0-based, global) of A holds i + j * M_A, stored exactly
 * (as a double, or modulo a prime as an int).  Every other element of the
 * destination, padding rows up to LLD included, must still hold the
 * sentinel -1.
 *
 *   mpiexec -n 2 bcr_test_large CASE...     (or "all"; "list" names them)
 *
 * Cases run one after another; bcr_finalize() after every call frees
 * bcredist's pooled buffers, so each case's memory is its own.  Each case
 * prints its call times and the largest resident set of any rank so far;
 * the last line is "large: N cases, M failed".  Needs exactly 2 ranks.
 */
#include "scalapack_ref.h"

#include <bcredist.h>
#include <mpi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* Where a matrix lives, in a 2-rank world. */
enum { G_R0, G_R1, G_1X2, G_2X1, G_N };

typedef struct {
    int grid, M, N, MB, NB;
    int pad;  /* LLD = local rows + pad */
    int lazy; /* calloc'd, only a window around the submatrix is touched */
} side_t;

typedef struct {
    const char *name, *what;
    char type; /* 'd' or 'i' */
    int tr;
    char uplo, diag;
    int m, n, ia, ja, ib, jb;
    side_t a, b;
    int back; /* then B's submatrix back into A (its window wiped first) */
} case_t;

#define K17 17000
static const case_t cases[] = {
    {"scatter_d17k", "17000^2 double 1x1 -> 1x2 (64x64 blocks, padded) and back: 1.16 GB "
                     "strided messages, packed and split",
     'd', 0, 0, 0, K17, K17, 1, 1, 1, 1,
     {G_R0, K17, K17, 64, 64, 0, 0}, {G_1X2, K17, K17, 64, 64, 3, 0}, 1},
    {"scatter_d17k_inplace", "17000^2 double 1x1 -> 1x2 (8500 columns each) and back: "
                             "1.16 GB contiguous messages, in place, split",
     'd', 0, 0, 0, K17, K17, 1, 1, 1, 1,
     {G_R0, K17, K17, 64, 64, 0, 0}, {G_1X2, K17, K17, 64, 8500, 0, 0}, 1},
    {"p2p_d17k", "17000^2 double, rank 0 -> rank 1 and back: one 2.31 GB contiguous message",
     'd', 0, 0, 0, K17, K17, 1, 1, 1, 1,
     {G_R0, K17, K17, 64, 64, 0, 0}, {G_R1, K17, K17, 64, 64, 0, 0}, 1},
    {"p2p_d17k_padded", "17000^2 double, rank 0 -> rank 1 with LLD = M + 5: one 2.31 GB "
                        "message, strided at the receiver",
     'd', 0, 0, 0, K17, K17, 1, 1, 1, 1,
     {G_R0, K17, K17, 64, 64, 0, 0}, {G_R1, K17, K17, 64, 64, 5, 0}, 0},
    {"p2p_trap_d17k", "trmr2d U/N 17000^2 double, rank 0 -> rank 1: a 1.16 GB trapezoid, "
                      "packed on both sides",
     'd', 1, 'U', 'N', K17, K17, 1, 1, 1, 1,
     {G_R0, K17, K17, 64, 64, 0, 0}, {G_R1, K17, K17, 64, 64, 2, 0}, 0},
    {"rowsplit_d17k", "17000^2 double 1x1 -> 2x1 (8500 rows each) and back: 1.16 GB "
                      "messages strided on the 1x1 side",
     'd', 0, 0, 0, K17, K17, 1, 1, 1, 1,
     {G_R0, K17, K17, 64, 64, 0, 0}, {G_2X1, K17, K17, 8500, 64, 0, 0}, 1},
    {"dtype_d16k", "16000^2 double 1x1 -> 1x2 cyclic columns and back: 1.02 GB messages, "
                   "as MPI datatypes unless BCR_PACK=buffer",
     'd', 0, 0, 0, 16000, 16000, 1, 1, 1, 1,
     {G_R0, 16000, 16000, 64, 64, 0, 0}, {G_1X2, 16000, 16000, 64, 1, 0, 0}, 1},
    {"bigidx_i", "int A of 40000 x 60000 = 2.4e9 elements (9.6 GB, touched only near the "
                 "submatrix) on rank 0, 3000 x 2500 from (36001, 57001) -> 1x2 and back",
     'i', 0, 0, 0, 3000, 2500, 36001, 57001, 2, 3,
     {G_R0, 40000, 60000, 64, 64, 0, 1}, {G_1X2, 3003, 2505, 32, 32, 2, 0}, 1},
    {"bigidx_i_trap", "trmr2d L/U of the same: the trapezoid mask at element offsets past "
                      "2^31",
     'i', 1, 'L', 'U', 3000, 2500, 36001, 57001, 2, 3,
     {G_R0, 40000, 60000, 64, 64, 0, 1}, {G_1X2, 3003, 2505, 32, 32, 2, 0}, 1},
};
#define NCASES ((int)(sizeof cases / sizeof cases[0]))

static int rank;
static int gctx[G_N]; /* this rank's handle, -1 outside */

/* ---- values ------------------------------------------------------------ */

#define INT_PRIME 2147483629LL /* largest prime below 2^31 */

static long long code_of(long long i, long long j, long long M) { return i + j * M; }

static long long stored(char t, long long code) { return t == 'i' ? code % INT_PRIME : code; }

static void put(char t, void *p, size_t k, long long v)
{
    if (t == 'd')
        ((double *)p)[k] = (double)v;
    else
        ((int *)p)[k] = (int)v;
}

static long long get(char t, const void *p, size_t k)
{
    return t == 'd' ? (long long)((const double *)p)[k] : ((const int *)p)[k];
}

/* ---- layouts ----------------------------------------------------------- */

typedef struct {
    int in, P, Q, r, c;
    int rows, cols; /* local */
    size_t lld;
    void *p;
    int desc[9];
} local_t;

static int numroc(int n, int nb, int p, int np)
{
    int src = 0;
    return numroc_(&n, &nb, &p, &src, &np);
}

static void make_local(local_t *L, const side_t *s, char t)
{
    memset(L, 0, sizeof *L);
    int ctxt = gctx[s->grid];
    for (int k = 0; k < 9; k++)
        L->desc[k] = -1;
    if (ctxt < 0)
        return;
    Cblacs_gridinfo(ctxt, &L->P, &L->Q, &L->r, &L->c);
    if (L->r < 0 || L->r >= L->P || L->c < 0 || L->c >= L->Q)
        return;
    L->in = 1;
    L->rows = numroc(s->M, s->MB, L->r, L->P);
    L->cols = numroc(s->N, s->NB, L->c, L->Q);
    L->lld = (size_t)(L->rows + s->pad > 0 ? L->rows + s->pad : 1);
    int d[9] = {1, ctxt, s->M, s->N, s->MB, s->NB, 0, 0, (int)L->lld};
    memcpy(L->desc, d, sizeof d);
    size_t es = t == 'd' ? sizeof(double) : sizeof(int);
    size_t n = L->lld * (size_t)(L->cols > 0 ? L->cols : 1);
    L->p = s->lazy ? calloc(n, es) : malloc(n * es);
    if (!L->p) {
        fprintf(stderr, "large: rank %d: cannot allocate %zu bytes\n", rank, n * es);
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
}

/* Global index of local index l, 0-based, with source process 0. */
static long long global_of(long long l, int nb, int p, int np)
{
    return (l / nb * np + p) * nb + l % nb;
}

/* The part of a side a pass visits: everything, or (lazy) the submatrix
 * with a frame of two elements, in global indices [r0, r1) x [c0, c1). */
typedef struct {
    long long r0, r1, c0, c1;
    int all; /* padding rows too */
} window_t;

static window_t window_of(const side_t *s, int i, int j, int m, int n)
{
    window_t w = {0, s->M, 0, s->N, 1};
    if (s->lazy) {
        w.r0 = i - 1 - 2 > 0 ? i - 1 - 2 : 0;
        w.c0 = j - 1 - 2 > 0 ? j - 1 - 2 : 0;
        w.r1 = i - 1 + m + 2 < s->M ? i - 1 + m + 2 : s->M;
        w.c1 = j - 1 + n + 2 < s->N ? j - 1 + n + 2 : s->N;
        w.all = 0;
    }
    return w;
}

static int in_trapezoid(const case_t *cs, long long i, long long j) /* 1-based */
{
    long long m = cs->m, n = cs->n;
    int unit = cs->diag == 'U' || cs->diag == 'u';
    if (cs->uplo == 'U' || cs->uplo == 'u')
        return i <= j + (m > n ? m - n : 0) - unit;
    return i >= j - (n > m ? n - m : 0) + unit;
}

/* ---- fill and check ---------------------------------------------------- */

typedef struct {
    const case_t *cs;
    const side_t *s;
    const local_t *L;
    window_t w;
    int i0, j0; /* this side's submatrix origin, 1-based */
} view_t;

/* Every element of the window: source = the formula, else the sentinel. */
static void fill(const view_t *v, int source)
{
    const local_t *L = v->L;
    char t = v->cs->type;
    for (long long lj = 0; lj < L->cols; lj++) {
        long long gj = global_of(lj, v->s->NB, L->c, L->Q);
        if (gj < v->w.c0 || gj >= v->w.c1)
            continue;
        for (long long li = 0; li < (long long)L->lld; li++) {
            size_t k = (size_t)li + (size_t)lj * L->lld;
            if (li >= L->rows) {
                if (v->w.all)
                    put(t, L->p, k, -1);
                continue;
            }
            long long gi = global_of(li, v->s->MB, L->r, L->P);
            if (gi < v->w.r0 || gi >= v->w.r1)
                continue;
            put(t, L->p, k, source ? stored(t, code_of(gi, gj, v->s->M)) : -1);
        }
    }
}

/* The expected value at every element of the window: inside the copied
 * submatrix (and trapezoid) A's formula at the matching place of A, else
 * the sentinel; with unchanged, the formula everywhere (A after a call).
 * Returns the mismatches, the first few printed. */
static long long check(const view_t *v, const side_t *A, int unchanged, const char *what)
{
    const local_t *L = v->L;
    const case_t *cs = v->cs;
    char t = cs->type;
    long long bad = 0;
    for (long long lj = 0; lj < L->cols; lj++) {
        long long gj = global_of(lj, v->s->NB, L->c, L->Q);
        if (gj < v->w.c0 || gj >= v->w.c1)
            continue;
        long long sj = gj - (v->j0 - 1); /* 0-based in the submatrix */
        for (long long li = 0; li < (long long)L->lld; li++) {
            size_t k = (size_t)li + (size_t)lj * L->lld;
            long long want = -1, gi = -1;
            if (li < L->rows) {
                gi = global_of(li, v->s->MB, L->r, L->P);
                if (gi < v->w.r0 || gi >= v->w.r1)
                    continue;
                long long si = gi - (v->i0 - 1);
                if (unchanged)
                    want = stored(t, code_of(gi, gj, v->s->M));
                else if (si >= 0 && si < cs->m && sj >= 0 && sj < cs->n &&
                         (!cs->tr || in_trapezoid(cs, si + 1, sj + 1)))
                    want = stored(t, code_of(cs->ia - 1 + si, cs->ja - 1 + sj, A->M));
            } else if (!v->w.all) {
                continue;
            }
            long long got = get(t, L->p, k);
            if (got != want && bad++ < 5)
                printf("FAIL [rank %d] %s %s: local (%lld, %lld) global (%lld, %lld): "
                       "%lld, expected %lld\n",
                       rank, cs->name, what, li, lj, gi, gj, got, want);
        }
    }
    return bad;
}

/* ---- calls ------------------------------------------------------------- */

static double call(const case_t *cs, const void *a, int ia, int ja, const int *da, void *b,
                   int ib, int jb, const int *db)
{
    char uplo[2] = {cs->uplo, 0}, diag[2] = {cs->diag, 0};
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (cs->type == 'd' && !cs->tr)
        bcr_pdgemr2d(cs->m, cs->n, a, ia, ja, da, b, ib, jb, db, gctx[G_1X2]);
    else if (cs->type == 'd')
        bcr_pdtrmr2d(uplo, diag, cs->m, cs->n, a, ia, ja, da, b, ib, jb, db, gctx[G_1X2]);
    else if (!cs->tr)
        bcr_pigemr2d(cs->m, cs->n, a, ia, ja, da, b, ib, jb, db, gctx[G_1X2]);
    else
        bcr_pitrmr2d(uplo, diag, cs->m, cs->n, a, ia, ja, da, b, ib, jb, db, gctx[G_1X2]);
    double t = MPI_Wtime() - t0;
    const char *msg;
    if (bcr_last_error(&msg) != BCR_SUCCESS) {
        printf("FAIL [rank %d] %s: bcredist reported: %s\n", rank, cs->name, msg);
        t = -1;
    }
    double tmax;
    MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    double tmin;
    MPI_Allreduce(&t, &tmin, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    bcr_finalize(); /* drop pooled buffers: each call's memory is its own */
    return tmin < 0 ? -1 : tmax;
}

static double max_rss_gb(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double gb = (double)ru.ru_maxrss / (1024.0 * 1024.0), all;
    MPI_Allreduce(&gb, &all, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    return all;
}

static long long sum_world(long long v)
{
    long long s;
    MPI_Allreduce(&v, &s, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    return s;
}

static int run_case(const case_t *cs)
{
    local_t LA, LB;
    make_local(&LA, &cs->a, cs->type);
    make_local(&LB, &cs->b, cs->type);
    view_t va = {cs, &cs->a, &LA, window_of(&cs->a, cs->ia, cs->ja, cs->m, cs->n), cs->ia,
                 cs->ja};
    view_t vb = {cs, &cs->b, &LB, window_of(&cs->b, cs->ib, cs->jb, cs->m, cs->n), cs->ib,
                 cs->jb};
    if (rank == 0)
        printf("case %s: %s\n", cs->name, cs->what);
    fill(&va, 1);
    fill(&vb, 0);
    long long bad = 0;
    double t1 = call(cs, LA.p, cs->ia, cs->ja, LA.desc, LB.p, cs->ib, cs->jb, LB.desc);
    bad += t1 < 0;
    bad += check(&vb, &cs->a, 0, "B");
    bad += check(&va, &cs->a, 1, "A unchanged");
    double t2 = 0;
    if (cs->back) {
        fill(&va, 0);
        t2 = call(cs, LB.p, cs->ib, cs->jb, LB.desc, LA.p, cs->ia, cs->ja, LA.desc);
        bad += t2 < 0;
        bad += check(&va, &cs->a, 0, "A after the way back");
    }
    bad = sum_world(bad);
    double rss = max_rss_gb();
    if (rank == 0) {
        printf("case %s: %s, %.2f s there", cs->name, bad ? "FAILED" : "ok", t1);
        if (cs->back)
            printf(", %.2f s back", t2);
        printf("; largest resident set so far: %.2f GB summed over ranks\n", rss);
    }
    free(LA.p);
    free(LB.p);
    return bad != 0;
}

static void make_grids(void)
{
    int r0[1] = {0}, r1[1] = {1}, both[2] = {0, 1};
    for (int g = 0; g < G_N; g++) {
        int c;
        Cblacs_get(0, 0, &c);
        if (g == G_R0)
            Cblacs_gridmap(&c, r0, 1, 1, 1);
        else if (g == G_R1)
            Cblacs_gridmap(&c, r1, 1, 1, 1);
        else if (g == G_1X2)
            Cblacs_gridmap(&c, both, 1, 1, 2);
        else
            Cblacs_gridmap(&c, both, 2, 2, 1);
        gctx[g] = c;
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int np;
    Cblacs_pinfo(&rank, &np);
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 1 && !strcmp(argv[1], "list")) {
        for (int k = 0; rank == 0 && k < NCASES; k++)
            printf("%-22s %s\n", cases[k].name, cases[k].what);
        MPI_Finalize();
        return 0;
    }
    if (np != 2 || argc < 2) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n 2 bcr_test_large CASE... | all | list\n");
        MPI_Finalize();
        return 2;
    }
    make_grids();
    int ran = 0, failed = 0;
    double t0 = MPI_Wtime();
    for (int a = 1; a < argc; a++) {
        int found = 0;
        for (int k = 0; k < NCASES; k++)
            if (!strcmp(argv[a], "all") || !strcmp(argv[a], cases[k].name)) {
                found = 1;
                ran++;
                failed += run_case(&cases[k]);
            }
        if (!found) {
            if (rank == 0)
                printf("FAIL: no case named %s\n", argv[a]);
            failed++;
        }
    }
    if (rank == 0)
        printf("large: %d cases, %d failed, %.1f s\n", ran, failed, MPI_Wtime() - t0);
    /* BLACS hands a handle to processes outside a grid too, and only
     * Cblacs_gridexit frees what it allocated for it. */
    for (int g = 0; g < G_N; g++)
        if (gctx[g] >= 0)
            Cblacs_gridexit(gctx[g]);
    Cblacs_exit(1);
    MPI_Finalize();
    return failed ? 1 : 0;
}
