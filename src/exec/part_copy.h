/* One partner's message packed from A into a buffer, or unpacked from a
 * buffer into B, by the exchange's run lists (plan/exchange.h). */
#ifndef BCR_EXEC_PART_COPY_H
#define BCR_EXEC_PART_COPY_H

#include <stddef.h>

#include "base/mask.h"
#include "base/update_op.h"
#include "kernels/update_pieces.h"
#include "plan/exchange.h"

/* A call's arrays: A read, B written, each with its leading dimension.
 * With update, B is the update routines' C and every write into it an
 * update (kernels/update_pieces.h), B's element (r, c) being C's (c, r)
 * where the operation transposes; the exchange's messages through MPI
 * then stream (exec/run_stream.h). */
typedef struct {
    const char *a;
    bcr_idx lda;
    char *b;
    bcr_idx ldb;
    size_t elsize;
    const bcr_update_op *update;
} bcr_arrays;

/* Where an update's writes go (ar->update set). */
bcr_sink bcr_arrays_sink(const bcr_arrays *ar);

/* Partner p of the send half S, packed at `at` (p->count elements). */
void bcr_part_pack(char *at, const bcr_half *S, const bcr_partner *p, const bcr_arrays *ar,
                   const bcr_mask *mk);

/* Partner p of the receive half R, unpacked from `from` (added into C
 * under an update). */
void bcr_part_unpack(const bcr_half *R, const bcr_partner *p, const char *from,
                     const bcr_arrays *ar, const bcr_mask *mk);

#endif
