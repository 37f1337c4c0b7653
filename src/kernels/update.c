#include "kernels/update.h"

#include <complex.h>

#include "kernels/types.h"

/* PBLAS's cases of alpha and beta (kernels/update.h), each its own
 * expression so that a constant case leaves a loop without branches.
 * Where alpha is 0, x is not read: C is only scaled. */
enum { X, AX, X_C, AX_C, X_BC, AX_BC, ZERO, BC };

static int case_of(int alpha_zero, int alpha_one, int beta_zero, int beta_one)
{
    if (alpha_zero)
        return beta_zero ? ZERO : BC; /* beta = 1 leaves C as it is: no walk */
    if (beta_zero)
        return alpha_one ? X : AX;
    if (beta_one)
        return alpha_one ? X_C : AX_C;
    return alpha_one ? X_BC : AX_BC;
}

#define CONJ_OF(x)                                                                             \
    _Generic((x), float _Complex: conjf(x), double _Complex: conj(x), default: (x))

#define INLINE static inline __attribute__((always_inline))

/* Register tiles of a transposition: MR rows of C (read across x) by NR
 * columns (read down x), held in locals between the reads and the writes,
 * by the type's letter L; cache tiles of 2 KiB by 2 KiB, whose x and C
 * lines stay in the first two levels while the register tiles cross them,
 * and whose pages stay in the TLB.  Chosen by timing 4096 x 4096
 * transposes of every type (docs/performance.md, "Update kernels"). */
#define MR_OF(L) ((L) == 'd' ? 8 : 4)
#define NR_OF(L) ((L) == 'd' || (L) == 'z' ? 4 : 8)
#define IB_OF(T) ((bcr_idx)(2048 / sizeof(T)))
#define JB_OF(T) ((bcr_idx)(2048 / sizeof(T)))

static bcr_idx min_of(bcr_idx a, bcr_idx b) { return a < b ? a : b; }

/* For one type T: the element's new value, and the three walks of a
 * block, each with the case (k) and the conjugation (cj) constant where
 * it is called. */
