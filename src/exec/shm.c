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

#include "bcredist.h"
#include "exec/shm_park.h"
#include "exec/shm_state.h"

static int keyval = MPI_KEYVAL_INVALID;
static pthread_mutex_t keyval_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_long segment_serial; /* names this process's segments apart */
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
    bcr_shm *sh = calloc(1, sizeof *sh);
    if (!sh)
        return NULL;
    sh->node = MPI_COMM_NULL;
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
 * Collective over *node; returns nonzero if MPI failed. */
static int split_emulated_nodes(MPI_Comm *node, int rank)
{
    const char *v = getenv("BCR_NODE_SIZE");
    long size = v ? strtol(v, NULL, 10) : 0;
    if (size <= 0 || *node == MPI_COMM_NULL)
        return 0;
    int world;
    MPI_Comm_rank(MPI_COMM_WORLD, &world);
    MPI_Comm group;
    if (MPI_Comm_split(*node, (int)(world / size), rank, &group))
        return 1;
    MPI_Comm_free(node);
    *node = group;
    return 0;
}

/* Collective over comm: who of comm shares this node.  Returns whether
 * every process of comm succeeded (all get the same answer). */
static int learn_node(bcr_shm *sh, MPI_Comm comm)
{
    int size, rank;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    int ok = 1;
    MPI_Comm node = MPI_COMM_NULL;
    if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node))
        ok = 0;
    if (ok && split_emulated_nodes(&node, rank))
        ok = 0;
    int nsize = 1;
    if (node != MPI_COMM_NULL)
        MPI_Comm_size(node, &nsize);
    int *members = malloc((size_t)nsize * sizeof *members);
    sh->node = node;
    sh->node_size = nsize;
    sh->node_of = malloc((size_t)size * sizeof *sh->node_of);
    sh->seg = calloc((size_t)nsize, sizeof *sh->seg);
    sh->seg_len = calloc((size_t)nsize, sizeof *sh->seg_len);
    sh->taken = calloc((size_t)nsize, sizeof *sh->taken);
    if (node != MPI_COMM_NULL)
        MPI_Comm_rank(node, &sh->node_rank);
    ok = ok && members && sh->node_of && sh->seg && sh->seg_len && sh->taken;
    if (node != MPI_COMM_NULL &&
        MPI_Allgather(&rank, 1, MPI_INT, members ? members : &rank, members ? 1 : 0, MPI_INT,
                      node))
        ok = 0;
    if (ok) {
        for (int r = 0; r < size; r++)
            sh->node_of[r] = -1;
        for (int i = 0; i < nsize; i++)
            sh->node_of[members[i]] = i;
    }
    free(members);
    sh->members = ok ? bcr_shm_world_ranks(node, nsize) : NULL;
    int all_ok;
    if (MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm))
        all_ok = 0;
    if (!all_ok)
        bcr_shm_forget_node(sh);
    return all_ok;
}

long long bcr_shm_request(MPI_Comm comm, bcr_idx bytes, int off, int first_too)
{
    if (off)
        return -1;
    bcr_shm *sh = find(comm);
    if (!sh) {
        /* The first call on comm: through MPI (attach says why) unless
         * first_too; every process of comm is making its first call too. */
        if (!attach(comm))
            return -1;
        /* Where communicators have been freed before, this one may be
         * freed after this call too: segments are made now (reserve), to
         * be parked with it and taken by the next.  Whoever has parked
         * ones says so even with nothing to send: all learn whether the
         * node can take them.  Else the second call makes them. */
        return (bytes > 0 && (first_too || atomic_load(&freed) > 0)) || bcr_shm_any_parked();
    }
    sh->first = 0; /* a later call: its segments go into use at once */
    if (sh->node != MPI_COMM_NULL && (sh->node_size < 2 || bytes <= sh->cap))
        return 0;
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
    return sh->unused || could_make;
}

/* Where segments live: BCR_SHM_DIR, else /dev/shm (a tmpfs, so pages that
 * are never written take no memory). */
static const char *segment_dir(void)
{
    const char *d = getenv("BCR_SHM_DIR");
    return d && *d ? d : "/dev/shm";
}

/* Bytes free in the segments' directory, or -1 when unknown.  A
 * container's /dev/shm is often 64 MiB. */
static long long backing_space(void)
{
    struct statvfs fs;
    if (statvfs(segment_dir(), &fs))
        return -1;
    return (long long)fs.f_bavail * (long long)fs.f_frsize;
}

/* Collective over the node: whether segments of `total` bytes for each of
 * its processes fit in half the space its store has free, the rest left
 * to MPI and to everyone else on the node.  A process writing a page its
 * store has no room for dies of SIGBUS.  Every process of the node gets
 * the same answer. */
