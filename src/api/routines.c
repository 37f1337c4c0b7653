/* The ten typed entry points. */
#include "api/arguments.h"
#include "bcredist.h"

#define BCR_DEFINE_GEMR2D(ch, T)                                                           \
    void bcr_p##ch##gemr2d(bcr_int m, bcr_int n, const T *a, bcr_int ia, bcr_int ja,      \
                           const bcr_int *desca, T *b, bcr_int ib, bcr_int jb,            \
                           const bcr_int *descb, bcr_int ictxt)                           \
    {                                                                                      \
        bcr_call_gemr2d("bcr_p" #ch "gemr2d", sizeof(T), m, n, a, ia, ja, desca, b, ib, jb, \
                        descb, ictxt);                                                     \
    }

#define BCR_DEFINE_TRMR2D(ch, T)                                                           \
    void bcr_p##ch##trmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,      \
                           const T *a, bcr_int ia, bcr_int ja, const bcr_int *desca, T *b, \
                           bcr_int ib, bcr_int jb, const bcr_int *descb, bcr_int ictxt)   \
    {                                                                                      \
        bcr_call_trmr2d("bcr_p" #ch "trmr2d", sizeof(T), uplo, diag, m, n, a, ia, ja, desca, \
                        b, ib, jb, descb, ictxt);                                          \
    }

#define BCR_DEFINE_BOTH(ch, T) BCR_DEFINE_GEMR2D(ch, T) BCR_DEFINE_TRMR2D(ch, T)

BCR_DEFINE_BOTH(s, float)
BCR_DEFINE_BOTH(d, double)
BCR_DEFINE_BOTH(c, float _Complex)
BCR_DEFINE_BOTH(z, double _Complex)
BCR_DEFINE_BOTH(i, bcr_int)

size_t bcr_type_size(char type)
{
    switch (type) {
    case 's': return sizeof(float);
    case 'd': return sizeof(double);
    case 'c': return sizeof(float _Complex);
    case 'z': return sizeof(double _Complex);
    case 'i': return sizeof(bcr_int);
    default: return 0;
    }
}
