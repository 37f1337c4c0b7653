/* bcr_test_update: local arrays, their contents, and the two oracles that
 * need no reference routine.
 *
 * Global contents are a function of (side, global row, global column, key):
 * small integers (exact in every type, so every sum and product of them
 * with the listed alpha and beta is exact) or fractions in [-1, 1).  The
 * integers are never 0, in either part: a zero product's sign is not fixed
 * by the operation (PBLAS adds op(A) without multiplying when alpha = 1,
 * and scales C with the BLAS's ?scal when alpha = 0, whose complex kernels
 * may multiply by a real beta as a real; 1 * (0 - 0i) as complex numbers
 * is 0 + 0i), so with zeros in the data two correct results could differ in
 * the sign of a zero.
 * Padding rows hold values the data never takes.  Elements the call must
 * not read are NaN in the floating types: every other element of sub(C)
 * when beta = 0 and of sub(A) when alpha = 0.
 *
 * The expected update of one element follows PBLAS's cases (p?tran,
 * p?geadd and their local kernels): alpha = 0 and beta = 0 give +0;
 * alpha = 0 gives beta * c; beta = 0 gives alpha * a; otherwise
 * alpha * a + beta * c, each product rounded, then the sum (no fused
 * multiply-add; C's complex product, ar*xr - ai*xi and ar*xi + ai*xr,
 * which is also Fortran's).
 */
#include "update.h"

#include <complex.h>
#include <math.h>
#include <string.h>

const char u_tchar[U_NTYPES] = {'s', 'd', 'c', 'z', 'i'};
const size_t u_tsize[U_NTYPES] = {sizeof(float), sizeof(double), sizeof(float _Complex),
                                  sizeof(double _Complex), sizeof(int)};

int u_l2g(int l, int nb, int p, int src, int np)
{
    return ((l / nb) * np + (p - src + np) % np) * nb + l % nb;
}

void u_local_init(u_local *L, const u_side *s, int ctxt, int rank)
{
    memset(L, 0, sizeof *L);
    for (int k = 0; k < 9; k++)
        L->desc[k] = -1;
    if (ctxt < 0)
        return;
    Cblacs_gridinfo(ctxt, &L->nprow, &L->npcol, &L->myrow, &L->mycol);
    L->in = 1;
    L->lr = numroc_(&s->M, &s->MB, &L->myrow, &s->RSRC, &L->nprow);
    L->lc = numroc_(&s->N, &s->NB, &L->mycol, &s->CSRC, &L->npcol);
    L->lld = (L->lr > 1 ? L->lr : 1) + s->pad[rank];
    L->nel = (size_t)L->lld * (size_t)L->lc;
    int d[9] = {1, ctxt, s->M, s->N, s->MB, s->NB, s->RSRC, s->CSRC, L->lld};
    memcpy(L->desc, d, sizeof d);
}

/* ---- values ------------------------------------------------------------ */

static void put(int type, void *p, double re, double im)
{
    switch (type) {
    case U_S: *(float *)p = (float)re; break;
    case U_D: *(double *)p = re; break;
    case U_C: *(float _Complex *)p = CMPLXF((float)re, (float)im); break;
    case U_Z: *(double _Complex *)p = CMPLX(re, im); break;
    default: *(int *)p = (int)re; break;
    }
}

static double unit(uint64_t h)
{
    return (double)(h >> 11) * (2.0 / 9007199254740992.0) - 1.0;
}

/* -5 .. -1 or 1 .. 5: never 0 (see the top of the file). */
static double nonzero(uint64_t h)
{
    int k = (int)(h % 10);
    return k < 5 ? k - 5 : k - 4;
}

static int is_zero(const double *v)
{
    return v[0] == 0 && v[1] == 0;
}

