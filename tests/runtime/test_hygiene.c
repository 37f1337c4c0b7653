/* Resource hygiene: many calls with varying arguments (all types, ge and
 * tr, every grid pair, sizes, the plan API, erroneous calls, contexts made
 * and freed on the way) must not grow memory, communicators, datatypes or
 * pending requests; bcr_finalize must give everything back.
 *
 * The calls cycle through a fixed sequence whose period divides the
 * distance between the two checkpoints, so bounded caches (plans, grid
 * maps, buffer pools) are in the same state at both and must hold exactly
 * the same: bcredist's own heap bytes (its malloc, calloc, realloc and free
 * are wrapped at link time), live MPI communicators, datatypes, windows and
 * keyvals (the MPI calls are wrapped through the profiling interface; the
 * static library's calls reach the wrappers) and the BLACS's system
 * handles (its table of communicators, which bcredist asks about and, when
 * built to read the BLACS's internals, must leave as it found it; without
 * them it may leave at most one entry per context made); no request may be
 * pending after any call.  The
 * whole process heap (mallinfo2) is reported and may grow only by a small
 * bound (Open MPI's own free lists).
 *
 *   bcr_test_hygiene [calls [warmup]]     defaults 100000 and 20000
 */
#include <malloc.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scalapack_ref.h"
#include "test_hygiene_count.h"
#include "test_threads_cases.h"

/* The sequence of calls repeats every 1600 (16 cases x 5 variants x 2
 * lanes, errors every 16th call in 4 kinds, the plan API every 25th);
 * contexts are made and freed every CHURN calls, a multiple of that. */
#define VARIANTS 5 /* m and n shrunk by 0..4: more plans than a cache holds */
#define LANES 2
#define CHURN 8000
#define HEAP_SLACK (256 * 1024) /* bytes the whole heap may move */

static int g_rank, size_of_world;
static long g_fail;

#define FAILF(...)                                                             \
    do {                                                                       \
        if (g_fail++ < 20) {                                                   \
            printf("FAIL [rank %d] ", g_rank);                                 \
            printf(__VA_ARGS__);                                               \
            printf("\n");                                                      \
        }                                                                      \
    } while (0)

/* The BLACS's table of MPI communicators it has handed out handles for:
 * Cblacs_get(ctxt, 10, ...), which bcredist calls, adds a context's
 * communicator to it and nothing ever removes it.  -1 when this BLACS does
 * not export the table (then the count cannot be checked, which fails). */
extern int BI_MaxNSysCtxt __attribute__((weak));
extern MPI_Comm *BI_SysContxts __attribute__((weak));

/* Contexts this process is in, counted as they are made: the link wraps
 * Cblacs_gridinit and Cblacs_gridmap (hygiene.cmake). */
static long contexts_made;
void __real_Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol);
void __real_Cblacs_gridmap(int *ictxt, int *usermap, int ldumap, int nprow, int npcol);
void __wrap_Cblacs_gridinit(int *ictxt, const char *order, int nprow, int npcol)
{
    __real_Cblacs_gridinit(ictxt, order, nprow, npcol);
    contexts_made += *ictxt >= 0;
}
void __wrap_Cblacs_gridmap(int *ictxt, int *usermap, int ldumap, int nprow, int npcol)
{
    __real_Cblacs_gridmap(ictxt, usermap, ldumap, nprow, npcol);
    contexts_made += *ictxt >= 0;
}

static long blacs_handles(void)
{
    if (!&BI_MaxNSysCtxt || !&BI_SysContxts)
        return -1;
    long n = 0;
    for (int i = 0; i < BI_MaxNSysCtxt; i++)
        n += BI_SysContxts[i] != MPI_COMM_NULL;
    return n;
}

