#include "exec/rounds.h"

#include <stdlib.h>

#include "base/failsafe.h"
#include "base/timers.h"
#include "exec/round_size.h"
#include "exec/run_plan.h"

static _Thread_local long long rounds_run;

long long bcr_rounds_run(void) { return rounds_run; }

int bcr_rounds_needed(const bcr_request *rq, const bcr_rounds_call *c,
                      const bcr_plan_options *opt)
{
    bcr_idx h, w;
    bcr_mask mk = bcr_mask_of(rq);
    return bcr_round_shape(c->A, c->B, &mk, rq->elsize, opt, c->nranks, rq->update != NULL, &h,
                           &w);
}

/* A side as a round's call sees it: the submatrix moved by the piece's
 * offset. */
static bcr_side moved(const bcr_side *x, const bcr_round *p)
{
    bcr_side y = *x;
    y.i = (int)(x->i + p->r);
    y.j = (int)(x->j + p->c);
    return y;
}

void bcr_rounds_plan(bcr_rounds *r, const bcr_request *rq, const bcr_rounds_call *c,
                     const bcr_plan_options *opt, bcr_err *e)
{
    double t0 = bcr_phase_start();
    bcr_idx h, w;
    bcr_mask mk = bcr_mask_of(rq);
    *r = (bcr_rounds){0, NULL, NULL, 0};
    bcr_round_shape(c->A, c->B, &mk, rq->elsize, opt, c->nranks, rq->update != NULL, &h, &w);
    r->n = bcr_round_list(&mk, h, w, NULL);
    int active = c->A->in || c->B->in;
    size_t n = r->n > 0 ? (size_t)r->n : 1; /* a trapezoid may leave none */
    r->piece = malloc(n * sizeof *r->piece);
    r->plan = active ? malloc(n * sizeof *r->plan) : NULL;
    if (!r->piece || (active && !r->plan)) {
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory while planning");
    } else {
        bcr_round_list(&mk, h, w, r->piece);
        for (; active && r->built < r->n; r->built++) {
            const bcr_round *p = &r->piece[r->built];
            bcr_side A = moved(c->A, p), B = moved(c->B, p);
            if (bcr_plan_build(&r->plan[r->built], &A, &B, &p->mk, rq->elsize, opt, c->rank,
                               c->nranks) != BCR_SUCCESS) {
                bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory while planning");
                break; /* bcr_plan_build left nothing to free in this one */
            }
        }
    }
    bcr_phase_add(&bcr_phase_now.plan, t0);
}

const bcr_plan *bcr_rounds_reserve(const bcr_request *rq, const bcr_rounds *r, bcr_err *e)
{
    const bcr_plan *most = NULL;
    for (bcr_idx k = 0; !e->code && r->plan && k < r->n; k++) {
        const bcr_plan *pl = &r->plan[k];
        if (bcr_plan_reserve(pl, rq->elsize, rq->update != NULL))
            bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for message buffers");
        if (!most || bcr_plan_shm_bytes(pl, rq->elsize) > bcr_plan_shm_bytes(most, rq->elsize))
            most = pl;
    }
    return most;
}

void bcr_round_run(const bcr_rounds *r, bcr_idx k, const bcr_arrays *ar, MPI_Comm comm,
                   bcr_shm *sh, const bcr_exec_options *xo)
{
    /* Partners may be waiting for this process's messages, and there is
     * no telling them (base/failsafe.h). */
    int rc = bcr_plan_run(&r->plan[k], ar, comm, sh, xo, 0);
    if (rc)
        bcr_give_up("%s while exchanging data (round %lld of %lld)",
                    rc == BCR_ERR_MPI ? "an MPI call failed" : "out of memory",
                    (long long)k + 1, (long long)r->n);
    rounds_run++;
}

void bcr_rounds_free(bcr_rounds *r)
{
    for (bcr_idx k = 0; k < r->built; k++)
        bcr_plan_free(&r->plan[k]);
    free(r->plan);
    free(r->piece);
    *r = (bcr_rounds){0, NULL, NULL, 0};
}
