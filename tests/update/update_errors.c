/* bcr_test_update errors: every class of bad input to bcr_p?tran,
 * bcr_p?tranu, bcr_p?tranc and bcr_p?geadd.
 *
 * For each bad call the test checks, on every process of ictxt, as
 * tests/errors/test_errors.c does for gemr2d:
 *   - the call returns (a watchdog alarm turns a hang into a failure),
 *   - exactly one line went to stderr, the text bcr_last_error gives,
 *   - the code,
 *   - the message names the routine, the argument's number in the called
 *     routine's signature and its name as written there (tran: m 1, n 2,
 *     alpha 3, a 4, ia 5, ja 6, desca 7, beta 8, c 9, ic 10, jc 11,
 *     descc 12, ictxt 13; geadd: trans 1 and the rest one later), and the
 *     detail, which names C's side as C and sub(A)'s extent by the
 *     caller's m or n,
 *   - A and every byte of C's local array untouched,
 *   - every process got the same text;
 * then that a valid call on the same contexts gives the element-wise
 * formula's bytes.
 */
#define _POSIX_C_SOURCE 200809L

#include "update.h"

#include <mpi.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bcredist.h"
#include "mpi_check.h"

enum { A_TRANS, A_M, A_N, A_ALPHA, A_A, A_IA, A_JA, A_DESCA, A_BETA, A_C, A_IC, A_JC,
       A_DESCC, A_ICTXT, A_NONE };
static const char *arg_name[] = {"trans", "m", "n", "alpha", "a", "ia", "ja", "desca",
                                 "beta", "c", "ic", "jc", "descc", "ictxt"};

static int arg_number(int routine, int arg)
{
    return routine == U_GEADD ? arg + 1 : arg;
}

/* ---- the contexts and the standard call -------------------------------- */

static u_pool g_pool;
enum { G_ROW, G_A, G_C, G_SUB, G_REV }; /* pool indices */

static void make_contexts(void)
{
    int P = g_size;
    u_grid g;
    memset(&g, 0, sizeof g);
    g_pool.n = 0;
    /* ictxt: 1 x P in rank order */
    g.nprow = 1;
    g.npcol = P;
    for (int k = 0; k < P; k++)
        g.map[k] = k;
    u_pool_add(&g_pool, &g);
    /* A: 2 x P/2 column-major (P even) or P x 1 */
    g.nprow = P % 2 == 0 ? 2 : P;
    g.npcol = P / g.nprow;
    u_pool_add(&g_pool, &g);
    /* C: P x 1 (P even) or 1 x P, ranks reversed */
    g.nprow = P % 2 == 0 ? P : 1;
    g.npcol = P / g.nprow;
    for (int k = 0; k < P; k++)
        g.map[k] = P - 1 - k;
    u_pool_add(&g_pool, &g);
    /* 1 x (P-1) over ranks 0 .. P-2 */
    g.nprow = 1;
    g.npcol = P - 1;
    for (int k = 0; k < P - 1; k++)
        g.map[k] = k;
    u_pool_add(&g_pool, &g);
    /* 1 x P reversed: a process's rank in it differs from its world rank */
    g.npcol = P;
    for (int k = 0; k < P; k++)
        g.map[k] = P - 1 - k;
    u_pool_add(&g_pool, &g);
    u_pool_make(&g_pool);
}

typedef struct {
    u_config c;
    int ictxt;
    int desca[9], descc[9];
    u_local LA, LC;
    int a_null, c_null, null_desca, null_descc, null_trans;
    char trans_other; /* != 0: this process passes it instead */
    int routine_other; /* >= 0: this process calls this routine instead */
    int type_other;    /* >= 0: and with this type */
    int own_names; /* processes call different routines: each names its own */
    int alias;     /* C's array is A's: the local arrays overlap */
    int calls;
} ecall_t;

/* A 5 x 4 sub(C) of an 11 x 10 C in 3 x 2 blocks on grid C; sub(A) of an
 * 12 x 13 A in 2 x 3 blocks on grid A, starting inside blocks. */
