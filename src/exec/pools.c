#include "exec/pools.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "base/failsafe.h"
#include "bcredist.h"
#include "exec/shm.h"

/* Buffers grow to the largest call seen and are reused: allocating them per
 * call costs more than the copy itself for mid-size matrices.
 *
 * Each thread has its own buffers, so calls running at once on different
 * threads (on different contexts or plans) never share one.  Every thread
 * that has buffers is listed, so that bcr_finalize and bcr_pool_bytes reach
 * them all; a thread's buffers are freed when it exits.  The list and the
 * sizes change only under pools_lock; a thread reads its own sizes without
 * it, since only it or bcr_finalize (never during a call) change them. */
typedef struct {
    void *p;
    size_t size;
    int mapped; /* p came from mmap */
} pool;

/* Buffers this large are mapped, not allocated: given back, their pages
 * leave the process at once, where the allocator may keep a freed chunk
 * below its (growing) mapping threshold resident. */
#define BCR_POOL_MAP_MIN ((size_t)1 << 20)

static void pool_free(pool *pl)
{
    if (pl->mapped)
        munmap(pl->p, pl->size);
    else
        free(pl->p);
    *pl = (pool){NULL, 0, 0};
}

static void pool_alloc(pool *pl, size_t bytes)
{
    pl->mapped = bytes >= BCR_POOL_MAP_MIN;
    if (bcr_fault("buffers")) { /* tests: as an allocation that fails */
        pl->p = NULL;
    } else if (pl->mapped) {
        void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        pl->p = p == MAP_FAILED ? NULL : p;
    } else {
        pl->p = malloc(bytes);
    }
    pl->size = pl->p ? bytes : 0;
    if (!pl->p)
        pl->mapped = 0;
}

static _Thread_local pool pools[BCR_POOLS];

typedef struct pool_owner {
    pool *set; /* this thread's pools */
    struct pool_owner *prev, *next;
    int listed;
} pool_owner;

static _Thread_local pool_owner my_pools;
static pool_owner *all_pools;
static pthread_mutex_t pools_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t exit_key;
static int exit_key_ok;

static void free_set(pool_owner *o)
{
    for (int i = 0; i < BCR_POOLS; i++)
        pool_free(&o->set[i]);
}

/* Runs in an exiting thread that has buffers. */
static void thread_exit(void *arg)
{
    pool_owner *o = arg;
    pthread_mutex_lock(&pools_lock);
    free_set(o);
    if (o->prev)
        o->prev->next = o->next;
    else
        all_pools = o->next;
    if (o->next)
        o->next->prev = o->prev;
    o->listed = 0;
    pthread_mutex_unlock(&pools_lock);
}

static void make_exit_key(void) { exit_key_ok = !pthread_key_create(&exit_key, thread_exit); }

/* Called with pools_lock held.  Without the exit hook a listed thread
 * would leave a dangling entry when it ends, so then it stays unlisted
 * (its buffers are not freed by bcr_finalize; only if pthread_key_create
 * failed). */
static void list_my_pools(void)
{
    pool_owner *o = &my_pools;
    if (!exit_key_ok || pthread_setspecific(exit_key, o))
        return;
    *o = (pool_owner){pools, NULL, all_pools, 1};
    if (all_pools)
        all_pools->prev = o;
    all_pools = o;
}

/* Sets of their own (bcr_pool_set_new) are not listed: their owners free
 * them.  Their bytes are counted here for bcr_pool_bytes. */
struct bcr_pool_set {
    pool p[BCR_POOLS];
};

static _Thread_local bcr_pool_set *serving;
static atomic_size_t set_bytes;

bcr_pool_set *bcr_pool_set_new(void) { return calloc(1, sizeof(bcr_pool_set)); }

void bcr_pool_set_free(bcr_pool_set *s)
{
    if (!s)
        return;
    for (int i = 0; i < BCR_POOLS; i++) {
        atomic_fetch_sub(&set_bytes, s->p[i].size);
        pool_free(&s->p[i]);
    }
    free(s);
}

bcr_pool_set *bcr_pools_use(bcr_pool_set *s)
{
    bcr_pool_set *before = serving;
    serving = s;
    return before;
}

static void *set_get(bcr_pool_set *s, int which, size_t bytes)
{
    pool *pl = &s->p[which];
    if (bytes <= pl->size)
        return pl->p;
    atomic_fetch_sub(&set_bytes, pl->size);
    pool_free(pl);
    pool_alloc(pl, bytes);
    atomic_fetch_add(&set_bytes, pl->size);
    return pl->p;
}

void *bcr_pool_get(int which, size_t bytes)
{
    if (serving)
        return set_get(serving, which, bytes);
    pool *pl = &pools[which];
    if (bytes <= pl->size)
        return pl->p;
    pthread_once(&exit_key_once, make_exit_key);
    pthread_mutex_lock(&pools_lock);
    if (!my_pools.listed)
        list_my_pools();
    pool_free(pl);
    pool_alloc(pl, bytes);
    pthread_mutex_unlock(&pools_lock);
    return pl->p;
}

size_t bcr_pool_bytes(void)
{
    size_t total = 0;
    pthread_mutex_lock(&pools_lock);
    for (pool_owner *o = all_pools; o; o = o->next)
        for (int i = 0; i < BCR_POOLS; i++)
            total += o->set[i].size;
    pthread_mutex_unlock(&pools_lock);
    /* Shared segments and plans' own sets are extra memory too. */
    return total + atomic_load(&set_bytes) + bcr_shm_bytes();
}

size_t bcr_pool_own_bytes(void)
{
    return bcr_pool_bytes() - bcr_shm_bytes() + bcr_shm_own_bytes();
}

/* Every thread's buffers; the threads stay listed (their list entries are
 * thread-local, not heap) and grow buffers again on their next call. */
void bcr_pools_release(void)
{
    pthread_mutex_lock(&pools_lock);
    for (pool_owner *o = all_pools; o; o = o->next)
        free_set(o);
    pthread_mutex_unlock(&pools_lock);
}

size_t bcr_pools_mine(void)
{
    size_t total = 0;
    for (int i = 0; i < BCR_POOLS; i++)
        total += pools[i].size;
    return total;
}

void bcr_pools_trim(size_t limit)
{
    pthread_mutex_lock(&pools_lock);
    for (;;) {
        size_t total = 0;
        int largest = 0;
        for (int i = 0; i < BCR_POOLS; i++) {
            total += pools[i].size;
            if (pools[i].size > pools[largest].size)
                largest = i;
        }
        if (total <= limit)
            break;
        pool_free(&pools[largest]);
    }
    pthread_mutex_unlock(&pools_lock);
}
