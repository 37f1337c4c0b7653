/* Generated from cmake/bcr_types.cmake by cmake/generate_bindings.cmake: do not edit by hand. */
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

void bcr_psgemr2d_(const bcr_int *m, const bcr_int *n, const float *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, float *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt);
void bcr_psgemr2d_(const bcr_int *m, const bcr_int *n, const float *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, float *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt)
{
    bcr_psgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void bcr_pdgemr2d_(const bcr_int *m, const bcr_int *n, const double *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, double *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt);
void bcr_pdgemr2d_(const bcr_int *m, const bcr_int *n, const double *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, double *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt)
{
    bcr_pdgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void bcr_pcgemr2d_(const bcr_int *m, const bcr_int *n, const float _Complex *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, float _Complex *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt);
void bcr_pcgemr2d_(const bcr_int *m, const bcr_int *n, const float _Complex *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, float _Complex *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt)
{
    bcr_pcgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void bcr_pzgemr2d_(const bcr_int *m, const bcr_int *n, const double _Complex *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, double _Complex *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt);
void bcr_pzgemr2d_(const bcr_int *m, const bcr_int *n, const double _Complex *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, double _Complex *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt)
{
    bcr_pzgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void bcr_pigemr2d_(const bcr_int *m, const bcr_int *n, const bcr_int *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, bcr_int *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt);
void bcr_pigemr2d_(const bcr_int *m, const bcr_int *n, const bcr_int *a,
                   const bcr_int *ia, const bcr_int *ja, const bcr_int *desca, bcr_int *b,
                   const bcr_int *ib, const bcr_int *jb, const bcr_int *descb,
                   const bcr_int *ictxt)
{
    bcr_pigemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void bcr_pstrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const float *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, float *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt);
void bcr_pstrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const float *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, float *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt)
{
    bcr_pstrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void bcr_pdtrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const double *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, double *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt);
void bcr_pdtrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const double *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, double *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt)
{
    bcr_pdtrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void bcr_pctrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const float _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, float _Complex *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt);
void bcr_pctrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const float _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, float _Complex *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt)
{
    bcr_pctrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void bcr_pztrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const double _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, double _Complex *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt);
void bcr_pztrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const double _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, double _Complex *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt)
{
    bcr_pztrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void bcr_pitrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const bcr_int *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, bcr_int *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt);
void bcr_pitrmr2d_(const char *uplo, const char *diag, const bcr_int *m,
                   const bcr_int *n, const bcr_int *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, bcr_int *b, const bcr_int *ib, const bcr_int *jb,
                   const bcr_int *descb, const bcr_int *ictxt)
{
    bcr_pitrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

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