static int node_has_room(const bcr_shm *sh, size_t total)
{
    long long space = backing_space();
    long long v[2] = {(long long)total, space < 0 ? -LLONG_MAX : -space};
    if (MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_LONG_LONG, MPI_MAX, sh->node))
        return 0;
    if (v[1] == -LLONG_MAX)
        return 1; /* nobody could tell */
    return 2.0 * sh->node_size * (double)v[0] <= (double)-v[1];
}

/* A segment's file name: this process's id and a serial, so no two
 * segments on the node ever share one. */
static void segment_name(char *out, size_t n, long long pid, long long serial)
{
    snprintf(out, n, "%s/bcredist-%lld-%lld", segment_dir(), pid, serial);
}

/* Maps the file `name` of `len` bytes, made anew when `create`.  NULL on
 * failure. */
static char *map_file(const char *name, size_t len, int create)
{
    int fd = open(name, create ? O_RDWR | O_CREAT | O_EXCL : O_RDWR, 0600);
    if (fd < 0)
        return NULL;
    void *p = MAP_FAILED;
    if (!create || ftruncate(fd, (off_t)len) == 0)
        p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    return p == MAP_FAILED ? NULL : p;
}

/* Collective over the node, inside a call: new segments, this process's
 * holding `bytes` past its head, or none (BCR_ERR_NOMEM) when the store
 * has no room or any process failed.  Each process makes a file of its
 * own, its peers map it, and once every mapping exists its owner removes
 * the name: from then on only the mappings hold the pages, and each
 * process lets go of its mappings by itself.  A fresh file reads as
 * zeros, so the counters start at zero without a pass over the pages. */
static int remake_segments(bcr_shm *sh, long long bytes)
{
    bcr_shm_drop(sh);
    size_t len = segment_bytes(sh->node_size, bytes);
    if (!node_has_room(sh, len)) {
        sh->refused = (bcr_idx)bytes;
        return BCR_ERR_NOMEM;
    }
    sh->refused = 0;
    char name[PATH_MAX];
    long long me[3] = {(long long)getpid(), atomic_fetch_add(&segment_serial, 1),
                       (long long)len};
    segment_name(name, sizeof name, me[0], me[1]);
    char *own = map_file(name, len, 1);
    long long *ids = malloc((size_t)sh->node_size * 3 * sizeof *ids);
    int ok = own && ids;
    if (!own)
        me[0] = -1; /* nothing for the peers to open */
    if (MPI_Allgather(me, 3, MPI_LONG_LONG, ids ? ids : me, ids ? 3 : 0, MPI_LONG_LONG,
                      sh->node))
        ok = 0;
    sh->ident = 0;
    for (int i = 0; ok && i < sh->node_size; i++) {
        /* Any number the node's processes all compute alike, different for
         * other segments: a hash of every (pid, serial). */
        sh->ident = (sh->ident ^ (unsigned long long)ids[3 * i]) * 0x100000001b3ULL;
        sh->ident = (sh->ident ^ (unsigned long long)ids[3 * i + 1]) * 0x100000001b3ULL;
        sh->seg_len[i] = (size_t)ids[3 * i + 2];
        if (i == sh->node_rank) {
            sh->seg[i] = own;
            continue;
        }
        char peer[PATH_MAX];
        segment_name(peer, sizeof peer, ids[3 * i], ids[3 * i + 1]);
        ok = ids[3 * i] >= 0 && (sh->seg[i] = map_file(peer, sh->seg_len[i], 0)) != NULL;
    }
    free(ids);
    if (own && !sh->seg[sh->node_rank])
        munmap(own, len); /* failed before it was listed */
    sh->len = len;
    int all_ok;
    if (MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, sh->node))
        all_ok = 0;
    if (own)
        unlink(name); /* every peer has it mapped, or gives up */
    if (!all_ok) {
        bcr_shm_drop(sh);
        return BCR_ERR_NOMEM;
    }
    sh->cap = bytes;
    sh->mine = own + head_bytes(sh->node_size);
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
            /* Parked segments, which the whole node has: grown if any
             * process sends more now. */
            int grow = bytes > sh->cap;
            if (MPI_Allreduce(MPI_IN_PLACE, &grow, 1, MPI_INT, MPI_MAX, sh->node) ||
                (grow && remake_segments(sh, bytes > sh->cap ? bytes : sh->cap)))
                return NULL;
            return sh;
        }
        if (sh->node_size > 1 && remake_segments(sh, bytes > sh->cap ? bytes : sh->cap))
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
    s->offset = offset;
    sh->published++;
    bcr_counter_bump(&s->posted);
}

const char *bcr_shm_await(bcr_shm *sh, int rank)
{
    int from = sh->node_of[rank];
    slot *s = slot_of(sh->seg[from], sh->node_rank);
    bcr_counter_wait(&s->posted, ++sh->taken[from]);
    return sh->seg[from] + head_bytes(sh->node_size) + s->offset;
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
    bcr_shm_account(sh, from - head);
    return bcr_shm_share_of(sh);
}
