/* Remaps after Deitz et al. (ZPL's remap, ../shared/papers): the
 * destination element at local offset k of a layout takes the source
 * element (rows[k], cols[k]), the index maps laid out as the destination's
 * local array.  A gather by index: the maps name what each process
 * receives, not what it sends, so planning asks: each process sends the
 * source indices it needs to their owners, in the owners' storage order,
 * and each owner keeps the offsets asked of it, in that order, as strided
 * runs (the paper compresses saved maps by runs too).  The result is an
 * element plan (plan/elements.h), run as any. */
#ifndef BCR_PLAN_REMAP_H
#define BCR_PLAN_REMAP_H

#include <mpi.h>

#include "bcredist.h"
#include "plan/elements.h"

/* Collective over comm (ranks in it are the sides' ranks): this process's
 * plan.  Every map entry of this process's elements must lie inside src
 * (checked before).  Returns 0, or -1 (out of memory before any
 * communication: pl holds nothing, and the caller agrees on it).  A
 * failure after the requests left aborts the job (base/failsafe.h). */
int bcr_eplan_build_remap(bcr_eplan *pl, const bcr_eside *src, const bcr_eside *dst,
                          const bcr_int *rows, const bcr_int *cols, int rank, int nranks,
                          MPI_Comm comm, int *failed_here);

#endif
