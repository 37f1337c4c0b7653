/* A call under a cap on its extra memory (BCR_MAX_BYTES, base/options.h)
 * runs in rounds.
 *
 * A call's extra memory on a process is its pooled buffers and what it
 * writes into its shared segment; without a cap they grow to about local A
 * plus local B.  When a cap is set and the call could exceed it
 * (exec/round_size.h), the submatrix is cut into tiles small enough, and
 * each tile (for trmr2d, each of at most two pieces of it,
 * plan/round_pieces.h) is redistributed as a call of its own would be: a
 * round.  The pipeline (api/pipeline.h) then runs as:
 *
 *   agree     once, as for any call;
 *   plan      a plan per round, all of them before anything moves, so that
 *             a failure to plan is agreed with the rest and B is left as
 *             it was;
 *   commit    once: every round's buffers reserved (the pools grow to the
 *             largest round's), and the processes agree on errors and on
 *             the shared-memory transport for the round that sends the
 *             most through segments, so the segments are made at most
 *             once;
 *   exchange  round after round, with no collective between: messages of
 *             consecutive rounds between two processes are matched in
 *             order (MPI's, and the segments' counters'), and a process
 *             writes its segment again only once its readers are done;
 *   keep      once, at the end.
 *
 * The plans are made anew by each call (the plan cache keeps a call's
 * plan, not the tens of a call's rounds) and are not part of the cap,
 * which counts buffers and segments only.  A call that fits under the cap
 * takes the usual path, plan cache and repeated calls included.  The
 * plan API makes the rounds' plans at creation and runs them at each
 * execution.  This file holds the rounds and their plans; the stages
 * that agree on them and trace them are the pipeline's. */
#ifndef BCR_EXEC_ROUNDS_H
#define BCR_EXEC_ROUNDS_H

#include <mpi.h>

#include "base/error.h"
#include "base/options.h"
#include "base/request.h"
#include "base/side.h"
#include "exec/run_plan.h"
#include "exec/shm.h"
#include "plan/plan.h"
#include "plan/round_pieces.h"

typedef struct {
    bcr_idx n;        /* rounds, in the order they run */
    bcr_round *piece; /* where each is */
    bcr_plan *plan;   /* each one's plan on this process; NULL on a
                         process in neither grid */
    bcr_idx built;    /* plans built so far, freed by bcr_rounds_free */
} bcr_rounds;

/* A call's sides once agreed, and where this process is among the call's
 * nranks processes: what the rounds are cut and planned from. */
typedef struct {
    const bcr_side *A, *B;
    int rank, nranks;
} bcr_rounds_call;

/* Whether the call c of rq runs in rounds under opt's cap. */
int bcr_rounds_needed(const bcr_request *rq, const bcr_rounds_call *c,
                      const bcr_plan_options *opt);

/* The plan stage: the rounds and, on a process in grid A or B, their
 * plans.  A failure is recorded in e for the commit to agree on. */
void bcr_rounds_plan(bcr_rounds *r, const bcr_request *rq, const bcr_rounds_call *c,
                     const bcr_plan_options *opt, bcr_err *e);

/* The commit stage's first half for every round at once: their buffers
 * reserved (a failure recorded in e); returns the round's plan that sends
 * the most through segments, for the agreement on the transport (NULL on
 * a process in neither grid). */
const bcr_plan *bcr_rounds_reserve(const bcr_request *rq, const bcr_rounds *r, bcr_err *e);

/* Round k of r (r->plan not NULL) run on the arrays through sh.  Never
 * returns a failure, as the pipeline's exchange: a process that fails
 * here aborts the job (base/failsafe.h). */
void bcr_round_run(const bcr_rounds *r, bcr_idx k, const bcr_arrays *ar, MPI_Comm comm,
                   bcr_shm *sh, const bcr_exec_options *xo);

void bcr_rounds_free(bcr_rounds *r);

/* Rounds this thread has run since it started (tests read it). */
long long bcr_rounds_run(void);

#endif
