/* Whether a call combines its messages through relays (the combine
 * schedule, exec/run_combine.h) when BCR_SCHEDULE does not say: every
 * process of the call must decide alike, so the decision is taken from
 * values all agreed on, through the load of one representative process
 * (A's process at (0, 0)), which every process plans alike. */
#ifndef BCR_PLAN_COMBINE_CHOICE_H
#define BCR_PLAN_COMBINE_CHOICE_H

#include <stddef.h>

#include "base/mask.h"
#include "base/options.h"
#include "base/side.h"

/* Combining pays where a process has many partners and short messages:
 * it trades one start-up per partner (P) for about 3 sqrt(P), against a
 * second copy of the relayed bytes (docs/performance.md, "Simulated at
 * scale", where these bounds come from). */
#define BCR_COMBINE_MIN_RANKS 256
#define BCR_COMBINE_MIN_PARTNERS 128
#define BCR_COMBINE_MAX_BYTES (4LL * 1024)

/* Whether a direct exchange from A to B over nranks processes combines
 * under BCR_SCHEDULE unset: 1 or 0, or -1 out of memory (the plan then
 * fails on this process, and the call on every one, never split). */
int bcr_combine_chosen(const bcr_side *A, const bcr_side *B, const bcr_mask *mk, size_t elsize,
                       const bcr_plan_options *opt, int nranks);

#endif
