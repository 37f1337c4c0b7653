/* bcr_test_update: the random configurations.
 *
 * Every configuration is a valid call, for PBLAS too in pblas mode: each
 * process of a grid has LLD >= max(1, its local rows), RSRC/CSRC are in
 * range, both submatrices lie inside their matrices, and ictxt holds both
 * grids.  Configuration i of a seed depends on (seed, i) alone, so any one
 * can be run again by itself (--first i --count 1).
 */
#include "update.h"

#include <string.h>

int u_transposes(const u_config *c)
{
    return c->routine != U_GEADD || (c->trans != 'N' && c->trans != 'n');
}

int u_conjugates(const u_config *c)
{
    if (c->type != U_C && c->type != U_Z)
        return 0;
    return c->routine == U_TRANC ||
           (c->routine == U_GEADD && (c->trans == 'C' || c->trans == 'c'));
}

const char *u_routine_name(const u_config *c, char *buf, size_t cap)
{
    int cplx = c->type == U_C || c->type == U_Z;
    const char *r = c->routine == U_GEADD ? "geadd"
                    : c->routine == U_TRANC ? "tranc"
                    : cplx ? "tranu"
                           : "tran";
    snprintf(buf, cap, "bcr_p%c%s", u_tchar[c->type], r);
    return buf;
}

/* m and n: mostly small, now and then empty or up to 60. */
static int random_dim(test_rng *r)
{
    int k = test_rng_int(r, 0, 99);
    if (k < 3)
        return 0;
    if (k < 70)
        return test_rng_int(r, 1, 16);
    return test_rng_int(r, 17, 60);
}

static int random_block(test_rng *r)
{
    int k = test_rng_int(r, 0, 99);
    if (k < 15)
        return 1;
    if (k < 92)
        return test_rng_int(r, 2, 9);
    return test_rng_int(r, 10, 80); /* often larger than the matrix */
}

/* One axis of a side: block size, source, submatrix origin and the global
 * size (the submatrix of length len, an offset before it, maybe more
 * after). */
static void random_axis(test_rng *r, int len, int nprocs, int *G, int *nb, int *src,
                        int *origin)
{
    *nb = random_block(r);
    int k = test_rng_int(r, 0, 99), off;
    if (k < 35)
        off = 0;
    else if (k < 85)
        off = test_rng_int(r, 1, *nb * 2 + 2 < 30 ? *nb * 2 + 2 : 30);
    else
        off = test_rng_int(r, 1, 30);
    *origin = off + 1;
    *G = off + len + (test_rng_chance(r, 0.5) ? 0 : test_rng_int(r, 1, 9));
    *src = test_rng_int(r, 0, nprocs - 1);
}

static void random_side(test_rng *r, u_side *s, const u_grid *g, int rows, int cols, int P)
{
    memset(s, 0, sizeof *s);
    random_axis(r, rows, g->nprow, &s->M, &s->MB, &s->RSRC, &s->i);
    random_axis(r, cols, g->npcol, &s->N, &s->NB, &s->CSRC, &s->j);
    for (int k = 0; k < P; k++) {
        int t = test_rng_int(r, 0, 99);
        s->pad[k] = t < 40 ? 0 : t < 90 ? test_rng_int(r, 1, 3) : test_rng_int(r, 4, 12);
    }
}

/* alpha or beta: the listed values, or another small integer; for complex
 * types an imaginary part now and then. */
static void random_scalar(test_rng *r, double *v, int type, int data)
{
    static const double some[] = {0, 1, -1, 2, 0.5, 3};
    int cplx = type == U_C || type == U_Z;
    if (data == U_DATA_REAL && test_rng_chance(r, 0.6)) {
        /* not exact: a random fraction */
        v[0] = (double)(test_rng_next(r) >> 11) * (4.0 / 9007199254740992.0) - 2.0;
        v[1] = cplx && test_rng_chance(r, 0.5)
                   ? (double)(test_rng_next(r) >> 11) * (2.0 / 9007199254740992.0) - 1.0
                   : 0.0;
        return;
    }
    v[0] = test_rng_chance(r, 0.75) ? some[test_rng_int(r, 0, 5)] : test_rng_int(r, -5, 5);
    v[1] = 0;
    if (type == U_I && v[0] == 0.5)
        v[0] = -2;
    if (cplx && test_rng_chance(r, 0.4))
        v[1] = test_rng_chance(r, 0.7) ? some[test_rng_int(r, 0, 5)] : test_rng_int(r, -3, 3);
}

