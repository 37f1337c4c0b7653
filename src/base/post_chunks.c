#include "base/post_chunks.h"

#include "base/failsafe.h"
#include "bcredist.h"

bcr_idx bcr_chunk_bytes(void) { return bcr_fault("small_chunks") ? BCR_SMALL_CHUNK : BCR_CHUNK; }

bcr_idx bcr_chunks_in(bcr_idx bytes, bcr_idx chunk) { return (bytes + chunk - 1) / chunk; }

int bcr_chunk_length(bcr_idx bytes, bcr_idx chunk, bcr_idx at)
{
    return (int)(bytes - at < chunk ? bytes - at : chunk);
}

bcr_idx bcr_chunks_of(bcr_idx bytes) { return bcr_chunks_in(bytes, bcr_chunk_bytes()); }

int bcr_post_chunks(int sending, char *base, bcr_idx bytes, int peer, int tag, MPI_Comm comm,
                    MPI_Request *req, int *owner, int who, bcr_idx *n)
{
    bcr_idx chunk = bcr_chunk_bytes(); /* once: one message, one cut */
    for (bcr_idx at = 0; at < bytes; at += chunk) {
        int len = bcr_chunk_length(bytes, chunk, at);
        int rc = sending ? MPI_Isend(base + at, len, MPI_BYTE, peer, tag, comm, &req[*n])
                         : MPI_Irecv(base + at, len, MPI_BYTE, peer, tag, comm, &req[*n]);
        if (rc != MPI_SUCCESS)
            return BCR_ERR_MPI;
        if (owner)
            owner[*n] = who;
        (*n)++;
    }
    return BCR_SUCCESS;
}
