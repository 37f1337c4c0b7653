#include "runtime/check.h"

#include <stdint.h>

#include "base/mask.h"
#include "runtime/blacs.h"

const bcr_side_args bcr_args_A = {BCR_ARG_A, BCR_ARG_IA, BCR_ARG_JA, BCR_ARG_DESCA, 'A'};
const bcr_side_args bcr_args_B = {BCR_ARG_B, BCR_ARG_IB, BCR_ARG_JB, BCR_ARG_DESCB, 'B'};
static const bcr_side_args args_C = {BCR_ARG_B, BCR_ARG_IB, BCR_ARG_JB, BCR_ARG_DESCB, 'C'};

const bcr_side_args *bcr_args_of_b(const bcr_request *rq)
{
    return rq->form == BCR_FORM_REDIST ? &bcr_args_B : &args_C;
}

void bcr_side_transpose(bcr_side *s)
{
    bcr_side t = *s;
    s->myrow = t.mycol, s->mycol = t.myrow;
    s->P = t.Q, s->Q = t.P;
    s->M = t.N, s->N = t.M;
    s->MB = t.NB, s->NB = t.MB;
    s->RSRC = t.CSRC, s->CSRC = t.RSRC;
    s->i = t.j, s->j = t.i;
}

/* Elements of the (trapezoidal) submatrix held by process (r, c); counted
 * only when the caller passed a NULL array, to tell whether that is legal. */
bcr_idx bcr_side_held(const bcr_request *rq, const bcr_side *s)
{
    return bcr_side_held_dims(rq, s, rq->m, rq->n);
}

bcr_idx bcr_side_held_dims(const bcr_request *rq, const bcr_side *s, int m, int n)
{
    bcr_axis rows = {s->MB, s->RSRC, s->P, s->i};
    bcr_idx nrows = bcr_axis_local_count(&rows, m, s->myrow);
    bcr_idx ncols = bcr_local_count(s->j + n, s->NB, s->mycol, s->CSRC, s->Q) -
                    bcr_local_count(s->j, s->NB, s->mycol, s->CSRC, s->Q);
    if (!rq->trapezoid || nrows == 0 || ncols == 0)
        return nrows * ncols;
    bcr_mask mk = bcr_mask_of(rq);
    bcr_idx total = 0;
    bcr_idx first = bcr_local_count(s->j, s->NB, s->mycol, s->CSRC, s->Q);
    for (bcr_idx l = first; l < first + ncols; l++) {
        bcr_idx k = bcr_global_index(l, s->NB, s->mycol, s->CSRC, s->Q) - s->j;
        bcr_idx lo, hi;
        bcr_mask_rows(&mk, k, &lo, &hi);
        if (hi > lo)
            total += bcr_axis_local_count(&rows, hi, s->myrow) -
                     bcr_axis_local_count(&rows, lo, s->myrow);
    }
    return total;
}

/* ctxt is desc's CTXT at the BLACS's width (the request's ctxta or
 * ctxtb); the grid's shape and coordinates fit in int, being process
 * counts. */
/* The submatrix is m x n, m and n being the request's arguments arg_m and
 * arg_n. */