static ecall_t std_call(int routine, int type, char trans)
{
    ecall_t e;
    memset(&e, 0, sizeof e);
    u_config *c = &e.c;
    c->type = type;
    c->routine = routine;
    c->trans = trans;
    c->m = 5;
    c->n = 4;
    c->alpha[0] = 2;
    c->beta[0] = -1;
    c->world = G_ROW;
    c->ga = G_A;
    c->gc = G_C;
    c->key = 77;
    u_side a = {12, 13, 2, 3, 1 % g_pool.g[G_A].nprow, 0, 2, 3, {0}};
    u_side cs = {11, 10, 3, 2, 0, g_pool.g[G_C].npcol - 1, 3, 2, {0}};
    /* Padding beyond the global rows, so that one process's larger M or MB
     * still leaves it a valid LLD; it differs between processes. */
    for (int k = 0; k < U_MAXP; k++) {
        a.pad[k] = a.M + k % 3;
        cs.pad[k] = cs.M + 1 + k % 2;
    }
    c->a = a;
    c->c = cs;
    e.ictxt = g_pool.ctxt[G_ROW];
    e.routine_other = e.type_other = -1;
    return e;
}

/* The local arrays and descriptors of e's sides (after any change to the
 * sides or grids; descriptor changes come after this). */
static void layout(ecall_t *e)
{
    u_local_init(&e->LA, &e->c.a, g_pool.ctxt[e->c.ga], g_rank);
    u_local_init(&e->LC, &e->c.c, g_pool.ctxt[e->c.gc], g_rank);
    memcpy(e->desca, e->LA.desc, sizeof e->desca);
    memcpy(e->descc, e->LC.desc, sizeof e->descc);
    e->a_null = !e->LA.in;
    e->c_null = !e->LC.in;
    e->calls = e->ictxt >= 0;
}

/* The configuration this process calls with. */
static u_config called(const ecall_t *e)
{
    u_config c = e->c;
    if (e->trans_other)
        c.trans = e->trans_other;
    if (e->routine_other >= 0)
        c.routine = e->routine_other;
    if (e->type_other >= 0)
        c.type = e->type_other;
    return c;
}

static void call(const ecall_t *e, const void *a, void *cc)
{
    u_config c = called(e);
    if (e->null_trans) {
        /* u_call_bcr passes trans as a string; call geadd directly */
        bcr_pdgeadd(NULL, c.m, c.n, 2.0, a, c.a.i, c.a.j, e->desca, -1.0, cc, c.c.i, c.c.j,
                    e->descc, e->ictxt);
        return;
    }
    u_call_bcr(&c, e->a_null ? NULL : a, e->null_desca ? NULL : e->desca, e->c_null ? NULL : cc,
               e->null_descc ? NULL : e->descc, e->ictxt);
}

/* ---- running one case -------------------------------------------------- */

typedef struct {
    int code, arg;
    char detail[200]; /* must appear in the message ("" : not checked) */
} expect_t;

static expect_t expect(int code, int arg, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static expect_t expect(int code, int arg, const char *fmt, ...)
{
    expect_t x;
    x.code = code;
    x.arg = arg;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x.detail, sizeof x.detail, fmt, ap);
    va_end(ap);
    return x;
}

static void *alloc_elems(size_t n, int type)
{
    void *p = calloc(n ? n : 1, u_tsize[type]);
    if (!p)
        MPI_Abort(MPI_COMM_WORLD, 2);
    return p;
}

/* A valid call: silent success and the formula's bytes. */
static void check_valid(const char *what, ecall_t *e)
{
    if (!e->calls)
        return;
    size_t esz = u_tsize[e->c.type];
    void *a = alloc_elems(e->LA.nel, e->c.type), *c0 = alloc_elems(e->LC.nel, e->c.type);
    void *cc = alloc_elems(e->LC.nel, e->c.type), *x = alloc_elems(e->LC.nel, e->c.type);
    u_fill(&e->c, 'A', &e->LA, a);
    u_fill(&e->c, 'C', &e->LC, c0);
    memcpy(cc, c0, e->LC.nel * esz);
    char out[OUT_MAX] = "";
    capture_begin();
    call(e, a, cc);
    capture_end(out, sizeof out);
    const char *msg = NULL;
    int code = bcr_last_error(&msg);
    CHECK(code == BCR_SUCCESS, "%s: code %d: %s", what, code, msg ? msg : "(NULL)");
    CHECK(out[0] == '\0', "%s: printed \"%s\"", what, out);
    u_expect_formula(&e->c, &e->LC, c0, x);
    CHECK(memcmp(cc, x, e->LC.nel * esz) == 0, "%s: C differs from the formula", what);
    free(a);
    free(c0);
    free(cc);
    free(x);
}

