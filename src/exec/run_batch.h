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
 * it.  No shared segments: everything that crosses goes through MPI. */
#ifndef BCR_EXEC_RUN_BATCH_H
#define BCR_EXEC_RUN_BATCH_H

#include <mpi.h>

#include "exec/part_copy.h"
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

/* One member's part of one message: member, its partner's index in the
 * member's half, and the part's place in the direction's buffer. */
typedef struct {
    int member, part;
    bcr_idx at;
} bcr_batch_piece;

/* One direction's messages: the partners in the rotated order (rank -
 * my rank mod size, as exchanges send), each message's place and size in
 * the buffer, and its pieces (piece[first[j]] to piece[first[j + 1] - 1]
 * for partner j). */
typedef struct {
    int n;
    int *rank;
    bcr_idx *at, *bytes;
    int *first;
    bcr_batch_piece *piece;
    char *buf;
    bcr_idx chunks; /* of all its messages */
} bcr_batch_lane;

/* The batch's combined exchange on this process, and its state in flight. */
typedef struct {
    const bcr_batch_member *members;
    int nmembers;
    MPI_Comm comm;
    bcr_batch_lane send, recv;
    MPI_Request *req; /* every chunk each way */
    int *owner;       /* per request: its partner (receives, then sends) */
    int *pending;     /* per partner: chunks not yet complete */
    bcr_idx nreq;     /* requests posted */
    int recv_left;    /* receives not yet unpacked */
    int in_flight;
} bcr_batch_exchange;

/* Lay out the messages of the members (kept by pointer: they must stay
 * where they are) over comm, of which this process is rank `rank` of
 * `size`, and allocate their buffers and requests: BCR_SUCCESS or
 * BCR_ERR_NOMEM (then x holds nothing).  Local: no communication. */
int bcr_batch_exchange_build(bcr_batch_exchange *x, const bcr_batch_member *members, int n,
                             MPI_Comm comm, int rank, int size);
void bcr_batch_exchange_free(bcr_batch_exchange *x);

/* The first half, which waits for nobody: post every receive, pack and
 * post every message, copy every member's part that stays here. */
int bcr_batch_exchange_begin(bcr_batch_exchange *x);

/* Move it on: take what has come (block: wait for everything, bounded by
 * BCR_TIMEOUT), unpack each message as all its chunks are in; *done once
 * every receive is unpacked and every send complete. */
int bcr_batch_exchange_advance(bcr_batch_exchange *x, int block, int *done);

/* Bytes this process sends and receives through MPI in one run. */
bcr_idx bcr_batch_exchange_bytes(const bcr_batch_exchange *x);

#endif
