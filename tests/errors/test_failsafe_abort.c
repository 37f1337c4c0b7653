/* No process waits forever for one that failed (src/base/failsafe.h):
 * where the processes cannot agree, the job ends.
 *
 * A process that never joins a call (it passed another ictxt), or that
 * fails or stops in the middle of an exchange, cannot tell the others,
 * which wait for it inside the call.  Those waits end: a process whose
 * exchange fails aborts the job at once, saying so; one that waits longer
 * than BCR_TIMEOUT seconds for others aborts it, saying what it waited
 * for.  This program only makes the situation; failsafe_check.cmake runs
 * it and checks how the job ended (its exit status, each process's
 * messages, how long it took).  The program prints "FAIL ..." where it
 * sees a call return that must not (such a process goes on to the end, so
 * the job exits 0, which fails the test as well).
 *
 *   mpiexec -n 4 bcr_test_failsafe_abort MODE
 *
 *   ictxt-fresh  rank 3 passes ictxt = 12345 (no BLACS context), the others
 *                a fresh 2 x 2 context: rank 3 must get its argument error
 *                at once, the others wait in the context's communicator
 *                duplicate (run with BCR_TIMEOUT);
 *   ictxt-used   the same on a context already used (a call checked
 *                against ScaLAPACK first): the others wait in the
 *                agreement;
 *   shm-offset   a call checked against ScaLAPACK, then the same call with
 *                BCR_FAIL=shm_offset@0: process 0 publishes its parts at an
 *                offset past its segment's end, as a file that is no
 *                segment of bcredist's would say; its readers refuse it and
 *                end the job, while process 0 itself may return and wait
 *                (run with BCR_SHM=all);
 *   exchange     a call checked against ScaLAPACK, then the same call with
 *                BCR_FAIL=exchange@0: process 0's exchange fails as an MPI
 *                error would, and it aborts the job; the others wait for
 *                its parts (run with BCR_SHM=all or off to choose shared
 *                counters or MPI receives).
 *
 * bcr_test_failsafe_stop, built from this file with FS_STOP_IN_SHM and
 * -Wl,--wrap=bcr_counter_bump, has the mode
 *   stop         a call checked against ScaLAPACK, then the same call in
 *                which process 0 stops (SIGSTOP) just before it publishes
 *                its first part in shared memory: it neither fails nor
 *                aborts, and the others wait on its shared counters until
 *                BCR_TIMEOUT (run with BCR_SHM=all);
 *   stop-mpi     the same, the transport MPI alone (run with BCR_SHM=off),
 *                process 0 stopping just before its first MPI_Isend of the
 *                call (-Wl,--wrap=MPI_Isend as well): the others wait for
 *                its messages in MPI until BCR_TIMEOUT;
 *   stop-plan    a plan made and run once on every process, then started
 *                again, process 0 stopping just before its first MPI_Isend
 *                of the run: the others, having started it, wait for its
 *                messages in bcr_plan_wait (the only plan in flight, which
 *                waits in MPI) until BCR_TIMEOUT.
 *
 * Every call runs under the freeing harness's watchdog (freeing.h): a call
 * that hangs past it prints "TIMEOUT: ..." and exits with status 1. */
#define _POSIX_C_SOURCE 200809L

#include <bcredist.h>
#include <mpi.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "freeing.h"

void bcr_faults_enable(void); /* libbcredist's, for tests only */

#define M 515
#define N 387
#define BAD_ICTXT 12345
#define FS_QUICK 20 /* seconds: an error found locally returns in milliseconds */

#ifdef FS_STOP_IN_SHM
/* The library's shm.c bumps a counter of the shared segment to publish a
 * part and to say it has read one; with --wrap its calls come here. */
typedef struct bcr_counter bcr_counter;
void __real_bcr_counter_bump(bcr_counter *c);
void __wrap_bcr_counter_bump(bcr_counter *c);
static volatile int stop_armed;

void __wrap_bcr_counter_bump(bcr_counter *c)
{
    if (stop_armed) {
        stop_armed = 0;
        printf("rank %d: stops (SIGSTOP) before its first counter bump of the call\n",
               fr_rank);
        fflush(stdout);
        raise(SIGSTOP);
        /* Open MPI continues a stopped process (SIGCONT) before it
         * terminates it: this one must still never go on. */
        for (;;)
            pause();
    }
    __real_bcr_counter_bump(c);
}

