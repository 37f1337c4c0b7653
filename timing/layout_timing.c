/* bcr_layout_timing: blocks layouts (bcr_layout_blocks: blocks of any
 * sizes) to and from block-cyclic ones, bcredist's plan against the way a
 * ScaLAPACK user does it today: ScaLAPACK cannot describe blocks of many
 * sizes, so the matrix is gathered whole on one process (MPI_Gatherv of
 * the local arrays, put in place there), and Cpdgemr2d takes it from that
 * process's 1 x 1 grid to the block-cyclic layout; the other way round
 * Cpdgemr2d brings it to the one process and MPI_Scatterv deals the blocks
 * out.  Between two blocks layouts, a gather and a scatter.  Owners layouts
 * (bcr_layout_owners: each block on a random rank) are gathered and
 * scattered the same way.
 *
 *   mpiexec -n 4 bcr_layout_timing [--reps N] [--n N] [--csv FILE]
 *
 * Doubles, N x N (4096 by default) on a 2 x 2 grid (or 1 x P, P x 1 as a
 * case says).  Each repetition times the reference and bcredist in turn
 * (the slowest rank's time); the figures are medians.  Every result is
 * compared with the reference's, byte for byte.  vs copy = bcredist's time
 * over a memcpy of the largest local array (timing_copy_bound).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "scalapack_ref.h"
#include "timing_run.h"

static int me, np;

/* A layout as the driver knows it: block-cyclic, or blocks. */
typedef struct {
    int blocks; /* 0: block-cyclic, 1: blocks, 2: owners (any rank per block) */
    int *owner; /* owners: block (bi, bj) on rank owner[bi + bj * nrb] */
    int P, Q;   /* process grid, ranks row-major: (r, c) is rank r * Q + c */
    int nb;     /* block-cyclic block size */
    int nrb, ncb, *rsize, *rproc, *csize, *cproc; /* blocks */
    int myrow, mycol;
    long lrows, lcols, lld;
    int ctxt; /* block-cyclic: its BLACS grid */
    int desc[9];
    bcr_layout_t L;
} lay;

static unsigned long long seed_state = 88172645463325252ULL;
static int next_int(int lo, int hi)
{
    seed_state ^= seed_state << 13;
    seed_state ^= seed_state >> 7;
    seed_state ^= seed_state << 17;
    return lo + (int)(seed_state % (unsigned long long)(hi - lo + 1));
}

/* Blocks of lo to hi, dealt round the coordinates in turn from a random
 * start: about as even as block-cyclic, no block size in common. */
static int cut(int n, int lo, int hi, int ncoords, int **size, int **proc)
{
    int cap = n / lo + 1, k = 0;
    *size = malloc((size_t)cap * sizeof **size);
    *proc = malloc((size_t)cap * sizeof **proc);
    int c = next_int(0, ncoords - 1);
    for (int at = 0; at < n; k++) {
        int b = next_int(lo, hi);
        (*size)[k] = b < n - at ? b : n - at;
        (*proc)[k] = c;
        c = (c + 1) % ncoords;
        at += (*size)[k];
    }
    return k;
}

static long count_of(const int *size, const int *proc, int nb, int coord)
{
    long n = 0;
    for (int b = 0; b < nb; b++)
        n += proc[b] == coord ? size[b] : 0;
    return n;
}

static void make_bc(lay *l, int N, int P, int Q, int nb)
{
    memset(l, 0, sizeof *l);
    l->P = P;
    l->Q = Q;
    l->nb = nb;
    l->myrow = me < P * Q ? me / Q : -1;
    l->mycol = me < P * Q ? me % Q : -1;
    Cblacs_get(-1, 0, &l->ctxt);
    Cblacs_gridinit(&l->ctxt, "R", P, Q);
    if (l->myrow >= 0) {
        l->lrows = numroc_(&N, &nb, &l->myrow, (int[]){0}, &P);
        l->lcols = numroc_(&N, &nb, &l->mycol, (int[]){0}, &Q);
    }
    l->lld = l->lrows > 1 ? l->lrows : 1;
    int d[9] = {1, l->myrow >= 0 ? l->ctxt : -1, N, N, nb, nb, 0, 0, (int)l->lld};
    memcpy(l->desc, d, sizeof d);
    l->L = bcr_layout_desc(N, N, 1, 1, l->desc);
}

