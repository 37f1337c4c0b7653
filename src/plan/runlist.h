/* Run lists: which submatrix indices of one dimension this process
 * exchanges with each process of the other grid, as runs (kernels/pieces.h)
 * bucketed by that process, in closed periodic form and expanded.
 * bcr_runlist_build (gen.h) makes them. */
#ifndef BCR_PLAN_RUNLIST_H
#define BCR_PLAN_RUNLIST_H

#include "base/index.h"
#include "kernels/pieces.h"

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

/* A list made by bcr_runlist_build_bands (gen_bands.h), where a side is
 * dealt in bands: no generator of the dispatcher's. */
#define BCR_GEN_BANDS BCR_GEN_COUNT

/* Let the dispatcher choose (gen.h). */
#define BCR_GEN_AUTO (-1)
/* Returned by bcr_runlist_build besides 0 and -1 (out of memory). */
#define BCR_GEN_NOT_APPLICABLE (-2) /* the requested generator's precondition fails */
#define BCR_GEN_UNKNOWN (-3)        /* no generator by that number */


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

void bcr_runlist_free(bcr_runlist *rl);

/* Elements in bucket q (sum of run lengths). */
bcr_idx bcr_runlist_bucket_total(const bcr_runlist *rl, int q);

#endif
