#include "plan/gen_problem.h"

#include <stdlib.h>
#include <string.h>

static void normalise_side(bcr_gen_side *s, const bcr_axis *ax)
{
    s->nb = ax->nb;
    s->P = ax->nprocs;
    s->s = ax->off % ax->nb;
    s->lead = ax->off / ax->nb;
    s->first = (ax->src + s->lead % s->P) % s->P;
}

static bcr_idx gcd(bcr_idx a, bcr_idx b)
{
    while (b) {
        bcr_idx t = a % b;
        a = b;
        b = t;
    }
    return a;
}

void bcr_gen_normalise(bcr_gen_problem *pb, bcr_idx len, const bcr_axis *mine, int me,
                       const bcr_axis *other)
{
    normalise_side(&pb->m, mine);
    normalise_side(&pb->o, other);
    pb->e = bcr_mod((bcr_idx)me - pb->m.first, pb->m.P);
    pb->len = len;
    /* Block sizes near 2^31 with coprime cycles on both sides could
     * overflow L; the list is then one (clipped) period. */
    bcr_idx a, b, L;
    if (__builtin_mul_overflow(pb->m.P, pb->m.nb, &a) ||
        __builtin_mul_overflow(pb->o.P, pb->o.nb, &b) ||
        __builtin_mul_overflow(a / gcd(a, b), b, &L)) {
        pb->period = len;
        pb->mine_step = pb->other_step = 0;
    } else {
        pb->period = L;
        pb->mine_step = L / pb->m.P;
        pb->other_step = L / pb->o.P;
    }
    pb->plen = pb->period < len ? pb->period : len;
}

void bcr_gen_sink_init(bcr_gen_sink *sk)
{
    sk->v = sk->local;
    sk->n = 0;
    sk->cap = BCR_GEN_SINK_LOCAL;
}

int bcr_gen_sink_grow(bcr_gen_sink *sk)
{
    bcr_idx ncap = 2 * sk->cap;
    bcr_gen_piece *nv;
    if (sk->v == sk->local) {
        nv = malloc((size_t)ncap * sizeof *nv);
        if (nv)
            memcpy(nv, sk->local, sizeof sk->local);
    } else {
        nv = realloc(sk->v, (size_t)ncap * sizeof *nv);
    }
    if (!nv)
        return -1;
    sk->v = nv;
    sk->cap = ncap;
    return 0;
}

void bcr_gen_sink_free(bcr_gen_sink *sk)
{
    if (sk->v != sk->local)
        free(sk->v);
    bcr_gen_sink_init(sk);
}
