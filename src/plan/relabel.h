/* The relabelling of a destination's processes that moves the fewest bytes
 * (bcr_relabel, bcredist.h).
 *
 * W[s][r] is what a redistribution sends from process s to process r;
 * the bytes that cross between processes are everything but W's diagonal.
 * Giving rank r's part of the destination to process perm[r] instead
 * keeps W[perm[r]][r] where it is, so the best relabelling is the
 * assignment of ranks to processes that maximises sum_r W[perm[r]][r]
 * (plan/assign.h).  Up to BCR_RELABEL_EXACT processes it is solved
 * exactly (W is held whole, 8 n^2 bytes: 128 MiB at the limit); above,
 * from W's non-zero entries alone, the greedy assignment or the identity,
 * whichever keeps more: never worse than not relabelling. */
#ifndef BCR_PLAN_RELABEL_H
#define BCR_PLAN_RELABEL_H

#include <stddef.h>
#include <stdint.h>

#include "base/index.h"

#define BCR_RELABEL_EXACT 4096

/* A matrix's tiles as a relabelling reads them: rows [rstart[bi],
 * rstart[bi + 1]) by columns [cstart[bj], cstart[bj + 1]) on one rank,
 * owner[bi + bj * nrb], or, for a grid, grid[rcoord[bi] * npcol +
 * ccoord[bj]] (owner NULL). */
typedef struct {
    bcr_idx nrb, ncb;
    const bcr_idx *rstart, *cstart;
    const int *owner;
    const int *grid, *rcoord, *ccoord;
    int npcol;
} bcr_tiling;

typedef struct {
    int64_t before, after; /* bytes crossing between processes */
    int exact;             /* solved exactly (else the stated heuristic) */
    int64_t greedy_after;  /* what the greedy pass alone would leave crossing,
                              for comparison; -1 where not computed */
} bcr_relabel_result;

/* perm (nprocs entries) for src -> dst with elements of es bytes; every
 * rank of both tilings is below nprocs and both cover the same matrix.
 * Returns 0, or -1 when out of memory (perm untouched). */
int bcr_relabel_tilings(const bcr_tiling *src, const bcr_tiling *dst, size_t es, int nprocs,
                        int *perm, bcr_relabel_result *res);

#endif
