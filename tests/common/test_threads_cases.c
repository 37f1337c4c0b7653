#include "test_threads_cases.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef BCREDIST_ILP64
#include "ilp64_blacs/ilp64_blacs.h"
#else
#include "scalapack_ref.h"
#endif

/* ---- lanes ---------------------------------------------------------------- */

static int near_square_rows(int p)
{
    int r = (int)sqrt((double)p);
    while (r > 1 && p % r)
        r--;
    return r < 1 ? 1 : r;
}

void tc_lane_make(tc_lane *l)
{
    bcr_int me, np, sys;
    Cblacs_pinfo(&me, &np);
    Cblacs_get(0, 0, &sys);
    l->ictxt = sys;
    Cblacs_gridinit(&l->ictxt, "R", 1, np);
    int pr = near_square_rows((int)np);
    l->grid[TC_G2D] = sys;
    Cblacs_gridinit(&l->grid[TC_G2D], "R", pr, np / pr);
    l->grid[TC_GCOL] = sys;
    Cblacs_gridinit(&l->grid[TC_GCOL], "C", np, 1);
    bcr_int last = np - 1;
    l->grid[TC_GONE] = sys;
    Cblacs_gridmap(&l->grid[TC_GONE], &last, 1, 1, 1);
    bcr_int *rev = malloc((size_t)np * sizeof *rev);
    for (int i = 0; i < np; i++)
        rev[i] = np - 1 - i;
    l->grid[TC_GREV] = sys;
    Cblacs_gridmap(&l->grid[TC_GREV], rev, 1, 1, np);
    free(rev);
    /* a process outside a gridmap'ed grid may get a handle it is not in */
    for (int g = 0; g < TC_NGRIDS; g++) {
        bcr_int P, Q, r, c;
        if (l->grid[g] < 0)
            continue;
        Cblacs_gridinfo(l->grid[g], &P, &Q, &r, &c);
        if (r < 0 || c < 0 || r >= P || c >= Q)
            l->grid[g] = -1;
    }
}

void tc_lane_free(tc_lane *l)
{
    for (int g = 0; g < TC_NGRIDS; g++)
        if (l->grid[g] >= 0)
            Cblacs_gridexit(l->grid[g]);
    Cblacs_gridexit(l->ictxt);
}

/* ---- cases ---------------------------------------------------------------- */

#define GE(t, m, n, ga, gb, MA, NA, mba, nba, rsa, csa, ia, ja, MB, NB, mbb, nbb, rsb, csb, ib,    \
           jb)                                                                                  \
    {t, 0, 'U', 'N', m, n, ga, gb, MA, NA, mba, nba, rsa, csa, ia, ja,                            \
     MB, NB, mbb, nbb, rsb, csb, ib, jb}
#define TR(t, u, d, m, n, ga, gb, MA, NA, mba, nba, rsa, csa, ia, ja, MB, NB, mbb, nbb, rsb, csb, \
           ib, jb)                                                                              \
    {t, 1, u, d, m, n, ga, gb, MA, NA, mba, nba, rsa, csa, ia, ja,                                \
     MB, NB, mbb, nbb, rsb, csb, ib, jb}

