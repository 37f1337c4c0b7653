/* bcr_relabel_timing: what relabelling the destination's processes saves
 * (bcr_relabel, bcr_relabel_desc), docs/performance.md, "Relabelling".
 *
 *   mpiexec -n 4 bcr_relabel_timing [--reps R] [case file]
 *
 * First, on process 0 alone, the solver on simulated grids: for 64 to
 * 16,384 processes, blocks layouts of block-cyclic matrices (square-ish
 * grids P x Q) from blocks of 64 to three destinations: blocks of 16 on
 * the same grid, the transposed grid Q x P, and the same grid with its
 * processes dealt column by column; and owners layouts of random ranks on
 * both sides, where a greedy pass falls short.  Printed: bcr_relabel's time (the
 * byte counts and the assignment), the bytes that cross between processes
 * without and with the relabelling, what a greedy pass alone would leave
 * crossing (the peer library's way; computed where the solution is
 * exact), and whether it was solved exactly.
 *
 * Then each case of the file (default timing/cases/standard.txt: M N P0
 * Q0 MB0 NB0 P1 Q1 MB1 NB1 [C], doubles, grid A row-major over the 4
 * processes and grid B too, or column-major with a final C; see
 * timing/cases/relabel.txt) redistributed by bcr_pdgemr2d into grid B as it is and into
 * B relabelled (bcr_relabel_desc, bcr_relabel_grid), R times each (default
 * 5) after an untimed first call, the two taking turns; printed: the bytes
 * crossing between processes both ways, the median time of the slowest
 * process both ways and their ratio.  The relabelled result is checked
 * against ScaLAPACK's Cpdgemr2d into the same grid; the exit status is 1
 * when any differ. */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/relabel.h"
#include "bcredist.h"
#include "cyclic_layout.h"
#include "timing_run.h"

void Cblacs_get(int ictxt, int what, int *val);
void Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int ictxt);
void Cpdgemr2d(int m, int n, double *a, int ia, int ja, int *desca, double *b, int ib, int jb,
               int *descb, int ictxt);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc, const int *nprocs);

static int me;

/* ------------------------------------------------------------------ */
/* The solver on simulated grids */

/* An owners layout of an n x n matrix in nblk x nblk equal blocks, each
 * on a random rank below nprocs (a fixed stream per seed). */
static bcr_layout_t random_owners(int n, int nblk, int nprocs, unsigned seed)
{
    bcr_int *size = malloc((size_t)nblk * sizeof *size);
    int *own = malloc((size_t)nblk * nblk * sizeof *own);
    for (int k = 0; k < nblk; k++)
        size[k] = n / nblk + (k < n % nblk);
    for (int k = 0; k < nblk * nblk; k++) {
        seed = seed * 1103515245u + 12345u;
        own[k] = (int)((seed >> 8) % (unsigned)nprocs);
    }
    bcr_layout_t l = bcr_layout_owners(n, n, nblk, size, nblk, size, own, 1);
    free(size);
    free(own);
    return l;
}

static void solver_row(int nprocs, const char *what, bcr_layout_t src, bcr_layout_t dst)
{
    int *perm = malloc((size_t)nprocs * sizeof *perm);
    bcr_relabel_result res;
    double t0 = MPI_Wtime();
    int rc = bcr_relabel_run(src, dst, 'd', nprocs, perm, &res);
    double t = MPI_Wtime() - t0;
    char greedy[24] = "-";
    if (res.greedy_after >= 0)
        snprintf(greedy, sizeof greedy, "%lld", (long long)res.greedy_after);
    if (rc == BCR_SUCCESS)
        printf("%6d  %-26s %9.3f  %14lld  %14lld  %14s  %s\n", nprocs, what, t,
               (long long)res.before, (long long)res.after, greedy,
               res.exact ? "exact" : "greedy");
    else
        printf("%6d  %-26s failed\n", nprocs, what);
    fflush(stdout);
    free(perm);
}