#define DEFINE_UPDATE(ch, letter, T)                                                           \
    INLINE T value_##ch(int k, int cj, T alpha, T beta, const T *wp, const T *cp)              \
    {                                                                                          \
        if (k == ZERO)                                                                         \
            return (T)0;                                                                       \
        if (k == BC)                                                                           \
            return beta * *cp;                                                                 \
        T x = cj ? CONJ_OF(*wp) : *wp;                                                         \
        switch (k) {                                                                           \
        case X: return x;                                                                      \
        case AX: return alpha * x;                                                             \
        case X_C: return x + *cp;                                                              \
        case AX_C: return alpha * x + *cp;                                                     \
        case X_BC: return x + beta * *cp;                                                      \
        default: return alpha * x + beta * *cp;                                                \
        }                                                                                      \
    }                                                                                          \
    /* c and x both contiguous down i: column by column. */                                    \
    INLINE void columns_##ch(int k, int cj, T alpha, T beta, T *c, bcr_idx ccs, const T *w,    \
                             bcr_idx wcs, bcr_idx rows, bcr_idx cols)                          \
    {                                                                                          \
        for (bcr_idx j = 0; j < cols; j++) {                                                   \
            T *cp = c + j * ccs; /* may be wp itself: an add in place */                      \
            const T *wp = w + j * wcs;                                                         \
            for (bcr_idx i = 0; i < rows; i++)                                                 \
                cp[i] = value_##ch(k, cj, alpha, beta, &wp[i], &cp[i]);                        \
        }                                                                                      \
    }                                                                                          \
    /* Any strides. */                                                                         \
    INLINE void strided_##ch(int k, int cj, T alpha, T beta, T *c, bcr_idx crs, bcr_idx ccs,   \
                             const T *w, bcr_idx wrs, bcr_idx wcs, bcr_idx rows, bcr_idx cols) \
    {                                                                                          \
        for (bcr_idx j = 0; j < cols; j++)                                                     \
            for (bcr_idx i = 0; i < rows; i++) {                                               \
                T *cp = c + i * crs + j * ccs;                                                 \
                *cp = value_##ch(k, cj, alpha, beta, &w[i * wrs + j * wcs], cp);               \
            }                                                                                  \
    }                                                                                          \
    /* c contiguous down i, x across j: a transposition, in tiles. */                          \
    INLINE void tiles_##ch(int k, int cj, T alpha, T beta, T *c, bcr_idx ccs, const T *w,      \
                           bcr_idx wrs, bcr_idx rows, bcr_idx cols)                            \
    {                                                                                          \
        enum { MR = MR_OF(letter), NR = NR_OF(letter) };                                                 \
        for (bcr_idx j0 = 0; j0 < cols; j0 += JB_OF(T))                                        \
            for (bcr_idx i0 = 0; i0 < rows; i0 += IB_OF(T)) {                                  \
                bcr_idx i1 = min_of(rows, i0 + IB_OF(T)), j1 = min_of(cols, j0 + JB_OF(T));    \
                bcr_idx ie = i0 + (i1 - i0) / MR * MR, je = j0 + (j1 - j0) / NR * NR;          \
                for (bcr_idx j = j0; j < je; j += NR)                                          \
                    for (bcr_idx i = i0; i < ie; i += MR) {                                    \
                        T t[NR][MR];                                                           \
                        for (int ii = 0; ii < MR && k != ZERO && k != BC; ii++)                \
                            for (int jj = 0; jj < NR; jj++)                                    \
                                t[jj][ii] = w[(i + ii) * wrs + j + jj];                        \
                        for (int jj = 0; jj < NR; jj++) {                                      \
                            T *cp = c + i + (j + jj) * ccs;                                    \
                            for (int ii = 0; ii < MR; ii++)                                    \
                                cp[ii] = value_##ch(k, cj, alpha, beta, &t[jj][ii], &cp[ii]);  \
                        }                                                                      \
                    }                                                                          \
                /* the edges the register tiles leave: rows ie.. i1, columns je.. j1 */        \
                strided_##ch(k, cj, alpha, beta, c + ie + j0 * ccs, 1, ccs,                    \
                             w + ie * wrs + j0, wrs, 1, i1 - ie, je - j0);                     \
                strided_##ch(k, cj, alpha, beta, c + i0 + je * ccs, 1, ccs,                    \
                             w + i0 * wrs + je, wrs, 1, i1 - i0, j1 - je);                     \
            }                                                                                  \
    }                                                                                          \
    static void block_##ch(const bcr_update_op *u, char *cv, bcr_idx crs, bcr_idx ccs,         \
                           const char *wv, bcr_idx wrs, bcr_idx wcs, bcr_idx rows,             \
                           bcr_idx cols)                                                       \
    {                                                                                          \
        T *c = (T *)cv;                                                                        \
        const T *w = (const T *)wv;                                                            \
        const T alpha = *(const T *)u->alpha, beta = *(const T *)u->beta;                     \
        int k = case_of(alpha == (T)0, alpha == (T)1, beta == (T)0, beta == (T)1);             \
        int cj = u->op == 'C';                                                                 \
        if (k == BC && beta == (T)1)                                                           \
            return;                                                                            \
        if (crs != 1 && ccs == 1) { /* make C contiguous down i */                             \
            bcr_idx t = rows;                                                                  \
            rows = cols, cols = t;                                                             \
            t = crs, crs = ccs, ccs = t;                                                       \
            t = wrs, wrs = wcs, wcs = t;                                                       \
        }                                                                                      \
        if (crs == 1 && wrs == 1)                                                              \
            SWITCH_CASES(columns_##ch, alpha, beta, c, ccs, w, wcs, rows, cols);               \
        else if (crs == 1 && wcs == 1)                                                         \
            SWITCH_CASES(tiles_##ch, alpha, beta, c, ccs, w, wrs, rows, cols);                 \
        else                                                                                   \
            SWITCH_CASES(strided_##ch, alpha, beta, c, crs, ccs, w, wrs, wcs, rows, cols);     \
    }                                                                                          \
    static void scale_##ch(const bcr_update_op *u, char *cv, bcr_idx ldc, bcr_idx rows,        \
                           bcr_idx cols)                                                       \
    {                                                                                          \
        T *c = (T *)cv;                                                                        \
        const T beta = *(const T *)u->beta;                                                    \
        if (beta == (T)1)                                                                      \
            return;                                                                            \
        for (bcr_idx j = 0; j < cols; j++)                                                     \
            for (bcr_idx i = 0; i < rows; i++)                                                 \
                c[i + j * ldc] = beta == (T)0 ? (T)0 : beta * c[i + j * ldc];                  \
    }                                                                                          \
    static int zero_##ch(const void *x) { return *(const T *)x == (T)0; }

/* fn(case, conjugate, ...) with both constant, for the case and
 * conjugation at hand. */
#define SWITCH_CASES(fn, ...)                                                                  \
    do {                                                                                       \
        switch (k * 2 + cj) {                                                                  \
        case 2 * X: fn(X, 0, __VA_ARGS__); break;                                              \
        case 2 * X + 1: fn(X, 1, __VA_ARGS__); break;                                          \
        case 2 * AX: fn(AX, 0, __VA_ARGS__); break;                                            \
        case 2 * AX + 1: fn(AX, 1, __VA_ARGS__); break;                                        \
        case 2 * X_C: fn(X_C, 0, __VA_ARGS__); break;                                          \
        case 2 * X_C + 1: fn(X_C, 1, __VA_ARGS__); break;                                      \
        case 2 * AX_C: fn(AX_C, 0, __VA_ARGS__); break;                                        \
        case 2 * AX_C + 1: fn(AX_C, 1, __VA_ARGS__); break;                                    \
        case 2 * X_BC: fn(X_BC, 0, __VA_ARGS__); break;                                        \
        case 2 * X_BC + 1: fn(X_BC, 1, __VA_ARGS__); break;                                    \
        case 2 * AX_BC: fn(AX_BC, 0, __VA_ARGS__); break;                                      \
        case 2 * AX_BC + 1: fn(AX_BC, 1, __VA_ARGS__); break;                                  \
        case 2 * ZERO:                                                                         \
        case 2 * ZERO + 1: fn(ZERO, 0, __VA_ARGS__); break;                                    \
        default: fn(BC, 0, __VA_ARGS__); break;                                                \
        }                                                                                      \
    } while (0)

BCR_FOR_EACH_TYPE(DEFINE_UPDATE)

#define BLOCK_CASE(ch, letter, T)                                                              \
    case letter:                                                                               \
        block_##ch(u, c, crs, ccs, w, wrs, wcs, rows, cols);                                   \
        return;
#define SCALE_CASE(ch, letter, T)                                                              \
    case letter:                                                                               \
        scale_##ch(u, c, ldc, rows, cols);                                                     \
        return;
#define ZERO_CASE(ch, letter, T)                                                               \
    case letter:                                                                               \
        return zero_##ch(x);

void bcr_update_block(const bcr_update_op *u, char *c, bcr_idx crs, bcr_idx ccs, const char *w,
                      bcr_idx wrs, bcr_idx wcs, bcr_idx rows, bcr_idx cols)
{
    if (rows <= 0 || cols <= 0)
        return;
    switch (u->type) {
        BCR_FOR_EACH_TYPE(BLOCK_CASE)
    }
}

void bcr_update_add(const bcr_update_op *u, char *c, bcr_idx ldc, const char *w, bcr_idx ldw,
                    bcr_idx rows, bcr_idx cols)
{
    if (u->op == 'N')
        bcr_update_block(u, c, 1, ldc, w, 1, ldw, rows, cols);
    else /* x(i, j) = w(j, i) */
        bcr_update_block(u, c, 1, ldc, w, ldw, 1, rows, cols);
}

void bcr_update_scale(const bcr_update_op *u, char *c, bcr_idx ldc, bcr_idx rows,
                      bcr_idx cols)
{
    switch (u->type) {
        BCR_FOR_EACH_TYPE(SCALE_CASE)
    }
}

int bcr_update_is_zero(char type, const void *x)
{
    switch (type) {
        BCR_FOR_EACH_TYPE(ZERO_CASE)
    }
    return 0;
}
