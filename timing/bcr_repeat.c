/* One case called over and over through bcr_p?gemr2d (double), the way an
 * application redistributes in a loop: the plan is cached, shared segments
 * in use, and the library's phase timers split each call.  bcr_timing's
 * experiments plan afresh every call (a first execution goes through MPI
 * alone); this shows what the repeated call spends where.
 *
 *   mpiexec -n P*Q bcr_repeat [--reps R] [--ref|--ref-copy] M N P Q MB_A MB_B
 *   mpiexec -n R bcr_repeat [--reps R] [--ref|--ref-copy] M N PA QA MBA NBA PB QB MBB NBB
 *
 * Short form: both grids P x Q, square blocks MB_A and MB_B.  Long form: a
 * case line of bcr_timing's native format, each grid (row major) on the
 * first PA*QA or PB*QB ranks.  Each
 * repetition: a memcpy of the larger local array between two barriers (the
 * copy bound, as bcr_timing measures it), then one bcredist call after a
 * barrier (with --ref, ScaLAPACK's Cpdgemr2d first, as bcr_timing
 * alternates them; with --ref-copy, ScaLAPACK's call before the memcpy as
 * well, so that the bound is taken in the same conditions as the call,
 * each right after a ScaLAPACK call).  Printed: medians over the
 * repetitions of the slowest process, in ms and as multiples of the copy
 * bound.  With a library built
 * with -DBCREDIST_PHASE_CPU_CLOCK=ON the phases are CPU time; the memcpy's
 * own CPU time is printed to compare them with. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bcredist.h"
#include "scalapack_ref.h"
#include "timing_run.h"

enum { T_COPY, T_COPY_CPU, T_CALL, T_CHECK, T_PLAN, T_PACK, T_UNPACK, T_LOCAL, T_COMM, NT };
static const char *const names[NT] = {"copy",  "copy cpu", "bcredist", "check", "plan",
                                      "pack",  "unpack",   "local",    "comm"};

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct {
    int P, Q, MB, NB;
} side;

/* Where ScaLAPACK's call goes in a repetition: nowhere, before the
 * bcredist call, or before the memcpy of the bound too. */
enum { REF_NONE, REF_BEFORE_CALL, REF_BEFORE_BOTH };

