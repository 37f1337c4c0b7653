/* The public plan API: the pipeline's agreement, planning and commit once
 * (api/pipeline.h), then its commit and exchange per execution.  The
 * split-phase calls are in plan_split.c. */
#include <stdlib.h>
#include <string.h>

#include "api/arguments.h"
#include "api/pipeline.h"
#include "api/plan_object.h"
#include "base/failsafe.h"
#include "base/timers.h"
#include "base/usage.h"
#include "bcredist.h"
#include "runtime/check.h"
#include "runtime/context.h"
#include "runtime/finalize.h"

/* Arrays are not known yet; a non-NULL stand-in lets the checks pass them. */
static const char no_array_yet;

static int create(bcr_plan_t p, const bcr_request *rq, char type, const bcr_options *opt,
                  bcr_err *e)
{
    bcr_setup s;
    if (!p)
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    else if (!rq->elsize) {
        char q[8];
        bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, BCR_ARG_TYPE, "type = %s, must be one of s, d, c, z, i",
                    bcr_quote_char(&type, q));
    }
    BCR_TRY(bcr_stage_agree(rq, opt, &s, NULL, e));
    p->in_a = s.A.in;
    p->in_b = s.B.in;
    p->held_a = s.A.in ? bcr_side_held(rq, &s.A) : 0;
    p->held_b = s.B.in ? bcr_side_held(rq, &s.B) : 0;
    if (p->update && p->opt.plan.update_staged) { /* A into its staging array */
        bcr_update_sides_of(rq, &s.B, &p->sides);
        s.B = p->sides.w;
        p->held_b = s.B.in ? bcr_update_held(&p->sides) : 0;
        size_t bytes = (size_t)bcr_update_stage_elems(&p->sides) * rq->elsize;
        if (s.B.in && bytes && !(p->stage = malloc(bytes)))
            bcr_err_plain(e, rq, BCR_ERR_NOMEM,
                          "out of memory for the plan's staging array (%zu bytes)", bytes);
    }
    p->lda = s.A.lld;
    p->ldb = s.B.lld;
    int failed;
    if (bcr_comm_dup_agreed(s.ctx->comm, !bcr_fault("plan_comm"), &p->procs.comm, &failed))
        return bcr_err_plain(e, rq, BCR_ERR_NOMEM,
                             "could not make the plan's communicator (out of memory or MPI "
                             "error on process %d of ictxt)", failed);
    p->procs.rank = s.ctx->rank;
    p->procs.size = s.ctx->size;
    bcr_rounds_call c = {&s.A, &s.B, p->procs.rank, p->procs.size};
    if (bcr_rounds_needed(rq, &c, &p->opt.plan)) {
        bcr_plan_set_kind(p, &bcr_plan_rounds);
        bcr_rounds_plan(&p->rounds, rq, &c, &p->opt.plan, e);
        bcr_commit cm = {rq, &p->opt, p->procs, e, NULL, &bcr_phase_now.plan};
        return bcr_stage_commit_rounds(&cm, &p->rounds);
    }
    const bcr_plan *pl;
    int unused;
    bcr_plan_set_kind(p, &bcr_plan_one);
    bcr_stage_plan(rq, &s, &p->opt, &p->plan, &pl, &unused, e);
    p->active = pl != NULL; /* a plan that failed holds nothing to free */
    /* No shared window yet: see bcr_plan_execute. */
    bcr_commit cm = {rq, &p->opt, p->procs, e, NULL, &bcr_phase_now.plan};
    return bcr_stage_commit(&cm, pl);
}

/* The plan of a request narrowed into rq (an error found so far in e): an
 * empty one where m or n is 0 (no check and no communication, as the
 * routines), else made by create, collectively; NULL after reporting an
 * error.  op: an update plan's type and operation, NULL for other plans. */
static bcr_plan_t make_plan(bcr_request *rq, char type, const bcr_update_op *op, bcr_err *e)
{
    bcr_options opt;
    bcr_options_read(&opt);
    if (opt.plan.update_staged)
        rq->update = NULL; /* the exchange fills a staging array, a copy's way */
    bcr_plan_t p = calloc(1, sizeof *p);
    if (p) {
        p->elsize = rq->elsize;
        p->trapezoid = rq->trapezoid;
        p->procs.comm = MPI_COMM_NULL;
        p->opt = opt;
        p->update = op != NULL;
        /* one plan until create finds which kind; an update plan around it */
        p->ops = op ? &bcr_plan_update : &bcr_plan_one;
        p->inner = &bcr_plan_one;
        if (op)
            p->op = *op;
    }
    if (rq->m == 0 || rq->n == 0) {
        if (p)
            bcr_plan_set_kind(p, &bcr_plan_empty);
        bcr_err_clear_last();
        return p;
    }
    if (bcr_err_finish(e, rq, create(p, rq, type, &opt, e)) != BCR_SUCCESS) {
        bcr_plan_destroy(p);
        return NULL;
    }
    return p;
}

