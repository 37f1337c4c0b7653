/* Unit test of the linear (slant-line) distribution (src/layout/linear.h)
 * against brute force.
 *
 * For every m, n in SIZES, every (a, b) in [-4, 4]^2 but (0, 0) and every
 * P in 1..9 the distribution is built by brute force, from the rule alone:
 * every element (i, j) gets c = a*i + b*j, negated where b < 0 or b = 0
 * and a < 0; the elements are sorted by (c, i, j); the distinct values of c
 * in that order are the lines t = 0, 1, ...; line t goes to process t mod P
 * and each process numbers its elements in the sorted order.  Nothing of
 * the module's frame, floor sums or gcd is used.  Against that, per
 * configuration:
 *   - the number of lines, each process's line count, element count and
 *     bound array;
 *   - for every element: its line and bcr_linear_locate (process, line of
 *     the process, place in the line), whose bound[line] + place must be
 *     its offset; bcr_linear_gi2li, which walks the owner's lines, for
 *     every element of arrays up to 120 elements and one in 11 beyond;
 *   - for every process and local offset: bcr_linear_li2gi, which must
 *     reach every element exactly once (so offsets run 0 .. count - 1 with
 *     no gaps, each element having one place); li2gi(gi2li(e)) = e;
 *     offsets -1 and count are refused;
 *   - the walk over each process's lines, expanded element by element,
 *     reproduces the local order, with L_k lines; bcr_linear_proc_line and
 *     bcr_linear_line give the same segments;
 *   - elements outside the array are refused.
 * A few larger coefficients, large arrays (checked for consistency, not
 * by brute force), the example of the paper's Fig. 5 and the refusals of
 * bcr_linear_init complete it.
 *
 * --quick checks every other size pair (the valgrind run).
 * Exit status 0 when everything passed, 1 otherwise.
 */
#include "layout/linear.h"
#include "unit_check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const long long unit_max_reports = 30;

static const int SIZES[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 16, 23, 31, 40};
#define NSIZES ((int)(sizeof SIZES / sizeof SIZES[0]))
#define COEF_MAX 4
#define NP_MAX 9
#define GI2LI_ALL 120
#define GI2LI_STRIDE 11

static long long n_configs;

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p) {
        perror("malloc");
        exit(2);
    }
    return p;
}

/* The brute-force distribution of one (m, n, a, b): the elements in
 * sorted order with their line numbers; dealing to P processes is done
 * per P by deal(). */
typedef struct {
    bcr_idx c, i, j;
} elem;

typedef struct {
    int m, n;
    int count;      /* m * n */
    elem *sorted;   /* the elements by (c, i, j) */
    int *line;      /* line t of sorted[e] */
    int *pos;       /* place of sorted[e] within its line */
    int *index_of;  /* index_of[i*n + j]: e with sorted[e] = (i, j) */
    int nlines;
    int *line_start; /* e of each line's first element; [nlines] = count */
} brute;

typedef struct {
    int nprocs;
    int *owner;     /* per e */
    int *local;     /* per e */
    int *proc_lines;  /* per process */
    int *proc_count;  /* per process */
    int *proc_first;  /* per process: offset of its elements in by_local */
    int *by_local;    /* per process in local order: e */
    bcr_idx *bound;   /* per process: bound_first[k] .. + proc_lines[k] */
    int *bound_first;
} dealt;

static int cmp_elem(const void *p, const void *q)
{
    const elem *x = p, *y = q;
    if (x->c != y->c)
        return x->c < y->c ? -1 : 1;
    if (x->i != y->i)
        return x->i < y->i ? -1 : 1;
    return (x->j > y->j) - (x->j < y->j);
}

