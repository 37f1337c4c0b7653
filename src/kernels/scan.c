#include "kernels/scan.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/threads.h"
#include "kernels/copy_elems.h"
#include "kernels/scan_chunks.h"
#include "kernels/stream_copy.h"
#include "kernels/zip.h"

/* A run written plainly, or with streaming stores when nt. */
static inline void put_run(char *dst, const char *src, bcr_idx len, size_t es, int nt)
{
    if (nt)
        bcr_stream_copy(dst, src, (size_t)len * es);
    else
        bcr_copy_elems(dst, src, len, es);
}

/* Runs of group g in one column, local side at `local` (element stride
 * lstep between runs), copied to the buffer cursor *cur when `pack`, else
 * from it; *cur ends past them.  One body for both directions so that
 * they cannot disagree on the order; `pack` is a constant at every call,
 * and local is only written when it is 0. */
static inline void group_buffer(char *local, char **cur, const bcr_rungroup *g, bcr_idx lstep,
                                bcr_idx lo, bcr_idx hi, int clip, size_t es, int pack, int nt)
{
    char *buf = *cur;
    if (!clip && g->len == 1) {
        if (pack && nt)
            bcr_stream_strided(buf, local, lstep, g->count, es);
        else if (pack)
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
                put_run(buf, l, len, es, nt);
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

/* The part that stays in one column of A, copied to its column of B (a
 * send half's scan: runs' mine are A's rows, other B's). */
static inline void self_column(const bcr_scan *sc, const int *cells, const char *acol,
                               bcr_idx bcol_index, size_t es, const bcr_scan_self *self)
{
    char *bcol = self->b + (size_t)(bcol_index * self->ldb) * es;
    for (int r = 0; r < sc->nrslots; r++) {
        if (cells[r] != BCR_SCAN_SELF)
            continue;
        bcr_group_iter it = bcr_groups_begin(&sc->spans[sc->rbucket[r]]);
        bcr_rungroup g;
        while (bcr_groups_next(&it, &g))
            for (bcr_idx c = 0; c < g.count; c++)
                put_run(bcol + (size_t)(g.other + c * g.ostep) * es,
                        acol + (size_t)(g.mine + c * g.mstep) * es, g.len, es, self->nt);
    }
}

/* What a scan in the plan's order walks: the local array (leading
 * dimension ld), a with the part that stays (NULL: none), the partners'
 * buffers' places (cur) and, for a pack, where the part that stays is
 * copied (self; NULL: nowhere). */
typedef struct {
    char *local;
    bcr_idx ld;
    const char *a;
    bcr_idx lda;
    char **cur;
    const bcr_scan_self *self;
    bcr_idx f0, f1; /* the flat columns walked (scan_chunks.h) */
} scan_walk;

/* Both directions in one loop nest (pack: local is A, and nothing stays;
 * unpack: local is B, and the part that stays comes from a unless a is
 * NULL), so that the two cannot disagree on the order of the elements. */
static inline void scan_columns(const bcr_scan *sc, const scan_walk *w, size_t es,
                                const bcr_mask *mk, int pack, int nt)
{
    char *local = w->local, **cur = w->cur;
    const char *a = w->a;
    bcr_idx ld = w->ld, lda = w->lda;
    const bcr_scan_self *self = w->self;
    bcr_idx f = 0;
    for (bcr_idx ci = 0; ci < sc->ncols && f < w->f1; f += sc->cols[ci].r.len, ci++) {
        const bcr_scan_cols *cr = &sc->cols[ci];
        const int *cells = sc->cell + (size_t)cr->slot * (size_t)sc->nrslots;
        bcr_idx t0, t1;
        bcr_scan_entry_part(sc, ci, f, w->f0, w->f1, &t0, &t1);
        for (bcr_idx t = t0; t < t1; t++) {
            bcr_idx lo, hi;
            bcr_mask_rows(mk, cr->r.k0 + t, &lo, &hi);
            char *col = local + (size_t)((cr->r.mine + t) * ld) * es;
            const char *acol = a ? a + (size_t)((cr->r.other + t) * lda) * es : NULL;
            for (int r = 0; r < sc->nrslots; r++) {
                int p = cells[r];
                if (p == BCR_SCAN_NONE || (p >= 0 && !cur[p]) || (p == BCR_SCAN_SELF && !acol))
                    continue;
                bcr_group_iter it = bcr_groups_begin(&sc->spans[sc->rbucket[r]]);
                bcr_rungroup group;
                while (bcr_groups_next(&it, &group)) {
                    const bcr_rungroup *g = &group;
                    if (p == BCR_SCAN_SELF)
                        group_local(col, acol, g, lo, hi, mk->trapezoid, es);
                    else
                        group_buffer(col + (size_t)g->mine * es, &cur[p], g, g->mstep, lo, hi,
                                     mk->trapezoid, es, pack, nt);
                }
            }
            if (pack && self)
                self_column(sc, cells, col, cr->r.other + t, es, self);
        }
    }
}

/* Whether a column's cells hold the part that stays here. */
static int holds_self(const int *cells, int nrslots)
{
    for (int r = 0; r < nrslots; r++)
        if (cells[r] == BCR_SCAN_SELF)
            return 1;
    return 0;
}

/* Whether every cell of every column is a partner whose part is at hand,
 * or the part that stays here with a given; without a, columns holding
 * that part are left alone, and must hold nothing else. */
static int all_at_hand(const bcr_scan *sc, const char *a, const char *const *cur)
{
    for (bcr_idx ci = 0; ci < sc->ncols; ci++) {
        const int *cells = sc->cell + (size_t)sc->cols[ci].slot * (size_t)sc->nrslots;
        int skipped = !a && holds_self(cells, sc->nrslots);
        for (int r = 0; r < sc->nrslots; r++) {
            int p = cells[r];
            if (skipped ? p >= 0 : p == BCR_SCAN_NONE || (p >= 0 && !cur[p]))
                return 0;
        }
    }
    return 1;
}

/* Where each piece of one pattern of one column starts in its partner's
 * buffer, and how far it moves per repetition; NULL for pieces of no
 * partner with a buffer (the part that stays here, or one through MPI).
 * Row slots of one column are distinct partners, so a partner's pieces
 * are its slot's (row_order.h).  Every buffer moves past the whole
 * pattern, all its outer repetitions. */
static inline void pattern_cursors(const bcr_row_pattern *pt, const bcr_row_piece *pc,
                                   const int *cells, char **cur, size_t es, char **at,
                                   size_t *step)
{
    int np = pt->npieces;
    for (int j = 0; j < np; j++) {
        int p = cells[pc[j].slot];
        at[j] = p >= 0 && cur[p] ? cur[p] + (size_t)pc[j].before * es : NULL;
        step[j] = (size_t)pc[j].per_rep * es;
    }
    for (int j = 0; j < np; j++)
        if (at[j] && pc[j].first)
            cur[cells[pc[j].slot]] += (size_t)(pt->outer * pt->count) * step[j];
}

/* The repetitions of a pattern of single rows, each row one element copy
 * (es a constant where it is called). */
static inline __attribute__((always_inline)) void
single_rows_each(const bcr_row_pattern *pt, const bcr_row_piece *pc, char *dst,
                 const char **src, const size_t *sstep, size_t es, int nt)
{
    size_t dstep = (size_t)pt->mstep * es;
    int np = pt->npieces;
    for (bcr_idx c = 0; c < pt->count; c++, dst += dstep)
        for (int j = 0; j < np; j++) {
            bcr_put_elem(dst + (size_t)pc[j].dmine * es, src[j], es, nt);
            src[j] += sstep[j];
        }
}

/* The repetitions of one pattern from dst and src[] (sstep[] apart). */
static inline void copy_reps(const bcr_row_pattern *pt, const bcr_row_piece *pc, int single_rows,
                             char *dst, const char *const *from, const size_t *sstep, size_t es,
                             int nt, int ahead)
{
    const char *src[BCR_ROW_MAX_PIECES];
    int np = pt->npieces;
    for (int j = 0; j < np; j++)
        src[j] = from[j];
    size_t dstep = (size_t)pt->mstep * es;
    size_t run = (size_t)pc[0].len * es;
    /* One partner's rows back to back here, in one copy or one strided
     * loop.  Only streaming walks meet such patterns: plain ones run only
     * where partners take turns (bcr_row_order.interleaved). */
    if (nt && np == 1 && dstep == run && sstep[0] == run) {
        bcr_stream_copy(dst, src[0], (size_t)pt->count * run);
        return;
    }
    if (nt && np == 1 && dstep == run && run == es && sstep[0] % es == 0) {
        bcr_stream_strided(dst, src[0], (bcr_idx)(sstep[0] / es), pt->count, es);
        return;
    }
    /* Block size 1 on one side: two partners' rows taking turns zip
     * (zip.h); otherwise each row one typed element copy. */
    if (single_rows && np == 2 && dstep == 2 * es && sstep[0] == es && sstep[1] == es &&
        (size_t)(pc[0].dmine + pc[1].dmine) * es == es) {
        const char *x = pc[0].dmine ? src[1] : src[0], *y = pc[0].dmine ? src[0] : src[1];
        if (ahead) {
            bcr_prefetch_ahead(x, (size_t)pt->count * es);
            bcr_prefetch_ahead(y, (size_t)pt->count * es);
        }
        bcr_zip(dst, x, y, pt->count, es, nt);
    } else if (single_rows) {
        switch (es) {
        case 4: single_rows_each(pt, pc, dst, src, sstep, 4, nt); break;
        case 8: single_rows_each(pt, pc, dst, src, sstep, 8, nt); break;
        case 16: single_rows_each(pt, pc, dst, src, sstep, 16, nt); break;
        default: single_rows_each(pt, pc, dst, src, sstep, es, nt);
        }
    } else {
        for (bcr_idx c = 0; c < pt->count; c++, dst += dstep)
            for (int j = 0; j < np; j++) {
                if (ahead)
                    bcr_prefetch_ahead(src[j], (size_t)pc[j].len * es);
                put_run(dst + (size_t)pc[j].dmine * es, src[j], pc[j].len, es, nt);
                src[j] += sstep[j];
            }
    }
}

/* One pattern of one column: each piece reads from a partner's buffer
 * (advancing it) or from a's column at the pattern's offsets; the pattern
 * set up once for all its outer repetitions. */
static inline void copy_pattern(const bcr_row_pattern *pt, const bcr_row_piece *pc,
                                int single_rows, char *col, const char *acol, const int *cells,
                                char **cur, size_t es, int nt, int ahead)
{
    char *at[BCR_ROW_MAX_PIECES];
    const char *src[BCR_ROW_MAX_PIECES];
    size_t sstep[BCR_ROW_MAX_PIECES], outer_step[BCR_ROW_MAX_PIECES];
    int np = pt->npieces;
    pattern_cursors(pt, pc, cells, cur, es, at, sstep);
    for (int j = 0; j < np; j++) {
        src[j] = at[j];
        outer_step[j] = (size_t)pt->count * sstep[j];
        if (!at[j]) { /* every cell is at hand: this is the part that stays */
            src[j] = acol + (size_t)(pt->other + pc[j].dother) * es;
            sstep[j] = (size_t)pt->ostep * es;
            outer_step[j] = (size_t)pt->oostep * es;
        }
    }
    char *dst = col + (size_t)pt->mine * es;
    for (bcr_idx o = 0; o < pt->outer; o++, dst += (size_t)pt->omstep * es) {
        copy_reps(pt, pc, single_rows, dst, src, sstep, es, nt, ahead);
        for (int j = 0; j < np; j++)
            src[j] += outer_step[j];
    }
}

/* One column of a scan in the rows' order (row_order.h): the order, the
 * partners of its row slots (cells, nrslots of them; < 0 for the part
 * that stays) and their buffers' places (cur, moved on as the column is
 * walked), the column of the array walked (col) and, for an unpack, the
 * column of a that holds the part that stays (acol; NULL: none). */
typedef struct {
    const bcr_row_order *ro;
    int nrslots;
    const int *cells;
    char **cur;
    char *col;
    const char *acol;
} scan_column;

/* Where an unpack reads each row slot of a column: its partner's buffer
 * (side 0: at the run's place there) or a's column (side 1: the part
 * that stays, at the other side's offset). */
static inline void slot_sources(int nrslots, const int *cells, char *const *cur,
                                const char *acol, const char **base, int *side)
{
    for (int s = 0; s < nrslots; s++) {
        int p = cells[s];
        base[s] = p >= 0 ? cur[p] : acol;
        side[s] = p < 0;
    }
}

/* Every partner's buffer moves past its rows of one column. */
static inline void past_column(const bcr_row_order *ro, int nrslots, const int *cells,
                               char **cur, size_t es)
{
    for (int s = 0; s < nrslots; s++)
        if (cells[s] >= 0)
            cur[cells[s]] += (size_t)ro->slot_rows[s] * es;
}

/* One column down the unfolded runs: each from its partner's buffer at
 * its place there, or from a's column (the part that stays); then every
 * buffer moves past its rows. */
static inline void unpack_runs(const scan_column *c, size_t es, int nt)
{
    const bcr_row_order *ro = c->ro;
    char *col = c->col;
    const char *base[BCR_ROW_FLAT_MAX_SLOTS];
    int side[BCR_ROW_FLAT_MAX_SLOTS];
    slot_sources(c->nrslots, c->cells, c->cur, c->acol, base, side);
    for (bcr_idx i = 0; i < ro->nruns; i++) {
        const bcr_row_run *r = &ro->runs[i];
        const char *src = base[r->slot] + (size_t)r->at[side[r->slot]] * es;
        if (ro->turns)
            bcr_prefetch_ahead(src, (size_t)r->len * es);
        put_run(col + (size_t)r->mine * es, src, r->len, es, nt);
    }
    past_column(ro, c->nrslots, c->cells, c->cur, es);
}

/* One column row by row (row_order.h), with plain stores: each row from
 * its slot's partner buffer or from a's column (the part that stays). */
#define EACH_ROW(T)                                                                  \
    do {                                                                             \
        T *d = (T *)(void *)(col + (size_t)ro->first_row * es);                     \
        for (bcr_idx i = 0; i < ro->nrows; i++) {                                    \
            int s = ro->row_slot[i];                                                 \
            memcpy(&d[i], base[s] + (size_t)ro->row_at[i][side[s]] * sizeof(T), sizeof(T)); \
        }                                                                            \
    } while (0)

static inline void unpack_each(const scan_column *c, size_t es)
{
    const bcr_row_order *ro = c->ro;
    char *col = c->col;
    const char *base[BCR_ROW_FLAT_MAX_SLOTS];
    int side[BCR_ROW_FLAT_MAX_SLOTS];
    slot_sources(c->nrslots, c->cells, c->cur, c->acol, base, side);
    switch (es) {
    case 4: EACH_ROW(bcr_e4); break;
    case 8: EACH_ROW(bcr_e8); break;
    case 16: EACH_ROW(bcr_e16); break;
    default:
        for (bcr_idx i = 0; i < ro->nrows; i++) {
            int s = ro->row_slot[i];
            memcpy(col + (size_t)(ro->first_row + i) * es,
                   base[s] + (size_t)ro->row_at[i][side[s]] * es, es);
        }
    }
    past_column(ro, c->nrslots, c->cells, c->cur, es);
}
#undef EACH_ROW

/* The runs of a trapezoid's column that keep any of submatrix rows [lo,
 * hi): [*first, *end).  The column's runs are in memory order, which is
 * increasing submatrix order, so only the two ends are clipped. */
static inline void kept_runs(const bcr_row_order *ro, bcr_idx lo, bcr_idx hi, bcr_idx *first,
                             bcr_idx *end)
{
    bcr_idx a = 0, b = ro->nruns;
    while (a < b) { /* first run ending past lo */
        bcr_idx m = a + (b - a) / 2;
        if (ro->runs[m].k0 + ro->runs[m].len <= lo)
            a = m + 1;
        else
            b = m;
    }
    *first = a;
    b = ro->nruns;
    while (a < b) { /* first run starting at or past hi */
        bcr_idx m = a + (b - a) / 2;
        if (ro->runs[m].k0 < hi)
            a = m + 1;
        else
            b = m;
    }
    *end = a;
}

/* A trapezoid's column (submatrix rows [lo, hi) kept) down the unfolded
 * runs, clipped as the other side clips them, so a partner's place in its
 * buffer is counted as the walk goes.  pack: from col to the partners'
 * buffers (the part that stays and partners without one skipped); unpack:
 * to col from them, or from acol for the part that stays.  One body for
 * both directions, so that they cannot disagree on the order. */
static inline __attribute__((always_inline)) void
runs_clipped(const scan_column *c, size_t es, int nt, bcr_idx lo, bcr_idx hi, int pack)
{
    const bcr_row_order *ro = c->ro;
    int nrslots = c->nrslots;
    const int *cells = c->cells;
    char **cur = c->cur, *col = c->col;
    const char *acol = c->acol;
    bcr_idx i, end;
    kept_runs(ro, lo, hi, &i, &end);
    /* Each slot's place in its partner's buffer, NULL for the part that
     * stays and for partners without a buffer; only the first and the
     * last run kept can be clipped. */
    char *at[BCR_ROW_FLAT_MAX_SLOTS];
    for (int s = 0; s < nrslots; s++)
        at[s] = cells[s] >= 0 ? cur[cells[s]] : NULL;
    for (bcr_idx first = i; i < end; i++) {
        const bcr_row_run *r = &ro->runs[i];
        bcr_idx skip = 0, len = r->len;
        if (i == first || i + 1 == end)
            len = bcr_clip_run(r->k0, r->len, lo, hi, &skip);
        char *local = col + (size_t)(r->mine + skip) * es, *b = at[r->slot];
        if (pack) {
            if (ro->turns)
                bcr_prefetch_ahead(local, (size_t)len * es);
            if (!b)
                continue;
            put_run(b, local, len, es, nt);
        } else if (b) {
            put_run(local, b, len, es, nt);
        } else {
            put_run(local, acol + (size_t)(r->at[1] + skip) * es, len, es, nt);
            continue;
        }
        at[r->slot] = b + (size_t)len * es;
    }
    for (int s = 0; s < nrslots; s++)
        if (at[s])
            cur[cells[s]] = at[s];
}

/* The first row of the column whose submatrix index is k or more. */
static inline bcr_idx lower_row(const bcr_row_order *ro, bcr_idx k)
{
    bcr_idx a = 0, b = ro->nrows;
    while (a < b) {
        bcr_idx m = a + (b - a) / 2;
        if (ro->row_k[m] < k)
            a = m + 1;
        else
            b = m;
    }
    return a;
}

/* A trapezoid's column row by row (row_order.h: row_slot, row_at, row_k),
 * keeping submatrix rows [lo, hi): the rows kept are found by binary
 * search, and a partner's place in its buffer counts from the first row
 * of its slot met there, since the buffer holds only kept rows.  pack and
 * unpack as runs_clipped, one body for both. */
static inline __attribute__((always_inline)) void
rows_clipped(const scan_column *c, size_t es, int nt, bcr_idx lo, bcr_idx hi, int pack)
{
    const bcr_row_order *ro = c->ro;
    int nrslots = c->nrslots;
    const int *cells = c->cells;
    char **cur = c->cur, *col = c->col;
    const char *acol = c->acol;
    bcr_idx i = lower_row(ro, lo), end = lower_row(ro, hi);
    char *base[BCR_ROW_FLAT_MAX_SLOTS]; /* a slot's buffer, minus the rows before its first */
    int32_t first[BCR_ROW_FLAT_MAX_SLOTS], last[BCR_ROW_FLAT_MAX_SLOTS];
    signed char how[BCR_ROW_FLAT_MAX_SLOTS]; /* 1: a buffer, 0: the part that stays, -1: skip */
    for (int s = 0; s < nrslots; s++) {
        int p = cells[s];
        how[s] = p >= 0 && cur[p] ? 1 : p < 0 && !pack && acol ? 0 : -1;
        base[s] = NULL;
    }
    char *c0 = col + (size_t)ro->first_row * es;
    for (; i < end; i++) {
        int s = ro->row_slot[i];
        char *local = c0 + (size_t)i * es;
        if (how[s] == 0) {
            bcr_put_elem(local, acol + (size_t)ro->row_at[i][1] * es, es, nt);
            continue;
        }
        if (how[s] < 0)
            continue;
        int32_t at = ro->row_at[i][0];
        if (!base[s]) {
            first[s] = at;
            base[s] = cur[cells[s]] - (size_t)at * es;
        }
        last[s] = at;
        if (pack)
            bcr_put_elem(base[s] + (size_t)at * es, local, es, nt);
        else
            bcr_put_elem(local, base[s] + (size_t)at * es, es, nt);
    }
    for (int s = 0; s < nrslots; s++)
        if (base[s])
            cur[cells[s]] += (size_t)(last[s] - first[s] + 1) * es;
}

/* A trapezoid's column, row by row where the order keeps rows (rows_clipped),
 * else down the runs (runs_clipped), with es and nt constants where they
 * are common. */
static void column_clipped(const scan_column *c, size_t es, int nt, bcr_idx lo, bcr_idx hi,
                           int pack)
{
#define BCR_CLIPPED(ES, NT)                                                    \
    (c->ro->row_k ? (pack ? rows_clipped(c, ES, NT, lo, hi, 1)                 \
                          : rows_clipped(c, ES, NT, lo, hi, 0))                \
                  : (pack ? runs_clipped(c, ES, NT, lo, hi, 1)                 \
                          : runs_clipped(c, ES, NT, lo, hi, 0)))
    switch (es) {
    case 4: nt ? BCR_CLIPPED(4, 1) : BCR_CLIPPED(4, 0); break;
    case 8: nt ? BCR_CLIPPED(8, 1) : BCR_CLIPPED(8, 0); break;
    case 16: nt ? BCR_CLIPPED(16, 1) : BCR_CLIPPED(16, 0); break;
    default: BCR_CLIPPED(es, nt);
    }
#undef BCR_CLIPPED
}

/* bcr_scan_unpack_rows over flat columns [f0, f1), its checks made. */
static void unpack_rows_range(const bcr_scan *sc, char *b, bcr_idx ldb, const char *a,
                              bcr_idx lda, size_t es, const bcr_mask *mk, char **cur,
                              int stream, bcr_idx f0, bcr_idx f1)
{
    const bcr_row_order *ro = &sc->order;
    bcr_idx f = 0;
    for (bcr_idx ci = 0; ci < sc->ncols && f < f1; f += sc->cols[ci].r.len, ci++) {
        const bcr_scan_cols *cr = &sc->cols[ci];
        const int *cells = sc->cell + (size_t)cr->slot * (size_t)sc->nrslots;
        if (!a && holds_self(cells, sc->nrslots))
            continue;
        bcr_idx t0, t1;
        bcr_scan_entry_part(sc, ci, f, f0, f1, &t0, &t1);
        for (bcr_idx t = t0; t < t1; t++) {
            char *col = b + (size_t)((cr->r.mine + t) * ldb) * es;
            const char *acol = a ? a + (size_t)((cr->r.other + t) * lda) * es : NULL;
            scan_column c = {ro, sc->nrslots, cells, cur, col, acol};
            if (mk->trapezoid) {
                bcr_idx lo, hi;
                bcr_mask_rows(mk, cr->r.k0 + t, &lo, &hi);
                column_clipped(&c, es, stream, lo, hi, 0);
                continue;
            }
            if (ro->row_slot && !stream) {
                unpack_each(&c, es);
                continue;
            }
            if (ro->runs) {
                if (stream)
                    unpack_runs(&c, es, 1);
                else
                    unpack_runs(&c, es, 0);
                continue;
            }
            for (bcr_idx i = 0; i < ro->npatterns; i++)
                copy_pattern(&ro->patterns[i], ro->pieces + ro->patterns[i].first,
                             ro->single_rows, col, acol, cells, cur, es, stream, ro->turns);
        }
    }
}

/* One pattern of one column of a, packed: each partner's pieces appended
 * to its buffer in row order; with bcol, the part that stays copied to
 * B's column in the same pass (streaming stores when self_nt), at the
 * pattern's other-side offsets; otherwise it is skipped, as are partners
 * without a buffer.  A pack's order is never folded (bcr_scan_order_rows),
 * so every pattern here is repeated once (outer is 1). */
static inline void pack_pattern(const bcr_row_pattern *pt, const bcr_row_piece *pc,
                                const char *col, char *bcol, const int *cells, char **cur,
                                size_t es, int nt, int self_nt, int ahead)
{
    char *dst[BCR_ROW_MAX_PIECES];
    size_t dstep[BCR_ROW_MAX_PIECES];
    int pnt[BCR_ROW_MAX_PIECES];
    int np = pt->npieces;
    pattern_cursors(pt, pc, cells, cur, es, dst, dstep);
    for (int j = 0; j < np; j++) {
        pnt[j] = nt;
        if (bcol && cells[pc[j].slot] == BCR_SCAN_SELF) {
            dst[j] = bcol + (size_t)(pt->other + pc[j].dother) * es;
            dstep[j] = (size_t)pt->ostep * es;
            pnt[j] = self_nt;
        }
    }
    const char *src = col + (size_t)pt->mine * es;
    size_t sstep = (size_t)pt->mstep * es;
    for (bcr_idx c = 0; c < pt->count; c++, src += sstep)
        for (int j = 0; j < np; j++) {
            if (ahead)
                bcr_prefetch_ahead(src + (size_t)pc[j].dmine * es, (size_t)pc[j].len * es);
            if (!dst[j])
                continue;
            put_run(dst[j], src + (size_t)pc[j].dmine * es, pc[j].len, es, pnt[j]);
            dst[j] += dstep[j];
        }
}

/* Where a pack writes each row slot of a column: its partner's buffer,
 * or NULL for the part that stays and partners without a buffer. */
static inline void slot_targets(int nrslots, const int *cells, char *const *cur, char **base)
{
    for (int s = 0; s < nrslots; s++)
        base[s] = cells[s] >= 0 ? cur[cells[s]] : NULL;
}

/* past_column for a pack, whose skipped slots' cursors stay. */
static inline void past_column_packed(const bcr_row_order *ro, int nrslots, const int *cells,
                                      char *const *base, char **cur, size_t es)
{
    for (int s = 0; s < nrslots; s++)
        if (base[s])
            cur[cells[s]] += (size_t)ro->slot_rows[s] * es;
}

/* One column of a row by row (row_order.h), with plain stores: each row
 * to its slot's partner buffer (the part that stays, and partners without
 * a buffer, skipped). */
static inline void pack_each(const bcr_row_order *ro, int nrslots, const char *col,
                             const int *cells, char **cur, size_t es)
{
    char *base[BCR_ROW_FLAT_MAX_SLOTS];
    slot_targets(nrslots, cells, cur, base);
    const char *src = col + (size_t)ro->first_row * es;
    for (bcr_idx i = 0; i < ro->nrows; i++) {
        char *b = base[ro->row_slot[i]];
        if (b)
            bcr_copy_elems(b + (size_t)ro->row_at[i][0] * es, src + (size_t)i * es, 1, es);
    }
    past_column_packed(ro, nrslots, cells, base, cur, es);
}

/* One column of a down the unfolded runs, each to its partner's buffer
 * at its place there; with bcol, the part that stays to B's column at its
 * other-side offset (streaming stores when self_nt); otherwise it is
 * skipped, as are partners without a buffer.  Then every buffer moves
 * past its rows. */
static inline void pack_runs(const bcr_row_order *ro, int nrslots, const char *col, char *bcol,
                             const int *cells, char **cur, size_t es, int nt, int self_nt)
{
    char *base[BCR_ROW_FLAT_MAX_SLOTS];
    slot_targets(nrslots, cells, cur, base);
    for (bcr_idx i = 0; i < ro->nruns; i++) {
        const bcr_row_run *r = &ro->runs[i];
        const char *src = col + (size_t)r->mine * es;
        /* Skipped runs too: their lines ahead are others' runs. */
        if (ro->turns)
            bcr_prefetch_ahead(src, (size_t)r->len * es);
        if (base[r->slot])
            put_run(base[r->slot] + (size_t)r->at[0] * es, src, r->len, es, nt);
        else if (bcol && cells[r->slot] == BCR_SCAN_SELF)
            put_run(bcol + (size_t)r->at[1] * es, src, r->len, es, self_nt);
    }
    past_column_packed(ro, nrslots, cells, base, cur, es);
}

/* bcr_scan_pack_rows over flat columns [f0, f1). */
static void pack_rows_range(const bcr_scan *sc, const char *a, bcr_idx lda, size_t es,
                            const bcr_mask *mk, char **cur, int stream,
                            const bcr_scan_self *self, bcr_idx f0, bcr_idx f1)
{
    const bcr_row_order *ro = &sc->order;
    /* Where the order kept B's offsets of the part that stays, the walk
     * copies it as it goes, A's column read once front to back: case 7's
     * pattern (512-byte runs, every other one stays) took 2.1-2.4 ms of
     * CPU that way against 3.9-4.1 ms copying the part that stays in a
     * second pass over each column (32 KiB, in the cache), 4 processes on
     * 2 cores, 32 MiB each (a memcpy: 2.4-3.5 ms). */
    int fused = self && ro->other_slot >= 0 && ro->other_slot == sc->self_rslot;
    int self_nt = self && self->nt;
    bcr_idx f = 0;
    for (bcr_idx ci = 0; ci < sc->ncols && f < f1; f += sc->cols[ci].r.len, ci++) {
        const bcr_scan_cols *cr = &sc->cols[ci];
        const int *cells = sc->cell + (size_t)cr->slot * (size_t)sc->nrslots;
        bcr_idx t0, t1;
        bcr_scan_entry_part(sc, ci, f, f0, f1, &t0, &t1);
        for (bcr_idx t = t0; t < t1; t++) {
            const char *col = a + (size_t)((cr->r.mine + t) * lda) * es;
            if (mk->trapezoid) { /* A is only read: a pack writes the buffers */
                bcr_idx lo, hi;
                bcr_mask_rows(mk, cr->r.k0 + t, &lo, &hi);
                scan_column c = {ro, sc->nrslots, cells, cur, (char *)(uintptr_t)col, NULL};
                column_clipped(&c, es, stream, lo, hi, 1);
                continue;
            }
            char *bcol = fused ? self->b + (size_t)((cr->r.other + t) * self->ldb) * es : NULL;
            int walked = 0;
            if (ro->row_slot && !stream) {
                pack_each(ro, sc->nrslots, col, cells, cur, es);
            } else if (ro->runs) {
                if (stream)
                    pack_runs(ro, sc->nrslots, col, bcol, cells, cur, es, 1, self_nt);
                else
                    pack_runs(ro, sc->nrslots, col, bcol, cells, cur, es, 0, self_nt);
                walked = 1;
            } else {
                for (bcr_idx i = 0; i < ro->npatterns; i++)
                    pack_pattern(&ro->patterns[i], ro->pieces + ro->patterns[i].first, col,
                                 bcol, cells, cur, es, stream, self_nt, ro->turns);
                walked = 1;
            }
            /* A's column is in the cache now, the part that stays too. */
            if (self && !(fused && walked))
                self_column(sc, cells, col, cr->r.other + t, es, self);
        }
    }
}

/* One of the four scans with its arguments, walked over a range of
 * flat columns by one thread. */
enum scan_kind { SCAN_PACK, SCAN_UNPACK, SCAN_PACK_ROWS, SCAN_UNPACK_ROWS };

typedef struct {
    enum scan_kind kind;
    const bcr_scan *sc;
    char *local; /* A for a pack, B for an unpack */
    bcr_idx ld;
    const char *a; /* an unpack's source of the part that stays */
    bcr_idx lda;
    size_t es;
    const bcr_mask *mk;
    int stream;
    const bcr_scan_self *self;
} scan_job;

/* Flat columns [f0, f1) of the job, partners' places at cur (moved on
 * past them); the streaming stores this thread made fenced. */
static void run_range(const scan_job *j, char **cur, bcr_idx f0, bcr_idx f1)
{
    const bcr_scan *sc = j->sc;
    scan_walk w = {j->local, j->ld, j->a, j->lda, cur, j->self, f0, f1};
    switch (j->kind) {
    case SCAN_PACK:
        if (j->stream)
            scan_columns(sc, &w, j->es, j->mk, 1, 1);
        else
            scan_columns(sc, &w, j->es, j->mk, 1, 0);
        break;
    case SCAN_UNPACK:
        scan_columns(sc, &w, j->es, j->mk, 0, 0);
        break;
    case SCAN_PACK_ROWS:
        pack_rows_range(sc, j->local, j->ld, j->es, j->mk, cur, j->stream, j->self, f0, f1);
        break;
    case SCAN_UNPACK_ROWS:
        unpack_rows_range(sc, j->local, j->ld, j->a, j->lda, j->es, j->mk, cur, j->stream, f0,
                          f1);
        break;
    }
    if (j->stream || (j->self && j->self->nt))
        bcr_stream_fence();
}

typedef struct {
    const scan_job *job;
    bcr_scan_chunks *ch;
} chunk_walk;

/* Chunk k walks with its own row of the table as its partners' places. */
static void run_chunk(void *ctx, bcr_idx k, int thread)
{
    (void)thread;
    const chunk_walk *c = ctx;
    const bcr_scan_chunks *ch = c->ch;
    run_range(c->job, ch->at + (size_t)k * (size_t)ch->nparts, ch->first[k], ch->first[k + 1]);
}

/* The job over all its columns, across the threads the bytes earn
 * (base/threads.h), or on this one. */
static void run_scan(const scan_job *j, char **cur)
{
    int nt = bcr_threads_for(bcr_scan_bytes(j->sc, j->es));
    bcr_scan_chunks ch;
    if (nt > 1 &&
        !bcr_scan_chunks_make(&ch, j->sc, j->mk, cur, j->es, BCR_PIECES_PER_THREAD * nt)) {
        chunk_walk c = {j, &ch};
        bcr_threads_each(nt, ch.n, run_chunk, &c);
        bcr_scan_chunks_end(&ch, cur);
        bcr_scan_chunks_free(&ch);
        return;
    }
    run_range(j, cur, 0, bcr_scan_flat_columns(j->sc));
}

void bcr_scan_pack(const bcr_scan *sc, const char *a, bcr_idx lda, size_t es,
                   const bcr_mask *mk, char **cur, int stream, const bcr_scan_self *self)
{
    /* A is only read: group_buffer writes local only when unpacking. */
    scan_job j = {SCAN_PACK, sc, (char *)(uintptr_t)a, lda, NULL, 0, es, mk, stream, self};
    run_scan(&j, cur);
}

void bcr_scan_unpack(const bcr_scan *sc, char *b, bcr_idx ldb, const char *a, bcr_idx lda,
                     size_t es, const bcr_mask *mk, const char **cur)
{
    /* The buffers are only read: group_buffer reads them when unpacking. */
    scan_job j = {SCAN_UNPACK, sc, b, ldb, a, lda, es, mk, 0, NULL};
    run_scan(&j, (char **)(uintptr_t)cur);
}

int bcr_scan_unpack_rows(const bcr_scan *sc, char *b, bcr_idx ldb, const char *a, bcr_idx lda,
                         size_t es, const bcr_mask *mk, const char **cur, int stream)
{
    const bcr_row_order *ro = &sc->order;
    if (!all_at_hand(sc, a, (const char *const *)cur) || (mk->trapezoid && !ro->runs && !ro->row_k))
        return -1;
    /* The buffers are only read through. */
    scan_job j = {SCAN_UNPACK_ROWS, sc, b, ldb, a, lda, es, mk, stream, NULL};
    run_scan(&j, (char **)(uintptr_t)cur);
    return 0;
}

void bcr_scan_pack_rows(const bcr_scan *sc, const char *a, bcr_idx lda, size_t es,
                        const bcr_mask *mk, char **cur, int stream, const bcr_scan_self *self)
{
    scan_job j = {SCAN_PACK_ROWS, sc, (char *)(uintptr_t)a, lda, NULL, 0, es, mk, stream, self};
    run_scan(&j, cur);
}
