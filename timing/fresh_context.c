/* bcr_fresh_context: a redistribution on a context made for it, as a code
 * does that creates its grid, redistributes once and frees the grid, over
 * and over.  Nothing a library keeps per context outlives the iteration,
 * so every call pays for what bcredist would otherwise keep (the context's
 * communicators, plan, shared segments), and memory it fails to give back
 * piles up.
 *
 *   mpiexec -n 4 bcr_fresh_context [--n N] [--iters I] [--rounds R]
 *
 * One iteration: Cblacs_get + Cblacs_gridinit of a 2 x 2 grid, A and B
 * allocated and filled, N x N doubles redistributed once from 64 x 64
 * blocks to 16 x 16 on that grid (its context the union context), A and B
 * freed, Cblacs_gridexit.  A round is a block of I iterations through
 * ScaLAPACK's Cpdgemr2d and one through bcr_pdgemr2d, the first of the two
 * taking turns from round to round.  Each block starts with an untimed
 * iteration that calls both libraries into two Bs and compares them byte
 * for byte; the exit status is 1 when any differ.  Printed: per library
 * the median over its blocks of the time per iteration (the whole of it),
 * of the call alone (after a barrier) and of Cblacs_gridexit (which frees
 * what a library keeps for the context), the last two the slowest
 * process's sum over the block; and the median over rounds of ScaLAPACK's
 * time over bcredist's in the same round.  Then the growth of VmRSS and
 * RssAnon (the largest over processes) and of the node's Shmem
 * (/proc/meminfo): over the run, and summed over each library's blocks
 * after the first round, whose figure per iteration is what a leak of that
 * library's call costs (each block's check calls the other library once
 * too); and bcr_pool_bytes() at the end.  Defaults: N 4096, I 5, R 5.
 */
#include <malloc.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "scalapack_ref.h"
#include "timing_run.h"

enum { REF, BCR };
static const char *const names[2] = {"ScaLAPACK", "bcredist"};

typedef struct {
    int n, iters, rounds;
} options;

/* One side's local array on the grid ctxt, filled with a pattern that
 * depends on salt and the process, so every element written shows. */
static double *make_local(int ctxt, int n, int nb, int *desc, double salt)
{
    int p, q, r, c, zero = 0;
    Cblacs_gridinfo(ctxt, &p, &q, &r, &c);
    int lr = numroc_(&n, &nb, &r, &zero, &p), lc = numroc_(&n, &nb, &c, &zero, &q);
    int d[9] = {1, ctxt, n, n, nb, nb, 0, 0, lr > 1 ? lr : 1};
    memcpy(desc, d, sizeof d);
    size_t count = (size_t)d[8] * (size_t)lc;
    double *x = malloc((count ? count : 1) * sizeof *x);
    double base = salt + 1e10 * (r * q + c);
    for (size_t i = 0; i < count; i++)
        x[i] = base + (double)i;
    return x;
}

static size_t local_count(const int *desc, int n)
{
    int p, q, r, c, zero = 0;
    Cblacs_gridinfo(desc[1], &p, &q, &r, &c);
    return (size_t)desc[8] * (size_t)numroc_(&n, &desc[5], &c, &zero, &q);
}

static void redistribute(int lib, int n, double *a, int *da, double *b, int *db, int ctxt)
{
    if (lib == REF)
        Cpdgemr2d(n, n, a, 1, 1, da, b, 1, 1, db, ctxt);
    else
        bcr_pdgemr2d(n, n, a, 1, 1, da, b, 1, 1, db, ctxt);
}

/* One iteration through lib; adds this process's time in the call and in
 * Cblacs_gridexit (where a library's state of the context is freed) to
 * t[0] and t[1]. */
static void fresh_call(int lib, int n, double t[2])
{
    int ctxt, da[9], db[9];
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", 2, 2);
    double *a = make_local(ctxt, n, 64, da, 0.0);
    double *b = make_local(ctxt, n, 16, db, 0.5);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    redistribute(lib, n, a, da, b, db, ctxt);
    double t1 = MPI_Wtime();
    free(a);
    free(b);
    double t2 = MPI_Wtime();
    Cblacs_gridexit(ctxt);
    t[0] += t1 - t0;
    t[1] += MPI_Wtime() - t2;
}

