/* Plans between layouts (bcr_plan_create_layouts): descriptor, blocks,
 * owners (any rank per block) and linear (Guo's slant lines) layouts in
 * every pairing, against an element-wise oracle written apart
 * from the library (global index -> owner and local offset, from the
 * layouts' definitions in bcredist.h), every byte of every local array
 * compared, padding and elements outside the submatrix included; pairs of
 * descriptors also against ScaLAPACK's Cp?gemr2d.  And bad layouts.
 *
 *   bcr_test_layouts sweep --seed S --count N [--remaps]
 *   bcr_test_layouts errors
 *
 * --remaps makes every configuration a remap (otherwise one in five).
 * BCR_FAIL counts here (base/failsafe.h): BCR_FAIL=small_chunks@all cuts
 * every message, element plans' and remap requests' included, in chunks
 * of a few KiB, so that a sweep runs messages of many chunks. */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "scalapack_ref.h"

void bcr_faults_enable(void); /* libbcredist's, for tests only */

static int me, np;
static int remaps_only; /* --remaps */

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

typedef struct {
    uint64_t s;
} rng;

static int pick(rng *r, int lo, int hi) /* in [lo, hi] */
{
    r->s = mix(r->s);
    return lo + (int)(r->s % (uint64_t)(hi - lo + 1));
}

/* ------------------------------------------------------------------ */
/* Grids of the BLACS, made once: every shape that fits, two placements. */

typedef struct {
    int ctxt, P, Q, myrow, mycol;
    int ranks[64]; /* (r, c) -> rank, row-major */
} grid;

static grid grids[128];
static int ngrids, union_ctxt;

static void make_grids(void)
{
    for (int P = 1; P <= np; P++)
        for (int Q = 1; P * Q <= np; Q++)
            for (int place = 0; place < 2 && ngrids < 128; place++) {
                grid *g = &grids[ngrids++];
                int usermap[64];
                g->P = P;
                g->Q = Q;
                for (int r = 0; r < P; r++)
                    for (int c = 0; c < Q; c++) {
                        int k = r * Q + c;
                        g->ranks[k] = place ? np - 1 - k : k;
                        usermap[r + c * P] = g->ranks[k]; /* column-major, ldumap = P */
                    }
                Cblacs_get(-1, 0, &g->ctxt);
                Cblacs_gridmap(&g->ctxt, usermap, P, P, Q);
                g->myrow = g->mycol = -1;
                if (g->ctxt >= 0) {
                    int pp, qq;
                    Cblacs_gridinfo(g->ctxt, &pp, &qq, &g->myrow, &g->mycol);
                } else {
                    g->ctxt = -1;
                }
            }
    Cblacs_get(-1, 0, &union_ctxt);
    Cblacs_gridinit(&union_ctxt, "R", 1, np);
}

/* ------------------------------------------------------------------ */
/* A layout as the test knows it: its definition, and the oracle. */

enum { K_DESC, K_BLOCKS, K_LINEAR, K_OWNERS };

typedef struct {
    int kind, m, n;
    /* descriptor */
    const grid *g;
    int M, N, MB, NB, RSRC, CSRC, ia, ja;
    int desc[9];
    /* blocks */
    int nrb, ncb, rsize[40], rproc[40], csize[40], cproc[40], nprow, npcol, granks[64];
    /* owners: the blocks' ranks, [bi + bj * nrb], and this process's local
     * starts of the row and column blocks it holds a block in (-1: none) */
    int owners[40 * 40], ostart_r[40], ostart_c[40];
    /* linear: brute force over every element (the oracle for it) */
    int la, lb, lnp, lranks[64];
    int *lown;  /* [gi * n + gj]: owner rank */
    long *loff; /* [gi * n + gj]: offset on the owner */
    /* this process */
    int in, myrow, mycol, lld;
    long lrows, lcols; /* its local array: lld x lcols */
    bcr_layout_t L;
} tlayout;

/* ScaLAPACK's NUMROC, written out. */
static long count_local(long n, long nb, int p, int src, int P)
{
    long blocks = n / nb, rel = ((p - src) % P + P) % P;
    long c = blocks / P * nb;
    long extra = blocks % P;
    if (rel < extra)
        c += nb;
    else if (rel == extra)
        c += n % nb;
    return c;
}

/* Of a blocks dimension: coordinate and local index of global index g. */
static void blocks_at(const int *size, const int *proc, int nblocks, long g, int *coord,
                      long *local)
{
    long start = 0;
    int b = 0;
    while (b < nblocks && start + size[b] <= g)
        start += size[b++];
    *coord = proc[b];
    long before = 0;
    for (int t = 0; t < b; t++)
        if (proc[t] == proc[b])
            before += size[t];
    *local = before + (g - start);
}

/* Owner rank of element (gi, gj) of the m x n matrix, and its offset in the
 * owner's local array (with the owner's lld: the caller asks only for its
 * own elements). */
