/* Calls under a cap on their extra memory (BCR_MAX_BYTES) against the
 * reference ScaLAPACK, byte for byte, and what they hold against the cap.
 * 4 processes.
 *
 *   bcr_test_capped --systematic     the cap one eighth of the most bytes
 *                                    of A's submatrix any process holds
 *   bcr_test_capped --random SEED N  N seeded configurations, random caps
 *   bcr_test_capped --disagree       processes disagreeing on the cap
 *   --expect-rounds   every systematic call must run in two rounds or more
 *   --no-uncapped     no check without the cap
 *
 * Every configuration: ScaLAPACK's call (Cp?gemr2d, Cp?trmr2d) in the same
 * processes, then after bcr_finalize (so that nothing is kept from before)
 * bcredist's call twice under the cap, with BCR_KEEP_BYTES very large (so
 * that nothing is given back after a call: the buffers and segments then
 * show the most the call held).  After each: every byte of B's local array,
 * padding included, equal to ScaLAPACK's, A unchanged, and bcr_pool_bytes()
 * (buffers of every thread, and this process's share of the node's shared
 * segments) at most the cap, with no slack: the rounds are sized by a bound
 * that counts the bookkeeping too (src/exec/round_size.h).  Only where the
 * cap is below the least a round can take does that least stand for it.
 * The second call meets the segments the first made (BCR_SHM=on sends
 * through them from a context's second call on).  Some configurations also
 * go through bcr_plan_create and two executions.  Without the cap (every
 * systematic configuration, a quarter of the random ones) a process's
 * buffers must be at most its local A plus local B, and buffers and shares
 * together over the node at most the node's local A plus local B (a share
 * counts what other processes wrote), each with 256 bytes of bookkeeping.
 *
 * Systematic: every type (s d c z i), gemr2d and trmr2d (U and L, N and U
 * diag); grids 2x2 -> 2x2, 2x2 -> 1x1, 1x1 -> 2x2, 1x4 -> 4x1, 2x2 ->
 * 2x2 column-major, 1x2 -> 2x1 (one process in neither grid) and 4x1 ->
 * 2x2; submatrices taller than wide, wider than tall, and thin ones in
 * either direction; blocks of several sizes, sources and submatrix
 * offsets.  Tiles of whole columns and of whole rows both run.
 *
 * Random: grids, sizes, blocks, sources and offsets at random, the cap
 * spread over 2 KiB to several times the call's need; with every message
 * packed and through segments some caps are below a whole row and a whole
 * column, and the tiles single columns cut by rows.
 *
 * With the default switches a message through MPI goes in place as a
 * datatype and needs no buffer, and only messages of 32 KiB or more go
 * through segments: a call whose messages are smaller takes no memory to
 * speak of and runs whole.  The variants that need memory for every
 * message (tests/compare/capped.cmake) cut every systematic call. */
#include <bcredist.h>
#include <mpi.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capped.h"
#include "mpi_check.h"

unsigned g_case_timeout = 120;

static const char types[] = "sdczi";
static const char *const masks[] = {"GE", "UN", "UU", "LN", "LU"};
static const int pairs[][2] = {{CP_22, CP_22}, {CP_22, CP_11}, {CP_11, CP_22}, {CP_14, CP_41},
                               {CP_22, CP_22C}, {CP_12, CP_21}, {CP_41, CP_22}};
enum { NPAIRS = sizeof pairs / sizeof *pairs };
static const int shapes[][2] = {{300, 140}, {140, 300}, {1100, 5}, {7, 900}};
static const int blocks[][4] = {{8, 8, 8, 8}, {16, 4, 3, 5}, {5, 7, 6, 4}, {1, 2, 32, 16}};

static cp_side side_of(int grid, int m, int n, const int *mb_nb, int k)
{
    const cp_grid *g = &cp_grids[grid];
    cp_side s = {grid, 0, 0, mb_nb[0], mb_nb[1], k % g->P, (k / 2) % g->Q, 1 + k % 3,
                 1 + (k / 3) % 4};
    s.M = s.i - 1 + m + k % 2;
    s.N = s.j - 1 + n + 1;
    return s;
}

static cp_config config_of(char type, const char *mask, int pair, int shape, int blk, int k)
{
    cp_config c = {type, mask[0] != 'G', mask[0], mask[1], shapes[shape][0], shapes[shape][1],
                   {0}, {0}};
    c.a = side_of(pairs[pair][0], c.m, c.n, blocks[blk], k);
    c.b = side_of(pairs[pair][1], c.m, c.n, blocks[blk] + 2, k + 1);
    return c;
}

/* --expect-rounds: for the variants where every message needs a buffer
 * or a segment.  --no-uncapped: for those where local A plus local B does
 * not bound an uncapped call (an indirect strategy holds an intermediate
 * besides, and with BCR_PACK=buffer a message through a segment has a
 * send buffer too). */
