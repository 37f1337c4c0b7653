/* Error handling of bcr_p?gemr2d / bcr_p?trmr2d.
 *
 * Every class of bad input is passed on purpose.  For each call the test
 * checks, on every process of ictxt:
 *   - the call returns (a watchdog alarm turns a hang into a failure),
 *   - exactly one line went to stderr, and it is the text bcr_last_error
 *     gives back, "<routine>: argument <N> (<name>): <detail>", with the
 *     suffix " (on process R)" when one process found the problem,
 *   - the error code,
 *   - A and every byte of B's local array (padding included) untouched,
 *   - every process got the same text,
 * and then that a valid call on the same contexts succeeds and gives the
 * bytes the reference Cp?gemr2d / Cp?trmr2d gives.  Inputs the reference
 * accepts although they look wrong are checked to be accepted too.
 *
 * Usage: bcr_test_errors            the whole suite (any number >= 2 of ranks)
 *        bcr_test_errors abort-env  one bad call; BCR_ON_ERROR=abort is
 *                                   expected in the environment, so the
 *                                   program must be killed by MPI_Abort
 *        bcr_test_errors abort-api  the same after bcr_set_error_mode(ABORT)
 *        bcr_test_errors return-api one bad call after
 *                                   bcr_set_error_mode(RETURN), which must
 *                                   override BCR_ON_ERROR=abort
 *        bcr_test_errors return-env one bad call with BCR_ON_ERROR=return
 */
#define _POSIX_C_SOURCE 200809L

#include "bcredist.h"

#include <mpi.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- BLACS and the reference (no header ships with them) ---------------- */

#include "scalapack_ref.h"

/* ---- bookkeeping --------------------------------------------------------- */

#include "mpi_check.h"

#define ELEMS 2048   /* every local array has this many elements */
unsigned g_case_timeout = 60; /* seconds before a case counts as hung */

static int g_verbose = 1;
static int g_strict_format; /* BCR_TEST_STRICT_FORMAT=1: nothing after the detail */

/* ---- types and calls ----------------------------------------------------- */

enum { GE, TR };

enum { ARG_UPLO, ARG_DIAG, ARG_M, ARG_N, ARG_A, ARG_IA, ARG_JA, ARG_DESCA,
       ARG_B, ARG_IB, ARG_JB, ARG_DESCB, ARG_ICTXT };
static const char *arg_name[] = {"uplo", "diag", "m",  "n",  "a",  "ia",   "ja",
                                 "desca", "b",   "ib", "jb", "descb", "ictxt"};

static int arg_number(int routine, int arg)
{
    if (routine == GE)
        return arg - ARG_M + 1;
    return arg + 1;
}

static void routine_name(char *s, size_t n, int routine, int type)
{
    snprintf(s, n, "bcr_p%c%s", tchar[type], routine == GE ? "gemr2d" : "trmr2d");
}

typedef struct {
    int routine, type;
    char uplo, diag;
    int m, n, ia, ja, ib, jb, ictxt;
    int desca[9], descb[9];
    int null_desca, null_descb; /* pass NULL descriptor pointers */
    int calls;                  /* this process calls (it is in ictxt) */
    int a_null, b_null;
} call_t;

/* CALL(ch, T) for the element type `type`: ch the routine's letter, T the C
 * type. */
#define BY_TYPE(type, CALL)                                                    \
    do {                                                                       \
        switch (type) {                                                        \
        case T_S: CALL(s, float); break;                                       \
        case T_D: CALL(d, double); break;                                      \
        case T_C: CALL(c, float _Complex); break;                              \
        case T_Z: CALL(z, double _Complex); break;                             \
        default: CALL(i, int); break;                                          \
        }                                                                      \
    } while (0)

static void lib_call(const call_t *c, const void *a, void *b)
{
    const int *da = c->null_desca ? NULL : c->desca;
    const int *db = c->null_descb ? NULL : c->descb;
    char ul[2] = {c->uplo, 0}, dg[2] = {c->diag, 0};
#define GECALL(ch, T)                                                          \
    bcr_p##ch##gemr2d(c->m, c->n, (const T *)a, c->ia, c->ja, da, (T *)b, c->ib, c->jb, db,  \
                      c->ictxt)
#define TRCALL(ch, T)                                                          \
    bcr_p##ch##trmr2d(ul, dg, c->m, c->n, (const T *)a, c->ia, c->ja, da, (T *)b, c->ib,    \
                      c->jb, db, c->ictxt)
    if (c->routine == GE) {
        BY_TYPE(c->type, GECALL);
    } else {
        BY_TYPE(c->type, TRCALL);
    }
#undef GECALL
#undef TRCALL
}

static void ref_call(const call_t *c, void *a, void *b)
{
    int da[9], db[9];
    memcpy(da, c->desca, sizeof da);
    memcpy(db, c->descb, sizeof db);
    int *pa = c->null_desca ? NULL : da, *pb = c->null_descb ? NULL : db;
    char ul[2] = {c->uplo, 0}, dg[2] = {c->diag, 0};
#define GEREF(ch, T)                                                           \
    Cp##ch##gemr2d(c->m, c->n, (T *)a, c->ia, c->ja, pa, (T *)b, c->ib, c->jb, pb, c->ictxt)
#define TRREF(ch, T)                                                           \
    Cp##ch##trmr2d(ul, dg, c->m, c->n, (T *)a, c->ia, c->ja, pa, (T *)b, c->ib, c->jb, pb,  \
                   c->ictxt)
    if (c->routine == GE) {
        BY_TYPE(c->type, GEREF);
    } else {
        BY_TYPE(c->type, TRREF);
    }
#undef GEREF
#undef TRREF
}

/* Values that survive any copy bit for bit (no NaN payloads). */
static void fill(int type, void *buf, int seed)
{
    for (int i = 0; i < ELEMS; i++) {
        double v = seed * 10000.0 + i + 0.5;
        switch (type) {
        case T_S: ((float *)buf)[i] = (float)v; break;
        case T_D: ((double *)buf)[i] = v; break;
        case T_C: ((float _Complex *)buf)[i] = (float)v + (float)(-v) * _Complex_I; break;
        case T_Z: ((double _Complex *)buf)[i] = v + (v + 0.25) * _Complex_I; break;
        default: ((int *)buf)[i] = seed * 10000 + i; break;
        }
    }
}

/* ---- grids --------------------------------------------------------------- */

