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

void bcr_pstran_(const bcr_int *m, const bcr_int *n, const float *alpha,
                   const float *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const float *beta, float *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt);
void bcr_pstran_(const bcr_int *m, const bcr_int *n, const float *alpha,
                   const float *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const float *beta, float *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt)
{
    bcr_pstran(*m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc, *ictxt);
}

void bcr_pdtran_(const bcr_int *m, const bcr_int *n, const double *alpha,
                   const double *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const double *beta, double *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt);
void bcr_pdtran_(const bcr_int *m, const bcr_int *n, const double *alpha,
                   const double *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const double *beta, double *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt)
{
    bcr_pdtran(*m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc, *ictxt);
}

void bcr_pitran_(const bcr_int *m, const bcr_int *n, const bcr_int *alpha,
                   const bcr_int *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const bcr_int *beta, bcr_int *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt);
void bcr_pitran_(const bcr_int *m, const bcr_int *n, const bcr_int *alpha,
                   const bcr_int *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const bcr_int *beta, bcr_int *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt)
{
    bcr_pitran(*m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc, *ictxt);
}

void bcr_pctranu_(const bcr_int *m, const bcr_int *n, const float _Complex *alpha,
                   const float _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const float _Complex *beta, float _Complex *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt);
void bcr_pctranu_(const bcr_int *m, const bcr_int *n, const float _Complex *alpha,
                   const float _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const float _Complex *beta, float _Complex *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt)
{
    bcr_pctranu(*m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc, *ictxt);
}

void bcr_pztranu_(const bcr_int *m, const bcr_int *n, const double _Complex *alpha,
                   const double _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const double _Complex *beta, double _Complex *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt);
void bcr_pztranu_(const bcr_int *m, const bcr_int *n, const double _Complex *alpha,
                   const double _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const double _Complex *beta, double _Complex *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt)
{
    bcr_pztranu(*m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc, *ictxt);
}

void bcr_pctranc_(const bcr_int *m, const bcr_int *n, const float _Complex *alpha,
                   const float _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const float _Complex *beta, float _Complex *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt);
void bcr_pctranc_(const bcr_int *m, const bcr_int *n, const float _Complex *alpha,
                   const float _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const float _Complex *beta, float _Complex *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt)
{
    bcr_pctranc(*m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc, *ictxt);
}

void bcr_pztranc_(const bcr_int *m, const bcr_int *n, const double _Complex *alpha,
                   const double _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const double _Complex *beta, double _Complex *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt);
void bcr_pztranc_(const bcr_int *m, const bcr_int *n, const double _Complex *alpha,
                   const double _Complex *a, const bcr_int *ia, const bcr_int *ja,
                   const bcr_int *desca, const double _Complex *beta, double _Complex *c, const bcr_int *ic,
                   const bcr_int *jc, const bcr_int *descc, const bcr_int *ictxt)
{
    bcr_pztranc(*m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc, *ictxt);
}

void bcr_psgeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const float *alpha, const float *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const float *beta, float *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt);
void bcr_psgeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const float *alpha, const float *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const float *beta, float *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt)
{
    bcr_psgeadd(trans, *m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc,
                 *ictxt);
}

void bcr_pdgeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const double *alpha, const double *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const double *beta, double *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt);
void bcr_pdgeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const double *alpha, const double *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const double *beta, double *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt)
{
    bcr_pdgeadd(trans, *m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc,
                 *ictxt);
}

void bcr_pcgeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const float _Complex *alpha, const float _Complex *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const float _Complex *beta, float _Complex *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt);
void bcr_pcgeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const float _Complex *alpha, const float _Complex *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const float _Complex *beta, float _Complex *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt)
{
    bcr_pcgeadd(trans, *m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc,
                 *ictxt);
}

void bcr_pzgeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const double _Complex *alpha, const double _Complex *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const double _Complex *beta, double _Complex *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt);
void bcr_pzgeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const double _Complex *alpha, const double _Complex *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const double _Complex *beta, double _Complex *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt)
{
    bcr_pzgeadd(trans, *m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc,
                 *ictxt);
}

void bcr_pigeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const bcr_int *alpha, const bcr_int *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const bcr_int *beta, bcr_int *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt);
void bcr_pigeadd_(const char *trans, const bcr_int *m, const bcr_int *n,
                   const bcr_int *alpha, const bcr_int *a, const bcr_int *ia,
                   const bcr_int *ja, const bcr_int *desca, const bcr_int *beta, bcr_int *c,
                   const bcr_int *ic, const bcr_int *jc, const bcr_int *descc,
                   const bcr_int *ictxt)
{
    bcr_pigeadd(trans, *m, *n, *alpha, a, *ia, *ja, desca, *beta, c, *ic, *jc, descc,
                 *ictxt);
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

/* bcr_plan_create for the module: a trapezoid plan where trapezoid is
 * nonzero (uplo and diag then read), else a gemr2d plan. */
bcr_plan_t bcr_plan_create_f(char type, int trapezoid, char uplo, char diag, const bcr_int *m,
                             const bcr_int *n, const bcr_int *ia, const bcr_int *ja,
                             const bcr_int *desca, const bcr_int *ib, const bcr_int *jb,
                             const bcr_int *descb, const bcr_int *ictxt);
bcr_plan_t bcr_plan_create_f(char type, int trapezoid, char uplo, char diag, const bcr_int *m,
                             const bcr_int *n, const bcr_int *ia, const bcr_int *ja,
                             const bcr_int *desca, const bcr_int *ib, const bcr_int *jb,
                             const bcr_int *descb, const bcr_int *ictxt)
{
    char u[2] = {uplo, 0}, d[2] = {diag, 0};
    return bcr_plan_create(type, trapezoid ? u : NULL, trapezoid ? d : NULL, *m, *n, *ia, *ja,
                           desca, *ib, *jb, descb, *ictxt);
}
