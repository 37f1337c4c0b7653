/* The linear (slant-line) data distribution of Guo et al. 1998 (M. Guo,
 * Y. Yamashita, I. Nakata, "An Efficient Data Distribution Technique for
 * Distributed Memory Parallel Computers"), over an m x n global array
 * with 0-based indices (i, j), 0 <= i < m, 0 <= j < n.
 *
 * Lines.  The elements are partitioned along the parallel lines
 * a*i + b*j = c (a, b integers, not both 0).  The pair (a, b) is first
 * normalised, which changes neither the partition nor, by the choice of
 * sign, the rule below, only which c names a line:
 *   - both are divided by g = gcd(|a|, |b|): for g > 1 the original c only
 *     takes multiples of g, and c/g names the same line;
 *   - then both are negated where b < 0, or b = 0 and a < 0, so that
 *     b > 0, or b = 0 and a = 1.  This is the paper's convention
 *     sign(a) = sign(a*b) where both are nonzero (a i + b j = c and
 *     -a i - b j = -c are one distribution): the order of the lines, by
 *     increasing c, is then fixed.  (1, 0) deals the rows in increasing i,
 *     (0, 1) the columns in increasing j, (1, 1) the anti-diagonals from
 *     the element (0, 0), (-1, 1) the diagonals from the element (m-1, 0).
 * A line is non-empty when it holds at least one element of the array.
 * The non-empty lines in increasing c are numbered t = 0, 1, ..., N - 1;
 * every other value of c (a line that misses the array, or one between
 * the multiples of g) takes no number.  Such values occur even between
 * non-empty lines (in the normalised (a, b)): near both ends of the
 * array where |a| > 1 and |b| > 1 (no element of (2, 3) has c = 1), and
 * all along it where m < |b| or n < |a| (on one row, (1, 3) has c = 3j:
 * two of every three values of c are empty).
 *
 * Dealing.  Line t belongs to process t mod P (P = nprocs) and is that
 * process's line l = t div P.  Process k holds L_k = N div P lines, one
 * more where k < N mod P.
 *
 * Local storage.  Process k stores its lines one after another in
 * increasing l (so increasing c), each line's elements contiguous, in
 * increasing i along the line; on a line of constant i (a row, b = 0) in
 * increasing j.  Consecutive elements of a line are (i, j) and
 * (i + b, j - a) in the normalised (a, b), or (i, j + 1) on a row: where
 * |a| > 1 or |b| > 1 the array holds other elements between them.
 * Local offsets are 0-based and without gaps: 0 .. count_k - 1.
 * The bound array of process k has L_k + 1 entries: bound[l] is the local
 * offset of the first element of its line l, bound[L_k] its element
 * count; line l holds the offsets bound[l] .. bound[l+1] - 1.
 *
 * The paper's figures store a line in increasing j (in its Fig. 5 the
 * anti-diagonal i + j = 6, 1-based, runs A(5,1), A(4,2), ...): for
 * a*b > 0 our order within a line is the reverse of the paper's; for
 * a*b < 0, a row or a column it is the same.  Its bound arrays are
 * 1-based and leave out the last entry.  The paper also numbers every
 * c in [minc, maxc] as a line, which deals empty lines to processes in
 * those cases; here only non-empty lines are dealt.
 *
 * Cost.  Nothing here walks over the elements.  A line's first element
 * and length are closed forms, O(1).  The number t of the line at a
 * given c is a count of lattice points (floor sums), O(log(|a| + |b|)).
 * Finding the line numbered t is an addition where the values of c of
 * the non-empty lines are consecutive: everywhere for |a| <= 1 and
 * |b| <= 1; where m >= |b| and n >= |a|, everywhere but among the first
 * and the last (|a| - 1)*(|b| - 1) values of c.  Elsewhere it is a
 * binary search over c.
 *
 * The struct is a plain value: no memory is held, copies are free.
 */
#ifndef BCR_LAYOUT_LINEAR_H
#define BCR_LAYOUT_LINEAR_H

#include "base/index.h"

typedef struct {
    bcr_idx m, n;   /* global rows and columns */
    bcr_idx a, b;   /* normalised coefficients (see above) */
    int nprocs;     /* P */
    bcr_idx nlines; /* N, the number of non-empty lines */

    /* Internal frame, in which every line runs in increasing x with
     * step (cb, -ca) and is named u = ca*x + cb*y, 0 <= u <= umax:
     * rows are handled as the columns of the transpose (x = j, y = i),
     * a < 0 by reflecting the rows (x = m - 1 - i, y = j), otherwise
     * x = i, y = j. */
    int transposed, reflected;
    bcr_idx xs, ys; /* extents of x and y */
    bcr_idx ca, cb; /* ca >= 0, cb >= 1, gcd 1 */
    bcr_idx inv_ca; /* ca's inverse modulo cb (0 when cb = 1) */
    bcr_idx umax;   /* the largest u of an element; -1 for an empty array */
    /* Every u in [mid_lo, mid_hi] names a non-empty line, the first of them
     * number mid_rank; mid_lo > mid_hi when there is no such stretch. */
    bcr_idx mid_lo, mid_hi, mid_rank;
} bcr_linear;

