/* The linear distribution (linear.h), worked in its internal frame.
 *
 * In the frame an element is (x, y) in [0, xs) x [0, ys), the line
 * through it is named u = ca*x + cb*y (ca >= 0, cb >= 1, coprime), and
 * the line's elements in increasing x are (x0 + s*cb, y0 - s*ca).  The
 * frame's lines in increasing u are the distribution's lines in
 * increasing c, and increasing x is storage order (reversed for a < 0,
 * whose frame reflects the rows).
 *
 * One line.  On line u, ca*x = u (mod cb), so x = u * ca^-1 (mod cb); y in
 * [0, ys) bounds x to [lo, hi].  The first element is the first x of that
 * residue class at or above lo: O(1).
 *
 * Counting lines.  A line's first element is the one whose predecessor
 * (x - cb, y + ca) lies outside the array: x < cb or y >= ys - ca.  Those
 * first elements fill two rectangles, so the number of non-empty lines
 * with u below a value is a count of lattice points of two rectangles
 * under a straight line: floor sums, O(log(ca + cb)).
 *
 * Where the values u run without gaps.  Every u >= (ca-1)*(cb-1) is
 * ca*x + cb*y with 0 <= x < cb and y >= 0 (Sylvester), and with
 * 0 <= y < ca and x >= 0.  If xs >= cb and ys >= ca that x and y fit the
 * array for u <= max(cb*(ys-1), ca*(xs-1)), and by the symmetry
 * (x, y) -> (xs-1-x, ys-1-y), u -> umax - u, every u in
 * [(ca-1)*(cb-1), umax - (ca-1)*(cb-1)] is a non-empty line: there the
 * line numbered t is found by an addition.
 */
#include "layout/linear.h"

#include "base/bands.h"

#include <stddef.h>
#include <stdint.h>

/* Bounds that keep every product and sum below 2^63. */
#define LINEAR_SIZE_LIMIT ((bcr_idx)1 << 62)
#define LINEAR_COEF_LIMIT ((bcr_idx)INT32_MAX)

static bcr_idx min_idx(bcr_idx p, bcr_idx q)
{
    return p < q ? p : q;
}

static bcr_idx max_idx(bcr_idx p, bcr_idx q)
{
    return p > q ? p : q;
}

