/* bcr_plan_create_layouts: a plan between two layouts (layout/layout.h)
 * over a communicator.  The layouts become the planner's sides
 * (base/side.h), a descriptor's as the routines make them, a blocks
 * layout's with bands; from there it is the plan every routine runs
 * (plan/plan.h), executed by bcr_plan_execute.
 *
 * Collective over comm, in steps that every process takes whatever it
 * found: its own checks and one agreement on errors and on the layouts
 * (the same description everywhere); a descriptor's grid gathered and the
 * checks that need it, agreed again; then the plan and its commit, which
 * agrees once more.  A bad argument is reported on every process and NULL
 * returned everywhere. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/arguments.h"
#include "api/pipeline.h"
#include "api/plan_object.h"
#include "base/failsafe.h"
#include "base/timers.h"
#include "base/usage.h"
#include "bcredist.h"
#include "exec/run_elements.h"
#include "layout/layout.h"
#include "plan/remap.h"
#include "runtime/agree.h"
#include "runtime/context.h"
#include "runtime/layout_bind.h"

static const char stand_in; /* arrays are not known yet */

/* The checks a process makes before any communication. */
static void local_checks(bcr_layout_t src, bcr_layout_t dst, char type, const bcr_request *rq,
                         bcr_err *e)
{
    if (!src)
        bcr_layout_arg_error(e, rq, BCR_ERR_ARGUMENT, 1, "src", "src is NULL on this process");
    else if (!dst)
        bcr_layout_arg_error(e, rq, BCR_ERR_ARGUMENT, 2, "dst", "dst is NULL on this process");
    else if (!rq->elsize) {
        char q[8];
        bcr_layout_arg_error(e, rq, BCR_ERR_ARGUMENT, 3, "type",
                             "type = %s, must be one of s, d, c, z, i", bcr_quote_char(&type, q));
    } else if (src->kind == BCR_LAYOUT_REMAP) {
        bcr_layout_arg_error(e, rq, BCR_ERR_ARGUMENT, 1, "src",
                             "src is a remap layout, which can only be a plan's destination");
    } else if (dst->kind != BCR_LAYOUT_REMAP && (src->m != dst->m || src->n != dst->n))
        bcr_layout_arg_error(e, rq, BCR_ERR_ARGUMENT, 2, "dst",
                             "dst is %d x %d, src %d x %d: they must be of one size", dst->m,
                             dst->n, src->m, src->n);
}

/* One reduction: the errors found so far, and whether every process
 * passed the same layouts and switches.  Values are kept in 62 bits so
 * that their negations fit. */
static int agree_layouts(bcr_layout_t src, bcr_layout_t dst, const bcr_options *opt,
                         const bcr_procs *g, const bcr_request *rq, bcr_err *e)
{
    MPI_Comm comm = g->comm;
    BCR_TRY(bcr_agree_error(comm, g->rank, g->size, e, NULL));
    enum { N = 2 + BCR_OPTIONS_AGREED };
    long long v[2 * N], r[2 * N];
    v[0] = (long long)(src->hash >> 2);
    v[1] = (long long)(dst->hash >> 2);
    bcr_options_agreed(&opt->plan, v + 2);
    for (int i = 0; i < N; i++)
        v[N + i] = -v[i];
    MPI_Request req;
    if (MPI_Iallreduce(v, r, 2 * N, MPI_LONG_LONG, MPI_MAX, comm, &req) ||
        bcr_wait_bounded(&req, "the other processes to agree on the layouts"))
        return BCR_ERR_MPI;
    for (int i = 0; i < N; i++)
        if (r[i] != -r[N + i]) {
            if (i < 2)
                return bcr_layout_arg_error(
                    e, rq, BCR_ERR_INCONSISTENT, i + 1, i ? "dst" : "src",
                    "the layout differs between processes (every field but the "
                    "leading dimension must be the same everywhere)");
            bcr_err_plain(e, rq, BCR_ERR_INCONSISTENT,
                          "%s differs between processes; it must be the same everywhere",
                          bcr_options_agreed_names[i - 2]);
            return e->code;
        }
    return BCR_SUCCESS;
}

/* The buffers an element plan runs with, reserved with the plan; held
 * counts from its sides. */
static void reserve_elements(bcr_plan_t p, const bcr_eside *s, const bcr_eside *d,
                             const bcr_request *rq)
{
    p->held_a = bcr_eside_held(s);
    p->held_b = bcr_eside_held(d);
    p->in_a = p->held_a > 0;
    p->in_b = p->held_b > 0;
    size_t bytes = bcr_eplan_buffer_bytes(p->elements, rq->elsize);
    bcr_idx nreq = bcr_eplan_requests(p->elements, rq->elsize);
    p->ebuf = malloc(bytes ? bytes : 1);
    p->ereq = malloc((size_t)(nreq ? nreq : 1) * sizeof *p->ereq);
}

