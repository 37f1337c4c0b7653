/* The plan of a call on one process: its 2-D strategy and the exchanges
 * that carry it out.  Direct (one exchange, every message the
 * product of a row run list and a column run list) or indirect per
 * dimension (Thakur section 6.1: first the rows move inside each process
 * column, into an intermediate laid out like B by rows and like A by
 * columns, then the columns move inside each process row).  Indirect needs
 * A and B on the same grid; it trades a second pass over the data for far
 * fewer partners per process, which pays when there are many processes and
 * small messages.  The transposed variant does the row phase between
 * cache-blocked local transposes (kernels/transpose.h): local A transposed, the
 * row phase run as a column phase of the transposed matrix, where every
 * piece is whole columns, and the intermediate transposed back. */
#ifndef BCR_PLAN_PLAN_H
#define BCR_PLAN_PLAN_H

#include "base/options.h"
#include "base/side.h"
#include "plan/exchange.h"

/* A rows x cols piece of a local array, from element `first` on. */
typedef struct {
    bcr_idx first, rows, cols;
} bcr_piece;

typedef struct {
    int strategy;           /* enum bcr_strategy, never AUTO */
    int active;             /* this process is in grid A or B */
    bcr_exchange phase[2];  /* direct: phase[0] only */
    bcr_idx t_elems;        /* indirect: the intermediate's local array */
    bcr_idx t_ld;
    /* transposed: the piece of local A transposed (into a scratch of
     * leading dimension a.cols), the intermediate's local extents (t.first
     * 0; its transpose has leading dimension t.cols), the grid's map
     * transposed (phase[0]'s sides point into it) */
    bcr_piece a, t;
    int *map_t;
} bcr_plan;

/* Exchanges the plan runs: 1 or 2. */
int bcr_plan_phases(const bcr_plan *pl);

/* Which strategy a call uses: the one BCR_STRATEGY forces, else the cost
 * model's; direct whenever A and B are on different grids.  Depends only
 * on values all processes agreed on, so every process picks the same. */
int bcr_strategy_choose(const bcr_side *A, const bcr_side *B, const bcr_mask *mk, size_t elsize,
                        const bcr_plan_options *opt);
const char *bcr_strategy_name(int strategy);

/* The plan for this process (myrank of nranks in the union communicator);
 * BCR_SUCCESS or BCR_ERR_NOMEM (then pl holds nothing). */
int bcr_plan_build(bcr_plan *pl, const bcr_side *A, const bcr_side *B, const bcr_mask *mk,
                   size_t elsize, const bcr_plan_options *opt, int myrank, int nranks);
void bcr_plan_free(bcr_plan *pl);

/* Bytes this process sends through its shared segment in one exchange at
 * most (0 for NULL or a process in neither grid). */
bcr_idx bcr_plan_shm_bytes(const bcr_plan *pl, size_t elsize);

/* Elements of the one scratch a plan uses.  Transposed: local A's
 * transpose, then (once the row phase is over) the intermediate, in a
 * first region; the intermediate's transpose in a second. */
bcr_idx bcr_plan_scratch_elems(const bcr_plan *pl);
bcr_idx bcr_plan_first_region(const bcr_plan *pl);

#endif
