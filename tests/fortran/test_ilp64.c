/* The same cases through the LP64 library and through the ILP64 one
 * (bcr_int = int64_t): this program is built twice from this one source.
 *
 *   LP64 build   bcredist with ScaLAPACK's LP64 BLACS; every B compared
 *                with the reference ScaLAPACK in-process.
 *   ILP64 build  the ILP64 bcredist with the stand-in ILP64 BLACS
 *                (tests/common/ilp64_blacs: 8-byte integers, every handle beyond
 *                2^32, a caller's 4-byte handle aborts the job); no
 *                ScaLAPACK in the program.
 *
 * Both builds also check every byte of every B against the element-wise
 * formula below (global index -> owning process and local offset, on A's
 * side and on B's), and write every B (integers widened to 8 bytes) and
 * every error code to <prefix>.<rank>; tests/fortran/ilp64.cmake compares the two
 * builds' files byte for byte, so the ILP64 results equal ScaLAPACK's.
 * Two libraries with the same symbol names cannot share one program,
 * hence two programs.
 *
 * The ILP64 build also passes values past 32 bits: contexts (which are
 * 8-byte BLACS integers there) must be reported as "not a BLACS context"
 * with their full value, every other value (m, n, offsets, descriptor
 * entries) as outside the supported range, on every process, B untouched.
 *
 *   bcr_test_ilp64 <prefix>
 */
#include <limits.h>
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_threads_cases.h"
#ifdef BCREDIST_ILP64
#include "ilp64_blacs/ilp64_blacs.h"
#else
#include "scalapack_ref.h"
#endif

#define VARIANTS 3

static int g_rank, g_size;
static long g_checks, g_fail;

#define CHECK(cond, ...)                                                       \
    do {                                                                       \
        g_checks++;                                                            \
        if (!(cond) && g_fail++ < 30) {                                        \
            printf("FAIL [rank %d] ", g_rank);                                 \
            printf(__VA_ARGS__);                                               \
            printf("\n");                                                      \
        }                                                                      \
    } while (0)

/* ---- the element-wise formula ------------------------------------------- */

/* The lane's grids as test_threads_cases.h describes them. */
static void grid_shape(int g, int *P, int *Q)
{
    int pr = (int)sqrt((double)g_size);
    while (pr > 1 && g_size % pr)
        pr--;
    switch (g) {
    case TC_G2D: *P = pr, *Q = g_size / pr; break;
    case TC_GCOL: *P = g_size, *Q = 1; break;
    case TC_GONE: *P = 1, *Q = 1; break;
    default: *P = 1, *Q = g_size; break; /* TC_GREV */
    }
}

static int grid_pnum(int g, int i, int j)
{
    int P, Q;
    grid_shape(g, &P, &Q);
    switch (g) {
    case TC_G2D: return i * Q + j;
    case TC_GCOL: return i;
    case TC_GONE: return g_size - 1;
    default: return g_size - 1 - j; /* TC_GREV */
    }
}

/* Global index gi (0-based) of a dimension dealt in blocks of nb from
 * process src over P: the process holding it, and its local index there. */
static void locate(int gi, int nb, int src, int P, int *owner, int *local)
{
    int block = gi / nb;
    *owner = (block + src) % P;
    *local = block / P * nb + gi % nb;
}

/* How many of the n indices process p holds. */
static int held(int n, int nb, int src, int P, int p)
{
    int count = 0;
    for (int gi = 0; gi < n; gi++) {
        int o, l;
        locate(gi, nb, src, P, &o, &l);
        count += o == p;
    }
    return count;
}

/* Whether submatrix element (i, j), 0-based, is copied. */
static int copied(const tc_case *c, int i, int j)
{
    if (!c->tr)
        return 1;
    int unit = c->diag == 'U' || c->diag == 'u';
    if (c->uplo == 'U' || c->uplo == 'u')
        return i <= j + (c->m > c->n ? c->m - c->n : 0) - unit;
    return i >= j - (c->n > c->m ? c->n - c->m : 0) + unit;
}

/* B on this process as the call must leave it: B as before, with every
 * copied element it holds replaced by A's element from its owner. */
