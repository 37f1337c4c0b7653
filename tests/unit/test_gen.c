/* Unit tests of the run-list generators (src/plan/gen.h).
 *
 * For every case the general generator is compared with a brute-force run
 * list (owners and local indices found by dealing blocks out one by one,
 * runs by joining neighbours), every specialised generator is forced with
 * bcr_runlist_build and must either refuse (its precondition fails)
 * or give exactly the general generator's list, periodic form included,
 * and the dispatcher must pick the first specialised generator, in
 * priority order, whose precondition holds.  The preconditions are written
 * here again from the raw axis parameters, so a generator that refuses
 * where it should not (or the reverse) shows up too.
 *
 * Cases: block sizes 1..8, 1..5 processes, every source process, offsets
 * 0..20 and lengths 0..80.  A broad sweep meets every pair of axes with a
 * couple of offset pairs each; then, per specialised generator, a sweep of
 * axes built to satisfy its precondition (every shape, process count,
 * source, coordinate of mine and offset of mine, the other offset chosen
 * to fit).  Large offsets, huge lengths, an overflowing period and
 * BCR_GENERATOR close.  Pass --full to try every offset pair in the broad
 * sweep and every source pair and fitting offset in the others (hours).
 *
 * Exit status 0 when everything passed, 1 otherwise.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, clock_gettime */

#include "base/options.h"
#include "plan/gen.h"
#include "unit_check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NB_MAX 8
#define NP_MAX 5
#define OFF_MAX 20
#define LEN_MAX 80
#define G_MAX (OFF_MAX + LEN_MAX + 1)
const long long unit_max_reports = 30; /* failures printed, then only counted */

static long long n_cases;
static long long hits[BCR_GEN_COUNT];  /* forced generator accepted and matched */
static long long picks[BCR_GEN_COUNT]; /* the dispatcher's choices */
static int full;

/* ---- brute force --------------------------------------------------------- */

typedef struct {
    int nb, nprocs, src;
    int owner[G_MAX];
    int local[G_MAX];
} layout;

static layout layouts[NB_MAX + 1][NP_MAX + 1][NP_MAX];

static void layout_make(layout *L, int nb, int nprocs, int src)
{
    L->nb = nb;
    L->nprocs = nprocs;
    L->src = src;
    unit_deal(nb, nprocs, src, G_MAX, L->owner, L->local);
}

typedef struct {
    int n[NP_MAX];
    bcr_run r[NP_MAX][LEN_MAX];
} expect;

/* The runs by their definition: k joins the run before it when it is the
 * next index in the same bucket and in both local storages. */
static void brute(const layout *M, int offm, const layout *O, int offo, int len, int me,
                  expect *x)
{
    memset(x->n, 0, sizeof x->n);
    for (int k = 0; k < len; k++) {
        if (M->owner[offm + k] != me)
            continue;
        int q = O->owner[offo + k];
        bcr_idx mine = M->local[offm + k], other = O->local[offo + k];
        bcr_run *last = x->n[q] ? &x->r[q][x->n[q] - 1] : NULL;
        if (last && last->k0 + last->len == k && last->mine + last->len == mine &&
            last->other + last->len == other) {
            last->len++;
        } else {
            bcr_run r = {k, 1, mine, other};
            x->r[q][x->n[q]++] = r;
        }
    }
}

/* ---- the preconditions, from the raw parameters --------------------------- */

typedef struct {
    bcr_axis m, o;
    int me;
    bcr_idx len;
} tcase;

static int precondition(int g, const tcase *c)
{
    const bcr_axis *m = &c->m, *o = &c->o;
    bcr_idx sm = m->off % m->nb, so = o->off % o->nb;
    switch (g) {
    case BCR_GEN_IDENTITY:
        return m->nb == o->nb && m->nprocs == o->nprocs && sm == so &&
               (m->src + m->off / m->nb) % m->nprocs == (o->src + o->off / o->nb) % o->nprocs;
    case BCR_GEN_KR_TO_R:
        return m->nprocs == o->nprocs && m->nb % o->nb == 0 && sm % o->nb == so;
    case BCR_GEN_R_TO_KR:
        return m->nprocs == o->nprocs && o->nb % m->nb == 0 && so % m->nb == sm;
    case BCR_GEN_BLOCK_TO_CYCLIC:
        return o->nb == 1 && sm + c->len <= m->nb * m->nprocs;
    case BCR_GEN_CYCLIC_TO_BLOCK:
        return m->nb == 1 && so + c->len <= o->nb * o->nprocs;
    default:
        return 1;
    }
}

