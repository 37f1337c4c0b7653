/* Split-phase plans: bcr_plan_start, bcr_plan_test, bcr_plan_wait.
 *
 * start is bcr_plan_execute's commit (collective) and the first half of
 * the first exchange (exec/plan_flight.h): receives posted, the shared
 * segment packed and published, sends posted as the schedule allows, the
 * local part copied.  test moves the flight on without waiting; wait
 * moves it to its end.  What follows a first exchange (the second
 * exchange of the indirect and transposed strategies, the next round)
 * begins in a test or wait once the one before has ended here.  While a
 * plan is in flight its messages live in buffers of its own (exec/pools.h),
 * so the thread may make other bcredist calls meanwhile.
 *
 * Misuse (a wait or test without a start, a second start, an execute or
 * destroy while in flight) is found on the calling process alone, before
 * any communication, and reported there. */
#include <sched.h>

#include "api/pipeline.h"
#include "api/plan_flying.h"
#include "api/plan_object.h"
#include "base/failsafe.h"
#include "base/timers.h"
#include "base/usage.h"
#include "bcredist.h"

static const char in_flight[] = "the plan is already in flight (started and not waited for)";
static const char not_started[] = "the plan was not started";

/* bcr_plan_start and bcr_plan_start_update: p's flight on ar (the
 * update's on A and the staging array), rq naming the routine and the
 * caller's arrays. */
static int start_now(bcr_plan_t p, bcr_request *rq_in, const bcr_arrays *ar_in)
{
    bcr_request rq = *rq_in;
    bcr_err e = {BCR_SUCCESS, -1, ""};
    if (!p->ops->commit) { /* nothing to move: complete at once */
        p->state = BCR_PLAN_COMPLETE;
        bcr_err_clear_last();
        return BCR_SUCCESS;
    }
    p->state = BCR_PLAN_IDLE;
    if (!p->bufs && !(p->bufs = bcr_pool_set_new()))
        bcr_err_plain(&e, &rq, BCR_ERR_NOMEM, "out of memory for the plan's buffers");
    /* A failure here is agreed in the commit like any other. */
    bcr_pool_set *before = bcr_pools_use(p->bufs);
    bcr_options opt;
    bcr_shm *sh;
    int rc = bcr_plan_commit_run(p, &rq, &opt, &e, &sh);
    if (rc == BCR_SUCCESS && !p->ops->flight) { /* a kind with no flight runs whole here */
        p->ops->exchange(p, &rq, ar_in, &opt, sh);
        if (p->ops->finish)
            p->ops->finish(p);
        bcr_stage_keep(sh, &opt);
        p->state = BCR_PLAN_COMPLETE;
    } else if (rc == BCR_SUCCESS) {
        bcr_flying_hold(p);
        bcr_idx n;
        const bcr_plan *plans = p->ops->flight(p, &n);
        bcr_arrays ar = *ar_in;
        p->sh = sh;
        p->run_opt = opt;
        double t0 = bcr_phase_start();
        int frc = bcr_fault("exchange")
                      ? BCR_ERR_MPI
                      : bcr_plan_flight_begin(&p->flight, plans, n, &ar, p->procs.comm, sh,
                                              &opt.exec, 0);
        bcr_phase_add(&bcr_phase_now.exchange, t0);
        if (frc) /* as bcr_stage_exchange: partners may be waiting */
            bcr_give_up("%s while exchanging data",
                        frc == BCR_ERR_MPI ? "an MPI call failed" : "out of memory");
        p->state = BCR_PLAN_IN_FLIGHT;
        bcr_flying_add(p);
        bcr_flying_let_go(p);
    }
    bcr_pools_use(before);
    return bcr_err_finish(&e, &rq, rc);
}

static int start(bcr_plan_t p, bcr_request *rq, const bcr_arrays *ar)
{
    double t0 = bcr_usage_start();
    bcr_usage_plan(0);
    int rc = start_now(p, rq, ar);
    bcr_usage_record(rq->routine, t0);
    return rc;
}

