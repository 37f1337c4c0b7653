/* bcr_test_compare: the configurations, random and systematic.
 *
 * Every configuration is a valid input for the reference: each process of a
 * grid has LLD >= its local row count of the whole matrix, RSRC/CSRC are in
 * range, the submatrix lies inside the matrix, MB, NB >= 1, and ictxt holds
 * every process of both grids.  Ranks outside ictxt do not call at all.
 */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* helpers                                                                  */

/* Most square 2-D shape of p processes: r <= c, r largest divisor <= sqrt. */
static void two_d(int p, int *r, int *c)
{
    int best = 1;
    for (int d = 1; d * d <= p; d++)
        if (p % d == 0)
            best = d;
    *r = best;
    *c = p / best;
}

static void side_default(cmp_side *s)
{
    memset(s, 0, sizeof *s);
    s->garbage = -7;
    s->dtype = 1;
    for (int r = 0; r < CMP_MAXP; r++)
        s->pad[r] = (r * 7 + 3) % 4; /* 3 0 1 2 3 0 ...: mostly padded */
}

static void side_set(cmp_side *s, int M, int N, int MB, int NB, int RSRC,
                     int CSRC, int i, int j)
{
    s->M = M;
    s->N = N;
    s->MB = MB;
    s->NB = NB;
    s->RSRC = RSRC;
    s->CSRC = CSRC;
    s->i = i;
    s->j = j;
}

/* ------------------------------------------------------------------------ */
/* random mode                                                              */

#define WORLDS 2
#define GRIDS_PER_WORLD 4

void cmp_random_pool(cmp_pool *pool, uint64_t seed, long batch, int P)
{
    test_rng r;
    cmp_rng_init(&r, seed, 2, (uint64_t)batch);
    pool->n = 0;
    for (int w = 0; w < WORLDS; w++) {
        cmp_grid g;
        int S[CMP_MAXP], s, nprow, npcol;
        /* ictxt: all ranks, or now and then a subset (the others skip) */
        s = P > 1 && test_rng_chance(&r, 0.15) ? test_rng_int(&r, 1, P - 1) : P;
        test_rng_shape(&r, s, &nprow, &npcol);
        int how = test_rng_int(&r, 0, 9);
        if (how < 3) {
            cmp_grid_init(&g, 'R', nprow, npcol);
        } else if (how < 6) {
            cmp_grid_init(&g, 'C', nprow, npcol);
        } else {
            int all[CMP_MAXP];
            for (int k = 0; k < P; k++)
                all[k] = k;
            test_rng_shuffle(&r, all, P);
            cmp_grid_map(&g, nprow, npcol, all);
        }
        memcpy(S, g.map, sizeof(int) * (size_t)s);
        cmp_pool_add(pool, &g);

        /* is {0, ..., k-1} inside S? (then Cblacs_gridinit grids fit) */
        int prefix = 0;
        for (int k = 0; k < P; k++) {
            int found = 0;
            for (int t = 0; t < s; t++)
                found |= S[t] == k;
            if (!found)
                break;
            prefix = k + 1;
        }
        for (int k = 0; k < GRIDS_PER_WORLD; k++) {
            int q = test_rng_chance(&r, 0.3) ? s : test_rng_int(&r, 1, s);
            test_rng_shape(&r, q, &nprow, &npcol);
            if (q <= prefix && test_rng_chance(&r, 0.3)) {
                cmp_grid_init(&g, test_rng_chance(&r, 0.5) ? 'R' : 'C', nprow, npcol);
            } else {
                int sub[CMP_MAXP];
                memcpy(sub, S, sizeof(int) * (size_t)s);
                test_rng_shuffle(&r, sub, s);
                cmp_grid_map(&g, nprow, npcol, sub);
            }
            cmp_pool_add(pool, &g);
        }
    }
}

static int random_dim(test_rng *r)
{
    int k = test_rng_int(r, 0, 999);
    if (k < 20)
        return 0;
    if (k < 880)
        return test_rng_int(r, 1, 40);
    if (k < 970)
        return test_rng_int(r, 41, 100);
    if (k < 997)
        return test_rng_int(r, 101, 200);
    return test_rng_int(r, 201, 400); /* many periods of the block patterns */
}

static int random_block(test_rng *r)
{
    int k = test_rng_int(r, 0, 99);
    if (k < 12)
        return 1;
    if (k < 80)
        return test_rng_int(r, 2, 12);
    if (k < 90)
        return test_rng_int(r, 13, 40);
    return test_rng_int(r, 41, 300); /* usually larger than the matrix */
}

static void random_axis(test_rng *r, int len, int nprocs, int *G, int *nb,
                        int *src, int *origin)
{
    *nb = random_block(r);
    int k = test_rng_int(r, 0, 99), off;
    if (k < 35)
        off = 0;
    else if (k < 85)
        off = test_rng_int(r, 1, *nb * 2 + 2 < 60 ? *nb * 2 + 2 : 60);
    else
        off = test_rng_int(r, 1, 60);
    *origin = off + 1;
    *G = off + len + (test_rng_chance(r, 0.5) ? 0 : test_rng_int(r, 1, 12));
    *src = test_rng_int(r, 0, nprocs - 1);
}

