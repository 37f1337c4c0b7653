/* Element copies shared by the per-partner kernels (copy_pieces.c), the
 * one-scan kernels (scan.c) and the transpose: all sit in the innermost
 * loops, so they are inline. */
#ifndef BCR_KERNELS_COPY_ELEMS_H
#define BCR_KERNELS_COPY_ELEMS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/index.h"

/* How far ahead of a run its source is asked for (bcr_prefetch_ahead). */
#ifndef BCR_PREFETCH_AHEAD
#define BCR_PREFETCH_AHEAD 2048
#endif

/* Asks for the lines of [src, src + bytes) moved BCR_PREFETCH_AHEAD
 * bytes on: a source read front to back in short runs, taking turns with
 * other sources or with gaps between its runs, is one the hardware's
 * prefetcher falls behind on, and a short run can only wait for its
 * lines.  1 to 4 KiB ahead work alike on the standard set's case 13
 * (288-byte runs from two or three places a column); 512 bytes is too
 * close.  Only walks that take turns ask (bcr_row_order.turns): one
 * source read straight through is the prefetcher's own case, and asking
 * there only adds instructions (the packs of cases 4, 5 and 11 slow down
 * by a fifth to a half). */
static inline void bcr_prefetch_ahead(const char *src, size_t bytes)
{
    uintptr_t at = ((uintptr_t)src + BCR_PREFETCH_AHEAD) & ~(uintptr_t)63;
    uintptr_t end = (uintptr_t)src + BCR_PREFETCH_AHEAD + bytes;
    for (; at < end; at += 64)
        __builtin_prefetch((const char *)at);
}

/* Short runs are common, and a call to memcpy costs as much as copying
 * one.  Below 256 bytes: 16 bytes a move, the last move ending at the
 * run's end (overlapping the one before where the length is not a
 * multiple of 16: dst and src never overlap each other); below 16 bytes,
 * moves of 8 and 4 (every element size is a multiple of 4). */
static inline void bcr_copy_elems(char *restrict dst, const char *restrict src, bcr_idx len,
                                  size_t es)
{
    size_t bytes = (size_t)len * es;
    if (bytes >= 256 || (es & 3)) {
        memcpy(dst, src, bytes);
        return;
    }
    if (bytes >= 16) {
        size_t at = 0;
        for (; at + 16 < bytes; at += 16)
            memcpy(dst + at, src + at, 16);
        memcpy(dst + bytes - 16, src + bytes - 16, 16);
        return;
    }
    if (bytes >= 8) {
        memcpy(dst, src, 8);
        memcpy(dst + bytes - 8, src + bytes - 8, 8);
    } else if (bytes == 4) {
        memcpy(dst, src, 4);
    }
}

/* Single elements at strides: the block-size-1 pattern.  Strides are in
 * elements; a stride of 1 on the buffer side is a packed buffer. */
#define BCR_STRIDED(NAME, T)                                                   \
    static inline void NAME(char *dst, bcr_idx dstep, const char *src, bcr_idx sstep, \
                            bcr_idx count)                                     \
    {                                                                          \
        T *d = (T *)(void *)dst;                                               \
        const T *s = (const T *)(const void *)src;                             \
        for (bcr_idx c = 0; c < count; c++)                                    \
            memcpy(&d[c * dstep], &s[c * sstep], sizeof(T));                   \
    }
typedef struct { char b[4]; } bcr_e4;
typedef struct { char b[8]; } bcr_e8;
typedef struct { char b[16]; } bcr_e16;
BCR_STRIDED(bcr_strided_4, bcr_e4)
BCR_STRIDED(bcr_strided_8, bcr_e8)
BCR_STRIDED(bcr_strided_16, bcr_e16)

static inline void bcr_copy_strided(char *dst, bcr_idx dstep, const char *src, bcr_idx sstep,
                                    bcr_idx count, size_t es)
{
    switch (es) {
    case 4: bcr_strided_4(dst, dstep, src, sstep, count); break;
    case 8: bcr_strided_8(dst, dstep, src, sstep, count); break;
    case 16: bcr_strided_16(dst, dstep, src, sstep, count); break;
    default:
        for (bcr_idx c = 0; c < count; c++)
            memcpy(dst + (size_t)(c * dstep) * es, src + (size_t)(c * sstep) * es, es);
    }
}

/* Rows of the run starting at k0 (length len) that a column keeping rows
 * [lo, hi) keeps: returns the count and the offset of the first. */
static inline bcr_idx bcr_clip_run(bcr_idx k0, bcr_idx len, bcr_idx lo, bcr_idx hi,
                                   bcr_idx *skip)
{
    bcr_idx s = k0 > lo ? k0 : lo;
    bcr_idx e = k0 + len < hi ? k0 + len : hi;
    *skip = s - k0;
    return e > s ? e - s : 0;
}

#endif
