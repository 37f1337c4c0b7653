/* Copies that write their destination with non-temporal stores: the lines
 * go to memory without first being read into the cache, where a plain
 * store reads every line it writes.  For data far larger than the caches,
 * written once and read later by another process, that read is a third of
 * the memory traffic of a copy.  Stores of this kind are weakly ordered:
 * bcr_stream_fence before anyone is told the data is there. */
#ifndef BCR_KERNELS_STREAM_COPY_H
#define BCR_KERNELS_STREAM_COPY_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/index.h"

#if defined(__x86_64__) && defined(__SSE2__)
#include <emmintrin.h>

static inline void bcr_stream_4(char *d, const char *s)
{
    int v;
    memcpy(&v, s, 4);
    _mm_stream_si32((int *)(void *)d, v);
}

static inline void bcr_stream_8(char *d, const char *s)
{
    long long v;
    memcpy(&v, s, 8);
    _mm_stream_si64((long long *)(void *)d, v);
}

static inline void bcr_stream_16(char *d, const char *s)
{
    _mm_stream_si128((__m128i *)(void *)d, _mm_loadu_si128((const __m128i *)(const void *)s));
}

/* 64 bytes of dst (16-aligned), their four loads issued before their
 * stores: a line's streaming stores then follow each other with nothing
 * between, and the loads of the next line are not held behind them (a
 * load and a store at a time leaves the write-combining buffers half
 * used, and the copy runs at about a memcpy's speed instead of faster). */
static inline void bcr_stream_line(char *dst, const char *src)
{
    const __m128i *s = (const __m128i *)(const void *)src;
    __m128i *d = (__m128i *)(void *)dst;
    __m128i x0 = _mm_loadu_si128(s), x1 = _mm_loadu_si128(s + 1);
    __m128i x2 = _mm_loadu_si128(s + 2), x3 = _mm_loadu_si128(s + 3);
    _mm_stream_si128(d, x0);
    _mm_stream_si128(d + 1, x1);
    _mm_stream_si128(d + 2, x2);
    _mm_stream_si128(d + 3, x3);
}

/* bcr_stream_copy where dst or bytes is not a multiple of 16: dst at
 * least 4-aligned for the streaming path, as every element type here is. */
static inline void bcr_stream_copy_any(char *dst, const char *src, size_t bytes)
{
    if (((uintptr_t)dst & 3) || (bytes & 3)) {
        memcpy(dst, src, bytes);
        return;
    }
    if (((uintptr_t)dst & 4) && bytes >= 4) {
        bcr_stream_4(dst, src);
        dst += 4, src += 4, bytes -= 4;
    }
    if (((uintptr_t)dst & 8) && bytes >= 8) {
        bcr_stream_8(dst, src);
        dst += 8, src += 8, bytes -= 8;
    }
    for (; bytes >= 16 && ((uintptr_t)dst & 63); dst += 16, src += 16, bytes -= 16)
        bcr_stream_16(dst, src);
    for (; bytes >= 64; dst += 64, src += 64, bytes -= 64)
        bcr_stream_line(dst, src);
    for (; bytes >= 16; dst += 16, src += 16, bytes -= 16)
        bcr_stream_16(dst, src);
    if (bytes >= 8) {
        bcr_stream_8(dst, src);
        dst += 8, src += 8, bytes -= 8;
    }
    if (bytes >= 4)
        bcr_stream_4(dst, src);
}

/* bytes from src to dst, any alignment of src.  A destination 16 bytes
 * apart from the 64-byte lines (malloc's arrays are, and so every column
 * of B whose leading dimension is a multiple of 8 doubles) goes four
 * stores at a time straight through: lining the stores up first would
 * cost a loop of single stores at both ends of every run, and most runs
 * are short.  Inlined wherever it is used: a call costs as much as a
 * short run. */
static inline __attribute__((always_inline)) void bcr_stream_copy(char *dst, const char *src,
                                                                  size_t bytes)
{
    if ((((uintptr_t)dst | bytes) & 15) == 0) {
        for (; bytes >= 64; dst += 64, src += 64, bytes -= 64)
            bcr_stream_line(dst, src);
        for (; bytes; dst += 16, src += 16, bytes -= 16)
            bcr_stream_16(dst, src);
        return;
    }
    bcr_stream_copy_any(dst, src, bytes);
}

/* count elements of es bytes, src at a stride of sstep elements, to
 * consecutive places at dst. */
static inline void bcr_stream_strided(char *dst, const char *src, bcr_idx sstep, bcr_idx count,
                                      size_t es)
{
    size_t step = (size_t)sstep * es;
    if (es == 8 && !((uintptr_t)dst & 7)) {
        /* Two elements a store: 8-byte streaming stores cost more than
         * plain ones here, 16-byte ones less. */
        bcr_idx c = 0;
        if (count > 0 && ((uintptr_t)dst & 8)) {
            bcr_stream_8(dst, src);
            c++, dst += 8, src += step;
        }
        for (; c + 2 <= count; c += 2, dst += 16, src += 2 * step) {
            long long lo, hi;
            memcpy(&lo, src, 8);
            memcpy(&hi, src + step, 8);
            _mm_stream_si128((__m128i *)(void *)dst, _mm_set_epi64x(hi, lo));
        }
        if (c < count)
            bcr_stream_8(dst, src);
    } else if (es == 4 && !((uintptr_t)dst & 3)) {
        for (bcr_idx c = 0; c < count; c++, dst += 4, src += step)
            bcr_stream_4(dst, src);
    } else {
        for (bcr_idx c = 0; c < count; c++, dst += es, src += step)
            bcr_stream_copy(dst, src, es);
    }
}

static inline void bcr_stream_fence(void) { _mm_sfence(); }

#else

static inline void bcr_stream_copy(char *dst, const char *src, size_t bytes)
{
    memcpy(dst, src, bytes);
}

static inline void bcr_stream_strided(char *dst, const char *src, bcr_idx sstep, bcr_idx count,
                                      size_t es)
{
    for (bcr_idx c = 0; c < count; c++)
        memcpy(dst + (size_t)c * es, src + (size_t)(c * sstep) * es, es);
}

static inline void bcr_stream_fence(void) {}

#endif

#endif
