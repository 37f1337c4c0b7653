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

void bcr_part_unpack(const bcr_half *R, const bcr_partner *p, const char *from,
                     const bcr_arrays *ar, const bcr_mask *mk)
{
    double t0 = bcr_phase_start();
    bcr_kernel_unpack(ar->b, ar->ldb, from, ar->elsize, bcr_half_rows(R, p->orow),
                      bcr_half_cols(R, p->ocol), mk);
    bcr_phase_add(&bcr_phase_now.unpack, t0);
}
