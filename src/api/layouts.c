/* The layout constructors (bcredist.h): each checks its arguments on this
 * process alone (no communication) and reports a bad one like the
 * routines; what needs the communicator is checked by
 * bcr_plan_create_layouts (api/plan_layouts.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "bcredist.h"
#include "layout/layout.h"

static bcr_layout_t fail(const char *routine, int code, int k, const char *name,
                         const char *detail)
{
    bcr_request rq = {.routine = routine};
    bcr_err e = {BCR_SUCCESS, -1, ""};
    if (k > 0)
        bcr_err_plain(&e, &rq, code, "argument %d (%s): %s", k, name, detail);
    else
        bcr_err_plain(&e, &rq, code, "%s", detail);
    bcr_err_report(&e);
    return NULL;
}

/* A layout made: the constructor succeeded, so bcr_last_error says so. */
static bcr_layout_t made(bcr_layout_t l)
{
    bcr_err_clear_last();
    return l;
}

/* m or n (arguments 1 and 2 of every constructor) outside [0, 2^31):
 * reported, and 1 returned. */
static int bad_size(const char *routine, bcr_int m, bcr_int n)
{
    if (m >= 0 && m <= INT32_MAX && n >= 0 && n <= INT32_MAX)
        return 0;
    int bad_m = m < 0 || m > INT32_MAX;
    char d[96];
    snprintf(d, sizeof d, "%s = %lld, must be in [0, 2^31)", bad_m ? "m" : "n",
             (long long)(bad_m ? m : n));
    fail(routine, BCR_ERR_ARGUMENT, bad_m ? 1 : 2, bad_m ? "m" : "n", d);
    return 1;
}

static uint64_t hash_int(uint64_t h, long long v) { return bcr_layout_hash(h, &v, sizeof v); }

bcr_layout_t bcr_layout_desc(bcr_int m, bcr_int n, bcr_int ia, bcr_int ja, const bcr_int *desc)
{
    const char *r = "bcr_layout_desc";
    char d[96];
    if (bad_size(r, m, n))
        return NULL;
    if (ia < 1 || ia > INT32_MAX || ja < 1 || ja > INT32_MAX) {
        int bad_i = ia < 1 || ia > INT32_MAX;
        snprintf(d, sizeof d, "%s = %lld, must be in [1, 2^31)", bad_i ? "ia" : "ja",
                 (long long)(bad_i ? ia : ja));
        return fail(r, BCR_ERR_ARGUMENT, bad_i ? 3 : 4, bad_i ? "ia" : "ja", d);
    }
    if (!desc)
        return fail(r, BCR_ERR_ARGUMENT, 5, "desc", "desc is NULL");
    bcr_layout_t l = calloc(1, sizeof *l);
    if (!l)
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
    l->kind = BCR_LAYOUT_DESCRIPTOR;
    l->m = (int)m;
    l->n = (int)n;
    l->ia = (int)ia;
    l->ja = (int)ja;
    memcpy(l->desc, desc, sizeof l->desc);
    /* The descriptor itself differs outside the grid (CTXT = -1): the plan
     * agrees on its grid by gathering it. */
    uint64_t h = 1469598103934665603ULL;
    h = hash_int(h, l->kind);
    h = hash_int(h, m);
    h = hash_int(h, n);
    h = hash_int(h, ia);
    l->hash = hash_int(h, ja);
    return made(l);
}

/* Checks one dimension's blocks: sizes >= 1 adding up to len, coordinates
 * in [0, ncoords).  Fills detail and returns the argument number at fault
 * (base + 1 for the count, + 2 sizes, + 3 coordinates), or 0. */
