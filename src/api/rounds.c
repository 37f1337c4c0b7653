#include "api/rounds.h"

#include <stdio.h>
#include <stdlib.h>

#include "api/round_size.h"
#include "base/failsafe.h"
#include "base/timers.h"
#include "exec/run_plan.h"
#include "runtime/trace.h"

static _Thread_local long long rounds_run;

long long bcr_rounds_run(void) { return rounds_run; }

int bcr_rounds_needed(const bcr_request *rq, const bcr_setup *s, const bcr_plan_options *opt)
{
    bcr_idx h, w;
    bcr_mask mk = bcr_mask_of(rq);
    return bcr_round_shape(&s->A, &s->B, &mk, rq->elsize, opt, s->ctx->size, rq->update != NULL,
                           &h, &w);
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

void bcr_rounds_plan(bcr_rounds *r, const bcr_request *rq, const bcr_setup *s,
                     const bcr_plan_options *opt, bcr_err *e)
{
    double t0 = bcr_phase_start();
    bcr_idx h, w;
    bcr_mask mk = bcr_mask_of(rq);
    *r = (bcr_rounds){0, NULL, NULL, 0};
    bcr_round_shape(&s->A, &s->B, &mk, rq->elsize, opt, s->ctx->size, rq->update != NULL, &h,
                    &w);
    r->n = bcr_round_list(&mk, h, w, NULL);
    int active = s->A.in || s->B.in;
    size_t n = r->n > 0 ? (size_t)r->n : 1; /* a trapezoid may leave none */
    r->piece = malloc(n * sizeof *r->piece);
    r->plan = active ? malloc(n * sizeof *r->plan) : NULL;
    if (!r->piece || (active && !r->plan)) {
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory while planning");
    } else {
        bcr_round_list(&mk, h, w, r->piece);
        for (; active && r->built < r->n; r->built++) {
            const bcr_round *p = &r->piece[r->built];
            bcr_side A = moved(&s->A, p), B = moved(&s->B, p);
            if (bcr_plan_build(&r->plan[r->built], &A, &B, &p->mk, rq->elsize, opt,
                               s->ctx->rank, s->ctx->size) != BCR_SUCCESS) {
                bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory while planning");
                break; /* bcr_plan_build left nothing to free in this one */
            }
        }
    }
    bcr_phase_add(&bcr_phase_now.plan, t0);
}

int bcr_rounds_commit(const bcr_request *rq, const bcr_rounds *r, int with_shm,
                      const bcr_options *opt, MPI_Comm comm, int rank, int size, bcr_err *e,
                      bcr_shm **sh, double *timer)
{
    double t0 = bcr_phase_start();
    const bcr_plan *most = NULL; /* the round sending the most through segments */
    for (bcr_idx k = 0; !e->code && r->plan && k < r->n; k++) {
        const bcr_plan *pl = &r->plan[k];
        if (bcr_plan_reserve(pl, rq->elsize, rq->update != NULL))
            bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for message buffers");
        if (!most || bcr_plan_shm_bytes(pl, rq->elsize) > bcr_plan_shm_bytes(most, rq->elsize))
            most = pl;
    }
    int rc = bcr_agree_commit(with_shm ? most : NULL, rq->elsize, opt, comm, rank, size, e, sh);
    bcr_phase_add(timer, t0);
    return rc;
}

static void trace_round(const bcr_request *rq, const bcr_rounds *r, bcr_idx k, int rank,
                        const bcr_shm *sh, const bcr_options *opt)
{
    const bcr_round *p = &r->piece[k];
    fprintf(stderr, "bcr_trace: %s rank %d: round %lld of %lld: rows %lld to %lld, columns "
            "%lld to %lld, %s\n", rq->routine, rank, (long long)k + 1, (long long)r->n,
            (long long)p->r, (long long)(p->r + p->mk.m), (long long)p->c,
            (long long)(p->c + p->mk.n),
            !p->mk.trapezoid ? "all" : p->mk.upper ? "upper trapezoid" : "lower trapezoid");
    bcr_trace_call(rq, rank, &r->plan[k], 0, sh, &opt->exec, 0);
}

void bcr_rounds_exchange(const bcr_request *rq, const bcr_rounds *r, const bcr_arrays *ar,
                         const bcr_options *opt, MPI_Comm comm, int rank, bcr_shm *sh)
{
    for (bcr_idx k = 0; r->plan && k < r->n; k++) {
        const bcr_plan *pl = &r->plan[k];
        if (opt->trace)
            trace_round(rq, r, k, rank, sh, opt);
        /* As bcr_stage_exchange: a failure here aborts the job. */
        int rc = bcr_plan_run(pl, ar, comm, sh, &opt->exec, 0);
        if (rc)
            bcr_give_up("%s while exchanging data (round %lld of %lld)",
                        rc == BCR_ERR_MPI ? "an MPI call failed" : "out of memory",
                        (long long)k + 1, (long long)r->n);
        rounds_run++;
    }
}

void bcr_rounds_free(bcr_rounds *r)
{
    for (bcr_idx k = 0; k < r->built; k++)
        bcr_plan_free(&r->plan[k]);
    free(r->plan);
    free(r->piece);
    *r = (bcr_rounds){0, NULL, NULL, 0};
}

int bcr_rounds_call(const bcr_request *rq, const bcr_options *opt, const bcr_setup *s,
                    bcr_err *e, bcr_shm **shp)
{
    bcr_ctx *ctx = s->ctx;
    /* No later call repeats this one as it was (it has no single plan),
     * and the one before it is no longer the last. */
    bcr_lastcall_forget(&ctx->last);
    bcr_rounds r;
    bcr_rounds_plan(&r, rq, s, &opt->plan, e);
    bcr_shm *sh = NULL;
    int rc = bcr_rounds_commit(rq, &r, 1, opt, ctx->comm, ctx->rank, ctx->size, e, &sh,
                               &bcr_phase_now.plan);
    if (rc == BCR_SUCCESS) {
        bcr_arrays ar = {rq->a, s->A.lld, rq->b, s->B.lld, rq->elsize, rq->update};
        bcr_rounds_exchange(rq, &r, &ar, opt, ctx->comm, ctx->rank, sh);
    }
    *shp = rc == BCR_SUCCESS ? sh : NULL;
    bcr_rounds_free(&r);
    return rc;
}
