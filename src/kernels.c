#include "kernels.h"

#include <stdint.h>
#include <string.h>

/* Short runs are common (block size 1, or blocks cut by the other side's
 * blocks); a typed loop beats a call to memcpy there. */
static inline void copy_elems(char *restrict dst, const char *restrict src, bcr_idx len,
                              size_t es)
{
    if (len * (bcr_idx)es >= 256) {
        memcpy(dst, src, (size_t)len * es);
        return;
    }
    switch (es) {
    case 4:
        for (bcr_idx i = 0; i < len; i++)
            memcpy(dst + 4 * i, src + 4 * i, 4);
        break;
    case 8:
        for (bcr_idx i = 0; i < len; i++)
            memcpy(dst + 8 * i, src + 8 * i, 8);
        break;
    case 16:
        for (bcr_idx i = 0; i < len; i++)
            memcpy(dst + 16 * i, src + 16 * i, 16);
        break;
    default:
        memcpy(dst, src, (size_t)len * es);
    }
}

/* The rows of run r that the mask keeps in a column whose kept rows are
 * [lo, hi): returns the count and the offset of the first inside r. */
static inline bcr_idx clip(const bcr_run *r, bcr_idx lo, bcr_idx hi, bcr_idx *skip)
{
    bcr_idx s = r->k0 > lo ? r->k0 : lo;
    bcr_idx e = r->k0 + r->len < hi ? r->k0 + r->len : hi;
    *skip = s - r->k0;
    return e > s ? e - s : 0;
}

bcr_idx bcr_kernel_count(bcr_runspan rows, bcr_runspan cols, const bcr_mask *mk)
{
    bcr_idx nrows = 0, ncols = 0;
    for (bcr_idx i = 0; i < rows.n; i++)
        nrows += rows.runs[i].len;
    for (bcr_idx i = 0; i < cols.n; i++)
        ncols += cols.runs[i].len;
    if (!mk->trapezoid)
        return nrows * ncols;
    bcr_idx total = 0;
    for (bcr_idx c = 0; c < cols.n; c++)
        for (bcr_idx t = 0; t < cols.runs[c].len; t++) {
            bcr_idx lo, hi, skip;
            bcr_mask_rows(mk, cols.runs[c].k0 + t, &lo, &hi);
            for (bcr_idx i = 0; i < rows.n; i++)
                total += clip(&rows.runs[i], lo, hi, &skip);
        }
    return total;
}

/* One walk serves pack, unpack and copy, so all three visit elements in the
 * same order; a packed buffer side ignores its leading dimension. */
enum walk { PACK, UNPACK, COPY };

static void walk(enum walk how, char *dst, bcr_idx ldd, const char *src, bcr_idx lds,
                 size_t es, bcr_runspan rows, bcr_runspan cols, const bcr_mask *mk)
{
    char *buf = how == PACK ? dst : NULL;
    const char *cbuf = how == UNPACK ? src : NULL;
    for (bcr_idx c = 0; c < cols.n; c++) {
        const bcr_run *cr = &cols.runs[c];
        for (bcr_idx t = 0; t < cr->len; t++) {
            bcr_idx lo = 0, hi = mk->m, skip;
            bcr_mask_rows(mk, cr->k0 + t, &lo, &hi);
            bcr_idx col_mine = (cr->mine + t), col_other = (cr->other + t);
            for (bcr_idx i = 0; i < rows.n; i++) {
                const bcr_run *rr = &rows.runs[i];
                bcr_idx len = clip(rr, lo, hi, &skip);
                if (len == 0)
                    continue;
                size_t bytes = (size_t)len * es;
                switch (how) {
                case PACK:
                    copy_elems(buf, src + ((size_t)(col_mine * lds + rr->mine + skip)) * es, len, es);
                    buf += bytes;
                    break;
                case UNPACK:
                    copy_elems(dst + ((size_t)(col_mine * ldd + rr->mine + skip)) * es, cbuf, len, es);
                    cbuf += bytes;
                    break;
                case COPY:
                    copy_elems(dst + ((size_t)(col_other * ldd + rr->other + skip)) * es,
                               src + ((size_t)(col_mine * lds + rr->mine + skip)) * es, len, es);
                    break;
                }
            }
        }
    }
}

void bcr_kernel_pack(char *buf, const char *a, bcr_idx lld, size_t es, bcr_runspan rows,
                     bcr_runspan cols, const bcr_mask *mk)
{
    walk(PACK, buf, 0, a, lld, es, rows, cols, mk);
}

void bcr_kernel_unpack(char *b, bcr_idx lld, const char *buf, size_t es, bcr_runspan rows,
                       bcr_runspan cols, const bcr_mask *mk)
{
    walk(UNPACK, b, lld, buf, 0, es, rows, cols, mk);
}

void bcr_kernel_copy(char *b, bcr_idx lldb, const char *a, bcr_idx llda, size_t es,
                     bcr_runspan rows, bcr_runspan cols, const bcr_mask *mk)
{
    walk(COPY, b, lldb, a, llda, es, rows, cols, mk);
}
