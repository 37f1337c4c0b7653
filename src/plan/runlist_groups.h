/* A dimension's runs as strided groups (kernels/pieces.h), made straight
 * from the run list's periodic form (runlist.h) without expanding its
 * runs.
 *
 * Expanding a period over its repeats costs a run each: a long 1-D array
 * with blocks of 1 or 2 (Hsu and Chung's r = 2, Thakur's cyclic(x) ->
 * cyclic(y)) has up to a million runs per process, and building,
 * bucketing and grouping them would be nearly all of a fresh plan, longer
 * than ScaLAPACK's whole call.  A bucket whose period groups into one
 * group that the next period continues becomes one group for all periods
 * at once; otherwise period 0's groups are kept once with a repeat count
 * (kernels/pieces.h), and only buckets whose runs join across period
 * boundaries are walked run by run, merging as the expansion does.  The
 * groups enumerate exactly the expanded runs of each bucket, in increasing
 * k (tests/unit/test_index1d.c compares them). */
#ifndef BCR_PLAN_RUNLIST_GROUPS_H
#define BCR_PLAN_RUNLIST_GROUPS_H

#include "kernels/pieces.h"
#include "plan/runlist.h"

/* bcr_runlist_build (gen.h; generator BCR_GEN_AUTO or BCR_GEN_GENERAL),
 * but without runs: out->start, out->runs, out->pstart and out->pruns may
 * be NULL (a list of one period is grouped straight
 * from the generator's pieces, which for block <-> cyclic are one strided
 * piece per process, not one per element); its runs come as groups
 * instead: bucket q's are (*spans)[q], which point into *groups (a
 * bucket whose periods repeat period 0's groups keeps them once, as the
 * span's body, kernels/pieces.h).  out->total is set.  Returns 0 or -1 (out of
 * memory: nothing held, out, *groups and *spans freed). */
int bcr_runlist_build_grouped(bcr_runlist *out, bcr_idx len, const bcr_axis *mine, int me,
                              const bcr_axis *other, int generator, bcr_rungroup **groups,
                              bcr_groupspan **spans);

/* The groups of an expanded list of at most one period (runs and start
 * set, reps <= 1: gen_bands.h's), as bcr_runlist_build_grouped gives them.
 * Returns 0 or -1 (out of memory: *groups and *spans NULL). */
int bcr_runlist_group_expanded(const bcr_runlist *rl, bcr_rungroup **groups,
                               bcr_groupspan **spans);

#endif
