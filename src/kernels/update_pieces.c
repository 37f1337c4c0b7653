#include "kernels/update_pieces.h"

#include <stdint.h>
#include <stdlib.h>

#include "base/threads.h"
#include "kernels/copy_elems.h"
#include "kernels/scan_chunks.h"
#include "kernels/update.h"

/* Columns walked together: as many as keep the panel's part of the local
 * arrays within PANEL_BYTES (second-level cache), and at least a
 * PANEL_LINE bytes' worth, so that a transposed block writes C's columns
 * whole lines at a time. */
#define PANEL_BYTES ((bcr_idx)256 * 1024)
#define PANEL_LINE 128

static bcr_idx panel_width(bcr_idx rows, size_t es)
{
    bcr_idx line = PANEL_LINE / (bcr_idx)es, fit = rows > 0 ? PANEL_BYTES / (rows * (bcr_idx)es) : 1;
    bcr_idx w = fit > line ? fit : line;
    return w > 0 ? w : 1;
}

static bcr_idx min_of(bcr_idx a, bcr_idx b) { return a < b ? a : b; }
static bcr_idx max_of(bcr_idx a, bcr_idx b) { return a > b ? a : b; }

/* A piece of one column's rows: n of them, at mine + i * mstep in this
 * side's storage and other + i * ostep in the partner's, starting at
 * element pos of the column in message order.  A run is one piece (steps
 * 1); a group of single rows is one piece with the group's steps. */
typedef struct {
    bcr_idx mine, other, mstep, ostep, n, pos;
} row_piece;

typedef struct {
    bcr_group_iter it;
    bcr_rungroup g;
    bcr_idx c; /* next run of g */
    bcr_idx pos;
    int have;
} piece_iter;

static piece_iter pieces_begin(const bcr_groupspan *rows)
{
    piece_iter pi = {bcr_groups_begin(rows), {0, 0, 0, 0, 0, 0, 0, 0}, 0, 0, 0};
    return pi;
}

static int next_piece(piece_iter *pi, row_piece *p)
{
    while (!pi->have || pi->c >= pi->g.count) {
        if (!bcr_groups_next(&pi->it, &pi->g))
            return 0;
        pi->have = 1;
        pi->c = 0;
    }
    const bcr_rungroup *g = &pi->g;
    if (g->len == 1) {
        *p = (row_piece){g->mine, g->other, g->mstep, g->ostep, g->count, pi->pos};
        pi->c = g->count;
    } else {
        *p = (row_piece){g->mine + pi->c * g->mstep, g->other + pi->c * g->ostep, 1, 1, g->len,
                         pi->pos};
        pi->c++;
    }
    pi->pos += p->n;
    return 1;
}

/* The part of p within positions [pa, pb) of its column; 0 if none. */
static int clip_piece(row_piece *p, bcr_idx pa, bcr_idx pb)
{
    bcr_idx s = max_of(p->pos, pa), e = min_of(p->pos + p->n, pb);
    if (e <= s)
        return 0;
    bcr_idx d = s - p->pos;
    p->mine += d * p->mstep;
    p->other += d * p->ostep;
    p->n = e - s;
    p->pos = s;
    return 1;
}

/* B's rows brow + i * bstep, columns bcol + j (i < n, j < ncols) :=
 * update with x(i, j) at w + i * wrs + j * wcs. */
static void sink_block(const bcr_sink *s, bcr_idx brow, bcr_idx bstep, bcr_idx bcol,
                       const char *w, bcr_idx wrs, bcr_idx wcs, bcr_idx n, bcr_idx ncols)
{
    bcr_idx ldc = s->ldc;
    if (s->op->op == 'N')
        bcr_update_block(s->op, s->c + (size_t)(brow + bcol * ldc) * s->es, bstep, ldc, w, wrs,
                         wcs, n, ncols);
    else
        bcr_update_block(s->op, s->c + (size_t)(bcol + brow * ldc) * s->es, bstep * ldc, 1, w,
                         wrs, wcs, n, ncols);
}

