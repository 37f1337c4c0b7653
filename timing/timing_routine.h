/* Which of the two ScaLAPACK routines a case runs, by its short name:
 * "ge" (p?gemr2d) or "tr" + uplo + diag (p?trmr2d), e.g. "trUN" (upper,
 * non-unit diagonal) or "trLU" (lower, unit diagonal). */
#ifndef BCR_TIMING_ROUTINE_H
#define BCR_TIMING_ROUTINE_H

#include "timing_case.h"

typedef struct {
    int trapezoid;
    char uplo, diag; /* 'U'/'L' and 'U'/'N' when trapezoid */
} troutine;

#define TIMING_MAX_ROUTINES 5 /* ge and the four trapezoids */

/* Parse --routine's comma list of ge, trUN, trUU, trLN, trLU, tr (trUN and
 * trLU: upper and lower, unit and non-unit) and all (ge and tr) into out, in
 * the order named, each routine once; returns how many, or 0 when a name is
 * unknown. */
int timing_parse_routines(const char *list, troutine out[TIMING_MAX_ROUTINES]);

/* Make c run routine r. */
void timing_set_routine(tcase *c, const troutine *r);

/* The case's routine's short name ("ge", "trUN", ...) in buf. */
const char *timing_routine_name(const tcase *c, char buf[8]);

#endif
