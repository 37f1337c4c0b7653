#include "exec/run_plan.h"

#include "base/failsafe.h"
#include "base/timers.h"
#include "bcredist.h"
#include "exec/pools.h"
#include "kernels/transpose.h"

static bcr_idx at_least_1(bcr_idx n) { return n > 1 ? n : 1; }

static int run_transposed(const bcr_plan *pl, const bcr_arrays *ar, MPI_Comm comm,
                          bcr_shm *sh, const bcr_exec_options *xo, char *x)
{
    size_t es = ar->elsize;
    char *y = x + (size_t)bcr_plan_first_region(pl) * es;
    bcr_idx ldx = at_least_1(pl->a.cols), ldy = at_least_1(pl->t.cols);
    double t0 = bcr_phase_start();
    if (pl->a.rows && pl->a.cols)
        bcr_transpose(x, ldx, ar->a + (size_t)pl->a.first * es, ar->lda, pl->a.rows, pl->a.cols,
                      es);
    bcr_phase_add(&bcr_phase_now.local, t0);
    bcr_arrays one = {x, ldx, y, ldy, es};
    int rc = bcr_exchange_run(&pl->phase[0], &one, comm, sh, xo, 0);
    if (rc)
        return rc;
    t0 = bcr_phase_start();
    if (pl->t_elems)
        bcr_transpose(x, pl->t_ld, y, ldy, pl->t.cols, pl->t.rows, es);
    bcr_phase_add(&bcr_phase_now.local, t0);
    bcr_arrays two = {x, pl->t_ld, ar->b, ar->ldb, es};
    return bcr_exchange_run(&pl->phase[1], &two, comm, sh, xo, 0);
}

static int run_phases(const bcr_plan *pl, const bcr_arrays *ar, MPI_Comm comm,
                      bcr_shm *sh, const bcr_exec_options *xo, int packed)
{
    if (pl->strategy == BCR_STRATEGY_DIRECT)
        return bcr_exchange_run(&pl->phase[0], ar, comm, sh, xo, packed);
    bcr_idx elems = bcr_plan_scratch_elems(pl);
    char *t = bcr_pool_get(BCR_POOL_SCRATCH, (size_t)elems * ar->elsize);
    if (elems && !t)
        return BCR_ERR_NOMEM;
    if (pl->strategy == BCR_STRATEGY_TRANSPOSED)
        return run_transposed(pl, ar, comm, sh, xo, t);
    bcr_arrays one = {ar->a, ar->lda, t, pl->t_ld, ar->elsize};
    bcr_arrays two = {t, pl->t_ld, ar->b, ar->ldb, ar->elsize};
    int rc = bcr_exchange_run(&pl->phase[0], &one, comm, sh, xo, 0);
    return rc ? rc : bcr_exchange_run(&pl->phase[1], &two, comm, sh, xo, 0);
}

int bcr_plan_run(const bcr_plan *pl, const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh,
                 const bcr_exec_options *xo, int packed)
{
    /* Said before any part is published: a reader that finishes sees it
     * when it counts what the node keeps (exec/keep.h). */
    if (sh)
        bcr_shm_used(sh, (size_t)bcr_plan_shm_bytes(pl, ar->elsize));
    if (bcr_fault("exchange"))
        return BCR_ERR_MPI;
    double t0 = bcr_phase_start();
    int rc = run_phases(pl, ar, comm, sh, xo, packed);
    bcr_phase_add(&bcr_phase_now.exchange, t0);
    return rc;
}

int bcr_plan_prepack(const bcr_plan *pl, const bcr_arrays *ar, bcr_shm *sh)
{
    return pl->active && pl->strategy == BCR_STRATEGY_DIRECT &&
           bcr_exchange_prepack(&pl->phase[0], ar, sh);
}

int bcr_plan_reserve(const bcr_plan *pl, size_t elsize)
{
    if (!pl->active)
        return BCR_SUCCESS;
    for (int ph = 0; ph < bcr_plan_phases(pl); ph++)
        if (bcr_exchange_reserve(&pl->phase[ph], elsize))
            return BCR_ERR_NOMEM;
    bcr_idx elems = bcr_plan_scratch_elems(pl);
    if (elems && !bcr_pool_get(BCR_POOL_SCRATCH, (size_t)elems * elsize))
        return BCR_ERR_NOMEM;
    return BCR_SUCCESS;
}
