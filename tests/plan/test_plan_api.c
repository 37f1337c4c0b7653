/* The plan API: bcr_plan_create / bcr_plan_execute / bcr_plan_destroy.
 *
 * What the comparison harness (bcr_test_compare --via-plan) does not see:
 *   - valid plans: every type, gemr2d and trmr2d, processes in neither grid,
 *     several plans alive at once and executed in turns, the arguments of
 *     create scribbled over before executing, plans outliving their
 *     contexts and bcr_finalize; each execution gives the reference's bytes,
 *     prints nothing, and leaves bcr_last_error() at BCR_SUCCESS and "" (even
 *     right after a failed call);
 *   - empty plans (m = 0 or n = 0): non-NULL, executed as a no-op by any
 *     subset of the processes, even created by one process alone with
 *     arguments nobody checks;
 *   - bad input at create: NULL on every process, one line on stderr per
 *     process, the same everywhere, "bcr_plan_create: argument <N> (<name>):
 *     <detail>" numbered as in bcr_plan_create (type 1, uplo 2, diag 3, m 4,
 *     n 5, ia 6, ja 7, desca 8, ib 9, jb 10, descb 11, ictxt 12), with
 *     " (on process R)" when processes found it themselves;
 *   - NULL arrays at execute on a process that holds part of the submatrix:
 *     BCR_ERR_ARGUMENT returned on every process, "bcr_plan_execute:
 *     argument 2 (a): a is NULL but this process holds N elements of the
 *     submatrix (on process R)" (3 and b; "trapezoid" for trmr2d), B
 *     untouched everywhere, and the plan still works afterwards;
 *   - bcr_plan_execute(NULL, ...) on one process alone: an error, no hang.
 * Every case runs under an alarm: a hang fails the test.
 *
 * Usage: bcr_test_plan_api                  the suite (3 or more processes)
 *        bcr_test_plan_api type-disagree    processes pass different valid
 *                                           types to create: must fail
 *                                           cleanly
 *        bcr_test_plan_api type-unprintable type '\0' or '\n': still one
 *                                           line with the whole detail
 *        bcr_test_plan_api_oom oom-create | oom-execute
 *                                           (built with -DBCR_TEST_OOM and
 *                                           malloc, calloc, realloc wrapped)
 *                                           the k-th allocation of bcredist
 *                                           fails on one process, during
 *                                           create and during execute, for
 *                                           every k: every process must end
 *                                           up with the same outcome, no hang
 * Prints "plan_api: N checks, M failed"; exit status non-zero if M > 0.
 */
#define _POSIX_C_SOURCE 200809L

#include "bcredist.h"

#include <complex.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpi_check.h"
#include "scalapack_ref.h"

#ifdef BCR_TEST_OOM
#include "oom_wrap.h"
#endif

#define ELEMS 4096 /* elements of every local array */
unsigned g_case_timeout = 30; /* seconds before a case counts as hung */

/* ---- types --------------------------------------------------------------- */

/* Values that survive any copy bit for bit; seed tells data sets apart. */
static void fill(int type, void *buf, int seed)
{
    for (int i = 0; i < ELEMS; i++) {
        double v = seed * 100000.0 + i + 0.25;
        switch (type) {
        case T_S: ((float *)buf)[i] = (float)v; break;
        case T_D: ((double *)buf)[i] = v; break;
        case T_C: ((float _Complex *)buf)[i] = (float)v - (float)v * 2 * _Complex_I; break;
        case T_Z: ((double _Complex *)buf)[i] = v + (v + 0.5) * _Complex_I; break;
        default: ((int *)buf)[i] = seed * 100000 + i; break;
        }
    }
}

/* ---- grids --------------------------------------------------------------- */

static int ctx_row; /* 1 x P: rank in ictxt = world rank */
static int ctx_rev; /* 1 x P, world ranks reversed */
static int gA;      /* 2 x P/2 (P even) or 1 x P, row order */
static int gB;      /* P x 1 over the world ranks reversed */
static int gA1;     /* 1 x (P-1) over world ranks 1 .. P-1: rank 0 outside */
static int gB1;     /* (P-1) x 1 over world ranks P-1 .. 1 */

static int make_ctxt(int nprow, int npcol, int *map)
{
    int c;
    Cblacs_get(-1, 0, &c);
    Cblacs_gridmap(&c, map, nprow, nprow, npcol);
    return c;
}

static void make_grids(void)
{
    int P = g_size, map[64];
    Cblacs_get(-1, 0, &ctx_row);
    Cblacs_gridinit(&ctx_row, "Row", 1, P);
    for (int i = 0; i < P; i++)
        map[i] = P - 1 - i;
    ctx_rev = make_ctxt(1, P, map);
    gB = make_ctxt(P, 1, map);
    Cblacs_get(-1, 0, &gA);
    Cblacs_gridinit(&gA, "Row", P % 2 ? 1 : 2, P % 2 ? P : P / 2);
    for (int i = 0; i < P - 1; i++)
        map[i] = 1 + i;
    gA1 = make_ctxt(1, P - 1, map);
    for (int i = 0; i < P - 1; i++)
        map[i] = P - 1 - i;
    gB1 = make_ctxt(P - 1, 1, map);
}

/* ---- layouts --------------------------------------------------------------- */

typedef struct {
    int tr, type;
    char uplo, diag;
    int m, n, ia, ja, ib, jb, ictxt;
    int desca[9], descb[9];
} lay_t;

static lay_t make_lay(int tr, int type, int ictxt, mat_t A, mat_t B, int m, int n, int ia,
                      int ja, int ib, int jb)
{
    lay_t L;
    memset(&L, 0, sizeof L);
    L.tr = tr;
    L.type = type;
    L.uplo = 'U';
    L.diag = 'N';
    L.m = m;
    L.n = n;
    L.ia = ia;
    L.ja = ja;
    L.ib = ib;
    L.jb = jb;
    L.ictxt = ictxt;
    make_desc(L.desca, &A, 0);
    make_desc(L.descb, &B, 0);
    return L;
}

/* The standard layout: A 11 x 10 in 2 x 3 blocks on grid ga, B 9 x 8 in
 * 3 x 2 blocks on grid gb, a 5 x 4 submatrix starting inside blocks. */
