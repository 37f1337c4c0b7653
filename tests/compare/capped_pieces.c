/* Unit tests of how a capped call is cut into rounds (src/api/
 * round_pieces.h, round_size.h); no MPI at run time.
 *
 * Pieces, element by element: for every m x n up to 14 x 14, gemr2d and
 * the four trapezoids (upper and lower, unit and non-unit diagonal), and
 * every tile shape h x w, the pieces of all tiles are listed; then every
 * element of the submatrix must be copied by exactly one piece if the
 * call copies it and by none if not.  Which elements a call copies is
 * worked out here from the rule in SEMANTICS.md (1-based i, j:
 * upper copies i <= j + max(0, m - n) - unit, lower copies
 * i >= j - max(0, n - m) + unit), for the whole call and for each piece
 * as the call it is, never with bcr_mask_rows.  Each piece must lie
 * inside one tile, be at least 1 x 1, and be a gemr2d or a trapezoid with
 * a non-unit diagonal.  Then 3000 random cases up to 300 x 300 the same
 * way.
 *
 * Sizes: for random layouts (grids up to 4 x 4, blocks up to 9, any
 * sources, A and B on one grid or not, every BCR_STRATEGY, BCR_SHM on or
 * off, BCR_SHM_MIN 0 or 32 KiB, BCR_PACK datatype or buffer),
 * bcr_round_bound must cover what a direct round can take on a process,
 * counted here by dealing the indices out one by one: the most elements
 * any process holds of an h x w window of A anywhere, a, and of B, b; a
 * buffer of a (sent) and of b (received) unless messages go in place as
 * datatypes, and a in the segment when a message of a elements would go
 * through it; times the element size; nothing where A and B lie alike on
 * one grid, every element staying on its process (checked index by
 * index).  The tile bcr_round_shape picks must fit under the cap (a cap
 * below the bound of a 1 x 1 tile counting as that), and be whole columns
 * or whole rows when either fits, else a piece of a single column; the
 * same for an update's calls (a third of the layouts), whose bound is
 * checked against what they hold by tests/update/update.cmake's capped sweeps.
 *
 * Exit status 0 when everything passed, 1 otherwise. */
#include "plan/round_pieces.h"
#include "exec/round_size.h"
#include "unit_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const long long unit_max_reports = 30;

#define SMALL 14

/* Whether the call (gemr2d, or trmr2d upper/lower, unit) of an m x n
 * submatrix copies its element (i, j), 0-based; SEMANTICS.md's rule. */
static int copies(int tr, int upper, int unit, long long m, long long n, long long i,
                  long long j)
{
    if (!tr)
        return 1;
    long long I = i + 1, J = j + 1;
    if (upper)
        return I <= J + (m > n ? m - n : 0) - unit;
    return I >= J - (n > m ? n - m : 0) + unit;
}

static unsigned char *hits;
static size_t hits_cap;

