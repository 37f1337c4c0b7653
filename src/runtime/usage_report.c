#include "runtime/usage_report.h"

#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/failsafe.h"
#include "base/usage.h"
#include "bcredist.h"

enum { ARMED_NONE, ARMED_JOB, ARMED_LOCAL };

static pthread_mutex_t arm_lock = PTHREAD_MUTEX_INITIALIZER;
static int armed = ARMED_NONE, begun;
static int keyval = MPI_KEYVAL_INVALID;
static MPI_Comm job_comm = MPI_COMM_NULL;

/* ------------------------------------------------------------------ */
/* Merging the processes' tables: calls and times as the most on one
 * process, bytes summed, the peak as the most with its rank. */

static void merge_rows(const bcr_usage_row *in, int nin, bcr_usage_row *out, int *nout)
{
    for (int i = 0; i < nin; i++) {
        bcr_usage_row *o = bcr_usage_row_of(out, nout, in[i].name);
        const bcr_usage_row *r = &in[i];
        o->calls = r->calls > o->calls ? r->calls : o->calls;
        o->first = r->first > o->first ? r->first : o->first;
        o->seconds = r->seconds > o->seconds ? r->seconds : o->seconds;
        o->local += r->local;
        o->shm += r->shm;
        o->mpi += r->mpi;
    }
}