static int owner(const tlayout *t, long gi, long gj, long *off)
{
    int pr, pc;
    long lr, lc;
    if (t->kind == K_LINEAR) {
        *off = t->loff[gi * t->n + gj];
        return t->lown[gi * t->n + gj];
    }
    if (t->kind == K_DESC) {
        long gr = t->ia - 1 + gi, gc = t->ja - 1 + gj; /* in the whole matrix */
        pr = (int)((t->RSRC + gr / t->MB) % t->g->P);
        pc = (int)((t->CSRC + gc / t->NB) % t->g->Q);
        lr = gr / ((long)t->MB * t->g->P) * t->MB + gr % t->MB;
        lc = gc / ((long)t->NB * t->g->Q) * t->NB + gc % t->NB;
        *off = lr + lc * t->lld;
        return t->g->ranks[pr * t->g->Q + pc];
    }
    if (t->kind == K_OWNERS) {
        int bi = 0, bj = 0;
        long r0 = 0, c0 = 0;
        while (r0 + t->rsize[bi] <= gi)
            r0 += t->rsize[bi++];
        while (c0 + t->csize[bj] <= gj)
            c0 += t->csize[bj++];
        int rank = t->owners[bi + bj * t->nrb];
        *off = rank == me ? t->ostart_r[bi] + (gi - r0) + (t->ostart_c[bj] + (gj - c0)) * t->lld
                          : -1;
        return rank;
    }
    blocks_at(t->rsize, t->rproc, t->nrb, gi, &pr, &lr);
    blocks_at(t->csize, t->cproc, t->ncb, gj, &pc, &lc);
    *off = lr + lc * t->lld;
    return t->granks[pr * t->npcol + pc];
}

/* Cuts len into nb blocks of sizes >= 1 (nb <= len), dealt to random
 * coordinates. */
static void cut(rng *r, int len, int nb, int ncoords, int *size, int *proc)
{
    for (int b = 0; b < nb; b++)
        size[b] = 1;
    for (int left = len - nb; left > 0; left--)
        size[pick(r, 0, nb - 1)]++;
    for (int b = 0; b < nb; b++)
        proc[b] = pick(r, 0, ncoords - 1);
}

typedef struct {
    long c, i, j;
} cell;

static int by_line(const void *x, const void *y)
{
    const cell *p = x, *q = y;
    if (p->c != q->c)
        return p->c < q->c ? -1 : 1;
    if (p->i != q->i)
        return p->i < q->i ? -1 : 1;
    return (p->j > q->j) - (p->j < q->j);
}