/* Rows of a span's pieces, columns cols of A's and B's, added into C. */
static void local_block(const bcr_sink *s, const char *a, bcr_idx lda, const row_piece *p,
                        int a_mine, bcr_idx acol, bcr_idx bcol, bcr_idx ncols)
{
    bcr_idx arow = a_mine ? p->mine : p->other, astep = a_mine ? p->mstep : p->ostep;
    bcr_idx brow = a_mine ? p->other : p->mine, bstep = a_mine ? p->ostep : p->mstep;
    sink_block(s, brow, bstep, bcol, a + (size_t)(arow + acol * lda) * s->es, astep, lda, p->n,
               ncols);
}

/* Columns of the part that stays added at once: a panel, or where the
 * operation transposes the transposition's cache tile of TRANSPOSE_ROWS
 * bytes of C's rows, so that each of C's columns is written that much at
 * a time. */
#define TRANSPOSE_ROWS 2048

void bcr_update_local(const bcr_sink *s, const char *a, bcr_idx lda, bcr_groupspan rows,
                      bcr_runspan cols, int a_mine)
{
    bcr_idx wmax = panel_width(bcr_groupspan_elems(rows), s->es);
    if (s->op->op != 'N' && wmax < TRANSPOSE_ROWS / (bcr_idx)s->es)
        wmax = TRANSPOSE_ROWS / (bcr_idx)s->es;
    for (bcr_idx ci = 0; ci < cols.n; ci++) {
        const bcr_run *cr = &cols.runs[ci];
        bcr_idx acol = a_mine ? cr->mine : cr->other, bcol = a_mine ? cr->other : cr->mine;
        for (bcr_idx t = 0; t < cr->len; t += wmax) {
            bcr_idx w = min_of(wmax, cr->len - t);
            piece_iter pi = pieces_begin(&rows);
            row_piece p;
            while (next_piece(&pi, &p))
                local_block(s, a, lda, &p, a_mine, acol + t, bcol + t, w);
        }
    }
}

/* A loop over the runs of cols that meet tile t's columns: cr the run, m
 * the message column of its first, [c0, c1) the tile's columns in it. */
#define FOR_TILE_RUNS(cols, t, cr, m, c0, c1)                                                  \
    for (bcr_idx ci_ = 0, m = 0; ci_ < (cols).n && m < (t).c1; m += (cols).runs[ci_].len, ci_++) \
        for (const bcr_run *cr = &(cols).runs[ci_]; cr; cr = NULL)                           \
            for (bcr_idx c0 = max_of(m, (t).c0), c1 = min_of(m + cr->len, (t).c1); c0 < c1;  \
                 c0 = c1)

/* Piece by piece, each across the tile's columns: where the operation
 * transposes, a piece is a stretch of C's columns, each written a tile's
 * width at a time. */
static void update_tile_one(const bcr_sink *s, const char *buf, bcr_groupspan rows,
                            bcr_runspan cols, bcr_tile t)
{
    size_t es = s->es;
    bcr_idx ld = t.r1 - t.r0;
    piece_iter pi = pieces_begin(&rows);
    row_piece p;
    while (next_piece(&pi, &p) && p.pos < t.r1) {
        if (!clip_piece(&p, t.r0, t.r1))
            continue;
        const char *at = buf + (size_t)(p.pos - t.r0) * es;
        FOR_TILE_RUNS(cols, t, cr, m, c0, c1)
            sink_block(s, p.mine, p.mstep, cr->mine + c0 - m, at + (size_t)((c0 - t.c0) * ld) * es,
                       1, ld, p.n, c1 - c0);
    }
}

