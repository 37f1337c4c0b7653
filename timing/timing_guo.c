/* Guo et al.'s MULTRANS experiment (their Fig. 9 and 10), for
 * bcr_guo_multrans and bcr_timing's experiment file
 * timing/cases/guo_multrans.txt: C = C + A B, then A transposed in place, with A in (BLOCK,*) for
 * the multiplication and either
 *   (B,*)        (BLOCK,*) throughout: the transposition exchanges blocks
 *                with every process (MPI_Alltoall) and transposes them;
 *   (B,*)+(1,1)  A redistributed by bcredist from (BLOCK,*) to the linear
 *                distribution (1, 1) (bcr_layout_linear), where A(i, j)
 *                and A(j, i) lie on one anti-diagonal of one process: the
 *                transposition reverses each local line, no communication.
 * B is (*,BLOCK) and gathered whole for the multiplication, C (BLOCK,*);
 * the multiplication is the same code in both versions.
 *
 *   mpiexec -n P bcr_guo_multrans [--n N] [--reps R]
 *   mpiexec -n P bcr_timing --reps R timing/cases/guo_multrans.txt
 *
 * Doubles, N x N (1024, the paper's size, by default); each phase's time
 * is the slowest rank's, the median over R runs.  After the timed runs
 * the (B,*) result is redistributed to (1,1) too and compared byte for
 * byte with the (B,*)+(1,1) result.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "scalapack_ref.h"
#include "timing_guo.h"
#include "timing_run.h"

static int me, np;

/* (BLOCK,*): process p holds rows [p * rb, ...), rb = ceil(n / P), as a
 * column-major local array of leading dimension rb. */
static int rows_of(int n, int rb, int p)
{
    int lo = p * rb, hi = lo + rb < n ? lo + rb : n;
    return hi > lo ? hi - lo : 0;
}

/* C(my rows) += A(my rows) B, B gathered whole (column-major n x n). */
static void multiply(int n, int rb, const double *a, const double *bfull, double *c)
{
    int mr = rows_of(n, rb, me);
    for (int j = 0; j < n; j++)
        for (int k = 0; k < n; k++) {
            double bkj = bfull[k + (size_t)j * n];
            const double *ak = a + (size_t)k * rb;
            double *cj = c + (size_t)j * rb;
            for (int i = 0; i < mr; i++)
                cj[i] += ak[i] * bkj;
        }
}

/* (B,*) transposition: block (my rows, q's rows) goes to q, which puts it
 * transposed at (its rows, my rows). */
static void transpose_block_star(int n, int rb, double *a, double *sbuf, double *rbuf)
{
    int mr = rows_of(n, rb, me);
    size_t blk = (size_t)rb * rb;
    for (int q = 0; q < np; q++) {
        int qr = rows_of(n, rb, q);
        double *s = sbuf + (size_t)q * blk;
        for (int j = 0; j < qr; j++) /* column q*rb + j of my rows */
            for (int i = 0; i < mr; i++)
                s[i + (size_t)j * rb] = a[i + (size_t)(q * rb + j) * rb];
    }
    MPI_Alltoall(sbuf, (int)blk, MPI_DOUBLE, rbuf, (int)blk, MPI_DOUBLE, MPI_COMM_WORLD);
    for (int q = 0; q < np; q++) {
        int qr = rows_of(n, rb, q);
        const double *r = rbuf + (size_t)q * blk; /* A(q's rows, my rows) */
        for (int i = 0; i < mr; i++)
            for (int j = 0; j < qr; j++)
                a[i + (size_t)(q * rb + j) * rb] = r[j + (size_t)i * rb];
    }
}

/* (1,1) transposition: line c of an n x n array runs from (lo, c - lo) to
 * (hi, c - hi) in increasing i, lo + hi = c, so A(j, i) sits at the
 * mirrored place: reversing each line transposes. */
static void transpose_linear(int n, double *l)
{
    size_t at = 0;
    for (int c = me; c <= 2 * n - 2; c += np) {
        int lo = c - (n - 1) > 0 ? c - (n - 1) : 0, hi = c < n - 1 ? c : n - 1;
        size_t len = (size_t)(hi - lo + 1);
        for (size_t x = 0, y = len - 1; x < y; x++, y--) {
            double t = l[at + x];
            l[at + x] = l[at + y];
            l[at + y] = t;
        }
        at += len;
    }
}

static long linear_count(int n)
{
    long count = 0;
    for (int c = me; c <= 2 * n - 2; c += np) {
        int lo = c - (n - 1) > 0 ? c - (n - 1) : 0, hi = c < n - 1 ? c : n - 1;
        count += hi - lo + 1;
    }
    return count;
}

static void fill(double *v, size_t count, double salt)
{
    for (size_t i = 0; i < count; i++)
        v[i] = (double)((i * 2654435761u + (size_t)salt) % 1000) / 8.0;
}

