/* One dimension dealt in bands of any sizes: band b holds the global
 * indices [start[b], start[b + 1]) and lies on process coordinate
 * coord[b], from local index local[b] on (layout/layout.h builds these).
 * A block-cyclic axis (index.h) is the periodic special case; the planner
 * takes either on each side (plan/gen_bands.h). */
#ifndef BCR_BASE_BANDS_H
#define BCR_BASE_BANDS_H

#include "base/index.h"

typedef struct {
    bcr_idx n;              /* bands */
    int ncoords;            /* process coordinates along the axis */
    const bcr_idx *start;   /* n + 1 entries, increasing, start[0] = 0 */
    const int *coord;       /* n entries in [0, ncoords) */
    const bcr_idx *local;   /* n entries */
    /* The bands of coordinate c, in increasing start, are
     * by_coord[first[c]] .. by_coord[first[c + 1] - 1]: a process walks its
     * own bands without looking at the others'. */
    const bcr_idx *by_coord; /* n entries */
    const bcr_idx *first;    /* ncoords + 1 entries */
} bcr_bands;

/* The last k in [0, n) with start[k] <= g, for increasing start with
 * start[0] <= g: a binary search. */
static inline bcr_idx bcr_last_at_or_below(const bcr_idx *start, bcr_idx n, bcr_idx g)
{
    bcr_idx lo = 0, hi = n - 1;
    while (lo < hi) {
        bcr_idx mid = lo + (hi - lo + 1) / 2;
        if (start[mid] <= g)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The band holding global index g, 0 <= g < start[n]. */
static inline bcr_idx bcr_band_of(const bcr_bands *bd, bcr_idx g)
{
    return bcr_last_at_or_below(bd->start, bd->n, g);
}

/* Blocks of any sizes, each on any rank (bcr_layout_owners, planned by
 * plan/elements.h): block (bi, bj) holds rows [rstart[bi], rstart[bi + 1])
 * and columns [cstart[bj], cstart[bj + 1]) and lies on rank
 * owner[bi + bj * nrb].  A process stores the row blocks in which it
 * holds a block one after another, likewise the column blocks,
 * column-major with leading dimension lld; other processes' blocks in
 * that rectangle are holes. */
typedef struct {
    bcr_idx nrb, ncb;
    const bcr_idx *rstart, *cstart; /* nrb + 1 and ncb + 1 entries */
    const int *owner;
    bcr_idx lld;
} bcr_owner_blocks;

#endif
