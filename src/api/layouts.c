/* The layout constructors (bcredist.h): each checks its arguments on this
 * process alone (no communication) and reports a bad one like the
 * routines, then makes the layout (layout/layout.h); what needs the
 * communicator is checked by bcr_plan_create_layouts
 * (api/plan_layouts.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/error.h"
#include "bcredist.h"
#include "layout/layout.h"

static bcr_layout_t fail(const char *routine, int code, int k, const char *name,
                         const char *detail)
{
    bcr_err_report_local(routine, code, k, name, detail);
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
    bcr_layout_t l = bcr_layout_new_desc(m, n, ia, ja, desc);
    if (!l)
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
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
    bcr_layout_split rs = {nrowblocks, row_sizes, row_procs, nprow};
    bcr_layout_split cs = {ncolblocks, col_sizes, col_procs, npcol};
    bcr_layout_t l = bcr_layout_new_blocks(m, n, &rs, &cs, grid_ranks, lld);
    if (!l)
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
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
    bcr_layout_t l;
    const char *why = NULL;
    int rc = bcr_layout_new_linear(&l, m, n, a, b, nprocs, ranks, &why);
    if (rc < 0)
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
    if (rc > 0) {
        snprintf(d, sizeof d, "the distribution cannot be made: %s", why ? why : "?");
        return fail(r, BCR_ERR_ARGUMENT, 3, "a", d);
    }
    return made(l);
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
    bcr_layout_split rs = {nrowblocks, row_sizes, NULL, 0};
    bcr_layout_split cs = {ncolblocks, col_sizes, NULL, 0};
    bcr_layout_t l = bcr_layout_new_owners(m, n, &rs, &cs, owners, lld);
    if (!l)
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
    return made(l);
}

bcr_layout_t bcr_layout_remap(bcr_layout_t base, const bcr_int *rows, const bcr_int *cols)
{
    const char *r = "bcr_layout_remap";
    if (!base)
        return fail(r, BCR_ERR_ARGUMENT, 1, "base", "base is NULL");
    if (base->kind == BCR_LAYOUT_REMAP)
        return fail(r, BCR_ERR_ARGUMENT, 1, "base", "base is a remap itself");
    bcr_layout_t l = bcr_layout_new_remap(base, rows, cols);
    if (!l)
        return fail(r, BCR_ERR_NOMEM, 0, "", "out of memory for the layout");
    return made(l);
}

void bcr_layout_destroy(bcr_layout_t l) { bcr_layout_free(l); }
