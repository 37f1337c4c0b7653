#include "exec/shm.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "base/failsafe.h"
#include "bcredist.h"
#include "exec/shm_file.h"
#include "exec/shm_park.h"
#include "exec/shm_state.h"

static int keyval = MPI_KEYVAL_INVALID;
static pthread_mutex_t keyval_lock = PTHREAD_MUTEX_INITIALIZER;
/* Set once this process could not attach the transport's state to a
 * communicator: from then on it asks for no segments on any (-1), so
 * that no two processes of a communicator ever disagree on whether it has
 * had its first call, which decides the collectives its calls make. */
static atomic_int unattachable;
/* Communicators with calls freed since bcr_finalize: a program that frees
 * contexts may make one per call (attach says why this matters). */
static atomic_long freed;

/* MPI runs this when comm is freed, on each process by itself: nothing in
 * it waits for another process. */
static int delete_attr(MPI_Comm comm, int key, void *val, void *extra)
{
    (void)comm;
    (void)key;
    (void)extra;
    atomic_fetch_add(&freed, 1);
    if (!bcr_shm_park(val))
        bcr_shm_destroy(val);
    return MPI_SUCCESS;
}

/* The keyval, made on first use and again after bcr_shm_finalize. */
static int the_keyval(void)
{
    pthread_mutex_lock(&keyval_lock);
    if (keyval == MPI_KEYVAL_INVALID)
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, delete_attr, &keyval, NULL);
    int k = keyval;
    pthread_mutex_unlock(&keyval_lock);
    return k;
}

void bcr_shm_finalize(void)
{
    /* Segments still on live plans' communicators stay until those go:
     * MPI keeps a freed keyval for the attributes that use it. */
    pthread_mutex_lock(&keyval_lock);
    if (keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&keyval);
    pthread_mutex_unlock(&keyval_lock);
    bcr_shm_unpark_all();
    atomic_store(&freed, 0);
}

static bcr_shm *find(MPI_Comm comm)
{
    void *val;
    int found = 0, k = the_keyval();
    if (k == MPI_KEYVAL_INVALID || MPI_Comm_get_attr(comm, k, &val, &found))
        return NULL;
    return found ? val : NULL;
}

/* Local: the transport's state for comm, before anything is shared; made
 * at comm's first call, which goes through MPI (exec/shm.h says why). */
static bcr_shm *attach(MPI_Comm comm)
{
    bcr_shm *sh = bcr_fault("shm_attach") ? NULL : calloc(1, sizeof *sh);
    if (!sh)
        return NULL;
    sh->node = MPI_COMM_NULL;
    sh->fd = -1;
    sh->first = 1;
    if (MPI_Comm_set_attr(comm, the_keyval(), sh)) {
        free(sh);
        return NULL;
    }
    return sh;
}

/* BCR_NODE_SIZE=n: consecutive groups of n ranks of MPI_COMM_WORLD count
 * as nodes, so that one machine can stand for a cluster (segments only
 * within a group, MPI between).  Each process names its own group, so the
 * groups are consistent even where processes were told different sizes.
 * Collective over *node. */
static void split_emulated_nodes(MPI_Comm *node, int rank)
{
    const char *v = getenv("BCR_NODE_SIZE");
    long size = v ? strtol(v, NULL, 10) : 0;
    if (size <= 0)
        return;
    int world;
    MPI_Comm_rank(MPI_COMM_WORLD, &world);
    MPI_Comm group;
    if (MPI_Comm_split(*node, (int)(world / size), rank, &group))
        bcr_give_up("an MPI call failed while splitting the node's processes");
    MPI_Comm_free(node);
    *node = group;
}

/* Collective over comm: who of comm shares this node.  Returns whether
 * every process of comm succeeded (all get the same answer). */
