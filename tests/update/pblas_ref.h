/* The reference PBLAS routines the update tests compare with; ScaLAPACK
 * ships no header for them.  Fortran calling convention, LP64: every
 * argument by reference, every integer an int, alpha and beta of the
 * element type.  There is no integer PBLAS routine. */
#ifndef BCR_PBLAS_REF_H
#define BCR_PBLAS_REF_H

#define BCR_PBLAS_PROTOS(T, tran, geadd)                                               \
    void tran(int *m, int *n, T *alpha, T *a, int *ia, int *ja, int *desca, T *beta,  \
              T *c, int *ic, int *jc, int *descc);                                   \
    void geadd(char *trans, int *m, int *n, T *alpha, T *a, int *ia, int *ja,         \
               int *desca, T *beta, T *c, int *ic, int *jc, int *descc);
BCR_PBLAS_PROTOS(float, pstran_, psgeadd_)
BCR_PBLAS_PROTOS(double, pdtran_, pdgeadd_)
BCR_PBLAS_PROTOS(float _Complex, pctranu_, pcgeadd_)
BCR_PBLAS_PROTOS(double _Complex, pztranu_, pzgeadd_)
#undef BCR_PBLAS_PROTOS

void pctranc_(int *m, int *n, float _Complex *alpha, float _Complex *a, int *ia, int *ja,
              int *desca, float _Complex *beta, float _Complex *c, int *ic, int *jc,
              int *descc);
void pztranc_(int *m, int *n, double _Complex *alpha, double _Complex *a, int *ia, int *ja,
              int *desca, double _Complex *beta, double _Complex *c, int *ic, int *jc,
              int *descc);

#endif
