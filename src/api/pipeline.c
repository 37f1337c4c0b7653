#include "api/pipeline.h"

#include <stdio.h>

#include "base/failsafe.h"
#include "base/mask.h"
#include "base/timers.h"
#include "base/usage.h"
#include "exec/keep.h"
#include "exec/rounds.h"
#include "runtime/finalize.h"
#include "runtime/plancache.h"
#include "runtime/trace.h"

/* While the agreement travels, a process repeating its last call packs
 * that call's messages into its shared segment: that writes nothing the
 * caller sees, and they are published only once every process has agreed
 * that all repeat (else the next pack writes over them). */
static int prepack_last(const bcr_request *rq, const bcr_setup *s)
{
    const bcr_lastcall *last = &s->ctx->last;
    if (!last->plan || !last->sh)
        return 0;
    bcr_arrays ar = {rq->a, s->A.lld, rq->b, s->B.lld, rq->elsize, rq->update};
    return bcr_plan_prepack(last->plan, &ar, last->sh);
}

int bcr_stage_agree(const bcr_request *rq, const bcr_options *opt, bcr_setup *s, int *packed,
                    bcr_err *e)
{
    double t0 = bcr_phase_start();
    if (packed)
        *packed = 0;
    /* Whatever this call makes, MPI_Finalize must be able to free. */
    int rc = bcr_finalize_hook();
    if (rc != BCR_SUCCESS) {
        bcr_phase_add(&bcr_phase_now.check, t0);
        return bcr_err_plain(e, rq, rc, "MPI error while setting up");
    }
    if (opt->bad[0] && !e->code) /* agreed like a bad argument */
        bcr_err_plain(e, rq, BCR_ERR_ARGUMENT, "%s", opt->bad);
    bcr_agreement ag;
    rc = bcr_agree_call_start(rq, opt, s, &ag, e);
    bcr_phase_add(&bcr_phase_now.check, t0);
    if (rc != BCR_SUCCESS)
        return rc;
    if (packed && ag.repeat_here)
        *packed = prepack_last(rq, s);
    t0 = bcr_phase_start();
    rc = bcr_agree_call_finish(rq, s, &ag, e);
    bcr_phase_add(&bcr_phase_now.check, t0);
    if (packed && !s->repeat)
        *packed = 0; /* good only where every process repeats */
    return rc;
}

void bcr_stage_plan(const bcr_request *rq, bcr_setup *s, const bcr_options *opt, bcr_plan *own,
                    const bcr_plan **pl, int *cached, bcr_err *e)
{
    double t0 = bcr_phase_start();
    *pl = NULL;
    *cached = 0;
    if (s->A.in || s->B.in) {
        bcr_mask mk = bcr_mask_of(rq);
        const bcr_ctx *ctx = s->ctx;
        if (!own)
            *pl = bcr_plancache_get(&s->ctx->plans, &s->A, &s->B, s->maps_gen, &mk, rq->elsize,
                                    &opt->plan, ctx->rank, ctx->size, cached);
        else if (bcr_plan_build(own, &s->A, &s->B, &mk, rq->elsize, &opt->plan, ctx->rank,
                                ctx->size) == BCR_SUCCESS)
            *pl = own;
        if (!*pl)
            bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory while planning");
        else
            bcr_usage_plan(!*cached);
    }
    bcr_phase_add(&bcr_phase_now.plan, t0);
}

int bcr_stage_commit(const bcr_commit *c, const bcr_plan *pl)
{
    double t0 = bcr_phase_start();
    const bcr_request *rq = c->rq;
    bcr_err *e = c->e;
    if (!e->code && pl && bcr_plan_reserve(pl, rq->elsize, rq->update != NULL))
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for message buffers");
    /* Reserving or planning can fail on one process only: all must know
     * before any message goes out, or the others would wait for it
     * forever. */
    int rc = bcr_agree_commit(c->sh ? pl : NULL, rq->elsize, c->opt, &c->procs, e, c->sh);
    bcr_phase_add(c->timer, t0);
    return rc;
}

void bcr_stage_exchange(const bcr_plan *pl, const bcr_arrays *ar, const bcr_options *opt,
                        MPI_Comm comm, bcr_shm *sh, int packed)
{
    if (!pl)
        return;
    int rc = bcr_plan_run(pl, ar, comm, sh, &opt->exec, packed);
    /* Partners may be waiting for this process's messages, and there is
     * no telling them (base/failsafe.h).  Buffers were reserved and agreed
     * on before, so only MPI can fail here. */
    if (rc)
        bcr_give_up("%s while exchanging data",
                    rc == BCR_ERR_MPI ? "an MPI call failed" : "out of memory");
}

void bcr_stage_keep(bcr_shm *sh, const bcr_options *opt)
{
    bcr_keep_within(sh, (size_t)opt->keep_bytes);
}

