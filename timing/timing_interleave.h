/* One case of a run of pairs timed in every regime asked for
 * (timing_regime.h), the regimes taking turns in each repetition and
 * ScaLAPACK's call before each of bcredist's, so that drifts in the
 * machine's load hit every regime and both libraries alike. */
#ifndef BCR_TIMING_INTERLEAVE_H
#define BCR_TIMING_INTERLEAVE_H

#include "timing_modes.h"
#include "timing_regime.h"
#include "timing_run.h"

typedef struct {
    int ran;                /* 0: new-plan on a case too small for its shapes */
    double ref, bcr;        /* medians over the repetitions, slowest rank */
    unsigned long long mem; /* kept bytes: bcr_pool_bytes() after the
                               regime's last call, the largest over ranks */
    unsigned long long peak; /* that call's peak extra memory
                                (bcr_pool_peak_bytes), the largest over ranks */
    int same;               /* results identical to ScaLAPACK's */
} regime_result;

typedef struct {
    double bound; /* the copy bound of the case's larger local array */
    regime_result r[TIMING_REGIMES];
} case_result;

void timing_time_case(trial *t, const timing_opts *o, case_result *out);

#endif
