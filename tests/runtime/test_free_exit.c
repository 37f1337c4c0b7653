/* Freeing never waits for other processes: Cblacs_exit(1) (MPI kept
 * alive) with several contexts bcredist has used, reached by the
 * processes one at a time.
 *
 * Four contexts (a full 2 x 2, a full 1 x 4, {0,1,2} and {1,3}) are used by
 * bcredist, inside and between grids, every result compared with
 * ScaLAPACK's.  Then ranks 1 and 3 do more work on their own context while
 * the others go on; the processes call Cblacs_exit(1) one at a time, in
 * the order 2, 0, 3, 1, each after a sleep of 100 ms times its rank; the
 * next one starts only when the one before has returned.  A free that
 * waited for the others would never return.  Afterwards the BLACS is
 * started again (Cblacs_pinfo) and a new grid is used and compared, then
 * MPI_Finalize.
 *
 *   mpiexec -n 4 bcr_test_free_exit [--reference-only] */
#include <mpi.h>

#include <stdio.h>

#include "freeing.h"

#define N 1024

int main(int argc, char **argv)
{
    fr_init(&argc, &argv, 4, "free_exit");
    const int r012[] = {0, 1, 2}, r13[] = {1, 3};
    fr_grid f = fr_grid_init("Row", 2, 2), l = fr_grid_init("Col", 1, 4);
    fr_grid t = fr_grid_map(3, 1, r012), p = fr_grid_map(1, 2, r13);

    fr_redistribute("d on the full 2x2", 'd', NULL, NULL, N, N, &f, 64, 64, &f, 16, 16, f.ctxt,
                    41);
    fr_redistribute("trmr2d U/N z on the full 1x4", 'z', "U", "N", N, N, &l, 64, 64, &l, 16, 16,
                    l.ctxt, 42);
    if (t.in)
        fr_redistribute("c inside {0,1,2}", 'c', NULL, NULL, N, N, &t, 64, 64, &t, 16, 16,
                        t.ctxt, 43);
    fr_redistribute("d from {0,1,2} to the full 2x2", 'd', NULL, NULL, N, N, &t, 64, 64, &f, 16,
                    16, f.ctxt, 44);
    if (p.in)
        fr_redistribute("s inside {1,3}", 's', NULL, NULL, N, N, &p, 64, 64, &p, 16, 16, p.ctxt,
                        45);

    /* Ranks 1 and 3 are still at work while rank 2 exits. */
    if (p.in)
        fr_redistribute("trmr2d L/U i inside {1,3}, the extra work", 'i', "L", "U", N, N, &p,
                        64, 64, &p, 16, 16, p.ctxt, 46);

    static const int turns[] = {2, 0, 3, 1};
    fr_turn_wait(turns, 4);
    fr_step(FR_CALL_LIMIT, "sleeping before Cblacs_exit");
    fr_sleep_ms(100 * fr_rank);
    fr_step_done();
    fr_free_begin("Cblacs_exit(1)");
    Cblacs_exit(1);
    fr_free_end();
    fr_turn_pass(turns, 4);

    /* The BLACS again, after every process has left it. */
    fr_step(FR_CALL_LIMIT, "the BLACS started again");
    int me, np;
    Cblacs_pinfo(&me, &np);
    fr_grid g = fr_grid_init("Row", 2, 2);
    fr_step_done();
    fr_redistribute("d on a grid made after Cblacs_exit", 'd', NULL, NULL, N, N, &g, 64, 64, &g,
                    16, 16, g.ctxt, 47);
    fr_grid_exit(&g, "the grid made after Cblacs_exit");

    int rc = fr_finish();
    fr_step(FR_CALL_LIMIT, "MPI_Finalize");
    MPI_Finalize();
    return rc;
}
