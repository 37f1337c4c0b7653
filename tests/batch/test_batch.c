/* Batches (bcr_batch_*), on 4 processes, against ScaLAPACK and PBLAS
 * called in the same process on the same inputs, byte for byte (padding
 * rows and elements outside the submatrices included):
 *   - a mixed batch, one message each way per pair of processes: d and z;
 *     gemr2d, trmr2d (upper and lower, unit and not), tran, tranc, geadd;
 *     a plan between layouts; an empty member;
 *     grids of different contexts (2 x 2, 1 x 4, and a 2 x 1 grid on two
 *     of the processes, the others outside it);
 *   - executed twice with new data in the same arrays (the second run
 *     reuses the build), then split phase (start, tests, wait), then once
 *     more after bcr_finalize;
 *   - errors: a bad descriptor on one process in one member, a NULL array
 *     where one process holds elements, processes disagreeing on m, on the
 *     kind of a member and on the member count, a plan of two exchanges, a
 *     bad type: the same message on every
 *     process, naming the member, and every output untouched;
 *   - misuse: a NULL batch, adds and executions while in flight, a wait
 *     without a start; a batch of no member runs and does nothing.
 * Values are small integers and the scalars 2, 1/2 and (2, -1), so that
 * PBLAS's arithmetic is exact and its bytes are bcredist's.  Process 0
 * prints the summary; the exit status is 1 on any failure anywhere. */
#include <complex.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef BCR_TEST_OOM
#include "oom_wrap.h"
#endif

#include "../update/pblas_ref.h"
#include "api/batch_object.h"
#include "bcredist.h"
#include "scalapack_ref.h"

static long long checks, failures;
static int me, np;

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        checks++;                                                                          \
        if (!(cond)) {                                                                     \
            failures++;                                                                    \
            if (failures <= 30) {                                                          \
                printf("FAIL [rank %d] ", me);                                             \
                printf(__VA_ARGS__);                                                       \
                printf("\n");                                                              \
                fflush(stdout);                                                            \
            }                                                                              \
        }                                                                                  \
    } while (0)

/* The contexts: a 2 x 2 grid, a 1 x 4 grid (also the reference's union
 * context), and a 2 x 1 grid on processes 3 and 2. */
static int ctx22, ctx14, ctx21;

/* One distributed matrix on this process: its descriptor (CTXT -1
 * outside its grid) and local array, padded below the local rows. */
typedef struct {
    int desc[9];
    size_t es;
    int lld, lcols;
    char *data;
} dmat;

static size_t dmat_bytes(const dmat *d) { return (size_t)d->lld * d->lcols * d->es; }

/* An M x N matrix of MB x NB blocks on ctxt's grid from (0, 0), every
 * byte of the local array set from seed (elements small integers). */
static void dmat_make(dmat *d, int ctxt, int M, int N, int MB, int NB, size_t es, int seed)
{
    int P, Q, r, c;
    Cblacs_gridinfo(ctxt, &P, &Q, &r, &c);
    int in = r >= 0 && c >= 0 && r < P && c < Q;
    int zero = 0;
    int lrows = in ? numroc_(&M, &MB, &r, &zero, &P) : 0;
    d->lcols = in ? numroc_(&N, &NB, &c, &zero, &Q) : 0;
    d->lld = lrows + 3; /* padding rows the calls must not write */
    d->es = es;
    int desc[9] = {1, in ? ctxt : -1, M, N, MB, NB, 0, 0, d->lld};
    memcpy(d->desc, desc, sizeof desc);
    size_t n = (size_t)d->lld * (d->lcols ? d->lcols : 1);
    d->data = malloc(n * es);
    for (size_t k = 0; k < n * es / sizeof(double); k++)
        ((double *)d->data)[k] = (double)((k * 7 + (size_t)seed * 131 + (size_t)me * 17) % 997);
}

