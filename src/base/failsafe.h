/* No process waits forever for one that failed.
 *
 * A call is collective: once a process is inside, it waits for the others
 * in the agreement, in collectives and on shared counters.  A process
 * that never comes (it passed another ictxt, or gave up before the
 * agreement) or that fails in the middle of an exchange would leave the
 * others waiting for ever.  So:
 *   - every failure before the agreement is itself agreed (the context's
 *     and the plan's communicators are made with a nonblocking duplicate,
 *     then all processes learn whether any failed), and so is an
 *     allocation inside a collective step (a remap's planning) before the
 *     collective that depends on it: out of memory is an error returned
 *     on every process, never a reason to give up;
 *   - a wait for other processes (the agreement, a duplicate, a
 *     collective, a message, a shared counter) gives up after BCR_TIMEOUT
 *     seconds (600 unless set; 0: no limit) and aborts the job with a
 *     message naming the routine, the process and what it waited for;
 *   - a process whose MPI fails in the middle of an exchange aborts the job
 *     at once, saying so: its partners may be waiting for its messages and
 *     cannot be told.
 * MPI_Abort, not a return, because the processes still waiting cannot be
 * reached any other way. */
#ifndef BCR_BASE_FAILSAFE_H
#define BCR_BASE_FAILSAFE_H

#include <mpi.h>

#include "base/index.h"

/* The routine this thread is running, for the messages below
 * (bcr_failsafe_enter at each entry point). */
void bcr_failsafe_enter(const char *routine);

/* Seconds a process waits for others before it gives up; 0 = no limit. */
double bcr_wait_limit(void);

/* Prints "bcredist: ROUTINE: process R of MPI_COMM_WORLD: MESSAGE;
 * aborting the job" on stderr and calls MPI_Abort. */
_Noreturn void bcr_give_up(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* MPI_Wait with the limit: returns MPI's code, or gives up (what: what it
 * waits for, in the message). */
int bcr_wait_bounded(MPI_Request *req, const char *what);
/* MPI_Waitany and MPI_Waitall with the limit (MPI_Testany's index, which
 * is MPI_UNDEFINED when no request is active). */
int bcr_waitany_bounded(int n, MPI_Request *req, int *index, const char *what);
int bcr_waitall_bounded(bcr_idx n, MPI_Request *req, const char *what);

/* For the tests of these rules (docs/testing.md): whether BCR_FAIL names
 * `point` for this process ("point@rank", rank in MPI_COMM_WORLD, or
 * "point@all"), once a test program has called bcr_faults_enable; never
 * before, so that BCR_FAIL is no switch of an ordinary program's. */
int bcr_fault(const char *point);
void bcr_faults_enable(void);

#endif
