/* Parked segments (exec/shm_state.h).
 *
 * A code that makes a BLACS context per call (a subroutine that sets up a
 * grid, redistributes and frees it) would otherwise make and fault in new
 * segments every time, or send every first call through MPI.  Freeing a
 * communicator parks its segments instead, locally; the next communicator
 * whose processes on this node are the same ones takes them at its first
 * call, once every process of the node has said it holds the same parked
 * segments (a process that has not yet freed the old context has none, and
 * then nobody takes them).  The counters in the heads go on from where
 * they were: every part published on the old communicator was read, since
 * a call returns only after its readers agreed to go on.
 *
 * At most BCR_SHM_PARKED states are parked; an older one is unmapped for a
 * newer.  Parked pages count in what bcredist keeps (bcr_shm_bytes). */
#include <pthread.h>
#include <stdlib.h>

#include "exec/shm_park.h"

#define BCR_SHM_PARKED 2

static bcr_shm *parked[BCR_SHM_PARKED]; /* the newest first */
static pthread_mutex_t park_lock = PTHREAD_MUTEX_INITIALIZER;

int bcr_shm_park(bcr_shm *sh)
{
    if (!sh->len || sh->node_size < 2 || !sh->members)
        return 0;
    pthread_mutex_lock(&park_lock);
    bcr_shm *oldest = parked[BCR_SHM_PARKED - 1];
    for (int i = BCR_SHM_PARKED - 1; i > 0; i--)
        parked[i] = parked[i - 1];
    parked[0] = sh;
    pthread_mutex_unlock(&park_lock);
    if (oldest)
        bcr_shm_destroy(oldest);
    return 1;
}

int bcr_shm_any_parked(void)
{
    pthread_mutex_lock(&park_lock);
    int any = parked[0] != NULL;
    pthread_mutex_unlock(&park_lock);
    return any;
}

/* Whether p's node is the same set of processes as sh's. */
static int same_members(const bcr_shm *p, const bcr_shm *sh)
{
    if (p->node_size != sh->node_size || !p->members || !sh->members)
        return 0;
    for (int i = 0; i < sh->node_size; i++) {
        int found = 0;
        for (int j = 0; j < p->node_size && !found; j++)
            found = p->members[j] == sh->members[i];
        if (!found)
            return 0;
    }
    return 1;
}

/* With park_lock held: takes entry i out of the list, the later ones
 * moving up. */
static bcr_shm *unpark(int i)
{
    bcr_shm *p = parked[i];
    for (int j = i; j + 1 < BCR_SHM_PARKED; j++)
        parked[j] = parked[j + 1];
    parked[BCR_SHM_PARKED - 1] = NULL;
    return p;
}

/* Takes out of the list the newest parked state over sh's processes. */
static bcr_shm *claim(const bcr_shm *sh)
{
    bcr_shm *p = NULL;
    pthread_mutex_lock(&park_lock);
    for (int i = 0; i < BCR_SHM_PARKED && !p; i++)
        if (parked[i] && same_members(parked[i], sh))
            p = unpark(i);
    pthread_mutex_unlock(&park_lock);
    return p;
}

/* sh takes p's segments, p's node communicator and its numbering of the
 * node's processes (the heads' slots follow it); only which rank of comm
 * is which process of the node is sh's own. */
static int take(bcr_shm *sh, bcr_shm *p, MPI_Comm comm)
{
    int size;
    MPI_Comm_size(comm, &size);
    int *world = bcr_shm_world_ranks(comm, size);
    if (!world)
        return 0;
    for (int r = 0; r < size; r++) { /* r's index in p's numbering */
        int j = 0;
        while (j < p->node_size && p->members[j] != world[r])
            j++;
        sh->node_of[r] = j < p->node_size ? j : -1;
    }
    free(world);
    bcr_shm_unlist_live(p);
    MPI_Comm_free(&sh->node);
    free(sh->members);
    free(sh->seg);
    free(sh->seg_len);
    free(sh->taken);
    sh->node = p->node;
    sh->members = p->members;
    sh->seg = p->seg;
    sh->seg_len = p->seg_len;
    sh->taken = p->taken;
    sh->node_rank = p->node_rank;
    sh->cap = p->cap;
    sh->len = p->len;
    sh->touched = p->touched;
    sh->mine = p->mine;
    sh->fd = p->fd;
    sh->backed = p->backed;
    sh->published = p->published;
    sh->ident = p->ident;
    sh->refused = 0;
    bcr_shm_list_live(sh);
    free(p->node_of);
    free(p);
    return 1;
}

int bcr_shm_adopt(bcr_shm *sh, MPI_Comm comm)
{
    bcr_shm *p = claim(sh);
    /* (ident, ~ident) under MPI_MAX: the largest ident and the complement
     * of the smallest, equal and nonzero only if every process of the node
     * claimed the same segments. */
    unsigned long long id = p ? p->ident : 0, v[2] = {id, ~id};
    bcr_shm_reduce(v, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, sh->node,
                   "the node's processes to say which segments they have parked");
    int same = v[0] != 0 && v[0] == ~v[1];
    /* A process whose numbering of comm failed cannot take them either. */
    int ok = same && take(sh, p, comm), all;
    if (!same) {
        if (p && !bcr_shm_park(p))
            bcr_shm_destroy(p);
        return 0;
    }
    all = ok;
    bcr_shm_reduce(&all, 1, MPI_INT, MPI_MIN, sh->node,
                   "the node's processes to take their parked segments");
    if (!all && ok)
        bcr_shm_drop(sh); /* another could not: these go too */
    else if (!ok)
        bcr_shm_destroy(p);
    return all;
}

void bcr_shm_unpark_all(void)
{
    for (;;) {
        pthread_mutex_lock(&park_lock);
        bcr_shm *p = unpark(0);
        pthread_mutex_unlock(&park_lock);
        if (!p)
            return;
        bcr_shm_destroy(p);
    }
}
