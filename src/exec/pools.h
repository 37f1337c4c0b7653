/* Message buffers kept between calls, per thread. */
#ifndef BCR_EXEC_POOLS_H
#define BCR_EXEC_POOLS_H

#include <stddef.h>

/* BCR_POOL_STAGE holds what the update routines redistribute before they
 * add it into C (api/update.h). */
enum { BCR_POOL_SEND, BCR_POOL_RECV, BCR_POOL_SCRATCH, BCR_POOL_WORK, BCR_POOL_STAGE,
       BCR_POOLS };

/* This thread's buffer `which`, grown to at least `bytes` (its contents
 * then lost); NULL when out of memory.  Valid until the thread's next
 * growth of the same buffer, bcr_pools_release or the thread's end. */
void *bcr_pool_get(int which, size_t bytes);

/* A set of buffers of its own, for a split-phase plan in flight
 * (api/plan_split.c): its messages and scratch must stay as they are
 * while the thread makes other calls between start and wait.  NULL when
 * out of memory. */
typedef struct bcr_pool_set bcr_pool_set;
bcr_pool_set *bcr_pool_set_new(void);
void bcr_pool_set_free(bcr_pool_set *s);

/* This thread's bcr_pool_get serves set s from now on (NULL: the
 * thread's own buffers again); returns the set it served before. */
bcr_pool_set *bcr_pools_use(bcr_pool_set *s);

/* Free every thread's buffers (bcr_finalize); they grow again on use.
 * Sets of their own stay with their owners. */
void bcr_pools_release(void);

/* Bytes of this thread's own buffers. */
size_t bcr_pools_mine(void);

/* bcr_pool_bytes with, of the shared segments, only this process's own
 * pages: what it has given back above BCR_KEEP_BYTES when a call returns
 * (its peers' pages go as they return; docs/api.md, "Memory kept"). */
size_t bcr_pool_own_bytes(void);

/* Free this thread's own buffers, largest first, until they hold at most
 * `limit` bytes. */
void bcr_pools_trim(size_t limit);

#endif
