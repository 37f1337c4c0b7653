/* A C program written against plain ScaLAPACK (no bcredist in its source):
 * Cp?gemr2d, Cp?trmr2d and the legacy Cp?gemr2do, Cp?trmr2do for the five
 * types.  Each process writes every B local array it ends up with (padding
 * included) to <dir>/c_<rank>.bin, and process 0 prints the number of
 * redistribution calls.  The drop-in tests (dropin.cmake) build it
 * unchanged and linked with libbcredist_scalapack.a first, and run it with
 * and without the drop-in preloaded.  4 processes. */
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>

#include "scalapack_ref.h"

#define LEGACY_PROTOS(ch, T)                                                     \
    void Cp##ch##gemr2do(int m, int n, T *a, int ia, int ja, int *desca, T *b,  \
                         int ib, int jb, int *descb);                           \
    void Cp##ch##trmr2do(char *uplo, char *diag, int m, int n, T *a, int ia,    \
                         int ja, int *desca, T *b, int ib, int jb, int *descb);
LEGACY_PROTOS(s, float)
LEGACY_PROTOS(d, double)
LEGACY_PROTOS(c, float _Complex)
LEGACY_PROTOS(z, double _Complex)
LEGACY_PROTOS(i, int)

typedef struct {
    int desc[9];
    int lld, ncols, locr, size;
    int nprow, npcol, myrow, mycol;
} layout;

typedef struct {
    int m, n, ia, ja, ib, jb, ictxt;
    char *uplo, *diag;
    layout a, b;
} call_case;

enum { GEMR2D, TRMR2D, GEMR2DO, TRMR2DO };

static FILE *out;
static int calls;

/* This process's piece of an mg x ng matrix on grid ctxt, with one padding
 * row; CTXT = -1 when the process is not in the grid. */
static layout make_layout(int ctxt, int mg, int ng, int mb, int nb, int rsrc, int csrc)
{
    layout l = {{0, -1, 0, 0, 0, 0, 0, 0, 0}, 1, 1, 0, 1, -1, -1, -1, -1};
    if (ctxt >= 0)
        Cblacs_gridinfo(ctxt, &l.nprow, &l.npcol, &l.myrow, &l.mycol);
    if (l.myrow < 0 || l.myrow >= l.nprow || l.mycol < 0 || l.mycol >= l.npcol)
        return l;
    l.locr = numroc_(&mg, &mb, &l.myrow, &rsrc, &l.nprow);
    int nc = numroc_(&ng, &nb, &l.mycol, &csrc, &l.npcol);
    l.ncols = nc > 0 ? nc : 1;
    l.lld = l.locr + 1;
    l.size = l.lld * l.ncols;
    int d[9] = {1, ctxt, mg, ng, mb, nb, rsrc, csrc, l.lld};
    for (int k = 0; k < 9; k++)
        l.desc[k] = d[k];
    return l;
}

static int global_index(int local, int nb, int me, int src, int np)
{
    int shift = (me - src + np) % np;
    return (local / nb) * np * nb + shift * nb + local % nb;
}

/* A's value at local linear index k (0-based). */
static int a_value(const layout *l, int k)
{
    int li = k % l->lld, lj = k / l->lld;
    if (l->desc[1] == -1 || li >= l->locr)
        return -100000 - k;
    return global_index(li, l->desc[4], l->myrow, l->desc[6], l->nprow) + 1 +
           1000 * (global_index(lj, l->desc[5], l->mycol, l->desc[7], l->npcol) + 1);
}

