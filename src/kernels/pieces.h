/* The pieces a redistribution copies, as the kernels walk them.
 *
 * One dimension of a message is a list of runs (submatrix indices
 * contiguous in both local storages).  Row runs come grouped: runs of one
 * length at constant strides (what block size 1, or blocks cut by the
 * other side's blocks, produce) become one group that a tight strided loop
 * copies.  A 2-D piece is the product of a row group span and a column
 * run span, restricted by a mask (base/mask.h).
 */
#ifndef BCR_KERNELS_PIECES_H
#define BCR_KERNELS_PIECES_H

#include <stddef.h>

#include "base/index.h"

/* A run: submatrix indices k0 .. k0+len-1, contiguous in the local storage
 * of both processes, starting at local index `mine` on this process and at
 * `other` on the partner. */
typedef struct {
    bcr_idx k0;
    bcr_idx len;
    bcr_idx mine;
    bcr_idx other;
} bcr_run;

typedef struct {
    const bcr_run *runs;
    bcr_idx n;
} bcr_runspan;

/* count runs: the first at (k0, mine, other), each next one step further. */
typedef struct {
    bcr_idx k0, len, mine, other;
    bcr_idx count;
    bcr_idx kstep, mstep, ostep;
} bcr_rungroup;

/* A bucket's row groups: g[0 .. nhead) once, then the next nbody groups
 * reps times, the t-th time shifted by t * kstep in k and t * mstep,
 * t * ostep in the two local storages, then the rest of the n once; nbody
 * and reps are both 0 where nothing repeats.  A long array whose bucket
 * holds several runs of each period that do not continue into the next
 * period keeps one period of groups this way instead of one per period
 * (plan/runlist_groups.h): cyclic(7) -> cyclic(5) over 6.4M elements on 4
 * processes would otherwise hold 137 143 groups in one bucket, 9 MB to
 * fault in at every fresh plan.  The head is a run that begins the array
 * where every later period's first run joins the period before. */
typedef struct {
    const bcr_rungroup *g;
    bcr_idx n;
    bcr_idx nhead, nbody, reps;
    bcr_idx kstep, mstep, ostep;
} bcr_groupspan;

/* Walks a span's groups in increasing k:
 *     bcr_group_iter it = bcr_groups_begin(&span);
 *     bcr_rungroup g;
 *     while (bcr_groups_next(&it, &g)) ... */
typedef struct {
    const bcr_groupspan *s;
    bcr_idx t, j; /* repetition of the body, next group */
} bcr_group_iter;

static inline bcr_group_iter bcr_groups_begin(const bcr_groupspan *s)
{
    bcr_group_iter it = {s, 0, 0};
    return it;
}

static inline int bcr_groups_next(bcr_group_iter *it, bcr_rungroup *g)
{
    const bcr_groupspan *s = it->s;
    bcr_idx end = s->nhead + s->nbody;
    if (it->j == end && it->t + 1 < s->reps) {
        it->t++;
        it->j = s->nhead;
    }
    if (it->j >= s->n)
        return 0;
    *g = s->g[it->j];
    if (it->t && it->j < end) { /* t > 0 only in the body */
        g->k0 += it->t * s->kstep;
        g->mine += it->t * s->mstep;
        g->other += it->t * s->ostep;
    }
    it->j++;
    return 1;
}

/* Groups, runs and elements a span stands for. */
bcr_idx bcr_groupspan_groups(bcr_groupspan s);
bcr_idx bcr_groupspan_runs(bcr_groupspan s);
bcr_idx bcr_groupspan_elems(bcr_groupspan s);

/* Group runs[0..n) greedily into out (room for n groups); returns the number
 * of groups. */
bcr_idx bcr_group_runs(const bcr_run *runs, bcr_idx n, bcr_rungroup *out);

#endif
