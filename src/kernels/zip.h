/* Two partners' single rows taking turns: x[0], y[0], x[1], y[1], ... to
 * consecutive places, for elements of 4, 8 and 16 bytes (block size 1 on
 * the other side of a 2-row grid).  A loop of single-element copies spends
 * an instruction or more per element on addressing alone, and the smaller
 * the element the larger that share; here 64 bytes of output at a time
 * come from four 16-byte loads and go out as four 16-byte stores, plain or
 * streaming (stream_copy.h). */
#ifndef BCR_KERNELS_ZIP_H
#define BCR_KERNELS_ZIP_H

#include <stddef.h>
#include <stdint.h>

#include "base/index.h"
#include "kernels/copy_elems.h"
#include "kernels/stream_copy.h"

/* One element of es bytes (4, 8 or 16; others a plain copy), streaming
 * when nt and dst is aligned to the element. */
static inline __attribute__((always_inline)) void bcr_put_elem(char *dst, const char *src,
                                                               size_t es, int nt)
{
#if defined(__x86_64__) && defined(__SSE2__)
    if (nt && !((uintptr_t)dst & (es - 1))) {
        if (es == 4) {
            bcr_stream_4(dst, src);
            return;
        }
        if (es == 8) {
            bcr_stream_8(dst, src);
            return;
        }
        if (es == 16) {
            bcr_stream_16(dst, src);
            return;
        }
    }
#else
    (void)nt;
#endif
    bcr_copy_elems(dst, src, 1, es);
}

/* count pairs, one element at a time: the general case, and the ends
 * around the vector loops. */
static inline __attribute__((always_inline)) void zip_each(char *dst, const char *x,
                                                           const char *y, bcr_idx count,
                                                           size_t es, int nt)
{
    for (bcr_idx c = 0; c < count; c++, dst += 2 * es, x += es, y += es) {
        bcr_put_elem(dst, x, es, nt);
        bcr_put_elem(dst + es, y, es, nt);
    }
}

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>

static inline __attribute__((always_inline)) void zip_store(char *dst, __m128i v, int nt)
{
    if (nt)
        _mm_stream_si128((__m128i *)(void *)dst, v);
    else
        _mm_storeu_si128((__m128i *)(void *)dst, v);
}

/* Pairs per 64-byte step: 8 of 4 bytes, 4 of 8, 2 of 16. */
static inline __attribute__((always_inline)) void zip_line(char *dst, const char *x,
                                                           const char *y, size_t es, int nt)
{
    const __m128i *xs = (const __m128i *)(const void *)x;
    const __m128i *ys = (const __m128i *)(const void *)y;
    __m128i u0 = _mm_loadu_si128(xs), u1 = _mm_loadu_si128(xs + 1);
    __m128i v0 = _mm_loadu_si128(ys), v1 = _mm_loadu_si128(ys + 1);
    __m128i o0, o1, o2, o3;
    if (es == 4) {
        o0 = _mm_unpacklo_epi32(u0, v0), o1 = _mm_unpackhi_epi32(u0, v0);
        o2 = _mm_unpacklo_epi32(u1, v1), o3 = _mm_unpackhi_epi32(u1, v1);
    } else if (es == 8) {
        o0 = _mm_unpacklo_epi64(u0, v0), o1 = _mm_unpackhi_epi64(u0, v0);
        o2 = _mm_unpacklo_epi64(u1, v1), o3 = _mm_unpackhi_epi64(u1, v1);
    } else {
        o0 = u0, o1 = v0, o2 = u1, o3 = v1;
    }
    zip_store(dst, o0, nt);
    zip_store(dst + 16, o1, nt);
    zip_store(dst + 32, o2, nt);
    zip_store(dst + 48, o3, nt);
}

static inline __attribute__((always_inline)) void zip_es(char *dst, const char *x, const char *y,
                                                         bcr_idx count, size_t es, int nt)
{
    /* Streaming stores need 16-byte alignment: a dst whose pairs can never
     * reach it (4-byte elements at 4 past 8, 8-byte ones at 8 past 16)
     * stores plainly.  Single pairs first, up to a line's start where the
     * pairs reach one, so that each line's four stores go out together. */
    size_t pair = 2 * es;
    if (nt && ((uintptr_t)dst & (pair < 16 ? pair - 1 : 15)))
        nt = 0;
    bcr_idx head = 0;
    while (nt && head < count && head < (bcr_idx)(64 / pair) &&
           (((uintptr_t)dst + pair * (size_t)head) & 63))
        head++;
    zip_each(dst, x, y, head, es, nt);
    bcr_idx per = (bcr_idx)(32 / es), c = head;
    dst += pair * (size_t)head, x += es * (size_t)head, y += es * (size_t)head;
    for (; c + per <= count; c += per, dst += 64, x += 32, y += 32)
        zip_line(dst, x, y, es, nt);
    zip_each(dst, x, y, count - c, es, nt);
}

static inline void bcr_zip(char *dst, const char *x, const char *y, bcr_idx count, size_t es,
                           int nt)
{
    switch (es) {
    case 4: nt ? zip_es(dst, x, y, count, 4, 1) : zip_es(dst, x, y, count, 4, 0); return;
    case 8: nt ? zip_es(dst, x, y, count, 8, 1) : zip_es(dst, x, y, count, 8, 0); return;
    case 16: nt ? zip_es(dst, x, y, count, 16, 1) : zip_es(dst, x, y, count, 16, 0); return;
    default: zip_each(dst, x, y, count, es, 0);
    }
}

#else

static inline void bcr_zip(char *dst, const char *x, const char *y, bcr_idx count, size_t es,
                           int nt)
{
    (void)nt;
    zip_each(dst, x, y, count, es, 0);
}

#endif

#endif
