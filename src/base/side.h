/* One matrix of a call as every process knows it once the call's
 * arguments are agreed (runtime/agree.h): what the planner starts from. */
#ifndef BCR_BASE_SIDE_H
#define BCR_BASE_SIDE_H

#include "base/bands.h"

/* One matrix as this call sees it, after agreement: processes outside its
 * grid learn the global fields from the processes inside. */
typedef struct {
    int in;           /* this process is in the grid */
    int myrow, mycol; /* -1 outside */
    int P, Q;
    int M, N, MB, NB, RSRC, CSRC;
    int i, j;         /* 0-based start of the submatrix */
    int lld;          /* meaningful only when in */
    const int *map;   /* P*Q ranks in the union communicator, row-major */
    /* Rows or columns dealt in bands of any sizes (base/bands.h) instead of
     * MB / NB blocks from RSRC / CSRC (layout/layout.h); NULL for a
     * ScaLAPACK descriptor's.  P and Q still count the coordinates. */
    const bcr_bands *rbands, *cbands;
} bcr_side;

#endif
