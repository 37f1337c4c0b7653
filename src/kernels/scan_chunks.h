/* A scan's columns (scan.h) cut into chunks that threads walk at once
 * (base/threads.h).  Columns are counted flat: the columns of sc->cols
 * in turn.  A chunk walked alone needs every partner's place in its
 * buffer where the chunk starts: the elements the partner has in the
 * columns before it, which are the same for every walk of the scan (each
 * partner's elements lie column by column), counted here without
 * copying. */
#ifndef BCR_KERNELS_SCAN_CHUNKS_H
#define BCR_KERNELS_SCAN_CHUNKS_H

#include "base/mask.h"
#include "kernels/scan_table.h"

typedef struct {
    int n;         /* chunks */
    int nparts;    /* partners: 1 + the largest partner index of any cell */
    bcr_idx *first; /* chunk k is flat columns [first[k], first[k + 1]) */
    char **at;     /* [k * nparts + p]: partner p's place where chunk k
                      starts (NULL when cur[p] was); k = n: past the end */
} bcr_scan_chunks;

/* The scan's flat columns. */
bcr_idx bcr_scan_flat_columns(const bcr_scan *sc);

/* The bytes a scan of elements of es bytes walks (the mask aside): what
 * decides how many threads it takes. */
size_t bcr_scan_bytes(const bcr_scan *sc, size_t es);

/* Cut the scan into n chunks of about equal columns (n at most its
 * columns), partners' buffers starting at cur.  Returns 0, or -1 when
 * memory is short (ch holds nothing then; the caller walks on one
 * thread). */
int bcr_scan_chunks_make(bcr_scan_chunks *ch, const bcr_scan *sc, const bcr_mask *mk,
                         char *const *cur, size_t es, int n);
void bcr_scan_chunks_free(bcr_scan_chunks *ch);

/* Once every chunk is walked: each partner's place in cur past the
 * scan's elements, as a walk on one thread leaves it. */
void bcr_scan_chunks_end(const bcr_scan_chunks *ch, char **cur);

/* The columns of flat range [f0, f1) in entry ci of sc->cols, whose
 * first flat column is f: [*t0, *t1) of its run (empty when t0 >= t1). */
static inline void bcr_scan_entry_part(const bcr_scan *sc, bcr_idx ci, bcr_idx f, bcr_idx f0,
                                       bcr_idx f1, bcr_idx *t0, bcr_idx *t1)
{
    bcr_idx len = sc->cols[ci].r.len;
    *t0 = f0 > f ? f0 - f : 0;
    *t1 = f1 - f < len ? f1 - f : len;
}

#endif