static int g_rot;

static void run_case(const char *name, ecall_t *base, ecall_t *e, const expect_t *x)
{
    char rname[32];
    u_config me = called(e);
    u_routine_name(&me, rname, sizeof rname);
    begin_case("%s [%s%s%c]", name, rname, e->c.routine == U_GEADD ? " " : "",
               e->c.routine == U_GEADD ? e->c.trans : ' ');
    size_t esz = u_tsize[e->c.type];
    char out[OUT_MAX] = "", msg[MSG_MAX] = "";
    int code = -1;
    if (e->calls) {
        /* aliased, A's array holds C's elements too */
        size_t na = e->alias && e->LC.nel > e->LA.nel ? e->LC.nel : e->LA.nel;
        void *a = alloc_elems(na + 64, e->c.type);
        void *a0 = alloc_elems(na + 64, e->c.type);
        void *cc = alloc_elems(e->LC.nel + 64, e->c.type);
        void *c0 = alloc_elems(e->LC.nel + 64, e->c.type);
        u_fill(&e->c, 'A', &e->LA, a);
        u_fill(&e->c, 'C', &e->LC, c0);
        memcpy(a0, a, (na + 64) * esz);
        memcpy(cc, c0, (e->LC.nel + 64) * esz);
        capture_begin();
        call(e, a, e->alias ? a : cc);
        capture_end(out, sizeof out);
        const char *p = NULL;
        code = bcr_last_error(&p);
        snprintf(msg, sizeof msg, "%s", p ? p : "(NULL)");
        CHECK(code == x->code, "code %d, expected %d; message \"%s\"", code, x->code, msg);
        size_t lm = strlen(msg);
        CHECK(strlen(out) == lm + 1 && out[lm] == '\n' && strncmp(out, msg, lm) == 0,
              "stderr was \"%s\", expected the message \"%s\" and one newline", out, msg);
        char head[128];
        if (x->arg == A_NONE)
            snprintf(head, sizeof head, "%s: ", rname);
        else
            snprintf(head, sizeof head, "%s: argument %d (%s): ", rname,
                     arg_number(e->c.routine, x->arg), arg_name[x->arg]);
        CHECK(strncmp(msg, head, strlen(head)) == 0, "message \"%s\" does not start \"%s\"", msg,
              head);
        CHECK(strstr(msg + strlen(head) - 2, x->detail) != NULL,
              "message \"%s\" lacks the detail \"%s\"", msg, x->detail);
        CHECK(memcmp(a, a0, (na + 64) * esz) == 0, "A was written");
        CHECK(memcmp(cc, c0, (e->LC.nel + 64) * esz) == 0, "C was written");
        free(a);
        free(a0);
        free(cc);
        free(c0);
    }
    /* The same text everywhere; where processes called different routines
     * each names the one it called, and the rest must agree. */
    char first[MSG_MAX];
    const char *cmp = msg;
    if (e->own_names && strchr(msg, ':'))
        cmp = strchr(msg, ':');
    if (same_everywhere(NULL, e->calls, code, cmp, first, sizeof first))
        printf("ok   %s: \"%s\"\n", g_case, first);
    check_valid("valid call after the error", base);
    fflush(stdout);
    alarm(0);
}

/* The routine/type/trans of the next case: the three routines and every
 * type in turn. */
static ecall_t next_call(int routine)
{
    int k = g_rot++;
    int type = k % U_NTYPES;
    if (routine == U_TRANC)
        type = k % 2 ? U_Z : U_C;
    char tr = routine == U_GEADD ? "NTC"[(k / U_NTYPES) % 3] : routine == U_TRANC ? 'C' : 'T';
    ecall_t e = std_call(routine, type, tr);
    layout(&e);
    return e;
}

/* ---- the cases --------------------------------------------------------- */

#define CASE(label, change, xcode, xarg, ...)                                                 \
    do {                                                                                       \
        ecall_t b = next_call(routine), e = b;                                                 \
        int tr = u_transposes(&e.c);                                                           \
        (void)tr;                                                                              \
        change;                                                                                \
        expect_t x = expect(xcode, xarg, __VA_ARGS__);                                         \
        run_case(label, &b, &e, &x);                                                           \
    } while (0)

