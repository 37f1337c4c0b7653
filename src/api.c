/* The ten typed entry points, stamped out from one template.  Their
 * integers are bcr_int (64-bit in an ILP64 build); wide.c narrows them. */
#include "bcredist.h"
#include "wide.h"

#define BCR_DEFINE_GEMR2D(ch, T)                                               \
    void bcr_p##ch##gemr2d(bcr_int m, bcr_int n, const T *a, bcr_int ia,      \
                           bcr_int ja, const bcr_int *desca, T *b, bcr_int ib, \
                           bcr_int jb, const bcr_int *descb, bcr_int ictxt)   \
    {                                                                          \
        bcr_wide_args w = {m, n, ia, ja, desca, ib, jb, descb, ictxt};        \
        bcr_request rq = {"bcr_p" #ch "gemr2d", 0, NULL, NULL, sizeof(T), 0, 0, \
                          a, 0, 0, NULL, b, 0, 0, NULL, 0, 0};                \
        bcr_wide_redistribute(&rq, &w);                                        \
    }

#define BCR_DEFINE_TRMR2D(ch, T)                                               \
    void bcr_p##ch##trmr2d(const char *uplo, const char *diag, bcr_int m,     \
                           bcr_int n, const T *a, bcr_int ia, bcr_int ja,     \
                           const bcr_int *desca, T *b, bcr_int ib, bcr_int jb, \
                           const bcr_int *descb, bcr_int ictxt)               \
    {                                                                          \
        bcr_wide_args w = {m, n, ia, ja, desca, ib, jb, descb, ictxt};        \
        bcr_request rq = {"bcr_p" #ch "trmr2d", 1, uplo, diag, sizeof(T), 0, 0, \
                          a, 0, 0, NULL, b, 0, 0, NULL, 0, 0};                \
        bcr_wide_redistribute(&rq, &w);                                        \
    }

#define BCR_DEFINE_BOTH(ch, T) BCR_DEFINE_GEMR2D(ch, T) BCR_DEFINE_TRMR2D(ch, T)

BCR_DEFINE_BOTH(s, float)
BCR_DEFINE_BOTH(d, double)
BCR_DEFINE_BOTH(c, float _Complex)
BCR_DEFINE_BOTH(z, double _Complex)
BCR_DEFINE_BOTH(i, bcr_int)
