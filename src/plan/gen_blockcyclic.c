/* block <-> cyclic (Thakur, sections 3 and 4), from my side.
 *
 * Thakur's block(m) means one block per process covering the array, and
 * cyclic means block size 1.  Neither formula depends on the two process
 * counts being equal: one side holds at most one block per process and
 * the other deals elements round robin, so here P may differ.  The names
 * are seen from `mine`: a process receiving a cyclic -> block
 * redistribution builds its list with the block -> cyclic generator. */
#include "plan/gen_problem.h"

/* Does [s, s + len) fit in one cycle nb * P of the side, i.e. does every
 * process hold at most one block of the submatrix? */
static int one_block_each(const bcr_gen_side *x, bcr_idx len)
{
    bcr_idx cycle;
    if (__builtin_mul_overflow(x->nb, x->P, &cycle))
        return 1; /* a cycle past 2^63 holds any 64-bit submatrix */
    return len <= cycle - x->s;
}

/* block -> cyclic.  Precondition (normalised): o.nb == 1 and
 * m.s + len <= m.nb * m.P.  In ScaLAPACK terms: MB_other = 1 and
 * (off_mine mod MB_mine) + len <= MB_mine * P_mine; any process counts,
 * RSRC and offsets.  The period is then never shorter than len. */
int bcr_gen_block_to_cyclic_applies(const bcr_gen_problem *pb)
{
    return pb->o.nb == 1 && one_block_each(&pb->m, pb->len);
}

/* My only block starts at k = e * nb - s.  Its first element goes to
 * coordinate k mod P_other (Thakur's MOD(p m, P), shifted by the offset)
 * at local offset k / P_other, and the following ones round robin, the
 * local offset growing by one at each wrap: each coordinate's elements are
 * one strided piece, P_other apart here and one apart there. */
int bcr_gen_block_to_cyclic(const bcr_gen_problem *pb, bcr_gen_sink *sk)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    bcr_idx kb = pb->e * m->nb - m->s;
    bcr_idx lo = kb > 0 ? kb : 0;
    bcr_idx hi = kb + m->nb < pb->plen ? kb + m->nb : pb->plen;
    if (lo >= hi)
        return 0;
    if (o->P == 1) /* everything to one process, in order */
        return bcr_gen_emit(sk, lo, hi - lo, lo - kb, lo, 0);
    for (bcr_idx k = lo; k < hi && k < lo + o->P; k++) {
        bcr_idx count = (hi - 1 - k) / o->P + 1;
        if (bcr_gen_emit_strided(sk, k, 1, k - kb, k / o->P, k % o->P, count, o->P, o->P, 1))
            return -1;
    }
    return 0;
}

/* cyclic -> block.  Precondition (normalised): m.nb == 1 and
 * o.s + len <= o.nb * o.P.  In ScaLAPACK terms: MB_mine = 1 and
 * (off_other mod MB_other) + len <= MB_other * P_other; any process
 * counts, RSRC and offsets. */
int bcr_gen_cyclic_to_block_applies(const bcr_gen_problem *pb)
{
    return pb->m.nb == 1 && one_block_each(&pb->o, pb->len);
}

/* My elements are k = e, e + P, e + 2P, ...  Thakur's send phase: the
 * element at k lands on block d = (s + k) / nb at offset l = (s + k) mod nb,
 * and the next (nb - 1 - l) / P elements of mine land in the same block,
 * P apart; then the next block starts.  So one division and one strided
 * piece per destination, not per element. */
int bcr_gen_cyclic_to_block(const bcr_gen_problem *pb, bcr_gen_sink *sk)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    bcr_idx P = m->P;
    for (bcr_idx k = pb->e, i = 0; k < pb->plen;) {
        bcr_idx g = o->s + k;
        bcr_idx d = g / o->nb, l = g % o->nb;
        bcr_idx n = (o->nb - 1 - l) / P + 1;
        bcr_idx left = (pb->plen - 1 - k) / P + 1;
        if (n > left)
            n = left;
        if (P == 1) { /* consecutive elements: one run per block */
            if (bcr_gen_emit(sk, k, n, i, l, d))
                return -1;
        } else if (bcr_gen_emit_strided(sk, k, 1, i, l, d, n, P, 1, P)) {
            return -1;
        }
        k += n * P;
        i += n;
    }
    return 0;
}
