/* BCR_TRACE=1: one line per call and process on stderr saying what ran:
 * the generator of each dimension, the strategy, whether the plan was
 * cached, the partners and the bytes sent, the transport, how the scans
 * walk and store, how messages through MPI travel and in what schedule
 * (one name per exchange), and whether the pack
 * ran while the processes agreed.  Tests read it to prove which path a
 * case took. */
#ifndef BCR_RUNTIME_TRACE_H
#define BCR_RUNTIME_TRACE_H

#include "base/request.h"
#include "exec/shm.h"
#include "plan/plan.h"

/* sh: the shared-memory transport the call agreed on (NULL: messages went
 * through MPI alone); xo: how it ran (BCR_RECV, BCR_SCHEDULE,
 * BCR_INFLIGHT); packed: the messages
 * through shared segments were packed while the processes agreed. */
void bcr_trace_call(const bcr_request *rq, int rank, const bcr_plan *pl, int cached,
                    const bcr_shm *sh, const bcr_exec_options *xo, int packed);

#endif
