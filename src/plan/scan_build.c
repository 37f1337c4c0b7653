#include "plan/scan_build.h"

#include <stdlib.h>
#include <string.h>

#include "plan/row_order_build.h"

static int by_k0(const void *x, const void *y)
{
    bcr_idx a = ((const bcr_scan_cols *)x)->r.k0, b = ((const bcr_scan_cols *)y)->r.k0;
    return (a > b) - (a < b);
}

/* Compact index of every nonempty bucket (-1 for empty ones); returns how
 * many there are. */
static int slots_of(const bcr_idx *start, int nbuckets, int *slot)
{
    int n = 0;
    for (int q = 0; q < nbuckets; q++)
        slot[q] = start[q + 1] > start[q] ? n++ : -1;
    return n;
}

static int row_slots_of(const bcr_groupspan *spans, int nbuckets, int *slot)
{
    int n = 0;
    for (int q = 0; q < nbuckets; q++)
        slot[q] = spans[q].n > 0 ? n++ : -1;
    return n;
}

/* The column runs of every bucket tagged with its slot, in increasing k. */
static bcr_scan_cols *merged(const bcr_runlist *rl, const int *slot)
{
    bcr_scan_cols *t = malloc((size_t)(rl->nruns ? rl->nruns : 1) * sizeof *t);
    if (!t)
        return NULL;
    for (int q = 0; q < rl->nbuckets; q++)
        for (bcr_idx i = rl->start[q]; i < rl->start[q + 1]; i++)
            t[i] = (bcr_scan_cols){rl->runs[i], slot[q]};
    qsort(t, (size_t)rl->nruns, sizeof *t, by_k0);
    return t;
}

int bcr_scan_build(bcr_scan *sc, const bcr_runlist *rows, const bcr_runlist *cols,
                   const bcr_groupspan *spans, const int *orow, const int *ocol, int nparts,
                   int self_row, int self_col)
{
    memset(sc, 0, sizeof *sc);
    sc->spans = spans;
    int *rslot = malloc((size_t)rows->nbuckets * sizeof *rslot);
    int *cslot = malloc((size_t)cols->nbuckets * sizeof *cslot);
    if (!rslot || !cslot)
        goto fail;
    /* Rows come as groups only (runlist_groups.h). */
    sc->nrslots = row_slots_of(spans, rows->nbuckets, rslot);
    int ncslots = slots_of(cols->start, cols->nbuckets, cslot);
    size_t ncells = (size_t)sc->nrslots * (size_t)ncslots;
    sc->cols = merged(cols, cslot);
    sc->ncols = cols->nruns;
    sc->rbucket = malloc((size_t)(sc->nrslots ? sc->nrslots : 1) * sizeof *sc->rbucket);
    sc->cell = malloc((ncells ? ncells : 1) * sizeof *sc->cell);
    if (!sc->cols || !sc->rbucket || !sc->cell)
        goto fail;
    for (int q = 0; q < rows->nbuckets; q++)
        if (rslot[q] >= 0)
            sc->rbucket[rslot[q]] = q;
    for (size_t i = 0; i < ncells; i++)
        sc->cell[i] = BCR_SCAN_NONE;
    for (int k = 0; k < nparts; k++)
        sc->cell[(size_t)cslot[ocol[k]] * (size_t)sc->nrslots + (size_t)rslot[orow[k]]] = k;
    sc->self_rslot = self_row >= 0 ? rslot[self_row] : -1;
    if (self_row >= 0)
        sc->cell[(size_t)cslot[self_col] * (size_t)sc->nrslots + (size_t)rslot[self_row]] =
            BCR_SCAN_SELF;
    free(rslot);
    free(cslot);
    return 0;
fail:
    free(rslot);
    free(cslot);
    bcr_scan_free(sc);
    return -1;
}

void bcr_scan_free(bcr_scan *sc)
{
    free(sc->cols);
    free(sc->rbucket);
    free(sc->cell);
    bcr_row_order_free(&sc->order);
    memset(sc, 0, sizeof *sc);
}

int bcr_scan_self_fusable(const bcr_scan *recv)
{
    int found = 0;
    for (bcr_idx ci = 0; ci < recv->ncols; ci++) {
        const int *cells = recv->cell + (size_t)recv->cols[ci].slot * (size_t)recv->nrslots;
        int self = 0, other = 0;
        for (int r = 0; r < recv->nrslots; r++) {
            self |= cells[r] == BCR_SCAN_SELF;
            other |= cells[r] >= 0;
        }
        if (self && other)
            return 0;
        found |= self;
    }
    return found;
}

int bcr_scan_order_rows(bcr_scan *sc, int walk, int clipped)
{
    bcr_idx columns = 0;
    for (bcr_idx i = 0; i < sc->ncols; i++)
        columns += sc->cols[i].r.len;
    return bcr_row_order_build(&sc->order, sc->nrslots, sc->rbucket, sc->spans, columns,
                               walk != BCR_ORDER_PACK ? sc->self_rslot : -1,
                               walk == BCR_ORDER_UNPACK, clipped);
}