typedef struct {
    long bytes, blocks;    /* bcredist's live heap */
    long heap;             /* mallinfo2 uordblks */
    long comms, types, wins, keyvals, requests;
    long pool;             /* bcr_pool_bytes */
    long handles;          /* BLACS system handles in use */
    long contexts;         /* BLACS contexts made so far */
} snapshot;

static snapshot take(void)
{
    struct mallinfo2 mi = mallinfo2();
    hc_counts c = hc_get();
    snapshot s = {c.bytes, c.blocks, (long)mi.uordblks, c.comms, c.types, c.wins, c.keyvals,
                  c.requests, (long)bcr_pool_bytes(), blacs_handles(), contexts_made};
    return s;
}

/* System handles bcredist may add while `contexts` contexts are made or
 * already live: none when it reads the BLACS's internals; otherwise the
 * entry Cblacs_get makes for each context it asks about stays
 * (src/runtime/blacs.c). */
static long handles_allowed(long contexts)
{
#if BCR_TEST_BLACS_INTERNALS
    (void)contexts;
    return 0;
#else
    return contexts;
#endif
}

static void show(const char *what, const snapshot *s)
{
    printf("hygiene: rank %d %-24s bcredist heap %8ld B in %5ld blocks, process heap %9ld B, "
           "pools %7ld B, comms %ld, datatypes %ld, windows %ld, keyvals %ld, requests %ld, "
           "BLACS handles %ld\n", g_rank, what, s->bytes, s->blocks, s->heap, s->pool, s->comms,
           s->types, s->wins, s->keyvals, s->requests, s->handles);
}

/* ---- the calls ------------------------------------------------------------ */

typedef struct {
    tc_lane lane[LANES];
    tc_data data[LANES][VARIANTS][32];
    void *expect[LANES][VARIANTS][32];
    tc_case vcase[VARIANTS][32];
} world;

static tc_case shrink(const tc_case *c, int v)
{
    tc_case x = *c;
    x.m -= v;
    x.n -= v;
    return x;
}

/* Erroneous calls, of four kinds: every process sees the error itself, one
 * process alone does, processes disagree, an argument out of range. */
static void bad_call(int kind, const tc_case *c, const tc_lane *l, tc_data *d)
{
    tc_case x = *c;
    int save_a[9], save_b[9];
    memcpy(save_a, d->desca, sizeof save_a);
    memcpy(save_b, d->descb, sizeof save_b);
    switch (kind) {
    case 0: x.m = -1; break;
    case 1:
        if (g_rank == 0 && d->desca[1] >= 0)
            d->desca[4] = 0; /* MB_A */
        else if (g_rank == 0)
            d->descb[4] = 0; /* every case has process 0 in A or B */
        break;
    case 2:
        if (size_of_world > 1)
            x.n += g_rank == 0; /* processes disagree */
        else
            x.jb = 0;
        break;
    default: x.ib = c->MB + 5; break;
    }
    tc_run_bcr(&x, l, d);
    memcpy(d->desca, save_a, sizeof save_a);
    memcpy(d->descb, save_b, sizeof save_b);
}

static void one_call(world *w, long i, int nc)
{
    int k = (int)(i % nc);
    int v = (int)((i / nc) % VARIANTS);
    int ln = (int)((i / (nc * VARIANTS)) % LANES);
    const tc_case *c = &w->vcase[v][k];
    tc_lane *l = &w->lane[ln];
    tc_data *d = &w->data[ln][v][k];
    tc_reset_b(d);
    if (i % 16 == 5) {
        bad_call((int)((i / 16) % 4), c, l, d);
        if (bcr_last_error(NULL) == BCR_SUCCESS)
            FAILF("call %ld: an erroneous call succeeded", i);
        if (d->b && memcmp(d->b, d->b0, d->bbytes))
            FAILF("call %ld: an erroneous call changed B", i);
        return;
    }
    int rc;
    if (i % 25 == 3) {
        rc = tc_run_plan(c, l, d);
    } else {
        tc_run_bcr(c, l, d);
        rc = bcr_last_error(NULL);
    }
    if (rc != BCR_SUCCESS)
        FAILF("call %ld (case %d variant %d lane %d): error %d", i, k, v, ln, rc);
    if (d->b && memcmp(d->b, w->expect[ln][v][k], d->bbytes))
        FAILF("call %ld (case %d variant %d lane %d): B differs from the reference", i, k, v, ln);
}

