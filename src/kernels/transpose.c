#include "kernels/transpose.h"

#include "kernels/copy_elems.h"

/* Tiles of TILE x TILE elements: the TILE source columns a tile reads stay
 * in the first-level cache while it writes the destination's columns one
 * after the other, so every line is fetched once although the reads go
 * across.  Writing destination columns (reading across the source) beats
 * the other loop order and staging a tile in a buffer; tiles of 64 are no
 * better than 32. */
#define TILE 32

void bcr_transpose(char *dst, bcr_idx ldd, const char *src, bcr_idx lds, bcr_idx rows,
                   bcr_idx cols, size_t es)
{
    for (bcr_idx c0 = 0; c0 < cols; c0 += TILE) {
        bcr_idx c1 = c0 + TILE < cols ? c0 + TILE : cols;
        for (bcr_idx r0 = 0; r0 < rows; r0 += TILE) {
            bcr_idx r1 = r0 + TILE < rows ? r0 + TILE : rows;
            /* destination column r (contiguous) from row r of the tile */
            for (bcr_idx r = r0; r < r1; r++)
                bcr_copy_strided(dst + (size_t)(c0 + r * ldd) * es, 1,
                                 src + (size_t)(r + c0 * lds) * es, lds, c1 - c0, es);
        }
    }
}
