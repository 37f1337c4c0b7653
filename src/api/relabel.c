/* bcr_relabel and bcr_layout_relabel (bcredist.h): the relabelling of a
 * destination's processes that moves the fewest bytes (plan/relabel.h),
 * and the destination with its processes relabelled.  Both read layouts
 * alone, on this process: no communication. */
#include <stdio.h>
#include <stdlib.h>

#include "api/arguments.h"
#include "base/error.h"
#include "bcredist.h"
#include "layout/layout.h"
#include "api/relabel.h"
#include "plan/relabel.h"

/* The tiling of a blocks or owners layout (0), or 1 for another kind. */
static int tiling_of(const bcr_layout_s *l, bcr_tiling *t)
{
    if (l->kind == BCR_LAYOUT_BLOCKS) {
        *t = (bcr_tiling){l->rows.bands.n, l->cols.bands.n, l->rows.bands.start,
                          l->cols.bands.start, NULL, l->grid, l->rows.bands.coord,
                          l->cols.bands.coord, l->npcol};
        return 0;
    }
    if (l->kind == BCR_LAYOUT_OWNERS) {
        *t = (bcr_tiling){l->onrb, l->oncb, l->orstart, l->ocstart, l->oowner, NULL, NULL, NULL,
                          0};
        return 0;
    }
    return 1;
}

/* The most rank a layout names, plus one. */
static int ranks_in(const bcr_layout_s *l)
{
    int most = -1;
    bcr_idx n = l->kind == BCR_LAYOUT_BLOCKS ? (bcr_idx)l->nprow * l->npcol : l->onrb * l->oncb;
    const int *r = l->kind == BCR_LAYOUT_BLOCKS ? l->grid : l->oowner;
    for (bcr_idx k = 0; k < n; k++)
        if (r[k] > most)
            most = r[k];
    return most + 1;
}

static const char kinds[] = "blocks and owners layouts only (a descriptor's grid is known to "
                            "its context's processes alone: bcr_relabel_desc)";

int bcr_relabel_run(bcr_layout_t src, bcr_layout_t dst, char type, int nprocs, int *perm,
                    bcr_relabel_result *res)
{
    const char *r = "bcr_relabel";
    char d[160];
    bcr_tiling ts, td;
    if (!src || tiling_of(src, &ts))
        return bcr_err_report_local(r, BCR_ERR_ARGUMENT, 1, "src", src ? kinds : "src is NULL");
    if (!dst || tiling_of(dst, &td))
        return bcr_err_report_local(r, BCR_ERR_ARGUMENT, 2, "dst", dst ? kinds : "dst is NULL");
    if (src->m != dst->m || src->n != dst->n) {
        snprintf(d, sizeof d, "dst is %d x %d, src %d x %d", dst->m, dst->n, src->m, src->n);
        return bcr_err_report_local(r, BCR_ERR_ARGUMENT, 2, "dst", d);
    }
    size_t es = bcr_type_size(type);
    if (!es) {
        snprintf(d, sizeof d, "type = '%c', must be one of s, d, c, z, i", type);
        return bcr_err_report_local(r, BCR_ERR_ARGUMENT, 3, "type", d);
    }
    int need = ranks_in(src) > ranks_in(dst) ? ranks_in(src) : ranks_in(dst);
    if (nprocs < need) {
        snprintf(d, sizeof d, "nprocs = %d, but the layouts name rank %d", nprocs, need - 1);
        return bcr_err_report_local(r, BCR_ERR_ARGUMENT, 4, "nprocs", d);
    }
    if (!perm)
        return bcr_err_report_local(r, BCR_ERR_ARGUMENT, 5, "perm", "perm is NULL");
    if (bcr_relabel_tilings(&ts, &td, es, nprocs, perm, res))
        return bcr_err_report_local(r, BCR_ERR_NOMEM, 0, "", "out of memory for the byte counts");
    bcr_err_clear_last();
    return BCR_SUCCESS;
}

