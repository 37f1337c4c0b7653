/* The PBLAS entry points of the drop-in with PBLAS's own routines out of
 * reach, as a static link leaves them (BCR_FAIL=dropin_reference@all
 * stands for it), on 4 processes in a 2 x 2 grid:
 *   type-1 descriptors     bcredist runs pdtran_ and pzgeadd_ alone: every
 *                          byte of C, padding included, is the element-wise
 *                          formula's;
 *   a type-2 descriptor    whose first block differs (bcredist cannot take
 *                          it, and nothing else is there to run it):
 *                          BCR_ERR_ARGUMENT naming the entry and the
 *                          descriptor, on every process, C untouched.
 * Prints one line per case and exits 1 on any failure. */
#include <complex.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/failsafe.h"
#include "bcredist.h"

void Cblacs_get(int ictxt, int what, int *val);
void Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int ictxt, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int ictxt);
void pdtran_(int *m, int *n, double *alpha, double *a, int *ia, int *ja, int *desca,
             double *beta, double *c, int *ic, int *jc, int *descc);
void pzgeadd_(const char *trans, int *m, int *n, double complex *alpha, double complex *a,
              int *ia, int *ja, int *desca, double complex *beta, double complex *c, int *ic,
              int *jc, int *descc);

enum { M = 9, N = 7, MB = 2, NB = 3, PAD = 2 };

static int me, failures;
static int nprow = 2, npcol = 2, myrow, mycol;

static void check(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "rank %d: FAIL %s\n", me, what);
        failures++;
    }
}

/* Rows (or columns) of an n-long dimension in blocks of nb held by
 * coordinate p of np, the first block on coordinate 0. */
static int local_count(int n, int nb, int p, int np)
{
    int count = 0;
    for (int g = 0; g < n; g++)
        count += (g / nb) % np == p;
    return count;
}

static int global_index(int l, int nb, int p, int np) { return (l / nb * np + p) * nb + l % nb; }

/* A local array of an rows x cols matrix in MB x NB blocks with PAD rows
 * of padding; desc its type-1 descriptor. */
typedef struct {
    int lr, lc, lld, desc[9];
} local_t;

static local_t local_of(int ctxt, int rows, int cols)
{
    local_t l;
    l.lr = local_count(rows, MB, myrow, nprow);
    l.lc = local_count(cols, NB, mycol, npcol);
    l.lld = l.lr + PAD;
    int d[9] = {1, ctxt, rows, cols, MB, NB, 0, 0, l.lld};
    memcpy(l.desc, d, sizeof d);
    return l;
}

static double value(int i, int j, int side) { return side * 1000.0 + i * 31.0 + j + 0.5; }

static void fill(const local_t *l, double *x, int side, int cplx)
{
    for (int lj = 0; lj < l->lc; lj++)
        for (int li = 0; li < l->lld; li++) {
            int gi = global_index(li, MB, myrow, nprow), gj = global_index(lj, NB, mycol, npcol);
            double v = li < l->lr ? value(gi, gj, side) : -7.0 - li;
            size_t k = (size_t)li + (size_t)lj * (size_t)l->lld;
            if (cplx) {
                x[2 * k] = v;
                x[2 * k + 1] = -v / 2;
            } else {
                x[k] = v;
            }
        }
}

/* pdtran_ on the whole 9 x 7 C from the 7 x 9 A: C := 2 A' - C. */
static void tran_alone(int ctxt)
{
    local_t la = local_of(ctxt, N, M), lc = local_of(ctxt, M, N);
    size_t na = (size_t)la.lld * (size_t)(la.lc ? la.lc : 1);
    size_t nc = (size_t)lc.lld * (size_t)(lc.lc ? lc.lc : 1);
    double *a = calloc(na, sizeof *a), *c = calloc(nc, sizeof *c), *x = calloc(nc, sizeof *x);
    fill(&la, a, 1, 0);
    fill(&lc, c, 2, 0);
    fill(&lc, x, 2, 0);
    for (int lj = 0; lj < lc.lc; lj++)
        for (int li = 0; li < lc.lr; li++) {
            int gi = global_index(li, MB, myrow, nprow), gj = global_index(lj, NB, mycol, npcol);
            size_t k = (size_t)li + (size_t)lj * (size_t)lc.lld;
            x[k] = 2 * value(gj, gi, 1) - x[k];
        }
    int m = M, n = N, one = 1;
    double alpha = 2, beta = -1;
    pdtran_(&m, &n, &alpha, a, &one, &one, la.desc, &beta, c, &one, &one, lc.desc);
    const char *msg;
    check(bcr_last_error(&msg) == BCR_SUCCESS, "pdtran_ with type-1 descriptors failed");
    check(memcmp(c, x, nc * sizeof *c) == 0, "pdtran_: C is not 2 A' - C byte for byte");
    if (me == 0)
        printf("pdtran_ without PBLAS, type-1 descriptors: %s\n",
               failures ? "failed" : "C = 2 A' - C");
    free(a);
    free(c);
    free(x);
}

/* pzgeadd_ with C's descriptor of type 2 whose first block is 1 x NB: no
 * one can run it; refused on every process, C untouched. */
static void geadd_refused(int ctxt)
{
    local_t la = local_of(ctxt, M, N), lc = local_of(ctxt, M, N);
    size_t na = (size_t)la.lld * (size_t)(la.lc ? la.lc : 1);
    size_t nc = (size_t)lc.lld * (size_t)(lc.lc ? lc.lc : 1);
    double *a = calloc(2 * na, sizeof *a), *c = calloc(2 * nc, sizeof *c);
    double *c0 = calloc(2 * nc, sizeof *c0);
    fill(&la, a, 1, 1);
    fill(&lc, c, 2, 1);
    memcpy(c0, c, 2 * nc * sizeof *c);
    int d2[11] = {2, ctxt, M, N, 1, NB, MB, NB, 0, 0, lc.lld};
    int m = M, n = N, one = 1;
    double complex alpha = 2, beta = -1;
    pzgeadd_("N", &m, &n, &alpha, (double complex *)a, &one, &one, la.desc, &beta,
             (double complex *)c, &one, &one, d2);
    const char *msg = "";
    int code = bcr_last_error(&msg);
    char want[160];
    snprintf(want, sizeof want, "pzgeadd_: argument 13 (descc): its first block, IMB_C x INB_C = "
                                "1 x %d, differs from MB_C x NB_C = %d x %d",
             NB, MB, NB);
    check(code == BCR_ERR_ARGUMENT, "pzgeadd_ with a type-2 descriptor: not BCR_ERR_ARGUMENT");
    check(strncmp(msg, want, strlen(want)) == 0, "pzgeadd_: the message does not name descc");
    check(strstr(msg, "was not found") != NULL, "pzgeadd_: the message does not say why");
    check(memcmp(c, c0, 2 * nc * sizeof *c) == 0, "pzgeadd_: C was written");
    if (me == 0)
        printf("pzgeadd_ without PBLAS, a type-2 descriptor: \"%s\"\n", msg);
    free(a);
    free(c);
    free(c0);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    int np;
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (np != 4) {
        if (me == 0)
            fprintf(stderr, "dropin_unreachable needs 4 processes\n");
        MPI_Finalize();
        return 2;
    }
    bcr_faults_enable();
    int ctxt;
    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", nprow, npcol);
    Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
    tran_alone(ctxt);
    geadd_refused(ctxt);
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("dropin unreachable: %d failures\n", all);
    Cblacs_gridexit(ctxt);
    MPI_Finalize();
    return all != 0;
}
