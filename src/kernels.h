/* Copy kernels: no MPI in here.
 *
 * A 2-D piece is the product of a list of row runs and a list of column
 * runs (index1d.h), restricted by a mask.  Row runs come grouped: runs of
 * one length at constant strides (what block size 1, or blocks cut by the
 * other side's blocks, produce) become one group that a tight strided loop
 * copies.  Elements are visited column by column, row run by row run: pack
 * and unpack walk the same order, so a packed buffer needs no header.
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

/* count runs: the first at (k0, mine, other), each next one step further. */
typedef struct {
    bcr_idx k0, len, mine, other;
    bcr_idx count;
    bcr_idx kstep, mstep, ostep;
} bcr_rungroup;

typedef struct {
    const bcr_rungroup *g;
    bcr_idx n;
} bcr_groupspan;

/* Group runs[0..n) greedily into out (room for n groups); returns the number
 * of groups. */
bcr_idx bcr_group_runs(const bcr_run *runs, bcr_idx n, bcr_rungroup *out);

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
