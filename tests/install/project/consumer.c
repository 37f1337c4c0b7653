/* bcredist's C API from an outside project. */
#include <bcredist.h>
#include <mpi.h>

#include "consumer.h"

/* Whether trmr2d copies element (i, j), 1-based in the M x N submatrix:
 * the trapezoid is aligned to the submatrix's bottom-right corner, and a
 * unit diagonal is not copied. */
static int in_trapezoid(int upper, int unit, int i, int j)
{
    if (upper)
        return i <= j + (M > N ? M - N : 0) - unit;
    return i >= j - (N > M ? N - M : 0) + unit;
}

/* Number of elements of this process's local array of B, padding
 * included, that differ from what trmr2d of the whole matrix must leave:
 * A's value inside the trapezoid, the sentinel everywhere else. */
static int count_wrong_tr(const piece *p, const double *b, int upper, int unit, double sentinel)
{
    int bad = 0, lld = p->desc[8];
    for (size_t k = 0; k < local_size(p); k++) {
        int li = (int)(k % (size_t)lld), lj = (int)(k / (size_t)lld);
        int copied = li < p->locr && lj < p->locc &&
                     in_trapezoid(upper, unit, global_of(li, p->desc[4], p->myrow, p->nprow) + 1,
                                  global_of(lj, p->desc[5], p->mycol, p->npcol) + 1);
        bad += b[k] != (copied ? value(p, li, lj) : sentinel);
    }
    return bad;
}

static void set_all(const piece *p, double *x, double v)
{
    for (size_t k = 0; k < local_size(p); k++)
        x[k] = v;
}

int main(void)
{
    int me, np, ictxt, ga, gb;
    Cblacs_pinfo(&me, &np);
    Cblacs_get(0, 0, &ictxt);
    Cblacs_gridinit(&ictxt, "C", 4, 1);
    Cblacs_get(0, 0, &ga);
    Cblacs_gridinit(&ga, "R", 2, 2);
    Cblacs_get(0, 0, &gb);
    Cblacs_gridinit(&gb, "R", 1, 4);
    piece A = make_piece(ga, 3, 2), B = make_piece(gb, 2, 3);
    double *a = local_array(&A), *b = local_array(&B);
    fill(&A, a);

    bcr_pdgemr2d(M, N, a, 1, 1, A.desc, b, 1, 1, B.desc, ictxt);
    int bad = count_wrong(&B, b) + (bcr_last_error(NULL) != BCR_SUCCESS);
    /* trmr2d into B reset to a sentinel: upper with a unit diagonal (M > N,
     * so shifted down by M - N), then lower with its diagonal. */
    const double sentinel = -7;
    set_all(&B, b, sentinel);
    bcr_pdtrmr2d("U", "U", M, N, a, 1, 1, A.desc, b, 1, 1, B.desc, ictxt);
    bad += count_wrong_tr(&B, b, 1, 1, sentinel) + (bcr_last_error(NULL) != BCR_SUCCESS);
    set_all(&B, b, sentinel);
    bcr_pdtrmr2d("L", "N", M, N, a, 1, 1, A.desc, b, 1, 1, B.desc, ictxt);
    bad += count_wrong_tr(&B, b, 0, 0, sentinel) + (bcr_last_error(NULL) != BCR_SUCCESS);

    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0 && total)
        printf("consumer_c FAILED (%d elements wrong or calls failed)\n", total);
    else if (me == 0)
        printf("consumer_c OK\n");
    free(a);
    free(b);
    bcr_finalize();
    Cblacs_gridexit(gb);
    Cblacs_gridexit(ga);
    Cblacs_gridexit(ictxt);
    Cblacs_exit(0);
    return total != 0;
}
