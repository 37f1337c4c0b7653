/* Split-phase plans: how much of a redistribution hides behind
 * computation.  One case (bcr_repeat's short form: both grids P x Q,
 * square blocks MB_A and MB_B, doubles) through one plan, and a compute
 * kernel (a DAXPY over a private array, in slices) sized, from its own
 * measured time, to take about as long as bcr_plan_execute.  Four ways, alternated within each
 * repetition, each between barriers, timed on the slowest process:
 *
 *   exec      bcr_plan_execute alone
 *   kernel    the kernel alone
 *   test      bcr_plan_start, the kernel with bcr_plan_test after every
 *             slice, bcr_plan_wait
 *   notest    bcr_plan_start, the kernel, bcr_plan_wait
 *
 * Printed: medians in ms, and overlap = (exec + kernel) / (start ...
 * wait): 1 when nothing overlaps, 2 when the two hide each other fully.
 * B of every split run is compared with bcr_plan_execute's.
 *
 *   mpiexec -n P*Q bcr_overlap [--reps R] [--slices S] [M N P Q MB_A MB_B]
 *   (default: 4096 4096 2 2 64 16, 9 repetitions, 64 slices) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "scalapack_ref.h"

enum { W_EXEC, W_KERNEL, W_TEST, W_NOTEST, NW };
static const char *const names[NW] = {"exec", "kernel", "start+kernel+test+wait",
                                      "start+kernel+wait"};

static double *kx, *ky;
static size_t kn;

/* One slice of the kernel: a pass of y += 1.0000001 x over the arrays. */
static void kernel_slice(void)
{
    for (size_t i = 0; i < kn; i++)
        ky[i] += 1.0000001 * kx[i];
}

static void kernel(int slices, bcr_plan_t p)
{
    for (int s = 0; s < slices; s++) {
        kernel_slice();
        if (p) {
            int flag;
            bcr_plan_test(p, &flag);
        }
    }
}

