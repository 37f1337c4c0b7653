#include "cyclic_layout.h"

#include <stdlib.h>

/* One axis: len indices in blocks of b, block k on coordinate k % procs.
 * Returns the number of blocks, or -1 when out of memory. */
static int axis(int len, int b, int procs, bcr_int **size, bcr_int **coord)
{
    int nblk = (len + b - 1) / b;
    *size = malloc((size_t)(nblk ? nblk : 1) * sizeof **size);
    *coord = malloc((size_t)(nblk ? nblk : 1) * sizeof **coord);
    if (!*size || !*coord)
        return -1;
    for (int k = 0; k < nblk; k++) {
        (*size)[k] = k == nblk - 1 ? len - k * b : b;
        (*coord)[k] = k % procs;
    }
    return nblk;
}

bcr_layout_t timing_cyclic_layout(int m, int n, int mb, int nb, int P, int Q, const int *ranks)
{
    bcr_int *rs = NULL, *rp = NULL, *cs = NULL, *cp = NULL;
    int nrb = axis(m, mb, P, &rs, &rp), ncb = nrb < 0 ? -1 : axis(n, nb, Q, &cs, &cp);
    bcr_layout_t l = ncb < 0 ? NULL
                             : bcr_layout_blocks(m, n, nrb, rs, rp, ncb, cs, cp, P, Q, ranks, 1);
    free(rs);
    free(rp);
    free(cs);
    free(cp);
    return l;
}
