/* bcr_mpi_floor: the least time any redistribution library can take to
 * move a given volume through MPI here, to judge bcr_timing's figures by.
 *
 *   mpiexec -n P [--mca btl tcp,self] bcr_mpi_floor BYTES [--reps N]
 *
 * Every rank holds BYTES and sends an equal share to every other rank, all
 * at once (MPI_Isend / MPI_Irecv of contiguous buffers, then
 * MPI_Waitall), as a block-cyclic redistribution between two grids of P
 * processes does when every process is a partner of every other.  Three
 * variants take turns, each the median over N repetitions of the slowest
 * rank:
 *   messages          the messages alone;
 *   + copies          a memcpy of the whole local array before (packing)
 *                     and after (unpacking), as any library must make
 *                     where blocks do not line up;
 *   + agreement       and one MPI_Allreduce of 128 long longs before, as
 *                     bcredist's check of a call's arguments is. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MESSAGES, COPIES, AGREEMENT, VARIANTS };

static const char *const names[VARIANTS] = {"messages", "+ copies", "+ agreement"};

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double one_run(int variant, char *a, char *s, char *r, char *b, size_t share,
                      MPI_Request *req, MPI_Status *st)
{
    int n, me;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (variant == AGREEMENT) {
        long long v[128] = {0}, w[128];
        MPI_Allreduce(v, w, 128, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    }
    int nr = 0;
    for (int d = 1; d < n; d++) {
        int src = (me - d + n) % n;
        MPI_Irecv(r + (size_t)src * share, (int)share, MPI_BYTE, src, 1, MPI_COMM_WORLD,
                  &req[nr++]);
    }
    if (variant != MESSAGES)
        memcpy(s, a, share * (size_t)n);
    for (int d = 1; d < n; d++) {
        int dst = (me + d) % n;
        MPI_Isend(s + (size_t)dst * share, (int)share, MPI_BYTE, dst, 1, MPI_COMM_WORLD,
                  &req[nr++]);
    }
    MPI_Waitall(nr, req, st);
    if (variant != MESSAGES)
        memcpy(b, r, share * (size_t)n);
    double dt = MPI_Wtime() - t0, most;
    MPI_Allreduce(&dt, &most, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return most;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int n, me;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    long long bytes = argc > 1 ? atoll(argv[1]) : 0;
    int reps = 9;
    for (int i = 2; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]);
    size_t share = bytes > 0 ? (size_t)(bytes / n) : 0;
    if (share == 0 || share > 1u << 30 || reps < 1) {
        if (me == 0)
            fprintf(stderr, "usage: bcr_mpi_floor BYTES [--reps N] (BYTES / ranks in 1 .. "
                            "2^30)\n");
        MPI_Finalize();
        return 2;
    }
    size_t all = share * (size_t)n;
    char *a = malloc(all), *s = malloc(all), *r = malloc(all), *b = malloc(all);
    MPI_Request *req = malloc(2 * (size_t)n * sizeof *req);
    MPI_Status *st = malloc(2 * (size_t)n * sizeof *st);
    double *t = malloc((size_t)VARIANTS * (size_t)reps * sizeof *t);
    if (!a || !s || !r || !b || !req || !st || !t)
        MPI_Abort(MPI_COMM_WORLD, 1);
    memset(a, 1, all);
    memset(s, 0, all);
    memset(r, 0, all);
    memset(b, 0, all);
    for (int k = 0; k < reps; k++) /* the variants take turns */
        for (int v = 0; v < VARIANTS; v++)
            t[v * reps + k] = one_run(v, a, s, r, b, share, req, st);
    if (me == 0) {
        printf("bcr_mpi_floor: %d ranks, %lld bytes per rank, %zu to each other rank, "
               "median of %d\n", n, bytes, share, reps);
        for (int v = 0; v < VARIANTS; v++) {
            qsort(t + v * reps, (size_t)reps, sizeof *t, cmp_double);
            printf("  %-12s %8.4f s\n", names[v], t[v * reps + reps / 2]);
        }
    }
    free(a);
    free(s);
    free(r);
    free(b);
    free(req);
    free(st);
    free(t);
    MPI_Finalize();
    return 0;
}