static int check_side(const bcr_request *rq, const int *desc, bcr_blacs_int ctxt, int i1,
                      int j1, const void *ptr, const bcr_side_args *ar, int m, int arg_m,
                      int n, int arg_n, bcr_side *s, bcr_err *e)
{
    const char *mname = bcr_arg_name(rq, arg_m), *nname = bcr_arg_name(rq, arg_n);
    if (desc == NULL)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, ar->arg_desc, "desc%c is NULL",
                           ar->name + 32);
    if (ctxt == -1)
        return BCR_SUCCESS; /* not in this grid: nothing else is read */
    if (!bcr_blacs_context_valid(ctxt))
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, ar->arg_desc,
                           "CTXT_%c = %lld is not a BLACS context", ar->name, (long long)ctxt);
    bcr_blacs_int P, Q, r, c;
    Cblacs_gridinfo(ctxt, &P, &Q, &r, &c);
    if (r < 0 || c < 0 || r >= P || c >= Q)
        return BCR_SUCCESS; /* the reference treats this as outside the grid */
    s->in = 1;
    s->myrow = (int)r;
    s->mycol = (int)c;
    s->P = (int)P;
    s->Q = (int)Q;
    s->M = desc[BCR_M];
    s->N = desc[BCR_N];
    s->MB = desc[BCR_MB];
    s->NB = desc[BCR_NB];
    s->RSRC = desc[BCR_RSRC];
    s->CSRC = desc[BCR_CSRC];
    s->lld = desc[BCR_LLD];
    s->i = i1 - 1;
    s->j = j1 - 1;
    char X = ar->name;
    int d = ar->arg_desc;
    if (s->M < 0)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, d, "M_%c = %d, must be >= 0", X, s->M);
    if (s->N < 0)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, d, "N_%c = %d, must be >= 0", X, s->N);
    if (s->MB < 1)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, d, "MB_%c = %d, must be >= 1", X, s->MB);
    if (s->NB < 1)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, d, "NB_%c = %d, must be >= 1", X, s->NB);
    if (s->RSRC < 0 || s->RSRC >= s->P)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, d, "RSRC_%c = %d, must be in [0, %d)", X,
                           s->RSRC, s->P);
    if (s->CSRC < 0 || s->CSRC >= s->Q)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, d, "CSRC_%c = %d, must be in [0, %d)", X,
                           s->CSRC, s->Q);
    bcr_idx lrows = bcr_local_count(s->M, s->MB, s->myrow, s->RSRC, s->P);
    if (s->lld < lrows)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, d, "LLD_%c = %d, must be >= %lld", X,
                           s->lld, (long long)lrows);
    char lower = X + 32;
    if (i1 < 1)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, ar->arg_i, "i%c = %d, must be >= 1", lower, i1);
    if ((bcr_idx)i1 + m - 1 > s->M)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, ar->arg_i, "i%c + %s - 1 = %lld exceeds M_%c = %d",
                           lower, mname, (long long)i1 + m - 1, X, s->M);
    if (j1 < 1)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, ar->arg_j, "j%c = %d, must be >= 1", lower, j1);
    if ((bcr_idx)j1 + n - 1 > s->N)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, ar->arg_j, "j%c + %s - 1 = %lld exceeds N_%c = %d",
                           lower, nname, (long long)j1 + n - 1, X, s->N);
    if (ptr == NULL && !(ar == &bcr_args_A && rq->a_unread)) {
        bcr_idx held = bcr_side_held_dims(rq, s, m, n);
        if (held > 0)
            return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, ar->arg_ptr,
                               "%c is NULL but this process holds %lld elements of the %s", lower,
                               (long long)held, rq->trapezoid ? "trapezoid" : "submatrix");
    }
    return BCR_SUCCESS;
}

/* The local rows [r0, r1) and columns [c0, c1) of s's m x n submatrix
 * here; 0 where the process holds none of it. */
static int local_box(const bcr_side *s, int m, int n, bcr_idx box[4])
{
    if (!s->in)
        return 0;
    box[0] = bcr_local_count(s->i, s->MB, s->myrow, s->RSRC, s->P);
    box[1] = bcr_local_count((bcr_idx)s->i + m, s->MB, s->myrow, s->RSRC, s->P);
    box[2] = bcr_local_count(s->j, s->NB, s->mycol, s->CSRC, s->Q);
    box[3] = bcr_local_count((bcr_idx)s->j + n, s->NB, s->mycol, s->CSRC, s->Q);
    return box[1] > box[0] && box[3] > box[2];
}

/* Whether two local arrays' submatrices share a byte: each column of one
 * is one stretch of bytes, in increasing order (the leading dimension is
 * at least the rows), so one walk through both lists of stretches tells. */
static int boxes_meet(uintptr_t a, const bcr_idx ba[4], bcr_idx lda, uintptr_t b,
                      const bcr_idx bb[4], bcr_idx ldb, size_t es)
{
    bcr_idx ca = ba[2], cb = bb[2];
    while (ca < ba[3] && cb < bb[3]) {
        uintptr_t alo = a + (uintptr_t)(ba[0] + ca * lda) * es;
        uintptr_t ahi = a + (uintptr_t)(ba[1] + ca * lda) * es;
        uintptr_t blo = b + (uintptr_t)(bb[0] + cb * ldb) * es;
        uintptr_t bhi = b + (uintptr_t)(bb[1] + cb * ldb) * es;
        if (alo < bhi && blo < ahi)
            return 1;
        if (ahi <= blo)
            ca++;
        else
            cb++;
    }
    return 0;
}

/* Whether sub(A) and sub(C) are one: the same array, grid, descriptor
 * fields and offsets, untransposed (an add in place, p?geadd's). */
