#include "exec/part_copy.h"

#include <string.h>

#include "base/timers.h"
#include "kernels/copy_pieces.h"

void bcr_part_pack(char *at, const bcr_half *S, const bcr_partner *p, const bcr_arrays *ar,
                   const bcr_mask *mk)
{
    size_t es = ar->elsize;
    double t0 = bcr_phase_start();
    if (p->contig >= 0)
        memcpy(at, ar->a + (size_t)p->contig * es, (size_t)p->count * es);
    else
        bcr_kernel_pack(at, ar->a, ar->lda, es, bcr_half_rows(S, p->orow),
                        bcr_half_cols(S, p->ocol), mk);
    bcr_phase_add(&bcr_phase_now.pack, t0);
}

bcr_sink bcr_arrays_sink(const bcr_arrays *ar)
{
    bcr_sink s = {ar->update, ar->b, ar->ldb, ar->elsize};
    return s;
}

void bcr_part_unpack(const bcr_half *R, const bcr_partner *p, const char *from,
                     const bcr_arrays *ar, const bcr_mask *mk)
{
    double t0 = bcr_phase_start();
    bcr_groupspan rows = bcr_half_rows(R, p->orow);
    bcr_runspan cols = bcr_half_cols(R, p->ocol);
    if (ar->update) {
        bcr_sink s = bcr_arrays_sink(ar);
        bcr_tile whole = {0, bcr_groupspan_elems(rows), 0, 0};
        for (bcr_idx k = 0; k < cols.n; k++)
            whole.c1 += cols.runs[k].len;
        bcr_update_tile(&s, from, rows, cols, whole);
    } else {
        bcr_kernel_unpack(ar->b, ar->ldb, from, ar->elsize, rows, cols, mk);
    }
    bcr_phase_add(&bcr_phase_now.unpack, t0);
}