/* Column by column, each read down A and written down the buffer. */
static void pack_tile_one(char *buf, const char *a, bcr_idx lda, size_t es, bcr_groupspan rows,
                          bcr_runspan cols, bcr_tile t)
{
    bcr_idx ld = t.r1 - t.r0;
    FOR_TILE_RUNS(cols, t, cr, m, c0, c1) {
        for (bcr_idx c = c0; c < c1; c++) {
            char *d = buf + (size_t)((c - t.c0) * ld) * es;
            const char *acol = a + (size_t)((cr->mine + c - m) * lda) * es;
            piece_iter pi = pieces_begin(&rows);
            row_piece p;
            while (next_piece(&pi, &p) && p.pos < t.r1) {
                if (!clip_piece(&p, t.r0, t.r1))
                    continue;
                char *at = d + (size_t)(p.pos - t.r0) * es;
                if (p.mstep == 1)
                    bcr_copy_elems(at, acol + (size_t)p.mine * es, p.n, es);
                else
                    bcr_copy_strided(at, 1, acol + (size_t)p.mine * es, p.mstep, p.n, es);
            }
        }
    }
}

/* A tile cut into column ranges for threads (base/threads.h): each its
 * own tile, a buffer held column by column starting that many columns
 * further on. */
typedef struct {
    const bcr_sink *s; /* an update's; NULL: a pack */
    char *buf;
    const char *a;
    bcr_idx lda;
    size_t es;
    bcr_groupspan rows;
    bcr_runspan cols;
    bcr_tile t;
    bcr_idx nchunks;
} tile_chunks;

static void tile_chunk(void *ctx, bcr_idx k, int thread)
{
    const tile_chunks *c = ctx;
    (void)thread;
    bcr_idx w = c->t.c1 - c->t.c0;
    bcr_tile part = c->t;
    part.c0 = c->t.c0 + w * k / c->nchunks;
    part.c1 = c->t.c0 + w * (k + 1) / c->nchunks;
    size_t at = (size_t)((part.c0 - c->t.c0) * (c->t.r1 - c->t.r0)) * c->es;
    if (c->s)
        update_tile_one(c->s, c->buf + at, c->rows, c->cols, part);
    else
        pack_tile_one(c->buf + at, c->a, c->lda, c->es, c->rows, c->cols, part);
}

/* The tile across the threads its bytes earn, or on this one. */
static void tile_threaded(tile_chunks *c)
{
    bcr_idx w = c->t.c1 - c->t.c0;
    int nt = bcr_threads_for((size_t)((c->t.r1 - c->t.r0) * w) * c->es);
    c->nchunks = BCR_PIECES_PER_THREAD * (bcr_idx)nt < w ? BCR_PIECES_PER_THREAD * nt : w;
    if (nt <= 1 || c->nchunks < 2)
        c->nchunks = 1;
    bcr_threads_each(nt, c->nchunks, tile_chunk, c);
}

void bcr_update_tile(const bcr_sink *s, const char *buf, bcr_groupspan rows, bcr_runspan cols,
                     bcr_tile t)
{
    /* The buffer is only read: an update's tile reads it. */
    tile_chunks c = {s, (char *)(uintptr_t)buf, NULL, 0, s->es, rows, cols, t, 1};
    tile_threaded(&c);
}

void bcr_pack_tile(char *buf, const char *a, bcr_idx lda, size_t es, bcr_groupspan rows,
                   bcr_runspan cols, bcr_tile t)
{
    tile_chunks c = {NULL, buf, a, lda, es, rows, cols, t, 1};
    tile_threaded(&c);
}

/* The heights of the scan's row slots: elements per column of each
 * slot's partner (its row groups), in a table on the stack for up to
 * FEW_SLOTS slots. */
#define FEW_SLOTS 64

typedef struct {
    bcr_idx few[FEW_SLOTS];
    bcr_idx *h; /* few, an allocation, or NULL: counted again each time */
    bcr_idx total;
} heights;

