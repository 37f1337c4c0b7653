/* The ten typed entry points, stamped out from one template. */
#include "bcredist.h"
#include "redist.h"

#define BCR_DEFINE_GEMR2D(ch, T)                                               \
    void bcr_p##ch##gemr2d(int m, int n, const T *a, int ia, int ja,          \
                           const int *desca, T *b, int ib, int jb,            \
                           const int *descb, int ictxt)                       \
    {                                                                          \
        bcr_request rq = {"bcr_p" #ch "gemr2d", 0, NULL, NULL, sizeof(T), m, n, \
                          a, ia, ja, desca, b, ib, jb, descb, ictxt, 0};      \
        bcr_redistribute(&rq);                                                 \
    }

#define BCR_DEFINE_TRMR2D(ch, T)                                               \
    void bcr_p##ch##trmr2d(const char *uplo, const char *diag, int m, int n,  \
                           const T *a, int ia, int ja, const int *desca,      \
                           T *b, int ib, int jb, const int *descb, int ictxt) \
    {                                                                          \
        bcr_request rq = {"bcr_p" #ch "trmr2d", 1, uplo, diag, sizeof(T), m, n, \
                          a, ia, ja, desca, b, ib, jb, descb, ictxt, 0};      \
        bcr_redistribute(&rq);                                                 \
    }

#define BCR_DEFINE_BOTH(ch, T) BCR_DEFINE_GEMR2D(ch, T) BCR_DEFINE_TRMR2D(ch, T)

BCR_DEFINE_BOTH(s, float)
BCR_DEFINE_BOTH(d, double)
BCR_DEFINE_BOTH(c, float _Complex)
BCR_DEFINE_BOTH(z, double _Complex)
BCR_DEFINE_BOTH(i, int)
