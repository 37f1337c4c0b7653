/* The same cases through the LP64 library and through the ILP64 one
 * (bcr_int = int64_t): this program is built twice, once per library, from
 * this one source.  Each build compares every B with the reference
 * ScaLAPACK in-process and writes every B (integers widened to 8 bytes,
 * so that both builds write the same bytes) and every error code to
 * <prefix>.<rank>; tests/ilp64.cmake then compares the two builds' files
 * byte for byte.  Two libraries with the same symbol names cannot share
 * one program, hence two programs.
 *
 * The ILP64 build also passes values past 32 bits, chosen so that
 * truncating them would give a valid call: every one must be reported as
 * an argument error on every process, with B untouched.
 *
 *   bcr_test_ilp64 <prefix>
 */
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scalapack_ref.h"
#include "test_threads_cases.h"

#define VARIANTS 3

static int g_rank;
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
                int seed = 100 * k + 10 * v + via_plan;
                CHECK(tc_data_make(&c, l, (uint64_t)seed, &d) == 0, "case %d: no memory", k);
                tc_run_ref(&c, l, &d);
                void *expect = malloc(d.bbytes + 1);
                if (d.b)
                    memcpy(expect, d.b, d.bbytes);
                tc_reset_b(&d);
                int code;
                if (via_plan) {
                    code = tc_run_plan(&c, l, &d);
                } else {
                    tc_run_bcr(&c, l, &d);
                    code = bcr_last_error(NULL);
                }
                CHECK(code == BCR_SUCCESS, "case %d variant %d%s: error %d", k, v,
                      via_plan ? " (plan)" : "", code);
                CHECK(!d.b || !memcmp(d.b, expect, d.bbytes),
                      "case %d variant %d%s: B differs from the reference", k, v,
                      via_plan ? " (plan)" : "");
                dump(out, &c, &d, code);
                free(expect);
                tc_data_free(&d);
            }
}

#ifdef BCREDIST_ILP64
/* ---- values past 32 bits -------------------------------------------------- */

#define BIG ((bcr_int)1 << 32)

typedef struct {
    const char *name;
    const char *expect; /* in the message of every process */
} big_case;

/* One call of case 0 with one value pushed past 32 bits (on this process,
 * or on the processes where it is read); every process must report an
 * argument error naming the value, and leave B as it was. */
static void big_call(const tc_lane *l, int which, const char *what, const char *expect_text)
{
    const tc_case *c = tc_get(0);
    tc_data d;
    tc_data_make(c, l, 5, &d);
    bcr_int da[9], db[9], m = c->m, n = c->n, ia = c->ia, ictxt = l->ictxt;
    for (int k = 0; k < 9; k++)
        da[k] = d.desca[k], db[k] = d.descb[k];
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
    case 3: if (in_a) da[1] += BIG; break; /* truncated: the context */
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
    tc_data_free(&d);
}

static void big_values(const tc_lane *l)
{
    char lld_text[64];
    big_call(l, 1, "m = 2^32 + m", "m = 4294967333 is outside the supported range");
    big_call(l, 2, "ia = 2^32 + ia", "ia = 4294967298 is outside");
    big_call(l, 4, "ictxt = 2^32 + ictxt", "ictxt = ");
    big_call(l, 5, "n = -2^33 + n", "n = -8589934563 is outside");
    /* only some processes see these: the agreement must carry them */
    snprintf(lld_text, sizeof lld_text, "LLD_");
    big_call(l, 0, "LLD = 2^32 + LLD on process 0", lld_text);
    big_call(l, 3, "CTXT_A = 2^32 + CTXT_A", "CTXT_A = ");
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
    for (int k = 0; k < 9; k++)
        da[k] = d.desca[k], db[k] = d.descb[k];
    bcr_plan_t p = bcr_plan_create('d', NULL, NULL, c->m + BIG, c->n, c->ia, c->ja, da, c->ib,
                                   c->jb, db, l->ictxt);
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
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
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
    run_cases(&l, out);
#ifdef BCREDIST_ILP64
    CHECK(sizeof(bcr_int) == 8, "bcr_int is %zu bytes in the ILP64 build", sizeof(bcr_int));
    big_values(&l);
#else
    CHECK(sizeof(bcr_int) == sizeof(int), "bcr_int is not int in the LP64 build");
#endif
    fclose(out);
    tc_lane_free(&l);
    bcr_finalize();
    long v[2] = {g_checks, g_fail}, s[2];
    MPI_Allreduce(v, s, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (g_rank == 0)
        printf("ilp64 (%s build, %d ranks): %ld checks, %ld failed\n",
               sizeof(bcr_int) == 8 ? "ILP64" : "LP64", size, s[0], s[1]);
    Cblacs_exit(1);
    MPI_Finalize();
    return s[1] ? 1 : 0;
}
