/* Running an element plan (plan/elements.h): every partner's elements
 * packed run by run into a buffer, sent, received and unpacked; what
 * stays here copied straight from A to B. */
#ifndef BCR_EXEC_RUN_ELEMENTS_H
#define BCR_EXEC_RUN_ELEMENTS_H

#include <mpi.h>
#include <stddef.h>

#include "plan/elements.h"

/* Bytes of buffers (send and receive) and requests a run of pl needs,
 * reserved with the plan so that a run cannot fail for memory: each
 * partner's elements are one message, in chunks (base/post_chunks.h),
 * one request a chunk. */
size_t bcr_eplan_buffer_bytes(const bcr_eplan *pl, size_t es);
bcr_idx bcr_eplan_requests(const bcr_eplan *pl, size_t es);

/* Collective over comm (the plan's own), blocking, with buf and req as
 * large as above; waits for partners no longer than BCR_TIMEOUT
 * (base/failsafe.h).  Returns BCR_SUCCESS or BCR_ERR_MPI. */
int bcr_eplan_run(const bcr_eplan *pl, const char *a, char *b, size_t es, MPI_Comm comm,
                  char *buf, MPI_Request *req);

#endif
