/* The rows of a local column in the order they lie in memory, across all
 * partners: what a scan walks to write each column of B front to back.
 *
 * The one scan over B (kernels/scan.h) writes a column partner by partner, so
 * every cache line where two partners' rows meet is written twice, and
 * every line is first read from memory (a plain store reads the line it
 * writes).  Written front to back, a column can go out with streaming
 * stores instead (stream_copy.h), which skip that read.
 *
 * Block-cyclic rows repeat with a period, so the walk is kept short: a
 * list of patterns, each a few pieces (a run of one row slot) repeated at
 * a constant step.  Block size 1 against 32, say, is one pattern of two
 * single-row pieces repeated 512 times.  Where runs fold badly, they are
 * also kept one by one; where they are short, row by row. */
#ifndef BCR_KERNELS_ROW_ORDER_H
#define BCR_KERNELS_ROW_ORDER_H

#include <stddef.h>
#include <stdint.h>

#include "base/index.h"
#include "kernels/pieces.h"

/* Longest patterns tried: a period of the merged rows has one piece per
 * block boundary of either side, a handful in the common cases. */
#define BCR_ROW_MAX_PIECES 16

/* Most row slots of an unfolded list: a walk keeps one pointer per slot on
 * its stack. */
#define BCR_ROW_FLAT_MAX_SLOTS 64

typedef struct {
    int slot;            /* row slot of the scan (scan.h) */
    bcr_idx len;         /* rows */
    bcr_idx dmine, dother; /* offsets from the pattern's start */
    /* Among the pattern's pieces of the same slot, which a partner's
     * buffer holds one repetition after another: rows of those before
     * this one, rows of them all, and whether this one comes first. */
    bcr_idx before, per_rep;
    int first;
} bcr_row_piece;

typedef struct {
    bcr_idx mine, other;  /* where the first repetition starts */
    bcr_idx count;        /* repetitions */
    bcr_idx mstep, ostep; /* from one repetition to the next */
    bcr_idx first;        /* its pieces: pieces[first .. first + npieces) */
    int npieces;
    /* The whole pattern again, outer times in all, each time omstep and
     * oostep further on both sides, its buffers read on from where the
     * last left them.  Where the part that stays is read from A, its runs
     * break wherever A's rows jump (block size 1 against 32: every 16
     * pairs), which cut one column into 32 patterns of one shape. */
    bcr_idx outer, omstep, oostep;
} bcr_row_pattern;

/* One run of the column, unfolded. */
typedef struct {
    bcr_idx k0;    /* its first row's submatrix index (trapezoids clip by it) */
    bcr_idx mine;  /* where it starts in this column */
    bcr_idx at[2]; /* [0]: rows of its slot before it in the column, its
                      place in a partner's buffer; [1]: the other side's
                      offset, for the part that stays (0 unless kept) */
    bcr_idx len;
    int slot;
} bcr_row_run;

typedef struct {
    bcr_row_pattern *patterns;
    bcr_idx npatterns;
    bcr_row_piece *pieces;
    /* The same runs one by one, where they fold badly (runs NULL
     * otherwise): a walk down this list costs a few instructions per run
     * where a pattern's setup costs tens (case 13 of the standard set, 36
     * -> 128 blocks, has 70 runs a column and no pattern that repeats). */
    bcr_row_run *runs;
    bcr_idx nruns;
    bcr_idx *slot_rows; /* rows of each slot in the column */
    int single_rows; /* every piece is one row */
    int interleaved; /* every pattern takes turns between pieces, and
                        repeats at least BCR_ROW_MIN_REPEATS times,
                        plan/row_order_build.h */
    int pairs;       /* every pattern is two slots' pieces, back to back
                        (with single_rows: two partners' rows taking turns) */
    int other_slot;  /* the slot whose other side's offsets are kept, or -1 */
    /* Rows of more than one slot in the column: a walk reads in turns
     * from several buffers, or A's column past the runs of others, and
     * asks for its sources ahead of time (bcr_prefetch_ahead). */
    int turns;
    /* The same rows one by one, where runs are short (NULL otherwise):
     * row i of the column (local row first_row + i) is in slot
     * row_slot[i], at row_at[i][0] of its slot's part of the column (its
     * place in a partner's buffer) or, for the part that stays, at
     * row_at[i][1] of the other side's column.  A walk down it costs a
     * few instructions per row, with no setup per run. */
    unsigned char *row_slot;
    int32_t (*row_at)[2];
    bcr_idx first_row, nrows;
    /* For a trapezoid (clipped), each row's submatrix index, increasing:
     * a walk finds the rows a column keeps by binary search, and a
     * partner's place in its buffer from the first row of its slot it
     * meets there (NULL otherwise). */
    bcr_idx *row_k;
} bcr_row_order;

#endif
