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

/* B's arguments as the request's routine names them ('B', or 'C' in the
 * update routines). */
const bcr_side_args *bcr_args_of_b(const bcr_request *rq);

/* The error when processes' request variants (rq->variant) range from lo
 * to hi. */
int bcr_update_disagreement(const bcr_request *rq, long long lo, long long hi, bcr_err *e);

/* s as the transpose of its matrix sees it: rows and columns, grid rows
 * and columns, blocks, sources and offsets swapped (lld kept). */
void bcr_side_transpose(bcr_side *s);

/* Check the request on this process: uplo, diag, m, n, and each side's
 * descriptor, offsets and array.  A and B must start "outside" (in = 0,
 * coordinates -1); a side this process is in is filled from its
 * descriptor, the rest of it left for the agreement; with rq->transpose_b
 * B is the transpose of the matrix its descriptor describes.  On error, e
 * names the first bad argument. */
int bcr_check_request(const bcr_request *rq, bcr_side *A, bcr_side *B, bcr_err *e);

/* Elements of the (trapezoidal) submatrix this process holds on side s;
 * _dims for an m x n submatrix there. */
bcr_idx bcr_side_held(const bcr_request *rq, const bcr_side *s);
bcr_idx bcr_side_held_dims(const bcr_request *rq, const bcr_side *s, int m, int n);

#endif