static int local_rows(const mat_t *mt)
{
    int pr, pc, r, c;
    if (!grid_pos(mt->ctxt, &pr, &pc, &r, &c))
        return -1;
    return count_held(0, mt->M, mt->MB, r, mt->rsrc, pr);
}

static call_t make_call(int routine, int type, int ictxt, const mat_t *A, const mat_t *B,
                        int m, int n, int ia, int ja, int ib, int jb)
{
    call_t c;
    memset(&c, 0, sizeof c);
    c.routine = routine;
    c.type = type;
    c.uplo = 'U';
    c.diag = 'N';
    c.m = m;
    c.n = n;
    c.ia = ia;
    c.ja = ja;
    c.ib = ib;
    c.jb = jb;
    c.ictxt = ictxt;
    c.calls = ictxt >= 0;
    /* Generous padding so that changing M or MB on one process still leaves
     * a locally valid LLD; it differs between processes on purpose. */
    make_desc(c.desca, A, 1);
    make_desc(c.descb, B, 1);
    c.a_null = c.desca[1] < 0;
    c.b_null = c.descb[1] < 0;
    return c;
}

/* Elements of the m x n submatrix of this process that the call reads or
 * writes: the whole submatrix for gemr2d, the trapezoid for trmr2d (0
 * outside the grid). */
static int held_count(const call_t *c, int side)
{
    return held_elements(side ? c->descb : c->desca, side ? c->ib : c->ia,
                         side ? c->jb : c->ja, c->m, c->n, c->routine == TR, c->uplo,
                         c->diag);
}

/* Elements of the whole m x n submatrix, trapezoid or not. */
static int sub_count(const call_t *c, int side)
{
    call_t g = *c;
    g.routine = GE;
    return held_count(&g, side);
}

/* ---- the contexts used throughout --------------------------------------- */

static int ctx_row;   /* 1 x P, row order: rank in ictxt = world rank */
static int ctx_rev;   /* 1 x P over the world ranks in reverse */
static int ctx_col2d; /* 2 x 2 in column order (P = 4 only), else -2 */
static int gA;        /* 2 x P/2 (P even) or P x 1 */
static int gB;        /* P x 1 (P even) or 1 x P, reversed */
static int gSub;      /* 1 x (P-1) over ranks 0 .. P-2 */
static int g11;       /* 1 x 1 on world rank 1 */
static int prA, pcA, prB, pcB;

static void make_grids(void)
{
    int sys;
    Cblacs_get(-1, 0, &sys);
    int P = g_size;
    int *map = malloc(sizeof(int) * (size_t)P);

    ctx_row = sys;
    Cblacs_gridinit(&ctx_row, "Row", 1, P);

    ctx_rev = sys;
    for (int i = 0; i < P; i++)
        map[i] = P - 1 - i;
    Cblacs_gridmap(&ctx_rev, map, 1, 1, P);

    ctx_col2d = -2;
    if (P == 4) {
        ctx_col2d = sys;
        Cblacs_gridinit(&ctx_col2d, "Col", 2, 2);
    }

    prA = P % 2 == 0 ? 2 : P;
    pcA = P / prA;
    gA = sys;
    Cblacs_gridinit(&gA, "Row", prA, pcA);

    prB = P % 2 == 0 ? P : 1;
    pcB = P / prB;
    gB = sys;
    Cblacs_gridmap(&gB, map, prB, prB, pcB); /* map is P-1 .. 0 */

    gSub = sys;
    for (int i = 0; i < P - 1; i++)
        map[i] = i;
    Cblacs_gridmap(&gSub, map, 1, 1, P - 1);
    if (g_rank == P - 1)
        gSub = -1; /* BLACS already says so; be explicit */

    g11 = sys;
    map[0] = 1 % P;
    Cblacs_gridmap(&g11, map, 1, 1, 1);
    free(map);
}

/* The standard valid call: A 11 x 10 in 2 x 3 blocks on gA, B 9 x 8 in
 * 3 x 2 blocks on gB, a 5 x 4 submatrix starting inside blocks. */
static mat_t stdA(void)
{
    mat_t a = {gA, 11, 10, 2, 3, 1 % prA, 1 % pcA};
    return a;
}
static mat_t stdB(void)
{
    mat_t b = {gB, 9, 8, 3, 2, 0, pcB - 1};
    return b;
}
static call_t std_call(int routine, int type)
{
    mat_t A = stdA(), B = stdB();
    return make_call(routine, type, ctx_row, &A, &B, 5, 4, 2, 3, 3, 2);
}

/* ---- expectations -------------------------------------------------------- */

enum { SUF_NONE, SUF_RANK, SUF_ANY, SUF_ANY_OR_NONE };

typedef struct {
    int code;
    int arg;
    char detail[256];
    int suffix;
    int det; /* world rank of the process that detects it (SUF_RANK) */
} expect_t;

static expect_t expect(int code, int arg, int suffix, int det, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static expect_t expect(int code, int arg, int suffix, int det, const char *fmt, ...)
{
    expect_t e;
    memset(&e, 0, sizeof e);
    e.code = code;
    e.arg = arg;
    e.suffix = suffix;
    e.det = det;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e.detail, sizeof e.detail, fmt, ap);
    va_end(ap);
    return e;
}

static const char *code_name(int code)
{
    switch (code) {
    case BCR_SUCCESS: return "BCR_SUCCESS";
    case BCR_ERR_ARGUMENT: return "BCR_ERR_ARGUMENT";
    case BCR_ERR_INCONSISTENT: return "BCR_ERR_INCONSISTENT";
    case BCR_ERR_GRID: return "BCR_ERR_GRID";
    case BCR_ERR_NOMEM: return "BCR_ERR_NOMEM";
    case BCR_ERR_MPI: return "BCR_ERR_MPI";
    default: return "?";
    }
}

/* ---- running one call ---------------------------------------------------- */

typedef struct {
    unsigned char *a, *a0, *b, *b0, *b2;
    size_t bytes;
} bufs_t;

static void bufs_init(bufs_t *m, int type)
{
    m->bytes = ELEMS * tsize[type];
    m->a = malloc(m->bytes);
    m->a0 = malloc(m->bytes);
    m->b = malloc(m->bytes);
    m->b0 = malloc(m->bytes);
    m->b2 = malloc(m->bytes);
    fill(type, m->a, 1 + g_rank);
    memcpy(m->a0, m->a, m->bytes);
    fill(type, m->b, -1 - g_rank);
    memcpy(m->b0, m->b, m->bytes);
    memcpy(m->b2, m->b, m->bytes);
}