static void make_blocks(lay *l, int N, int P, int Q, int lo, int hi)
{
    memset(l, 0, sizeof *l);
    l->blocks = 1;
    l->P = P;
    l->Q = Q;
    l->myrow = me < P * Q ? me / Q : -1;
    l->mycol = me < P * Q ? me % Q : -1;
    l->nrb = cut(N, lo, hi, P, &l->rsize, &l->rproc);
    l->ncb = cut(N, lo, hi, Q, &l->csize, &l->cproc);
    if (l->myrow >= 0) {
        l->lrows = count_of(l->rsize, l->rproc, l->nrb, l->myrow);
        l->lcols = count_of(l->csize, l->cproc, l->ncb, l->mycol);
    }
    l->lld = l->lrows > 1 ? l->lrows : 1;
    int *grid = malloc((size_t)(P * Q) * sizeof *grid);
    for (int i = 0; i < P * Q; i++)
        grid[i] = i;
    l->L = bcr_layout_blocks(N, N, l->nrb, l->rsize, l->rproc, l->ncb, l->csize, l->cproc, P, Q,
                             grid, l->lld);
    free(grid);
}

/* Local rows (or columns) of rank p in an owners layout: the blocks it
 * holds a block in; starts[b] their local starts (-1: none). */
static long owner_extent(const lay *l, int p, int rows, long *starts)
{
    int nb = rows ? l->nrb : l->ncb, other = rows ? l->ncb : l->nrb;
    const int *size = rows ? l->rsize : l->csize;
    long at = 0;
    for (int b = 0; b < nb; b++) {
        int held = 0;
        for (int t = 0; t < other && !held; t++)
            held = l->owner[rows ? b + t * l->nrb : t + b * l->nrb] == p;
        if (starts)
            starts[b] = held ? at : -1;
        at += held ? size[b] : 0;
    }
    return at;
}

/* Blocks of lo to hi, each on a random rank. */
static void make_owners(lay *l, int N, int lo, int hi)
{
    memset(l, 0, sizeof *l);
    l->blocks = 2;
    l->P = np;
    l->Q = 1;
    l->nrb = cut(N, lo, hi, 1, &l->rsize, &l->rproc);
    l->ncb = cut(N, lo, hi, 1, &l->csize, &l->cproc);
    l->owner = malloc((size_t)l->nrb * (size_t)l->ncb * sizeof *l->owner);
    for (int b = 0; b < l->nrb * l->ncb; b++)
        l->owner[b] = next_int(0, np - 1);
    l->lrows = owner_extent(l, me, 1, NULL);
    l->lcols = owner_extent(l, me, 0, NULL);
    l->lld = l->lrows > 1 ? l->lrows : 1;
    l->L = bcr_layout_owners(N, N, l->nrb, l->rsize, l->ncb, l->csize, l->owner, l->lld);
}

static void free_lay(lay *l)
{
    bcr_layout_destroy(l->L);
    if (!l->blocks && l->myrow >= 0)
        Cblacs_gridexit(l->ctxt);
    free(l->owner);
    free(l->rsize);
    free(l->rproc);
    free(l->csize);
    free(l->cproc);
}

/* Global indices of process coordinate c's local indices along a blocks
 * dimension, in local order. */
static long *globals_of(const int *size, const int *proc, int nb, int c, long count)
{
    long *g = malloc((size_t)(count ? count : 1) * sizeof *g), at = 0, k = 0;
    for (int b = 0; b < nb; b++) {
        if (proc[b] == c)
            for (int i = 0; i < size[b]; i++)
                g[k++] = at + i;
        at += size[b];
    }
    return g;
}

/* The root puts process p's packed local array (lrows x lcols of a
 * blocks layout) in place in the whole matrix (leading dimension N), or
 * takes it out (to_whole = 0). */