static void check_case(int tr, int upper, int unit, long long m, long long n, long long h,
                       long long w)
{
    bcr_mask whole = {tr, tr && upper, tr && unit, m, n};
    bcr_idx count = bcr_round_list(&whole, h, w, NULL);
    bcr_round *p = malloc((size_t)(count ? count : 1) * sizeof *p);
    if ((size_t)(m * n) > hits_cap) {
        hits_cap = (size_t)(m * n);
        hits = realloc(hits, hits_cap);
    }
    if (!p || !hits) {
        perror("malloc");
        exit(2);
    }
    memset(hits, 0, (size_t)(m * n));
    CHECK(bcr_round_list(&whole, h, w, p) == count, "the list and its count differ");
    const char *what = !tr ? "gemr2d" : upper ? (unit ? "UU" : "UN") : (unit ? "LU" : "LN");
    for (bcr_idx k = 0; k < count; k++) {
        const bcr_round *q = &p[k];
        int ok = q->mk.m >= 1 && q->mk.n >= 1 && q->r >= 0 && q->c >= 0 &&
                 q->r + q->mk.m <= m && q->c + q->mk.n <= n;
        CHECK(ok, "%s %lld x %lld, tiles %lld x %lld: piece %lld at (%lld, %lld) of %lld x %lld "
              "lies outside", what, m, n, h, w, (long long)k, (long long)q->r, (long long)q->c,
              (long long)q->mk.m, (long long)q->mk.n);
        if (!ok)
            continue;
        CHECK(q->r / h == (q->r + q->mk.m - 1) / h && q->c / w == (q->c + q->mk.n - 1) / w,
              "%s %lld x %lld, tiles %lld x %lld: piece %lld spans two tiles", what, m, n, h,
              w, (long long)k);
        CHECK(!q->mk.unit && (!q->mk.trapezoid || tr),
              "%s %lld x %lld: piece %lld has a unit diagonal or is a trapezoid of gemr2d",
              what, m, n, (long long)k);
        for (long long j = 0; j < q->mk.n; j++)
            for (long long i = 0; i < q->mk.m; i++)
                if (copies(q->mk.trapezoid, q->mk.upper, 0, q->mk.m, q->mk.n, i, j))
                    hits[(q->c + j) * m + q->r + i]++;
    }
    long long wrong = 0, first_i = -1, first_j = -1;
    for (long long j = 0; j < n; j++)
        for (long long i = 0; i < m; i++)
            if (hits[j * m + i] != copies(tr, upper, unit, m, n, i, j)) {
                if (!wrong++)
                    first_i = i, first_j = j;
            }
    CHECK(!wrong, "%s %lld x %lld, tiles %lld x %lld: %lld elements copied wrongly, the first "
          "(%lld, %lld) %d times", what, m, n, h, w, wrong, first_i, first_j,
          wrong ? hits[first_j * m + first_i] : 0);
    free(p);
}

static void each_mask(long long m, long long n, long long h, long long w)
{
    check_case(0, 0, 0, m, n, h, w);
    for (int upper = 0; upper < 2; upper++)
        for (int unit = 0; unit < 2; unit++)
            check_case(1, upper, unit, m, n, h, w);
}

static void pieces_small(void)
{
    for (long long m = 1; m <= SMALL; m++)
        for (long long n = 1; n <= SMALL; n++)
            for (long long h = 1; h <= m; h++)
                for (long long w = 1; w <= n; w++)
                    each_mask(m, n, h, w);
}

static long long pick(long long lo, long long hi) { return lo + rand() % (hi - lo + 1); }

static void pieces_random(void)
{
    for (int k = 0; k < 3000; k++) {
        long long m = pick(1, 300), n = pick(1, 300);
        each_mask(m, n, pick(1, m), pick(1, n));
    }
}

/* ---- sizes ---------------------------------------------------------------- */

static int map_a[16], map_b[16];

/* A random layout on a grid of its own (ranks from `first` on). */
static bcr_side random_side(int *map, int first)
{
    bcr_side s;
    memset(&s, 0, sizeof s);
    s.P = (int)pick(1, 4);
    s.Q = (int)pick(1, 4);
    s.MB = (int)pick(1, 9);
    s.NB = (int)pick(1, 9);
    s.RSRC = (int)pick(0, s.P - 1);
    s.CSRC = (int)pick(0, s.Q - 1);
    s.i = (int)pick(0, 20);
    s.j = (int)pick(0, 20);
    s.M = s.i + 400;
    s.N = s.j + 400;
    for (int k = 0; k < s.P * s.Q; k++)
        map[k] = k + first;
    s.map = map;
    return s;
}

/* The most indices of any window of len, anywhere along an axis of
 * blocks nb over np processes, a process holds: dealt out one by one. */
static long long most_in_window(long long len, int nb, int np)
{
    long long best = 0, period = (long long)nb * np;
    for (long long start = 0; start < period; start++)
        for (int p = 0; p < np; p++) {
            long long c = 0;
            for (long long g = start; g < start + len; g++)
                c += (g / nb) % np == p;
            if (c > best)
                best = c;
        }
    return best;
}

/* Whether every index of the axis from offsets oa and ob lands on the
 * same process in A's blocks as in B's: checked index by index over more
 * than a period of both. */
static int axis_stays(int np, int nba, int srca, int oa, int nbb, int srcb, int ob)
{
    for (long long k = 0; k < 2LL * nba * nbb * np; k++)
        if ((srca + (oa + k) / nba) % np != (srcb + (ob + k) / nbb) % np)
            return 0;
    return 1;
}