static void cases_scalars(int routine)
{
    CASE("m = -1", e.c.m = -1, BCR_ERR_ARGUMENT, A_M, "m = -1, must be >= 0");
    CASE("n = -2", e.c.n = -2, BCR_ERR_ARGUMENT, A_N, "n = -2, must be >= 0");
    CASE("ia = 0", e.c.a.i = 0, BCR_ERR_ARGUMENT, A_IA, "ia = 0, must be >= 1");
    CASE("ja = -3", e.c.a.j = -3, BCR_ERR_ARGUMENT, A_JA, "ja = -3, must be >= 1");
    CASE("ic = 0", e.c.c.i = 0, BCR_ERR_ARGUMENT, A_IC, "ic = 0, must be >= 1");
    CASE("jc = -1", e.c.c.j = -1, BCR_ERR_ARGUMENT, A_JC, "jc = -1, must be >= 1");
    /* sub(A) past A's end: its rows are n when op transposes, else m */
    CASE("sub(A) past the last row", e.c.a.i = e.c.a.M - (tr ? e.c.n : e.c.m) + 2,
         BCR_ERR_ARGUMENT, A_IA, "ia + %s - 1 = %d exceeds M_A = %d", tr ? "n" : "m",
         e.c.a.M + 1, e.c.a.M);
    CASE("sub(A) past the last column", e.c.a.j = e.c.a.N - (tr ? e.c.m : e.c.n) + 3,
         BCR_ERR_ARGUMENT, A_JA, "ja + %s - 1 = %d exceeds N_A = %d", tr ? "m" : "n",
         e.c.a.N + 2, e.c.a.N);
    CASE("sub(C) past the last row", e.c.c.i = e.c.c.M - e.c.m + 2, BCR_ERR_ARGUMENT, A_IC,
         "ic + m - 1 = %d exceeds M_C = %d", e.c.c.M + 1, e.c.c.M);
    CASE("sub(C) past the last column", e.c.c.j = e.c.c.N - e.c.n + 4, BCR_ERR_ARGUMENT, A_JC,
         "jc + n - 1 = %d exceeds N_C = %d", e.c.c.N + 3, e.c.c.N);
    CASE("ictxt = 77", e.ictxt = 77, BCR_ERR_ARGUMENT, A_ICTXT,
         "ictxt = 77 is not a BLACS context");
    if (routine == U_GEADD) {
        CASE("trans = 'X'", e.c.trans = 'X', BCR_ERR_ARGUMENT, A_TRANS,
             "trans = 'X', must be one of N, n, T, t, C, c");
        CASE("trans = NULL", (e.null_trans = 1, e.c.type = U_D), BCR_ERR_ARGUMENT, A_TRANS,
             "trans");
    }
}

/* Descriptor fields and arrays, the same on every process (or where the
 * process holds the data). */
