/* Layouts (bcr_layout_t, bcredist.h): what a process knows of a matrix's
 * distribution before a plan binds it to a communicator
 * (api/plan_layouts.c).  Five kinds:
 *
 *   descriptor  a ScaLAPACK descriptor and a submatrix (ia, ja, m, n): the
 *               grid, its ranks and the global fields are learnt when the
 *               plan is made, as the routines learn them;
 *   blocks      row and column splits of any sizes, each row block dealt to
 *               a process row and each column block to a process column of
 *               an nprow x npcol grid of ranks.  A process's local array
 *               holds the rows of its process row's blocks, in increasing
 *               global order, and likewise the columns: ScaLAPACK's local
 *               storage with blocks of any sizes, column-major, leading
 *               dimension lld;
 *   linear      Guo's slant lines a i + b j = c dealt round the processes
 *               (layout/linear.h), lines stored one after another;
 *   owners      row and column splits with any rank for each block: a
 *               process stores the row blocks and the column blocks in
 *               which it holds a block, in order (plan/elements.h);
 *   remap       another layout whose elements are taken from the source
 *               by index maps (plan/remap.h): only a plan's destination.
 *
 * Every field but lld must be the same on every process; the plan checks
 * that with `hash`. */
#ifndef BCR_LAYOUT_LAYOUT_H
#define BCR_LAYOUT_LAYOUT_H

#include <stdint.h>

#include "base/bands.h"
#include "layout/linear.h"
#include "bcredist.h"

enum { BCR_LAYOUT_DESCRIPTOR, BCR_LAYOUT_BLOCKS, BCR_LAYOUT_LINEAR, BCR_LAYOUT_OWNERS,
       BCR_LAYOUT_REMAP };

/* One dimension of a blocks layout, with the storage its bands point to. */
typedef struct {
    bcr_bands bands;
    bcr_idx *start, *local, *by_coord, *first;
    int *coord;
} bcr_layout_dim;

typedef struct bcr_layout_s bcr_layout_s;

struct bcr_layout_s {
    int kind;
    int m, n;
    /* descriptor */
    bcr_int desc[9];
    int ia, ja;
    /* blocks */
    int nprow, npcol;
    int *grid; /* nprow * npcol ranks, row-major: process (r, c) is grid[r * npcol + c] */
    bcr_layout_dim rows, cols;
    bcr_idx lld;
    /* linear: Guo's slant lines over nprocs processes, process k being
     * rank lranks[k] (layout/linear.h) */
    bcr_linear lin;
    int *lranks;
    /* owners: blocks of any sizes, each on any rank (plan/elements.h);
     * the arrays are the layout's own */
    bcr_idx onrb, oncb, *orstart, *ocstart;
    int *oowner;
    /* remap: base's elements taken from (rmap[k], cmap[k]) of the source,
     * k the local offset; base and the maps are the caller's */
    const struct bcr_layout_s *base;
    const bcr_int *rmap, *cmap;
    uint64_t hash; /* of every field but lld */
};

/* A dimension of `len` indices in `nblocks` blocks of sizes[b] >= 1, block
 * b dealt to coordinate coord_of[b] in [0, ncoords).  The caller has
 * checked the arguments.  Returns 0 or -1 (out of memory; d then holds
 * nothing). */
int bcr_layout_dim_make(bcr_layout_dim *d, bcr_idx nblocks, const bcr_int *sizes,
                        const bcr_int *coord_of, int ncoords);
void bcr_layout_dim_free(bcr_layout_dim *d);

/* Local rows (or columns) of coordinate c. */
bcr_idx bcr_layout_dim_count(const bcr_layout_dim *d, int c);

/* An owners layout's blocks, as the element planner reads them. */
static inline bcr_owner_blocks bcr_layout_owner_blocks(const bcr_layout_s *l)
{
    return (bcr_owner_blocks){l->onrb, l->oncb, l->orstart, l->ocstart, l->oowner, l->lld};
}

/* FNV-1a over n bytes, continuing from h. */
uint64_t bcr_layout_hash(uint64_t h, const void *p, size_t n);

/* A dimension's blocks as a constructor takes them: nblocks sizes adding
 * up to the dimension, and for a blocks layout each block's coordinate in
 * [0, ncoords) (coord NULL and ncoords 0 for an owners layout). */
typedef struct {
    bcr_int nblocks;
    const bcr_int *sizes, *coord;
    bcr_int ncoords;
} bcr_layout_split;

/* The layouts the constructors (api/layouts.c) make once they have
 * checked their arguments: each copies what it keeps (a remap keeps its
 * base and maps, which are the caller's) and hashes every field but lld.
 * NULL out of memory.  A blocks layout's grid is rows->ncoords x
 * cols->ncoords ranks, row-major. */
bcr_layout_s *bcr_layout_new_desc(bcr_int m, bcr_int n, bcr_int ia, bcr_int ja,
                                  const bcr_int desc[9]);
bcr_layout_s *bcr_layout_new_blocks(bcr_int m, bcr_int n, const bcr_layout_split *rows,
                                    const bcr_layout_split *cols, const int *grid_ranks,
                                    bcr_int lld);
bcr_layout_s *bcr_layout_new_owners(bcr_int m, bcr_int n, const bcr_layout_split *rows,
                                    const bcr_layout_split *cols, const int *owners,
                                    bcr_int lld);
bcr_layout_s *bcr_layout_new_remap(const bcr_layout_s *base, const bcr_int *rows,
                                   const bcr_int *cols);

/* A linear layout of Guo's lines a i + b j = c over nprocs processes,
 * process k being ranks[k]: 0 and *out made, -1 out of memory, or 1 when
 * the distribution cannot be made (*why says why, or is NULL). */
int bcr_layout_new_linear(bcr_layout_s **out, bcr_int m, bcr_int n, bcr_int a, bcr_int b,
                          bcr_int nprocs, const int *ranks, const char **why);

/* Everything a layout owns, and the layout (NULL: nothing). */
void bcr_layout_free(bcr_layout_s *l);

#endif
