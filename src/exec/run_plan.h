/* Running a plan (plan/plan.h) in one call: its exchanges in turn, through
 * a scratch intermediate for the indirect strategies, between local
 * transposes for the transposed one (exec/plan_flight.h). */
#ifndef BCR_EXEC_RUN_PLAN_H
#define BCR_EXEC_RUN_PLAN_H

#include <mpi.h>

#include "exec/run_exchange.h"
#include "exec/shm.h"
#include "plan/plan.h"

/* Reserve every buffer the plan needs (bcr_exchange_reserve), its last
 * exchange writing B as updates where update is set. */
int bcr_plan_reserve(const bcr_plan *pl, size_t elsize, int update);

/* sh, xo and packed as for bcr_exchange_run.  Says how much it writes
 * into sh before it publishes anything (bcr_shm_used).  BCR_FAIL=exchange@R
 * makes it fail on process R as MPI would, before it starts. */
int bcr_plan_run(const bcr_plan *pl, const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh,
                 const bcr_exec_options *xo, int packed);

/* bcr_exchange_prepack for a plan of one exchange (the direct strategy);
 * returns whether it packed (then bcr_plan_run with packed = 1). */
int bcr_plan_prepack(const bcr_plan *pl, const bcr_arrays *ar, bcr_shm *sh);

#endif