static void brute_build(brute *br, int m, int n, int a, int b)
{
    int sign = (b < 0 || (b == 0 && a < 0)) ? -1 : 1;
    br->m = m;
    br->n = n;
    br->count = m * n;
    br->sorted = xmalloc((size_t)br->count * sizeof *br->sorted);
    br->line = xmalloc((size_t)br->count * sizeof *br->line);
    br->pos = xmalloc((size_t)br->count * sizeof *br->pos);
    br->index_of = xmalloc((size_t)br->count * sizeof *br->index_of);
    br->line_start = xmalloc((size_t)(br->count + 1) * sizeof *br->line_start);
    int e = 0;
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            br->sorted[e].c = sign * ((bcr_idx)a * i + (bcr_idx)b * j);
            br->sorted[e].i = i;
            br->sorted[e].j = j;
            e++;
        }
    qsort(br->sorted, (size_t)br->count, sizeof *br->sorted, cmp_elem);
    int t = -1;
    for (e = 0; e < br->count; e++) {
        if (e == 0 || br->sorted[e].c != br->sorted[e - 1].c) {
            t++;
            br->line_start[t] = e;
        }
        br->line[e] = t;
        br->pos[e] = e - br->line_start[t];
        br->index_of[br->sorted[e].i * n + br->sorted[e].j] = e;
    }
    br->nlines = t + 1;
    br->line_start[br->nlines] = br->count;
}

static void brute_free(brute *br)
{
    free(br->sorted);
    free(br->line);
    free(br->pos);
    free(br->index_of);
    free(br->line_start);
}

static void deal(const brute *br, int nprocs, dealt *dl)
{
    int count = br->count;
    dl->nprocs = nprocs;
    dl->owner = xmalloc((size_t)count * sizeof *dl->owner);
    dl->local = xmalloc((size_t)count * sizeof *dl->local);
    dl->proc_lines = calloc((size_t)nprocs, sizeof *dl->proc_lines);
    dl->proc_count = calloc((size_t)nprocs, sizeof *dl->proc_count);
    dl->proc_first = xmalloc((size_t)nprocs * sizeof *dl->proc_first);
    dl->bound_first = xmalloc((size_t)nprocs * sizeof *dl->bound_first);
    dl->by_local = xmalloc((size_t)count * sizeof *dl->by_local);
    dl->bound = xmalloc((size_t)(br->nlines + nprocs) * sizeof *dl->bound);
    if (!dl->proc_lines || !dl->proc_count) {
        perror("calloc");
        exit(2);
    }
    for (int t = 0; t < br->nlines; t++)
        dl->proc_lines[t % nprocs]++;
    for (int e = 0; e < count; e++)
        dl->proc_count[br->line[e] % nprocs]++;
    int off = 0, boff = 0;
    for (int k = 0; k < nprocs; k++) {
        dl->proc_first[k] = off;
        dl->bound_first[k] = boff;
        off += dl->proc_count[k];
        boff += dl->proc_lines[k] + 1;
    }
    int *filled = calloc((size_t)nprocs, sizeof *filled);
    int *lines_seen = calloc((size_t)nprocs, sizeof *lines_seen);
    if (!filled || !lines_seen) {
        perror("calloc");
        exit(2);
    }
    for (int e = 0; e < count; e++) {
        int k = br->line[e] % nprocs;
        if (br->pos[e] == 0)
            dl->bound[dl->bound_first[k] + lines_seen[k]++] = filled[k];
        dl->owner[e] = k;
        dl->local[e] = filled[k];
        dl->by_local[dl->proc_first[k] + filled[k]] = e;
        filled[k]++;
    }
    for (int k = 0; k < nprocs; k++)
        dl->bound[dl->bound_first[k] + dl->proc_lines[k]] = dl->proc_count[k];
    free(filled);
    free(lines_seen);
}

static void dealt_free(dealt *dl)
{
    free(dl->owner);
    free(dl->local);
    free(dl->proc_lines);
    free(dl->proc_count);
    free(dl->proc_first);
    free(dl->bound_first);
    free(dl->by_local);
    free(dl->bound);
}

#define CASE "m=%d n=%d a=%d b=%d P=%d"
#define CASE_ARGS m, n, a, b, nprocs

/* Segment seg must be brute line t: same first element, length, and
 * every element along the step. */
static void check_segment(const brute *br, int t, const bcr_linear_segment *seg, const char *what,
                          int m, int n, int a, int b, int nprocs)
{
    int first = br->line_start[t], len = br->line_start[t + 1] - first;
    CHECK(seg->len == len, CASE " %s line %d: length %" PRId64 ", expected %d", CASE_ARGS, what, t,
          seg->len, len);
    for (int s = 0; s < len && s < seg->len; s++) {
        const elem *x = &br->sorted[first + s];
        bcr_idx i = seg->i0 + s * seg->di, j = seg->j0 + s * seg->dj;
        CHECK(i == x->i && j == x->j,
              CASE " %s line %d element %d: (%" PRId64 ",%" PRId64 "), expected (%" PRId64
                   ",%" PRId64 ")",
              CASE_ARGS, what, t, s, i, j, x->i, x->j);
    }
}

