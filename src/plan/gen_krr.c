/* kr -> r and r -> kr (Hsu and Chung, section 3), from my side.
 *
 * The paper has one set of M processes and both distributions starting at
 * global index 0 on process 0.  After normalisation the starting processes
 * no longer matter (coordinates are relative), so what is left is the
 * alignment of the blocks: the small blocks of size r must tile the big
 * blocks of size kr.  Then the other side's small-block numbering trails
 * (or leads) mine by t = (s of the big side) / r small blocks, and the
 * paper's closed forms hold with every rank shifted by t.
 *
 * These two names are seen from `mine`: a process receiving a kr -> r
 * redistribution builds its list with the r -> kr generator. */
#include "plan/gen_problem.h"

/* kr -> r.  Precondition (normalised): m.P == o.P, m.nb = k * o.nb for an
 * integer k >= 1, and m.s mod o.nb == o.s (the small blocks tile my big
 * blocks).  In ScaLAPACK terms: equal process counts, MB_mine a multiple of
 * MB_other and (off_mine mod MB_mine) = off_other (mod MB_other); RSRC and
 * whole blocks of offset are free. */
int bcr_gen_kr_to_r_applies(const bcr_gen_problem *pb)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    return m->P == o->P && m->nb % o->nb == 0 && m->s % o->nb == o->s;
}

/* One scan of my big blocks of the period (Lemmas 1 and 2): the k small
 * blocks of big block e + P u go to eta, eta + 1, ... (mod P) whatever u
 * is, with eta = (k * e - t) mod P, the paper's equation (1) shifted by t.
 * The other side's local offset is the paper's alpha, (floor((k e - t) /
 * P) + [d < eta]) * r for the first small block to d, advancing by r each
 * time the destinations wrap and by k r per period (Lemma 4), so nothing
 * is looked up per element.  The whole small blocks of a big block that go
 * to one destination, every P-th, are one strided piece: BLOCK ->
 * cyclic(2) of 6.4M elements on 4 processes has one big block of 800 000
 * small ones per process, which one piece each took 1.3 s to plan. */
/* Small block i of big block u (its first element at kb), clipped to
 * [0, plen): the one cut by k = 0 or by the end, alone. */
static int small_block(const bcr_gen_problem *pb, bcr_gen_sink *sk, bcr_idx kb, bcr_idx u,
                       bcr_idx i, bcr_idx eta, bcr_idx row0)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    bcr_idx P = m->P, r = o->nb, k = m->nb / r;
    bcr_idx ka = kb + i * r;
    bcr_idx lo = ka > 0 ? ka : 0;
    bcr_idx hi = ka + r < pb->plen ? ka + r : pb->plen;
    if (lo >= hi)
        return 0;
    bcr_idx row = row0 + u * k + bcr_floordiv(eta + i, P);
    return bcr_gen_emit(sk, lo, hi - lo, u * m->nb + i * r + (lo - ka), row * r + (lo - ka),
                        bcr_mod(eta + i, P));
}

