/* Harness of the freeing tests (test_free_*.c, and test_kept_memory.c for
 * its arrays and steps): steps under a watchdog, grids, local arrays, a
 * redistribution checked against ScaLAPACK, turns taken one process at a
 * time, and the closing summary.
 *
 * The rule under test: freeing never waits for other processes.
 * Cblacs_gridexit and Cblacs_exit of contexts bcredist has used,
 * bcr_plan_destroy, and whatever bcredist runs from MPI attribute
 * callbacks complete on each process on its own, in any order across
 * processes; only bcr_finalize may be collective.  A free that waits for
 * the others shows as a hang: the tests arrange the order of the frees so
 * that a process that waits is waited for in turn.
 *
 * Every step runs under an alarm.  A step still running when it rings
 * prints "TIMEOUT: rank R: <step> hung (no return within N s)" and exits
 * with status 1, so a hang is named, not just killed by CTest.  A free
 * step has a shorter limit than a call step, so that where a free hangs
 * and the others then wait in a call for that process, the free is the
 * one reported.  Both limits are multiplied by the environment variable
 * BCR_TEST_TIME_FACTOR (the sanitizer build's BCR_TIMEOUT_FACTOR).
 *
 * Every program takes the argument --reference-only: it then runs the
 * same scenario with every bcredist call left out (ScaLAPACK's calls, the
 * BLACS's frees and the order of the turns stay), which shows that the
 * scenario itself completes with the BLACS and ScaLAPACK alone: a hang in
 * the full run is bcredist's.
 */
#ifndef BCR_TEST_FREEING_H
#define BCR_TEST_FREEING_H

#include <stddef.h>

#include "scalapack_ref.h"

/* Seconds before a step counts as hung (times BCR_TEST_TIME_FACTOR).
 * Frees take milliseconds; a 2048 x 2048 call at 4 ranks on 2 cores
 * about a second. */
#define FR_FREE_LIMIT 20
#define FR_CALL_LIMIT 60

extern int fr_rank, fr_size;  /* in MPI_COMM_WORLD */
extern int fr_reference_only; /* --reference-only: no bcredist call */

/* MPI_Init, the watchdog, a line-buffered stdout, Cblacs_pinfo, the
 * arguments; exits unless there are `nprocs` processes. */
void fr_init(int *argc, char ***argv, int nprocs, const char *label);

/* Start a step: name it and arm the alarm for `limit` seconds (one of the
 * limits above).  No barrier. */
void fr_step(unsigned limit, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* End the current step: disarm the alarm. */
void fr_step_done(void);

/* A free under the watchdog (FR_FREE_LIMIT), timed; its duration is
 * remembered and printed by fr_finish. */
void fr_free_begin(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fr_free_end(void);

void fr_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern long fr_checks;
#define FR_CHECK(cond, ...)                                                    \
    do {                                                                       \
        fr_checks++;                                                           \
        if (!(cond))                                                           \
            fr_fail(__VA_ARGS__);                                              \
    } while (0)

/* Sleep this many milliseconds. */
void fr_sleep_ms(int ms);

/* ---- turns: one process at a time, in a given order ---------------------- */

/* order[0..n-1] lists world ranks.  fr_turn_wait blocks until the process
 * before this one in `order` has called fr_turn_pass (the first returns at
 * once); fr_turn_pass lets the next one go.  Point to point on a
 * duplicate of MPI_COMM_WORLD, so nothing of bcredist's or the BLACS's
 * can match it.  A process that is not in `order` must not call them.
 * The wait is a step with the call limit: where a free hangs, the free is
 * reported, not the others' waits for their turns. */
void fr_turn_wait(const int *order, int n);
void fr_turn_pass(const int *order, int n);

/* ---- grids --------------------------------------------------------------- */

typedef struct {
    int ctxt;         /* this process's handle, -1 outside the grid */
    int in;           /* this process is in the grid */
    int P, Q, myrow, mycol;
} fr_grid;

/* A P x Q grid over the given world ranks, row-major (ranks[r * Q + c] at
 * (r, c)), made by Cblacs_gridmap.  Collective over the world. */
fr_grid fr_grid_map(int P, int Q, const int *ranks);
/* A P x Q grid over every process, made by Cblacs_gridinit. */
fr_grid fr_grid_init(const char *order, int P, int Q);
/* Cblacs_gridexit where this process is in the grid, as a timed free
 * step; the handle is kept (in ctxt) so a test can see it reused. */
void fr_grid_exit(fr_grid *g, const char *name);

/* ---- local arrays -------------------------------------------------------- */

/* The local part of an M x N matrix in MB x NB blocks on grid g (first
 * block on process (0, 0)); LLD is the local rows plus 1 + (world rank
 * mod 3), so padding rows differ between processes.  Outside the grid the
 * descriptor has CTXT = -1 and the array is empty (p == NULL). */
typedef struct {
    char type;        /* 's', 'd', 'c', 'z' or 'i' */
    size_t elsize;
    int desc[9];
    int lr, lc;       /* local rows and columns */
    size_t bytes;     /* LLD x lc x elsize: every byte compared */
    void *p;
} fr_array;

size_t fr_type_size(char type);
/* Returns 0, or -1 when out of memory (then reported). */
int fr_array_make(fr_array *x, char type, const fr_grid *g, int M, int N, int MB, int NB);
void fr_array_free(fr_array *x);
/* Every element, padding included, set from (seed, world rank, index):
 * small integers, exact in every type. */
void fr_array_fill(fr_array *x, unsigned seed);
/* Every byte set to a pattern no fill produces (B before a call). */
void fr_array_sentinel(fr_array *x);
/* Elements that differ from fr_array_fill(x, seed), without a copy. */
size_t fr_array_fill_differs(const fr_array *x, unsigned seed);

/* One call, of ScaLAPACK (ref) or of bcredist: gemr2d when uplo is NULL,
 * else trmr2d, of the whole m x n matrix (ia = ja = ib = jb = 1).
 * Returns bcr_last_error() after bcredist's call, 0 after ScaLAPACK's.
 * Only processes of ictxt may call. */
int fr_call(int ref, const char *uplo, const char *diag, int m, int n, const fr_array *a,
            fr_array *b, int ictxt);

/* Compare two B arrays byte for byte; a difference fails a check (named
 * after the current step) that gives the first differing element.
 * Returns 1 when equal. */
int fr_same(const fr_array *ref, const fr_array *got);

/* A whole redistribution checked against ScaLAPACK: A (M x N, MA x NA
 * blocks, on ga) filled from seed, ScaLAPACK's call into one B and
 * bcredist's into another (MB_ x NB_ blocks on gb), both from the same
 * sentinel; every byte of the two local Bs compared, bcredist's error code
 * checked, A checked unchanged.  With --reference-only only ScaLAPACK's
 * call runs.  Each call is its own step (FR_CALL_LIMIT), named after
 * `what`.  Only processes of ictxt may call. */
void fr_redistribute(const char *what, char type, const char *uplo, const char *diag, int M,
                     int N, const fr_grid *ga, int MA, int NA, const fr_grid *gb, int MB_,
                     int NB_, int ictxt, unsigned seed);

/* This process is in ictxt (a handle of this process, or -1). */
int fr_in(int ictxt);

/* The summary, collective over MPI_COMM_WORLD: every process's frees and
 * their durations, then "<label>: N checks, M failed" on rank 0.  Returns
 * 1 on every process if anything failed. */
int fr_finish(void);

#endif
