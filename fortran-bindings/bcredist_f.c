/* Fortran-callable bcredist: bcr_p?gemr2d_ and bcr_p?trmr2d_ take every
 * argument by reference, which is what gfortran passes for
 * `call bcr_pdgemr2d(...)` without an interface; the `bcredist` module
 * (bcredist.f90) binds its explicit interfaces to these same symbols.
 *
 * As in ScaLAPACK's p?trmr2d_, only *uplo and *diag are read: the hidden
 * string lengths a Fortran caller may append are ignored.
 *
 * Integers are bcr_int: 8 bytes in libbcredist_fortran_ilp64, which is
 * this file compiled with BCREDIST_ILP64. */
#include "bcredist.h"

#define BCR_F_GEMR2D(ch, T)                                                    \
    void bcr_p##ch##gemr2d_(const bcr_int *m, const bcr_int *n, const T *a,   \
                            const bcr_int *ia, const bcr_int *ja,             \
                            const bcr_int *desca, T *b, const bcr_int *ib,    \
                            const bcr_int *jb, const bcr_int *descb,          \
                            const bcr_int *ictxt);                            \
    void bcr_p##ch##gemr2d_(const bcr_int *m, const bcr_int *n, const T *a,   \
                            const bcr_int *ia, const bcr_int *ja,             \
                            const bcr_int *desca, T *b, const bcr_int *ib,    \
                            const bcr_int *jb, const bcr_int *descb,          \
                            const bcr_int *ictxt)                             \
    {                                                                          \
        bcr_p##ch##gemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb,     \
                          *ictxt);                                             \
    }

#define BCR_F_TRMR2D(ch, T)                                                    \
    void bcr_p##ch##trmr2d_(const char *uplo, const char *diag,               \
                            const bcr_int *m, const bcr_int *n, const T *a,   \
                            const bcr_int *ia, const bcr_int *ja,             \
                            const bcr_int *desca, T *b, const bcr_int *ib,    \
                            const bcr_int *jb, const bcr_int *descb,          \
                            const bcr_int *ictxt);                            \
    void bcr_p##ch##trmr2d_(const char *uplo, const char *diag,               \
                            const bcr_int *m, const bcr_int *n, const T *a,   \
                            const bcr_int *ia, const bcr_int *ja,             \
                            const bcr_int *desca, T *b, const bcr_int *ib,    \
                            const bcr_int *jb, const bcr_int *descb,          \
                            const bcr_int *ictxt)                             \
    {                                                                          \
        bcr_p##ch##trmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib,     \
                          *jb, descb, *ictxt);                                 \
    }

#define BCR_F_BOTH(ch, T) BCR_F_GEMR2D(ch, T) BCR_F_TRMR2D(ch, T)

BCR_F_BOTH(s, float)
BCR_F_BOTH(d, double)
BCR_F_BOTH(c, float _Complex)
BCR_F_BOTH(z, double _Complex)
BCR_F_BOTH(i, bcr_int)

/* `call bcr_finalize()` and `call bcr_set_error_mode(mode)` without the
 * module. */
void bcr_finalize_(void);
void bcr_finalize_(void)
{
    bcr_finalize();
}

void bcr_set_error_mode_(const bcr_int *mode);
void bcr_set_error_mode_(const bcr_int *mode)
{
    bcr_set_error_mode((int)*mode);
}