static const int priority[] = {BCR_GEN_IDENTITY,        BCR_GEN_BLOCK_TO_CYCLIC,
                               BCR_GEN_CYCLIC_TO_BLOCK, BCR_GEN_KR_TO_R,
                               BCR_GEN_R_TO_KR,         BCR_GEN_GENERAL};

static int expected_choice(const tcase *c)
{
    for (size_t i = 0; i < sizeof priority / sizeof priority[0]; i++)
        if (precondition(priority[i], c))
            return priority[i];
    return BCR_GEN_GENERAL;
}

/* ---- comparisons --------------------------------------------------------- */

#define CASE_FMT                                                                           \
    "len=%" PRId64 " mine(nb=%" PRId64 " src=%d P=%d off=%" PRId64 ") me=%d other(nb=%" PRId64 \
    " src=%d P=%d off=%" PRId64 ")"
#define CASE_ARGS(c)                                                                       \
    (c)->len, (c)->m.nb, (c)->m.src, (c)->m.nprocs, (c)->m.off, (c)->me, (c)->o.nb,        \
        (c)->o.src, (c)->o.nprocs, (c)->o.off

static int run_eq(const bcr_run *a, const bcr_run *b)
{
    return a->k0 == b->k0 && a->len == b->len && a->mine == b->mine && a->other == b->other;
}

static int same_as_brute(const bcr_runlist *rl, const expect *x, const tcase *c)
{
    n_checks++;
    if (rl->nbuckets != c->o.nprocs || rl->start[0] != 0) {
        failf(CASE_FMT ": general: nbuckets %d start[0] %" PRId64, CASE_ARGS(c),
              rl->nbuckets, rl->start[0]);
        return 0;
    }
    bcr_idx total = 0;
    for (int q = 0; q < c->o.nprocs; q++) {
        n_checks++;
        if (rl->start[q + 1] - rl->start[q] != x->n[q]) {
            failf(CASE_FMT ": general: bucket %d has %" PRId64 " runs, brute force %d",
                  CASE_ARGS(c), q, rl->start[q + 1] - rl->start[q], x->n[q]);
            return 0;
        }
        for (int i = 0; i < x->n[q]; i++) {
            const bcr_run *a = &rl->runs[rl->start[q] + i], *b = &x->r[q][i];
            n_checks++;
            if (!run_eq(a, b)) {
                failf(CASE_FMT ": general: bucket %d run %d is (k0 %" PRId64 " len %" PRId64
                               " mine %" PRId64 " other %" PRId64 "), brute force (%" PRId64
                               " %" PRId64 " %" PRId64 " %" PRId64 ")",
                      CASE_ARGS(c), q, i, a->k0, a->len, a->mine, a->other, b->k0, b->len,
                      b->mine, b->other);
                return 0;
            }
            total += b->len;
        }
    }
    n_checks++;
    if (rl->nruns != rl->start[c->o.nprocs] || rl->total != total) {
        failf(CASE_FMT ": general: nruns %" PRId64 " total %" PRId64 ", expected %" PRId64
                       " %" PRId64,
              CASE_ARGS(c), rl->nruns, rl->total, rl->start[c->o.nprocs], total);
        return 0;
    }
    return 1;
}

/* Everything, periodic form included: the one-period runs are canonical
 * too, so every generator must store the same ones. */
