/* A batch's build: the agreement on every member at once and the combined
 * plan.  Three collectives over the batch's communicator, whatever the
 * number of members:
 *
 *   count    the number of members, so that the next vector has one
 *            length on every process, and whether any process lacks room
 *            for the vectors;
 *   reduce   each member's arguments (the routines' agreed words,
 *            runtime/agree.h) and its kind, and whether
 *            any process found a bad argument; each value as (v, -v)
 *            under MPI_MAX;
 *   gather   where each process sits in each member's grids (or its rank
 *            in a plan's communicator): every grid's ranks in the batch's
 *            communicator, found alike by every process;
 *   commit   whether every process could plan and reserve, and the
 *            shared-memory transport (bcr_agree_error); the segments are
 *            made then (exec/shm.h), with pages for what the runs write.
 *
 * An error anywhere ends the build on every process with the same message,
 * naming the member ("bcr_batch_execute: member 3 (bcr_pdgemr2d): argument
 * 6 (desca): ..."), before any data moves.  Where several members have
 * errors, the lowest member's is reported, then the lowest argument, then
 * the lowest rank, as the routines order theirs. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/batch_object.h"
#include "api/plan_object.h"
#include "api/update.h"
#include "base/failsafe.h"
#include "base/mask.h"
#include "runtime/agree.h"
#include "runtime/check.h"

/* The head of the reduced vector: whether any process found an error. */
enum { H_ERROR = 0, H_WORDS = 1 };

static int member_words(void) { return 2 + bcr_agree_request_words(); }

static const char *const kind_names[] = {"gemr2d", "trmr2d", "update", "plan"};

void bcr_batch_unbuild(bcr_batch_t bt)
{
    bcr_batch_exchange_free(&bt->x);
    free(bt->xm);
    bt->xm = NULL;
    for (int k = 0; k < bt->n; k++) {
        bcr_batch_entry *en = bt->member[k];
        if (en->planned)
            bcr_plan_free(&en->own);
        en->planned = 0;
        free(en->map);
        en->map = NULL;
    }
    bt->built = 0;
}

/* The member's name in messages: the routine it stands for, whose
 * argument numbers the messages use. */
static void name_member(bcr_batch_entry *en, int k, const char *routine)
{
    static const char *const adders[] = {"bcr_batch_add_gemr2d", "bcr_batch_add_trmr2d",
                                         "bcr_batch_add_update", "bcr_batch_add_plan"};
    static const char *const forms[] = {"gemr2d", "trmr2d", "geadd"};
    char typed[32];
    if (en->kind == BCR_MEMBER_PLAN || !bcr_type_size(en->type))
        snprintf(typed, sizeof typed, "%s", adders[en->kind]);
    else
        snprintf(typed, sizeof typed, "bcr_p%c%s", en->type, forms[en->kind]);
    snprintf(en->routine, sizeof en->routine, "%s: member %d (%s)", routine, k + 1, typed);
}

/* A plan member's own checks: what a batch can run, and its arrays. */
static void check_plan(bcr_batch_entry *en, bcr_err *e)
{
    bcr_plan_t p = en->plan;
    bcr_request rq = {.routine = en->routine};
    if (!p)
        return; /* a process outside the plan's communicator */
    if (p->update)
        bcr_err_plain(e, &rq, BCR_ERR_ARGUMENT, "argument 2 (plan): an update plan cannot "
                      "be in a batch: add the update with bcr_batch_add_update");
    else if (p->state == BCR_PLAN_IN_FLIGHT)
        bcr_err_plain(e, &rq, BCR_ERR_ARGUMENT, "argument 2 (plan): the plan is in flight "
                      "(started and not waited for)");
    else if (p->ops != &bcr_plan_one && p->ops != &bcr_plan_empty)
        bcr_err_plain(e, &rq, BCR_ERR_ARGUMENT, "argument 2 (plan): a plan in rounds "
                      "(BCR_MAX_BYTES) or element by element (linear, owners and remap "
                      "layouts) cannot be in a batch");
    else if (p->ops == &bcr_plan_one && p->active && bcr_plan_phases(&p->plan) != 1)
        bcr_err_plain(e, &rq, BCR_ERR_ARGUMENT, "argument 2 (plan): the plan has two "
                      "exchanges (an indirect strategy): make it under BCR_STRATEGY=direct "
                      "to batch it");
    else if (p->ops == &bcr_plan_one && p->in_a && !en->a && p->held_a)
        bcr_err_plain(e, &rq, BCR_ERR_ARGUMENT, "argument 3 (a): a is NULL but this process "
                      "holds %lld elements", (long long)p->held_a);
    else if (p->ops == &bcr_plan_one && p->in_b && !en->b && p->held_b)
        bcr_err_plain(e, &rq, BCR_ERR_ARGUMENT, "argument 4 (b): b is NULL but this process "
                      "holds %lld elements", (long long)p->held_b);
}