/* The untimed iteration of a block: both libraries, each into its own B;
 * 1 on every process when all Bs are equal. */
static int fresh_check(int n)
{
    int ctxt, da[9], db[9], db2[9];
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, "R", 2, 2);
    double *a = make_local(ctxt, n, 64, da, 0.0);
    double *bref = make_local(ctxt, n, 16, db, 0.5);
    double *bbcr = make_local(ctxt, n, 16, db2, 0.5);
    redistribute(REF, n, a, da, bref, db, ctxt);
    redistribute(BCR, n, a, da, bbcr, db2, ctxt);
    int same = !memcmp(bref, bbcr, local_count(db, n) * sizeof *bref);
    MPI_Allreduce(MPI_IN_PLACE, &same, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    free(a);
    free(bref);
    free(bbcr);
    Cblacs_gridexit(ctxt);
    return same;
}

/* Figures of the process's memory and the node's shared memory, in KiB.
 * The heap is trimmed first (malloc_trim): what the allocator keeps free
 * would otherwise count, and it comes and goes with the order of frees. */
typedef struct {
    double rss, anon, shmem;
} memory;

static double kib_field(const char *path, const char *field)
{
    FILE *f = fopen(path, "r");
    char line[256];
    double v = 0;
    size_t len = strlen(field);
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, field, len) && line[len] == ':') {
            v = atof(line + len + 1);
            break;
        }
    if (f)
        fclose(f);
    return v;
}

static memory memory_now(void)
{
    malloc_trim(0);
    memory m = {kib_field("/proc/self/status", "VmRSS"), kib_field("/proc/self/status", "RssAnon"),
                kib_field("/proc/meminfo", "Shmem")};
    return m;
}

/* Add the growth from a to b to sum. */
static void add_growth(memory *sum, memory a, memory b)
{
    sum->rss += b.rss - a.rss;
    sum->anon += b.anon - a.anon;
    sum->shmem += b.shmem - a.shmem;
}

/* A growth in MiB: the process figures' largest over processes, the
 * node's as rank 0 read it. */
