/* One redistribution request: what the typed entry points hand down. */
#ifndef BCR_BASE_REQUEST_H
#define BCR_BASE_REQUEST_H

#include <stddef.h>

#include "base/blacs_int.h"
#include "base/update_op.h"

/* Arguments in the order of the trmr2d signature; gemr2d lacks the first
 * two, so its argument numbers are two lower. */
enum bcr_arg {
    BCR_ARG_UPLO, BCR_ARG_DIAG, BCR_ARG_M, BCR_ARG_N, BCR_ARG_A, BCR_ARG_IA,
    BCR_ARG_JA, BCR_ARG_DESCA, BCR_ARG_B, BCR_ARG_IB, BCR_ARG_JB,
    BCR_ARG_DESCB, BCR_ARG_ICTXT,
    BCR_ARG_TYPE, /* bcr_plan_create only */
    BCR_ARG_TRANS, BCR_ARG_ALPHA, BCR_ARG_BETA, /* the update routines only */
    BCR_NARGS
};

/* The signatures beyond gemr2d and trmr2d, for argument numbers and names:
 * the update routines (api/update.h) call B "c", and p?tran has no trans. */
enum bcr_form { BCR_FORM_REDIST, BCR_FORM_TRAN, BCR_FORM_GEADD };

/* An update call's variant: 100 * form + 10 * op (0 none, 1 transpose,
 * 2 conjugate transpose) + (alpha is 0). */
#define BCR_VARIANT(form, op, alpha_zero) (100LL * (form) + 10 * (op) + ((alpha_zero) != 0))

/* Descriptor fields, ScaLAPACK order. */
enum { BCR_DTYPE, BCR_CTXT, BCR_M, BCR_N, BCR_MB, BCR_NB, BCR_RSRC, BCR_CSRC, BCR_LLD };

/* m, n, offsets and descriptor entries are int (api/arguments.h narrows
 * them).  Contexts keep the BLACS's width, bcr_blacs_int: ictxt, and each
 * descriptor's CTXT as ctxta and ctxtb; desca[BCR_CTXT] and
 * descb[BCR_CTXT] are not read. */
typedef struct {
    const char *routine; /* "bcr_pdgemr2d", for messages */
    int trapezoid;       /* trmr2d */
    const char *uplo, *diag;
    size_t elsize;
    int m, n;
    const void *a;
    int ia, ja;
    const int *desca;
    void *b;
    int ib, jb;
    const int *descb;
    bcr_blacs_int ictxt;
    bcr_blacs_int ctxta, ctxtb; /* -1 outside the grid, or when desc is NULL */
    int plan_create;      /* arguments are numbered as in bcr_plan_create */
    int form;             /* enum bcr_form */
    /* The update routines: B is sub(C); with transpose_b the redistribution
     * fills C's transpose (sub(A) is m x n, sub(C) n x m), on the grid of C
     * transposed.  variant (agreed by every process) tells the calls apart
     * for the caches and the agreement (api/update.h); 0 for gemr2d and
     * trmr2d. */
    int transpose_b;
    int a_unread;      /* alpha = 0: A is not read, and may be NULL anywhere */
    const char *trans; /* p?geadd's */
    long long variant;
    /* Set where the exchange writes B as updates of C (api/update.h):
     * the update routines' calls that move data, unless BCR_UPDATE=staged. */
    const bcr_update_op *update;
} bcr_request;

#endif
