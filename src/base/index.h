/* 1-D block-cyclic index math.
 *
 * One dimension of a distributed matrix is an axis: indices are spread in
 * blocks of nb over nprocs processes starting at process src.  A submatrix
 * along that axis starts at global index off (0-based).  Every size and
 * offset is 64-bit so that local arrays past 2^31 elements work.
 */
#ifndef BCR_BASE_INDEX_H
#define BCR_BASE_INDEX_H

#include <stdint.h>

typedef int64_t bcr_idx;

typedef struct {
    bcr_idx nb;  /* block size, >= 1 */
    int src;     /* process holding global index 0 */
    int nprocs;  /* processes along this axis */
    bcr_idx off; /* global index of submatrix index 0 */
} bcr_axis;

/* Process coordinate owning global index g. */
int bcr_owner(bcr_idx g, bcr_idx nb, int src, int nprocs);
/* Local index of global index g on its owner. */
bcr_idx bcr_local_index(bcr_idx g, bcr_idx nb, int nprocs);
/* Global index of local index l on process p. */
bcr_idx bcr_global_index(bcr_idx l, bcr_idx nb, int p, int src, int nprocs);
/* Number of global indices in [0, n) that process p holds (ScaLAPACK NUMROC). */
bcr_idx bcr_local_count(bcr_idx n, bcr_idx nb, int p, int src, int nprocs);
/* Number of submatrix indices in [0, len) of axis ax that process p holds. */
bcr_idx bcr_axis_local_count(const bcr_axis *ax, bcr_idx len, int p);

#endif
