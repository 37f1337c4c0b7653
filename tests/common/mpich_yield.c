/* For the tests under MPICH only: preloaded into every process of an MPI
 * test when bcredist is built with MPICH (tests/common/mpi_launch.cmake).
 *
 * MPICH 4.0's ch4 device waits for a message by turning its progress
 * engine in a loop that never gives up the processor, and has no setting
 * that makes it (MPIR_CVAR_POLLS_BEFORE_YIELD is read by the ch3 device
 * only).  With more ranks than cores, as in the tests, a waiting rank
 * spins through its whole time slice while the rank it waits for is not
 * running: a 4-rank sweep on 2 cores took about 50 times as long as under
 * Open MPI, which yields when oversubscribed.
 *
 * Each turn of that loop calls UCX's ucp_worker_progress (Debian's MPICH
 * is ch4:ucx).  This definition, found before UCX's, runs UCX's and then,
 * by how long this thread has been turning without UCX events: up to
 * SPIN_NS nothing (short waits stay as fast as MPICH makes them), then it
 * yields, and past YIELD_NS it sleeps SLEEP_NS a turn, which frees the
 * core for ranks queued on the other one too.  Messages within the node go
 * through MPICH's own shared memory, which UCX does not see, so a wait is
 * told from other work by the turns coming back to back: a gap of more
 * than GAP_NS since the last one starts a new wait.  Counting turns
 * instead made the 1-rank sweep 5 times slower; yielding alone left some
 * 6- and 8-rank sweeps 2 to 4 times slower than this.  As Open MPI does,
 * only where the node has more of the job's ranks than cores
 * (MPI_LOCALNRANKS, which MPICH's launcher sets): with a core each, a
 * waiting rank may as well spin, and a yield would hand the core to other
 * work on the machine.  What is sent and received is unchanged. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define SPIN_NS 20000
#define YIELD_NS 200000
#define SLEEP_NS 100000
#define GAP_NS 20000

typedef struct ucp_worker *ucp_worker_h;
typedef unsigned (*progress_fn)(ucp_worker_h);

unsigned ucp_worker_progress(ucp_worker_h worker);

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Whether the node has more of the job's ranks than cores. */
static int oversubscribed(void)
{
    const char *v = getenv("MPI_LOCALNRANKS");
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return v && cores > 0 && atol(v) > cores;
}

unsigned ucp_worker_progress(ucp_worker_h worker)
{
    static progress_fn ucx_progress;
    static int yielding;
    static _Thread_local long long wait_start, last_turn;
    progress_fn f = __atomic_load_n(&ucx_progress, __ATOMIC_ACQUIRE);
    if (!f) {
        __atomic_store_n(&yielding, oversubscribed(), __ATOMIC_RELAXED);
        *(void **)&f = dlsym(RTLD_NEXT, "ucp_worker_progress");
        __atomic_store_n(&ucx_progress, f, __ATOMIC_RELEASE);
    }
    unsigned events = f(worker);
    if (!__atomic_load_n(&yielding, __ATOMIC_RELAXED))
        return events;
    long long t = now_ns();
    if (events || t - last_turn > GAP_NS)
        wait_start = t;
    long long waited = t - wait_start;
    if (waited >= YIELD_NS) {
        struct timespec pause = {0, SLEEP_NS};
        nanosleep(&pause, NULL);
    } else if (waited >= SPIN_NS) {
        sched_yield();
    }
    last_turn = now_ns();
    return events;
}