static lay_t std_lay(int tr, int type, int ictxt, int ga, int gb)
{
    int pr, pc, r, c;
    mat_t A = {ga, 11, 10, 2, 3, 0, 0}, B = {gb, 9, 8, 3, 2, 0, 0};
    if (grid_pos(ga, &pr, &pc, &r, &c)) {
        A.rsrc = 1 % pr;
        A.csrc = 1 % pc;
    }
    if (grid_pos(gb, &pr, &pc, &r, &c))
        B.csrc = pc - 1;
    return make_lay(tr, type, ictxt, A, B, 5, 4, 2, 3, 3, 2);
}

/* Elements of the submatrix (trapezoid for trmr2d) this process holds. */
static int held(const lay_t *L, int side)
{
    return held_elements(side ? L->descb : L->desca, side ? L->ib : L->ia,
                         side ? L->jb : L->ja, L->m, L->n, L->tr, L->uplo, L->diag);
}

/* type: the type character to pass, or -1 for the layout's own */
static bcr_plan_t lay_plan(const lay_t *L, int type)
{
    char u[2] = {L->uplo, 0}, d[2] = {L->diag, 0};
    return bcr_plan_create(type >= 0 ? (char)type : tchar[L->type], L->tr ? u : NULL, L->tr ? d : NULL,
                           L->m, L->n, L->ia, L->ja, L->desca, L->ib, L->jb, L->descb,
                           L->ictxt);
}

static void lay_ref(const lay_t *L, void *a, void *b)
{
    int da[9], db[9];
    memcpy(da, L->desca, sizeof da);
    memcpy(db, L->descb, sizeof db);
    char u[2] = {L->uplo, 0}, d[2] = {L->diag, 0};
#define GE(ch, T) Cp##ch##gemr2d(L->m, L->n, (T *)a, L->ia, L->ja, da, (T *)b, L->ib, L->jb, db, \
                                 L->ictxt)
#define TR(ch, T) Cp##ch##trmr2d(u, d, L->m, L->n, (T *)a, L->ia, L->ja, da, (T *)b, L->ib,     \
                                 L->jb, db, L->ictxt)
    switch (L->type * 2 + L->tr) {
    case 0: GE(s, float); break;
    case 1: TR(s, float); break;
    case 2: GE(d, double); break;
    case 3: TR(d, double); break;
    case 4: GE(c, float _Complex); break;
    case 5: TR(c, float _Complex); break;
    case 6: GE(z, double _Complex); break;
    case 7: TR(z, double _Complex); break;
    case 8: GE(i, int); break;
    default: TR(i, int); break;
    }
#undef GE
#undef TR
}

/* ---- buffers --------------------------------------------------------------- */

typedef struct {
    unsigned char *a, *a0, *b, *b0, *bref;
    size_t bytes;
} bufs_t;

static void bufs_init(bufs_t *m, int type, int seed)
{
    m->bytes = ELEMS * tsize[type];
    m->a = malloc(m->bytes);
    m->a0 = malloc(m->bytes);
    m->b = malloc(m->bytes);
    m->b0 = malloc(m->bytes);
    m->bref = malloc(m->bytes);
    if (!m->a || !m->a0 || !m->b || !m->b0 || !m->bref)
        MPI_Abort(MPI_COMM_WORLD, 2);
    fill(type, m->a, seed * 16 + 1 + g_rank);
    memcpy(m->a0, m->a, m->bytes);
    fill(type, m->b, -(seed * 16 + 1 + g_rank));
    memcpy(m->b0, m->b, m->bytes);
    memcpy(m->bref, m->b, m->bytes);
}

static void bufs_free(bufs_t *m)
{
    free(m->a);
    free(m->a0);
    free(m->b);
    free(m->b0);
    free(m->bref);
}

static long first_diff(const unsigned char *x, const unsigned char *y, size_t n, size_t esz)
{
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return (long)(i / esz);
    return -1;
}

static const void *a_of(const lay_t *L, const bufs_t *m) { return L->desca[1] >= 0 ? m->a : NULL; }
static void *b_of(const lay_t *L, bufs_t *m) { return L->descb[1] >= 0 ? m->b : NULL; }

/* World rank of a process where cond holds, preferring one whose rank in
 * ictxt differs from its world rank and from 0 (so the printed rank tells
 * them apart, and from the lowest rank that reports what every process
 * sees), then the highest; -1 when there is none.  Collective. */
static int pick(int cond, int ictxt)
{
    int cr = ctxt_rank(ictxt);
    int key = cond ? (cr != g_rank) * 200000 + (cr != 0) * 100000 + g_rank : -1;
    key = max_over_world(key);
    return key < 0 ? -1 : key % 100000;
}

/* Execute plan p on fresh data (seed), as every process of the world does,
 * and check it against the reference: success, silence, bcr_last_error
 * cleared, B equal to the reference's, A untouched, and data moved.
 * Collective over the world (every layout here has ictxt = the world). */
static void exec_check(const char *what, bcr_plan_t p, const lay_t *L, int seed)
{
    bufs_t m;
    bufs_init(&m, L->type, seed);
    char out[OUT_MAX];
    capture_begin();
    int rc = bcr_plan_execute(p, a_of(L, &m), b_of(L, &m));
    capture_end(out, sizeof out);
    const char *msg = NULL;
    int code = bcr_last_error(&msg);
    CHECK(rc == BCR_SUCCESS, "%s: bcr_plan_execute returned %d", what, rc);
    CHECK(code == BCR_SUCCESS && msg && !msg[0],
          "%s: bcr_last_error() = %d \"%s\" after a successful execute, expected 0 \"\"", what,
          code, msg ? msg : "(NULL)");
    CHECK(!out[0], "%s: a successful execute printed \"%s\"", what, out);
    lay_ref(L, L->desca[1] >= 0 ? m.a : NULL, L->descb[1] >= 0 ? m.bref : NULL);
    long d = first_diff(m.bref, m.b, m.bytes, tsize[L->type]);
    CHECK(d < 0, "%s: B differs from the reference, first at local element %ld", what, d);
    CHECK(!memcmp(m.a, m.a0, m.bytes), "%s: A was written", what);
    int moved = any_over_world(memcmp(m.b, m.b0, m.bytes) != 0);
    if (g_rank == 0 && L->m > 0 && L->n > 0)
        CHECK(moved, "%s: no process's B changed: the execution did nothing", what);
    bufs_free(&m);
}

