/* A block-cyclic distribution as a blocks layout (bcr_layout_blocks): the
 * relabelling's drivers (relabel_timing.c, sim/bcr_simulate.c) describe
 * simulated grids this way, with no BLACS context behind them. */
#ifndef BCR_TIMING_CYCLIC_LAYOUT_H
#define BCR_TIMING_CYCLIC_LAYOUT_H

#include "bcredist.h"

/* An m x n matrix in blocks of mb x nb dealt round a P x Q grid from
 * process (0, 0), position (r, c) on rank ranks[r * Q + c]; NULL when out
 * of memory. */
bcr_layout_t timing_cyclic_layout(int m, int n, int mb, int nb, int P, int Q, const int *ranks);

#endif