static int same_lists(const bcr_runlist *a, const bcr_runlist *b, const char *what,
                      const tcase *c)
{
    n_checks++;
    if (a->nbuckets != b->nbuckets || a->nruns != b->nruns || a->total != b->total ||
        a->period != b->period || a->reps != b->reps || a->mine_step != b->mine_step ||
        a->other_step != b->other_step || a->npruns != b->npruns) {
        failf(CASE_FMT ": %s vs general: nruns %" PRId64 "/%" PRId64 " total %" PRId64
                       "/%" PRId64 " period %" PRId64 "/%" PRId64 " reps %" PRId64 "/%" PRId64
                       " npruns %" PRId64 "/%" PRId64,
              CASE_ARGS(c), what, a->nruns, b->nruns, a->total, b->total, a->period,
              b->period, a->reps, b->reps, a->npruns, b->npruns);
        return 0;
    }
    for (int q = 0; q <= a->nbuckets; q++) {
        n_checks++;
        if (a->start[q] != b->start[q] || a->pstart[q] != b->pstart[q]) {
            failf(CASE_FMT ": %s vs general: bucket %d starts at %" PRId64 "/%" PRId64
                           " (period %" PRId64 "/%" PRId64 ")",
                  CASE_ARGS(c), what, q, a->start[q], b->start[q], a->pstart[q], b->pstart[q]);
            return 0;
        }
    }
    for (bcr_idx i = 0; i < a->nruns; i++) {
        n_checks++;
        if (!run_eq(&a->runs[i], &b->runs[i])) {
            const bcr_run *x = &a->runs[i], *y = &b->runs[i];
            failf(CASE_FMT ": %s vs general: run %" PRId64 " is (%" PRId64 " %" PRId64
                           " %" PRId64 " %" PRId64 "), general (%" PRId64 " %" PRId64 " %" PRId64
                           " %" PRId64 ")",
                  CASE_ARGS(c), what, i, x->k0, x->len, x->mine, x->other, y->k0, y->len,
                  y->mine, y->other);
            return 0;
        }
    }
    for (bcr_idx i = 0; i < a->npruns; i++) {
        n_checks++;
        if (!run_eq(&a->pruns[i], &b->pruns[i])) {
            failf(CASE_FMT ": %s vs general: period run %" PRId64 " differs", CASE_ARGS(c),
                  what, i);
            return 0;
        }
    }
    return 1;
}

static bcr_idx gcd(bcr_idx a, bcr_idx b)
{
    return b ? gcd(b, a % b) : a;
}

/* The periodic form must say what plan/runlist.h promises: expanding it the
 * simple way (shift, clip, join neighbours) gives the runs. */
static int periodic_form_ok(const bcr_runlist *rl, const tcase *c)
{
    bcr_idx a = c->m.nprocs * c->m.nb, b = c->o.nprocs * c->o.nb;
    bcr_idx L = a / gcd(a, b) * b;
    bcr_idx reps = (c->len + L - 1) / L;
    n_checks++;
    if (rl->period != L || rl->reps != reps || rl->mine_step != L / c->m.nprocs ||
        rl->other_step != L / c->o.nprocs) {
        failf(CASE_FMT ": period %" PRId64 " reps %" PRId64 " steps %" PRId64 " %" PRId64
                       ", expected %" PRId64 " %" PRId64 " %" PRId64 " %" PRId64,
              CASE_ARGS(c), rl->period, rl->reps, rl->mine_step, rl->other_step, L, reps,
              L / c->m.nprocs, L / c->o.nprocs);
        return 0;
    }
    bcr_idx plen = L < c->len ? L : c->len;
    for (int q = 0; q < rl->nbuckets; q++) {
        bcr_run got[LEN_MAX + 1];
        int n = 0;
        for (bcr_idx t = 0; t < reps; t++) {
            for (bcr_idx i = rl->pstart[q]; i < rl->pstart[q + 1]; i++) {
                bcr_run r = rl->pruns[i];
                n_checks++;
                if (r.len < 1 || r.k0 < 0 || r.k0 + r.len > plen) {
                    failf(CASE_FMT ": period run k0 %" PRId64 " len %" PRId64
                                   " outside [0, %" PRId64 ")",
                          CASE_ARGS(c), r.k0, r.len, plen);
                    return 0;
                }
                r.k0 += t * L;
                r.mine += t * rl->mine_step;
                r.other += t * rl->other_step;
                if (r.k0 >= c->len)
                    break;
                if (r.k0 + r.len > c->len)
                    r.len = c->len - r.k0;
                bcr_run *last = n ? &got[n - 1] : NULL;
                if (last && last->k0 + last->len == r.k0 && last->mine + last->len == r.mine &&
                    last->other + last->len == r.other)
                    last->len += r.len;
                else if (n <= LEN_MAX)
                    got[n++] = r;
            }
        }
        n_checks++;
        if (n != rl->start[q + 1] - rl->start[q]) {
            failf(CASE_FMT ": bucket %d: periodic form expands to %d runs, list has %" PRId64,
                  CASE_ARGS(c), q, n, rl->start[q + 1] - rl->start[q]);
            return 0;
        }
        for (int i = 0; i < n; i++) {
            n_checks++;
            if (!run_eq(&got[i], &rl->runs[rl->start[q] + i])) {
                failf(CASE_FMT ": bucket %d run %d: periodic form expands differently",
                      CASE_ARGS(c), q, i);
                return 0;
            }
        }
    }
    return 1;
}

