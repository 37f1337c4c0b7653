/* bcr_batch_timing: many redistributions as one batch (bcr_batch_*)
 * against the same as separate bcredist calls and as ScaLAPACK's and
 * PBLAS's calls, docs/performance.md, "Batches".
 *
 *   mpiexec -n 4 bcr_batch_timing [--reps R] [--count K] [--size N]
 *
 * On a 2 x 2 grid (row-major over the 4 processes), K matrices (default
 * 16) of N x N doubles (default 512) from blocks of 64 to blocks of 16:
 *   gemr2d  K bcr_pdgemr2d members in one batch, against K bcr_pdgemr2d
 *           calls and K Cpdgemr2d calls;
 *   mixed   K/2 bcr_pdgemr2d, K/4 bcr_pzgemr2d (complex doubles) and K/4
 *           transposes (bcr_batch_add_update "T", alpha 1, beta 0), in
 *           one batch, against the same as bcr_pdgemr2d, bcr_pzgemr2d and
 *           bcr_pdtran calls, and as Cpdgemr2d, Cpzgemr2d and pdtran_.
 * Each of the three ways runs once untimed, then R times (default 15)
 * taking turns; printed: the median time of the slowest process for each,
 * and the ratios, and process 0's phase times per run for the batch and
 * the calls.  Then what bounds them: the median time of K allreduces of
 * 64 integers (a call's agreement is one) and of one memcpy of every
 * member's local A (each way copies its data twice).  Every batch's result is checked
 * against ScaLAPACK's; the exit status is 1 when any differ. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "timing_run.h"

void Cblacs_get(int ictxt, int what, int *val);
void Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int ictxt);
void Cpdgemr2d(int m, int n, double *a, int ia, int ja, int *desca, double *b, int ib, int jb,
               int *descb, int ictxt);
void Cpzgemr2d(int m, int n, double _Complex *a, int ia, int ja, int *desca,
               double _Complex *b, int ib, int jb, int *descb, int ictxt);
void pdtran_(int *m, int *n, double *alpha, double *a, int *ia, int *ja, int *desca,
             double *beta, double *c, int *ic, int *jc, int *descc);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc, const int *nprocs);

static int me, ctxt, reps = 15, count = 16, size = 512;

/* One member: its kind, element size, arrays and descriptors. */
enum { GEMR2D_D, GEMR2D_Z, TRAN_D };
typedef struct {
    int kind;
    size_t es;
    int desca[9], descb[9];
    char *a, *b, *ref;
    size_t abytes, bbytes;
} member;

static void descriptor(int *desc, int nb, size_t *bytes, size_t es)
{
    int P, Q, r, c, zero = 0;
    Cblacs_gridinfo(ctxt, &P, &Q, &r, &c);
    int lr = numroc_(&size, &nb, &r, &zero, &P), lc = numroc_(&size, &nb, &c, &zero, &Q);
    int d[9] = {1, ctxt, size, size, nb, nb, 0, 0, lr > 1 ? lr : 1};
    memcpy(desc, d, sizeof d);
    *bytes = (size_t)d[8] * (size_t)lc * es;
}

static void make(member *m, int kind)
{
    m->kind = kind;
    m->es = kind == GEMR2D_Z ? 16 : 8;
    descriptor(m->desca, 64, &m->abytes, m->es);
    descriptor(m->descb, 16, &m->bbytes, m->es);
    m->a = malloc(m->abytes);
    m->b = calloc(1, m->bbytes);
    m->ref = calloc(1, m->bbytes);
    for (size_t k = 0; k < m->abytes / 8; k++)
        ((double *)m->a)[k] = (double)((k * 13 + (size_t)me * 7) % 1009);
}

static void run_bcredist(const member *m)
{
    double one = 1, zero = 0;
    if (m->kind == GEMR2D_D)
        bcr_pdgemr2d(size, size, (double *)m->a, 1, 1, m->desca, (double *)m->b, 1, 1, m->descb,
                     ctxt);
    else if (m->kind == GEMR2D_Z)
        bcr_pzgemr2d(size, size, (double _Complex *)m->a, 1, 1, m->desca,
                     (double _Complex *)m->b, 1, 1, m->descb, ctxt);
    else
        bcr_pdtran(size, size, one, (double *)m->a, 1, 1, m->desca, zero, (double *)m->b, 1, 1,
                   m->descb, ctxt);
}

