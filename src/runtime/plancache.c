#include "runtime/plancache.h"

#include <stdlib.h>
#include <string.h>

/* Everything a plan depends on, laid out without padding surprises: built
 * with memset first and compared with memcmp. */
typedef struct {
    long maps_gen;
    long long m, n, elsize;
    bcr_plan_options opt; /* the switches may change between calls */
    int mask[3];
    int side[2][12];
} plan_key;

typedef struct {
    int used;
    unsigned long last_use;
    plan_key key;
    bcr_plan plan;
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

static void make_key(plan_key *k, const bcr_side *A, const bcr_side *B, long maps_gen,
                     const bcr_mask *mk, size_t elsize, const bcr_plan_options *opt)
{
    memset(k, 0, sizeof *k);
    k->elsize = (long long)elsize;
    k->opt = *opt;
    k->maps_gen = maps_gen;
    k->m = mk->m;
    k->n = mk->n;
    k->mask[0] = mk->trapezoid;
    k->mask[1] = mk->upper;
    k->mask[2] = mk->unit;
    side_key(k->side[0], A);
    side_key(k->side[1], B);
}

const bcr_plan *bcr_plancache_get(struct bcr_plancache **cache, const bcr_side *A,
                                  const bcr_side *B, long maps_gen, const bcr_mask *mk,
                                  size_t elsize, const bcr_plan_options *opt, int rank, int size,
                                  int *was_cached)
{
    if (!*cache && !(*cache = calloc(1, sizeof **cache)))
        return NULL;
    struct bcr_plancache *pc = *cache;
    plan_key key;
    make_key(&key, A, B, maps_gen, mk, elsize, opt);
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
        bcr_plan_free(&victim->plan);
        victim->used = 0;
    }
    if (bcr_plan_build(&victim->plan, A, B, mk, elsize, opt, rank, size))
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
            bcr_plan_free(&pc->slot[i].plan);
    free(pc);
}