/* A routine member's request, from its recorded arguments. */
static void make_request(bcr_batch_entry *en, bcr_err *e)
{
    bcr_request *rq = &en->rq;
    const bcr_int *da = en->null_desca ? NULL : en->desca;
    const bcr_int *db = en->null_descb ? NULL : en->descb;
    *rq = (bcr_request){.routine = en->routine, .elsize = bcr_type_size(en->type)};
    if (en->kind == BCR_MEMBER_UPDATE) {
        bcr_update_kind k = {en->routine, en->type, rq->elsize, BCR_FORM_GEADD,
                             en->trans ? &en->trans : NULL, 0};
        bcr_update_request(&k, en->m, en->n, en->ia, en->ja, da, en->ib, en->jb, db, 0, rq,
                           &en->st, &en->op, e);
        en->op.alpha = en->alpha;
        en->op.beta = en->beta;
        rq->update = &en->op;
    } else {
        rq->trapezoid = en->kind == BCR_MEMBER_TRMR2D;
        rq->uplo = rq->trapezoid && en->uplo ? &en->uplo : NULL;
        rq->diag = rq->trapezoid && en->diag ? &en->diag : NULL;
        bcr_wide_args w = {en->m, en->n, en->ia, en->ja, da, en->ib, en->jb, db, 0};
        bcr_wide_narrow(rq, &w, &en->st, e);
    }
    rq->a = en->a;
    rq->b = en->b;
}

/* This process's checks of member k and its words; a first error goes
 * to e (with *at = k). */
static void prepare(bcr_batch_t bt, int k, const char *routine, const bcr_options *opt,
                    long long *v, bcr_err *e, int *at)
{
    bcr_batch_entry *en = bt->member[k];
    bcr_err le = {BCR_SUCCESS, -1, ""};
    name_member(en, k, routine);
    en->empty = 0;
    memset(&en->A, 0, sizeof en->A);
    memset(&en->B, 0, sizeof en->B);
    en->A.myrow = en->A.mycol = en->B.myrow = en->B.mycol = -1;
    for (int w = 0; w < member_words(); w++)
        v[w] = LLONG_MIN;
    v[0] = en->kind;
    v[1] = -en->kind;
    if (en->kind == BCR_MEMBER_PLAN) {
        check_plan(en, &le);
    } else {
        make_request(en, &le);
        if (!en->rq.elsize) {
            char q[8];
            bcr_err_plain(&le, &en->rq, BCR_ERR_ARGUMENT,
                          "argument 2 (type): type = %s, must be one of s, d, c, z, i",
                          bcr_quote_char(&en->type, q));
        }
        if (!le.code && en->rq.m != 0 && en->rq.n != 0)
            bcr_check_request(&en->rq, &en->A, &en->B, &le);
        bcr_agree_request_put(&en->rq, opt, &en->A, &en->B, v + 2);
    }
    if (le.code && !e->code) {
        *e = le;
        *at = k;
    }
}

/* Every process has an error in e or none: the lowest (member, argument,
 * rank) wins and travels to all (bcr_agree_error, one reduction). */
static int agree_errors(bcr_batch_t bt, bcr_err *e, int at, long long *shm)
{
    if (e->code)
        e->arg = at * (BCR_NARGS + 1) + (e->arg >= 0 ? e->arg + 1 : 0);
    return bcr_agree_error(bt->comm, bt->rank, bt->size, e, shm);
}

