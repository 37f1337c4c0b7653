/* Freeing never waits for other processes, with contexts on subsets of
 * the processes (Cblacs_gridmap) whose handles are then reused.
 *
 * Round 1: a full 2 x 2 grid and three subsets, {0,1}, {2,3} and {1,2,3};
 * a redistribution inside each subset (ictxt = that subset) and two
 * between grids with the full context as ictxt.  Then the processes free
 * their contexts one process at a time, in the order 3, 0, 2, 1, each in
 * an order of its own: a process that waited for another's free would
 * wait for ever, since the others are still waiting for their turn.
 *
 * Round 2: new contexts (Cblacs_gridmap and Cblacs_gridinit again), other
 * shapes and members, which the BLACS gives the handles just freed; every
 * new handle must be an old one, or the round proves nothing about reuse.
 * They are used the same way, then freed all at once, each process in an
 * order of its own.  Every result is compared with ScaLAPACK's, byte for
 * byte.
 *
 *   mpiexec -n 4 bcr_test_free_subsets [--reference-only] */
#include <stdio.h>

#include <mpi.h>

#include "freeing.h"

#define N 1024

typedef struct {
    fr_grid g;
    const char *name;
} named;

/* Free this process's grids in the given order (indices into set). */
static void free_in_order(named *set, const int *order, int n)
{
    for (int i = 0; i < n; i++)
        fr_grid_exit(&set[order[i]].g, set[order[i]].name);
}

int main(int argc, char **argv)
{
    fr_init(&argc, &argv, 4, "free_subsets");
    const int r01[] = {0, 1}, r23[] = {2, 3}, r123[] = {1, 2, 3};

    /* ---- round 1 ---- */
    enum { F, P01, P23, T123, N1 };
    named one[N1] = {{fr_grid_init("Row", 2, 2), "full 2x2"},
                     {fr_grid_map(1, 2, r01), "{0,1} 1x2"},
                     {fr_grid_map(2, 1, r23), "{2,3} 2x1"},
                     {fr_grid_map(1, 3, r123), "{1,2,3} 1x3"}};
    int old[N1];
    for (int i = 0; i < N1; i++)
        old[i] = one[i].g.ctxt;

    if (one[P01].g.in)
        fr_redistribute("round 1: d inside {0,1}", 'd', NULL, NULL, N, N, &one[P01].g, 64, 64,
                        &one[P01].g, 16, 16, one[P01].g.ctxt, 11);
    if (one[P23].g.in)
        fr_redistribute("round 1: c inside {2,3}", 'c', NULL, NULL, N, N, &one[P23].g, 64, 64,
                        &one[P23].g, 16, 16, one[P23].g.ctxt, 12);
    if (one[T123].g.in)
        fr_redistribute("round 1: trmr2d L/N z inside {1,2,3}", 'z', "L", "N", N, N,
                        &one[T123].g, 64, 64, &one[T123].g, 16, 16, one[T123].g.ctxt, 13);
    fr_redistribute("round 1: d from {1,2,3} to the full grid", 'd', NULL, NULL, N, N,
                    &one[T123].g, 64, 64, &one[F].g, 16, 16, one[F].g.ctxt, 14);
    fr_redistribute("round 1: i from {0,1} to {1,2,3}, ictxt the full grid", 'i', NULL, NULL, N,
                    N, &one[P01].g, 64, 64, &one[T123].g, 16, 16, one[F].g.ctxt, 15);

    /* One process at a time; each frees only the grids it is in. */
    static const int turns[] = {3, 0, 2, 1};
    static const int order1[4][N1] = {
        {P01, F, P23, T123}, {F, T123, P01, P23}, {T123, P23, F, P01}, {P23, F, T123, P01}};
    fr_turn_wait(turns, 4);
    free_in_order(one, order1[fr_rank], N1);
    fr_turn_pass(turns, 4);

    /* ---- round 2: the handles again ---- */
    enum { Q012, F2, P13, P32, N2 };
    const int r012[] = {0, 1, 2}, r13[] = {1, 3}, r32[] = {3, 2};
    fr_step(FR_CALL_LIMIT, "round 2: making the new contexts");
    named two[N2] = {{fr_grid_map(3, 1, r012), "{0,1,2} 3x1"},
                     {fr_grid_init("Col", 1, 4), "full 1x4"},
                     {fr_grid_map(1, 2, r13), "{1,3} 1x2"},
                     {fr_grid_map(2, 1, r32), "{3,2} 2x1"}};
    fr_step_done();
    for (int i = 0; i < N2; i++) {
        if (!two[i].g.in)
            continue;
        int reused = 0;
        for (int k = 0; k < N1; k++)
            reused |= old[k] >= 0 && old[k] == two[i].g.ctxt;
        FR_CHECK(reused, "round 2: %s got handle %d, which none of this process's freed "
                 "contexts had: the BLACS did not reuse it", two[i].name, two[i].g.ctxt);
    }

    if (two[Q012].g.in)
        fr_redistribute("round 2: d inside {0,1,2}", 'd', NULL, NULL, N, N, &two[Q012].g, 64,
                        64, &two[Q012].g, 16, 16, two[Q012].g.ctxt, 21);
    if (two[P13].g.in)
        fr_redistribute("round 2: trmr2d U/U s inside {1,3}", 's', "U", "U", N, N, &two[P13].g,
                        64, 64, &two[P13].g, 16, 16, two[P13].g.ctxt, 22);
    if (two[P32].g.in)
        fr_redistribute("round 2: z inside {3,2}", 'z', NULL, NULL, N, N, &two[P32].g, 64, 64,
                        &two[P32].g, 16, 16, two[P32].g.ctxt, 23);
    fr_redistribute("round 2: d from {1,3} to the full grid", 'd', NULL, NULL, N, N,
                    &two[P13].g, 64, 64, &two[F2].g, 16, 16, two[F2].g.ctxt, 24);
    fr_redistribute("round 2: i from {0,1,2} to {3,2}, ictxt the full grid", 'i', NULL, NULL, N,
                    N, &two[Q012].g, 64, 64, &two[P32].g, 16, 16, two[F2].g.ctxt, 25);

    /* All at once, no barrier, each process in its own order. */
    static const int order2[4][N2] = {
        {F2, Q012, P13, P32}, {P13, Q012, F2, P32}, {F2, P32, Q012, P13}, {P32, P13, F2, Q012}};
    free_in_order(two, order2[fr_rank], N2);

    int rc = fr_finish();
    fr_step(FR_CALL_LIMIT, "MPI_Finalize");
    MPI_Finalize();
    return rc;
}
