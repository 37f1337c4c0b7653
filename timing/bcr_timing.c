/* bcr_timing: ScaLAPACK's Cp?gemr2d and bcredist side by side.
 *
 *   mpiexec -n 4 bcr_timing [--reps N] [--csv FILE] CASEFILE
 *
 * A case per line: M N P0 Q0 MB0 NB0 P1 Q1 MB1 NB1 [type] [ia ja ib jb m n]
 * ('#' starts a comment).  Grid A is P0 x Q0 and grid B is P1 x Q1, both
 * row-major over the first ranks; the union context is 1 x nprocs.  Each
 * case runs both routines alternately (one warm-up each, then N timed
 * repetitions; a repetition's time is the maximum over ranks, the case's
 * time the median), checks the two results are identical, and measures the
 * copy bound: every rank memcpy's its local A (or B, if larger) at once.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"

#include "scalapack_ref.h"

typedef void (*gemr2d_fn)(int, int, const void *, int, int, const int *, void *, int, int,
                          const int *, int);

typedef struct {
    char type;
    size_t size;
    gemr2d_fn ref, bcr;
} type_info;

/* Both routines take the same arguments; only the element type differs. */
static const type_info types[] = {
    {'s', sizeof(float), (gemr2d_fn)Cpsgemr2d, (gemr2d_fn)bcr_psgemr2d},
    {'d', sizeof(double), (gemr2d_fn)Cpdgemr2d, (gemr2d_fn)bcr_pdgemr2d},
    {'c', sizeof(float _Complex), (gemr2d_fn)Cpcgemr2d, (gemr2d_fn)bcr_pcgemr2d},
    {'z', sizeof(double _Complex), (gemr2d_fn)Cpzgemr2d, (gemr2d_fn)bcr_pzgemr2d},
    {'i', sizeof(int), (gemr2d_fn)Cpigemr2d, (gemr2d_fn)bcr_pigemr2d},
};

typedef struct {
    int M, N, P[2], Q[2], MB[2], NB[2];
    char type;
    int ia, ja, ib, jb, m, n;
} tcase;

typedef struct {
    int ctxt;
    int desc[9];
    char *data;
    size_t bytes;
} local_matrix;

static int parse_case(const char *line, tcase *c)
{
    char type[8] = "d";
    int n = sscanf(line, "%d %d %d %d %d %d %d %d %d %d %7s %d %d %d %d %d %d", &c->M, &c->N,
                   &c->P[0], &c->Q[0], &c->MB[0], &c->NB[0], &c->P[1], &c->Q[1], &c->MB[1],
                   &c->NB[1], type, &c->ia, &c->ja, &c->ib, &c->jb, &c->m, &c->n);
    if (n < 10)
        return 0;
    c->type = type[0];
    if (n < 17) {
        c->ia = c->ja = c->ib = c->jb = 1;
        c->m = c->M;
        c->n = c->N;
    }
    return 1;
}