/* The reduced words, read alike on every process: an error names its
 * member, with no process (every process finds it). */
static int read_agreement(bcr_batch_t bt, const long long *r, bcr_err *e)
{
    for (int k = 0; k < bt->n; k++) {
        const long long *w = r + H_WORDS + (size_t)k * member_words();
        bcr_batch_entry *en = bt->member[k];
        bcr_request rq = {.routine = en->routine};
        if (w[0] != -w[1])
            return bcr_err_plain(e, &rq, BCR_ERR_INCONSISTENT,
                                 "processes added different kinds of member (%s on some, %s on "
                                 "others)", kind_names[-w[1]], kind_names[w[0]]);
        if (en->kind == BCR_MEMBER_PLAN)
            continue;
        int empty = bcr_agree_request_empty(w + 2);
        if (empty == 1) {
            en->empty = 1;
            continue;
        }
        BCR_TRY(bcr_agree_request_take(&en->rq, w + 2, &en->A, &en->B, e));
    }
    return BCR_SUCCESS;
}

/* Room for each member's maps, once the grids' shapes are agreed: NOMEM
 * where it fails, which the gather tells every process. */
static int alloc_maps(bcr_batch_t bt)
{
    for (int k = 0; k < bt->n; k++) {
        bcr_batch_entry *en = bt->member[k];
        size_t n = en->kind == BCR_MEMBER_PLAN ? (size_t)bt->size
                   : en->empty ? 0
                               : (size_t)en->A.P * en->A.Q + (size_t)en->B.P * en->B.Q;
        if (n && !(en->map = malloc(n * sizeof *en->map)))
            return BCR_ERR_NOMEM;
    }
    return BCR_SUCCESS;
}

/* Where this process sits in member k: grid A's row and column, grid B's
 * (-1 outside); for a plan, its rank in the plan's communicator and that
 * communicator's size (-1 outside). */
static void position(const bcr_batch_entry *en, int *pos)
{
    pos[0] = en->A.myrow, pos[1] = en->A.mycol, pos[2] = en->B.myrow, pos[3] = en->B.mycol;
    if (en->kind != BCR_MEMBER_PLAN)
        return;
    const bcr_plan_t p = en->plan;
    pos[0] = p ? p->procs.rank : -1;
    pos[1] = 0;
    pos[2] = p ? p->procs.size : -1;
    pos[3] = -1;
}

/* A plan's ranks in the batch's communicator from the gathered positions:
 * every rank of the plan's communicator claimed by exactly one process. */
static int plan_map(bcr_batch_t bt, bcr_batch_entry *en, const int *pos, int stride, bcr_err *e)
{
    int size = -1, found = 0, bad = 0;
    for (int p = 0; p < bt->size; p++)
        if (pos[stride * p + 2] > size)
            size = pos[stride * p + 2];
    for (int r = 0; r < bt->size; r++)
        en->map[r] = -1;
    for (int p = 0; p < bt->size && size > 0; p++) {
        int r = pos[stride * p];
        if (r < 0)
            continue;
        if (r >= bt->size || pos[stride * p + 2] != size || en->map[r] >= 0)
            bad = 1;
        else
            en->map[r] = p, found++;
    }
    if (bad || (size > 0 && found != size)) {
        bcr_request rq = {.routine = en->routine};
        return bcr_err_plain(e, &rq, BCR_ERR_GRID,
                             "argument 2 (plan): the processes of the plan's communicator are "
                             "not all in the batch's, passing the plan (processes outside it "
                             "pass NULL)");
    }
    return BCR_SUCCESS;
}

/* The agreement's vectors: the reduced words (v, r) and the gathered
 * positions (mine, all), allocated before the first collective. */
typedef struct {
    long long *v, *r;
    int *mine, *all;
} agreement_space;

