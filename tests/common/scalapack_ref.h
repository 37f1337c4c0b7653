/* The BLACS and reference ScaLAPACK C interfaces that tests and timing
 * drivers call; ScaLAPACK ships no header for them (LP64: every integer is
 * an int). */
#ifndef BCR_SCALAPACK_REF_H
#define BCR_SCALAPACK_REF_H

void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int ictxt, int what, int *val);
void Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol);
void Cblacs_gridmap(int *ictxt, int *usermap, int ldumap, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int ictxt);
int Cblacs_pnum(int ictxt, int prow, int pcol);
void Cblacs_exit(int notdone);
void Cblacs_freebuff(int ictxt, int wait);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc, const int *nprocs);

#define BCR_REF_PROTOS(ch, T)                                                    \
    void Cp##ch##gemr2d(int m, int n, T *a, int ia, int ja, int *desca, T *b,   \
                        int ib, int jb, int *descb, int ictxt);                 \
    void Cp##ch##trmr2d(char *uplo, char *diag, int m, int n, T *a, int ia,     \
                        int ja, int *desca, T *b, int ib, int jb, int *descb,   \
                        int ictxt);
BCR_REF_PROTOS(s, float)
BCR_REF_PROTOS(d, double)
BCR_REF_PROTOS(c, float _Complex)
BCR_REF_PROTOS(z, double _Complex)
BCR_REF_PROTOS(i, int)
#undef BCR_REF_PROTOS

#endif
