/* Shared declarations of bcr_test_update: bcr_p?tran, bcr_p?tranu,
 * bcr_p?tranc and bcr_p?geadd, C := beta * C + alpha * op(A), against
 * PBLAS (one context), against Cp?gemr2d followed by a local update, and
 * against an element-wise formula.
 *
 * A configuration names grids as indices into a pool (update_pool.c).  The
 * global contents of A and C are a function of (global row, global column,
 * the configuration's key), so every process knows any element without
 * communication (update_data.c).
 */
#ifndef BCR_TEST_UPDATE_H
#define BCR_TEST_UPDATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scalapack_ref.h"

/* CMPLX and CMPLXF where <complex.h> lacks them (clang before 15 with
 * glibc, as scripts/run-tsan.sh builds): the same pair of parts. */
#include <complex.h>
#ifndef CMPLX
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#endif
#ifndef CMPLXF
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#endif

#define U_MAXP 64   /* largest world size */
#define U_MAXPOOL 24 /* grids per pool */

/* ---- deterministic pseudo-random numbers (test_rng.h) ------------------- */
#include "test_rng.h"

void u_rng_init(test_rng *r, uint64_t seed, uint64_t stream, uint64_t index);

/* ---- grids ------------------------------------------------------------- */
typedef struct {
    int nprow, npcol;
    int map[U_MAXP]; /* world rank at (r, c) is map[r + c * nprow] */
} u_grid;

/* Each entry is made with Cblacs_gridmap (collective over the world), and
 * so is its transposed twin: the grid whose process at (r, c) is the
 * entry's at (c, r), where a matrix laid out like C^T has every process's
 * local array the local transpose of its local C. */
typedef struct {
    int n;
    u_grid g[U_MAXPOOL];
    int ctxt[U_MAXPOOL];  /* this rank's handle, -1 outside */
    int tctxt[U_MAXPOOL]; /* the transposed twin's, -1 outside */
} u_pool;

int u_pool_add(u_pool *p, const u_grid *g); /* returns the index */
void u_pool_make(u_pool *p);                /* every context (collective) */
void u_pool_free(u_pool *p);                /* and empty it (collective) */
/* pblas mode: one grid per entry, of 1 .. P ranks, every shape. */
void u_pool_pblas(u_pool *p, uint64_t seed, long batch, int P);
/* grids mode: entries 0 and 1 are unions (ictxt), the rest grids over
 * subsets of a union: world w's grids are 2 + w * U_PER_WORLD + k. */
#define U_PER_WORLD 5
void u_pool_grids(u_pool *p, uint64_t seed, long batch, int P);

/* ---- element types and routines ---------------------------------------- */
enum { U_S, U_D, U_C, U_Z, U_I, U_NTYPES };
extern const char u_tchar[U_NTYPES];
extern const size_t u_tsize[U_NTYPES];

/* U_TRAN: bcr_p?tran (real, integer) or bcr_p?tranu (complex);
 * U_TRANC: bcr_p?tranc (complex); U_GEADD: bcr_p?geadd with trans. */
enum { U_TRAN, U_TRANC, U_GEADD };

typedef struct {
    int M, N, MB, NB, RSRC, CSRC; /* global descriptor */
    int i, j;                     /* 1-based submatrix origin */
    int pad[U_MAXP];              /* per world rank: LLD - max(1, local rows) */
} u_side;

enum { U_DATA_INT, U_DATA_REAL };

typedef struct {
    long index;
    int type, routine;
    char trans; /* geadd: N T C n t c; tran: T; tranc: C */
    int m, n;
    double alpha[2], beta[2]; /* real and imaginary parts */
    int world, ga, gc;        /* pool indices: ictxt, grid A, grid C */
    u_side a, c;
    int data;     /* U_DATA_INT: small integers; U_DATA_REAL: in [-1, 1) */
    uint64_t key; /* the global contents */
    int bcr_first; /* bcredist before the reference (pblas mode) */
} u_config;

/* Does op transpose sub(A), and conjugate it? */
int u_transposes(const u_config *c);
int u_conjugates(const u_config *c);
const char *u_routine_name(const u_config *c, char *buf, size_t cap);

/* The configurations (update_config.c). pblas: world = ga = gc. */
void u_config_pblas(u_config *c, const u_pool *pool, uint64_t seed, long index, int P,
                    int data);
void u_config_grids(u_config *c, const u_pool *pool, uint64_t seed, long index, int P);
void u_config_print(FILE *o, const u_config *c, const u_pool *pool, int rank);

/* ---- local arrays (update_data.c) -------------------------------------- */
typedef struct {
    int in; /* this process is in the grid */
    int nprow, npcol, myrow, mycol;
    int lr, lc, lld; /* local rows, columns, leading dimension */
    size_t nel;      /* lld * lc elements, 0 outside */
    int desc[9];     /* CTXT -1 and the rest -1 outside */
} u_local;

void u_local_init(u_local *L, const u_side *s, int ctxt, int rank);
/* 0-based global index of 0-based local index l. */
int u_l2g(int l, int nb, int p, int src, int np);

/* The value at global (gi, gj), 0-based, of side 'A' or 'C', written to
 * *out as the element type; padding rows get their own values.  NaN where
 * the call must not read (sub(C) with beta = 0, sub(A) with alpha = 0). */
void u_fill(const u_config *c, int side, const u_local *L, void *buf);
/* The element-wise oracle: the expected local C from its initial contents
 * c0 and the formula alone. */
void u_expect_formula(const u_config *c, const u_local *LC, const void *c0, void *out);
/* --real: for each component of each local element of C, the sum of the
 * magnitudes of the products added into it (2 per element; 0 outside
 * sub(C)), the scale of its rounding errors. */
void u_expect_terms(const u_config *c, const u_local *LC, const void *c0, double *mag);
/* beta * c0 + alpha * op(t) over the local sub(C), t being op(sub(A)) laid
 * out like C (trans N) or like C^T (its local transpose). */
void u_expect_local(const u_config *c, const u_local *LC, const u_local *LT, const void *c0,
                    const void *t, void *out);

/* ---- calls (update_calls.c) -------------------------------------------- */
/* How u_call_bcr calls bcredist: the routine, or a plan of
 * bcr_plan_create_update executed, or started, tested and waited for. */
enum { U_VIA_ROUTINE, U_VIA_PLAN, U_VIA_SPLIT };
extern int g_update_via;

void u_call_bcr(const u_config *c, const void *a, const int *desca, void *cc,
                const int *descc, int ictxt);
void u_call_pblas(const u_config *c, void *a, int *desca, void *cc, int *descc);
/* Cp?gemr2d of sub(A) into t at (ic, jc) (trans N) or (jc, ic). */
void u_call_gemr2d(const u_config *c, void *a, int *desca, void *t, int *desct, int ictxt);

#endif
