#include "base/threads.h"

#include <stdlib.h>

#ifdef _OPENMP
#include <omp.h>
#endif

static _Thread_local int wanted;
static _Thread_local long long least = BCR_THREAD_MIN_DEFAULT;
/* The most threads a copy of this thread's call may take; 0: not yet
 * worked out since the call read its switches (once a call, not once a
 * copy: the default reads the environment). */
static _Thread_local int most;

void bcr_threads_want(int n, long long min_bytes)
{
    wanted = n > 0 ? n : 0;
    least = min_bytes > 0 ? min_bytes : 1;
    most = 0;
}

#ifdef _OPENMP
/* Neither BCR_THREADS nor OMP_NUM_THREADS set: the cores this process may
 * run on, shared among the job's processes on this node as the launcher
 * counts them (Open MPI's OMPI_COMM_WORLD_LOCAL_SIZE, MPICH's
 * MPI_LOCALNRANKS), so that processes which fill the cores do not each
 * start a team of threads that then wait for cores. */
static int default_threads(void)
{
    if (getenv("OMP_NUM_THREADS"))
        return omp_get_max_threads();
    const char *v = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
    if (!v)
        v = getenv("MPI_LOCALNRANKS");
    int local = v ? atoi(v) : 1;
    int n = omp_get_num_procs() / (local > 1 ? local : 1);
    return n > 1 ? n : 1;
}

/* Unless BCR_THREADS says exactly, no more threads than the cores the
 * process may run on: more would only take turns on them (Open MPI binds
 * a rank to one core by default). */
static int most_threads(void)
{
    if (!most) {
        most = wanted;
        if (!most) {
            most = default_threads();
            if (most > omp_get_num_procs())
                most = omp_get_num_procs();
        }
    }
    return most;
}
#endif

int bcr_threads_for(size_t bytes)
{
#ifdef _OPENMP
    if (omp_in_parallel())
        return 1;
    int n = most_threads();
    size_t fits = bytes / (size_t)least;
    if (fits < (size_t)n)
        n = (int)fits;
    return n > 1 ? n : 1;
#else
    (void)bytes;
    return 1;
#endif
}

void bcr_threads_each(int nt, bcr_idx n, bcr_piece_fn fn, void *ctx)
{
#ifdef _OPENMP
    if (nt > 1 && n > 1) {
        if (nt > n)
            nt = (int)n;
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1)
        for (bcr_idx k = 0; k < n; k++)
            fn(ctx, k, omp_get_thread_num());
        return;
    }
#else
    (void)nt;
#endif
    for (bcr_idx k = 0; k < n; k++)
        fn(ctx, k, 0);
}
