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
 * (checked before).  *failed_here on entry: whether this process has
 * already failed (it takes part asking for nothing, and planning fails on
 * every process).  Counts and offsets are 64-bit; the requests travel as
 * one message per pair of processes, in chunks (base/post_chunks.h); every
 * wait is bounded (base/failsafe.h).  Returns 0, or -1 with pl holding
 * nothing: either on every process, an allocation having failed on some
 * before the messages that depend on it (agreed here), or on this process
 * alone, out of memory after the requests were exchanged (the caller
 * agrees on it).  *failed_here: whether this process ran out of memory;
 * on a -1 without it, another process did.  Only an MPI failure gives up
 * (base/failsafe.h). */
int bcr_eplan_build_remap(bcr_eplan *pl, const bcr_eside *src, const bcr_eside *dst,
                          const bcr_int *rows, const bcr_int *cols, int rank, int nranks,
                          MPI_Comm comm, int *failed_here);

#endif
