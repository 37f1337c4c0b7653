/* Setting a case up on the grids and timing one call of either library. */
#ifndef BCR_TIMING_RUN_H
#define BCR_TIMING_RUN_H

#include <stddef.h>

#include "timing_case.h"

typedef void (*gemr2d_fn)(int, int, const void *, int, int, const int *, void *, int, int,
                          const int *, int);
typedef void (*trmr2d_fn)(const char *, const char *, int, int, const void *, int, int,
                          const int *, void *, int, int, const int *, int);

typedef struct {
    char type;
    size_t size;
    gemr2d_fn ref_ge, bcr_ge;
    trmr2d_fn ref_tr, bcr_tr;
} type_info;

/* NULL for a type letter that is not one of s d c z i. */
const type_info *timing_type(char type);

typedef struct {
    int desc[9];
    char *data;  /* the array the routine reads or writes */
    char *init;  /* B only: its bytes before any call, to restore them */
    size_t bytes;
} local_matrix;

/* One case set up: both grids, A, and one B per library.  An update
 * routine's case (timing_update.h) whose grids have one shape has one
 * grid, grid[1] == grid[0]; across grids it has the reference's
 * temporary, tmp. */
typedef struct {
    const tcase *c;
    const type_info *ty;
    int ictxt, grid[2];
    int one_context;
    local_matrix a, bref, bbcr, tmp;
} trial;

/* Make the grids and arrays; returns 0 (and sets nothing up) when the case
 * cannot run here: a bad type, or a grid larger than the ranks. */
int trial_open(trial *t, const tcase *c, int ictxt);
void trial_close(trial *t);

/* One call of ScaLAPACK's routine or of bcredist's, between barriers;
 * returns the slowest rank's time, or the job's (timing_job_time). */
double trial_call_ref(trial *t);
double trial_call_bcr(trial *t);

/* Where a bcredist call spent its time: a fresh plan (bcr_plan_create,
 * all the index computation), then executing it, split by the library's
 * phase timers.  Each field is the slowest rank's. */
typedef struct {
    double total, plan, exec, pack, unpack, local, comm;
} phase_sample;
#define PHASE_FIELDS 7
void trial_call_bcr_planned(trial *t, phase_sample *out);

/* Put B (bcredist's copy) back to its bytes before any call. */
void trial_reset_bcr(trial *t);

/* 1 on every rank when bcredist's B equals ScaLAPACK's on every rank. */
int trial_same(const trial *t);

/* For the test that the check can fail: after each call make one byte of
 * bcredist's B differ from ScaLAPACK's. */
extern int timing_corrupt;

/* --job-time: a call's time is the job's, from the first rank's start to
 * the last rank's end (one node: one clock), instead of the slowest rank's
 * own.  Where ranks outnumber cores a rank's own time leaves out the time
 * it waited for a core before it started: calls that never synchronise
 * (a local add) look faster by that much than calls that do. */
extern int timing_job_time;

/* All ranks memcpy `bytes` at once; the median of reps, slowest rank. */
double timing_copy_bound(size_t bytes, int reps);

double timing_median(double *v, int n);
/* t, the largest over the ranks of MPI_COMM_WORLD (collective). */
double timing_slowest(double t);

#endif
