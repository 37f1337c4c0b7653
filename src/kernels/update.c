#include "kernels/update.h"

#include <complex.h>

#include "kernels/types.h"

/* Tiles of C and W that stay in the first-level cache together while one
 * is read across its leading dimension. */
#define TILE 32

#define CONJ_OF(x)                                                                             \
    _Generic((x), float _Complex: conjf(x), double _Complex: conj(x), default: (x))

static bcr_idx min_of(bcr_idx a, bcr_idx b) { return a < b ? a : b; }

/* One tile, with the operation and the scalars' case fixed, so that the
 * loop has no branch.  LOAD(i, j) is op(w)'s element (i, j). */
#define TILE_LOOP(T, LOAD, EXPR)                                                               \
    for (bcr_idx j = j0; j < j1; j++)                                                          \
        for (bcr_idx i = i0; i < i1; i++) {                                                    \
            T x = LOAD(i, j);                                                                  \
            T *cp = &c[i + j * ldc];                                                           \
            *cp = EXPR;                                                                        \
        }

/* PBLAS's cases of alpha and beta, over tiles of c of tr x tc. */
#define TILES(T, LOAD, tr, tc)                                                                 \
    for (bcr_idx j0 = 0; j0 < cols; j0 += (tc))                                                \
        for (bcr_idx i0 = 0; i0 < rows; i0 += (tr)) {                                          \
            bcr_idx i1 = min_of(rows, i0 + (tr)), j1 = min_of(cols, j0 + (tc));                \
            if (beta == (T)0) {                                                                \
                if (one)                                                                       \
                    TILE_LOOP(T, LOAD, x)                                                      \
                else                                                                           \
                    TILE_LOOP(T, LOAD, alpha * x)                                              \
            } else if (beta == (T)1) {                                                         \
                if (one)                                                                       \
                    TILE_LOOP(T, LOAD, x + *cp)                                                \
                else                                                                           \
                    TILE_LOOP(T, LOAD, alpha * x + *cp)                                        \
            } else if (one) {                                                                  \
                TILE_LOOP(T, LOAD, x + beta * *cp)                                             \
            } else {                                                                           \
                TILE_LOOP(T, LOAD, alpha * x + beta * *cp)                                     \
            }                                                                                  \
        }

#define LOAD_N(i, j) w[(i) + (j) * ldw]
#define LOAD_T(i, j) w[(j) + (i) * ldw]
#define LOAD_C(i, j) CONJ_OF(w[(j) + (i) * ldw])

#define DEFINE_UPDATE(ch, letter, T)                                                           \
    static void add_##ch(const bcr_update_op *u, char *cv, bcr_idx ldc, const char *wv,        \
                         bcr_idx ldw, bcr_idx rows, bcr_idx cols)                              \
    {                                                                                          \
        T *c = (T *)cv;                                                                        \
        const T *w = (const T *)wv;                                                            \
        const T alpha = *(const T *)u->alpha, beta = *(const T *)u->beta;                     \
        const int one = alpha == (T)1;                                                         \
        if (u->op == 'N') /* both read down their columns: whole columns at a time */          \
            TILES(T, LOAD_N, rows, 1)                                                          \
        else if (u->op == 'T')                                                                 \
            TILES(T, LOAD_T, TILE, TILE)                                                       \
        else                                                                                   \
            TILES(T, LOAD_C, TILE, TILE)                                                       \
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
BCR_FOR_EACH_TYPE(DEFINE_UPDATE)

#define ADD_CASE(ch, letter, T)                                                                        \
    case letter:                                                                               \
        add_##ch(u, c, ldc, w, ldw, rows, cols);                                               \
        return;
#define SCALE_CASE(ch, letter, T)                                                                      \
    case letter:                                                                               \
        scale_##ch(u, c, ldc, rows, cols);                                                     \
        return;
#define ZERO_CASE(ch, letter, T)                                                                       \
    case letter:                                                                               \
        return zero_##ch(x);

void bcr_update_add(const bcr_update_op *u, char *c, bcr_idx ldc, const char *w, bcr_idx ldw,
                    bcr_idx rows, bcr_idx cols)
{
    switch (u->type) {
        BCR_FOR_EACH_TYPE(ADD_CASE)
    }
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
