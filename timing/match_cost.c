/* bcr_match_cost: what MPI's message matching costs per queue entry
 * searched, measured between two ranks (bcr_simulate's --match term).
 *
 *   mpiexec -n 2 bcr_match_cost [--reps R]
 *
 * For K messages of 8 bytes (eager) from rank 1 to rank 0 with K distinct
 * tags, three ways:
 *   in order    rank 0 posts K receives, tags 0 .. K-1, then rank 1 sends
 *               tags 0 .. K-1: each arrival matches the head of the
 *               posted-receive queue (the baseline, no search);
 *   posted      the same receives, sends in tags K-1 .. 0: the arrival of
 *               tag j passes the j receives posted before it and still
 *               unmatched, (K-1)/2 entries on average;
 *   unexpected  rank 1 sends tags 0 .. K-1 first; once all are at rank 0
 *               (it probes for the last), rank 0 posts receives in tags
 *               K-1 .. 0: posting tag j passes the j messages that arrived
 *               before it, (K-1)/2 on average.
 * The unexpected baseline posts tags 0 .. K-1 after the same sends.
 * Rank 0 times from when the receives or the sends are in place to the
 * last receive complete (posted: from before the barrier that releases the
 * sends); the median of R repetitions, variants alternated.
 * Cost per entry = (time per message - its baseline's) / ((K-1)/2), and a
 * least-squares slope over K >= 64 of the same difference against (K-1)/2.
 *
 * All messages come from one source, as the measurement needs; an MPI that
 * keeps a posted and an unexpected queue per source (Open MPI's ob1) then
 * searches the whole of them, but would search none for receives from
 * distinct sources, one each. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { IN_ORDER, POSTED, UNEXP_IN_ORDER, UNEXPECTED, NVAR };
static const char *const var_names[NVAR] = {"in order", "posted", "unexp base", "unexpected"};

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One repetition of variant v with K messages; rank 0's seconds. */
static double run_once(int v, int K, int rank, MPI_Request *req, MPI_Status *st, double *buf)
{
    double t = 0;
    int reverse = v == POSTED || v == UNEXPECTED;
    if (v == IN_ORDER || v == POSTED) {
        if (rank == 0)
            for (int k = 0; k < K; k++)
                MPI_Irecv(buf + k, 1, MPI_DOUBLE, 1, k, MPI_COMM_WORLD, req + k);
        /* Rank 0's clock starts before the barrier: rank 1 may leave it
         * first, and what arrives while rank 0 is still in it is matched
         * there.  The barrier is in both variants alike. */
        t = MPI_Wtime();
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
            MPI_Waitall(K, req, st);
            t = MPI_Wtime() - t;
        } else {
            for (int k = 0; k < K; k++)
                MPI_Send(buf, 1, MPI_DOUBLE, 0, reverse ? K - 1 - k : k, MPI_COMM_WORLD);
        }
    } else {
        if (rank == 1)
            for (int k = 0; k < K; k++)
                MPI_Send(buf, 1, MPI_DOUBLE, 0, k, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0) {
            /* Per source messages arrive in order: the last in means all in. */
            MPI_Probe(1, K - 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            t = MPI_Wtime();
            for (int k = 0; k < K; k++) {
                int tag = reverse ? K - 1 - k : k;
                MPI_Irecv(buf + tag, 1, MPI_DOUBLE, 1, tag, MPI_COMM_WORLD, req + k);
            }
            MPI_Waitall(K, req, st);
            t = MPI_Wtime() - t;
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return t;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, reps = 9;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[++i]);
    if (size != 2 || reps < 1) {
        if (rank == 0)
            fprintf(stderr, "bcr_match_cost: run on exactly 2 ranks, --reps >= 1\n");
        MPI_Finalize();
        return 1;
    }
    static const int Ks[] = {1, 4, 16, 64, 256, 1024, 4096};
    enum { NK = sizeof Ks / sizeof Ks[0] };
    int Kmax = Ks[NK - 1];
    MPI_Request *req = malloc((size_t)Kmax * sizeof *req);
    MPI_Status *st = malloc((size_t)Kmax * sizeof *st);
    double *buf = calloc((size_t)Kmax, sizeof *buf);
    double *t = malloc((size_t)reps * NVAR * sizeof *t);
    if (!req || !st || !buf || !t)
        MPI_Abort(MPI_COMM_WORLD, 2);
    double per[NK][NVAR];
    for (int ki = 0; ki < NK; ki++) {
        int K = Ks[ki];
        /* Small K: repeat within one timing so the clock resolves it. */
        int inner = K >= 256 ? 1 : 256 / K;
        for (int v = 0; v < NVAR; v++)
            run_once(v, K, rank, req, st, buf); /* warm-up */
        for (int r = 0; r < reps; r++)
            for (int v = 0; v < NVAR; v++) {
                double s = 0;
                for (int i = 0; i < inner; i++)
                    s += run_once(v, K, rank, req, st, buf);
                t[v * reps + r] = s / inner;
            }
        for (int v = 0; v < NVAR; v++) {
            qsort(t + v * reps, (size_t)reps, sizeof *t, cmp_double);
            per[ki][v] = t[v * reps + reps / 2] / K;
        }
    }
    if (rank == 0) {
        printf("%6s", "K");
        for (int v = 0; v < NVAR; v++)
            printf(" %12s", var_names[v]);
        printf(" %14s %14s\n", "posted/entry", "unexp/entry");
        printf("%6s", "");
        for (int v = 0; v < NVAR; v++)
            printf(" %12s", "ns/msg");
        printf(" %14s %14s\n", "ns", "ns");
        for (int ki = 0; ki < NK; ki++) {
            printf("%6d", Ks[ki]);
            for (int v = 0; v < NVAR; v++)
                printf(" %12.1f", 1e9 * per[ki][v]);
            double half = (Ks[ki] - 1) / 2.0;
            if (half > 0)
                printf(" %14.2f %14.2f\n", 1e9 * (per[ki][POSTED] - per[ki][IN_ORDER]) / half,
                       1e9 * (per[ki][UNEXPECTED] - per[ki][UNEXP_IN_ORDER]) / half);
            else
                printf(" %14s %14s\n", "-", "-");
        }
        /* Least squares over K >= 64: difference = a + c * (K-1)/2. */
        for (int q = 0; q < 2; q++) {
            int hi = q ? UNEXPECTED : POSTED, lo = q ? UNEXP_IN_ORDER : IN_ORDER;
            double sx = 0, sy = 0, sxx = 0, sxy = 0;
            int n = 0;
            for (int ki = 0; ki < NK; ki++) {
                if (Ks[ki] < 64)
                    continue;
                double x = (Ks[ki] - 1) / 2.0, y = per[ki][hi] - per[ki][lo];
                sx += x;
                sy += y;
                sxx += x * x;
                sxy += x * y;
                n++;
            }
            double c = (n * sxy - sx * sy) / (n * sxx - sx * sx);
            printf("%s queue: %.2f ns per entry searched (slope, K >= 64)\n",
                   q ? "unexpected" : "posted-receive", 1e9 * c);
        }
    }
    free(req);
    free(st);
    free(buf);
    free(t);
    MPI_Finalize();
    return 0;
}