static void heights_of(const bcr_scan *sc, heights *hs)
{
    int n = sc->nrslots;
    hs->h = n <= FEW_SLOTS ? hs->few : malloc((size_t)n * sizeof *hs->h);
    hs->total = 0;
    for (int r = 0; r < n; r++) {
        bcr_idx hr = bcr_groupspan_elems(sc->spans[sc->rbucket[r]]);
        if (hs->h)
            hs->h[r] = hr;
        hs->total += hr;
    }
}

static bcr_idx height(const bcr_scan *sc, const heights *hs, int r)
{
    return hs->h ? hs->h[r] : bcr_groupspan_elems(sc->spans[sc->rbucket[r]]);
}

static void heights_free(heights *hs)
{
    if (hs->h != hs->few)
        free(hs->h);
}

/* Whether cell p of a column is walked: a partner whose part is at hand,
 * or the part that stays here where a is given. */
static int walked(int p, const char *a, const char **cur)
{
    return p >= 0 ? cur[p] != NULL : p == BCR_SCAN_SELF && a != NULL;
}

/* Each column run in panels of whole columns, each panel's cells and
 * pieces as blocks straight from their sources. */
static void direct_scan(const bcr_scan *sc, const bcr_sink *s, const char *a, bcr_idx lda,
                        const char **cur, const heights *hs, bcr_idx f0, bcr_idx f1)
{
    size_t es = s->es;
    bcr_idx wmax = panel_width(hs->total, es), f = 0;
    for (bcr_idx ci = 0; ci < sc->ncols && f < f1; f += sc->cols[ci].r.len, ci++) {
        const bcr_scan_cols *cr = &sc->cols[ci];
        const int *cells = sc->cell + (size_t)cr->slot * (size_t)sc->nrslots;
        bcr_idx t0, t1;
        bcr_scan_entry_part(sc, ci, f, f0, f1, &t0, &t1);
        for (bcr_idx t = t0; t < t1; t += wmax) {
            bcr_idx w = min_of(wmax, t1 - t);
            for (int r = 0; r < sc->nrslots; r++) {
                int p = cells[r];
                if (!walked(p, a, cur))
                    continue;
                bcr_idx hr = p >= 0 ? height(sc, hs, r) : 0;
                piece_iter pi = pieces_begin(&sc->spans[sc->rbucket[r]]);
                row_piece q;
                while (next_piece(&pi, &q)) {
                    if (p == BCR_SCAN_SELF)
                        local_block(s, a, lda, &q, 0, cr->r.other + t, cr->r.mine + t, w);
                    else
                        sink_block(s, q.mine, q.mstep, cr->r.mine + t,
                                   cur[p] + (size_t)q.pos * es, 1, hr, q.n, w);
                }
                if (p >= 0)
                    cur[p] += (size_t)(w * hr) * es;
            }
        }
    }
}

/* A transposition gathers panels GATHER_LINE bytes wide, or narrower
 * down to a cache line where GATHER_MAX_BYTES would not hold that
 * (gathered_scan).  Whole columns are gathered: each partner's column is
 * one copy read straight through its segment, which measured faster than
 * tiles small enough for the second-level cache gathered a block of rows
 * at a time (docs/performance.md, "Update kernels"). */
#define GATHER_LINE 1024
#define GATHER_MAX_BYTES ((bcr_idx)8 << 20)

/* A panel being gathered: consecutive columns of B from c0 on, at most
 * cap, and for each the column slot it came from. */
typedef struct {
    bcr_idx c0, n, cap;
    int *slot;
} panel;

/* Add a gathered panel into C: per row slot, each stretch of the panel's
 * columns whose cell was gathered, each of the slot's pieces as one block
 * from the scratch (slot r's rows h[r] per column, cap columns, after the
 * slots before it). */