static dmat dmat_copy(const dmat *d)
{
    dmat c = *d;
    size_t n = (size_t)d->lld * (d->lcols ? d->lcols : 1) * d->es;
    c.data = malloc(n);
    memcpy(c.data, d->data, n);
    return c;
}

static void dmat_refill(dmat *d, int seed)
{
    size_t n = (size_t)d->lld * (d->lcols ? d->lcols : 1) * d->es / sizeof(double);
    for (size_t k = 0; k < n; k++)
        ((double *)d->data)[k] = (double)((k * 11 + (size_t)seed * 71 + (size_t)me * 5) % 883);
}

static int same(const dmat *x, const dmat *y)
{
    return memcmp(x->data, y->data, dmat_bytes(x) ? dmat_bytes(x) : x->es) == 0;
}

/* The members of the mixed batch: sources, the batch's outputs and the
 * reference's outputs. */
enum { NM = 9 };
static dmat A[NM], B[NM], R[NM];
static const double d_alpha = 2, d_beta = 0.5;
static const double _Complex z_alpha = 2 - 1 * I, z_beta = 0.5;
static bcr_plan_t plan6;

static void make_data(void)
{
    const size_t D = sizeof(double), Z = sizeof(double _Complex);
    dmat_make(&A[0], ctx22, 41, 33, 4, 3, D, 1);   /* gemr2d d, 2x2 -> 1x4 */
    dmat_make(&B[0], ctx14, 40, 45, 5, 2, D, 2);
    dmat_make(&A[1], ctx14, 30, 34, 3, 5, Z, 3);   /* trmr2d z U N, 1x4 -> 2x2 */
    dmat_make(&B[1], ctx22, 33, 31, 2, 4, Z, 4);
    dmat_make(&A[2], ctx22, 26, 29, 3, 2, D, 5);   /* tran d on 2x2 */
    dmat_make(&B[2], ctx22, 31, 27, 4, 5, D, 6);
    dmat_make(&A[3], ctx22, 25, 22, 2, 3, Z, 7);   /* geadd z N on 2x2 */
    dmat_make(&B[3], ctx22, 27, 24, 5, 4, Z, 8);
    dmat_make(&A[4], ctx22, 35, 20, 6, 4, D, 9);   /* gemr2d d, 2x2 -> 2x1 on {3, 2} */
    dmat_make(&B[4], ctx21, 35, 21, 3, 7, D, 10);
    dmat_make(&A[5], ctx14, 28, 18, 4, 4, D, 11);  /* trmr2d d L U, 1x4 -> 2x1 */
    dmat_make(&B[5], ctx21, 30, 19, 5, 3, D, 12);
    dmat_make(&A[6], ctx14, 24, 30, 5, 3, D, 13);  /* a plan between layouts, 1x4 -> 2x2 */
    dmat_make(&B[6], ctx22, 24, 30, 2, 7, D, 14);
    dmat_make(&A[7], ctx22, 21, 23, 4, 4, Z, 15);  /* tranc z on 2x2 */
    dmat_make(&B[7], ctx22, 24, 22, 3, 2, Z, 16);
    dmat_make(&A[8], ctx22, 8, 8, 2, 2, D, 17);    /* empty: m = 0 */
    dmat_make(&B[8], ctx22, 8, 8, 2, 2, D, 18);
    for (int k = 0; k < NM; k++)
        R[k] = dmat_copy(&B[k]);
    bcr_layout_t src = bcr_layout_desc(24, 30, 1, 1, A[6].desc);
    bcr_layout_t dst = bcr_layout_desc(24, 30, 1, 1, B[6].desc);
    plan6 = bcr_plan_create_layouts(src, dst, 'd', MPI_COMM_WORLD);
    bcr_layout_destroy(src);
    bcr_layout_destroy(dst);
    CHECK(plan6 != NULL, "the layouts' plan");
}

