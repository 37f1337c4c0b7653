/* Plans of recent calls, per union context.  A plan depends only on values
 * every process has agreed on (both sides' layouts, the grid maps' generation,
 * m, n and the mask) and on this process's own leading dimensions, so each
 * process can reuse its own plan without asking the others. */
#ifndef BCR_PLANCACHE_H
#define BCR_PLANCACHE_H

#include "check.h"
#include "plan.h"
#include "schedule.h"

#define BCR_PLANCACHE_SIZE 16

struct bcr_plancache;

/* The schedule for this setup and mask: cached, or built and cached.  NULL when
 * out of memory.  The plan stays valid until the next call on this
 * context. */
const bcr_schedule *bcr_plancache_get(bcr_ctx *ctx, const bcr_setup *s, const bcr_mask *mk,
                                  size_t elsize, int *was_cached);
void bcr_plancache_free(struct bcr_plancache *pc);

#endif
