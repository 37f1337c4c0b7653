#include "plan/elements.h"

#include <stdlib.h>
#include <string.h>

int bcr_eside_linear(bcr_eside *s, const bcr_linear *lin, const int *ranks, int rank)
{
    int P = lin->nprocs;
    s->lin = lin;
    s->ranks = ranks;
    s->me = -1;
    for (int k = 0; k < P; k++)
        if (ranks[k] == rank)
            s->me = k;
    s->first = malloc(((size_t)P + 1) * sizeof *s->first);
    if (!s->first)
        return -1;
    s->first[0] = 0;
    for (int k = 0; k < P; k++)
        s->first[k + 1] = s->first[k] + bcr_linear_proc_lines(lin, k) + 1;
    s->bounds = malloc((size_t)s->first[P] * sizeof *s->bounds);
    if (!s->bounds) {
        free(s->first);
        s->first = NULL;
        return -1;
    }
    for (int k = 0; k < P; k++)
        bcr_linear_bounds(lin, k, s->bounds + s->first[k]);
    return 0;
}

void bcr_eside_free(bcr_eside *s)
{
    free(s->bounds);
    free(s->first);
    free(s->own_lr);
    free(s->own_lc);
    s->bounds = s->first = s->own_lr = s->own_lc = NULL;
}

/* Coordinate and local index of submatrix index g along a side's rows or
 * columns. */
static void axis_at(const bcr_side *s, int rows, bcr_idx g, int *coord, bcr_idx *local)
{
    const bcr_bands *bd = rows ? s->rbands : s->cbands;
    if (bd) {
        bcr_idx b = bcr_band_of(bd, g);
        *coord = bd->coord[b];
        *local = bd->local[b] + (g - bd->start[b]);
        return;
    }
    bcr_idx G = g + (rows ? s->i : s->j), nb = rows ? s->MB : s->NB;
    int P = rows ? s->P : s->Q;
    *coord = bcr_owner(G, nb, rows ? s->RSRC : s->CSRC, P);
    *local = bcr_local_index(G, nb, P);
}

/* Where element (gi, gj) lives: its owner's rank, and its place in the
 * owner's storage order (an increasing key, not an offset: a side's
 * offsets need the owner's leading dimension). */
void bcr_eside_locate(const bcr_eside *s, bcr_idx gi, bcr_idx gj, int *rank, bcr_idx *key)
{
    if (s->own) {
        /* A process's rows and columns keep their global order, so the
         * global column-major index orders its storage. */
        const bcr_owner_blocks *o = s->own;
        *rank = o->owner[bcr_last_at_or_below(o->rstart, o->nrb, gi) + bcr_last_at_or_below(o->cstart, o->ncb, gj) * o->nrb];
        *key = gj * (bcr_idx)s->m + gi;
        return;
    }
    if (s->lin) {
        int k;
        bcr_idx line, pos;
        bcr_linear_locate(s->lin, gi, gj, &k, &line, &pos);
        *rank = s->ranks[k];
        *key = s->bounds[s->first[k] + line] + pos;
        return;
    }
    int r, c;
    bcr_idx lr, lc;
    axis_at(s->side, 1, gi, &r, &lr);
    axis_at(s->side, 0, gj, &c, &lc);
    *rank = s->side->map[r * s->side->Q + c];
    *key = lc * ((bcr_idx)s->side->M + 1) + lr;
}

typedef struct {
    bcr_idx g, l; /* submatrix index, local index */
} own_index;

/* This process's rows (or columns) of side s inside the submatrix's len,
 * in local order.  Returns the count, or -1 (out of memory). */
