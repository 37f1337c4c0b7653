/* Running a batch: bcr_batch_execute, or split in bcr_batch_start,
 * bcr_batch_test and bcr_batch_wait.  The first run after an add builds
 * the batch (batch_build.c, collective, every error agreed before any data
 * moves); a run of a built batch is the combined exchange alone
 * (exec/run_batch.h): its buffers are the batch's own, reserved by the
 * build, so nothing in it can fail on one process but MPI, which gives up
 * (base/failsafe.h). */
#include "api/batch_object.h"
#include "base/failsafe.h"
#include "base/timers.h"
#include "base/usage.h"

static const char in_flight[] = "the batch is in flight (started and not waited for)";
static const char not_started[] = "the batch was not started";

/* Build where needed, then begin the exchange. */
static int begin(bcr_batch_t bt, const char *routine)
{
    bcr_failsafe_enter(routine);
    if (!bt)
        return bcr_batch_misuse(routine, 1, "batch", "batch is NULL");
    if (bt->state == BCR_BATCH_IN_FLIGHT)
        return bcr_batch_misuse(routine, 1, "batch", in_flight);
    bt->state = BCR_BATCH_IDLE;
    bcr_usage_plan(!bt->built);
    if (!bt->built) {
        bcr_err e = {BCR_SUCCESS, -1, ""};
        bcr_request rq = {.routine = routine};
        int rc = bcr_batch_build(bt, routine, &e);
        if (rc != BCR_SUCCESS)
            return bcr_err_finish(&e, &rq, rc);
    }
    double local, shm, mpi;
    bcr_batch_exchange_bytes(&bt->x, &local, &shm, &mpi);
    bcr_usage_bytes(local, shm, mpi);
    double t0 = bcr_phase_start();
    if (bcr_batch_exchange_begin(&bt->x))
        bcr_give_up("an MPI call failed while exchanging data");
    bcr_phase_add(&bcr_phase_now.exchange, t0);
    bt->state = BCR_BATCH_IN_FLIGHT;
    return BCR_SUCCESS;
}

static int advance(bcr_batch_t bt, int block)
{
    int done;
    double t0 = bcr_phase_start();
    if (bcr_batch_exchange_advance(&bt->x, block, &done))
        bcr_give_up("an MPI call failed while exchanging data");
    bcr_phase_add(&bcr_phase_now.exchange, t0);
    if (done)
        bt->state = BCR_BATCH_COMPLETE;
    return done;
}

int bcr_batch_execute(bcr_batch_t bt)
{
    const char *routine = "bcr_batch_execute";
    double t0 = bcr_usage_start();
    int rc = begin(bt, routine);
    if (rc == BCR_SUCCESS) {
        advance(bt, 1);
        bt->state = BCR_BATCH_IDLE;
        bcr_err_clear_last();
    }
    bcr_usage_record(routine, t0);
    return rc;
}

int bcr_batch_start(bcr_batch_t bt)
{
    const char *routine = "bcr_batch_start";
    double t0 = bcr_usage_start();
    int rc = begin(bt, routine);
    if (rc == BCR_SUCCESS)
        bcr_err_clear_last();
    bcr_usage_record(routine, t0);
    return rc;
}

int bcr_batch_test(bcr_batch_t bt, int *flag)
{
    const char *routine = "bcr_batch_test";
    bcr_failsafe_enter(routine);
    if (!bt)
        return bcr_batch_misuse(routine, 1, "batch", "batch is NULL");
    if (!flag)
        return bcr_batch_misuse(routine, 2, "flag", "flag is NULL");
    *flag = 0;
    if (bt->state == BCR_BATCH_IDLE)
        return bcr_batch_misuse(routine, 1, "batch", not_started);
    if (bt->state == BCR_BATCH_IN_FLIGHT)
        advance(bt, 0);
    *flag = bt->state == BCR_BATCH_COMPLETE;
    bcr_err_clear_last();
    return BCR_SUCCESS;
}

int bcr_batch_wait(bcr_batch_t bt)
{
    const char *routine = "bcr_batch_wait";
    bcr_failsafe_enter(routine);
    if (!bt)
        return bcr_batch_misuse(routine, 1, "batch", "batch is NULL");
    if (bt->state == BCR_BATCH_IDLE)
        return bcr_batch_misuse(routine, 1, "batch", not_started);
    if (bt->state == BCR_BATCH_IN_FLIGHT)
        advance(bt, 1);
    bt->state = BCR_BATCH_IDLE;
    bcr_err_clear_last();
    return BCR_SUCCESS;
}
