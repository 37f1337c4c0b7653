/* The papers' experiments (timing_modes.h).  A file:
 *
 *   experiment NAME
 *   method LABEL scalapack
 *   method LABEL bcr [BCR_VAR=value ...]
 *   1d LABEL N NBA NBB [type]              (see timing_case.h)
 *   2d LABEL M N GRIDA MBA NBA GRIDB MBB NBB [type]
 *
 * Every case runs every method, the methods taking turns in each repetition.
 * A bcredist method is run through the plan
 * API with a fresh plan each repetition, so its time holds all the index
 * computation, as ScaLAPACK's does on every call and as the papers count
 * it; the split is planning (create), packing, unpacking, local copy and
 * communication (the library's phase timers).  The environment variables
 * of a method (BCR_GENERATOR, BCR_STRATEGY, BCR_PACK, BCR_RECV, BCR_SHM)
 * are set just before it runs and the others reset to their defaults; the
 * library reads them at each plan (and BCR_RECV at each call).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing_gen.h"
#include "timing_guo.h"
#include "timing_modes.h"
#include "timing_run.h"

#include "scalapack_ref.h"

#define MAX_METHODS 12
#define MAX_VARS 4

typedef struct {
    char label[24];
    int scalapack;
    char vars[MAX_VARS][40]; /* "NAME=value" */
    int nvars;
} method;

static const char *const switches[] = {"BCR_GENERATOR", "BCR_STRATEGY", "BCR_PACK", "BCR_RECV",
                                       "BCR_SHM"};

static void apply_env(const method *m)
{
    for (size_t k = 0; k < sizeof switches / sizeof *switches; k++)
        unsetenv(switches[k]);
    for (int k = 0; k < m->nvars; k++) {
        char name[40];
        const char *eq = strchr(m->vars[k], '=');
        snprintf(name, sizeof name, "%.*s", (int)(eq - m->vars[k]), m->vars[k]);
        setenv(name, eq + 1, 1);
    }
}

/* "method LABEL scalapack|bcr [VAR=value ...]"; returns 0 if malformed. */
static int parse_method(const char *line, method *m)
{
    char kind[16], v[MAX_VARS + 1][40];
    memset(m, 0, sizeof *m);
    int k = sscanf(line, "%*s %23s %15s %39s %39s %39s %39s %39s", m->label, kind, v[0], v[1],
                   v[2], v[3], v[4]);
    if (k < 2 || k > 2 + MAX_VARS || (strcmp(kind, "scalapack") && strcmp(kind, "bcr")))
        return 0;
    m->scalapack = !strcmp(kind, "scalapack");
    for (int i = 0; i < k - 2; i++) {
        if (m->scalapack || !strchr(v[i], '='))
            return 0;
        strcpy(m->vars[m->nvars++], v[i]);
    }
    return 1;
}

typedef struct {
    phase_sample t; /* medians over the repetitions, field by field */
    int same;
} method_result;

/* One call of a method.  bcredist's B is put back first, so a method that
 * wrote nothing cannot pass on the previous method's result. */
static phase_sample call_method(trial *t, const method *m)
{
    phase_sample s = {0, 0, 0, 0, 0, 0, 0};
    apply_env(m);
    if (m->scalapack) {
        s.total = trial_call_ref(t);
    } else {
        trial_reset_bcr(t);
        trial_call_bcr_planned(t, &s);
    }
    return s;
}

/* Methods take turns within each repetition, so that a change in the
 * machine's load (it is shared) hits all of them alike. */
static void run_methods(trial *t, const method *ms, int nm, const timing_opts *o,
                        method_result *r)
{
    phase_sample *s = malloc((size_t)nm * (size_t)o->reps * sizeof *s);
    double *tmp = malloc((size_t)o->reps * sizeof *tmp);
    for (int j = 0; j < nm; j++) {
        call_method(t, &ms[j]); /* warm-up */
        r[j].same = 1;
    }
    for (int k = 0; k < o->reps; k++)
        for (int j = 0; j < nm; j++) {
            s[j * o->reps + k] = call_method(t, &ms[j]);
            if (!ms[j].scalapack && (o->check || k == o->reps - 1))
                r[j].same &= trial_same(t);
        }
    for (int j = 0; j < nm; j++)
        for (size_t f = 0; f < PHASE_FIELDS; f++) {
            for (int k = 0; k < o->reps; k++)
                tmp[k] = ((const double *)&s[j * o->reps + k])[f];
            ((double *)&r[j].t)[f] = timing_median(tmp, o->reps);
        }
    free(s);
    free(tmp);
}

static void print_header(FILE *csv, const char *name, const timing_opts *o)
{
    if (csv)
        fprintf(csv, "experiment,case,type,M,N,elements,ranks,grid_a,blocks_a,grid_b,blocks_b,"
                     "method,gen_rows,gen_cols,total_s,plan_s,exec_s,pack_s,unpack_s,local_s,"
                     "comm_s,compute_s,speedup_vs_scalapack,identical\n");
    if (o->me == 0) {
        printf("experiment %s: %d ranks, %d repetitions, median of per-repetition max over "
               "ranks; bcredist plans afresh each call; times in ms\n",
               name, o->nprocs, o->reps);
        printf("%-16s %9s %-12s %-31s %9s %8s %9s %8s %8s %8s %9s %8s %s\n", "case", "elements",
               "method", "generator rows/cols", "total", "plan", "exec", "pack", "unpack",
               "local", "comm", "speedup", "check");
    }
}