/* ---- one case ------------------------------------------------------------ */

static void check_case(int nbm, int pm, int srcm, int offm, int nbo, int po, int srco,
                       int offo, int len, int me)
{
    const layout *M = &layouts[nbm][pm][srcm], *O = &layouts[nbo][po][srco];
    tcase c = {{nbm, srcm, pm, offm}, {nbo, srco, po, offo}, me, len};
    expect x;
    bcr_runlist gen, rl;
    n_cases++;
    brute(M, offm, O, offo, len, me, &x);

    int rc = bcr_runlist_build(&gen, len, &c.m, me, &c.o, BCR_GEN_GENERAL);
    n_checks++;
    if (rc != 0 || gen.generator != BCR_GEN_GENERAL) {
        failf(CASE_FMT ": general returned %d, generator %d", CASE_ARGS(&c), rc, gen.generator);
        bcr_runlist_free(&gen);
        return;
    }
    if (same_as_brute(&gen, &x, &c))
        periodic_form_ok(&gen, &c);
    hits[BCR_GEN_GENERAL]++;

    for (int g = 0; g < BCR_GEN_GENERAL; g++) {
        int want = precondition(g, &c);
        rc = bcr_runlist_build(&rl, len, &c.m, me, &c.o, g);
        n_checks++;
        if (want ? rc != 0 || rl.generator != g : rc != BCR_GEN_NOT_APPLICABLE) {
            failf(CASE_FMT ": %s forced returned %d, precondition %s", CASE_ARGS(&c),
                  bcr_generator_name(g), rc, want ? "holds" : "fails");
        } else if (want && same_lists(&rl, &gen, bcr_generator_name(g), &c)) {
            hits[g]++;
        }
        bcr_runlist_free(&rl);
    }

    int choice = expected_choice(&c);
    rc = bcr_runlist_build(&rl, len, &c.m, me, &c.o, BCR_GEN_AUTO);
    n_checks++;
    if (rc != 0 || rl.generator != choice) {
        failf(CASE_FMT ": dispatcher returned %d and chose %s, expected %s", CASE_ARGS(&c), rc,
              rc ? "-" : bcr_generator_name(rl.generator), bcr_generator_name(choice));
    } else if (same_lists(&rl, &gen, "dispatcher", &c)) {
        picks[choice]++;
    }
    bcr_runlist_free(&rl);
    bcr_runlist_free(&gen);
}

/* ---- sweeps -------------------------------------------------------------- */

/* Every pair of axes, every coordinate of mine, every length; the offset
 * pair walks the 21 x 21 grid as the axes change, two per axis pair. */
