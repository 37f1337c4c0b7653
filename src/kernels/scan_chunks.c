#include "kernels/scan_chunks.h"

#include <stdlib.h>

#include "kernels/copy_pieces.h"

bcr_idx bcr_scan_flat_columns(const bcr_scan *sc)
{
    bcr_idx n = 0;
    for (bcr_idx ci = 0; ci < sc->ncols; ci++)
        n += sc->cols[ci].r.len;
    return n;
}

size_t bcr_scan_bytes(const bcr_scan *sc, size_t es)
{
    bcr_idx rows = 0;
    for (int r = 0; r < sc->nrslots; r++)
        rows += bcr_groupspan_elems(sc->spans[sc->rbucket[r]]);
    return (size_t)(rows * bcr_scan_flat_columns(sc)) * es;
}

/* Partner p's elements in one column of submatrix index k (row slot r):
 * the bucket's rows, those the mask keeps. */
static bcr_idx slot_elems(const bcr_scan *sc, int r, const bcr_mask *mk, bcr_idx k,
                          const bcr_idx *whole)
{
    if (!mk->trapezoid)
        return whole[r];
    bcr_run col = {k, 1, 0, 0};
    bcr_runspan cols = {&col, 1};
    return bcr_kernel_count(sc->spans[sc->rbucket[r]], cols, mk);
}

int bcr_scan_chunks_make(bcr_scan_chunks *ch, const bcr_scan *sc, const bcr_mask *mk,
                         char *const *cur, size_t es, int n)
{
    bcr_idx flat = bcr_scan_flat_columns(sc);
    if (n > flat)
        n = (int)flat;
    int np = 0;
    for (bcr_idx ci = 0; ci < sc->ncols; ci++) {
        const int *cells = sc->cell + (size_t)sc->cols[ci].slot * (size_t)sc->nrslots;
        for (int r = 0; r < sc->nrslots; r++)
            if (cells[r] >= np)
                np = cells[r] + 1;
    }
    ch->n = n;
    ch->nparts = np;
    ch->first = malloc((size_t)(n + 1) * sizeof *ch->first);
    ch->at = malloc((size_t)(n + 1) * (size_t)(np > 0 ? np : 1) * sizeof *ch->at);
    bcr_idx *whole = malloc((size_t)(sc->nrslots > 0 ? sc->nrslots : 1) * sizeof *whole);
    bcr_idx *done = calloc((size_t)(np > 0 ? np : 1), sizeof *done);
    if (!ch->first || !ch->at || !whole || !done) {
        free(whole);
        free(done);
        bcr_scan_chunks_free(ch);
        return -1;
    }
    for (int r = 0; r < sc->nrslots; r++)
        whole[r] = bcr_groupspan_elems(sc->spans[sc->rbucket[r]]);
    for (int k = 0; k <= n; k++)
        ch->first[k] = flat * k / n;
    /* One walk over the columns, the elements counted per partner, each
     * chunk's start recorded as it is reached. */
    int k = 0;
    bcr_idx f = 0;
    for (bcr_idx ci = 0; ci <= sc->ncols; ci++) {
        bcr_idx len = ci < sc->ncols ? sc->cols[ci].r.len : 1;
        for (bcr_idx t = 0; t < len; t++, f++) {
            while (k <= n && ch->first[k] == f) {
                for (int p = 0; p < np; p++)
                    ch->at[(size_t)k * (size_t)np + (size_t)p] =
                        cur[p] ? cur[p] + (size_t)done[p] * es : NULL;
                k++;
            }
            if (ci == sc->ncols)
                break;
            const bcr_scan_cols *cr = &sc->cols[ci];
            const int *cells = sc->cell + (size_t)cr->slot * (size_t)sc->nrslots;
            for (int r = 0; r < sc->nrslots; r++)
                if (cells[r] >= 0)
                    done[cells[r]] += slot_elems(sc, r, mk, cr->r.k0 + t, whole);
        }
    }
    free(whole);
    free(done);
    return 0;
}

void bcr_scan_chunks_free(bcr_scan_chunks *ch)
{
    free(ch->first);
    free(ch->at);
    ch->first = NULL;
    ch->at = NULL;
    ch->n = 0;
}

void bcr_scan_chunks_end(const bcr_scan_chunks *ch, char **cur)
{
    for (int p = 0; p < ch->nparts; p++)
        cur[p] = ch->at[(size_t)ch->n * (size_t)ch->nparts + (size_t)p];
}
