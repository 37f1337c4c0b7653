/* One partner's message packed from A into a buffer, or unpacked from a
 * buffer into B, by the exchange's run lists (plan/exchange.h). */
#ifndef BCR_EXEC_PART_COPY_H
#define BCR_EXEC_PART_COPY_H

#include <stddef.h>

#include "base/mask.h"
#include "plan/exchange.h"

/* A call's arrays: A read, B written, each with its leading dimension. */
typedef struct {
    const char *a;
    bcr_idx lda;
    char *b;
    bcr_idx ldb;
    size_t elsize;
} bcr_arrays;

/* Partner p of the send half S, packed at `at` (p->count elements). */
void bcr_part_pack(char *at, const bcr_half *S, const bcr_partner *p, const bcr_arrays *ar,
                   const bcr_mask *mk);

/* Partner p of the receive half R, unpacked from `from`. */
void bcr_part_unpack(const bcr_half *R, const bcr_partner *p, const char *from,
                     const bcr_arrays *ar, const bcr_mask *mk);

#endif
