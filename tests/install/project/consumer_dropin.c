/* ScaLAPACK's Cpdgemr2d, served by the drop-in (linked before ScaLAPACK),
 * in a program that also calls bcredist directly: both give A's values. */
#include <bcredist.h>
#include <mpi.h>

#include "consumer.h"

void Cpdgemr2d(int m, int n, double *a, int ia, int ja, int *desca, double *b, int ib, int jb,
               int *descb, int ictxt);
void pdgemr2do_(int *m, int *n, double *a, int *ia, int *ja, int *desca, double *b, int *ib,
                int *jb, int *descb);

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
    double *a = local_array(&A), *b1 = local_array(&B), *b2 = local_array(&B),
           *b3 = local_array(&B);
    fill(&A, a);

    Cpdgemr2d(M, N, a, 1, 1, A.desc, b1, 1, 1, B.desc, ictxt);
    bcr_pdgemr2d(M, N, a, 1, 1, A.desc, b2, 1, 1, B.desc, ictxt);
    int m = M, n = N, one = 1;
    pdgemr2do_(&m, &n, a, &one, &one, A.desc, b3, &one, &one, B.desc);
    int bad = count_wrong(&B, b1) + count_wrong(&B, b2) + count_wrong(&B, b3);

    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf(total ? "consumer_dropin FAILED\n" : "consumer_dropin OK\n");
    free(a);
    free(b1);
    free(b2);
    free(b3);
    Cblacs_gridexit(gb);
    Cblacs_gridexit(ga);
    Cblacs_gridexit(ictxt);
    Cblacs_exit(0);
    return total != 0;
}
