/* bcredist's C API from an outside project. */
#include <bcredist.h>
#include <mpi.h>

#include "consumer.h"

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
    bcr_pdtrmr2d("L", "N", M, N, a, 1, 1, A.desc, b, 1, 1, B.desc, ictxt);
    bad += bcr_last_error(NULL) != BCR_SUCCESS;

    int total = 0;
    MPI_Allreduce(&bad, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf(total ? "consumer_c FAILED\n" : "consumer_c OK\n");
    free(a);
    free(b);
    bcr_finalize();
    Cblacs_gridexit(gb);
    Cblacs_gridexit(ga);
    Cblacs_gridexit(ictxt);
    Cblacs_exit(0);
    return total != 0;
}