static const tc_case cases[] = {
    GE('d', 37, 29, TC_G2D, TC_G2D, 40, 33, 4, 3, 0, 0, 2, 3, 41, 30, 5, 7, 1, 1, 1, 2),
    GE('s', 20, 20, TC_G2D, TC_GCOL, 20, 20, 3, 3, 1, 0, 1, 1, 20, 20, 2, 4, 0, 0, 1, 1),
    GE('z', 16, 25, TC_GCOL, TC_GREV, 18, 26, 2, 5, 0, 0, 3, 2, 16, 30, 3, 2, 0, 1, 1, 6),
    GE('c', 31, 7, TC_GREV, TC_G2D, 31, 7, 1, 1, 0, 0, 1, 1, 35, 9, 8, 8, 0, 0, 5, 3),
    GE('i', 24, 24, TC_G2D, TC_GONE, 24, 24, 5, 5, 0, 0, 1, 1, 24, 24, 24, 24, 0, 0, 1, 1),
    GE('d', 24, 24, TC_GONE, TC_G2D, 26, 26, 7, 7, 0, 0, 3, 3, 24, 24, 2, 2, 1, 1, 1, 1),
    GE('d', 64, 48, TC_G2D, TC_G2D, 64, 48, 16, 16, 0, 0, 1, 1, 64, 48, 16, 16, 0, 0, 1, 1),
    GE('i', 13, 40, TC_GREV, TC_GCOL, 13, 40, 4, 1, 0, 0, 1, 1, 15, 40, 1, 3, 0, 0, 2, 1),
    TR('d', 'U', 'N', 30, 22, TC_G2D, TC_GCOL, 32, 22, 3, 4, 0, 0, 2, 1, 30, 25, 5, 2, 0, 0, 1, 4),
    TR('z', 'L', 'U', 22, 30, TC_GCOL, TC_G2D, 22, 31, 2, 3, 0, 0, 1, 2, 23, 30, 4, 4, 1, 0, 2, 1),
    TR('s', 'u', 'u', 17, 17, TC_GREV, TC_GREV, 17, 17, 2, 2, 0, 0, 1, 1, 17, 17, 3, 1, 0, 0, 1, 1),
    TR('c', 'l', 'n', 40, 12, TC_G2D, TC_GONE, 40, 12, 6, 2, 0, 0, 1, 1, 40, 12, 40, 12, 0, 0, 1, 1),
    TR('i', 'U', 'U', 12, 33, TC_GONE, TC_GREV, 12, 33, 4, 4, 0, 0, 1, 1, 14, 35, 3, 2, 0, 0, 3, 3),
    TR('d', 'L', 'N', 50, 50, TC_G2D, TC_GREV, 50, 50, 8, 8, 0, 0, 1, 1, 50, 50, 5, 6, 0, 0, 1, 1),
    GE('z', 9, 70, TC_GCOL, TC_GCOL, 10, 70, 2, 9, 0, 0, 2, 1, 9, 72, 3, 4, 0, 0, 1, 3),
    TR('s', 'U', 'N', 6, 40, TC_GONE, TC_GCOL, 6, 40, 6, 40, 0, 0, 1, 1, 8, 41, 1, 1, 0, 0, 3, 2),
};

int tc_ncases(void) { return (int)(sizeof cases / sizeof cases[0]); }
const tc_case *tc_get(int k) { return &cases[k]; }

/* ---- data ----------------------------------------------------------------- */

static size_t elsize(char t)
{
    switch (t) {
    case 's': return sizeof(float);
    case 'd': return sizeof(double);
    case 'c': return 2 * sizeof(float);
    case 'z': return 2 * sizeof(double);
    default: return sizeof(bcr_int);
    }
}

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Values, not bytes, so that the LP64 and ILP64 builds fill the same
 * numbers into their different integer widths. */
void tc_value(char t, uint64_t seed, size_t k, void *out)
{
    uint64_t h = mix(seed ^ mix(k));
    double v = (double)(int)(h % 20001) - 10000.0, w = (double)(int)((h >> 20) % 999);
    switch (t) {
    case 's': *(float *)out = (float)v; break;
    case 'd': *(double *)out = v + w / 1024.0; break;
    case 'c': ((float *)out)[0] = (float)v, ((float *)out)[1] = (float)w; break;
    case 'z': ((double *)out)[0] = v, ((double *)out)[1] = -w; break;
    default: *(bcr_int *)out = (bcr_int)v; break;
    }
}

static void fill(void *p, size_t nel, char t, uint64_t seed)
{
    size_t es = elsize(t);
    for (size_t k = 0; k < nel; k++)
        tc_value(t, seed, k, (char *)p + k * es);
}

/* Differs between processes on purpose. */
int tc_lld(int local_rows, int pnum) { return local_rows + 1 + pnum % 2; }
uint64_t tc_seed_a(uint64_t seed, int pnum) { return mix(seed) ^ (uint64_t)pnum; }
uint64_t tc_seed_b0(uint64_t seed, int pnum) { return mix(seed ^ 0xB0B0) ^ (uint64_t)pnum; }

/* Indices of n, in blocks of nb dealt from process src over P, that
 * process p holds. */
static int local_count(int n, int nb, int p, int src, int P)
{
    int blocks = n / nb, mine = (p - src + P) % P;
    int count = blocks / P * nb;
    if (mine < blocks % P)
        count += nb;
    else if (mine == blocks % P)
        count += n % nb;
    return count;
}

static void make_side(bcr_int ctxt, int M, int N, int mb, int nb, int rs, int cs,
                      bcr_int *desc, size_t *nel)
{
    bcr_int P, Q, r, c;
    *nel = 0;
    for (int k = 0; k < 9; k++)
        desc[k] = -1;
    if (ctxt < 0)
        return;
    Cblacs_gridinfo(ctxt, &P, &Q, &r, &c);
    bcr_int me, np;
    Cblacs_pinfo(&me, &np);
    rs %= (int)P;
    cs %= (int)Q;
    int lr = local_count(M, mb, (int)r, rs, (int)P), lc = local_count(N, nb, (int)c, cs, (int)Q);
    int lld = tc_lld(lr, (int)me);
    bcr_int d[9] = {1, ctxt, M, N, mb, nb, rs, cs, lld};
    memcpy(desc, d, sizeof d);
    *nel = (size_t)lld * (size_t)(lc > 0 ? lc : 1);
}

