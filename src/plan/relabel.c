#include "plan/relabel.h"

#include <stdlib.h>
#include <string.h>

#include "plan/assign.h"

static int tile_rank(const bcr_tiling *t, bcr_idx bi, bcr_idx bj)
{
    if (t->owner)
        return t->owner[bi + bj * t->nrb];
    return t->grid[t->rcoord[bi] * t->npcol + t->ccoord[bj]];
}

/* One axis of both tilings cut where either changes tile: piece k is
 * len[k] indices in src's tile a[k] and dst's tile b[k].  Returns the
 * number of pieces, or -1 (out of memory). */
typedef struct {
    bcr_idx *len, *a, *b;
} axis_pieces;

static bcr_idx cut_axis(const bcr_idx *sa, bcr_idx na, const bcr_idx *sb, bcr_idx nb,
                        axis_pieces *p)
{
    bcr_idx cap = na + nb;
    p->len = malloc((size_t)cap * sizeof *p->len);
    p->a = malloc((size_t)cap * sizeof *p->a);
    p->b = malloc((size_t)cap * sizeof *p->b);
    if (!p->len || !p->a || !p->b)
        return -1;
    bcr_idx i = 0, j = 0, at = 0, g = 0, end = sa[na] < sb[nb] ? sa[na] : sb[nb];
    while (g < end) {
        bcr_idx next = sa[i + 1] < sb[j + 1] ? sa[i + 1] : sb[j + 1];
        p->len[at] = next - g;
        p->a[at] = i;
        p->b[at] = j;
        at++;
        g = next;
        if (sa[i + 1] == g)
            i++;
        if (sb[j + 1] == g)
            j++;
    }
    return at;
}

static void free_pieces(axis_pieces *p)
{
    free(p->len);
    free(p->a);
    free(p->b);
}

/* W's non-zero entries, (s, r) -> bytes, in an open-addressed table that
 * doubles when half full. */
typedef struct {
    bcr_assign_pair *slot; /* weight 0: empty */
    int64_t size, used;
} pair_table;

static uint64_t pair_hash(int s, int r)
{
    uint64_t h = (uint64_t)(uint32_t)s * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uint32_t)r;
    return h * 0xBF58476D1CE4E5B9ull;
}

static int table_add(pair_table *t, int s, int r, int64_t bytes);

static int table_grow(pair_table *t)
{
    pair_table bigger = {calloc((size_t)t->size * 2, sizeof *t->slot), t->size * 2, 0};
    if (!bigger.slot)
        return -1;
    for (int64_t k = 0; k < t->size; k++)
        if (t->slot[k].weight)
            table_add(&bigger, t->slot[k].col, t->slot[k].row, t->slot[k].weight);
    free(t->slot);
    *t = bigger;
    return 0;
}

/* Rows are the destination's ranks and columns the processes (the
 * assignment's orientation), so the entry of (s, r) is (row r, col s). */
static int table_add(pair_table *t, int s, int r, int64_t bytes)
{
    if (2 * (t->used + 1) > t->size && table_grow(t))
        return -1;
    uint64_t k = pair_hash(s, r) & (uint64_t)(t->size - 1);
    while (t->slot[k].weight && !(t->slot[k].row == r && t->slot[k].col == s))
        k = (k + 1) & (uint64_t)(t->size - 1);
    if (!t->slot[k].weight) {
        t->slot[k] = (bcr_assign_pair){0, r, s};
        t->used++;
    }
    t->slot[k].weight += bytes;
    return 0;
}

/* sum over ranks of what perm keeps home: W[perm[r]][r]. */
static int64_t kept_sparse(const pair_table *t, const int *perm)
{
    int64_t kept = 0;
    for (int64_t k = 0; k < t->size; k++)
        if (t->slot[k].weight && perm[t->slot[k].row] == t->slot[k].col)
            kept += t->slot[k].weight;
    return kept;
}

/* What the greedy pass keeps of a whole W, for comparison with the exact
 * solution; -1 when W has more than 64 n non-zero entries (the pairs'
 * list would be large) or memory runs out. */
