/* Concurrent calls from several threads of every process, each thread on
 * its own BLACS contexts (its own union context and grids, all made from
 * the same processes), at MPI_THREAD_MULTIPLE.
 *
 * The reference ScaLAPACK is not thread-safe, so every thread's expected B
 * is computed first, serially, on the main thread.  Then the threads run
 * their cases over and over at once (the routines and the plan API, in an
 * order that differs between threads), and every byte of B is compared
 * with the expectation after every call.  A run without
 * MPI_THREAD_MULTIPLE fails: it would prove nothing.
 *
 * With `omp` the threads are an OpenMP team instead: every call is made
 * from inside the caller's parallel region, where bcredist's kernels keep
 * to the calling thread (docs/api.md, "Threads"); the serial calls after
 * it may split across threads (BCR_THREADS, BCR_THREAD_MIN).
 *
 *   bcr_test_threads [threads] [rounds] [omp]
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "scalapack_ref.h"
#include "test_threads_cases.h"

#define MAXT 8

typedef struct {
    int id, rounds;
    tc_lane lane;
    tc_data *data;     /* one per case */
    void **expect;     /* B after the reference, one per case */
    long calls, bad, errors;
    char first_bad[200];
} worker;

static void *run_worker(void *arg)
{
    worker *w = arg;
    int nc = tc_ncases();
    for (int r = 0; r < w->rounds; r++) {
        for (int i = 0; i < nc; i++) {
            /* threads walk the cases in different orders, so different
             * routines, types and grid pairs overlap in time */
            int k = (i * (2 * w->id + 1) + r) % nc;
            const tc_case *c = tc_get(k);
            tc_data *d = &w->data[k];
            tc_reset_b(d);
            int use_plan = (r + k + w->id) % 3 == 0;
            int rc;
            if (use_plan) {
                rc = tc_run_plan(c, &w->lane, d);
            } else {
                tc_run_bcr(c, &w->lane, d);
                rc = bcr_last_error(NULL);
            }
            w->calls++;
            if (rc != BCR_SUCCESS)
                w->errors++;
            if (d->b && memcmp(d->b, w->expect[k], d->bbytes)) {
                if (!w->bad++)
                    snprintf(w->first_bad, sizeof w->first_bad,
                             "thread %d round %d case %d (%c%s, %s): B differs from the reference",
                             w->id, r, k, c->type, c->tr ? "trmr2d" : "gemr2d",
                             use_plan ? "plan" : "routine");
            }
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (provided < MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            printf("FAIL: MPI provides thread level %d, not MPI_THREAD_MULTIPLE (%d): the test "
                   "cannot run\n", provided, MPI_THREAD_MULTIPLE);
        MPI_Finalize();
        return 1;
    }
    int nthreads = argc > 1 ? atoi(argv[1]) : 3;
    int rounds = argc > 2 ? atoi(argv[2]) : 40;
    if (nthreads < 1 || nthreads > MAXT)
        nthreads = 3;
    int me, np;
    Cblacs_pinfo(&me, &np);

    /* Contexts, data and the reference, serially on this thread. */
    static worker ws[MAXT];
    int nc = tc_ncases();
    long setup_fail = 0;
    for (int t = 0; t < nthreads; t++) {
        worker *w = &ws[t];
        w->id = t;
        w->rounds = rounds;
        tc_lane_make(&w->lane);
        w->data = calloc((size_t)nc, sizeof *w->data);
        w->expect = calloc((size_t)nc, sizeof *w->expect);
        for (int k = 0; k < nc; k++) {
            tc_data *d = &w->data[k];
            if (tc_data_make(tc_get(k), &w->lane, 1000u * (unsigned)t + (unsigned)k, d))
                setup_fail++;
            tc_run_ref(tc_get(k), &w->lane, d);
            w->expect[k] = malloc(d->bbytes ? d->bbytes : 1);
            if (d->b)
                memcpy(w->expect[k], d->b, d->bbytes);
        }
    }

    double t0 = MPI_Wtime();
    int omp = argc > 3 && !strcmp(argv[3], "omp");
    if (omp) {
#ifdef _OPENMP
        int team = 0;
#pragma omp parallel num_threads(nthreads)
        {
#pragma omp single
            team = omp_get_num_threads();
            run_worker(&ws[omp_get_thread_num()]);
        }
        if (team != nthreads) {
            printf("FAIL [rank %d] the OpenMP team has %d threads, not %d\n", rank, team,
                   nthreads);
            setup_fail++;
        }
#else
        printf("FAIL [rank %d] built without OpenMP: `omp` cannot run\n", rank);
        setup_fail++;
#endif
    } else {
        pthread_t th[MAXT];
        for (int t = 0; t < nthreads; t++)
            pthread_create(&th[t], NULL, run_worker, &ws[t]);
        for (int t = 0; t < nthreads; t++)
            pthread_join(th[t], NULL);
    }
    double elapsed = MPI_Wtime() - t0;

    long calls = 0, bad = 0, errors = setup_fail;
    for (int t = 0; t < nthreads; t++) {
        calls += ws[t].calls;
        bad += ws[t].bad;
        errors += ws[t].errors;
        if (ws[t].bad)
            printf("FAIL [rank %d] %s (%ld calls differ)\n", rank, ws[t].first_bad, ws[t].bad);
    }
    if (errors)
        printf("FAIL [rank %d] %ld calls reported an error\n", rank, errors);

    /* After the threads, the serial path and bcr_finalize still work. */
    for (int t = 0; t < nthreads; t++) {
        for (int k = 0; k < nc; k++) {
            tc_data *d = &ws[t].data[k];
            tc_reset_b(d);
            tc_run_bcr(tc_get(k), &ws[t].lane, d);
            if (d->b && memcmp(d->b, ws[t].expect[k], d->bbytes)) {
                printf("FAIL [rank %d] serial call after the threads, lane %d case %d\n", rank,
                       t, k);
                bad++;
            }
        }
    }
    bcr_finalize();
    for (int t = 0; t < nthreads; t++) {
        for (int k = 0; k < nc; k++) {
            tc_data_free(&ws[t].data[k]);
            free(ws[t].expect[k]);
        }
        free(ws[t].data);
        free(ws[t].expect);
        tc_lane_free(&ws[t].lane);
    }

    long v[3] = {calls, bad, errors}, sum[3];
    MPI_Allreduce(v, sum, 3, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0)
        printf("threads: %d ranks x %d %s threads, %ld concurrent calls in %.2f s, %ld differ, "
               "%ld errors\n", size, nthreads, omp ? "OpenMP" : "POSIX", sum[0], elapsed, sum[1],
               sum[2]);
    Cblacs_exit(1);
    MPI_Finalize();
    return sum[1] || sum[2] ? 1 : 0;
}
