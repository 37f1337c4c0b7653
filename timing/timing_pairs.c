/* ScaLAPACK against bcredist's routine, case by case, for the native and
 * the ScaLAPACK file formats (timing_modes.h).  The native format's table
 * and CSV are what scripts/run-main.sh and the README show, and
 * scripts/timing-ab.sh reads the table's columns by position: keep them
 * (the routine column shows only when a p?trmr2d routine was asked for,
 * the CSV's routine fields come last). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "timing_modes.h"
#include "timing_run.h"
#include "timing_summary.h"

#include "scalapack_ref.h"

typedef struct {
    double ref, bcr, bound;
    unsigned long long mem;
    int same;
} pair_result;

/* The native table shows the routine only when one other than p?gemr2d was
 * asked for, so that the default table stays as scripts read it. */
static int show_routine(const timing_opts *o)
{
    for (int r = 0; r < o->nroutines; r++)
        if (o->routines[r].trapezoid)
            return 1;
    return 0;
}

static void header(FILE *csv, int format, const timing_opts *o)
{
    if (csv && format == FORMAT_NATIVE)
        fprintf(csv, "case,type,M,N,grid_a,blocks_a,grid_b,blocks_b,scalapack_s,bcredist_s,"
                     "speedup,bcredist_over_copy_bound,extra_mem_per_rank_bytes,identical,"
                     "routine,uplo,diag\n");
    else if (csv)
        fprintf(csv, "case,routine,uplo,diag,type,m,n,M_a,N_a,rsrc_a,csrc_a,ia,ja,grid_a,"
                     "blocks_a,M_b,N_b,rsrc_b,csrc_b,ib,jb,grid_b,blocks_b,scalapack_s,"
                     "bcredist_s,speedup,bcredist_over_copy_bound,extra_mem_per_rank_bytes,"
                     "identical\n");
    if (o->me != 0)
        return;
    printf("bcr_timing: %d ranks, %d repetitions, median of per-repetition max over ranks%s\n",
           o->nprocs, o->reps, o->check ? ", every result checked" : "");
    if (format == FORMAT_NATIVE)
        printf("%-4s %-1s %s%-13s %-14s %-14s %11s %11s %8s %9s %10s %s\n", "case", "t",
               show_routine(o) ? "rout " : "", "M x N", "A grid/blocks", "B grid/blocks",
               "ScaLAPACK s", "bcredist s", "speedup", "vs copy", "extra MiB", "check");
    else
        printf("%-4s %-5s %-1s %-11s %-22s %-22s %11s %11s %8s %9s %s\n", "case", "rout", "t",
               "m x n", "A M,N/grid/blocks", "B M,N/grid/blocks", "ScaLAPACK s", "bcredist s",
               "speedup", "vs copy", "check");
}

/* The routine's CSV fields, as in the ScaLAPACK format's CSV. */
static void csv_routine(char *out, size_t size, const tcase *c)
{
    snprintf(out, size, "%s,%c,%c", c->trapezoid ? "trmr2d" : "gemr2d",
             c->trapezoid ? c->uplo : '-', c->trapezoid ? c->diag : '-');
}

static void print_native(FILE *csv, int k, const tcase *c, const pair_result *r, int routine)
{
    const tside *A = &c->s[0], *B = &c->s[1];
    char dims[32], ga[32], gb[32], rout[8] = "", name[8], fields[16];
    snprintf(dims, sizeof dims, "%dx%d", c->m, c->n);
    snprintf(ga, sizeof ga, "%dx%d/%dx%d", A->P, A->Q, A->MB, A->NB);
    snprintf(gb, sizeof gb, "%dx%d/%dx%d", B->P, B->Q, B->MB, B->NB);
    if (routine)
        snprintf(rout, sizeof rout, "%-4s ", timing_routine_name(c, name));
    printf("%-4d %c %s%-13s %-14s %-14s %11.4f %11.4f %8.2f %9.2f %10.1f %s\n", k, c->type, rout,
           dims, ga, gb, r->ref, r->bcr, r->ref / r->bcr, r->bcr / r->bound, r->mem / 1048576.0,
           r->same ? "identical" : "DIFFERENT");
    csv_routine(fields, sizeof fields, c);
    if (csv)
        fprintf(csv, "%d,%c,%d,%d,%dx%d,%dx%d,%dx%d,%dx%d,%.6f,%.6f,%.3f,%.3f,%llu,%d,%s\n", k,
                c->type, c->m, c->n, A->P, A->Q, A->MB, A->NB, B->P, B->Q, B->MB, B->NB, r->ref,
                r->bcr, r->ref / r->bcr, r->bcr / r->bound, r->mem, r->same, fields);
}