static void solver_times(void)
{
    printf("relabelling on simulated grids: doubles, n = 64 * sqrt-ish grid side * 16, "
           "source blocks of 64\n");
    printf("%6s  %-26s %9s  %14s  %14s  %14s  %s\n", "procs", "destination", "time s",
           "bytes before", "bytes after", "greedy after", "solver");
    const int counts[] = {64, 256, 1024, 2048, 4096, 8192, 16384};
    for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
        int np = counts[k], P = (int)sqrt((double)np);
        while (np % P)
            P--;
        int Q = np / P, n = 64 * 16 * (P > Q ? P : Q);
        int *row = malloc((size_t)np * sizeof *row), *colmaj = malloc((size_t)np * sizeof *colmaj);
        for (int r = 0; r < P; r++)
            for (int c = 0; c < Q; c++) {
                row[r * Q + c] = r * Q + c;
                colmaj[r * Q + c] = c * P + r;
            }
        bcr_layout_t src = timing_cyclic_layout(n, n, 64, 64, P, Q, row);
        bcr_layout_t blocks16 = timing_cyclic_layout(n, n, 16, 16, P, Q, row);
        bcr_layout_t transposed = timing_cyclic_layout(n, n, 64, 64, Q, P, row);
        bcr_layout_t cols = timing_cyclic_layout(n, n, 64, 64, P, Q, colmaj);
        solver_row(np, "blocks 16, same grid", src, blocks16);
        solver_row(np, "transposed grid", src, transposed);
        solver_row(np, "grid dealt by columns", src, cols);
        /* Where a greedy pass falls short: both sides random owners of the
         * same 2 sqrt(np) x 2 sqrt(np) blocks. */
        int nblk = 2 * (int)sqrt((double)np);
        bcr_layout_t ra = random_owners(n, nblk, np, 1), rb = random_owners(n, nblk, np, 2);
        solver_row(np, "random owners, both sides", ra, rb);
        bcr_layout_destroy(ra);
        bcr_layout_destroy(rb);
        bcr_layout_destroy(src);
        bcr_layout_destroy(blocks16);
        bcr_layout_destroy(transposed);
        bcr_layout_destroy(cols);
        free(row);
        free(colmaj);
    }
}

/* ------------------------------------------------------------------ */
/* Measured on 4 processes */

typedef struct {
    int ctxt, desc[9], rows, cols;
    double *x;
} side;

static void make_side(side *s, int ctxt, int m, int n, int mb, int nb)
{
    int P, Q, r, c, zero = 0;
    memset(s, 0, sizeof *s);
    s->ctxt = ctxt;
    s->desc[1] = -1;
    Cblacs_gridinfo(ctxt, &P, &Q, &r, &c);
    if (ctxt < 0 || r < 0 || r >= P)
        return;
    s->rows = numroc_(&m, &mb, &r, &zero, &P);
    s->cols = numroc_(&n, &nb, &c, &zero, &Q);
    int lld = s->rows > 1 ? s->rows : 1;
    int d[9] = {1, ctxt, m, n, mb, nb, 0, 0, lld};
    memcpy(s->desc, d, sizeof d);
    s->x = calloc((size_t)lld * (s->cols ? s->cols : 1), sizeof *s->x);
}

static double timed(int m, int n, side *a, side *b, int ictxt)
{
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    bcr_pdgemr2d(m, n, a->x, 1, 1, a->desc, b->x, 1, 1, b->desc, ictxt);
    return timing_slowest(MPI_Wtime() - t0);
}

