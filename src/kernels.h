/* Copy kernels: no MPI in here.
 *
 * A 2-D piece is the product of a list of row runs and a list of column
 * runs (index1d.h), restricted by a mask.  Elements are visited column run
 * by column run, column by column, row run by row run: pack and unpack walk
 * the same order, so a packed buffer needs no header.
 */
#ifndef BCR_KERNELS_H
#define BCR_KERNELS_H

#include <stddef.h>

#include "index1d.h"
#include "mask.h"

typedef struct {
    const bcr_run *runs;
    bcr_idx n;
} bcr_runspan;

/* Elements of rows x cols that the mask keeps. */
bcr_idx bcr_kernel_count(bcr_runspan rows, bcr_runspan cols, const bcr_mask *mk);

/* local array (at run.mine offsets, leading dimension lld) -> buf */
void bcr_kernel_pack(char *buf, const char *a, bcr_idx lld, size_t es, bcr_runspan rows,
                     bcr_runspan cols, const bcr_mask *mk);
/* buf -> local array (at run.mine offsets) */
void bcr_kernel_unpack(char *b, bcr_idx lld, const char *buf, size_t es, bcr_runspan rows,
                       bcr_runspan cols, const bcr_mask *mk);
/* a (at run.mine) -> b (at run.other), for the part that stays on this
 * process. */
void bcr_kernel_copy(char *b, bcr_idx lldb, const char *a, bcr_idx llda, size_t es,
                     bcr_runspan rows, bcr_runspan cols, const bcr_mask *mk);

#endif
