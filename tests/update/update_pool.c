/* bcr_test_update: pseudo-random numbers and the pools of grids.
 *
 * Every grid is made with Cblacs_gridmap from an explicit map, with its
 * transposed twin, so the oracle can lay a temporary out like C^T.  A pool
 * lives for one batch of configurations and is then freed, so contexts are
 * made and freed all along a sweep.
 */
#include "update.h"

#include <stdlib.h>
#include <string.h>

/* The sweeps' streams: test_rng_init with this program's salt, one step on
 * (which keeps the seeds that name configurations as they are). */
void u_rng_init(test_rng *r, uint64_t seed, uint64_t stream, uint64_t index)
{
    test_rng_init(r, seed, stream, index, 11);
    r->s += TEST_RNG_GOLDEN;
}

/* ---- pools ------------------------------------------------------------- */

int u_pool_add(u_pool *p, const u_grid *g)
{
    if (p->n >= U_MAXPOOL)
        abort();
    p->g[p->n] = *g;
    p->ctxt[p->n] = p->tctxt[p->n] = -1;
    return p->n++;
}

static int make_map(const int *map, int nprow, int npcol)
{
    int ctxt;
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridmap(&ctxt, (int *)map, nprow, nprow, npcol);
    int pr, pc, r, c;
    if (ctxt >= 0) {
        Cblacs_gridinfo(ctxt, &pr, &pc, &r, &c);
        if (r < 0 || r >= pr || c < 0 || c >= pc)
            ctxt = -1;
    }
    return ctxt < 0 ? -1 : ctxt;
}

void u_pool_make(u_pool *p)
{
    for (int i = 0; i < p->n; i++) {
        const u_grid *g = &p->g[i];
        p->ctxt[i] = make_map(g->map, g->nprow, g->npcol);
        int t[U_MAXP];
        for (int r = 0; r < g->npcol; r++)
            for (int c = 0; c < g->nprow; c++)
                t[r + c * g->npcol] = g->map[c + r * g->nprow];
        p->tctxt[i] = make_map(t, g->npcol, g->nprow);
    }
}

void u_pool_free(u_pool *p)
{
    for (int i = 0; i < p->n; i++) {
        if (p->ctxt[i] >= 0)
            Cblacs_gridexit(p->ctxt[i]);
        if (p->tctxt[i] >= 0)
            Cblacs_gridexit(p->tctxt[i]);
    }
    p->n = 0;
}

/* ---- shapes ------------------------------------------------------------ */

/* A grid over the first k of ranks[]: in row order, column order (as
 * Cblacs_gridinit lays them out) or as they come. */
static void grid_of(test_rng *r, u_grid *g, const int *ranks, int k)
{
    test_rng_shape(r, k, &g->nprow, &g->npcol);
    int how = test_rng_int(r, 0, 2);
    for (int row = 0; row < g->nprow; row++)
        for (int col = 0; col < g->npcol; col++) {
            int at = how == 0 ? row * g->npcol + col : row + col * g->nprow;
            g->map[row + col * g->nprow] = ranks[at];
        }
}

void u_pool_pblas(u_pool *p, uint64_t seed, long batch, int P)
{
    test_rng r;
    u_rng_init(&r, seed, 3, (uint64_t)batch);
    p->n = 0;
    int all[U_MAXP];
    for (int k = 0; k < P; k++)
        all[k] = k;
    /* every shape of the whole world in ranks' order, then random subsets
     * in random order */
    for (int d = 1; d <= P && p->n < 8; d++)
        if (P % d == 0) {
            u_grid g;
            g.nprow = d;
            g.npcol = P / d;
            int by_rows = test_rng_chance(&r, 0.5);
            for (int row = 0; row < d; row++)
                for (int col = 0; col < P / d; col++)
                    g.map[row + col * d] = by_rows ? row * (P / d) + col : row + col * d;
            u_pool_add(p, &g);
        }
    while (p->n < 12) {
        int k = test_rng_chance(&r, 0.5) ? P : test_rng_int(&r, 1, P);
        test_rng_shuffle(&r, all, P);
        u_grid g;
        grid_of(&r, &g, all, k);
        u_pool_add(p, &g);
    }
}

void u_pool_grids(u_pool *p, uint64_t seed, long batch, int P)
{
    test_rng r;
    u_rng_init(&r, seed, 4, (uint64_t)batch);
    p->n = 0;
    int worlds[2][U_MAXP], size[2];
    for (int w = 0; w < 2; w++) {
        for (int k = 0; k < P; k++)
            worlds[w][k] = k;
        test_rng_shuffle(&r, worlds[w], P);
        /* the second union leaves a rank or more out now and then: they
         * do not call */
        size[w] = w == 1 && P > 1 && test_rng_chance(&r, 0.5) ? test_rng_int(&r, 1, P - 1) : P;
        u_grid g;
        grid_of(&r, &g, worlds[w], size[w]);
        u_pool_add(p, &g);
    }
    for (int w = 0; w < 2; w++)
        for (int k = 0; k < U_PER_WORLD; k++) {
            int s = size[w], sub[U_MAXP];
            memcpy(sub, worlds[w], sizeof(int) * (size_t)s);
            test_rng_shuffle(&r, sub, s);
            int q = test_rng_chance(&r, 0.3) ? s : test_rng_int(&r, 1, s);
            u_grid g;
            grid_of(&r, &g, sub, q);
            u_pool_add(p, &g);
        }
}
