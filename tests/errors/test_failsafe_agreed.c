/* No process waits forever for one that failed (src/base/failsafe.h):
 * failures before a call's agreement are agreed on.
 *
 * A failure on one process before the agreement (the context's state
 * cannot be made at its first call; the plan's communicator cannot be
 * duplicated) must end the call on every process with the same clear
 * error, BCR_ERR_NOMEM naming the process, and leave A and B untouched:
 * the others were already inside the call and would otherwise wait for
 * that process forever.  Nothing is left half made either: the same call
 * without the fault then works, and gives ScaLAPACK's bytes.
 *
 * The failures are injected with BCR_FAIL=point@rank (rank in
 * MPI_COMM_WORLD), which the library reads at every call, so the program
 * sets and unsets it between calls.  The error names the process by its
 * rank in ictxt, row by row over the grid (docs/api.md), which is not its
 * rank in MPI_COMM_WORLD on the permuted grid of mode tr.
 *
 *   mpiexec -n 4 bcr_test_failsafe_agreed MODE
 *
 *   ge         context@2 at the first call on a fresh 2 x 2 context:
 *              p?gemr2d in doubles, A on a 1 x 4 grid, B on the context;
 *   tr         the same through p?trmr2d (upper, non-unit, complex double)
 *              on a 2 x 2 context made by Cblacs_gridmap with world ranks
 *              3 2 / 1 0, so that world rank 2 is process 1 of ictxt;
 *   plan       context@2 with bcr_plan_create as the context's first call;
 *   plan_comm  plan_comm@1: the plan's communicator fails on process 1;
 *   repeat     buffers@1: a repeated call's buffers, given back after the
 *              last call (BCR_KEEP_BYTES=0), cannot be had again on
 *              process 1;
 *   remap      bcr_plan_create_layouts of a remap (A's layout to B's with
 *              maps that name each element's own indices), with the
 *              remap planner's allocations failing on one process: its
 *              element plan (remap_plan@1), the requests it sends, before
 *              the counts are exchanged (remap_send@2), the room for those
 *              it receives, after (remap_recv@3), and that on every
 *              process (remap_recv@all); each returns NULL everywhere with
 *              BCR_ERR_NOMEM naming the process (the lowest for @all), and
 *              the plan made then without the fault gives ScaLAPACK's
 *              gemr2d bytes.  `remap FAULT` runs that fault's case
 *              alone, then the plan without it.
 *
 * Each failing call must return within FS_QUICK seconds on every process:
 * it has nothing to wait for but the others' agreement.  Every step runs
 * under the freeing harness's watchdog (freeing.h), so a hang is named. */
#define _POSIX_C_SOURCE 200809L

#include <bcredist.h>
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "freeing.h"

void bcr_faults_enable(void); /* libbcredist's, for tests only */

#define M 515
#define N 387
#define FS_QUICK 20 /* seconds, times BCR_TEST_TIME_FACTOR; milliseconds expected */

static double quick;

/* A redistribution's arrays: A filled, B with contents of its own that
 * b0 keeps, bref ScaLAPACK's result from the same B. */
typedef struct {
    char type;
    const char *uplo, *diag;
    fr_array a, b, b0, bref;
    int ictxt;
} fs_case;