static int check_dim(bcr_int len, bcr_int nblocks, const bcr_int *sizes, const bcr_int *coord,
                     bcr_int ncoords, int base, const char *what, const char *const names[3],
                     char *detail, size_t dn)
{
    if (nblocks < 0 || nblocks > INT32_MAX) {
        snprintf(detail, dn, "%s = %lld, must be in [0, 2^31)", names[0], (long long)nblocks);
        return base + 1;
    }
    if (nblocks == 0 && len > 0) {
        snprintf(detail, dn, "%s = 0, but the matrix has %lld %s for blocks to cover", names[0],
                 (long long)len, what);
        return base + 1;
    }
    if (nblocks > 0 && !sizes) {
        snprintf(detail, dn, "%s is NULL", names[1]);
        return base + 2;
    }
    if (nblocks > 0 && !coord && ncoords > 0) {
        snprintf(detail, dn, "%s is NULL", names[2]);
        return base + 3;
    }
    long long sum = 0;
    for (bcr_int b = 0; b < nblocks; b++) {
        if (sizes[b] < 1) {
            snprintf(detail, dn, "%s[%lld] = %lld, must be >= 1", names[1], (long long)b,
                     (long long)sizes[b]);
            return base + 2;
        }
        sum += sizes[b]; /* at most 2^31 sizes below 2^31 each */
    }
    if (sum != len) {
        snprintf(detail, dn,
                 "%s add up to %lld %s, must add up to the matrix's %lld: blocks may neither "
                 "overlap nor leave %s out",
                 names[1], sum, what, (long long)len, what);
        return base + 2;
    }
    for (bcr_int b = 0; b < nblocks && ncoords > 0; b++)
        if (coord[b] < 0 || coord[b] >= ncoords) {
            snprintf(detail, dn, "%s[%lld] = %lld, must be in [0, %lld)", names[2],
                     (long long)b, (long long)coord[b], (long long)ncoords);
            return base + 3;
        }
    return 0;
}

