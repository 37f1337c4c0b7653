#include "exec/counter_wait.h"

#include <limits.h>
#include <sched.h>
#include <time.h>

#include "base/failsafe.h"
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

/* A short spin first: with a core each, the partner is often a few
 * microseconds away, less than a sleep and a wake cost. */
#define BCR_SPINS 256

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Shared (not FUTEX_PRIVATE) operations: the counter lives in a mapping
 * several processes share.  A second at most, so the waiter can tell how
 * long it has waited (base/failsafe.h). */
static void sleep_while(bcr_counter *c, uint32_t seen)
{
#if defined(__linux__)
    struct timespec most = {1, 0};
    syscall(SYS_futex, (uint32_t *)&c->value, FUTEX_WAIT, seen, &most, NULL, 0);
#else
    (void)c;
    (void)seen;
    sched_yield();
#endif
}

static void wake_all(bcr_counter *c)
{
#if defined(__linux__)
    syscall(SYS_futex, (uint32_t *)&c->value, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
#else
    (void)c;
#endif
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

void bcr_counter_wait(bcr_counter *c, uint32_t target)
{
    double since = -1, limit = 0;
    for (int spin = 0;; spin++) {
        uint32_t v = atomic_load_explicit(&c->value, memory_order_acquire);
        if (bcr_counter_reached(v, target))
            return;
        if (spin < BCR_SPINS) {
            relax();
            continue;
        }
        /* Say so before looking again: a bump after that look sees the
         * sleeper (both sequentially consistent), and one before it
         * changed the value, which the system call checks. */
        if (since < 0) {
            since = now();
            limit = bcr_wait_limit();
        } else if (limit > 0 && now() - since > limit) {
            bcr_give_up("waited %.0f s for a process of this node to publish or read a "
                        "part in shared memory (BCR_TIMEOUT)", limit);
        }
        atomic_fetch_add(&c->sleepers, 1);
        v = atomic_load(&c->value);
        if (!bcr_counter_reached(v, target))
            sleep_while(c, v);
        atomic_fetch_sub(&c->sleepers, 1);
    }
}

void bcr_counter_bump(bcr_counter *c)
{
    atomic_fetch_add(&c->value, 1);
    if (atomic_load(&c->sleepers))
        wake_all(c);
}
