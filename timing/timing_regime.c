/* The regimes of bcr_timing (see timing_regime.h). */
#include "timing_regime.h"

#include <string.h>

static const char *const names[TIMING_REGIMES] = {"warm", "new-plan", "cold"};

const char *timing_regime_name(int regime) { return names[regime]; }

int timing_parse_regimes(const char *list, int on[TIMING_REGIMES])
{
    for (const char *w = list;; w++) {
        size_t len = strcspn(w, ",");
        int known = 0;
        for (int r = 0; r < TIMING_REGIMES; r++)
            if ((strlen(names[r]) == len && !strncmp(names[r], w, len)) ||
                (len == 3 && !strncmp(w, "all", 3)))
                on[r] = known = 1;
        if (!known)
            return 0;
        w += len;
        if (!*w)
            return 1;
    }
}

/* Why every new-plan call is one the library has not planned: the plan
 * cache keys on the submatrix's m and n among the rest, and shape k
 * removes k rows from the end of the submatrix (k columns when it has too
 * few rows), so no two shapes are equal, and none equals the case's own
 * (shape 0, which the warm and cold regimes call).  A case runs shape 1
 * as its untimed warm-up and shapes 2 to reps + 1 timed, each shape once,
 * and every case starts from bcr_finalize(), so no shape can come from a
 * cache however many plans it keeps.  Shapes shrink from one call to the
 * next and the case's own, larger than all, is called before the first
 * timed one (timing_interleave.c), so no timed call needs a larger buffer
 * or segment than the library has: the time is that of a plan, not of
 * growing the pools.
 * The submatrix keeps its origin (ia, ja, ib, jb) and stays inside both
 * matrices. */
int timing_new_plan_shape(const tcase *base, int shape, int reps, tcase *out)
{
    *out = *base;
    if (base->m > reps + 1)
        out->m -= shape;
    else if (base->n > reps + 1)
        out->n -= shape;
    else
        return 0;
    return 1;
}
