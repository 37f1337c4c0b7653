#include "runtime/lastcall.h"

#include <stdatomic.h>
#include <string.h>

#include "base/mask.h"

/* A number per thread, never given twice: a pthread_t may name a new
 * thread once the old one is gone, and the new one's buffers are not the
 * old one's. */
static atomic_ulong threads_seen;
static _Thread_local unsigned long this_thread;

static unsigned long thread_serial(void)
{
    if (!this_thread)
        this_thread = atomic_fetch_add(&threads_seen, 1) + 1;
    return this_thread;
}

static void capture(bcr_lastcall *lc, const bcr_request *rq, const bcr_plan_options *opt)
{
    memset(lc, 0, sizeof *lc);
    bcr_mask mk = bcr_mask_of(rq);
    lc->trapezoid = mk.trapezoid;
    lc->upper = mk.upper;
    lc->unit = mk.unit;
    lc->m = rq->m;
    lc->n = rq->n;
    lc->ia = rq->ia;
    lc->ja = rq->ja;
    lc->ib = rq->ib;
    lc->jb = rq->jb;
    lc->elsize = rq->elsize;
    lc->variant = rq->variant;
    lc->ctxta = rq->ctxta;
    lc->ctxtb = rq->ctxtb;
    memcpy(lc->desca, rq->desca, (rq->ctxta == -1 ? 2 : 9) * sizeof(int));
    memcpy(lc->descb, rq->descb, (rq->ctxtb == -1 ? 2 : 9) * sizeof(int));
    lc->opt = *opt;
}

int bcr_lastcall_same(const bcr_lastcall *lc, const bcr_request *rq,
                      const bcr_plan_options *opt)
{
    if (!lc->valid || lc->thread != thread_serial())
        return 0;
    bcr_lastcall now;
    capture(&now, rq, opt);
    return now.trapezoid == lc->trapezoid && now.upper == lc->upper && now.unit == lc->unit &&
           now.m == lc->m && now.n == lc->n && now.ia == lc->ia && now.ja == lc->ja &&
           now.ib == lc->ib && now.jb == lc->jb && now.elsize == lc->elsize &&
           now.variant == lc->variant &&
           now.ctxta == lc->ctxta && now.ctxtb == lc->ctxtb &&
           !memcmp(now.desca, lc->desca, sizeof now.desca) &&
           !memcmp(now.descb, lc->descb, sizeof now.descb) &&
           !memcmp(&now.opt, &lc->opt, sizeof now.opt);
}

void bcr_lastcall_remember(bcr_lastcall *lc, const bcr_request *rq,
                           const bcr_plan_options *opt, const void *plan, void *sh)
{
    capture(lc, rq, opt);
    lc->thread = thread_serial();
    lc->plan = plan;
    lc->sh = sh;
    lc->valid = 1;
}

void bcr_lastcall_forget(bcr_lastcall *lc) { lc->valid = 0; }