/* ---- error expectations ---------------------------------------------------- */

enum { SUF_NONE, SUF_RANK, SUF_ANY };

/* Check a failure seen by one process: the code, exactly one line on
 * stderr equal to the message, and the message "<full>" followed by the
 * suffix rule: SUF_NONE nothing, SUF_RANK " (on process R)", SUF_ANY
 * " (on process r)" with 0 <= r < nict. */
static void check_msg(const char *what, int code, int want, const char *out, const char *msg,
                      const char *full, int suf, int R, int nict)
{
    CHECK(code == want, "%s: code %d, expected %d (message \"%s\")", what, code, want, msg);
    size_t lm = strlen(msg);
    CHECK(strlen(out) == lm + 1 && out[lm] == '\n' && !strncmp(out, msg, lm),
          "%s: stderr was \"%s\", expected the message \"%s\" and one newline", what, out, msg);
    size_t lf = strlen(full);
    int head = !strncmp(msg, full, lf);
    const char *rest = msg + (head ? lf : 0);
    int r = -1;
    char tail = 0;
    int n = sscanf(rest, " (on process %d%c", &r, &tail);
    int has = n == 2 && tail == ')' && !strncmp(rest, " (on process ", 13) &&
              rest[strlen(rest) - 1] == ')' && strchr(rest, ')') == rest + strlen(rest) - 1;
    switch (suf) {
    case SUF_NONE:
        CHECK(head && !*rest, "%s: message \"%s\", expected \"%s\"", what, msg, full);
        break;
    case SUF_RANK:
        CHECK(head && has && r == R, "%s: message \"%s\", expected \"%s (on process %d)\"", what,
              msg, full, R);
        break;
    default:
        CHECK(head && has && r >= 0 && r < nict,
              "%s: message \"%s\", expected \"%s (on process R)\", 0 <= R < %d", what, msg, full,
              nict);
        break;
    }
}

/* Every process that took part got the same text and code.  Collective. */
static void check_same(const char *what, int took_part, int code, const char *msg)
{
    char first[MSG_MAX];
    if (same_everywhere(what, took_part, code, msg, first, sizeof first))
        printf("     %s: \"%s\"\n", what, first);
}

/* ---- the cases ------------------------------------------------------------- */

static int rot;
static int next_type(void) { return rot++ % NTYPES; }

/* Valid plans: every type and both routines, on several grid pairs, three
 * executions each on new data; create's arguments scribbled over after
 * create (the plan must have copied what it needs); a failed call just
 * before an execution must not leak into bcr_last_error. */
static void case_valid(void)
{
    struct {
        const char *name;
        int *ictxt, *ga, *gb;
    } pairs[] = {
        {"1 x P reversed: A 2-D -> B P x 1", &ctx_rev, &gA, &gB},
        {"1 x P: A 2-D -> B P x 1", &ctx_row, &gA, &gB},
        {"1 x P reversed: rank 0 in neither grid", &ctx_rev, &gA1, &gB1},
        {"1 x P: A on grid B's processes and back", &ctx_row, &gB, &gA},
        {"1 x P reversed: A and B on the same grid", &ctx_rev, &gA, &gA},
    };
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        for (int tr = 0; tr < 2; tr++) {
            for (int v = 0; v < (tr ? 4 : 1); v++) {
                int type = next_type();
                begin_case("valid plan, %s, p%c%s%s%s", pairs[k].name, tchar[type],
                           tr ? "trmr2d " : "gemr2d", tr ? (v < 2 ? "U" : "L") : "",
                           tr ? (v % 2 ? "U" : "N") : "");
                lay_t L = std_lay(tr, type, *pairs[k].ictxt, *pairs[k].ga, *pairs[k].gb);
                L.uplo = v < 2 ? 'U' : 'l';
                L.diag = v % 2 ? 'u' : 'N';
                if (v == 3) { /* a tall trapezoid */
                    L.m = 6;
                    L.n = 3;
                }
                lay_t copy = L;
                char out[OUT_MAX];
                capture_begin();
                bcr_plan_t p = lay_plan(&copy, -1);
                capture_end(out, sizeof out);
                const char *msg = NULL;
                int code = bcr_last_error(&msg);
                CHECK(p != NULL, "create returned NULL: %s", msg ? msg : "(NULL)");
                CHECK(code == BCR_SUCCESS && msg && !msg[0],
                      "bcr_last_error() = %d \"%s\" after a successful create", code,
                      msg ? msg : "(NULL)");
                CHECK(!out[0], "a successful create printed \"%s\"", out);
                CHECK(!memcmp(copy.desca, L.desca, sizeof L.desca) &&
                          !memcmp(copy.descb, L.descb, sizeof L.descb),
                      "create modified a descriptor");
                if (any_over_world(p == NULL)) {
                    bcr_plan_destroy(p);
                    end_case();
                    continue;
                }
                memset(copy.desca, 0x5a, sizeof copy.desca);
                memset(copy.descb, 0xa5, sizeof copy.descb);
                exec_check("execution 1", p, &L, 1);
                /* an error just before must not stay in bcr_last_error */
                capture_begin();
                bcr_plan_execute(NULL, NULL, NULL);
                capture_end(out, sizeof out);
                exec_check("execution 2, after a failed call", p, &L, 2);
                exec_check("execution 3", p, &L, 3);
                bcr_plan_destroy(p);
                end_case();
            }
        }
    }
}

/* Several plans alive on the same contexts, executed in turns, one
 * destroyed in between; direct calls in between too. */