static void place_owners(const lay *l, int p, double *whole, long N, double *packed,
                         int to_whole)
{
    long *rs = malloc((size_t)l->nrb * sizeof *rs), *cs = malloc((size_t)l->ncb * sizeof *cs);
    long nr = owner_extent(l, p, 1, rs), r0, c0 = 0;
    owner_extent(l, p, 0, cs);
    for (int bj = 0; bj < l->ncb; c0 += l->csize[bj++]) {
        r0 = 0;
        for (int bi = 0; bi < l->nrb; r0 += l->rsize[bi++]) {
            if (l->owner[bi + bj * l->nrb] != p)
                continue;
            for (long j = 0; j < l->csize[bj]; j++)
                for (long i = 0; i < l->rsize[bi]; i++) {
                    double *w = &whole[r0 + i + (c0 + j) * N];
                    double *q = &packed[rs[bi] + i + (cs[bj] + j) * nr];
                    if (to_whole)
                        *w = *q;
                    else
                        *q = *w;
                }
        }
    }
    free(rs);
    free(cs);
}

static void place(const lay *l, int p, double *whole, long N, double *packed, int to_whole)
{
    if (l->blocks == 2) {
        place_owners(l, p, whole, N, packed, to_whole);
        return;
    }
    int r = p / l->Q, c = p % l->Q;
    long nr = count_of(l->rsize, l->rproc, l->nrb, r), nc = count_of(l->csize, l->cproc, l->ncb, c);
    long *gr = globals_of(l->rsize, l->rproc, l->nrb, r, nr);
    long *gc = globals_of(l->csize, l->cproc, l->ncb, c, nc);
    for (long j = 0; j < nc; j++)
        for (long i = 0; i < nr; i++) {
            double *w = &whole[gr[i] + gc[j] * N], *q = &packed[i + j * nr];
            if (to_whole)
                *w = *q;
            else
                *q = *w;
        }
    free(gr);
    free(gc);
}

/* The reference: src blocks -> whole on rank 0 -> dst (Cpdgemr2d from the
 * 1 x 1 grid), or src block-cyclic -> whole on rank 0 -> dst blocks
 * (Cpdgemr2d, then a scatter). */
static int root_ctxt, union_ctxt, root_desc[9];

static void gather(const lay *s, const double *a, double *whole, int N, double *pack,
                   int *counts, int *displs)
{
    long n = s->lrows * s->lcols;
    for (long j = 0; j < s->lcols; j++)
        memcpy(&pack[j * s->lrows], &a[j * s->lld], (size_t)s->lrows * sizeof *a);
    MPI_Gatherv(pack, (int)n, MPI_DOUBLE, me == 0 ? pack + n : NULL, counts, displs, MPI_DOUBLE, 0,
                MPI_COMM_WORLD);
    if (me == 0)
        for (int p = 0; p < s->P * s->Q; p++)
            place(s, p, whole, N, pack + n + displs[p], 1);
}

/* This process's blocks of an owners layout from its packed local array
 * (leading dimension lrows) into b (leading dimension lld). */
static void copy_owned(const lay *l, double *b, const double *packed)
{
    long *rs = malloc((size_t)l->nrb * sizeof *rs), *cs = malloc((size_t)l->ncb * sizeof *cs);
    owner_extent(l, me, 1, rs);
    owner_extent(l, me, 0, cs);
    for (int bj = 0; bj < l->ncb; bj++)
        for (int bi = 0; bi < l->nrb; bi++)
            if (l->owner[bi + bj * l->nrb] == me)
                for (long j = 0; j < l->csize[bj]; j++)
                    memcpy(&b[rs[bi] + (cs[bj] + j) * l->lld],
                           &packed[rs[bi] + (cs[bj] + j) * l->lrows],
                           (size_t)l->rsize[bi] * sizeof *b);
    free(rs);
    free(cs);
}

static void scatter(const lay *d, double *b, const double *whole, int N, double *pack,
                    int *counts, int *displs)
{
    long n = d->lrows * d->lcols;
    if (me == 0)
        for (int p = 0; p < d->P * d->Q; p++)
            place(d, p, (double *)whole, N, pack + n + displs[p], 0);
    MPI_Scatterv(me == 0 ? pack + n : NULL, counts, displs, MPI_DOUBLE, pack, (int)n, MPI_DOUBLE,
                 0, MPI_COMM_WORLD);
    if (d->blocks == 2) { /* an owners layout: its holes are not written */
        copy_owned(d, b, pack);
        return;
    }
    for (long j = 0; j < d->lcols; j++)
        memcpy(&b[j * d->lld], &pack[j * d->lrows], (size_t)d->lrows * sizeof *b);
}

