/* The general generator: cyclic(x) -> cyclic(y) for any block sizes and
 * process counts (Thakur, section 5.3), done by runs instead of elements.
 *
 * Precondition: none.
 *
 * Walk my blocks of one period in increasing k and cut each at the other
 * side's block boundaries; every piece then lies in one block on both
 * sides, so its owner and both local offsets come from its first element.
 * That is the merge of the two block progressions; the assembly merges
 * pieces that turn out adjacent on both sides. */
#include "gen.h"

int bcr_gen_general_applies(const bcr_gen_problem *pb)
{
    (void)pb;
    return 1;
}

int bcr_gen_general(const bcr_gen_problem *pb, bcr_gen_sink *sk)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    /* Block e is my first: blocks before it belong to other coordinates,
     * and it ends past k = 0 because s < nb. */
    for (bcr_idx J = pb->e, u = 0;; J += m->P, u++) {
        bcr_idx kb = J * m->nb - m->s; /* k of the block's first element */
        if (kb >= pb->plen)
            break;
        bcr_idx k = kb > 0 ? kb : 0;
        bcr_idx kend = kb + m->nb < pb->plen ? kb + m->nb : pb->plen;
        while (k < kend) {
            bcr_idx g = o->s + k; /* the other side's normalised global index */
            bcr_idx bo = g / o->nb;
            bcr_idx oend = (bo + 1) * o->nb - o->s;
            bcr_idx n = (oend < kend ? oend : kend) - k;
            if (bcr_gen_emit(sk, k, n, u * m->nb + (k - kb),
                             (bo / o->P) * o->nb + g % o->nb, bo % o->P))
                return -1;
            k += n;
        }
    }
    return 0;
}
