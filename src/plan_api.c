/* The public plan API: the call's check, agreement and planning once, then
 * only the exchange per execution. */
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "check.h"
#include "context.h"
#include "error.h"
#include "exec.h"
#include "mask.h"
#include "phase.h"
#include "plan.h"
#include "schedule.h"
#include "wide.h"

struct bcr_plan_s {
    int empty;           /* m or n was 0: nothing to do, ever */
    int active;          /* this process is in grid A or B */
    bcr_schedule plan;
    MPI_Comm comm;       /* our own, so the plan outlives the contexts */
    int rank, size;
    int in_a, in_b;
    bcr_idx held_a, held_b, lda, ldb;
    size_t elsize;
    int trapezoid;
    long executions;
};

static size_t size_of_type(char type)
{
    switch (type) {
    case 's': return sizeof(float);
    case 'd': return sizeof(double);
    case 'c': return sizeof(float _Complex);
    case 'z': return sizeof(double _Complex);
    case 'i': return sizeof(bcr_int);
    default: return 0;
    }
}

/* Arrays are not known yet; a non-NULL stand-in lets the checks pass them. */
static const char no_array_yet;

static int create(bcr_plan_t p, const bcr_request *rq, char type, bcr_err *e)
{
    bcr_setup s;
    if (!p)
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    else if (!rq->elsize) {
        char q[8];
        bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, BCR_ARG_TYPE, "type = %s, must be one of s, d, c, z, i",
                    bcr_quote_char(&type, q));
    }
    double t0 = bcr_phase_start();
    int checked = bcr_check_and_agree(rq, &s, e);
    bcr_phase_add(&bcr_phase_now.check, t0);
    BCR_TRY(checked);
    t0 = bcr_phase_start();
    bcr_mask mk = bcr_mask_of(rq);
    p->in_a = s.A.in;
    p->in_b = s.B.in;
    p->held_a = s.A.in ? bcr_side_held(rq, &s.A) : 0;
    p->held_b = s.B.in ? bcr_side_held(rq, &s.B) : 0;
    p->lda = s.A.lld;
    p->ldb = s.B.lld;
    p->active = s.A.in || s.B.in;
    if (MPI_Comm_dup(s.ctx->comm, &p->comm))
        return bcr_err_plain(e, rq, BCR_ERR_MPI, "MPI_Comm_dup failed");
    p->rank = s.ctx->rank;
    p->size = s.ctx->size;
    if (p->active && bcr_schedule_build(&p->plan, &s, &mk, rq->elsize, p->rank, p->size)) {
        p->active = 0; /* nothing built to free */
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory while planning");
    } else if (p->active && bcr_schedule_reserve(&p->plan, rq->elsize)) {
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for message buffers");
    }
    /* Every process must learn that one could not plan.  No shared window
     * yet (no schedule given): see bcr_plan_execute. */
    int rc = bcr_schedule_agree(NULL, p->elsize, p->comm, p->rank, p->size, e, NULL);
    bcr_phase_add(&bcr_phase_now.plan, t0);
    return rc;
}

bcr_plan_t bcr_plan_create(char type, const char *uplo, const char *diag, bcr_int m,
                           bcr_int n, bcr_int ia, bcr_int ja, const bcr_int *desca, bcr_int ib,
                           bcr_int jb, const bcr_int *descb, bcr_int ictxt)
{
    bcr_request rq = {"bcr_plan_create", uplo != NULL, uplo, diag, size_of_type(type), 0, 0,
                      &no_array_yet, 0, 0, NULL, (void *)&no_array_yet, 0, 0, NULL, 0, 1};
    bcr_wide_args w = {m, n, ia, ja, desca, ib, jb, descb, ictxt};
    bcr_wide_store st;
    bcr_err e = {BCR_SUCCESS, -1, ""};
    bcr_wide_narrow(&rq, &w, &st, &e); /* an ILP64 value out of range goes in e */
    bcr_plan_t p = calloc(1, sizeof *p);
    if (p) {
        p->elsize = rq.elsize;
        p->trapezoid = rq.trapezoid;
        p->comm = MPI_COMM_NULL;
    }
    if (rq.m == 0 || rq.n == 0) { /* as the routines: no check, no communication */
        if (p)
            p->empty = 1;
        bcr_err_clear_last();
        return p;
    }
    if (bcr_err_finish(&e, &rq, create(p, &rq, type, &e)) != BCR_SUCCESS) {
        bcr_plan_destroy(p);
        return NULL;
    }
    return p;
}

