/* What the update routines do where a redistribution writes: C :=
 * beta * C + alpha * op(x) for each element x that arrives (api/update.h,
 * kernels/update.h).  Carried by a request (base/request.h) down to the
 * kernels. */
#ifndef BCR_BASE_UPDATE_OP_H
#define BCR_BASE_UPDATE_OP_H

typedef struct {
    char type;          /* s, d, c, z or i */
    char op;            /* 'N', 'T' (transpose) or 'C' (conjugate transpose) */
    const void *alpha;  /* one element of the type each */
    const void *beta;
} bcr_update_op;

#endif