static void sweep_broad(void)
{
    long long pair = 0;
    for (int nbm = 1; nbm <= NB_MAX; nbm++)
        for (int pm = 1; pm <= NP_MAX; pm++)
            for (int srcm = 0; srcm < pm; srcm++)
                for (int nbo = 1; nbo <= NB_MAX; nbo++)
                    for (int po = 1; po <= NP_MAX; po++)
                        for (int srco = 0; srco < po; srco++, pair++)
                            for (int me = 0; me < pm; me++)
                                for (int j = 0; j < (full ? 441 : 2); j++) {
                                    int idx = full ? j : (int)((pair * 2 + j) * 97 % 441);
                                    int offm = idx / 21, offo = idx % 21;
                                    for (int len = 0; len <= LEN_MAX; len++)
                                        check_case(nbm, pm, srcm, offm, nbo, po, srco, offo,
                                                   len, me);
                                }
}

/* The other side's offsets, in 0..OFF_MAX, that fit a precondition: at
 * most `want` of them spread over the range (all with --full). */
static int pick_offsets(int *out, int want, int (*fits)(int offo, const void *), const void *arg,
                        int rot)
{
    int all[OFF_MAX + 1], n = 0;
    for (int v = 0; v <= OFF_MAX; v++)
        if (fits(v, arg))
            all[n++] = v;
    if (full || n <= want) {
        memcpy(out, all, (size_t)n * sizeof *out);
        return n;
    }
    for (int i = 0; i < want; i++)
        out[i] = all[(rot + i * n / want) % n];
    return want;
}

typedef struct {
    int nbm, pm, srcm, offm, nbo, po, srco;
} fam;

static int fits_identity(int offo, const void *a)
{
    const fam *f = a;
    return offo % f->nbo == f->offm % f->nbm &&
           (f->srco + offo / f->nbo) % f->po == (f->srcm + f->offm / f->nbm) % f->pm;
}

static int fits_kr_to_r(int offo, const void *a)
{
    const fam *f = a;
    return (f->offm % f->nbm) % f->nbo == offo % f->nbo;
}

static int fits_r_to_kr(int offo, const void *a)
{
    const fam *f = a;
    return (offo % f->nbo) % f->nbm == f->offm % f->nbm;
}

static int fits_any(int offo, const void *a)
{
    (void)a;
    (void)offo;
    return 1;
}

/* Axes built for one generator: `shape` says which (nb, P) pairs to use,
 * `fits` which other offsets; all sources, all my offsets and coordinates,
 * lengths 0..max_len. */
static void sweep_family(int (*shape)(int nbm, int pm, int nbo, int po),
                         int (*fits)(int, const void *), int per_offm, int max_len)
{
    int rot = 0;
    for (int nbm = 1; nbm <= NB_MAX; nbm++)
        for (int pm = 1; pm <= NP_MAX; pm++)
            for (int nbo = 1; nbo <= NB_MAX; nbo++)
                for (int po = 1; po <= NP_MAX; po++) {
                    if (!shape(nbm, pm, nbo, po))
                        continue;
                    for (int srcm = 0; srcm < pm; srcm++)
                        for (int so = 0; so < (full ? po : 1); so++)
                            for (int offm = 0; offm <= OFF_MAX; offm++) {
                                /* Without --full the other source walks
                                 * its values as my offset changes. */
                                int srco = full ? so : (srcm + offm + nbm) % po;
                                fam f = {nbm, pm, srcm, offm, nbo, po, srco};
                                int offs[OFF_MAX + 1];
                                int n = pick_offsets(offs, per_offm, fits, &f, rot++);
                                for (int i = 0; i < n; i++)
                                    for (int me = 0; me < pm; me++)
                                        for (int len = 0; len <= max_len; len++)
                                            check_case(nbm, pm, srcm, offm, nbo, po, srco,
                                                       offs[i], len, me);
                            }
                }
}

static int shape_identity(int nbm, int pm, int nbo, int po)
{
    return nbm == nbo && pm == po;
}
static int shape_kr_to_r(int nbm, int pm, int nbo, int po)
{
    return pm == po && nbm % nbo == 0 && nbm != nbo;
}
static int shape_r_to_kr(int nbm, int pm, int nbo, int po)
{
    return pm == po && nbo % nbm == 0 && nbm != nbo;
}
static int shape_block_to_cyclic(int nbm, int pm, int nbo, int po)
{
    (void)pm;
    (void)po;
    return nbo == 1 && nbm > 1;
}
static int shape_cyclic_to_block(int nbm, int pm, int nbo, int po)
{
    (void)pm;
    (void)po;
    return nbm == 1 && nbo > 1;
}