/* The gather: every process's positions, then the maps from them. */
static int gather_maps(bcr_batch_t bt, const char *routine, int nomem,
                       const agreement_space *sp, bcr_err *e)
{
    int stride = 1 + 4 * bt->n;
    int *mine = sp->mine, *all = sp->all;
    bcr_request head = {.routine = routine};
    mine[0] = nomem;
    for (int k = 0; k < bt->n; k++)
        position(bt->member[k], mine + 1 + 4 * k);
    MPI_Request req;
    if (MPI_Iallgather(mine, stride, MPI_INT, all, stride, MPI_INT, bt->comm, &req) ||
        bcr_wait_bounded(&req, "the other processes of the batch to say where they sit"))
        return bcr_err_plain(e, &head, BCR_ERR_MPI, "MPI_Allgather failed");
    for (int p = 0; p < bt->size; p++)
        if (all[stride * p])
            return bcr_err_plain(e, &head, BCR_ERR_NOMEM,
                                 "out of memory for grid maps (on process %d)", p);
    for (int k = 0; k < bt->n && !e->code; k++) {
        bcr_batch_entry *en = bt->member[k];
        const int *pos = all + 1 + 4 * k;
        if (en->kind == BCR_MEMBER_PLAN) {
            plan_map(bt, en, pos, stride, e);
            continue;
        }
        if (en->empty)
            continue;
        bcr_gridmap A = {en->A.P, en->A.Q, en->map};
        bcr_gridmap B = {en->B.P, en->B.Q, en->map + (size_t)en->A.P * en->A.Q};
        if (bcr_agree_maps_fill(&en->rq, pos, stride, bt->size, "the batch's communicator", &A,
                                &B, e) == BCR_SUCCESS) {
            en->A.map = A.rank;
            en->B.map = B.rank;
        }
    }
    return e->code;
}

/* The plan options of a member: one exchange, packed.  BCR_SHM as set:
 * where parts may go through segments, the planner keeps the order of
 * the rows that the scans then walk (plan/exchange.c). */
static bcr_plan_options member_options(const bcr_options *opt)
{
    bcr_plan_options o = opt->plan;
    o.strategy = BCR_STRATEGY_DIRECT;
    o.datatypes = 0;
    o.max_bytes = 0;
    o.schedule = BCR_SCHEDULE_ALL;
    o.update_staged = 0;
    return o;
}

/* Each member's plan on this process, and the exchange over all of them;
 * a failure (out of memory) goes to e, with *at its member. */
static void plan_members(bcr_batch_t bt, const char *routine, const bcr_options *opt,
                         bcr_err *e, int *at)
{
    bcr_plan_options po = member_options(opt);
    bt->xm = calloc((size_t)bt->n + 1, sizeof *bt->xm);
    bcr_request head = {.routine = routine};
    if (!bt->xm) {
        bcr_err_plain(e, &head, BCR_ERR_NOMEM, "out of memory while planning");
        *at = 0;
        return;
    }
    for (int k = 0; k < bt->n && !e->code; k++) {
        bcr_batch_entry *en = bt->member[k];
        bcr_batch_member *xm = &bt->xm[k];
        if (en->kind == BCR_MEMBER_PLAN) {
            bcr_plan_t p = en->plan;
            if (p && p->ops == &bcr_plan_one && p->active) {
                xm->ex = &p->plan.phase[0];
                xm->ranks = en->map;
                xm->ar = (bcr_arrays){en->a, p->lda, en->b, p->ldb, p->elsize, NULL};
            }
            continue;
        }
        if (en->empty || (!en->A.in && !en->B.in))
            continue;
        bcr_mask mk = bcr_mask_of(&en->rq);
        if (bcr_plan_build(&en->own, &en->A, &en->B, &mk, en->rq.elsize, &po, bt->rank,
                           bt->size)) {
            bcr_err_plain(e, &en->rq, BCR_ERR_NOMEM, "out of memory while planning");
            *at = k;
            return;
        }
        en->planned = 1;
        xm->ex = &en->own.phase[0];
        xm->ar = (bcr_arrays){en->rq.a, en->A.lld, en->rq.b, en->B.lld, en->rq.elsize,
                              en->rq.update};
    }
    if (!e->code &&
        bcr_batch_exchange_build(&bt->x, bt->xm, bt->n, bt->comm, bt->rank, bt->size)) {
        bcr_err_plain(e, &head, BCR_ERR_NOMEM, "out of memory for the batch's messages");
        *at = bt->n;
    }
}

