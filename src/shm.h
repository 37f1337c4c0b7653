/* Shared-memory transport between processes of one node.
 *
 * On one node, a message through MPI is copied twice or pipelined in small
 * fragments that need both processes running, unless both sides are
 * contiguous.  With more ranks than cores that pipeline is what limits an
 * exchange.  Here each process packs what it sends into its own segment of
 * a shared window and tells the receiver where; the receiver unpacks
 * straight from that segment into B.  Two copies, no handshake per
 * fragment, and each side works whenever it runs.
 *
 * The window belongs to a communicator (kept as an attribute on it, freed
 * with it); each process's segment is as large as the most it has sent at
 * once.  It grows only collectively: every process of the communicator says
 * in the call's agreement (bcr_agree_error) whether its segment is too
 * small, and if any is, all make the window anew.
 *
 * Off unless BCR_SHM=on (on every process; one without it turns it off for
 * the call).  Measured on a 2-core node with 4 ranks it pays only where
 * pieces are single elements (1 x 1 blocks: about 10% faster than MPI
 * datatypes) and costs 10 to 20% elsewhere: MPI's datatype pipeline copies
 * through fragments that stay in cache, while a whole packed message
 * leaves it. */
#ifndef BCR_SHM_H
#define BCR_SHM_H

#include <mpi.h>
#include <stddef.h>

#include "index1d.h"

typedef struct bcr_shm bcr_shm;

/* Smaller messages go through MPI even on one node: there one eager copy
 * is cheaper than a notice and an acknowledgement.  BCR_SHM_MIN=bytes
 * changes the bound (tests set 0 to send everything through segments); it
 * is read when a plan is made, and both ends of a message decide alike. */
#define BCR_SHM_MIN_BYTES ((bcr_idx)32 * 1024)
bcr_idx bcr_shm_min_bytes(void);

/* What this process says in the agreement for a call sending `bytes`
 * through its segment: 1 when the segment must grow, 0 when it is large
 * enough, -1 when the transport is off here.  The agreement keeps
 * -1 if any process said it, else the largest. */
long long bcr_shm_request(MPI_Comm comm, bcr_idx bytes);

/* With the agreed answer: collective over comm when it is 1 (the window is
 * made anew, this process's segment at least `bytes`).  Returns the
 * transport for this call, or NULL when messages go through MPI; every
 * process of the node gets the same answer. */
const bcr_shm *bcr_shm_reserve(MPI_Comm comm, long long agreed, bcr_idx bytes);

/* Whether process `rank` of comm shares this node. */
int bcr_shm_shares(const bcr_shm *sh, int rank);
/* This process's segment, and that of a process sharing the node (which
 * may be NULL when it is empty). */
char *bcr_shm_mine(const bcr_shm *sh);
const char *bcr_shm_peer(const bcr_shm *sh, int rank);

/* Make this process's writes visible before telling a peer, and the peer's
 * writes visible after being told. */
void bcr_shm_sync(const bcr_shm *sh);

/* Release the attribute key (bcr_finalize); windows go with their
 * communicators. */
void bcr_shm_finalize(void);

/* Bytes of shared segments this process holds, over all communicators. */
size_t bcr_shm_bytes(void);

#endif
