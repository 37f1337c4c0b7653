/* Freeing never waits for other processes: a plan destroyed on one
 * process long before the others.
 *
 * A plan (2048 x 2048 doubles, blocks 64 x 64 -> 16 x 16 on a 2 x 2 grid)
 * is executed twice, each result compared with ScaLAPACK's; its context is
 * also used by a direct call.  Then, with no barrier:
 *   rank 0     destroys the plan, frees the plan's context, and joins a
 *              call on another context over all four processes;
 *   ranks 1-3  first make a call on a context of their own ({1,2,3}),
 *              free the plan's context (the plan outlives it), make that
 *              call over all four with rank 0, sleep 300 ms times their
 *              rank, and only then destroy the plan.
 * A destroy (or a free) that waited for the others would never return:
 * they need rank 0 in the call over all four before they destroy.
 *
 *   mpiexec -n 4 bcr_test_free_plan [--reference-only] */
#include <bcredist.h>
#include <mpi.h>

#include <stdio.h>

#include "freeing.h"

#define N 2048

/* One execution of the plan from A filled from seed, against ScaLAPACK's
 * call on the same arrays' layout. */
static void execute_and_compare(bcr_plan_t plan, const fr_grid *g, int ictxt, unsigned seed,
                                const char *what)
{
    fr_array a, bref, bplan = {0};
    int bad = fr_array_make(&a, 'd', g, N, N, 64, 64);
    bad |= fr_array_make(&bref, 'd', g, N, N, 16, 16);
    if (!fr_reference_only)
        bad |= fr_array_make(&bplan, 'd', g, N, N, 16, 16);
    if (!bad) {
        fr_array_fill(&a, seed);
        fr_array_sentinel(&bref);
        fr_array_sentinel(&bplan);
        fr_step(FR_CALL_LIMIT, "%s: ScaLAPACK's call", what);
        fr_call(1, NULL, NULL, N, N, &a, &bref, ictxt);
        fr_step_done();
        if (!fr_reference_only) {
            fr_step(FR_CALL_LIMIT, "%s: bcr_plan_execute", what);
            int code = bcr_plan_execute(plan, a.p, bplan.p);
            fr_step_done();
            FR_CHECK(code == BCR_SUCCESS, "error %d", code);
            fr_same(&bref, &bplan);
            size_t changed = fr_array_fill_differs(&a, seed);
            FR_CHECK(!changed, "%zu elements of A changed", changed);
        }
    }
    fr_array_free(&a);
    fr_array_free(&bref);
    fr_array_free(&bplan);
}

static void destroy(bcr_plan_t *plan, const char *when)
{
    if (fr_reference_only)
        return;
    fr_free_begin("bcr_plan_destroy, %s", when);
    bcr_plan_destroy(*plan);
    fr_free_end();
    *plan = NULL;
}

int main(int argc, char **argv)
{
    fr_init(&argc, &argv, 4, "free_plan");
    const int r123[] = {1, 2, 3};
    fr_grid w = fr_grid_init("Row", 2, 2), l = fr_grid_init("Col", 1, 4);
    fr_grid s = fr_grid_map(1, 3, r123);

    bcr_plan_t plan = NULL;
    if (!fr_reference_only) {
        fr_array a, b;
        fr_array_make(&a, 'd', &w, N, N, 64, 64); /* for the descriptors */
        fr_array_make(&b, 'd', &w, N, N, 16, 16);
        fr_step(FR_CALL_LIMIT, "bcr_plan_create");
        plan = bcr_plan_create('d', NULL, NULL, N, N, 1, 1, a.desc, 1, 1, b.desc, w.ctxt);
        fr_step_done();
        FR_CHECK(plan != NULL, "bcr_plan_create failed: error %d", bcr_last_error(NULL));
        fr_array_free(&a);
        fr_array_free(&b);
    }
    if (fr_reference_only || plan) {
        execute_and_compare(plan, &w, w.ctxt, 31, "the plan's first execution");
        execute_and_compare(plan, &w, w.ctxt, 32, "the plan's second execution");
    }
    fr_redistribute("a direct call on the plan's context", 'd', NULL, NULL, N, N, &w, 64, 64,
                    &w, 16, 16, w.ctxt, 33);

    /* No barrier from here on. */
    if (fr_rank == 0) {
        destroy(&plan, "rank 0 first, while the others still call");
        fr_grid_exit(&w, "the plan's context");
        fr_redistribute("the call over all four", 'd', NULL, NULL, N, N, &l, 64, 64, &l, 16, 16,
                        l.ctxt, 35);
    } else {
        fr_redistribute("the call on {1,2,3}", 'd', NULL, NULL, N, N, &s, 64, 64, &s, 16, 16,
                        s.ctxt, 34);
        fr_grid_exit(&w, "the plan's context");
        fr_redistribute("the call over all four", 'd', NULL, NULL, N, N, &l, 64, 64, &l, 16, 16,
                        l.ctxt, 35);
        fr_step(FR_CALL_LIMIT, "sleeping before the destroy");
        fr_sleep_ms(300 * fr_rank);
        fr_step_done();
        destroy(&plan, "after the others' sleep");
        fr_grid_exit(&s, "{1,2,3}");
    }
    fr_grid_exit(&l, "the context over all four");

    int rc = fr_finish();
    fr_step(FR_CALL_LIMIT, "MPI_Finalize");
    MPI_Finalize();
    return rc;
}
