#include "exec/shm_state.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/failsafe.h"

/* Every bcr_shm that has segments, for bcr_shm_bytes. */
static bcr_shm *live;
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;

void bcr_shm_list_live(bcr_shm *sh)
{
    pthread_mutex_lock(&live_lock);
    sh->prev = NULL;
    sh->next = live;
    if (live)
        live->prev = sh;
    live = sh;
    pthread_mutex_unlock(&live_lock);
}

void bcr_shm_unlist_live(bcr_shm *sh)
{
    pthread_mutex_lock(&live_lock);
    if (sh->prev)
        sh->prev->next = sh->next;
    else if (live == sh)
        live = sh->next;
    if (sh->next)
        sh->next->prev = sh->prev;
    sh->prev = sh->next = NULL;
    pthread_mutex_unlock(&live_lock);
}

void bcr_shm_account(bcr_shm *sh, size_t touched)
{
    sh->touched = touched;
    if (sh->seg && sh->seg[sh->node_rank])
        atomic_store(resident_of(sh->seg[sh->node_rank]), touched);
}

size_t bcr_shm_node_resident(const bcr_shm *sh)
{
    size_t total = 0;
    for (int i = 0; sh->seg && i < sh->node_size; i++)
        if (sh->seg[i])
            total += atomic_load(resident_of(sh->seg[i]));
    return total;
}

size_t bcr_shm_share_of(const bcr_shm *sh)
{
    return sh->len && sh->node_size ? bcr_shm_node_resident(sh) / (size_t)sh->node_size : 0;
}

void bcr_shm_drop(bcr_shm *sh)
{
    if (sh->len)
        bcr_shm_unlist_live(sh);
    bcr_shm_account(sh, 0);
    if (sh->seg)
        for (int i = 0; i < sh->node_size; i++) {
            if (sh->seg[i])
                munmap(sh->seg[i], sh->seg_len[i]);
            sh->seg[i] = NULL;
        }
    if (sh->fd >= 0)
        close(sh->fd);
    sh->fd = -1;
    sh->backed = 0;
    sh->len = 0;
    sh->cap = 0;
    sh->mine = NULL;
}

void bcr_shm_forget_node(bcr_shm *sh)
{
    if (sh->node != MPI_COMM_NULL)
        MPI_Comm_free(&sh->node);
    free(sh->node_of);
    free(sh->members);
    free(sh->seg);
    free(sh->seg_len);
    free(sh->taken);
    sh->node_of = sh->members = NULL;
    sh->seg = NULL;
    sh->seg_len = NULL;
    sh->taken = NULL;
    sh->node_size = 0;
}

void bcr_shm_destroy(bcr_shm *sh)
{
    bcr_shm_drop(sh);
    bcr_shm_forget_node(sh);
    free(sh);
}

size_t bcr_shm_bytes(void)
{
    size_t total = 0;
    pthread_mutex_lock(&live_lock);
    for (const bcr_shm *sh = live; sh; sh = sh->next)
        total += bcr_shm_share_of(sh);
    pthread_mutex_unlock(&live_lock);
    return total;
}

size_t bcr_shm_own_bytes(void)
{
    size_t total = 0;
    pthread_mutex_lock(&live_lock);
    for (const bcr_shm *sh = live; sh; sh = sh->next)
        if (sh->len && sh->node_size)
            total += sh->touched / (size_t)sh->node_size;
    pthread_mutex_unlock(&live_lock);
    return total;
}

void bcr_shm_reduce(void *v, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm, const char *what)
{
    MPI_Request req;
    if (MPI_Iallreduce(MPI_IN_PLACE, v, n, t, op, comm, &req) || bcr_wait_bounded(&req, what))
        bcr_give_up("an MPI call failed while waiting for %s", what);
}

int *bcr_shm_world_ranks(MPI_Comm comm, int n)
{
    int *in = malloc((size_t)n * sizeof *in), *out = malloc((size_t)n * sizeof *out);
    MPI_Group g = MPI_GROUP_NULL, w = MPI_GROUP_NULL;
    int ok = in && out && comm != MPI_COMM_NULL && !MPI_Comm_group(comm, &g) &&
             !MPI_Comm_group(MPI_COMM_WORLD, &w);
    for (int i = 0; ok && i < n; i++)
        in[i] = i;
    ok = ok && !MPI_Group_translate_ranks(g, n, in, w, out);
    for (int i = 0; ok && i < n; i++)
        ok = out[i] != MPI_UNDEFINED;
    if (g != MPI_GROUP_NULL)
        MPI_Group_free(&g);
    if (w != MPI_GROUP_NULL)
        MPI_Group_free(&w);
    free(in);
    if (!ok) {
        free(out);
        out = NULL;
    }
    return out;
}