int bcr_stage_commit_rounds(const bcr_commit *c, const bcr_rounds *r)
{
    double t0 = bcr_phase_start();
    const bcr_plan *most = bcr_rounds_reserve(c->rq, r, c->e);
    int rc = bcr_agree_commit(c->sh ? most : NULL, c->rq->elsize, c->opt, &c->procs, c->e,
                              c->sh);
    bcr_phase_add(c->timer, t0);
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

void bcr_stage_exchange_rounds(const bcr_request *rq, const bcr_rounds *r,
                               const bcr_arrays *ar, const bcr_options *opt,
                               const bcr_procs *g, bcr_shm *sh)
{
    for (bcr_idx k = 0; r->plan && k < r->n; k++) {
        if (opt->trace)
            trace_round(rq, r, k, g->rank, sh, opt);
        bcr_round_run(r, k, ar, g->comm, sh, &opt->exec);
    }
}

/* Stages 2 to 4 of a call in rounds once agreed; *shp as bcr_stage_run. */
static int run_rounds(const bcr_request *rq, const bcr_options *opt, const bcr_setup *s,
                      const bcr_rounds_call *c, bcr_err *e, bcr_shm **shp)
{
    bcr_ctx *ctx = s->ctx;
    /* No later call repeats this one as it was (it has no single plan),
     * and the one before it is no longer the last. */
    bcr_lastcall_forget(&ctx->last);
    bcr_rounds r;
    bcr_rounds_plan(&r, rq, c, &opt->plan, e);
    bcr_shm *sh = NULL;
    bcr_commit cm = {rq, opt, {ctx->comm, ctx->rank, ctx->size}, e, &sh, &bcr_phase_now.plan};
    int rc = bcr_stage_commit_rounds(&cm, &r);
    if (rc == BCR_SUCCESS) {
        bcr_arrays ar = {rq->a, s->A.lld, rq->b, s->B.lld, rq->elsize, rq->update};
        bcr_stage_exchange_rounds(rq, &r, &ar, opt, &cm.procs, sh);
    }
    *shp = rc == BCR_SUCCESS ? sh : NULL;
    bcr_rounds_free(&r);
    return rc;
}

int bcr_stage_run(const bcr_request *rq, const bcr_options *opt, bcr_setup *s, int packed,
                  bcr_err *e, bcr_shm **shp)
{
    *shp = NULL;
    bcr_rounds_call c = {&s->A, &s->B, s->ctx->rank, s->ctx->size};
    if (bcr_rounds_needed(rq, &c, &opt->plan))
        return run_rounds(rq, opt, s, &c, e, shp); /* under BCR_MAX_BYTES (exec/rounds.h) */
    bcr_ctx *ctx = s->ctx;
    bcr_lastcall *last = &ctx->last;
    const bcr_plan *pl;
    bcr_shm *sh;
    int cached = 1;
    if (s->repeat) {
        pl = last->plan;
        sh = last->sh;
        bcr_usage_plan(0);
    } else {
        bcr_lastcall_forget(last); /* its plan may leave the cache now */
        bcr_stage_plan(rq, s, opt, NULL, &pl, &cached, e);
        bcr_commit cm = {rq, opt, {ctx->comm, ctx->rank, ctx->size}, e, &sh,
                         &bcr_phase_now.plan};
        BCR_TRY(bcr_stage_commit(&cm, pl));
    }
    if (pl && opt->trace)
        bcr_trace_call(rq, ctx->rank, pl, cached, sh, &opt->exec, packed);
    bcr_arrays ar = {rq->a, s->A.lld, rq->b, s->B.lld, rq->elsize, rq->update};
    bcr_stage_exchange(pl, &ar, opt, ctx->comm, sh, packed);
    /* A call that went through MPI only because it was the context's first,
     * or because a store had no room for its pages, is not one to repeat as
     * it was: the next makes the segments, or finds room. */
    if (!sh && pl && bcr_plan_shm_bytes(pl, rq->elsize) > 0 && bcr_shm_pending(ctx->comm))
        bcr_lastcall_forget(last);
    else
        bcr_lastcall_remember(last, rq, &opt->plan, pl, sh);
    *shp = sh;
    return BCR_SUCCESS;
}

static int run(const bcr_request *rq, const bcr_options *opt, bcr_err *e)
{
    bcr_phase_now.calls++;
    bcr_setup s;
    int packed;
    bcr_shm *sh;
    BCR_TRY(bcr_stage_agree(rq, opt, &s, &packed, e));
    BCR_TRY(bcr_stage_run(rq, opt, &s, packed, e, &sh));
    bcr_stage_keep(sh, opt);
    return BCR_SUCCESS;
}

int bcr_redistribute(const bcr_request *rq)
{
    bcr_failsafe_enter(rq->routine);
    double t0 = bcr_usage_start();
    int rc = BCR_SUCCESS;
    /* The reference returns before looking at anything else. */
    if (rq->m == 0 || rq->n == 0) {
        bcr_err_clear_last();
    } else {
        bcr_options opt;
        bcr_options_read(&opt);
        bcr_err e = bcr_err_initial(rq); /* an entry point may have found one */
        rc = bcr_err_finish(&e, rq, run(rq, &opt, &e));
    }
    bcr_usage_record(rq->routine, t0);
    return rc;
}