static void merge_tables(void *invec, void *inoutvec, int *len, MPI_Datatype *type)
{
    (void)type;
    const bcr_usage_table *in = invec;
    bcr_usage_table *out = inoutvec;
    for (int t = 0; t < *len; t++, in++, out++) {
        merge_rows(in->rows, in->nrows, out->rows, &out->nrows);
        merge_rows(in->routed, in->nrouted, out->routed, &out->nrouted);
        out->plans_made = in->plans_made > out->plans_made ? in->plans_made : out->plans_made;
        out->plans_reused =
            in->plans_reused > out->plans_reused ? in->plans_reused : out->plans_reused;
        out->seconds_all += in->seconds_all;
        out->procs += in->procs;
        if (in->seconds > out->seconds)
            out->seconds = in->seconds;
        if (in->peak > out->peak || (in->peak == out->peak && in->peak_rank < out->peak_rank)) {
            out->peak = in->peak;
            out->peak_rank = in->peak_rank;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Printing */

static int by_name(const void *x, const void *y)
{
    return strcmp(((const bcr_usage_row *)x)->name, ((const bcr_usage_row *)y)->name);
}

/* bytes in at most 10 characters, in the largest unit that keeps a
 * digit before the point. */
static const char *amount(double bytes, char buf[16])
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (bytes >= 1024.0 && u < 4) {
        bytes /= 1024.0;
        u++;
    }
    snprintf(buf, 16, u ? "%.1f %s" : "%.0f %s", bytes, units[u]);
    return buf;
}

static void print_table(FILE *f, bcr_usage_table *t, int rank)
{
    qsort(t->rows, (size_t)t->nrows, sizeof *t->rows, by_name);
    qsort(t->routed, (size_t)t->nrouted, sizeof *t->routed, by_name);
    if (rank < 0)
        fprintf(f, "bcredist usage (BCR_STATS): %.0f processes\n", t->procs);
    else
        fprintf(f, "bcredist usage (BCR_STATS): process %d of MPI_COMM_WORLD only "
                   "(bcr_stats_begin was not called)\n", rank);
    fprintf(f, "  time inside bcredist: %.3f s on the busiest process, %.3f s on all\n",
            t->seconds, t->seconds_all);
    char b[3][16];
    fprintf(f, "  plans: %.0f made, %.0f reused; peak extra memory %s (process %.0f)\n",
            t->plans_made, t->plans_reused, amount(t->peak, b[0]), t->peak_rank);
    fprintf(f, "  %-22s %7s %6s %11s %11s %11s %9s %9s\n", "routine", "calls", "first",
            "local", "shm", "MPI", "time s", "ms/call");
    for (int k = 0; k < t->nrows; k++) {
        const bcr_usage_row *r = &t->rows[k];
        fprintf(f, "  %-22s %7.0f %6.0f %11s %11s %11s %9.3f %9.3f\n", r->name, r->calls,
                r->first, amount(r->local, b[0]), amount(r->shm, b[1]), amount(r->mpi, b[2]),
                r->seconds, r->calls > 0 ? 1e3 * r->seconds / r->calls : 0.0);
    }
    if (t->nrouted)
        fprintf(f, "  routed by the drop-in (calls):\n");
    for (int k = 0; k < t->nrouted; k++)
        fprintf(f, "    %-34s %7.0f\n", t->routed[k].name, t->routed[k].calls);
    fprintf(f, "  calls, first calls (those that made a plan), plans and times: the most on "
               "one process; bytes: sent by all processes\n");
}

/* Where the report goes: stderr for BCR_STATS=1, else the file it names
 * (with ".RANK" for a process's own report). */
static void emit(bcr_usage_table *t, int rank)
{
    const char *v = getenv("BCR_STATS");
    FILE *f = stderr;
    if (v && strcmp(v, "1") != 0) {
        char path[4096];
        if (rank >= 0)
            snprintf(path, sizeof path, "%s.%d", v, rank);
        else
            snprintf(path, sizeof path, "%s", v);
        f = fopen(path, "w");
        if (!f) {
            fprintf(stderr, "bcredist: BCR_STATS: cannot write %s; the report follows here\n",
                    path);
            f = stderr;
        }
    }
    print_table(f, t, rank);
    if (f != stderr)
        fclose(f);
    else
        fflush(f);
}

static void own_table(bcr_usage_table *t, int rank)
{
    bcr_usage_snapshot(t);
    t->procs = 1;
    t->seconds_all = t->seconds;
    t->peak_rank = rank;
}

/* ------------------------------------------------------------------ */
/* At MPI_Finalize */

static void report_job(void)
{
    int rank;
    MPI_Comm_rank(job_comm, &rank);
    bcr_usage_table *mine = malloc(sizeof *mine), *all = malloc(sizeof *all);
    int ok = mine && all, every = 0;
    MPI_Request req;
    /* Every process must take part in the reduction, so a process short of
     * memory says so first and then no process reduces. */
    if (MPI_Iallreduce(&ok, &every, 1, MPI_INT, MPI_MIN, job_comm, &req) == MPI_SUCCESS &&
        bcr_wait_bounded(&req, "the other processes' usage report") == MPI_SUCCESS && every) {
        own_table(mine, rank);
        MPI_Datatype type;
        MPI_Op op;
        MPI_Type_contiguous((int)sizeof *mine, MPI_BYTE, &type);
        MPI_Type_commit(&type);
        MPI_Op_create(merge_tables, 1, &op);
        if (MPI_Ireduce(mine, all, 1, type, op, 0, job_comm, &req) == MPI_SUCCESS &&
            bcr_wait_bounded(&req, "the other processes' usage report") == MPI_SUCCESS &&
            rank == 0)
            emit(all, -1);
        MPI_Op_free(&op);
        MPI_Type_free(&type);
    } else if (rank == 0) {
        fprintf(stderr, "bcredist: BCR_STATS: out of memory for the usage report\n");
    }
    free(mine);
    free(all);
    MPI_Comm_free(&job_comm);
}

static void report_own(void)
{
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    bcr_usage_table *t = malloc(sizeof *t);
    if (!t)
        return;
    own_table(t, rank);
    emit(t, rank);
    free(t);
}

static int at_finalize(MPI_Comm comm, int key, void *val, void *extra)
{
    (void)comm;
    (void)key;
    (void)val;
    (void)extra;
    pthread_mutex_lock(&arm_lock);
    int was = armed, k = keyval;
    armed = ARMED_NONE;
    keyval = MPI_KEYVAL_INVALID;
    pthread_mutex_unlock(&arm_lock);
    /* MPI frees it once this attribute is gone. */
    if (k != MPI_KEYVAL_INVALID)
        MPI_Comm_free_keyval(&k);
    if (was == ARMED_JOB)
        report_job();
    else if (was == ARMED_LOCAL && bcr_usage_on) /* counting may have been turned off */
        report_own();
    return MPI_SUCCESS;
}

/* Under arm_lock. */
static int set_hook(void)
{
    if (keyval == MPI_KEYVAL_INVALID &&
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &keyval, NULL) != MPI_SUCCESS)
        return BCR_ERR_MPI;
    return MPI_Comm_set_attr(MPI_COMM_SELF, keyval, NULL) == MPI_SUCCESS ? BCR_SUCCESS
                                                                         : BCR_ERR_MPI;
}

void bcr_usage_report_arm(void)
{
    if (!bcr_usage_on)
        return;
    pthread_mutex_lock(&arm_lock);
    if (armed == ARMED_NONE && !begun && set_hook() == BCR_SUCCESS)
        armed = ARMED_LOCAL;
    pthread_mutex_unlock(&arm_lock);
}

int bcr_stats_begin(void)
{
    pthread_mutex_lock(&arm_lock);
    int again = begun;
    begun = 1;
    pthread_mutex_unlock(&arm_lock);
    if (again)
        return BCR_SUCCESS;
    /* Whether BCR_STATS is set travels: all must come to the reduction at
     * MPI_Finalize, or none. */
    int want = bcr_usage_wanted(), votes[2] = {want, !want}, all[2] = {0, 0};
    MPI_Request req;
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (MPI_Iallreduce(votes, all, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req) != MPI_SUCCESS ||
        bcr_wait_bounded(&req, "the other processes to say whether BCR_STATS is set")) {
        bcr_usage_set(0);
        return BCR_ERR_MPI;
    }
    if (all[0] && all[1] && rank == 0)
        fprintf(stderr, "bcredist: BCR_STATS is set on some processes only: no usage report\n");
    int on = all[0] && !all[1];
    bcr_usage_set(on);
    if (!on)
        return BCR_SUCCESS;
    MPI_Comm dup;
    if (MPI_Comm_idup(MPI_COMM_WORLD, &dup, &req) != MPI_SUCCESS ||
        bcr_wait_bounded(&req, "the other processes to begin the usage report")) {
        bcr_usage_set(0);
        return BCR_ERR_MPI;
    }
    /* Setting the attribute fails on this process alone; a process
     * without it would leave the others waiting at MPI_Finalize, so all
     * learn of it. */
    pthread_mutex_lock(&arm_lock);
    int hooked = set_hook() == BCR_SUCCESS, every = 0;
    pthread_mutex_unlock(&arm_lock);
    if (MPI_Iallreduce(&hooked, &every, 1, MPI_INT, MPI_MIN, dup, &req) != MPI_SUCCESS ||
        bcr_wait_bounded(&req, "the other processes to begin the usage report") || !every) {
        bcr_usage_set(0);
        MPI_Comm_free(&dup);
        return BCR_ERR_MPI;
    }
    pthread_mutex_lock(&arm_lock);
    job_comm = dup;
    armed = ARMED_JOB;
    pthread_mutex_unlock(&arm_lock);
    return BCR_SUCCESS;
}
