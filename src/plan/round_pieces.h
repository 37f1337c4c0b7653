/* The rounds of a capped call (exec/rounds.h) cut into calls of their own.
 *
 * A round redistributes one tile of the submatrix: rows [r, r + h) and
 * columns [c, c + w).  For gemr2d the tile is a gemr2d of its own, at
 * submatrix offset (r, c).  For trmr2d the part of the trapezoid in a tile
 * is in general not the trapezoid of the tile (the reference aligns the
 * triangle to the bottom-right corner of the whole submatrix), so a tile
 * is cut by columns into at most three pieces, each a call the routines
 * already make:
 *   - columns the trapezoid misses in the tile: nothing;
 *   - columns it covers in full: a gemr2d of those columns;
 *   - the columns between, which the diagonal crosses: a trmr2d, upper or
 *     lower with a non-unit diagonal, of those columns and of the rows they
 *     reach.  The band starts where the diagonal enters the tile, so its
 *     first column holds as many rows as the canonical trapezoid of the
 *     piece does, and each next column one more (upper) or one fewer
 *     (lower), as there.
 * tests/capped_pieces.c checks element by element that the pieces cover
 * exactly the elements of the tile that the call copies, once each. */
#ifndef BCR_PLAN_ROUND_PIECES_H
#define BCR_PLAN_ROUND_PIECES_H

#include "base/index.h"
#include "base/mask.h"

/* One call of a round: its mask (m x n, all of it or a trapezoid) at
 * submatrix offset (r, c) of the whole call. */
typedef struct {
    bcr_idx r, c;
    bcr_mask mk;
} bcr_round;

/* The pieces of tile rows [r, r + h) x columns [c, c + w) of a call with
 * mask `whole`, in column order, into out; returns their number (0 to
 * 2). */
int bcr_round_pieces(const bcr_mask *whole, bcr_idx r, bcr_idx c, bcr_idx h, bcr_idx w,
                     bcr_round out[2]);

/* Every piece of the call in tiles of h x w (the last ones of each
 * dimension shorter), a column of tiles after another, into out (NULL:
 * only counted); returns their number. */
bcr_idx bcr_round_list(const bcr_mask *whole, bcr_idx h, bcr_idx w, bcr_round *out);

#endif