static int usage(int rank)
{
    if (rank == 0)
        fprintf(stderr, "usage: bcr_repeat [--reps R] [--ref|--ref-copy] M N P Q MB_A MB_B\n"
                        "       bcr_repeat [--reps R] [--ref|--ref-copy] M N PA QA MBA NBA PB "
                        "QB MBB NBB\n");
    MPI_Finalize();
    return 2;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, reps = 15, ref = 0, argi = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (; argi < argc && argv[argi][0] == '-'; argi++) {
        if (!strcmp(argv[argi], "--ref"))
            ref = REF_BEFORE_CALL;
        else if (!strcmp(argv[argi], "--ref-copy"))
            ref = REF_BEFORE_BOTH;
        else if (!strcmp(argv[argi], "--reps") && argi + 1 < argc)
            reps = atoi(argv[++argi]);
        else
            return usage(rank);
    }
    int nargs = argc - argi;
    if ((nargs != 6 && nargs != 10) || reps < 1)
        return usage(rank);
    int v[10];
    for (int k = 0; k < nargs; k++)
        v[k] = atoi(argv[argi + k]);
    /* Short form: one grid, square blocks; long form: a case line of
     * bcr_timing's native format. */
    int M = v[0], N = v[1];
    side sd[2] = {{v[2], v[3], v[4], v[4]}, {v[2], v[3], v[5], v[5]}};
    if (nargs == 10)
        for (int s = 0; s < 2; s++)
            sd[s] = (side){v[2 + 4 * s], v[3 + 4 * s], v[4 + 4 * s], v[5 + 4 * s]};
    int ok = M > 0 && N > 0;
    for (int s = 0; s < 2; s++)
        ok = ok && sd[s].P > 0 && sd[s].Q > 0 && sd[s].P * sd[s].Q <= size && sd[s].MB > 0 &&
             sd[s].NB > 0;
    if (!ok || (nargs == 6 && sd[0].P * sd[0].Q != size)) {
        if (rank == 0)
            fprintf(stderr,
                    "bcr_repeat: needs positive sizes, grids of at most %d ranks (exactly %d "
                    "in the short form)\n",
                    size, size);
        MPI_Finalize();
        return 2;
    }

    /* ictxt: every process in one row; each grid on the first P*Q ranks. */
    int ctxt, grid[2], zero = 0;
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", 1, size);
    int desc[2][9];
    size_t elems[2];
    for (int s = 0; s < 2; s++) {
        Cblacs_get(0, 0, &grid[s]);
        Cblacs_gridinit(&grid[s], "R", sd[s].P, sd[s].Q);
        int d[9] = {1, -1, M, N, sd[s].MB, sd[s].NB, 0, 0, 1};
        elems[s] = 0;
        if (rank < sd[s].P * sd[s].Q) {
            int P, Q, myrow, mycol;
            Cblacs_gridinfo(grid[s], &P, &Q, &myrow, &mycol);
            int lr = numroc_(&M, &sd[s].MB, &myrow, &zero, &P);
            int lc = numroc_(&N, &sd[s].NB, &mycol, &zero, &Q);
            d[1] = grid[s];
            d[8] = lr > 1 ? lr : 1;
            elems[s] = (size_t)d[8] * (size_t)lc;
        }
        memcpy(desc[s], d, sizeof d);
    }
    size_t most = elems[0] > elems[1] ? elems[0] : elems[1];
    double *a = malloc((elems[0] ? elems[0] : 1) * sizeof *a);
    double *b = malloc((elems[1] ? elems[1] : 1) * sizeof *b);
    double *x = malloc((most ? most : 1) * sizeof *x), *y = malloc((most ? most : 1) * sizeof *y);
    for (size_t i = 0; i < elems[0]; i++)
        a[i] = (double)i;
    memset(b, 0, elems[1] * sizeof *b);
    memset(x, 1, most * sizeof *x);
    memset(y, 0, most * sizeof *y);

    double *t = calloc((size_t)NT * (size_t)reps, sizeof *t);
    for (int r = -2; r < reps; r++) { /* two warm-up calls */
        double tv[NT];
        if (ref == REF_BEFORE_BOTH)
            Cpdgemr2d(M, N, a, 1, 1, desc[0], b, 1, 1, desc[1], ctxt);
        MPI_Barrier(MPI_COMM_WORLD);
        double w0 = MPI_Wtime(), c0 = cpu_now();
        memcpy(y, x, most * sizeof *x);
        tv[T_COPY_CPU] = cpu_now() - c0;
        MPI_Barrier(MPI_COMM_WORLD);
        tv[T_COPY] = MPI_Wtime() - w0;
        if (ref)
            Cpdgemr2d(M, N, a, 1, 1, desc[0], b, 1, 1, desc[1], ctxt);
        bcr_phase_times_reset();
        MPI_Barrier(MPI_COMM_WORLD);
        w0 = MPI_Wtime();
        bcr_pdgemr2d(M, N, a, 1, 1, desc[0], b, 1, 1, desc[1], ctxt);
        tv[T_CALL] = MPI_Wtime() - w0;
        bcr_phase_times ph;
        bcr_phase_times_get(&ph);
        double p[] = {ph.check, ph.plan, ph.pack, ph.unpack, ph.local, ph.comm};
        memcpy(&tv[T_CHECK], p, sizeof p);
        MPI_Allreduce(MPI_IN_PLACE, tv, NT, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        for (int k = 0; r >= 0 && k < NT; k++)
            t[(size_t)k * (size_t)reps + (size_t)r] = tv[k];
    }
    if (rank == 0) {
        double med[NT];
        for (int k = 0; k < NT; k++)
            med[k] = timing_median(t + (size_t)k * (size_t)reps, reps);
        printf("bcr_repeat: %dx%d, %dx%d/%dx%d -> %dx%d/%dx%d, %d ranks, %d repetitions%s\n", M,
               N, sd[0].P, sd[0].Q, sd[0].MB, sd[0].NB, sd[1].P, sd[1].Q, sd[1].MB, sd[1].NB,
               size, reps,
               ref == REF_BEFORE_BOTH ? ", ScaLAPACK before each call and each memcpy"
               : ref                  ? ", ScaLAPACK before each call"
                                      : "");
        printf("%-9s %9s %9s\n", "", "ms", "/copy");
        for (int k = 0; k < NT; k++)
            printf("%-9s %9.3f %9.2f\n", names[k], 1e3 * med[k], med[k] / med[T_COPY]);
    }
    free(a);
    free(b);
    free(x);
    free(y);
    free(t);
    for (int s = 0; s < 2; s++)
        if (rank < sd[s].P * sd[s].Q)
            Cblacs_gridexit(grid[s]);
    Cblacs_gridexit(ctxt);
    bcr_finalize();
    MPI_Finalize();
    return 0;
}
