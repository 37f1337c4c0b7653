/* bcr_guo_multrans: Guo et al.'s MULTRANS (timing_guo.c) on its own.
 *
 *   mpiexec -n P bcr_guo_multrans [--n N] [--reps R]
 */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "scalapack_ref.h"
#include "timing_guo.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int n = 1024, reps = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--n"))
            n = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]);
    }
    int rc = timing_guo_multrans(n, reps, NULL);
    Cblacs_exit(1);
    MPI_Finalize();
    return rc;
}