static bcr_plan_t plan_of(bcr_request *rq, char type, const bcr_update_op *op, bcr_err *e)
{
    double t0 = bcr_usage_start();
    bcr_plan_t p = make_plan(rq, type, op, e);
    if (p)
        bcr_usage_plan(1);
    bcr_usage_record(rq->routine, t0);
    return p;
}

bcr_plan_t bcr_plan_create(char type, const char *uplo, const char *diag, bcr_int m,
                           bcr_int n, bcr_int ia, bcr_int ja, const bcr_int *desca, bcr_int ib,
                           bcr_int jb, const bcr_int *descb, bcr_int ictxt)
{
    bcr_request rq = {.routine = "bcr_plan_create", .trapezoid = uplo != NULL, .uplo = uplo,
                      .diag = diag, .elsize = bcr_type_size(type), .a = &no_array_yet,
                      .b = (void *)&no_array_yet, .plan_create = 1};
    bcr_wide_args w = {m, n, ia, ja, desca, ib, jb, descb, ictxt};
    bcr_wide_store st;
    bcr_err e = {BCR_SUCCESS, -1, ""};
    bcr_failsafe_enter(rq.routine);
    bcr_wide_narrow(&rq, &w, &st, &e); /* an ILP64 value out of range goes in e */
    return plan_of(&rq, type, NULL, &e);
}

bcr_plan_t bcr_plan_create_update(char type, const char *trans, bcr_int m, bcr_int n,
                                  bcr_int ia, bcr_int ja, const bcr_int *desca, bcr_int ic,
                                  bcr_int jc, const bcr_int *descc, bcr_int ictxt)
{
    bcr_request rq = {.routine = "bcr_plan_create_update", .a = &no_array_yet,
                      .b = (void *)&no_array_yet, .plan_create = 1};
    bcr_update_kind k = {rq.routine, type, bcr_type_size(type), BCR_FORM_GEADD, trans, 0};
    bcr_wide_store st;
    bcr_err e = {BCR_SUCCESS, -1, ""};
    bcr_update_op op;
    bcr_failsafe_enter(rq.routine);
    bcr_update_request(&k, m, n, ia, ja, desca, ic, jc, descc, ictxt, &rq, &st, &op, &e);
    rq.update = &op; /* its buffers are reserved as an update's (run_stream.h) */
    return plan_of(&rq, type, &op, &e);
}

void bcr_plan_update_run(bcr_plan_t p, const void *alpha, const void *a, const void *beta,
                         void *c, bcr_arrays *ar)
{
    memcpy(p->alpha, alpha, p->elsize);
    memcpy(p->beta, beta, p->elsize);
    p->op.alpha = p->alpha;
    p->op.beta = p->beta;
    p->c = c;
    if (bcr_plan_fused(p)) /* alpha = 0 only scales, in the same walk (kernels/update.h) */
        *ar = (bcr_arrays){a, p->lda, c, p->ldb, p->elsize, &p->op};
    else
        *ar = (bcr_arrays){a, p->lda, p->stage, p->ldb, p->elsize, NULL};
}

int bcr_plan_misuse(const char *routine, int k, const char *name, const char *detail)
{
    bcr_request rq = {.routine = routine};
    bcr_err e = {BCR_SUCCESS, -1, ""};
    bcr_err_plain(&e, &rq, BCR_ERR_ARGUMENT, "argument %d (%s): %s", k, name, detail);
    bcr_err_report(&e);
    return e.code;
}

int bcr_plan_commit_run(bcr_plan_t p, bcr_request *rq, bcr_options *opt, bcr_err *e,
                        bcr_shm **sh)
{
    /* A plan may run after bcr_finalize, and then makes state again
     * (buffers, a shared window) without the context lookup that makes
     * sure MPI_Finalize frees it; failing that only leaves it to the exit. */
    (void)bcr_finalize_hook();
    bcr_options_read(opt);
    if (opt->bad[0] && !e->code) /* agreed in the commit */
        bcr_err_plain(e, rq, BCR_ERR_ARGUMENT, "%s", opt->bad);
    opt->plan = p->opt.plan; /* the plan was made with these */
    bcr_phase_now.calls++;
    const char *what = p->trapezoid ? "trapezoid" : "submatrix";
    /* (plan, a, b), or (plan, alpha, a, beta, c) for an update plan */
    int ka = p->update ? 3 : 2, kb = p->update ? 5 : 3;
    const char *b = p->update ? "c" : "b";
    if (p->in_a && !rq->a && p->held_a) {
        bcr_err_plain(e, rq, BCR_ERR_ARGUMENT,
                      "argument %d (a): a is NULL but this process holds %lld elements of the %s",
                      ka, (long long)p->held_a, what);
        e->arg = BCR_ARG_A; /* orders the report among processes */
    } else if (p->in_b && !rq->b && p->held_b) {
        bcr_err_plain(e, rq, BCR_ERR_ARGUMENT,
                      "argument %d (%s): %s is NULL but this process holds %lld elements of the %s",
                      kb, b, b, (long long)p->held_b, what);
        e->arg = BCR_ARG_B;
    }
    /* bcr_finalize may have released the pooled buffers since the plan was
     * made: they are reserved again before the processes agree to go on.
     * The plan's communicator is its own, so its first execution goes
     * through MPI and a reused plan gets shared segments (exec/shm.h). */
    rq->elsize = p->elsize;
    return p->ops->commit(p, rq, opt, e, sh);
}

