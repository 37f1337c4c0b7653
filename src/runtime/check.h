/* The checks one process makes of a call's arguments on its own, before
 * any process hears of the others (agree.h). */
#ifndef BCR_RUNTIME_CHECK_H
#define BCR_RUNTIME_CHECK_H

#include <stddef.h>

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

/* How a descriptor's checks name what they check, in the routines'
 * messages ("MB_A = 0, must be >= 1"): a routine's side names a field
 * after its letter (MB_A), a layout, which has none, after its descriptor
 * (desc[MB_]); the submatrix's offsets and sizes by their arguments'
 * names. */
typedef struct {
    char side;                 /* 'A', 'B', 'C'; 0 for a layout's descriptor */
    const char *i, *j, *m, *n; /* the offsets' and the sizes' names */
} bcr_desc_names;

/* A descriptor's fields as a side holds them (s; P and Q its grid's,
 * myrow where s->in), its leading dimension as the caller passed it (a
 * layout's may exceed an int), and the m x n submatrix at 1-based
 * (i1, j1) it must hold.  lld_min: the least leading dimension besides
 * the local rows (a layout's is 1, the routines' 0). */
typedef struct {
    const bcr_side *s;
    long long lld;
    int lld_min;
    int i1, j1, m, n;
    bcr_desc_names names;
} bcr_desc_check;

/* Where a descriptor's check found its first fault: in the descriptor, in
 * the row offset or in the column offset (with the size that goes with
 * it), or none. */
enum { BCR_DESC_OK, BCR_DESC_FIELD, BCR_DESC_ROWS, BCR_DESC_COLS };

/* The one check of a descriptor, the routines' and the layouts': M, N,
 * MB, NB, RSRC, CSRC; the leading dimension where this process is in the
 * grid; then the submatrix's rows and columns.  Returns where the first
 * fault is, its message in detail (dn bytes). */
int bcr_check_descriptor(const bcr_desc_check *c, char *detail, size_t dn);

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