/* One line as a run through the global array: its elements in storage
 * order are (i0 + s*di, j0 + s*dj) for s = 0 .. len - 1. */
typedef struct {
    bcr_idx i0, j0;
    bcr_idx di, dj;
    bcr_idx len;
} bcr_linear_segment;

/* A walk over one process's lines in storage order; fields are private. */
typedef struct {
    const bcr_linear *d;
    bcr_idx t; /* number of the next line to visit */
    /* A line known to lie before line t, and its u: the line visited last,
     * or line 0 (u = 0, the element (0, 0) of the frame) at the start. */
    bcr_idx prev_t, prev_u;
} bcr_linear_walk;

/* Set up the distribution of an m x n array along a*i + b*j = c over
 * nprocs processes.  Returns 0, or nonzero with *why (when why is not
 * NULL) a short reason, d then unusable: a and b both 0, m or n negative,
 * nprocs < 1, |a| or |b| above 2^31 - 1, m*n above 2^62, or line values
 * |a|*m + |b|*n above 2^62. */
int bcr_linear_init(bcr_linear *d, bcr_idx m, bcr_idx n, bcr_idx a, bcr_idx b, int nprocs,
                    const char **why);

/* N: how many lines hold at least one element (0 for an empty array). */
bcr_idx bcr_linear_num_lines(const bcr_linear *d);

/* The number t of the line through element (i, j); -1 when (i, j) is
 * outside the array.  O(log(|a| + |b|)). */
bcr_idx bcr_linear_line_of(const bcr_linear *d, bcr_idx i, bcr_idx j);

/* The global line t (0 <= t < N) as a segment.  Returns 0, or -1 when t
 * is out of range. */
int bcr_linear_line(const bcr_linear *d, bcr_idx t, bcr_linear_segment *seg);

/* L_k: how many lines process k holds (0 when k is out of range). */
bcr_idx bcr_linear_proc_lines(const bcr_linear *d, int k);

/* Process k's line l (0 <= l < L_k), that is global line k + l*P, as a
 * segment.  Returns 0, or -1 when k or l is out of range. */
int bcr_linear_proc_line(const bcr_linear *d, int k, bcr_idx l, bcr_linear_segment *seg);

/* The walk over process k's lines, l = 0, 1, ..., L_k - 1: each call of
 * bcr_linear_walk_next fills *seg with the next one and returns 1, or
 * returns 0 once all L_k are done (and for k out of range).  d must
 * outlive the walk.  O(1) per line where the lines' values of c are
 * consecutive, else a binary search over the at most P*max(|a|, |b|)
 * values of c since the previous line. */
void bcr_linear_walk_begin(const bcr_linear *d, int k, bcr_linear_walk *w);
int bcr_linear_walk_next(bcr_linear_walk *w, bcr_linear_segment *seg);

/* count_k: how many elements process k holds (0 when k is out of range);
 * bound[L_k] of bcr_linear_bounds.  Walks the L_k lines. */
bcr_idx bcr_linear_proc_count(const bcr_linear *d, int k);

/* Fill bound[0 .. L_k] for process k (layout above); bound[0] = 0,
 * bound[l+1] = bound[l] + the length of line l.  Walks the L_k lines.
 * k must be in range. */
void bcr_linear_bounds(const bcr_linear *d, int k, bcr_idx *bound);

/* Where element (i, j) lives without its local offset: *proc = t mod P,
 * *line = t div P (its line among the process's) and *pos its place
 * within that line, 0-based in storage order.  The local offset is then
 * bound[*line] + *pos with the owner's bound array.  Returns 0, or -1
 * when (i, j) is outside the array.  O(log(|a| + |b|)). */
int bcr_linear_locate(const bcr_linear *d, bcr_idx i, bcr_idx j, int *proc, bcr_idx *line,
                      bcr_idx *pos);

/* Global to local (the paper's Algorithm 1, gi2li): the owner *proc of
 * element (i, j) and its offset *local in the owner's local array.
 * Returns 0, or -1 when (i, j) is outside the array.  Without a bound
 * array the offset is the sum of the lengths of the owner's lines before
 * the element's, so this walks those lines (the paper's step 5 builds
 * the whole bound array); a caller converting many elements should keep
 * the owners' bound arrays and use bcr_linear_locate. */
int bcr_linear_gi2li(const bcr_linear *d, bcr_idx i, bcr_idx j, int *proc, bcr_idx *local);

/* Local to global (the paper's Algorithm 2, li2gi): the element (*i, *j)
 * at offset local of process k, whose bound array (bcr_linear_bounds) is
 * bound.  The line is found by a binary search over bound, then its first
 * element and the step are closed forms.  Returns 0, or -1 when k or
 * local is out of range (0 <= local < bound[L_k]). */
int bcr_linear_li2gi(const bcr_linear *d, int k, const bcr_idx *bound, bcr_idx local,
                     bcr_idx *i, bcr_idx *j);

#endif