static void counts_of(const lay *l, int *counts, int *displs)
{
    int at = 0;
    for (int p = 0; p < np; p++) {
        long c = 0;
        if (p < l->P * l->Q) {
            if (l->blocks == 2)
                c = owner_extent(l, p, 1, NULL) * owner_extent(l, p, 0, NULL);
            else if (l->blocks)
                c = count_of(l->rsize, l->rproc, l->nrb, p / l->Q) *
                    count_of(l->csize, l->cproc, l->ncb, p % l->Q);
        }
        counts[p] = (int)c;
        displs[p] = at;
        at += (int)c;
    }
}

static void reference(const lay *s, const lay *d, const double *a, double *b, int N, double *whole,
                      double *pack)
{
    int counts[64], displs[64];
    if (s->blocks) {
        counts_of(s, counts, displs);
        gather(s, a, whole, N, pack, counts, displs);
    } else {
        Cpdgemr2d(N, N, (double *)a, 1, 1, (int *)s->desc, whole, 1, 1, root_desc, union_ctxt);
    }
    if (d->blocks) {
        counts_of(d, counts, displs);
        scatter(d, b, whole, N, pack, counts, displs);
    } else {
        Cpdgemr2d(N, N, whole, 1, 1, root_desc, b, 1, 1, (int *)d->desc, union_ctxt);
    }
}

typedef struct {
    const char *name;
    int sblocks, sP, sQ, snb, slo, shi;
    int dblocks, dP, dQ, dnb, dlo, dhi;
} tcase_l;