static void check_config(const brute *br, int a, int b, int nprocs)
{
    int m = br->m, n = br->n;
    bcr_linear d;
    const char *why = NULL;
    n_configs++;
    if (bcr_linear_init(&d, m, n, a, b, nprocs, &why) != 0) {
        failf(CASE ": init refused: %s", CASE_ARGS, why ? why : "?");
        return;
    }
    dealt dl;
    deal(br, nprocs, &dl);

    CHECK(bcr_linear_num_lines(&d) == br->nlines, CASE ": %" PRId64 " lines, expected %d",
          CASE_ARGS, bcr_linear_num_lines(&d), br->nlines);
    bcr_idx total_lines = 0, total_count = 0;
    for (int k = 0; k < nprocs; k++) {
        total_lines += bcr_linear_proc_lines(&d, k);
        total_count += bcr_linear_proc_count(&d, k);
    }
    CHECK(total_lines == br->nlines && total_count == br->count,
          CASE ": lines add up to %" PRId64 ", elements to %" PRId64, CASE_ARGS, total_lines,
          total_count);

    for (int t = 0; t < br->nlines; t++) {
        bcr_linear_segment seg;
        if (bcr_linear_line(&d, t, &seg) != 0)
            failf(CASE ": line %d refused", CASE_ARGS, t);
        else
            check_segment(br, t, &seg, "bcr_linear_line", CASE_ARGS);
    }
    bcr_linear_segment seg;
    CHECK(bcr_linear_line(&d, br->nlines, &seg) != 0 && bcr_linear_line(&d, -1, &seg) != 0,
          CASE ": a line number out of range accepted", CASE_ARGS);

    /* Per process: counts, bounds, li2gi over every offset, the walk. */
    char *reached = calloc((size_t)br->count + 1, 1);
    bcr_idx *bound = xmalloc((size_t)(br->nlines + 2) * sizeof *bound);
    bcr_idx **bounds = xmalloc((size_t)nprocs * sizeof *bounds);
    if (!reached) {
        perror("calloc");
        exit(2);
    }
    for (int k = 0; k < nprocs; k++) {
        int nl = dl.proc_lines[k], count = dl.proc_count[k];
        const bcr_idx *want = &dl.bound[dl.bound_first[k]];
        bounds[k] = &dl.bound[dl.bound_first[k]];
        CHECK(bcr_linear_proc_lines(&d, k) == nl, CASE " k=%d: %" PRId64 " lines, expected %d",
              CASE_ARGS, k, bcr_linear_proc_lines(&d, k), nl);
        CHECK(bcr_linear_proc_count(&d, k) == count,
              CASE " k=%d: %" PRId64 " elements, expected %d", CASE_ARGS, k,
              bcr_linear_proc_count(&d, k), count);
        if (bcr_linear_proc_lines(&d, k) != nl)
            continue;
        bound[nl + 1] = -7; /* must stay: bounds fills L_k + 1 entries */
        bcr_linear_bounds(&d, k, bound);
        for (int l = 0; l <= nl; l++)
            CHECK(bound[l] == want[l], CASE " k=%d: bound[%d] = %" PRId64 ", expected %" PRId64,
                  CASE_ARGS, k, l, bound[l], want[l]);
        CHECK(bound[nl + 1] == -7, CASE " k=%d: bcr_linear_bounds wrote past bound[L_k]",
              CASE_ARGS, k);

        for (int local = 0; local < count; local++) {
            int e = dl.by_local[dl.proc_first[k] + local];
            bcr_idx i = -1, j = -1;
            if (bcr_linear_li2gi(&d, k, want, local, &i, &j) != 0) {
                failf(CASE " k=%d: li2gi refused local %d", CASE_ARGS, k, local);
                continue;
            }
            CHECK(i == br->sorted[e].i && j == br->sorted[e].j,
                  CASE " k=%d: li2gi(%d) = (%" PRId64 ",%" PRId64 "), expected (%" PRId64
                       ",%" PRId64 ")",
                  CASE_ARGS, k, local, i, j, br->sorted[e].i, br->sorted[e].j);
            if (i >= 0 && i < m && j >= 0 && j < n) {
                int seen = br->index_of[i * n + j];
                CHECK(!reached[seen], CASE ": element (%" PRId64 ",%" PRId64 ") reached twice",
                      CASE_ARGS, i, j);
                reached[seen] = 1;
            }
        }
        bcr_idx i, j;
        CHECK(bcr_linear_li2gi(&d, k, want, -1, &i, &j) != 0 &&
                  bcr_linear_li2gi(&d, k, want, count, &i, &j) != 0,
              CASE " k=%d: li2gi accepted an offset out of range", CASE_ARGS, k);

        bcr_linear_walk w;
        bcr_linear_walk_begin(&d, k, &w);
        int l = 0, local = 0;
        while (bcr_linear_walk_next(&w, &seg)) {
            if (l >= nl) {
                failf(CASE " k=%d: the walk goes past %d lines", CASE_ARGS, k, nl);
                break;
            }
            check_segment(br, k + l * nprocs, &seg, "walk", CASE_ARGS);
            for (bcr_idx s = 0; s < seg.len && local < count; s++, local++) {
                int e = dl.by_local[dl.proc_first[k] + local];
                CHECK(seg.i0 + s * seg.di == br->sorted[e].i &&
                          seg.j0 + s * seg.dj == br->sorted[e].j,
                      CASE " k=%d: walk element %d is not local %d", CASE_ARGS, k, local, local);
            }
            bcr_linear_segment again;
            CHECK(bcr_linear_proc_line(&d, k, l, &again) == 0 && again.i0 == seg.i0 &&
                      again.j0 == seg.j0 && again.di == seg.di && again.dj == seg.dj &&
                      again.len == seg.len,
                  CASE " k=%d: proc_line %d differs from the walk", CASE_ARGS, k, l);
            l++;
        }
        CHECK(l == nl && local == count,
              CASE " k=%d: the walk gave %d lines and %d elements, expected %d and %d", CASE_ARGS,
              k, l, local, nl, count);
        CHECK(bcr_linear_proc_line(&d, k, nl, &seg) != 0,
              CASE " k=%d: proc_line accepted line L_k", CASE_ARGS, k);
    }
    for (int e = 0; e < br->count; e++)
        CHECK(reached[e], CASE ": element (%" PRId64 ",%" PRId64 ") has no local offset",
              CASE_ARGS, br->sorted[e].i, br->sorted[e].j);
    bcr_linear_walk w;
    bcr_linear_walk_begin(&d, nprocs, &w);
    CHECK(!bcr_linear_walk_next(&w, &seg), CASE ": a walk of process P found a line", CASE_ARGS);
    CHECK(bcr_linear_proc_lines(&d, nprocs) == 0 && bcr_linear_proc_lines(&d, -1) == 0,
          CASE ": processes out of range hold lines", CASE_ARGS);

    /* Per element: line, locate, gi2li and its inverse.  gi2li walks the
     * owner's lines, so past GI2LI_ALL elements it is tried on one
     * element in GI2LI_STRIDE (in sorted order, and the last). */
    int gi2li_stride = br->count <= GI2LI_ALL ? 1 : GI2LI_STRIDE;
    for (int e = 0; e < br->count; e++) {
        bcr_idx i = br->sorted[e].i, j = br->sorted[e].j;
        int want_k = dl.owner[e];
        bcr_idx t = bcr_linear_line_of(&d, i, j);
        CHECK(t == br->line[e], CASE ": (%" PRId64 ",%" PRId64 ") on line %" PRId64 ", expected %d",
              CASE_ARGS, i, j, t, br->line[e]);
        int k = -1;
        bcr_idx line = -1, pos = -1, local = -1;
        CHECK(bcr_linear_locate(&d, i, j, &k, &line, &pos) == 0 && k == want_k &&
                  line == br->line[e] / nprocs && pos == br->pos[e],
              CASE ": locate(%" PRId64 ",%" PRId64 ") = (%d, %" PRId64 ", %" PRId64
                   "), expected (%d, %d, %d)",
              CASE_ARGS, i, j, k, line, pos, want_k, br->line[e] / nprocs, br->pos[e]);
        if (k == want_k && line >= 0 && line < dl.proc_lines[k])
            CHECK(bounds[k][line] + pos == dl.local[e],
                  CASE ": bound[line] + pos of (%" PRId64 ",%" PRId64 ") is not its offset",
                  CASE_ARGS, i, j);
        if (e % gi2li_stride != 0 && e != br->count - 1)
            continue;
        k = -1;
        CHECK(bcr_linear_gi2li(&d, i, j, &k, &local) == 0 && k == want_k && local == dl.local[e],
              CASE ": gi2li(%" PRId64 ",%" PRId64 ") = (%d, %" PRId64 "), expected (%d, %d)",
              CASE_ARGS, i, j, k, local, want_k, dl.local[e]);
        if (k >= 0 && k < nprocs && local >= 0) {
            bcr_idx i2 = -1, j2 = -1;
            CHECK(bcr_linear_li2gi(&d, k, bounds[k], local, &i2, &j2) == 0 && i2 == i && j2 == j,
                  CASE ": li2gi(gi2li(%" PRId64 ",%" PRId64 ")) = (%" PRId64 ",%" PRId64 ")",
                  CASE_ARGS, i, j, i2, j2);
        }
    }
    int k;
    bcr_idx line, pos, local;
    const bcr_idx outside[][2] = {{-1, 0}, {0, -1}, {m, 0}, {0, n}, {m, n}};
    for (int o = 0; o < 5; o++) {
        bcr_idx i = outside[o][0], j = outside[o][1];
        CHECK(bcr_linear_line_of(&d, i, j) == -1 && bcr_linear_locate(&d, i, j, &k, &line, &pos) != 0 &&
                  bcr_linear_gi2li(&d, i, j, &k, &local) != 0,
              CASE ": element (%" PRId64 ",%" PRId64 ") outside the array accepted", CASE_ARGS, i,
              j);
    }
    free(reached);
    free(bound);
    free(bounds);
    dealt_free(&dl);
}

