/* Run lists (runlist.h) of a dimension where either side is dealt in bands
 * of any sizes (base/bands.h), the other in bands or block-cyclically. */
#ifndef BCR_PLAN_GEN_BANDS_H
#define BCR_PLAN_GEN_BANDS_H

#include "base/bands.h"
#include "plan/runlist.h"

/* One side of the dimension: `bands`, or the block-cyclic axis when bands
 * is NULL.  For bands, axis.off is the global index of submatrix index 0
 * and axis.nprocs the number of coordinates; the rest of axis is unused. */
typedef struct {
    bcr_axis axis;
    const bcr_bands *bands;
} bcr_dim_side;

/* bcr_runlist_build's list for submatrix [0, len) on coordinate me of
 * `mine`, bucketed by the coordinates of `other`: this process's own pieces
 * (its bands, or its blocks) in increasing index, each cut where the other
 * side's piece ends, then bucketed and merged where k and both local
 * indices continue, so both ends of a message get the same runs.  Work
 * grows with this process's own pieces and their cuts, never with the
 * other processes' (a binary search per own piece).  No period: period =
 * len, reps <= 1, runs and pruns one storage.  Returns 0 or -1 (out of
 * memory, out then holds nothing). */
int bcr_runlist_build_bands(bcr_runlist *out, bcr_idx len, const bcr_dim_side *mine, int me,
                            const bcr_dim_side *other);

#endif
