/* The pipeline every redistribution goes through, in four stages:
 *
 *   agree     check the arguments on each process and agree on them
 *             (runtime/agree.h)
 *   plan      find or build this process's plan (plan/plan.h)
 *   commit    reserve its buffers and agree that every process could,
 *             and on the shared-memory transport
 *   exchange  run the plan (exec/run_plan.h)
 *   keep      give back what lies above BCR_KEEP_BYTES (exec/keep.h)
 *
 * The routines run the five in one call (bcr_redistribute).  The plan API
 * runs the first three in bcr_plan_create, with a plan of its own, and the
 * last three in every bcr_plan_execute, or split between bcr_plan_start
 * (commit, the exchange's first half) and bcr_plan_test / bcr_plan_wait
 * (api/plan_split.c).  A call that could take more
 * memory than BCR_MAX_BYTES allows runs in rounds after the agreement,
 * each with a plan of its own (exec/rounds.h). */
#ifndef BCR_API_PIPELINE_H
#define BCR_API_PIPELINE_H

#include <mpi.h>

#include "base/error.h"
#include "base/options.h"
#include "base/request.h"
#include "exec/rounds.h"
#include "exec/run_plan.h"
#include "exec/shm.h"
#include "plan/plan.h"
#include "runtime/agree.h"

/* A routine's request, start to end; reports any error and returns its
 * code. */
int bcr_redistribute(const bcr_request *rq);

/* Stage 1.  Errors are agreed: every process returns the same code.
 * packed (NULL: never) says whether, while the agreement travelled, this
 * process packed its last call's messages into its shared segment, which
 * it does when it repeats that call; it is 1 only where every process
 * repeats (bcr_setup.repeat), the packed messages then good for stage 4. */
int bcr_stage_agree(const bcr_request *rq, const bcr_options *opt, bcr_setup *s, int *packed,
                    bcr_err *e);

/* Stage 2, on a process in grid A or B: the plan from the context's cache
 * (own NULL; *cached says whether it was there) or built into own.  A
 * failure is recorded in e, for stage 3 to agree on; *pl is then NULL. */
void bcr_stage_plan(const bcr_request *rq, bcr_setup *s, const bcr_options *opt, bcr_plan *own,
                    const bcr_plan **pl, int *cached, bcr_err *e);

/* What stage 3 commits and agrees over: the request, the switches and
 * the processes; sh receives the shared-memory transport agreed (NULL for
 * MPI alone), or is NULL when none is to be agreed (a plan's creation,
 * which agrees on errors only); errors go to e, the time to *timer (a
 * field of the phase times). */
typedef struct {
    const bcr_request *rq;
    const bcr_options *opt;
    bcr_procs procs;
    bcr_err *e;
    bcr_shm **sh;
    double *timer;
} bcr_commit;

/* Stage 3, collective over c->procs: reserve pl's buffers (pl NULL on a
 * process in neither grid), then agree on every process's errors and, when
 * c->sh is not NULL, on the shared-memory transport. */
int bcr_stage_commit(const bcr_commit *c, const bcr_plan *pl);

/* Stage 4: run pl (NULL: nothing to do here) on the arrays; packed as
 * for bcr_plan_run.  Never returns a failure: a process that fails here
 * aborts the job (base/failsafe.h). */
void bcr_stage_exchange(const bcr_plan *pl, const bcr_arrays *ar, const bcr_options *opt,
                        MPI_Comm comm, bcr_shm *sh, int packed);

/* Stages 2 to 4 for a call agreed in s (packed as bcr_stage_agree said):
 * the plan, or the last call's where every process repeats it, its commit
 * and the exchange; or the whole call in rounds.  *sh is the transport for
 * stage 5, which the caller runs once it no longer needs its buffers. */
int bcr_stage_run(const bcr_request *rq, const bcr_options *opt, bcr_setup *s, int packed,
                  bcr_err *e, bcr_shm **sh);

/* Stages 3 and 4 of a call in rounds (exec/rounds.h).  Commit: every
 * round's buffers reserved, then agreed as by bcr_stage_commit, the
 * transport for the round that sends the most through segments.
 * Exchange: every round in turn (rank: this process in comm, for the
 * trace); never returns a failure, as bcr_stage_exchange. */
int bcr_stage_commit_rounds(const bcr_commit *c, const bcr_rounds *r);
void bcr_stage_exchange_rounds(const bcr_request *rq, const bcr_rounds *r,
                               const bcr_arrays *ar, const bcr_options *opt,
                               const bcr_procs *g, bcr_shm *sh);

/* Stage 5, after a successful exchange through sh (NULL: MPI alone). */
void bcr_stage_keep(bcr_shm *sh, const bcr_options *opt);

#endif