int timing_guo_multrans(int n, int reps, FILE *csv)
{
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    int rb = (n + np - 1) / np, cb = rb;
    /* A in (BLOCK,*) as a P x 1 descriptor, for the layout. */
    int ctxt;
    Cblacs_get(-1, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "C", np, 1);
    int desc[9] = {1, ctxt, n, n, rb, n, 0, 0, rb};
    int *ranks = malloc((size_t)np * sizeof *ranks);
    for (int p = 0; p < np; p++)
        ranks[p] = p;
    bcr_layout_t block_star = bcr_layout_desc(n, n, 1, 1, desc);
    bcr_layout_t anti = bcr_layout_linear(n, n, 1, 1, np, ranks);
    double t0 = MPI_Wtime();
    bcr_plan_t to_linear = bcr_plan_create_layouts(block_star, anti, 'd', MPI_COMM_WORLD);
    double plan_s = timing_slowest(MPI_Wtime() - t0);
    if (!to_linear)
        MPI_Abort(MPI_COMM_WORLD, 1); /* the layouts are right by construction */

    size_t la = (size_t)rb * n, lb = (size_t)n * cb;
    long lcount = linear_count(n);
    double *a0 = malloc(la * sizeof *a0), *a = malloc(la * sizeof *a);
    double *bpart = malloc(lb * sizeof *bpart), *bfull = malloc((size_t)n * cb * np * sizeof *bfull);
    double *c = malloc(la * sizeof *c), *c0 = malloc(la * sizeof *c0);
    double *sbuf = malloc((size_t)rb * rb * np * sizeof *sbuf);
    double *rbuf = malloc((size_t)rb * rb * np * sizeof *rbuf);
    double *lin = malloc((size_t)(lcount ? lcount : 1) * sizeof *lin);
    double *lin_check = malloc((size_t)(lcount ? lcount : 1) * sizeof *lin_check);
    fill(a0, la, me);
    fill(bpart, lb, 7 + me);
    fill(c0, la, 3 + me);
    /* phase times: [version][multiply, redistribute, transpose] */
    double *t[2][3];
    for (int v = 0; v < 2; v++)
        for (int f = 0; f < 3; f++)
            t[v][f] = calloc((size_t)reps, sizeof(double));
    for (int r = 0; r < reps; r++)
        for (int v = 0; v < 2; v++) {
            memcpy(a, a0, la * sizeof *a);
            memcpy(c, c0, la * sizeof *c);
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = MPI_Wtime();
            MPI_Allgather(bpart, (int)lb, MPI_DOUBLE, bfull, (int)lb, MPI_DOUBLE, MPI_COMM_WORLD);
            multiply(n, rb, a, bfull, c);
            t[v][0][r] = timing_slowest(MPI_Wtime() - t0);
            if (v == 0) {
                t0 = MPI_Wtime();
                transpose_block_star(n, rb, a, sbuf, rbuf);
                t[v][2][r] = timing_slowest(MPI_Wtime() - t0);
            } else {
                t0 = MPI_Wtime();
                bcr_plan_execute(to_linear, a, lin);
                t[v][1][r] = timing_slowest(MPI_Wtime() - t0);
                t0 = MPI_Wtime();
                transpose_linear(n, lin);
                t[v][2][r] = timing_slowest(MPI_Wtime() - t0);
            }
        }
    /* The (B,*) result, redistributed too, against the (1,1) result. */
    memcpy(a, a0, la * sizeof *a);
    transpose_block_star(n, rb, a, sbuf, rbuf);
    bcr_plan_execute(to_linear, a, lin_check);
    int same = !memcmp(lin, lin_check, (size_t)lcount * sizeof *lin), every;
    MPI_Allreduce(&same, &every, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    double med[2][3];
    for (int v = 0; v < 2; v++)
        for (int f = 0; f < 3; f++)
            med[v][f] = timing_median(t[v][f], reps);
    if (me == 0) {
        printf("bcr_guo_multrans: %d ranks, n = %d, median of %d; plan (B,*) -> (1,1) made "
               "once in %.4f s\n",
               np, n, reps, plan_s);
        printf("%-12s %10s %12s %10s %10s\n", "version", "multiply", "redistribute", "transpose",
               "total");
        for (int v = 0; v < 2; v++)
            printf("%-12s %10.4f %12.4f %10.4f %10.4f\n", v ? "(B,*)+(1,1)" : "(B,*)",
                   med[v][0], med[v][1], med[v][2], med[v][0] + med[v][1] + med[v][2]);
        printf("csv,%d,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%d\n", np, n, med[0][0], med[0][2], med[1][0],
               med[1][1], med[1][2], every);
        if (csv)
            fprintf(csv, "%d,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%d\n", np, n, med[0][0], med[0][2],
                    med[1][0], med[1][1], med[1][2], every);
        printf("results %s\n", every ? "identical" : "DIFFERENT");
    }
    bcr_plan_destroy(to_linear);
    bcr_layout_destroy(block_star);
    bcr_layout_destroy(anti);
    for (int v = 0; v < 2; v++)
        for (int f = 0; f < 3; f++)
            free(t[v][f]);
    free(ranks);
    free(a0);
    free(a);
    free(bpart);
    free(bfull);
    free(c);
    free(c0);
    free(sbuf);
    free(rbuf);
    free(lin);
    free(lin_check);
    Cblacs_gridexit(ctxt);
    return every ? 0 : 1;
}