static void random_side(test_rng *r, cmp_side *s, const cmp_grid *g, int m,
                        int n, int P)
{
    static const int garbage[] = {-7, -1, 0, 1, 3, -100000, 99999999, 1 << 30};
    side_default(s);
    random_axis(r, m, g->nprow, &s->M, &s->MB, &s->RSRC, &s->i);
    random_axis(r, n, g->npcol, &s->N, &s->NB, &s->CSRC, &s->j);
    for (int k = 0; k < P; k++) {
        int t = test_rng_int(r, 0, 99);
        s->pad[k] = t < 35 ? 0 : t < 85 ? test_rng_int(r, 1, 4) : test_rng_int(r, 5, 20);
    }
    s->lld0 = test_rng_chance(r, 0.15);
    s->garbage = garbage[test_rng_int(r, 0, 7)];
    s->all_m1 = test_rng_chance(r, 0.1);
    s->dtype = test_rng_chance(r, 0.95) ? 1 : test_rng_int(r, -3, 600);
}

static void random_config(cmp_config *c, const cmp_pool *pool, uint64_t seed,
                          long index, int P, int may_repeat)
{
    test_rng r;
    cmp_rng_init(&r, seed, 1, (uint64_t)index);
    int repeat = test_rng_chance(&r, 0.1); /* drawn always: same stream either way */
    if (may_repeat && repeat && index % CMP_BATCH != 0) {
        /* the previous geometry again (plan caches), other data, maybe
         * another type or trapezoid */
        random_config(c, pool, seed, index - 1, P, 0);
        c->index = index;
        if (test_rng_chance(&r, 0.5))
            c->type = test_rng_int(&r, 0, CMP_NTYPES - 1);
        if (test_rng_chance(&r, 0.3))
            c->tr = !c->tr;
        if (test_rng_chance(&r, 0.5))
            c->uplo = "UuLl"[test_rng_int(&r, 0, 3)];
        if (test_rng_chance(&r, 0.5))
            c->diag = "UuNn"[test_rng_int(&r, 0, 3)];
        c->ref_first = test_rng_chance(&r, 0.5);
        return;
    }
    memset(c, 0, sizeof *c);
    c->mode = "random";
    c->seed = seed;
    c->index = index;
    int base = test_rng_int(&r, 0, WORLDS - 1) * (GRIDS_PER_WORLD + 1);
    c->world = base;
    c->ga = test_rng_chance(&r, 0.12) ? base : base + 1 + test_rng_int(&r, 0, GRIDS_PER_WORLD - 1);
    int k = test_rng_int(&r, 0, 99);
    c->gb = k < 15 ? c->ga : k < 25 ? base : base + 1 + test_rng_int(&r, 0, GRIDS_PER_WORLD - 1);
    c->type = test_rng_int(&r, 0, CMP_NTYPES - 1);
    c->tr = test_rng_chance(&r, 0.5);
    c->uplo = "UuLl"[test_rng_int(&r, 0, 3)];
    c->diag = "UuNn"[test_rng_int(&r, 0, 3)];
    c->m = random_dim(&r);
    c->n = random_dim(&r);
    if (c->tr && test_rng_chance(&r, 0.25))
        c->n = c->m; /* square trapezoids too */
    /* Now and then B keeps A's distribution along one dimension (or both):
     * the same grid, or another grid of the same shape. */
    int share = test_rng_int(&r, 0, 99); /* < 10 rows, < 20 columns, < 25 both */
    if (share < 25 && test_rng_chance(&r, 0.5)) {
        const cmp_grid *ga = &pool->g[c->ga];
        for (int t = 0; t < GRIDS_PER_WORLD + 1; t++) {
            const cmp_grid *gt = &pool->g[base + t];
            if (gt->nprow == ga->nprow && gt->npcol == ga->npcol && test_rng_chance(&r, 0.5))
                c->gb = base + t;
        }
        if (test_rng_chance(&r, 0.5))
            c->gb = c->ga;
    }
    random_side(&r, &c->a, &pool->g[c->ga], c->m, c->n, P);
    random_side(&r, &c->b, &pool->g[c->gb], c->m, c->n, P);
    const cmp_grid *ga = &pool->g[c->ga], *gb = &pool->g[c->gb];
    if (share < 25 && share >= 10 && ga->npcol == gb->npcol) {
        c->b.N = c->a.N;
        c->b.NB = c->a.NB;
        c->b.CSRC = c->a.CSRC;
        c->b.j = c->a.j;
    }
    if ((share < 10 || share >= 20) && share < 25 && ga->nprow == gb->nprow) {
        c->b.M = c->a.M;
        c->b.MB = c->a.MB;
        c->b.RSRC = c->a.RSRC;
        c->b.i = c->a.i;
    }
    c->ref_first = test_rng_chance(&r, 0.5);
}

