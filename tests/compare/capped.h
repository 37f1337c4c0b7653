/* Harness of the capped-call tests (capped_compare.c): grids over 4
 * processes, local arrays of the five types with padding, one call of the
 * reference ScaLAPACK or of bcredist, and a configuration run under a cap
 * with every check of the tests.
 *
 * Checks are mpi_check.h's: a failure prints "FAIL [rank R] <case>: ..."
 * and is counted. */
#ifndef BCR_TEST_CAPPED_H
#define BCR_TEST_CAPPED_H

#include <stddef.h>

/* ---- grids -------------------------------------------------------------- */

typedef struct {
    const char *name;
    int ctxt; /* this process's handle, -1 outside */
    int P, Q, myrow, mycol;
    int rank[16]; /* world rank (= rank in the union context) of (r, c) at
                     r * Q + c */
} cp_grid;

enum { CP_ALL, CP_22, CP_22C, CP_11, CP_14, CP_41, CP_12, CP_21, CP_NGRIDS };
extern cp_grid cp_grids[CP_NGRIDS];
/* Every grid above (collective over the world; 4 processes):
 *   all  1 x 4 over every process, the union context of every call;
 *   2x2  row-major, and 2x2c column-major, over every process;
 *   1x1  rank 0;  1x4, 4x1 over every process;
 *   1x2  ranks 0, 1;  2x1  ranks 1, 2 (rank 3 is in neither). */
void cp_grids_make(void);
void cp_grids_free(void);

/* ---- configurations ----------------------------------------------------- */

typedef struct {
    int grid;                  /* index into cp_grids */
    int M, N, MB, NB, RSRC, CSRC;
    int i, j;                  /* 1-based submatrix origin */
} cp_side;

typedef struct {
    char type; /* s d c z i */
    int tr;    /* trmr2d */
    char uplo, diag;
    int m, n;
    cp_side a, b;
} cp_config;

/* The configuration as one line (for failure reports). */
void cp_describe(const cp_config *c, char *buf, size_t cap);

/* The most bytes of the submatrix of A any process holds (collective). */
long long cp_largest_share_a(const cp_config *c);

/* The least a round of c can be held to under the switches as set now
 * (src/exec/round_size.h): a cap below it counts as it. */
long long cp_least_round(const cp_config *c);

/* ---- runs --------------------------------------------------------------- */

typedef struct {
    long long cap;  /* BCR_MAX_BYTES for bcredist's calls, 0: none */
    int calls;      /* bcredist's calls in a row after bcr_finalize (each
                       checked; the second meets the segments the first
                       made, BCR_SHM=on), 0: none */
    int need_rounds; /* the cap must cut the call into rounds */
    int via_plan;   /* also through bcr_plan_create and two executions */
    int uncapped;   /* also once without the cap, checked against local A
                       plus local B */
} cp_run;

/* Tallies of this process. */
typedef struct {
    long configs, calls, rounds;
    long long cut; /* capped calls that ran in rounds */
    double worst_ratio;    /* bcr_pool_bytes() over the cap, the largest */
    double worst_uncapped; /* the node's, over its local A + local B,
                              without a cap */
} cp_stats;
extern cp_stats cp_tally;

/* One configuration, collective over the world: ScaLAPACK's call, then
 * bcredist's as r says, each B compared with ScaLAPACK's byte for byte
 * (padding included) and A checked unchanged; after each of bcredist's
 * calls bcr_pool_bytes() (BCR_KEEP_BYTES very large, so nothing was given
 * back) must be at most the cap. */
void cp_run_config(const cp_config *c, const cp_run *r);

/* Processes disagree on BCR_MAX_BYTES (rank 1 sets one more byte): every
 * process returns BCR_ERR_INCONSISTENT naming the switch, B untouched. */
void cp_disagree(const cp_config *c, long long cap);

#endif
