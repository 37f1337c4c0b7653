/* Watches, from outside bcredist, how it posts its messages through MPI,
 * and checks the schedule it was told to follow (plan/schedule.h).
 *
 * Set BCR_TEST_SCHEDULE_PROBE to "bounded:W", "steps" or "combine" (empty
 * or unset: the probe only passes calls through).  Through MPI's profiling interface
 * it sees every MPI_Isend and MPI_Irecv with bcredist's tag and every
 * completion, and counts a violation where
 *   bounded:W  more than W sends, or more than W receives, are posted and
 *              incomplete at once;
 *   steps      a message is posted while one of another step is
 *              incomplete, or two of one direction are in flight;
 *   combine    the job sent no message within a group to be relayed
 *              (exec/run_combine.c's header tag): nothing was combined.
 * A message's step is worked out here from the ranks ((dst - src) mod n),
 * not taken from bcredist.  At MPI_Finalize rank 0 prints the totals over
 * the job; the program then exits with status 1 if there was a violation,
 * or, with BCR_TEST_SCHEDULE_PROBE_EXPECT=violations (the probe's own
 * test: a schedule it must catch), if there was none. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BCR_TAG 7351 /* src/exec/run_exchange.c */
#define BCR_TAG_HEADER 7352 /* src/exec/run_combine.c */
#define MAX_WATCHED 4096

typedef struct {
    MPI_Request req;
    int sending, step;
} watched;

static struct {
    int on, read;
    int steps, window, combine; /* what to check */
    long long headers;          /* relay headers sent */
    watched w[MAX_WATCHED];
    int n;
    int inflight[2], peak[2];
    long long messages, violations;
    char first[160];
} probe;

static void read_setting(void)
{
    if (probe.read)
        return;
    probe.read = 1;
    const char *v = getenv("BCR_TEST_SCHEDULE_PROBE");
    if (!v || !*v)
        return;
    probe.on = 1;
    if (!strcmp(v, "steps"))
        probe.steps = 1;
    else if (!strcmp(v, "combine"))
        probe.combine = 1;
    else if (!strncmp(v, "bounded:", 8))
        probe.window = atoi(v + 8);
    if (!probe.steps && !probe.combine && probe.window < 1) {
        fprintf(stderr, "schedule probe: BCR_TEST_SCHEDULE_PROBE=%s is neither steps nor "
                        "bounded:W\n", v);
        exit(2);
    }
}

static void violation(const char *what, int sending, int step)
{
    if (probe.violations++ == 0)
        snprintf(probe.first, sizeof probe.first, "%s (%s of step %d, %d sends and %d receives "
                 "in flight)", what, sending ? "send" : "receive", step, probe.inflight[1],
                 probe.inflight[0]);
}

static void posted(MPI_Request req, int sending, int peer, MPI_Comm comm)
{
    int me, n;
    PMPI_Comm_rank(comm, &me);
    PMPI_Comm_size(comm, &n);
    int step = sending ? ((peer - me) % n + n) % n : ((me - peer) % n + n) % n;
    if (probe.steps) {
        if (probe.inflight[sending] > 0)
            violation("two messages of one direction in flight", sending, step);
        for (int i = 0; i < probe.n; i++)
            if (probe.w[i].step != step) {
                violation("posted while a message of another step is in flight", sending, step);
                break;
            }
    }
    if (probe.window && probe.inflight[sending] >= probe.window)
        violation("more messages in flight than the window", sending, step);
    if (probe.n == MAX_WATCHED) {
        fprintf(stderr, "schedule probe: more than %d messages in flight\n", MAX_WATCHED);
        exit(2);
    }
    probe.w[probe.n++] = (watched){req, sending, step};
    probe.messages++;
    if (++probe.inflight[sending] > probe.peak[sending])
        probe.peak[sending] = probe.inflight[sending];
}

/* Requests in reqs[0..n) that were watched before a completion call and
 * are MPI_REQUEST_NULL after it are complete. */
