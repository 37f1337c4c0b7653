/* The arithmetic of the update routines (api/update.h): elements of C
 * := beta * C + alpha * op(x), per type from the list in types.h.
 *
 * The cases follow PBLAS's local kernels (p?mmadd, p?mmtadd): beta = 0
 * writes C without reading it, alpha = 1 and beta = 1 multiply by
 * nothing, so that data and scalars that are exactly representable give
 * exactly PBLAS's bytes. */
#ifndef BCR_KERNELS_UPDATE_H
#define BCR_KERNELS_UPDATE_H

#include "base/index.h"
#include "base/update_op.h"

/* A 2-D block of rows x cols elements, each either side at its own
 * element strides: c(i, j) at c + i * crs + j * ccs elements, x(i, j) at
 * w + i * wrs + j * wcs.  c(i, j) := beta c(i, j) + alpha x(i, j), x
 * conjugated when u->op is 'C'; a transposition is in the strides.  Where
 * one side is contiguous down i and the other across j, the block is
 * walked in cache-sized tiles of small register tiles (a transposition);
 * where both are contiguous down one index, column by column. */
void bcr_update_block(const bcr_update_op *u, char *c, bcr_idx crs, bcr_idx ccs, const char *w,
                      bcr_idx wrs, bcr_idx wcs, bcr_idx rows, bcr_idx cols);

/* c (rows x cols, leading dimension ldc) := beta * c + alpha * op(w), w
 * rows x cols for 'N', cols x rows otherwise (leading dimension ldw). */
void bcr_update_add(const bcr_update_op *u, char *c, bcr_idx ldc, const char *w, bcr_idx ldw,
                    bcr_idx rows, bcr_idx cols);

/* c := beta * c (alpha = 0): zeros for beta = 0, nothing for beta = 1. */
void bcr_update_scale(const bcr_update_op *u, char *c, bcr_idx ldc, bcr_idx rows,
                      bcr_idx cols);

/* Whether the element at x of the type is 0. */
int bcr_update_is_zero(char type, const void *x);

#endif
