/* What a plan (bcr_plan_t) holds, shared by the plan API's files:
 * plan_api.c (create, execute, destroy), plan_split.c (start, test, wait),
 * plan_flying.c (the plans in flight on this process) and plan_kinds.c
 * (what each kind of plan does). */
#ifndef BCR_API_PLAN_OBJECT_H
#define BCR_API_PLAN_OBJECT_H

#include <mpi.h>
#include <stdatomic.h>

#include "api/update.h"
#include "base/error.h"
#include "base/options.h"
#include "base/request.h"
#include "exec/plan_flight.h"
#include "exec/pools.h"
#include "exec/rounds.h"
#include "exec/shm.h"
#include "plan/elements.h"
#include "plan/plan.h"
#include "runtime/agree.h"

/* A plan's split-phase state.  COMPLETE: bcr_plan_test saw its part done;
 * it may be started or executed again, and a wait returns at once. */
enum { BCR_PLAN_IDLE, BCR_PLAN_IN_FLIGHT, BCR_PLAN_COMPLETE };

/* What a kind of plan does; the entry points run a plan through these
 * alone, so a new kind is one more table (plan_kinds.c) and the creation
 * that picks it. */
typedef struct {
    /* A run's commit, the last step of bcr_plan_commit_run: reserve the
     * plan's buffers and agree with every process of p->comm (collective);
     * *sh the transport.  NULL: the plan moves nothing, ever (m or n was
     * 0), and a run completes at once with no check and no
     * communication. */
    int (*commit)(bcr_plan_t p, bcr_request *rq, const bcr_options *opt, bcr_err *e,
                  bcr_shm **sh);
    /* A run's exchange in one call; a failure gives up (base/failsafe.h). */
    void (*exchange)(bcr_plan_t p, const bcr_request *rq, const bcr_arrays *ar,
                     const bcr_options *opt, bcr_shm *sh);
    /* The plans a split-phase run flies (exec/plan_flight.h), *n of them
     * (0 on a process in neither grid).  NULL: the kind has no flight, and
     * a start runs its exchange whole. */
    const bcr_plan *(*flight)(const struct bcr_plan_s *p, bcr_idx *n);
    /* Once the exchange is complete on this process, in one call or in
     * flight; NULL: nothing to do then. */
    void (*finish)(bcr_plan_t p);
    /* What the kind holds (the plan itself is the caller's). */
    void (*free)(bcr_plan_t p);
} bcr_plan_ops;

/* The kinds (plan_kinds.c): empty; one plan; rounds under BCR_MAX_BYTES;
 * element by element; an update plan around one of the others (inner). */
extern const bcr_plan_ops bcr_plan_empty, bcr_plan_one, bcr_plan_rounds, bcr_plan_elements,
    bcr_plan_update;

struct bcr_plan_s {
    const bcr_plan_ops *ops;
    const bcr_plan_ops *inner; /* an update plan's kind */
    int active;          /* one plan: this process is in grid A or B */
    bcr_plan plan;
    bcr_rounds rounds;   /* rounds: each with a plan of its own
                            (exec/rounds.h) */
    bcr_options opt;     /* the switches as at creation (execute rereads
                            those that do not change the plan) */
    bcr_procs procs;     /* its communicator is its own, so the plan
                            outlives the contexts */
    int in_a, in_b;
    bcr_idx held_a, held_b, lda, ldb;
    size_t elsize;
    int trapezoid;

    /* Split phase (api/plan_split.c). */
    int state;           /* BCR_PLAN_IDLE, _IN_FLIGHT or _COMPLETE; changed
                            only by the thread that holds `busy` */
    atomic_int busy;     /* a thread is moving the plan on (plan_flying.h) */
    bcr_pool_set *bufs;  /* the buffers its flights use, from its first
                            start to its destruction */
    bcr_shm *sh;         /* the transport agreed at start */
    bcr_options run_opt; /* the switches of the flight */
    bcr_plan_flight flight;
    struct bcr_plan_s *prev_flying, *next_flying; /* plan_flying.h */

    /* A plan of an update routine (bcr_plan_create_update): the exchange
     * adds into the run's C with its alpha and beta where the data lands;
     * made under BCR_UPDATE=staged, it fills `stage`, this process's W
     * (api/update.h), which C's processes then add into C. */
    int update;
    bcr_update_sides sides;
    bcr_update_op op;     /* its alpha and beta point to the run's copies */
    unsigned char alpha[16], beta[16];
    char *stage;
    void *c;              /* the run's C */

    /* A plan between layouts of which one is linear (api/plan_layouts.c):
     * element by element (plan/elements.h), with its buffers and
     * requests reserved; `plan` is then unused. */
    bcr_eplan *elements;
    char *ebuf;
    MPI_Request *ereq;
};

/* The part of an execution before any data moves, for bcr_plan_execute
 * and bcr_plan_start (rq names the routine and carries a and b): check the
 * arrays, reserve the buffers (in the pool set bcr_pools_use serves) and
 * agree with every process of the plan (collective); *opt and *sh then
 * say how the exchange runs. */
int bcr_plan_commit_run(bcr_plan_t p, bcr_request *rq, bcr_options *opt, bcr_err *e,
                        bcr_shm **sh);

/* An update plan's run: alpha and beta copied (the caller's may change
 * before a split-phase run completes), C kept, and the arrays the exchange
 * runs on (A and C with the update, or A and the staging array) in *ar. */
void bcr_plan_update_run(bcr_plan_t p, const void *alpha, const void *a, const void *beta,
                         void *c, bcr_arrays *ar);

/* p becomes a plan of kind k (set before anything of k's is made, so
 * that its free frees what was); an update plan stays one, around k,
 * unless k is empty. */
void bcr_plan_set_kind(bcr_plan_t p, const bcr_plan_ops *k);

/* Whether p is an update plan whose exchange adds into C where the data
 * lands (else the exchange fills its staging array, added afterwards). */
int bcr_plan_fused(const struct bcr_plan_s *p);

/* The misuses an entry point that runs p finds on its own (update: one of
 * the _update calls, whose alpha and beta are checked): a NULL plan, a
 * plan of the other kind, a plan in flight (in_flight_text), NULL scalars.
 * Reported, and the code returned; BCR_SUCCESS when there is none. */
int bcr_plan_run_checks(bcr_plan_t p, const char *routine, int update, const void *alpha,
                        const void *beta, const char *in_flight_text);

/* Report a misuse found on this process alone (a plan in the wrong state,
 * a NULL argument): "<routine>: argument <k> (<name>): <detail>".
 * Returns BCR_ERR_ARGUMENT. */
int bcr_plan_misuse(const char *routine, int k, const char *name, const char *detail);

#endif