/* The element at global (gi, gj), 0-based, of side 'A' or 'C'. */
static void value(const u_config *c, int side, int gi, int gj, void *out)
{
    uint64_t h = test_rng_mix(c->key ^ test_rng_mix((uint64_t)side * 0x51ED27ULL +
                                                    (uint64_t)gi * 0x10001ULL + ((uint64_t)gj << 32)));
    const u_side *s = side == 'A' ? &c->a : &c->c;
    int tr = u_transposes(c);
    int rows = side == 'A' && tr ? c->n : c->m, cols = side == 'A' && tr ? c->m : c->n;
    int p = gi - (s->i - 1), q = gj - (s->j - 1);
    int inside = p >= 0 && p < rows && q >= 0 && q < cols;
    int unread = side == 'A' ? is_zero(c->alpha) : is_zero(c->beta);
    if (inside && unread && (gi + gj) % 2 == 0 && c->type != U_I) {
        put(c->type, out, NAN, NAN);
        return;
    }
    if (c->data == U_DATA_REAL)
        put(c->type, out, unit(h), unit(test_rng_mix(h)));
    else
        put(c->type, out, nonzero(h), nonzero(h >> 20));
}

void u_fill(const u_config *c, int side, const u_local *L, void *buf)
{
    if (!L->in)
        return;
    const u_side *s = side == 'A' ? &c->a : &c->c;
    size_t esz = u_tsize[c->type];
    unsigned char *b = buf;
    for (int lj = 0; lj < L->lc; lj++) {
        int gj = u_l2g(lj, s->NB, L->mycol, s->CSRC, L->npcol);
        for (int li = 0; li < L->lld; li++) {
            void *p = b + ((size_t)li + (size_t)lj * (size_t)L->lld) * esz;
            if (li >= L->lr)
                put(c->type, p, 1000 + li + 37 * lj, -1000 - lj);
            else
                value(c, side, u_l2g(li, s->MB, L->myrow, s->RSRC, L->nprow), gj, p);
        }
    }
}

/* ---- one element ------------------------------------------------------- */

#define UPDATE(T, MK, CONJ)                                                          \
    do {                                                                             \
        T al = MK(c->alpha[0], c->alpha[1]), be = MK(c->beta[0], c->beta[1]);         \
        T x = *(const T *)a, y = *(const T *)c0, r;                                  \
        if (cj)                                                                      \
            x = CONJ(x);                                                             \
        if (is_zero(c->alpha))                                                       \
            r = is_zero(c->beta) ? (T)0 : be * y;                                    \
        else if (is_zero(c->beta))                                                   \
            r = al * x;                                                              \
        else                                                                         \
            r = al * x + be * y;                                                     \
        *(T *)out = r;                                                               \
    } while (0)

#define MKS(re, im) ((float)(re))
#define MKD(re, im) (re)
#define MKC(re, im) CMPLXF((float)(re), (float)(im))
#define MKZ(re, im) CMPLX((re), (im))
#define MKI(re, im) ((int)(re))
#define NOCONJ(x) (x)

static void update(const u_config *c, int cj, void *out, const void *c0, const void *a)
{
    switch (c->type) {
    case U_S: UPDATE(float, MKS, NOCONJ); break;
    case U_D: UPDATE(double, MKD, NOCONJ); break;
    case U_C: UPDATE(float _Complex, MKC, conjf); break;
    case U_Z: UPDATE(double _Complex, MKZ, conj); break;
    default: UPDATE(int, MKI, NOCONJ); break;
    }
}

/* Local (li, lj) of C inside sub(C): its 0-based place (p, q) in sub(C). */
static int in_sub(const u_config *c, const u_local *L, int li, int lj, int *p, int *q)
{
    const u_side *s = &c->c;
    *p = u_l2g(li, s->MB, L->myrow, s->RSRC, L->nprow) - (s->i - 1);
    *q = u_l2g(lj, s->NB, L->mycol, s->CSRC, L->npcol) - (s->j - 1);
    return *p >= 0 && *p < c->m && *q >= 0 && *q < c->n;
}