static void cases_arrays(int routine)
{
    int prA = g_pool.g[G_A].nprow, pcC = g_pool.g[G_C].npcol;
    CASE("M_A = -1", e.desca[2] = e.LA.in ? -1 : e.desca[2], BCR_ERR_ARGUMENT, A_DESCA,
         "M_A = -1, must be >= 0");
    CASE("MB_C = 0", e.descc[4] = e.LC.in ? 0 : e.descc[4], BCR_ERR_ARGUMENT, A_DESCC,
         "MB_C = 0, must be >= 1");
    CASE("RSRC_A out of range", e.desca[6] = e.LA.in ? 5 : -1, BCR_ERR_ARGUMENT, A_DESCA,
         "RSRC_A = 5, must be in [0, %d)", prA);
    CASE("CSRC_C = -1", e.descc[7] = e.LC.in ? -1 : -1, BCR_ERR_ARGUMENT, A_DESCC,
         "CSRC_C = -1, must be in [0, %d)", pcC);
    CASE("CTXT_A = 99", e.desca[1] = e.LA.in ? 99 : -1, BCR_ERR_ARGUMENT, A_DESCA,
         "CTXT_A = 99 is not a BLACS context");
    {
        /* LLD_C one short on the last process that holds rows of C */
        ecall_t t = std_call(routine, U_D, 'T');
        layout(&t);
        int w = max_over_world(t.LC.lr > 1 ? g_rank : -1);
        int need = max_over_world(g_rank == w ? t.LC.lr : -1);
        CASE("LLD_C too small on one process", e.descc[8] = g_rank == w ? need - 1 : e.descc[8],
             BCR_ERR_ARGUMENT, A_DESCC, "LLD_C = %d, must be >= %d", need - 1, need);
    }
    CASE("desca = NULL", e.null_desca = 1, BCR_ERR_ARGUMENT, A_DESCA, "desca is NULL");
    CASE("descc = NULL", e.null_descc = 1, BCR_ERR_ARGUMENT, A_DESCC, "descc is NULL");
    CASE("a = NULL where elements of sub(A) are held", e.a_null = 1, BCR_ERR_ARGUMENT, A_A,
         "a is NULL but this process holds");
    /* C's array A's own with A's descriptor, sub(C) one row and one column
     * past sub(A): they share bytes on the process holding sub(C)'s
     * origin (but for geadd N the rest of it is not sub(A), so it is not
     * the in-place add) */
    CASE("c overlapping a",
         (e.alias = 1, e.c.gc = e.c.ga, e.c.c = e.c.a, e.c.c.i = e.c.a.i + 1,
          e.c.c.j = e.c.a.j + 1, layout(&e)),
         BCR_ERR_ARGUMENT, A_C, "c overlaps a: the bytes");
    CASE("c = NULL where elements of sub(C) are held", e.c_null = 1, BCR_ERR_ARGUMENT, A_C,
         "c is NULL but this process holds");
}

/* ictxt and one side on ranks 0 .. P-2 only, the other side on all ranks:
 * the last rank is outside ictxt and does not call. */
static void on_sub(ecall_t *e, int side)
{
    u_side *s = side == 'A' ? &e->c.a : &e->c.c;
    *(side == 'A' ? &e->c.ga : &e->c.gc) = G_SUB;
    s->RSRC = s->CSRC = 0;
    e->ictxt = g_pool.ctxt[G_SUB];
    layout(e);
}

/* One process of a grid (of P) missing from it: outside ictxt, or passing
 * CTXT = -1. */
#define GRID_MISSING(S)                                                                    \
    "1 of grid " S "'s %d processes did not take part as members of it: each must be in "    \
    "ictxt and pass grid " S "'s context as CTXT_" S " (-1 is for processes outside grid " S \
    ")"

/* Grids not within ictxt, or empty. */
static void cases_grids(int routine)
{
    int P = g_size;
    CASE("grid A has a process outside ictxt", on_sub(&e, 'C'), BCR_ERR_GRID, A_DESCA,
         GRID_MISSING("A"), P);
    CASE("grid C has a process outside ictxt", on_sub(&e, 'A'), BCR_ERR_GRID, A_DESCC,
         GRID_MISSING("C"), P);
    CASE("no process in grid C",
         (memset(e.descc, 0xff, sizeof e.descc), e.c_null = 1), BCR_ERR_GRID, A_DESCC,
         "no process is in grid C");
    CASE("a member of grid C passes CTXT_C = -1",
         (g_rank == 0 ? (memset(e.descc, 0xff, sizeof e.descc), e.c_null = 1) : 0),
         BCR_ERR_GRID, A_DESCC, GRID_MISSING("C"), P);
}

/* World rank 1 changes field f of one side (a descriptor field, or 8: the
 * row, 9: the column of the submatrix's origin). */
static void disagree(ecall_t *e, int side, int f, const u_grid *g)
{
    if (g_rank != 1)
        return;
    int *d = side ? e->descc : e->desca;
    u_side *s = side ? &e->c.c : &e->c.a;
    switch (f) {
    case 6: d[6] = (d[6] + 1) % g->nprow; break;
    case 7: d[7] = (d[7] + 1) % g->npcol; break;
    case 8: s->i += 1; break;
    case 9: s->j += 1; break;
    default: d[f] += 1; break; /* M, N grow (still hold sub), MB, NB */
    }
}

/* One member of a grid passes another value of a field the grid's
 * processes must agree on: every descriptor field but LLD, and the
 * submatrix's origin.  The message names the field as the caller knows it,
 * on C's side too when op transposes. */