static void case_make(fs_case *c, char type, const char *uplo, const char *diag,
                      const fr_grid *ga, int MA, int NA, const fr_grid *gb, int MB_, int NB_,
                      int ictxt)
{
    c->type = type;
    c->uplo = uplo;
    c->diag = diag;
    c->ictxt = ictxt;
    int bad = fr_array_make(&c->a, type, ga, M, N, MA, NA);
    bad |= fr_array_make(&c->b, type, gb, M, N, MB_, NB_);
    bad |= fr_array_make(&c->b0, type, gb, M, N, MB_, NB_);
    bad |= fr_array_make(&c->bref, type, gb, M, N, MB_, NB_);
    if (bad) {
        fr_fail("out of memory for the arrays");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    fr_array_fill(&c->a, 1);
    fr_array_fill(&c->b0, 2);
    if (c->b.p) {
        memcpy(c->b.p, c->b0.p, c->b.bytes);
        memcpy(c->bref.p, c->b0.p, c->b.bytes);
    }
}

static void case_free(fs_case *c)
{
    fr_array_free(&c->a);
    fr_array_free(&c->b);
    fr_array_free(&c->b0);
    fr_array_free(&c->bref);
}

static void routine_name(const fs_case *c, char *buf, size_t cap)
{
    snprintf(buf, cap, "bcr_p%c%s", c->type, c->uplo ? "trmr2d" : "gemr2d");
}

static void set_fault(const char *v)
{
    if (v)
        setenv("BCR_FAIL", v, 1);
    else
        unsetenv("BCR_FAIL");
}

/* The world rank's rank in the context, row by row over its grid. */
static int ictxt_rank_of(const fr_grid *g, int world)
{
    int mine = g->in ? g->myrow * g->Q + g->mycol : -1;
    MPI_Bcast(&mine, 1, MPI_INT, world, MPI_COMM_WORLD);
    return mine;
}

/* "process P" in msg, P not followed by another digit. */
static int names_process(const char *msg, int p)
{
    char want[32];
    int n = snprintf(want, sizeof want, "process %d", p);
    for (const char *s = strstr(msg, want); s; s = strstr(s + 1, want))
        if (s[n] < '0' || s[n] > '9')
            return 1;
    return 0;
}

/* The agreed failure as every process must see it: BCR_ERR_NOMEM, a message
 * that starts with the routine and names the process, the same on every
 * process, and a quick return everywhere.  Collective. */
static void expect_failure(const char *what, int code, const char *msg, double seconds,
                           const char *routine, int process)
{
    FR_CHECK(code == BCR_ERR_NOMEM, "error %d, expected BCR_ERR_NOMEM (%d): %s", code,
             BCR_ERR_NOMEM, msg);
    size_t rl = strlen(routine);
    FR_CHECK(!strncmp(msg, routine, rl) && msg[rl] == ':',
             "the message does not start with '%s:': %s", routine, msg);
    FR_CHECK(names_process(msg, process), "the message does not name process %d: %s", process,
             msg);
    char first[512];
    snprintf(first, sizeof first, "%s", msg);
    MPI_Bcast(first, sizeof first, MPI_CHAR, 0, MPI_COMM_WORLD);
    FR_CHECK(!strcmp(first, msg), "the message differs from rank 0's ('%s'): %s", first, msg);
    double most;
    MPI_Allreduce(&seconds, &most, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    FR_CHECK(most < quick, "a process took %.1f s to return, more than %.0f s", most, quick);
    if (fr_rank == 0)
        printf("%s: error %d on every process, at most %.3f s: %s\n", what, code, most, msg);
}

/* bcredist's call on the case's arrays under the watchdog; the code, the
 * message and the time it took. */
static int timed_call(fs_case *c, const char *what, const char **msg, double *seconds)
{
    fr_step(FR_CALL_LIMIT, "%s", what);
    double t0 = MPI_Wtime();
    fr_call(0, c->uplo, c->diag, M, N, &c->a, &c->b, c->ictxt);
    *seconds = MPI_Wtime() - t0;
    fr_step_done();
    return bcr_last_error(msg);
}

static void expect_untouched(const fs_case *c)
{
    FR_CHECK(!c->b.bytes || !memcmp(c->b.p, c->b0.p, c->b.bytes),
             "B changed though the call failed");
    size_t changed = fr_array_fill_differs(&c->a, 1);
    FR_CHECK(!changed, "%zu elements of A changed", changed);
}

static void reference(fs_case *c, const char *what)
{
    fr_step(FR_CALL_LIMIT, "%s: ScaLAPACK's call", what);
    fr_call(1, c->uplo, c->diag, M, N, &c->a, &c->bref, c->ictxt);
    fr_step_done();
}

/* bcredist's call from B's initial contents must succeed with
 * ScaLAPACK's bytes. */
static void expect_success(fs_case *c, const char *what)
{
    if (c->b.p)
        memcpy(c->b.p, c->b0.p, c->b.bytes);
    const char *msg;
    double s;
    int code = timed_call(c, what, &msg, &s);
    FR_CHECK(code == BCR_SUCCESS, "error %d: %s", code, msg);
    fr_same(&c->bref, &c->b);
    size_t changed = fr_array_fill_differs(&c->a, 1);
    FR_CHECK(!changed, "%zu elements of A changed", changed);
    if (fr_rank == 0)
        printf("%s: succeeded, B equal to ScaLAPACK's\n", what);
}

/* context@2 at a context's first call through a routine: it fails on
 * every process, and again while the fault stays (the failure made no
 * state, so the next call is still the first); without the fault the call
 * works, and with it again too, since the context's first call is past. */
static void routine_case(fs_case *c, const fr_grid *ictxt_grid)
{
    char routine[32], what[128];
    routine_name(c, routine, sizeof routine);
    int process = ictxt_rank_of(ictxt_grid, 2);
    set_fault("context@2");
    for (int k = 1; k <= 2; k++) {
        snprintf(what, sizeof what, "%s, context@2, call %d on a fresh context", routine, k);
        const char *msg;
        double s;
        int code = timed_call(c, what, &msg, &s);
        expect_failure(what, code, msg, s, routine, process);
        expect_untouched(c);
    }
    set_fault(NULL);
    snprintf(what, sizeof what, "%s without the fault, on the same context", routine);
    reference(c, what);
    expect_success(c, what);
    set_fault("context@2");
    snprintf(what, sizeof what, "%s, context@2 again, on the context now set up", routine);
    expect_success(c, what);
    set_fault(NULL);
}

/* A call repeated after its buffers were given back (BCR_KEEP_BYTES=0,
 * BCR_SHM=off so that the second call already repeats the first): with
 * buffers@1 their allocation fails on process 1, which must then not
 * repeat but plan again, so that every process learns of the failure
 * before any message moves; without the fault the same call works. */
static void repeat_case(fs_case *c, const fr_grid *g)
{
    setenv("BCR_KEEP_BYTES", "0", 1);
    setenv("BCR_SHM", "off", 1);
    reference(c, "repeat");
    expect_success(c, "bcr_pdgemr2d, the first call");
    expect_success(c, "bcr_pdgemr2d again, a repeated call");
    set_fault("buffers@1");
    const char *what = "bcr_pdgemr2d repeated, buffers@1 failing its buffers again";
    if (c->b.p)
        memcpy(c->b.p, c->b0.p, c->b.bytes);
    const char *msg;
    double s;
    int code = timed_call(c, what, &msg, &s);
    expect_failure(what, code, msg, s, "bcr_pdgemr2d", ictxt_rank_of(g, 1));
    expect_untouched(c);
    set_fault(NULL);
    expect_success(c, "bcr_pdgemr2d without the fault");
    unsetenv("BCR_KEEP_BYTES");
    unsetenv("BCR_SHM");
}

static bcr_plan_t timed_create(fs_case *c, const char *what, int *code, const char **msg,
                               double *seconds)
{
    fr_step(FR_CALL_LIMIT, "%s", what);
    double t0 = MPI_Wtime();
    bcr_plan_t p = bcr_plan_create(c->type, c->uplo, c->diag, M, N, 1, 1, c->a.desc, 1, 1,
                                   c->b.desc, c->ictxt);
    *seconds = MPI_Wtime() - t0;
    fr_step_done();
    *code = bcr_last_error(msg);
    return p;
}

/* A plan made and executed without a fault gives ScaLAPACK's bytes. */
static void plan_works(fs_case *c, const char *what)
{
    int code;
    const char *msg;
    double s;
    bcr_plan_t p = timed_create(c, what, &code, &msg, &s);
    FR_CHECK(p && code == BCR_SUCCESS, "error %d: %s", code, msg);
    if (!p)
        return;
    if (c->b.p)
        memcpy(c->b.p, c->b0.p, c->b.bytes);
    fr_step(FR_CALL_LIMIT, "%s: bcr_plan_execute", what);
    code = bcr_plan_execute(p, c->a.p, c->b.p);
    fr_step_done();
    FR_CHECK(code == BCR_SUCCESS, "error %d", code);
    fr_same(&c->bref, &c->b);
    bcr_plan_destroy(p);
    if (fr_rank == 0)
        printf("%s: plan made and executed, B equal to ScaLAPACK's\n", what);
}

/* bcr_plan_create under `fault` fails on every process, naming `process`. */
static void plan_fails(fs_case *c, const char *fault, int process)
{
    char what[128];
    snprintf(what, sizeof what, "bcr_plan_create, %s", fault);
    set_fault(fault);
    int code;
    const char *msg;
    double s;
    bcr_plan_t p = timed_create(c, what, &code, &msg, &s);
    FR_CHECK(!p, "returned a plan");
    bcr_plan_destroy(p);
    expect_failure(what, code, msg, s, "bcr_plan_create", process);
}

/* Index maps laid out as B's local array (first block on process (0, 0)):
 * each element takes the source element of its own global indices, so
 * the remap is a gemr2d; padding rows name no element. */
static void own_index_maps(const fr_array *b, const fr_grid *g, bcr_int **rows, bcr_int **cols)
{
    int mb = b->desc[4], nb = b->desc[5], lld = b->desc[8];
    size_t n = (size_t)lld * (size_t)b->lc;
    *rows = malloc((n ? n : 1) * sizeof **rows);
    *cols = malloc((n ? n : 1) * sizeof **cols);
    if (!*rows || !*cols) {
        fr_fail("out of memory for the maps");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int lj = 0; lj < b->lc; lj++)
        for (int li = 0; li < lld; li++) {
            size_t k = (size_t)li + (size_t)lj * (size_t)lld;
            (*rows)[k] = li < b->lr ? (li / mb * g->P + g->myrow) * mb + li % mb : -7;
            (*cols)[k] = li < b->lr ? (lj / nb * g->Q + g->mycol) * nb + lj % nb : -7;
        }
}

static bcr_plan_t timed_create_layouts(bcr_layout_t src, bcr_layout_t dst, const char *what,
                                       int *code, const char **msg, double *seconds)
{
    fr_step(FR_CALL_LIMIT, "%s", what);
    double t0 = MPI_Wtime();
    bcr_plan_t p = bcr_plan_create_layouts(src, dst, 'd', MPI_COMM_WORLD);
    *seconds = MPI_Wtime() - t0;
    fr_step_done();
    *code = bcr_last_error(msg);
    return p;
}

/* bcr_plan_create_layouts under `fault` fails on every process, naming
 * `process` (its rank in MPI_COMM_WORLD, the plan's communicator). */
static void remap_fails(bcr_layout_t src, bcr_layout_t dst, const char *fault, int process)
{
    char what[128];
    snprintf(what, sizeof what, "bcr_plan_create_layouts of a remap, %s", fault);
    set_fault(fault);
    int code;
    const char *msg;
    double s;
    bcr_plan_t p = timed_create_layouts(src, dst, what, &code, &msg, &s);
    set_fault(NULL);
    FR_CHECK(!p, "%s: returned a plan", what);
    bcr_plan_destroy(p);
    expect_failure(what, code, msg, s, "bcr_plan_create_layouts", process);
}

/* The remap plan made without a fault gives ScaLAPACK's gemr2d bytes. */
static void remap_works(fs_case *c, bcr_layout_t src, bcr_layout_t dst)
{
    const char *what = "bcr_plan_create_layouts of a remap without the fault";
    int code;
    const char *msg;
    double s;
    bcr_plan_t p = timed_create_layouts(src, dst, what, &code, &msg, &s);
    FR_CHECK(p && code == BCR_SUCCESS, "%s: error %d: %s", what, code, msg);
    if (!p)
        return;
    if (c->b.p)
        memcpy(c->b.p, c->b0.p, c->b.bytes);
    fr_step(FR_CALL_LIMIT, "%s: bcr_plan_execute", what);
    code = bcr_plan_execute(p, c->a.p, c->b.p);
    fr_step_done();
    FR_CHECK(code == BCR_SUCCESS, "error %d", code);
    fr_same(&c->bref, &c->b);
    bcr_plan_destroy(p);
    if (fr_rank == 0)
        printf("%s: plan made and executed, B equal to ScaLAPACK's\n", what);
}

/* The remap's faults in turn, or only `only` (with the process it names)
 * when given. */
static void remap_case(fs_case *c, const fr_grid *gb, const char *only)
{
    static const char *faults[] = {"remap_plan@1", "remap_send@2", "remap_recv@3",
                                   "remap_recv@all"};
    static const int process[] = {1, 2, 3, 0};
    bcr_int *rows, *cols;
    own_index_maps(&c->b, gb, &rows, &cols);
    bcr_layout_t src = bcr_layout_desc(M, N, 1, 1, c->a.desc);
    bcr_layout_t base = bcr_layout_desc(M, N, 1, 1, c->b.desc);
    bcr_layout_t dst = base ? bcr_layout_remap(base, rows, cols) : NULL;
    FR_CHECK(src && dst, "a valid layout was refused");
    if (src && dst) {
        for (int k = 0; k < 4; k++)
            if (!only || !strcmp(only, faults[k]))
                remap_fails(src, dst, faults[k], process[k]);
        reference(c, "remap");
        remap_works(c, src, dst);
    }
    bcr_layout_destroy(dst);
    bcr_layout_destroy(base);
    bcr_layout_destroy(src);
    free(rows);
    free(cols);
}

int main(int argc, char **argv)
{
    fr_init(&argc, &argv, 4, "failsafe_agreed");
    const char *mode = argc > 1 ? argv[1] : "";
    const char *f = getenv("BCR_TEST_TIME_FACTOR");
    quick = FS_QUICK * (f && atoi(f) > 0 ? atoi(f) : 1);
    unsetenv("BCR_FAIL"); /* only this program's own settings count */
    bcr_faults_enable();  /* BCR_FAIL counts in this program (base/failsafe.h) */

    fs_case c;
    if (!strcmp(mode, "ge")) {
        fr_grid row = fr_grid_init("Row", 1, 4), g = fr_grid_init("Row", 2, 2);
        case_make(&c, 'd', NULL, NULL, &row, 32, 24, &g, 8, 16, g.ctxt);
        routine_case(&c, &g);
        fr_grid_exit(&g, "the 2 x 2 context");
        fr_grid_exit(&row, "the 1 x 4 grid");
    } else if (!strcmp(mode, "tr")) {
        int ranks[4] = {3, 2, 1, 0};
        fr_grid g = fr_grid_map(2, 2, ranks);
        case_make(&c, 'z', "U", "N", &g, 32, 24, &g, 8, 16, g.ctxt);
        routine_case(&c, &g);
        fr_grid_exit(&g, "the permuted 2 x 2 context");
    } else if (!strcmp(mode, "plan")) {
        fr_grid g = fr_grid_init("Col", 2, 2);
        case_make(&c, 'd', NULL, NULL, &g, 32, 24, &g, 8, 16, g.ctxt);
        plan_fails(&c, "context@2", ictxt_rank_of(&g, 2));
        plan_fails(&c, "context@2", ictxt_rank_of(&g, 2)); /* still the first call */
        set_fault(NULL);
        reference(&c, "plan");
        plan_works(&c, "bcr_plan_create without the fault, on the same context");
        fr_grid_exit(&g, "the 2 x 2 context");
    } else if (!strcmp(mode, "plan_comm")) {
        fr_grid g = fr_grid_init("Row", 2, 2);
        case_make(&c, 'd', NULL, NULL, &g, 32, 24, &g, 8, 16, g.ctxt);
        plan_fails(&c, "plan_comm@1", ictxt_rank_of(&g, 1));
        reference(&c, "plan_comm");
        /* The context the failed create set up serves the routines. */
        expect_success(&c, "bcr_pdgemr2d with plan_comm@1 still set");
        set_fault(NULL);
        plan_works(&c, "bcr_plan_create without the fault, on the same context");
        fr_grid_exit(&g, "the 2 x 2 context");
    } else if (!strcmp(mode, "repeat")) {
        fr_grid row = fr_grid_init("Row", 1, 4), g = fr_grid_init("Row", 2, 2);
        case_make(&c, 'd', NULL, NULL, &row, 32, 24, &g, 8, 16, g.ctxt);
        repeat_case(&c, &g);
        fr_grid_exit(&g, "the 2 x 2 context");
        fr_grid_exit(&row, "the 1 x 4 grid");
    } else if (!strcmp(mode, "remap")) {
        fr_grid row = fr_grid_init("Row", 1, 4), g = fr_grid_init("Row", 2, 2);
        case_make(&c, 'd', NULL, NULL, &row, 32, 24, &g, 8, 16, g.ctxt);
        remap_case(&c, &g, argc > 2 ? argv[2] : NULL);
        fr_grid_exit(&g, "the 2 x 2 context");
        fr_grid_exit(&row, "the 1 x 4 grid");
    } else {
        if (fr_rank == 0)
            printf("usage: bcr_test_failsafe_agreed ge|tr|plan|plan_comm|repeat|remap "
                   "[fault]\n");
        MPI_Finalize();
        return 2;
    }
    case_free(&c);

    int rc = fr_finish();
    fr_step(FR_CALL_LIMIT, "MPI_Finalize");
    MPI_Finalize();
    return rc;
}
