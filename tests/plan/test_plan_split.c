/* Split-phase plans: bcr_plan_start / bcr_plan_test / bcr_plan_wait.
 *
 *   bcr_test_plan_split results   every layout (gemr2d and trmr2d, A and B
 *                                 on different grids or on one, d and z),
 *                                 started and waited three times (without
 *                                 a test, testing until complete, testing
 *                                 a few times): B identical byte for byte,
 *                                 padding included, to bcr_plan_execute's
 *                                 and to the reference ScaLAPACK's, A
 *                                 untouched.  The strategy and transport
 *                                 are the environment's (BCR_STRATEGY,
 *                                 BCR_SHM), set by tests/plan/plan_split.cmake.
 *   bcr_test_plan_split several   four plans in flight at once, a blocking
 *                                 bcr_pdgemr2d and bcr_plan_execute of
 *                                 another plan made on the same thread in
 *                                 between, waited for in an order that
 *                                 differs between processes.
 *   bcr_test_plan_split threads   MPI_THREAD_MULTIPLE: three threads, each
 *                                 with two plans of its own in flight at
 *                                 once, started and waited for over and
 *                                 over in orders that differ between
 *                                 threads and processes.
 *   bcr_test_plan_split misuse    wait and test without start, start
 *                                 twice, execute and destroy in flight,
 *                                 NULL plan or flag: BCR_ERR_ARGUMENT and
 *                                 the exact one-line message on the
 *                                 calling process, no hang, the plan still
 *                                 usable; a NULL array at start: the same
 *                                 agreed error as execute's on every
 *                                 process, and the plan not in flight.
 * Every case runs under an alarm: a hang fails the test.
 * Prints "plan_split: N checks, M failed"; exit status non-zero if M > 0.
 */
#define _POSIX_C_SOURCE 200809L

#include "bcredist.h"

#include <complex.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_check.h"
#include "scalapack_ref.h"

unsigned g_case_timeout = 60;

/* ---- grids and layouts ------------------------------------------------- */

static int ctx_all; /* 1 x P, the union context */
static int gA;      /* 2 x P/2 (P even) or 1 x P */
static int gB;      /* P x 1 over the world ranks reversed */

static void make_grids(void)
{
    int P = g_size, map[64];
    Cblacs_get(-1, 0, &ctx_all);
    Cblacs_gridinit(&ctx_all, "Row", 1, P);
    Cblacs_get(-1, 0, &gA);
    Cblacs_gridinit(&gA, "Row", P % 2 ? 1 : 2, P % 2 ? P : P / 2);
    for (int i = 0; i < P; i++)
        map[i] = P - 1 - i;
    Cblacs_get(-1, 0, &gB);
    Cblacs_gridmap(&gB, map, P, P, 1);
}

typedef struct {
    const char *name;
    int tr, z; /* trmr2d; double complex (else double) */
    int m, n, ia, ja, ib, jb;
    int desca[9], descb[9];
    size_t abytes, bbytes, es;
} lay_t;

static size_t local_bytes(const int *d, size_t es)
{
    int pr, pc, r, c;
    if (!grid_pos(d[1], &pr, &pc, &r, &c))
        return es; /* outside the grid: one element, never touched */
    int cols = numroc_(&d[3], &d[5], &c, &d[7], &pc);
    return (size_t)d[8] * (size_t)(cols > 0 ? cols : 1) * es;
}

/* A 640 x 600 in 16 x 24 blocks on gA; B in 13 x 5 blocks on gB (same:
 * 20 x 9 blocks on gA, where the indirect strategies apply). */
static lay_t make_lay(const char *name, int tr, int z, int same)
{
    lay_t L;
    memset(&L, 0, sizeof L);
    L.name = name;
    L.tr = tr;
    L.z = z;
    L.es = z ? sizeof(double _Complex) : sizeof(double);
    L.m = 560;
    L.n = 530;
    L.ia = 3;
    L.ja = 5;
    L.ib = 7;
    L.jb = 2;
    mat_t A = {gA, 640, 600, 16, 24, 0, 0};
    mat_t B = same ? (mat_t){gA, 620, 610, 20, 9, 0, 0} : (mat_t){gB, 620, 610, 13, 5, 0, 0};
    int pr, pc, r, c;
    if (grid_pos(gA, &pr, &pc, &r, &c))
        A.csrc = 1 % pc;
    make_desc(L.desca, &A, 0);
    make_desc(L.descb, &B, 0);
    L.abytes = local_bytes(L.desca, L.es);
    L.bbytes = local_bytes(L.descb, L.es);
    return L;
}

