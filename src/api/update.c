#include "api/update.h"

#include <string.h>

#include "api/arguments.h"
#include "api/pipeline.h"
#include "base/failsafe.h"
#include "base/timers.h"
#include "base/usage.h"
#include "exec/pools.h"
#include "kernels/update.h"
#include "runtime/check.h"

/* W's side: sub(C)'s side s (transposed when op transposes), with its
 * offsets moved back by whole block cycles so that W holds no cycle before
 * the one sub(C) starts in.  Ownership depends on the offsets only modulo
 * a cycle, so W's layout is sub(C)'s. */
static bcr_side stage_side(const bcr_side *s, int rows, int cols)
{
    bcr_side w = *s;
    w.i = (int)(s->i % ((bcr_idx)s->MB * s->P));
    w.j = (int)(s->j % ((bcr_idx)s->NB * s->Q));
    w.M = w.i + rows;
    w.N = w.j + cols;
    bcr_idx lrows = w.in ? bcr_local_count(w.M, w.MB, w.myrow, w.RSRC, w.P) : 0;
    w.lld = lrows > 1 ? (int)lrows : 1;
    return w;
}

void bcr_update_sides_of(const bcr_request *rq, const bcr_side *b, bcr_update_sides *u)
{
    u->w = stage_side(b, rq->m, rq->n);
    u->c = *b;
    if (rq->transpose_b)
        bcr_side_transpose(&u->c);
    u->crows = rq->transpose_b ? rq->n : rq->m;
    u->ccols = rq->transpose_b ? rq->m : rq->n;
    u->wrows = rq->m;
    u->wcols = rq->n;
}

bcr_idx bcr_update_stage_elems(const bcr_update_sides *u)
{
    const bcr_side *w = &u->w;
    return (bcr_idx)w->lld * bcr_local_count(w->N, w->NB, w->mycol, w->CSRC, w->Q);
}

/* First local index and count of the submatrix of s on this process. */
static void local_range(const bcr_side *s, int rows, int cols, bcr_idx *r0, bcr_idx *nr,
                        bcr_idx *c0, bcr_idx *nc)
{
    *r0 = bcr_local_count(s->i, s->MB, s->myrow, s->RSRC, s->P);
    *nr = bcr_local_count((bcr_idx)s->i + rows, s->MB, s->myrow, s->RSRC, s->P) - *r0;
    *c0 = bcr_local_count(s->j, s->NB, s->mycol, s->CSRC, s->Q);
    *nc = bcr_local_count((bcr_idx)s->j + cols, s->NB, s->mycol, s->CSRC, s->Q) - *c0;
}

bcr_idx bcr_update_held(const bcr_update_sides *u)
{
    bcr_idx r0, nr, c0, nc;
    local_range(&u->c, u->crows, u->ccols, &r0, &nr, &c0, &nc);
    return nr * nc;
}

void bcr_update_apply(const bcr_update_sides *u, const bcr_update_op *op, size_t es, void *c,
                      const char *w)
{
    bcr_idx r0, nr, c0, nc;
    local_range(&u->c, u->crows, u->ccols, &r0, &nr, &c0, &nc);
    if (nr == 0 || nc == 0)
        return;
    char *cp = (char *)c + (size_t)(r0 + c0 * (bcr_idx)u->c.lld) * es;
    double t0 = bcr_phase_start();
    if (!w) {
        bcr_update_scale(op, cp, u->c.lld, nr, nc);
    } else {
        bcr_idx wr0, wnr, wc0, wnc;
        local_range(&u->w, u->wrows, u->wcols, &wr0, &wnr, &wc0, &wnc);
        bcr_update_add(op, cp, u->c.lld, w + (size_t)(wr0 + wc0 * (bcr_idx)u->w.lld) * es,
                       u->w.lld, nr, nc);
    }
    bcr_phase_add(&bcr_phase_now.local, t0);
}

/* Whether an axis of sub(A) (offset ia, block nb, source sa) and the same
 * axis of sub(W) are dealt alike over p processes: blocks start at the
 * same places and the same process holds each. */
