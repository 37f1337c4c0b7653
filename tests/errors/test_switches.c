/* The environment switches (README.md, "Environment switches") are read
 * once per call, and what a plan depends on is part of the plan cache's
 * key.
 *
 * For every switch: a call with one value, then the same call again (same
 * arguments, same arrays: the call a repeated call skips planning for)
 * with another value.  The BCR_TRACE line of each call must show the
 * effect of the value it was made with, a switch the plan depends on must
 * make the second call plan anew, and every B must be the reference
 * ScaLAPACK's, byte for byte, padding included.  Then the same call with
 * the same value once more must find its plan cached, so the key holds no
 * more than it should.
 *
 * Then calls on which processes disagree where they must not: each switch
 * that decides which messages exist or how they travel (the agreed ones,
 * docs/api.md) set differently on one process, gemr2d on some processes
 * and trmr2d on others, and two element types.  Every process must return
 * BCR_ERR_INCONSISTENT with B untouched, and none may hang.  BCR_PACK so
 * set under a cap is the job that died mid-exchange before it was agreed:
 * its rounds count packed buffers.  The switches that only change how a
 * process copies or waits (the rest) set differently on one process give
 * the reference's B.  Byte counts with units (64K, 1M) are taken; a value
 * a switch does not take, on one process, is BCR_ERR_ARGUMENT on every
 * process, naming the switch, with B untouched.
 *
 * 4 processes: A and B on one 2 x 2 grid, 2560 x 2560 doubles, blocks 64
 * -> 16 (the kr -> r generator, messages of 3.1 MiB, 9.4 MiB packed per
 * process: past the default streaming bound). */
#define _POSIX_C_SOURCE 200809L

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "mpi_check.h"
#include "scalapack_ref.h"

unsigned g_case_timeout = 60;

enum { N = 2560, NB_A = 64, NB_B = 16 };

static int grid;  /* A's and B's 2 x 2 grid */
static int ictxt; /* the call's union context, a new one per case: plans
                     are cached per union context */
static int descA[9], descB[9];
static double *A, *B, *Bref;
static size_t lenA, lenB; /* elements of the local arrays */

/* The switches every case starts from: none set but the trace. */
static const char *const all_switches[] = {
    "BCR_STRATEGY",   "BCR_GENERATOR",    "BCR_PACK",      "BCR_RECV",       "BCR_SHM",
    "BCR_SHM_MIN",    "BCR_STREAM_MIN",   "BCR_SCHEDULE",  "BCR_INFLIGHT",   "BCR_NODE_SIZE",
    "BCR_MAX_BYTES",  "BCR_UPDATE",       "BCR_STREAM_CHUNK", "BCR_KEEP_BYTES", "BCR_SHM_WAIT",
    "BCR_TIMEOUT"};

static void reset_switches(void)
{
    for (size_t k = 0; k < sizeof all_switches / sizeof *all_switches; k++)
        unsetenv(all_switches[k]);
    setenv("BCR_TRACE", "1", 1);
}

/* "NAME=value" into the environment; "NAME=" unsets it. */
static void put_switch(const char *setting)
{
    char name[64];
    const char *eq = strchr(setting, '=');
    snprintf(name, sizeof name, "%.*s", (int)(eq - setting), setting);
    if (eq[1])
        setenv(name, eq + 1, 1);
    else
        unsetenv(name);
}

