#include "exec/run_plan.h"

#include "base/failsafe.h"
#include "base/timers.h"
#include "bcredist.h"
#include "exec/pools.h"
#include "exec/plan_flight.h"

int bcr_plan_run(const bcr_plan *pl, const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh,
                 const bcr_exec_options *xo, int packed)
{
    if (bcr_fault("exchange"))
        return BCR_ERR_MPI;
    double t0 = bcr_phase_start();
    bcr_plan_flight f;
    int done;
    int rc = bcr_plan_flight_begin(&f, pl, 1, ar, comm, sh, xo, packed);
    if (!rc)
        rc = bcr_plan_flight_advance(&f, 1, &done);
    bcr_phase_add(&bcr_phase_now.exchange, t0);
    return rc;
}

int bcr_plan_prepack(const bcr_plan *pl, const bcr_arrays *ar, bcr_shm *sh)
{
    return pl->active && pl->strategy == BCR_STRATEGY_DIRECT &&
           bcr_exchange_prepack(&pl->phase[0], ar, sh);
}

int bcr_plan_reserve(const bcr_plan *pl, size_t elsize, int update)
{
    if (!pl->active)
        return BCR_SUCCESS;
    int last = bcr_plan_phases(pl) - 1;
    for (int ph = 0; ph <= last; ph++)
        if (bcr_exchange_reserve(&pl->phase[ph], elsize, update && ph == last))
            return BCR_ERR_NOMEM;
    bcr_idx elems = bcr_plan_scratch_elems(pl);
    if (elems && !bcr_pool_get(BCR_POOL_SCRATCH, (size_t)elems * elsize))
        return BCR_ERR_NOMEM;
    return BCR_SUCCESS;
}
