/* Routine names of the timing driver (see timing_routine.h). */
#include "timing_routine.h"

#include <stdio.h>
#include <string.h>

/* The names a list may hold, each standing for one or more routines. */
static const struct {
    const char *name, *routines;
} names[] = {
    {"ge", "ge"},     {"trUN", "trUN"}, {"trUU", "trUU"},           {"trLN", "trLN"},
    {"trLU", "trLU"}, {"tr", "trUN trLU"}, {"all", "ge trUN trLU"},
};

static troutine from_name(const char *r)
{
    troutine t = {0, 0, 0};
    if (r[0] == 't') {
        t.trapezoid = 1;
        t.uplo = r[2];
        t.diag = r[3];
    }
    return t;
}

static int add(troutine *out, int n, troutine t)
{
    for (int k = 0; k < n; k++)
        if (out[k].trapezoid == t.trapezoid && out[k].uplo == t.uplo && out[k].diag == t.diag)
            return n;
    out[n] = t;
    return n + 1;
}

/* The routines a name stands for: names[k].routines, words of 4 or 2
 * letters separated by single spaces. */
static int add_named(troutine *out, int n, const char *routines)
{
    for (const char *r = routines; *r; r += strcspn(r, " "), r += *r == ' ')
        n = add(out, n, from_name(r));
    return n;
}

int timing_parse_routines(const char *list, troutine out[TIMING_MAX_ROUTINES])
{
    int n = 0;
    for (const char *w = list;; w++) {
        size_t len = strcspn(w, ","), k = 0;
        while (k < sizeof names / sizeof *names &&
               (strlen(names[k].name) != len || strncmp(names[k].name, w, len)))
            k++;
        if (k == sizeof names / sizeof *names)
            return 0;
        n = add_named(out, n, names[k].routines);
        w += len;
        if (!*w)
            return n;
    }
}

void timing_set_routine(tcase *c, const troutine *r)
{
    c->trapezoid = r->trapezoid;
    c->uplo = r->uplo;
    c->diag = r->diag;
}

const char *timing_routine_name(const tcase *c, char buf[8])
{
    if (c->trapezoid)
        snprintf(buf, 8, "tr%c%c", c->uplo, c->diag);
    else
        strcpy(buf, "ge");
    return buf;
}