static int learn_node(bcr_shm *sh, MPI_Comm comm)
{
    int size, rank;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    /* MPI has no nonblocking split: a bounded barrier first shows that
     * every process of comm is here, so the splits wait for no one who is
     * not coming. */
    MPI_Request req;
    if (MPI_Ibarrier(comm, &req) ||
        bcr_wait_bounded(&req, "the other processes to look for their node"))
        bcr_give_up("an MPI call failed while finding the node's processes");
    MPI_Comm node;
    if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node))
        bcr_give_up("an MPI call failed while finding the node's processes");
    split_emulated_nodes(&node, rank);
    int nsize;
    MPI_Comm_size(node, &nsize);
    int *members = malloc((size_t)nsize * sizeof *members);
    sh->node = node;
    sh->node_size = nsize;
    MPI_Comm_rank(node, &sh->node_rank);
    sh->node_of = malloc((size_t)size * sizeof *sh->node_of);
    sh->seg = calloc((size_t)nsize, sizeof *sh->seg);
    sh->seg_len = calloc((size_t)nsize, sizeof *sh->seg_len);
    sh->taken = calloc((size_t)nsize, sizeof *sh->taken);
    /* Agreed before the gather, in which every process must take part
     * with its whole share. */
    int ok = members && sh->node_of && sh->seg && sh->seg_len && sh->taken;
    bcr_shm_reduce(&ok, 1, MPI_INT, MPI_MIN, comm, "the other processes to learn their node");
    if (!ok) {
        free(members);
        bcr_shm_forget_node(sh);
        return 0;
    }
    if (MPI_Iallgather(&rank, 1, MPI_INT, members, 1, MPI_INT, node, &req) ||
        bcr_wait_bounded(&req, "the node's processes to say who they are"))
        bcr_give_up("an MPI call failed while finding the node's processes");
    for (int r = 0; r < size; r++)
        sh->node_of[r] = -1;
    for (int i = 0; i < nsize; i++)
        sh->node_of[members[i]] = i;
    free(members);
    sh->members = bcr_shm_world_ranks(node, nsize); /* NULL: never parked */
    return 1;
}

/* This process's segment's pages for a call writing `bytes` past its
 * head, reserved: 0, or -1 when its store has no room for them. */
static int back(bcr_shm *sh, bcr_idx bytes)
{
    size_t need = round_up(head_bytes(sh->node_size) + (size_t)bytes, page_bytes());
    if (need > sh->len)
        need = sh->len;
    if (need <= sh->backed)
        return 0;
    if (bcr_shm_file_back(sh->fd, sh->backed, need))
        return -1;
    sh->backed = need;
    return 0;
}

int bcr_shm_back(bcr_shm *sh, bcr_idx bytes)
{
    sh->short_of_room = sh->len && bytes > 0 && back(sh, bytes);
    return sh->short_of_room ? -1 : 0;
}

long long bcr_shm_request(MPI_Comm comm, bcr_idx bytes, int off, int first_too)
{
    if (off || atomic_load(&unattachable))
        return -1;
    bcr_shm *sh = find(comm);
    if (!sh) {
        /* The first call on comm: through MPI (attach says why) unless
         * first_too; every process of comm is making its first call too. */
        if (!attach(comm)) {
            atomic_store(&unattachable, 1);
            return -1;
        }
        /* Where communicators have been freed before, this one may be
         * freed after this call too: segments are made now (reserve), to
         * be parked with it and taken by the next.  Whoever has parked
         * ones says so even with nothing to send: all learn whether the
         * node can take them.  Else the second call makes them. */
        return (bytes > 0 && (first_too || atomic_load(&freed) > 0)) || bcr_shm_any_parked();
    }
    sh->first = 0; /* a later call: its segments go into use at once */
    if (sh->node != MPI_COMM_NULL && (sh->node_size < 2 || bytes <= sh->cap))
        return bcr_shm_back(sh, bytes) ? -1 : 0; /* no room: MPI for this call */
    /* The node had no room for this much: no new attempt (a collective
     * over the node) until a call needs less. */
    if (sh->refused && bytes >= sh->refused)
        return 0;
    return bytes > 0;
}

int bcr_shm_pending(MPI_Comm comm)
{
    const bcr_shm *sh = find(comm);
    if (!sh)
        return 0;
    int could_make = !sh->len && !sh->refused && (sh->node == MPI_COMM_NULL || sh->node_size > 1);
    return sh->unused || could_make || sh->short_of_room;
}

/* Collective over the node: whether segments of `total` bytes for each of
 * its processes fit in half the space its stores have free, the rest left
 * to MPI and to everyone else on the node: 1 when they do, 0 when not, -1
 * when a process could not prepare (ready = 0).  Every process of the
 * node gets the same answer. */
static int node_has_room(const bcr_shm *sh, size_t total, int ready)
{
    long long space = bcr_shm_file_space(bcr_shm_file_dir());
    long long v[3] = {(long long)total, space < 0 ? -LLONG_MAX : -space, !ready};
    bcr_shm_reduce(v, 3, MPI_LONG_LONG, MPI_MAX, sh->node,
                   "the node's processes to say how much room their stores have");
    if (v[2])
        return -1;
    if (v[1] == -LLONG_MAX)
        return 1; /* nobody could tell */
    return 2.0 * sh->node_size * (double)v[0] <= (double)-v[1];
}

/* What a process tells the node of its new segment. */
typedef struct {
    long long len;           /* its bytes, 0 when it could not make it */
    char path[BCR_SHM_PATH]; /* its file */
} segment_record;

