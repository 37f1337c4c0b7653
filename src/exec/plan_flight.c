#include "exec/plan_flight.h"

#include "base/timers.h"
#include "base/usage.h"
#include "bcredist.h"
#include "exec/pools.h"
#include "exec/via_shm.h"
#include "kernels/transpose.h"

static bcr_idx at_least_1(bcr_idx n) { return n > 1 ? n : 1; }

/* The transposed strategy's two local arrays in its scratch: local A's
 * transpose x, the intermediate's transpose y. */
static char *transposed_y(const bcr_plan_flight *f, const bcr_plan *pl)
{
    return f->scratch + (size_t)bcr_plan_first_region(pl) * f->ar.elsize;
}

/* What exchange ph of pl moves, done the local work that comes before it
 * (a transpose, for the transposed strategy). */
static bcr_arrays exchange_arrays(bcr_plan_flight *f, const bcr_plan *pl, int ph)
{
    const bcr_arrays *ar = &f->ar;
    size_t es = ar->elsize;
    /* The first phase of two fills the intermediate; only the last writes
     * B, as an update where the call is one. */
    if (pl->strategy == BCR_STRATEGY_DIRECT)
        return *ar;
    if (pl->strategy == BCR_STRATEGY_INDIRECT)
        return ph == 0 ? (bcr_arrays){ar->a, ar->lda, f->scratch, pl->t_ld, es, NULL}
                       : (bcr_arrays){f->scratch, pl->t_ld, ar->b, ar->ldb, es, ar->update};
    char *x = f->scratch, *y = transposed_y(f, pl);
    bcr_idx ldx = at_least_1(pl->a.cols), ldy = at_least_1(pl->t.cols);
    double t0 = bcr_phase_start();
    if (ph == 0 && pl->a.rows && pl->a.cols)
        bcr_transpose(x, ldx, ar->a + (size_t)pl->a.first * es, ar->lda, pl->a.rows, pl->a.cols,
                      es);
    if (ph == 1 && pl->t_elems)
        bcr_transpose(x, pl->t_ld, y, ldy, pl->t.cols, pl->t.rows, es);
    bcr_phase_add(&bcr_phase_now.local, t0);
    return ph == 0 ? (bcr_arrays){x, ldx, y, ldy, es, NULL}
                   : (bcr_arrays){x, pl->t_ld, ar->b, ar->ldb, es, ar->update};
}

/* BCR_STATS: the bytes exchange x sends, by the way they travel. */
static void count_bytes(const bcr_exchange *x, const bcr_shm *sh, size_t es)
{
    if (!bcr_usage_on)
        return;
    double shm = 0, mpi = 0;
    for (int k = 0; k < x->send.nparts; k++) {
        double b = (double)x->send.parts[k].count * (double)es;
        if (bcr_exchange_via_shm(sh, &x->send.parts[k]))
            shm += b;
        else
            mpi += b;
    }
    double local = x->send.has_self ? (double)x->send.self.count * (double)es : 0;
    bcr_usage_bytes(local, shm, mpi);
}

/* Begin exchange ph of the running plan, unless !block and that would
 * wait; *begun says whether it did. */
static int begin_exchange(bcr_plan_flight *f, int ph, int block, int *begun)
{
    const bcr_plan *pl = &f->plans[f->k];
    *begun = 0;
    if (!block && !bcr_exchange_may_begin(&pl->phase[ph], f->sh))
        return BCR_SUCCESS;
    if (ph == 0) {
        /* Said before any part is published: a reader that finishes sees
         * it when it counts what the node keeps (exec/keep.h). */
        if (f->sh)
            bcr_shm_used(f->sh, (size_t)bcr_plan_shm_bytes(pl, f->ar.elsize));
        bcr_idx elems = pl->strategy == BCR_STRATEGY_DIRECT ? 0 : bcr_plan_scratch_elems(pl);
        f->scratch = bcr_pool_get(BCR_POOL_SCRATCH, (size_t)elems * f->ar.elsize);
        if (elems && !f->scratch)
            return BCR_ERR_NOMEM;
    }
    f->step = exchange_arrays(f, pl, ph);
    int packed = f->packed && f->k == 0 && ph == 0;
    int rc = bcr_exchange_begin(&f->ex, &pl->phase[ph], &f->step, f->comm, f->sh, &f->xo,
                                packed);
    if (rc)
        return rc;
    count_bytes(&pl->phase[ph], f->sh, f->ar.elsize);
    f->phase = ph;
    *begun = 1;
    return BCR_SUCCESS;
}

int bcr_plan_flight_begin(bcr_plan_flight *f, const bcr_plan *plans, bcr_idx n,
                          const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh,
                          const bcr_exec_options *xo, int packed)
{
    *f = (bcr_plan_flight){.plans = plans, .n = plans ? n : 0, .phase = -1, .packed = packed,
                           .ar = *ar, .comm = comm, .sh = sh, .xo = *xo};
    int begun;
    return f->n > 0 ? begin_exchange(f, 0, 1, &begun) : BCR_SUCCESS;
}

int bcr_plan_flight_advance(bcr_plan_flight *f, int block, int *done)
{
    int rc = BCR_SUCCESS;
    *done = 0;
    while (f->k < f->n) {
        int ended, begun;
        if (f->phase >= 0) {
            rc = bcr_exchange_advance(&f->ex, block, &ended);
            if (rc || !ended)
                break;
            if (f->phase + 1 < bcr_plan_phases(&f->plans[f->k])) {
                rc = begin_exchange(f, f->phase + 1, block, &begun);
                if (rc || !begun)
                    break;
                continue;
            }
            f->k++;
            f->phase = -1;
        }
        if (f->k < f->n) {
            rc = begin_exchange(f, 0, block, &begun);
            if (rc || !begun)
                break;
        }
    }
    *done = !rc && f->k >= f->n;
    return rc;
}

int bcr_plan_flight_needs_block(const bcr_plan_flight *f)
{
    return f->k < f->n && f->phase >= 0 && bcr_exchange_needs_block(&f->ex);
}
