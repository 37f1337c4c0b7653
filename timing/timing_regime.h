/* How much of bcredist's state a timed call finds from the calls before
 * it, the regimes of bcr_timing (--regime, --new-plan, --cold):
 *   warm      the same call again: its plan cached, the context's
 *             communicators, shared segments and buffers made;
 *   new-plan  a call the library has not planned, on contexts it has
 *             used: the plan is built, the rest is kept;
 *   cold      bcr_finalize() on every process first: nothing kept.
 * ScaLAPACK keeps nothing between calls, so its call is the same in every
 * regime, except that new-plan gives both libraries the new shape. */
#ifndef BCR_TIMING_REGIME_H
#define BCR_TIMING_REGIME_H

#include "timing_case.h"

enum { REGIME_WARM, REGIME_NEW_PLAN, REGIME_COLD, TIMING_REGIMES };

/* "warm", "new-plan", "cold". */
const char *timing_regime_name(int regime);

/* Parse a comma list of warm, new-plan, cold and all into on[] (1 for each
 * regime named, the others left as they are); returns 0 when a name is
 * unknown. */
int timing_parse_regimes(const char *list, int on[TIMING_REGIMES]);

/* The submatrix that new-plan's call number `shape` (1, 2, ...) copies,
 * for a case of `reps` timed repetitions, in out; returns 0 when the case
 * is too small to give reps + 1 shapes (see timing_regime.c). */
int timing_new_plan_shape(const tcase *base, int shape, int reps, tcase *out);

#endif
