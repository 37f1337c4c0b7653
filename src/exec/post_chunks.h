/* One message of any size through MPI: chunks of at most BCR_CHUNK bytes
 * with one tag, which MPI keeps in order; both ends know its size and cut
 * it alike. */
#ifndef BCR_EXEC_POST_CHUNKS_H
#define BCR_EXEC_POST_CHUNKS_H

#include <mpi.h>

#include "base/index.h"

#define BCR_CHUNK ((bcr_idx)1 << 30)
/* bcredist's messages; message combining's other kinds take the next
 * tags (exec/run_combine.c). */
#define BCR_TAG 7351

bcr_idx bcr_chunks_of(bcr_idx bytes);

/* Post the chunks of a message of `bytes` at base to or from peer: the
 * requests go to req[*n], req[*n + 1], ..., each with owner[] = who, so
 * that completions can be attributed; *n is advanced.  req and owner must
 * have room for bcr_chunks_of(bytes) more.  BCR_SUCCESS or BCR_ERR_MPI. */
int bcr_post_chunks(int sending, char *base, bcr_idx bytes, int peer, int tag, MPI_Comm comm,
                    MPI_Request *req, int *owner, int who, bcr_idx *n);

#endif