static bcr_idx clamp_idx(bcr_idx v, bcr_idx lo, bcr_idx hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* floor(p / q) and ceil(p / q) for q > 0, and p mod q in [0, q). */
static bcr_idx floor_div(bcr_idx p, bcr_idx q)
{
    bcr_idx r = p / q;
    return (p % q != 0 && p < 0) ? r - 1 : r;
}

static bcr_idx ceil_div(bcr_idx p, bcr_idx q)
{
    return -floor_div(-p, q);
}

static bcr_idx mod_pos(bcr_idx p, bcr_idx q)
{
    bcr_idx r = p % q;
    return r < 0 ? r + q : r;
}

static bcr_idx gcd_idx(bcr_idx p, bcr_idx q)
{
    while (q != 0) {
        bcr_idx r = p % q;
        p = q;
        q = r;
    }
    return p;
}

/* v^-1 modulo mod (mod >= 2, gcd(v, mod) = 1), by the extended Euclidean
 * algorithm keeping s*v = r (mod mod) for both remainders. */
static bcr_idx inverse_mod(bcr_idx v, bcr_idx mod)
{
    bcr_idx r0 = mod, r1 = mod_pos(v, mod);
    bcr_idx s0 = 0, s1 = 1;
    while (r1 != 0) {
        bcr_idx q = r0 / r1;
        bcr_idx r2 = r0 - q * r1, s2 = s0 - q * s1;
        r0 = r1;
        r1 = r2;
        s0 = s1;
        s1 = s2;
    }
    return mod_pos(s0, mod);
}

/* n*(n-1)/2 without forming n*(n-1). */
static bcr_idx pairs(bcr_idx n)
{
    return n % 2 == 0 ? (n / 2) * (n - 1) : n * ((n - 1) / 2);
}

/* sum_{s=0}^{n-1} floor((a*s + b) / m) for n >= 0, m >= 1, a >= 0, b >= 0,
 * by the usual reduction that swaps the roles of a and m.  Every term
 * added is part of the (non-negative) result, so nothing overflows when
 * the result and a*n + b fit. */
static bcr_idx floor_sum(bcr_idx n, bcr_idx m, bcr_idx a, bcr_idx b)
{
    bcr_idx sum = 0;
    while (n > 0) {
        if (a >= m) {
            sum += pairs(n) * (a / m);
            a %= m;
        }
        if (b >= m) {
            sum += n * (b / m);
            b %= m;
        }
        bcr_idx top = a * n + b;
        if (top < m)
            break;
        n = top / m;
        b = top % m;
        bcr_idx swap = m;
        m = a;
        a = swap;
    }
    return sum;
}

/* How many (x, y) in [x0, x1) x [y0, y1) have ca*x + cb*y < u. */
static bcr_idx count_below(const bcr_linear *d, bcr_idx x0, bcr_idx x1, bcr_idx y0, bcr_idx y1,
                           bcr_idx u)
{
    bcr_idx h = y1 - y0;
    if (x1 <= x0 || h <= 0)
        return 0;
    bcr_idx ca = d->ca, cb = d->cb;
    /* Column x holds clamp(floor((w - ca*x) / cb), 0, h) of them, which
     * does not grow with x: h up to full_end, then fewer, none from
     * some_end on. */
    bcr_idx w = u - 1 - cb * (y0 - 1);
    if (ca == 0)
        return (x1 - x0) * clamp_idx(floor_div(w, cb), 0, h);
    bcr_idx full_end = clamp_idx(floor_div(w - h * cb, ca) + 1, x0, x1);
    bcr_idx some_end = clamp_idx(floor_div(w - cb, ca) + 1, x0, x1);
    bcr_idx sum = (full_end - x0) * h;
    if (some_end > full_end) /* columns counted from some_end - 1 down */
        sum += floor_sum(some_end - full_end, cb, ca, w - ca * (some_end - 1));
    return sum;
}

/* How many non-empty lines have u' < u: their first elements below u. */
static bcr_idx count_first_elements(const bcr_linear *d, bcr_idx u)
{
    bcr_idx split = min_idx(d->cb, d->xs);
    return count_below(d, 0, split, 0, d->ys, u) +
           count_below(d, split, d->xs, max_idx(0, d->ys - d->ca), d->ys, u);
}

/* The number of non-empty lines with u' < u, i.e. the number t of line u
 * where u is non-empty. */
static bcr_idx lines_below(const bcr_linear *d, bcr_idx u)
{
    if (u <= 0)
        return 0;
    if (u > d->umax)
        return d->nlines;
    if (d->mid_lo <= d->mid_hi && u >= d->mid_lo && u <= d->mid_hi + 1)
        return d->mid_rank + (u - d->mid_lo);
    return count_first_elements(d, u);
}

/* The u of line t, known to lie in [lo, hi]: an addition inside the
 * stretch without gaps, else the smallest u with more than t lines at or
 * below it, by binary search. */
static bcr_idx line_value(const bcr_linear *d, bcr_idx t, bcr_idx lo, bcr_idx hi)
{
    if (d->mid_lo <= d->mid_hi) {
        bcr_idx offset = t - d->mid_rank;
        if (offset >= 0 && offset <= d->mid_hi - d->mid_lo)
            return d->mid_lo + offset;
        if (offset < 0)
            hi = min_idx(hi, d->mid_lo - 1);
        else
            lo = max_idx(lo, d->mid_hi + 1);
    }
    while (lo < hi) {
        bcr_idx mid = lo + (hi - lo) / 2;
        if (lines_below(d, mid + 1) > t)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* Consecutive non-empty lines differ in u by at most max(ca, cb): from an
 * element of line u < umax one step in x or in y reaches u + ca or u + cb.
 * So a line `steps` lines after line from_u has u at most this. */
static bcr_idx line_value_ceiling(const bcr_linear *d, bcr_idx from_u, bcr_idx steps)
{
    bcr_idx gap = max_idx(d->ca, d->cb);
    if (steps > (d->umax - from_u) / gap)
        return d->umax;
    return from_u + steps * gap;
}

/* Line u in the frame: its first element (x0, y0) and its length, 0 when
 * u names no element. */
static bcr_idx line_at(const bcr_linear *d, bcr_idx u, bcr_idx *x0, bcr_idx *y0)
{
    bcr_idx ca = d->ca, cb = d->cb;
    *x0 = 0;
    *y0 = 0;
    if (u < 0 || u > d->umax)
        return 0;
    if (ca == 0) { /* cb = 1: the whole column y = u */
        *y0 = u;
        return d->xs;
    }
    bcr_idx lo = max_idx(0, ceil_div(u - cb * (d->ys - 1), ca));
    bcr_idx hi = min_idx(d->xs - 1, floor_div(u, ca));
    bcr_idx residue = cb == 1 ? 0 : (u % cb) * d->inv_ca % cb;
    bcr_idx x = lo + mod_pos(residue - lo, cb);
    if (x > hi)
        return 0;
    *x0 = x;
    *y0 = (u - ca * x) / cb;
    return (hi - x) / cb + 1;
}

/* Line u as a segment of the global array, in storage order. */
static void segment_of(const bcr_linear *d, bcr_idx u, bcr_linear_segment *seg)
{
    bcr_idx x0, y0;
    bcr_idx len = line_at(d, u, &x0, &y0);
    seg->len = len;
    if (d->transposed) { /* a row: x = j, y = i */
        seg->i0 = y0;
        seg->j0 = x0;
        seg->di = 0;
        seg->dj = 1;
        return;
    }
    seg->di = d->b;
    seg->dj = -d->a;
    if (d->reflected) { /* storage starts at the frame's last element */
        seg->i0 = d->m - 1 - (x0 + (len - 1) * d->cb);
        seg->j0 = y0 - (len - 1) * d->ca;
    } else {
        seg->i0 = x0;
        seg->j0 = y0;
    }
}

static void to_frame(const bcr_linear *d, bcr_idx i, bcr_idx j, bcr_idx *x, bcr_idx *y)
{
    if (d->transposed) {
        *x = j;
        *y = i;
    } else if (d->reflected) {
        *x = d->m - 1 - i;
        *y = j;
    } else {
        *x = i;
        *y = j;
    }
}

static const char *init_refusal(bcr_idx m, bcr_idx n, bcr_idx a, bcr_idx b, int nprocs)
{
    if (a == 0 && b == 0)
        return "a and b are both 0";
    if (m < 0 || n < 0)
        return "m or n is negative";
    if (nprocs < 1)
        return "nprocs is less than 1";
    if (a < -LINEAR_COEF_LIMIT || a > LINEAR_COEF_LIMIT || b < -LINEAR_COEF_LIMIT ||
        b > LINEAR_COEF_LIMIT)
        return "|a| or |b| is above 2^31 - 1";
    if (m > 0 && n > LINEAR_SIZE_LIMIT / m)
        return "m * n is above 2^62";
    /* |a|*(m+1) + |b|*(n+1) <= 2^62 bounds every line value, and the
     * products of a coefficient and a count made on the way. */
    bcr_idx abs_a = a < 0 ? -a : a, abs_b = b < 0 ? -b : b;
    bcr_idx span_a = 0, span_b = 0;
    if (abs_a > 0) {
        if (m + 1 > LINEAR_SIZE_LIMIT / abs_a)
            return "|a| * m + |b| * n is above 2^62";
        span_a = abs_a * (m + 1);
    }
    if (abs_b > 0) {
        if (n + 1 > LINEAR_SIZE_LIMIT / abs_b)
            return "|a| * m + |b| * n is above 2^62";
        span_b = abs_b * (n + 1);
    }
    if (span_a > LINEAR_SIZE_LIMIT - span_b)
        return "|a| * m + |b| * n is above 2^62";
    return NULL;
}

int bcr_linear_init(bcr_linear *d, bcr_idx m, bcr_idx n, bcr_idx a, bcr_idx b, int nprocs,
                    const char **why)
{
    const char *refusal = init_refusal(m, n, a, b, nprocs);
    if (refusal) {
        if (why)
            *why = refusal;
        return 1;
    }
    bcr_idx g = gcd_idx(a < 0 ? -a : a, b < 0 ? -b : b);
    a /= g;
    b /= g;
    if (b < 0 || (b == 0 && a < 0)) {
        a = -a;
        b = -b;
    }
    d->m = m;
    d->n = n;
    d->a = a;
    d->b = b;
    d->nprocs = nprocs;
    d->transposed = b == 0;
    d->reflected = a < 0;
    if (d->transposed) {
        d->xs = n;
        d->ys = m;
        d->ca = 0;
        d->cb = 1;
    } else {
        d->xs = m;
        d->ys = n;
        d->ca = a < 0 ? -a : a;
        d->cb = b;
    }
    d->inv_ca = d->cb > 1 ? inverse_mod(d->ca, d->cb) : 0;
    d->mid_lo = 1; /* no stretch without gaps until one is found */
    d->mid_hi = -1;
    d->mid_rank = 0;
    if (d->xs == 0 || d->ys == 0) {
        d->umax = -1;
        d->nlines = 0;
        return 0;
    }
    d->umax = d->ca * (d->xs - 1) + d->cb * (d->ys - 1);
    /* One line per first element: the two rectangles of count_first_elements. */
    d->nlines = min_idx(d->cb, d->xs) * d->ys +
                max_idx(0, d->xs - d->cb) * min_idx(d->ca, d->ys);
    if (d->nlines == d->umax + 1) {
        d->mid_lo = 0;
        d->mid_hi = d->umax;
    } else if (d->xs >= d->cb && d->ys >= d->ca) {
        bcr_idx edge = (d->ca - 1) * (d->cb - 1);
        if (edge <= d->umax - edge) {
            d->mid_rank = count_first_elements(d, edge);
            d->mid_lo = edge;
            d->mid_hi = d->umax - edge;
        }
    }
    return 0;
}

bcr_idx bcr_linear_num_lines(const bcr_linear *d)
{
    return d->nlines;
}

bcr_idx bcr_linear_line_of(const bcr_linear *d, bcr_idx i, bcr_idx j)
{
    if (i < 0 || i >= d->m || j < 0 || j >= d->n)
        return -1;
    bcr_idx x, y;
    to_frame(d, i, j, &x, &y);
    return lines_below(d, d->ca * x + d->cb * y);
}

int bcr_linear_line(const bcr_linear *d, bcr_idx t, bcr_linear_segment *seg)
{
    if (t < 0 || t >= d->nlines)
        return -1;
    /* Line 0 is u = 0, and each later line adds at least 1 to u. */
    segment_of(d, line_value(d, t, t, line_value_ceiling(d, 0, t)), seg);
    return 0;
}

bcr_idx bcr_linear_proc_lines(const bcr_linear *d, int k)
{
    if (k < 0 || k >= d->nprocs)
        return 0;
    return d->nlines / d->nprocs + (k < d->nlines % d->nprocs ? 1 : 0);
}

int bcr_linear_proc_line(const bcr_linear *d, int k, bcr_idx l, bcr_linear_segment *seg)
{
    if (l < 0 || l >= bcr_linear_proc_lines(d, k))
        return -1;
    return bcr_linear_line(d, k + l * d->nprocs, seg);
}

void bcr_linear_walk_begin(const bcr_linear *d, int k, bcr_linear_walk *w)
{
    w->d = d;
    w->t = (k >= 0 && k < d->nprocs) ? k : d->nlines;
    w->prev_t = 0;
    w->prev_u = 0;
}

int bcr_linear_walk_next(bcr_linear_walk *w, bcr_linear_segment *seg)
{
    const bcr_linear *d = w->d;
    if (w->t >= d->nlines)
        return 0;
    bcr_idx steps = w->t - w->prev_t;
    bcr_idx u = line_value(d, w->t, w->prev_u + steps, line_value_ceiling(d, w->prev_u, steps));
    segment_of(d, u, seg);
    w->prev_t = w->t;
    w->prev_u = u;
    w->t += d->nprocs;
    return 1;
}

bcr_idx bcr_linear_proc_count(const bcr_linear *d, int k)
{
    bcr_linear_walk w;
    bcr_linear_segment seg;
    bcr_idx count = 0;
    bcr_linear_walk_begin(d, k, &w);
    while (bcr_linear_walk_next(&w, &seg))
        count += seg.len;
    return count;
}

void bcr_linear_bounds(const bcr_linear *d, int k, bcr_idx *bound)
{
    bcr_linear_walk w;
    bcr_linear_segment seg;
    bcr_idx l = 0;
    bound[0] = 0;
    bcr_linear_walk_begin(d, k, &w);
    while (bcr_linear_walk_next(&w, &seg)) {
        bound[l + 1] = bound[l] + seg.len;
        l++;
    }
}

int bcr_linear_locate(const bcr_linear *d, bcr_idx i, bcr_idx j, int *proc, bcr_idx *line,
                      bcr_idx *pos)
{
    if (i < 0 || i >= d->m || j < 0 || j >= d->n)
        return -1;
    bcr_idx x, y, x0, y0;
    to_frame(d, i, j, &x, &y);
    bcr_idx u = d->ca * x + d->cb * y;
    bcr_idx t = lines_below(d, u);
    bcr_idx len = line_at(d, u, &x0, &y0);
    bcr_idx in_frame = (x - x0) / d->cb;
    *pos = d->reflected ? len - 1 - in_frame : in_frame;
    *proc = (int)(t % d->nprocs);
    *line = t / d->nprocs;
    return 0;
}

int bcr_linear_gi2li(const bcr_linear *d, bcr_idx i, bcr_idx j, int *proc, bcr_idx *local)
{
    int k;
    bcr_idx line, pos;
    if (bcr_linear_locate(d, i, j, &k, &line, &pos) != 0)
        return -1;
    bcr_linear_walk w;
    bcr_linear_segment seg;
    bcr_idx before = 0;
    bcr_linear_walk_begin(d, k, &w);
    for (bcr_idx l = 0; l < line && bcr_linear_walk_next(&w, &seg); l++)
        before += seg.len;
    *proc = k;
    *local = before + pos;
    return 0;
}

int bcr_linear_li2gi(const bcr_linear *d, int k, const bcr_idx *bound, bcr_idx local,
                     bcr_idx *i, bcr_idx *j)
{
    if (k < 0 || k >= d->nprocs)
        return -1;
    bcr_idx nl = bcr_linear_proc_lines(d, k);
    if (local < 0 || local >= bound[nl])
        return -1;
    /* The last line starting at or before local. */
    bcr_idx lo = bcr_last_at_or_below(bound, nl, local);
    bcr_linear_segment seg;
    bcr_linear_proc_line(d, k, lo, &seg);
    bcr_idx pos = local - bound[lo];
    if (pos >= seg.len) /* bound is not this distribution's */
        return -1;
    *i = seg.i0 + pos * seg.di;
    *j = seg.j0 + pos * seg.dj;
    return 0;
}