static bcr_batch_t make_batch(void)
{
    bcr_batch_t bt = bcr_batch_create(MPI_COMM_WORLD);
    CHECK(bt != NULL, "bcr_batch_create");
    bcr_batch_add_gemr2d(bt, 'd', 37, 29, A[0].data, 3, 2, A[0].desc, B[0].data, 2, 9,
                         B[0].desc);
    bcr_batch_add_trmr2d(bt, 'z', "U", "N", 20, 25, A[1].data, 4, 6, A[1].desc, B[1].data, 7,
                         3, B[1].desc);
    bcr_batch_add_update(bt, 'd', "T", 23, 17, &d_alpha, A[2].data, 2, 5, A[2].desc, &d_beta,
                         B[2].data, 4, 3, B[2].desc);
    bcr_batch_add_update(bt, 'z', "N", 19, 21, &z_alpha, A[3].data, 3, 1, A[3].desc, &z_beta,
                         B[3].data, 5, 2, B[3].desc);
    bcr_batch_add_gemr2d(bt, 'd', 30, 17, A[4].data, 2, 3, A[4].desc, B[4].data, 4, 2,
                         B[4].desc);
    bcr_batch_add_trmr2d(bt, 'd', "L", "U", 22, 15, A[5].data, 5, 2, A[5].desc, B[5].data, 3,
                         4, B[5].desc);
    bcr_batch_add_plan(bt, plan6, A[6].data, B[6].data);
    bcr_batch_add_update(bt, 'z', "C", 20, 18, &z_alpha, A[7].data, 2, 3, A[7].desc, &z_beta,
                         B[7].data, 3, 2, B[7].desc);
    bcr_batch_add_gemr2d(bt, 'd', 0, 5, A[8].data, 1, 1, A[8].desc, B[8].data, 1, 1,
                         B[8].desc);
    return bt;
}

/* The same members through ScaLAPACK and PBLAS, into R. */
static void reference(void)
{
    double da = d_alpha, db = d_beta;
    double _Complex za = z_alpha, zb = z_beta;
    int m, n, i, j, k, l;
    Cpdgemr2d(37, 29, (double *)A[0].data, 3, 2, A[0].desc, (double *)R[0].data, 2, 9,
              R[0].desc, ctx14);
    Cpztrmr2d("U", "N", 20, 25, (double _Complex *)A[1].data, 4, 6, A[1].desc,
              (double _Complex *)R[1].data, 7, 3, R[1].desc, ctx14);
    if (A[2].desc[1] >= 0) {
        m = 23, n = 17, i = 2, j = 5, k = 4, l = 3;
        pdtran_(&m, &n, &da, (double *)A[2].data, &i, &j, A[2].desc, &db, (double *)R[2].data,
                &k, &l, R[2].desc);
        char t = 'N';
        m = 19, n = 21, i = 3, j = 1, k = 5, l = 2;
        pzgeadd_(&t, &m, &n, &za, (double _Complex *)A[3].data, &i, &j, A[3].desc, &zb,
                 (double _Complex *)R[3].data, &k, &l, R[3].desc);
        m = 20, n = 18, i = 2, j = 3, k = 3, l = 2;
        pztranc_(&m, &n, &za, (double _Complex *)A[7].data, &i, &j, A[7].desc, &zb,
                 (double _Complex *)R[7].data, &k, &l, R[7].desc);
    }
    Cpdgemr2d(30, 17, (double *)A[4].data, 2, 3, A[4].desc, (double *)R[4].data, 4, 2,
              R[4].desc, ctx14);
    Cpdtrmr2d("L", "U", 22, 15, (double *)A[5].data, 5, 2, A[5].desc, (double *)R[5].data, 3, 4,
              R[5].desc, ctx14);
    Cpdgemr2d(24, 30, (double *)A[6].data, 1, 1, A[6].desc, (double *)R[6].data, 1, 1,
              R[6].desc, ctx14);
}

static void compare(const char *what)
{
    for (int k = 0; k < NM; k++)
        CHECK(same(&B[k], &R[k]), "%s: member %d differs from ScaLAPACK's", what, k + 1);
}

