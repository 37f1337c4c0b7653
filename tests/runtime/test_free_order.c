/* Freeing never waits for other processes: two contexts over the same 4
 * processes, each used once by bcredist, freed with Cblacs_gridexit in
 * opposite orders, the first on even ranks and the second on odd ranks,
 * with no barrier between.  A free that waits for the other processes to
 * free the same context deadlocks here: each side waits in a different
 * context for the other.
 *
 *   mpiexec -n 4 bcr_test_free_order [ge|tr] [--reference-only]
 *
 *   ge  2048 x 2048 doubles, blocks 64 x 64 -> 16 x 16, p?gemr2d on each
 *       context (A, B and ictxt all that context);
 *   tr  the same shapes through p?trmr2d: upper, non-unit, complex double
 *       on the first context; lower, unit, float on the second.
 * Every result is compared with ScaLAPACK's, byte for byte. */
#include <stdio.h>
#include <string.h>

#include <mpi.h>

#include "freeing.h"

#define N 2048

int main(int argc, char **argv)
{
    fr_init(&argc, &argv, 4, "free_order");
    int tr = argc > 1 && !strcmp(argv[1], "tr");

    fr_grid one = fr_grid_init("Row", 2, 2), two = fr_grid_init("Col", 2, 2);
    if (tr) {
        fr_redistribute("trmr2d U/N z on the first context", 'z', "U", "N", N, N, &one, 64,
                        64, &one, 16, 16, one.ctxt, 1);
        fr_redistribute("trmr2d L/U s on the second context", 's', "L", "U", N, N, &two, 64,
                        64, &two, 16, 16, two.ctxt, 2);
    } else {
        fr_redistribute("gemr2d d on the first context", 'd', NULL, NULL, N, N, &one, 64, 64,
                        &one, 16, 16, one.ctxt, 1);
        fr_redistribute("gemr2d d on the second context", 'd', NULL, NULL, N, N, &two, 64, 64,
                        &two, 16, 16, two.ctxt, 2);
    }

    /* No barrier: each process frees as soon as its own calls are done. */
    if (fr_rank % 2 == 0) {
        fr_grid_exit(&one, "first, on an even rank");
        fr_grid_exit(&two, "second, on an even rank");
    } else {
        fr_grid_exit(&two, "second, on an odd rank");
        fr_grid_exit(&one, "first, on an odd rank");
    }

    int rc = fr_finish();
    fr_step(FR_CALL_LIMIT, "MPI_Finalize");
    MPI_Finalize();
    return rc;
}
