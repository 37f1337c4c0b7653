/* The driver's two ways of running a case file (bcr_timing.c picks one by
 * the file's format). */
#ifndef BCR_TIMING_MODES_H
#define BCR_TIMING_MODES_H

#include <stdio.h>

#include "timing_regime.h"
#include "timing_routine.h"

typedef struct {
    int reps;
    const char *csv_path;
    char types[6]; /* --type: cases that name no type run once per letter */
    troutine routines[TIMING_MAX_ROUTINES]; /* --routine, native files only */
    int nroutines;
    int check; /* --check: compare after every timed call */
    int regime[TIMING_REGIMES]; /* 1 for each regime a case runs in */
    int me, nprocs;
} timing_opts;

/* ScaLAPACK against bcredist's routine, alternately, per case of a native
 * or ScaLAPACK-format file, in blocks: for each type of --type, for each
 * routine of --routine (a ScaLAPACK-format line names its routine), every
 * case, in each regime asked for (timing_interleave.h); then the summary
 * (timing_summary.h).  Returns the number of runs whose results differed
 * in some regime. */
int timing_run_pairs(FILE *in, int format, const timing_opts *o);

/* A paper's experiment (one type, the first of --type): every method of the file on every case, bcredist's
 * time split into planning, packing, unpacking, local copy and
 * communication; returns the number of (case, method) results that
 * differed from ScaLAPACK's, or -1 on a malformed file. */
int timing_run_experiment(FILE *in, const timing_opts *o);

#endif
