#include "plancache.h"

#include <stdlib.h>
#include <string.h>

#include "datatype.h"
#include "gen.h"
#include "shm.h"

/* Everything a plan depends on, laid out without padding surprises: built
 * with memset first and compared with memcmp. */
typedef struct {
    long maps_gen;
    long long m, n, elsize;
    /* BCR_STRATEGY, BCR_GENERATOR, BCR_PACK, BCR_SHM, BCR_SHM_MIN may
     * change between calls */
    int strategy_forced, general_forced, datatypes, shm_policy;
    long long shm_min;
    int mask[3];
    int side[2][12];
} plan_key;

typedef struct {
    int used;
    unsigned long last_use;
    plan_key key;
    bcr_schedule plan;
} plan_slot;

struct bcr_plancache {
    unsigned long clock;
    plan_slot slot[BCR_PLANCACHE_SIZE];
};

static void side_key(int *k, const bcr_side *s)
{
    const int v[12] = {s->in, s->myrow, s->mycol, s->P, s->Q, s->MB, s->NB,
                       s->RSRC, s->CSRC, s->i, s->j, s->in ? s->lld : 0};
    memcpy(k, v, sizeof v);
}

static void make_key(plan_key *k, const bcr_setup *s, const bcr_mask *mk, size_t elsize)
{
    memset(k, 0, sizeof *k);
    k->elsize = (long long)elsize;
    k->strategy_forced = bcr_strategy_forced();
    k->general_forced = bcr_gen_forced_general();
    k->datatypes = bcr_datatypes_enabled();
    k->shm_min = bcr_shm_min_bytes();
    k->shm_policy = bcr_shm_policy();
    k->maps_gen = s->maps_gen;
    k->m = mk->m;
    k->n = mk->n;
    k->mask[0] = mk->trapezoid;
    k->mask[1] = mk->upper;
    k->mask[2] = mk->unit;
    side_key(k->side[0], &s->A);
    side_key(k->side[1], &s->B);
}

const bcr_schedule *bcr_plancache_get(bcr_ctx *ctx, const bcr_setup *s, const bcr_mask *mk,
                                  size_t elsize, int *was_cached)
{
    if (!ctx->plans && !(ctx->plans = calloc(1, sizeof *ctx->plans)))
        return NULL;
    struct bcr_plancache *pc = ctx->plans;
    plan_key key;
    make_key(&key, s, mk, elsize);
    plan_slot *victim = &pc->slot[0];
    for (int i = 0; i < BCR_PLANCACHE_SIZE; i++) {
        plan_slot *sl = &pc->slot[i];
        if (sl->used && !memcmp(&sl->key, &key, sizeof key)) {
            sl->last_use = ++pc->clock;
            *was_cached = 1;
            return &sl->plan;
        }
        if (!sl->used || (victim->used && sl->last_use < victim->last_use))
            victim = sl;
    }
    *was_cached = 0;
    if (victim->used) {
        bcr_schedule_free(&victim->plan);
        victim->used = 0;
    }
    if (bcr_schedule_build(&victim->plan, s, mk, elsize, ctx->rank, ctx->size))
        return NULL;
    victim->used = 1;
    victim->key = key;
    victim->last_use = ++pc->clock;
    return &victim->plan;
}

void bcr_plancache_free(struct bcr_plancache *pc)
{
    if (!pc)
        return;
    for (int i = 0; i < BCR_PLANCACHE_SIZE; i++)
        if (pc->slot[i].used)
            bcr_schedule_free(&pc->slot[i].plan);
    free(pc);
}
