/* Timing one case in its regimes (see timing_interleave.h).
 *
 * The untimed warm-up calls new-plan's shape 1 (when new-plan runs), then
 * the case's own shape.  A repetition then runs warm, new-plan and cold in
 * that order, each a ScaLAPACK call then a bcredist call, and each finds
 * what it is meant to whatever ran before it:
 *  - warm follows the warm-up, or the previous repetition's cold call and
 *    one more untimed bcredist call, all with the case's own shape, so the
 *    call repeats the last one on a context that has had two calls or more,
 *    as a loop of identical calls does (a context's first call goes
 *    through MPI, and its second makes the shared segments);
 *  - new-plan follows warm or the warm-up, so the contexts, segments and
 *    buffers are made, large enough for the case's own shape, which is
 *    larger than any of new-plan's; its shape is one no call has had
 *    (timing_new_plan_shape);
 *  - cold calls bcr_finalize() on every process, then a barrier, both
 *    outside the timed region.
 * New-plan puts both Bs back to their first bytes before its calls and
 * compares them after every one: each shape is a different submatrix, and
 * a call that wrote nothing would otherwise leave the values of the larger
 * call before it, which are the right ones. */
#include "timing_interleave.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"

enum { PUT_BACK_REF = 1, PUT_BACK_BCR = 2, FINALIZE = 4 };

/* Both libraries on the submatrix of c, ScaLAPACK first; the Bs put back
 * and the finalize (flags) are outside the timed calls. */
static void call_pair(trial *t, const tcase *c, int flags, double *tr, double *tb)
{
    const tcase *own = t->c;
    t->c = c; /* the calls read the submatrix from the trial's case */
    if ((flags & PUT_BACK_REF) && t->bref.bytes)
        memcpy(t->bref.data, t->bref.init, t->bref.bytes);
    double r = trial_call_ref(t);
    if (flags & PUT_BACK_BCR)
        trial_reset_bcr(t);
    if (flags & FINALIZE) {
        bcr_finalize();
        MPI_Barrier(MPI_COMM_WORLD);
    }
    double b = trial_call_bcr(t);
    t->c = own;
    if (tr)
        *tr = r;
    if (tb)
        *tb = b;
}

static unsigned long long largest(unsigned long long mine)
{
    unsigned long long most;
    MPI_Allreduce(&mine, &most, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    return most;
}

/* What a regime's timed call does besides the call.  New-plan, and every
 * regime with --check (so that the compare after the call sees this call's
 * result alone), put back both Bs: putting back bcredist's alone would
 * leave in ScaLAPACK's what an earlier shape wrote outside this one's
 * submatrix (a trapezoid's, with fewer rows, need not lie inside the
 * larger one's).  An update routine puts them back before every call: it
 * reads C, and the libraries make different numbers of untimed calls
 * (warm's after cold), so without it the Cs would drift apart. */
static int flags_of(int regime, int check, int update)
{
    int put_back =
        regime == REGIME_NEW_PLAN || check || update ? PUT_BACK_REF | PUT_BACK_BCR : 0;
    return put_back | (regime == REGIME_COLD ? FINALIZE : 0);
}

void timing_time_case(trial *t, const timing_opts *o, case_result *out)
{
    const tcase *own = t->c;
    int reps = o->reps;
    double *tr = malloc((size_t)(TIMING_REGIMES * reps) * sizeof *tr);
    double *tb = malloc((size_t)(TIMING_REGIMES * reps) * sizeof *tb);
    tcase shape;
    for (int g = 0; g < TIMING_REGIMES; g++)
        out->r[g] = (regime_result){o->regime[g], 0, 0, 0, 0, 1};
    regime_result *np = &out->r[REGIME_NEW_PLAN];
    np->ran = np->ran && timing_new_plan_shape(own, 1, reps, &shape);
    /* Buffers and shared segments keep the size of the largest call seen;
     * start from none, so the memory figure is this case's own. */
    bcr_finalize();
    if (np->ran)
        call_pair(t, &shape, PUT_BACK_REF | PUT_BACK_BCR, NULL, NULL);
    call_pair(t, own, 0, NULL, NULL);
    for (int k = 0; k < reps; k++)
        for (int g = 0; g < TIMING_REGIMES; g++) {
            regime_result *r = &out->r[g];
            if (!r->ran)
                continue;
            if (g == REGIME_NEW_PLAN)
                timing_new_plan_shape(own, k + 2, reps, &shape);
            if (g == REGIME_WARM && k > 0 && out->r[REGIME_COLD].ran)
                trial_call_bcr(t); /* the second call since the cold one */
            (void)bcr_pool_peak_bytes(); /* counts from here */
            call_pair(t, g == REGIME_NEW_PLAN ? &shape : own, flags_of(g, o->check, own->update),
                      &tr[g * reps + k], &tb[g * reps + k]);
            if (o->check || g == REGIME_NEW_PLAN || k == reps - 1)
                r->same &= trial_same(t);
            if (k == reps - 1) {
                r->peak = largest(bcr_pool_peak_bytes());
                r->mem = largest(bcr_pool_bytes());
            }
        }
    size_t larger = t->a.bytes > t->bbcr.bytes ? t->a.bytes : t->bbcr.bytes;
    out->bound = timing_copy_bound(larger, reps);
    for (int g = 0; g < TIMING_REGIMES; g++)
        if (out->r[g].ran) {
            out->r[g].ref = timing_median(&tr[g * reps], reps);
            out->r[g].bcr = timing_median(&tb[g * reps], reps);
        }
    free(tr);
    free(tb);
}