static bcr_plan_t lay_plan(const lay_t *L)
{
    return bcr_plan_create(L->z ? 'z' : 'd', L->tr ? "L" : NULL, L->tr ? "U" : NULL, L->m,
                           L->n, L->ia, L->ja, L->desca, L->ib, L->jb, L->descb, ctx_all);
}

static void lay_ref(const lay_t *L, void *a, void *b)
{
    int da[9], db[9];
    memcpy(da, L->desca, sizeof da);
    memcpy(db, L->descb, sizeof db);
    char u[2] = "L", d[2] = "U";
    if (L->z && L->tr)
        Cpztrmr2d(u, d, L->m, L->n, a, L->ia, L->ja, da, b, L->ib, L->jb, db, ctx_all);
    else if (L->z)
        Cpzgemr2d(L->m, L->n, a, L->ia, L->ja, da, b, L->ib, L->jb, db, ctx_all);
    else if (L->tr)
        Cpdtrmr2d(u, d, L->m, L->n, a, L->ia, L->ja, da, b, L->ib, L->jb, db, ctx_all);
    else
        Cpdgemr2d(L->m, L->n, a, L->ia, L->ja, da, b, L->ib, L->jb, db, ctx_all);
}

/* ---- arrays ------------------------------------------------------------ */

typedef struct {
    unsigned char *a, *a0, *b, *b0, *ref;
} arrays_t;

static void fill_bytes(unsigned char *p, size_t n, unsigned seed)
{
    /* Every byte pattern is some double: the bytes are compared, not values. */
    unsigned x = seed * 2654435761u + 12345u;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        p[i] = (unsigned char)(x >> 16);
    }
}

static void arrays_init(arrays_t *m, const lay_t *L, int seed)
{
    m->a = malloc(L->abytes);
    m->a0 = malloc(L->abytes);
    m->b = malloc(L->bbytes);
    m->b0 = malloc(L->bbytes);
    m->ref = malloc(L->bbytes);
    if (!m->a || !m->a0 || !m->b || !m->b0 || !m->ref)
        MPI_Abort(MPI_COMM_WORLD, 2);
    fill_bytes(m->a, L->abytes, (unsigned)(seed * 64 + g_rank + 1));
    memcpy(m->a0, m->a, L->abytes);
    fill_bytes(m->b0, L->bbytes, (unsigned)(seed * 64 + g_rank + 33));
    memcpy(m->ref, m->b0, L->bbytes);
    lay_ref(L, m->a, m->ref);
    memcpy(m->a, m->a0, L->abytes); /* the reference may not touch it, but be sure */
    memcpy(m->b, m->b0, L->bbytes);
}

static void arrays_free(arrays_t *m)
{
    free(m->a);
    free(m->a0);
    free(m->b);
    free(m->b0);
    free(m->ref);
}

static long first_diff(const unsigned char *x, const unsigned char *y, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return (long)i;
    return -1;
}

static void check_b(const lay_t *L, const arrays_t *m, const char *after)
{
    long d = first_diff(m->b, m->ref, L->bbytes);
    CHECK(d < 0, "%s: B differs from the reference at byte %ld of %zu", after, d, L->bbytes);
    CHECK(!memcmp(m->a, m->a0, L->abytes), "%s: A changed", after);
}

/* A little work between start and wait, with `tests` calls of
 * bcr_plan_test (-1: until it says complete). */
static void work_between(bcr_plan_t p, int tests)
{
    volatile double s = 0;
    for (int t = 0; tests < 0 || t < tests; t++) {
        for (int i = 0; i < 20000; i++)
            s += i * 0.5;
        int flag = -1;
        int rc = bcr_plan_test(p, &flag);
        CHECK(rc == BCR_SUCCESS && (flag == 0 || flag == 1), "bcr_plan_test: rc %d flag %d", rc,
              flag);
        if (flag == 1 && tests < 0)
            break;
    }
}

