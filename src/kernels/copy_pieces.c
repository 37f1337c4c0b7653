#include "kernels/copy_pieces.h"

#include <stdint.h>
#include <string.h>

#include "base/threads.h"
#include "kernels/copy_elems.h"
#include "kernels/stream_copy.h"

static bcr_idx group_rows(const bcr_rungroup *g, bcr_idx lo, bcr_idx hi)
{
    bcr_idx n = 0, skip;
    for (bcr_idx c = 0; c < g->count; c++)
        n += bcr_clip_run(g->k0 + c * g->kstep, g->len, lo, hi, &skip);
    return n;
}

bcr_idx bcr_kernel_count(bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk)
{
    bcr_idx nrows = bcr_groupspan_elems(rows), ncols = 0;
    for (bcr_idx i = 0; i < cols.n; i++)
        ncols += cols.runs[i].len;
    if (!mk->trapezoid)
        return nrows * ncols;
    bcr_idx total = 0;
    for (bcr_idx c = 0; c < cols.n; c++)
        for (bcr_idx t = 0; t < cols.runs[c].len; t++) {
            bcr_idx lo, hi;
            bcr_mask_rows(mk, cols.runs[c].k0 + t, &lo, &hi);
            bcr_group_iter it = bcr_groups_begin(&rows);
            bcr_rungroup g;
            while (bcr_groups_next(&it, &g))
                total += group_rows(&g, lo, hi);
        }
    return total;
}

/* One walk serves pack, unpack and copy, so all three visit elements in the
 * same order.  `dst` and `src` are element pointers to the start of the
 * current column on their side (or the buffer cursor). */
enum walk { PACK, UNPACK, COPY };

typedef struct {
    enum walk how;
    size_t es;
    char *dst;
    bcr_idx ldd;
    const char *src;
    bcr_idx lds;
    int nt; /* runs written with streaming stores (stream_copy.h) */
} walker;

/* Offsets of a run on the destination and source sides. */
static inline void run_ends(const walker *w, const bcr_rungroup *g, bcr_idx c, bcr_idx col_m,
                            bcr_idx col_o, bcr_idx *doff, bcr_idx *soff)
{
    bcr_idx mine = col_m * (w->how == UNPACK ? w->ldd : w->lds) + g->mine + c * g->mstep;
    bcr_idx other = col_o * w->ldd + g->other + c * g->ostep;
    *doff = *soff = 0;
    switch (w->how) {
    case PACK: *doff = 0; *soff = mine; break;
    case UNPACK: *doff = mine; *soff = 0; break;
    case COPY: *doff = other; *soff = mine; break;
    }
}

/* The walk over rows x cols; returns w with its buffer cursor moved past
 * what it walked, for a walk of the columns after these. */
static walker walk(walker w, bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk)
{
    size_t es = w.es;
    for (bcr_idx ci = 0; ci < cols.n; ci++) {
        const bcr_run *cr = &cols.runs[ci];
        for (bcr_idx t = 0; t < cr->len; t++) {
            bcr_idx lo, hi, col_m = cr->mine + t, col_o = cr->other + t;
            bcr_mask_rows(mk, cr->k0 + t, &lo, &hi);
            bcr_group_iter it = bcr_groups_begin(&rows);
            bcr_rungroup group;
            while (bcr_groups_next(&it, &group)) {
                const bcr_rungroup *g = &group;
                bcr_idx doff, soff;
                run_ends(&w, g, 0, col_m, col_o, &doff, &soff);
                if (!mk->trapezoid && g->len == 1 && g->count > 1) {
                    /* whole group kept: one strided loop */
                    bcr_idx dstep = w.how == PACK ? 1 : w.how == UNPACK ? g->mstep : g->ostep;
                    bcr_idx sstep = w.how == UNPACK ? 1 : g->mstep;
                    bcr_copy_strided(w.dst + (size_t)doff * es, dstep, w.src + (size_t)soff * es,
                                     sstep, g->count, es);
                    if (w.how == PACK)
                        w.dst += (size_t)g->count * es;
                    else if (w.how == UNPACK)
                        w.src += (size_t)g->count * es;
                    continue;
                }
                for (bcr_idx c = 0; c < g->count; c++) {
                    bcr_idx skip,
                        len = bcr_clip_run(g->k0 + c * g->kstep, g->len, lo, hi, &skip);
                    if (len == 0)
                        continue;
                    run_ends(&w, g, c, col_m, col_o, &doff, &soff);
                    /* the buffer side is a cursor: skip moves only local sides */
                    bcr_idx dskip = w.how == PACK ? 0 : skip, sskip = w.how == UNPACK ? 0 : skip;
                    char *d = w.dst + (size_t)(doff + dskip) * es;
                    const char *s = w.src + (size_t)(soff + sskip) * es;
                    if (w.nt)
                        bcr_stream_copy(d, s, (size_t)len * es);
                    else
                        bcr_copy_elems(d, s, len, es);
                    if (w.how == PACK)
                        w.dst += (size_t)len * es;
                    else if (w.how == UNPACK)
                        w.src += (size_t)len * es;
                }
            }
        }
    }
    return w;
}