static int64_t greedy_kept(int n, const int64_t *w)
{
    int64_t np = 0, most = 64 * (int64_t)n;
    for (size_t k = 0; k < (size_t)n * (size_t)n && np <= most; k++)
        np += w[k] > 0;
    bcr_assign_pair *pairs = np <= most ? malloc((size_t)(np ? np : 1) * sizeof *pairs) : NULL;
    int *perm = malloc((size_t)n * sizeof *perm);
    int64_t kept = -1;
    if (pairs && perm) {
        np = 0;
        for (int r = 0; r < n; r++)
            for (int s = 0; s < n; s++)
                if (w[(size_t)r * (size_t)n + (size_t)s] > 0)
                    pairs[np++] = (bcr_assign_pair){w[(size_t)r * (size_t)n + (size_t)s], r, s};
        if (!bcr_assign_greedy(n, pairs, np, perm))
            kept = bcr_assign_value(n, w, perm);
    }
    free(pairs);
    free(perm);
    return kept;
}

static int solve_dense(int n, const int64_t *w, int *perm, int64_t *kept)
{
    if (bcr_assign_exact(n, w, perm))
        return -1;
    *kept = bcr_assign_value(n, w, perm);
    return 0;
}

static int solve_sparse(int n, pair_table *t, int64_t kept_identity, int *perm, int64_t *kept)
{
    bcr_assign_pair *pairs = malloc((size_t)(t->used ? t->used : 1) * sizeof *pairs);
    if (!pairs)
        return -1;
    int64_t np = 0;
    for (int64_t k = 0; k < t->size; k++)
        if (t->slot[k].weight)
            pairs[np++] = t->slot[k];
    int rc = bcr_assign_greedy(n, pairs, np, perm);
    free(pairs);
    if (rc)
        return -1;
    *kept = kept_sparse(t, perm);
    if (*kept < kept_identity) { /* never worse than leaving the ranks alone */
        for (int r = 0; r < n; r++)
            perm[r] = r;
        *kept = kept_identity;
    }
    return 0;
}

int bcr_relabel_tilings(const bcr_tiling *src, const bcr_tiling *dst, size_t es, int nprocs,
                        int *perm, bcr_relabel_result *res)
{
    axis_pieces rows = {0}, cols = {0};
    int dense = nprocs <= BCR_RELABEL_EXACT, rc = -1;
    int64_t *w = NULL;
    pair_table t = {NULL, 0, 0};
    bcr_idx nr = cut_axis(src->rstart, src->nrb, dst->rstart, dst->nrb, &rows);
    bcr_idx nc = nr < 0 ? -1 : cut_axis(src->cstart, src->ncb, dst->cstart, dst->ncb, &cols);
    if (nc < 0)
        goto out;
    if (dense)
        w = calloc((size_t)nprocs * (size_t)nprocs, sizeof *w);
    else
        t = (pair_table){calloc(1024, sizeof *t.slot), 1024, 0};
    if (dense ? !w : !t.slot)
        goto out;
    int64_t total = 0, kept_identity = 0;
    for (bcr_idx j = 0; j < nc; j++)
        for (bcr_idx i = 0; i < nr; i++) {
            int s = tile_rank(src, rows.a[i], cols.a[j]);
            int r = tile_rank(dst, rows.b[i], cols.b[j]);
            int64_t bytes = (int64_t)rows.len[i] * (int64_t)cols.len[j] * (int64_t)es;
            total += bytes;
            if (s == r)
                kept_identity += bytes;
            if (dense)
                w[(size_t)r * (size_t)nprocs + (size_t)s] += bytes;
            else if (table_add(&t, s, r, bytes))
                goto out;
        }
    int64_t kept;
    if (dense ? solve_dense(nprocs, w, perm, &kept)
              : solve_sparse(nprocs, &t, kept_identity, perm, &kept))
        goto out;
    res->before = total - kept_identity;
    res->after = total - kept;
    res->exact = dense;
    int64_t greedy = dense ? greedy_kept(nprocs, w) : -1;
    res->greedy_after = greedy < 0 ? -1 : total - greedy;
    rc = 0;
out:
    free_pieces(&rows);
    free_pieces(&cols);
    free(w);
    free(t.slot);
    return rc;
}
