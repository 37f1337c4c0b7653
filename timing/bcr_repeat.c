/* One case called over and over through bcr_p?gemr2d (double), the way an
 * application redistributes in a loop: the plan is cached, shared segments
 * in use, and the library's phase timers split each call.  bcr_timing's
 * experiments plan afresh every call (a first execution goes through MPI
 * alone); this shows what the repeated call spends where.
 *
 *   mpiexec -n P*Q bcr_repeat [--reps R] [--ref] M N P Q MB_A MB_B
 *
 * Both grids are P x Q (row major), square blocks MB_A and MB_B.  Each
 * repetition: a memcpy of the larger local array between two barriers (the
 * copy bound, as bcr_timing measures it), then one bcredist call after a
 * barrier (with --ref, ScaLAPACK's Cpdgemr2d first, as bcr_timing
 * alternates them).  Printed: medians over the repetitions of the slowest
 * process, in ms and as multiples of the copy bound.  With a library built
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

static int usage(int rank)
{
    if (rank == 0)
        fprintf(stderr, "usage: bcr_repeat [--reps R] [--ref] M N P Q MB_A MB_B\n");
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
            ref = 1;
        else if (!strcmp(argv[argi], "--reps") && argi + 1 < argc)
            reps = atoi(argv[++argi]);
        else
            return usage(rank);
    }
    if (argc - argi != 6 || reps < 1)
        return usage(rank);
    int M = atoi(argv[argi]), N = atoi(argv[argi + 1]), P = atoi(argv[argi + 2]),
        Q = atoi(argv[argi + 3]), mb[2] = {atoi(argv[argi + 4]), atoi(argv[argi + 5])};
    if (P * Q != size || M < 1 || N < 1 || mb[0] < 1 || mb[1] < 1) {
        if (rank == 0)
            fprintf(stderr, "bcr_repeat: needs P*Q = %d ranks and positive sizes\n", size);
        MPI_Finalize();
        return 2;
    }

    int ctxt, myrow, mycol, zero = 0;
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", P, Q);
    Cblacs_gridinfo(ctxt, &P, &Q, &myrow, &mycol);
    int desc[2][9];
    size_t elems[2];
    for (int s = 0; s < 2; s++) {
        int lr = numroc_(&M, &mb[s], &myrow, &zero, &P), lc = numroc_(&N, &mb[s], &mycol, &zero, &Q);
        int d[9] = {1, ctxt, M, N, mb[s], mb[s], 0, 0, lr > 1 ? lr : 1};
        memcpy(desc[s], d, sizeof d);
        elems[s] = (size_t)d[8] * (size_t)lc;
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
        double v[NT];
        MPI_Barrier(MPI_COMM_WORLD);
        double w0 = MPI_Wtime(), c0 = cpu_now();
        memcpy(y, x, most * sizeof *x);
        v[T_COPY_CPU] = cpu_now() - c0;
        MPI_Barrier(MPI_COMM_WORLD);
        v[T_COPY] = MPI_Wtime() - w0;
        if (ref)
            Cpdgemr2d(M, N, a, 1, 1, desc[0], b, 1, 1, desc[1], ctxt);
        bcr_phase_times_reset();
        MPI_Barrier(MPI_COMM_WORLD);
        w0 = MPI_Wtime();
        bcr_pdgemr2d(M, N, a, 1, 1, desc[0], b, 1, 1, desc[1], ctxt);
        v[T_CALL] = MPI_Wtime() - w0;
        bcr_phase_times ph;
        bcr_phase_times_get(&ph);
        double p[] = {ph.check, ph.plan, ph.pack, ph.unpack, ph.local, ph.comm};
        memcpy(&v[T_CHECK], p, sizeof p);
        MPI_Allreduce(MPI_IN_PLACE, v, NT, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        for (int k = 0; r >= 0 && k < NT; k++)
            t[(size_t)k * (size_t)reps + (size_t)r] = v[k];
    }
    if (rank == 0) {
        double med[NT];
        for (int k = 0; k < NT; k++)
            med[k] = timing_median(t + (size_t)k * (size_t)reps, reps);
        printf("bcr_repeat: %dx%d, %dx%d grid, blocks %d -> %d, %d ranks, %d repetitions%s\n", M,
               N, P, Q, mb[0], mb[1], size, reps, ref ? ", ScaLAPACK before each" : "");
        printf("%-9s %9s %9s\n", "", "ms", "/copy");
        for (int k = 0; k < NT; k++)
            printf("%-9s %9.3f %9.2f\n", names[k], 1e3 * med[k], med[k] / med[T_COPY]);
    }
    free(a);
    free(b);
    free(x);
    free(y);
    free(t);
    Cblacs_gridexit(ctxt);
    bcr_finalize();
    MPI_Finalize();
    return 0;
}