/* ---- beyond the small cases ---------------------------------------------- */

/* Compare every generator that accepts with the general one (no brute
 * force is possible here; the small cases proved the general one). */
static void check_all_agree(bcr_idx len, bcr_axis m, int me, bcr_axis o, const char *what)
{
    tcase c = {m, o, me, len};
    bcr_runlist gen, rl;
    n_cases++;
    if (bcr_runlist_build(&gen, len, &m, me, &o, BCR_GEN_GENERAL)) {
        failf("%s: general failed", what);
        return;
    }
    int accepted = 0;
    for (int g = 0; g < BCR_GEN_GENERAL; g++) {
        int rc = bcr_runlist_build(&rl, len, &m, me, &o, g);
        if (rc == 0) {
            accepted++;
            if (same_lists(&rl, &gen, bcr_generator_name(g), &c))
                hits[g]++;
        } else if (rc != BCR_GEN_NOT_APPLICABLE) {
            failf("%s: %s returned %d", what, bcr_generator_name(g), rc);
        }
        bcr_runlist_free(&rl);
    }
    n_checks++;
    if (!accepted)
        failf("%s: no specialised generator accepted", what);
    bcr_runlist_free(&gen);
}

static void test_large(void)
{
    const bcr_idx big = ((bcr_idx)1 << 40) + 12345;
    /* kr -> r and r -> kr with offsets past 2^40 (whole blocks of offset
     * and a tiling remainder). */
    for (int P = 1; P <= 4; P++)
        for (int me = 0; me < P; me++) {
            bcr_axis m = {12, 1 % P, P, big * 12 + 7}, o = {4, 0, P, big * 4 + 3};
            check_all_agree(1000, m, me, o, "large kr_to_r");
            check_all_agree(1000, o, me, m, "large r_to_kr");
            bcr_axis b = {300, 0, P, big * 300 + 17}, cy = {1, P - 1, P + 1, big};
            check_all_agree(250, b, me, cy, "large block_to_cyclic");
            check_all_agree(250, cy, me, b, "large cyclic_to_block");
            check_all_agree(777, m, me, m, "large identity");
        }

    /* A huge length with one process on both sides: one run, found
     * without walking 2^40 / 15 periods. */
    {
        bcr_axis m = {3, 0, 1, 5}, o = {5, 0, 1, 2};
        bcr_runlist rl;
        bcr_idx len = (bcr_idx)1 << 40;
        int rc = bcr_runlist_build(&rl, len, &m, 0, &o, BCR_GEN_AUTO);
        n_checks++;
        if (rc || rl.nruns != 1 || rl.runs[0].k0 != 0 || rl.runs[0].len != len ||
            rl.runs[0].mine != 5 || rl.runs[0].other != 2 || rl.period != 15 ||
            rl.reps != (len + 14) / 15)
            failf("huge length, one process: rc %d nruns %" PRId64, rc, rl.nruns);
        bcr_runlist_free(&rl);
    }

    /* A period past 2^63: block sizes near 2^31 with coprime cycles. */
    {
        bcr_axis m = {2147483647, 0, 65521, 0}, o = {2147483629, 0, 65519, 3};
        bcr_runlist rl;
        int rc = bcr_runlist_build(&rl, 5000000000LL, &m, 2, &o, BCR_GEN_AUTO);
        n_checks++;
        /* Coordinate 2 holds block 2 alone: [2 nb, 3 nb) clipped at len. */
        if (rc || rl.reps != 1 || rl.period != 5000000000LL || rl.mine_step != 0 ||
            rl.total != 5000000000LL - 2 * 2147483647LL)
            failf("overflowing period: rc %d reps %" PRId64 " period %" PRId64
                  " total %" PRId64, rc, rl.reps, rl.period, rl.total);
        bcr_runlist_free(&rl);
    }
}