int bcr_plan_start(bcr_plan_t p, const void *a, void *b)
{
    bcr_request rq = {.routine = "bcr_plan_start", .a = a, .b = b};
    bcr_failsafe_enter(rq.routine);
    BCR_TRY(bcr_plan_run_checks(p, rq.routine, 0, NULL, NULL, in_flight));
    bcr_arrays ar = {a, p->lda, b, p->ldb, p->elsize, NULL};
    return start(p, &rq, &ar);
}

int bcr_plan_start_update(bcr_plan_t p, const void *alpha, const void *a, const void *beta,
                          void *c)
{
    bcr_request rq = {.routine = "bcr_plan_start_update", .a = a, .b = c};
    bcr_failsafe_enter(rq.routine);
    BCR_TRY(bcr_plan_run_checks(p, rq.routine, 1, alpha, beta, in_flight));
    bcr_arrays ar;
    bcr_plan_update_run(p, alpha, a, beta, c, &ar);
    return start(p, &rq, &ar);
}

/* p's part is done: it leaves the list (the caller holds its flag).  What
 * it keeps is cut to BCR_KEEP_BYTES: this thread's buffers always, its
 * shared segment only in a wait (that may wait for its readers). */
static void complete(bcr_plan_t p, int in_wait)
{
    bcr_flying_remove(p);
    if (p->ops->finish)
        p->ops->finish(p);
    bcr_stage_keep(in_wait ? p->sh : NULL, &p->run_opt);
    p->state = in_wait ? BCR_PLAN_IDLE : BCR_PLAN_COMPLETE;
}

int bcr_plan_test(bcr_plan_t p, int *flag)
{
    const char *routine = "bcr_plan_test";
    bcr_failsafe_enter(routine);
    if (!p)
        return bcr_plan_misuse(routine, 1, "plan", "plan is NULL");
    if (!flag)
        return bcr_plan_misuse(routine, 2, "flag", "flag is NULL");
    *flag = 0;
    if (p->state == BCR_PLAN_IDLE)
        return bcr_plan_misuse(routine, 1, "plan", not_started);
    if (p->state == BCR_PLAN_IN_FLIGHT && bcr_flying_try_hold(p)) {
        double t0 = bcr_usage_start();
        /* Not held: another thread's wait is moving it on right now.
         * The combine schedule's relayed messages move only in a blocking
         * step (exec/run_combine.h): a test that reaches them runs them,
         * or a loop of tests would never end. */
        int done = bcr_flying_advance(p, 0);
        if (!done && bcr_plan_flight_needs_block(&p->flight))
            done = bcr_flying_advance(p, 1);
        if (done)
            complete(p, 0);
        bcr_flying_let_go(p);
        bcr_usage_record(routine, t0);
    }
    *flag = p->state == BCR_PLAN_COMPLETE;
    bcr_err_clear_last();
    return BCR_SUCCESS;
}

/* Move p to its end while moving the process's other plans in flight on:
 * blocking where p is alone in flight, polling otherwise (a partner may
 * wait, in its own wait, for one of them). */
static void finish(bcr_plan_t p)
{
    double limit = bcr_wait_limit(), t0 = MPI_Wtime();
    for (;;) {
        int alone = bcr_flying_count() <= 1 || bcr_plan_flight_needs_block(&p->flight);
        if (bcr_flying_advance(p, alone))
            return;
        if (!bcr_flying_advance_others(p))
            sched_yield(); /* let the partners on this node run */
        if (limit > 0 && MPI_Wtime() - t0 > limit)
            bcr_give_up("waited %.0f s for the plan's messages (BCR_TIMEOUT)", limit);
    }
}

int bcr_plan_wait(bcr_plan_t p)
{
    const char *routine = "bcr_plan_wait";
    bcr_failsafe_enter(routine);
    if (!p)
        return bcr_plan_misuse(routine, 1, "plan", "plan is NULL");
    if (p->state == BCR_PLAN_IDLE)
        return bcr_plan_misuse(routine, 1, "plan", not_started);
    bcr_flying_hold(p);
    if (p->state == BCR_PLAN_IN_FLIGHT) {
        double t0 = bcr_usage_start();
        finish(p);
        complete(p, 1);
        bcr_usage_record(routine, t0);
    }
    p->state = BCR_PLAN_IDLE;
    bcr_flying_let_go(p);
    bcr_err_clear_last();
    return BCR_SUCCESS;
}
