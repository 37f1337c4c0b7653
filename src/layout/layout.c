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

/* Hashes start from FNV-1a's offset basis. */
static const uint64_t hash_basis = 1469598103934665603ULL;

static uint64_t hash_int(uint64_t h, long long v) { return bcr_layout_hash(h, &v, sizeof v); }

bcr_layout_s *bcr_layout_new_desc(bcr_int m, bcr_int n, bcr_int ia, bcr_int ja,
                                  const bcr_int desc[9])
{
    bcr_layout_s *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->kind = BCR_LAYOUT_DESCRIPTOR;
    l->m = (int)m;
    l->n = (int)n;
    l->ia = (int)ia;
    l->ja = (int)ja;
    memcpy(l->desc, desc, sizeof l->desc);
    /* The descriptor itself differs outside the grid (CTXT = -1): the plan
     * agrees on its grid by gathering it. */
    uint64_t h = hash_basis;
    h = hash_int(h, l->kind);
    h = hash_int(h, m);
    h = hash_int(h, n);
    h = hash_int(h, ia);
    l->hash = hash_int(h, ja);
    return l;
}

bcr_layout_s *bcr_layout_new_blocks(bcr_int m, bcr_int n, const bcr_layout_split *rows,
                                    const bcr_layout_split *cols, const int *grid_ranks,
                                    bcr_int lld)
{
    size_t np = (size_t)rows->ncoords * (size_t)cols->ncoords;
    bcr_layout_s *l = calloc(1, sizeof *l);
    int *grid = malloc(np * sizeof *grid);
    if (!l || !grid ||
        bcr_layout_dim_make(&l->rows, rows->nblocks, rows->sizes, rows->coord,
                            (int)rows->ncoords) ||
        bcr_layout_dim_make(&l->cols, cols->nblocks, cols->sizes, cols->coord,
                            (int)cols->ncoords)) {
        free(grid);
        bcr_layout_free(l);
        return NULL;
    }
    memcpy(grid, grid_ranks, np * sizeof *grid);
    l->kind = BCR_LAYOUT_BLOCKS;
    l->m = (int)m;
    l->n = (int)n;
    l->nprow = (int)rows->ncoords;
    l->npcol = (int)cols->ncoords;
    l->grid = grid;
    l->lld = lld;
    size_t nrb = (size_t)rows->nblocks, ncb = (size_t)cols->nblocks;
    long long head[5] = {l->kind, m, n, rows->ncoords, cols->ncoords};
    uint64_t h = bcr_layout_hash(hash_basis, head, sizeof head);
    h = bcr_layout_hash(h, l->rows.start, (nrb + 1) * sizeof *l->rows.start);
    h = bcr_layout_hash(h, l->rows.coord, nrb * sizeof *l->rows.coord);
    h = bcr_layout_hash(h, l->cols.start, (ncb + 1) * sizeof *l->cols.start);
    h = bcr_layout_hash(h, l->cols.coord, ncb * sizeof *l->cols.coord);
    l->hash = bcr_layout_hash(h, grid, np * sizeof *grid);
    return l;
}

int bcr_layout_new_linear(bcr_layout_s **out, bcr_int m, bcr_int n, bcr_int a, bcr_int b,
                          bcr_int nprocs, const int *ranks, const char **why)
{
    *out = NULL;
    bcr_layout_s *l = calloc(1, sizeof *l);
    int *lr = malloc((size_t)nprocs * sizeof *lr);
    if (!l || !lr) {
        free(l);
        free(lr);
        return -1;
    }
    if (bcr_linear_init(&l->lin, m, n, a, b, (int)nprocs, why)) {
        free(l);
        free(lr);
        return 1;
    }
    memcpy(lr, ranks, (size_t)nprocs * sizeof *lr);
    l->kind = BCR_LAYOUT_LINEAR;
    l->m = (int)m;
    l->n = (int)n;
    l->lranks = lr;
    long long head[6] = {l->kind, m, n, a, b, nprocs};
    uint64_t h = bcr_layout_hash(hash_basis, head, sizeof head);
    l->hash = bcr_layout_hash(h, lr, (size_t)nprocs * sizeof *lr);
    *out = l;
    return 0;
}

/* A split's block starts: nblocks + 1 of them, from 0. */
static bcr_idx *starts_of(const bcr_layout_split *d)
{
    bcr_idx *v = malloc(((size_t)d->nblocks + 1) * sizeof *v);
    if (v) {
        v[0] = 0;
        for (bcr_int b = 0; b < d->nblocks; b++)
            v[b + 1] = v[b] + d->sizes[b];
    }
    return v;
}

bcr_layout_s *bcr_layout_new_owners(bcr_int m, bcr_int n, const bcr_layout_split *rows,
                                    const bcr_layout_split *cols, const int *owners,
                                    bcr_int lld)
{
    size_t nblocks = (size_t)rows->nblocks * (size_t)cols->nblocks;
    bcr_layout_s *l = calloc(1, sizeof *l);
    if (l) {
        l->orstart = starts_of(rows);
        l->ocstart = starts_of(cols);
        l->oowner = malloc((nblocks ? nblocks : 1) * sizeof *l->oowner);
    }
    if (!l || !l->orstart || !l->ocstart || !l->oowner) {
        bcr_layout_free(l);
        return NULL;
    }
    memcpy(l->oowner, owners, nblocks * sizeof *l->oowner);
    l->kind = BCR_LAYOUT_OWNERS;
    l->m = (int)m;
    l->n = (int)n;
    l->onrb = rows->nblocks;
    l->oncb = cols->nblocks;
    l->lld = lld;
    long long head[5] = {l->kind, m, n, rows->nblocks, cols->nblocks};
    uint64_t h = bcr_layout_hash(hash_basis, head, sizeof head);
    h = bcr_layout_hash(h, l->orstart, ((size_t)rows->nblocks + 1) * sizeof *l->orstart);
    h = bcr_layout_hash(h, l->ocstart, ((size_t)cols->nblocks + 1) * sizeof *l->ocstart);
    l->hash = bcr_layout_hash(h, l->oowner, nblocks * sizeof *l->oowner);
    return l;
}

bcr_layout_s *bcr_layout_new_remap(const bcr_layout_s *base, const bcr_int *rows,
                                   const bcr_int *cols)
{
    bcr_layout_s *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->kind = BCR_LAYOUT_REMAP;
    l->m = base->m;
    l->n = base->n;
    l->base = base;
    l->rmap = rows; /* NULL is checked where this process holds elements */
    l->cmap = cols;
    long long k = l->kind;
    l->hash = bcr_layout_hash(base->hash, &k, sizeof k);
    return l;
}

void bcr_layout_free(bcr_layout_s *l)
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
