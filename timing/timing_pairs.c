/* ScaLAPACK against bcredist's routine, case by case, for the native and
 * the ScaLAPACK file formats (timing_modes.h).  The native format's table
 * and CSV are what scripts/run-main.sh and the README show: keep them. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "timing_modes.h"
#include "timing_run.h"

#include "scalapack_ref.h"

typedef struct {
    double ref, bcr, bound;
    unsigned long long mem;
    int same;
} pair_result;

static void header(FILE *csv, int format, const timing_opts *o)
{
    if (csv && format == FORMAT_NATIVE)
        fprintf(csv, "case,type,M,N,grid_a,blocks_a,grid_b,blocks_b,scalapack_s,bcredist_s,"
                     "speedup,bcredist_over_copy_bound,extra_mem_per_rank_bytes,identical\n");
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
        printf("%-4s %-1s %-13s %-14s %-14s %11s %11s %8s %9s %10s %s\n", "case", "t", "M x N",
               "A grid/blocks", "B grid/blocks", "ScaLAPACK s", "bcredist s", "speedup",
               "vs copy", "extra MiB", "check");
    else
        printf("%-4s %-5s %-1s %-11s %-22s %-22s %11s %11s %8s %9s %s\n", "case", "rout", "t",
               "m x n", "A M,N/grid/blocks", "B M,N/grid/blocks", "ScaLAPACK s", "bcredist s",
               "speedup", "vs copy", "check");
}

static void print_native(FILE *csv, int k, const tcase *c, const pair_result *r)
{
    const tside *A = &c->s[0], *B = &c->s[1];
    char dims[32], ga[32], gb[32];
    snprintf(dims, sizeof dims, "%dx%d", c->m, c->n);
    snprintf(ga, sizeof ga, "%dx%d/%dx%d", A->P, A->Q, A->MB, A->NB);
    snprintf(gb, sizeof gb, "%dx%d/%dx%d", B->P, B->Q, B->MB, B->NB);
    printf("%-4d %c %-13s %-14s %-14s %11.4f %11.4f %8.2f %9.2f %10.1f %s\n", k, c->type, dims,
           ga, gb, r->ref, r->bcr, r->ref / r->bcr, r->bcr / r->bound, r->mem / 1048576.0,
           r->same ? "identical" : "DIFFERENT");
    if (csv)
        fprintf(csv, "%d,%c,%d,%d,%dx%d,%dx%d,%dx%d,%dx%d,%.6f,%.6f,%.3f,%.3f,%llu,%d\n", k,
                c->type, c->m, c->n, A->P, A->Q, A->MB, A->NB, B->P, B->Q, B->MB, B->NB, r->ref,
                r->bcr, r->ref / r->bcr, r->bcr / r->bound, r->mem, r->same);
}

static void print_scalapack(FILE *csv, int k, const tcase *c, const pair_result *r)
{
    char rout[8], dims[32], side[2][40];
    snprintf(rout, sizeof rout, c->trapezoid ? "tr%c%c" : "ge", c->uplo, c->diag);
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
    fprintf(csv, "%d,%s,%c,%c,%c,%d,%d", k, c->trapezoid ? "trmr2d" : "gemr2d",
            c->trapezoid ? c->uplo : '-', c->trapezoid ? c->diag : '-', c->type, c->m, c->n);
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

int timing_run_pairs(FILE *in, int format, const timing_opts *o)
{
    int scalapack = format == FORMAT_SCALAPACK;
    int remaining = scalapack ? scalapack_count(in) : -1;
    FILE *csv = o->me == 0 ? fopen(o->csv_path, "w") : NULL;
    header(csv, format, o);
    int ictxt;
    Cblacs_get(0, 0, &ictxt);
    Cblacs_gridinit(&ictxt, "R", scalapack ? o->nprocs : 1, scalapack ? 1 : o->nprocs);
    char line[512];
    int ncase = 0, failures = 0;
    double *tr = malloc((size_t)o->reps * sizeof *tr), *tb = malloc((size_t)o->reps * sizeof *tb);
    while (remaining != 0 && timing_next_line(in, line, sizeof line)) {
        tcase c;
        if (!(scalapack ? timing_parse_scalapack(line, o->deftype, &c)
                        : timing_parse_native(line, o->deftype, &c))) {
            if (scalapack && o->me == 0)
                printf("skipped, not 22 or 24 numbers: %s\n", line);
            continue;
        }
        remaining--;
        ncase++;
        trial t;
        if (!trial_open(&t, &c, ictxt)) {
            if (o->me == 0)
                printf("%-4d skipped: bad type or grid larger than %d ranks\n", ncase, o->nprocs);
            continue;
        }
        pair_result r = time_pair(&t, o, tr, tb);
        failures += !r.same;
        if (o->me == 0) {
            (scalapack ? print_scalapack : print_native)(csv, ncase, &c, &r);
            fflush(stdout);
        }
        trial_close(&t);
    }
    if (csv)
        fclose(csv);
    if (o->me == 0) {
        if (remaining > 0)
            printf("the file announced %d more cases than it holds\n", remaining);
        printf("%d cases, %d with different results; CSV in %s\n", ncase, failures, o->csv_path);
    }
    free(tr);
    free(tb);
    Cblacs_gridexit(ictxt);
    return failures;
}