#define RUN_TYPE(ch, T, AVAL, BVAL)                                               \
    static void run_##ch(call_case *c, int how)                                   \
    {                                                                              \
        T *a = malloc(sizeof(T) * (size_t)c->a.size);                             \
        T *b = malloc(sizeof(T) * (size_t)c->b.size);                             \
        if (!a || !b) {                                                            \
            fprintf(stderr, "out of memory\n");                                    \
            exit(1);                                                               \
        }                                                                          \
        for (int k = 0; k < c->a.size; k++) {                                      \
            int v = a_value(&c->a, k);                                             \
            a[k] = AVAL;                                                           \
        }                                                                          \
        for (int k = 0; k < c->b.size; k++)                                        \
            b[k] = BVAL;                                                           \
        switch (how) {                                                             \
        case GEMR2D:                                                               \
            Cp##ch##gemr2d(c->m, c->n, a, c->ia, c->ja, c->a.desc, b, c->ib,      \
                           c->jb, c->b.desc, c->ictxt);                            \
            break;                                                                 \
        case TRMR2D:                                                               \
            Cp##ch##trmr2d(c->uplo, c->diag, c->m, c->n, a, c->ia, c->ja,         \
                           c->a.desc, b, c->ib, c->jb, c->b.desc, c->ictxt);       \
            break;                                                                 \
        case GEMR2DO:                                                              \
            Cp##ch##gemr2do(c->m, c->n, a, c->ia, c->ja, c->a.desc, b, c->ib,     \
                            c->jb, c->b.desc);                                     \
            break;                                                                 \
        default:                                                                   \
            Cp##ch##trmr2do(c->uplo, c->diag, c->m, c->n, a, c->ia, c->ja,        \
                            c->a.desc, b, c->ib, c->jb, c->b.desc);                \
            break;                                                                 \
        }                                                                          \
        if (fwrite(b, sizeof(T), (size_t)c->b.size, out) != (size_t)c->b.size) {  \
            fprintf(stderr, "write failed\n");                                     \
            exit(1);                                                               \
        }                                                                          \
        free(a);                                                                   \
        free(b);                                                                   \
    }

RUN_TYPE(s, float, (float)v + 0.5f, -(float)k - 0.25f)
RUN_TYPE(d, double, (double)v + 0.5, -(double)k - 0.25)
RUN_TYPE(c, float _Complex, (float)v - ((float)v + 0.5f) * I, -(float)k + 0.75f * I)
RUN_TYPE(z, double _Complex, (double)v - ((double)v + 0.5) * I, -(double)k + 0.75 * I)
RUN_TYPE(i, int, v, -k)

static void run_all_types(call_case *c, int how)
{
    run_s(c, how);
    run_d(c, how);
    run_c(c, how);
    run_z(c, how);
    run_i(c, how);
    calls += 5;
}

int main(int argc, char **argv)
{
    int me, np;
    Cblacs_pinfo(&me, &np);
    if (np != 4 || argc != 2) {
        fprintf(stderr, "usage: mpiexec -n 4 %s <output directory>\n", argv[0]);
        return 1;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/c_%d.bin", argv[1], me);
    out = fopen(path, "wb");
    if (!out) {
        perror(path);
        return 1;
    }

    /* ictxt: 4 x 1 in column order.  Grids: 2 x 2 in row order; 2 x 1 over
     * processes 2 and 0 (blacs_gridmap; 1 and 3 outside); 1 x 4. */
    int ictxt, g22, g21, g14;
    Cblacs_get(0, 0, &ictxt);
    Cblacs_gridinit(&ictxt, "C", 4, 1);
    Cblacs_get(0, 0, &g22);
    Cblacs_gridinit(&g22, "R", 2, 2);
    int map[2] = {2, 0};
    Cblacs_get(0, 0, &g21);
    Cblacs_gridmap(&g21, map, 2, 2, 1);
    Cblacs_get(0, 0, &g14);
    Cblacs_gridinit(&g14, "R", 1, 4);

    call_case c1 = {15, 12, 3, 2, 1, 4, ictxt, NULL, NULL,
                    make_layout(g22, 18, 14, 4, 3, 1, 1), make_layout(g21, 16, 16, 3, 5, 0, 0)};
    call_case c2 = {7, 19, 2, 1, 2, 3, ictxt, NULL, NULL,
                    make_layout(g21, 9, 20, 2, 2, 1, 0), make_layout(g14, 10, 22, 3, 4, 0, 3)};
    call_case c3 = {22, 9, 1, 3, 2, 1, ictxt, NULL, NULL,
                    make_layout(g14, 23, 12, 5, 2, 0, 2), make_layout(g22, 25, 10, 2, 3, 1, 0)};

    run_all_types(&c1, GEMR2D);
    c2.uplo = "U";
    c2.diag = "N";
    run_all_types(&c2, TRMR2D);
    c3.uplo = "L";
    c3.diag = "U";
    run_all_types(&c3, TRMR2D);
    /* Legacy: over all processes, no ictxt. */
    run_all_types(&c3, GEMR2DO);
    c1.uplo = "u";
    c1.diag = "u";
    run_all_types(&c1, TRMR2DO);
    c2.uplo = "L";
    c2.diag = "N";
    run_all_types(&c2, TRMR2DO);

    fclose(out);
    if (me == 0)
        printf("CALLS %d\n", calls);
    if (g21 >= 0)
        Cblacs_gridexit(g21);
    Cblacs_gridexit(g14);
    Cblacs_gridexit(g22);
    Cblacs_gridexit(ictxt);
    Cblacs_exit(0);
    return 0;
}
