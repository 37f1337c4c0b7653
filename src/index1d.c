#include "index1d.h"

#include <stdlib.h>

int bcr_owner(bcr_idx g, bcr_idx nb, int src, int nprocs)
{
    return (int)((src + g / nb) % nprocs);
}

bcr_idx bcr_local_index(bcr_idx g, bcr_idx nb, int nprocs)
{
    return (g / (nb * nprocs)) * nb + g % nb;
}

bcr_idx bcr_global_index(bcr_idx l, bcr_idx nb, int p, int src, int nprocs)
{
    int d = (p - src + nprocs) % nprocs;
    return ((l / nb) * nprocs + d) * nb + l % nb;
}

bcr_idx bcr_local_count(bcr_idx n, bcr_idx nb, int p, int src, int nprocs)
{
    int d = (p - src + nprocs) % nprocs;
    bcr_idx blocks = n / nb;
    bcr_idx count = (blocks / nprocs) * nb;
    bcr_idx rem = blocks % nprocs;
    if (d < rem)
        count += nb;
    else if (d == rem)
        count += n % nb;
    return count;
}

bcr_idx bcr_axis_local_count(const bcr_axis *ax, bcr_idx len, int p)
{
    return bcr_local_count(ax->off + len, ax->nb, p, ax->src, ax->nprocs) -
           bcr_local_count(ax->off, ax->nb, p, ax->src, ax->nprocs);
}

typedef struct {
    bcr_run run;
    int bucket;
} piece;

static int push_piece(piece **v, bcr_idx *n, bcr_idx *cap, piece p)
{
    if (*n == *cap) {
        bcr_idx ncap = *cap ? 2 * *cap : 64;
        piece *nv = realloc(*v, (size_t)ncap * sizeof *nv);
        if (!nv)
            return -1;
        *v = nv;
        *cap = ncap;
    }
    (*v)[(*n)++] = p;
    return 0;
}

/* Cut the blocks `me` holds in [mine->off, mine->off + len) at the block
 * boundaries of `other`: each piece then lies in one block on both sides. */
static int collect_pieces(piece **out, bcr_idx *npieces, bcr_idx len,
                          const bcr_axis *mine, int me, const bcr_axis *other)
{
    bcr_idx cap = 0, n = 0;
    piece *v = NULL;
    bcr_idx nb = mine->nb, P = mine->nprocs;
    bcr_idx lo = mine->off, hi = mine->off + len;
    bcr_idx d = (me - mine->src + P) % P;
    bcr_idx b = lo / nb;
    b += ((d - b % P) % P + P) % P; /* first block >= lo/nb held by me */
    for (; b * nb < hi; b += P) {
        bcr_idx g = b * nb > lo ? b * nb : lo;
        bcr_idx gend = (b + 1) * nb < hi ? (b + 1) * nb : hi;
        while (g < gend) {
            bcr_idx k = g - lo;
            bcr_idx go = other->off + k;
            bcr_idx obound = (go / other->nb + 1) * other->nb;
            bcr_idx plen = gend - g;
            if (go + plen > obound)
                plen = obound - go;
            piece p;
            p.run.k0 = k;
            p.run.len = plen;
            p.run.mine = bcr_local_index(g, nb, (int)P);
            p.run.other = bcr_local_index(go, other->nb, other->nprocs);
            p.bucket = bcr_owner(go, other->nb, other->src, other->nprocs);
            if (push_piece(&v, &n, &cap, p)) {
                free(v);
                return -1;
            }
            g += plen;
        }
    }
    *out = v;
    *npieces = n;
    return 0;
}

int bcr_runlist_build(bcr_runlist *out, bcr_idx len, const bcr_axis *mine,
                      int me, const bcr_axis *other)
{
    piece *pieces = NULL;
    bcr_idx np = 0;
    out->nbuckets = other->nprocs;
    out->start = calloc((size_t)other->nprocs + 1, sizeof *out->start);
    out->runs = NULL;
    out->nruns = 0;
    out->total = 0;
    if (!out->start || collect_pieces(&pieces, &np, len, mine, me, other)) {
        free(out->start);
        out->start = NULL;
        return -1;
    }
    out->runs = malloc((size_t)(np ? np : 1) * sizeof *out->runs);
    bcr_idx *fill = calloc((size_t)other->nprocs, sizeof *fill);
    if (!out->runs || !fill) {
        free(pieces);
        free(fill);
        bcr_runlist_free(out);
        return -1;
    }
    for (bcr_idx i = 0; i < np; i++)
        out->start[pieces[i].bucket + 1]++;
    for (int q = 0; q < other->nprocs; q++)
        out->start[q + 1] += out->start[q];
    /* Stable scatter keeps increasing k inside each bucket; merging then
     * happens in place, bucket by bucket, and start[] is recomputed. */
    for (bcr_idx i = 0; i < np; i++) {
        int q = pieces[i].bucket;
        out->runs[out->start[q] + fill[q]++] = pieces[i].run;
    }
    free(pieces);
    bcr_idx w = 0;
    for (int q = 0; q < other->nprocs; q++) {
        bcr_idx r = out->start[q], rend = out->start[q + 1];
        out->start[q] = w;
        for (; r < rend; r++) {
            bcr_run cur = out->runs[r];
            out->total += cur.len;
            if (w > out->start[q]) {
                bcr_run *prev = &out->runs[w - 1];
                if (prev->k0 + prev->len == cur.k0 &&
                    prev->mine + prev->len == cur.mine &&
                    prev->other + prev->len == cur.other) {
                    prev->len += cur.len;
                    continue;
                }
            }
            out->runs[w++] = cur;
        }
    }
    out->start[other->nprocs] = w;
    out->nruns = w;
    free(fill);
    return 0;
}

void bcr_runlist_free(bcr_runlist *rl)
{
    free(rl->start);
    free(rl->runs);
    rl->start = NULL;
    rl->runs = NULL;
    rl->nruns = 0;
}

bcr_idx bcr_runlist_bucket_total(const bcr_runlist *rl, int q)
{
    bcr_idx t = 0;
    for (bcr_idx r = rl->start[q]; r < rl->start[q + 1]; r++)
        t += rl->runs[r].len;
    return t;
}