static void test_mixed(void)
{
    make_data();
    bcr_batch_t bt = make_batch();
    CHECK(bcr_batch_execute(bt) == BCR_SUCCESS, "execute");
    reference();
    compare("first execution");
    /* one message each way per partner for all members */
    const bcr_batch_lane *lanes[2] = {&bt->x.send, &bt->x.recv};
    for (int d = 0; d < 2; d++) {
        CHECK(lanes[d]->n <= np - 1, "%d messages for %d partners", lanes[d]->n, np - 1);
        for (int j = 0; j < lanes[d]->n; j++)
            for (int i = 0; i < j; i++)
                CHECK(lanes[d]->rank[i] != lanes[d]->rank[j], "two messages to one partner");
    }

    /* new data in the same arrays: the built batch runs again */
    for (int k = 0; k < NM; k++)
        dmat_refill(&A[k], 100 + k);
    CHECK(bcr_batch_execute(bt) == BCR_SUCCESS, "second execute");
    reference();
    compare("second execution");

    /* split phase */
    for (int k = 0; k < NM; k++)
        dmat_refill(&A[k], 200 + k);
    CHECK(bcr_batch_start(bt) == BCR_SUCCESS, "start");
    CHECK(bcr_batch_add_gemr2d(bt, 'd', 1, 1, NULL, 1, 1, A[0].desc, NULL, 1, 1, B[0].desc) ==
              BCR_ERR_ARGUMENT, "an add in flight is refused");
    CHECK(bcr_batch_execute(bt) == BCR_ERR_ARGUMENT, "an execute in flight is refused");
    int flag = 0;
    for (int t = 0; t < 100000 && !flag; t++)
        bcr_batch_test(bt, &flag);
    CHECK(bcr_batch_wait(bt) == BCR_SUCCESS, "wait");
    reference();
    compare("split phase");
    CHECK(bcr_batch_wait(bt) == BCR_ERR_ARGUMENT, "a wait without a start is refused");

    /* the batch keeps its communicator and segments through bcr_finalize */
    bcr_finalize();
    for (int k = 0; k < NM; k++)
        dmat_refill(&A[k], 300 + k);
    CHECK(bcr_batch_execute(bt) == BCR_SUCCESS, "execute after bcr_finalize");
    reference();
    compare("after bcr_finalize");
    bcr_batch_destroy(bt);
}

/* A batch of members 1 and 2 of the mixed one and a bad third: every
 * process reports `expect` (a piece of the message) with `code`, and no
 * output changes.  extra: 1, a plan as the third member; 2, a fourth
 * member; 3, none, but other processes pass 1 (each process then names
 * its own kind of member); 4, a plan of two exchanges as the third; 5, a
 * third of a bad type. */
