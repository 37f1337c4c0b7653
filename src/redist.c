#include "redist.h"

#include "check.h"
#include "context.h"
#include "error.h"
#include "exec.h"
#include "mask.h"
#include "phase.h"
#include "plan.h"
#include "plancache.h"
#include "trace.h"

static int run(const bcr_request *rq, bcr_err *e)
{
    bcr_setup s;
    double t0 = bcr_phase_start();
    bcr_phase_now.calls++;
    int checked = bcr_check_and_agree(rq, &s, e);
    bcr_phase_add(&bcr_phase_now.check, t0);
    BCR_TRY(checked);
    t0 = bcr_phase_start();
    bcr_lastcall *last = &s.ctx->last;
    const bcr_schedule *pl = NULL;
    bcr_shm *sh = NULL;
    int cached = 1, agreed = BCR_SUCCESS;
    if (s.repeat) {
        pl = last->plan;
        sh = last->sh;
    } else {
        bcr_lastcall_forget(last); /* its plan may leave the cache now */
        cached = 0;
        if (s.A.in || s.B.in) {
            bcr_mask mk = bcr_mask_of(rq);
            pl = bcr_plancache_get(s.ctx, &s, &mk, rq->elsize, &cached);
            if (!pl || bcr_schedule_reserve(pl, rq->elsize))
                bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory while planning");
        }
        /* Planning can fail on one process only: all must know before any
         * message goes out, or the others would wait for it forever. */
        agreed =
            bcr_schedule_agree(pl, rq->elsize, s.ctx->comm, s.ctx->rank, s.ctx->size, e, &sh);
    }
    bcr_phase_add(&bcr_phase_now.plan, t0);
    BCR_TRY(agreed);
    if (pl) {
        if (bcr_trace_enabled())
            bcr_trace_call(rq, s.ctx->rank, pl, cached, sh ? "shm" : "mpi");
        bcr_arrays ar = {rq->a, s.A.lld, rq->b, s.B.lld, rq->elsize};
        int rc = bcr_schedule_run(pl, &ar, s.ctx->comm, sh);
        if (rc) {
            bcr_lastcall_forget(last);
            return bcr_err_plain(e, rq, rc, "MPI error while exchanging data");
        }
    }
    bcr_lastcall_remember(last, rq, pl, sh);
    return BCR_SUCCESS;
}

int bcr_redistribute(const bcr_request *rq)
{
    /* The reference returns before looking at anything else. */
    if (rq->m == 0 || rq->n == 0) {
        bcr_err_clear_last();
        return BCR_SUCCESS;
    }
    bcr_err e = bcr_err_initial(rq); /* an entry point may have found one */
    return bcr_err_finish(&e, rq, run(rq, &e));
}

void bcr_finalize(void)
{
    bcr_context_finalize();
    bcr_exec_finalize();
    bcr_shm_finalize();
}