static void case_many(void)
{
    begin_case("three plans alive at once, executed in turns");
    lay_t L[3] = {std_lay(0, T_D, ctx_rev, gA, gB), std_lay(1, T_Z, ctx_rev, gB, gA),
                  std_lay(0, T_I, ctx_row, gA1, gA)};
    L[1].uplo = 'L';
    bcr_plan_t p[3];
    for (int k = 0; k < 3; k++) {
        p[k] = lay_plan(&L[k], -1);
        CHECK(p[k] != NULL, "plan %d: create returned NULL", k);
    }
    if (!any_over_world(!p[0] || !p[1] || !p[2])) {
        for (int round = 0; round < 3; round++)
            for (int k = 0; k < 3; k++) {
                int j = (k + round) % 3;
                if (round == 2 && j == 1)
                    continue;
                char what[64];
                snprintf(what, sizeof what, "round %d, plan %d", round, j);
                exec_check(what, p[j], &L[j], 10 * round + j);
                if (round == 1 && k == 2) {
                    bcr_plan_destroy(p[1]);
                    p[1] = NULL;
                    /* a direct call on the same contexts */
                    bufs_t m;
                    bufs_init(&m, T_D, 77);
                    bcr_pdgemr2d(L[0].m, L[0].n, a_of(&L[0], &m), L[0].ia, L[0].ja,
                                 L[0].desca, b_of(&L[0], &m), L[0].ib, L[0].jb, L[0].descb,
                                 L[0].ictxt);
                    lay_ref(&L[0], (void *)a_of(&L[0], &m), L[0].descb[1] >= 0 ? m.bref : NULL);
                    CHECK(!memcmp(m.b, m.bref, m.bytes),
                          "direct call between executions differs from the reference");
                    bufs_free(&m);
                }
            }
    }
    for (int k = 0; k < 3; k++)
        bcr_plan_destroy(p[k]);
    end_case();
}

/* A plan keeps its own communicator: it outlives the grids' contexts and
 * bcr_finalize. */
static void case_outlive(void)
{
    for (int v = 0; v < 3; v++) {
        begin_case("plan outlives its contexts%s",
                   v == 0 ? "" : v == 1 ? " and bcr_finalize" : ", destroyed after bcr_finalize");
        int P = g_size, map[64];
        for (int i = 0; i < P; i++)
            map[i] = (i + 1) % P;
        int ict = make_ctxt(1, P, map), ga, gb;
        Cblacs_get(-1, 0, &ga);
        Cblacs_gridinit(&ga, "Col", P % 2 ? P : 2, P % 2 ? 1 : P / 2);
        for (int i = 0; i < P; i++)
            map[i] = (P - 1 + i) % P;
        gb = make_ctxt(1, P, map);
        lay_t L = std_lay(v == 1, v == 1 ? T_C : T_D, ict, ga, gb);
        bcr_plan_t p = lay_plan(&L, -1);
        CHECK(p != NULL, "create returned NULL");
        /* the references while the contexts live */
        bufs_t m[2];
        for (int k = 0; k < 2; k++) {
            bufs_init(&m[k], L.type, 30 + k);
            lay_ref(&L, L.desca[1] >= 0 ? m[k].a : NULL, L.descb[1] >= 0 ? m[k].bref : NULL);
        }
        if (ga >= 0)
            Cblacs_gridexit(ga);
        if (gb >= 0)
            Cblacs_gridexit(gb);
        Cblacs_gridexit(ict);
        if (v)
            bcr_finalize();
        if (v < 2 && !any_over_world(p == NULL)) {
            for (int k = 0; k < 2; k++) {
                int rc = bcr_plan_execute(p, L.desca[1] >= 0 ? m[k].a : NULL,
                                          L.descb[1] >= 0 ? m[k].b : NULL);
                CHECK(rc == BCR_SUCCESS, "execution %d returned %d", k, rc);
                long d = first_diff(m[k].bref, m[k].b, m[k].bytes, tsize[L.type]);
                CHECK(d < 0, "execution %d: B differs from the reference, first at %ld", k, d);
                CHECK(!memcmp(m[k].a, m[k].a0, m[k].bytes), "execution %d: A was written", k);
            }
        }
        bcr_plan_destroy(p);
        for (int k = 0; k < 2; k++)
            bufs_free(&m[k]);
        /* the library still works on the surviving contexts */
        lay_t V = std_lay(0, T_S, ctx_rev, gA, gB);
        bcr_plan_t q = lay_plan(&V, -1);
        CHECK(q != NULL, "create after the contexts were freed returned NULL");
        if (!any_over_world(q == NULL))
            exec_check("a new plan afterwards", q, &V, 5);
        bcr_plan_destroy(q);
        end_case();
    }
}

/* Empty plans (m = 0 or n = 0): as the routines, no check and no
 * communication, so any subset of the processes may create and execute. */
static void case_empty(void)
{
    char out[OUT_MAX];
    const char *msg = NULL;
    for (int tr = 0; tr < 2; tr++) {
        begin_case("empty plan (%s), executed by one process at a time",
                   tr ? "trmr2d, n = 0" : "gemr2d, m = 0");
        lay_t L = std_lay(tr, tr ? T_Z : T_D, ctx_rev, gA, gB);
        if (tr)
            L.n = 0;
        else
            L.m = 0;
        capture_begin();
        bcr_plan_t p = lay_plan(&L, -1);
        capture_end(out, sizeof out);
        int code = bcr_last_error(&msg);
        CHECK(p != NULL, "create returned NULL for an empty plan");
        CHECK(code == BCR_SUCCESS && !out[0], "create: code %d, printed \"%s\"", code, out);
        for (int who = -1; who < g_size; who++) { /* -1: everyone, NULL arrays */
            if (who >= 0 && who != g_rank)
                continue;
            bufs_t m;
            bufs_init(&m, L.type, 40 + who);
            capture_begin();
            int rc = bcr_plan_execute(p, who < 0 ? NULL : (void *)m.a, who < 0 ? NULL : m.b);
            capture_end(out, sizeof out);
            code = bcr_last_error(&msg);
            CHECK(rc == BCR_SUCCESS && code == BCR_SUCCESS && msg && !msg[0],
                  "execute by %s: returned %d, bcr_last_error %d \"%s\"",
                  who < 0 ? "all with NULL arrays" : "this process alone", rc, code,
                  msg ? msg : "(NULL)");
            CHECK(!out[0], "execute printed \"%s\"", out);
            CHECK(!memcmp(m.b, m.b0, m.bytes) && !memcmp(m.a, m.a0, m.bytes),
                  "an empty plan wrote A or B");
            bufs_free(&m);
        }
        bcr_plan_destroy(p);
        end_case();
    }
    /* One process alone creates an empty plan, with arguments nobody checks
     * (no descriptors, no context), executes it and destroys it. */
    begin_case("empty plan created by one process alone, unchecked arguments");
    if (g_rank == g_size - 1) {
        capture_begin();
        bcr_plan_t p = bcr_plan_create('z', "?", "?", 7, 0, -3, -3, NULL, 0, 0, NULL, -1);
        int rc1 = bcr_last_error(&msg);
        int rc2 = bcr_plan_execute(p, NULL, NULL);
        capture_end(out, sizeof out);
        CHECK(p != NULL && rc1 == BCR_SUCCESS && rc2 == BCR_SUCCESS && !out[0],
              "plan %p, create code %d, execute %d, printed \"%s\"", (void *)p, rc1, rc2, out);
        bcr_plan_destroy(p);
        capture_begin();
        p = bcr_plan_create('s', NULL, NULL, 0, -5, 0, 0, NULL, 0, 0, NULL, 12345);
        rc1 = bcr_last_error(&msg);
        capture_end(out, sizeof out);
        CHECK(p != NULL && rc1 == BCR_SUCCESS && !out[0],
              "m = 0, n = -5: plan %p, create code %d, printed \"%s\"", (void *)p, rc1, out);
        bcr_plan_destroy(p);
    }
    end_case();
}