/* bcr_plan_execute and bcr_plan_execute_update: the run of p on ar (the
 * update's on A and the staging array), rq naming the routine and the
 * caller's arrays. */
static const char in_flight[] = "the plan is in flight (started and not waited for)";

static int run_now(bcr_plan_t p, bcr_request *rq, const bcr_arrays *ar)
{
    bcr_err e = {BCR_SUCCESS, -1, ""};
    p->state = BCR_PLAN_IDLE;
    if (!p->ops->commit) {
        bcr_err_clear_last();
        return BCR_SUCCESS;
    }
    bcr_options opt;
    bcr_shm *sh;
    int rc = bcr_plan_commit_run(p, rq, &opt, &e, &sh);
    if (rc == BCR_SUCCESS) {
        p->ops->exchange(p, rq, ar, &opt, sh);
        if (p->ops->finish)
            p->ops->finish(p);
        bcr_stage_keep(sh, &opt);
    }
    return bcr_err_finish(&e, rq, rc);
}

static int execute(bcr_plan_t p, bcr_request *rq, const bcr_arrays *ar)
{
    double t0 = bcr_usage_start();
    bcr_usage_plan(0);
    int rc = run_now(p, rq, ar);
    bcr_usage_record(rq->routine, t0);
    return rc;
}

int bcr_plan_run_checks(bcr_plan_t p, const char *routine, int update, const void *alpha,
                        const void *beta, const char *in_flight_text)
{
    if (!p)
        return bcr_plan_misuse(routine, 1, "plan", "plan is NULL");
    if (p->update != update)
        return bcr_plan_misuse(routine, 1, "plan",
                               p->update ? "the plan is an update plan (bcr_plan_create_update): "
                                           "run it with bcr_plan_execute_update or "
                                           "bcr_plan_start_update"
                                         : "the plan is not an update plan: run it with "
                                           "bcr_plan_execute or bcr_plan_start");
    if (p->state == BCR_PLAN_IN_FLIGHT)
        return bcr_plan_misuse(routine, 1, "plan", in_flight_text);
    if (update && (!alpha || !beta))
        return bcr_plan_misuse(routine, alpha ? 4 : 2, alpha ? "beta" : "alpha",
                               alpha ? "beta is NULL" : "alpha is NULL");
    return BCR_SUCCESS;
}

int bcr_plan_execute(bcr_plan_t p, const void *a, void *b)
{
    bcr_request rq = {.routine = "bcr_plan_execute", .a = a, .b = b};
    bcr_failsafe_enter(rq.routine);
    BCR_TRY(bcr_plan_run_checks(p, rq.routine, 0, NULL, NULL, in_flight));
    bcr_arrays ar = {a, p->lda, b, p->ldb, p->elsize, NULL};
    return execute(p, &rq, &ar);
}

int bcr_plan_execute_update(bcr_plan_t p, const void *alpha, const void *a,
                            const void *beta, void *c)
{
    bcr_request rq = {.routine = "bcr_plan_execute_update", .a = a, .b = c};
    bcr_failsafe_enter(rq.routine);
    BCR_TRY(bcr_plan_run_checks(p, rq.routine, 1, alpha, beta, in_flight));
    bcr_arrays ar;
    bcr_plan_update_run(p, alpha, a, beta, c, &ar);
    return execute(p, &rq, &ar);
}

void bcr_plan_destroy(bcr_plan_t p)
{
    if (!p)
        return;
    /* Its messages may still be posted over its buffers and arrays, and
     * its partners wait for them: it stays as it is, to be waited for. */
    if (p->state == BCR_PLAN_IN_FLIGHT) {
        bcr_plan_misuse("bcr_plan_destroy", 1, "plan",
                        "the plan is in flight (started and not waited for); it is not "
                        "destroyed: wait for it first");
        return;
    }
    bcr_pool_set_free(p->bufs);
    if (p->ops)
        p->ops->free(p);
    if (p->procs.comm != MPI_COMM_NULL)
        MPI_Comm_free(&p->procs.comm);
    free(p);
}
