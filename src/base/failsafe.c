#include "base/failsafe.h"

#include <limits.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BCR_WAIT_LIMIT_DEFAULT 600.0

static _Thread_local const char *current_routine;

void bcr_failsafe_enter(const char *routine) { current_routine = routine; }

double bcr_wait_limit(void)
{
    const char *v = getenv("BCR_TIMEOUT");
    char *end;
    double s = v ? strtod(v, &end) : 0;
    if (!v || end == v || *end || s < 0)
        return BCR_WAIT_LIMIT_DEFAULT; /* unset or not a number of seconds */
    return s;
}

static int world_rank(void)
{
    int up = 0, down = 0, r = -1;
    MPI_Initialized(&up);
    MPI_Finalized(&down);
    if (up && !down)
        MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

void bcr_give_up(const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    fprintf(stderr, "bcredist: %s: process %d of MPI_COMM_WORLD: %s; aborting the job\n",
            current_routine ? current_routine : "bcredist", world_rank(), text);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 1);
    abort(); /* MPI_Abort does not return; if it did, nothing may go on */
}

/* Between two tests of what a wait waits for: the clock only now and
 * then, and a yield so that processes sharing a core with this one get on
 * with what it waits for; past the limit, give up. */
static void pause_bounded(unsigned long spin, double t0, double limit, const char *what)
{
    if (spin % 64 != 63)
        return;
    if (MPI_Wtime() - t0 > limit)
        bcr_give_up("waited %.0f s for %s (BCR_TIMEOUT); a process may have passed "
                    "another context or failed before this point", limit, what);
    sched_yield();
}

int bcr_wait_bounded(MPI_Request *req, const char *what)
{
    double limit = bcr_wait_limit();
    if (limit <= 0)
        return MPI_Wait(req, MPI_STATUS_IGNORE);
    double t0 = MPI_Wtime();
    for (unsigned long spin = 0;; spin++) {
        int done = 0;
        int rc = MPI_Test(req, &done, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || done)
            return rc;
        pause_bounded(spin, t0, limit, what);
    }
}

/* MPI takes an int count: the requests in slices of at most INT_MAX. */
static int slice_of(bcr_idx left) { return left < INT_MAX ? (int)left : INT_MAX; }

int bcr_wait_all_bounded(bcr_idx n, MPI_Request *req, const char *what)
{
    double limit = bcr_wait_limit(), t0 = MPI_Wtime();
    bcr_idx done = 0;
    for (unsigned long spin = 0; done < n; spin++) {
        int slice = slice_of(n - done), all = 0;
        int rc = limit <= 0 ? MPI_Waitall(slice, req + done, MPI_STATUSES_IGNORE)
                            : MPI_Testall(slice, req + done, &all, MPI_STATUSES_IGNORE);
        if (rc != MPI_SUCCESS)
            return rc;
        if (limit <= 0 || all)
            done += slice;
        else
            pause_bounded(spin, t0, limit, what);
    }
    return MPI_SUCCESS;
}

static atomic_int faults_on;

void bcr_faults_enable(void) { atomic_store(&faults_on, 1); }

int bcr_fault(const char *point)
{
    if (!atomic_load(&faults_on))
        return 0;
    const char *v = getenv("BCR_FAIL");
    size_t n = strlen(point);
    if (!v || strncmp(v, point, n) != 0 || v[n] != '@')
        return 0;
    if (!strcmp(v + n + 1, "all"))
        return 1;
    char *end;
    long r = strtol(v + n + 1, &end, 10);
    return end != v + n + 1 && !*end && r == world_rank();
}
