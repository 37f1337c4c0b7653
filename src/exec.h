/* The executor: post every receive, pack and send in rotated partner order,
 * copy the part that stays local while messages fly, unpack each message
 * as it arrives. */
#ifndef BCR_EXEC_H
#define BCR_EXEC_H

#include <mpi.h>

#include "plan.h"
#include "shm.h"

typedef struct {
    const char *a;
    bcr_idx lda;
    char *b;
    bcr_idx ldb;
    size_t elsize;
} bcr_arrays;

/* Grow the pooled buffers to what the plan needs; call it, and agree on its
 * result, before bcr_exec, which then allocates nothing. */
int bcr_exec_reserve(const bcr_plan *pl, size_t elsize);
/* sh: the shared-memory transport agreed for this call, or NULL. */
int bcr_exec(const bcr_plan *pl, const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh);

/* A pooled buffer for a schedule's intermediate; valid until the next call. */
void *bcr_exec_scratch(size_t bytes);

/* Release the pooled buffers. */
void bcr_exec_finalize(void);

#endif
