/* Same layout, same coordinate: every element I hold is held by my own
 * coordinate on the other side, at a local offset shifted by a constant,
 * so each of my blocks is one run and nothing has to be looked up.  (In
 * 2-D the planner decides whether the partner is this very process, when
 * the copy is local and no message is sent.)
 *
 * Precondition (normalised): m.nb == o.nb, m.P == o.P, m.s == o.s and
 * m.first == o.first; in ScaLAPACK terms equal block sizes and process
 * counts, off_A = off_B (mod nb) and (RSRC_A + off_A / nb) = (RSRC_B +
 * off_B / nb) (mod P).  Any src or offset satisfying that works. */
#include "plan/gen_problem.h"

int bcr_gen_identity_applies(const bcr_gen_problem *pb)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    return m->nb == o->nb && m->P == o->P && m->s == o->s && m->first == o->first;
}

int bcr_gen_identity(const bcr_gen_problem *pb, bcr_gen_sink *sk)
{
    const bcr_gen_side *m = &pb->m;
    /* Both sides are normalised the same way, so the normalised local
     * offsets agree and the relative coordinate is mine. */
    for (bcr_idx J = pb->e, u = 0;; J += m->P, u++) {
        bcr_idx kb = J * m->nb - m->s;
        if (kb >= pb->plen)
            break;
        bcr_idx k = kb > 0 ? kb : 0;
        bcr_idx kend = kb + m->nb < pb->plen ? kb + m->nb : pb->plen;
        bcr_idx l = u * m->nb + (k - kb);
        if (k < kend && bcr_gen_emit(sk, k, kend - k, l, l, pb->e))
            return -1;
    }
    return 0;
}