/* A failing create: NULL everywhere, the message checked, the same
 * everywhere; then a valid plan of `base` on the same contexts works.
 * det: the world rank expected in " (on process R)" for SUF_RANK.
 * Collective over the world. */
static void run_bad_create(const char *name, const lay_t *base, const lay_t *bad,
                           const char *uplo, const char *diag, char type, int want,
                           const char *full, int suf, int det)
{
    begin_case("bad create: %s", name);
    int R = max_over_world(g_rank == det ? ctxt_rank(bad->ictxt) : -1);
    char out[OUT_MAX] = "";
    const char *msg = NULL;
    capture_begin();
    bcr_plan_t p = bcr_plan_create(type, uplo, diag, bad->m, bad->n, bad->ia, bad->ja,
                                   bad->desca, bad->ib, bad->jb, bad->descb, bad->ictxt);
    capture_end(out, sizeof out);
    int code = bcr_last_error(&msg);
    CHECK(p == NULL, "create returned a plan");
    check_msg("create", code, want, out, msg ? msg : "", full, suf, R, g_size);
    check_same("create", 1, code, msg);
    if (any_over_world(p != NULL)) {
        /* a plan where there should be none: leak it, destroying it on some
         * processes only could hang */
    } else {
        bcr_plan_t q = lay_plan(base, -1);
        CHECK(q != NULL, "a valid create afterwards returned NULL");
        if (!any_over_world(q == NULL))
            exec_check("valid plan afterwards", q, base, 7);
        bcr_plan_destroy(q);
    }
    end_case();
}

/* bcr_plan_create's own numbering: type 1, uplo 2, diag 3, m 4, n 5, ia 6,
 * ja 7, desca 8, ib 9, jb 10, descb 11, ictxt 12; in the gemr2d form
 * (uplo NULL) and in the trmr2d form. */
