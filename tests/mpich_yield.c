/* For the tests under MPICH only: preloaded into every process of an MPI
 * test when bcredist is built with MPICH (tests/mpi_launch.cmake).
 *
 * MPICH 4.0's ch4 device waits for a message by turning its progress
 * engine in a loop that never gives up the processor, and has no setting
 * that makes it (MPIR_CVAR_POLLS_BEFORE_YIELD is read by the ch3 device
 * only).  With more ranks than cores, as in the tests, a waiting rank
 * spins through its whole time slice while the rank it waits for is not
 * running: a 4-rank sweep on 2 cores took 50 times as long as under Open
 * MPI, which yields when oversubscribed.
 *
 * Each turn of that loop calls UCX's ucp_worker_progress (Debian's MPICH
 * is ch4:ucx).  This definition, found before UCX's, runs UCX's and counts
 * the turns in a row that found nothing to do: after IDLE_TURNS of them
 * the thread sleeps SLEEP_NS, before that it yields.  Only sleeping frees
 * the core for ranks queued on the other one too: yielding alone left
 * 6- and 8-rank sweeps 4 times slower than with the sleep (and than Open
 * MPI's), under the same load.  What is sent and received is unchanged. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <time.h>

#define IDLE_TURNS 30
#define SLEEP_NS 100000

typedef struct ucp_worker *ucp_worker_h;
typedef unsigned (*progress_fn)(ucp_worker_h);

unsigned ucp_worker_progress(ucp_worker_h worker);

unsigned ucp_worker_progress(ucp_worker_h worker)
{
    static progress_fn ucx_progress;
    static _Thread_local unsigned idle_turns;
    progress_fn f = __atomic_load_n(&ucx_progress, __ATOMIC_ACQUIRE);
    if (!f) {
        *(void **)&f = dlsym(RTLD_NEXT, "ucp_worker_progress");
        __atomic_store_n(&ucx_progress, f, __ATOMIC_RELEASE);
    }
    unsigned events = f(worker);
    if (events) {
        idle_turns = 0;
    } else if (++idle_turns < IDLE_TURNS) {
        sched_yield();
    } else {
        struct timespec t = {0, SLEEP_NS};
        nanosleep(&t, NULL);
    }
    return events;
}
