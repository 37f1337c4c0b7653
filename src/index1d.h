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

/* The generators that can produce a run list (gen.h).  Names read from
 * `mine` to `other`: KR_TO_R means mine.nb = k * other.nb, whichever side
 * sends. */
enum {
    BCR_GEN_IDENTITY,        /* same layout, same coordinate: local copy */
    BCR_GEN_KR_TO_R,         /* Hsu and Chung, section 3.1 */
    BCR_GEN_R_TO_KR,         /* Hsu and Chung, section 3.2 */
    BCR_GEN_BLOCK_TO_CYCLIC, /* Thakur, section 3 */
    BCR_GEN_CYCLIC_TO_BLOCK, /* Thakur, section 4 */
    BCR_GEN_GENERAL,         /* Thakur, section 5.3: merge two block progressions */
    BCR_GEN_COUNT
};

/* "identity", "kr_to_r", ...; "?" for anything else. */
const char *bcr_generator_name(int generator);

/* The runs of submatrix [0, len) held by one process of `mine`, grouped by
 * the process of `other` that holds them: bucket q is
 * runs[start[q]] .. runs[start[q+1]-1], in increasing k; runs adjacent in k
 * and in both local storages are merged, so sender and receiver, building
 * the list from either side, get the same runs.
 *
 * The same list in periodic form: the pattern repeats every `period`
 * submatrix indices, local offsets advancing by mine_step and other_step.
 * Bucket q of period 0 is pruns[pstart[q]] .. pruns[pstart[q+1]-1] (k in
 * [0, min(period, len)), merged like runs); period t of it is that shifted
 * by t * (period, mine_step, other_step), for t < reps, the last one clipped
 * at len.  Concatenating the periods gives runs, except that a bucket whose
 * last run of a period is adjacent (k, mine and other) to its first run of
 * the next period merges them, and then at every period boundary.  When the
 * period does not fit in 64 bits, period = len, reps <= 1 and the steps
 * are 0.  With reps <= 1, runs and pruns (start and pstart) may be the same
 * storage: treat the list as read-only and release it only with
 * bcr_runlist_free. */
typedef struct {
    int nbuckets;    /* other->nprocs */
    bcr_idx *start;  /* nbuckets + 1 entries */
    bcr_run *runs;
    bcr_idx nruns;
    bcr_idx total;   /* sum of all run lengths */

    int generator;   /* BCR_GEN_* that produced the list */
    bcr_idx period;
    bcr_idx reps;    /* periods met by [0, len): ceil(len / period) */
    bcr_idx mine_step, other_step;
    bcr_idx *pstart; /* nbuckets + 1 entries */
    bcr_run *pruns;
    bcr_idx npruns;
} bcr_runlist;

/* Build the run list of process `me` of `mine`; returns 0 or -1 when out of
 * memory.  The list must be released with bcr_runlist_free.  The generator
 * is the first of identity, block -> cyclic, cyclic -> block, kr -> r,
 * r -> kr whose precondition holds, else the general one; the environment
 * variable BCR_GENERATOR=general forces the general one (auto: default). */
int bcr_runlist_build(bcr_runlist *out, bcr_idx len, const bcr_axis *mine,
                      int me, const bcr_axis *other);
void bcr_runlist_free(bcr_runlist *rl);

/* Elements in bucket q (sum of run lengths). */
bcr_idx bcr_runlist_bucket_total(const bcr_runlist *rl, int q);

#endif