static void check_pair(int m, int n, int a, int b)
{
    brute br;
    brute_build(&br, m, n, a, b);
    for (int nprocs = 1; nprocs <= NP_MAX; nprocs++)
        check_config(&br, a, b, nprocs);
    brute_free(&br);
}

/* The paper's example (Figs. 4, 5): 8 x 8, i + j = c, 4 processes.  Its
 * bound arrays, 1-based and without the last entry, are {1,2,7,14},
 * {1,3,9,15}, {1,4,11,16}, {1,5,13}; its A(3,6) is on P3, our (2,5). */
static void check_paper_example(void)
{
    static const bcr_idx want[4][5] = {
        {0, 1, 6, 13, 16}, {0, 2, 8, 14, 16}, {0, 3, 10, 15, 16}, {0, 4, 12, 16, -1}};
    bcr_linear d;
    bcr_idx bound[5];
    CHECK(bcr_linear_init(&d, 8, 8, 1, 1, 4, NULL) == 0, "paper example: init refused");
    for (int k = 0; k < 4; k++) {
        int nl = k < 3 ? 4 : 3;
        CHECK(bcr_linear_proc_lines(&d, k) == nl, "paper example: P%d lines", k);
        bcr_linear_bounds(&d, k, bound);
        for (int l = 0; l <= nl; l++)
            CHECK(bound[l] == want[k][l], "paper example: P%d bound[%d] = %" PRId64, k, l,
                  bound[l]);
    }
    /* Line i + j = 7 holds (0,7), (1,6), (2,5), ... in our order, so (2,5)
     * is third on P3's line 1 (the paper, in increasing j, has it sixth:
     * its local index 10 is bound[2] + 5 = 5 + 5). */
    int k;
    bcr_idx local;
    CHECK(bcr_linear_gi2li(&d, 2, 5, &k, &local) == 0 && k == 3 && local == 6,
          "paper example: (2,5) at (%d, %" PRId64 "), expected (3, 6)", k, local);
}

