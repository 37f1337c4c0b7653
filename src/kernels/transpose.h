/* Cache-blocked local transpose (the NAS FT transpose2_local pattern):
 * what the transposed indirect strategy (plan/plan.h) uses to turn the row
 * phase, whose pieces are runs inside columns, into a phase of whole
 * columns.  No MPI in here. */
#ifndef BCR_KERNELS_TRANSPOSE_H
#define BCR_KERNELS_TRANSPOSE_H

#include <stddef.h>

#include "base/index.h"

/* dst (cols x rows, leading dimension ldd) = the transpose of src (rows x
 * cols, leading dimension lds); elements of es bytes. */
void bcr_transpose(char *dst, bcr_idx ldd, const char *src, bcr_idx lds, bcr_idx rows,
                   bcr_idx cols, size_t es);

#endif
