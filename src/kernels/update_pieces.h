/* A redistribution's writes into B as updates of C (api/update.h): every
 * place that would copy elements into B adds them into C instead, in one
 * pass, as 2-D blocks of the update kernel (update.h).
 *
 * B is what the planner sees: sub(C), or where the operation transposes,
 * sub(C)'s transpose on C's grid transposed, whose local array is the
 * transpose of C's.  So B's element (r, c) is C's local (r, c), or
 * (c, r) when the operation transposes, and a block of B's rows and
 * columns is a block of C with its strides swapped: the update kernel
 * then transposes in tiles.
 *
 * A message's elements are walked in the order the copy kernels use
 * (copy_pieces.h, scan.h: column by column, each column's row groups in
 * turn), so a buffer or segment packed for a copy is read as it lies; the
 * walks here visit it in blocks of several columns at once, which a
 * transposition needs to write C's columns a cache line at a time. */
#ifndef BCR_KERNELS_UPDATE_PIECES_H
#define BCR_KERNELS_UPDATE_PIECES_H

#include <stddef.h>

#include "base/update_op.h"
#include "kernels/pieces.h"
#include "kernels/scan.h"

/* C's local array under the operation: where B's elements go. */
typedef struct {
    const bcr_update_op *op;
    char *c;
    bcr_idx ldc;
    size_t es;
} bcr_sink;

/* The part that stays on this process, rows x cols of A added into C: A
 * at the runs' `mine` and B at their `other` when a_mine (a send half's
 * runs), the other way round otherwise. */
void bcr_update_local(const bcr_sink *s, const char *a, bcr_idx lda, bcr_groupspan rows,
                      bcr_runspan cols, int a_mine);

/* A tile of a message rows x cols: the rows at places [r0, r1) of each
 * column (in message order: the row groups in turn), of the message's
 * columns [c0, c1); in a buffer, held column by column.  The whole
 * message, {0, rows' elements, 0, cols' elements}, lies as a copy packs
 * it. */
typedef struct {
    bcr_idx r0, r1, c0, c1;
} bcr_tile;

/* Tile t of the message rows x cols of a receive half (B at the runs'
 * `mine`), from buf, added into C. */
void bcr_update_tile(const bcr_sink *s, const char *buf, bcr_groupspan rows, bcr_runspan cols,
                     bcr_tile t);

/* Tile t of the message rows x cols of a send half (A at the runs'
 * `mine`, leading dimension lda), packed into buf. */
void bcr_pack_tile(char *buf, const char *a, bcr_idx lda, size_t es, bcr_groupspan rows,
                   bcr_runspan cols, bcr_tile t);

/* bcr_scan_unpack's walk (scan.h) adding into C: every partner k with
 * cur[k] != NULL from cur[k] on (cur[k] ends past its elements), and the
 * part that stays here from a (at the runs' `other`) unless a is NULL.
 * No mask: the update routines move whole rectangles.  A transposition
 * whose column runs are narrow (partners taking turns column by column)
 * gathers panels of columns into scratch first, where scratch holds
 * bcr_update_scan_scratch bytes (NULL: it writes narrow panels). */
void bcr_update_scan(const bcr_scan *sc, const bcr_sink *s, const char *a, bcr_idx lda,
                     const char **cur, char *scratch);

/* Bytes of the scratch bcr_update_scan may gather into (0: none); at
 * most a few MiB. */
bcr_idx bcr_update_scan_scratch(const bcr_scan *sc, size_t es);

/* The most bcr_update_scan_scratch is for any scan of at most `cols`
 * columns of at most `rows` elements. */
bcr_idx bcr_update_gather_most(bcr_idx rows, bcr_idx cols, size_t es);

#endif
