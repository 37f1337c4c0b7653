/* The part of an exchange that stays on this process (plan/exchange.h),
 * copied from A into B (or added into C under an update) a slice of
 * columns at a time, the slices across the process's threads
 * (base/threads.h), with the messages polled between batches of them. */
#ifndef BCR_EXEC_SELF_COPY_H
#define BCR_EXEC_SELF_COPY_H

#include "exec/part_copy.h"

/* Checks on the messages in flight, between batches of slices: nonzero
 * stops the copy and is returned.  NULL: nothing is in flight. */
typedef int (*bcr_self_poll)(void *ctx);

/* S's part that stays here, with streaming stores when nt (not under an
 * update).  Returns 0, or what poll returned. */
int bcr_self_copy(const bcr_half *S, const bcr_arrays *ar, const bcr_mask *mk, int nt,
                  bcr_self_poll poll, void *poll_ctx);

#endif