int bcr_relabel(bcr_layout_t src, bcr_layout_t dst, char type, int nprocs, int *perm,
                long long *moved_before, long long *moved_after)
{
    bcr_relabel_result res;
    int rc = bcr_relabel_run(src, dst, type, nprocs, perm, &res);
    if (rc == BCR_SUCCESS && moved_before)
        *moved_before = res.before;
    if (rc == BCR_SUCCESS && moved_after)
        *moved_after = res.after;
    return rc;
}

/* Block sizes of one axis, from its bands. */
static bcr_int *sizes_of(const bcr_idx *start, bcr_idx n)
{
    bcr_int *s = malloc((size_t)(n ? n : 1) * sizeof *s);
    for (bcr_idx k = 0; s && k < n; k++)
        s[k] = (bcr_int)(start[k + 1] - start[k]);
    return s;
}

bcr_layout_t bcr_layout_relabel(bcr_layout_t layout, const int *perm, int nprocs)
{
    const char *r = "bcr_layout_relabel";
    char d[160];
    bcr_tiling t;
    if (!layout || tiling_of(layout, &t)) {
        bcr_err_report_local(r, BCR_ERR_ARGUMENT, 1, "layout", layout ? kinds : "layout is NULL");
        return NULL;
    }
    if (!perm) {
        bcr_err_report_local(r, BCR_ERR_ARGUMENT, 2, "perm", "perm is NULL");
        return NULL;
    }
    if (nprocs < ranks_in(layout)) {
        snprintf(d, sizeof d, "nprocs = %d, but the layout names rank %d", nprocs,
                 ranks_in(layout) - 1);
        bcr_err_report_local(r, BCR_ERR_ARGUMENT, 3, "nprocs", d);
        return NULL;
    }
    /* perm must be a permutation of the ranks: two ranks given one
     * process would overlap their parts. */
    char *seen = calloc((size_t)nprocs, 1);
    if (!seen) {
        bcr_err_report_local(r, BCR_ERR_NOMEM, 0, "", "out of memory");
        return NULL;
    }
    for (int k = 0; k < nprocs; k++) {
        if (perm[k] < 0 || perm[k] >= nprocs || seen[perm[k]]) {
            snprintf(d, sizeof d, "perm[%d] = %d: perm must hold each of 0 .. %d once", k,
                     perm[k], nprocs - 1);
            free(seen);
            bcr_err_report_local(r, BCR_ERR_ARGUMENT, 2, "perm", d);
            return NULL;
        }
        seen[perm[k]] = 1;
    }
    free(seen);
    bcr_int *rs = sizes_of(t.rstart, t.nrb), *cs = sizes_of(t.cstart, t.ncb);
    bcr_idx nranks = t.owner ? t.nrb * t.ncb : (bcr_idx)layout->nprow * layout->npcol;
    int *ranks = malloc((size_t)(nranks ? nranks : 1) * sizeof *ranks);
    bcr_int *rp = NULL, *cp = NULL;
    if (!t.owner) {
        rp = malloc((size_t)(t.nrb ? t.nrb : 1) * sizeof *rp);
        cp = malloc((size_t)(t.ncb ? t.ncb : 1) * sizeof *cp);
    }
    bcr_layout_t out = NULL;
    if (!rs || !cs || !ranks || (!t.owner && (!rp || !cp))) {
        bcr_err_report_local(r, BCR_ERR_NOMEM, 0, "", "out of memory");
        goto done;
    }
    const int *old = t.owner ? t.owner : t.grid;
    for (bcr_idx k = 0; k < nranks; k++)
        ranks[k] = perm[old[k]];
    if (t.owner) {
        out = bcr_layout_owners(layout->m, layout->n, t.nrb, rs, t.ncb, cs, ranks, layout->lld);
    } else {
        for (bcr_idx k = 0; k < t.nrb; k++)
            rp[k] = t.rcoord[k];
        for (bcr_idx k = 0; k < t.ncb; k++)
            cp[k] = t.ccoord[k];
        out = bcr_layout_blocks(layout->m, layout->n, t.nrb, rs, rp, t.ncb, cs, cp,
                                layout->nprow, layout->npcol, ranks, layout->lld);
    }
done:
    free(rs);
    free(cs);
    free(ranks);
    free(rp);
    free(cp);
    return out;
}