static void flush_panel(const bcr_scan *sc, const bcr_sink *s, const char *a, const char **cur,
                        const heights *hs, const panel *pn, const char *scratch)
{
    size_t es = s->es;
    int nr = sc->nrslots;
    bcr_idx at = 0;
    for (int r = 0; r < nr; r++) {
        bcr_idx hr = height(sc, hs, r);
        for (bcr_idx t0 = 0, t1; t0 < pn->n; t0 = t1) {
            int in = walked(sc->cell[(size_t)pn->slot[t0] * (size_t)nr + (size_t)r], a, cur);
            for (t1 = t0 + 1;
                 t1 < pn->n &&
                 walked(sc->cell[(size_t)pn->slot[t1] * (size_t)nr + (size_t)r], a, cur) == in;
                 t1++)
                ;
            if (!in)
                continue;
            piece_iter pi = pieces_begin(&sc->spans[sc->rbucket[r]]);
            row_piece q;
            while (next_piece(&pi, &q))
                sink_block(s, q.mine, q.mstep, pn->c0 + t0,
                           scratch + (size_t)(at + q.pos + t0 * hr) * es, 1, hr, q.n, t1 - t0);
        }
        at += hr * pn->cap;
    }
}

/* Consecutive columns of B gathered into a scratch panel, whatever the
 * runs they belong to, then added into C a panel at a time: where
 * partners take turns column by column (blocks of 1 on A's side), a
 * transposition then still writes C's columns a panel's width at a time.
 * Each partner's column is one copy (its elements in message order); the
 * part that stays here is copied in by pieces. */
static void gathered_scan(const bcr_scan *sc, const bcr_sink *s, const char *a, bcr_idx lda,
                          const char **cur, const heights *hs, panel *pn, char *scratch,
                          bcr_idx f0, bcr_idx f1)
{
    size_t es = s->es;
    int nr = sc->nrslots;
    pn->n = 0;
    bcr_idx f = 0;
    for (bcr_idx ci = 0; ci < sc->ncols && f < f1; f += sc->cols[ci].r.len, ci++) {
        const bcr_scan_cols *cr = &sc->cols[ci];
        const int *cells = sc->cell + (size_t)cr->slot * (size_t)nr;
        bcr_idx t0, t1;
        bcr_scan_entry_part(sc, ci, f, f0, f1, &t0, &t1);
        for (bcr_idx t = t0; t < t1; t++) {
            bcr_idx bcol = cr->r.mine + t;
            if (pn->n == pn->cap || (pn->n > 0 && bcol != pn->c0 + pn->n)) {
                flush_panel(sc, s, a, cur, hs, pn, scratch);
                pn->n = 0;
            }
            if (pn->n == 0)
                pn->c0 = bcol;
            bcr_idx at = 0;
            for (int r = 0; r < nr; r++) {
                int p = cells[r];
                bcr_idx hr = height(sc, hs, r);
                char *col = scratch + (size_t)(at + pn->n * hr) * es;
                at += hr * pn->cap;
                if (!walked(p, a, cur))
                    continue;
                if (p >= 0) {
                    bcr_copy_elems(col, cur[p], hr, es);
                    cur[p] += (size_t)hr * es;
                    continue;
                }
                const char *acol = a + (size_t)((cr->r.other + t) * lda) * es;
                piece_iter pi = pieces_begin(&sc->spans[sc->rbucket[r]]);
                row_piece q;
                while (next_piece(&pi, &q))
                    bcr_copy_strided(col + (size_t)q.pos * es, 1, acol + (size_t)q.other * es,
                                     q.ostep, q.n, es);
            }
            pn->slot[pn->n++] = cr->slot;
        }
    }
    if (pn->n > 0)
        flush_panel(sc, s, a, cur, hs, pn, scratch);
}

/* Columns of a gathered panel for columns of `total` elements, of a
 * scan of `cols` columns; 0 where a panel a cache line wide would not fit
 * GATHER_MAX_BYTES. */