static void print_scalapack(FILE *csv, int k, const tcase *c, const pair_result *r)
{
    char rout[8], dims[32], side[2][40], fields[16];
    timing_routine_name(c, rout);
    snprintf(dims, sizeof dims, "%dx%d", c->m, c->n);
    for (int s = 0; s < 2; s++) {
        const tside *d = &c->s[s];
        snprintf(side[s], sizeof side[s], "%d,%d/%dx%d/%dx%d", d->M, d->N, d->P, d->Q, d->MB,
                 d->NB);
    }
    printf("%-4d %-5s %c %-11s %-22s %-22s %11.4f %11.4f %8.2f %9.2f %s\n", k, rout, c->type,
           dims, side[0], side[1], r->ref, r->bcr, r->ref / r->bcr, r->bcr / r->bound,
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
    fprintf(csv, ",%.6f,%.6f,%.3f,%.3f,%llu,%d\n", r->ref, r->bcr, r->ref / r->bcr,
            r->bcr / r->bound, r->mem, r->same);
}

/* Both libraries alternately, so drifts in the machine's load hit both. */
static pair_result time_pair(trial *t, const timing_opts *o, double *tr, double *tb)
{
    pair_result r = {0, 0, 0, 0, 1};
    /* Buffers and shared segments keep the size of the largest call seen;
     * start from none, so the memory figure is this case's own. */
    bcr_finalize();
    trial_call_ref(t);
    trial_call_bcr(t);
    for (int k = 0; k < o->reps; k++) {
        tr[k] = trial_call_ref(t);
        if (o->check)
            trial_reset_bcr(t);
        tb[k] = trial_call_bcr(t);
        if (o->check)
            r.same &= trial_same(t);
    }
    r.same &= trial_same(t);
    r.bound = timing_copy_bound(t->a.bytes > t->bbcr.bytes ? t->a.bytes : t->bbcr.bytes, o->reps);
    r.ref = timing_median(tr, o->reps);
    r.bcr = timing_median(tb, o->reps);
    unsigned long long mem = bcr_pool_bytes();
    MPI_Allreduce(&mem, &r.mem, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    return r;
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
    double *tr, *tb;
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
    b->runs++;
    trial t;
    if (!trial_open(&t, c, b->ictxt)) {
        if (o->me == 0)
            printf("%-4d skipped: bad type or grid larger than %d ranks\n", k, o->nprocs);
        return;
    }
    pair_result r = time_pair(&t, o, b->tr, b->tb);
    b->failures += !r.same;
    if (o->me == 0) {
        if (b->format == FORMAT_SCALAPACK)
            print_scalapack(b->csv, k, c, &r);
        else
            print_native(b->csv, k, c, &r, show_routine(o));
        timing_summary_add(b->summary, c, k, r.ref / r.bcr, r.bcr / r.bound, r.same);
        fflush(stdout);
    }
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
    block b = {o, format, 0, 0, NULL, csv, &summary, NULL, NULL, 0, 0};
    Cblacs_get(0, 0, &b.ictxt);
    int scalapack = format == FORMAT_SCALAPACK;
    Cblacs_gridinit(&b.ictxt, "R", scalapack ? o->nprocs : 1, scalapack ? 1 : o->nprocs);
    b.tr = malloc((size_t)o->reps * sizeof *b.tr);
    b.tb = malloc((size_t)o->reps * sizeof *b.tb);
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
    free(b.tr);
    free(b.tb);
    Cblacs_gridexit(b.ictxt);
    return b.failures;
}
