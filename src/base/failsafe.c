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

/* MPICH defines MPI_STATUSES_IGNORE as (MPI_Status *)1, which GCC 11 and
 * later take for an array of no elements where MPI_Testall declares an
 * array of statuses, and warn of an overflow (pmodels/mpich#5687).
 * Nothing is written through it. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
static int test_all(int n, MPI_Request *req, int *all)
{
    return MPI_Testall(n, req, all, MPI_STATUSES_IGNORE);
}

static int wait_all(int n, MPI_Request *req) { return MPI_Waitall(n, req, MPI_STATUSES_IGNORE); }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/* One of the waits below: MPI's test, n requests at req, the index that
 * completed (any) or 1 when all did (all). */
typedef struct {
    int n, any, index;
    MPI_Request *req;
} wait_what;

static int test_once(wait_what *w, int *done)
{
    if (w->any)
        return MPI_Testany(w->n, w->req, &w->index, done, MPI_STATUS_IGNORE);
    return test_all(w->n, w->req, done);
}

static int block(wait_what *w)
{
    if (w->any)
        return MPI_Waitany(w->n, w->req, &w->index, MPI_STATUS_IGNORE);
    return wait_all(w->n, w->req);
}

/* MPI's wait with the limit: polling, the clock looked at now and then,
 * yielding so that processes sharing a core with this one get on with
 * what it waits for. */
static int wait_limited(wait_what *w, const char *what)
{
    double limit = bcr_wait_limit();
    if (limit <= 0)
        return block(w);
    double t0 = MPI_Wtime();
    for (unsigned long spin = 0;; spin++) {
        int done = 0;
        int rc = test_once(w, &done);
        if (rc != MPI_SUCCESS || done)
            return rc;
        if (spin % 64 == 63) {
            if (MPI_Wtime() - t0 > limit)
                bcr_give_up("waited %.0f s for %s (BCR_TIMEOUT); a process may have passed "
                            "another context or failed before this point", limit, what);
            sched_yield();
        }
    }
}

int bcr_wait_bounded(MPI_Request *req, const char *what)
{
    wait_what w = {1, 0, 0, req};
    return wait_limited(&w, what);
}

int bcr_waitany_bounded(int n, MPI_Request *req, int *index, const char *what)
{
    wait_what w = {n, 1, MPI_UNDEFINED, req};
    int rc = wait_limited(&w, what);
    *index = w.index;
    return rc;
}

int bcr_waitall_bounded(bcr_idx n, MPI_Request *req, const char *what)
{
    /* MPI takes an int count: the requests in slices of at most INT_MAX,
     * the limit counted for each. */
    for (bcr_idx done = 0; done < n;) {
        int slice = n - done < INT_MAX ? (int)(n - done) : INT_MAX;
        wait_what w = {slice, 0, 0, req + done};
        int rc = wait_limited(&w, what);
        if (rc != MPI_SUCCESS)
            return rc;
        done += slice;
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