static void print_row(FILE *csv, const char *name, const tcase *c, const method *m,
                      const method_result *r, double ref_total, int nprocs)
{
    const tside *A = &c->s[0], *B = &c->s[1];
    const char *gr = "-", *gc = "-";
    char gens[40];
    if (!m->scalapack) {
        apply_env(m);
        timing_generators(c, &gr, &gc);
    }
    snprintf(gens, sizeof gens, "%s/%s", gr, gc);
    const phase_sample *t = &r->t;
    double speedup = ref_total > 0 ? ref_total / t->total : 0;
    double compute = t->plan + t->pack + t->unpack + t->local;
    const char *check = m->scalapack ? "reference" : r->same ? "identical" : "DIFFERENT";
    printf("%-16s %9.0f %-12s %-31s %9.3f %8.3f %9.3f %8.3f %8.3f %8.3f %9.3f %8.2f %s\n",
           c->label, (double)c->m * c->n, m->label, gens, 1e3 * t->total, 1e3 * t->plan,
           1e3 * t->exec, 1e3 * t->pack, 1e3 * t->unpack, 1e3 * t->local, 1e3 * t->comm,
           speedup, check);
    fflush(stdout);
    if (csv)
        fprintf(csv,
                "%s,%s,%c,%d,%d,%.0f,%d,%dx%d,%dx%d,%dx%d,%dx%d,%s,%s,%s,%.6f,%.6f,%.6f,%.6f,"
                "%.6f,%.6f,%.6f,%.6f,%.3f,%d\n",
                name, c->label, c->type, c->m, c->n, (double)c->m * c->n, nprocs, A->P, A->Q,
                A->MB, A->NB, B->P, B->Q, B->MB, B->NB, m->label, gr, gc, t->total, t->plan,
                t->exec, t->pack, t->unpack, t->local, t->comm, compute, speedup, r->same);
}

static int run_case(const tcase *c, const method *ms, int nm, const char *name, FILE *csv,
                    const timing_opts *o, int ictxt)
{
    trial t;
    if (!trial_open(&t, c, ictxt)) {
        if (o->me == 0)
            printf("%-16s skipped: bad type or grid larger than %d ranks\n", c->label, o->nprocs);
        return 0;
    }
    double ref_total = 0;
    int failures = 0;
    trial_call_ref(&t); /* the reference result every method is compared with */
    method_result *r = malloc((size_t)(nm ? nm : 1) * sizeof *r);
    run_methods(&t, ms, nm, o, r);
    for (int k = 0; k < nm; k++) {
        failures += !r[k].same;
        if (ms[k].scalapack)
            ref_total = r[k].t.total;
    }
    if (o->me == 0)
        for (int k = 0; k < nm; k++)
            print_row(csv, name, c, &ms[k], &r[k], ref_total, o->nprocs);
    free(r);
    trial_close(&t);
    return failures;
}

/* Guo et al.'s MULTRANS (timing_guo.h), a program rather than a set of
 * redistributions: lines "n N", each run o->reps times. */
static int run_guo(FILE *in, const timing_opts *o)
{
    char line[512];
    int n, failures = 0;
    FILE *csv = o->me == 0 ? fopen(o->csv_path, "w") : NULL;
    if (csv)
        fprintf(csv, "ranks,n,bstar_multiply,bstar_transpose,linear_multiply,"
                     "linear_redistribute,linear_transpose,identical\n");
    while (timing_next_line(in, line, sizeof line)) {
        if (sscanf(line, "n %d", &n) != 1 || n < 1) {
            if (o->me == 0)
                fprintf(stderr, "bcr_timing: cannot read \"%s\"\n", line);
            failures = -1;
            break;
        }
        failures += timing_guo_multrans(n, o->reps, csv);
    }
    if (csv)
        fclose(csv);
    return failures;
}

int timing_run_experiment(FILE *in, const timing_opts *o)
{
    char line[512], name[40] = "?";
    method ms[MAX_METHODS];
    int nm = 0, failures = 0, malformed = 0;
    if (timing_next_line(in, line, sizeof line))
        sscanf(line, "%*s %39s", name);
    if (!strcmp(name, "guo_multrans"))
        return run_guo(in, o);
    FILE *csv = o->me == 0 ? fopen(o->csv_path, "w") : NULL;
    print_header(csv, name, o);
    int ictxt;
    Cblacs_get(0, 0, &ictxt);
    Cblacs_gridinit(&ictxt, "R", 1, o->nprocs);
    while (timing_next_line(in, line, sizeof line)) {
        tcase c;
        if (!strncmp(line, "method", 6)) {
            if (nm < MAX_METHODS && parse_method(line, &ms[nm]))
                nm++;
            else
                malformed = 1;
        } else if (timing_parse_experiment_case(line, o->nprocs, o->types[0], &c)) {
            failures += run_case(&c, ms, nm, name, csv, o, ictxt);
        } else {
            malformed = 1;
        }
        if (malformed) {
            if (o->me == 0)
                fprintf(stderr, "bcr_timing: cannot read \"%s\"\n", line);
            break;
        }
    }
    if (csv)
        fclose(csv);
    if (o->me == 0)
        printf("%d results different from ScaLAPACK's; CSV in %s\n", failures, o->csv_path);
    Cblacs_gridexit(ictxt);
    const method defaults = {"", 0, {{0}}, 0};
    apply_env(&defaults);
    return malformed ? -1 : failures;
}
