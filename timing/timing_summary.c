/* The summary of a run of pairs (see timing_summary.h). */
#include "timing_summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing_regime.h"
#include "timing_routine.h"
#include "timing_run.h"

void timing_summary_add(timing_summary *s, const tcase *c, const char *ref, int k, int regime,
                        double speedup, double bound, int same)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->v = realloc(s->v, (size_t)s->cap * sizeof *s->v);
    }
    summary_entry *e = &s->v[s->n++];
    const tside *A = &c->s[0], *B = &c->s[1];
    e->type = c->type;
    timing_routine_name(c, e->routine);
    e->ref = ref;
    e->k = k;
    e->regime = regime;
    e->block1 = A->MB == 1 || B->MB == 1;
    e->same = same;
    e->speedup = speedup;
    e->bound = bound;
}

/* An extreme and the case it is in; case_ is empty while there is none. */
typedef struct {
    double value;
    char case_[8];
} extreme;

typedef struct {
    char type; /* '*': every type */
    const char *routine, *ref;
    int regime;
    int cases, different;
    double median;
    extreme lowest, worst[3]; /* worst /copy: all, blocks > 1, a block of 1 */
} group;

static void note(extreme *x, double v, int lower, const summary_entry *e, int all_types)
{
    if (x->case_[0] && (lower ? v >= x->value : v <= x->value))
        return;
    x->value = v;
    if (all_types)
        snprintf(x->case_, sizeof x->case_, "%c%d", e->type, e->k);
    else
        snprintf(x->case_, sizeof x->case_, "%d", e->k);
}

/* Entries of one group share routine, reference and regime, and type
 * unless any_type. */
static int together(const summary_entry *a, const summary_entry *b, int any_type)
{
    return !strcmp(a->routine, b->routine) && !strcmp(a->ref, b->ref) && a->regime == b->regime &&
           (any_type || a->type == b->type);
}

/* The group of e: its type's (or every type's, with type '*'). */
static group gather(const timing_summary *s, const summary_entry *of, char type)
{
    group g;
    memset(&g, 0, sizeof g);
    g.type = type;
    g.routine = of->routine;
    g.ref = of->ref;
    g.regime = of->regime;
    double *sp = malloc((size_t)s->n * sizeof *sp);
    for (int i = 0; i < s->n; i++) {
        const summary_entry *e = &s->v[i];
        if (!together(e, of, type == '*'))
            continue;
        sp[g.cases++] = e->speedup;
        g.different += !e->same;
        note(&g.lowest, e->speedup, 1, e, type == '*');
        note(&g.worst[0], e->bound, 0, e, type == '*');
        note(&g.worst[e->block1 ? 2 : 1], e->bound, 0, e, type == '*');
    }
    g.median = g.cases ? timing_median(sp, g.cases) : 0;
    free(sp);
    return g;
}

/* "3.64 (7)", or "-" when there is none. */
static const char *show(const extreme *x, char *buf, size_t size)
{
    if (x->case_[0])
        snprintf(buf, size, "%.2f (%s)", x->value, x->case_);
    else
        snprintf(buf, size, "-");
    return buf;
}

static void print_group(FILE *csv, const group *g, int regimes, int updates)
{
    char b[4][32], reg[16] = "", ref[16] = "";
    if (regimes)
        snprintf(reg, sizeof reg, "%-8s ", timing_regime_name(g->regime));
    if (updates)
        snprintf(ref, sizeof ref, "%-12s ", g->ref);
    printf("%c %-*s %s%s%5d %7.2f  %-13s %-13s %-13s %-13s %9d\n", g->type, updates ? 5 : 4,
           g->routine, ref, reg, g->cases, g->median, show(&g->lowest, b[0], sizeof b[0]),
           show(&g->worst[0], b[1], sizeof b[1]), show(&g->worst[1], b[2], sizeof b[2]),
           show(&g->worst[2], b[3], sizeof b[3]), g->different);
    if (!csv)
        return;
    fprintf(csv, "%s,%s,%d,%.3f,%.3f,%s", g->type == '*' ? "all" : (char[]){g->type, 0},
            g->routine, g->cases, g->median, g->lowest.value, g->lowest.case_);
    for (int w = 0; w < 3; w++)
        if (g->worst[w].case_[0])
            fprintf(csv, ",%.3f,%s", g->worst[w].value, g->worst[w].case_);
        else
            fprintf(csv, ",,");
    fprintf(csv, ",%d,%s,%s\n", g->different, timing_regime_name(g->regime), g->ref);
}