static const tcase_l cases[] = {
    {"blocks 32-96 -> bc 64", 1, 2, 2, 0, 32, 96, 0, 2, 2, 64, 0, 0},
    {"bc 64 -> blocks 32-96", 0, 2, 2, 64, 0, 0, 1, 2, 2, 0, 32, 96},
    {"blocks 100-300 -> bc 32 (1x4)", 1, 2, 2, 0, 100, 300, 0, 1, 4, 32, 0, 0},
    {"bc 16 (4x1) -> blocks 500-1500", 0, 4, 1, 16, 0, 0, 1, 2, 2, 0, 500, 1500},
    {"blocks 1-64 -> bc 48", 1, 2, 2, 0, 1, 64, 0, 2, 2, 48, 0, 0},
    {"blocks 32-96 -> blocks 200-400", 1, 2, 2, 0, 32, 96, 1, 2, 2, 0, 200, 400},
    {"blocks 64 (= bc 64) -> bc 16", 1, 2, 2, 0, 64, 64, 0, 2, 2, 16, 0, 0},
    {"owners 32-96 -> bc 64", 2, 4, 1, 0, 32, 96, 0, 2, 2, 64, 0, 0},
    {"bc 64 -> owners 200-400", 0, 2, 2, 64, 0, 0, 2, 4, 1, 0, 200, 400},
};

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int reps = 5, N = 4096;
    const char *csv = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--n"))
            N = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--csv"))
            csv = argv[i + 1];
    }
    if (np != 4) {
        if (me == 0)
            fprintf(stderr, "bcr_layout_timing: run it on 4 ranks\n");
        MPI_Finalize();
        return 2;
    }
    Cblacs_get(-1, 0, &root_ctxt);
    Cblacs_gridinit(&root_ctxt, "R", 1, 1);
    Cblacs_get(-1, 0, &union_ctxt);
    Cblacs_gridinit(&union_ctxt, "R", 1, np);
    int rd[9] = {1, me == 0 ? root_ctxt : -1, N, N, N, N, 0, 0, N};
    memcpy(root_desc, rd, sizeof rd);
    FILE *out = csv && me == 0 ? fopen(csv, "w") : NULL;
    if (out)
        fprintf(out, "case,N,reference_s,bcredist_s,speedup,bcredist_over_copy_bound,identical\n");
    if (me == 0)
        printf("bcr_layout_timing: 4 ranks, doubles %d x %d, median of %d\n"
               "%-3s %-32s %12s %11s %8s %8s %s\n",
               N, N, reps, "#", "case", "reference s", "bcredist s", "speedup", "vs copy",
               "check");
    double *whole = me == 0 ? malloc((size_t)N * N * sizeof *whole) : NULL;
    double *tr = malloc((size_t)reps * sizeof *tr), *tb = malloc((size_t)reps * sizeof *tb);
    int all_same = 1;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        const tcase_l *c = &cases[k];
        lay s, d;
        if (c->sblocks == 2)
            make_owners(&s, N, c->slo, c->shi);
        else if (c->sblocks)
            make_blocks(&s, N, c->sP, c->sQ, c->slo, c->shi);
        else
            make_bc(&s, N, c->sP, c->sQ, c->snb);
        if (c->dblocks == 2)
            make_owners(&d, N, c->dlo, c->dhi);
        else if (c->dblocks)
            make_blocks(&d, N, c->dP, c->dQ, c->dlo, c->dhi);
        else
            make_bc(&d, N, c->dP, c->dQ, c->dnb);
        size_t sa = (size_t)(s.lld * s.lcols), sb = (size_t)(d.lld * d.lcols);
        double *a = malloc((sa ? sa : 1) * sizeof *a);
        double *b1 = malloc((sb ? sb : 1) * sizeof *b1), *b2 = malloc((sb ? sb : 1) * sizeof *b2);
        for (size_t i = 0; i < sa; i++)
            a[i] = (double)me * 1e9 + (double)i;
        memset(b1, 0, sb * sizeof *b1);
        memset(b2, 0, sb * sizeof *b2);
        size_t packn = (size_t)(s.lrows * s.lcols > d.lrows * d.lcols ? s.lrows * s.lcols
                                                                         : d.lrows * d.lcols);
        /* The root's room: the whole matrix, or every process's local
         * array where an owners layout's holes make those larger. */
        size_t room = (size_t)N * N;
        for (int side = 0; side < 2; side++) {
            int counts[64], displs[64];
            counts_of(side ? &d : &s, counts, displs);
            size_t all = (size_t)displs[np - 1] + (size_t)counts[np - 1];
            room = all > room ? all : room;
        }
        size_t pack_n = packn + (me == 0 ? room : 0) + 1;
        double *pack = malloc(pack_n * sizeof *pack);
        memset(pack, 0xff, pack_n * sizeof *pack); /* B's bytes that nothing must write differ */
        bcr_plan_t p = bcr_plan_create_layouts(s.L, d.L, 'd', MPI_COMM_WORLD);
        if (!p)
            MPI_Abort(MPI_COMM_WORLD, 1);
        reference(&s, &d, a, b1, N, whole, pack); /* warm both up */
        bcr_plan_execute(p, a, b2);
        for (int r = 0; r < reps; r++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            reference(&s, &d, a, b1, N, whole, pack);
            tr[r] = timing_slowest(MPI_Wtime() - t0);
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = MPI_Wtime();
            bcr_plan_execute(p, a, b2);
            tb[r] = timing_slowest(MPI_Wtime() - t0);
        }
        int same = !memcmp(b1, b2, sb * sizeof *b1), every;
        MPI_Allreduce(&same, &every, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        all_same &= every;
        size_t larger = sa > sb ? sa : sb, lmax;
        MPI_Allreduce(&larger, &lmax, 1, MPI_UNSIGNED_LONG, MPI_MAX, MPI_COMM_WORLD);
        double bound = timing_copy_bound(lmax * sizeof(double), reps);
        double mr = timing_median(tr, reps), mb = timing_median(tb, reps);
        if (me == 0) {
            printf("%-3zu %-32s %12.4f %11.4f %8.2f %8.2f %s\n", k + 1, c->name, mr, mb, mr / mb,
                   mb / bound, every ? "identical" : "DIFFERENT");
            if (out)
                fprintf(out, "%zu,%d,%.6f,%.6f,%.3f,%.3f,%d\n", k + 1, N, mr, mb, mr / mb,
                        mb / bound, every);
        }
        bcr_plan_destroy(p);
        free(a);
        free(b1);
        free(b2);
        free(pack);
        free_lay(&s);
        free_lay(&d);
    }
    if (out)
        fclose(out);
    free(whole);
    free(tr);
    free(tb);
    Cblacs_exit(1);
    MPI_Finalize();
    return all_same ? 0 : 1;
}
