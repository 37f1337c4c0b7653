/* One message of any size through MPI: chunks of at most
 * bcr_chunk_bytes() bytes with one tag, which MPI keeps in order; both
 * ends know its size and cut it alike.  No count or offset is ever an int
 * but a chunk's length, which is at most BCR_CHUNK. */
#ifndef BCR_BASE_POST_CHUNKS_H
#define BCR_BASE_POST_CHUNKS_H

#include <mpi.h>

#include "base/index.h"

#define BCR_CHUNK ((bcr_idx)1 << 30)
/* The chunk size under the test switch BCR_FAIL=small_chunks@all
 * (base/failsafe.h): about 1 KiB, so that the small matrices of ordinary
 * tests make messages of several chunks; and no multiple of an element's
 * size, so that chunks cut elements too. */
#define BCR_SMALL_CHUNK ((bcr_idx)1021)
/* bcredist's messages; message combining's other kinds take the next
 * tags (exec/run_combine.c). */
#define BCR_TAG 7351

/* The size of every chunk of a message but its last: BCR_CHUNK, or
 * BCR_SMALL_CHUNK under the test switch small_chunks.  That switch is set
 * alike on every process for a whole run (it comes from the environment),
 * so sender and receiver, and a plan's reservations and its runs, cut
 * alike. */
bcr_idx bcr_chunk_bytes(void);

/* Chunks of a message of `bytes` cut at `chunk` bytes, and the length of
 * the one that starts at offset `at` (a multiple of chunk below bytes). */
bcr_idx bcr_chunks_in(bcr_idx bytes, bcr_idx chunk);
int bcr_chunk_length(bcr_idx bytes, bcr_idx chunk, bcr_idx at);

/* bcr_chunks_in(bytes, bcr_chunk_bytes()). */
bcr_idx bcr_chunks_of(bcr_idx bytes);

/* Post the chunks of a message of `bytes` at base to or from peer: the
 * requests go to req[*n], req[*n + 1], ..., each with owner[] = who (when
 * owner is not NULL), so that completions can be attributed; *n is
 * advanced.  req (and owner) must have room for bcr_chunks_of(bytes)
 * more.  BCR_SUCCESS or BCR_ERR_MPI. */
int bcr_post_chunks(int sending, char *base, bcr_idx bytes, int peer, int tag, MPI_Comm comm,
                    MPI_Request *req, int *owner, int who, bcr_idx *n);

#endif
