/* Which submatrix elements a call copies: all (gemr2d) or a trapezoid
 * (trmr2d), in 0-based submatrix coordinates.  The triangle is aligned to
 * the bottom-right corner of the submatrix, as the reference does. */
#ifndef BCR_BASE_MASK_H
#define BCR_BASE_MASK_H

#include "base/index.h"
#include "base/request.h"

typedef struct {
    int trapezoid, upper, unit;
    bcr_idx m, n;
} bcr_mask;

static inline bcr_mask bcr_mask_of(const bcr_request *rq)
{
    bcr_mask mk = {0, 0, 0, rq->m, rq->n};
    if (rq->trapezoid) {
        mk.trapezoid = 1;
        mk.upper = rq->uplo && (*rq->uplo == 'U' || *rq->uplo == 'u');
        mk.unit = rq->diag && (*rq->diag == 'U' || *rq->diag == 'u');
    }
    return mk;
}

/* Rows [*lo, *hi) of submatrix column k that are copied. */
static inline void bcr_mask_rows(const bcr_mask *mk, bcr_idx k, bcr_idx *lo, bcr_idx *hi)
{
    bcr_idx m = mk->m, n = mk->n;
    *lo = 0;
    *hi = m;
    if (!mk->trapezoid)
        return;
    if (mk->upper) {
        bcr_idx h = (m > n ? m - n : 0) + k + 1 - mk->unit;
        *hi = h < 0 ? 0 : h < m ? h : m;
    } else {
        bcr_idx l = k - (n > m ? n - m : 0) + mk->unit;
        *lo = l < 0 ? 0 : l < m ? l : m;
    }
}

#endif