static int same_axis(bcr_idx ia, bcr_idx nb, bcr_idx sa, bcr_idx iw, bcr_idx sw, bcr_idx p)
{
    bcr_idx d = ia - iw;
    if (d % nb)
        return 0;
    bcr_idx shift = d / nb + sa - sw;
    return shift % p == 0;
}

/* Whether sub(A) lies as sub(W) does, process by process (the maps too,
 * where given): then each process's part of sub(A) is a rectangle of its
 * local A shaped as its part of W, and no element moves. */
static int same_layout(const bcr_side *a, const bcr_side *w, int maps)
{
    if (a->P != w->P || a->Q != w->Q || a->MB != w->MB || a->NB != w->NB ||
        !same_axis(a->i, a->MB, a->RSRC, w->i, w->RSRC, a->P) ||
        !same_axis(a->j, a->NB, a->CSRC, w->j, w->CSRC, a->Q))
        return 0;
    for (int k = 0; maps && k < a->P * a->Q; k++)
        if (a->map[k] != w->map[k])
            return 0;
    return 1;
}

/* This thread's staging array for a staged call (BCR_UPDATE=staged), or
 * NULL with an error in e; also NULL where no element will move, as far as
 * this process can tell before the agreement (A and C in one context,
 * laid out alike).  From this process's own checks, which the agreement
 * repeats. */
static char *stage_buffer(const bcr_request *rq, int alpha_zero, bcr_err *e)
{
    bcr_side A, B;
    memset(&A, 0, sizeof A);
    memset(&B, 0, sizeof B);
    A.myrow = A.mycol = B.myrow = B.mycol = -1;
    bcr_err local = {BCR_SUCCESS, -1, ""};
    if (e->code || alpha_zero || bcr_check_request(rq, &A, &B, &local) || !B.in)
        return NULL;
    bcr_update_sides u;
    bcr_update_sides_of(rq, &B, &u);
    if (A.in && !rq->transpose_b && rq->ctxta == rq->ctxtb && same_layout(&A, &u.w, 0))
        return NULL;
    size_t bytes = (size_t)bcr_update_stage_elems(&u) * rq->elsize;
    char *p = bcr_pool_get(BCR_POOL_STAGE, bytes);
    if (!p && bytes)
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the staging array (%zu bytes)",
                      bytes);
    return p;
}

/* The staged form: a gemr2d of sub(A) into the staging array W through the
 * whole pipeline, then the add from W into C. */
static int run_staged(const bcr_request *rq, const bcr_update_op *u, const bcr_options *opt,
                      bcr_setup *s, int packed, bcr_update_sides *us, char *wbuf, bcr_err *e)
{
    int in_c = s->B.in;
    if (in_c && !wbuf) { /* another process's grid C is not this one's */
        size_t bytes = (size_t)bcr_update_stage_elems(us) * rq->elsize;
        wbuf = bcr_pool_get(BCR_POOL_STAGE, bytes);
        if (!wbuf && bytes) {
            if (s->repeat) /* no agreement to come */
                bcr_give_up("out of memory for the staging array (%zu bytes)", bytes);
            bcr_err_plain(e, rq, BCR_ERR_NOMEM,
                          "out of memory for the staging array (%zu bytes)", bytes);
        }
    }
    s->B = us->w;
    bcr_request into_w = *rq;
    into_w.b = wbuf;
    into_w.update = NULL;
    bcr_shm *sh;
    int rc = bcr_stage_run(&into_w, opt, s, packed, e, &sh);
    if (rc == BCR_SUCCESS && in_c)
        bcr_update_apply(us, u, rq->elsize, rq->b, wbuf);
    if (rc == BCR_SUCCESS)
        bcr_stage_keep(sh, opt);
    return rc;
}

/* rq->update says how C is updated (NULL when alpha is 0 or the call is
 * staged). */