static double slowest(double t)
{
    double m;
    MPI_Allreduce(&t, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return m;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, reps = 9, slices = 64, a = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (; a + 1 < argc && argv[a][0] == '-'; a += 2) {
        if (!strcmp(argv[a], "--reps"))
            reps = atoi(argv[a + 1]);
        else if (!strcmp(argv[a], "--slices"))
            slices = atoi(argv[a + 1]);
    }
    int M = 4096, N = 4096, P = 2, Q = 2, MBA = 64, MBB = 16;
    if (argc - a == 6) {
        M = atoi(argv[a]);
        N = atoi(argv[a + 1]);
        P = atoi(argv[a + 2]);
        Q = atoi(argv[a + 3]);
        MBA = atoi(argv[a + 4]);
        MBB = atoi(argv[a + 5]);
    }
    if (P * Q != size || reps < 1 || slices < 1) {
        if (!rank)
            fprintf(stderr, "bcr_overlap: needs P*Q = %d processes, reps and slices >= 1\n",
                    size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int bp, bn, ctx;
    Cblacs_pinfo(&bp, &bn);
    Cblacs_get(-1, 0, &ctx);
    Cblacs_gridinit(&ctx, "Row", P, Q);
    int nprow, npcol, myrow, mycol, zero = 0;
    Cblacs_gridinfo(ctx, &nprow, &npcol, &myrow, &mycol);
    int ra = numroc_(&M, &MBA, &myrow, &zero, &P), ca = numroc_(&N, &MBA, &mycol, &zero, &Q);
    int rb = numroc_(&M, &MBB, &myrow, &zero, &P), cb = numroc_(&N, &MBB, &mycol, &zero, &Q);
    int lda = ra > 1 ? ra : 1, ldb = rb > 1 ? rb : 1;
    int desca[9] = {1, ctx, M, N, MBA, MBA, 0, 0, lda};
    int descb[9] = {1, ctx, M, N, MBB, MBB, 0, 0, ldb};
    size_t na = (size_t)lda * (size_t)(ca > 1 ? ca : 1), nb = (size_t)ldb * (size_t)(cb > 1 ? cb : 1);
    double *A = malloc(na * sizeof *A), *B = malloc(nb * sizeof *B), *B1 = malloc(nb * sizeof *B);
    for (size_t i = 0; i < na; i++)
        A[i] = (double)i + rank * 1e9;
    memset(B, 0, nb * sizeof *B);
    bcr_plan_t p = bcr_plan_create('d', NULL, NULL, M, N, 1, 1, desca, 1, 1, descb, ctx);
    if (!p)
        MPI_Abort(MPI_COMM_WORLD, 3);
    for (int w = 0; w < 3; w++) /* warm: the plan's shared segments, the pools */
        bcr_plan_execute(p, A, B);
    memcpy(B1, B, nb * sizeof *B);

    /* The kernel sized to the exchange: slices passes over arrays of kn. */
    double te[5];
    for (int r = 0; r < 5; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        bcr_plan_execute(p, A, B);
        te[r] = slowest(MPI_Wtime() - t0);
    }
    double t_exec = median(te, 5);
    kn = 1 << 16;
    kx = calloc(kn, sizeof *kx);
    ky = calloc(kn, sizeof *ky);
    double t0 = MPI_Wtime();
    for (int s = 0; s < 32; s++)
        kernel_slice();
    double per = slowest(MPI_Wtime() - t0) / (32.0 * (double)kn);
    /* Per element time grows once the arrays leave the caches: sized
     * again from the kernel's own time, a few times. */
    for (int fit = 0; fit < 4; fit++) {
        kn = (size_t)(t_exec / per / slices);
        if (kn < 1024)
            kn = 1024;
        free(kx);
        free(ky);
        kx = calloc(kn, sizeof *kx);
        ky = calloc(kn, sizeof *ky);
        MPI_Barrier(MPI_COMM_WORLD);
        t0 = MPI_Wtime();
        kernel(slices, NULL);
        per = slowest(MPI_Wtime() - t0) / ((double)slices * (double)kn);
    }

    double *t[NW];
    for (int w = 0; w < NW; w++)
        t[w] = malloc((size_t)reps * sizeof(double));
    int bad = 0;
    for (int r = 0; r < reps; r++)
        for (int k = 0; k < NW; k++) {
            int w = (k + r) % NW; /* alternated */
            memset(B, 0, nb * sizeof *B);
            MPI_Barrier(MPI_COMM_WORLD);
            double s0 = MPI_Wtime();
            if (w == W_EXEC)
                bcr_plan_execute(p, A, B);
            else if (w == W_KERNEL)
                kernel(slices, NULL);
            else {
                bcr_plan_start(p, A, B);
                kernel(slices, w == W_TEST ? p : NULL);
                bcr_plan_wait(p);
            }
            t[w][r] = slowest(MPI_Wtime() - s0);
            if (w != W_KERNEL)
                bad |= memcmp(B, B1, nb * sizeof *B) != 0;
        }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    double med[NW];
    for (int w = 0; w < NW; w++)
        med[w] = median(t[w], reps);
    if (!rank) {
        const char *shm = getenv("BCR_SHM"), *st = getenv("BCR_STRATEGY");
        printf("bcr_overlap: %d x %d, %d x %d grid, blocks %d -> %d, %d ranks, BCR_SHM=%s, "
               "BCR_STRATEGY=%s, %d reps, %d slices\n",
               M, N, P, Q, MBA, MBB, size, shm ? shm : "(default)", st ? st : "(default)", reps,
               slices);
        for (int w = 0; w < NW; w++)
            printf("  %-24s %9.2f ms\n", names[w], med[w] * 1e3);
        printf("  overlap with test    %.2f\n", (med[W_EXEC] + med[W_KERNEL]) / med[W_TEST]);
        printf("  overlap without test %.2f\n", (med[W_EXEC] + med[W_KERNEL]) / med[W_NOTEST]);
        printf("  results %s\n", bad ? "DIFFER" : "identical to bcr_plan_execute");
    }
    bcr_plan_destroy(p);
    MPI_Finalize();
    return bad;
}
