#include "plan/gen_bands.h"

#include <stdlib.h>
#include <string.h>

/* Where global index g of side s lies: its coordinate, its local index,
 * and the first global index past its piece (band or block). */
static void piece_at(const bcr_dim_side *s, bcr_idx g, int *coord, bcr_idx *local, bcr_idx *end)
{
    if (s->bands) {
        const bcr_bands *bd = s->bands;
        bcr_idx b = bcr_band_of(bd, g);
        *coord = bd->coord[b];
        *local = bd->local[b] + (g - bd->start[b]);
        *end = bd->start[b + 1];
        return;
    }
    const bcr_axis *ax = &s->axis;
    *coord = bcr_owner(g, ax->nb, ax->src, ax->nprocs);
    *local = bcr_local_index(g, ax->nb, ax->nprocs);
    *end = (g / ax->nb + 1) * ax->nb;
}

typedef struct {
    bcr_run *runs;
    int *bucket;
    bcr_idx n, cap;
} run_buf;

static int add_run(run_buf *rb, bcr_idx k0, bcr_idx len, bcr_idx mine, bcr_idx other, int q)
{
    if (rb->n == rb->cap) {
        bcr_idx cap = rb->cap ? 2 * rb->cap : 64;
        bcr_run *r = realloc(rb->runs, (size_t)cap * sizeof *r);
        if (r)
            rb->runs = r;
        int *b = r ? realloc(rb->bucket, (size_t)cap * sizeof *b) : NULL;
        if (!r || !b)
            return -1;
        rb->bucket = b;
        rb->cap = cap;
    }
    rb->runs[rb->n] = (bcr_run){k0, len, mine, other};
    rb->bucket[rb->n++] = q;
    return 0;
}

/* Global indices [g0, g1) of mine, local from l0 on, cut at other's
 * pieces. */
static int cut_piece(run_buf *rb, bcr_idx g0, bcr_idx g1, bcr_idx l0, const bcr_dim_side *mine,
                     const bcr_dim_side *other)
{
    bcr_idx shift = other->axis.off - mine->axis.off;
    for (bcr_idx g = g0; g < g1;) {
        int q;
        bcr_idx ol, oend;
        piece_at(other, g + shift, &q, &ol, &oend);
        bcr_idx len = oend - (g + shift);
        if (len > g1 - g)
            len = g1 - g;
        if (add_run(rb, g - mine->axis.off, len, l0 + (g - g0), ol, q))
            return -1;
        g += len;
    }
    return 0;
}

/* This process's own pieces of mine inside [lo, hi), in increasing index. */
static int own_pieces(run_buf *rb, bcr_idx lo, bcr_idx hi, const bcr_dim_side *mine, int me,
                      const bcr_dim_side *other)
{
    if (mine->bands) {
        const bcr_bands *bd = mine->bands;
        for (bcr_idx t = bd->first[me]; t < bd->first[me + 1]; t++) {
            bcr_idx b = bd->by_coord[t];
            bcr_idx g0 = bd->start[b] > lo ? bd->start[b] : lo;
            bcr_idx g1 = bd->start[b + 1] < hi ? bd->start[b + 1] : hi;
            if (g0 < g1 && cut_piece(rb, g0, g1, bd->local[b] + (g0 - bd->start[b]), mine, other))
                return -1;
        }
        return 0;
    }
    const bcr_axis *ax = &mine->axis;
    bcr_idx P = ax->nprocs, J = lo / ax->nb;
    /* the first block at or after lo's that coordinate me holds */
    J += ((me - ax->src - J) % P + P) % P;
    for (; J * ax->nb < hi; J += P) {
        bcr_idx g0 = J * ax->nb > lo ? J * ax->nb : lo;
        bcr_idx g1 = (J + 1) * ax->nb < hi ? (J + 1) * ax->nb : hi;
        if (cut_piece(rb, g0, g1, bcr_local_index(g0, ax->nb, ax->nprocs), mine, other))
            return -1;
    }
    return 0;
}

int bcr_runlist_build_bands(bcr_runlist *out, bcr_idx len, const bcr_dim_side *mine, int me,
                            const bcr_dim_side *other)
{
    memset(out, 0, sizeof *out);
    int nb = other->axis.nprocs;
    out->nbuckets = nb;
    out->generator = BCR_GEN_BANDS;
    out->period = len;
    out->reps = len > 0;
    run_buf rb = {NULL, NULL, 0, 0};
    int rc = own_pieces(&rb, mine->axis.off, mine->axis.off + len, mine, me, other);
    out->start = calloc((size_t)nb + 1, sizeof *out->start);
    out->runs = malloc((size_t)(rb.n ? rb.n : 1) * sizeof *out->runs);
    if (rc || !out->start || !out->runs) {
        free(rb.runs);
        free(rb.bucket);
        free(out->start);
        free(out->runs);
        memset(out, 0, sizeof *out);
        return -1;
    }
    /* Bucket by a stable counting sort, then merge within each bucket. */
    bcr_idx *at = out->start;
    for (bcr_idx i = 0; i < rb.n; i++)
        at[rb.bucket[i] + 1]++;
    for (int q = 0; q < nb; q++)
        at[q + 1] += at[q];
    for (bcr_idx i = 0; i < rb.n; i++)
        out->runs[at[rb.bucket[i]]++] = rb.runs[i];
    for (int q = nb; q > 0; q--)
        at[q] = at[q - 1];
    at[0] = 0;
    bcr_idx n = 0;
    for (int q = 0; q < nb; q++) {
        bcr_idx begin = n;
        for (bcr_idx i = at[q]; i < at[q + 1]; i++) {
            bcr_run r = out->runs[i];
            out->total += r.len;
            bcr_run *last = n > begin ? &out->runs[n - 1] : NULL;
            if (last && last->k0 + last->len == r.k0 && last->mine + last->len == r.mine &&
                last->other + last->len == r.other)
                last->len += r.len;
            else
                out->runs[n++] = r;
        }
        at[q] = begin;
    }
    at[nb] = n;
    out->nruns = n;
    out->pstart = out->start;
    out->pruns = out->runs;
    out->npruns = n;
    free(rb.runs);
    free(rb.bucket);
    return 0;
}
