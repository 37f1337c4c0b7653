#include "exec/counter_wait.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/failsafe.h"
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#define BCR_HAVE_FUTEX 1
#else
#define BCR_HAVE_FUTEX 0
#endif

/* A short spin first: with a core each, the partner is often a few
 * microseconds away, less than a sleep and a wake cost. */
#define BCR_SPINS 256

/* Where there is no futex (or BCR_SHM_WAIT=poll asks for this path on
 * Linux, so that it is tested): the waiter looks again after sleeping a
 * while, 1 us at first, doubling to at most this. */
#define BCR_POLL_MAX_NS 1000000L

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Whether waits sleep on a futex: where the system has one, unless
 * BCR_SHM_WAIT=poll.  Read at every wait that gets as far as sleeping. */
static int futex_waits(void)
{
    const char *v = getenv("BCR_SHM_WAIT");
    return BCR_HAVE_FUTEX && !(v && !strcmp(v, "poll"));
}

#if BCR_HAVE_FUTEX
/* Shared (not FUTEX_PRIVATE) operations: the counter lives in a mapping
 * several processes share.  A second at most, so the waiter can tell how
 * long it has waited (base/failsafe.h). */
static void futex_sleep(bcr_counter *c, uint32_t seen)
{
    struct timespec most = {1, 0};
    syscall(SYS_futex, (uint32_t *)&c->value, FUTEX_WAIT, seen, &most, NULL, 0);
}

static void futex_wake(bcr_counter *c)
{
    syscall(SYS_futex, (uint32_t *)&c->value, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}
#endif

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Sleeps once, on the futex or for *pause (which grows); says so in
 * c->sleepers only around a futex sleep, the one a bump must wake. */
static void sleep_once(bcr_counter *c, uint32_t target, int futex, long *pause)
{
#if BCR_HAVE_FUTEX
    if (futex) {
        /* Say so before looking again: a bump after that look sees the
         * sleeper (both sequentially consistent), and one before it
         * changed the value, which the system call checks. */
        atomic_fetch_add(&c->sleepers, 1);
        uint32_t v = atomic_load(&c->value);
        if (!bcr_counter_reached(v, target))
            futex_sleep(c, v);
        atomic_fetch_sub(&c->sleepers, 1);
        return;
    }
#else
    (void)futex;
#endif
    (void)c;
    (void)target;
    struct timespec t = {0, *pause};
    nanosleep(&t, NULL);
    *pause = *pause * 2 > BCR_POLL_MAX_NS ? BCR_POLL_MAX_NS : *pause * 2;
}

void bcr_counter_wait(bcr_counter *c, uint32_t target)
{
    double since = -1, limit = 0;
    long pause = 1000;
    int futex = 0;
    for (int spin = 0;; spin++) {
        uint32_t v = atomic_load_explicit(&c->value, memory_order_acquire);
        if (bcr_counter_reached(v, target))
            return;
        if (spin < BCR_SPINS) {
            relax();
            continue;
        }
        if (since < 0) {
            since = now();
            limit = bcr_wait_limit();
            futex = futex_waits();
        } else if (limit > 0 && now() - since > limit) {
            bcr_give_up("waited %.0f s for a process of this node to publish or read a "
                        "part in shared memory (BCR_TIMEOUT)", limit);
        }
        sleep_once(c, target, futex, &pause);
    }
}

void bcr_counter_bump(bcr_counter *c)
{
    atomic_fetch_add(&c->value, 1);
#if BCR_HAVE_FUTEX
    /* Whatever this process's BCR_SHM_WAIT, a waiter asleep on the futex
     * is woken. */
    if (atomic_load(&c->sleepers))
        futex_wake(c);
#endif
}
