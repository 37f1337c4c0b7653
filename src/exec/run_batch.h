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
 * there, unpacked by the receiver straight from it.  Both ends decide
 * alike, from the message's size and whether they share a node.  Such a
 * region is published in steps: the members' parts in order, a step
 * ending once it holds BCR_BATCH_STEP bytes or more (and at the pair's
 * last part), which both ends count alike from the parts' sizes.  A member
 * is unpacked as soon as all its parts are in, while the process and its
 * partners are still packing later members: the parts are read while
 * they are still in the caches, and no process waits for all of every
 * partner's packing before it starts.  A message through MPI is one step. */
#ifndef BCR_EXEC_RUN_BATCH_H
#define BCR_EXEC_RUN_BATCH_H

#include <mpi.h>

#include "exec/part_copy.h"
#include "exec/shm.h"
#include "plan/exchange.h"

/* Parts of different element sizes share a message: each starts on a
 * multiple of this many bytes, enough for any element. */
#define BCR_BATCH_ALIGN 16

/* The least bytes of a step of a region in a shared segment: a reader
 * woken for less would spend more on waking than on copying. */
#define BCR_BATCH_STEP ((bcr_idx)256 * 1024)

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
 * the direction's buffer, whether it goes through a shared segment, its
 * steps, and how many of them have come (receiving); and for part p of
 * member k (its partner's index in the member's half, numbered from
 * mfirst[k]), the message it is in, its place in the buffer, the step it
 * is in and whether that step ends with it. */
typedef struct {
    int n;
    int *rank;
    bcr_idx *at, *bytes;
    int *shm, *steps, *taken;
    int *pending;   /* receiving through MPI: chunks not yet complete */
    int *mfirst;
    int *lane_of, *step_of;
    char *step_ends;
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
    int next;          /* the next member to unpack */
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
 * pack every member in one scan of its A (kernels/scan.h) and publish the
 * segment's steps as they fill, unpacking meanwhile the members whose
 * parts are all in, then post the messages through MPI. */
int bcr_batch_exchange_begin(bcr_batch_exchange *x);

/* Move it on: take what has come (block: wait for everything, bounded by
 * BCR_TIMEOUT) and unpack, in order, each member whose parts are all in,
 * in one scan of its B which also copies its part that stays here; *done
 * once every member is unpacked and every send complete. */
int bcr_batch_exchange_advance(bcr_batch_exchange *x, int block, int *done);

/* Bytes one run moves on this process: what stays here, and what it
 * sends through shared segments and through MPI (for BCR_STATS). */
void bcr_batch_exchange_bytes(const bcr_batch_exchange *x, double *local, double *shm,
                              double *mpi);

#endif
