/* The update routines in bcr_timing: bcredist's bcr_p?tran (p?tranu for c
 * and z), bcr_p?tranc and bcr_p?geadd (trans N) against PBLAS's, on a
 * native case line read as for p?gemr2d.
 *
 * The line's M x N matrix, grid and blocks on side A are A's, and its m x n
 * submatrix at (ia, ja) is sub(A).  Side B is C: its grid, blocks and the
 * origin (ib, jb) of sub(C) as the line gives them; for geadd sub(C)
 * is m x n in an M x N matrix, for a transpose it is n x m in an N x M
 * matrix (M, N swapped by timing_set_routine), so that a square case is
 * the same matrix both ways.  The routines' own m and n are sub(C)'s.
 *
 * The reference, as a ScaLAPACK user has it:
 *  - A's grid and C's grid of one shape: one context for both (the trial
 *    makes a single grid) and PBLAS's routine alone;
 *  - grids of two shapes: PBLAS needs one context, so ScaLAPACK's
 *    Cp?gemr2d first copies sub(A) onto C's grid into a temporary T of
 *    sub(A)'s shape at (1, 1), C's blocks (transposed for a transpose: T's
 *    rows become C's columns, so a block of T is one of C) and C's source
 *    process; then PBLAS's routine adds op(T) into sub(C) in C's context.
 *    Both calls are timed together as one reference call; T is allocated
 *    once, outside the timed region.
 *
 * Data are small integers (-32 to 31, both parts for complex) and alpha = 2,
 * beta = 0.5, so every product and sum is exact whatever the rounding or
 * fused multiply-adds, and NaNs (whose payload depends on operand order)
 * cannot occur: both libraries must give the same bytes.  An update is not
 * idempotent, so both Cs are put back before every timed call
 * (timing_interleave.c). */
#ifndef BCR_TIMING_UPDATE_H
#define BCR_TIMING_UPDATE_H

#include <stddef.h>

#include "timing_case.h"
#include "timing_run.h"

/* Why c cannot run (NULL when it can): PBLAS has no integer routines and
 * no p?tranc for real types; sub(C) must lie inside C. */
const char *timing_update_skip(const tcase *c);

/* Fill `bytes` of elements of `type` with small integers from a hash of
 * the element's place and salt. */
void timing_update_fill(char type, char *data, size_t bytes, size_t salt);

/* T's side (the reference's temporary across grids) for the trial's case. */
tside timing_update_temp_side(const tcase *c);

/* One call of PBLAS's reference (bcr = 0) or bcredist's routine into C's
 * array `c`, for the trial's case. */
void timing_update_call(trial *t, int bcr, local_matrix *c);

/* "pblas" (one context) or "gemr2d+pblas" (across grids) for an update
 * case's trial, "scalapack" for the others. */
const char *timing_reference_name(const trial *t);

#endif