static void cases_member_disagrees(int routine)
{
    static const char *fname[] = {"", "", "M", "N", "MB", "NB", "RSRC", "CSRC", "i", "j"};
    char nm[96];
    for (int side = 0; side < 2; side++) {
        const char S = side ? 'C' : 'A';
        const u_grid *g = &g_pool.g[side ? G_C : G_A];
        for (int f = 2; f <= 9; f++) {
            if ((f == 6 && g->nprow < 2) || (f == 7 && g->npcol < 2))
                continue;
            char what[16];
            if (f <= 7)
                snprintf(what, sizeof what, "%s_%c", fname[f], S);
            else
                snprintf(what, sizeof what, "%s%c", fname[f], side ? 'c' : 'a');
            int arg = f <= 7 ? (side ? A_DESCC : A_DESCA)
                      : f == 8 ? (side ? A_IC : A_IA)
                               : (side ? A_JC : A_JA);
            snprintf(nm, sizeof nm, "a member of grid %c disagrees on %s", S, what);
            CASE(nm, disagree(&e, side, f, g), BCR_ERR_INCONSISTENT, arg,
                 "processes of grid %c disagree on %s", S, what);
        }
    }
}

/* Processes that disagree. */
static void cases_disagree(int routine)
{
    int last = g_size - 1;
    CASE("one process passes another m", e.c.m += g_rank == last, BCR_ERR_INCONSISTENT, A_M,
         "processes disagree on m (5 to 6)");
    CASE("one process passes another n", e.c.n -= g_rank == 0, BCR_ERR_INCONSISTENT, A_N,
         "processes disagree on n (3 to 4)");
    CASE("alpha = 0 on one process only", e.c.alpha[0] = g_rank == last ? 0 : 2,
         BCR_ERR_INCONSISTENT, A_ALPHA, "processes disagree on");
    cases_member_disagrees(routine);
    if (routine == U_GEADD)
        CASE("one process passes another trans",
             e.trans_other = g_rank == last ? (e.c.trans == 'N' ? 'T' : 'N') : 0,
             BCR_ERR_INCONSISTENT, A_TRANS, "processes disagree on trans");
    CASE("one process calls another routine",
         (e.own_names = 1,
          e.routine_other = g_rank == 0 ? (routine == U_GEADD ? U_TRAN : U_GEADD) : -1,
          e.trans_other = g_rank == 0 && routine != U_GEADD ? e.c.trans : 0),
         BCR_ERR_INCONSISTENT, A_NONE, "processes called different routines");
    CASE("one process calls another type",
         (e.own_names = 1, e.c.type = U_Z, e.type_other = g_rank == 0 ? U_C : -1),
         BCR_ERR_INCONSISTENT,
         A_NONE, "processes called routines of different types");
}

/* Inputs PBLAS accepts: accepted, with the formula's result. */
/* p?geadd with sub(A) the same array, descriptor and offsets as sub(C):
 * C := beta C + alpha C in place, elements outside sub(C) untouched. */
/* C's array A's own with A's descriptor, sub(C) in the rows below sub(A)
 * and the same columns: the bytes of a process's local array the two
 * touch interleave column by column but none is shared, so the call is
 * valid.  It must leave the array as the same call on two copies of it
 * leaves C's copy. */
static void interleaved(int routine)
{
    ecall_t e = next_call(routine);
    begin_case("c interleaved with a, no byte shared");
    int tr = u_transposes(&e.c);
    e.alias = 1;
    e.c.gc = e.c.ga;
    e.c.c = e.c.a;
    e.c.c.i = e.c.a.i + (tr ? e.c.n : e.c.m);
    layout(&e);
    int changed = 0;
    if (e.calls) {
        size_t esz = u_tsize[e.c.type], nb = e.LA.nel * esz;
        unsigned char *a = alloc_elems(e.LA.nel, e.c.type);
        unsigned char *a2 = alloc_elems(e.LA.nel, e.c.type);
        unsigned char *c2 = alloc_elems(e.LA.nel, e.c.type);
        u_fill(&e.c, 'A', &e.LA, a);
        memcpy(a2, a, nb);
        memcpy(c2, a, nb);
        call(&e, a, a);
        const char *msg;
        int code = bcr_last_error(&msg);
        CHECK(code == BCR_SUCCESS, "the aliased call failed: %s", msg);
        call(&e, a2, c2);
        code = bcr_last_error(&msg);
        CHECK(code == BCR_SUCCESS, "the call on two copies failed: %s", msg);
        CHECK(memcmp(a, c2, nb) == 0, "the array differs from C's copy after the call on two");
        changed = memcmp(a2, a, nb) != 0;
        free(a);
        free(a2);
        free(c2);
    }
    CHECK(max_over_world(changed), "the call changed no process's array");
    end_case();
}

