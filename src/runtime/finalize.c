#include "runtime/finalize.h"

#include <mpi.h>
#include <pthread.h>

#include "bcredist.h"
#include "exec/pools.h"
#include "exec/shm.h"
#include "runtime/context.h"
#include "runtime/usage_report.h"

/* An attribute on MPI_COMM_SELF: MPI_Finalize deletes those first, while
 * MPI still works, and so runs release_all. */
static int self_keyval = MPI_KEYVAL_INVALID;
static pthread_mutex_t hook_lock = PTHREAD_MUTEX_INITIALIZER;

static void release_all(void)
{
    bcr_context_finalize();
    bcr_pools_release();
    bcr_shm_finalize();
}

static int at_mpi_finalize(MPI_Comm comm, int keyval, void *val, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)val;
    (void)extra;
    pthread_mutex_lock(&hook_lock);
    self_keyval = MPI_KEYVAL_INVALID;
    pthread_mutex_unlock(&hook_lock);
    release_all();
    return MPI_SUCCESS;
}

int bcr_finalize_hook(void)
{
    int rc = BCR_SUCCESS;
    bcr_usage_report_arm();
    pthread_mutex_lock(&hook_lock);
    if (self_keyval == MPI_KEYVAL_INVALID &&
        (MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_mpi_finalize, &self_keyval, NULL) ||
         MPI_Comm_set_attr(MPI_COMM_SELF, self_keyval, NULL)))
        rc = BCR_ERR_MPI;
    pthread_mutex_unlock(&hook_lock);
    return rc;
}

void bcr_finalize(void)
{
    release_all();
    pthread_mutex_lock(&hook_lock);
    int k = self_keyval;
    self_keyval = MPI_KEYVAL_INVALID;
    pthread_mutex_unlock(&hook_lock);
    /* Outside the lock: deleting the attribute runs at_mpi_finalize, which
     * finds nothing left to release. */
    if (k != MPI_KEYVAL_INVALID) {
        MPI_Comm_delete_attr(MPI_COMM_SELF, k);
        MPI_Comm_free_keyval(&k);
    }
}
