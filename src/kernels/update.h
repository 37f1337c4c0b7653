/* The local half of the update routines (api/update.h): one process's part
 * of sub(C) := beta * sub(C) + alpha * op(W), W the redistributed sub(A).
 *
 * The cases follow PBLAS's local kernels (p?mmadd, p?mmtadd): beta = 0
 * writes C without reading it, alpha = 1 and beta = 1 multiply by
 * nothing, so that data and scalars that are exactly representable give
 * exactly PBLAS's bytes. */
#ifndef BCR_KERNELS_UPDATE_H
#define BCR_KERNELS_UPDATE_H

#include "base/index.h"

typedef struct {
    char type;          /* s, d, c, z or i */
    char op;            /* 'N', 'T' (transpose) or 'C' (conjugate transpose) */
    const void *alpha;  /* one element of the type each */
    const void *beta;
} bcr_update_op;

/* c (rows x cols, leading dimension ldc) := beta * c + alpha * op(w), w
 * rows x cols for 'N', cols x rows otherwise (leading dimension ldw). */
void bcr_update_add(const bcr_update_op *u, char *c, bcr_idx ldc, const char *w, bcr_idx ldw,
                    bcr_idx rows, bcr_idx cols);

/* c := beta * c (alpha = 0): zeros for beta = 0, nothing for beta = 1. */
void bcr_update_scale(const bcr_update_op *u, char *c, bcr_idx ldc, bcr_idx rows,
                      bcr_idx cols);

/* Whether the element at x of the type is 0. */
int bcr_update_is_zero(char type, const void *x);

#endif
