/* Generated from cmake/bcr_types.cmake by cmake/generate_bindings.cmake: do not edit by hand. */
/* The typed entry points, one per routine and element type, each passing
 * its name and element size to bcr_call_gemr2d or bcr_call_trmr2d; and
 * bcr_type_size, the element size of each type letter. */
#include "api/arguments.h"
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