/* BCR_GENERATOR=general, as the options read it, forces the general
 * generator on the dispatcher (the planner passes BCR_GEN_GENERAL then),
 * and an unknown generator number is refused. */
static void test_env(void)
{
    bcr_axis m = {6, 0, 3, 0}, o = {2, 0, 3, 0};
    bcr_runlist rl;
    const char *vals[] = {NULL, "auto", "general", "nonsense"};
    const int want[] = {BCR_GEN_KR_TO_R, BCR_GEN_KR_TO_R, BCR_GEN_GENERAL, BCR_GEN_KR_TO_R};
    for (int i = 0; i < 4; i++) {
        if (vals[i])
            setenv("BCR_GENERATOR", vals[i], 1);
        else
            unsetenv("BCR_GENERATOR");
        bcr_options opt;
        bcr_options_read(&opt);
        int rc = bcr_runlist_build(&rl, 100, &m, 1, &o,
                                   opt.plan.general ? BCR_GEN_GENERAL : BCR_GEN_AUTO);
        n_checks++;
        if (rc || rl.generator != want[i])
            failf("BCR_GENERATOR=%s: rc %d generator %s, expected %s",
                  vals[i] ? vals[i] : "(unset)", rc, bcr_generator_name(rl.generator),
                  bcr_generator_name(want[i]));
        bcr_runlist_free(&rl);
    }
    unsetenv("BCR_GENERATOR");
    int rc = bcr_runlist_build(&rl, 100, &m, 1, &o, BCR_GEN_COUNT);
    n_checks++;
    if (rc != BCR_GEN_UNKNOWN || rl.start || rl.runs || rl.pstart || rl.pruns)
        failf("unknown generator: rc %d", rc);
    bcr_runlist_free(&rl);
    n_checks++;
    if (strcmp(bcr_generator_name(BCR_GEN_GENERAL), "general") || strcmp(bcr_generator_name(-7), "?"))
        failf("bcr_generator_name");
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void report(const char *what, double t0)
{
    printf("gen: %-16s %10lld cases, %6.1f s\n", what, n_cases, seconds() - t0);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    full = argc > 1 && strcmp(argv[1], "--full") == 0;
    for (int nb = 1; nb <= NB_MAX; nb++)
        for (int P = 1; P <= NP_MAX; P++)
            for (int src = 0; src < P; src++)
                layout_make(&layouts[nb][P][src], nb, P, src);

    double t0 = seconds();
    test_env();
    sweep_broad();
    report("broad", t0);
    sweep_family(shape_identity, fits_identity, 2, LEN_MAX);
    report("+identity", t0);
    sweep_family(shape_kr_to_r, fits_kr_to_r, 1, LEN_MAX);
    report("+kr_to_r", t0);
    sweep_family(shape_r_to_kr, fits_r_to_kr, 1, LEN_MAX);
    report("+r_to_kr", t0);
    /* Block <-> cyclic only hold while the submatrix fits one cycle, at
     * most 40 indices here; a few lengths past that check the refusal. */
    sweep_family(shape_block_to_cyclic, fits_any, 1, 44);
    report("+block_to_cyclic", t0);
    sweep_family(shape_cyclic_to_block, fits_any, 1, 44);
    report("+cyclic_to_block", t0);
    test_large();
    report("+large", t0);

    printf("gen: forced generator accepted and equal to general:\n");
    for (int g = 0; g < BCR_GEN_COUNT; g++)
        printf("gen:   %-16s %10lld\n", bcr_generator_name(g), hits[g]);
    printf("gen: dispatcher's choices:\n");
    for (int g = 0; g < BCR_GEN_COUNT; g++)
        printf("gen:   %-16s %10lld\n", bcr_generator_name(g), picks[g]);
    for (int g = 0; g < BCR_GEN_GENERAL; g++) {
        n_checks++;
        if (hits[g] < 10000 || picks[g] < 10000)
            failf("%s hit only %lld times (dispatcher %lld)", bcr_generator_name(g), hits[g],
                  picks[g]);
    }
    printf("gen: %lld cases, %lld checks, %lld failed\n", n_cases, n_checks, n_failed);
    return n_failed ? 1 : 0;
}
