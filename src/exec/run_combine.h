/* Message combining through relays, after Souravlas et al. (message
 * combining on processor rings): the `combine` schedule (plan/schedule.h).
 *
 * The processes of the exchange's two grids (plan/exchange.h, members),
 * in ascending rank, form groups of neighbours, g each (g the least with
 * g * g >= their number; the last group may be smaller), the superclasses
 * of the paper.  For a target q outside a group, one member
 * of the group is its relay: the member at position q mod (group size),
 * so the targets are dealt evenly among the members.  A message from s to
 * q outside s's group goes in two hops:
 *   1. within the group: s sends each other member one message holding
 *      its pieces for every target that member relays (ascending target),
 *      after a header giving each piece's bytes;
 *   2. to the target: each relay sends each of its targets one message,
 *      the group's pieces for it one after the other in ascending source
 *      rank, the relay's own among them.
 * The target knows every piece's size from its own plan, so it unpacks
 * each straight from the one message of each group.  A message between
 * members of one group goes directly.  A process then sends at most
 * 3 (g - 1) messages within its group (direct, headers, pieces) and one to
 * each target it relays, about ranks / g: where every process is a partner
 * of every other, about 4 sqrt(P) instead of P, for a second transfer and
 * a copy of the bytes that travel through a relay.  Headers go to every
 * member, so with few partners a process sends as many messages as
 * directly, or more: bcredist combines only when told to (plan/schedule.h). 
 *
 * Every process of both grids must combine (BCR_SCHEDULE is agreed, and
 * each of them runs every exchange of its plan).  The
 * relays' buffers are sized by the headers, so they are allocated during
 * the call; their sizes are bounded by what the group sends. */
#ifndef BCR_EXEC_RUN_COMBINE_H
#define BCR_EXEC_RUN_COMBINE_H

#include <mpi.h>

#include "exec/part_copy.h"
#include "exec/shm.h"
#include "plan/exchange.h"

/* The exchange's messages through MPI (those not through shared segments
 * under sh, which the caller moves), combined; returns once all are sent
 * and every one received is unpacked into B.  BCR_SUCCESS, BCR_ERR_MPI or
 * BCR_ERR_NOMEM. */
int bcr_combine_run(const bcr_exchange *ex, const bcr_arrays *ar, MPI_Comm comm,
                    const bcr_shm *sh);

/* The size of the groups for nranks members. */
int bcr_combine_group_size(int nranks);

/* The position, in a group of size members, of the relay for the target
 * at place q outside it. */
int bcr_combine_relay(int q, int size);

#endif