static bcr_idx gather_width(bcr_idx total, bcr_idx cols, size_t es)
{
    bcr_idx e = (bcr_idx)es, w = GATHER_LINE / e, line = 64 / e > 1 ? 64 / e : 1;
    if (total > 0 && total * w * e > GATHER_MAX_BYTES)
        w = GATHER_MAX_BYTES / (total * e);
    if (w < line || cols <= 0)
        return 0;
    return cols < w ? cols : w;
}

/* Without a transposition, a panel is gathered in B's own row order, as
 * many columns as keep it within PANEL_BYTES, so that C is then read and
 * written straight down its columns (where partners take turns row block
 * by row block, adding piece by piece reads C's columns a piece at a
 * time, out of order, which the prefetcher cannot follow).  It needs every
 * cell walked (no part through MPI) and the pieces to tile a range of B's
 * rows: the scan's rows, `total`, are then those of that range. */
typedef struct {
    bcr_idx first, rows, w; /* B's rows first .. first + rows - 1; columns */
} row_panel;

static int row_panel_of(const bcr_scan *sc, const heights *hs, size_t es, row_panel *rp)
{
    bcr_idx lo = -1, hi = -1;
    for (int r = 0; r < sc->nrslots; r++) {
        piece_iter pi = pieces_begin(&sc->spans[sc->rbucket[r]]);
        row_piece q;
        while (next_piece(&pi, &q)) {
            bcr_idx last = q.mine + (q.n - 1) * q.mstep;
            lo = lo < 0 || q.mine < lo ? q.mine : lo;
            hi = last > hi ? last : hi;
        }
    }
    rp->first = lo;
    rp->rows = lo < 0 ? 0 : hi - lo + 1;
    rp->w = rp->rows > 0 ? PANEL_BYTES / (rp->rows * (bcr_idx)es) : 0;
    if (rp->w < 1)
        rp->w = 1;
    return rp->rows > 0 && rp->rows == hs->total && rp->rows * (bcr_idx)es <= GATHER_MAX_BYTES;
}

static int every_cell_walked(const bcr_scan *sc, const char *a, const char **cur)
{
    for (bcr_idx ci = 0; ci < sc->ncols; ci++) {
        const int *cells = sc->cell + (size_t)sc->cols[ci].slot * (size_t)sc->nrslots;
        for (int r = 0; r < sc->nrslots; r++)
            if (!walked(cells[r], a, cur))
                return 0;
    }
    return 1;
}

/* One column of one row slot into a column of B's rows from `first` on:
 * from a partner's elements in message order at src, or where local from
 * A's column at src (the part that stays: its rows at the runs' `other`). */
static void gather_column(char *col, bcr_idx first, const char *src, const bcr_groupspan *span,
                          size_t es, int local)
{
    bcr_group_iter it = bcr_groups_begin(span);
    bcr_rungroup g;
    while (bcr_groups_next(&it, &g)) {
        char *d = col + (size_t)(g.mine - first) * es;
        const char *from = local ? src + (size_t)g.other * es : src;
        bcr_idx step = local ? g.ostep : g.len; /* from run to run */
        if (g.len == 1)
            bcr_copy_strided(d, g.mstep, from, step, g.count, es);
        else
            for (bcr_idx c = 0; c < g.count; c++)
                bcr_copy_elems(d + (size_t)(c * g.mstep) * es, from + (size_t)(c * step) * es,
                               g.len, es);
        if (!local)
            src += (size_t)(g.count * g.len) * es;
    }
}

/* Columns of B gathered in its row order into a panel of rp's rows, and
 * added into C panel by panel down C's columns. */