static void run_reference(const member *m, char *into)
{
    double one = 1, zero = 0;
    int n = size, i1 = 1;
    if (m->kind == GEMR2D_D)
        Cpdgemr2d(size, size, (double *)m->a, 1, 1, (int *)m->desca, (double *)into, 1, 1,
                  (int *)m->descb, ctxt);
    else if (m->kind == GEMR2D_Z)
        Cpzgemr2d(size, size, (double _Complex *)m->a, 1, 1, (int *)m->desca,
                  (double _Complex *)into, 1, 1, (int *)m->descb, ctxt);
    else
        pdtran_(&n, &n, &one, (double *)m->a, &i1, &i1, (int *)m->desca, &zero, (double *)into,
                &i1, &i1, (int *)m->descb);
}

static bcr_batch_t make_batch(member *ms, int n)
{
    bcr_batch_t bt = bcr_batch_create(MPI_COMM_WORLD);
    double one = 1, zero = 0;
    for (int k = 0; k < n; k++) {
        member *m = &ms[k];
        if (m->kind == TRAN_D)
            bcr_batch_add_update(bt, 'd', "T", size, size, &one, m->a, 1, 1, m->desca, &zero,
                                 m->b, 1, 1, m->descb);
        else
            bcr_batch_add_gemr2d(bt, m->kind == GEMR2D_Z ? 'z' : 'd', size, size, m->a, 1, 1,
                                 m->desca, m->b, 1, 1, m->descb);
    }
    return bt;
}

enum { WAY_BATCH, WAY_CALLS, WAY_SCALAPACK, WAYS };

/* Process 0's phase times per way, summed over the timed runs. */
static bcr_phase_times phases[3];

static void phases_add(bcr_phase_times *sum)
{
    bcr_phase_times t;
    bcr_phase_times_get(&t);
    sum->check += t.check, sum->plan += t.plan, sum->exchange += t.exchange;
    sum->pack += t.pack, sum->unpack += t.unpack, sum->local += t.local, sum->comm += t.comm;
}

static double run_way(int way, bcr_batch_t bt, member *ms, int n)
{
    MPI_Barrier(MPI_COMM_WORLD);
    bcr_phase_times_reset();
    double t0 = MPI_Wtime();
    if (way == WAY_BATCH)
        bcr_batch_execute(bt);
    for (int k = 0; way == WAY_CALLS && k < n; k++)
        run_bcredist(&ms[k]);
    for (int k = 0; way == WAY_SCALAPACK && k < n; k++)
        run_reference(&ms[k], ms[k].ref);
    double t = MPI_Wtime() - t0;
    phases_add(&phases[way]);
    return timing_slowest(t);
}

/* One set of members: the three ways taking turns; returns the number of
 * members whose batch result differs from the reference's. */
static int measure(const char *label, member *ms, int n)
{
    bcr_batch_t bt = make_batch(ms, n);
    int bad = 0;
    bcr_batch_execute(bt); /* untimed: builds the batch */
    for (int k = 0; k < n; k++) {
        run_reference(&ms[k], ms[k].ref);
        bad += memcmp(ms[k].b, ms[k].ref, ms[k].bbytes) != 0;
    }
    for (int k = 0; k < n; k++)
        run_bcredist(&ms[k]); /* untimed: the contexts' first calls */
    memset(phases, 0, sizeof phases);
    double *t[WAYS];
    for (int w = 0; w < WAYS; w++)
        t[w] = malloc((size_t)reps * sizeof **t);
    for (int r = 0; r < reps; r++)
        for (int w = 0; w < WAYS; w++) {
            int way = (w + r) % WAYS; /* each way first in turn */
            t[way][r] = run_way(way, bt, ms, n);
        }
    double med[WAYS];
    for (int w = 0; w < WAYS; w++) {
        med[w] = timing_median(t[w], reps);
        free(t[w]);
    }
    if (me == 0)
        printf("%-7s %3d  %10.2f %10.2f %10.2f   %6.2f   %6.2f\n", label, n, med[WAY_BATCH] * 1e3,
               med[WAY_CALLS] * 1e3, med[WAY_SCALAPACK] * 1e3, med[WAY_CALLS] / med[WAY_BATCH],
               med[WAY_SCALAPACK] / med[WAY_BATCH]);
    for (int w = 0; me == 0 && w < 2; w++) {
        const bcr_phase_times *p = &phases[w];
        printf("  %s, process 0, ms per run: check %.2f plan %.2f exchange %.2f (pack %.2f "
               "unpack %.2f local %.2f rest %.2f)\n", w ? "calls" : "batch",
               p->check * 1e3 / reps, p->plan * 1e3 / reps, p->exchange * 1e3 / reps,
               p->pack * 1e3 / reps, p->unpack * 1e3 / reps, p->local * 1e3 / reps,
               (p->exchange - p->pack - p->unpack - p->local) * 1e3 / reps);
    }
    bcr_batch_destroy(bt);
    return bad;
}

