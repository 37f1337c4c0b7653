#include "kernels/copy_pieces.h"

#include <stdint.h>
#include <string.h>

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

static void walk(walker w, bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk)
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
}

void bcr_kernel_pack(char *buf, const char *a, bcr_idx lld, size_t es, bcr_groupspan rows,
                     bcr_runspan cols, const bcr_mask *mk)
{
    walker w = {PACK, es, buf, 0, a, lld, 0};
    walk(w, rows, cols, mk);
}

void bcr_kernel_unpack(char *b, bcr_idx lld, const char *buf, size_t es, bcr_groupspan rows,
                       bcr_runspan cols, const bcr_mask *mk)
{
    walker w = {UNPACK, es, b, lld, buf, 0, 0};
    walk(w, rows, cols, mk);
}

void bcr_kernel_copy(char *b, bcr_idx lldb, const char *a, bcr_idx llda, size_t es,
                     bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk, int nt)
{
    walker w = {COPY, es, b, lldb, a, llda, nt};
    walk(w, rows, cols, mk);
}
