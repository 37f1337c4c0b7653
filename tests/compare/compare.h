/* Shared declarations of bcr_test_compare: bcredist against the reference
 * ScaLAPACK p?gemr2d / p?trmr2d, byte for byte.
 *
 * A configuration names three grids (the union context ictxt, grid A and
 * grid B) as indices into a pool of grid specifications.  A pool entry is
 * turned into a BLACS context on first use (collectively, by every rank) and
 * freed when the pool is flushed, so a batch of configurations shares its
 * contexts and contexts are freed and re-created between batches.
 */
#ifndef BCR_COMPARE_H
#define BCR_COMPARE_H

#include <stdint.h>
#include <stdio.h>

#define CMP_MAXP 64     /* largest world size the harness supports */
#define CMP_MAXPOOL 16  /* grid specifications per pool */
#define CMP_MAXSCEN 512 /* configurations per systematic scenario */

/* ---- the reference ScaLAPACK / BLACS C interface ---------------------- */
#include "scalapack_ref.h"

/* ---- deterministic pseudo-random numbers (test_rng.h) ------------------- */
#include "test_rng.h"

void cmp_rng_init(test_rng *r, uint64_t seed, uint64_t stream, uint64_t index);

/* ---- grids and pools ---------------------------------------------------- */
enum { CMP_GRID_MAP = 0, CMP_GRID_INIT_R = 1, CMP_GRID_INIT_C = 2 };

typedef struct {
    int kind;  /* CMP_GRID_MAP (Cblacs_gridmap) or Cblacs_gridinit R / C */
    int nprow, npcol;
    int map[CMP_MAXP]; /* world rank at (r, c) is map[r + c * nprow] */
} cmp_grid;

typedef struct {
    int n;
    cmp_grid g[CMP_MAXPOOL];
    int made[CMP_MAXPOOL];
    int ctxt[CMP_MAXPOOL]; /* this rank's handle, -1 when not in the grid */
} cmp_pool;

void cmp_grid_init(cmp_grid *g, char order, int nprow, int npcol);
void cmp_grid_map(cmp_grid *g, int nprow, int npcol, const int *ranks);
int cmp_pool_add(cmp_pool *p, const cmp_grid *g);
/* Create the context of entry i if not yet made (collective over the world). */
void cmp_pool_make(cmp_pool *p, int i);
/* Free every context made (collective over the world) and empty the pool. */
void cmp_pool_flush(cmp_pool *p);

/* ---- configurations ----------------------------------------------------- */
enum { CMP_S = 0, CMP_D, CMP_C, CMP_Z, CMP_I, CMP_NTYPES };

typedef struct {
    int M, N, MB, NB, RSRC, CSRC; /* global descriptor */
    int i, j;                     /* 1-based submatrix origin */
    int pad[CMP_MAXP];            /* per world rank: LLD - local rows */
    int lld0;      /* LLD = 0 where this process holds no rows */
    int garbage;   /* descriptor fields outside the grid */
    int all_m1;    /* outside the grid: every field -1 (CP2K style) */
    int dtype;     /* DTYPE field (never read) */
} cmp_side;

typedef struct {
    const char *mode; /* "random" or "systematic" */
    uint64_t seed;
    long index;
    int type;  /* CMP_S .. CMP_I */
    int tr;    /* 0 gemr2d, 1 trmr2d */
    char uplo, diag;
    int m, n;
    int world, ga, gb; /* pool indices: ictxt, grid A, grid B */
    cmp_side a, b;
    int ref_first;    /* call the reference before bcredist */
    int odd_skip;     /* m or n = 0: odd world ranks do not call at all */
} cmp_config;

extern const char cmp_type_char[CMP_NTYPES];
extern const int cmp_type_size[CMP_NTYPES];

/* Random mode: configurations come in batches of CMP_BATCH sharing a pool. */
#define CMP_BATCH 40
void cmp_random_pool(cmp_pool *pool, uint64_t seed, long batch, int nprocs);
void cmp_random_config(cmp_config *c, const cmp_pool *pool, uint64_t seed,
                       long index, int nprocs);

/* Systematic mode: scenario s fills the pool (already empty) and up to
 * CMP_MAXSCEN configurations; returns their number, or -1 past the end. */
int cmp_sys_scenario(int s, int nprocs, cmp_pool *pool, cmp_config *out);

/* ---- running ------------------------------------------------------------ */
typedef struct {
    long configs;     /* configurations run */
    long calls;       /* configurations this rank took part in */
    long mismatches;  /* configurations with a difference seen on this rank */
    long printed;
    double t_ref, t_bcr; /* seconds spent in each routine on this rank */
    /* --via-plan, on this rank: executions in all, of them after the
     * contexts were freed, and after bcr_finalize too; executions with a
     * NULL array where nothing was held; plans destroyed unexecuted after
     * their contexts; direct calls between create and execute */
    long p_exec, p_late, p_final, p_null, p_late_destroy, p_direct;
} cmp_stats;

/* Run one configuration on every rank (collective over the world; makes the
 * pool contexts it needs).  Returns 1 if this rank saw a difference. */
int cmp_run(const cmp_config *c, cmp_pool *pool, int rank, int nprocs,
            cmp_stats *st);
void cmp_print_config(FILE *out, const cmp_config *c, const cmp_pool *pool,
                      int rank);

/* ---- through the plan API (--via-plan) ---------------------------------- */
/* Set by --via-plan: cmp_run hands bcredist's side of every configuration
 * to bcr_plan_create / bcr_plan_execute instead of the direct call. */
extern int cmp_via_plan;
/* Index into the caller's per-configuration flags of the configuration
 * cmp_run is about to run: a plan kept for later reports there. */
extern long cmp_slot;
/* Collective over the world, after every cmp_pool_flush in --via-plan mode:
 * maybe bcr_finalize() (seeded by key), then execute the plans kept past
 * their contexts once more, compare them with the reference's result of
 * their second execution, and destroy them.  A plan that fails sets
 * bad[its slot].  Returns the number of failing plans seen on this rank. */
long cmp_plan_settle(uint64_t key, int rank, cmp_stats *st, unsigned char *bad);

#endif
