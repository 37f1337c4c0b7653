/* From the pieces of one period to a run list: its periodic form, and the
 * expansion over the repeats. */
#ifndef BCR_PLAN_RUNLIST_PERIOD_H
#define BCR_PLAN_RUNLIST_PERIOD_H

#include "plan/gen_problem.h"
#include "plan/runlist.h"

/* Turn the pieces of one period into out's periodic form (denormalised,
 * bucketed, merged) and, when expand_runs, expand it into out's runs; else
 * out->start and out->runs stay NULL (runlist_groups.h, which asks only
 * for lists of several periods).  Rewrites the pieces in place but frees nothing of
 * sk.  Returns 0 or -1; on -1 out holds no memory. */
int bcr_runlist_assemble(bcr_runlist *out, const bcr_gen_problem *pb, bcr_gen_sink *sk,
                         int expand_runs);

/* Whether every period boundary of bucket q joins its last run to the next
 * period's first (k, mine and other adjacent): all or none, as shifting is
 * uniform. */
int bcr_runlist_wraps(const bcr_runlist *rl, bcr_idx q);

#endif
