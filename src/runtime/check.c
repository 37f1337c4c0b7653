#include "runtime/check.h"

#include <stdint.h>
#include <stdio.h>

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

/* The name of descriptor field f ("MB", ...) as nm's messages give it. */
static const char *field(const bcr_desc_names *nm, const char *f, char *buf, size_t n)
{
    if (nm->side)
        snprintf(buf, n, "%s_%c", f, nm->side);
    else
        snprintf(buf, n, "desc[%s_]", f);
    return buf;
}

int bcr_check_descriptor(const bcr_desc_check *c, char *d, size_t dn)
{
    const bcr_side *s = c->s;
    const bcr_desc_names *nm = &c->names;
    char f[16];
    if (s->M < 0 || s->N < 0) {
        int rows = s->M < 0;
        snprintf(d, dn, "%s = %d, must be >= 0", field(nm, rows ? "M" : "N", f, sizeof f),
                 rows ? s->M : s->N);
        return BCR_DESC_FIELD;
    }
    if (s->MB < 1 || s->NB < 1) {
        int rows = s->MB < 1;
        snprintf(d, dn, "%s = %d, must be >= 1", field(nm, rows ? "MB" : "NB", f, sizeof f),
                 rows ? s->MB : s->NB);
        return BCR_DESC_FIELD;
    }
    if (s->RSRC < 0 || s->RSRC >= s->P || s->CSRC < 0 || s->CSRC >= s->Q) {
        int rows = s->RSRC < 0 || s->RSRC >= s->P;
        snprintf(d, dn, "%s = %d, must be in [0, %d)",
                 field(nm, rows ? "RSRC" : "CSRC", f, sizeof f), rows ? s->RSRC : s->CSRC,
                 rows ? s->P : s->Q);
        return BCR_DESC_FIELD;
    }
    if (s->in) {
        bcr_idx lrows = bcr_local_count(s->M, s->MB, s->myrow, s->RSRC, s->P);
        bcr_idx need = lrows > c->lld_min ? lrows : c->lld_min;
        if (c->lld < need || c->lld > INT32_MAX) {
            if (c->lld < need)
                snprintf(d, dn, "%s = %lld, must be >= %lld", field(nm, "LLD", f, sizeof f),
                         c->lld, (long long)need);
            else
                snprintf(d, dn, "%s = %lld, must be < 2^31", field(nm, "LLD", f, sizeof f),
                         c->lld);
            return BCR_DESC_FIELD;
        }
    }
    if (c->i1 < 1) {
        snprintf(d, dn, "%s = %d, must be >= 1", nm->i, c->i1);
        return BCR_DESC_ROWS;
    }
    if ((bcr_idx)c->i1 + c->m - 1 > s->M) {
        snprintf(d, dn, "%s + %s - 1 = %lld exceeds %s = %d", nm->i, nm->m,
                 (long long)c->i1 + c->m - 1, field(nm, "M", f, sizeof f), s->M);
        return BCR_DESC_ROWS;
    }
    if (c->j1 < 1) {
        snprintf(d, dn, "%s = %d, must be >= 1", nm->j, c->j1);
        return BCR_DESC_COLS;
    }
    if ((bcr_idx)c->j1 + c->n - 1 > s->N) {
        snprintf(d, dn, "%s + %s - 1 = %lld exceeds %s = %d", nm->j, nm->n,
                 (long long)c->j1 + c->n - 1, field(nm, "N", f, sizeof f), s->N);
        return BCR_DESC_COLS;
    }
    return BCR_DESC_OK;
}

/* One side of a routine's call as check_side reads it: its descriptor
 * (ctxt is desc's CTXT at the BLACS's width, the request's ctxta or
 * ctxtb), its 1-based offsets and local array, the arguments that name
 * it, and its m x n submatrix, m and n being the request's arguments
 * arg_m and arg_n. */
typedef struct {
    const int *desc;
    bcr_blacs_int ctxt;
    int i1, j1;
    const void *ptr;
    const bcr_side_args *ar;
    int m, arg_m, n, arg_n;
} side_call;

/* The grid's shape and coordinates fit in int, being process counts. */
static int check_side(const bcr_request *rq, const side_call *c, bcr_side *s, bcr_err *e)
{
    const bcr_side_args *ar = c->ar;
    const int *desc = c->desc;
    if (desc == NULL)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, ar->arg_desc, "desc%c is NULL",
                           ar->name + 32);
    if (c->ctxt == -1)
        return BCR_SUCCESS; /* not in this grid: nothing else is read */
    if (!bcr_blacs_context_valid(c->ctxt))
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT, ar->arg_desc,
                           "CTXT_%c = %lld is not a BLACS context", ar->name,
                           (long long)c->ctxt);
    bcr_blacs_int P, Q, r, col;
    Cblacs_gridinfo(c->ctxt, &P, &Q, &r, &col);
    if (r < 0 || col < 0 || r >= P || col >= Q)
        return BCR_SUCCESS; /* the reference treats this as outside the grid */
    s->in = 1;
    s->myrow = (int)r;
    s->mycol = (int)col;
    s->P = (int)P;
    s->Q = (int)Q;
    s->M = desc[BCR_M];
    s->N = desc[BCR_N];
    s->MB = desc[BCR_MB];
    s->NB = desc[BCR_NB];
    s->RSRC = desc[BCR_RSRC];
    s->CSRC = desc[BCR_CSRC];
    s->lld = desc[BCR_LLD];
    s->i = c->i1 - 1;
    s->j = c->j1 - 1;
    char lower = ar->name + 32;
    char iname[3] = {'i', lower, 0}, jname[3] = {'j', lower, 0};
    bcr_desc_check dc = {s, s->lld, 0, c->i1, c->j1, c->m, c->n,
                         {ar->name, iname, jname, bcr_arg_name(rq, c->arg_m),
                          bcr_arg_name(rq, c->arg_n)}};
    char detail[160];
    int at = bcr_check_descriptor(&dc, detail, sizeof detail);
    if (at != BCR_DESC_OK)
        return bcr_err_arg(e, rq, BCR_ERR_ARGUMENT,
                           at == BCR_DESC_ROWS   ? ar->arg_i
                           : at == BCR_DESC_COLS ? ar->arg_j
                                                 : ar->arg_desc,
                           "%s", detail);
    if (c->ptr == NULL && !(ar == &bcr_args_A && rq->a_unread)) {
        bcr_idx held = bcr_side_held_dims(rq, s, c->m, c->n);
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
    side_call a = {rq->desca, rq->ctxta, rq->ia, rq->ja, rq->a, &bcr_args_A,
                   rq->m, BCR_ARG_M, rq->n, BCR_ARG_N};
    BCR_TRY(check_side(rq, &a, A, e));
    /* sub(C) is the transpose of what the redistribution fills */
    int t = rq->transpose_b;
    side_call b = {rq->descb, rq->ctxtb, rq->ib, rq->jb, rq->b, bcr_args_of_b(rq),
                   t ? rq->n : rq->m, t ? BCR_ARG_N : BCR_ARG_M, t ? rq->m : rq->n,
                   t ? BCR_ARG_M : BCR_ARG_N};
    BCR_TRY(check_side(rq, &b, B, e));
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
