/* What a scan of the local array for all partners at once walks
 * (scan.h): its columns, its row slots and which partner each cell is. */
#ifndef BCR_KERNELS_SCAN_TABLE_H
#define BCR_KERNELS_SCAN_TABLE_H

#include "base/index.h"
#include "kernels/pieces.h"
#include "kernels/row_order.h"

#define BCR_SCAN_NONE (-1) /* no partner holds this cell */
#define BCR_SCAN_SELF (-2) /* the part that stays on this process */

typedef struct {
    bcr_run r;
    int slot; /* the partner's column among those holding any of my columns */
} bcr_scan_cols;

/* A half's column runs of every bucket merged in increasing submatrix
 * index, its row groups by bucket, and which partner each (row slot,
 * column slot) is. */
typedef struct {
    bcr_scan_cols *cols;
    bcr_idx ncols;
    int nrslots;
    int *rbucket;              /* row slot -> row bucket */
    const bcr_groupspan *spans; /* the half's row groups, bucket q's spans[q] */
    int *cell; /* [column slot * nrslots + row slot]: partner index, or
                  BCR_SCAN_SELF or BCR_SCAN_NONE */
    int self_rslot;      /* row slot of the part that stays here, or -1 */
    bcr_row_order order; /* rows in memory order (bcr_scan_order_rows) */
} bcr_scan;

#endif
