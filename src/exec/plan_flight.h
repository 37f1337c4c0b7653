/* Running plans (plan/plan.h) in steps that never wait, for the
 * split-phase plan API (bcr_plan_start / bcr_plan_test / bcr_plan_wait):
 * a flight runs a list of plans in turn (the rounds of a plan made under
 * BCR_MAX_BYTES, exec/rounds.h, or one plan), each plan's exchanges in
 * turn (exec/run_exchange.h), through a scratch intermediate for the
 * indirect strategies and between local transposes for the transposed
 * one.  bcr_plan_run is a flight of one plan advanced to its end at once.
 *
 * An exchange begins only once the one before it has ended on this
 * process, as in a blocking call: its messages may then be posted and its
 * shared segment written again.  Between steps the flight points into the
 * pooled buffers it began with (exec/pools.h); whoever runs it keeps them
 * untouched until it is done. */
#ifndef BCR_EXEC_PLAN_FLIGHT_H
#define BCR_EXEC_PLAN_FLIGHT_H

#include <mpi.h>

#include "base/options.h"
#include "exec/run_exchange.h"
#include "exec/shm.h"
#include "plan/plan.h"

typedef struct {
    const bcr_plan *plans; /* run in turn */
    bcr_idx n, k;          /* how many; the one running */
    int phase;             /* its exchange running; -1 before the first */
    int packed;            /* the first exchange's shared parts are packed
                              (bcr_plan_prepack) */
    bcr_arrays ar;         /* the caller's A and B */
    bcr_arrays step;       /* what the running exchange moves between */
    char *scratch;         /* the running plan's intermediate */
    MPI_Comm comm;
    bcr_shm *sh;
    bcr_exec_options xo;
    bcr_exchange_flight ex;
} bcr_plan_flight;

/* Set f up to run plans[0 .. n) on ar and begin the first exchange (which
 * waits only for the readers of what this process published before, who
 * are done once every process has agreed to run again).  comm, sh, xo and
 * packed as for bcr_exchange_run. */
int bcr_plan_flight_begin(bcr_plan_flight *f, const bcr_plan *plans, bcr_idx n,
                          const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh,
                          const bcr_exec_options *xo, int packed);

/* Move f on: with block, to its end; without, as far as nothing has to be
 * waited for (a next exchange begins only if it can without waiting).
 * *done: every plan has run on this process. */
int bcr_plan_flight_advance(bcr_plan_flight *f, int block, int *done);

/* Whether only a blocking advance can move f on (bcr_exchange_needs_block). */
int bcr_plan_flight_needs_block(const bcr_plan_flight *f);

#endif