/* ---- results ------------------------------------------------------------ */

static void run_results(void)
{
    const struct {
        const char *name;
        int tr, z, same;
    } cases[] = {{"gemr2d d, two grids", 0, 0, 0}, {"trmr2d d, two grids", 1, 0, 0},
                 {"gemr2d z, one grid", 0, 1, 1}, {"trmr2d d, one grid", 1, 0, 1},
                 {"gemr2d d, one grid", 0, 0, 1}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        begin_case("results: %s", cases[c].name);
        lay_t L = make_lay(cases[c].name, cases[c].tr, cases[c].z, cases[c].same);
        arrays_t m;
        arrays_init(&m, &L, (int)c);
        bcr_plan_t p = lay_plan(&L);
        CHECK(p != NULL, "bcr_plan_create failed");
        if (p) {
            int rc = bcr_plan_execute(p, m.a, m.b);
            CHECK(rc == BCR_SUCCESS, "bcr_plan_execute: %d", rc);
            check_b(&L, &m, "bcr_plan_execute");
            /* Three uses: a new plan's first goes through MPI, later ones
             * through shared segments where the transport is on. */
            const int tests[] = {0, -1, 3, 1};
            for (int use = 0; use < 4; use++) {
                memcpy(m.b, m.b0, L.bbytes);
                rc = bcr_plan_start(p, m.a, m.b);
                CHECK(rc == BCR_SUCCESS, "bcr_plan_start (use %d): %d", use, rc);
                work_between(p, tests[use]);
                if (tests[use] < 0) /* complete: B is there before the wait */
                    check_b(&L, &m, "test said complete");
                rc = bcr_plan_wait(p);
                CHECK(rc == BCR_SUCCESS, "bcr_plan_wait (use %d): %d", use, rc);
                const char *msg;
                CHECK(bcr_last_error(&msg) == BCR_SUCCESS && !*msg, "last error after wait");
                char after[64];
                snprintf(after, sizeof after, "start/wait, use %d", use);
                check_b(&L, &m, after);
            }
            bcr_plan_destroy(p);
        }
        arrays_free(&m);
        end_case();
    }
}

/* ---- several in flight ----------------------------------------------- */

#define NSEV 4

static void run_several(void)
{
    lay_t L[NSEV] = {make_lay("gemr2d d, two grids", 0, 0, 0),
                     make_lay("trmr2d z, one grid", 1, 1, 1),
                     make_lay("gemr2d d, one grid", 0, 0, 1),
                     make_lay("trmr2d d, two grids", 1, 0, 0)};
    lay_t X = make_lay("gemr2d z, two grids", 0, 1, 0);
    arrays_t m[NSEV], mx, my;
    bcr_plan_t p[NSEV];
    for (int k = 0; k < NSEV; k++) {
        arrays_init(&m[k], &L[k], 10 + k);
        p[k] = lay_plan(&L[k]);
    }
    arrays_init(&mx, &X, 20);
    arrays_init(&my, &L[0], 21);
    bcr_plan_t py = lay_plan(&L[0]);
    for (int round = 0; round < 4; round++) {
        begin_case("several: round %d", round);
        for (int k = 0; k < NSEV; k++) {
            memcpy(m[k].b, m[k].b0, L[k].bbytes);
            int rc = bcr_plan_start(p[k], m[k].a, m[k].b);
            CHECK(rc == BCR_SUCCESS, "start plan %d: %d", k, rc);
        }
        /* Other calls on this thread meanwhile: they must not touch the
         * plans' buffers. */
        memcpy(mx.b, mx.b0, X.bbytes);
        bcr_pzgemr2d(X.m, X.n, (double _Complex *)mx.a, X.ia, X.ja, X.desca,
                     (double _Complex *)mx.b, X.ib, X.jb, X.descb, ctx_all);
        check_b(&X, &mx, "bcr_pzgemr2d between start and wait");
        memcpy(my.b, my.b0, L[0].bbytes);
        CHECK(bcr_plan_execute(py, my.a, my.b) == BCR_SUCCESS, "execute between");
        check_b(&L[0], &my, "bcr_plan_execute between start and wait");
        if (round % 2)
            work_between(p[(g_rank + round) % NSEV], 2);
        for (int i = 0; i < NSEV; i++) {
            int k = (g_rank % 2 ? NSEV - 1 - i : i + round) % NSEV;
            int rc = bcr_plan_wait(p[k]);
            CHECK(rc == BCR_SUCCESS, "wait plan %d: %d", k, rc);
        }
        for (int k = 0; k < NSEV; k++) {
            char after[64];
            snprintf(after, sizeof after, "plan %d (%s)", k, L[k].name);
            check_b(&L[k], &m[k], after);
        }
        end_case();
    }
    for (int k = 0; k < NSEV; k++) {
        bcr_plan_destroy(p[k]);
        arrays_free(&m[k]);
    }
    bcr_plan_destroy(py);
    arrays_free(&mx);
    arrays_free(&my);
}