void cmp_random_config(cmp_config *c, const cmp_pool *pool, uint64_t seed,
                       long index, int P)
{
    random_config(c, pool, seed, index, P, 1);
}

/* ------------------------------------------------------------------------ */
/* systematic mode                                                          */

typedef struct {
    cmp_config *out;
    int n;
    long *index;
} sys_list;

static cmp_config *sys_add(sys_list *L, const cmp_config *proto)
{
    if (L->n >= CMP_MAXSCEN) {
        fprintf(stderr, "compare: harness error: scenario too long\n");
        exit(3);
    }
    cmp_config *c = &L->out[L->n++];
    *c = *proto;
    c->mode = "systematic";
    c->seed = 0;
    c->index = (*L->index)++;
    c->ref_first = (int)(c->index % 2);
    return c;
}

static void proto_init(cmp_config *p, int world, int ga, int gb)
{
    memset(p, 0, sizeof *p);
    p->world = world;
    p->ga = ga;
    p->gb = gb;
    p->uplo = 'U';
    p->diag = 'N';
    side_default(&p->a);
    side_default(&p->b);
}

static const char uplos[4] = {'U', 'u', 'L', 'l'};
static const char diags[4] = {'U', 'u', 'N', 'n'};

/* gemr2d for all five types, then ntr trmr2d calls cycling through the 16
 * (uplo, diag) pairs and the types, starting at position `rot`. */
static void sys_types(sys_list *L, const cmp_config *proto, int ntr, int rot)
{
    for (int t = 0; t < CMP_NTYPES; t++) {
        cmp_config *c = sys_add(L, proto);
        c->type = t;
        c->tr = 0;
    }
    for (int k = 0; k < ntr; k++) {
        cmp_config *c = sys_add(L, proto);
        int q = (rot + k) % 16;
        c->tr = 1;
        c->uplo = uplos[q / 4];
        c->diag = diags[q % 4];
        c->type = (rot + 3 * k) % CMP_NTYPES;
    }
}

/* Standard parameter variants on the grids of proto (P0 x Q0 -> P1 x Q1). */
static void sys_variants(sys_list *L, const cmp_config *proto,
                         const cmp_pool *pool, int rot)
{
    const cmp_grid *ga = &pool->g[proto->ga], *gb = &pool->g[proto->gb];
    int p0 = ga->nprow, q0 = ga->npcol, p1 = gb->nprow, q1 = gb->npcol;
    cmp_config c = *proto;

    /* m > n, offsets inside blocks, submatrix inside a bigger matrix,
     * RSRC/CSRC away from 0 */
    c.m = 23;
    c.n = 14;
    side_set(&c.a, 2 + 23 + 4, 4 + 14 + 1, 3, 2, p0 - 1, q0 > 1 ? 1 : 0, 3, 5);
    side_set(&c.b, 1 + 23, 6 + 14 + 3, 5, 4, 0, q1 - 1, 2, 7);
    sys_types(L, &c, 4, rot);

    /* m < n, block 1 against odd blocks, LLD 0 where nothing is held */
    c = *proto;
    c.m = 9;
    c.n = 31;
    side_set(&c.a, 9 + 2, 3 + 31, 1, 7, p0 / 2, q0 - 1, 1, 4);
    side_set(&c.b, 5 + 9, 31, 7, 1, p1 - 1, q1 / 2, 6, 1);
    c.a.lld0 = c.b.lld0 = 1;
    sys_types(L, &c, 4, rot + 4);

    /* m == n, blocks larger than the matrix on one side */
    c = *proto;
    c.m = 17;
    c.n = 17;
    side_set(&c.a, 17, 17, 40, 64, p0 / 2, 0, 1, 1);
    side_set(&c.b, 30, 25, 2, 3, 0, q1 > 1 ? q1 - 2 : 0, 4, 2);
    sys_types(L, &c, 4, rot + 8);

    /* a single element deep inside both matrices */
    c = *proto;
    c.m = 1;
    c.n = 1;
    side_set(&c.a, 10, 10, 4, 4, 0, q0 - 1, 6, 3);
    side_set(&c.b, 3, 9, 1, 2, p1 - 1, 0, 3, 9);
    sys_types(L, &c, 4, rot + 12);

    /* aligned, larger, no padding: the common case */
    c = *proto;
    c.m = 40;
    c.n = 33;
    side_set(&c.a, 40, 33, 8, 8, 0, 0, 1, 1);
    side_set(&c.b, 40, 33, 5, 5, 0, 0, 1, 1);
    for (int r = 0; r < CMP_MAXP; r++)
        c.a.pad[r] = c.b.pad[r] = 0;
    sys_types(L, &c, 4, rot + 2);

    /* m = 0 and n = 0: nothing happens */
    c = *proto;
    c.m = 0;
    c.n = 12;
    side_set(&c.a, 15, 15, 2, 2, 0, 0, 2, 2);
    side_set(&c.b, 15, 15, 3, 3, p1 - 1, q1 - 1, 1, 3);
    c.type = CMP_D;
    sys_add(L, &c);
    c.m = 12;
    c.n = 0;
    c.tr = 1;
    c.uplo = 'l';
    c.diag = 'u';
    c.type = CMP_Z;
    sys_add(L, &c);
}

