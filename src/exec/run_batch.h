/* Many exchanges run as one (a batch, api/batch_object.h): every member's
 * ordinary exchange (plan/exchange.h), its partners named in the batch's
 * communicator, and one message through MPI per pair of processes for all
 * members, cut in chunks as every message is (base/post_chunks.h).
 *
 * The message from s to r holds, member after member in the batch's
 * order, member k's part from s to r, packed as that member's own message
 * would be (exec/part_copy.h), each part starting on a multiple of
 * BCR_BATCH_ALIGN bytes.  Both ends list the same members in the same
 * order and each part has the same size at both ends, so both cut a
 * message alike without telling each other anything.  The part that stays
 * on a process is copied from A into B as a member's own exchange copies
 * it.
 *
 * Between processes of one node a message of at least BCR_SHM_MIN bytes
 * goes through the sender's shared segment instead (exec/shm.h): packed
 * there, published, unpacked by the receiver straight from it.  Both ends
 * decide alike, from the message's size and whether they share a node. */
#ifndef BCR_EXEC_RUN_BATCH_H
#define BCR_EXEC_RUN_BATCH_H

#include <mpi.h>

#include "exec/part_copy.h"
#include "exec/shm.h"
#include "plan/exchange.h"

/* Parts of different element sizes share a message: each starts on a
 * multiple of this many bytes, enough for any element. */
#define BCR_BATCH_ALIGN 16

/* One member as the batch's exchange runs it: its exchange (NULL where
 * this process moves nothing of it), where its partners are in the
 * batch's communicator (ranks[r] for its rank r; NULL: the same ranks)
 * and its arrays. */
typedef struct {
    const bcr_exchange *ex;
    const int *ranks;
    bcr_arrays ar;
} bcr_batch_member;

/* One direction's messages: the partners in the rotated order (rank -
 * my rank mod size, as exchanges send), each message's place and size in
 * the direction's buffer, whether it goes through a shared segment; and
 * for part p of member k (its partner's index in the member's half,
 * numbered from mfirst[k]), the message it is in and its place in the
 * buffer. */
typedef struct {
    int n;
    int *rank;
    bcr_idx *at, *bytes;
    int *shm;
    int *mfirst;
    int *lane_of;
    bcr_idx *part_at;
    char *buf;
    bcr_idx chunks; /* of all its messages through MPI */
} bcr_batch_lane;

/* The batch's combined exchange on this process, and its state in flight. */
typedef struct {
    const bcr_batch_member *members;
    int nmembers;
    MPI_Comm comm;
    bcr_batch_lane send, recv;
    bcr_shm *sh;       /* the shared segments, or NULL: MPI alone */
    bcr_idx shm_bytes; /* what this process writes into its segment */
    MPI_Request *req;  /* every chunk each way */
    int *owner;        /* per request: its message (receives, then sends) */
    char **cur;        /* a member's parts, for the scans (kernels/scan.h) */
    const char **from; /* where each received message lies */
    char *gather;      /* an update's scratch panel (bcr_update_scan) */
    bcr_idx nreq;      /* requests posted */
    bcr_idx recv_chunks; /* receives' chunks not yet complete */
    int stage;
} bcr_batch_exchange;

/* Lay out the messages of the members (kept by pointer: they must stay
 * where they are) over comm, of which this process is rank `rank` of
 * `size`, and allocate their buffers and requests: BCR_SUCCESS or
 * BCR_ERR_NOMEM (then x holds nothing).  Local: no communication. */
int bcr_batch_exchange_build(bcr_batch_exchange *x, const bcr_batch_member *members, int n,
                             MPI_Comm comm, int rank, int size);
void bcr_batch_exchange_free(bcr_batch_exchange *x);

/* The messages that go through shared segments under sh (NULL: none),
 * those between processes of one node of at least min_bytes; both ends
 * of each decide alike. */
void bcr_batch_exchange_use_shm(bcr_batch_exchange *x, bcr_shm *sh, long long min_bytes);

/* Bytes of the send buffer: what the segment must hold. */
bcr_idx bcr_batch_exchange_send_bytes(const bcr_batch_exchange *x);

/* The first half, which waits for nobody but the readers of what this
 * process published in the run before (exec/shm.h): post every receive,
 * pack every member in one scan of its A (kernels/scan.h), publish the
 * parts in the segment and post the messages through MPI. */
int bcr_batch_exchange_begin(bcr_batch_exchange *x);

/* Move it on: take what has come (block: wait for everything, bounded by
 * BCR_TIMEOUT); once every message is in, unpack every member in one
 * scan of its B, which also copies its part that stays here; *done once
 * that is over and every send complete. */
int bcr_batch_exchange_advance(bcr_batch_exchange *x, int block, int *done);

/* Bytes one run moves on this process: what stays here, and what it
 * sends through shared segments and through MPI (for BCR_STATS). */
void bcr_batch_exchange_bytes(const bcr_batch_exchange *x, double *local, double *shm,
                              double *mpi);

#endif
