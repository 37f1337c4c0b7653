/* The last call on a context, remembered so that the same call again can
 * go straight to the exchange.
 *
 * A call agrees twice: on its arguments, then on whether every process
 * planned it and whether a shared segment must grow (agree.h).
 * Where ranks outnumber cores the second agreement cost about a tenth of a
 * mid-size call.  When every process says in the first agreement that its
 * call is its last one again, from the same thread, nothing that the
 * second agrees on can have changed: the plan is the one the last call
 * used (no call on the context since, so still cached), the shared
 * segments are as large as that plan needs, and the transport the last
 * call agreed on is still the answer.  Its buffers and its segment pages,
 * which BCR_KEEP_BYTES may have given back, are reserved again before the
 * agreement; a process that cannot have them says it does not repeat. */
#ifndef BCR_RUNTIME_LASTCALL_H
#define BCR_RUNTIME_LASTCALL_H

#include <stddef.h>

#include "base/blacs_int.h"
#include "base/options.h"
#include "base/request.h"

typedef struct {
    int valid;
    unsigned long thread; /* serial of the thread that made it (lastcall.c) */
    int trapezoid, upper, unit, m, n, ia, ja, ib, jb;
    size_t elsize;
    long long variant; /* bcr_request's */
    bcr_blacs_int ctxta, ctxtb;
    int desca[9], descb[9]; /* not read past CTXT when CTXT is -1 */
    bcr_plan_options opt;   /* the switches the plan was made with */
    const void *plan;       /* the plan (plan/plan.h), NULL in neither grid */
    void *sh;               /* the shared-memory transport agreed, or NULL */
} bcr_lastcall;

/* Whether rq, on this thread and with these switches, is the call
 * remembered in lc. */
int bcr_lastcall_same(const bcr_lastcall *lc, const bcr_request *rq,
                      const bcr_plan_options *opt);

void bcr_lastcall_remember(bcr_lastcall *lc, const bcr_request *rq,
                           const bcr_plan_options *opt, const void *plan, void *sh);
void bcr_lastcall_forget(bcr_lastcall *lc);

#endif
