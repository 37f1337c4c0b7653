#include "exec/shm.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "bcredist.h"
#include "exec/counter_wait.h"

/* The head of every process's segment, before what it sends: what its
 * readers and it tell each other.  `reads` is bumped by readers, a slot
 * by the owner only; separate cache lines keep them from bouncing. */
#define BCR_SHM_LINE 128

typedef struct {
    bcr_counter posted; /* parts ever published for this reader */
    bcr_idx offset;     /* bytes past the head where the last one starts */
} slot;

static size_t head_bytes(int node_size)
{
    size_t b = BCR_SHM_LINE + (size_t)node_size * sizeof(slot);
    return (b + BCR_SHM_LINE - 1) / BCR_SHM_LINE * BCR_SHM_LINE;
}

/* Open MPI hands out a segment 8 bytes past a cache line.  Each segment
 * gets a line more than it needs and starts, head and all, on the next
 * boundary: so the counters keep to lines of their own, and a part that
 * starts on a line (plan/exchange.c) is packed without a partial store at the start
 * of every run. */
static char *line_up(char *p)
{
    return (char *)(((uintptr_t)p + BCR_SHM_LINE - 1) & ~(uintptr_t)(BCR_SHM_LINE - 1));
}

static size_t window_bytes(int node_size, long long cap)
{
    return BCR_SHM_LINE + head_bytes(node_size) + (size_t)cap;
}

static bcr_counter *reads_of(char *head) { return (bcr_counter *)(void *)head; }
static slot *slot_of(char *head, int reader)
{
    return (slot *)(void *)(head + BCR_SHM_LINE) + reader;
}

struct bcr_shm {
    MPI_Comm node;   /* the processes of comm on this node */
    MPI_Win win;     /* MPI_WIN_NULL until something was needed */
    long long cap;   /* bytes of every segment, agreed */
    char *mine;      /* what this process sends, past its head */
    int *node_of;    /* rank in comm -> rank in node, -1 when elsewhere */
    char **seg;      /* rank in node -> its segment's head */
    uint32_t *taken; /* rank in node -> parts read from it, this window */
    uint32_t published; /* parts this process published, this window */
    bcr_idx refused;    /* bytes a window was last refused for, 0 if none */
    int node_size, node_rank;
};

static int keyval = MPI_KEYVAL_INVALID;
static pthread_mutex_t keyval_lock = PTHREAD_MUTEX_INITIALIZER;
static atomic_size_t held_bytes;

static void drop_window(bcr_shm *sh)
{
    if (sh->win == MPI_WIN_NULL)
        return;
    MPI_Win_unlock_all(sh->win);
    MPI_Win_free(&sh->win);
    atomic_fetch_sub(&held_bytes, window_bytes(sh->node_size, sh->cap));
    sh->cap = 0;
    sh->mine = NULL;
}

static void destroy(bcr_shm *sh)
{
    drop_window(sh);
    if (sh->node != MPI_COMM_NULL)
        MPI_Comm_free(&sh->node);
    free(sh->node_of);
    free(sh->seg);
    free(sh->taken);
    free(sh);
}

/* MPI runs this when comm is freed, collectively, so the window can go. */
static int delete_attr(MPI_Comm comm, int key, void *val, void *extra)
{
    (void)comm;
    (void)key;
    (void)extra;
    destroy(val);
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
    /* Windows still on live plans' communicators stay until those go:
     * MPI keeps a freed keyval for the attributes that use it. */
    pthread_mutex_lock(&keyval_lock);
    if (keyval != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&keyval);
    pthread_mutex_unlock(&keyval_lock);
}

static bcr_shm *find(MPI_Comm comm)
{
    void *val;
    int found = 0, k = the_keyval();
    if (k == MPI_KEYVAL_INVALID || MPI_Comm_get_attr(comm, k, &val, &found))
        return NULL;
    return found ? val : NULL;
}

/* Collective over comm: who of comm shares this node. */
static bcr_shm *create(MPI_Comm comm)
{
    int size, rank;
    MPI_Comm_size(comm, &size);
    MPI_Comm_rank(comm, &rank);
    bcr_shm *sh = calloc(1, sizeof *sh);
    int ok = sh != NULL;
    if (sh) {
        sh->node = MPI_COMM_NULL;
        sh->win = MPI_WIN_NULL;
    }
    /* Every process takes part in the split even when its allocation
     * failed; the allreduce below then tells all of them. */
    MPI_Comm node = MPI_COMM_NULL;
    if (MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node))
        ok = 0;
    int nsize = 1;
    if (node != MPI_COMM_NULL)
        MPI_Comm_size(node, &nsize);
    int *members = malloc((size_t)nsize * sizeof *members);
    if (sh) {
        sh->node = node;
        sh->node_size = nsize;
        sh->node_of = malloc((size_t)size * sizeof *sh->node_of);
        sh->seg = calloc((size_t)nsize, sizeof *sh->seg);
        sh->taken = calloc((size_t)nsize, sizeof *sh->taken);
        if (node != MPI_COMM_NULL)
            MPI_Comm_rank(node, &sh->node_rank);
    }
    ok = ok && members && sh->node_of && sh->seg && sh->taken;
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
    int all_ok;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_MIN, comm);
    if (!all_ok || MPI_Comm_set_attr(comm, the_keyval(), sh)) {
        if (sh)
            destroy(sh);
        else if (node != MPI_COMM_NULL)
            MPI_Comm_free(&node);
        return NULL;
    }
    return sh;
}

