/* The 2-D strategy of a call: direct (one exchange, every message the
 * product of a row run list and a column run list) or indirect per
 * dimension (Thakur section 6.1: first the rows move inside each process
 * column, into an intermediate laid out like B by rows and like A by
 * columns, then the columns move inside each process row).  Indirect needs
 * A and B on the same grid; it trades a second pass over the data for far
 * fewer partners per process, which pays when there are many processes and
 * small messages.  The transposed variant does the row phase between
 * cache-blocked local transposes (transpose.h): local A transposed, the
 * row phase run as a column phase of the transposed matrix, where every
 * piece is whole columns, and the intermediate transposed back. */
#ifndef BCR_SCHEDULE_H
#define BCR_SCHEDULE_H

#include <mpi.h>

#include "exec.h"
#include "plan.h"
#include "shm.h"

enum bcr_strategy { BCR_STRATEGY_DIRECT, BCR_STRATEGY_INDIRECT, BCR_STRATEGY_TRANSPOSED };

/* A rows x cols piece of a local array, from element `first` on. */
typedef struct {
    bcr_idx first, rows, cols;
} bcr_piece;

typedef struct {
    int strategy;
    int active;         /* this process is in grid A or B */
    bcr_plan phase[2];  /* direct: phase[0] only */
    bcr_idx t_elems;    /* indirect: the intermediate's local array */
    bcr_idx t_ld;
    /* transposed: the piece of local A transposed (into a scratch of
     * leading dimension a.cols), the intermediate's local extents (t.first
     * 0; its transpose has leading dimension t.cols), the grid's map
     * transposed (phase[0]'s sides point into it) */
    bcr_piece a, t;
    int *map_t;
} bcr_schedule;

/* Exchanges the schedule runs: 1 or 2. */
int bcr_schedule_phases(const bcr_schedule *sc);

/* Which strategy this call uses: BCR_STRATEGY=direct|indirect|auto, auto
 * asking the cost model.  Depends only on values all processes agreed on,
 * so every process picks the same. */
int bcr_strategy_choose(const bcr_setup *s, const bcr_mask *mk, size_t elsize);
/* The strategy BCR_STRATEGY forces, or -1 for auto. */
int bcr_strategy_forced(void);
const char *bcr_strategy_name(int strategy);

int bcr_schedule_build(bcr_schedule *sc, const bcr_setup *s, const bcr_mask *mk,
                       size_t elsize, int myrank, int nranks);
void bcr_schedule_free(bcr_schedule *sc);
/* Reserve every buffer the schedule needs (see bcr_exec_reserve). */
int bcr_schedule_reserve(const bcr_schedule *sc, size_t elsize);
/* The last collective before the exchange, over comm: every process learns
 * whether any failed (see bcr_agree_error), and they agree on the
 * shared-memory transport for sc (NULL on a process in neither grid: it
 * only takes part).  *sh (when sh is not NULL) is that transport, or NULL
 * for MPI alone. */
int bcr_schedule_agree(const bcr_schedule *sc, size_t elsize, MPI_Comm comm, int rank, int size,
                       bcr_err *e, bcr_shm **sh);
int bcr_schedule_run(const bcr_schedule *sc, const bcr_arrays *ar, MPI_Comm comm,
                     bcr_shm *sh);

#endif