/* (a, b), (-a, -b) and (g*a, g*b) are one distribution. */
static void check_normalisation(void)
{
    static const int pairs[][2] = {{1, 1}, {2, -3}, {0, 1}, {1, 0}, {3, 5}, {-1, 2}};
    for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        int a = pairs[p][0], b = pairs[p][1];
        bcr_linear d0, d1, d2;
        if (bcr_linear_init(&d0, 9, 7, a, b, 3, NULL) || bcr_linear_init(&d1, 9, 7, -a, -b, 3, NULL) ||
            bcr_linear_init(&d2, 9, 7, 6 * a, 6 * b, 3, NULL)) {
            failf("normalisation (%d,%d): init refused", a, b);
            continue;
        }
        CHECK(d0.a == d1.a && d0.b == d1.b && d0.a == d2.a && d0.b == d2.b &&
                  (d0.b > 0 || (d0.b == 0 && d0.a == 1)),
              "normalisation (%d,%d): (%" PRId64 ",%" PRId64 "), (%" PRId64 ",%" PRId64
              "), (%" PRId64 ",%" PRId64 ")",
              a, b, d0.a, d0.b, d1.a, d1.b, d2.a, d2.b);
    }
}

static void check_refusals(void)
{
    static const struct {
        bcr_idx m, n, a, b;
        int nprocs;
        const char *what;
    } bad[] = {
        {4, 4, 0, 0, 2, "a = b = 0"},
        {-1, 4, 1, 1, 2, "m < 0"},
        {4, -1, 1, 1, 2, "n < 0"},
        {4, 4, 1, 1, 0, "nprocs = 0"},
        {4, 4, 1, 1, -3, "nprocs < 0"},
        {4, 4, (bcr_idx)1 << 31, 1, 2, "a = 2^31"},
        {4, 4, 1, -((bcr_idx)1 << 40), 2, "b = -2^40"},
        {(bcr_idx)1 << 40, (bcr_idx)1 << 40, 1, 1, 2, "m * n = 2^80"},
        {(bcr_idx)1 << 31, ((bcr_idx)1 << 31) + 1, 1, 1, 2, "m * n just above 2^62"},
        {(bcr_idx)1 << 60, 2, 4, 1, 2, "a * m = 2^62"},
        {2, (bcr_idx)1 << 60, 1, -8, 2, "b * n = 2^63"},
        {(bcr_idx)1 << 31, (bcr_idx)1 << 31, INT32_MAX, -INT32_MAX, 2,
         "|a| (m+1) + |b| (n+1) = 2^63 - 2"},
    };
    for (size_t c = 0; c < sizeof bad / sizeof bad[0]; c++) {
        bcr_linear d;
        const char *why = NULL;
        int rc = bcr_linear_init(&d, bad[c].m, bad[c].n, bad[c].a, bad[c].b, bad[c].nprocs, &why);
        CHECK(rc != 0 && why && why[0], "init accepted %s", bad[c].what);
        CHECK(bcr_linear_init(&d, bad[c].m, bad[c].n, bad[c].a, bad[c].b, bad[c].nprocs, NULL) != 0,
              "init with why = NULL accepted %s", bad[c].what);
    }
    /* Large but allowed: everything still adds up exactly. */
    bcr_linear d;
    const char *why = NULL;
    bcr_idx m = (bcr_idx)1 << 31, n = (bcr_idx)1 << 30;
    int rc = bcr_linear_init(&d, m, n, 1, 1, 5, &why);
    CHECK(rc == 0, "init refused 2^31 x 2^30: %s", rc ? why : "");
    if (rc == 0) {
        CHECK(bcr_linear_num_lines(&d) == m + n - 1, "2^31 x 2^30 (1,1): line count");
        CHECK(bcr_linear_line_of(&d, m - 1, n - 1) == m + n - 2, "2^31 x 2^30 (1,1): last line");
        int k;
        bcr_idx line, pos;
        CHECK(bcr_linear_locate(&d, m - 1, n - 1, &k, &line, &pos) == 0 &&
                  k == (int)((m + n - 2) % 5) && line == (m + n - 2) / 5 && pos == 0,
              "2^31 x 2^30 (1,1): the last element");
    }
}

