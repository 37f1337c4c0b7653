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
#include "plan/gen_problem.h"

int bcr_gen_general_applies(const bcr_gen_problem *pb)
{
    (void)pb;
    return 1;
}

/* The rest of my block from k (at an other block's start) to kend, cut
 * at the other side's boundaries: its whole other blocks as a strided
 * piece per destination (one run where o.P = 1, whose blocks are then
 * adjacent), then what is left of the last. */
static int cut_block(const bcr_gen_problem *pb, bcr_gen_sink *sk, bcr_idx k, bcr_idx kend,
                     bcr_idx kb, bcr_idx mine0)
{
    const bcr_gen_side *o = &pb->o;
    bcr_idx Q = o->P, nfull = (kend - k) / o->nb;
    bcr_idx ways = Q < nfull ? Q : nfull;
    for (bcr_idx j = 0; j < ways; j++) {
        bcr_idx kj = k + j * o->nb, bo = (o->s + kj) / o->nb;
        if (bcr_gen_emit_strided(sk, kj, Q == 1 ? nfull * o->nb : o->nb, mine0 + (kj - kb),
                                 (bo / Q) * o->nb, bo % Q, Q == 1 ? 1 : (nfull - j + Q - 1) / Q,
                                 Q * o->nb, Q * o->nb, o->nb))
            return -1;
    }
    k += nfull * o->nb;
    if (k < kend) {
        bcr_idx bo = (o->s + k) / o->nb;
        return bcr_gen_emit(sk, k, kend - k, mine0 + (k - kb), (bo / Q) * o->nb, bo % Q);
    }
    return 0;
}

/* Where whole blocks of one side fall into whole blocks of the other,
 * they come as strided pieces: my consecutive blocks inside one block of
 * the other side (my blocks the smaller), or the other side's blocks of
 * one destination inside one of mine (mine the larger).  cyclic(3) ->
 * BLOCK over 6.4M elements on 4 processes is one period of 533 334 of my
 * blocks, which one piece each took 0.9 s to plan. */
int bcr_gen_general(const bcr_gen_problem *pb, bcr_gen_sink *sk)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    bcr_idx step = m->P * m->nb; /* from one of my blocks to the next */
    /* Block e is my first: blocks before it belong to other coordinates,
     * and it ends past k = 0 because s < nb. */
    for (bcr_idx J = pb->e, u = 0;;) {
        bcr_idx kb = J * m->nb - m->s; /* k of the block's first element */
        if (kb >= pb->plen)
            break;
        bcr_idx k = kb > 0 ? kb : 0;
        bcr_idx kend = kb + m->nb < pb->plen ? kb + m->nb : pb->plen;
        bcr_idx g = o->s + k; /* the other side's normalised global index */
        bcr_idx bo = g / o->nb;
        bcr_idx oend = (bo + 1) * o->nb - o->s;
        if (k == kb && kend == kb + m->nb && kend <= oend) {
            /* Whole, inside other block bo, with the next ones of mine
             * that are too. */
            bcr_idx in_bo = (oend - kend) / step + 1, in_len = (pb->plen - kend) / step + 1;
            bcr_idx c = in_bo < in_len ? in_bo : in_len;
            if (bcr_gen_emit_strided(sk, k, m->P == 1 ? c * m->nb : m->nb, u * m->nb,
                                     (bo / o->P) * o->nb + g % o->nb, bo % o->P,
                                     m->P == 1 ? 1 : c, step, m->nb, step))
                return -1;
            J += c * m->P, u += c;
            continue;
        }
        /* Cut at the other side's boundaries: the piece up to the first,
         * then the rest. */
        bcr_idx n = (oend < kend ? oend : kend) - k;
        if (n > 0 && bcr_gen_emit(sk, k, n, u * m->nb + (k - kb),
                                  (bo / o->P) * o->nb + g % o->nb, bo % o->P))
            return -1;
        if (k + n < kend && cut_block(pb, sk, k + n, kend, kb, u * m->nb))
            return -1;
        J += m->P, u++;
    }
    return 0;
}