/* Every process has as many members, and room for the agreement's
 * vectors (nomem: this one has not): one small reduction. */
static int agree_count(bcr_batch_t bt, const char *routine, int nomem, bcr_err *e)
{
    bcr_request head = {.routine = routine};
    bcr_err c = {BCR_SUCCESS, -1, ""}; /* replaces a member's error: no process goes on */
    int v[3] = {bt->n, -bt->n, nomem}, r[3];
    MPI_Request req;
    if (MPI_Iallreduce(v, r, 3, MPI_INT, MPI_MAX, bt->comm, &req) ||
        bcr_wait_bounded(&req, "the other processes of the batch to join the execution"))
        bcr_err_plain(&c, &head, BCR_ERR_MPI, "MPI_Iallreduce failed");
    else if (r[0] != -r[1])
        bcr_err_plain(&c, &head, BCR_ERR_INCONSISTENT,
                      "processes added different numbers of members (%d to %d)", -r[1], r[0]);
    else if (r[2])
        bcr_err_plain(&c, &head, BCR_ERR_NOMEM, "out of memory for the batch's agreement");
    if (c.code)
        *e = c;
    return c.code;
}

int bcr_batch_build(bcr_batch_t bt, const char *routine, bcr_err *e)
{
    bcr_batch_unbuild(bt);
    bcr_options opt;
    bcr_options_read(&opt);
    int at = 0;
    size_t nv = H_WORDS + (size_t)bt->n * member_words(), stride = 1 + 4 * (size_t)bt->n;
    agreement_space sp = {malloc(nv * sizeof *sp.v), malloc(nv * sizeof *sp.r),
                          malloc(stride * sizeof *sp.mine),
                          malloc(stride * (size_t)bt->size * sizeof *sp.all)};
    int nomem = !sp.v || !sp.r || !sp.mine || !sp.all;
    long long *v = sp.v, *r = sp.r;
    bcr_request head = {.routine = routine};
    if (opt.bad[0])
        bcr_err_plain(e, &head, BCR_ERR_ARGUMENT, "%s", opt.bad);
    for (int k = 0; k < bt->n && !nomem; k++)
        prepare(bt, k, routine, &opt, v + H_WORDS + (size_t)k * member_words(), e, &at);
    if (!nomem)
        v[H_ERROR] = e->code != 0;
    MPI_Request req;
    int rc = agree_count(bt, routine, nomem, e);
    if (rc == BCR_SUCCESS) {
        if (MPI_Iallreduce(v, r, (int)nv, MPI_LONG_LONG, MPI_MAX, bt->comm, &req) ||
            bcr_wait_bounded(&req, "the other processes of the batch to join the execution"))
            rc = bcr_err_plain(e, &head, BCR_ERR_MPI, "MPI_Iallreduce failed");
        else if (r[H_ERROR])
            rc = agree_errors(bt, e, at, NULL);
        else
            rc = read_agreement(bt, r, e);
    }
    if (rc == BCR_SUCCESS)
        rc = gather_maps(bt, routine, alloc_maps(bt) != BCR_SUCCESS, &sp, e);
    free(sp.v);
    free(sp.r);
    free(sp.mine);
    free(sp.all);
    if (rc == BCR_SUCCESS) {
        plan_members(bt, routine, &opt, e, &at);
        /* The segments are made now, with the pages the runs write:
         * later runs have no agreement to make them in. */
        bcr_idx bytes = e->code ? 0 : bcr_batch_exchange_send_bytes(&bt->x);
        long long shm = bcr_shm_request(bt->comm, bytes, opt.plan.shm == BCR_SHM_OFF, 1);
        rc = agree_errors(bt, e, at, &shm);
        if (rc == BCR_SUCCESS)
            bcr_batch_exchange_use_shm(&bt->x, bcr_shm_reserve(bt->comm, shm, bytes, 1),
                                       opt.plan.shm_min);
    }
    if (rc != BCR_SUCCESS)
        bcr_batch_unbuild(bt);
    else
        bt->built = 1;
    return rc;
}