static int run(const bcr_request *rq, const bcr_update_op *u, int alpha_zero,
               const bcr_options *opt, bcr_err *e)
{
    bcr_phase_now.calls++;
    int staged = opt->plan.update_staged;
    char *wbuf = staged ? stage_buffer(rq, alpha_zero, e) : NULL;
    bcr_setup s;
    int packed;
    BCR_TRY(bcr_stage_agree(rq, opt, &s, &packed, e));
    bcr_update_sides us;
    bcr_update_sides_of(rq, &s.B, &us);
    int in_c = s.B.in;
    if (alpha_zero) {
        if (in_c)
            bcr_update_apply(&us, u, rq->elsize, rq->b, NULL);
        return BCR_SUCCESS;
    }
    if (same_layout(&s.A, &us.w, 1)) { /* add from A where it lies */
        if (in_c) {
            us.w = s.A;
            bcr_update_apply(&us, u, rq->elsize, rq->b, rq->a);
        }
        return BCR_SUCCESS;
    }
    if (staged)
        return run_staged(rq, u, opt, &s, packed, &us, wbuf, e);
    /* Fused: the redistribution into C itself, each element added where it
     * lands (exec/part_copy.h) */
    bcr_shm *sh;
    int rc = bcr_stage_run(rq, opt, &s, packed, e, &sh);
    if (rc == BCR_SUCCESS)
        bcr_stage_keep(sh, opt);
    return rc;
}

void bcr_update_request(const bcr_update_kind *k, bcr_int m, bcr_int n, bcr_int ia,
                        bcr_int ja, const bcr_int *desca, bcr_int ic, bcr_int jc,
                        const bcr_int *descc, bcr_int ictxt, bcr_request *rq,
                        bcr_wide_store *st, bcr_update_op *op, bcr_err *e)
{
    char o = k->op;
    if (k->form == BCR_FORM_GEADD) {
        char t = k->trans ? *k->trans : 'N';
        o = t == 't' || t == 'T' ? 'T' : t == 'c' || t == 'C' ? 'C' : 'N';
    }
    /* for real types a conjugate is the transpose */
    if (o == 'C' && (k->type == 's' || k->type == 'd' || k->type == 'i'))
        o = 'T';
    op->type = k->type;
    op->op = o;
    rq->elsize = k->elsize;
    rq->form = k->form;
    rq->trans = k->trans;
    bcr_wide_args w = {m, n, ia, ja, desca, ic, jc, descc, ictxt};
    bcr_wide_narrow(rq, &w, st, e); /* the caller's m and n, named so */
    if (o != 'N') {
        rq->transpose_b = 1;
        int t = rq->m;
        rq->m = rq->n;
        rq->n = t;
    }
    rq->variant = BCR_VARIANT(k->form, o == 'N' ? 0 : o == 'T' ? 1 : 2, rq->a_unread);
}

void bcr_call_update(const bcr_update_kind *k, bcr_int m, bcr_int n, const void *alpha,
                     const void *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                     const void *beta, void *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                     bcr_int ictxt)
{
    bcr_request rq = {.routine = k->routine, .a = a, .b = c};
    bcr_failsafe_enter(rq.routine);
    double t0 = bcr_usage_start();
    /* m or n of 0: return at once, as the other routines */
    if (m == 0 || n == 0) {
        bcr_err_clear_last();
        bcr_usage_record(rq.routine, t0);
        return;
    }
    int alpha_zero = bcr_update_is_zero(k->type, alpha);
    rq.a_unread = alpha_zero;
    bcr_wide_store st;
    bcr_err e = {BCR_SUCCESS, -1, ""};
    bcr_update_op u = {0, 0, alpha, beta};
    bcr_update_request(k, m, n, ia, ja, desca, ic, jc, descc, ictxt, &rq, &st, &u, &e);
    bcr_options opt;
    bcr_options_read(&opt);
    rq.update = alpha_zero || opt.plan.update_staged ? NULL : &u;
    bcr_err_finish(&e, &rq, run(&rq, &u, alpha_zero, &opt, &e));
    bcr_usage_record(rq.routine, t0);
}