/* What bounds the calls and the batch: n allreduces of 64 integers (a
 * call's agreement is one such reduction), and one memcpy of each
 * member's local A (distinct arrays, as the exchanges read them; a batch
 * or a call copies its data twice, packing and unpacking). */
static void bounds(const member *ms, int n)
{
    long long v[64] = {0}, r[64];
    double *ta = malloc((size_t)reps * sizeof *ta), *tc = malloc((size_t)reps * sizeof *tc);
    size_t bytes = 0;
    for (int k = 0; k < n; k++)
        bytes += ms[k].abytes < ms[k].bbytes ? ms[k].abytes : ms[k].bbytes;
    for (int rep = 0; rep < reps; rep++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (int k = 0; k < n; k++)
            MPI_Allreduce(v, r, 64, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
        ta[rep] = timing_slowest(MPI_Wtime() - t0);
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        for (int k = 0; k < n; k++)
            memcpy(ms[k].ref, ms[k].a, ms[k].abytes < ms[k].bbytes ? ms[k].abytes : ms[k].bbytes);
        tc[rep] = timing_slowest(MPI_Wtime() - t0);
    }
    if (me == 0)
        printf("bounds: %d allreduces of 64 integers %.2f ms; one memcpy of every member's local "
               "A (%zu KiB per process) %.2f ms\n",
               n, timing_median(ta, reps) * 1e3, bytes >> 10, timing_median(tc, reps) * 1e3);
    free(ta);
    free(tc);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    int np;
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    for (int k = 1; k + 1 < argc; k += 2) {
        if (!strcmp(argv[k], "--reps"))
            reps = atoi(argv[k + 1]);
        else if (!strcmp(argv[k], "--count"))
            count = atoi(argv[k + 1]);
        else if (!strcmp(argv[k], "--size"))
            size = atoi(argv[k + 1]);
    }
    if (np != 4 || reps < 1 || count < 4 || size < 1) {
        if (me == 0)
            fprintf(stderr, "usage: mpiexec -n 4 bcr_batch_timing [--reps R] [--count K>=4] "
                            "[--size N]\n");
        MPI_Finalize();
        return 2;
    }
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", 2, 2);
    member *ms = calloc((size_t)count, sizeof *ms);
    if (me == 0)
        printf("%d matrices of %d x %d, 2 x 2 grid, blocks 64 -> 16; median of %d, slowest "
               "process, ms\n%-7s %3s  %10s %10s %10s   %6s   %6s\n", count, size, size, reps,
               "set", "K", "batch", "calls", "scalapack", "calls/b", "scal/b");
    for (int k = 0; k < count; k++)
        make(&ms[k], GEMR2D_D);
    int bad = measure("gemr2d", ms, count);
    bounds(ms, count);
    for (int k = 0; k < count; k++) {
        free(ms[k].a), free(ms[k].b), free(ms[k].ref);
        make(&ms[k], k < count / 2 ? GEMR2D_D : k < 3 * count / 4 ? GEMR2D_Z : TRAN_D);
    }
    bad += measure("mixed", ms, count);
    int anybad;
    MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (me == 0 && anybad)
        printf("FAIL: a batch's result differs from ScaLAPACK's\n");
    for (int k = 0; k < count; k++)
        free(ms[k].a), free(ms[k].b), free(ms[k].ref);
    free(ms);
    Cblacs_gridexit(ctxt);
    MPI_Finalize();
    return anybad != 0;
}
