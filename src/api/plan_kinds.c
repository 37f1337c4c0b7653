/* The kinds of plan (api/plan_object.h): what each does at a run's
 * commit, in its exchange, in flight and when freed.  One section per
 * kind; an update plan wraps the kind it was made as. */
#include <stdlib.h>

#include "api/pipeline.h"
#include "api/plan_object.h"
#include "base/failsafe.h"
#include "base/timers.h"
#include "exec/run_elements.h"

int bcr_plan_fused(const struct bcr_plan_s *p)
{
    return p->update && !p->opt.plan.update_staged;
}

void bcr_plan_set_kind(bcr_plan_t p, const bcr_plan_ops *k)
{
    if (p->ops == &bcr_plan_update && k->commit)
        p->inner = k;
    else
        p->ops = k;
}

/* Empty: m or n was 0.  No commit: a run completes at once, with no
 * check and no communication, as the routines return. */

static void nothing(bcr_plan_t p) { (void)p; }

const bcr_plan_ops bcr_plan_empty = {NULL, NULL, NULL, NULL, nothing};

/* One plan (plan/plan.h), or none on a process in neither grid. */

static int one_commit(bcr_plan_t p, bcr_request *rq, const bcr_options *opt, bcr_err *e,
                      bcr_shm **sh)
{
    bcr_commit c = {rq, opt, p->procs, e, sh, &bcr_phase_now.check};
    return bcr_stage_commit(&c, p->active ? &p->plan : NULL);
}

static void one_exchange(bcr_plan_t p, const bcr_request *rq, const bcr_arrays *ar,
                         const bcr_options *opt, bcr_shm *sh)
{
    (void)rq;
    bcr_stage_exchange(p->active ? &p->plan : NULL, ar, opt, p->procs.comm, sh, 0);
}

static const bcr_plan *one_flight(const struct bcr_plan_s *p, bcr_idx *n)
{
    *n = p->active ? 1 : 0;
    return p->active ? &p->plan : NULL;
}

static void one_free(bcr_plan_t p)
{
    if (p->active)
        bcr_plan_free(&p->plan);
}

const bcr_plan_ops bcr_plan_one = {one_commit, one_exchange, one_flight, NULL, one_free};

/* Rounds under BCR_MAX_BYTES (exec/rounds.h), each with a plan of its
 * own. */

static int rounds_commit(bcr_plan_t p, bcr_request *rq, const bcr_options *opt, bcr_err *e,
                         bcr_shm **sh)
{
    bcr_commit c = {rq, opt, p->procs, e, sh, &bcr_phase_now.check};
    return bcr_stage_commit_rounds(&c, &p->rounds);
}

static void rounds_exchange(bcr_plan_t p, const bcr_request *rq, const bcr_arrays *ar,
                            const bcr_options *opt, bcr_shm *sh)
{
    bcr_stage_exchange_rounds(rq, &p->rounds, ar, opt, &p->procs, sh);
}

static const bcr_plan *rounds_flight(const struct bcr_plan_s *p, bcr_idx *n)
{
    *n = p->rounds.plan ? p->rounds.n : 0;
    return p->rounds.plan;
}

static void rounds_free(bcr_plan_t p) { bcr_rounds_free(&p->rounds); }

const bcr_plan_ops bcr_plan_rounds = {rounds_commit, rounds_exchange, rounds_flight, NULL,
                                      rounds_free};

/* Element by element (plan/elements.h), between layouts of which one is
 * linear or owners, or into a remap: its buffers and requests reserved
 * when it was made, so the commit only agrees.  It has no flight: a start
 * runs it whole. */

static int elements_commit(bcr_plan_t p, bcr_request *rq, const bcr_options *opt, bcr_err *e,
                           bcr_shm **sh)
{
    bcr_commit c = {rq, opt, p->procs, e, sh, &bcr_phase_now.check};
    return bcr_stage_commit(&c, NULL);
}

static void elements_exchange(bcr_plan_t p, const bcr_request *rq, const bcr_arrays *ar,
                              const bcr_options *opt, bcr_shm *sh)
{
    (void)rq;
    (void)opt;
    (void)sh;
    if (!p->elements)
        return;
    double t0 = bcr_phase_start();
    if (bcr_eplan_run(p->elements, ar->a, ar->b, p->elsize, p->procs.comm, p->ebuf, p->ereq))
        bcr_give_up("an MPI call failed while exchanging data");
    bcr_phase_add(&bcr_phase_now.exchange, t0);
}

static void elements_free(bcr_plan_t p)
{
    if (p->elements)
        bcr_eplan_free(p->elements);
    free(p->elements);
    free(p->ebuf);
    free(p->ereq);
}

const bcr_plan_ops bcr_plan_elements = {elements_commit, elements_exchange, NULL, NULL,
                                        elements_free};

/* An update plan (bcr_plan_create_update) around its kind: the exchange
 * adds into C where the data lands (fused), or, under BCR_UPDATE=staged,
 * fills the staging array, which is added into C once the exchange is
 * complete (api/update.h). */

static int update_commit(bcr_plan_t p, bcr_request *rq, const bcr_options *opt, bcr_err *e,
                         bcr_shm **sh)
{
    rq->update = bcr_plan_fused(p) ? &p->op : NULL;
    return p->inner->commit(p, rq, opt, e, sh);
}

static void update_exchange(bcr_plan_t p, const bcr_request *rq, const bcr_arrays *ar,
                            const bcr_options *opt, bcr_shm *sh)
{
    p->inner->exchange(p, rq, ar, opt, sh);
}

static const bcr_plan *update_flight(const struct bcr_plan_s *p, bcr_idx *n)
{
    return p->inner->flight(p, n);
}

static void update_finish(bcr_plan_t p)
{
    if (p->inner->finish)
        p->inner->finish(p);
    if (bcr_plan_fused(p) || !p->in_b)
        return;
    int alpha_zero = bcr_update_is_zero(p->op.type, p->alpha);
    bcr_update_apply(&p->sides, &p->op, p->elsize, p->c, alpha_zero ? NULL : p->stage);
}

static void update_free(bcr_plan_t p)
{
    free(p->stage);
    p->inner->free(p);
}

const bcr_plan_ops bcr_plan_update = {update_commit, update_exchange, update_flight,
                                      update_finish, update_free};
