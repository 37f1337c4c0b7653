#include "api/plan_flying.h"

#include <pthread.h>
#include <sched.h>

#include "base/failsafe.h"
#include "base/timers.h"

static pthread_mutex_t flying_lock = PTHREAD_MUTEX_INITIALIZER;
static bcr_plan_t flying;
static int flying_n;

int bcr_flying_try_hold(bcr_plan_t p)
{
    int free_ = 0;
    return atomic_compare_exchange_strong(&p->busy, &free_, 1);
}

void bcr_flying_hold(bcr_plan_t p)
{
    while (!bcr_flying_try_hold(p))
        sched_yield(); /* another thread's wait is moving it on, briefly */
}

void bcr_flying_let_go(bcr_plan_t p) { atomic_store(&p->busy, 0); }

void bcr_flying_add(bcr_plan_t p)
{
    pthread_mutex_lock(&flying_lock);
    p->prev_flying = NULL;
    p->next_flying = flying;
    if (flying)
        flying->prev_flying = p;
    flying = p;
    flying_n++;
    pthread_mutex_unlock(&flying_lock);
}

void bcr_flying_remove(bcr_plan_t p)
{
    pthread_mutex_lock(&flying_lock);
    if (p->prev_flying)
        p->prev_flying->next_flying = p->next_flying;
    else
        flying = p->next_flying;
    if (p->next_flying)
        p->next_flying->prev_flying = p->prev_flying;
    p->prev_flying = p->next_flying = NULL;
    flying_n--;
    pthread_mutex_unlock(&flying_lock);
}

int bcr_flying_count(void)
{
    pthread_mutex_lock(&flying_lock);
    int n = flying_n;
    pthread_mutex_unlock(&flying_lock);
    return n;
}

int bcr_flying_advance(bcr_plan_t p, int block)
{
    bcr_pool_set *before = bcr_pools_use(p->bufs);
    double t0 = bcr_phase_start();
    int done;
    int rc = bcr_plan_flight_advance(&p->flight, block, &done);
    bcr_phase_add(&bcr_phase_now.exchange, t0);
    bcr_pools_use(before);
    if (rc)
        bcr_give_up("%s while exchanging data",
                    rc == BCR_ERR_MPI ? "an MPI call failed" : "out of memory");
    return done;
}

int bcr_flying_advance_others(bcr_plan_t except)
{
    int any = 0;
    /* Held throughout, so that no plan leaves the list meanwhile; moving
     * one on never waits. */
    pthread_mutex_lock(&flying_lock);
    for (bcr_plan_t q = flying; q; q = q->next_flying)
        if (q != except && bcr_flying_try_hold(q)) {
            any |= bcr_flying_advance(q, 0);
            bcr_flying_let_go(q);
        }
    pthread_mutex_unlock(&flying_lock);
    return any;
}
