/* What this process's calls did, for BCR_STATS's report at MPI_Finalize
 * (runtime/usage_report.h): calls and their time by routine, the bytes
 * their exchanges moved locally, through shared segments and through MPI,
 * plans made and reused, the peak extra memory, and the ScaLAPACK and
 * PBLAS names the drop-in routed.
 *
 * Counting is on where BCR_STATS is set (and not 0), read at the first
 * call, unless bcr_usage_set said otherwise before: with it off every hook
 * is one load and a branch.  The counts of a call gather in its
 * thread and join the process's table, under a lock, when the call ends
 * (bcr_usage_record), so threads calling at once do not race. */
#ifndef BCR_BASE_USAGE_H
#define BCR_BASE_USAGE_H

#include <stddef.h>

/* Rows a process's table holds; a name past them counts in the last row,
 * "(other)".  Far more routines than one program calls. */
#define BCR_USAGE_ROWS 48
#define BCR_USAGE_NAME 40

/* One routine's row, or one routed name's (only calls counts there).
 * Every field is a double so that rows reduce as arrays of doubles. */
typedef struct {
    char name[BCR_USAGE_NAME];
    double calls, first, local, shm, mpi, seconds;
} bcr_usage_row;

/* A process's table; the report merges them (runtime/usage_report.c),
 * which fills procs, seconds_all and peak_rank. */
typedef struct {
    double plans_made, plans_reused, peak, seconds;
    double procs, seconds_all, peak_rank;
    int nrows, nrouted;
    bcr_usage_row rows[BCR_USAGE_ROWS], routed[BCR_USAGE_ROWS];
} bcr_usage_table;

extern int bcr_usage_on;

/* Whether this process's BCR_STATS asks for the report. */
int bcr_usage_wanted(void);

/* Counting on or off from now, whatever BCR_STATS says (the processes'
 * agreement, runtime/usage_report.h). */
void bcr_usage_set(int on);

/* The start of a call: its clock (MPI_Wtime, which may start at 0), or -1
 * while counting is off. */
double bcr_usage_start(void);

/* The end of routine's call started at t0: its time and what it moved
 * join the routine's row. */
void bcr_usage_record(const char *routine, double t0);

/* During a call: bytes one exchange moves, a plan made or reused. */
void bcr_usage_bytes(double local, double shm, double mpi);
void bcr_usage_plan(int made);

/* Extra memory held at the end of an exchange. */
void bcr_usage_peak(size_t bytes);

/* The drop-in routed one call of entry (a ScaLAPACK or PBLAS name) to
 * routine. */
void bcr_usage_routed(const char *entry, const char *routine);

/* name's row among rows[0 .. *n), added (zeroed) when missing; the last
 * row, "(other)", takes every name past the table's room. */
bcr_usage_row *bcr_usage_row_of(bcr_usage_row *rows, int *n, const char *name);

/* A copy of the process's table. */
void bcr_usage_snapshot(bcr_usage_table *t);

#endif