int tc_data_make(const tc_case *c, const tc_lane *l, uint64_t seed, tc_data *d)
{
    size_t na, nb;
    memset(d, 0, sizeof *d);
    d->es = elsize(c->type);
    make_side(l->grid[c->ga], c->MA, c->NA, c->mba, c->nba, c->rsa, c->csa, d->desca, &na);
    make_side(l->grid[c->gb], c->MB, c->NB, c->mbb, c->nbb, c->rsb, c->csb, d->descb, &nb);
    d->abytes = na * d->es;
    d->bbytes = nb * d->es;
    /* outside a grid the array stays NULL, as a careful caller passes */
    d->a = na ? malloc(d->abytes) : NULL;
    d->b = nb ? malloc(d->bbytes) : NULL;
    d->b0 = nb ? malloc(d->bbytes) : NULL;
    if ((na && !d->a) || (nb && (!d->b || !d->b0)))
        return -1;
    bcr_int me, np;
    Cblacs_pinfo(&me, &np);
    if (na)
        fill(d->a, na, c->type, tc_seed_a(seed, (int)me));
    if (nb) {
        fill(d->b0, nb, c->type, tc_seed_b0(seed, (int)me));
        memcpy(d->b, d->b0, d->bbytes);
    }
    return 0;
}

void tc_data_free(tc_data *d)
{
    free(d->a);
    free(d->b);
    free(d->b0);
    memset(d, 0, sizeof *d);
}

void tc_reset_b(tc_data *d)
{
    if (d->b)
        memcpy(d->b, d->b0, d->bbytes);
}

/* ---- calls ---------------------------------------------------------------- */

#ifndef BCREDIST_ILP64
void tc_run_ref(const tc_case *c, const tc_lane *l, tc_data *d)
{
    char u[2] = {c->uplo, 0}, g[2] = {c->diag, 0};
    int *da = d->desca, *db = d->descb;
#define TC_REF(ch, T)                                                                        \
    do {                                                                                     \
        if (c->tr)                                                                           \
            Cp##ch##trmr2d(u, g, c->m, c->n, (T *)d->a, c->ia, c->ja, da, (T *)d->b, c->ib,  \
                           c->jb, db, l->ictxt);                                            \
        else                                                                                 \
            Cp##ch##gemr2d(c->m, c->n, (T *)d->a, c->ia, c->ja, da, (T *)d->b, c->ib, c->jb, \
                           db, l->ictxt);                                                   \
    } while (0)
    switch (c->type) {
    case 's': TC_REF(s, float); break;
    case 'd': TC_REF(d, double); break;
    case 'c': TC_REF(c, float _Complex); break;
    case 'z': TC_REF(z, double _Complex); break;
    default: TC_REF(i, int); break;
    }
#undef TC_REF
}
#endif

void tc_run_bcr(const tc_case *c, const tc_lane *l, tc_data *d)
{
    const bcr_int *da = d->desca, *db = d->descb;
    char u[2] = {c->uplo, 0}, g[2] = {c->diag, 0};
#define TC_BCR(ch, T)                                                                            \
    do {                                                                                         \
        if (c->tr)                                                                               \
            bcr_p##ch##trmr2d(u, g, c->m, c->n, (const T *)d->a, c->ia, c->ja, da, (T *)d->b,    \
                              c->ib, c->jb, db, l->ictxt);                                       \
        else                                                                                     \
            bcr_p##ch##gemr2d(c->m, c->n, (const T *)d->a, c->ia, c->ja, da, (T *)d->b, c->ib,   \
                              c->jb, db, l->ictxt);                                              \
    } while (0)
    switch (c->type) {
    case 's': TC_BCR(s, float); break;
    case 'd': TC_BCR(d, double); break;
    case 'c': TC_BCR(c, float _Complex); break;
    case 'z': TC_BCR(z, double _Complex); break;
    default: TC_BCR(i, bcr_int); break;
    }
#undef TC_BCR
}

int tc_run_plan(const tc_case *c, const tc_lane *l, tc_data *d)
{
    const bcr_int *da = d->desca, *db = d->descb;
    char u[2] = {c->uplo, 0}, g[2] = {c->diag, 0};
    bcr_plan_t p = bcr_plan_create(c->type, c->tr ? u : NULL, g, c->m, c->n, c->ia, c->ja, da,
                                   c->ib, c->jb, db, l->ictxt);
    if (!p)
        return -1;
    int rc = bcr_plan_execute(p, d->a, d->b);
    bcr_plan_destroy(p);
    return rc;
}