static int same_submatrix(const bcr_request *rq, const bcr_side *A, const bcr_side *B)
{
    return rq->form != BCR_FORM_REDIST && !rq->transpose_b && rq->a == rq->b &&
           rq->ctxta == rq->ctxtb && A->M == B->M && A->N == B->N && A->MB == B->MB &&
           A->NB == B->NB && A->RSRC == B->RSRC && A->CSRC == B->CSRC && A->lld == B->lld &&
           A->i == B->i && A->j == B->j;
}

/* sub(A) and sub(B) may not share a byte on this process, but where the
 * update routines add sub(A) to itself.  (A trapezoid is checked as its
 * rectangle.) */
static int check_overlap(const bcr_request *rq, const bcr_side *A, const bcr_side *B, int t,
                         bcr_err *e)
{
    bcr_idx ba[4], bb[4];
    if (!rq->a || !rq->b || rq->a_unread || rq->plan_create || same_submatrix(rq, A, B) ||
        !local_box(A, rq->m, rq->n, ba) ||
        !local_box(B, t ? rq->n : rq->m, t ? rq->m : rq->n, bb))
        return BCR_SUCCESS;
    if (boxes_meet((uintptr_t)rq->a, ba, A->lld, (uintptr_t)rq->b, bb, B->lld, rq->elsize)) {
        char lower = bcr_args_of_b(rq)->name + 32;
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, BCR_ARG_B,
                           "%c overlaps a: the bytes of the local arrays the call reads and "
                           "writes must not meet",
                           lower);
    }
    return BCR_SUCCESS;
}

static int valid_char(const char *p, char a, char b)
{
    return p && (*p == a || *p == a + 32 || *p == b || *p == b + 32);
}

int bcr_check_request(const bcr_request *rq, bcr_side *A, bcr_side *B, bcr_err *e)
{
    char q[8];
    if (rq->trapezoid && !valid_char(rq->uplo, 'U', 'L'))
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, BCR_ARG_UPLO,
                           "uplo = %s, must be one of U, u, L, l", bcr_quote_char(rq->uplo, q));
    if (rq->trapezoid && !valid_char(rq->diag, 'U', 'N'))
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, BCR_ARG_DIAG,
                           "diag = %s, must be one of U, u, N, n", bcr_quote_char(rq->diag, q));
    if (rq->form == BCR_FORM_GEADD && !valid_char(rq->trans, 'N', 'T') &&
        !valid_char(rq->trans, 'C', 'C'))
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, BCR_ARG_TRANS,
                           "trans = %s, must be one of N, n, T, t, C, c",
                           bcr_quote_char(rq->trans, q));
    /* the caller's m first */
    int first = rq->transpose_b ? BCR_ARG_N : BCR_ARG_M;
    for (int k = 0; k < 2; k++) {
        int arg = k ? BCR_ARG_M + BCR_ARG_N - first : first;
        int v = arg == BCR_ARG_M ? rq->m : rq->n;
        if (v < 0)
            return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, arg, "%s = %d, must be >= 0",
                               bcr_arg_name(rq, arg), v);
    }
    BCR_TRY(check_side(rq, rq->desca, rq->ctxta, rq->ia, rq->ja, rq->a, &bcr_args_A, rq->m,
                       BCR_ARG_M, rq->n, BCR_ARG_N, A, e));
    /* sub(C) is the transpose of what the redistribution fills */
    int t = rq->transpose_b;
    BCR_TRY(check_side(rq, rq->descb, rq->ctxtb, rq->ib, rq->jb, rq->b, bcr_args_of_b(rq),
                       t ? rq->n : rq->m, t ? BCR_ARG_N : BCR_ARG_M, t ? rq->m : rq->n,
                       t ? BCR_ARG_M : BCR_ARG_N, B, e));
    BCR_TRY(check_overlap(rq, A, B, t, e));
    if (t && B->in)
        bcr_side_transpose(B);
    return BCR_SUCCESS;
}

int bcr_update_disagreement(const bcr_request *rq, long long lo, long long hi, bcr_err *e)
{
    if (lo / 100 != hi / 100 || (rq->form == BCR_FORM_TRAN && lo / 10 != hi / 10))
        return bcr_err_plain(e, rq, BCR_ERR_INCONSISTENT,
                             "processes called different routines");
    if (lo / 10 != hi / 10)
        return bcr_err_arg(e, rq, BCR_ERR_INCONSISTENT, BCR_ARG_TRANS,
                           "processes disagree on trans");
    return bcr_err_arg(e, rq, BCR_ERR_INCONSISTENT, BCR_ARG_ALPHA,
                       "processes disagree on whether alpha is 0");
}
