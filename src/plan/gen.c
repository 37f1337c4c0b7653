/* The run-list dispatcher: normalise, pick a generator, assemble. */
#include "plan/gen.h"

#include <string.h>

#include "plan/runlist_period.h"

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
    if (generator == BCR_GEN_BANDS)
        return "bands";
    return generator >= 0 && generator < BCR_GEN_COUNT ? names[generator] : "?";
}

static int choose(const bcr_gen_problem *pb)
{
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

int bcr_runlist_build(bcr_runlist *out, bcr_idx len, const bcr_axis *mine, int me,
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
