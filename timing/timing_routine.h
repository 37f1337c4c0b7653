/* Which routine a case runs, by its short name: "ge" (p?gemr2d) or "tr" +
 * uplo + diag (p?trmr2d), e.g. "trUN" (upper, non-unit diagonal) or "trLU"
 * (lower, unit diagonal); or one of the update routines, against PBLAS
 * (timing_update.h): "tran" (p?tran, p?tranu for c and z), "tranc" (p?tranc,
 * c and z) and "geadd" (p?geadd with trans N). */
#ifndef BCR_TIMING_ROUTINE_H
#define BCR_TIMING_ROUTINE_H

#include "timing_case.h"

typedef struct {
    int trapezoid;
    char uplo, diag; /* 'U'/'L' and 'U'/'N' when trapezoid */
    char update;     /* tcase's update: 0, 'T', 'C' or 'N' */
} troutine;

#define TIMING_MAX_ROUTINES 8 /* ge, the four trapezoids, the three updates */

/* Parse --routine's comma list of ge, trUN, trUU, trLN, trLU, tr (trUN and
 * trLU: upper and lower, unit and non-unit), all (ge and tr: the
 * redistributions), tran, tranc, geadd and update (tran, tranc, geadd) into out, in
 * the order named, each routine once; returns how many, or 0 when a name is
 * unknown. */
int timing_parse_routines(const char *list, troutine out[TIMING_MAX_ROUTINES]);

/* Make c run routine r (once: a transpose swaps C's M and N). */
void timing_set_routine(tcase *c, const troutine *r);

/* The case's routine's short name ("ge", "trUN", "tran", ...) in buf. */
const char *timing_routine_name(const tcase *c, char buf[8]);

#endif
