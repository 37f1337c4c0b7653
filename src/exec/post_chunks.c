#include "exec/post_chunks.h"

#include "bcredist.h"

bcr_idx bcr_chunks_of(bcr_idx bytes) { return (bytes + BCR_CHUNK - 1) / BCR_CHUNK; }

int bcr_post_chunks(int sending, char *base, bcr_idx bytes, int peer, int tag, MPI_Comm comm,
                    MPI_Request *req, int *owner, int who, bcr_idx *n)
{
    for (bcr_idx off = 0; off < bytes; off += BCR_CHUNK) {
        int len = (int)(bytes - off < BCR_CHUNK ? bytes - off : BCR_CHUNK);
        int rc = sending ? MPI_Isend(base + off, len, MPI_BYTE, peer, tag, comm, &req[*n])
                         : MPI_Irecv(base + off, len, MPI_BYTE, peer, tag, comm, &req[*n]);
        if (rc != MPI_SUCCESS)
            return BCR_ERR_MPI;
        owner[(*n)++] = who;
    }
    return BCR_SUCCESS;
}