long long bcr_shm_request(MPI_Comm comm, bcr_idx bytes, int off)
{
    if (off)
        return -1;
    const bcr_shm *sh = find(comm);
    if (sh && (sh->node_size < 2 || bytes <= sh->cap))
        return 0;
    /* The node had no room for this much: no new attempt (a collective
     * over the node) until a call needs less. */
    if (sh && sh->refused && bytes >= sh->refused)
        return 0;
    return bytes > 0;
}

/* Bytes free where the windows' pages live, or -1 when unknown.  Open MPI
 * backs a shared window with a file in osc_sm_backing_directory, /dev/shm
 * on Linux; so does MPICH.  A container's /dev/shm is often 64 MiB. */
static long long backing_space(void)
{
    const char *dir = getenv("OMPI_MCA_osc_sm_backing_directory");
    struct statvfs fs;
    if (statvfs(dir && *dir ? dir : "/dev/shm", &fs))
        return -1;
    return (long long)fs.f_bavail * (long long)fs.f_frsize;
}

/* Collective over the node: whether segments of `total` bytes for each of
 * its processes fit in half the space its backing store has free, the
 * rest left to MPI and to everyone else on the node.  Without this a
 * window larger than the store is fatal: Open MPI's first process fails
 * to make the file while the others wait for it for ever, or the memory
 * runs out under a process touching its pages (SIGBUS).  Every process of
 * the node gets the same answer. */
static int node_has_room(const bcr_shm *sh, size_t total)
{
    long long space = backing_space();
    long long v[2] = {(long long)total, space < 0 ? -LLONG_MAX : -space};
    if (MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_LONG_LONG, MPI_MAX, sh->node))
        return 0;
    if (v[1] == -LLONG_MAX)
        return 1; /* nobody could tell */
    double page = 65536.0; /* each segment is rounded up to its own pages */
    return 2.0 * sh->node_size * ((double)v[0] + page) <= (double)-v[1];
}

/* Collective over the node: a new window with this process's segment
 * holding `bytes` past its head, or none (BCR_ERR_NOMEM) when the node's
 * backing store has no room for it. */
static int remake_window(bcr_shm *sh, long long bytes)
{
    drop_window(sh);
    size_t head = head_bytes(sh->node_size), total = window_bytes(sh->node_size, bytes);
    if (!node_has_room(sh, total)) {
        sh->refused = (bcr_idx)bytes;
        return BCR_ERR_NOMEM;
    }
    sh->refused = 0;
    /* Separate pages per process: each packs into memory near itself. */
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "alloc_shared_noncontig", "true");
    char *base;
    int rc = MPI_Win_allocate_shared((MPI_Aint)total, 1, info, sh->node, &base, &sh->win);
    MPI_Info_free(&info);
    if (rc != MPI_SUCCESS) {
        sh->win = MPI_WIN_NULL;
        return BCR_ERR_NOMEM;
    }
    sh->cap = bytes;
    sh->mine = line_up(base) + head;
    atomic_fetch_add(&held_bytes, total);
    /* Touch it now: the first use should not pay the page faults.  The
     * counters start at zero on both sides of every pair. */
    memset(base, 0, total);
    memset(sh->taken, 0, (size_t)sh->node_size * sizeof *sh->taken);
    sh->published = 0;
    MPI_Win_lock_all(MPI_MODE_NOCHECK, sh->win);
    for (int i = 0; i < sh->node_size; i++) {
        MPI_Aint len;
        int unit;
        char *at;
        MPI_Win_shared_query(sh->win, i, &len, &unit, &at);
        sh->seg[i] = line_up(at);
    }
    /* Nobody looks at a head before its owner has zeroed it. */
    MPI_Barrier(sh->node);
    return BCR_SUCCESS;
}

bcr_shm *bcr_shm_reserve(MPI_Comm comm, long long agreed, bcr_idx bytes)
{
    if (agreed < 0)
        return NULL;
    bcr_shm *sh = find(comm);
    if (agreed > 0) {
        if (!sh && !(sh = create(comm)))
            return NULL; /* create agreed on its failure */
        if (sh->node_size > 1 && remake_window(sh, bytes > sh->cap ? bytes : sh->cap))
            return NULL;
    }
    return sh && sh->win != MPI_WIN_NULL ? sh : NULL;
}

char *bcr_shm_mine(const bcr_shm *sh) { return sh->mine; }

int bcr_shm_shares(const bcr_shm *sh, int rank) { return sh->node_of[rank] >= 0; }

void bcr_shm_begin_writes(bcr_shm *sh)
{
    bcr_counter_wait(reads_of(sh->seg[sh->node_rank]), sh->published);
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

void bcr_shm_release(bcr_shm *sh, int rank)
{
    bcr_counter_bump(reads_of(sh->seg[sh->node_of[rank]]));
}

size_t bcr_shm_bytes(void) { return atomic_load(&held_bytes); }
