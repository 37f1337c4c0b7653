/* bcr_pingpong: the time of one small message between two ranks, for
 * bcr_simulate's --latency and --overhead terms.
 *
 *   mpiexec -n 2 [--mca btl tcp,self] bcr_pingpong [BYTES [--reps N]]
 *
 * Rank 0 sends BYTES (8 by default) to rank 1, which sends them back;
 * ITER such round trips make one repetition, timed on rank 0.  Printed:
 * the median over N repetitions (after one untimed) of half a round trip,
 * which is one message's overhead at both ends plus its flight; the
 * simulator's latency + overhead of a message should add up to it. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ITER = 1000 };

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int bytes = argc > 1 ? atoi(argv[1]) : 8, reps = 21;
    if (argc > 3 && !strcmp(argv[2], "--reps"))
        reps = atoi(argv[3]);
    if (size != 2 || bytes < 1 || reps < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: mpiexec -n 2 bcr_pingpong [BYTES [--reps N]]\n");
        MPI_Finalize();
        return 2;
    }
    char *buf = calloc((size_t)bytes, 1);
    double *t = malloc((size_t)reps * sizeof *t);
    if (!buf || !t)
        MPI_Abort(MPI_COMM_WORLD, 1);
    for (int r = -1; r < reps; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (int i = 0; i < ITER; i++) {
            if (rank == 0) {
                MPI_Send(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
                MPI_Recv(buf, bytes, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            } else {
                MPI_Recv(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                MPI_Send(buf, bytes, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
            }
        }
        if (r >= 0)
            t[r] = (MPI_Wtime() - t0) / (2.0 * ITER);
    }
    if (rank == 0) {
        qsort(t, (size_t)reps, sizeof *t, cmp_double);
        printf("%d bytes: one-way %.2f us (median of %d), least %.2f us, most %.2f us\n", bytes,
               1e6 * t[reps / 2], reps, 1e6 * t[0], 1e6 * t[reps - 1]);
    }
    free(buf);
    free(t);
    MPI_Finalize();
    return 0;
}