static int run_case(int id, const int *f, const char *order_b, int reps)
{
    char shape[64];
    snprintf(shape, sizeof shape, "%dx%d %dx%d on %dx%d -> %dx%d on %dx%d%s", f[0], f[1], f[4],
             f[5], f[2], f[3], f[8], f[9], f[6], f[7], *order_b == 'C' ? " C" : "");
    int m = f[0], n = f[1], sys, ictxt, ga, gb;
    Cblacs_get(-1, 0, &sys);
    ictxt = sys;
    Cblacs_gridinit(&ictxt, "R", 1, 4);
    ga = sys;
    Cblacs_gridinit(&ga, "R", f[2], f[3]);
    gb = sys;
    Cblacs_gridinit(&gb, order_b, f[6], f[7]);
    side a, b, br, ref;
    make_side(&a, ga, m, n, f[4], f[5]);
    make_side(&b, gb, m, n, f[8], f[9]);
    for (long long k = 0; a.x && k < (long long)a.rows * a.cols; k++)
        a.x[k] = (double)(k % 1000) + me;
    int perm[4];
    long long before, after;
    bcr_relabel_desc(m, n, 1, 1, a.desc, 1, 1, b.desc, ictxt, 'd', perm, &before, &after);
    int gr = bcr_relabel_grid(ictxt, b.desc, perm);
    make_side(&br, gr, m, n, f[8], f[9]);
    make_side(&ref, gr, m, n, f[8], f[9]);
    /* untimed first calls; the relabelled result against ScaLAPACK's */
    timed(m, n, &a, &b, ictxt);
    timed(m, n, &a, &br, ictxt);
    Cpdgemr2d(m, n, a.x, 1, 1, a.desc, ref.x, 1, 1, ref.desc, ictxt);
    int differ = br.x && memcmp(br.x, ref.x, (size_t)(br.rows > 1 ? br.rows : 1) * br.cols *
                                                 sizeof *br.x) != 0,
        any;
    MPI_Allreduce(&differ, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    double *tb = malloc((size_t)reps * sizeof *tb), *tr = malloc((size_t)reps * sizeof *tr);
    for (int k = 0; k < reps; k++) {
        if (k % 2) {
            tr[k] = timed(m, n, &a, &br, ictxt);
            tb[k] = timed(m, n, &a, &b, ictxt);
        } else {
            tb[k] = timed(m, n, &a, &b, ictxt);
            tr[k] = timed(m, n, &a, &br, ictxt);
        }
    }
    double mb = timing_median(tb, reps), mr = timing_median(tr, reps);
    if (me == 0)
        printf("%4d  %-34s %14lld  %14lld  %9.4f  %9.4f  %5.2f  perm %d %d %d %d%s\n", id,
               shape, before, after, mb, mr, mb / mr, perm[0], perm[1], perm[2], perm[3],
               any ? "  RESULT DIFFERS" : "");
    free(tb);
    free(tr);
    free(a.x);
    free(b.x);
    free(br.x);
    free(ref.x);
    /* processes outside a grid hold no context of it (-1) */
    if (gr >= 0)
        Cblacs_gridexit(gr);
    if (gb >= 0)
        Cblacs_gridexit(gb);
    if (ga >= 0)
        Cblacs_gridexit(ga);
    Cblacs_gridexit(ictxt);
    return any;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    int size, reps = 5;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const char *file = "timing/cases/standard.txt";
    for (int k = 1; k < argc; k++) {
        if (!strcmp(argv[k], "--reps") && k + 1 < argc)
            reps = atoi(argv[++k]);
        else
            file = argv[k];
    }
    if (me == 0)
        solver_times();
    MPI_Barrier(MPI_COMM_WORLD);
    int bad = 0;
    FILE *in = size == 4 ? fopen(file, "r") : NULL;
    if (size != 4 && me == 0)
        printf("the measured cases need 4 processes\n");
    if (in && me == 0)
        printf("\n%s, doubles, 4 processes, bcr_pdgemr2d: bytes crossing between processes "
               "and median time of %d (slowest process), into B and into B relabelled\n"
               "%4s  %-34s %14s  %14s  %9s  %9s  %5s\n",
               file, reps, "case", "", "bytes before", "bytes after", "B s", "relab. s",
               "ratio");
    char line[512];
    int id = 0;
    while (in && fgets(line, sizeof line, in)) {
        int f[10];
        char order[8] = "R";
        if (line[0] == '#' || sscanf(line, "%d %d %d %d %d %d %d %d %d %d %7s", &f[0], &f[1],
                                     &f[2], &f[3], &f[4], &f[5], &f[6], &f[7], &f[8], &f[9],
                                     order) < 10)
            continue;
        bad |= run_case(++id, f, order[0] == 'C' ? "C" : "R", reps);
    }
    if (in)
        fclose(in);
    MPI_Finalize();
    return bad;
}
