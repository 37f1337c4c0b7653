/* Message schedules: in what order, and how many at a time, a process
 * posts its messages through MPI (exec/run_exchange.c runs them,
 * timing/sim/bcr_simulate.c replays them on a network model).
 *
 * A message from rank s to rank d of n belongs to step (d - s) mod n, the
 * same number at both ends; every process posts its sends and its
 * receives each in increasing step.  In one step every process sends to
 * at most one partner and receives from at most one (step k is the shift
 * by k), so a step is contention-free: no process is the target of two
 * messages of it, and no link carries two in one direction.
 *   all:     every message posted at once.
 *   bounded: at most `inflight` sends and `inflight` receives posted and not
 *            complete; the next is posted as one completes.
 *   steps:   a message of step k is posted once every message of this
 *            process of an earlier step is complete (steps in which this
 *            process has no message cost it nothing).
 * Any mix of the three across processes is free of deadlock: the
 * incomplete message of least step is posted at both ends. */
#ifndef BCR_PLAN_SCHEDULE_H
#define BCR_PLAN_SCHEDULE_H

#include "base/options.h"

/* BCR_INFLIGHT unset: most messages posted and not complete per process
 * and direction under `bounded` (docs/design.md, "Schedules").  Up to 256
 * posted receives MPI's matching stays cheap even when messages arrive out
 * of order (bcr_match_cost: about 2 ns per entry searched, against 5 to 18
 * ns at 1024 and more, out of cache), and bcr_simulate predicts every
 * bound below a process's partner count slower than posting them all
 * (docs/performance.md, "Simulated at scale"). */
#define BCR_INFLIGHT_DEFAULT 256

/* Messages of at least this many bytes on average, where a process has
 * more partners than it may have in flight, go in contention-free steps:
 * their time is bandwidth, which contention wastes, not start-ups. */
#define BCR_STEPS_MIN_BYTES (256LL * 1024)

typedef struct {
    int kind;     /* BCR_SCHEDULE_ALL, _BOUNDED or _STEPS */
    int inflight; /* under bounded, most posted and incomplete per direction */
} bcr_schedule;

/* One process's messages through MPI in one exchange. */
typedef struct {
    int nsend, nrecv;             /* messages */
    long long send_bytes, recv_bytes;
} bcr_schedule_load;

static inline int bcr_schedule_step(int src, int dst, int nranks)
{
    return ((dst - src) % nranks + nranks) % nranks;
}

/* The schedule of one exchange: `forced` (enum bcr_schedule_kind) unless
 * BCR_SCHEDULE_AUTO, then by the load; inflight <= 0 means the default. */
bcr_schedule bcr_schedule_choose(int forced, int inflight, const bcr_schedule_load *load);

/* "all", "bounded", "steps". */
const char *bcr_schedule_name(int kind);

#endif