static void sizes_random(void)
{
    static const size_t es[] = {4, 8, 16};
    for (int k = 0; k < 4000; k++) {
        int same = rand() % 2;
        bcr_side A = random_side(map_a, 0), B = random_side(map_b, 100);
        if (same) { /* B's blocks and sources on A's grid */
            B.map = map_a;
            B.P = A.P;
            B.Q = A.Q;
            B.RSRC = (int)pick(0, B.P - 1);
            B.CSRC = (int)pick(0, B.Q - 1);
        }
        bcr_plan_options opt;
        memset(&opt, 0, sizeof opt);
        opt.strategy = (int)pick(-1, 2);
        opt.shm = rand() % 2 ? BCR_SHM_ON : BCR_SHM_OFF;
        opt.shm_min = rand() % 2 ? 0 : 32768;
        opt.datatypes = rand() % 2;
        opt.stream_chunk = rand() % 2 ? 64 : 1 << 18;
        int update = rand() % 3 == 0; /* an update's call (round_size.h) */
        size_t e = es[rand() % 3];
        long long h = pick(1, 120), w = pick(1, 120);
        int nranks = A.P * A.Q + (same ? 0 : B.P * B.Q);
        bcr_idx bound = bcr_round_bound(&A, &B, 0, h, w, e, &opt, nranks, 0);
        long long a = most_in_window(h, A.MB, A.P) * most_in_window(w, A.NB, A.Q);
        long long b = most_in_window(h, B.MB, B.P) * most_in_window(w, B.NB, B.Q);
        /* buffers unless messages go in place as datatypes; the segment
         * when some message may reach BCR_SHM_MIN */
        int seg = opt.shm != BCR_SHM_OFF && a * (long long)e >= opt.shm_min;
        long long direct = (long long)e * ((opt.datatypes ? 0 : a + b) + (seg ? a : 0));
        if (same && axis_stays(A.P, A.MB, A.RSRC, A.i, B.MB, B.RSRC, B.i) &&
            axis_stays(A.Q, A.NB, A.CSRC, A.j, B.NB, B.CSRC, B.j))
            direct = 0; /* nothing leaves its process */
        CHECK(bound >= direct, "bound %lld below a direct round's %lld (%lld x %lld)",
              (long long)bound, direct, h, w);

        bcr_mask mk = {rand() % 2, rand() % 2, 0, pick(1, 400), pick(1, 400)};
        if (update)
            mk.trapezoid = 0; /* the update routines move rectangles */
        long long least =
            bcr_round_bound(&A, &B, mk.trapezoid, 1, 1, e, &opt, nranks, update);
        for (long long asked = 256; asked < (1LL << 24); asked *= 3) {
            opt.max_bytes = asked;
            long long cap = asked > least ? asked : least; /* no round takes less */
            bcr_idx th, tw;
            int cut = bcr_round_shape(&A, &B, &mk, e, &opt, nranks, update, &th, &tw);
            if (!cut) {
                CHECK(bcr_round_bound(&A, &B, mk.trapezoid, mk.m, mk.n, e, &opt, nranks,
                                      update) <= cap,
                      "one round over the cap %lld", cap);
                continue;
            }
            CHECK(th >= 1 && tw >= 1 && th <= mk.m && tw <= mk.n &&
                      (th == mk.m || tw == mk.n || tw == 1),
                  "tile %lld x %lld of %lld x %lld", (long long)th, (long long)tw,
                  (long long)mk.m, (long long)mk.n);
            CHECK(bcr_round_bound(&A, &B, mk.trapezoid, th, tw, e, &opt, nranks, update) <= cap,
                  "tile %lld x %lld over the cap %lld", (long long)th, (long long)tw, cap);
            int panels =
                bcr_round_bound(&A, &B, mk.trapezoid, mk.m, 1, e, &opt, nranks, update) <= cap ||
                bcr_round_bound(&A, &B, mk.trapezoid, 1, mk.n, e, &opt, nranks, update) <= cap;
            CHECK(th == mk.m || tw == mk.n || !panels,
                  "whole columns or rows fit under %lld but the tile is %lld x %lld", cap,
                  (long long)th, (long long)tw);
        }
    }
}

int main(void)
{
    srand(12345);
    pieces_small();
    pieces_random();
    sizes_random();
    free(hits);
    printf("capped_pieces: %lld checks, %lld failed\n", n_checks, n_failed);
    return n_failed != 0;
}
