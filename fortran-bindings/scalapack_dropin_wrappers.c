/* Generated from cmake/bcr_types.cmake by cmake/generate_bindings.cmake: do not edit by hand. */
/* libbcredist_scalapack's entry points: ScaLAPACK's Cp?gemr2d, p?gemr2d_,
 * Cp?gemr2do, p?gemr2do_ and the same for trmr2d, for every type, each
 * printing the BCR_VERBOSE line and calling bcredist (scalapack_dropin.c
 * describes them).  Each is declared before it is defined: no header
 * declares ScaLAPACK's names. */
#include "bcredist.h"
#include "scalapack_dropin.h"

void Cpsgemr2d(int m, int n, float *a, int ia, int ja, int *desca,
               float *b, int ib, int jb, int *descb, int ictxt);
void Cpsgemr2d(int m, int n, float *a, int ia, int ja, int *desca,
               float *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpsgemr2d", "bcr_psgemr2d", m, n, desca, descb, ictxt, 0);
    bcr_psgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void psgemr2d_(int *m, int *n, float *a, int *ia, int *ja, int *desca,
               float *b, int *ib, int *jb, int *descb, int *ictxt);
void psgemr2d_(int *m, int *n, float *a, int *ia, int *ja, int *desca,
               float *b, int *ib, int *jb, int *descb, int *ictxt)
{
    bcr_dropin_announce("psgemr2d_", "bcr_psgemr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_psgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpsgemr2do(int m, int n, float *a, int ia, int ja, int *desca,
                float *b, int ib, int jb, int *descb);
void Cpsgemr2do(int m, int n, float *a, int ia, int ja, int *desca,
                float *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpsgemr2do", "bcr_psgemr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_psgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void psgemr2do_(int *m, int *n, float *a, int *ia, int *ja, int *desca,
                float *b, int *ib, int *jb, int *descb);
void psgemr2do_(int *m, int *n, float *a, int *ia, int *ja, int *desca,
                float *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("psgemr2do_", "bcr_psgemr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_psgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void Cpdgemr2d(int m, int n, double *a, int ia, int ja, int *desca,
               double *b, int ib, int jb, int *descb, int ictxt);
void Cpdgemr2d(int m, int n, double *a, int ia, int ja, int *desca,
               double *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpdgemr2d", "bcr_pdgemr2d", m, n, desca, descb, ictxt, 0);
    bcr_pdgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pdgemr2d_(int *m, int *n, double *a, int *ia, int *ja, int *desca,
               double *b, int *ib, int *jb, int *descb, int *ictxt);
void pdgemr2d_(int *m, int *n, double *a, int *ia, int *ja, int *desca,
               double *b, int *ib, int *jb, int *descb, int *ictxt)
{
    bcr_dropin_announce("pdgemr2d_", "bcr_pdgemr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_pdgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpdgemr2do(int m, int n, double *a, int ia, int ja, int *desca,
                double *b, int ib, int jb, int *descb);
void Cpdgemr2do(int m, int n, double *a, int ia, int ja, int *desca,
                double *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpdgemr2do", "bcr_pdgemr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pdgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pdgemr2do_(int *m, int *n, double *a, int *ia, int *ja, int *desca,
                double *b, int *ib, int *jb, int *descb);
void pdgemr2do_(int *m, int *n, double *a, int *ia, int *ja, int *desca,
                double *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("pdgemr2do_", "bcr_pdgemr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pdgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void Cpcgemr2d(int m, int n, float _Complex *a, int ia, int ja, int *desca,
               float _Complex *b, int ib, int jb, int *descb, int ictxt);
void Cpcgemr2d(int m, int n, float _Complex *a, int ia, int ja, int *desca,
               float _Complex *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpcgemr2d", "bcr_pcgemr2d", m, n, desca, descb, ictxt, 0);
    bcr_pcgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pcgemr2d_(int *m, int *n, float _Complex *a, int *ia, int *ja, int *desca,
               float _Complex *b, int *ib, int *jb, int *descb, int *ictxt);
void pcgemr2d_(int *m, int *n, float _Complex *a, int *ia, int *ja, int *desca,
               float _Complex *b, int *ib, int *jb, int *descb, int *ictxt)
{
    bcr_dropin_announce("pcgemr2d_", "bcr_pcgemr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_pcgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpcgemr2do(int m, int n, float _Complex *a, int ia, int ja, int *desca,
                float _Complex *b, int ib, int jb, int *descb);
void Cpcgemr2do(int m, int n, float _Complex *a, int ia, int ja, int *desca,
                float _Complex *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpcgemr2do", "bcr_pcgemr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pcgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pcgemr2do_(int *m, int *n, float _Complex *a, int *ia, int *ja, int *desca,
                float _Complex *b, int *ib, int *jb, int *descb);
void pcgemr2do_(int *m, int *n, float _Complex *a, int *ia, int *ja, int *desca,
                float _Complex *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("pcgemr2do_", "bcr_pcgemr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pcgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void Cpzgemr2d(int m, int n, double _Complex *a, int ia, int ja, int *desca,
               double _Complex *b, int ib, int jb, int *descb, int ictxt);
void Cpzgemr2d(int m, int n, double _Complex *a, int ia, int ja, int *desca,
               double _Complex *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpzgemr2d", "bcr_pzgemr2d", m, n, desca, descb, ictxt, 0);
    bcr_pzgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pzgemr2d_(int *m, int *n, double _Complex *a, int *ia, int *ja, int *desca,
               double _Complex *b, int *ib, int *jb, int *descb, int *ictxt);
void pzgemr2d_(int *m, int *n, double _Complex *a, int *ia, int *ja, int *desca,
               double _Complex *b, int *ib, int *jb, int *descb, int *ictxt)
{
    bcr_dropin_announce("pzgemr2d_", "bcr_pzgemr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_pzgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpzgemr2do(int m, int n, double _Complex *a, int ia, int ja, int *desca,
                double _Complex *b, int ib, int jb, int *descb);
void Cpzgemr2do(int m, int n, double _Complex *a, int ia, int ja, int *desca,
                double _Complex *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpzgemr2do", "bcr_pzgemr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pzgemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pzgemr2do_(int *m, int *n, double _Complex *a, int *ia, int *ja, int *desca,
                double _Complex *b, int *ib, int *jb, int *descb);
void pzgemr2do_(int *m, int *n, double _Complex *a, int *ia, int *ja, int *desca,
                double _Complex *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("pzgemr2do_", "bcr_pzgemr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pzgemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void Cpigemr2d(int m, int n, int *a, int ia, int ja, int *desca,
               int *b, int ib, int jb, int *descb, int ictxt);
void Cpigemr2d(int m, int n, int *a, int ia, int ja, int *desca,
               int *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpigemr2d", "bcr_pigemr2d", m, n, desca, descb, ictxt, 0);
    bcr_pigemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pigemr2d_(int *m, int *n, int *a, int *ia, int *ja, int *desca,
               int *b, int *ib, int *jb, int *descb, int *ictxt);
void pigemr2d_(int *m, int *n, int *a, int *ia, int *ja, int *desca,
               int *b, int *ib, int *jb, int *descb, int *ictxt)
{
    bcr_dropin_announce("pigemr2d_", "bcr_pigemr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_pigemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpigemr2do(int m, int n, int *a, int ia, int ja, int *desca,
                int *b, int ib, int jb, int *descb);
void Cpigemr2do(int m, int n, int *a, int ia, int ja, int *desca,
                int *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpigemr2do", "bcr_pigemr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pigemr2d(m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pigemr2do_(int *m, int *n, int *a, int *ia, int *ja, int *desca,
                int *b, int *ib, int *jb, int *descb);
void pigemr2do_(int *m, int *n, int *a, int *ia, int *ja, int *desca,
                int *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("pigemr2do_", "bcr_pigemr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pigemr2d(*m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void Cpstrmr2d(char *uplo, char *diag, int m, int n, float *a, int ia, int ja,
               int *desca, float *b, int ib, int jb, int *descb, int ictxt);
void Cpstrmr2d(char *uplo, char *diag, int m, int n, float *a, int ia, int ja,
               int *desca, float *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpstrmr2d", "bcr_pstrmr2d", m, n, desca, descb, ictxt, 0);
    bcr_pstrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pstrmr2d_(char *uplo, char *diag, int *m, int *n, float *a, int *ia,
               int *ja, int *desca, float *b, int *ib, int *jb, int *descb,
               int *ictxt);
void pstrmr2d_(char *uplo, char *diag, int *m, int *n, float *a, int *ia,
               int *ja, int *desca, float *b, int *ib, int *jb, int *descb,
               int *ictxt)
{
    bcr_dropin_announce("pstrmr2d_", "bcr_pstrmr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_pstrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpstrmr2do(char *uplo, char *diag, int m, int n, float *a, int ia, int ja,
                int *desca, float *b, int ib, int jb, int *descb);
void Cpstrmr2do(char *uplo, char *diag, int m, int n, float *a, int ia, int ja,
                int *desca, float *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpstrmr2do", "bcr_pstrmr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pstrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pstrmr2do_(char *uplo, char *diag, int *m, int *n, float *a, int *ia,
                int *ja, int *desca, float *b, int *ib, int *jb, int *descb);
void pstrmr2do_(char *uplo, char *diag, int *m, int *n, float *a, int *ia,
                int *ja, int *desca, float *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("pstrmr2do_", "bcr_pstrmr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pstrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void Cpdtrmr2d(char *uplo, char *diag, int m, int n, double *a, int ia, int ja,
               int *desca, double *b, int ib, int jb, int *descb, int ictxt);
void Cpdtrmr2d(char *uplo, char *diag, int m, int n, double *a, int ia, int ja,
               int *desca, double *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpdtrmr2d", "bcr_pdtrmr2d", m, n, desca, descb, ictxt, 0);
    bcr_pdtrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pdtrmr2d_(char *uplo, char *diag, int *m, int *n, double *a, int *ia,
               int *ja, int *desca, double *b, int *ib, int *jb, int *descb,
               int *ictxt);
void pdtrmr2d_(char *uplo, char *diag, int *m, int *n, double *a, int *ia,
               int *ja, int *desca, double *b, int *ib, int *jb, int *descb,
               int *ictxt)
{
    bcr_dropin_announce("pdtrmr2d_", "bcr_pdtrmr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_pdtrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpdtrmr2do(char *uplo, char *diag, int m, int n, double *a, int ia, int ja,
                int *desca, double *b, int ib, int jb, int *descb);
void Cpdtrmr2do(char *uplo, char *diag, int m, int n, double *a, int ia, int ja,
                int *desca, double *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpdtrmr2do", "bcr_pdtrmr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pdtrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pdtrmr2do_(char *uplo, char *diag, int *m, int *n, double *a, int *ia,
                int *ja, int *desca, double *b, int *ib, int *jb, int *descb);
void pdtrmr2do_(char *uplo, char *diag, int *m, int *n, double *a, int *ia,
                int *ja, int *desca, double *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("pdtrmr2do_", "bcr_pdtrmr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pdtrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void Cpctrmr2d(char *uplo, char *diag, int m, int n, float _Complex *a, int ia, int ja,
               int *desca, float _Complex *b, int ib, int jb, int *descb, int ictxt);
void Cpctrmr2d(char *uplo, char *diag, int m, int n, float _Complex *a, int ia, int ja,
               int *desca, float _Complex *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpctrmr2d", "bcr_pctrmr2d", m, n, desca, descb, ictxt, 0);
    bcr_pctrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pctrmr2d_(char *uplo, char *diag, int *m, int *n, float _Complex *a, int *ia,
               int *ja, int *desca, float _Complex *b, int *ib, int *jb, int *descb,
               int *ictxt);
void pctrmr2d_(char *uplo, char *diag, int *m, int *n, float _Complex *a, int *ia,
               int *ja, int *desca, float _Complex *b, int *ib, int *jb, int *descb,
               int *ictxt)
{
    bcr_dropin_announce("pctrmr2d_", "bcr_pctrmr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_pctrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpctrmr2do(char *uplo, char *diag, int m, int n, float _Complex *a, int ia, int ja,
                int *desca, float _Complex *b, int ib, int jb, int *descb);
void Cpctrmr2do(char *uplo, char *diag, int m, int n, float _Complex *a, int ia, int ja,
                int *desca, float _Complex *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpctrmr2do", "bcr_pctrmr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pctrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pctrmr2do_(char *uplo, char *diag, int *m, int *n, float _Complex *a, int *ia,
                int *ja, int *desca, float _Complex *b, int *ib, int *jb, int *descb);
void pctrmr2do_(char *uplo, char *diag, int *m, int *n, float _Complex *a, int *ia,
                int *ja, int *desca, float _Complex *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("pctrmr2do_", "bcr_pctrmr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pctrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void Cpztrmr2d(char *uplo, char *diag, int m, int n, double _Complex *a, int ia, int ja,
               int *desca, double _Complex *b, int ib, int jb, int *descb, int ictxt);
void Cpztrmr2d(char *uplo, char *diag, int m, int n, double _Complex *a, int ia, int ja,
               int *desca, double _Complex *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpztrmr2d", "bcr_pztrmr2d", m, n, desca, descb, ictxt, 0);
    bcr_pztrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pztrmr2d_(char *uplo, char *diag, int *m, int *n, double _Complex *a, int *ia,
               int *ja, int *desca, double _Complex *b, int *ib, int *jb, int *descb,
               int *ictxt);
void pztrmr2d_(char *uplo, char *diag, int *m, int *n, double _Complex *a, int *ia,
               int *ja, int *desca, double _Complex *b, int *ib, int *jb, int *descb,
               int *ictxt)
{
    bcr_dropin_announce("pztrmr2d_", "bcr_pztrmr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_pztrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpztrmr2do(char *uplo, char *diag, int m, int n, double _Complex *a, int ia, int ja,
                int *desca, double _Complex *b, int ib, int jb, int *descb);
void Cpztrmr2do(char *uplo, char *diag, int m, int n, double _Complex *a, int ia, int ja,
                int *desca, double _Complex *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpztrmr2do", "bcr_pztrmr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pztrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pztrmr2do_(char *uplo, char *diag, int *m, int *n, double _Complex *a, int *ia,
                int *ja, int *desca, double _Complex *b, int *ib, int *jb, int *descb);
void pztrmr2do_(char *uplo, char *diag, int *m, int *n, double _Complex *a, int *ia,
                int *ja, int *desca, double _Complex *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("pztrmr2do_", "bcr_pztrmr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pztrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void Cpitrmr2d(char *uplo, char *diag, int m, int n, int *a, int ia, int ja,
               int *desca, int *b, int ib, int jb, int *descb, int ictxt);
void Cpitrmr2d(char *uplo, char *diag, int m, int n, int *a, int ia, int ja,
               int *desca, int *b, int ib, int jb, int *descb, int ictxt)
{
    bcr_dropin_announce("Cpitrmr2d", "bcr_pitrmr2d", m, n, desca, descb, ictxt, 0);
    bcr_pitrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pitrmr2d_(char *uplo, char *diag, int *m, int *n, int *a, int *ia,
               int *ja, int *desca, int *b, int *ib, int *jb, int *descb,
               int *ictxt);
void pitrmr2d_(char *uplo, char *diag, int *m, int *n, int *a, int *ia,
               int *ja, int *desca, int *b, int *ib, int *jb, int *descb,
               int *ictxt)
{
    bcr_dropin_announce("pitrmr2d_", "bcr_pitrmr2d", *m, *n, desca, descb, *ictxt, 0);
    bcr_pitrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, *ictxt);
}

void Cpitrmr2do(char *uplo, char *diag, int m, int n, int *a, int ia, int ja,
                int *desca, int *b, int ib, int jb, int *descb);
void Cpitrmr2do(char *uplo, char *diag, int m, int n, int *a, int ia, int ja,
                int *desca, int *b, int ib, int jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("Cpitrmr2do", "bcr_pitrmr2d", m, n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pitrmr2d(uplo, diag, m, n, a, ia, ja, desca, b, ib, jb, descb, ictxt);
}

void pitrmr2do_(char *uplo, char *diag, int *m, int *n, int *a, int *ia,
                int *ja, int *desca, int *b, int *ib, int *jb, int *descb);
void pitrmr2do_(char *uplo, char *diag, int *m, int *n, int *a, int *ia,
                int *ja, int *desca, int *b, int *ib, int *jb, int *descb)
{
    int ictxt = bcr_dropin_legacy_context();
    bcr_dropin_announce("pitrmr2do_", "bcr_pitrmr2d", *m, *n, desca, descb, ictxt,
                        BCR_DROPIN_LEGACY);
    bcr_pitrmr2d(uplo, diag, *m, *n, a, *ia, *ja, desca, b, *ib, *jb, descb, ictxt);
}

void pstran_(int *m, int *n, float *alpha, float *a, int *ia,
               int *ja, int *desca, float *beta, float *c, int *ic,
               int *jc, int *descc);
void pstran_(int *m, int *n, float *alpha, float *a, int *ia,
               int *ja, int *desca, float *beta, float *c, int *ic,
               int *jc, int *descc)
{
    typedef void pblas(int *, int *, float *, float *, int *, int *, int *,
                       float *, float *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("pstran_");
    float zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("pstran_", 7, desca, descc);
        return;
    }
    bcr_dropin_announce("pstran_", "bcr_pstran", *m, *n, da, dc, ictxt,
                        BCR_DROPIN_UPDATE);
    bcr_pstran(*m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}

void pdtran_(int *m, int *n, double *alpha, double *a, int *ia,
               int *ja, int *desca, double *beta, double *c, int *ic,
               int *jc, int *descc);
void pdtran_(int *m, int *n, double *alpha, double *a, int *ia,
               int *ja, int *desca, double *beta, double *c, int *ic,
               int *jc, int *descc)
{
    typedef void pblas(int *, int *, double *, double *, int *, int *, int *,
                       double *, double *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("pdtran_");
    double zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("pdtran_", 7, desca, descc);
        return;
    }
    bcr_dropin_announce("pdtran_", "bcr_pdtran", *m, *n, da, dc, ictxt,
                        BCR_DROPIN_UPDATE);
    bcr_pdtran(*m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}

void pctranu_(int *m, int *n, float _Complex *alpha, float _Complex *a, int *ia,
               int *ja, int *desca, float _Complex *beta, float _Complex *c, int *ic,
               int *jc, int *descc);
void pctranu_(int *m, int *n, float _Complex *alpha, float _Complex *a, int *ia,
               int *ja, int *desca, float _Complex *beta, float _Complex *c, int *ic,
               int *jc, int *descc)
{
    typedef void pblas(int *, int *, float _Complex *, float _Complex *, int *, int *, int *,
                       float _Complex *, float _Complex *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("pctranu_");
    float _Complex zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("pctranu_", 7, desca, descc);
        return;
    }
    bcr_dropin_announce("pctranu_", "bcr_pctranu", *m, *n, da, dc, ictxt,
                        BCR_DROPIN_UPDATE);
    bcr_pctranu(*m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}

void pztranu_(int *m, int *n, double _Complex *alpha, double _Complex *a, int *ia,
               int *ja, int *desca, double _Complex *beta, double _Complex *c, int *ic,
               int *jc, int *descc);
void pztranu_(int *m, int *n, double _Complex *alpha, double _Complex *a, int *ia,
               int *ja, int *desca, double _Complex *beta, double _Complex *c, int *ic,
               int *jc, int *descc)
{
    typedef void pblas(int *, int *, double _Complex *, double _Complex *, int *, int *, int *,
                       double _Complex *, double _Complex *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("pztranu_");
    double _Complex zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("pztranu_", 7, desca, descc);
        return;
    }
    bcr_dropin_announce("pztranu_", "bcr_pztranu", *m, *n, da, dc, ictxt,
                        BCR_DROPIN_UPDATE);
    bcr_pztranu(*m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}

void pctranc_(int *m, int *n, float _Complex *alpha, float _Complex *a, int *ia,
               int *ja, int *desca, float _Complex *beta, float _Complex *c, int *ic,
               int *jc, int *descc);
void pctranc_(int *m, int *n, float _Complex *alpha, float _Complex *a, int *ia,
               int *ja, int *desca, float _Complex *beta, float _Complex *c, int *ic,
               int *jc, int *descc)
{
    typedef void pblas(int *, int *, float _Complex *, float _Complex *, int *, int *, int *,
                       float _Complex *, float _Complex *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("pctranc_");
    float _Complex zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("pctranc_", 7, desca, descc);
        return;
    }
    bcr_dropin_announce("pctranc_", "bcr_pctranc", *m, *n, da, dc, ictxt,
                        BCR_DROPIN_UPDATE);
    bcr_pctranc(*m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}

void pztranc_(int *m, int *n, double _Complex *alpha, double _Complex *a, int *ia,
               int *ja, int *desca, double _Complex *beta, double _Complex *c, int *ic,
               int *jc, int *descc);
void pztranc_(int *m, int *n, double _Complex *alpha, double _Complex *a, int *ia,
               int *ja, int *desca, double _Complex *beta, double _Complex *c, int *ic,
               int *jc, int *descc)
{
    typedef void pblas(int *, int *, double _Complex *, double _Complex *, int *, int *, int *,
                       double _Complex *, double _Complex *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("pztranc_");
    double _Complex zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("pztranc_", 7, desca, descc);
        return;
    }
    bcr_dropin_announce("pztranc_", "bcr_pztranc", *m, *n, da, dc, ictxt,
                        BCR_DROPIN_UPDATE);
    bcr_pztranc(*m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}

void psgeadd_(const char *trans, int *m, int *n, float *alpha,
               float *a, int *ia, int *ja, int *desca, float *beta,
               float *c, int *ic, int *jc, int *descc);
void psgeadd_(const char *trans, int *m, int *n, float *alpha,
               float *a, int *ia, int *ja, int *desca, float *beta,
               float *c, int *ic, int *jc, int *descc)
{
    typedef void pblas(const char *, int *, int *, float *, float *, int *,
                       int *, int *, float *, float *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("psgeadd_");
    float zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(trans, m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(trans, m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("psgeadd_", 8, desca, descc);
        return;
    }
    bcr_dropin_announce("psgeadd_", "bcr_psgeadd", *m, *n, da, dc, ictxt, BCR_DROPIN_UPDATE);
    bcr_psgeadd(trans, *m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}

void pdgeadd_(const char *trans, int *m, int *n, double *alpha,
               double *a, int *ia, int *ja, int *desca, double *beta,
               double *c, int *ic, int *jc, int *descc);
void pdgeadd_(const char *trans, int *m, int *n, double *alpha,
               double *a, int *ia, int *ja, int *desca, double *beta,
               double *c, int *ic, int *jc, int *descc)
{
    typedef void pblas(const char *, int *, int *, double *, double *, int *,
                       int *, int *, double *, double *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("pdgeadd_");
    double zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(trans, m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(trans, m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("pdgeadd_", 8, desca, descc);
        return;
    }
    bcr_dropin_announce("pdgeadd_", "bcr_pdgeadd", *m, *n, da, dc, ictxt, BCR_DROPIN_UPDATE);
    bcr_pdgeadd(trans, *m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}

void pcgeadd_(const char *trans, int *m, int *n, float _Complex *alpha,
               float _Complex *a, int *ia, int *ja, int *desca, float _Complex *beta,
               float _Complex *c, int *ic, int *jc, int *descc);
void pcgeadd_(const char *trans, int *m, int *n, float _Complex *alpha,
               float _Complex *a, int *ia, int *ja, int *desca, float _Complex *beta,
               float _Complex *c, int *ic, int *jc, int *descc)
{
    typedef void pblas(const char *, int *, int *, float _Complex *, float _Complex *, int *,
                       int *, int *, float _Complex *, float _Complex *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("pcgeadd_");
    float _Complex zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(trans, m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(trans, m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("pcgeadd_", 8, desca, descc);
        return;
    }
    bcr_dropin_announce("pcgeadd_", "bcr_pcgeadd", *m, *n, da, dc, ictxt, BCR_DROPIN_UPDATE);
    bcr_pcgeadd(trans, *m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}

void pzgeadd_(const char *trans, int *m, int *n, double _Complex *alpha,
               double _Complex *a, int *ia, int *ja, int *desca, double _Complex *beta,
               double _Complex *c, int *ic, int *jc, int *descc);
void pzgeadd_(const char *trans, int *m, int *n, double _Complex *alpha,
               double _Complex *a, int *ia, int *ja, int *desca, double _Complex *beta,
               double _Complex *c, int *ic, int *jc, int *descc)
{
    typedef void pblas(const char *, int *, int *, double _Complex *, double _Complex *, int *,
                       int *, int *, double _Complex *, double _Complex *, int *, int *, int *);
    pblas *ref = (pblas *)bcr_dropin_pblas_reference("pzgeadd_");
    double _Complex zero = 0, one = 1;
    if (ref) /* PBLAS's own checks, and its report of bad input; alpha = 0, beta = 1 then returns */
        ref(trans, m, n, &zero, a, ia, ja, desca, &one, c, ic, jc, descc);
    int da[9], dc[9];
    int ictxt = bcr_dropin_pblas_descriptors(desca, descc, da, dc);
    if (ictxt == BCR_DROPIN_PBLAS_OUTSIDE)
        return;
    if (ictxt == BCR_DROPIN_PBLAS_REFERENCE) {
        if (ref)
            ref(trans, m, n, alpha, a, ia, ja, desca, beta, c, ic, jc, descc);
        else
            bcr_dropin_pblas_unreachable("pzgeadd_", 8, desca, descc);
        return;
    }
    bcr_dropin_announce("pzgeadd_", "bcr_pzgeadd", *m, *n, da, dc, ictxt, BCR_DROPIN_UPDATE);
    bcr_pzgeadd(trans, *m, *n, *alpha, a, *ia, *ja, da, *beta, c, *ic, *jc, dc, ictxt);
}