/* ---- threads ------------------------------------------------------------ */

#define NTHREADS 3
#define PER_THREAD 2
#define THREAD_ROUNDS 6

typedef struct {
    int id;
    lay_t L[PER_THREAD];
    arrays_t m[PER_THREAD];
    bcr_plan_t p[PER_THREAD];
    long bad, errors;
} worker_t;

static void *run_worker(void *arg)
{
    worker_t *w = arg;
    for (int r = 0; r < THREAD_ROUNDS; r++) {
        for (int k = 0; k < PER_THREAD; k++) {
            memcpy(w->m[k].b, w->m[k].b0, w->L[k].bbytes);
            w->errors += bcr_plan_start(w->p[k], w->m[k].a, w->m[k].b) != BCR_SUCCESS;
        }
        if ((r + w->id) % 2) {
            int flag;
            w->errors += bcr_plan_test(w->p[0], &flag) != BCR_SUCCESS;
        }
        for (int i = 0; i < PER_THREAD; i++) {
            int k = (i + r + w->id + g_rank) % PER_THREAD;
            w->errors += bcr_plan_wait(w->p[k]) != BCR_SUCCESS;
        }
        for (int k = 0; k < PER_THREAD; k++)
            w->bad += memcmp(w->m[k].b, w->m[k].ref, w->L[k].bbytes) != 0;
    }
    return NULL;
}

static void run_threads(int provided)
{
    begin_case("threads");
    CHECK(provided == MPI_THREAD_MULTIPLE, "MPI_THREAD_MULTIPLE not provided (%d)", provided);
    worker_t w[NTHREADS];
    pthread_t t[NTHREADS];
    /* Plans and references made here, serially (the BLACS and the
     * reference ScaLAPACK are not thread-safe). */
    for (int i = 0; i < NTHREADS; i++) {
        memset(&w[i], 0, sizeof w[i]);
        w[i].id = i;
        for (int k = 0; k < PER_THREAD; k++) {
            w[i].L[k] = make_lay("thread", (i + k) % 2, k, (i + k) % 3 == 0);
            arrays_init(&w[i].m[k], &w[i].L[k], 30 + i * PER_THREAD + k);
            w[i].p[k] = lay_plan(&w[i].L[k]);
        }
    }
    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, run_worker, &w[i]);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NTHREADS; i++) {
        CHECK(w[i].bad == 0 && w[i].errors == 0, "thread %d: %ld results differ, %ld errors", i,
              w[i].bad, w[i].errors);
        for (int k = 0; k < PER_THREAD; k++) {
            bcr_plan_destroy(w[i].p[k]);
            arrays_free(&w[i].m[k]);
        }
    }
    end_case();
}

/* ---- misuse ------------------------------------------------------------- */

/* rc and the thread's last error are BCR_ERR_ARGUMENT and `want`, which
 * is also what went to stderr. */
static void expect_misuse(int rc, const char *want, const char *out)
{
    const char *msg = NULL;
    int code = bcr_last_error(&msg);
    CHECK(rc == BCR_ERR_ARGUMENT, "%s: returned %d", want, rc);
    CHECK(code == BCR_ERR_ARGUMENT && msg && !strcmp(msg, want), "expected \"%s\", got \"%s\"",
          want, msg ? msg : "(NULL)");
    char line[MSG_MAX];
    snprintf(line, sizeof line, "%s\n", want);
    CHECK(out && !strcmp(out, line), "stderr: expected \"%s\", got \"%s\"", want, out);
}

