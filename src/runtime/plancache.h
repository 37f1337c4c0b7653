/* Plans of recent calls, per union context.  A plan depends only on values
 * every process has agreed on (both sides' layouts, the grid maps' generation,
 * m, n and the mask), on this process's own leading dimensions and on
 * the switches of bcr_plan_options, so each
 * process can reuse its own plan without asking the others. */
#ifndef BCR_RUNTIME_PLANCACHE_H
#define BCR_RUNTIME_PLANCACHE_H

#include "base/mask.h"
#include "base/options.h"
#include "base/side.h"
#include "plan/plan.h"

#define BCR_PLANCACHE_SIZE 16

struct bcr_plancache;

/* The plan for these sides (with the grid maps of generation maps_gen),
 * mask and options on process rank of size: from the cache *pc (made on
 * first use), or built and cached.  NULL when out of memory.  The plan
 * stays valid until the next call on the cache. */
const bcr_plan *bcr_plancache_get(struct bcr_plancache **pc, const bcr_side *A,
                                  const bcr_side *B, long maps_gen, const bcr_mask *mk,
                                  size_t elsize, const bcr_plan_options *opt, int rank, int size,
                                  int *was_cached);
void bcr_plancache_free(struct bcr_plancache *pc);

#endif
