/* What the shared-memory transport's files share (exec/shm.h): one
 * communicator's state, and the layout of a segment's head. */
#ifndef BCR_EXEC_SHM_STATE_H
#define BCR_EXEC_SHM_STATE_H

#include <mpi.h>
#include <stdint.h>
#include <unistd.h>

#include "base/index.h"
#include "exec/counter_wait.h"

typedef struct bcr_shm bcr_shm; /* as exec/shm.h names it */

/* The head of every process's segment, before what it sends: what its
 * readers and it tell each other.  `reads` is bumped by readers, a slot
 * by the owner only; separate cache lines keep them from bouncing.  What
 * it sends starts on a line too (a part that starts on a line is packed
 * without a partial store at the start of every run, plan/exchange.c). */
#define BCR_SHM_LINE 128

typedef struct {
    bcr_counter posted; /* parts ever published for this reader */
    bcr_idx offset;     /* bytes past the head where the last one starts */
} slot;

static inline size_t head_bytes(int node_size)
{
    size_t b = BCR_SHM_LINE + (size_t)node_size * sizeof(slot);
    return (b + BCR_SHM_LINE - 1) / BCR_SHM_LINE * BCR_SHM_LINE;
}

static inline size_t page_bytes(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

static inline size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

static inline size_t segment_bytes(int node_size, long long cap)
{
    return round_up(head_bytes(node_size) + (size_t)cap, page_bytes());
}

static inline bcr_counter *reads_of(char *head) { return (bcr_counter *)(void *)head; }
/* In the reads line, written by the owner only and rarely: how many bytes
 * of its segment may be resident, for its peers' accounting. */
static inline _Atomic size_t *resident_of(char *head)
{
    return (_Atomic size_t *)(void *)(head + BCR_SHM_LINE / 2);
}
static inline slot *slot_of(char *head, int reader)
{
    return (slot *)(void *)(head + BCR_SHM_LINE) + reader;
}

struct bcr_shm {
    MPI_Comm node;      /* the processes of comm on this node; MPI_COMM_NULL
                           until the first segment is made */
    long long cap;      /* bytes this process's segment holds past its head */
    size_t len;         /* bytes of this process's segment, 0 when none */
    size_t touched;     /* bytes of this process's segment past its head that
                           may be resident: the most it has sent since its
                           pages were last given back */
    char *mine;         /* what this process sends, past its head */
    int fd;             /* this process's segment's file, open for reserving
                           its pages (exec/shm_file.h); -1 when none */
    size_t backed;      /* bytes of this process's segment, from its start,
                           whose pages are reserved */
    int *node_of;       /* rank in comm -> rank in node, -1 when elsewhere */
    int *members;       /* rank in node -> rank in MPI_COMM_WORLD, NULL when
                           unknown (the node's processes, for parking) */
    char **seg;         /* rank in node -> its segment's head, mapped here */
    size_t *seg_len;    /* rank in node -> bytes of its segment */
    uint32_t *taken;    /* rank in node -> parts read from it, these segments */
    uint32_t published; /* parts this process published, these segments */
    bcr_idx refused;    /* bytes segments were last refused for, 0 if none */
    unsigned long long ident; /* names these segments, alike on the node */
    int node_size, node_rank;
    int first;          /* comm has not had its first call */
    int unused;         /* segments made by comm's first call, not yet used */
    int short_of_room;  /* the last call could not reserve its pages here */
    struct bcr_shm *prev, *next; /* every bcr_shm with segments (live) */
};

/* Lists every bcr_shm that has segments, for bcr_shm_bytes; a bcr_shm is
 * listed once its segments exist and unlisted when they go. */
void bcr_shm_list_live(bcr_shm *sh);
void bcr_shm_unlist_live(bcr_shm *sh);

/* This process may hold `touched` bytes of its segment resident: in sh and
 * in its segment's head, where its peers read it. */
void bcr_shm_account(bcr_shm *sh, size_t touched);
/* Bytes that may be resident in the segments of sh's node together, and
 * that divided among the node's processes. */
size_t bcr_shm_node_resident(const bcr_shm *sh);
size_t bcr_shm_share_of(const bcr_shm *sh);

/* Local: this process unmaps its own segment and its mappings of its
 * peers'.  A segment's pages go back to the system when the last process
 * of the node that maps it unmaps it, so nobody waits for anybody.  The
 * state stays. */
void bcr_shm_drop(bcr_shm *sh);
/* Local: what sh knows of its node goes, as if never learnt. */
void bcr_shm_forget_node(bcr_shm *sh);
/* bcr_shm_drop and bcr_shm_forget_node, then sh is freed (local). */
void bcr_shm_destroy(bcr_shm *sh);

/* As exec/shm.h says. */
size_t bcr_shm_bytes(void);
size_t bcr_shm_own_bytes(void);

/* MPI_Iallreduce of v's n values of type t in place over comm, waited for
 * at most BCR_TIMEOUT (what: what it waits for, in the message); where MPI
 * fails the job ends (base/failsafe.h), since the others wait for this
 * process's part. */
void bcr_shm_reduce(void *v, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm, const char *what);

/* The rank in MPI_COMM_WORLD of each of comm's n processes (malloc'd), or
 * NULL where one has none (a communicator from outside the world) or on
 * failure. */
int *bcr_shm_world_ranks(MPI_Comm comm, int n);

#endif