static void case_bad_create(void)
{
    char name[200], full[300];
    for (int tr = 0; tr < 2; tr++) {
        const char *form = tr ? "trmr2d form" : "gemr2d form";
        const char *U = tr ? "U" : NULL, *D = tr ? "N" : NULL;
        lay_t base = std_lay(tr, next_type(), ctx_rev, gA, gB);
        char T = tchar[base.type];

        /* the type, on every process and on one */
        static const char bad_types[] = {'x', 'D', 'Z', 'f'};
        for (int k = 0; k < 4; k++) {
            snprintf(name, sizeof name, "%s, type '%c' everywhere", form, bad_types[k]);
            snprintf(full, sizeof full,
                     "bcr_plan_create: argument 1 (type): type = '%c', must be one of s, d, "
                     "c, z, i",
                     bad_types[k]);
            run_bad_create(name, &base, &base, U, D, bad_types[k], BCR_ERR_ARGUMENT, full,
                           SUF_ANY, -1);
        }
        int w = pick(1, ctx_rev);
        snprintf(name, sizeof name, "%s, type 'x' on world rank %d only", form, w);
        run_bad_create(name, &base, &base, U, D, g_rank == w ? 'x' : T, BCR_ERR_ARGUMENT,
                       "bcr_plan_create: argument 1 (type): type = 'x', must be one of s, d, "
                       "c, z, i",
                       SUF_RANK, w);

        /* On one process as across them, a bad type counts after m. */
        lay_t bad_m = base;
        bad_m.m = -1;
        snprintf(name, sizeof name, "%s, type 'x' and m = -1 everywhere", form);
        run_bad_create(name, &base, &bad_m, U, D, 'x', BCR_ERR_ARGUMENT,
                       "bcr_plan_create: argument 4 (m): m = -1, must be >= 0", SUF_ANY, -1);

        if (tr) {
            run_bad_create("uplo 'X'", &base, &base, "X", D, T, BCR_ERR_ARGUMENT,
                           "bcr_plan_create: argument 2 (uplo): uplo = 'X', must be one of U, "
                           "u, L, l",
                           SUF_ANY, -1);
            run_bad_create("diag 'q'", &base, &base, U, "q", T, BCR_ERR_ARGUMENT,
                           "bcr_plan_create: argument 3 (diag): diag = 'q', must be one of U, "
                           "u, N, n",
                           SUF_ANY, -1);
        }
        struct {
            const char *what;
            int field; /* 0 m, 1 n, 2 ia, 3 ja, 4 ib, 5 jb, 6 MB_A, 7 NB_B, 8 NULL desca,
                        * 9 NULL descb, 10 ictxt */
            int val;
            const char *full;
        } cases[] = {
            {"m = -1", 0, -1, "bcr_plan_create: argument 4 (m): m = -1, must be >= 0"},
            {"n = -2", 1, -2, "bcr_plan_create: argument 5 (n): n = -2, must be >= 0"},
            {"ia = 0", 2, 0, "bcr_plan_create: argument 6 (ia): ia = 0, must be >= 1"},
            {"ja = -3", 3, -3, "bcr_plan_create: argument 7 (ja): ja = -3, must be >= 1"},
            {"ib = 0", 4, 0, "bcr_plan_create: argument 9 (ib): ib = 0, must be >= 1"},
            {"jb = 0", 5, 0, "bcr_plan_create: argument 10 (jb): jb = 0, must be >= 1"},
            {"MB_A = 0", 6, 0, "bcr_plan_create: argument 8 (desca): MB_A = 0, must be >= 1"},
            {"NB_B = -2", 7, -2,
             "bcr_plan_create: argument 11 (descb): NB_B = -2, must be >= 1"},
            {"desca NULL", 8, 0, "bcr_plan_create: argument 8 (desca): desca is NULL"},
            {"descb NULL", 9, 0, "bcr_plan_create: argument 11 (descb): descb is NULL"},
            {"ictxt = 77", 10, 77,
             "bcr_plan_create: argument 12 (ictxt): ictxt = 77 is not a BLACS context"},
        };
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
            lay_t bad = base;
            const int *da = bad.desca, *db = bad.descb;
            switch (cases[k].field) {
            case 0: bad.m = cases[k].val; break;
            case 1: bad.n = cases[k].val; break;
            case 2: bad.ia = cases[k].val; break;
            case 3: bad.ja = cases[k].val; break;
            case 4: bad.ib = cases[k].val; break;
            case 5: bad.jb = cases[k].val; break;
            case 6: if (bad.desca[1] >= 0) bad.desca[4] = cases[k].val; break;
            case 7: if (bad.descb[1] >= 0) bad.descb[5] = cases[k].val; break;
            case 8: da = NULL; break;
            case 9: db = NULL; break;
            default: bad.ictxt = cases[k].val; break;
            }
            snprintf(name, sizeof name, "%s, %s", form, cases[k].what);
            /* NULL descriptors: through a copy of the layout with a flag */
            begin_case("bad create: %s", name);
            char out[OUT_MAX] = "";
            const char *msg = NULL;
            capture_begin();
            bcr_plan_t p = bcr_plan_create(T, U, D, bad.m, bad.n, bad.ia, bad.ja, da, bad.ib,
                                           bad.jb, db, bad.ictxt);
            capture_end(out, sizeof out);
            int code = bcr_last_error(&msg);
            CHECK(p == NULL, "create returned a plan");
            /* an invalid ictxt is seen before any communication: no rank */
            check_msg("create", code, BCR_ERR_ARGUMENT, out, msg ? msg : "", cases[k].full,
                      cases[k].field == 10 ? SUF_NONE : SUF_ANY, -1, g_size);
            check_same("create", 1, code, msg);
            if (!any_over_world(p != NULL)) {
                bcr_plan_t q = lay_plan(&base, -1);
                CHECK(q != NULL, "a valid create afterwards returned NULL");
                if (!any_over_world(q == NULL))
                    exec_check("valid plan afterwards", q, &base, 8);
                bcr_plan_destroy(q);
            }
            end_case();
        }

        /* one process alone */
        {
            int v = pick(base.descb[1] >= 0, ctx_rev);
            lay_t bad = base;
            if (g_rank == v)
                bad.ib = 0;
            snprintf(name, sizeof name, "%s, ib = 0 on world rank %d only", form, v);
            run_bad_create(name, &base, &bad, U, D, T, BCR_ERR_ARGUMENT,
                           "bcr_plan_create: argument 9 (ib): ib = 0, must be >= 1", SUF_RANK,
                           v);
        }
        /* disagreement: found by all together, named by nobody */
        {
            int v = pick(1, ctx_rev);
            lay_t bad = base;
            if (g_rank == v)
                bad.m = base.m + 1;
            snprintf(full, sizeof full,
                     "bcr_plan_create: argument 4 (m): processes disagree on m (%d to %d)",
                     base.m, base.m + 1);
            snprintf(name, sizeof name, "%s, m + 1 on world rank %d only", form, v);
            run_bad_create(name, &base, &bad, U, D, T, BCR_ERR_INCONSISTENT, full, SUF_NONE,
                           -1);
        }
    }
}

/* NULL arrays at execute where the process holds part of the submatrix. */
static void run_null_exec(const char *name, const lay_t *L, int wa, int wb, int ha, int hb)
{
    begin_case("NULL array at execute: %s", name);
    bcr_plan_t p = lay_plan(L, -1);
    CHECK(p != NULL, "create returned NULL");
    if (any_over_world(p == NULL)) {
        bcr_plan_destroy(p);
        end_case();
        return;
    }
    /* the expected report: a before b, then the lowest rank in ictxt */
    int side = wa >= 0 ? 0 : 1, det = wa >= 0 ? wa : wb;
    int R = max_over_world(g_rank == det ? ctxt_rank(L->ictxt) : -1);
    int N = side ? hb : ha;
    char full[300];
    snprintf(full, sizeof full,
             "bcr_plan_execute: argument %d (%s): %s is NULL but this process holds %d "
             "elements of the %s",
             side ? 3 : 2, side ? "b" : "a", side ? "b" : "a", N,
             L->tr ? "trapezoid" : "submatrix");
    bufs_t m;
    bufs_init(&m, L->type, 50);
    char out[OUT_MAX] = "";
    const char *msg = NULL;
    capture_begin();
    int rc = bcr_plan_execute(p, g_rank == wa ? NULL : a_of(L, &m),
                              g_rank == wb ? NULL : b_of(L, &m));
    capture_end(out, sizeof out);
    int code = bcr_last_error(&msg);
    CHECK(rc == BCR_ERR_ARGUMENT, "execute returned %d, expected BCR_ERR_ARGUMENT", rc);
    check_msg("execute", code, BCR_ERR_ARGUMENT, out, msg ? msg : "", full, SUF_RANK, R,
              g_size);
    check_same("execute", 1, code, msg);
    CHECK(!memcmp(m.b, m.b0, m.bytes), "B was written by a failed execute");
    CHECK(!memcmp(m.a, m.a0, m.bytes), "A was written by a failed execute");
    bufs_free(&m);
    exec_check("the same plan afterwards", p, L, 51);
    bcr_plan_destroy(p);
    end_case();
}