/* Larger arrays, no brute force: the walk, the bound arrays, locate and
 * li2gi must agree with each other for sampled elements, and the element
 * counts must add up to m * n. */
static void check_large(bcr_idx m, bcr_idx n, bcr_idx a, bcr_idx b, int nprocs)
{
    bcr_linear d;
    const char *why = NULL;
    if (bcr_linear_init(&d, m, n, a, b, nprocs, &why) != 0) {
        failf("large %" PRId64 "x%" PRId64 " (%" PRId64 ",%" PRId64 "): refused: %s", m, n, a, b,
              why);
        return;
    }
    n_configs++;
    bcr_idx **bounds = xmalloc((size_t)nprocs * sizeof *bounds);
    bcr_idx total = 0;
    for (int k = 0; k < nprocs; k++) {
        bcr_idx nl = bcr_linear_proc_lines(&d, k);
        bounds[k] = xmalloc((size_t)(nl + 1) * sizeof *bounds[k]);
        bcr_linear_bounds(&d, k, bounds[k]);
        total += bounds[k][nl];
        for (bcr_idx l = 0; l < nl; l++)
            if (bounds[k][l + 1] <= bounds[k][l]) {
                failf("large (%" PRId64 ",%" PRId64 "): P%d line %" PRId64 " is empty", a, b, k, l);
                break;
            }
    }
    CHECK(total == m * n, "large %" PRId64 "x%" PRId64 " (%" PRId64 ",%" PRId64 "): %" PRId64
                          " elements",
          m, n, a, b, total);
    uint64_t seed = 12345;
    for (int s = 0; s < 2000; s++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        bcr_idx i = (bcr_idx)((seed >> 33) % (uint64_t)m);
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        bcr_idx j = (bcr_idx)((seed >> 33) % (uint64_t)n);
        int k;
        bcr_idx line, pos, i2 = -1, j2 = -1;
        if (bcr_linear_locate(&d, i, j, &k, &line, &pos) != 0) {
            failf("large: locate refused (%" PRId64 ",%" PRId64 ")", i, j);
            continue;
        }
        bcr_linear_segment seg;
        CHECK(bcr_linear_proc_line(&d, k, line, &seg) == 0 && pos < seg.len &&
                  seg.i0 + pos * seg.di == i && seg.j0 + pos * seg.dj == j,
              "large (%" PRId64 ",%" PRId64 "): (%" PRId64 ",%" PRId64 ") is not on its line", a,
              b, i, j);
        CHECK(bcr_linear_li2gi(&d, k, bounds[k], bounds[k][line] + pos, &i2, &j2) == 0 && i2 == i &&
                  j2 == j,
              "large (%" PRId64 ",%" PRId64 "): li2gi does not give back (%" PRId64 ",%" PRId64
              ")",
              a, b, i, j);
    }
    for (int k = 0; k < nprocs; k++)
        free(bounds[k]);
    free(bounds);
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    clock_t start = clock();

    check_refusals();
    check_normalisation();
    check_paper_example();

    for (int im = 0; im < NSIZES; im++)
        for (int in = 0; in < NSIZES; in++) {
            if (quick && (im + in) % 2 != 0)
                continue;
            for (int a = -COEF_MAX; a <= COEF_MAX; a++)
                for (int b = -COEF_MAX; b <= COEF_MAX; b++)
                    if (a != 0 || b != 0)
                        check_pair(SIZES[im], SIZES[in], a, b);
        }
    /* Coefficients above 4: lines of one element, long gaps in c. */
    static const int wide[][2] = {{7, 5}, {-5, 7}, {9, 2}, {6, -9}, {1, 11}, {13, 0}};
    for (size_t w = 0; w < sizeof wide / sizeof wide[0]; w++)
        for (int im = 0; im < NSIZES; im += 3)
            for (int in = 1; in < NSIZES; in += 3)
                check_pair(SIZES[im], SIZES[in], wide[w][0], wide[w][1]);

    check_large(100000, 77777, 3, -5, 7);
    check_large(3, 100000, 5, 7, 4);
    check_large(1000, 1000, 1, 1, 9);
    check_large(60000, 4, 0, 3, 5);

    printf("test_linear: %lld configurations, %lld checks, %lld failed, %.1f s\n", n_configs,
           n_checks, n_failed, (double)(clock() - start) / CLOCKS_PER_SEC);
    return n_failed ? 1 : 0;
}