int bcr_plan_execute(bcr_plan_t p, const void *a, void *b)
{
    bcr_request rq = {"bcr_plan_execute", 0, NULL, NULL, 0, 0, 0, a, 0, 0, NULL, b, 0, 0,
                      NULL, 0, 0};
    bcr_err e = {BCR_SUCCESS, -1, ""};
    if (!p) {
        bcr_err_plain(&e, &rq, BCR_ERR_ARGUMENT, "argument 1 (plan): plan is NULL");
        bcr_err_report(&e);
        return e.code;
    }
    if (p->empty) {
        bcr_err_clear_last();
        return BCR_SUCCESS;
    }
    /* A plan may run after bcr_finalize, and then makes state again
     * (buffers, a shared window) without the context lookup that makes
     * sure MPI_Finalize frees it; failing that only leaves it to the exit. */
    (void)bcr_finalize_hook();
    bcr_phase_now.calls++;
    double t0 = bcr_phase_start();
    const char *what = p->trapezoid ? "trapezoid" : "submatrix";
    if (p->in_a && !a && p->held_a) {
        bcr_err_plain(&e, &rq, BCR_ERR_ARGUMENT,
                      "argument 2 (a): a is NULL but this process holds %lld elements of the %s",
                      (long long)p->held_a, what);
        e.arg = BCR_ARG_A; /* orders the report among processes */
    } else if (p->in_b && !b && p->held_b) {
        bcr_err_plain(&e, &rq, BCR_ERR_ARGUMENT,
                      "argument 3 (b): b is NULL but this process holds %lld elements of the %s",
                      (long long)p->held_b, what);
        e.arg = BCR_ARG_B;
    }
    /* bcr_finalize may have released the pooled buffers since the plan was
     * made: reserve them again before agreeing to go on. */
    if (!e.code && p->active && bcr_schedule_reserve(&p->plan, p->elsize)) {
        bcr_err_plain(&e, &rq, BCR_ERR_NOMEM, "out of memory for message buffers");
        e.arg = BCR_ARG_A;
    }
    /* A plan has its own communicator, so its shared window would be made
     * for it alone: for 24 MiB per process that costs about as much as the
     * whole exchange (measured here: 40 ms, the exchange 28 ms).  A plan
     * executed once therefore sends everything through MPI, and the window
     * is made at its second execution, for a plan that is being reused.
     * Every process executes the plan as often, so all agree. */
    bcr_shm *sh;
    int reused = p->executions++ > 0;
    int rc = bcr_schedule_agree(p->active && reused ? &p->plan : NULL, p->elsize, p->comm,
                                p->rank, p->size, &e, &sh);
    bcr_phase_add(&bcr_phase_now.check, t0);
    if (rc == BCR_SUCCESS && p->active) {
        bcr_arrays ar = {a, p->lda, b, p->ldb, p->elsize};
        rc = bcr_schedule_run(&p->plan, &ar, p->comm, sh);
        if (rc)
            bcr_err_plain(&e, &rq, rc, "MPI error while exchanging data");
    }
    return bcr_err_finish(&e, &rq, rc);
}

void bcr_plan_destroy(bcr_plan_t p)
{
    if (!p)
        return;
    if (p->active)
        bcr_schedule_free(&p->plan);
    if (p->comm != MPI_COMM_NULL)
        MPI_Comm_free(&p->comm);
    free(p);
}