/* Maps the peers' segments listed in `all`; whether every one could be. */
static int map_peers(bcr_shm *sh, const segment_record *all)
{
    int ok = 1;
    for (int i = 0; i < sh->node_size; i++) {
        /* Any number the node's processes all compute alike, different for
         * other segments: a hash of every file's name. */
        for (const char *c = all[i].path; *c; c++)
            sh->ident = (sh->ident ^ (unsigned char)*c) * 0x100000001b3ULL;
        sh->seg_len[i] = (size_t)all[i].len;
        if (i != sh->node_rank && ok)
            ok = all[i].len > 0 && (sh->seg[i] = bcr_shm_file_map_peer(all[i].path,
                                                                         sh->seg_len[i])) != NULL;
    }
    return ok;
}

/* Collective over the node, inside a call: new segments, this process's
 * holding `cap` bytes past its head and its first `bytes_now` reserved
 * (what this call writes), or none (BCR_ERR_NOMEM) when the store has no
 * room or any process failed.  Each process makes a file of its own, its
 * peers map it, and once every mapping exists its owner removes the name:
 * from then on only the mappings hold the pages, and each process lets go
 * of its mappings by itself.  A fresh file reads as zeros, so the counters
 * start at zero without a pass over the pages. */
static int remake_segments(bcr_shm *sh, long long cap, bcr_idx bytes_now)
{
    bcr_shm_drop(sh);
    size_t len = segment_bytes(sh->node_size, cap), head = head_bytes(sh->node_size);
    segment_record *all = malloc((size_t)sh->node_size * sizeof *all);
    int room = node_has_room(sh, len, all != NULL);
    if (room <= 0) {
        free(all);
        sh->refused = room == 0 ? (bcr_idx)cap : 0;
        return BCR_ERR_NOMEM;
    }
    sh->refused = 0;
    segment_record me;
    memset(&me, 0, sizeof me);
    int fd;
    size_t backed = round_up(head + (size_t)bytes_now, page_bytes());
    char *own = bcr_shm_file_make(bcr_shm_file_dir(), len, backed < len ? backed : len,
                                  me.path, &fd);
    if (own)
        me.len = (long long)len;
    MPI_Request req;
    if (MPI_Iallgather(&me, (int)sizeof me, MPI_BYTE, all, (int)sizeof me, MPI_BYTE, sh->node,
                       &req) ||
        bcr_wait_bounded(&req, "the node's processes to name their segments"))
        bcr_give_up("an MPI call failed while making shared segments");
    sh->ident = 0;
    sh->seg[sh->node_rank] = own;
    int ok = own && map_peers(sh, all);
    free(all);
    sh->len = len;
    bcr_shm_reduce(&ok, 1, MPI_INT, MPI_MIN, sh->node,
                   "the node's processes to map each other's segments");
    if (own)
        unlink(me.path); /* every peer has it mapped, or gives up */
    sh->fd = fd;
    if (!ok) {
        bcr_shm_drop(sh);
        return BCR_ERR_NOMEM;
    }
    sh->backed = backed < len ? backed : len;
    sh->cap = cap;
    sh->mine = own + head;
    bcr_shm_list_live(sh);
    memset(sh->taken, 0, (size_t)sh->node_size * sizeof *sh->taken);
    sh->published = 0;
    return BCR_SUCCESS;
}

bcr_shm *bcr_shm_reserve(MPI_Comm comm, long long agreed, bcr_idx bytes, int first_too)
{
    if (agreed < 0)
        return NULL;
    bcr_shm *sh = find(comm);
    if (!sh)
        return NULL;
    if (agreed > 0) {
        if (sh->node == MPI_COMM_NULL && !learn_node(sh, comm))
            return NULL; /* learn_node agreed on its failure */
        int first = sh->first;
        sh->first = 0;
        if (sh->node_size > 1 && first && bcr_shm_adopt(sh, comm)) {
            /* Parked segments, which the whole node has, in use at once:
             * grown if any process sends more now, else their pages
             * reserved; where a process has no room for them, this call
             * goes through MPI. */
            long long most = bytes > sh->cap ? bytes : sh->cap;
            int v[2] = {bytes > sh->cap, 0};
            v[1] = !v[0] && bcr_shm_back(sh, bytes);
            bcr_shm_reduce(v, 2, MPI_INT, MPI_MAX, sh->node,
                           "the node's processes to take their parked segments");
            if (v[0])
                return remake_segments(sh, most, bytes) ? NULL : sh;
            return v[1] ? NULL : sh;
        }
        /* Pages are reserved only for a call that writes them now. */
        bcr_idx now = first && !first_too ? 0 : bytes;
        if (sh->node_size > 1 && remake_segments(sh, bytes > sh->cap ? bytes : sh->cap, now))
            return NULL;
        /* A first call makes segments (cheap: nothing is written) but goes
         * through MPI (attach says why), unless BCR_SHM=all. */
        sh->unused = first && !first_too && sh->len;
        if (sh->unused)
            return NULL;
    }
    if (sh->len)
        sh->unused = 0;
    return sh->len ? sh : NULL;
}