static int expect_rounds, uncapped = 1;

static void systematic(void)
{
    int k = 0;
    for (int t = 0; types[t]; t++)
        for (int mk = 0; mk < 5; mk++)
            for (int pair = 0; pair < NPAIRS; pair++)
                for (int twice = 0; twice < 2; twice++, k++) {
                    /* every shape and block size meets every grid pair and
                     * mask over the types */
                    int shape = (t + mk + pair + 2 * twice) % 4;
                    int blk = (t * 3 + mk + pair + twice) % 4;
                    cp_config c = config_of(types[t], masks[mk], pair, shape, blk, k);
                    long long cap = cp_largest_share_a(&c) / 8;
                    cp_run r = {cap, 2, expect_rounds, k % 7 == 0, uncapped};
                    cp_run_config(&c, &r);
                }
}

/* splitmix64 */
static uint64_t mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

static uint64_t rng;
static int pick(int lo, int hi) { return lo + (int)((rng = mix(rng)) % (uint64_t)(hi - lo + 1)); }

static void random_sweep(unsigned long long seed, long count)
{
    for (long k = 0; k < count; k++) {
        rng = mix(seed * 1000003ull + (uint64_t)k);
        int pair = pick(0, NPAIRS - 1);
        cp_config c = {types[pick(0, 4)], 0, 'U', 'N', pick(1, 400), pick(1, 400), {0}, {0}};
        if (pick(0, 5) == 0)
            c.n = pick(1, 8); /* thin */
        const char *mask = masks[pick(0, 4)];
        c.tr = mask[0] != 'G';
        c.uplo = mask[0];
        c.diag = mask[1];
        int bl[4] = {pick(1, 24), pick(1, 24), pick(1, 24), pick(1, 24)};
        c.a = side_of(pairs[pair][0], c.m, c.n, bl, pick(0, 23));
        c.b = side_of(pairs[pair][1], c.m, c.n, bl + 2, pick(0, 23));
        /* caps from 2 KiB to several times the call's need, spread evenly
         * over their logarithm */
        long long share_a = cp_largest_share_a(&c);
        double lo = log(2048.0), hi = log(3.0 * (double)(share_a + 4096) + 4096.0);
        long long cap = (long long)exp(lo + (hi - lo) * pick(0, 1000) / 1000.0);
        cp_run r = {cap, 2, 0, k % 10 == 0, uncapped && k % 4 == 0};
        cp_run_config(&c, &r);
    }
}

static void disagree(void)
{
    cp_config c = config_of('d', "GE", 0, 0, 0, 0);
    cp_disagree(&c, cp_largest_share_a(&c) / 8);
    c = config_of('z', "LU", 2, 1, 1, 3);
    cp_disagree(&c, cp_largest_share_a(&c) / 8);
}

int main(int argc, char **argv)
{
    mpi_check_init(&argc, &argv);
    if (g_size != 4) {
        if (g_rank == 0)
            fprintf(stderr, "capped: run with 4 processes\n");
        MPI_Finalize();
        return 2;
    }
    cp_grids_make();
    const char *mode = argc > 1 ? argv[1] : "";
    for (int k = 2; k < argc; k++) {
        expect_rounds |= !strcmp(argv[k], "--expect-rounds");
        if (!strcmp(argv[k], "--no-uncapped"))
            uncapped = 0;
    }
    double t0 = MPI_Wtime();
    if (!strcmp(mode, "--systematic")) {
        systematic();
    } else if (!strcmp(mode, "--random") && argc > 3) {
        random_sweep(strtoull(argv[2], NULL, 10), atol(argv[3]));
    } else if (!strcmp(mode, "--disagree")) {
        disagree();
    } else {
        if (g_rank == 0)
            fprintf(stderr, "usage: bcr_test_capped --systematic | --random SEED N | "
                            "--disagree  [--expect-rounds] [--no-uncapped]\n");
        MPI_Finalize();
        return 2;
    }
    double worst[2] = {cp_tally.worst_ratio, cp_tally.worst_uncapped}, w[2];
    long long mine[2] = {cp_tally.rounds, cp_tally.cut}, all[2];
    MPI_Reduce(worst, w, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Reduce(mine, all, 2, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (g_rank == 0)
        printf("capped %s: %ld configurations, %ld capped calls, %lld of them in rounds "
               "(%lld rounds); bcr_pool_bytes() at most %.3f of the cap, and over the node "
               "%.3f of local A + local B uncapped; %.1f s\n", mode, cp_tally.configs,
               cp_tally.calls, all[1] / g_size, all[0] / g_size, w[0], w[1],
               MPI_Wtime() - t0);
    cp_grids_free();
    int failed = finish_checks("capped");
    MPI_Finalize();
    return failed;
}