/* A plan element by element (plan/elements.h), where a layout is linear:
 * its buffers reserved now, so that no run fails for memory. */
static int create_elements(bcr_plan_t p, bcr_layout_t src, bcr_layout_t dst,
                           const bcr_bound_side *a, const bcr_bound_side *b,
                           const bcr_request *rq, bcr_err *e)
{
    int rank = p->procs.rank, size = p->procs.size;
    bcr_eside s, d;
    bcr_owner_blocks os, od;
    int bad = bcr_layout_eside(src, a, &os, rank, &s) | bcr_layout_eside(dst, b, &od, rank, &d);
    p->elements = bad ? NULL : calloc(1, sizeof *p->elements);
    if (p->elements && bcr_eplan_build(p->elements, &s, &d, rank, size)) {
        free(p->elements);
        p->elements = NULL;
    }
    if (p->elements)
        reserve_elements(p, &s, &d, rq);
    bcr_eside_free(&s);
    bcr_eside_free(&d);
    if (!p->elements || !p->ebuf || !p->ereq)
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    bcr_commit cm = {rq, &p->opt, p->procs, e, NULL, &bcr_phase_now.plan};
    return bcr_stage_commit(&cm, NULL);
}

/* A remap's element plan and its buffers.  Planning is collective: a
 * process that cannot hold the plan takes part all the same, with one of
 * its own for the while, so that every process ends it together; a
 * failure on one process alone (its element plan, its buffers, the
 * planner's own) becomes every process's through the commit's agreement,
 * with this process's message, which names it. */
static int plan_remap(bcr_plan_t p, const bcr_eside *s, const bcr_eside *d,
                      const bcr_map_check *mc, const bcr_request *rq, bcr_err *e)
{
    int rank = p->procs.rank, size = p->procs.size;
    bcr_eplan on_stack;
    int failed_here = bcr_fault("remap_plan");
    p->elements = failed_here ? NULL : calloc(1, sizeof *p->elements);
    failed_here |= !p->elements;
    int built = bcr_eplan_build_remap(p->elements ? p->elements : &on_stack, s, d, mc->rows,
                                      mc->cols, rank, size, p->procs.comm, &failed_here) == 0;
    if (built)
        reserve_elements(p, s, d, rq);
    if (failed_here || (built && (!p->ebuf || !p->ereq)))
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    bcr_commit cm = {rq, &p->opt, p->procs, e, NULL, &bcr_phase_now.plan};
    return bcr_stage_commit(&cm, NULL);
}

/* A remap (plan/remap.h): the maps checked on every process's elements
 * and agreed, then the requests that make the plan. */
static int create_remap(bcr_plan_t p, bcr_layout_t src, bcr_layout_t dst, const bcr_bound_side *a,
                        const bcr_bound_side *b, const bcr_request *rq, bcr_err *e)
{
    int rank = p->procs.rank, size = p->procs.size;
    bcr_eside s, d;
    bcr_owner_blocks os, od;
    int bad = bcr_layout_eside(src, a, &os, rank, &s) |
              bcr_layout_eside(dst->base, b, &od, rank, &d) | bcr_eside_prepare(&s);
    bcr_map_check mc = {dst->rmap, dst->cmap, src->m, src->n, -1, 0, 0};
    bcr_idx held = bad ? 0 : bcr_eside_held(&d);
    if (bad)
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    else if (held && (!mc.rows || !mc.cols))
        bcr_layout_arg_error(e, rq, BCR_ERR_ARGUMENT, 2, "dst",
                             "its %s map is NULL but this process holds %lld of its elements",
                             mc.rows ? "column" : "row", (long long)held);
    else if (held && bcr_eside_each(&d, bcr_map_check_one, &mc))
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    else if (mc.bad >= 0)
        bcr_layout_arg_error(
            e, rq, BCR_ERR_ARGUMENT, 2, "dst",
            "the maps at local offset %lld name (%lld, %lld), outside src's %d x %d",
            (long long)mc.bad, (long long)mc.bi, (long long)mc.bj, src->m, src->n);
    int rc = bcr_agree_error(p->procs.comm, rank, size, e, NULL);
    if (rc == BCR_SUCCESS)
        rc = plan_remap(p, &s, &d, &mc, rq, e);
    bcr_eside_free(&s);
    bcr_eside_free(&d);
    return rc;
}