int bcr_gen_kr_to_r(const bcr_gen_problem *pb, bcr_gen_sink *sk)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    bcr_idx P = m->P, r = o->nb, k = m->nb / r, t = m->s / r;
    bcr_idx x0 = pb->e * k - t;
    bcr_idx eta = bcr_mod(x0, P), row0 = bcr_floordiv(x0, P);
    for (bcr_idx u = 0;; u++) {
        bcr_idx kb = (pb->e + P * u) * m->nb - m->s;
        if (kb >= pb->plen)
            break;
        /* Small blocks [ia, ib) lie whole in [0, plen); of the others only
         * ia - 1 (cut by k = 0) and ib (cut by plen) reach into it.  Block
         * e ends past k = 0 (s < nb), so ia <= k. */
        bcr_idx ia = kb >= 0 ? 0 : (-kb + r - 1) / r;
        bcr_idx ib = (pb->plen - kb) / r;
        if (ib > k)
            ib = k;
        if (ib < ia)
            ib = ia;
        if (ia > 0 && small_block(pb, sk, kb, u, ia - 1, eta, row0))
            return -1;
        /* The whole ones, a strided piece per destination (one run where
         * P = 1: they are then adjacent). */
        bcr_idx ways = P < ib - ia ? P : ib - ia;
        for (bcr_idx j = ia; j < ia + ways; j++) {
            bcr_idx count = P == 1 ? 1 : (ib - j + P - 1) / P;
            bcr_idx len = P == 1 ? (ib - ia) * r : r;
            bcr_idx row = row0 + u * k + bcr_floordiv(eta + j, P);
            if (bcr_gen_emit_strided(sk, kb + j * r, len, u * m->nb + j * r, row * r,
                                     bcr_mod(eta + j, P), count, P * r, P * r, r))
                return -1;
        }
        if (ib < k && small_block(pb, sk, kb, u, ib, eta, row0))
            return -1;
    }
    return 0;
}

/* r -> kr.  Precondition (normalised): m.P == o.P, o.nb = k * m.nb for an
 * integer k >= 1, and o.s mod m.nb == m.s.  In ScaLAPACK terms: equal
 * process counts, MB_other a multiple of MB_mine and (off_other mod
 * MB_other) = off_mine (mod MB_mine). */
int bcr_gen_r_to_kr_applies(const bcr_gen_problem *pb)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    return m->P == o->P && o->nb % m->nb == 0 && o->s % m->nb == m->s;
}

/* One scan of my small blocks: my small block e + P u is the other side's
 * small block x = e + t + P u, sub-block x mod k of big block x / k, which
 * lives on (x / k) mod P.  For u = 0 that is the paper's equation (5),
 * phi = rank / k, shifted by t; each next small block of mine is P small
 * blocks further, so the destination advances by carries instead of
 * divisions, and runs of equal destination are the paper's classes C_j.
 * The other side's local offset is (x / k / P) * kr + (x mod k) * r.  A
 * class of whole small blocks is one strided piece (one run where P = 1):
 * cyclic(2) -> BLOCK is one class of 800 000 per process over 6.4M
 * elements on 4. */
int bcr_gen_r_to_kr(const bcr_gen_problem *pb, bcr_gen_sink *sk)
{
    const bcr_gen_side *m = &pb->m, *o = &pb->o;
    bcr_idx P = m->P, r = m->nb, k = o->nb / r, t = o->s / r;
    bcr_idx x = pb->e + t;
    bcr_idx sub = x % k, b = x / k;
    bcr_idx d = b % P, row = b / P;
    for (bcr_idx u = 0;;) {
        bcr_idx ka = (pb->e + P * u) * r - m->s;
        if (ka >= pb->plen)
            break;
        bcr_idx lo = ka > 0 ? ka : 0;
        bcr_idx hi = ka + r < pb->plen ? ka + r : pb->plen;
        bcr_idx n = 1; /* small blocks of this piece */
        if (lo == ka && hi == ka + r) {
            /* Whole ones while the class lasts and before plen. */
            bcr_idx whole = (pb->plen - ka - r) / (P * r) + 1;
            n = (k - sub + P - 1) / P;
            if (n > whole)
                n = whole;
            if (bcr_gen_emit_strided(sk, ka, P == 1 ? n * r : r, u * r,
                                     row * o->nb + sub * r, d, P == 1 ? 1 : n, P * r, r,
                                     P * r))
                return -1;
        } else if (lo < hi && bcr_gen_emit(sk, lo, hi - lo, u * r + (lo - ka),
                                           row * o->nb + sub * r + (lo - ka), d)) {
            return -1;
        }
        u += n;
        sub += n * P;
        d += sub / k;
        sub %= k;
        row += d / P;
        d %= P;
    }
    return 0;
}
