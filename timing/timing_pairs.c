/* ScaLAPACK against bcredist's routine, case by case, for the native and
 * the ScaLAPACK file formats (timing_modes.h).  The native format's table
 * and CSV are what scripts/run-main.sh and the README show, and
 * scripts/timing-ab.sh reads the table's columns by position: keep them
 * (the routine column shows only when a routine other than p?gemr2d was
 * asked for, the reference column only when an update routine was, the
 * regime column only when a regime other than warm was; the CSV's routine
 * fields, regime and reference come last). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing_interleave.h"
#include "timing_modes.h"
#include "timing_run.h"
#include "timing_summary.h"
#include "timing_update.h"

#include "scalapack_ref.h"

/* The native table shows the routine only when one other than p?gemr2d was
 * asked for, so that the default table stays as scripts read it. */
static int show_routine(const timing_opts *o)
{
    for (int r = 0; r < o->nroutines; r++)
        if (o->routines[r].trapezoid || o->routines[r].update)
            return 1;
    return 0;
}

/* The reference a row was timed against shows only when an update
 * routine was asked for: PBLAS alone, or ScaLAPACK's p?gemr2d then PBLAS
 * (timing_update.h). */
static int show_reference(const timing_opts *o)
{
    for (int r = 0; r < o->nroutines; r++)
        if (o->routines[r].update)
            return 1;
    return 0;
}

/* The tables show the regime only when one other than warm was asked for,
 * for the same reason. */
static int show_regime(const timing_opts *o)
{
    return o->regime[REGIME_NEW_PLAN] || o->regime[REGIME_COLD];
}

/* "warm" or "warm, new-plan, cold", for the title line. */
static const char *regime_list(const timing_opts *o, char *out, size_t size)
{
    out[0] = '\0';
    for (int g = 0; g < TIMING_REGIMES; g++)
        if (o->regime[g])
            snprintf(out + strlen(out), size - strlen(out), "%s%s", out[0] ? ", " : "",
                     timing_regime_name(g));
    return out;
}

static void header(FILE *csv, int format, const timing_opts *o)
{
    if (csv && format == FORMAT_NATIVE)
        fprintf(csv, "case,type,M,N,grid_a,blocks_a,grid_b,blocks_b,scalapack_s,bcredist_s,"
                     "speedup,bcredist_over_copy_bound,kept_bytes_max_rank,identical,"
                     "routine,uplo,diag,regime,reference,peak_bytes_max_rank\n");
    else if (csv)
        fprintf(csv, "case,routine,uplo,diag,type,m,n,M_a,N_a,rsrc_a,csrc_a,ia,ja,grid_a,"
                     "blocks_a,M_b,N_b,rsrc_b,csrc_b,ib,jb,grid_b,blocks_b,scalapack_s,"
                     "bcredist_s,speedup,bcredist_over_copy_bound,kept_bytes_max_rank,"
                     "identical,regime,peak_bytes_max_rank\n");
    if (o->me != 0)
        return;
    char regimes[32];
    const char *threads = getenv("BCR_THREADS") ? getenv("BCR_THREADS")
                          : getenv("OMP_NUM_THREADS") ? getenv("OMP_NUM_THREADS")
                                                      : "the cores'";
    printf("bcr_timing: %d ranks, %s threads, %d repetitions, median of per-repetition %s%s; "
           "regime %s\n",
           o->nprocs, threads, o->reps,
           timing_job_time ? "job time (first start to last end)" : "max over ranks",
           o->check ? ", every result checked" : "",
           regime_list(o, regimes, sizeof regimes));
    const char *regime = show_regime(o) ? "regime   " : "";
    if (format == FORMAT_NATIVE)
        printf("%-4s %-1s %s%s%s%-13s %-14s %-14s %11s %11s %8s %9s %10s %10s %s\n", "case",
               "t", show_routine(o) ? "rout  " : "", show_reference(o) ? "reference    " : "",
               regime, "M x N", "A grid/blocks", "B grid/blocks", "ScaLAPACK s", "bcredist s",
               "speedup", "vs copy", "kept MiB", "peak MiB", "check");
    else
        printf("%-4s %-5s %-1s %s%-11s %-22s %-22s %11s %11s %8s %9s %10s %10s %s\n", "case",
               "rout", "t", regime, "m x n", "A M,N/grid/blocks", "B M,N/grid/blocks",
               "ScaLAPACK s", "bcredist s", "speedup", "vs copy", "kept MiB", "peak MiB", "check");
}

/* The regime's column in a table row: its name, or nothing. */
static const char *regime_cell(int regime, int shown, char out[16])
{
    if (shown)
        snprintf(out, 16, "%-8s ", timing_regime_name(regime));
    else
        out[0] = '\0';
    return out;
}

