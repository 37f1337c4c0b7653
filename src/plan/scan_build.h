/* Building a half's scan (kernels/scan.h) when a plan is made: which
 * partner each (row slot, column slot) is, and the order of the rows. */
#ifndef BCR_PLAN_SCAN_BUILD_H
#define BCR_PLAN_SCAN_BUILD_H

#include "kernels/scan.h"
#include "plan/runlist.h"

/* rows, cols: the half's run lists (of rows only the bucket count is
 * read: its runs come as groups, runlist_groups.h), spans its row groups
 * by bucket (kept, not copied); orow[k], ocol[k]: partner k's
 * buckets (k < nparts); self_row < 0 when nothing stays here.  Returns 0
 * or -1 (out of memory, and then sc holds nothing). */
int bcr_scan_build(bcr_scan *sc, const bcr_runlist *rows, const bcr_runlist *cols,
                   const bcr_groupspan *spans, const int *orow,
                   const int *ocol, int nparts, int self_row, int self_col);
void bcr_scan_free(bcr_scan *sc);

/* Which walk an order of rows is for: a pack; a pack that copies the part
 * that stays to B as it goes (bcr_scan_self); an unpack, which reads that
 * part from A.  The last two keep the other side's offsets of that part;
 * only an unpack folds repeated patterns (row_order_build.h). */
enum { BCR_ORDER_PACK, BCR_ORDER_PACK_SELF, BCR_ORDER_UNPACK };

/* The rows in memory order, for bcr_scan_pack_rows and
 * bcr_scan_unpack_rows (walk: one of the above; clipped: for a trapezoid,
 * row_order_build.h).  Returns what bcr_row_order_build does: 0 when kept. */
int bcr_scan_order_rows(bcr_scan *sc, int walk, int clipped);

/* Whether the part that stays here lies in columns of B that hold nothing
 * else, given the receiving half's scan: then a pack can copy it as it
 * reads A, and the unpack leave those columns alone. */
int bcr_scan_self_fusable(const bcr_scan *recv);

#endif
