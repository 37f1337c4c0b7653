/* 1-D block-cyclic index math and run lists.
 *
 * One dimension of a distributed matrix is an axis: indices are spread in
 * blocks of nb over nprocs processes starting at process src.  A submatrix
 * along that axis starts at global index off (0-based).  Every size and
 * offset is 64-bit so that local arrays past 2^31 elements work.
 */
#ifndef BCR_INDEX1D_H
#define BCR_INDEX1D_H

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

/* A run: submatrix indices k0 .. k0+len-1, contiguous in the local storage
 * of both processes, starting at local index `mine` on this process and at
 * `other` on the partner. */
typedef struct {
    bcr_idx k0;
    bcr_idx len;
    bcr_idx mine;
    bcr_idx other;
} bcr_run;

/* The runs of submatrix [0, len) held by one process of `mine`, grouped by
 * the process of `other` that holds them: bucket q is
 * runs[start[q]] .. runs[start[q+1]-1], in increasing k; runs adjacent in k
 * and in both local storages are merged, so sender and receiver, building
 * the list from either side, get the same runs. */
typedef struct {
    int nbuckets;    /* other->nprocs */
    bcr_idx *start;  /* nbuckets + 1 entries */
    bcr_run *runs;
    bcr_idx nruns;
    bcr_idx total;   /* sum of all run lengths */
} bcr_runlist;

/* Build the run list of process `me` of `mine`; returns 0 or -1 when out of
 * memory.  The list must be released with bcr_runlist_free. */
int bcr_runlist_build(bcr_runlist *out, bcr_idx len, const bcr_axis *mine,
                      int me, const bcr_axis *other);
void bcr_runlist_free(bcr_runlist *rl);

/* Elements in bucket q (sum of run lengths). */
bcr_idx bcr_runlist_bucket_total(const bcr_runlist *rl, int q);

#endif
