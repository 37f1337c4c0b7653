#include "base/usage.h"

#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bcr_usage_on;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;
static int set_explicitly;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bcr_usage_table table;

/* The running call's counts, in its thread. */
static _Thread_local struct {
    double local, shm, mpi, made, reused;
} pending;

int bcr_usage_wanted(void)
{
    const char *v = getenv("BCR_STATS");
    return v && *v && strcmp(v, "0") != 0;
}

static void read_env(void)
{
    if (!set_explicitly)
        bcr_usage_on = bcr_usage_wanted();
}

static int resolved(void)
{
    pthread_once(&env_once, read_env);
    return bcr_usage_on;
}

void bcr_usage_set(int on)
{
    pthread_mutex_lock(&lock);
    set_explicitly = 1;
    bcr_usage_on = on;
    pthread_mutex_unlock(&lock);
    pthread_once(&env_once, read_env);
}

double bcr_usage_start(void)
{
    if (!resolved())
        return -1;
    memset(&pending, 0, sizeof pending);
    return MPI_Wtime();
}

bcr_usage_row *bcr_usage_row_of(bcr_usage_row *rows, int *n, const char *name)
{
    for (int k = 0; k < *n; k++)
        if (strncmp(rows[k].name, name, BCR_USAGE_NAME - 1) == 0)
            return &rows[k];
    if (*n == BCR_USAGE_ROWS)
        return &rows[BCR_USAGE_ROWS - 1];
    bcr_usage_row *r = &rows[(*n)++];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", *n == BCR_USAGE_ROWS ? "(other)" : name);
    return r;
}

void bcr_usage_record(const char *routine, double t0)
{
    if (!bcr_usage_on || t0 < 0)
        return;
    double s = MPI_Wtime() - t0;
    pthread_mutex_lock(&lock);
    bcr_usage_row *r = bcr_usage_row_of(table.rows, &table.nrows, routine);
    r->calls += 1;
    r->first += pending.made > 0;
    r->local += pending.local;
    r->shm += pending.shm;
    r->mpi += pending.mpi;
    r->seconds += s;
    table.seconds += s;
    table.plans_made += pending.made;
    table.plans_reused += pending.reused;
    pthread_mutex_unlock(&lock);
    memset(&pending, 0, sizeof pending);
}

void bcr_usage_bytes(double local, double shm, double mpi)
{
    if (!bcr_usage_on)
        return;
    pending.local += local;
    pending.shm += shm;
    pending.mpi += mpi;
}

void bcr_usage_plan(int made)
{
    if (!bcr_usage_on)
        return;
    if (made)
        pending.made += 1;
    else
        pending.reused += 1;
}

void bcr_usage_peak(size_t bytes)
{
    if (!bcr_usage_on)
        return;
    pthread_mutex_lock(&lock);
    if ((double)bytes > table.peak)
        table.peak = (double)bytes;
    pthread_mutex_unlock(&lock);
}

void bcr_usage_routed(const char *entry, const char *routine)
{
    if (!resolved())
        return;
    char name[BCR_USAGE_NAME];
    snprintf(name, sizeof name, "%s -> %s", entry, routine);
    pthread_mutex_lock(&lock);
    bcr_usage_row_of(table.routed, &table.nrouted, name)->calls += 1;
    pthread_mutex_unlock(&lock);
}

void bcr_usage_snapshot(bcr_usage_table *t)
{
    pthread_mutex_lock(&lock);
    *t = table;
    pthread_mutex_unlock(&lock);
}