/* The ictxt variants: shapes 1 x P, P x 1 and 2-D, both orders, gridmap
 * with a permuted map. */
static void sys_ictxt(cmp_grid *g, int iv, int P)
{
    int r, c, perm[CMP_MAXP];
    two_d(P, &r, &c);
    switch (iv % 6) {
    case 0: cmp_grid_init(g, 'R', 1, P); break;
    case 1: cmp_grid_init(g, 'C', P, 1); break;
    case 2: cmp_grid_init(g, 'R', r, c); break;
    case 3: cmp_grid_init(g, 'C', r, c); break;
    case 4:
        for (int k = 0; k < P; k++)
            perm[k] = P - 1 - k;
        cmp_grid_map(g, c, r, perm);
        break;
    default:
        for (int k = 0; k < P; k++)
            perm[k] = (k + 1) % P;
        for (int k = 0; k + 1 < P; k += 2) {
            int t = perm[k];
            perm[k] = perm[k + 1];
            perm[k + 1] = t;
        }
        cmp_grid_map(g, 1, P, perm);
        break;
    }
}

#define NGENERAL 18 /* 9 grid pairs x 2 ictxt variants, then the special cases */

/* Grid pair gp over all P ranks: adds A and B to the pool. */
static void sys_pair(int gp, int P, cmp_pool *pool, int world, int *ga, int *gb)
{
    cmp_grid g;
    int r, c, v[CMP_MAXP];
    two_d(P, &r, &c);
    switch (gp) {
    default: /* 0: same context for ictxt, A and B */
        *ga = *gb = world;
        return;
    case 1: /* two contexts with the same map */
        cmp_grid_init(&g, 'R', r, c);
        *ga = cmp_pool_add(pool, &g);
        *gb = cmp_pool_add(pool, &g);
        return;
    case 2: /* 2 x 3 -> 6 x 1 style, B in reverse order */
        cmp_grid_init(&g, 'R', r, c);
        *ga = cmp_pool_add(pool, &g);
        for (int k = 0; k < P; k++)
            v[k] = P - 1 - k;
        cmp_grid_map(&g, P, 1, v);
        *gb = cmp_pool_add(pool, &g);
        return;
    case 3: /* 1 x P -> P x 1 */
        cmp_grid_init(&g, 'R', 1, P);
        *ga = cmp_pool_add(pool, &g);
        cmp_grid_init(&g, 'C', P, 1);
        *gb = cmp_pool_add(pool, &g);
        return;
    case 4: { /* overlapping: first k ranks -> last k ranks reversed */
        int k = (2 * P + 2) / 3, kr, kc;
        two_d(k, &kr, &kc);
        for (int t = 0; t < k; t++)
            v[t] = t;
        cmp_grid_map(&g, kr, kc, v);
        *ga = cmp_pool_add(pool, &g);
        for (int t = 0; t < k; t++)
            v[t] = P - 1 - t;
        cmp_grid_map(&g, kc, kr, v);
        *gb = cmp_pool_add(pool, &g);
        return;
    }
    case 5: { /* disjoint: even ranks -> odd ranks */
        if (P < 2) {
            *ga = *gb = world;
            return;
        }
        int ne = 0, no = 0, odd[CMP_MAXP];
        for (int t = 0; t < P; t++) {
            if (t % 2)
                odd[no++] = t;
            else
                v[ne++] = t;
        }
        cmp_grid_map(&g, 1, ne, v);
        *ga = cmp_pool_add(pool, &g);
        for (int t = 0; t < no / 2; t++) {
            int x = odd[t];
            odd[t] = odd[no - 1 - t];
            odd[no - 1 - t] = x;
        }
        cmp_grid_map(&g, no, 1, odd);
        *gb = cmp_pool_add(pool, &g);
        return;
    }
    case 6: { /* rank 0 (and P/2 from 6 ranks up) in neither grid */
        if (P < 2) {
            *ga = *gb = world;
            return;
        }
        int rest[CMP_MAXP], nr = 0;
        for (int t = 1; t < P; t++)
            if (!(P >= 6 && t == P / 2))
                rest[nr++] = t;
        int h = (nr + 1) / 2, hr, hc;
        two_d(h, &hr, &hc);
        cmp_grid_map(&g, hr, hc, rest);
        *ga = cmp_pool_add(pool, &g);
        for (int t = 0; t < h; t++)
            v[t] = rest[nr - 1 - t];
        cmp_grid_map(&g, hc, hr, v);
        *gb = cmp_pool_add(pool, &g);
        return;
    }
    case 7: /* A is ictxt itself; B a shuffled subset of P - 1 ranks */
    case 8: { /* a shuffled subset of P - 2 ranks -> B is ictxt itself */
        if (P < 2) {
            *ga = *gb = world;
            return;
        }
        test_rng rr;
        cmp_rng_init(&rr, 12345, 3, (uint64_t)(P * 10 + gp));
        for (int t = 0; t < P; t++)
            v[t] = t;
        test_rng_shuffle(&rr, v, P);
        int k = gp == 7 ? P - 1 : (P > 2 ? P - 2 : 1), kr, kc;
        two_d(k, &kr, &kc);
        cmp_grid_map(&g, kr, kc, v);
        int sub = cmp_pool_add(pool, &g);
        *ga = gp == 7 ? world : sub;
        *gb = gp == 7 ? sub : world;
        return;
    }
    }
}