/* bcredist's sends come here too: process 0 stops at its first one once
 * armed. */
int __real_MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                     MPI_Comm comm, MPI_Request *req);
int __wrap_MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                     MPI_Comm comm, MPI_Request *req);
static volatile int isend_stop_armed;

int __wrap_MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag,
                     MPI_Comm comm, MPI_Request *req)
{
    if (isend_stop_armed) {
        isend_stop_armed = 0;
        printf("rank %d: stops (SIGSTOP) before its first MPI_Isend of the call\n", fr_rank);
        fflush(stdout);
        raise(SIGSTOP);
        for (;;)
            pause();
    }
    return __real_MPI_Isend(buf, count, type, dest, tag, comm, req);
}
#endif

typedef struct {
    fr_array a, b;
} fs_arrays;

static void arrays_make(fs_arrays *x, const fr_grid *g)
{
    if (fr_array_make(&x->a, 'd', g, M, N, 32, 24) || fr_array_make(&x->b, 'd', g, M, N, 8, 16))
        MPI_Abort(MPI_COMM_WORLD, 2);
    fr_array_fill(&x->a, 1);
    fr_array_sentinel(&x->b);
}

/* A call that must not return on this process: after one the program goes
 * on to its end, and the job exits 0. */
static void call_never_returns(fs_arrays *x, int ictxt, const char *what)
{
    printf("rank %d: enters %s\n", fr_rank, what);
    fr_step(FR_CALL_LIMIT, "%s", what);
    fr_call(0, NULL, NULL, M, N, &x->a, &x->b, ictxt);
    fr_step_done();
    const char *msg;
    int code = bcr_last_error(&msg);
    fr_fail("returned (error %d: %s), though the job should have ended", code, msg);
}

#ifndef FS_STOP_IN_SHM
/* A call that may return on this process (its own parts came right), after
 * which it waits for the others, who must end the job. */
static void call_then_wait(fs_arrays *x, int ictxt, const char *what)
{
    fr_step(FR_CALL_LIMIT, "%s", what);
    fr_call(0, NULL, NULL, M, N, &x->a, &x->b, ictxt);
    fr_step_done();
    fr_step(FR_CALL_LIMIT, "waiting in MPI_Barrier for the others to end the job");
    MPI_Barrier(MPI_COMM_WORLD);
    fr_step_done();
    fr_fail("the barrier completed: the others returned from their call");
}
#endif

/* Rank 3 passes a handle that is no context; the others wait for it. */
static void bad_ictxt_on_rank_3(fs_arrays *x, const fr_grid *g)
{
    if (fr_rank != 3) {
        call_never_returns(x, g->ctxt, "bcr_pdgemr2d, rank 3 passing another ictxt");
        return;
    }
    fr_step(FR_CALL_LIMIT, "bcr_pdgemr2d with ictxt = %d", BAD_ICTXT);
    double t0 = MPI_Wtime();
    fr_call(0, NULL, NULL, M, N, &x->a, &x->b, BAD_ICTXT);
    double s = MPI_Wtime() - t0;
    fr_step_done();
    const char *msg;
    int code = bcr_last_error(&msg);
    FR_CHECK(code == BCR_ERR_ARGUMENT, "error %d, expected BCR_ERR_ARGUMENT: %s", code, msg);
    FR_CHECK(strstr(msg, "ictxt = 12345 is not a BLACS context") != NULL,
             "the message does not say the ictxt is no context: %s", msg);
    FR_CHECK(s < FS_QUICK, "it took %.1f s to return", s);
    printf("rank 3: returned in %.3f s, error %d: %s\n", s, code, msg);
    /* The others never come: this waits until they abort the job. */
    fr_step(FR_CALL_LIMIT, "waiting in MPI_Barrier for the others to end the job");
    MPI_Barrier(MPI_COMM_WORLD);
    fr_step_done();
    fr_fail("the barrier completed: the others returned from their call");
}

#ifdef FS_STOP_IN_SHM
/* A plan run once on every process, then started again with process 0
 * stopping at its first send: the others' bcr_plan_wait must not return. */