static bcr_idx axis_own(const bcr_side *s, int rows, bcr_idx len, own_index **out)
{
    const bcr_bands *bd = rows ? s->rbands : s->cbands;
    int me = rows ? s->myrow : s->mycol;
    bcr_idx n = 0, cap = 64;
    own_index *v = malloc((size_t)cap * sizeof *v);
    if (!v)
        return -1;
#define BCR_OWN_PUSH(G, L)                                                     \
    do {                                                                       \
        if (n == cap) {                                                        \
            own_index *w = realloc(v, (size_t)(cap *= 2) * sizeof *v);         \
            if (!w) {                                                          \
                free(v);                                                       \
                return -1;                                                     \
            }                                                                  \
            v = w;                                                             \
        }                                                                      \
        v[n++] = (own_index){(G), (L)};                                        \
    } while (0)
    if (bd) {
        for (bcr_idx t = bd->first[me]; t < bd->first[me + 1]; t++) {
            bcr_idx b = bd->by_coord[t];
            for (bcr_idx g = bd->start[b]; g < bd->start[b + 1] && g < len; g++)
                BCR_OWN_PUSH(g, bd->local[b] + (g - bd->start[b]));
        }
    } else {
        bcr_idx off = rows ? s->i : s->j, nb = rows ? s->MB : s->NB;
        int P = rows ? s->P : s->Q, src = rows ? s->RSRC : s->CSRC;
        bcr_idx J = off / nb;
        J += ((me - src - J) % P + P) % P;
        for (; J * nb < off + len; J += P)
            for (bcr_idx G = J * nb > off ? J * nb : off; G < (J + 1) * nb && G < off + len; G++)
                BCR_OWN_PUSH(G - off, bcr_local_index(G, nb, P));
    }
#undef BCR_OWN_PUSH
    *out = v;
    return n;
}

/* Local starts of the row (or column) blocks in which rank me holds a
 * block, -1 for the others; returns the local count, or -1 (out of
 * memory).  Scans the owners once: the layout's own description. */
static bcr_idx owner_starts(const bcr_owner_blocks *o, int me, int rows, bcr_idx **out)
{
    bcr_idx nb = rows ? o->nrb : o->ncb, other = rows ? o->ncb : o->nrb, at = 0;
    const bcr_idx *start = rows ? o->rstart : o->cstart;
    bcr_idx *v = malloc((size_t)(nb ? nb : 1) * sizeof *v);
    if (!v)
        return -1;
    for (bcr_idx b = 0; b < nb; b++) {
        int held = 0;
        for (bcr_idx t = 0; t < other && !held; t++)
            held = o->owner[rows ? b + t * o->nrb : t + b * o->nrb] == me;
        v[b] = held ? at : -1;
        at += held ? start[b + 1] - start[b] : 0;
    }
    *out = v;
    return at;
}

static int own_blocks_elements(const bcr_eside *s, bcr_elem_fn f, void *ctx)
{
    const bcr_owner_blocks *o = s->own;
    bcr_idx *lr = NULL, *lc = NULL;
    if (owner_starts(o, s->me, 1, &lr) < 0 || owner_starts(o, s->me, 0, &lc) < 0) {
        free(lr);
        return -1;
    }
    for (bcr_idx bj = 0; bj < o->ncb; bj++)
        for (bcr_idx gj = o->cstart[bj]; lc[bj] >= 0 && gj < o->cstart[bj + 1]; gj++)
            for (bcr_idx bi = 0; bi < o->nrb; bi++)
                if (o->owner[bi + bj * o->nrb] == s->me)
                    for (bcr_idx gi = o->rstart[bi]; gi < o->rstart[bi + 1]; gi++)
                        f(ctx, gi, gj,
                          lr[bi] + (gi - o->rstart[bi]) + (lc[bj] + gj - o->cstart[bj]) * o->lld);
    free(lr);
    free(lc);
    return 0;
}

int bcr_eside_each(const bcr_eside *s, bcr_elem_fn f, void *ctx)
{
    if (s->own)
        return own_blocks_elements(s, f, ctx);
    if (s->lin) {
        if (s->me < 0)
            return 0;
        bcr_linear_walk w;
        bcr_linear_segment seg;
        bcr_idx off = 0;
        bcr_linear_walk_begin(s->lin, s->me, &w);
        while (bcr_linear_walk_next(&w, &seg))
            for (bcr_idx t = 0; t < seg.len; t++)
                f(ctx, seg.i0 + t * seg.di, seg.j0 + t * seg.dj, off++);
        return 0;
    }
    if (!s->side->in)
        return 0;
    own_index *r = NULL, *c = NULL;
    bcr_idx nr = axis_own(s->side, 1, s->m, &r), nc = nr < 0 ? -1 : axis_own(s->side, 0, s->n, &c);
    if (nr < 0 || nc < 0) {
        free(r);
        return -1;
    }
    bcr_idx lld = s->side->lld;
    for (bcr_idx y = 0; y < nc; y++)
        for (bcr_idx x = 0; x < nr; x++)
            f(ctx, r[x].g, c[y].g, r[x].l + c[y].l * lld);
    free(r);
    free(c);
    return 0;
}

