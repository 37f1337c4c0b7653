/* Copy kernels for one message (kernels/pieces.h): no MPI in here.
 * Elements are visited column by column, row run by row run: pack and
 * unpack walk the same order, so a packed buffer needs no header.
 */
#ifndef BCR_KERNELS_COPY_PIECES_H
#define BCR_KERNELS_COPY_PIECES_H

#include <stddef.h>

#include "base/mask.h"
#include "kernels/pieces.h"

/* Elements of rows x cols that the mask keeps. */
bcr_idx bcr_kernel_count(bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk);

/* local array (at run.mine offsets, leading dimension lld) -> buf */
void bcr_kernel_pack(char *buf, const char *a, bcr_idx lld, size_t es, bcr_groupspan rows,
                     bcr_runspan cols, const bcr_mask *mk);
/* buf -> local array (at run.mine offsets) */
void bcr_kernel_unpack(char *b, bcr_idx lld, const char *buf, size_t es, bcr_groupspan rows,
                       bcr_runspan cols, const bcr_mask *mk);
/* a (at run.mine) -> b (at run.other), for the part that stays on this
 * process; runs of more than one row written with streaming stores when
 * nt. */
void bcr_kernel_copy(char *b, bcr_idx lldb, const char *a, bcr_idx llda, size_t es,
                     bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk, int nt);

#endif