static void random_op(test_rng *r, u_config *c)
{
    int cplx = c->type == U_C || c->type == U_Z;
    int k = test_rng_int(r, 0, 99);
    if (k < 40) {
        c->routine = cplx && test_rng_chance(r, 0.5) ? U_TRANC : U_TRAN;
        c->trans = c->routine == U_TRANC ? 'C' : 'T';
    } else {
        static const char tr[] = "NTC";
        c->routine = U_GEADD;
        c->trans = tr[test_rng_int(r, 0, 2)];
        if (test_rng_chance(r, 0.15))
            c->trans = (char)(c->trans - 'A' + 'a');
    }
}

static void random_common(test_rng *r, u_config *c, int ntypes, int data)
{
    c->type = test_rng_int(r, 0, ntypes - 1);
    random_op(r, c);
    c->m = random_dim(r);
    c->n = random_dim(r);
    c->data = data;
    random_scalar(r, c->alpha, c->type, data);
    random_scalar(r, c->beta, c->type, data);
    c->key = test_rng_next(r);
    c->bcr_first = test_rng_chance(r, 0.5);
}

static void random_sides(test_rng *r, u_config *c, const u_pool *pool, int P)
{
    int tr = u_transposes(c);
    random_side(r, &c->a, &pool->g[c->ga], tr ? c->n : c->m, tr ? c->m : c->n, P);
    random_side(r, &c->c, &pool->g[c->gc], c->m, c->n, P);
}

void u_config_pblas(u_config *c, const u_pool *pool, uint64_t seed, long index, int P,
                    int data)
{
    test_rng r;
    u_rng_init(&r, seed, 1, (uint64_t)index);
    memset(c, 0, sizeof *c);
    c->index = index;
    random_common(&r, c, 4, data); /* no integer PBLAS */
    c->world = c->ga = c->gc = test_rng_int(&r, 0, pool->n - 1);
    random_sides(&r, c, pool, P);
}

void u_config_grids(u_config *c, const u_pool *pool, uint64_t seed, long index, int P)
{
    test_rng r;
    u_rng_init(&r, seed, 2, (uint64_t)index);
    memset(c, 0, sizeof *c);
    c->index = index;
    random_common(&r, c, U_NTYPES, U_DATA_INT);
    c->world = test_rng_int(&r, 0, 1);
    int base = 2 + c->world * U_PER_WORLD;
    c->ga = base + test_rng_int(&r, 0, U_PER_WORLD - 1);
    /* now and then both on one grid, or C on the union itself */
    int k = test_rng_int(&r, 0, 99);
    c->gc = k < 10 ? c->ga : k < 20 ? c->world : base + test_rng_int(&r, 0, U_PER_WORLD - 1);
    random_sides(&r, c, pool, P);
}

static void print_side(FILE *o, const char *S, const u_side *s, const u_grid *g, int rank)
{
    fprintf(o, "  %s: %d x %d grid map", S, g->nprow, g->npcol);
    for (int k = 0; k < g->nprow * g->npcol; k++)
        fprintf(o, " %d", g->map[k]);
    fprintf(o, " (column-major); M=%d N=%d MB=%d NB=%d RSRC=%d CSRC=%d at (%d, %d); "
               "rank %d pad %d\n",
            s->M, s->N, s->MB, s->NB, s->RSRC, s->CSRC, s->i, s->j, rank, s->pad[rank]);
}

void u_config_print(FILE *o, const u_config *c, const u_pool *pool, int rank)
{
    char nm[32];
    fprintf(o, "config %ld: %s trans=%c m=%d n=%d alpha=(%g,%g) beta=(%g,%g) data=%s "
               "ictxt=pool[%d] A=pool[%d] C=pool[%d]\n",
            c->index, u_routine_name(c, nm, sizeof nm), c->trans, c->m, c->n, c->alpha[0],
            c->alpha[1], c->beta[0], c->beta[1], c->data ? "real" : "int", c->world, c->ga,
            c->gc);
    print_side(o, "A", &c->a, &pool->g[c->ga], rank);
    print_side(o, "C", &c->c, &pool->g[c->gc], rank);
}
