/* BCR_TRACE=1: one line per call and process on stderr saying what ran:
 * the generator of each dimension, the strategy, whether the plan was
 * cached, the partners and the bytes sent.  Tests read it to prove which
 * path a case took. */
#ifndef BCR_TRACE_H
#define BCR_TRACE_H

#include "request.h"
#include "schedule.h"

int bcr_trace_enabled(void);
/* transport: "shm" when on-node messages went through shared segments,
 * "mpi" otherwise. */
void bcr_trace_call(const bcr_request *rq, int rank, const bcr_schedule *sc, int cached,
                    const char *transport);

#endif
