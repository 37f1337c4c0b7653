/* One redistribution request: what the typed entry points hand down. */
#ifndef BCR_BASE_REQUEST_H
#define BCR_BASE_REQUEST_H

#include <stddef.h>

#include "base/blacs_int.h"

/* Arguments in the order of the trmr2d signature; gemr2d lacks the first
 * two, so its argument numbers are two lower. */
enum bcr_arg {
    BCR_ARG_UPLO, BCR_ARG_DIAG, BCR_ARG_M, BCR_ARG_N, BCR_ARG_A, BCR_ARG_IA,
    BCR_ARG_JA, BCR_ARG_DESCA, BCR_ARG_B, BCR_ARG_IB, BCR_ARG_JB,
    BCR_ARG_DESCB, BCR_ARG_ICTXT,
    BCR_ARG_TYPE, /* bcr_plan_create only */
    BCR_NARGS
};

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
} bcr_request;

#endif