static long gcd(long x, long y)
{
    x = x < 0 ? -x : x;
    y = y < 0 ? -y : y;
    while (y) {
        long t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/* The slant-line layout from its definition in bcredist.h, by sorting
 * every element: lines by c, a line's elements by i (a row's by j). */
static void linear_oracle(tlayout *t)
{
    long a = t->la, b = t->lb, g = gcd(a, b), n = (long)t->m * t->n;
    a /= g;
    b /= g;
    if (b < 0 || (b == 0 && a < 0)) {
        a = -a;
        b = -b;
    }
    cell *v = malloc((size_t)(n ? n : 1) * sizeof *v);
    for (long i = 0; i < t->m; i++)
        for (long j = 0; j < t->n; j++)
            v[i * t->n + j] = (cell){a * i + b * j, i, j};
    qsort(v, (size_t)n, sizeof *v, by_line);
    t->lown = malloc((size_t)(n ? n : 1) * sizeof *t->lown);
    t->loff = malloc((size_t)(n ? n : 1) * sizeof *t->loff);
    long next[64] = {0}, line = -1;
    for (long k = 0; k < n; k++) {
        if (k == 0 || v[k].c != v[k - 1].c)
            line++;
        int proc = (int)(line % t->lnp);
        t->lown[v[k].i * t->n + v[k].j] = t->lranks[proc];
        t->loff[v[k].i * t->n + v[k].j] = next[proc]++;
        if (t->lranks[proc] == me)
            t->lrows++;
    }
    free(v);
}

/* The ranks 0 .. np - 1 in random order. */
static void shuffled_ranks(rng *r, int *all)
{
    for (int i = 0; i < np; i++)
        all[i] = i;
    for (int i = np - 1; i > 0; i--) {
        int j = pick(r, 0, i), x = all[i];
        all[i] = all[j];
        all[j] = x;
    }
}

static void make_layout(rng *r, tlayout *t, int kind, int m, int n)
{
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->m = m;
    t->n = n;
    int pad = pick(r, 0, 2);
    if (kind == K_DESC) {
        t->g = &grids[pick(r, 0, ngrids - 1)];
        t->MB = pick(r, 1, 7);
        t->NB = pick(r, 1, 7);
        t->RSRC = pick(r, 0, t->g->P - 1);
        t->CSRC = pick(r, 0, t->g->Q - 1);
        t->ia = pick(r, 1, 3);
        t->ja = pick(r, 1, 3);
        t->M = t->ia - 1 + m + pick(r, 0, 3);
        t->N = t->ja - 1 + n + pick(r, 0, 3);
        t->in = t->g->ctxt >= 0;
        t->myrow = t->g->myrow;
        t->mycol = t->g->mycol;
        if (t->in) {
            t->lrows = count_local(t->M, t->MB, t->myrow, t->RSRC, t->g->P);
            t->lcols = count_local(t->N, t->NB, t->mycol, t->CSRC, t->g->Q);
        }
        t->lld = (int)(t->lrows > 1 ? t->lrows : 1) + pad;
        int d[9] = {1, t->in ? t->g->ctxt : -1, t->M, t->N, t->MB, t->NB, t->RSRC, t->CSRC, t->lld};
        memcpy(t->desc, d, sizeof d);
        t->L = bcr_layout_desc(m, n, t->ia, t->ja, t->desc);
        return;
    }
    if (kind == K_LINEAR) {
        do {
            t->la = pick(r, -3, 3);
            t->lb = pick(r, -3, 3);
        } while (t->la == 0 && t->lb == 0);
        t->lnp = pick(r, 1, np);
        int all[64];
        shuffled_ranks(r, all);
        for (int k = 0; k < t->lnp; k++) {
            t->lranks[k] = all[k];
            t->in |= all[k] == me;
        }
        linear_oracle(t); /* lrows: this process's elements */
        t->lcols = 1;
        t->lld = (int)t->lrows;
        t->L = bcr_layout_linear(m, n, t->la, t->lb, t->lnp, t->lranks);
        return;
    }
    if (kind == K_OWNERS) {
        t->nrb = m ? pick(r, 1, m < 12 ? m : 12) : 0;
        t->ncb = n ? pick(r, 1, n < 12 ? n : 12) : 0;
        cut(r, m, t->nrb, 1, t->rsize, t->rproc);
        cut(r, n, t->ncb, 1, t->csize, t->cproc);
        int spread = pick(r, 1, np); /* owners among the first few ranks */
        for (int b = 0; b < t->nrb * t->ncb; b++)
            t->owners[b] = pick(r, 0, spread - 1);
        for (int bi = 0; bi < t->nrb; bi++) {
            int held = 0;
            for (int bj = 0; bj < t->ncb; bj++)
                held |= t->owners[bi + bj * t->nrb] == me;
            t->ostart_r[bi] = held ? (int)t->lrows : -1;
            t->lrows += held ? t->rsize[bi] : 0;
        }
        for (int bj = 0; bj < t->ncb; bj++) {
            int held = 0;
            for (int bi = 0; bi < t->nrb; bi++)
                held |= t->owners[bi + bj * t->nrb] == me;
            t->ostart_c[bj] = held ? (int)t->lcols : -1;
            t->lcols += held ? t->csize[bj] : 0;
        }
        t->in = t->lrows > 0;
        t->lld = (int)(t->lrows > 1 ? t->lrows : 1) + pad;
        t->L = bcr_layout_owners(m, n, t->nrb, t->rsize, t->ncb, t->csize, t->owners, t->lld);
        return;
    }
    t->nprow = pick(r, 1, np);
    t->npcol = pick(r, 1, np / t->nprow);
    int all[64];
    shuffled_ranks(r, all); /* a random subset, in random order */
    t->myrow = t->mycol = -1;
    for (int k = 0; k < t->nprow * t->npcol; k++) {
        t->granks[k] = all[k];
        if (all[k] == me) {
            t->in = 1;
            t->myrow = k / t->npcol;
            t->mycol = k % t->npcol;
        }
    }
    t->nrb = m ? pick(r, 1, m < 12 ? m : 12) : 0;
    t->ncb = n ? pick(r, 1, n < 12 ? n : 12) : 0;
    cut(r, m, t->nrb, t->nprow, t->rsize, t->rproc);
    cut(r, n, t->ncb, t->npcol, t->csize, t->cproc);
    if (t->in) {
        for (int b = 0; b < t->nrb; b++)
            t->lrows += t->rproc[b] == t->myrow ? t->rsize[b] : 0;
        for (int b = 0; b < t->ncb; b++)
            t->lcols += t->cproc[b] == t->mycol ? t->csize[b] : 0;
    }
    t->lld = (int)(t->lrows > 1 ? t->lrows : 1) + pad;
    t->L = bcr_layout_blocks(m, n, t->nrb, t->rsize, t->rproc, t->ncb, t->csize, t->cproc,
                             t->nprow, t->npcol, t->granks, t->lld);
}

/* ------------------------------------------------------------------ */

static unsigned char value_byte(long gi, long gj, size_t k)
{
    return (unsigned char)(mix(((uint64_t)gi << 32) ^ (uint64_t)gj ^ ((uint64_t)k << 56)) & 0xff);
}

static const char types[] = "sdczi";
static const size_t sizes[] = {4, 8, 8, 16, 4};

static size_t local_bytes(const tlayout *t, size_t es)
{
    return (size_t)t->lld * (size_t)t->lcols * es;
}

/* t's local array as it must be: each of this process's elements holds
 * the value of the source element it takes (itself, or with maps the one
 * they name), every other byte `fill`. */
static unsigned char *expected(const tlayout *t, size_t es, int fill, const int *rows,
                               const int *cols)
{
    size_t bytes = local_bytes(t, es);
    unsigned char *v = malloc(bytes ? bytes : 1);
    memset(v, fill, bytes);
    for (long gj = 0; gj < t->n; gj++)
        for (long gi = 0; gi < t->m; gi++) {
            long off;
            if (owner(t, gi, gj, &off) == me)
                for (size_t k = 0; k < es; k++)
                    v[(size_t)off * es + k] = rows ? value_byte(rows[off], cols[off], k)
                                                   : value_byte(gi, gj, k);
        }
    return v;
}

/* src's local array with its elements' values, the rest 0xAB. */
static unsigned char *fill_src(const tlayout *t, size_t es)
{
    return expected(t, es, 0xAB, NULL, NULL);
}

/* Every byte of dst's local array: the moved elements' values where the
 * oracle puts them, 0xCD (as filled) everywhere else. */
static long check_dst(const tlayout *t, size_t es, const unsigned char *b, const char *what,
                      int cfg, const int *rows, const int *cols)
{
    size_t bytes = local_bytes(t, es);
    unsigned char *want = expected(t, es, 0xCD, rows, cols);
    long bad = 0;
    for (size_t i = 0; i < bytes; i++)
        if (b[i] != want[i] && bad++ == 0)
            fprintf(stderr, "rank %d: config %d (%s): byte %zu of %zu is %02x, want %02x\n", me,
                    cfg, what, i, bytes, b[i], want[i]);
    free(want);
    return bad;
}

/* Index maps laid out as t's local array: each of this process's
 * elements names a source element (ms x ns) by a hash of the
 * configuration and its place; the rest (padding, holes) names none that
 * exists, so a map read where it must not be is an error. */
static void make_maps(const tlayout *t, int cfg, int ms, int ns, int **rows, int **cols)
{
    size_t cnt = local_bytes(t, 1);
    *rows = malloc((cnt ? cnt : 1) * sizeof **rows);
    *cols = malloc((cnt ? cnt : 1) * sizeof **cols);
    for (size_t k = 0; k < cnt; k++)
        (*rows)[k] = (*cols)[k] = -7;
    for (long gj = 0; gj < t->n; gj++)
        for (long gi = 0; gi < t->m; gi++) {
            long off;
            if (owner(t, gi, gj, &off) == me) {
                uint64_t h = mix(((uint64_t)cfg << 40) ^ ((uint64_t)gi << 20) ^ (uint64_t)gj);
                (*rows)[off] = (int)(h % (uint64_t)ms);
                (*cols)[off] = (int)((h >> 32) % (uint64_t)ns);
            }
        }
}

static const char *kind_name(int k)
{
    return k == K_DESC ? "desc" : k == K_BLOCKS ? "blocks" : k == K_LINEAR ? "linear" : "owners";
}

/* ScaLAPACK's Cp?gemr2d over the union context, for two descriptors. */
static void reference(char type, const tlayout *s, const tlayout *d, unsigned char *a,
                      unsigned char *b)
{
    int *da = (int *)s->desc, *db = (int *)d->desc;
    switch (type) {
    case 's': Cpsgemr2d(s->m, s->n, (float *)a, s->ia, s->ja, da, (float *)b, d->ia, d->ja, db, union_ctxt); break;
    case 'd': Cpdgemr2d(s->m, s->n, (double *)a, s->ia, s->ja, da, (double *)b, d->ia, d->ja, db, union_ctxt); break;
    case 'c': Cpcgemr2d(s->m, s->n, (float _Complex *)a, s->ia, s->ja, da, (float _Complex *)b, d->ia, d->ja, db, union_ctxt); break;
    case 'z': Cpzgemr2d(s->m, s->n, (double _Complex *)a, s->ia, s->ja, da, (double _Complex *)b, d->ia, d->ja, db, union_ctxt); break;
    default: Cpigemr2d(s->m, s->n, (int *)a, s->ia, s->ja, da, (int *)b, d->ia, d->ja, db, union_ctxt); break;
    }
}

static long one_config(uint64_t seed, int cfg, long *ref_checked)
{
    rng r = {mix(seed * 1000003ULL + (uint64_t)cfg)};
    int ti = pick(&r, 0, 4);
    char type = types[ti];
    size_t es = sizes[ti];
    int m = pick(&r, 0, 9) == 0 ? pick(&r, 0, 1) : pick(&r, 1, 37);
    int n = pick(&r, 0, 9) == 0 ? pick(&r, 0, 1) : pick(&r, 1, 37);
    /* One in five a remap: dst's elements taken by index maps from a
     * source of its own size. */
    int remap = pick(&r, 0, 4) == 0 || remaps_only;
    int ms = remap ? pick(&r, 1, 30) : m, ns = remap ? pick(&r, 1, 30) : n;
    tlayout s, d;
    make_layout(&r, &s, pick(&r, 0, 3), ms, ns);
    make_layout(&r, &d, pick(&r, 0, 3), m, n);
    int *rows = NULL, *cols = NULL;
    bcr_layout_t target = d.L;
    if (remap) {
        make_maps(&d, cfg, ms, ns, &rows, &cols);
        target = bcr_layout_remap(d.L, rows, cols);
    }
    int how = pick(&r, 0, 4); /* 0-2 execute, 3 start + wait, 4 execute twice */
    int null_empty = pick(&r, 0, 1);
    long bad = 0;
    if (!s.L || !d.L) {
        fprintf(stderr, "rank %d: config %d: a valid layout was refused\n", me, cfg);
        bad++;
    }
    bcr_plan_t p = bcr_plan_create_layouts(s.L, target, type, MPI_COMM_WORLD);
    if (!p) {
        const char *msg;
        bcr_last_error(&msg);
        fprintf(stderr, "rank %d: config %d: no plan: %s\n", me, cfg, msg);
        bad++;
    }
    unsigned char *a = fill_src(&s, es);
    size_t bbytes = local_bytes(&d, es);
    unsigned char *b = malloc(bbytes ? bbytes : 1);
    memset(b, 0xCD, bbytes);
    void *pa = null_empty && local_bytes(&s, es) == 0 ? NULL : a;
    void *pb = null_empty && bbytes == 0 ? NULL : b;
    char what[96];
    snprintf(what, sizeof what, "%c %dx%d %s -> %s%s, run %d", type, m, n, kind_name(s.kind),
             remap ? "remap of " : "", kind_name(d.kind), how);
    if (p) {
        for (int run = 0; run < (how == 4 ? 2 : 1); run++) {
            if (run)
                memset(b, 0xCD, bbytes);
            int rc = how == 3 ? bcr_plan_start(p, pa, pb) : bcr_plan_execute(p, pa, pb);
            if (how == 3 && rc == BCR_SUCCESS)
                rc = bcr_plan_wait(p);
            if (rc != BCR_SUCCESS) {
                fprintf(stderr, "rank %d: config %d (%s): run failed (%d)\n", me, cfg, what, rc);
                bad++;
            }
        }
        bad += check_dst(&d, es, b, what, cfg, rows, cols);
    }
    if (!remap && s.kind == K_DESC && d.kind == K_DESC && m > 0 && n > 0) {
        unsigned char *b2 = malloc(bbytes ? bbytes : 1);
        memset(b2, 0xCD, bbytes);
        reference(type, &s, &d, a, b2);
        if (memcmp(b, b2, bbytes)) {
            fprintf(stderr, "rank %d: config %d (%s): differs from ScaLAPACK\n", me, cfg, what);
            bad++;
        }
        (*ref_checked)++;
        free(b2);
    }
    bcr_plan_destroy(p);
    if (remap)
        bcr_layout_destroy(target);
    free(rows);
    free(cols);
    bcr_layout_destroy(s.L);
    bcr_layout_destroy(d.L);
    free(s.lown);
    free(s.loff);
    free(d.lown);
    free(d.loff);
    free(a);
    free(b);
    return bad;
}

static int sweep(uint64_t seed, int count)
{
    long bad = 0, ref = 0;
    for (int cfg = 0; cfg < count; cfg++)
        bad += one_config(seed, cfg, &ref);
    long all;
    MPI_Allreduce(&bad, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("layouts sweep: %d ranks, seed %llu: %d configurations (%ld also against "
               "ScaLAPACK on rank 0), %ld faults\n",
               np, (unsigned long long)seed, count, ref, all);
    return all != 0;
}

/* ------------------------------------------------------------------ */
/* Bad layouts: refused with the routine and the argument named, on every
 * process, NULL everywhere, nothing written. */

static long expect(const char *name, int got_null, int want_code, const char *w1, const char *w2)
{
    const char *msg = "";
    int code = bcr_last_error(&msg);
    long bad = 0;
    if (!got_null || code != want_code || (w1 && !strstr(msg, w1)) || (w2 && !strstr(msg, w2))) {
        fprintf(stderr, "rank %d: %s: null %d, code %d (want %d), message \"%s\" (want \"%s\", "
                        "\"%s\")\n",
                me, name, got_null, code, want_code, msg, w1 ? w1 : "", w2 ? w2 : "");
        bad = 1;
    }
    return bad;
}

/* A constructor that makes a layout after a failure leaves
 * bcr_last_error at BCR_SUCCESS and "". */
static long made_clears(const char *name, bcr_layout_t l)
{
    const char *msg = NULL;
    int code = bcr_last_error(&msg);
    long bad = !l || code != BCR_SUCCESS || !msg || msg[0];
    if (bad)
        fprintf(stderr, "rank %d: %s made after a failure: layout %p, code %d, message \"%s\"\n",
                me, name, (void *)l, code, msg ? msg : "(NULL)");
    bcr_layout_destroy(l);
    return bad;
}

static int errors(void)
{
    long bad = 0;
    int m = 10, n = 6;
    int rs[3] = {4, 3, 3}, rp[3] = {0, 0, 0}, cs[2] = {2, 4}, cp[2] = {0, 0};
    int g1[1] = {0};
    int lld = 10;
    bcr_layout_t good = bcr_layout_blocks(m, n, 3, rs, rp, 2, cs, cp, 1, 1, g1, lld);
    bad += good == NULL;

    int short_rows[3] = {4, 3, 2};
    bcr_layout_t l = bcr_layout_blocks(m, n, 3, short_rows, rp, 2, cs, cp, 1, 1, g1, lld);
    bad += expect("missing rows", l == NULL, BCR_ERR_ARGUMENT, "bcr_layout_blocks: argument 4 (row_sizes)", "add up to 9 rows, must add up to the matrix's 10");
    int long_cols[2] = {3, 4};
    l = bcr_layout_blocks(m, n, 3, rs, rp, 2, long_cols, cp, 1, 1, g1, lld);
    bad += expect("overlapping columns", l == NULL, BCR_ERR_ARGUMENT, "argument 7 (col_sizes)", "add up to 7 columns");
    int zero_rows[3] = {5, 0, 5};
    l = bcr_layout_blocks(m, n, 3, zero_rows, rp, 2, cs, cp, 1, 1, g1, lld);
    bad += expect("empty block", l == NULL, BCR_ERR_ARGUMENT, "argument 4 (row_sizes)", "row_sizes[1] = 0");
    int far_proc[3] = {0, 1, 0};
    l = bcr_layout_blocks(m, n, 3, rs, far_proc, 2, cs, cp, 1, 1, g1, lld);
    bad += expect("owner outside the grid", l == NULL, BCR_ERR_ARGUMENT, "argument 5 (row_procs)", "row_procs[1] = 1");
    int dup[2] = {0, 0};
    l = bcr_layout_blocks(m, n, 3, rs, rp, 2, cs, cp, 1, 2, dup, lld);
    bad += expect("rank twice", l == NULL, BCR_ERR_ARGUMENT, "argument 11 (grid_ranks)", "more than once");
    l = bcr_layout_blocks(m, n, 0, rs, rp, 2, cs, cp, 1, 1, g1, lld);
    bad += expect("no row blocks", l == NULL, BCR_ERR_ARGUMENT, "argument 3 (nrowblocks)", NULL);
    int d0[9] = {1, -1, 10, 6, 2, 2, 0, 0, 10};
    l = bcr_layout_desc(m, n, 0, 1, d0);
    bad += expect("ia = 0", l == NULL, BCR_ERR_ARGUMENT, "bcr_layout_desc: argument 3 (ia)", NULL);

    int r0[2] = {0, 0};
    l = bcr_layout_linear(m, n, 0, 0, 1, r0);
    bad += expect("no lines", l == NULL, BCR_ERR_ARGUMENT, "bcr_layout_linear: argument 4 (b)", "a = b = 0");
    l = bcr_layout_linear(m, n, 1, 1, 2, r0);
    bad += expect("linear rank twice", l == NULL, BCR_ERR_ARGUMENT, "argument 6 (ranks)", "more than once");
    l = bcr_layout_linear(m, n, 1, 1, 0, r0);
    bad += expect("no processes", l == NULL, BCR_ERR_ARGUMENT, "argument 5 (nprocs)", NULL);
    l = bcr_layout_linear(m, n, -2147483647 - 1, 1, 1, r0);
    bad += expect("a = -2^31", l == NULL, BCR_ERR_ARGUMENT, "argument 3 (a)", "a = -2147483648");
    l = bcr_layout_linear(m, n, 1, -2147483647 - 1, 1, r0);
    bad += expect("b = -2^31", l == NULL, BCR_ERR_ARGUMENT, "argument 4 (b)", "b = -2147483648");
    bad += made_clears("linear", bcr_layout_linear(m, n, -2147483647, 1, 1, r0));

    int own_bad[6] = {0, 0, -1, 0, 0, 0};
    l = bcr_layout_owners(m, n, 3, rs, 2, cs, own_bad, lld);
    bad += expect("owner not a rank", l == NULL, BCR_ERR_ARGUMENT, "bcr_layout_owners: argument 7 (owners)", "owners[2] = -1");
    l = bcr_layout_owners(m, n, 3, short_rows, 2, cs, own_bad, lld);
    bad += expect("owners: missing rows", l == NULL, BCR_ERR_ARGUMENT, "argument 4 (row_sizes)", "add up to 9 rows");
    int own0[6] = {0, 0, 0, 0, 0, 0};
    bad += made_clears("owners", bcr_layout_owners(m, n, 3, rs, 2, cs, own0, lld));
    l = bcr_layout_desc(m, n, 0, 1, d0);
    bad += made_clears("desc", bcr_layout_desc(m, n, 1, 1, d0));
    l = bcr_layout_desc(m, n, 0, 1, d0);
    bad += made_clears("blocks", bcr_layout_blocks(m, n, 3, rs, rp, 2, cs, cp, 1, 1, g1, lld));
    l = bcr_layout_remap(NULL, NULL, NULL);
    bad += made_clears("remap", bcr_layout_remap(good, rs, rs));

    /* Faults found by the plan, on every process. */
    bcr_plan_t p = bcr_plan_create_layouts(NULL, good, 'd', MPI_COMM_WORLD);
    bad += expect("src NULL", p == NULL, BCR_ERR_ARGUMENT, "bcr_plan_create_layouts: argument 1 (src)", NULL);
    p = bcr_plan_create_layouts(good, good, 'x', MPI_COMM_WORLD);
    bad += expect("bad type", p == NULL, BCR_ERR_ARGUMENT, "argument 3 (type)", NULL);
    p = bcr_plan_create_layouts(good, good, 'd', MPI_COMM_NULL);
    bad += expect("no comm", p == NULL, BCR_ERR_ARGUMENT, "argument 4 (comm)", NULL);
    int far_rank[1] = {np};
    l = bcr_layout_blocks(m, n, 3, rs, rp, 2, cs, cp, 1, 1, far_rank, lld);
    p = bcr_plan_create_layouts(good, l, 'd', MPI_COMM_WORLD);
    bad += expect("rank outside comm", p == NULL, BCR_ERR_GRID, "argument 2 (dst)", "not a rank of comm");
    bcr_layout_destroy(l);
    int own_far[6] = {0, 0, 0, 0, 0, np};
    l = bcr_layout_owners(m, n, 3, rs, 2, cs, own_far, lld);
    p = bcr_plan_create_layouts(good, l, 'd', MPI_COMM_WORLD);
    bad += expect("owner outside comm", p == NULL, BCR_ERR_GRID, "argument 2 (dst)", "owners[5]");
    bcr_layout_destroy(l);
    l = bcr_layout_linear(m, n, 1, 1, 1, far_rank);
    p = bcr_plan_create_layouts(l, good, 'd', MPI_COMM_WORLD);
    bad += expect("linear rank outside comm", p == NULL, BCR_ERR_GRID, "argument 1 (src)", "not a rank of comm");
    bcr_layout_destroy(l);
    bcr_layout_t wide = bcr_layout_blocks(m, n + 1, 3, rs, rp, 2, (int[]){2, 5}, cp, 1, 1, g1, lld);
    p = bcr_plan_create_layouts(good, wide, 'd', MPI_COMM_WORLD);
    bad += expect("sizes differ", p == NULL, BCR_ERR_ARGUMENT, "argument 2 (dst)", "one size");
    bcr_layout_destroy(wide);
    /* A leading dimension too small on the last process alone: reported on
     * every process. */
    int nprow = np < 3 ? np : 3, all_rows[3], gridn[3] = {0, 1, 2}, mine_rows = 0;
    for (int b = 0; b < 3; b++) {
        all_rows[b] = b % nprow; /* process row r is rank r */
        mine_rows += all_rows[b] == me ? rs[b] : 0;
    }
    int my_lld = mine_rows > 1 ? mine_rows : 1;
    if (me == nprow - 1)
        my_lld = mine_rows - 1; /* it holds 3 rows or more */
    l = bcr_layout_blocks(m, n, 3, rs, all_rows, 2, cs, cp, nprow, 1, gridn, my_lld);
    p = bcr_plan_create_layouts(good, l, 'd', MPI_COMM_WORLD);
    bad += expect("lld too small on one process", p == NULL, BCR_ERR_ARGUMENT, "argument 2 (dst)", "lld =");
    bcr_layout_destroy(l);
    /* Layouts that differ between processes. */
    int other_rows[3] = {3, 4, 3};
    l = bcr_layout_blocks(m, n, 3, me == 0 ? other_rows : rs, rp, 2, cs, cp, 1, 1, g1, lld);
    p = bcr_plan_create_layouts(l, good, 'd', MPI_COMM_WORLD);
    if (np > 1)
        bad += expect("layouts differ", p == NULL, BCR_ERR_INCONSISTENT, "argument 1 (src)", "differs between processes");
    bcr_plan_destroy(p);
    bcr_layout_destroy(l);
    /* A descriptor with MB = 0 on its grid (rank 0 alone). */
    int dctxt = grids[0].ctxt; /* 1 x 1 on rank 0 */
    int dbad[9] = {1, dctxt, 10, 6, 0, 2, 0, 0, 10};
    l = bcr_layout_desc(m, n, 1, 1, dbad);
    p = bcr_plan_create_layouts(l, good, 'd', MPI_COMM_WORLD);
    bad += expect("desc MB = 0", p == NULL, BCR_ERR_ARGUMENT, "argument 1 (src)", "desc[MB_] = 0");
    bcr_layout_destroy(l);
    /* Processes of a descriptor's grid disagreeing on its M. */
    if (np > 1) {
        const grid *gall = NULL;
        for (int i = 0; i < ngrids && !gall; i++)
            if (grids[i].P * grids[i].Q == np)
                gall = &grids[i];
        int dm[9] = {1, gall->ctxt, me == 0 ? 11 : 10, 6, 2, 2, 0, 0, 10};
        l = bcr_layout_desc(m, n, 1, 1, dm);
        p = bcr_plan_create_layouts(l, good, 'd', MPI_COMM_WORLD);
        bad += expect("grid disagrees on M", p == NULL, BCR_ERR_INCONSISTENT, "argument 1 (src)", "disagree on desc[M_] (11, 10)");
        bcr_layout_destroy(l);
    }
    /* A descriptor whose grid reaches outside comm. */
    if (np > 1) {
        MPI_Comm sub;
        MPI_Comm_split(MPI_COMM_WORLD, me < np - 1, me, &sub);
        const grid *gall = NULL;
        for (int i = 0; i < ngrids && !gall; i++)
            if (grids[i].P * grids[i].Q == np)
                gall = &grids[i];
        int dg[9] = {1, gall->ctxt, 10, 6, 2, 2, 0, 0, 10};
        l = bcr_layout_desc(m, n, 1, 1, dg);
        if (me < np - 1) {
            p = bcr_plan_create_layouts(l, l, 'd', sub);
            bad += expect("grid outside comm", p == NULL, BCR_ERR_GRID, "argument 1 (src)", "not in comm");
        }
        bcr_layout_destroy(l);
        MPI_Comm_free(&sub);
    }
    /* Two contexts of one shape, each over its own processes: every
     * process describes src with its own context's descriptor (the same
     * fields), so two processes claim each position of src's grid. */
    if (np == 4) {
        int halves[2], um[2][2] = {{0, 1}, {2, 3}};
        for (int h = 0; h < 2; h++) {
            Cblacs_get(-1, 0, &halves[h]);
            Cblacs_gridmap(&halves[h], um[h], 1, 1, 2);
        }
        int mine = me < 2 ? halves[0] : halves[1];
        int dh[9] = {1, mine, 10, 6, 2, 2, 0, 0, 10};
        l = bcr_layout_desc(m, n, 1, 1, dh);
        const grid *g22 = NULL;
        for (int i = 0; i < ngrids && !g22; i++)
            if (grids[i].P == 2 && grids[i].Q == 2)
                g22 = &grids[i];
        int dd[9] = {1, g22->ctxt, 10, 6, 2, 2, 0, 0, 10};
        bcr_layout_t l2 = bcr_layout_desc(m, n, 1, 1, dd);
        p = bcr_plan_create_layouts(l, l2, 'd', MPI_COMM_WORLD);
        bad += expect("two contexts claim one grid", p == NULL, BCR_ERR_INCONSISTENT,
                      "argument 1 (src)", "claim position (0, 0)");
        bcr_plan_destroy(p);
        bcr_layout_destroy(l);
        bcr_layout_destroy(l2);
        Cblacs_gridexit(mine);
    }
    /* Remaps: a map outside src, NULL maps, a remap as the source or as a
     * base. */
    int mr[60], mc[60];
    for (int k = 0; k < 60; k++) {
        mr[k] = k % 10;
        mc[k] = k % 6;
    }
    mr[17] = 10; /* row 10 of a 10-row src */
    bcr_layout_t rm = bcr_layout_remap(good, mr, mc);
    p = bcr_plan_create_layouts(good, rm, 'd', MPI_COMM_WORLD);
    bad += expect("map outside src", p == NULL, BCR_ERR_ARGUMENT, "argument 2 (dst)", "local offset 17 name (10, 5), outside src's 10 x 6");
    p = bcr_plan_create_layouts(rm, good, 'd', MPI_COMM_WORLD);
    bad += expect("remap as src", p == NULL, BCR_ERR_ARGUMENT, "argument 1 (src)", "can only be a plan's destination");
    l = bcr_layout_remap(rm, mr, mc);
    bad += expect("remap of a remap", l == NULL, BCR_ERR_ARGUMENT, "bcr_layout_remap: argument 1 (base)", NULL);
    bcr_layout_destroy(rm);
    rm = bcr_layout_remap(good, NULL, mc);
    p = bcr_plan_create_layouts(good, rm, 'd', MPI_COMM_WORLD);
    bad += expect("NULL map", p == NULL, BCR_ERR_ARGUMENT, "argument 2 (dst)", "row map is NULL");
    bcr_layout_destroy(rm);

    /* A NULL array where this process holds elements: reported, B kept. */
    p = bcr_plan_create_layouts(good, good, 'd', MPI_COMM_WORLD);
    bad += p == NULL;
    if (p) {
        double b[60];
        for (int i = 0; i < 60; i++)
            b[i] = -1.5;
        int rc = bcr_plan_execute(p, NULL, me == 0 ? b : NULL);
        long kept = 0;
        for (int i = 0; i < 60; i++)
            kept += b[i] == -1.5;
        if (rc == BCR_SUCCESS || kept != 60) {
            fprintf(stderr, "rank %d: NULL a: rc %d, %ld of 60 kept\n", me, rc, kept);
            bad++;
        }
        bcr_plan_destroy(p);
    }
    bcr_layout_destroy(good);
    long all;
    MPI_Allreduce(&bad, &all, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        printf("layouts errors: %d ranks: %ld faults\n", np, all);
    return all != 0;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    bcr_faults_enable();
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &np);
    if (np > 64)
        MPI_Abort(MPI_COMM_WORLD, 2);
    make_grids();
    uint64_t seed = 1;
    int count = 100, rc = 2;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--count") && i + 1 < argc)
            count = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--remaps"))
            remaps_only = 1;
    }
    if (argc > 1 && !strcmp(argv[1], "sweep"))
        rc = sweep(seed, count);
    else if (argc > 1 && !strcmp(argv[1], "errors"))
        rc = errors();
    else if (me == 0)
        fprintf(stderr,
                "usage: bcr_test_layouts sweep|errors [--seed S] [--count N] [--remaps]\n");
    Cblacs_exit(1);
    MPI_Finalize();
    return rc;
}