static void setup(void)
{
    Cblacs_get(0, 0, &grid);
    Cblacs_gridinit(&grid, "R", 2, 2);
    mat_t a = {grid, N, N, NB_A, NB_A, 0, 0}, b = {grid, N, N, NB_B, NB_B, 0, 0};
    make_desc(descA, &a, 0);
    make_desc(descB, &b, 0);
    int pr, pc, r, c;
    grid_pos(grid, &pr, &pc, &r, &c);
    lenA = (size_t)descA[8] * (size_t)count_held(0, N, NB_A, c, 0, pc);
    lenB = (size_t)descB[8] * (size_t)count_held(0, N, NB_B, c, 0, pc);
    A = malloc(lenA * sizeof *A);
    B = malloc(lenB * sizeof *B);
    Bref = malloc(lenB * sizeof *Bref);
    if (!A || !B || !Bref) {
        fprintf(stderr, "test_switches: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (size_t i = 0; i < lenA; i++)
        A[i] = (double)(g_rank * 1000003 + (long)i) + 0.25;
    for (size_t i = 0; i < lenB; i++)
        Bref[i] = -1.5;
    Cpdgemr2d(N, N, A, 1, 1, descA, Bref, 1, 1, descB, grid);
}

/* One call of the standard case with the switches as they are now; its
 * trace line (empty when none) and whether B is the reference's. */
static int call(char *trace, size_t cap)
{
    for (size_t i = 0; i < lenB; i++)
        B[i] = -1.5;
    capture_begin();
    bcr_pdgemr2d(N, N, A, 1, 1, descA, B, 1, 1, descB, ictxt);
    capture_end(trace, cap);
    const char *msg;
    int code = bcr_last_error(&msg);
    CHECK(code == BCR_SUCCESS, "the call failed: %s", msg);
    size_t bad = 0;
    for (size_t i = 0; i < lenB; i++)
        bad += memcmp(&B[i], &Bref[i], sizeof *B) != 0;
    CHECK(bad == 0, "%zu elements of B differ from the reference's", bad);
    return bad == 0;
}

typedef struct {
    const char *fixed[3];  /* set for both calls */
    const char *first;     /* the switch as the first call sees it */
    const char *second;    /* and as the second */
    const char *want1;     /* in the first call's trace line */
    const char *want2;     /* in the second's (NULL: no line at all) */
    int replans;           /* the plan depends on the switch */
} switch_case;

static const switch_case cases[] = {
    {{NULL}, "BCR_STRATEGY=direct", "BCR_STRATEGY=indirect", "strategy direct",
     "strategy indirect", 1},
    {{NULL}, "BCR_STRATEGY=indirect", "BCR_STRATEGY=transposed", "strategy indirect",
     "strategy transposed", 1},
    {{NULL}, "BCR_GENERATOR=", "BCR_GENERATOR=general", "rows kr_to_r, cols kr_to_r",
     "rows general, cols general", 1},
    {{"BCR_SHM=off"}, "BCR_PACK=datatype", "BCR_PACK=buffer",
     "mpi messages 0 in place 6 datatypes 0 packed",
     "mpi messages 0 in place 0 datatypes 6 packed", 1},
    {{NULL}, "BCR_RECV=", "BCR_RECV=sync", "receive async", "receive sync", 0},
    {{"BCR_SHM=off"}, "BCR_SCHEDULE=", "BCR_SCHEDULE=steps", "schedule all,",
     "schedule steps,", 0},
    {{"BCR_SHM=off", "BCR_SCHEDULE=bounded"}, "BCR_INFLIGHT=", "BCR_INFLIGHT=2",
     "schedule bounded 256,", "schedule bounded 2,", 0},
    {{NULL}, "BCR_SHM=", "BCR_SHM=off", "transport shm", "transport mpi", 1},
    /* BCR_NODE_SIZE is read at a communicator's first call: fixed. */
    {{"BCR_SHM=all", "BCR_SHM_MIN=0", "BCR_NODE_SIZE=1"}, "BCR_RECV=", "BCR_RECV=sync",
     "transport mpi", "transport mpi", 0},
    {{"BCR_SHM=all", "BCR_SHM_MIN=0", "BCR_NODE_SIZE=4"}, "BCR_RECV=", "BCR_RECV=sync",
     "transport shm", "transport shm", 0},
    {{NULL}, "BCR_SHM_MIN=0", "BCR_SHM_MIN=1099511627776", "transport shm", "transport mpi",
     1},
    {{NULL}, "BCR_STREAM_MIN=-1", "BCR_STREAM_MIN=0", "pack stores plain",
     "pack stores streaming", 1},
    {{NULL}, "BCR_STREAM_MIN=", "BCR_STREAM_MIN=-1", "pack stores streaming",
     "pack stores plain", 1},
    {{NULL}, "BCR_TRACE=1", "BCR_TRACE=0", "bcr_trace: bcr_pdgemr2d", NULL, 0},
};

static void check_line(const char *trace, const char *want, const char *which)
{
    if (want)
        CHECK(strstr(trace, want) != NULL, "%s call: trace \"%s\" lacks \"%s\"", which, trace,
              want);
    else
        CHECK(trace[0] == '\0', "%s call: a trace line \"%s\" although BCR_TRACE=0", which,
              trace);
}

static void new_union_context(void)
{
    Cblacs_get(0, 0, &ictxt);
    Cblacs_gridinit(&ictxt, "R", 1, 4);
}

static void switch_changes(const switch_case *sc)
{
    begin_case("%s then %s", sc->first, sc->second);
    new_union_context();
    reset_switches();
    for (int k = 0; k < 3 && sc->fixed[k]; k++)
        put_switch(sc->fixed[k]);
    char t1[OUT_MAX], t2[OUT_MAX], t3[OUT_MAX];
    put_switch(sc->first);
    /* A context's first call goes through MPI whatever the switches
     * (exec/shm.h): the traced calls come after it. */
    call(t1, sizeof t1);
    call(t1, sizeof t1);
    check_line(t1, sc->want1, "first");
    put_switch(sc->second);
    call(t2, sizeof t2);
    check_line(t2, sc->want2, "second");
    if (sc->want2 && sc->replans)
        CHECK(strstr(t2, "plan new") != NULL, "the second call did not plan anew: \"%s\"", t2);
    if (sc->want2) {
        call(t3, sizeof t3);
        check_line(t3, sc->want2, "third");
        CHECK(strstr(t3, "plan cached") != NULL,
              "the same call with the same switches planned anew: \"%s\"", t3);
    }
    Cblacs_gridexit(ictxt);
    end_case();
}

/* B untouched and the error on every process. */
static void expect_inconsistent(const char *detail)
{
    const char *msg;
    int code = bcr_last_error(&msg);
    CHECK(code == BCR_ERR_INCONSISTENT, "code %d, expected BCR_ERR_INCONSISTENT; \"%s\"", code,
          msg);
    CHECK(strstr(msg, detail) != NULL, "message \"%s\" lacks \"%s\"", msg, detail);
    size_t touched = 0;
    for (size_t i = 0; i < lenB; i++)
        touched += B[i] != -1.5;
    CHECK(touched == 0, "%zu elements of B were written", touched);
}

static void switch_disagrees(const char *mine, const char *others, const char *name)
{
    begin_case("%s on rank 1, %s elsewhere", mine, others);
    reset_switches();
    unsetenv("BCR_TRACE");
    put_switch(g_rank == 1 ? mine : others);
    if (!strcmp(name, "BCR_PACK")) /* rounds whose size depends on it */
        put_switch("BCR_MAX_BYTES=8M");
    for (size_t i = 0; i < lenB; i++)
        B[i] = -1.5;
    char out[OUT_MAX];
    capture_begin();
    bcr_pdgemr2d(N, N, A, 1, 1, descA, B, 1, 1, descB, grid);
    capture_end(out, sizeof out);
    char detail[128];
    snprintf(detail, sizeof detail, "processes disagree on the environment switch %s", name);
    expect_inconsistent(detail);
    end_case();
}

/* A switch that only changes how a process copies or waits, set
 * differently on rank 1 (fixed: set on all): B is the reference's. */
static void switch_mixes(const char *fixed, const char *mine, const char *others)
{
    begin_case("%s on rank 1, %s elsewhere%s%s", mine, others, fixed ? ", with " : "",
               fixed ? fixed : "");
    new_union_context();
    reset_switches();
    unsetenv("BCR_TRACE");
    if (fixed)
        put_switch(fixed);
    put_switch(g_rank == 1 ? mine : others);
    char out[OUT_MAX];
    for (int k = 0; k < 3; k++) /* through MPI, then through segments, repeated */
        call(out, sizeof out);
    Cblacs_gridexit(ictxt);
    end_case();
}

/* A value the switch does not take, on rank 2 only. */
static void switch_malformed(const char *setting)
{
    begin_case("%s on rank 2", setting);
    reset_switches();
    unsetenv("BCR_TRACE");
    if (g_rank == 2)
        put_switch(setting);
    for (size_t i = 0; i < lenB; i++)
        B[i] = -1.5;
    char out[OUT_MAX];
    capture_begin();
    bcr_pdgemr2d(N, N, A, 1, 1, descA, B, 1, 1, descB, grid);
    capture_end(out, sizeof out);
    const char *msg;
    int code = bcr_last_error(&msg);
    CHECK(code == BCR_ERR_ARGUMENT, "code %d, expected BCR_ERR_ARGUMENT; \"%s\"", code, msg);
    char want[96];
    snprintf(want, sizeof want, "environment switch %s", setting);
    CHECK(strstr(msg, want) != NULL, "message \"%s\" lacks \"%s\"", msg, want);
    CHECK(strstr(out, want) != NULL, "stderr \"%s\" lacks \"%s\"", out, want);
    size_t touched = 0;
    for (size_t i = 0; i < lenB; i++)
        touched += B[i] != -1.5;
    CHECK(touched == 0, "%zu elements of B were written", touched);
    end_case();
}

static void routines_differ(void)
{
    begin_case("gemr2d on rank 0, trmr2d elsewhere");
    reset_switches();
    unsetenv("BCR_TRACE");
    for (size_t i = 0; i < lenB; i++)
        B[i] = -1.5;
    char out[OUT_MAX];
    capture_begin();
    if (g_rank == 0)
        bcr_pdgemr2d(N, N, A, 1, 1, descA, B, 1, 1, descB, grid);
    else
        bcr_pdtrmr2d("L", "N", N, N, A, 1, 1, descA, B, 1, 1, descB, grid);
    capture_end(out, sizeof out);
    expect_inconsistent("processes called different routines");
    end_case();

    begin_case("single on rank 2, double elsewhere");
    for (size_t i = 0; i < lenB; i++)
        B[i] = -1.5;
    capture_begin();
    if (g_rank == 2)
        bcr_psgemr2d(N / 2, N, (const float *)A, 1, 1, descA, (float *)B, 1, 1, descB, grid);
    else
        bcr_pdgemr2d(N / 2, N, A, 1, 1, descA, B, 1, 1, descB, grid);
    capture_end(out, sizeof out);
    expect_inconsistent("processes called routines of different types");
    end_case();
}

int main(int argc, char **argv)
{
    mpi_check_init(&argc, &argv);
    if (g_size != 4) {
        if (g_rank == 0)
            fprintf(stderr, "test_switches: run with 4 processes\n");
        MPI_Finalize();
        return 2;
    }
    setup();
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
        switch_changes(&cases[k]);
    switch_disagrees("BCR_STRATEGY=indirect", "BCR_STRATEGY=direct", "BCR_STRATEGY");
    switch_disagrees("BCR_SHM=off", "BCR_SHM=all", "BCR_SHM");
    switch_disagrees("BCR_SHM_MIN=0", "BCR_SHM_MIN=65536", "BCR_SHM_MIN");
    switch_disagrees("BCR_SCHEDULE=combine", "BCR_SCHEDULE=", "BCR_SCHEDULE");
    switch_disagrees("BCR_PACK=buffer", "BCR_PACK=datatype", "BCR_PACK");
    switch_disagrees("BCR_MAX_BYTES=4M", "BCR_MAX_BYTES=", "BCR_MAX_BYTES");
    switch_disagrees("BCR_UPDATE=staged", "BCR_UPDATE=", "BCR_UPDATE");
    switch_disagrees("BCR_STREAM_CHUNK=64K", "BCR_STREAM_CHUNK=", "BCR_STREAM_CHUNK");
    switch_mixes(NULL, "BCR_GENERATOR=general", "BCR_GENERATOR=");
    switch_mixes(NULL, "BCR_RECV=sync", "BCR_RECV=");
    switch_mixes("BCR_SHM=off", "BCR_SCHEDULE=auto", "BCR_SCHEDULE=");
    switch_mixes("BCR_SCHEDULE=bounded", "BCR_INFLIGHT=1", "BCR_INFLIGHT=");
    switch_mixes(NULL, "BCR_STREAM_MIN=0", "BCR_STREAM_MIN=-1");
    switch_mixes(NULL, "BCR_KEEP_BYTES=0", "BCR_KEEP_BYTES=");
    switch_mixes("BCR_SHM=all", "BCR_SHM_WAIT=poll", "BCR_SHM_WAIT=futex");
    switch_mixes("BCR_SHM=all", "BCR_NODE_SIZE=1", "BCR_NODE_SIZE=2");
    switch_mixes(NULL, "BCR_TIMEOUT=30", "BCR_TIMEOUT=");
    switch_mixes(NULL, "BCR_TRACE=1", "BCR_TRACE=0");
    switch_mixes("BCR_MAX_BYTES=1MiB", "BCR_KEEP_BYTES=64M", "BCR_KEEP_BYTES=67108864");
    switch_malformed("BCR_KEEP_BYTES=abc");
    switch_malformed("BCR_MAX_BYTES=-5");
    switch_malformed("BCR_SHM_MIN=12Q");
    switch_malformed("BCR_STREAM_CHUNK=0");
    switch_malformed("BCR_INFLIGHT=2K");
    switch_malformed("BCR_STRATEGY=fast");
    switch_malformed("BCR_SHM=yes");
    switch_malformed("BCR_TIMEOUT=nan");
    switch_malformed("BCR_NODE_SIZE=0");
    routines_differ();
    int failed = finish_checks("switches");
    free(A);
    free(B);
    free(Bref);
    Cblacs_gridexit(grid);
    MPI_Finalize();
    return failed;
}