static int by_value(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* Ranks of a grid or process list: >= 0 and each once (comm's size is
 * checked by the plan).  Returns 0, or 1 with detail filled. */
static int check_ranks(const int *ranks, size_t np, const char *name, char *d, size_t dn,
                       int *nomem)
{
    int *sorted = malloc(np * sizeof *sorted);
    *nomem = sorted == NULL;
    if (!sorted)
        return 1;
    memcpy(sorted, ranks, np * sizeof *sorted);
    qsort(sorted, np, sizeof *sorted, by_value);
    int bad = 0;
    for (size_t i = 0; i < np && !bad; i++)
        if (sorted[i] < 0 || (i > 0 && sorted[i] == sorted[i - 1])) {
            if (sorted[i] < 0)
                snprintf(d, dn, "%s holds %d, must hold ranks >= 0", name, sorted[i]);
            else
                snprintf(d, dn, "rank %d appears more than once in %s", sorted[i], name);
            bad = 1;
        }
    free(sorted);
    return bad;
}

bcr_layout_t bcr_layout_blocks(bcr_int m, bcr_int n, bcr_int nrowblocks, const bcr_int *row_sizes,
                               const bcr_int *row_procs, bcr_int ncolblocks,
                               const bcr_int *col_sizes, const bcr_int *col_procs, bcr_int nprow,
                               bcr_int npcol, const int *grid_ranks, bcr_int lld)
{
    const char *r = "bcr_layout_blocks";
    char d[200];
    if (bad_size(r, m, n))
        return NULL;
    if (nprow < 1 || npcol < 1 || nprow > INT32_MAX / (npcol > 0 ? npcol : 1)) {
        int bad_r = nprow < 1;
        snprintf(d, sizeof d, "%s = %lld, must be >= 1 (and nprow * npcol < 2^31)",
                 bad_r ? "nprow" : "npcol", (long long)(bad_r ? nprow : npcol));
        return fail(r, BCR_ERR_ARGUMENT, bad_r ? 9 : 10, bad_r ? "nprow" : "npcol", d);
    }
    static const char *const rn[3] = {"nrowblocks", "row_sizes", "row_procs"};
    static const char *const cn[3] = {"ncolblocks", "col_sizes", "col_procs"};
    int k = check_dim(m, nrowblocks, row_sizes, row_procs, nprow, 2, "rows", rn, d, sizeof d);
    if (k)
        return fail(r, BCR_ERR_ARGUMENT, k, rn[k - 3], d);
    k = check_dim(n, ncolblocks, col_sizes, col_procs, npcol, 5, "columns", cn, d, sizeof d);
    if (k)
        return fail(r, BCR_ERR_ARGUMENT, k, cn[k - 6], d);
    if (!grid_ranks)
        return fail(r, BCR_ERR_ARGUMENT, 11, "grid_ranks", "grid_ranks is NULL");
    size_t np = (size_t)nprow * (size_t)npcol;
    int nomem;
    if (check_ranks(grid_ranks, np, "grid_ranks", d, sizeof d, &nomem))
        return nomem ? fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout")
                     : fail(r, BCR_ERR_ARGUMENT, 11, "grid_ranks", d);
    if (lld < 1 || lld > INT32_MAX) {
        snprintf(d, sizeof d, "lld = %lld, must be in [1, 2^31)", (long long)lld);
        return fail(r, BCR_ERR_ARGUMENT, 12, "lld", d);
    }
    bcr_layout_t l = calloc(1, sizeof *l);
    int *grid = malloc(np * sizeof *grid);
    if (!l || !grid || bcr_layout_dim_make(&l->rows, nrowblocks, row_sizes, row_procs, (int)nprow) ||
        bcr_layout_dim_make(&l->cols, ncolblocks, col_sizes, col_procs, (int)npcol)) {
        free(grid);
        bcr_layout_destroy(l);
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
    }
    memcpy(grid, grid_ranks, np * sizeof *grid);
    l->kind = BCR_LAYOUT_BLOCKS;
    l->m = (int)m;
    l->n = (int)n;
    l->nprow = (int)nprow;
    l->npcol = (int)npcol;
    l->grid = grid;
    l->lld = lld;
    uint64_t h = 1469598103934665603ULL;
    long long head[5] = {l->kind, m, n, nprow, npcol};
    h = bcr_layout_hash(h, head, sizeof head);
    h = bcr_layout_hash(h, l->rows.start, (size_t)(nrowblocks + 1) * sizeof *l->rows.start);
    h = bcr_layout_hash(h, l->rows.coord, (size_t)nrowblocks * sizeof *l->rows.coord);
    h = bcr_layout_hash(h, l->cols.start, (size_t)(ncolblocks + 1) * sizeof *l->cols.start);
    h = bcr_layout_hash(h, l->cols.coord, (size_t)ncolblocks * sizeof *l->cols.coord);
    l->hash = bcr_layout_hash(h, grid, np * sizeof *grid);
    return made(l);
}

bcr_layout_t bcr_layout_linear(bcr_int m, bcr_int n, bcr_int a, bcr_int b, bcr_int nprocs,
                               const int *ranks)
{
    const char *r = "bcr_layout_linear";
    char d[200];
    if (bad_size(r, m, n))
        return NULL;
    if (a == 0 && b == 0)
        return fail(r, BCR_ERR_ARGUMENT, 4, "b",
                    "a = b = 0: the lines a i + b j = c need a or b nonzero");
    /* -2^31 has no negation in 32 bits, and a line's value is made from
     * |a| and |b| */
    if (a < -INT32_MAX || a > INT32_MAX || b < -INT32_MAX || b > INT32_MAX) {
        int bad_a = a < -INT32_MAX || a > INT32_MAX;
        snprintf(d, sizeof d, "%s = %lld, must be in [-(2^31 - 1), 2^31 - 1]",
                 bad_a ? "a" : "b", (long long)(bad_a ? a : b));
        return fail(r, BCR_ERR_ARGUMENT, bad_a ? 3 : 4, bad_a ? "a" : "b", d);
    }
    if (nprocs < 1 || nprocs > INT32_MAX) {
        snprintf(d, sizeof d, "nprocs = %lld, must be in [1, 2^31)", (long long)nprocs);
        return fail(r, BCR_ERR_ARGUMENT, 5, "nprocs", d);
    }
    if (!ranks)
        return fail(r, BCR_ERR_ARGUMENT, 6, "ranks", "ranks is NULL");
    int nomem;
    if (check_ranks(ranks, (size_t)nprocs, "ranks", d, sizeof d, &nomem))
        return nomem ? fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout")
                     : fail(r, BCR_ERR_ARGUMENT, 6, "ranks", d);
    bcr_layout_t l = calloc(1, sizeof *l);
    int *lr = malloc((size_t)nprocs * sizeof *lr);
    if (!l || !lr) {
        free(l);
        free(lr);
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
    }
    const char *why = NULL;
    if (bcr_linear_init(&l->lin, m, n, a, b, (int)nprocs, &why)) {
        free(l);
        free(lr);
        snprintf(d, sizeof d, "the distribution cannot be made: %s", why ? why : "?");
        return fail(r, BCR_ERR_ARGUMENT, 3, "a", d);
    }
    memcpy(lr, ranks, (size_t)nprocs * sizeof *lr);
    l->kind = BCR_LAYOUT_LINEAR;
    l->m = (int)m;
    l->n = (int)n;
    l->lranks = lr;
    long long head[6] = {l->kind, m, n, a, b, nprocs};
    uint64_t h = bcr_layout_hash(1469598103934665603ULL, head, sizeof head);
    l->hash = bcr_layout_hash(h, lr, (size_t)nprocs * sizeof *lr);
    return made(l);
}

static bcr_idx *starts_of(bcr_int nblocks, const bcr_int *sizes)
{
    bcr_idx *v = malloc(((size_t)nblocks + 1) * sizeof *v);
    if (v) {
        v[0] = 0;
        for (bcr_int b = 0; b < nblocks; b++)
            v[b + 1] = v[b] + sizes[b];
    }
    return v;
}

bcr_layout_t bcr_layout_owners(bcr_int m, bcr_int n, bcr_int nrowblocks, const bcr_int *row_sizes,
                               bcr_int ncolblocks, const bcr_int *col_sizes, const int *owners,
                               bcr_int lld)
{
    const char *r = "bcr_layout_owners";
    char d[200];
    if (bad_size(r, m, n))
        return NULL;
    static const char *const rn[3] = {"nrowblocks", "row_sizes", ""};
    static const char *const cn[3] = {"ncolblocks", "col_sizes", ""};
    int k = check_dim(m, nrowblocks, row_sizes, NULL, 0, 2, "rows", rn, d, sizeof d);
    if (k)
        return fail(r, BCR_ERR_ARGUMENT, k, rn[k - 3], d);
    k = check_dim(n, ncolblocks, col_sizes, NULL, 0, 4, "columns", cn, d, sizeof d);
    if (k)
        return fail(r, BCR_ERR_ARGUMENT, k, cn[k - 5], d);
    size_t nblocks = (size_t)nrowblocks * (size_t)ncolblocks;
    if (nblocks && !owners)
        return fail(r, BCR_ERR_ARGUMENT, 7, "owners", "owners is NULL");
    for (size_t b = 0; b < nblocks; b++)
        if (owners[b] < 0) {
            snprintf(d, sizeof d, "owners[%zu] = %d, must be a rank (>= 0)", b, owners[b]);
            return fail(r, BCR_ERR_ARGUMENT, 7, "owners", d);
        }
    if (lld < 1 || lld > INT32_MAX) {
        snprintf(d, sizeof d, "lld = %lld, must be in [1, 2^31)", (long long)lld);
        return fail(r, BCR_ERR_ARGUMENT, 8, "lld", d);
    }
    bcr_layout_t l = calloc(1, sizeof *l);
    if (l) {
        l->orstart = starts_of(nrowblocks, row_sizes);
        l->ocstart = starts_of(ncolblocks, col_sizes);
        l->oowner = malloc((nblocks ? nblocks : 1) * sizeof *l->oowner);
    }
    if (!l || !l->orstart || !l->ocstart || !l->oowner) {
        bcr_layout_destroy(l);
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
    }
    memcpy(l->oowner, owners, nblocks * sizeof *l->oowner);
    l->kind = BCR_LAYOUT_OWNERS;
    l->m = (int)m;
    l->n = (int)n;
    l->onrb = nrowblocks;
    l->oncb = ncolblocks;
    l->lld = lld;
    long long head[5] = {l->kind, m, n, nrowblocks, ncolblocks};
    uint64_t h = bcr_layout_hash(1469598103934665603ULL, head, sizeof head);
    h = bcr_layout_hash(h, l->orstart, ((size_t)nrowblocks + 1) * sizeof *l->orstart);
    h = bcr_layout_hash(h, l->ocstart, ((size_t)ncolblocks + 1) * sizeof *l->ocstart);
    l->hash = bcr_layout_hash(h, l->oowner, nblocks * sizeof *l->oowner);
    return made(l);
}

bcr_layout_t bcr_layout_remap(bcr_layout_t base, const bcr_int *rows, const bcr_int *cols)
{
    const char *r = "bcr_layout_remap";
    if (!base)
        return fail(r, BCR_ERR_ARGUMENT, 1, "base", "base is NULL");
    if (base->kind == BCR_LAYOUT_REMAP)
        return fail(r, BCR_ERR_ARGUMENT, 1, "base", "base is a remap itself");
    bcr_layout_t l = calloc(1, sizeof *l);
    if (!l)
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
    l->kind = BCR_LAYOUT_REMAP;
    l->m = base->m;
    l->n = base->n;
    l->base = base;
    l->rmap = rows; /* NULL is checked where this process holds elements */
    l->cmap = cols;
    long long k = l->kind;
    l->hash = bcr_layout_hash(base->hash, &k, sizeof k);
    return made(l);
}

void bcr_layout_destroy(bcr_layout_t l)
{
    if (!l)
        return;
    bcr_layout_dim_free(&l->rows);
    bcr_layout_dim_free(&l->cols);
    free(l->grid);
    free(l->lranks);
    free(l->orstart);
    free(l->ocstart);
    free(l->oowner);
    free(l);
}
