#include "redist.h"

#include "check.h"
#include "context.h"
#include "error.h"
#include "exec.h"
#include "mask.h"
#include "plan.h"
#include "plancache.h"

static int run(const bcr_request *rq, bcr_err *e)
{
    bcr_setup s;
    BCR_TRY(bcr_check_and_agree(rq, &s, e));
    if (!s.A.in && !s.B.in)
        return BCR_SUCCESS;
    bcr_mask mk = bcr_mask_of(rq);
    int cached;
    const bcr_plan *pl = bcr_plancache_get(s.ctx, &s, &mk, rq->elsize, &cached);
    if (!pl)
        return bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory while planning");
    bcr_arrays ar = {rq->a, s.A.lld, rq->b, s.B.lld, rq->elsize};
    int rc = bcr_exec(pl, &ar, s.ctx->comm);
    if (rc == BCR_ERR_NOMEM)
        return bcr_err_plain(e, rq, rc, "out of memory for message buffers");
    if (rc)
        return bcr_err_plain(e, rq, rc, "MPI error while exchanging data");
    return BCR_SUCCESS;
}

int bcr_redistribute(const bcr_request *rq)
{
    /* The reference returns before looking at anything else. */
    if (rq->m == 0 || rq->n == 0) {
        bcr_err_clear_last();
        return BCR_SUCCESS;
    }
    bcr_err e = {BCR_SUCCESS, -1, ""};
    int rc = run(rq, &e);
    if (rc != BCR_SUCCESS) {
        if (e.code == BCR_SUCCESS) /* a layer returned a bare code */
            bcr_err_plain(&e, rq, rc, "internal error %d", rc);
        bcr_err_report(&e);
    } else {
        bcr_err_clear_last();
    }
    return rc;
}

void bcr_finalize(void)
{
    bcr_context_finalize();
    bcr_exec_finalize();
}
