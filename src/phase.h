/* Per-thread sums of where the time of bcredist's calls went, for timing
 * drivers that split computation from communication as the papers do. */
#ifndef BCR_PHASE_H
#define BCR_PHASE_H

#include <mpi.h>

#include "bcredist.h"

extern _Thread_local bcr_phase_times bcr_phase_now;

/* Start a timed section; add its length to one field with bcr_phase_add. */
static inline double bcr_phase_start(void) { return MPI_Wtime(); }
static inline void bcr_phase_add(double *field, double t0) { *field += MPI_Wtime() - t0; }

#endif
