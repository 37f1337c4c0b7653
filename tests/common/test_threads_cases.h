/* A small fixed set of redistribution cases shared by the thread, hygiene
 * and ILP64 tests: one set of BLACS grids per "lane" (a thread, or the
 * one lane of a serial test), matrices filled from a seed, and the typed
 * calls to the reference ScaLAPACK and to bcredist behind one switch.
 *
 * Every lane has its own union context and its own grid contexts, all made
 * from the system context on the calling thread (BLACS is not thread-safe,
 * so a careful program makes them before its threads start).
 *
 * Contexts and descriptors are bcr_int, the BLACS's integer: int with
 * ScaLAPACK's LP64 BLACS; 8 bytes in the ILP64 build (BCREDIST_ILP64),
 * which links the stand-in ILP64 BLACS (tests/common/ilp64_blacs) and no
 * ScaLAPACK, so tc_run_ref is only in the LP64 build.
 */
#ifndef BCR_TEST_THREADS_CASES_H
#define BCR_TEST_THREADS_CASES_H

#include <stddef.h>
#include <stdint.h>

#include "bcredist.h"

/* Grids of a lane, indices into tc_lane.grid, over np processes (BLACS
 * process numbers 0 .. np-1):
 *   TC_G2D   pr x np/pr, pr the largest divisor of np not above sqrt(np);
 *            row-major: (i, j) is process i * (np/pr) + j
 *   TC_GCOL  np x 1: (i, 0) is process i
 *   TC_GONE  1 x 1: process np-1
 *   TC_GREV  1 x np: (0, j) is process np-1-j */
enum { TC_G2D, TC_GCOL, TC_GONE, TC_GREV, TC_NGRIDS };

typedef struct {
    bcr_int ictxt;            /* 1 x P over every process */
    bcr_int grid[TC_NGRIDS];  /* this process's handle, -1 when outside */
} tc_lane;

typedef struct {
    char type;            /* s d c z i */
    int tr;               /* trmr2d */
    char uplo, diag;
    int m, n;
    int ga, gb;           /* grids of A and B */
    int MA, NA, mba, nba, rsa, csa, ia, ja;
    int MB, NB, mbb, nbb, rsb, csb, ib, jb;
} tc_case;

/* One case's arrays on this process.  Process p's local arrays have
 * LLD = tc_lld(local rows, p); its A holds tc_value(type, tc_seed_a(seed,
 * p), k) at local index k, its B before the call tc_value(type,
 * tc_seed_b0(seed, p), k). */
typedef struct {
    size_t es;
    bcr_int desca[9], descb[9];
    void *a, *b, *b0;     /* b0: B before the call */
    size_t abytes, bbytes;
} tc_data;

/* Make (collectively, on the calling thread) and free a lane's contexts. */
void tc_lane_make(tc_lane *l);
void tc_lane_free(tc_lane *l);

/* The standard cases (all types, ge and tr, every grid pair, blocks,
 * offsets), valid for any process count >= 1. */
int tc_ncases(void);
const tc_case *tc_get(int k);

/* Allocate and fill A (values from seed) and B (a different pattern). */
int tc_data_make(const tc_case *c, const tc_lane *l, uint64_t seed, tc_data *d);
void tc_data_free(tc_data *d);
/* B back to its state before the call. */
void tc_reset_b(tc_data *d);

/* The values tc_data_make fills in (see tc_data). */
int tc_lld(int local_rows, int pnum);
uint64_t tc_seed_a(uint64_t seed, int pnum);
uint64_t tc_seed_b0(uint64_t seed, int pnum);
/* Element k of the sequence from seed, in type t's bytes, at out. */
void tc_value(char t, uint64_t seed, size_t k, void *out);

#ifndef BCREDIST_ILP64
/* The reference ScaLAPACK (not thread-safe: serial use only). */
void tc_run_ref(const tc_case *c, const tc_lane *l, tc_data *d);
#endif
/* bcredist's routine for the case. */
void tc_run_bcr(const tc_case *c, const tc_lane *l, tc_data *d);
/* bcredist through the plan API; returns bcr_plan_execute's code, or -1
 * when bcr_plan_create failed. */
int tc_run_plan(const tc_case *c, const tc_lane *l, tc_data *d);

#endif
