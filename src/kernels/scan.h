/* One scan of the local array for all partners at once.
 *
 * Packing message by message reads the local array once per partner, and
 * where partners' rows interleave finely every pass drags in the cache
 * lines of the others, so the array is read from memory about once per
 * partner; one scan writing every partner's buffer reads it once.
 * Unpacking is the same in the other direction.
 *
 * The scan goes column by column in increasing submatrix index, and within
 * a column partner by partner, each with its own row groups: a column is
 * small enough to stay in cache while its partners take their turns, and
 * per-partner groups keep the strided loops that interleaved single
 * elements (block size 1) would otherwise lose.  Each partner's elements
 * come in the order the per-partner kernels use, so one side may scan
 * while the other does not. */
#ifndef BCR_KERNELS_SCAN_H
#define BCR_KERNELS_SCAN_H

#include <stddef.h>

#include "base/index.h"
#include "base/mask.h"
#include "kernels/pieces.h"
#include "kernels/scan_table.h"

/* Where a pack copies the part that stays here, column by column as it
 * reads A (bcr_scan_self_fusable): B, written with streaming stores when
 * nt. */
typedef struct {
    char *b;
    bcr_idx ldb;
    int nt;
} bcr_scan_self;

/* Every partner k with cur[k] != NULL gets its elements of a appended at
 * cur[k], which ends past them; with self, the part that stays is copied
 * to B too. */
void bcr_scan_pack(const bcr_scan *sc, const char *a, bcr_idx lda, size_t es,
                   const bcr_mask *mk, char **cur, int stream, const bcr_scan_self *self);

/* Into b: every partner k with cur[k] != NULL from cur[k] on (cur[k] ends
 * past its elements), and the part that stays here from a (whose run
 * offsets are the `other` side of the runs); a NULL: the part that stays
 * is left alone (a pack copied it). */
void bcr_scan_unpack(const bcr_scan *sc, char *b, bcr_idx ldb, const char *a, bcr_idx lda,
                     size_t es, const bcr_mask *mk, const char **cur);

/* What bcr_scan_unpack does, where the rows' order was kept
 * (bcr_scan_order_rows; for a trapezoid, clipped and with the runs
 * unfolded) and every cell's part is at hand: each column written front
 * to back (row_order.h), with streaming stores when `stream`.  a NULL:
 * columns holding the part that stays are left alone, which must hold
 * nothing else.  Returns 0, or -1 when some part is not at hand or a
 * trapezoid's runs were not kept unfolded (nothing written then). */
int bcr_scan_unpack_rows(const bcr_scan *sc, char *b, bcr_idx ldb, const char *a, bcr_idx lda,
                         size_t es, const bcr_mask *mk, const char **cur, int stream);

/* What bcr_scan_pack does, where the rows' order was kept: each column of
 * a read front to back, with streaming stores into the buffers when
 * `stream`.  A trapezoid's order must be kept with its runs unfolded
 * (bcr_scan_order_rows, clipped), and self is NULL for it. */
void bcr_scan_pack_rows(const bcr_scan *sc, const char *a, bcr_idx lda, size_t es,
                        const bcr_mask *mk, char **cur, int stream, const bcr_scan_self *self);

#endif
