/* Building one dimension's run list (runlist.h): normalise the two axes,
 * pick a generator (gen_problem.h), let it produce one period, assemble
 * and expand it (runlist_period.h). */
#ifndef BCR_PLAN_GEN_H
#define BCR_PLAN_GEN_H

#include "plan/gen_problem.h"
#include "plan/runlist.h"

/* "identity", "kr_to_r", ...; "?" for anything else. */
const char *bcr_generator_name(int generator);

/* Build the run list of process `me` of `mine` with `generator`: one of
 * BCR_GEN_*, or BCR_GEN_AUTO for the first of identity, block -> cyclic,
 * cyclic -> block, kr -> r, r -> kr whose precondition holds, else the
 * general one.  Returns 0, -1 (out of memory), BCR_GEN_NOT_APPLICABLE (the
 * precondition of the generator asked for fails) or BCR_GEN_UNKNOWN; on
 * any error out holds no memory.  The list must be released with
 * bcr_runlist_free, which is harmless on a list that failed. */
int bcr_runlist_build(bcr_runlist *out, bcr_idx len, const bcr_axis *mine, int me,
                      const bcr_axis *other, int generator);

/* Normalise and run the generator (BCR_GEN_* or BCR_GEN_AUTO) into sk
 * (initialised here; the caller frees it): pb, out->nbuckets and
 * out->generator set.  Returns what bcr_runlist_build does. */
int bcr_runlist_generate(bcr_runlist *out, bcr_gen_problem *pb, bcr_gen_sink *sk, bcr_idx len,
                         const bcr_axis *mine, int me, const bcr_axis *other, int generator);

#endif