static void ordered_scan(const bcr_scan *sc, const bcr_sink *s, const char *a, bcr_idx lda,
                         const char **cur, const heights *hs, const row_panel *rp,
                         char *scratch, bcr_idx f0, bcr_idx f1)
{
    size_t es = s->es;
    bcr_idx c0 = 0, n = 0, ldc = s->ldc, f = 0;
    for (bcr_idx ci = 0; ci < sc->ncols && f < f1; f += sc->cols[ci].r.len, ci++) {
        const bcr_scan_cols *cr = &sc->cols[ci];
        const int *cells = sc->cell + (size_t)cr->slot * (size_t)sc->nrslots;
        bcr_idx t0, t1;
        bcr_scan_entry_part(sc, ci, f, f0, f1, &t0, &t1);
        for (bcr_idx t = t0; t < t1; t++) {
            bcr_idx bcol = cr->r.mine + t;
            if (n == rp->w || (n > 0 && bcol != c0 + n)) {
                bcr_update_block(s->op, s->c + (size_t)(rp->first + c0 * ldc) * es, 1, ldc,
                                 scratch, 1, rp->rows, rp->rows, n);
                n = 0;
            }
            if (n == 0)
                c0 = bcol;
            char *col = scratch + (size_t)(n * rp->rows) * es;
            const char *acol = a ? a + (size_t)((cr->r.other + t) * lda) * es : NULL;
            for (int r = 0; r < sc->nrslots; r++) {
                int p = cells[r];
                const bcr_groupspan *span = &sc->spans[sc->rbucket[r]];
                gather_column(col, rp->first, p >= 0 ? cur[p] : acol, span, es, p < 0);
                if (p >= 0)
                    cur[p] += (size_t)height(sc, hs, r) * es;
            }
            n++;
        }
    }
    if (n > 0)
        bcr_update_block(s->op, s->c + (size_t)(rp->first + c0 * ldc) * es, 1, ldc, scratch, 1,
                         rp->rows, rp->rows, n);
}

/* Scratch for gathering panels of columns of `total` elements, of a scan
 * of `cols` columns: transposed (by slots) or in B's row order. */
static bcr_idx gather_bytes(bcr_idx total, bcr_idx cols, size_t es)
{
    bcr_idx w = gather_width(total, cols, es);
    bcr_idx t = w ? total * w * (bcr_idx)es + w * (bcr_idx)sizeof(int) : 0;
    bcr_idx col = total * (bcr_idx)es, n = 0; /* a column's bytes; the panel's */
    if (col > 0 && cols > 0 && col <= GATHER_MAX_BYTES) {
        bcr_idx w = col < PANEL_BYTES ? PANEL_BYTES / col : 1;
        n = col * (cols < w ? cols : w);
    }
    return t > n ? t : n;
}

bcr_idx bcr_update_scan_scratch(const bcr_scan *sc, size_t es)
{
    heights hs;
    heights_of(sc, &hs);
    bcr_idx total = hs.total;
    heights_free(&hs);
    return gather_bytes(total, bcr_scan_flat_columns(sc), es);
}

bcr_idx bcr_update_gather_most(bcr_idx rows, bcr_idx cols, size_t es)
{
    /* no more than the scan holds: its rows by its columns; transposed, a
     * panel at most GATHER_LINE bytes wide, all of it at most
     * GATHER_MAX_BYTES; in row order, PANEL_BYTES or one column of at most
     * GATHER_MAX_BYTES */
    bcr_idx e = (bcr_idx)es, all = rows * cols * e;
    bcr_idx tile = rows < GATHER_MAX_BYTES / GATHER_LINE ? rows * GATHER_LINE : GATHER_MAX_BYTES;
    bcr_idx n = rows * e > PANEL_BYTES ? GATHER_MAX_BYTES : PANEL_BYTES;
    bcr_idx most = tile > n ? tile : n;
    return (all < most ? all : most) + GATHER_LINE / e * (bcr_idx)sizeof(int);
}

/* The scan's walk and what it needs, chosen once for all its chunks. */
enum update_walk { WALK_DIRECT, WALK_GATHERED, WALK_ORDERED };

