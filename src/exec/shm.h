/* Shared-memory transport between processes of one node.
 *
 * On one node, a message through MPI is copied twice or pipelined in small
 * fragments that need both processes running, unless both sides are
 * contiguous.  Here each process packs what it sends into a shared segment
 * of its own and tells the receiver where; the receiver unpacks
 * straight from that segment into B.  Two copies, no handshake per
 * fragment, and each side works whenever it runs.
 *
 * The telling goes through counters at the head of the segments, not
 * through MPI: a process waiting for MPI polls, and where processes
 * outnumber cores the pollers take the cores from the processes still
 * packing.  A process waiting here sleeps in the kernel (futex) after a
 * short spin.  The sender does not wait for its readers either: it waits,
 * if at all, only before it writes its segment again.  Above all, both
 * sides pack and unpack every such message in one scan of their array
 * (kernels/scan.h), where MPI reads the array once per message.
 *
 * Segments belong to a communicator (kept as an attribute on it, dropped
 * with it).  Each process owns one, a file of its own in /dev/shm (or
 * BCR_SHM_DIR) that its peers map, made and checked as exec/shm_file.h
 * says; the file's name is removed as soon as every peer has mapped it (or
 * making the segments failed), so nothing is left behind if a process dies,
 * and letting go of segments is local: a process unmaps its own and its
 * peers' and the pages go back when the last mapping of each goes.  That
 * is why freeing a context never waits for another process.
 *
 * A communicator's first call sends everything through MPI: a segment's
 * pages cost a fault each the first time they are written (expensive on
 * virtual machines), more than MPI's copy, and a call made once (a fresh
 * context, one large redistribution) would pay that for pages it never
 * reuses.  The second call makes and writes them.  When a communicator is
 * freed its segments are parked, and a new communicator over the same
 * processes of the node takes them at its first call, pages and all
 * (exec/shm_park.c).  Once a process has freed a communicator, the first
 * call of a new one makes its segments too (files only: nothing written,
 * nothing faults; a millisecond or so of set-up), so that a code that makes
 * a context per call has segments to park and reuses one set.  Segments
 * grow only collectively, inside a call: every
 * process of the communicator says in the call's agreement
 * (runtime/agree.h) whether its segment is too small, and if any is, all
 * make theirs anew, as large as the most any sends at once.  Segments the
 * node's store has no room for are not made: that call's messages go
 * through MPI, as do later ones as large.  After a call, pages beyond what
 * bcredist may keep (BCR_KEEP_BYTES, exec/keep.h) are given back.
 *
 * Which messages use it (BCR_SHM, base/options.h; the planner decides,
 * plan/exchange.c, and every process of a call agrees on the switch):
 *   on (default): every message of BCR_SHM_MIN bytes or more, from a
 *       communicator's second call on.  Through MPI, a message of long
 *       runs goes in place over the arrays (CMA) or in fragments, and
 *       either way needs its sender to answer while the receiver copies;
 *       where ranks outnumber cores the sender is often not running then,
 *       and through segments it need not be;
 *   all: the same from a communicator's first call on;
 *   short: only those whose row runs average under 512 bytes (with long
 *       runs MPI reads each message's array almost as well as a scan when
 *       every rank has a core, and starts unpacking as the first fragments
 *       come);
 *   off: none.
 * Below BCR_SHM_MIN (32 KiB unless set) one eager copy through MPI costs
 * less than publishing a part and waking its reader.  Figures:
 * docs/performance.md, "Shared-memory transport". */
#ifndef BCR_EXEC_SHM_H
#define BCR_EXEC_SHM_H

#include <mpi.h>
#include <stddef.h>

#include "base/index.h"

typedef struct bcr_shm bcr_shm;

/* What this process says in the agreement for a call sending `bytes`
 * through its segment: 1 when the segment must be made or grow (at comm's
 * first call: when first_too, BCR_SHM=all, or once this process has freed
 * a communicator, or when parked segments could be taken), 0 when it is
 * large enough (its pages reserved), -1 when the transport is off
 * (BCR_SHM=off), this process could not record a communicator's first
 * call, or its store has no room for this call's pages.  The agreement keeps -1 if any
 * process said it, else the largest. */
long long bcr_shm_request(MPI_Comm comm, bcr_idx bytes, int off, int first_too);

/* Reserves the pages of sh's segment (of this process) that a call
 * writing `bytes` past its head needs: 0, or -1 when its store has no
 * room for them (a repeated call then plans and agrees again). */
int bcr_shm_back(bcr_shm *sh, bcr_idx bytes);

/* With the agreed answer: collective over comm when it is 1 (segments are
 * made anew, this process's at least `bytes`, or taken from a freed
 * communicator over the same processes of the node at comm's first call).
 * Returns the transport for this call, or NULL when messages go through
 * MPI (a first call whose segments are new does, unless first_too:
 * BCR_SHM=all); every process of the node gets the same answer. */
bcr_shm *bcr_shm_reserve(MPI_Comm comm, long long agreed, bcr_idx bytes, int first_too);

/* Whether comm has had its first call and no segments were made since
 * (a call sending through segments would now make them), or the last
 * call found no room for its pages on this process (the next may). */
int bcr_shm_pending(MPI_Comm comm);

/* Whether process `rank` of comm shares this node. */
int bcr_shm_shares(const bcr_shm *sh, int rank);

/* Sending: wait until every reader is done with what this process
 * published before (the segment is about to be written again), then write
 * into bcr_shm_mine and publish each receiver's part at its byte offset
 * there. */
void bcr_shm_begin_writes(bcr_shm *sh);
/* Whether bcr_shm_begin_writes would return at once. */
int bcr_shm_writable(bcr_shm *sh);
char *bcr_shm_mine(const bcr_shm *sh);
void bcr_shm_publish(bcr_shm *sh, int rank, bcr_idx offset);

/* Receiving: the next part process `rank` publishes for this one, once it
 * is there; then, when it has been read, release it to its sender.  Parts
 * between two processes are taken in the order they were published, as
 * MPI matches messages.  The part is `bytes` long; one the sender places
 * outside its segment ends the job. */
const char *bcr_shm_await(bcr_shm *sh, int rank, bcr_idx bytes);
/* Whether bcr_shm_await(sh, rank) would return at once. */
int bcr_shm_ready(bcr_shm *sh, int rank);
void bcr_shm_release(bcr_shm *sh, int rank);

/* Release the attribute key (bcr_finalize); segments go with their
 * communicators. */
void bcr_shm_finalize(void);

/* This process writes `bytes` past the head of its segment in this call
 * (said before it publishes any part, exec/keep.h). */
void bcr_shm_used(bcr_shm *sh, size_t bytes);

/* Shared memory is counted once over the node and divided among its
 * processes: sh's segments' bytes that may be resident, over the node's
 * processes (0 for NULL). */
size_t bcr_shm_share(const bcr_shm *sh);

/* Gives back pages of this process's segment, beyond what keeps sh's
 * share at most `share` bytes (its peers' pages as they are), once its
 * readers are done with them (they are in the same call); returns the
 * share then. */
size_t bcr_shm_trim(bcr_shm *sh, size_t share);

/* The shares of every communicator's segments on this process. */
size_t bcr_shm_bytes(void);
/* The part of them in this process's own segments (its pages divided as
 * the shares divide them): what it gives back by itself. */
size_t bcr_shm_own_bytes(void);

#endif