/* A walk cut into column chunks for threads (base/threads.h): chunk k is
 * flat columns [first[k], first[k + 1]) of cols (the runs' columns in
 * turn), its buffer cursor that many elements further on. */
typedef struct {
    walker w;
    bcr_groupspan rows;
    bcr_runspan cols;
    const bcr_mask *mk;
    bcr_idx nchunks, flat;
} walk_chunks;

/* Flat column f of cols: run *i, column *t of it. */
static void flat_at(bcr_runspan cols, bcr_idx f, bcr_idx *i, bcr_idx *t)
{
    bcr_idx k = 0;
    while (k < cols.n && f >= cols.runs[k].len)
        f -= cols.runs[k++].len;
    *i = k;
    *t = f;
}

/* Run i's columns [t0, t1) as a run of their own. */
static bcr_run part_of(const bcr_run *r, bcr_idx t0, bcr_idx t1)
{
    bcr_run p = {r->k0 + t0, t1 - t0, r->mine + t0, r->other + t0};
    return p;
}

/* The walk over flat columns [f0, f1): the run it starts in, cut; the
 * runs wholly inside; the run it ends in, cut.  Its buffer cursor starts
 * past the elements of the columns before f0. */
static void walk_part(const walk_chunks *c, bcr_idx f0, bcr_idx f1)
{
    walker w = c->w;
    bcr_idx i0, t0, i1, t1;
    flat_at(c->cols, f0, &i0, &t0);
    flat_at(c->cols, f1, &i1, &t1); /* f1 is past the end: i1 = n, t1 = 0 */
    bcr_runspan before = {c->cols.runs, i0};
    bcr_run head = part_of(&c->cols.runs[i0], 0, t0);
    bcr_runspan one = {&head, 1};
    bcr_idx skip = bcr_kernel_count(c->rows, before, c->mk) +
                   (t0 > 0 ? bcr_kernel_count(c->rows, one, c->mk) : 0);
    if (w.how == PACK)
        w.dst += (size_t)skip * w.es;
    else if (w.how == UNPACK)
        w.src += (size_t)skip * w.es;
    if (i0 == i1) {
        head = part_of(&c->cols.runs[i0], t0, t1);
        walk(w, c->rows, one, c->mk);
        return;
    }
    head = part_of(&c->cols.runs[i0], t0, c->cols.runs[i0].len);
    w = walk(w, c->rows, one, c->mk);
    bcr_runspan inside = {c->cols.runs + i0 + 1, i1 - i0 - 1};
    w = walk(w, c->rows, inside, c->mk);
    if (t1 > 0) {
        head = part_of(&c->cols.runs[i1], 0, t1);
        walk(w, c->rows, one, c->mk);
    }
}

static void walk_chunk(void *ctx, bcr_idx k, int thread)
{
    const walk_chunks *c = ctx;
    (void)thread;
    walk_part(c, c->flat * k / c->nchunks, c->flat * (k + 1) / c->nchunks);
    if (c->w.nt)
        bcr_stream_fence(); /* this thread's streaming stores */
}

/* The walk across the threads its bytes earn, or on this one. */
static void walk_threaded(walker w, bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk)
{
    bcr_idx flat = 0;
    for (bcr_idx i = 0; i < cols.n; i++)
        flat += cols.runs[i].len;
    int nt = bcr_threads_for((size_t)(bcr_groupspan_elems(rows) * flat) * w.es);
    if (nt <= 1 || flat < 2) {
        walk(w, rows, cols, mk);
        return;
    }
    bcr_idx n = BCR_PIECES_PER_THREAD * (bcr_idx)nt;
    walk_chunks c = {w, rows, cols, mk, n < flat ? n : flat, flat};
    bcr_threads_each(nt, c.nchunks, walk_chunk, &c);
}

void bcr_kernel_pack(char *buf, const char *a, bcr_idx lld, size_t es, bcr_groupspan rows,
                     bcr_runspan cols, const bcr_mask *mk)
{
    walker w = {PACK, es, buf, 0, a, lld, 0};
    walk_threaded(w, rows, cols, mk);
}

void bcr_kernel_unpack(char *b, bcr_idx lld, const char *buf, size_t es, bcr_groupspan rows,
                       bcr_runspan cols, const bcr_mask *mk)
{
    walker w = {UNPACK, es, b, lld, buf, 0, 0};
    walk_threaded(w, rows, cols, mk);
}

void bcr_kernel_copy(char *b, bcr_idx lldb, const char *a, bcr_idx llda, size_t es,
                     bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk, int nt)
{
    walker w = {COPY, es, b, lldb, a, llda, nt};
    walk_threaded(w, rows, cols, mk);
}