#define MISUSE(call, want)                                                     \
    do {                                                                       \
        char out_[OUT_MAX];                                                    \
        capture_begin();                                                       \
        int rc_ = (call);                                                      \
        capture_end(out_, sizeof out_);                                        \
        expect_misuse(rc_, want, out_);                                        \
    } while (0)

static int destroy_rc(bcr_plan_t p)
{
    bcr_plan_destroy(p);
    return bcr_last_error(NULL);
}

static void run_misuse(void)
{
    lay_t L = make_lay("gemr2d d, one grid", 0, 0, 1);
    arrays_t m;
    arrays_init(&m, &L, 40);
    bcr_plan_t p = lay_plan(&L);
    int flag = 7;
    const char *inflight = "the plan is in flight (started and not waited for)";
    char want[MSG_MAX];

    begin_case("misuse: wait and test without start");
    MISUSE(bcr_plan_wait(p), "bcr_plan_wait: argument 1 (plan): the plan was not started");
    MISUSE(bcr_plan_test(p, &flag), "bcr_plan_test: argument 1 (plan): the plan was not started");
    CHECK(flag == 0, "flag %d after a test without start", flag);
    MISUSE(bcr_plan_wait(NULL), "bcr_plan_wait: argument 1 (plan): plan is NULL");
    MISUSE(bcr_plan_test(NULL, &flag), "bcr_plan_test: argument 1 (plan): plan is NULL");
    MISUSE(bcr_plan_start(NULL, m.a, m.b), "bcr_plan_start: argument 1 (plan): plan is NULL");
    end_case();

    begin_case("misuse: start twice, execute and destroy in flight");
    CHECK(bcr_plan_start(p, m.a, m.b) == BCR_SUCCESS, "start");
    MISUSE(bcr_plan_start(p, m.a, m.b), "bcr_plan_start: argument 1 (plan): the plan is already "
                                        "in flight (started and not waited for)");
    MISUSE(bcr_plan_test(p, NULL), "bcr_plan_test: argument 2 (flag): flag is NULL");
    snprintf(want, sizeof want, "bcr_plan_execute: argument 1 (plan): %s", inflight);
    MISUSE(bcr_plan_execute(p, m.a, m.b), want);
    snprintf(want, sizeof want,
             "bcr_plan_destroy: argument 1 (plan): %s; it is not destroyed: wait for it first",
             inflight);
    MISUSE(destroy_rc(p), want);
    CHECK(bcr_plan_wait(p) == BCR_SUCCESS, "wait after the misuses");
    check_b(&L, &m, "start, misuses, wait");
    MISUSE(bcr_plan_wait(p), "bcr_plan_wait: argument 1 (plan): the plan was not started");
    end_case();

    begin_case("misuse: test says complete, then wait, then start again");
    memcpy(m.b, m.b0, L.bbytes);
    CHECK(bcr_plan_start(p, m.a, m.b) == BCR_SUCCESS, "start");
    work_between(p, -1);
    CHECK(bcr_plan_test(p, &flag) == BCR_SUCCESS && flag == 1, "test again after complete");
    CHECK(bcr_plan_wait(p) == BCR_SUCCESS, "wait after complete");
    check_b(&L, &m, "test until complete, wait");
    memcpy(m.b, m.b0, L.bbytes);
    CHECK(bcr_plan_start(p, m.a, m.b) == BCR_SUCCESS, "start");
    work_between(p, -1);
    CHECK(bcr_plan_start(p, m.a, m.b) == BCR_SUCCESS, "start again without wait once complete");
    CHECK(bcr_plan_wait(p) == BCR_SUCCESS, "wait");
    check_b(&L, &m, "complete, start again, wait");
    end_case();

    begin_case("misuse: a NULL array at start");
    /* Every process holds part of A: process 0's NULL is an error. */
    const char *msg;
    char out[OUT_MAX];
    capture_begin();
    int rc = bcr_plan_start(p, g_rank == 0 ? NULL : m.a, m.b);
    capture_end(out, sizeof out);
    CHECK(rc == BCR_ERR_ARGUMENT, "start with a NULL a: %d", rc);
    bcr_last_error(&msg);
    CHECK(strstr(msg, "bcr_plan_start: argument 2 (a): a is NULL but this process holds") == msg,
          "start with a NULL a: \"%s\"", msg);
    MISUSE(bcr_plan_wait(p), "bcr_plan_wait: argument 1 (plan): the plan was not started");
    end_case();

    begin_case("misuse: a plan of the other kind, update plans in flight");
    bcr_plan_t u = bcr_plan_create_update('d', "N", L.m, L.n, L.ia, L.ja, L.desca, L.ib, L.jb,
                                          L.descb, ctx_all);
    CHECK(u != NULL, "bcr_plan_create_update");
    double one = 1, zero = 0;
    const char *upd = "the plan is an update plan (bcr_plan_create_update): run it with "
                      "bcr_plan_execute_update or bcr_plan_start_update";
    const char *notupd = "the plan is not an update plan: run it with bcr_plan_execute or "
                         "bcr_plan_start";
    snprintf(want, sizeof want, "bcr_plan_execute: argument 1 (plan): %s", upd);
    MISUSE(bcr_plan_execute(u, m.a, m.b), want);
    snprintf(want, sizeof want, "bcr_plan_start: argument 1 (plan): %s", upd);
    MISUSE(bcr_plan_start(u, m.a, m.b), want);
    snprintf(want, sizeof want, "bcr_plan_execute_update: argument 1 (plan): %s", notupd);
    MISUSE(bcr_plan_execute_update(p, &one, m.a, &zero, m.b), want);
    snprintf(want, sizeof want, "bcr_plan_start_update: argument 1 (plan): %s", notupd);
    MISUSE(bcr_plan_start_update(p, &one, m.a, &zero, m.b), want);
    MISUSE(bcr_plan_execute_update(u, NULL, m.a, &zero, m.b),
           "bcr_plan_execute_update: argument 2 (alpha): alpha is NULL");
    MISUSE(bcr_plan_start_update(u, &one, m.a, NULL, m.b),
           "bcr_plan_start_update: argument 4 (beta): beta is NULL");
    /* C := 0 * C + 1 * A is gemr2d's result */
    memcpy(m.b, m.b0, L.bbytes);
    CHECK(bcr_plan_start_update(u, &one, m.a, &zero, m.b) == BCR_SUCCESS, "start_update");
    snprintf(want, sizeof want, "bcr_plan_start_update: argument 1 (plan): the plan is already "
                                "in flight (started and not waited for)");
    MISUSE(bcr_plan_start_update(u, &one, m.a, &zero, m.b), want);
    snprintf(want, sizeof want, "bcr_plan_execute_update: argument 1 (plan): %s", inflight);
    MISUSE(bcr_plan_execute_update(u, &one, m.a, &zero, m.b), want);
    CHECK(bcr_plan_wait(u) == BCR_SUCCESS, "wait for the update plan");
    check_b(&L, &m, "update plan: start, misuses, wait");
    memcpy(m.b, m.b0, L.bbytes);
    CHECK(bcr_plan_execute_update(u, &one, m.a, &zero, m.b) == BCR_SUCCESS, "execute_update");
    check_b(&L, &m, "update plan: execute");
    bcr_plan_destroy(u);
    end_case();

    bcr_plan_destroy(p);
    arrays_free(&m);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "results";
    int provided = MPI_THREAD_SINGLE;
    if (!strcmp(mode, "threads"))
        MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    mpi_check_init(&argc, &argv);
    make_grids();
    if (!strcmp(mode, "results"))
        run_results();
    else if (!strcmp(mode, "several"))
        run_several();
    else if (!strcmp(mode, "threads"))
        run_threads(provided);
    else if (!strcmp(mode, "misuse"))
        run_misuse();
    else
        CHECK(0, "unknown mode %s", mode);
    int failed = finish_checks("plan_split");
    /* bcredist's state on the contexts goes with them (no leak to report). */
    Cblacs_gridexit(gB);
    Cblacs_gridexit(gA);
    Cblacs_gridexit(ctx_all);
    MPI_Finalize();
    return failed;
}