static void completed(const MPI_Request *before, const MPI_Request *after, int n)
{
    for (int k = 0; k < n; k++) {
        if (before[k] == MPI_REQUEST_NULL || after[k] != MPI_REQUEST_NULL)
            continue;
        for (int i = 0; i < probe.n; i++)
            if (probe.w[i].req == before[k]) {
                probe.inflight[probe.w[i].sending]--;
                probe.w[i] = probe.w[--probe.n];
                break;
            }
    }
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *req)
{
    read_setting();
    int rc = PMPI_Isend(buf, count, type, dest, tag, comm, req);
    if (probe.on && tag == BCR_TAG_HEADER && rc == MPI_SUCCESS)
        probe.headers++;
    if (probe.on && tag == BCR_TAG && rc == MPI_SUCCESS)
        posted(*req, 1, dest, comm);
    return rc;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request *req)
{
    read_setting();
    int rc = PMPI_Irecv(buf, count, type, source, tag, comm, req);
    if (probe.on && tag == BCR_TAG && rc == MPI_SUCCESS)
        posted(*req, 0, source, comm);
    return rc;
}

/* The completion calls bcredist makes, each watched the same way: the
 * handles copied before, compared after. */
static MPI_Request *copy_of(const MPI_Request *reqs, int n)
{
    if (!probe.on || probe.n == 0 || n <= 0)
        return NULL;
    MPI_Request *c = malloc((size_t)n * sizeof *c);
    if (c)
        memcpy(c, reqs, (size_t)n * sizeof *c);
    return c;
}

static void done_with(MPI_Request *before, const MPI_Request *after, int n)
{
    if (before)
        completed(before, after, n);
    free(before);
}

int MPI_Waitany(int n, MPI_Request reqs[], int *idx, MPI_Status *st)
{
    MPI_Request *b = copy_of(reqs, n);
    int rc = PMPI_Waitany(n, reqs, idx, st);
    done_with(b, reqs, n);
    return rc;
}

int MPI_Waitall(int n, MPI_Request reqs[], MPI_Status sts[])
{
    MPI_Request *b = copy_of(reqs, n);
    int rc = PMPI_Waitall(n, reqs, sts);
    done_with(b, reqs, n);
    return rc;
}

int MPI_Testsome(int n, MPI_Request reqs[], int *outcount, int indices[], MPI_Status sts[])
{
    MPI_Request *b = copy_of(reqs, n);
    int rc = PMPI_Testsome(n, reqs, outcount, indices, sts);
    done_with(b, reqs, n);
    return rc;
}

int MPI_Testany(int n, MPI_Request reqs[], int *idx, int *flag, MPI_Status *st)
{
    MPI_Request *b = copy_of(reqs, n);
    int rc = PMPI_Testany(n, reqs, idx, flag, st);
    done_with(b, reqs, n);
    return rc;
}

int MPI_Testall(int n, MPI_Request reqs[], int *flag, MPI_Status sts[])
{
    MPI_Request *b = copy_of(reqs, n);
    int rc = PMPI_Testall(n, reqs, flag, sts);
    done_with(b, reqs, n);
    return rc;
}

int MPI_Wait(MPI_Request *req, MPI_Status *st)
{
    MPI_Request *b = copy_of(req, 1);
    int rc = PMPI_Wait(req, st);
    done_with(b, req, 1);
    return rc;
}

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *st)
{
    MPI_Request *b = copy_of(req, 1);
    int rc = PMPI_Test(req, flag, st);
    done_with(b, req, 1);
    return rc;
}

int MPI_Finalize(void)
{
    read_setting();
    if (!probe.on)
        return PMPI_Finalize();
    long long mine[3] = {probe.messages, probe.violations, probe.headers}, all[3];
    int peak[2] = {probe.peak[1], probe.peak[0]}, most[2], rank;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Allreduce(mine, all, 3, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (probe.combine) /* some process must have sent one */
        all[1] = all[2] == 0;
    PMPI_Allreduce(peak, most, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (probe.violations)
        fprintf(stderr, "schedule probe: rank %d: %lld violations, first: %s\n", rank,
                probe.violations, probe.first);
    if (rank == 0)
        printf("schedule probe (%s): %lld messages, at most %d sends and %d receives in "
               "flight on one process, %lld relay headers, %lld violations\n",
               getenv("BCR_TEST_SCHEDULE_PROBE"), all[0], most[0], most[1], all[2], all[1]);
    fflush(stdout);
    int rc = PMPI_Finalize();
    const char *expect = getenv("BCR_TEST_SCHEDULE_PROBE_EXPECT");
    int want_violations = expect && !strcmp(expect, "violations");
    if (want_violations ? all[1] == 0 : all[1] > 0)
        exit(1);
    return rc;
}