static void case_null_exec(void)
{
    char name[200];
    for (int tr = 0; tr < 2; tr++) {
        int type = next_type();
        lay_t L = std_lay(tr, type, ctx_rev, gA, gB);
        if (tr) {
            L.m = 6;
            L.n = 5;
            L.uplo = 'L';
            L.diag = 'U';
        }
        int ha = held(&L, 0), hb = held(&L, 1);
        int wa = pick(ha > 0, L.ictxt), wb = pick(hb > 0, L.ictxt);
        int na = max_over_world(g_rank == wa ? ha : -1);
        int nb = max_over_world(g_rank == wb ? hb : -1);
        CHECK(wa >= 0 && wb >= 0, "no process holds part of the submatrix (test setup)");
        const char *r = tr ? "trmr2d" : "gemr2d";
        snprintf(name, sizeof name, "%s, a on world rank %d", r, wa);
        run_null_exec(name, &L, wa, -1, na, nb);
        snprintf(name, sizeof name, "%s, b on world rank %d", r, wb);
        run_null_exec(name, &L, -1, wb, na, nb);
        /* both: a is reported (argument 2 before 3), whatever the ranks */
        int wb2 = pick(hb > 0 && g_rank != wa, L.ictxt);
        if (wb2 >= 0) {
            snprintf(name, sizeof name, "%s, a on world rank %d and b on %d", r, wa, wb2);
            run_null_exec(name, &L, wa, wb2, na, nb);
        }
        /* NULL where nothing of the submatrix is held: accepted */
        begin_case("NULL arrays where nothing is held: %s", r);
        bcr_plan_t p = lay_plan(&L, -1);
        if (!any_over_world(p == NULL)) {
            bufs_t m;
            bufs_init(&m, L.type, 52);
            int rc = bcr_plan_execute(p, ha ? a_of(&L, &m) : NULL, hb ? b_of(&L, &m) : NULL);
            const char *msg = NULL;
            int code = bcr_last_error(&msg);
            CHECK(rc == BCR_SUCCESS && code == BCR_SUCCESS,
                  "execute returned %d, bcr_last_error %d \"%s\"", rc, code, msg ? msg : "");
            lay_ref(&L, L.desca[1] >= 0 ? m.a : NULL, L.descb[1] >= 0 ? m.bref : NULL);
            CHECK(!memcmp(m.b, m.bref, m.bytes), "B differs from the reference");
            bufs_free(&m);
        }
        bcr_plan_destroy(p);
        end_case();
    }
}

/* bcr_plan_execute(NULL, ...) is local: one process alone gets an error. */
static void case_null_plan(void)
{
    begin_case("bcr_plan_execute(NULL, ...) on world rank 0 alone");
    if (g_rank == 0) {
        bufs_t m;
        bufs_init(&m, T_D, 60);
        char out[OUT_MAX] = "";
        const char *msg = NULL;
        capture_begin();
        int rc = bcr_plan_execute(NULL, m.a, m.b);
        capture_end(out, sizeof out);
        int code = bcr_last_error(&msg);
        CHECK(rc != BCR_SUCCESS, "bcr_plan_execute(NULL) returned BCR_SUCCESS");
        CHECK(code == rc, "bcr_last_error() = %d, execute returned %d", code, rc);
        check_msg("execute", code, BCR_ERR_ARGUMENT, out, msg ? msg : "",
                  "bcr_plan_execute: argument 1 (plan): plan is NULL", SUF_NONE, -1, 1);
        CHECK(!memcmp(m.b, m.b0, m.bytes), "B was written");
        bcr_plan_destroy(NULL);
        bufs_free(&m);
    }
    end_case();
}

/* Processes pass different valid types: the plans would move messages of
 * different sizes.  Expected: NULL everywhere and an error naming argument
 * 1 (type), as for any global argument the processes disagree on. */
static int mode_type_disagree(void)
{
    for (int tr = 0; tr < 2; tr++) {
        lay_t L = std_lay(tr, T_D, ctx_rev, gA, gB);
        int w = pick(1, ctx_rev);
        begin_case("type 's' on world rank %d, 'd' elsewhere (%s)", w, tr ? "trmr2d" : "gemr2d");
        char out[OUT_MAX] = "";
        const char *msg = NULL;
        capture_begin();
        bcr_plan_t p = lay_plan(&L, g_rank == w ? 's' : 'd');
        capture_end(out, sizeof out);
        int code = bcr_last_error(&msg);
        CHECK(p == NULL, "create returned a plan");
        CHECK(code == BCR_ERR_INCONSISTENT, "code %d, expected BCR_ERR_INCONSISTENT (\"%s\")",
              code, msg ? msg : "");
        CHECK(msg && !strncmp(msg, "bcr_plan_create: argument 1 (type): ", 36),
              "message \"%s\" does not name argument 1 (type)", msg ? msg : "");
        check_same("create", 1, code, msg);
        if (!any_over_world(p == NULL)) {
            /* the plans exist everywhere: see what an execution does */
            bufs_t m;
            bufs_init(&m, T_D, 70);
            int rc = bcr_plan_execute(p, a_of(&L, &m), b_of(&L, &m));
            lay_ref(&L, L.desca[1] >= 0 ? m.a : NULL, L.descb[1] >= 0 ? m.bref : NULL);
            CHECK(rc == BCR_SUCCESS && !memcmp(m.b, m.bref, m.bytes),
                  "executing the mismatched plans: returned %d, B %s the reference's", rc,
                  memcmp(m.b, m.bref, m.bytes) ? "differs from" : "equals");
            bufs_free(&m);
            bcr_plan_destroy(p);
        }
        end_case();
    }
    return 0;
}

/* Type characters that do not print: the message must still be one line
 * "bcr_plan_create: argument 1 (type): ..., must be one of s, d, c, z, i
 * (on process R)". */