int cmp_sys_scenario(int s, int P, cmp_pool *pool, cmp_config *out)
{
    static long next_index = 0;
    sys_list L = {out, 0, &next_index};
    cmp_grid g;
    cmp_config c;
    int r, q, world, ga = 0, gb = 0;
    two_d(P, &r, &q);
    if (s == 0)
        next_index = 0;
    pool->n = 0;

    if (s < NGENERAL) {
        int gp = s / 2, iv = s % 6;
        sys_ictxt(&g, iv, P);
        world = cmp_pool_add(pool, &g);
        sys_pair(gp, P, pool, world, &ga, &gb);
        proto_init(&c, world, ga, gb);
        sys_variants(&L, &c, pool, s);
        return L.n;
    }
    switch (s - NGENERAL) {
    case 0: { /* SIESTA: 1 x P, block 24 -> 2-D grid, and back */
        cmp_grid_init(&g, 'R', 1, P);
        world = cmp_pool_add(pool, &g);
        cmp_grid_init(&g, 'R', r, q);
        gb = cmp_pool_add(pool, &g);
        for (int back = 0; back < 2; back++) {
            for (int nb = 8; nb <= 32; nb += 24) {
                proto_init(&c, world, back ? gb : world, back ? world : gb);
                cmp_side *one = back ? &c.b : &c.a, *two = back ? &c.a : &c.b;
                c.m = c.n = 100;
                side_set(one, 100, 100, 24, 24, 0, 0, 1, 1);
                side_set(two, 100, 100, nb, nb, 0, 0, 1, 1);
                sys_types(&L, &c, 2, nb + back);
            }
        }
        return L.n;
    }
    case 1: { /* GPAW: S x 1, one block per process -> 2 x 4 with 64 x 64 */
        cmp_grid_init(&g, 'R', 1, P);
        world = cmp_pool_add(pool, &g);
        cmp_grid_init(&g, 'C', P, 1);
        ga = cmp_pool_add(pool, &g);
        if (P >= 8)
            cmp_grid_init(&g, 'R', 2, 4);
        else
            cmp_grid_init(&g, 'R', r, q);
        gb = cmp_pool_add(pool, &g);
        for (int back = 0; back < 2; back++) {
            for (int M = 150; M <= 200; M += 50) {
                proto_init(&c, world, back ? gb : ga, back ? ga : gb);
                cmp_side *one = back ? &c.b : &c.a, *two = back ? &c.a : &c.b;
                c.m = c.n = M;
                side_set(one, M, M, (M + P - 1) / P, M, 0, 0, 1, 1);
                side_set(two, M, M, 64, 64, 0, 0, 1, 1);
                sys_types(&L, &c, 1, M + back);
            }
        }
        return L.n;
    }
    case 2: { /* CP2K: full grid -> first N' processes, all -1 outside */
        cmp_grid_init(&g, 'R', r, q);
        world = cmp_pool_add(pool, &g);
        int k = P / 2 > 0 ? P / 2 : 1, kr, kc;
        two_d(k, &kr, &kc);
        cmp_grid_init(&g, 'R', kr, kc);
        gb = cmp_pool_add(pool, &g);
        for (int back = 0; back < 2; back++) {
            proto_init(&c, world, back ? gb : world, back ? world : gb);
            c.m = c.n = 50;
            side_set(&c.a, 50, 50, back ? 4 : 8, back ? 4 : 8, 0, 0, 1, 1);
            side_set(&c.b, 50, 50, back ? 8 : 4, back ? 8 : 4, 0, 0, 1, 1);
            c.a.all_m1 = c.b.all_m1 = 1;
            sys_types(&L, &c, 4, 5 * back);
        }
        return L.n;
    }
    case 3: { /* ELPA: same processes, new context in column order, new block */
        cmp_grid_init(&g, 'R', r, q);
        world = cmp_pool_add(pool, &g);
        cmp_grid_init(&g, 'C', r, q);
        gb = cmp_pool_add(pool, &g);
        for (int back = 0; back < 2; back++) {
            proto_init(&c, world, back ? gb : world, back ? world : gb);
            c.m = c.n = 60;
            side_set(&c.a, 60, 60, back ? 7 : 16, back ? 7 : 16, 0, 0, 1, 1);
            side_set(&c.b, 60, 60, back ? 16 : 7, back ? 16 : 7, 0, 0, 1, 1);
            sys_types(&L, &c, 4, 9 + back);
        }
        return L.n;
    }
    case 4: { /* deal.II: gather to a 1 x 1 grid on rank 0, scatter from the
               * last rank */
        cmp_grid_init(&g, 'R', r, q);
        world = cmp_pool_add(pool, &g);
        cmp_grid_init(&g, 'R', 1, 1);
        ga = cmp_pool_add(pool, &g);
        int last = P - 1;
        cmp_grid_map(&g, 1, 1, &last);
        gb = cmp_pool_add(pool, &g);
        proto_init(&c, world, world, ga);
        c.m = 33;
        c.n = 27;
        side_set(&c.a, 33, 27, 5, 3, 0, 0, 1, 1);
        side_set(&c.b, 33, 27, 64, 64, 0, 0, 1, 1);
        sys_types(&L, &c, 3, 1);
        proto_init(&c, world, gb, world);
        c.m = 33;
        c.n = 27;
        side_set(&c.a, 40, 30, 40, 30, 0, 0, 4, 2);
        side_set(&c.b, 33, 27, 4, 6, r - 1, q - 1, 1, 1);
        sys_types(&L, &c, 3, 7);
        return L.n;
    }
    case 5: { /* SIESTA eigenvectors: n x neig piece from 2-D to 1-D */
        cmp_grid_init(&g, 'R', r, q);
        world = cmp_pool_add(pool, &g);
        cmp_grid_init(&g, 'R', 1, P);
        gb = cmp_pool_add(pool, &g);
        for (int v = 0; v < 4; v++) {
            proto_init(&c, world, world, gb);
            c.m = 60;
            c.n = 17;
            side_set(&c.a, 60, 60, 8, 8, 0, 0, 1, v < 2 ? 1 : 5);
            side_set(&c.b, 60, 17, 24, v % 2 ? 3 : 24, 0, 0, 1, 1);
            sys_types(&L, &c, 1, 3 * v);
        }
        return L.n;
    }
    case 6:   /* trapezoid sweeps: every uplo x diag x type x shape */
    case 7: {
        int sweep = s - NGENERAL - 6;
        if (sweep == 0) {
            cmp_grid_init(&g, 'R', r, q);
            world = ga = cmp_pool_add(pool, &g);
            int v[CMP_MAXP];
            for (int k = 0; k < P; k++)
                v[k] = P - 1 - k;
            cmp_grid_map(&g, q, r, v);
            gb = cmp_pool_add(pool, &g);
        } else {
            cmp_grid_init(&g, 'C', P, 1);
            world = ga = cmp_pool_add(pool, &g);
            int v[CMP_MAXP];
            for (int k = 0; k < P; k++)
                v[k] = (k + 1) % P;
            cmp_grid_map(&g, 1, P, v);
            gb = cmp_pool_add(pool, &g);
        }
        static const int shapes[2][3][2] = {{{19, 11}, {8, 21}, {15, 15}},
                                            {{25, 7}, {7, 25}, {10, 10}}};
        for (int sh = 0; sh < 3; sh++) {
            int m = shapes[sweep][sh][0], n = shapes[sweep][sh][1];
            for (int ud = 0; ud < 16; ud++) {
                for (int t = 0; t < CMP_NTYPES; t++) {
                    proto_init(&c, world, ga, gb);
                    c.m = m;
                    c.n = n;
                    c.tr = 1;
                    c.type = t;
                    c.uplo = uplos[ud / 4];
                    c.diag = diags[ud % 4];
                    if (sweep == 0) {
                        side_set(&c.a, 3 + m + 2, 1 + n, 3, 5, r - 1, 0, 4, 2);
                        side_set(&c.b, 2 + m, 5 + n + 1, 2, 4, 0, r > 1 ? 1 : 0, 3, 6);
                    } else {
                        side_set(&c.a, m, 2 + n, 1, 4, P - 1, 0, 1, 3);
                        side_set(&c.b, 1 + m, n, 4, 1, 0, P / 2, 2, 1);
                    }
                    sys_add(&L, &c);
                }
            }
        }
        return L.n;
    }
    case 8: { /* m = 0 or n = 0, called by only some ranks, or by all */
        cmp_grid_init(&g, 'R', r, q);
        world = cmp_pool_add(pool, &g);
        cmp_grid_init(&g, 'C', q, r);
        gb = cmp_pool_add(pool, &g);
        for (int v = 0; v < 6; v++) {
            proto_init(&c, world, world, gb);
            c.m = v % 3 == 0 ? 0 : v % 3 == 1 ? 7 : 0;
            c.n = v % 3 == 0 ? 9 : 0;
            c.type = v % CMP_NTYPES;
            c.tr = v % 2;
            c.uplo = 'L';
            c.diag = 'U';
            side_set(&c.a, 10, 10, 3, 3, 0, 0, 2, 1);
            side_set(&c.b, 12, 11, 2, 5, 0, 0, 3, 2);
            c.odd_skip = v >= 3 && P > 1;
            sys_add(&L, &c);
        }
        return L.n;
    }
    case 9: { /* RSRC / CSRC everywhere on both grids */
        cmp_grid_init(&g, 'R', r, q);
        world = ga = cmp_pool_add(pool, &g);
        int v[CMP_MAXP];
        for (int k = 0; k < P; k++)
            v[k] = (k + P / 2) % P;
        cmp_grid_map(&g, q, r, v);
        gb = cmp_pool_add(pool, &g);
        int n0 = r * q, k = 0;
        for (int pa = 0; pa < n0; pa++) {
            int pb = (pa * 5 + 3) % n0; /* B: rows q, cols r */
            proto_init(&c, world, ga, gb);
            c.m = 21;
            c.n = 18;
            side_set(&c.a, 25, 20, 2, 3, pa / q, pa % q, 3, 2);
            side_set(&c.b, 21, 19, 3, 2, pb % q, pb / q, 1, 2);
            c.a.lld0 = c.b.lld0 = pa % 2;
            c.type = k % CMP_NTYPES;
            c.tr = k % 3 == 2;
            c.uplo = uplos[k % 4];
            c.diag = diags[(k / 4) % 4];
            sys_add(&L, &c);
            k++;
        }
        return L.n;
    }
    case 10: { /* block size 1 on both sides, and blocks larger than both
                * matrices; a 1-D ictxt in column order */
        cmp_grid_init(&g, 'C', P, 1);
        world = cmp_pool_add(pool, &g);
        cmp_grid_init(&g, 'R', r, q);
        ga = cmp_pool_add(pool, &g);
        int v[CMP_MAXP];
        for (int k = 0; k < P; k++)
            v[k] = (k + 1) % P;
        cmp_grid_map(&g, q, r, v);
        gb = cmp_pool_add(pool, &g);
        proto_init(&c, world, ga, gb);
        c.m = 13;
        c.n = 11;
        side_set(&c.a, 16, 14, 1, 1, r - 1, q - 1, 3, 4);
        side_set(&c.b, 14, 11, 1, 1, 0, r > 1 ? 1 : 0, 2, 1);
        sys_types(&L, &c, 4, 3);
        proto_init(&c, world, ga, gb);
        c.m = 13;
        c.n = 11;
        side_set(&c.a, 16, 14, 100, 90, 0, 0, 3, 4);
        side_set(&c.b, 14, 11, 15, 12, q - 1, 0, 2, 1);
        sys_types(&L, &c, 4, 11);
        return L.n;
    }
    case 11: { /* a few larger matrices, unusual DTYPE and garbage values */
        cmp_grid_init(&g, 'R', r, q);
        world = cmp_pool_add(pool, &g);
        int v[CMP_MAXP];
        for (int k = 0; k < P; k++)
            v[k] = P - 1 - k;
        cmp_grid_map(&g, 1, P > 1 ? P - 1 : 1, v);
        gb = cmp_pool_add(pool, &g);
        static const int garb[] = {0, -1, 99999999, 1 << 30};
        for (int k = 0; k < 4; k++) {
            proto_init(&c, world, world, gb);
            c.m = 120 + 13 * k;
            c.n = 97 - 11 * k;
            side_set(&c.a, c.m + 3, c.n + 5, 6 + k, 11 - k, 0, 0, 4, 1);
            side_set(&c.b, c.m, c.n, 32, 7, 0, 0, 1, 1);
            c.a.dtype = k == 0 ? 0 : 1;
            c.b.dtype = k == 1 ? 504 : 1;
            c.a.garbage = c.b.garbage = garb[k];
            c.type = (k * 2) % CMP_NTYPES;
            c.tr = k % 2;
            c.uplo = uplos[k];
            c.diag = diags[3 - k];
            sys_add(&L, &c);
        }
        return L.n;
    }
    case 13: { /* ictxt over a subset: rank 0 never calls */
        int v[CMP_MAXP], k = P > 1 ? P - 1 : 1, kr, kc;
        two_d(k, &kr, &kc);
        for (int t = 0; t < k; t++)
            v[t] = P > 1 ? P - 1 - t : 0;
        cmp_grid_map(&g, kr, kc, v);
        world = cmp_pool_add(pool, &g);
        for (int t = 0; t < k; t++)
            v[t] = P > 1 ? 1 + (t + 1) % k : 0;
        cmp_grid_map(&g, 1, k, v);
        gb = cmp_pool_add(pool, &g);
        proto_init(&c, world, world, gb);
        sys_variants(&L, &c, pool, 5);
        proto_init(&c, world, gb, world);
        sys_variants(&L, &c, pool, 9);
        return L.n;
    }
    case 14: { /* the same geometry again and again (cached plans), with other
                * types, trapezoids and data in between */
        cmp_grid_init(&g, 'R', r, q);
        world = cmp_pool_add(pool, &g);
        int v[CMP_MAXP];
        for (int k = 0; k < P; k++)
            v[k] = (k + 1) % P;
        cmp_grid_map(&g, q, r, v);
        gb = cmp_pool_add(pool, &g);
        cmp_config x, y;
        proto_init(&x, world, world, gb);
        x.m = 26;
        x.n = 19;
        side_set(&x.a, 30, 19, 4, 3, 0, q - 1, 3, 1);
        side_set(&x.b, 27, 22, 3, 5, q - 1, 0, 2, 4);
        proto_init(&y, world, gb, world);
        y.m = 26;
        y.n = 19;
        side_set(&y.a, 27, 22, 3, 5, q - 1, 0, 2, 4);
        side_set(&y.b, 30, 19, 4, 3, 0, q - 1, 3, 1);
        for (int k = 0; k < 24; k++) {
            cmp_config *c2 = sys_add(&L, k % 2 ? &y : &x);
            c2->type = (k / 2) % CMP_NTYPES;
            c2->tr = (k / 4) % 2;
            c2->uplo = uplos[(k / 3) % 4];
            c2->diag = diags[(k / 5) % 4];
        }
        return L.n;
    }
    case 15: { /* larger matrices: many periods of the block patterns, one
                * dimension kept, or the whole layout kept */
        cmp_grid_init(&g, 'R', r, q);
        world = cmp_pool_add(pool, &g);
        int v[CMP_MAXP];
        for (int k = 0; k < P; k++)
            v[k] = P - 1 - k;
        cmp_grid_map(&g, r, q, v);
        gb = cmp_pool_add(pool, &g);
        for (int k = 0; k < 6; k++) {
            proto_init(&c, world, world, k < 2 ? gb : world);
            c.m = 301 + 40 * k;
            c.n = 257 - 30 * k;
            side_set(&c.a, c.m + 7, c.n + 2, 3, 5, r - 1, 0, 6, 2);
            side_set(&c.b, c.m + 1, c.n, 4, 7, 0, q - 1, 2, 1);
            if (k >= 2) { /* keep the columns */
                c.b.N = c.a.N;
                c.b.NB = c.a.NB;
                c.b.CSRC = c.a.CSRC;
                c.b.j = c.a.j;
            }
            if (k >= 4) { /* keep the rows too when k == 5 */
                c.b.M = k == 5 ? c.a.M : c.b.M;
                c.b.MB = k == 5 ? c.a.MB : 1;
                c.b.RSRC = k == 5 ? c.a.RSRC : 0;
                c.b.i = k == 5 ? c.a.i : 2;
            }
            c.type = (k * 3) % CMP_NTYPES;
            c.tr = k % 2;
            c.uplo = uplos[k % 4];
            c.diag = diags[(k + 1) % 4];
            sys_add(&L, &c);
        }
        /* only the rows move: columns kept on the same grid */
        proto_init(&c, world, world, world);
        c.m = 97;
        c.n = 88;
        side_set(&c.a, 100, 90, 2, 6, 0, q - 1, 4, 3);
        side_set(&c.b, 110, 90, 9, 6, r - 1, q - 1, 1, 3);
        sys_types(&L, &c, 4, 13);
        return L.n;
    }
    case 12: { /* per-process LLD differing widely, LLD 0 where possible */
        cmp_grid_init(&g, 'R', r, q);
        world = cmp_pool_add(pool, &g);
        int v[CMP_MAXP];
        for (int k = 0; k < P; k++)
            v[k] = P - 1 - k;
        cmp_grid_map(&g, r, q, v);
        gb = cmp_pool_add(pool, &g);
        proto_init(&c, world, world, gb);
        c.m = 5;
        c.n = 30;
        side_set(&c.a, 6, 30, 2, 3, 0, 0, 2, 1);
        side_set(&c.b, 5, 32, 1, 4, r - 1, 0, 1, 3);
        for (int k = 0; k < CMP_MAXP; k++) {
            c.a.pad[k] = (k * 5) % 17;
            c.b.pad[k] = (k * 11 + 4) % 13;
        }
        c.a.lld0 = c.b.lld0 = 1;
        sys_types(&L, &c, 4, 6);
        return L.n;
    }
    }
    return -1;
}
