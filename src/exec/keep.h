/* What bcredist keeps between calls, and how much (BCR_KEEP_BYTES).
 *
 * Buffers and shared segments are kept from call to call because making
 * them again costs more than a mid-size exchange.  But a code that
 * redistributes a large matrix once and then runs a solver needs that
 * memory back.  So when a call returns, what this process keeps (this
 * thread's pooled buffers, and its share of the shared segments: each
 * communicator's segments on the node, divided among the node's processes)
 * is at most BCR_KEEP_BYTES, 64 MiB unless set.  Within the cap the
 * segments this call used are kept first (a repeated call on the context
 * needs them again), then the buffers, largest given back first.
 *
 * A process knows its peers' resident bytes from their segments' heads.
 * Each says how much it writes before it publishes anything, so a reader
 * done with the call counts the most any of its senders will hold; the
 * senders give back their excess after, so a process may keep less than
 * the cap allows, never more. */
#ifndef BCR_EXEC_KEEP_H
#define BCR_EXEC_KEEP_H

#include <stddef.h>

#include "exec/shm.h"

/* After a call through sh (NULL: MPI alone), with `keep` the cap: gives
 * back what lies above it, having counted what the call held for
 * bcr_pool_peak_bytes.  Waits only for the readers of this call's
 * segment, who are in the same call. */
void bcr_keep_within(bcr_shm *sh, size_t keep);

#endif