static void plan_stops(fs_arrays *x, const fr_grid *g)
{
    bcr_plan_t p = bcr_plan_create('d', NULL, NULL, M, N, 1, 1, x->a.desc, 1, 1, x->b.desc,
                                   g->ctxt);
    FR_CHECK(p != NULL, "bcr_plan_create failed");
    fr_step(FR_CALL_LIMIT, "bcr_plan_execute, the plan's first run");
    FR_CHECK(bcr_plan_execute(p, x->a.p, x->b.p) == BCR_SUCCESS, "the first run failed");
    fr_step_done();
    isend_stop_armed = fr_rank == 0;
    printf("rank %d: enters bcr_plan_start and bcr_plan_wait\n", fr_rank);
    fr_step(FR_CALL_LIMIT, "bcr_plan_start and bcr_plan_wait with process 0 stopping");
    FR_CHECK(bcr_plan_start(p, x->a.p, x->b.p) == BCR_SUCCESS, "bcr_plan_start failed");
    bcr_plan_wait(p);
    fr_step_done();
    fr_fail("bcr_plan_wait returned, though the job should have ended");
}
#endif

int main(int argc, char **argv)
{
    fr_init(&argc, &argv, 4, "failsafe_abort");
    const char *mode = argc > 1 ? argv[1] : "";
    unsetenv("BCR_FAIL"); /* only this program's own settings count */
    bcr_faults_enable();  /* BCR_FAIL counts in this program (base/failsafe.h) */
    fr_grid g = fr_grid_init("Row", 2, 2);
    fs_arrays x;
    arrays_make(&x, &g);

    if (!strcmp(mode, "ictxt-fresh")) {
        bad_ictxt_on_rank_3(&x, &g);
    } else if (!strcmp(mode, "ictxt-used")) {
        fr_redistribute("bcr_pdgemr2d on the context, checked", 'd', NULL, NULL, M, N, &g, 32,
                        24, &g, 8, 16, g.ctxt, 1);
        bad_ictxt_on_rank_3(&x, &g);
#ifdef FS_STOP_IN_SHM
    } else if (!strcmp(mode, "stop-mpi")) {
        fr_redistribute("bcr_pdgemr2d on the context, checked", 'd', NULL, NULL, M, N, &g, 32,
                        24, &g, 8, 16, g.ctxt, 1);
        isend_stop_armed = fr_rank == 0;
        call_never_returns(&x, g.ctxt, "bcr_pdgemr2d with process 0 stopping in it");
    } else if (!strcmp(mode, "stop-plan")) {
        plan_stops(&x, &g);
    } else if (!strcmp(mode, "stop")) {
        fr_redistribute("bcr_pdgemr2d on the context, checked", 'd', NULL, NULL, M, N, &g, 32,
                        24, &g, 8, 16, g.ctxt, 1);
        stop_armed = fr_rank == 0;
        call_never_returns(&x, g.ctxt, "bcr_pdgemr2d with process 0 stopping in it");
#else
    } else if (!strcmp(mode, "shm-offset")) {
        fr_redistribute("bcr_pdgemr2d on the context, checked", 'd', NULL, NULL, M, N, &g, 32,
                        24, &g, 8, 16, g.ctxt, 1);
        setenv("BCR_FAIL", "shm_offset@0", 1);
        if (fr_rank != 0)
            call_never_returns(&x, g.ctxt, "bcr_pdgemr2d with BCR_FAIL=shm_offset@0");
        else
            call_then_wait(&x, g.ctxt, "bcr_pdgemr2d, publishing at a bad offset");
    } else if (!strcmp(mode, "exchange")) {
        fr_redistribute("bcr_pdgemr2d on the context, checked", 'd', NULL, NULL, M, N, &g, 32,
                        24, &g, 8, 16, g.ctxt, 1);
        setenv("BCR_FAIL", "exchange@0", 1);
        /* Every process holds part of B that comes from process 0's part of
         * A (blocks 32 x 24 to 8 x 16): none can finish without it. */
        call_never_returns(&x, g.ctxt, "bcr_pdgemr2d with BCR_FAIL=exchange@0");
#endif
    } else {
        if (fr_rank == 0)
            printf("usage: %s MODE (see its source)\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    fr_array_free(&x.a);
    fr_array_free(&x.b);
    fr_finish();
    MPI_Finalize();
    return 0; /* the job was to end before: failsafe_check.cmake fails on 0 */
}