static void expected_b(const tc_case *c, uint64_t seed, const tc_data *d, char *out)
{
    if (!d->b)
        return;
    memcpy(out, d->b0, d->bbytes);
    int PA, QA, PB, QB, myrow = -1, mycol = -1;
    grid_shape(c->ga, &PA, &QA);
    grid_shape(c->gb, &PB, &QB);
    for (int i = 0; i < PB; i++)
        for (int j = 0; j < QB; j++)
            if (grid_pnum(c->gb, i, j) == g_rank)
                myrow = i, mycol = j;
    int rsa = c->rsa % PA, csa = c->csa % QA, rsb = c->rsb % PB, csb = c->csb % QB;
    int lldb = tc_lld(held(c->MB, c->mbb, rsb, PB, myrow), g_rank);
    for (int j = 0; j < c->n; j++)
        for (int i = 0; i < c->m; i++) {
            if (!copied(c, i, j))
                continue;
            int rb, cb, lib, ljb, ra, ca, lia, lja;
            locate(c->ib - 1 + i, c->mbb, rsb, PB, &rb, &lib);
            locate(c->jb - 1 + j, c->nbb, csb, QB, &cb, &ljb);
            if (rb != myrow || cb != mycol)
                continue;
            locate(c->ia - 1 + i, c->mba, rsa, PA, &ra, &lia);
            locate(c->ja - 1 + j, c->nba, csa, QA, &ca, &lja);
            int owner = grid_pnum(c->ga, ra, ca);
            int llda = tc_lld(held(c->MA, c->mba, rsa, PA, ra), owner);
            tc_value(c->type, tc_seed_a(seed, owner), (size_t)lia + (size_t)lja * llda,
                     out + ((size_t)lib + (size_t)ljb * lldb) * d->es);
        }
}

/* ---- the cases ------------------------------------------------------------ */

/* B as both builds write it: the integer type widened to 8 bytes. */
static void dump(FILE *f, const tc_case *c, const tc_data *d, int code)
{
    fwrite(&code, sizeof code, 1, f);
    if (!d->b)
        return;
    if (c->type != 'i') {
        fwrite(d->b, 1, d->bbytes, f);
        return;
    }
    const bcr_int *v = d->b;
    for (size_t k = 0; k < d->bbytes / sizeof *v; k++) {
        long long x = v[k];
        fwrite(&x, sizeof x, 1, f);
    }
}

static void run_cases(const tc_lane *l, FILE *out)
{
    for (int k = 0; k < tc_ncases(); k++)
        for (int v = 0; v < VARIANTS; v++)
            for (int via_plan = 0; via_plan < 2; via_plan++) {
                tc_case c = *tc_get(k);
                c.m -= v;
                c.n -= 2 * v;
                tc_data d;
                uint64_t seed = (uint64_t)(100 * k + 10 * v + via_plan);
                const char *how = via_plan ? " (plan)" : "";
                CHECK(tc_data_make(&c, l, seed, &d) == 0, "case %d: no memory", k);
                char *expect = malloc(d.bbytes + 1);
                expected_b(&c, seed, &d, expect);
#ifndef BCREDIST_ILP64
                tc_run_ref(&c, l, &d);
                CHECK(!d.b || !memcmp(d.b, expect, d.bbytes),
                      "case %d variant %d: ScaLAPACK's B differs from the formula's", k, v);
                tc_reset_b(&d);
#endif
                int code;
                if (via_plan) {
                    code = tc_run_plan(&c, l, &d);
                } else {
                    tc_run_bcr(&c, l, &d);
                    code = bcr_last_error(NULL);
                }
                CHECK(code == BCR_SUCCESS, "case %d variant %d%s: error %d", k, v, how, code);
                CHECK(!d.b || !memcmp(d.b, expect, d.bbytes),
                      "case %d variant %d%s: B differs from the formula's", k, v, how);
                dump(out, &c, &d, code);
                free(expect);
                tc_data_free(&d);
            }
}

#ifdef BCREDIST_ILP64
/* ---- values past 32 bits -------------------------------------------------- */

#define BIG ((bcr_int)1 << 32)

/* The number after `key` in msg, or -1 when there is none. */
static long long number_after(const char *msg, const char *key)
{
    const char *p = strstr(msg, key);
    return p ? strtoll(p + strlen(key), NULL, 10) : -1;
}

/* One call of case 0 with one value pushed past 32 bits (on this process,
 * or on the processes where it is read); every process must report an
 * argument error naming the value, and leave B as it was. */