static int create(bcr_plan_t p, bcr_layout_t src, bcr_layout_t dst, char type, MPI_Comm comm,
                  const bcr_request *rq, bcr_bound_side *a, bcr_bound_side *b, bcr_err *e)
{
    bcr_procs g = {comm, 0, 0};
    MPI_Comm_rank(comm, &g.rank);
    MPI_Comm_size(comm, &g.size);
    local_checks(src, dst, type, rq, e);
    bcr_options opt;
    if (p)
        opt = p->opt;
    else
        bcr_options_read(&opt);
    if (!p && !e->code)
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    if (opt.bad[0] && !e->code)
        bcr_err_plain(e, rq, BCR_ERR_ARGUMENT, "%s", opt.bad);
    BCR_TRY(agree_layouts(src, dst, &opt, &g, rq, e));
    /* Both binds run on every process, so their gathers pair up. */
    bcr_layout_bind(src, 1, &g, a, rq, e);
    bcr_layout_bind(dst->kind == BCR_LAYOUT_REMAP ? dst->base : dst, 2, &g, b, rq, e);
    BCR_TRY(bcr_agree_error(comm, g.rank, g.size, e, NULL));
    p->elsize = rq->elsize;
    p->in_a = a->side.in;
    p->in_b = b->side.in;
    p->held_a = a->held;
    p->held_b = b->held;
    p->lda = a->side.lld;
    p->ldb = b->side.lld;
    int failed;
    if (bcr_comm_dup_agreed(comm, !bcr_fault("plan_comm"), &p->procs.comm, &failed))
        return bcr_err_plain(e, rq, BCR_ERR_NOMEM,
                             "could not make the plan's communicator (out of memory or MPI "
                             "error on process %d of comm)",
                             failed);
    p->procs.rank = g.rank;
    p->procs.size = g.size;
    if (dst->m == 0 || dst->n == 0) {
        bcr_plan_set_kind(p, &bcr_plan_empty); /* nothing to move, ever */
        return BCR_SUCCESS;
    }
    if (dst->kind == BCR_LAYOUT_REMAP) {
        bcr_plan_set_kind(p, &bcr_plan_elements);
        double t0 = bcr_phase_start();
        int rc = create_remap(p, src, dst, a, b, rq, e);
        bcr_phase_add(&bcr_phase_now.plan, t0);
        return rc;
    }
    if (src->kind >= BCR_LAYOUT_LINEAR || dst->kind >= BCR_LAYOUT_LINEAR) {
        bcr_plan_set_kind(p, &bcr_plan_elements);
        double t0 = bcr_phase_start();
        int rc = create_elements(p, src, dst, a, b, rq, e);
        bcr_phase_add(&bcr_phase_now.plan, t0);
        return rc;
    }
    const bcr_plan *pl = NULL;
    if (a->side.in || b->side.in) {
        bcr_mask mk = {0, 0, 0, src->m, src->n};
        double t0 = bcr_phase_start();
        if (bcr_plan_build(&p->plan, &a->side, &b->side, &mk, rq->elsize, &p->opt.plan, g.rank,
                           g.size))
            bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
        else
            pl = &p->plan;
        bcr_phase_add(&bcr_phase_now.plan, t0);
    }
    p->active = pl != NULL;
    bcr_commit cm = {rq, &p->opt, p->procs, e, NULL, &bcr_phase_now.plan};
    return bcr_stage_commit(&cm, pl);
}

bcr_plan_t bcr_plan_create_layouts(bcr_layout_t src, bcr_layout_t dst, char type, MPI_Comm comm)
{
    bcr_request rq = {.routine = "bcr_plan_create_layouts",
                      .elsize = bcr_type_size(type),
                      .a = &stand_in,
                      .b = (void *)&stand_in,
                      .plan_create = 1,
                      .m = src ? src->m : 0,
                      .n = src ? src->n : 0};
    bcr_failsafe_enter(rq.routine);
    double t0 = bcr_usage_start();
    bcr_err e = {BCR_SUCCESS, -1, ""};
    if (comm == MPI_COMM_NULL) { /* no one to agree with */
        bcr_layout_arg_error(&e, &rq, BCR_ERR_ARGUMENT, 4, "comm", "comm is MPI_COMM_NULL");
        bcr_err_finish(&e, &rq, e.code);
        return NULL;
    }
    bcr_plan_t p = calloc(1, sizeof *p);
    if (p) {
        p->ops = &bcr_plan_one; /* until create finds which kind */
        p->procs.comm = MPI_COMM_NULL;
        bcr_options_read(&p->opt);
    }
    bcr_bound_side a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    int rc = create(p, src, dst, type, comm, &rq, &a, &b, &e);
    /* The plan keeps the grid maps it was built with only as far as the
     * exchange needs them: it copies what it keeps. */
    free(a.map);
    free(b.map);
    if (bcr_err_finish(&e, &rq, rc) != BCR_SUCCESS) {
        bcr_plan_destroy(p);
        p = NULL;
    } else {
        bcr_usage_plan(1);
    }
    bcr_usage_record(rq.routine, t0);
    return p;
}

bcr_plan_t bcr_plan_create_layouts_f(bcr_layout_t src, bcr_layout_t dst, char type, int comm)
{
    return bcr_plan_create_layouts(src, dst, type, MPI_Comm_f2c((MPI_Fint)comm));
}