/* The routine's CSV fields, as in the ScaLAPACK format's CSV; an update
 * routine's by its short name (tran, tranc, geadd). */
static void csv_routine(char *out, size_t size, const tcase *c)
{
    char name[8];
    if (c->update)
        snprintf(out, size, "%s,-,-", timing_routine_name(c, name));
    else
        snprintf(out, size, "%s,%c,%c", c->trapezoid ? "trmr2d" : "gemr2d",
                 c->trapezoid ? c->uplo : '-', c->trapezoid ? c->diag : '-');
}

static void print_native(FILE *csv, int k, const tcase *c, const char *ref,
                         const regime_result *r, double bound, int regime, const timing_opts *o)
{
    const tside *A = &c->s[0], *B = &c->s[1];
    char dims[32], ga[32], gb[32], rout[8] = "", name[8], fields[16], reg[16], refc[16] = "";
    snprintf(dims, sizeof dims, "%dx%d", c->m, c->n);
    snprintf(ga, sizeof ga, "%dx%d/%dx%d", A->P, A->Q, A->MB, A->NB);
    snprintf(gb, sizeof gb, "%dx%d/%dx%d", B->P, B->Q, B->MB, B->NB);
    if (show_routine(o))
        snprintf(rout, sizeof rout, "%-5s ", timing_routine_name(c, name));
    if (show_reference(o))
        snprintf(refc, sizeof refc, "%-12s ", ref);
    printf("%-4d %c %s%s%s%-13s %-14s %-14s %11.4f %11.4f %8.2f %9.2f %10.1f %10.1f %s\n", k,
           c->type, rout, refc, regime_cell(regime, show_regime(o), reg), dims, ga, gb, r->ref,
           r->bcr, r->ref / r->bcr, r->bcr / bound, r->mem / 1048576.0, r->peak / 1048576.0,
           r->same ? "identical" : "DIFFERENT");
    csv_routine(fields, sizeof fields, c);
    if (csv)
        fprintf(csv,
                "%d,%c,%d,%d,%dx%d,%dx%d,%dx%d,%dx%d,%.6f,%.6f,%.3f,%.3f,%llu,%d,%s,%s,%s,%llu\n",
                k, c->type, c->m, c->n, A->P, A->Q, A->MB, A->NB, B->P, B->Q, B->MB, B->NB,
                r->ref, r->bcr, r->ref / r->bcr, r->bcr / bound, r->mem, r->same, fields,
                timing_regime_name(regime), ref, r->peak);
}

static void print_scalapack(FILE *csv, int k, const tcase *c, const regime_result *r,
                            double bound, int regime, const timing_opts *o)
{
    char rout[8], dims[32], side[2][40], fields[16], reg[16];
    timing_routine_name(c, rout);
    snprintf(dims, sizeof dims, "%dx%d", c->m, c->n);
    for (int s = 0; s < 2; s++) {
        const tside *d = &c->s[s];
        snprintf(side[s], sizeof side[s], "%d,%d/%dx%d/%dx%d", d->M, d->N, d->P, d->Q, d->MB,
                 d->NB);
    }
    printf("%-4d %-5s %c %s%-11s %-22s %-22s %11.4f %11.4f %8.2f %9.2f %10.1f %10.1f %s\n", k,
           rout, c->type, regime_cell(regime, show_regime(o), reg), dims, side[0], side[1], r->ref,
           r->bcr, r->ref / r->bcr, r->bcr / bound, r->mem / 1048576.0, r->peak / 1048576.0,
           r->same ? "identical" : "DIFFERENT");
    if (!csv)
        return;
    csv_routine(fields, sizeof fields, c);
    fprintf(csv, "%d,%s,%c,%d,%d", k, fields, c->type, c->m, c->n);
    for (int s = 0; s < 2; s++) {
        const tside *d = &c->s[s];
        fprintf(csv, ",%d,%d,%d,%d,%d,%d,%dx%d,%dx%d", d->M, d->N, d->rsrc, d->csrc, d->i, d->j,
                d->P, d->Q, d->MB, d->NB);
    }
    fprintf(csv, ",%.6f,%.6f,%.3f,%.3f,%llu,%d,%s,%llu\n", r->ref, r->bcr, r->ref / r->bcr,
            r->bcr / bound, r->mem, r->same, timing_regime_name(regime), r->peak);
}

/* ScaLAPACK's files give the number of tests first and run that many. */
static int scalapack_count(FILE *in)
{
    char line[512];
    return timing_next_line(in, line, sizeof line) ? atoi(line) : 0;
}

/* What one block of the run shares: the type of cases that name none, the
 * routine (NULL: as the line names it), and where the results go. */
