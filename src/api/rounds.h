/* A call under a cap on its extra memory (BCR_MAX_BYTES, base/options.h)
 * runs in rounds.
 *
 * A call's extra memory on a process is its pooled buffers and what it
 * writes into its shared segment; without a cap they grow to about local A
 * plus local B.  When a cap is set and the call could exceed it
 * (api/round_size.h), the submatrix is cut into tiles small enough, and
 * each tile (for trmr2d, each of at most two pieces of it,
 * api/round_pieces.h) is redistributed as a call of its own would be: a
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
 * execution. */
#ifndef BCR_API_ROUNDS_H
#define BCR_API_ROUNDS_H

#include <mpi.h>

#include "api/round_pieces.h"
#include "base/error.h"
#include "base/options.h"
#include "base/request.h"
#include "exec/run_exchange.h"
#include "exec/shm.h"
#include "plan/plan.h"
#include "runtime/agree.h"

typedef struct {
    bcr_idx n;        /* rounds, in the order they run */
    bcr_round *piece; /* where each is */
    bcr_plan *plan;   /* each one's plan on this process; NULL on a
                         process in neither grid */
    bcr_idx built;    /* plans built so far, freed by bcr_rounds_free */
} bcr_rounds;

/* Whether the call agreed in s runs in rounds under opt's cap. */
int bcr_rounds_needed(const bcr_request *rq, const bcr_setup *s, const bcr_plan_options *opt);

/* The plan stage: the rounds and, on a process in grid A or B, their
 * plans.  A failure is recorded in e for the commit to agree on. */
void bcr_rounds_plan(bcr_rounds *r, const bcr_request *rq, const bcr_setup *s,
                     const bcr_plan_options *opt, bcr_err *e);

/* The commit stage for every round at once, as bcr_stage_commit. */
int bcr_rounds_commit(const bcr_request *rq, const bcr_rounds *r, int with_shm,
                      const bcr_options *opt, MPI_Comm comm, int rank, int size, bcr_err *e,
                      bcr_shm **sh, double *timer);

/* The exchange stage: every round in turn (rank: this process in comm,
 * for the trace).  Never returns a failure, as bcr_stage_exchange. */
void bcr_rounds_exchange(const bcr_request *rq, const bcr_rounds *r, const bcr_arrays *ar,
                         const bcr_options *opt, MPI_Comm comm, int rank, bcr_shm *sh);

void bcr_rounds_free(bcr_rounds *r);

/* A routine's call in rounds once agreed: plan, commit, exchange; *sh is
 * the transport it ran through, for the caller's stage 5 (keep). */
int bcr_rounds_call(const bcr_request *rq, const bcr_options *opt, const bcr_setup *s,
                    bcr_err *e, bcr_shm **sh);

/* Rounds this thread has run since it started (tests read it). */
long long bcr_rounds_run(void);

#endif
