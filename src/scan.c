#include "scan.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "copy_elems.h"

static int by_k0(const void *x, const void *y)
{
    bcr_idx a = ((const bcr_scan_cols *)x)->r.k0, b = ((const bcr_scan_cols *)y)->r.k0;
    return (a > b) - (a < b);
}

/* Compact index of every nonempty bucket (-1 for empty ones); returns how
 * many there are. */
static int slots_of(const bcr_runlist *rl, int *slot)
{
    int n = 0;
    for (int q = 0; q < rl->nbuckets; q++)
        slot[q] = rl->start[q + 1] > rl->start[q] ? n++ : -1;
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
                   const bcr_rungroup *groups, const bcr_idx *gstart, const int *orow,
                   const int *ocol, int nparts, int self_row, int self_col)
{
    memset(sc, 0, sizeof *sc);
    sc->groups = groups;
    sc->gstart = gstart;
    int *rslot = malloc((size_t)rows->nbuckets * sizeof *rslot);
    int *cslot = malloc((size_t)cols->nbuckets * sizeof *cslot);
    if (!rslot || !cslot)
        goto fail;
    sc->nrslots = slots_of(rows, rslot);
    int ncslots = slots_of(cols, cslot);
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
    memset(sc, 0, sizeof *sc);
}

/* Runs of group g in one column, local side at `local` (element stride
 * lstep between runs), copied to the buffer cursor *cur when `pack`, else
 * from it; *cur ends past them.  One body for both directions so that
 * they cannot disagree on the order; `pack` is a constant at every call,
 * and local is only written when it is 0. */
static inline void group_buffer(char *local, char **cur, const bcr_rungroup *g, bcr_idx lstep,
                                bcr_idx lo, bcr_idx hi, int clip, size_t es, int pack)
{
    char *buf = *cur;
    if (!clip && g->len == 1) {
        if (pack)
            bcr_copy_strided(buf, 1, local, lstep, g->count, es);
        else
            bcr_copy_strided(local, lstep, buf, 1, g->count, es);
        buf += (size_t)g->count * es;
    } else {
        for (bcr_idx c = 0; c < g->count; c++) {
            bcr_idx skip, len = bcr_clip_run(g->k0 + c * g->kstep, g->len, lo, hi, &skip);
            if (len == 0)
                continue;
            char *l = local + (size_t)(c * lstep + skip) * es;
            if (pack)
                bcr_copy_elems(buf, l, len, es);
            else
                bcr_copy_elems(l, buf, len, es);
            buf += (size_t)len * es;
        }
    }
    *cur = buf;
}

/* The part that stays here: a's side of the runs is `other`. */
static inline void group_local(char *bcol, const char *acol, const bcr_rungroup *g, bcr_idx lo,
                               bcr_idx hi, int clip, size_t es)
{
    if (!clip && g->len == 1) {
        bcr_copy_strided(bcol + (size_t)g->mine * es, g->mstep, acol + (size_t)g->other * es,
                         g->ostep, g->count, es);
        return;
    }
    for (bcr_idx c = 0; c < g->count; c++) {
        bcr_idx skip, len = bcr_clip_run(g->k0 + c * g->kstep, g->len, lo, hi, &skip);
        if (len)
            bcr_copy_elems(bcol + (size_t)(g->mine + c * g->mstep + skip) * es,
                           acol + (size_t)(g->other + c * g->ostep + skip) * es, len, es);
    }
}

/* Both directions in one loop nest (pack: local is A, and nothing stays;
 * unpack: local is B, and the part that stays comes from a unless a is
 * NULL), so that the two cannot disagree on the order of the elements. */
static inline void scan_columns(const bcr_scan *sc, char *local, bcr_idx ld, const char *a,
                                bcr_idx lda, size_t es, const bcr_mask *mk, char **cur,
                                int pack)
{
    for (bcr_idx ci = 0; ci < sc->ncols; ci++) {
        const bcr_scan_cols *cr = &sc->cols[ci];
        const int *cells = sc->cell + (size_t)cr->slot * (size_t)sc->nrslots;
        for (bcr_idx t = 0; t < cr->r.len; t++) {
            bcr_idx lo, hi;
            bcr_mask_rows(mk, cr->r.k0 + t, &lo, &hi);
            char *col = local + (size_t)((cr->r.mine + t) * ld) * es;
            const char *acol = a ? a + (size_t)((cr->r.other + t) * lda) * es : NULL;
            for (int r = 0; r < sc->nrslots; r++) {
                int p = cells[r], q = sc->rbucket[r];
                if (p == BCR_SCAN_NONE || (p >= 0 && !cur[p]) || (p == BCR_SCAN_SELF && !acol))
                    continue;
                for (bcr_idx gi = sc->gstart[q]; gi < sc->gstart[q + 1]; gi++) {
                    const bcr_rungroup *g = &sc->groups[gi];
                    if (p == BCR_SCAN_SELF)
                        group_local(col, acol, g, lo, hi, mk->trapezoid, es);
                    else
                        group_buffer(col + (size_t)g->mine * es, &cur[p], g, g->mstep, lo, hi,
                                     mk->trapezoid, es, pack);
                }
            }
        }
    }
}

void bcr_scan_pack(const bcr_scan *sc, const char *a, bcr_idx lda, size_t es,
                   const bcr_mask *mk, char **cur)
{
    /* A is only read: group_buffer writes local only when unpacking. */
    scan_columns(sc, (char *)(uintptr_t)a, lda, NULL, 0, es, mk, cur, 1);
}

void bcr_scan_unpack(const bcr_scan *sc, char *b, bcr_idx ldb, const char *a, bcr_idx lda,
                     size_t es, const bcr_mask *mk, const char **cur)
{
    /* The buffers are only read: group_buffer reads them when unpacking. */
    scan_columns(sc, b, ldb, a, lda, es, mk, (char **)(uintptr_t)cur, 0);
}