static void bufs_free(bufs_t *m)
{
    free(m->a);
    free(m->a0);
    free(m->b);
    free(m->b0);
    free(m->b2);
}

static void first_diff(const unsigned char *x, const unsigned char *y, size_t n, size_t esz,
                       char *out, size_t cap)
{
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i]) {
            snprintf(out, cap, "first difference at element %zu", i / esz);
            return;
        }
    snprintf(out, cap, "no difference");
}

/* A valid call must succeed silently and give the reference's bytes. */
static void check_valid(const char *what, const call_t *c)
{
    bufs_t m;
    bufs_init(&m, c->type);
    char out[OUT_MAX] = "", msg[MSG_MAX] = "";
    int code = BCR_SUCCESS;
    if (c->calls) {
        capture_begin();
        lib_call(c, c->a_null ? NULL : m.a, c->b_null ? NULL : m.b);
        capture_end(out, sizeof out);
        const char *p = NULL;
        code = bcr_last_error(&p);
        snprintf(msg, sizeof msg, "%s", p ? p : "(NULL)");
        CHECK(code == BCR_SUCCESS, "%s: bcr_last_error code %d (%s), expected BCR_SUCCESS: %s",
              what, code, code_name(code), msg);
        CHECK(p != NULL && msg[0] == '\0', "%s: message after success is \"%s\", expected \"\"",
              what, msg);
        CHECK(out[0] == '\0', "%s: valid call printed to stderr: \"%s\"", what, out);
        ref_call(c, c->a_null ? NULL : m.a, c->b_null ? NULL : m.b2);
        char d[100];
        first_diff(m.b, m.b2, m.bytes, tsize[c->type], d, sizeof d);
        CHECK(memcmp(m.b, m.b2, m.bytes) == 0, "%s: B differs from the reference (%s)", what, d);
        CHECK(memcmp(m.a, m.a0, m.bytes) == 0, "%s: A was written", what);
        if (c->m <= 0 || c->n <= 0)
            CHECK(memcmp(m.b, m.b0, m.bytes) == 0, "%s: B changed although m or n is 0", what);
    }
    /* The call must have moved data somewhere, or the comparison proves
     * nothing. */
    int any = any_over_world(c->calls && memcmp(m.b, m.b0, m.bytes) != 0);
    if (c->m > 0 && c->n > 0 && g_rank == 0)
        CHECK(any, "%s: no process's B changed: the valid call did nothing", what);
    bufs_free(&m);
}

/* Run one bad call (ex != NULL) and then the valid `base` on the same
 * contexts; or, with ex == NULL, check that c is accepted like the
 * reference accepts it.  Collective over MPI_COMM_WORLD. */