static void expect_error(const char *label, int third_m, void *third_b, const int *third_desca,
                         int extra, int code, const char *expect)
{
    dmat before[3] = {dmat_copy(&B[0]), dmat_copy(&B[1]), dmat_copy(&B[4])};
    bcr_batch_t bt = bcr_batch_create(MPI_COMM_WORLD);
    bcr_batch_add_gemr2d(bt, 'd', 37, 29, A[0].data, 3, 2, A[0].desc, B[0].data, 2, 9,
                         B[0].desc);
    bcr_batch_add_trmr2d(bt, 'z', "U", "N", 20, 25, A[1].data, 4, 6, A[1].desc, B[1].data, 7,
                         3, B[1].desc);
    bcr_plan_t two = NULL;
    if (extra == 1) {
        bcr_batch_add_plan(bt, NULL, NULL, NULL); /* another kind of member here */
    } else if (extra == 4) { /* a plan of two exchanges, on one grid */
        setenv("BCR_STRATEGY", "indirect", 1);
        two = bcr_plan_create('d', NULL, NULL, 30, 17, 2, 3, A[4].desc, 2, 3, A[0].desc, ctx22);
        unsetenv("BCR_STRATEGY");
        CHECK(two != NULL, "%s: the indirect plan", label);
        bcr_batch_add_plan(bt, two, A[4].data, A[0].data);
    } else {
        bcr_batch_add_gemr2d(bt, extra == 5 ? 'x' : 'd', third_m, 17, A[4].data, 2, 3,
                             third_desca, third_b, 4, 2, B[4].desc);
    }
    if (extra == 2)
        bcr_batch_add_gemr2d(bt, 'd', 0, 0, NULL, 1, 1, NULL, NULL, 1, 1, NULL);
    int rc = bcr_batch_execute(bt);
    const char *msg;
    int last = bcr_last_error(&msg);
    CHECK(rc == code && last == code, "%s: code %d, expected %d", label, rc, code);
    CHECK(strstr(msg, expect) != NULL, "%s: message '%s' lacks '%s'", label, msg, expect);
    /* the same text on every process */
    char mine[400] = {0}, first[400] = {0};
    snprintf(mine, sizeof mine, "%s", msg);
    memcpy(first, mine, sizeof first);
    MPI_Bcast(first, sizeof first, MPI_CHAR, 0, MPI_COMM_WORLD);
    /* where processes added different kinds, each names its own */
    CHECK(extra == 1 || extra == 3 || strcmp(mine, first) == 0,
          "%s: '%s' here, '%s' on process 0", label, mine, first);
    CHECK(same(&before[0], &B[0]) && same(&before[1], &B[1]) && same(&before[2], &B[4]),
          "%s: an output was written", label);
    bcr_batch_destroy(bt);
    bcr_plan_destroy(two);
    for (int k = 0; k < 3; k++)
        free(before[k].data);
}

static void test_errors(void)
{
    int bad[9];
    memcpy(bad, A[4].desc, sizeof bad);
    if (me == 1 && bad[1] >= 0)
        bad[4] = 0; /* MB_A = 0 on process 1 only */
    expect_error("bad MB on one process", 30, B[4].data, bad, 0, BCR_ERR_ARGUMENT,
                 "bcr_batch_execute: member 3 (bcr_pdgemr2d): argument 6 (desca): MB_A = 0, "
                 "must be >= 1 (on process 1)");
    /* process 3 holds part of B[4] */
    expect_error("NULL b", 30, me == 3 ? NULL : B[4].data, A[4].desc, 0, BCR_ERR_ARGUMENT,
                 "bcr_batch_execute: member 3 (bcr_pdgemr2d): argument 7 (b): b is NULL");
    expect_error("m differs", me == 2 ? 29 : 30, B[4].data, A[4].desc, 0,
                 BCR_ERR_INCONSISTENT,
                 "bcr_batch_execute: member 3 (bcr_pdgemr2d): argument 1 (m): processes "
                 "disagree on m (29 to 30)");
    if (me == 0)
        expect_error("kind differs", 30, B[4].data, A[4].desc, 1, BCR_ERR_INCONSISTENT,
                     "member 3 (bcr_batch_add_plan): processes added different kinds");
    else
        expect_error("kind differs", 30, B[4].data, A[4].desc, 3, BCR_ERR_INCONSISTENT,
                     "member 3 (bcr_pdgemr2d): processes added different kinds");
    expect_error("count differs", 30, B[4].data, A[4].desc, me == 1 ? 2 : 0,
                 BCR_ERR_INCONSISTENT,
                 "bcr_batch_execute: processes added different numbers of members (3 to 4)");
    expect_error("two exchanges", 30, B[4].data, A[4].desc, 4, BCR_ERR_ARGUMENT,
                 "bcr_batch_execute: member 3 (bcr_batch_add_plan): argument 2 (plan): the plan "
                 "has two exchanges (an indirect strategy)");
    expect_error("bad type", 30, B[4].data, A[4].desc, 5, BCR_ERR_ARGUMENT,
                 "bcr_batch_execute: member 3 (bcr_batch_add_gemr2d): argument 2 (type): type = "
                 "'x', must be one of s, d, c, z, i (on process 0)");

    bcr_batch_t none = bcr_batch_create(MPI_COMM_WORLD);
    CHECK(bcr_batch_execute(none) == BCR_SUCCESS && bcr_batch_execute(none) == BCR_SUCCESS,
          "a batch of no member");
    bcr_batch_destroy(none);
    CHECK(bcr_batch_execute(NULL) == BCR_ERR_ARGUMENT, "a NULL batch");
    int flag;
    CHECK(bcr_batch_test(NULL, &flag) == BCR_ERR_ARGUMENT, "test of a NULL batch");
}

