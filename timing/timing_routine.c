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
    {"tran", "tran"}, {"tranc", "tranc"},    {"geadd", "geadd"},
    {"update", "tran tranc geadd"},
};

/* The update routines' names and their tcase.update. */
static const struct {
    const char *name;
    char update;
} updates[] = {{"tran", 'T'}, {"tranc", 'C'}, {"geadd", 'N'}};

static troutine from_name(const char *r, size_t len)
{
    troutine t = {0, 0, 0, 0};
    for (size_t k = 0; k < sizeof updates / sizeof *updates; k++)
        if (strlen(updates[k].name) == len && !strncmp(updates[k].name, r, len))
            t.update = updates[k].update;
    if (!t.update && r[0] == 't') {
        t.trapezoid = 1;
        t.uplo = r[2];
        t.diag = r[3];
    }
    return t;
}

static int add(troutine *out, int n, troutine t)
{
    for (int k = 0; k < n; k++)
        if (out[k].trapezoid == t.trapezoid && out[k].uplo == t.uplo && out[k].diag == t.diag &&
            out[k].update == t.update)
            return n;
    out[n] = t;
    return n + 1;
}

/* The routines a name stands for: names[k].routines, words separated by
 * single spaces. */
static int add_named(troutine *out, int n, const char *routines)
{
    for (const char *r = routines; *r; r += strcspn(r, " "), r += *r == ' ')
        n = add(out, n, from_name(r, strcspn(r, " ")));
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
    c->update = r->update;
    /* C of a transpose is N x M, so that a square case is the same matrix
     * both ways (timing_update.h) */
    if (r->update == 'T' || r->update == 'C') {
        int M = c->s[1].M;
        c->s[1].M = c->s[1].N;
        c->s[1].N = M;
    }
}

const char *timing_routine_name(const tcase *c, char buf[8])
{
    for (size_t k = 0; k < sizeof updates / sizeof *updates; k++)
        if (c->update == updates[k].update)
            return strcpy(buf, updates[k].name);
    if (c->trapezoid)
        snprintf(buf, 8, "tr%c%c", c->uplo, c->diag);
    else
        strcpy(buf, "ge");
    return buf;
}