typedef struct {
    enum update_walk how;
    const bcr_scan *sc;
    const bcr_sink *s;
    const char *a;
    bcr_idx lda;
    const heights *hs;
    bcr_idx w;          /* a gathered panel's columns */
    row_panel rp;       /* an ordered walk's panel */
    char **scratch;     /* a thread's scratch, by thread */
    bcr_scan_chunks *ch;
} update_job;

/* Flat columns [f0, f1), partners' places at cur, with this scratch. */
static void update_range(const update_job *j, const char **cur, char *scratch, bcr_idx f0,
                         bcr_idx f1)
{
    const bcr_scan *sc = j->sc;
    const bcr_sink *s = j->s;
    switch (j->how) {
    case WALK_GATHERED: {
        panel pn = {0, 0, j->w, (int *)(void *)(scratch + (size_t)(j->hs->total * j->w) * s->es)};
        gathered_scan(sc, s, j->a, j->lda, cur, j->hs, &pn, scratch, f0, f1);
        break;
    }
    case WALK_ORDERED:
        ordered_scan(sc, s, j->a, j->lda, cur, j->hs, &j->rp, scratch, f0, f1);
        break;
    case WALK_DIRECT:
        direct_scan(sc, s, j->a, j->lda, cur, j->hs, f0, f1);
        break;
    }
}

static void update_chunk(void *ctx, bcr_idx k, int thread)
{
    const update_job *j = ctx;
    const bcr_scan_chunks *ch = j->ch;
    update_range(j, (const char **)(ch->at + (size_t)k * (size_t)ch->nparts),
                 j->scratch[thread], ch->first[k], ch->first[k + 1]);
}

/* The job across nt threads, each gathering into a scratch of its own
 * (the caller's for the first, `bytes` allocated for the others); 0, or
 * -1 when memory is short (nothing walked then). */
static int update_threaded(update_job *j, const char **cur, char *scratch, bcr_idx bytes,
                           int nt)
{
    char *own[64] = {NULL};
    if (nt > 64)
        nt = 64;
    bcr_scan_chunks ch;
    bcr_mask whole = {0};
    if (bcr_scan_chunks_make(&ch, j->sc, &whole, (char *const *)cur, j->s->es,
                             BCR_PIECES_PER_THREAD * nt))
        return -1;
    int ok = 1;
    own[0] = scratch;
    for (int t = 1; t < nt && scratch && ok; t++)
        ok = (own[t] = malloc((size_t)bytes)) != NULL;
    if (ok) {
        j->scratch = own;
        j->ch = &ch;
        bcr_threads_each(nt, ch.n, update_chunk, j);
        bcr_scan_chunks_end(&ch, (char **)cur);
    }
    for (int t = 1; t < nt; t++)
        free(own[t]);
    bcr_scan_chunks_free(&ch);
    return ok ? 0 : -1;
}

void bcr_update_scan(const bcr_scan *sc, const bcr_sink *s, const char *a, bcr_idx lda,
                     const char **cur, char *scratch)
{
    heights hs;
    heights_of(sc, &hs);
    update_job j = {WALK_DIRECT, sc, s, a, lda, &hs, 0, {0, 0, 0}, NULL, NULL};
    j.w = gather_width(hs.total, bcr_scan_flat_columns(sc), s->es);
    if (s->op->op != 'N' && scratch && j.w > 0) /* a transposition gathers across runs */
        j.how = WALK_GATHERED;
    else if (s->op->op == 'N' && scratch && row_panel_of(sc, &hs, s->es, &j.rp) &&
             every_cell_walked(sc, a, cur))
        j.how = WALK_ORDERED;
    int nt = bcr_threads_for(bcr_scan_bytes(sc, s->es));
    if (nt <= 1 ||
        update_threaded(&j, cur, scratch, bcr_update_scan_scratch(sc, s->es), nt))
        update_range(&j, cur, scratch, 0, bcr_scan_flat_columns(sc));
    heights_free(&hs);
}
