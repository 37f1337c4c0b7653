/* The executor: post every receive, pack and send in rotated partner order,
 * copy the part that stays local while messages fly, unpack each message
 * as it arrives. */
#ifndef BCR_EXEC_H
#define BCR_EXEC_H

#include <mpi.h>

#include "plan.h"

typedef struct {
    const char *a;
    bcr_idx lda;
    char *b;
    bcr_idx ldb;
    size_t elsize;
} bcr_arrays;

int bcr_exec(const bcr_plan *pl, const bcr_arrays *ar, MPI_Comm comm);

/* Release the pooled buffers. */
void bcr_exec_finalize(void);

#endif