static void big_call(const tc_lane *l, int which, const char *what, const char *expect_text)
{
    const tc_case *c = tc_get(0);
    tc_data d;
    tc_data_make(c, l, 5, &d);
    bcr_int da[9], db[9], m = c->m, n = c->n, ia = c->ia, ictxt = l->ictxt;
    memcpy(da, d.desca, sizeof da);
    memcpy(db, d.descb, sizeof db);
    int in_a = da[1] >= 0;
    switch (which) {
    case 0: /* LLD: truncated, 2^32 + lld would be lld again */
        if (in_a && g_rank == 0)
            da[8] += BIG;
        else if (g_rank == 0)
            db[8] += BIG;
        break;
    case 1: m += BIG; break;            /* truncated: a valid m */
    case 2: ia += BIG; break;           /* truncated: a valid ia */
    case 3: if (in_a) da[1] += BIG; break; /* another 8-byte number: no context */
    case 4: ictxt += BIG; break;
    case 5: n = -2 * BIG + n; break;    /* below INT_MIN */
    case 6: if (in_a) da[2] += BIG; break; /* M_A */
    }
    bcr_pdgemr2d(m, n, d.a, ia, c->ja, da, d.b, c->ib, c->jb, db, ictxt);
    const char *msg;
    int code = bcr_last_error(&msg);
    CHECK(code == BCR_ERR_ARGUMENT, "%s: code %d, expected an argument error (%s)", what, code,
          msg);
    CHECK(strstr(msg, expect_text) != NULL, "%s: message \"%s\" lacks \"%s\"", what, msg,
          expect_text);
    CHECK(!d.b || !memcmp(d.b, d.b0, d.bbytes), "%s: B changed", what);
    if (which == 3)
        CHECK(number_after(msg, "CTXT_A = ") > 2 * BIG,
              "%s: the context in \"%s\" is not the 8-byte one passed", what, msg);
    tc_data_free(&d);
}

static void big_values(const tc_lane *l)
{
    char ictxt_text[96];
    snprintf(ictxt_text, sizeof ictxt_text, "ictxt = %lld is not a BLACS context",
             (long long)(l->ictxt + BIG));
    big_call(l, 1, "m = 2^32 + m", "m = 4294967333 is outside the supported range");
    big_call(l, 2, "ia = 2^32 + ia", "ia = 4294967298 is outside");
    big_call(l, 4, "ictxt = 2^32 + ictxt", ictxt_text);
    big_call(l, 5, "n = -2^33 + n", "n = -8589934563 is outside");
    /* only some processes see these: the agreement must carry them */
    big_call(l, 0, "LLD = 2^32 + LLD on process 0", "LLD_");
    big_call(l, 3, "CTXT_A = 2^32 + CTXT_A", "is not a BLACS context");
    big_call(l, 6, "M_A = 2^32 + M_A", "M_A = 4294967336 is outside");

    /* m = 0: nothing else is read, however large */
    const tc_case *c = tc_get(0);
    tc_data d;
    tc_data_make(c, l, 6, &d);
    bcr_int da[9], db[9];
    for (int k = 0; k < 9; k++)
        da[k] = d.desca[k] + BIG, db[k] = d.descb[k] + BIG;
    bcr_pdgemr2d(0, 1000 * BIG, d.a, BIG, BIG, da, d.b, BIG, BIG, db, l->ictxt + BIG);
    CHECK(bcr_last_error(NULL) == BCR_SUCCESS, "m = 0 with huge n: not a quiet return");
    CHECK(!d.b || !memcmp(d.b, d.b0, d.bbytes), "m = 0: B changed");

    /* the plan API narrows the same way */
    bcr_plan_t p = bcr_plan_create('d', NULL, NULL, c->m + BIG, c->n, c->ia, c->ja, d.desca,
                                   c->ib, c->jb, d.descb, l->ictxt);
    const char *msg;
    int code = bcr_last_error(&msg);
    CHECK(p == NULL && code == BCR_ERR_ARGUMENT && strstr(msg, "argument 4 (m)"),
          "bcr_plan_create with m = 2^32 + m: plan %p, code %d, \"%s\"", (void *)p, code, msg);
    bcr_plan_destroy(p);
    tc_data_free(&d);
}
#endif

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &g_size);
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc < 2) {
        printf("usage: bcr_test_ilp64 <output prefix>\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char path[4096];
    snprintf(path, sizeof path, "%s.%d", argv[1], g_rank);
    FILE *out = fopen(path, "wb");
    if (!out) {
        printf("FAIL [rank %d] cannot write %s\n", g_rank, path);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    tc_lane l;
    tc_lane_make(&l);
#ifdef BCREDIST_ILP64
    CHECK(sizeof(bcr_int) == 8, "bcr_int is %zu bytes in the ILP64 build", sizeof(bcr_int));
    CHECK(l.ictxt > ((bcr_int)1 << 32), "ictxt = %lld: not a handle of the stand-in BLACS",
          (long long)l.ictxt);
#else
    CHECK(sizeof(bcr_int) == sizeof(int), "bcr_int is not int in the LP64 build");
#endif
    run_cases(&l, out);
#ifdef BCREDIST_ILP64
    big_values(&l);
#endif
    fclose(out);
    tc_lane_free(&l);
    bcr_finalize();
    long v[2] = {g_checks, g_fail}, s[2];
    MPI_Allreduce(v, s, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (g_rank == 0)
        printf("ilp64 (%s build, %d ranks): %ld checks, %ld failed\n",
               sizeof(bcr_int) == 8 ? "ILP64" : "LP64", g_size, s[0], s[1]);
    Cblacs_exit(1);
    MPI_Finalize();
    return s[1] ? 1 : 0;
}