static memory in_mib(memory g)
{
    double d[2] = {g.rss, g.anon}, shm = g.shmem;
    MPI_Allreduce(MPI_IN_PLACE, d, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Bcast(&shm, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    memory m = {d[0] / 1024, d[1] / 1024, shm / 1024};
    return m;
}

/* The times of one block per iteration, each the slowest process's. */
typedef struct {
    double whole, call, gridexit;
} times;

/* One block of lib: the check, then o->iters timed iterations; returns 1
 * when the check found the Bs equal. */
static int block(int lib, const options *o, times *out)
{
    int same = fresh_check(o->n);
    double t[3] = {0, 0, 0};
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int i = 0; i < o->iters; i++)
        fresh_call(lib, o->n, t + 1);
    MPI_Barrier(MPI_COMM_WORLD);
    t[0] = MPI_Wtime() - t0;
    MPI_Allreduce(MPI_IN_PLACE, t, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    *out = (times){t[0] / o->iters, t[1] / o->iters, t[2] / o->iters};
    return same;
}

static int usage(int me)
{
    if (me == 0)
        fprintf(stderr, "usage: mpiexec -n 4 bcr_fresh_context [--n N] [--iters I] "
                        "[--rounds R]\n");
    MPI_Finalize();
    return 2;
}

/* Field f (0 whole, 1 call, 2 gridexit) of every round's times of lib. */
static double median_of(const times *t, int rounds, int f)
{
    double *v = malloc((size_t)rounds * sizeof *v);
    for (int r = 0; r < rounds; r++)
        v[r] = ((const double *)&t[r])[f];
    double m = timing_median(v, rounds);
    free(v);
    return m;
}

/* The median over rounds of ScaLAPACK's field f over bcredist's. */
static double median_ratio(times *t[2], int rounds, int f)
{
    double *v = malloc((size_t)rounds * sizeof *v);
    for (int r = 0; r < rounds; r++)
        v[r] = ((const double *)&t[REF][r])[f] / ((const double *)&t[BCR][r])[f];
    double m = timing_median(v, rounds);
    free(v);
    return m;
}

static void print_times(const options *o, times *t[2], int checks, int same)
{
    printf("bcr_fresh_context: 4 processes, %d x %d doubles, 2 x 2 grid, blocks 64 -> 16, a "
           "context made and freed per call; %d rounds of %d timed iterations per library\n",
           o->n, o->n, o->rounds, o->iters);
    printf("%-24s %16s %12s %12s\n", "ms per call (median)", "whole iteration", "call alone",
           "gridexit");
    for (int lib = REF; lib <= BCR; lib++)
        printf("%-24s %16.2f %12.2f %12.2f\n", names[lib], 1e3 * median_of(t[lib], o->rounds, 0),
               1e3 * median_of(t[lib], o->rounds, 1), 1e3 * median_of(t[lib], o->rounds, 2));
    printf("%-24s %16.2f %12.2f %12.2f\n", "ScaLAPACK / bcredist", median_ratio(t, o->rounds, 0),
           median_ratio(t, o->rounds, 1), median_ratio(t, o->rounds, 2));
    printf("checks: %d of %d identical\n", same, checks);
}

/* A growth in MiB, and per iteration in KiB when calls is not 0. */
static void print_growth(const char *what, memory g, int calls)
{
    printf("  %-36s VmRSS %+8.1f  RssAnon %+8.1f  Shmem %+8.1f", what, g.rss, g.anon, g.shmem);
    if (calls)
        printf("   per iteration, KiB: %+.1f %+.1f %+.1f", 1024 * g.rss / calls,
               1024 * g.anon / calls, 1024 * g.shmem / calls);
    printf("\n");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me, np;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    options o = {4096, 5, 5};
    for (int i = 1; i < argc; i++) {
        int *v = !strcmp(argv[i], "--n")        ? &o.n
                 : !strcmp(argv[i], "--iters")  ? &o.iters
                 : !strcmp(argv[i], "--rounds") ? &o.rounds
                                                : NULL;
        if (!v || i + 1 >= argc)
            return usage(me);
        *v = atoi(argv[++i]);
    }
    if (np != 4 || o.n < 1 || o.iters < 1 || o.rounds < 1)
        return usage(me);
    times *t[2];
    for (int lib = REF; lib <= BCR; lib++)
        t[lib] = malloc((size_t)o.rounds * sizeof *t[lib]);
    int checks = 0, same = 0;
    /* Growth over the run, and in each library's blocks after the first
     * round (which holds what a first use allocates for good): a leak
     * grows there, and with its library. */
    memory start = memory_now(), later[2] = {{0, 0, 0}, {0, 0, 0}};
    for (int r = 0; r < o.rounds; r++)
        /* which library goes first takes turns, so that neither always
         * follows the other */
        for (int k = 0; k < 2; k++) {
            int lib = (r + k) % 2 ? BCR : REF;
            memory before = memory_now();
            same += block(lib, &o, &t[lib][r]);
            checks++;
            if (r > 0)
                add_growth(&later[lib], before, memory_now());
        }
    memory run = {0, 0, 0};
    add_growth(&run, start, memory_now());
    memory mib[3] = {in_mib(run), in_mib(later[REF]), in_mib(later[BCR])};
    unsigned long long kept = bcr_pool_bytes();
    MPI_Allreduce(MPI_IN_PLACE, &kept, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    if (me == 0) {
        print_times(&o, t, checks, same);
        printf("growth, MiB (VmRSS, RssAnon: largest over processes; Shmem: the node's):\n");
        int later_iters = (o.rounds - 1) * (o.iters + 1); /* a library's, checks included */
        print_growth("over the run", mib[0], 0);
        print_growth("in ScaLAPACK's blocks after round 1", mib[1], later_iters);
        print_growth("in bcredist's blocks after round 1", mib[2], later_iters);
        printf("bcr_pool_bytes() at the end, largest over processes: %.1f MiB\n",
               kept / 1048576.0);
    }
    for (int lib = REF; lib <= BCR; lib++)
        free(t[lib]);
    MPI_Finalize();
    return same == checks ? 0 : 1;
}