typedef struct {
    const timing_opts *o;
    int format, ictxt, type_index;
    const troutine *routine;
    FILE *csv;
    timing_summary *summary;
    int runs, failures;
} block;

/* A native case that names its type runs in the block of that type, or in
 * the first type's blocks when --type does not list it. */
static int in_this_block(const block *b, char named)
{
    const char *listed = strchr(b->o->types, named);
    return listed ? listed - b->o->types == b->type_index : b->type_index == 0;
}

static void run_case(block *b, tcase *c, int k)
{
    const timing_opts *o = b->o;
    const char *why = timing_update_skip(c);
    if (why) {
        if (o->me == 0)
            printf("%-4d skipped: %s\n", k, why);
        return;
    }
    b->runs++;
    trial t;
    if (!trial_open(&t, c, b->ictxt)) {
        if (o->me == 0)
            printf("%-4d skipped: bad type or grid larger than %d ranks\n", k, o->nprocs);
        return;
    }
    case_result cr;
    timing_time_case(&t, o, &cr);
    int same = 1;
    for (int g = 0; g < TIMING_REGIMES; g++) {
        const regime_result *r = &cr.r[g];
        if (!r->ran) {
            if (o->regime[g] && o->me == 0)
                printf("%-4d %s skipped: fewer than %d rows and columns\n", k,
                       timing_regime_name(g), o->reps + 2);
            continue;
        }
        same &= r->same;
        if (o->me != 0)
            continue;
        if (b->format == FORMAT_SCALAPACK)
            print_scalapack(b->csv, k, c, r, cr.bound, g, o);
        else
            print_native(b->csv, k, c, timing_reference_name(&t), r, cr.bound, g, o);
        timing_summary_add(b->summary, c, timing_reference_name(&t), k, g, r->ref / r->bcr,
                           r->bcr / cr.bound, r->same);
    }
    b->failures += !same;
    if (o->me == 0)
        fflush(stdout);
    trial_close(&t);
}

/* One pass over the file; cases are numbered by their place in it. */
static void run_block(block *b, FILE *in)
{
    int scalapack = b->format == FORMAT_SCALAPACK;
    char type = b->o->types[b->type_index];
    rewind(in);
    int remaining = scalapack ? scalapack_count(in) : -1;
    char line[512];
    int k = 0;
    while (remaining != 0 && timing_next_line(in, line, sizeof line)) {
        tcase c;
        if (!(scalapack ? timing_parse_scalapack(line, type, &c)
                        : timing_parse_native(line, 0, &c))) {
            if (scalapack && b->o->me == 0)
                printf("skipped, not 22 or 24 numbers: %s\n", line);
            continue;
        }
        remaining--;
        k++;
        if (!c.type)
            c.type = type;
        else if (!in_this_block(b, c.type))
            continue;
        if (b->routine)
            timing_set_routine(&c, b->routine);
        run_case(b, &c, k);
    }
    if (remaining > 0 && b->o->me == 0)
        printf("the file announced %d more cases than it holds\n", remaining);
}

static void block_title(const block *b)
{
    char name[8];
    tcase c;
    memset(&c, 0, sizeof c);
    if (b->routine)
        timing_set_routine(&c, b->routine);
    printf("-- type %c, routine %s\n", b->o->types[b->type_index],
           b->routine ? timing_routine_name(&c, name) : "as each line names it");
}

int timing_run_pairs(FILE *in, int format, const timing_opts *o)
{
    int ntypes = (int)strlen(o->types);
    int nroutines = format == FORMAT_NATIVE ? o->nroutines : 1;
    FILE *csv = o->me == 0 ? fopen(o->csv_path, "w") : NULL;
    header(csv, format, o);
    timing_summary summary = {NULL, 0, 0};
    block b = {o, format, 0, 0, NULL, csv, &summary, 0, 0};
    Cblacs_get(0, 0, &b.ictxt);
    int scalapack = format == FORMAT_SCALAPACK;
    Cblacs_gridinit(&b.ictxt, "R", scalapack ? o->nprocs : 1, scalapack ? 1 : o->nprocs);
    for (b.type_index = 0; b.type_index < ntypes; b.type_index++)
        for (int r = 0; r < nroutines; r++) {
            b.routine = format == FORMAT_NATIVE ? &o->routines[r] : NULL;
            if (o->me == 0 && ntypes * nroutines > 1)
                block_title(&b);
            run_block(&b, in);
        }
    if (csv)
        fclose(csv);
    if (o->me == 0) {
        char path[1024];
        timing_summary_path(o->csv_path, path, sizeof path);
        timing_summary_finish(&summary, path);
        printf("%d cases, %d with different results; CSV in %s\n", b.runs, b.failures,
               o->csv_path);
    }
    Cblacs_gridexit(b.ictxt);
    return b.failures;
}