static int mode_type_unprintable(void)
{
    static const char types[] = {'\0', '\n', '\x7f'};
    for (int k = 0; k < 3; k++) {
        lay_t L = std_lay(0, T_D, ctx_rev, gA, gB);
        begin_case("type = character %d", types[k]);
        char out[OUT_MAX] = "";
        const char *msg = NULL;
        capture_begin();
        bcr_plan_t p = lay_plan(&L, types[k]);
        capture_end(out, sizeof out);
        int code = bcr_last_error(&msg);
        if (!msg)
            msg = "";
        size_t lm = strlen(msg);
        CHECK(p == NULL, "create returned a plan");
        CHECK(code == BCR_ERR_ARGUMENT, "code %d, expected BCR_ERR_ARGUMENT", code);
        CHECK(!strncmp(msg, "bcr_plan_create: argument 1 (type): ", 36) &&
                  strstr(msg, ", must be one of s, d, c, z, i (on process ") &&
                  !strchr(msg, '\n') && lm && msg[lm - 1] == ')',
              "message \"%s\" is not one line \"bcr_plan_create: argument 1 (type): ..., "
              "must be one of s, d, c, z, i (on process R)\"",
              msg);
        CHECK(strlen(out) == lm + 1 && out[lm] == '\n' && !strncmp(out, msg, lm),
              "stderr \"%s\" is not the message and one newline", out);
        check_same("create", 1, code, msg);
        end_case();
    }
    return 0;
}

#ifdef BCR_TEST_OOM
/* The k-th allocation bcredist makes fails on one process, during create
 * (k = 1, 2, ... until create makes no k-th allocation) and then during
 * execute with empty buffer pools.  Every process must end up with the
 * same outcome: all NULL (or all an error code) with the same non-empty
 * message, or all a working plan (a successful execute giving the
 * reference's bytes); and nothing may hang. */
static void oom_stage(int stage, int tr, int w)
{
    lay_t L = std_lay(tr, stage ? T_Z : T_D, ctx_rev, gA, gB);
    const char *sname = stage ? "execute" : "create";
    for (int k = 1; k <= 200; k++) {
        begin_case("allocation %d of %s fails on world rank %d (%s)", k, sname, w,
                   tr ? "trmr2d" : "gemr2d");
        bcr_plan_t p = NULL;
        bufs_t m;
        bufs_init(&m, L.type, 90 + k);
        if (stage) {
            p = lay_plan(&L, -1);
            bcr_finalize(); /* empty pools: execute must allocate */
        }
        char out[OUT_MAX] = "";
        const char *msg = NULL;
        int rc = 0;
        capture_begin();
        oom_fired = 0;
        oom_countdown = k;
        oom_armed = g_rank == w;
        if (stage)
            rc = bcr_plan_execute(p, a_of(&L, &m), b_of(&L, &m));
        else
            p = lay_plan(&L, -1);
        oom_armed = 0;
        capture_end(out, sizeof out);
        int code = bcr_last_error(&msg);
        if (!msg)
            msg = "";
        int fired = any_over_world(oom_fired);
        if (!stage)
            rc = p == NULL;
        int nfail = max_over_world(rc != 0), nok = max_over_world(rc == 0);
        CHECK(!(nfail && nok), "%s failed on some processes and succeeded on others "
              "(here: %s, code %d, \"%s\")", sname, rc ? "failed" : "succeeded", code, msg);
        if (rc) {
            CHECK(code != BCR_SUCCESS && msg[0], "%s failed but bcr_last_error() = %d \"%s\"",
                  sname, code, msg);
            size_t lm = strlen(msg);
            CHECK(strlen(out) == lm + 1 && out[lm] == '\n' && !strncmp(out, msg, lm),
                  "stderr \"%s\" is not the message \"%s\" and one newline", out, msg);
        }
        check_same(sname, 1, code, msg);
        if (!nfail && stage) {
            lay_ref(&L, L.desca[1] >= 0 ? m.a : NULL, L.descb[1] >= 0 ? m.bref : NULL);
            CHECK(!memcmp(m.b, m.bref, m.bytes), "execute succeeded but B differs");
        }
        if (!any_over_world(p == NULL))
            bcr_plan_destroy(p);
        bufs_free(&m);
        /* and afterwards everything works */
        bcr_plan_t q = lay_plan(&L, -1);
        CHECK(q != NULL, "a create afterwards returned NULL");
        if (!any_over_world(q == NULL))
            exec_check("a plan afterwards", q, &L, 99);
        bcr_plan_destroy(q);
        end_case();
        if (!fired)
            break; /* no k-th allocation: all covered */
    }
}

/* stage 0: create, 1: execute; the failing process is each in turn */
static int mode_oom(int stage)
{
    g_case_timeout = 10; /* tiny cases: a hang shows sooner */
    for (int tr = 0; tr < 2; tr++)
        for (int w = 0; w < g_size; w++)
            oom_stage(stage, tr, w);
    return 0;
}
#endif

int main(int argc, char **argv)
{
    mpi_check_init(&argc, &argv);
    if (g_size < 3 || g_size > 64) {
        if (g_rank == 0)
            fprintf(stderr, "bcr_test_plan_api needs 3 to 64 processes\n");
        MPI_Finalize();
        return 1;
    }
    make_grids();
    if (argc > 1 && !strcmp(argv[1], "type-disagree")) {
        mode_type_disagree();
    } else if (argc > 1 && !strcmp(argv[1], "type-unprintable")) {
        mode_type_unprintable();
#ifdef BCR_TEST_OOM
    } else if (argc > 1 && !strcmp(argv[1], "oom-create")) {
        mode_oom(0);
    } else if (argc > 1 && !strcmp(argv[1], "oom-execute")) {
        mode_oom(1);
#endif
    } else if (argc > 1) {
        if (g_rank == 0)
            fprintf(stderr, "usage: bcr_test_plan_api [type-disagree | type-unprintable |"
                            " oom-create | oom-execute]\n");
        MPI_Finalize();
        return 1;
    } else {
        case_valid();
        case_many();
        case_empty();
        case_bad_create();
        case_null_exec();
        case_null_plan();
        case_outlive();
    }
    int rc = finish_checks("plan_api");
    Cblacs_exit(1);
    MPI_Finalize();
    return rc;
}
