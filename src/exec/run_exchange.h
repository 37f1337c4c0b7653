/* Running one exchange (plan/exchange.h): post the receives, pack and
 * send, as the call's schedule (plan/schedule.h) lets them go, copy the
 * part that stays local while messages fly, unpack each message as it
 * arrives.  Messages between
 * processes of one node may go through shared segments (shm.h) instead,
 * packed and unpacked in one scan of each array (kernels/scan.h). */
#ifndef BCR_EXEC_RUN_EXCHANGE_H
#define BCR_EXEC_RUN_EXCHANGE_H

#include <mpi.h>

#include "exec/part_copy.h"
#include "exec/shm.h"
#include "exec/via_shm.h"
#include "plan/exchange.h"
#include "plan/schedule.h"


/* Grow this thread's buffers (pools.h) to what the exchange needs; call
 * it, and agree on its result, before bcr_exchange_run, which then
 * allocates nothing. */
int bcr_exchange_reserve(const bcr_exchange *ex, size_t elsize);

/* The schedule of the exchange's messages through MPI under sh, by
 * xo->schedule or else by their load (bcr_schedule_choose). */
bcr_schedule bcr_exchange_schedule(const bcr_exchange *ex, const bcr_shm *sh, size_t elsize,
                                   const bcr_exec_options *xo);

/* sh: the shared-memory transport agreed for this call, or NULL.
 * xo->recv_sync (BCR_RECV=sync): unpack only once every message is in,
 * Thakur's synchronous method; else each message as it arrives;
 * xo->schedule and inflight: bcr_exchange_schedule.  packed: the
 * messages through shared segments are packed already
 * (bcr_exchange_prepack), and are only published. */
int bcr_exchange_run(const bcr_exchange *ex, const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh,
                     const bcr_exec_options *xo, int packed);

/* Pack the messages that go through this process's shared segment under
 * sh, without publishing them, where that writes nothing but the segment
 * (not B); returns whether it did.  Waits only for the readers of what
 * this process published before, which never wait for it. */
int bcr_exchange_prepack(const bcr_exchange *ex, const bcr_arrays *ar, bcr_shm *sh);

#endif
