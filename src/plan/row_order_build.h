/* Building the order of a column's rows (kernels/row_order.h) when a
 * plan is made, and the bounds that decide which forms are kept. */
#ifndef BCR_PLAN_ROW_ORDER_BUILD_H
#define BCR_PLAN_ROW_ORDER_BUILD_H

#include "kernels/row_order.h"

/* Patterns that repeat at least this often count as interleaved
 * (bcr_row_order.interleaved). */
#define BCR_ROW_MIN_REPEATS 8

/* Runs of a column past which no order is kept: building it takes a
 * sorted copy of every run, 32 bytes each, for the plan's time. */
#define BCR_ROW_MAX_RUNS ((bcr_idx)1 << 16)

/* Nor past this many runs per local column walked: the order is built
 * once and walked once a column, and for a long 1-D array (one column of
 * tens of thousands of runs) sorting them costs more than walking them in
 * memory order gives back, in the plan and in the walk alike.  Columns of
 * a few thousand runs (case 11 of the standard set: 4096 runs in each of
 * 16 columns) keep theirs. */
#define BCR_ROW_RUNS_PER_COLUMN 512

/* Unfolded lists are kept up to this many runs and BCR_ROW_FLAT_MAX_SLOTS
 * row slots (kernels/row_order.h), where the patterns repeat fewer than
 * BCR_ROW_FLAT_BELOW times on average. */
#define BCR_ROW_FLAT_MAX_RUNS 4096
#define BCR_ROW_FLAT_BELOW 4

/* Row-by-row tables are kept for columns of at most this many rows whose
 * runs are shorter than BCR_ROW_EACH_BELOW rows on average (and are not
 * two partners' single rows taking turns, which have a loop of their
 * own). */
#define BCR_ROW_EACH_MAX_ROWS 8192
#define BCR_ROW_EACH_BELOW 4

/* From the row groups of every row slot (slot r's are spans[rbucket[r]])
 * of a half walking `columns` local columns.  other_slot: the row slot of
 * the part that stays here, which a walk reads from the other side's column
 * (unpacking), or -1; then the other side's offsets (dother, ostep) are
 * kept, and that slot's runs merge only where that side meets too;
 * otherwise the offsets are 0.  fold: patterns of one shape that follow
 * each other at a constant step become one (bcr_row_pattern.outer), for
 * an unpack reading the part that stays from A, whose runs break where
 * A's rows jump; a pack copying that part to B meets no such breaks in
 * the layouts tried (B's rows of that part are contiguous), so its walk
 * is not asked to repeat patterns.  clipped: for a trapezoid, whose
 * columns keep a range of submatrix rows each: runs merge only where
 * their submatrix rows meet too, the unfolded list is kept however well
 * they fold, and the rows one by one with their submatrix indices where
 * runs are short, two partners' single rows taking turns too (only these
 * walks clip).  Returns 0; 1 when the column has
 * more than BCR_ROW_MAX_RUNS runs, or more than BCR_ROW_RUNS_PER_COLUMN
 * per column; -1 when out of memory (then ro holds nothing). */
int bcr_row_order_build(bcr_row_order *ro, int nrslots, const int *rbucket,
                        const bcr_groupspan *spans, bcr_idx columns, int other_slot, int fold,
                        int clipped);
void bcr_row_order_free(bcr_row_order *ro);

#endif