/* Index of the first entry of e's group (together), so each group is
 * printed once, where it first appears. */
static int first(const timing_summary *s, const summary_entry *e, int any_type)
{
    int i = 0;
    while (!together(&s->v[i], e, any_type))
        i++;
    return i;
}

static int types_running(const timing_summary *s, const summary_entry *e)
{
    char seen[8] = "";
    for (int i = 0; i < s->n; i++)
        if (together(&s->v[i], e, 1) && !strchr(seen, s->v[i].type) &&
            strlen(seen) < sizeof seen - 1)
            seen[strlen(seen)] = s->v[i].type;
    return (int)strlen(seen);
}

/* The reference column shows when some entry is an update routine's. */
static int any_update(const timing_summary *s)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->v[i].ref, "scalapack"))
            return 1;
    return 0;
}

/* The regime column shows when some entry is not warm. */
static int any_regime(const timing_summary *s)
{
    for (int i = 0; i < s->n; i++)
        if (s->v[i].regime != REGIME_WARM)
            return 1;
    return 0;
}

void timing_summary_finish(timing_summary *s, const char *csv_path)
{
    if (s->n == 0)
        return;
    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv)
        fprintf(csv, "type,routine,cases,median_speedup,lowest_speedup,lowest_case,"
                     "worst_over_copy_bound,worst_case,worst_over_copy_bound_blocks_gt1,"
                     "worst_case_blocks_gt1,worst_over_copy_bound_block1,worst_case_block1,"
                     "different,regime,reference\n");
    int regimes = any_regime(s), updates = any_update(s);
    printf("summary per type%s (* = every type)%s%s\n"
           "  speedup = ScaLAPACK s / bcredist s: median, lowest (case: its number in the "
           "file,\n  after its type in * rows); /copy = bcredist s / copy bound, the highest: "
           "over all\n  cases, over those whose row blocks are above 1 on both sides (bs>1), over "
           "those with\n  rows in blocks of 1 on a side (bs=1: one element per run, interleaved)\n",
           regimes ? ", routine and regime" : " and routine", csv ? "; CSV in " : "", csv ? csv_path : "");
    printf("%-1s %-*s %s%s%5s %7s  %-13s %-13s %-13s %-13s %9s\n", "t", updates ? 5 : 4, "rout",
           updates ? "reference    " : "", regimes ? "regime   " : "", "cases", "median", "lowest (case)", "/copy (case)",
           "bs>1 (case)", "bs=1 (case)", "different");
    for (int i = 0; i < s->n; i++)
        if (first(s, &s->v[i], 0) == i) {
            group g = gather(s, &s->v[i], s->v[i].type);
            print_group(csv, &g, regimes, updates);
        }
    for (int i = 0; i < s->n; i++)
        if (first(s, &s->v[i], 1) == i && types_running(s, &s->v[i]) > 1) {
            group g = gather(s, &s->v[i], '*');
            print_group(csv, &g, regimes, updates);
        }
    if (csv)
        fclose(csv);
    free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}

void timing_summary_path(const char *csv_path, char *out, size_t size)
{
    size_t n = strlen(csv_path);
    if (n >= 4 && !strcmp(csv_path + n - 4, ".csv"))
        n -= 4;
    snprintf(out, size, "%.*s.summary.csv", (int)n, csv_path);
}