int bcr_eside_prepare(bcr_eside *s)
{
    if (!s->own)
        return 0;
    if (owner_starts(s->own, s->me, 1, &s->own_lr) < 0 ||
        owner_starts(s->own, s->me, 0, &s->own_lc) < 0)
        return -1;
    return 0;
}

bcr_idx bcr_eside_offset(const bcr_eside *s, bcr_idx gi, bcr_idx gj)
{
    if (s->lin) {
        int k;
        bcr_idx line, pos;
        bcr_linear_locate(s->lin, gi, gj, &k, &line, &pos);
        return s->bounds[s->first[s->me] + line] + pos;
    }
    if (s->own) {
        const bcr_owner_blocks *o = s->own;
        bcr_idx bi = bcr_last_at_or_below(o->rstart, o->nrb, gi), bj = bcr_last_at_or_below(o->cstart, o->ncb, gj);
        return s->own_lr[bi] + (gi - o->rstart[bi]) + (s->own_lc[bj] + gj - o->cstart[bj]) * o->lld;
    }
    int r, c;
    bcr_idx lr, lc;
    axis_at(s->side, 1, gi, &r, &lr);
    axis_at(s->side, 0, gj, &c, &lc);
    return lr + lc * s->side->lld;
}

bcr_idx bcr_owner_blocks_held(const bcr_owner_blocks *o, int rank)
{
    bcr_idx n = 0;
    for (bcr_idx bj = 0; bj < o->ncb; bj++)
        for (bcr_idx bi = 0; bi < o->nrb; bi++)
            if (o->owner[bi + bj * o->nrb] == rank)
                n += (o->rstart[bi + 1] - o->rstart[bi]) * (o->cstart[bj + 1] - o->cstart[bj]);
    return n;
}

bcr_idx bcr_owner_blocks_rows(const bcr_owner_blocks *o, int rank)
{
    bcr_idx *v = NULL, n = owner_starts(o, rank, 1, &v);
    free(v);
    return n;
}

bcr_idx bcr_eside_held(const bcr_eside *s)
{
    if (s->own)
        return bcr_owner_blocks_held(s->own, s->me);
    if (s->lin)
        return s->me < 0 ? 0 : s->bounds[s->first[s->me + 1] - 1];
    if (!s->side->in)
        return 0;
    own_index *v = NULL;
    bcr_idx nr = axis_own(s->side, 1, s->m, &v);
    free(v);
    bcr_idx nc = axis_own(s->side, 0, s->n, &v);
    free(v);
    return nr < 0 || nc < 0 ? 0 : nr * nc;
}

/* ---- building ---- */

typedef struct {
    const bcr_eside *other;
    int counting;
    bcr_idx *count; /* per rank */
    bcr_idx *at;    /* per rank: next slot */
    bcr_idx *offs;  /* send: offsets; recv: (key, offset) pairs */
    int recv;
} lists;

static void collect(void *ctx, bcr_idx gi, bcr_idx gj, bcr_idx off)
{
    lists *L = ctx;
    int rank;
    bcr_idx key;
    bcr_eside_locate(L->other, gi, gj, &rank, &key);
    if (L->counting) {
        L->count[rank]++;
        return;
    }
    bcr_idx k = L->at[rank]++;
    if (L->recv) {
        L->offs[2 * k] = key;
        L->offs[2 * k + 1] = off;
    } else {
        L->offs[k] = off;
    }
}

static int by_key(const void *x, const void *y)
{
    bcr_idx a = *(const bcr_idx *)x, b = *(const bcr_idx *)y;
    return (a > b) - (a < b);
}

/* offs[0 .. n) (every `stride`-th value) as strided runs into out (NULL:
 * count them); returns the number of runs. */
static bcr_idx compress(const bcr_idx *offs, bcr_idx n, int stride, bcr_srun *out)
{
    bcr_idx runs = 0;
    for (bcr_idx i = 0; i < n;) {
        bcr_srun r = {offs[i * stride], 1, 1};
        if (i + 1 < n) {
            r.step = offs[(i + 1) * stride] - r.start;
            r.len = 2;
            while (i + r.len < n && offs[(i + r.len) * stride] == r.start + r.len * r.step)
                r.len++;
        }
        if (out)
            out[runs] = r;
        runs++;
        i += r.len;
    }
    return runs;
}