#ifdef BCR_TEST_OOM
/* The k-th allocation of the run that builds the mixed batch fails on
 * world rank w, for k = 1, 2, ... until the build makes no k-th: every
 * process returns the same code and message, every output untouched on a
 * failure and ScaLAPACK's bytes on a success; nothing hangs. */
static void test_oom(int w)
{
    for (int k = 1; k <= 400; k++) {
        bcr_batch_t bt = make_batch();
        for (int i = 0; i < NM; i++)
            memcpy(R[i].data, B[i].data, dmat_bytes(&R[i]) ? dmat_bytes(&R[i]) : R[i].es);
        oom_fired = 0;
        oom_countdown = k;
        oom_armed = me == w;
        int rc = bcr_batch_execute(bt);
        oom_armed = 0;
        const char *msg;
        bcr_last_error(&msg);
        int v[3] = {rc, -rc, oom_fired}, r[3];
        MPI_Allreduce(v, r, 3, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        CHECK(r[0] == -r[1], "allocation %d on rank %d: codes %d to %d", k, w, -r[1], r[0]);
        char first[400] = {0};
        snprintf(first, sizeof first, "%s", msg);
        MPI_Bcast(first, sizeof first, MPI_CHAR, w, MPI_COMM_WORLD);
        CHECK(strcmp(first, msg) == 0, "allocation %d on rank %d: '%s' here, '%s' there", k, w,
              msg, first);
        if (rc == BCR_SUCCESS)
            reference();
        for (int i = 0; i < NM; i++)
            CHECK(same(&B[i], &R[i]), "allocation %d on rank %d (rc %d): member %d", k, w, rc,
                  i + 1);
        bcr_batch_destroy(bt);
        if (!r[2])
            break; /* the build made fewer than k allocations */
    }
}
#endif

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (np != 4) {
        if (me == 0)
            printf("test_batch needs 4 processes\n");
        MPI_Finalize();
        return 1;
    }
    Cblacs_get(0, 0, &ctx22);
    Cblacs_gridinit(&ctx22, "R", 2, 2);
    Cblacs_get(0, 0, &ctx14);
    Cblacs_gridinit(&ctx14, "R", 1, 4);
    int map21[2] = {3, 2};
    Cblacs_get(0, 0, &ctx21);
    Cblacs_gridmap(&ctx21, map21, 2, 2, 1);
#ifdef BCR_TEST_OOM
    (void)test_mixed, (void)test_errors; /* the other program's */
    make_data();
    for (int w = 0; w < np; w += 3)
        test_oom(w);
#else
    test_mixed();
    test_errors();
#endif
    long long all[2] = {checks, failures}, sum[2];
    MPI_Reduce(all, sum, 2, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    if (me == 0)
        printf("test_batch: %lld checks, %lld failures\n", sum[0], sum[1]);
    int bad = failures > 0, anybad;
    MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    bcr_plan_destroy(plan6);
    for (int k = 0; k < NM; k++)
        free(A[k].data), free(B[k].data), free(R[k].data);
    /* the contexts' communicators carry bcredist's state: freed with them,
     * once the BLACS's sends still in flight are done */
    Cblacs_freebuff(ctx22, 1);
    Cblacs_freebuff(ctx14, 1);
    Cblacs_gridexit(ctx22);
    Cblacs_gridexit(ctx14);
    if (ctx21 >= 0)
        Cblacs_gridexit(ctx21);
    MPI_Finalize();
    return anybad;
}