static void run_case(const char *name, const call_t *base, const call_t *c, const expect_t *ex)
{
    char rname[32];
    routine_name(rname, sizeof rname, c->routine, c->type);
    begin_case("%s [%s]", name, rname);

    if (!ex) {
        check_valid("accepted input", c);
        if (g_verbose && g_rank == 0)
            printf("ok   %s: accepted\n", g_case);
        alarm(0);
        return;
    }

    /* Rank in ictxt of the process expected to detect the problem. */
    int R = -1;
    if (ex->suffix == SUF_RANK) {
        int mine = g_rank == ex->det ? ctxt_rank(c->ictxt) : -1;
        MPI_Allreduce(&mine, &R, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    }
    int nict = 0;
    {
        int in = c->calls;
        MPI_Allreduce(&in, &nict, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    }

    bufs_t m;
    bufs_init(&m, c->type);
    char out[OUT_MAX] = "", msg[MSG_MAX] = "";
    int code = -1;
    if (c->calls) {
        capture_begin();
        lib_call(c, c->a_null ? NULL : m.a, c->b_null ? NULL : m.b);
        capture_end(out, sizeof out);
        const char *p = NULL;
        code = bcr_last_error(&p);
        snprintf(msg, sizeof msg, "%s", p ? p : "(NULL)");

        CHECK(code == ex->code, "code %d (%s), expected %d (%s); message \"%s\"", code,
              code_name(code), ex->code, code_name(ex->code), msg);
        size_t lm = strlen(msg), lo = strlen(out);
        CHECK(lo == lm + 1 && out[lm] == '\n' && strncmp(out, msg, lm) == 0,
              "stderr was \"%s\", expected the message \"%s\" and one newline", out, msg);

        char argpart[128], full[512];
        snprintf(argpart, sizeof argpart, "%s: argument %d (%s): ", rname,
                 arg_number(c->routine, ex->arg), arg_name[ex->arg]);
        snprintf(full, sizeof full, "%s%s", argpart, ex->detail);
        CHECK(strstr(msg, argpart) != NULL, "message \"%s\" lacks \"%s\"", msg, argpart);
        CHECK(strstr(msg, ex->detail) != NULL, "message \"%s\" lacks detail \"%s\"", msg,
              ex->detail);
        /* The form "<argpart><detail>[ (on process R)]".  The contract fixes
         * the detail texts and the suffix rule; text the library adds
         * after the detail is tolerated unless BCR_TEST_STRICT_FORMAT=1,
         * but the suffix must be there exactly when one process found the
         * problem, and last. */
        int form_ok = strncmp(msg, full, strlen(full)) == 0;
        const char *rest = msg + (form_ok ? strlen(full) : 0);
        const char *pre = " (on process ";
        const char *suf = NULL;
        for (const char *q = strstr(rest, pre); q; q = strstr(q + 1, pre))
            suf = q;
        int has_suffix = 0, sr = -1;
        if (suf) {
            char *end = NULL;
            sr = (int)strtol(suf + strlen(pre), &end, 10);
            has_suffix = end != suf + strlen(pre) && end[0] == ')' && end[1] == '\0';
        }
        int extra = form_ok && *rest && !(has_suffix && suf == rest);
        if (g_strict_format)
            CHECK(!extra, "message \"%s\": text after the detail \"%s\"", msg, ex->detail);
        switch (ex->suffix) {
        case SUF_NONE:
            CHECK(form_ok && !strstr(msg, "(on process"),
                  "message \"%s\", expected \"%s\" without \"(on process R)\"", msg, full);
            break;
        case SUF_RANK:
            CHECK(form_ok && has_suffix && sr == R,
                  "message \"%s\", expected \"%s (on process %d)\"", msg, full, R);
            break;
        case SUF_ANY:
            CHECK(form_ok && has_suffix && sr >= 0 && sr < nict,
                  "message \"%s\", expected \"%s (on process R)\" with 0 <= R < %d", msg, full,
                  nict);
            break;
        default:
            CHECK(form_ok && (!suf || has_suffix),
                  "message \"%s\", expected \"%s\" with or without \" (on process R)\"", msg,
                  full);
            break;
        }
        CHECK(memcmp(m.a, m.a0, m.bytes) == 0, "A was written");
        char d[100];
        first_diff(m.b, m.b0, m.bytes, tsize[c->type], d, sizeof d);
        CHECK(memcmp(m.b, m.b0, m.bytes) == 0, "B was written (%s)", d);
    }

    /* The same text everywhere. */
    char first[MSG_MAX];
    if (same_everywhere(NULL, c->calls, code, msg, first, sizeof first) && g_verbose)
        printf("ok   %s: \"%s\"\n", g_case, first);
    bufs_free(&m);

    /* Nothing left broken: a valid call on the same contexts. */
    check_valid("valid call after the error", base);
    fflush(stdout);
    alarm(0);
}

/* World rank of a process for which cond holds, preferring one whose rank
 * in ictxt differs from its world rank (so the printed rank tells them
 * apart), then the highest; -1 when there is none. */
static int pick(int cond, int ictxt)
{
    int key = cond ? (ctxt_rank(ictxt) != g_rank) * 100000 + g_rank : -1;
    key = max_over_world(key);
    return key < 0 ? -1 : key % 100000;
}

/* ---- the cases ----------------------------------------------------------- */

static int rot; /* rotates the element type across cases */
static int next_type(void) { return rot++ % NTYPES; }

/* The int argument `f` of a call (m, n, ia, ja, ib, jb, ictxt); NULL for
 * uplo and diag. */
static int *int_arg(call_t *c, const char *f)
{
    static const struct {
        const char *f;
        size_t off;
    } a[] = {
        {"m", offsetof(call_t, m)},   {"n", offsetof(call_t, n)},   {"ia", offsetof(call_t, ia)},
        {"ja", offsetof(call_t, ja)}, {"ib", offsetof(call_t, ib)}, {"jb", offsetof(call_t, jb)},
        {"ictxt", offsetof(call_t, ictxt)},
    };
    for (size_t i = 0; i < sizeof a / sizeof a[0]; i++)
        if (!strcmp(f, a[i].f))
            return (int *)((char *)c + a[i].off);
    return NULL;
}

static void set_arg(call_t *c, const char *f, int value)
{
    int *p = int_arg(c, f);
    if (p)
        *p = value;
    else if (!strcmp(f, "uplo"))
        c->uplo = (char)value;
    else
        c->diag = (char)value;
}

/* The standard call with argument `f` set to `value` on process `rank` of
 * the world (every process where rank < 0): expected to fail with code and
 * arg, the message's suffix and detail as given. */
static void arg_case(int routine, int rank, const char *f, int value, int code, int arg,
                     int suffix, const char *name, const char *detail)
{
    call_t b = std_call(routine, next_type()), c = b;
    if (rank < 0 || g_rank == rank)
        set_arg(&c, f, value);
    expect_t e = expect(code, arg, suffix, -1, "%s", detail);
    run_case(name, &b, &c, &e);
}

/* Bad values that every process passes (everyone can see it). */
static void cases_local_all(int routine)
{
    char nm[256];
    const mat_t A = stdA(), B = stdB();
    /* m, n, ia, ja, ib, jb below their least value */
    static const struct {
        const char *f;
        int arg, value, least;
    } below[] = {
        {"m", ARG_M, -1, 0},  {"n", ARG_N, -2, 0},  {"ia", ARG_IA, 0, 1},
        {"ja", ARG_JA, -3, 1}, {"ib", ARG_IB, 0, 1}, {"jb", ARG_JB, -1, 1},
    };
    for (size_t i = 0; i < sizeof below / sizeof below[0]; i++) {
        char det[128];
        snprintf(nm, sizeof nm, "%s = %d", below[i].f, below[i].value);
        snprintf(det, sizeof det, "%s = %d, must be >= %d", below[i].f, below[i].value,
                 below[i].least);
        arg_case(routine, -1, below[i].f, below[i].value, BCR_ERR_ARGUMENT, below[i].arg,
                 SUF_ANY, nm, det);
    }
    /* submatrix past the end: i + len - 1 = (the matrix's dim) + over */
    const call_t std = std_call(routine, 0);
    const struct {
        const char *f, *lenf, *dim;
        int len, dimval, arg, over;
    } past[] = {
        {"ia", "m", "M_A", std.m, A.M, ARG_IA, 1}, {"ja", "n", "N_A", std.n, A.N, ARG_JA, 2},
        {"ib", "m", "M_B", std.m, B.M, ARG_IB, 1}, {"jb", "n", "N_B", std.n, B.N, ARG_JB, 3},
    };
    for (size_t i = 0; i < sizeof past / sizeof past[0]; i++) {
        char det[128];
        int len = past[i].len;
        int v = past[i].dimval - len + 1 + past[i].over;
        snprintf(nm, sizeof nm, "%s + %s - 1 > %s", past[i].f, past[i].lenf, past[i].dim);
        snprintf(det, sizeof det, "%s + %s - 1 = %d exceeds %s = %d", past[i].f, past[i].lenf,
                 v + len - 1, past[i].dim, past[i].dimval);
        arg_case(routine, -1, past[i].f, v, BCR_ERR_ARGUMENT, past[i].arg, SUF_ANY, nm, det);
    }
    /* descriptor fields, the same bad value on every process of the grid */
    struct {
        int side, idx, val;
        const char *fmt;
    } df[] = {
        {0, 2, -1, "M_A = -1, must be >= 0"},
        {0, 3, -1, "N_A = -1, must be >= 0"},
        {0, 4, 0, "MB_A = 0, must be >= 1"},
        {0, 5, 0, "NB_A = 0, must be >= 1"},
        {0, 6, 5, "RSRC_A = 5, must be in [0, %d)"},
        {0, 7, -1, "CSRC_A = -1, must be in [0, %d)"},
        {1, 2, -1, "M_B = -1, must be >= 0"},
        {1, 3, -4, "N_B = -4, must be >= 0"},
        {1, 4, 0, "MB_B = 0, must be >= 1"},
        {1, 5, -2, "NB_B = -2, must be >= 1"},
        {1, 6, -1, "RSRC_B = -1, must be in [0, %d)"},
        {1, 7, 7, "CSRC_B = 7, must be in [0, %d)"},
    };
    for (size_t i = 0; i < sizeof df / sizeof df[0]; i++) {
        call_t b = std_call(routine, next_type()), c = b;
        int *d = df[i].side ? c.descb : c.desca;
        if (d[1] >= 0)
            d[df[i].idx] = df[i].val;
        int lim = df[i].idx == 6 ? (df[i].side ? prB : prA) : (df[i].side ? pcB : pcA);
        char det[128];
        if (strchr(df[i].fmt, '%'))
            snprintf(det, sizeof det, df[i].fmt, lim);
        else
            snprintf(det, sizeof det, "%s", df[i].fmt);
        expect_t e = expect(BCR_ERR_ARGUMENT, df[i].side ? ARG_DESCB : ARG_DESCA, SUF_ANY, -1,
                            "%s", det);
        snprintf(nm, sizeof nm, "bad descriptor field: %s", det);
        run_case(nm, &b, &c, &e);
    }
    /* ictxt that is no BLACS context */
    static const int no_ctxt[] = {77, -1};
    for (size_t i = 0; i < sizeof no_ctxt / sizeof no_ctxt[0]; i++) {
        char det[128];
        snprintf(nm, sizeof nm, "ictxt = %d", no_ctxt[i]);
        snprintf(det, sizeof det, "ictxt = %d is not a BLACS context", no_ctxt[i]);
        arg_case(routine, -1, "ictxt", no_ctxt[i], BCR_ERR_ARGUMENT, ARG_ICTXT, SUF_ANY_OR_NONE,
                 nm, det);
    }
    if (routine == TR) {
        static const struct {
            const char *f;
            int arg;
            char value;
            const char *allowed;
        } flag[] = {
            {"uplo", ARG_UPLO, 'X', "U, u, L, l"},
            {"diag", ARG_DIAG, 'X', "U, u, N, n"},
            {"uplo", ARG_UPLO, 'n', "U, u, L, l"},
        };
        for (size_t i = 0; i < sizeof flag / sizeof flag[0]; i++) {
            char det[128];
            snprintf(nm, sizeof nm, "%s = '%c'", flag[i].f, flag[i].value);
            snprintf(det, sizeof det, "%s = '%c', must be one of %s", flag[i].f, flag[i].value,
                     flag[i].allowed);
            arg_case(routine, -1, flag[i].f, flag[i].value, BCR_ERR_ARGUMENT, flag[i].arg,
                     SUF_ANY, nm, det);
        }
    }
}

/* Bad values on one process only: that process's rank is named. */
static void cases_local_one(int routine, int ictxt, const char *ictxt_name)
{
    char nm[256];
    mat_t A = stdA(), B = stdB();
    for (int side = 0; side < 2; side++) {
        const mat_t *mt = side ? &B : &A;
        const char *S = side ? "B" : "A";
        int argd = side ? ARG_DESCB : ARG_DESCA;
        int rows = local_rows(mt);
        /* LLD one short */
        {
            int w = pick(rows >= 2, ictxt);
            int need = max_over_world(g_rank == w ? rows : -1);
            call_t b = make_call(routine, next_type(), ictxt, &A, &B, 5, 4, 2, 3, 3, 2), c = b;
            if (g_rank == w)
                (side ? c.descb : c.desca)[8] = need - 1;
            expect_t e = expect(BCR_ERR_ARGUMENT, argd, SUF_RANK, w,
                                "LLD_%s = %d, must be >= %d", S, need - 1, need);
            snprintf(nm, sizeof nm, "LLD_%s too small on one process, ictxt %s", S, ictxt_name);
            run_case(nm, &b, &c, &e);
        }
        /* LLD 0 where there are rows */
        {
            int w = pick(rows >= 1, ictxt);
            int need = max_over_world(g_rank == w ? rows : -1);
            call_t b = make_call(routine, next_type(), ictxt, &A, &B, 5, 4, 2, 3, 3, 2), c = b;
            if (g_rank == w)
                (side ? c.descb : c.desca)[8] = 0;
            expect_t e = expect(BCR_ERR_ARGUMENT, argd, SUF_RANK, w,
                                "LLD_%s = 0, must be >= %d", S, need);
            snprintf(nm, sizeof nm, "LLD_%s = 0 on one process holding rows, ictxt %s", S,
                     ictxt_name);
            run_case(nm, &b, &c, &e);
        }
        /* CTXT that is no context, on one grid member */
        {
            int w = pick(rows >= 0, ictxt);
            call_t b = make_call(routine, next_type(), ictxt, &A, &B, 5, 4, 2, 3, 3, 2), c = b;
            int bad = side ? 98 : 99;
            if (g_rank == w)
                (side ? c.descb : c.desca)[1] = bad;
            expect_t e = expect(BCR_ERR_ARGUMENT, argd, SUF_RANK, w,
                                "CTXT_%s = %d is not a BLACS context", S, bad);
            snprintf(nm, sizeof nm, "CTXT_%s = %d on one process, ictxt %s", S, bad, ictxt_name);
            run_case(nm, &b, &c, &e);
        }
        /* NULL array on a process holding part of the submatrix */
        {
            call_t b = make_call(routine, next_type(), ictxt, &A, &B, 5, 4, 2, 3, 3, 2), c = b;
            /* For trmr2d only the trapezoid is read or written, and the
             * reference accepts NULL where a process holds none of it
             * (see cases_accepted), so the count is of trapezoid elements. */
            int cnt = held_count(&b, side);
            int w = pick(cnt > 0, ictxt);
            int k = max_over_world(g_rank == w ? cnt : -1);
            if (g_rank == w) {
                if (side)
                    c.b_null = 1;
                else
                    c.a_null = 1;
            }
            expect_t e = expect(BCR_ERR_ARGUMENT, side ? ARG_B : ARG_A, SUF_RANK, w,
                                "%s is NULL but this process holds %d elements of the %s",
                                side ? "b" : "a", k, b.routine == GE ? "submatrix" : "trapezoid");
            snprintf(nm, sizeof nm, "%s NULL on one process, ictxt %s", side ? "b" : "a",
                     ictxt_name);
            run_case(nm, &b, &c, &e);
        }
    }
}

/* LLD = -1 where the process holds no rows: needs a grid row without rows. */
static void cases_lld_negative(int routine)
{
    mat_t A = {gA, 2, 10, 2, 3, 0, 0}; /* only process row 0 holds rows */
    mat_t B = stdB();
    int rows = local_rows(&A);
    int w = max_over_world(rows == 0 ? g_rank : -1);
    if (w < 0)
        return;
    call_t b = make_call(routine, next_type(), ctx_row, &A, &B, 2, 4, 1, 3, 3, 2), c = b;
    if (g_rank == w)
        c.desca[8] = -1;
    expect_t e = expect(BCR_ERR_ARGUMENT, ARG_DESCA, SUF_RANK, w, "LLD_A = -1, must be >= 0");
    run_case("LLD_A = -1 on a process holding no rows", &b, &c, &e);
}

/* Processes disagree on a global value. */
static void cases_inconsistent(int routine)
{
    char nm[256];
    int P = g_size;
    const call_t std = std_call(routine, 0);
    const struct {
        const char *f;
        int arg, rank, value;
        const char *who;
    } differ[] = {
        {"m", ARG_M, 1, std.m - 1, "rank 1"},
        {"n", ARG_N, P - 1, std.n + 1, "the last rank"},
        {"uplo", ARG_UPLO, 0, 'L', "rank 0"},
        {"diag", ARG_DIAG, P - 1, 'U', "the last rank"},
    };
    for (size_t i = 0; i < sizeof differ / sizeof differ[0]; i++) {
        if ((differ[i].arg == ARG_UPLO || differ[i].arg == ARG_DIAG) && routine != TR)
            continue;
        char det[128];
        snprintf(nm, sizeof nm, "%s differs on %s", differ[i].f, differ[i].who);
        snprintf(det, sizeof det, "processes disagree on %s", differ[i].f);
        arg_case(routine, differ[i].rank, differ[i].f, differ[i].value, BCR_ERR_INCONSISTENT,
                 differ[i].arg, SUF_NONE, nm, det);
    }
    /* One member of a grid with another value of a grid-wide field. */
    static const char *fname[] = {"", "", "M", "N", "MB", "NB", "RSRC", "CSRC"};
    for (int side = 0; side < 2; side++) {
        const char *S = side ? "B" : "A";
        int pr = side ? prB : prA, pc = side ? pcB : pcA;
        int w = side ? P - 2 : 1; /* a member of the grid (all are) */
        for (int f = 2; f <= 9; f++) {
            /* f 2..7: descriptor fields; 8: i; 9: j */
            if (f == 6 && pr < 2)
                continue;
            if (f == 7 && pc < 2)
                continue;
            call_t b = std_call(routine, next_type()), c = b;
            int *d = side ? c.descb : c.desca;
            int *pi = side ? &c.ib : &c.ia, *pj = side ? &c.jb : &c.ja;
            char what[48];
            int arg;
            if (f <= 7) {
                snprintf(what, sizeof what, "%s_%s", fname[f], S);
                arg = side ? ARG_DESCB : ARG_DESCA;
            } else {
                /* the message gives the range as the caller wrote it, 1-based */
                int lo = f == 8 ? *pi : *pj;
                snprintf(what, sizeof what, "%s%s (%d to %d)", f == 8 ? "i" : "j",
                         side ? "b" : "a", lo, lo + 1);
                arg = f == 8 ? (side ? ARG_IB : ARG_IA) : (side ? ARG_JB : ARG_JA);
            }
            if (g_rank == w) {
                switch (f) {
                case 2: d[2] -= 1; break; /* still holds the submatrix */
                case 3: d[3] -= 1; break;
                case 4: d[4] += 1; break;
                case 5: d[5] += 1; break;
                case 6: d[6] = (d[6] + 1) % pr; break;
                case 7: d[7] = (d[7] + 1) % pc; break;
                case 8: *pi += 1; break;
                default: *pj += 1; break;
                }
            }
            expect_t e = expect(BCR_ERR_INCONSISTENT, arg, SUF_NONE, -1,
                                "processes of grid %s disagree on %s", S, what);
            snprintf(nm, sizeof nm, "grid %s member disagrees on %s", S, what);
            run_case(nm, &b, &c, &e);
        }
    }
}

/* Grids that are empty or not inside ictxt. */
static void cases_grid(int routine)
{
    int P = g_size;
    for (int side = 0; side < 2; side++) {
        const char *S = side ? "B" : "A";
        int argd = side ? ARG_DESCB : ARG_DESCA;
        char nm[256];
        /* nobody in the grid */
        {
            call_t b = std_call(routine, next_type()), c = b;
            int *d = side ? c.descb : c.desca;
            for (int i = 0; i < 9; i++)
                d[i] = -1;
            if (side)
                c.b_null = 1;
            else
                c.a_null = 1;
            expect_t e = expect(BCR_ERR_GRID, argd, SUF_NONE, -1, "no process is in grid %s", S);
            snprintf(nm, sizeof nm, "no process in grid %s", S);
            run_case(nm, &b, &c, &e);
        }
        /* the grid has a process outside ictxt (it does not call) */
        {
            mat_t Asub = {gSub, 11, 10, 2, 3, 0, 1 % (P - 1)};
            mat_t Bsub = {gSub, 9, 8, 3, 2, 0, 0};
            mat_t Afull = stdA(), Bfull = stdB();
            call_t b = make_call(routine, next_type(), gSub, &Asub, &Bsub, 5, 4, 2, 3, 3, 2);
            call_t c = make_call(routine, b.type, gSub, side ? &Asub : &Afull,
                                 side ? &Bfull : &Bsub, 5, 4, 2, 3, 3, 2);
            expect_t e = expect(BCR_ERR_GRID, argd, SUF_NONE, -1,
                                "1 of grid %s's %d processes did not take part as members of "
                                "it: each must be in ictxt and pass grid %s's context as "
                                "CTXT_%s (-1 is for processes outside grid %s)",
                                S, P, S, S, S);
            snprintf(nm, sizeof nm, "grid %s has a process outside ictxt", S);
            run_case(nm, &b, &c, &e);
        }
        /* a member of the grid says CTXT = -1 */
        {
            call_t b = std_call(routine, next_type()), c = b;
            int w = side ? 0 : P - 1;
            if (g_rank == w) {
                int *d = side ? c.descb : c.desca;
                for (int i = 0; i < 9; i++)
                    d[i] = -1;
                if (side)
                    c.b_null = 1;
                else
                    c.a_null = 1;
            }
            expect_t e = expect(BCR_ERR_GRID, argd, SUF_NONE, -1,
                                "1 of grid %s's %d processes did not take part as members of "
                                "it: each must be in ictxt and pass grid %s's context as "
                                "CTXT_%s (-1 is for processes outside grid %s)",
                                S, P, S, S, S);
            snprintf(nm, sizeof nm, "a member of grid %s passes CTXT_%s = -1", S, S);
            run_case(nm, &b, &c, &e);
        }
    }
}

/* The last process is in neither grid: it learns of errors found by the
 * others and reports them too. */
static void cases_neither(int routine)
{
    int P = g_size;
    mat_t A = {gSub, 11, 10, 2, 3, 0, 1 % (P - 1)}, B = {gSub, 9, 8, 3, 2, 0, 0};
    {
        call_t c = make_call(routine, next_type(), ctx_row, &A, &B, 5, 4, 2, 3, 3, 2);
        run_case("last process in neither grid", &c, &c, NULL);
    }
    {
        call_t b = make_call(routine, next_type(), ctx_row, &A, &B, 5, 4, 2, 3, 3, 2), c = b;
        int rows = local_rows(&A);
        int w = max_over_world(rows >= 2 ? g_rank : -1);
        int need = max_over_world(g_rank == w ? rows : -1);
        if (g_rank == w)
            c.desca[8] = need - 1;
        expect_t e = expect(BCR_ERR_ARGUMENT, ARG_DESCA, SUF_RANK, w,
                            "LLD_A = %d, must be >= %d", need - 1, need);
        run_case("LLD_A too small, last process in neither grid", &b, &c, &e);
    }
    {
        call_t b = make_call(routine, next_type(), ctx_row, &A, &B, 5, 4, 2, 3, 3, 2), c = b;
        if (g_rank == 0)
            c.descb[4] += 2;
        expect_t e = expect(BCR_ERR_INCONSISTENT, ARG_DESCB, SUF_NONE, -1,
                            "processes of grid B disagree on MB_B");
        run_case("grid B disagrees on MB_B, last process in neither grid", &b, &c, &e);
    }
    /* Errors found before the descriptors are read (m, uplo) on a process
     * outside both grids: it once read uninitialised grid state and crashed. */
    {
        call_t b = make_call(routine, next_type(), ctx_row, &A, &B, 5, 4, 2, 3, 3, 2), c = b;
        c.m = -1;
        expect_t e = expect(BCR_ERR_ARGUMENT, ARG_M, SUF_ANY, -1, "m = -1, must be >= 0");
        run_case("m = -1, last process in neither grid", &b, &c, &e);
    }
}

/* Inputs the reference accepts: they must be accepted, with its result. */
static void cases_accepted(int routine)
{
    int P = g_size;
    static const int garbage[9] = {0, 99, -1, -1, 0, 0, 7, 7, -5};
    /* m == 0 or n == 0: nothing is looked at */
    {
        call_t c = std_call(routine, next_type());
        c.m = 0;
        c.ia = 0;
        memcpy(c.desca, garbage, sizeof garbage);
        memcpy(c.descb, garbage, sizeof garbage);
        c.a_null = c.b_null = 1;
        c.uplo = 'X';
        run_case("m = 0 with garbage everywhere else", &c, &c, NULL);
    }
    {
        call_t c = std_call(routine, next_type());
        c.m = 0;
        c.ictxt = 77;
        c.null_desca = c.null_descb = 1;
        c.a_null = c.b_null = 1;
        c.diag = '?';
        run_case("m = 0 with ictxt = 77 and NULL descriptors", &c, &c, NULL);
    }
    {
        call_t c = std_call(routine, next_type());
        c.m = -1;
        c.n = 0;
        run_case("m = -1 with n = 0", &c, &c, NULL);
    }
    {
        call_t c = std_call(routine, next_type());
        c.m = 0;
        c.n = -3;
        run_case("m = 0 with n = -3", &c, &c, NULL);
    }
    /* DTYPE is never read */
    {
        call_t c = std_call(routine, next_type());
        c.desca[0] = 4242 + g_rank;
        c.descb[0] = -7;
        run_case("DTYPE garbage", &c, &c, NULL);
    }
    /* LLD = 0 and a NULL array where a process holds no rows */
    {
        mat_t A = {gA, 2, 10, 2, 3, 0, 0}, B = stdB();
        call_t c = make_call(routine, next_type(), ctx_row, &A, &B, 2, 4, 1, 3, 3, 2);
        if (local_rows(&A) == 0) {
            c.desca[8] = 0;
            c.a_null = 1;
        }
        run_case("LLD_A = 0 and a = NULL where no rows of A are held", &c, &c, NULL);
    }
    {
        mat_t A = stdA(), B = {gA, 3, 8, 3, 2, prA - 1, 0};
        call_t c = make_call(routine, next_type(), ctx_row, &A, &B, 3, 4, 1, 3, 1, 2);
        if (local_rows(&B) == 0) {
            c.descb[8] = 0;
            c.b_null = 1;
        }
        run_case("LLD_B = 0 and b = NULL where no rows of B are held", &c, &c, NULL);
    }
    /* NULL arrays where the process holds part of the matrix but none of
     * the submatrix */
    {
        mat_t A = stdA(), B = stdB();
        call_t c = make_call(routine, next_type(), ctx_row, &A, &B, 2, 3, 1, 1, 1, 1);
        if (sub_count(&c, 0) == 0)
            c.a_null = 1;
        if (sub_count(&c, 1) == 0)
            c.b_null = 1;
        run_case("NULL arrays where no submatrix element is held", &c, &c, NULL);
    }
    /* trmr2d: NULL where the process holds submatrix elements, but none
     * inside the trapezoid; the reference never touches the array there */
    if (routine == TR) {
        mat_t A = {gA, 11, 10, 1, 2, 0, 0}, B = {gA, 9, 8, 1, 2, 0, 0};
        call_t c = make_call(routine, next_type(), ctx_row, &A, &B, 3, 3, 1, 1, 1, 1);
        c.uplo = 'L';
        c.diag = 'U';
        int na = 0, nb = 0;
        if (sub_count(&c, 0) > 0 && held_count(&c, 0) == 0) {
            c.a_null = 1;
            na = 1;
        }
        if (sub_count(&c, 1) > 0 && held_count(&c, 1) == 0) {
            c.b_null = 1;
            nb = 1;
        }
        na = max_over_world(na);
        nb = max_over_world(nb);
        CHECK(na && nb, "test setup: no process holds only elements outside the trapezoid");
        run_case("trmr2d: NULL arrays where only elements outside the trapezoid are held", &c,
                 &c, NULL);
    }
    /* A process outside a grid passes garbage with CTXT = -1 */
    static const int outside[9] = {31, -1, 55, -8, 0, 3, 9, -2, 0};
    {
        mat_t A = {gSub, 11, 10, 2, 3, 0, 1 % (P - 1)}, B = stdB();
        call_t c = make_call(routine, next_type(), ctx_row, &A, &B, 5, 4, 2, 3, 3, 2);
        if (c.desca[1] < 0) {
            memcpy(c.desca, outside, sizeof outside);
            c.a_null = 1;
        }
        run_case("outside grid A: garbage descriptor with CTXT = -1", &c, &c, NULL);
        if (c.desca[1] < 0) {
            c.ia = 0;
            c.ja = -7;
        }
        run_case("outside grid A: also garbage ia, ja", &c, &c, NULL);
    }
    {
        mat_t A = stdA(), B = {gSub, 9, 8, 3, 2, 0, 0};
        call_t c = make_call(routine, next_type(), ctx_row, &A, &B, 5, 4, 2, 3, 3, 2);
        if (c.descb[1] < 0) {
            memcpy(c.descb, outside, sizeof outside);
            c.descb[1] = -1;
            c.b_null = 1;
        }
        run_case("outside grid B: garbage descriptor with CTXT = -1", &c, &c, NULL);
        if (c.descb[1] < 0) {
            c.ib = 100;
            c.jb = 0;
        }
        run_case("outside grid B: also garbage ib, jb", &c, &c, NULL);
    }
    /* Gather to one process: B on a 1 x 1 grid, the rest pass all -1 */
    {
        mat_t A = stdA(), B = {g11, 9, 8, 3, 2, 0, 0};
        call_t c = make_call(routine, next_type(), ctx_row, &A, &B, 5, 4, 2, 3, 3, 2);
        run_case("B on a 1 x 1 grid, others all -1 and NULL", &c, &c, NULL);
    }
    /* Lower case options, a large N_A */
    if (routine == TR) {
        call_t c = std_call(routine, next_type());
        c.uplo = 'l';
        c.diag = 'u';
        run_case("uplo = 'l', diag = 'u'", &c, &c, NULL);
    }
    {
        mat_t A = {gA, 11, 2000000000, 2, 3, 1 % prA, 1 % pcA}, B = stdB();
        call_t c = make_call(routine, next_type(), ctx_row, &A, &B, 5, 4, 2, 3, 3, 2);
        run_case("N_A = 2000000000", &c, &c, NULL);
    }
    /* ictxt of another shape and order: the rank printed is the rank in it */
    {
        call_t c = std_call(routine, next_type());
        c.ictxt = ctx_rev;
        run_case("ictxt in reverse order", &c, &c, NULL);
    }
}

/* ---- abort and mode tests ------------------------------------------------ */

static int one_bad_call(void)
{
    call_t c = std_call(GE, T_D);
    c.m = -1;
    bufs_t m;
    bufs_init(&m, c.type);
    lib_call(&c, m.a, m.b);
    bufs_free(&m);
    return bcr_last_error(NULL);
}

static int mode_main(const char *mode)
{
    if (strcmp(mode, "abort-api") == 0)
        bcr_set_error_mode(BCR_ERRORS_ABORT);
    else if (strcmp(mode, "return-api") == 0)
        bcr_set_error_mode(BCR_ERRORS_RETURN);
    else if (strcmp(mode, "abort-env") != 0 && strcmp(mode, "return-env") != 0) {
        if (g_rank == 0)
            fprintf(stderr, "unknown mode %s\n", mode);
        return 2;
    }
    if (g_rank == 0)
        printf("%s: BCR_ON_ERROR=%s; making one bad call\n", mode,
               getenv("BCR_ON_ERROR") ? getenv("BCR_ON_ERROR") : "(unset)");
    fflush(stdout);
    alarm(g_case_timeout);
    int code = one_bad_call();
    alarm(0);
    int ok = code == BCR_ERR_ARGUMENT, all_ok;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (g_rank == 0)
        printf("%s: the bad call returned (code %d)%s\n", mode, code,
               all_ok ? "" : "; some process got a wrong code");
    /* In an abort mode getting here at all is the failure; the CTest test
     * is marked WILL_FAIL, so exit 0 then. */
    return all_ok ? 0 : 1;
}

/* ---- main ---------------------------------------------------------------- */

int main(int argc, char **argv)
{
    mpi_check_init(&argc, &argv);
    g_strict_format = getenv("BCR_TEST_STRICT_FORMAT") && atoi(getenv("BCR_TEST_STRICT_FORMAT"));
    if (g_size < 2) {
        if (g_rank == 0)
            fprintf(stderr, "bcr_test_errors needs at least 2 processes\n");
        MPI_Finalize();
        return 1;
    }
    make_grids();

    if (argc > 1) {
        int rc = mode_main(argv[1]);
        Cblacs_exit(1);
        MPI_Finalize();
        return rc;
    }

    for (int routine = GE; routine <= TR; routine++) {
        /* every type once for one simple error */
        for (int t = 0; t < NTYPES; t++) {
            call_t b = std_call(routine, t), c = b;
            c.m = -1;
            expect_t e = expect(BCR_ERR_ARGUMENT, ARG_M, SUF_ANY, -1, "m = -1, must be >= 0");
            run_case("m = -1, every type", &b, &c, &e);
        }
        cases_local_all(routine);
        cases_local_one(routine, ctx_row, "1 x P");
        cases_local_one(routine, ctx_rev, "1 x P reversed");
        if (ctx_col2d != -2)
            cases_local_one(routine, ctx_col2d, "2 x 2 column order");
        cases_lld_negative(routine);
        cases_inconsistent(routine);
        cases_grid(routine);
        cases_neither(routine);
        cases_accepted(routine);
    }
    /* Many errors in a row, then valid calls: still nothing broken. */
    set_case("valid calls after all errors");
    for (int t = 0; t < NTYPES; t++) {
        call_t c = std_call(t % 2 ? TR : GE, t);
        check_valid("final valid call", &c);
    }

    int rc = finish_checks("errors");
    bcr_finalize();
    Cblacs_exit(1);
    MPI_Finalize();
    return rc;
}
