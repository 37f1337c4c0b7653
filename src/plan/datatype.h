/* MPI datatypes that describe a message in place in a local array, so MPI
 * gathers and scatters it itself: on shared memory that is one copy fewer
 * than packing into a buffer of our own (BCR_PACK=buffer packs instead;
 * figures: docs/performance.md, "Messages through MPI"). */
#ifndef BCR_PLAN_DATATYPE_H
#define BCR_PLAN_DATATYPE_H

#include <mpi.h>

#include "base/mask.h"
#include "kernels/pieces.h"

/* Messages up to one chunk, bcr_chunk_bytes() (base/post_chunks.h),
 * travel as one datatype; larger ones are packed and sent in chunks, since
 * MPI counts and sizes are int.  So a message that one end moves as a
 * datatype is one chunk at the other end too, whichever way that end
 * takes. */

/* The message rows x cols (masked) of a local array with leading dimension
 * ld and element size es, in the order the kernels walk it.  Returns 0 or
 * -1 on failure (then *out is MPI_DATATYPE_NULL). */
int bcr_datatype_build(bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk, bcr_idx ld,
                       size_t es, MPI_Datatype *out);

#endif
