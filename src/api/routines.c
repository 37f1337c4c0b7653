/* Generated from cmake/bcr_types.cmake by cmake/generate_bindings.cmake: do not edit by hand. */
/* The typed entry points, one per routine and element type, each passing
 * its name and element type to bcr_call_gemr2d, bcr_call_trmr2d or
 * bcr_call_update; and bcr_type_size, the element size of each type
 * letter. */
#include "api/arguments.h"
#include "api/update.h"
#include "bcredist.h"

void bcr_psgemr2d(bcr_int m, bcr_int n, const float *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, float *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt)
{
    bcr_call_gemr2d("bcr_psgemr2d", sizeof(float), m, n, a, ia, ja, desca, b, ib, jb,
                    descb, ictxt);
}

void bcr_pdgemr2d(bcr_int m, bcr_int n, const double *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, double *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt)
{
    bcr_call_gemr2d("bcr_pdgemr2d", sizeof(double), m, n, a, ia, ja, desca, b, ib, jb,
                    descb, ictxt);
}

void bcr_pcgemr2d(bcr_int m, bcr_int n, const float _Complex *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, float _Complex *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt)
{
    bcr_call_gemr2d("bcr_pcgemr2d", sizeof(float _Complex), m, n, a, ia, ja, desca, b, ib, jb,
                    descb, ictxt);
}

void bcr_pzgemr2d(bcr_int m, bcr_int n, const double _Complex *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, double _Complex *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt)
{
    bcr_call_gemr2d("bcr_pzgemr2d", sizeof(double _Complex), m, n, a, ia, ja, desca, b, ib, jb,
                    descb, ictxt);
}

void bcr_pigemr2d(bcr_int m, bcr_int n, const bcr_int *a, bcr_int ia, bcr_int ja,
                  const bcr_int *desca, bcr_int *b, bcr_int ib, bcr_int jb,
                  const bcr_int *descb, bcr_int ictxt)
{
    bcr_call_gemr2d("bcr_pigemr2d", sizeof(bcr_int), m, n, a, ia, ja, desca, b, ib, jb,
                    descb, ictxt);
}

void bcr_pstrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const float *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  float *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt)
{
    bcr_call_trmr2d("bcr_pstrmr2d", sizeof(float), uplo, diag, m, n, a, ia, ja, desca,
                    b, ib, jb, descb, ictxt);
}

void bcr_pdtrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const double *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  double *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt)
{
    bcr_call_trmr2d("bcr_pdtrmr2d", sizeof(double), uplo, diag, m, n, a, ia, ja, desca,
                    b, ib, jb, descb, ictxt);
}

void bcr_pctrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const float _Complex *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  float _Complex *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt)
{
    bcr_call_trmr2d("bcr_pctrmr2d", sizeof(float _Complex), uplo, diag, m, n, a, ia, ja, desca,
                    b, ib, jb, descb, ictxt);
}

void bcr_pztrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const double _Complex *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  double _Complex *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt)
{
    bcr_call_trmr2d("bcr_pztrmr2d", sizeof(double _Complex), uplo, diag, m, n, a, ia, ja, desca,
                    b, ib, jb, descb, ictxt);
}

void bcr_pitrmr2d(const char *uplo, const char *diag, bcr_int m, bcr_int n,
                  const bcr_int *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  bcr_int *b, bcr_int ib, bcr_int jb, const bcr_int *descb,
                  bcr_int ictxt)
{
    bcr_call_trmr2d("bcr_pitrmr2d", sizeof(bcr_int), uplo, diag, m, n, a, ia, ja, desca,
                    b, ib, jb, descb, ictxt);
}

void bcr_pstran(bcr_int m, bcr_int n, float alpha, const float *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, float beta, float *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pstran", 's', sizeof(float), BCR_FORM_TRAN, NULL,
                         'T'};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pdtran(bcr_int m, bcr_int n, double alpha, const double *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, double beta, double *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pdtran", 'd', sizeof(double), BCR_FORM_TRAN, NULL,
                         'T'};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pitran(bcr_int m, bcr_int n, bcr_int alpha, const bcr_int *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, bcr_int beta, bcr_int *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pitran", 'i', sizeof(bcr_int), BCR_FORM_TRAN, NULL,
                         'T'};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pctranu(bcr_int m, bcr_int n, float _Complex alpha, const float _Complex *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, float _Complex beta, float _Complex *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pctranu", 'c', sizeof(float _Complex), BCR_FORM_TRAN, NULL,
                         'T'};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pztranu(bcr_int m, bcr_int n, double _Complex alpha, const double _Complex *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, double _Complex beta, double _Complex *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pztranu", 'z', sizeof(double _Complex), BCR_FORM_TRAN, NULL,
                         'T'};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pctranc(bcr_int m, bcr_int n, float _Complex alpha, const float _Complex *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, float _Complex beta, float _Complex *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pctranc", 'c', sizeof(float _Complex), BCR_FORM_TRAN, NULL,
                         'C'};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pztranc(bcr_int m, bcr_int n, double _Complex alpha, const double _Complex *a, bcr_int ia,
                  bcr_int ja, const bcr_int *desca, double _Complex beta, double _Complex *c, bcr_int ic,
                  bcr_int jc, const bcr_int *descc, bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pztranc", 'z', sizeof(double _Complex), BCR_FORM_TRAN, NULL,
                         'C'};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_psgeadd(const char *trans, bcr_int m, bcr_int n, float alpha,
                  const float *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  float beta, float *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_psgeadd", 's', sizeof(float), BCR_FORM_GEADD, trans,
                         0};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pdgeadd(const char *trans, bcr_int m, bcr_int n, double alpha,
                  const double *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  double beta, double *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pdgeadd", 'd', sizeof(double), BCR_FORM_GEADD, trans,
                         0};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pcgeadd(const char *trans, bcr_int m, bcr_int n, float _Complex alpha,
                  const float _Complex *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  float _Complex beta, float _Complex *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pcgeadd", 'c', sizeof(float _Complex), BCR_FORM_GEADD, trans,
                         0};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pzgeadd(const char *trans, bcr_int m, bcr_int n, double _Complex alpha,
                  const double _Complex *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  double _Complex beta, double _Complex *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pzgeadd", 'z', sizeof(double _Complex), BCR_FORM_GEADD, trans,
                         0};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

void bcr_pigeadd(const char *trans, bcr_int m, bcr_int n, bcr_int alpha,
                  const bcr_int *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                  bcr_int beta, bcr_int *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                  bcr_int ictxt)
{
    bcr_update_kind k = {"bcr_pigeadd", 'i', sizeof(bcr_int), BCR_FORM_GEADD, trans,
                         0};
    bcr_call_update(&k, m, n, &alpha, a, ia, ja, desca, &beta, c, ic, jc, descc, ictxt);
}

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
