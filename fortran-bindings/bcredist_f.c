/* Fortran-callable bcredist: bcr_p?gemr2d_ and bcr_p?trmr2d_ take every
 * argument by reference, which is what gfortran passes for
 * `call bcr_pdgemr2d(...)` without an interface; the `bcredist` module
 * (bcredist.f90) binds its explicit interfaces to these same symbols.
 *
 * As in ScaLAPACK's p?trmr2d_, only *uplo and *diag are read: the hidden
 * string lengths a Fortran caller may append are ignored. */
#include "bcredist.h"

#define BCR_F_GEMR2D(ch, T)                                                    \
    void bcr_p##ch##gemr2d_(const int *m, const int *n, const T *a,           \
                            const int *ia, const int *ja, const int *desca,   \
                            T *b, const int *ib, const int *jb,               \
                            const int *descb, const int *ictxt);              \
    void bcr_p##ch##gemr2d_(const int *m, const int *n, const T *a,           \
                            const int *ia, const int *ja, const int *desca,   \
                            T *b, const int *ib, const int *jb,               \
                            const int *descb, const int *ictxt)               \
    {                                                                          \
        bcr_p##ch##gemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb,     \
                          *ictxt);                                             \
    }

#define BCR_F_TRMR2D(ch, T)                                                    \
    void bcr_p##ch##trmr2d_(const char *uplo, const char *diag, const int *m, \
                            const int *n, const T *a, const int *ia,          \
                            const int *ja, const int *desca, T *b,            \
                            const int *ib, const int *jb, const int *descb,   \
                            const int *ictxt);                                \
    void bcr_p##ch##trmr2d_(const char *uplo, const char *diag, const int *m, \
                            const int *n, const T *a, const int *ia,          \
                            const int *ja, const int *desca, T *b,            \
                            const int *ib, const int *jb, const int *descb,   \
                            const int *ictxt)                                 \
    {                                                                          \
        bcr_p##ch##trmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib,     \
                          *jb, descb, *ictxt);                                 \
    }

#define BCR_F_BOTH(ch, T) BCR_F_GEMR2D(ch, T) BCR_F_TRMR2D(ch, T)

BCR_F_BOTH(s, float)
BCR_F_BOTH(d, double)
BCR_F_BOTH(c, float _Complex)
BCR_F_BOTH(z, double _Complex)
BCR_F_BOTH(i, int)

/* `call bcr_finalize()` and `call bcr_set_error_mode(mode)` without the
 * module. */
void bcr_finalize_(void);
void bcr_finalize_(void)
{
    bcr_finalize();
}

void bcr_set_error_mode_(const int *mode);
void bcr_set_error_mode_(const int *mode)
{
    bcr_set_error_mode(*mode);
}