static local_matrix make_local(int ctxt, int M, int N, int mb, int nb, size_t es, int fill)
{
    local_matrix x = {ctxt, {1, -1, M, N, mb, nb, 0, 0, 1}, NULL, 0};
    if (ctxt < 0)
        return x;
    int p, q, r, c, zero = 0;
    Cblacs_gridinfo(ctxt, &p, &q, &r, &c);
    int lr = numroc_(&M, &mb, &r, &zero, &p), lc = numroc_(&N, &nb, &c, &zero, &q);
    x.desc[1] = ctxt;
    x.desc[8] = lr > 1 ? lr : 1;
    x.bytes = (size_t)x.desc[8] * (size_t)lc * es;
    x.data = malloc(x.bytes ? x.bytes : 1);
    for (size_t i = 0; i < x.bytes; i++)
        x.data[i] = (char)(fill ? (i * 131 + 7 * (size_t)r + (size_t)c) : 0);
    return x;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double timed_call(gemr2d_fn f, const tcase *c, local_matrix *a, local_matrix *b, int ictxt)
{
    MPI_Barrier(MPI_COMM_WORLD);
    double t = MPI_Wtime();
    f(c->m, c->n, a->data, c->ia, c->ja, a->desc, b->data, c->ib, c->jb, b->desc, ictxt);
    t = MPI_Wtime() - t;
    double tmax;
    MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return tmax;
}

/* The copy bound: all ranks copy their larger local array at once. */
static double copy_bound(size_t bytes, int reps)
{
    char *src = malloc(bytes ? bytes : 1), *dst = malloc(bytes ? bytes : 1);
    memset(src, 1, bytes);
    memset(dst, 0, bytes);
    double *t = malloc((size_t)reps * sizeof *t);
    for (int r = 0; r < reps; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        memcpy(dst, src, bytes);
        MPI_Barrier(MPI_COMM_WORLD);
        t[r] = MPI_Wtime() - t0;
    }
    double med = median(t, reps);
    MPI_Allreduce(MPI_IN_PLACE, &med, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    free(src);
    free(dst);
    free(t);
    return med;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, np, reps = 7;
    const char *csv_path = "bcr_timing.csv", *case_path = NULL;
    Cblacs_pinfo(&me, &np);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
            csv_path = argv[++i];
        else
            case_path = argv[i];
    }
    if (reps < 1)
        reps = 1;
    FILE *in = case_path ? fopen(case_path, "r") : NULL;
    if (!in) {
        if (me == 0)
            fprintf(stderr, "usage: bcr_timing [--reps N] [--csv FILE] CASEFILE\n");
        MPI_Finalize();
        return 2;
    }
    FILE *csv = me == 0 ? fopen(csv_path, "w") : NULL;
    if (csv)
        fprintf(csv, "case,type,M,N,grid_a,blocks_a,grid_b,blocks_b,scalapack_s,bcredist_s,"
                     "speedup,bcredist_over_copy_bound,extra_mem_per_rank_bytes,identical\n");
    if (me == 0) {
        printf("bcr_timing: %d ranks, %d repetitions, median of per-repetition max over ranks\n",
               np, reps);
        printf("%-4s %-1s %-13s %-14s %-14s %11s %11s %8s %9s %10s %s\n", "case", "t", "M x N",
               "A grid/blocks", "B grid/blocks", "ScaLAPACK s", "bcredist s", "speedup",
               "vs copy", "extra MiB", "check");
    }
    int ictxt;
    Cblacs_get(0, 0, &ictxt);
    Cblacs_gridinit(&ictxt, "R", 1, np);
    char line[512];
    int ncase = 0, failures = 0;
    double *tr = malloc((size_t)reps * sizeof *tr), *tb = malloc((size_t)reps * sizeof *tb);
    while (fgets(line, sizeof line, in)) {
        tcase c;
        if (line[0] == '#' || !parse_case(line, &c))
            continue;
        ncase++;
        const type_info *ty = NULL;
        for (size_t k = 0; k < sizeof types / sizeof *types; k++)
            if (types[k].type == c.type)
                ty = &types[k];
        if (!ty || c.P[0] * c.Q[0] > np || c.P[1] * c.Q[1] > np) {
            if (me == 0)
                printf("%-4d skipped: bad type or grid larger than %d ranks\n", ncase, np);
            continue;
        }
        int g[2];
        for (int s = 0; s < 2; s++) {
            Cblacs_get(0, 0, &g[s]);
            Cblacs_gridinit(&g[s], "R", c.P[s], c.Q[s]);
        }
        local_matrix a = make_local(g[0], c.M, c.N, c.MB[0], c.NB[0], ty->size, 1);
        local_matrix bref = make_local(g[1], c.M, c.N, c.MB[1], c.NB[1], ty->size, 0);
        local_matrix bbcr = make_local(g[1], c.M, c.N, c.MB[1], c.NB[1], ty->size, 0);
        timed_call(ty->ref, &c, &a, &bref, ictxt);
        timed_call(ty->bcr, &c, &a, &bbcr, ictxt);
        for (int r = 0; r < reps; r++) {
            tr[r] = timed_call(ty->ref, &c, &a, &bref, ictxt);
            tb[r] = timed_call(ty->bcr, &c, &a, &bbcr, ictxt);
        }
        int same = bref.bytes == bbcr.bytes && !memcmp(bref.data, bbcr.data, bref.bytes), all_same;
        MPI_Allreduce(&same, &all_same, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        failures += !all_same;
        double bound = copy_bound(a.bytes > bbcr.bytes ? a.bytes : bbcr.bytes, reps);
        double mr = median(tr, reps), mb = median(tb, reps);
        unsigned long long mem = bcr_pool_bytes(), maxmem;
        MPI_Reduce(&mem, &maxmem, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, 0, MPI_COMM_WORLD);
        if (me == 0) {
            char dims[32], ga[32], gb[32];
            snprintf(dims, sizeof dims, "%dx%d", c.m, c.n);
            snprintf(ga, sizeof ga, "%dx%d/%dx%d", c.P[0], c.Q[0], c.MB[0], c.NB[0]);
            snprintf(gb, sizeof gb, "%dx%d/%dx%d", c.P[1], c.Q[1], c.MB[1], c.NB[1]);
            printf("%-4d %c %-13s %-14s %-14s %11.4f %11.4f %8.2f %9.2f %10.1f %s\n", ncase,
                   c.type, dims, ga, gb, mr, mb, mr / mb, mb / bound, maxmem / 1048576.0,
                   all_same ? "identical" : "DIFFERENT");
            fflush(stdout);
            if (csv)
                fprintf(csv, "%d,%c,%d,%d,%dx%d,%dx%d,%dx%d,%dx%d,%.6f,%.6f,%.3f,%.3f,%llu,%d\n",
                        ncase, c.type, c.m, c.n, c.P[0], c.Q[0], c.MB[0], c.NB[0], c.P[1],
                        c.Q[1], c.MB[1], c.NB[1], mr, mb, mr / mb, mb / bound, maxmem,
                        all_same);
        }
        free(a.data);
        free(bref.data);
        free(bbcr.data);
        for (int s = 0; s < 2; s++)
            if (g[s] >= 0)
                Cblacs_gridexit(g[s]);
    }
    fclose(in);
    if (csv)
        fclose(csv);
    if (me == 0)
        printf("%d cases, %d with different results; CSV in %s\n", ncase, failures, csv_path);
    free(tr);
    free(tb);
    Cblacs_gridexit(ictxt);
    MPI_Finalize();
    return failures ? 1 : 0;
}
