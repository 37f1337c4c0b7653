/* The update routines, bcr_p?tran, bcr_p?tranu, bcr_p?tranc and
 * bcr_p?geadd: sub(C) := beta * sub(C) + alpha * op(sub(A)), A and C on
 * any two grids of ictxt.
 *
 * sub(A) is redistributed into sub(C) itself, or where op transposes into
 * sub(C)'s transpose on C's grid transposed (bcr_request.transpose_b),
 * through the whole pipeline (api/pipeline.h): agreement, plan cache,
 * repeated calls, shared segments, rounds under BCR_MAX_BYTES.  The
 * request carries op (bcr_request.update), and every write of the
 * exchange into B is then an update of C (exec/part_copy.h,
 * kernels/update_pieces.h).  alpha = 0 (agreed) moves nothing: C's
 * processes only scale; nor does a sub(A) that lies as sub(C) would,
 * added from A where it is.  BCR_UPDATE=staged (agreed) fills a staging
 * array W laid out as sub(C) instead (the block cycles sub(C) touches, this
 * thread's BCR_POOL_STAGE buffer, allocated before the agreement so that
 * running out of memory is an error every process reports) and adds it
 * into C afterwards. */
#ifndef BCR_API_UPDATE_H
#define BCR_API_UPDATE_H

#include <stddef.h>

#include "api/arguments.h"
#include "base/request.h"
#include "base/side.h"
#include "bcredist.h"
#include "kernels/update.h"

/* What a typed entry point says of itself. */
typedef struct {
    const char *routine; /* "bcr_pdtran", for messages */
    char type;           /* s, d, c, z or i */
    size_t elsize;       /* its bytes */
    int form;            /* BCR_FORM_TRAN or BCR_FORM_GEADD (base/request.h) */
    const char *trans;   /* geadd's argument; NULL for tran */
    char op;             /* tran's operation, 'T' or 'C'; 0 for geadd */
} bcr_update_kind;

/* alpha and beta point to one element of k->type each. */
void bcr_call_update(const bcr_update_kind *k, bcr_int m, bcr_int n, const void *alpha,
                     const void *a, bcr_int ia, bcr_int ja, const bcr_int *desca,
                     const void *beta, void *c, bcr_int ic, bcr_int jc, const bcr_int *descc,
                     bcr_int ictxt);

/* Where sub(C) and a staging array W laid out as sub(C) lie on this
 * process, from the agreed side b of a request (transposed when the
 * request transposes): W is what a staged call or plan fills, and what
 * sub(A) is compared with to tell that nothing moves. */
typedef struct {
    bcr_side c;          /* C as its descriptor has it */
    bcr_side w;          /* W: what the redistribution fills */
    int crows, ccols;    /* sub(C) */
    int wrows, wcols;    /* sub(W), the redistributed sub(A) */
} bcr_update_sides;

void bcr_update_sides_of(const bcr_request *rq, const bcr_side *b, bcr_update_sides *u);

/* Elements of W's local array (leading dimension u->w.lld). */
bcr_idx bcr_update_stage_elems(const bcr_update_sides *u);

/* Elements of sub(C) on this process. */
bcr_idx bcr_update_held(const bcr_update_sides *u);

/* On a process of C's grid: its part of sub(C) := beta sub(C) +
 * alpha op(its part of W), or beta sub(C) alone when w is NULL. */
void bcr_update_apply(const bcr_update_sides *u, const bcr_update_op *op, size_t es, void *c,
                      const char *w);

/* The request of an update routine or plan, from what its entry point
 * says; with the caller's m, n narrowed into rq (errors in e) and swapped
 * when op transposes.  *op gets the type and operation. */
void bcr_update_request(const bcr_update_kind *k, bcr_int m, bcr_int n, bcr_int ia,
                        bcr_int ja, const bcr_int *desca, bcr_int ic, bcr_int jc,
                        const bcr_int *descc, bcr_int ictxt, bcr_request *rq,
                        bcr_wide_store *st, bcr_update_op *op, bcr_err *e);

#endif
