/* The run-list dispatcher: normalise, pick a generator, assemble. */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

static const bcr_generator generators[BCR_GEN_COUNT] = {
    [BCR_GEN_IDENTITY] = {bcr_gen_identity_applies, bcr_gen_identity},
    [BCR_GEN_KR_TO_R] = {bcr_gen_kr_to_r_applies, bcr_gen_kr_to_r},
    [BCR_GEN_R_TO_KR] = {bcr_gen_r_to_kr_applies, bcr_gen_r_to_kr},
    [BCR_GEN_BLOCK_TO_CYCLIC] = {bcr_gen_block_to_cyclic_applies, bcr_gen_block_to_cyclic},
    [BCR_GEN_CYCLIC_TO_BLOCK] = {bcr_gen_cyclic_to_block_applies, bcr_gen_cyclic_to_block},
    [BCR_GEN_GENERAL] = {bcr_gen_general_applies, bcr_gen_general},
};

/* Narrowest precondition first: block -> cyclic with equal process counts
 * is also kr -> r (r = 1), and the identity is kr -> r with k = 1, but the
 * narrower closed form does less work. */
static const int priority[] = {BCR_GEN_IDENTITY,        BCR_GEN_BLOCK_TO_CYCLIC,
                               BCR_GEN_CYCLIC_TO_BLOCK, BCR_GEN_KR_TO_R,
                               BCR_GEN_R_TO_KR,         BCR_GEN_GENERAL};

const char *bcr_generator_name(int generator)
{
    static const char *const names[BCR_GEN_COUNT] = {
        [BCR_GEN_IDENTITY] = "identity",
        [BCR_GEN_KR_TO_R] = "kr_to_r",
        [BCR_GEN_R_TO_KR] = "r_to_kr",
        [BCR_GEN_BLOCK_TO_CYCLIC] = "block_to_cyclic",
        [BCR_GEN_CYCLIC_TO_BLOCK] = "cyclic_to_block",
        [BCR_GEN_GENERAL] = "general",
    };
    return generator >= 0 && generator < BCR_GEN_COUNT ? names[generator] : "?";
}

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

/* Read per call rather than cached, so a test can switch it with setenv;
 * the plan cache keys on it. */
int bcr_gen_forced_general(void)
{
    const char *v = getenv("BCR_GENERATOR");
    return v && strcmp(v, "general") == 0;
}

static int choose(const bcr_gen_problem *pb)
{
    if (bcr_gen_forced_general())
        return BCR_GEN_GENERAL;
    for (size_t i = 0; i < sizeof priority / sizeof priority[0]; i++)
        if (generators[priority[i]].applies(pb))
            return priority[i];
    return BCR_GEN_GENERAL;
}

int bcr_runlist_generate(bcr_runlist *out, bcr_gen_problem *pb, bcr_gen_sink *sk, bcr_idx len,
                         const bcr_axis *mine, int me, const bcr_axis *other, int generator)
{
    memset(out, 0, sizeof *out);
    bcr_gen_sink_init(sk);
    out->nbuckets = other->nprocs;
    bcr_gen_normalise(pb, len, mine, me, other);
    if (generator == BCR_GEN_AUTO)
        generator = choose(pb);
    else if (generator < 0 || generator >= BCR_GEN_COUNT)
        return BCR_GEN_UNKNOWN;
    else if (!generators[generator].applies(pb))
        return BCR_GEN_NOT_APPLICABLE;
    out->generator = generator;
    return generators[generator].generate(pb, sk) ? -1 : 0;
}

int bcr_runlist_build_with(bcr_runlist *out, bcr_idx len, const bcr_axis *mine, int me,
                           const bcr_axis *other, int generator)
{
    bcr_gen_problem pb;
    bcr_gen_sink sk;
    int rc = bcr_runlist_generate(out, &pb, &sk, len, mine, me, other, generator);
    if (rc == 0)
        rc = bcr_runlist_assemble(out, &pb, &sk, 1) ? -1 : 0;
    bcr_gen_sink_free(&sk);
    return rc;
}
