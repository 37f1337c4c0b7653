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

uint64_t u_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

void u_rng_init(u_rng *r, uint64_t seed, uint64_t stream, uint64_t index)
{
    r->s = u_mix(u_mix(seed) ^ u_mix(stream * 0x100000001B3ULL + 11) ^
                 u_mix(index + 0x632BE59BD9B4E019ULL));
}

uint64_t u_next(u_rng *r)
{
    r->s += 0x9E3779B97F4A7C15ULL;
    return u_mix(r->s);
}

int u_range(u_rng *r, int lo, int hi)
{
    if (hi <= lo)
        return lo;
    return lo + (int)(u_next(r) % (uint64_t)(hi - lo + 1));
}

int u_chance(u_rng *r, double p)
{
    return (double)(u_next(r) >> 11) * (1.0 / 9007199254740992.0) < p;
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

static void shuffle(u_rng *r, int *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = u_range(r, 0, i), t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/* A random shape r x c with r * c = k, every divisor equally likely. */
static void random_shape(u_rng *r, int k, int *nprow, int *npcol)
{
    int div[U_MAXP], nd = 0;
    for (int d = 1; d <= k; d++)
        if (k % d == 0)
            div[nd++] = d;
    *nprow = div[u_range(r, 0, nd - 1)];
    *npcol = k / *nprow;
}

/* A grid over the first k of ranks[]: in row order, column order (as
 * Cblacs_gridinit lays them out) or as they come. */
static void grid_of(u_rng *r, u_grid *g, const int *ranks, int k)
{
    random_shape(r, k, &g->nprow, &g->npcol);
    int how = u_range(r, 0, 2);
    for (int row = 0; row < g->nprow; row++)
        for (int col = 0; col < g->npcol; col++) {
            int at = how == 0 ? row * g->npcol + col : row + col * g->nprow;
            g->map[row + col * g->nprow] = ranks[at];
        }
}

void u_pool_pblas(u_pool *p, uint64_t seed, long batch, int P)
{
    u_rng r;
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
            int by_rows = u_chance(&r, 0.5);
            for (int row = 0; row < d; row++)
                for (int col = 0; col < P / d; col++)
                    g.map[row + col * d] = by_rows ? row * (P / d) + col : row + col * d;
            u_pool_add(p, &g);
        }
    while (p->n < 12) {
        int k = u_chance(&r, 0.5) ? P : u_range(&r, 1, P);
        shuffle(&r, all, P);
        u_grid g;
        grid_of(&r, &g, all, k);
        u_pool_add(p, &g);
    }
}

void u_pool_grids(u_pool *p, uint64_t seed, long batch, int P)
{
    u_rng r;
    u_rng_init(&r, seed, 4, (uint64_t)batch);
    p->n = 0;
    int worlds[2][U_MAXP], size[2];
    for (int w = 0; w < 2; w++) {
        for (int k = 0; k < P; k++)
            worlds[w][k] = k;
        shuffle(&r, worlds[w], P);
        /* the second union leaves a rank or more out now and then: they
         * do not call */
        size[w] = w == 1 && P > 1 && u_chance(&r, 0.5) ? u_range(&r, 1, P - 1) : P;
        u_grid g;
        grid_of(&r, &g, worlds[w], size[w]);
        u_pool_add(p, &g);
    }
    for (int w = 0; w < 2; w++)
        for (int k = 0; k < U_PER_WORLD; k++) {
            int s = size[w], sub[U_MAXP];
            memcpy(sub, worlds[w], sizeof(int) * (size_t)s);
            shuffle(&r, sub, s);
            int q = u_chance(&r, 0.3) ? s : u_range(&r, 1, s);
            u_grid g;
            grid_of(&r, &g, sub, q);
            u_pool_add(p, &g);
        }
}
