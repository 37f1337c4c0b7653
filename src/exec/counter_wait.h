/* Waiting for a counter in memory shared between processes to reach a
 * value, asleep: where processes outnumber cores, a waiter that polls
 * takes the core from the process it waits for.  It sleeps on a futex on
 * Linux; elsewhere, or with BCR_SHM_WAIT=poll, it sleeps a growing while
 * (1 us to 1 ms) between looks.  Either way it gives up after BCR_TIMEOUT
 * (base/failsafe.h). */
#ifndef BCR_EXEC_COUNTER_WAIT_H
#define BCR_EXEC_COUNTER_WAIT_H

#include <stdatomic.h>
#include <stdint.h>

/* The value, and how many are asleep on it: a bump only makes the system
 * call that wakes them when someone sleeps. */
typedef struct {
    _Atomic uint32_t value;
    _Atomic uint32_t sleepers;
} bcr_counter;

/* Whether counter value v has reached target, counting modulo 2^32 (the
 * counters only grow, and never run 2^31 ahead of their readers). */
static inline int bcr_counter_reached(uint32_t v, uint32_t target)
{
    return (int32_t)(v - target) >= 0;
}

/* Returns once *c has reached target; what was written before the
 * increment that reached it is visible after. */
void bcr_counter_wait(bcr_counter *c, uint32_t target);

/* Add one (making what this process wrote before visible with it) and
 * wake whoever waits on c. */
void bcr_counter_bump(bcr_counter *c);

#endif
