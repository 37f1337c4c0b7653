/* How large a round of a capped call may be (BCR_MAX_BYTES,
 * base/options.h).
 *
 * A round redistributes an h x w tile of the submatrix (plan/round_pieces.h)
 * with plans of its own, and takes, on one process:
 *   - pooled buffers (exec/pools.h): for messages packed to be sent and
 *     received, for the intermediate of the indirect strategies, and for
 *     request bookkeeping;
 *   - bytes written into its shared segment (exec/shm.h), of which every
 *     process of the node counts a share.
 * What a process holds of any h x w window of a block-cyclic matrix is at
 * most  (h / (MB P)) MB + min(h mod (MB P), MB)  rows times the same in
 * columns.  With a, b and t that much of the window in A, in B and in the
 * intermediate (rows like B, columns like A), and a' and t' the same of a
 * window a block longer each way (the intermediate's local array and the
 * piece of A the transposed strategy transposes start at the first block
 * the tile touches), a round takes at most, per strategy the planner may
 * take for it:
 *   direct       buffers a sent + b received, segment a
 *   indirect     buffers max(a, t) + max(t, b), intermediate t',
 *                segment max(a, t)
 *   transposed   the same, and local A transposed, max(a', t')
 * times the element size; plus a cache line per partner in the segment,
 * and the bookkeeping.  An update (api/update.h) streams the messages of
 * its last exchange (exec/run_stream.h): their buffers are two tiles per
 * partner on each side, at most what they carry, whatever BCR_PACK says,
 * and a transposition's scan gathers into a scratch of a few MiB at most.  Buffers count only where messages are packed:
 * with BCR_PACK=datatype (the default) every message through MPI of up to
 * 1 GiB goes in place as an MPI datatype over the arrays, and needs none
 * (should MPI fail to make one, out of memory, that message is packed
 * and its round may take more).  The segment counts only where some
 * message may go through it: BCR_SHM not off and a message of BCR_SHM_MIN
 * bytes possible.  Where A and B lie alike on one grid no element leaves
 * its process, and neither counts.  The largest over processes bounds
 * every process's buffers and every share of the segments, so buffers
 * plus share stay under the bound on every process.
 *
 * Only agreed values enter (the sides, the mask, the options, the number
 * of processes), so every process picks the same tiles. */
#ifndef BCR_EXEC_ROUND_SIZE_H
#define BCR_EXEC_ROUND_SIZE_H

#include <stddef.h>

#include "base/index.h"
#include "base/mask.h"
#include "base/options.h"
#include "base/side.h"

/* Bytes of extra memory a round on any h x w tile of a call (of a
 * trapezoid: its pieces) may take on a process of a call over nranks
 * processes (saturating at the largest bcr_idx); update: the call is an
 * update's that adds where the data lands. */
bcr_idx bcr_round_bound(const bcr_side *A, const bcr_side *B, int trapezoid, bcr_idx h,
                        bcr_idx w, size_t elsize, const bcr_plan_options *opt, int nranks,
                        int update);

/* The tiles of a call with mask mk under the cap opt->max_bytes: 0 when
 * there is no cap or the whole call fits under it (one round, the
 * routines' usual path), else 1 with the tile *h x *w.  Whole columns or
 * whole rows, as many as fit (a multiple of both block sizes when that
 * many fit), whichever makes fewer rounds, or as many but less work for
 * the busiest process (narrow panels can leave a round to a few
 * processes).  When neither fits, single columns cut by rows.  The bound of a 1 x 1 tile is the least a round
 * can be held to (the bookkeeping of an exchange over every process; for
 * the indirect strategies a block of the intermediate): a cap below it
 * counts as it. */
int bcr_round_shape(const bcr_side *A, const bcr_side *B, const bcr_mask *mk, size_t elsize,
                    const bcr_plan_options *opt, int nranks, int update, bcr_idx *h,
                    bcr_idx *w);

#endif