static void add_in_place(void)
{
    begin_case("geadd N adding sub(C) to itself in place");
    ecall_t e = std_call(U_GEADD, U_D, 'N');
    layout(&e);
    int P = g_pool.g[G_C].nprow, Q = g_pool.g[G_C].npcol;
    if (e.calls) {
        double *c = alloc_elems(e.LC.nel + 1, U_D), *c0 = alloc_elems(e.LC.nel + 1, U_D);
        for (size_t k = 0; k < e.LC.nel; k++)
            c[k] = c0[k] = (double)(k % 17) - 8;
        bcr_pdgeadd("N", e.c.m, e.c.n, 2.0, c, e.c.c.i, e.c.c.j, e.descc, 0.5, c, e.c.c.i,
                    e.c.c.j, e.descc, e.ictxt);
        const char *msg;
        int code = bcr_last_error(&msg);
        CHECK(code == BCR_SUCCESS, "the call failed: %s", msg);
        size_t bad = 0;
        for (int lj = 0; e.LC.in && lj < e.LC.lc; lj++)
            for (int li = 0; li < e.LC.lld; li++) {
                size_t k = (size_t)li + (size_t)lj * (size_t)e.LC.lld;
                int gi = u_l2g(li, e.c.c.MB, e.LC.myrow, e.c.c.RSRC, P) + 1;
                int gj = u_l2g(lj, e.c.c.NB, e.LC.mycol, e.c.c.CSRC, Q) + 1;
                int in = li < e.LC.lr && gi >= e.c.c.i && gi < e.c.c.i + e.c.m &&
                         gj >= e.c.c.j && gj < e.c.c.j + e.c.n;
                bad += c[k] != (in ? 2.5 * c0[k] : c0[k]);
            }
        CHECK(bad == 0, "%zu elements of C differ from 2.5 C inside sub(C) and C outside", bad);
        free(c);
        free(c0);
    }
    end_case();
}

static void cases_accepted(int routine)
{
    static const int garbage[9] = {0, 99, -1, -1, 0, 0, 7, 7, -5};
    {
        ecall_t e = next_call(routine);
        e.c.m = 0;
        e.c.a.i = 0;
        memcpy(e.desca, garbage, sizeof garbage);
        memcpy(e.descc, garbage, sizeof garbage);
        e.a_null = e.c_null = 1;
        if (routine == U_GEADD)
            e.c.trans = 'N';
        begin_case("m = 0 with garbage everywhere else");
        check_valid("accepted input", &e);
        alarm(0);
    }
    {
        ecall_t e = next_call(routine);
        e.c.alpha[0] = e.c.alpha[1] = 0;
        e.a_null = 1;
        begin_case("alpha = 0 and a = NULL everywhere (PBLAS never reads A then)");
        check_valid("accepted input", &e);
        alarm(0);
    }
    interleaved(routine);
    if (routine == U_GEADD)
        add_in_place();
    {
        ecall_t e = next_call(routine);
        e.ictxt = g_pool.ctxt[G_REV];
        begin_case("ictxt in reverse order");
        check_valid("accepted input", &e);
        alarm(0);
    }
}

int u_errors_main(void)
{
    if (g_size < 3) {
        if (g_rank == 0)
            fprintf(stderr, "bcr_test_update errors needs at least 3 processes\n");
        return 2;
    }
    make_contexts();
    int routines[] = {U_TRAN, U_TRANC, U_GEADD};
    for (int k = 0; k < 3; k++) {
        int routine = routines[k];
        cases_scalars(routine);
        cases_arrays(routine);
        cases_grids(routine);
        cases_disagree(routine);
        cases_accepted(routine);
    }
    u_pool_free(&g_pool);
    return finish_checks("update errors");
}