char *bcr_shm_mine(const bcr_shm *sh) { return sh->mine; }

int bcr_shm_shares(const bcr_shm *sh, int rank) { return sh->node_of[rank] >= 0; }

void bcr_shm_begin_writes(bcr_shm *sh)
{
    bcr_counter_wait(reads_of(sh->seg[sh->node_rank]), sh->published);
}

int bcr_shm_writable(bcr_shm *sh)
{
    bcr_counter *c = reads_of(sh->seg[sh->node_rank]);
    return bcr_counter_reached(atomic_load_explicit(&c->value, memory_order_acquire),
                               sh->published);
}

void bcr_shm_publish(bcr_shm *sh, int rank, bcr_idx offset)
{
    slot *s = slot_of(sh->seg[sh->node_rank], sh->node_of[rank]);
    s->offset = bcr_fault("shm_offset") ? (bcr_idx)sh->len : offset; /* tests: a bad header */
    sh->published++;
    bcr_counter_bump(&s->posted);
}

const char *bcr_shm_await(bcr_shm *sh, int rank, bcr_idx bytes)
{
    int from = sh->node_of[rank];
    slot *s = slot_of(sh->seg[from], sh->node_rank);
    bcr_counter_wait(&s->posted, ++sh->taken[from]);
    /* The offset is the peer's word: what it names must lie in what this
     * process mapped. */
    size_t room = sh->seg_len[from] - head_bytes(sh->node_size);
    bcr_idx at = s->offset;
    if (at < 0 || bytes < 0 || (size_t)at > room || (size_t)bytes > room - (size_t)at)
        bcr_give_up("process %d of the call's communicator names a part of %lld bytes at %lld "
                    "bytes into its %zu-byte shared segment: not a segment of bcredist's",
                    rank, (long long)bytes, (long long)at, room);
    return sh->seg[from] + head_bytes(sh->node_size) + at;
}

int bcr_shm_ready(bcr_shm *sh, int rank)
{
    int from = sh->node_of[rank];
    slot *s = slot_of(sh->seg[from], sh->node_rank);
    return bcr_counter_reached(atomic_load_explicit(&s->posted.value, memory_order_acquire),
                               sh->taken[from] + 1);
}

void bcr_shm_release(bcr_shm *sh, int rank)
{
    bcr_counter_bump(reads_of(sh->seg[sh->node_of[rank]]));
}

void bcr_shm_used(bcr_shm *sh, size_t bytes)
{
    if (sh && bytes > sh->touched)
        bcr_shm_account(sh, bytes);
}

size_t bcr_shm_share(const bcr_shm *sh) { return sh ? bcr_shm_share_of(sh) : 0; }

size_t bcr_shm_trim(bcr_shm *sh, size_t share)
{
    if (!sh || !sh->len || bcr_shm_share_of(sh) <= share)
        return bcr_shm_share(sh);
    /* This process's part of the node's allowance, its peers' pages as
     * they are. */
    size_t allowed = share * (size_t)sh->node_size, peers = bcr_shm_node_resident(sh) - sh->touched;
    size_t keep = allowed > peers ? allowed - peers : 0;
    if (sh->touched <= keep)
        return bcr_shm_share_of(sh);
    /* Its readers may still be unpacking what this call published: the
     * pages go only once they are done, which they are about to be (they
     * are in this call too). */
    bcr_shm_begin_writes(sh);
    size_t head = head_bytes(sh->node_size), page = page_bytes();
    size_t from = (head + keep) / page * page; /* whole pages within `keep` */
    if (from < round_up(head, page))
        from = round_up(head, page); /* the counters' page stays */
    size_t to = round_up(head + sh->touched, page);
    if (to > sh->len)
        to = sh->len;
    /* On a shared file mapping, MADV_REMOVE frees the pages themselves, in
     * every process's mapping at once; the mappings stay, and a page
     * written again later comes back as a fresh zero page. */
    if (to > from && madvise(sh->seg[sh->node_rank] + from, to - from, MADV_REMOVE) != 0)
        return bcr_shm_share_of(sh);
    if (sh->backed > from)
        sh->backed = from; /* reserved again before they are written */
    bcr_shm_account(sh, from - head);
    return bcr_shm_share_of(sh);
}