/* A context made, used and freed: its cached state must go with it. */
static void churn(int nc)
{
    tc_lane l;
    tc_lane_make(&l);
    for (int k = 0; k < nc; k += 5) {
        tc_data d;
        if (tc_data_make(tc_get(k), &l, 77u + (unsigned)k, &d) == 0) {
            tc_run_bcr(tc_get(k), &l, &d);
            if (bcr_last_error(NULL) != BCR_SUCCESS)
                FAILF("call on a fresh context failed");
        }
        tc_data_free(&d);
    }
    tc_lane_free(&l);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    size_of_world = size;
    setvbuf(stdout, NULL, _IOLBF, 0);
    long calls = argc > 1 ? atol(argv[1]) : 100000;
    long warm = argc > 2 ? atol(argv[2]) : 20000;
    if (warm < CHURN || (calls - warm) % CHURN) {
        if (g_rank == 0)
            printf("FAIL: calls - warmup must be a multiple of %d, warmup at least that\n", CHURN);
        MPI_Finalize();
        return 1;
    }
    int nc = tc_ncases();
    static world w;
    for (int ln = 0; ln < LANES; ln++)
        tc_lane_make(&w.lane[ln]);
    /* Expected B of every (lane, variant, case) from the reference. */
    for (int ln = 0; ln < LANES; ln++)
        for (int v = 0; v < VARIANTS; v++)
            for (int k = 0; k < nc; k++) {
                w.vcase[v][k] = shrink(tc_get(k), v);
                tc_data *d = &w.data[ln][v][k];
                if (tc_data_make(&w.vcase[v][k], &w.lane[ln], 131u * (unsigned)(k + 1) + (unsigned)v, d))
                    FAILF("out of memory in the setup");
                tc_run_ref(&w.vcase[v][k], &w.lane[ln], d);
                w.expect[ln][v][k] = malloc(d->bbytes ? d->bbytes : 1);
                if (d->b)
                    memcpy(w.expect[ln][v][k], d->b, d->bbytes);
            }
    MPI_Barrier(MPI_COMM_WORLD);
    snapshot base = take();

    /* Error lines go to /dev/null: thousands of them prove nothing more. */
    fflush(stderr);
    int saved_err = dup(2);
    FILE *devnull = fopen("/dev/null", "w");
    if (devnull)
        dup2(fileno(devnull), 2);

    snapshot at_warm = base;
    double t0 = MPI_Wtime(), t_warm = t0;
    for (long i = 0; i < calls; i++) {
        one_call(&w, i, nc);
        /* the BLACS may keep a send of the reference's pending */
        long pending = hc_get().requests - base.requests;
        if (pending)
            FAILF("call %ld: %ld requests left pending", i, pending);
        if (i % CHURN == CHURN - 1 && !getenv("BCR_HYGIENE_NO_CHURN"))
            churn(nc);
        if (i + 1 == warm) {
            MPI_Barrier(MPI_COMM_WORLD);
            at_warm = take();
            t_warm = MPI_Wtime();
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double t1 = MPI_Wtime();
    snapshot at_end = take();

    fflush(stderr);
    dup2(saved_err, 2);
    close(saved_err);
    if (devnull)
        fclose(devnull);

    bcr_finalize();
    MPI_Barrier(MPI_COMM_WORLD);
    snapshot after = take();

    show("before the first call", &base);
    show("after the warm-up", &at_warm);
    show("after the last call", &at_end);
    show("after bcr_finalize", &after);
    if (g_rank == 0)
        printf("hygiene: %d ranks, %ld calls (%ld warm-up) in %.1f s, %.1f us per call after "
               "the warm-up\n", size, calls, warm, t1 - t0,
               1e6 * (t1 - t_warm) / (double)(calls - warm));

    /* Steady state: nothing bcredist holds may differ. */
    if (at_end.bytes != at_warm.bytes || at_end.blocks != at_warm.blocks)
        FAILF("bcredist's heap grew after the warm-up: %ld B in %ld blocks, then %ld B in %ld",
              at_warm.bytes, at_warm.blocks, at_end.bytes, at_end.blocks);
    if (at_end.comms != at_warm.comms || at_end.types != at_warm.types ||
        at_end.wins != at_warm.wins || at_end.keyvals != at_warm.keyvals)
        FAILF("MPI objects grew after the warm-up: comms %ld -> %ld, datatypes %ld -> %ld, "
              "windows %ld -> %ld, keyvals %ld -> %ld", at_warm.comms, at_end.comms,
              at_warm.types, at_end.types, at_warm.wins, at_end.wins, at_warm.keyvals,
              at_end.keyvals);
    if (at_end.handles - at_warm.handles > handles_allowed(at_end.contexts - at_warm.contexts))
        FAILF("BLACS system handles grew after the warm-up: %ld -> %ld (%ld contexts made)",
              at_warm.handles, at_end.handles, at_end.contexts - at_warm.contexts);
    if (at_end.heap - at_warm.heap > HEAP_SLACK)
        FAILF("the process heap grew by %ld B after the warm-up", at_end.heap - at_warm.heap);
    /* Finalized: back to where it was before bcredist ran. */
    if (after.bytes != base.bytes || after.blocks != base.blocks)
        FAILF("bcr_finalize left %ld B in %ld blocks of bcredist's", after.bytes - base.bytes,
              after.blocks - base.blocks);
    if (after.comms != base.comms || after.types != base.types || after.wins != base.wins)
        FAILF("bcr_finalize left MPI objects: %ld comms, %ld datatypes, %ld windows",
              after.comms - base.comms, after.types - base.types, after.wins - base.wins);
    if (base.handles < 0)
        FAILF("this BLACS does not export BI_SysContxts: its handles cannot be counted");
    else if (after.handles - base.handles > handles_allowed(after.contexts))
        FAILF("bcredist left %ld BLACS system handles: %ld before the first call, %ld after "
              "bcr_finalize (%ld contexts made)", after.handles - base.handles, base.handles,
              after.handles, after.contexts);
    /* Keyvals that name grids or tag communicators stay (a few integers,
     * made once, never per call): reported, not counted as a leak. */
    if (g_rank == 0)
        printf("hygiene: %ld keyvals stay after bcr_finalize\n", after.keyvals - base.keyvals);
    if (after.pool)
        FAILF("bcr_finalize left %ld B of pooled buffers", after.pool);
    /* What stays above the start is Open MPI's and the BLACS's (free lists,
     * tables of communicators ever seen): bcredist's own is checked exactly
     * above.  Finalizing must give back, never take. */
    if (after.heap > at_end.heap)
        FAILF("the process heap grew in bcr_finalize: %ld B -> %ld B", at_end.heap, after.heap);

    for (int ln = 0; ln < LANES; ln++) {
        for (int v = 0; v < VARIANTS; v++)
            for (int k = 0; k < nc; k++) {
                tc_data_free(&w.data[ln][v][k]);
                free(w.expect[ln][v][k]);
            }
        tc_lane_free(&w.lane[ln]);
    }
    long fails;
    MPI_Allreduce(&g_fail, &fails, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (g_rank == 0)
        printf("hygiene: %s (%ld failures)\n", fails ? "FAILED" : "passed", fails);
    Cblacs_exit(1);
    MPI_Finalize();
    return fails ? 1 : 0;
}
