#include "layout/layout.h"

#include <stdlib.h>
#include <string.h>

int bcr_layout_dim_make(bcr_layout_dim *d, bcr_idx nblocks, const bcr_int *sizes,
                        const bcr_int *coord_of, int ncoords)
{
    memset(d, 0, sizeof *d);
    size_t nb = (size_t)nblocks;
    d->start = malloc((nb + 1) * sizeof *d->start);
    d->local = malloc((nb ? nb : 1) * sizeof *d->local);
    d->by_coord = malloc((nb ? nb : 1) * sizeof *d->by_coord);
    d->first = calloc((size_t)ncoords + 1, sizeof *d->first);
    d->coord = malloc((nb ? nb : 1) * sizeof *d->coord);
    if (!d->start || !d->local || !d->by_coord || !d->first || !d->coord) {
        bcr_layout_dim_free(d);
        return -1;
    }
    /* first[c + 1] counts coordinate c's blocks, then becomes a prefix sum;
     * local indices run on per coordinate in increasing global order. */
    bcr_idx *next_local = calloc((size_t)ncoords, sizeof *next_local);
    if (!next_local) {
        bcr_layout_dim_free(d);
        return -1;
    }
    d->start[0] = 0;
    for (size_t b = 0; b < nb; b++) {
        int c = (int)coord_of[b];
        d->coord[b] = c;
        d->start[b + 1] = d->start[b] + sizes[b];
        d->local[b] = next_local[c];
        next_local[c] += sizes[b];
        d->first[c + 1]++;
    }
    free(next_local);
    for (int c = 0; c < ncoords; c++)
        d->first[c + 1] += d->first[c];
    bcr_idx *at = calloc((size_t)ncoords, sizeof *at);
    if (!at) {
        bcr_layout_dim_free(d);
        return -1;
    }
    for (size_t b = 0; b < nb; b++) {
        int c = d->coord[b];
        d->by_coord[d->first[c] + at[c]++] = (bcr_idx)b;
    }
    free(at);
    d->bands = (bcr_bands){nblocks, ncoords, d->start, d->coord, d->local, d->by_coord, d->first};
    return 0;
}

void bcr_layout_dim_free(bcr_layout_dim *d)
{
    free(d->start);
    free(d->local);
    free(d->by_coord);
    free(d->first);
    free(d->coord);
    memset(d, 0, sizeof *d);
}

bcr_idx bcr_layout_dim_count(const bcr_layout_dim *d, int c)
{
    bcr_idx n = 0;
    for (bcr_idx t = d->first[c]; t < d->first[c + 1]; t++) {
        bcr_idx b = d->by_coord[t];
        n += d->start[b + 1] - d->start[b];
    }
    return n;
}

uint64_t bcr_layout_hash(uint64_t h, const void *p, size_t n)
{
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) {
        h ^= s[i];
        h *= 1099511628211ULL;
    }
    return h;
}