void u_expect_formula(const u_config *c, const u_local *LC, const void *c0, void *out)
{
    if (!LC->in)
        return;
    size_t esz = u_tsize[c->type];
    memcpy(out, c0, LC->nel * esz);
    int tr = u_transposes(c), cj = u_conjugates(c);
    unsigned char a[16];
    for (int lj = 0; lj < LC->lc; lj++)
        for (int li = 0; li < LC->lr; li++) {
            int p, q;
            if (!in_sub(c, LC, li, lj, &p, &q))
                continue;
            int ai = c->a.i - 1 + (tr ? q : p), aj = c->a.j - 1 + (tr ? p : q);
            value(c, 'A', ai, aj, a);
            size_t k = ((size_t)li + (size_t)lj * (size_t)LC->lld) * esz;
            update(c, cj, (unsigned char *)out + k, (const unsigned char *)c0 + k, a);
        }
}

void u_expect_local(const u_config *c, const u_local *LC, const u_local *LT, const void *c0,
                    const void *t, void *out)
{
    if (!LC->in)
        return;
    size_t esz = u_tsize[c->type];
    memcpy(out, c0, LC->nel * esz);
    int tr = u_transposes(c), cj = u_conjugates(c);
    for (int lj = 0; lj < LC->lc; lj++)
        for (int li = 0; li < LC->lr; li++) {
            int p, q;
            if (!in_sub(c, LC, li, lj, &p, &q))
                continue;
            size_t kt = tr ? (size_t)lj + (size_t)li * (size_t)LT->lld
                           : (size_t)li + (size_t)lj * (size_t)LT->lld;
            size_t k = ((size_t)li + (size_t)lj * (size_t)LC->lld) * esz;
            update(c, cj, (unsigned char *)out + k, (const unsigned char *)c0 + k,
                   (const unsigned char *)t + kt * esz);
        }
}

/* ---- the size of the terms --------------------------------------------- */

/* |alpha x| + |beta c| for one component, as the sum of the magnitudes of
 * the real products that make it up (their rounding scale). */
static void terms(const u_config *c, const void *a, const void *c0, double *mag)
{
    const double *al = c->alpha, *be = c->beta;
    int cplx = c->type == U_C || c->type == U_Z;
    double x[2] = {0, 0}, y[2] = {0, 0};
    if (c->type == U_S || c->type == U_C) {
        x[0] = ((const float *)a)[0];
        y[0] = ((const float *)c0)[0];
        if (cplx) {
            x[1] = ((const float *)a)[1];
            y[1] = ((const float *)c0)[1];
        }
    } else {
        x[0] = ((const double *)a)[0];
        y[0] = ((const double *)c0)[0];
        if (cplx) {
            x[1] = ((const double *)a)[1];
            y[1] = ((const double *)c0)[1];
        }
    }
    double ax = is_zero(al) ? 0 : 1, by = is_zero(be) ? 0 : 1;
    mag[0] = ax * (fabs(al[0] * x[0]) + fabs(al[1] * x[1])) +
             by * (fabs(be[0] * y[0]) + fabs(be[1] * y[1]));
    mag[1] = ax * (fabs(al[0] * x[1]) + fabs(al[1] * x[0])) +
             by * (fabs(be[0] * y[1]) + fabs(be[1] * y[0]));
}

void u_expect_terms(const u_config *c, const u_local *LC, const void *c0, double *mag)
{
    if (!LC->in)
        return;
    size_t esz = u_tsize[c->type];
    memset(mag, 0, 2 * LC->nel * sizeof *mag);
    int tr = u_transposes(c);
    unsigned char a[16];
    for (int lj = 0; lj < LC->lc; lj++)
        for (int li = 0; li < LC->lr; li++) {
            int p, q;
            if (!in_sub(c, LC, li, lj, &p, &q))
                continue;
            int ai = c->a.i - 1 + (tr ? q : p), aj = c->a.j - 1 + (tr ? p : q);
            value(c, 'A', ai, aj, a);
            size_t k = (size_t)li + (size_t)lj * (size_t)LC->lld;
            terms(c, a, (const unsigned char *)c0 + k * esz, mag + 2 * k);
        }
}
