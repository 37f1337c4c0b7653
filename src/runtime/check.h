/* The checks one process makes of a call's arguments on its own, before
 * any process hears of the others (agree.h). */
#ifndef BCR_RUNTIME_CHECK_H
#define BCR_RUNTIME_CHECK_H

#include "base/error.h"
#include "base/index.h"
#include "base/request.h"
#include "base/side.h"

/* The arguments that name one side, for messages. */
typedef struct {
    int arg_ptr, arg_i, arg_j, arg_desc; /* enum bcr_arg */
    char name;                           /* 'A' or 'B' */
} bcr_side_args;

extern const bcr_side_args bcr_args_A, bcr_args_B;

/* Check the request on this process: uplo, diag, m, n, and each side's
 * descriptor, offsets and array.  A and B must start "outside" (in = 0,
 * coordinates -1); a side this process is in is filled from its
 * descriptor, the rest of it left for the agreement.  On error, e names
 * the first bad argument. */
int bcr_check_request(const bcr_request *rq, bcr_side *A, bcr_side *B, bcr_err *e);

/* Elements of the (trapezoidal) submatrix this process holds on side s. */
bcr_idx bcr_side_held(const bcr_request *rq, const bcr_side *s);

#endif