static int part_make(bcr_epart *p, int rank, const bcr_idx *offs, bcr_idx n, int stride)
{
    p->rank = rank;
    p->count = n;
    p->nruns = compress(offs, n, stride, NULL);
    p->runs = malloc((size_t)(p->nruns ? p->nruns : 1) * sizeof *p->runs);
    if (!p->runs)
        return -1;
    compress(offs, n, stride, p->runs);
    return 0;
}

int bcr_eparts_make(bcr_idx *const *offs, const bcr_idx *n, int stride, int rank, int nranks,
                    bcr_epart **parts, int *nparts, bcr_epart *self, bcr_idx *total)
{
    int np = 0;
    for (int r = 0; r < nranks; r++)
        np += r != rank && n[r] > 0;
    *parts = calloc((size_t)(np ? np : 1), sizeof **parts);
    if (!*parts)
        return -1;
    *nparts = 0;
    *total = 0;
    /* In rank order from this one on, so that partners start apart. */
    for (int t = 0; t < nranks; t++) {
        int r = (rank + t) % nranks;
        if (!n[r])
            continue;
        bcr_epart *p = r == rank ? self : &(*parts)[(*nparts)++];
        if (part_make(p, r, offs[r], n[r], stride))
            return -1;
        if (r != rank) {
            p->offset = *total;
            *total += n[r];
        }
    }
    return 0;
}

/* One direction: this process's elements on `mine`, sorted out by their
 * rank on `other`. */
static int build_half(const bcr_eside *mine, const bcr_eside *other, int recv, int rank,
                      int nranks, bcr_epart **parts, int *nparts, bcr_epart *self,
                      bcr_idx *total)
{
    int width = recv ? 2 : 1;
    lists L = {other, 1, calloc((size_t)nranks, sizeof(bcr_idx)),
               calloc((size_t)nranks + 1, sizeof(bcr_idx)), NULL, recv};
    bcr_idx **from = calloc((size_t)nranks, sizeof *from);
    int rc = -1;
    if (!L.count || !L.at || !from || bcr_eside_each(mine, collect, &L))
        goto out;
    bcr_idx n = 0;
    for (int r = 0; r < nranks; r++) {
        L.at[r] = n;
        n += L.count[r];
    }
    L.offs = malloc((size_t)(n ? n : 1) * (size_t)width * sizeof *L.offs);
    if (!L.offs)
        goto out;
    L.counting = 0;
    if (bcr_eside_each(mine, collect, &L))
        goto out;
    for (int r = 0; r < nranks; r++) {
        bcr_idx *o = L.offs + (L.at[r] - L.count[r]) * width;
        if (recv) /* in the sender's storage order */
            qsort(o, (size_t)L.count[r], 2 * sizeof *o, by_key);
        from[r] = o + (recv ? 1 : 0);
    }
    rc = bcr_eparts_make(from, L.count, width, rank, nranks, parts, nparts, self, total);
out:
    free(from);
    free(L.count);
    free(L.at);
    free(L.offs);
    return rc;
}

int bcr_eplan_build(bcr_eplan *pl, const bcr_eside *src, const bcr_eside *dst, int rank,
                    int nranks)
{
    memset(pl, 0, sizeof *pl);
    if (build_half(src, dst, 0, rank, nranks, &pl->send, &pl->nsend, &pl->self_send,
                   &pl->send_total) ||
        build_half(dst, src, 1, rank, nranks, &pl->recv, &pl->nrecv, &pl->self_recv,
                   &pl->recv_total)) {
        bcr_eplan_free(pl);
        return -1;
    }
    return 0;
}

void bcr_eplan_free(bcr_eplan *pl)
{
    for (int k = 0; pl->send && k < pl->nsend; k++)
        free(pl->send[k].runs);
    for (int k = 0; pl->recv && k < pl->nrecv; k++)
        free(pl->recv[k].runs);
    free(pl->send);
    free(pl->recv);
    free(pl->self_send.runs);
    free(pl->self_recv.runs);
    memset(pl, 0, sizeof *pl);
}
