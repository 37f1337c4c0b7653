/* Per-thread sums of where the time of bcredist's calls went, for timing
 * drivers that split computation from communication as the papers do. */
#ifndef BCR_BASE_TIMERS_H
#define BCR_BASE_TIMERS_H

#include <mpi.h>

#include "bcredist.h"

extern _Thread_local bcr_phase_times bcr_phase_now;

/* Start a timed section; add its length to one field with bcr_phase_add.
 * Built with -DBCREDIST_PHASE_CPU_CLOCK=ON the sections count this
 * thread's CPU time instead of the wall clock: where ranks outnumber
 * cores, wall time counts the turns of other processes too, and CPU time
 * shows what waiting itself costs. */
#if defined(BCR_PHASE_CPU_CLOCK)
#include <time.h>
static inline double bcr_phase_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
#else
static inline double bcr_phase_clock(void) { return MPI_Wtime(); }
#endif
static inline double bcr_phase_start(void) { return bcr_phase_clock(); }
static inline void bcr_phase_add(double *field, double t0) { *field += bcr_phase_clock() - t0; }

#endif
