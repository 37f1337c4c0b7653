/* Unit tests of the 1-D block-cyclic index math (src/base/index.h) and the
 * run lists (src/plan/runlist.h).
 *
 * Every function is compared with brute force over all small cases: block
 * sizes 1..7, 1..5 processes, every source process, lengths 0..60 and
 * offsets 0..20.  Ownership and local indices are found by walking the
 * global indices one by one and counting, never by the formulas under test.
 *
 * bcr_runlist_build is checked for every pair of (nb, nprocs, src) on the
 * two axes and every length; the offset pairs are spread over the axis
 * pairs so that each of the 21 x 21 offset pairs is met (pass --full to try
 * all of them for every axis pair; that takes much longer).
 *
 * --stride S (the sanitizer build passes 4, see unit.cmake) builds the run
 * lists of each axis pair for only one offset of A's axis in S, chosen so
 * that every axis pair, every length, every process and each of the
 * 21 x 21 offset pairs is still met; every run list built gets every check.
 * The scalar functions are always checked in full.
 *
 * bcr_runlist_build_grouped (the plan's row groups, made from the periodic
 * form without expanding it) is checked against the expanded list of the
 * same case: bucket by bucket its groups must give back exactly the same
 * runs, in the same order, and the same total.
 *
 * Exit status 0 when everything passed, 1 otherwise.
 */
#include "base/index.h"
#include "plan/gen.h"
#include "plan/runlist_groups.h"
#include "unit_check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB_MAX 7
#define NP_MAX 5
#define LEN_MAX 60
#define OFF_MAX 20
#define G_MAX (LEN_MAX + OFF_MAX + 1) /* global indices needed by run lists */
#define G_ROUND 200                   /* global indices for the scalar tests */

const long long unit_max_reports = 40; /* failures printed, then only counted */

/* Brute-force layout of one axis: owner and local index of each global
 * index, found by dealing the indices out block by block. */
typedef struct {
    int nb, nprocs, src;
    int owner[G_ROUND];
    int local[G_ROUND];
} layout;

static void layout_make(layout *L, int nb, int nprocs, int src)
{
    L->nb = nb;
    L->nprocs = nprocs;
    L->src = src;
    unit_deal(nb, nprocs, src, G_ROUND, L->owner, L->local);
}

/* ---- scalar functions ---------------------------------------------------- */

static void test_scalar(const layout *L)
{
    int nb = L->nb, P = L->nprocs, src = L->src;

    for (int g = 0; g < G_ROUND; g++) {
        int o = bcr_owner(g, nb, src, P);
        CHECK(o == L->owner[g], "bcr_owner(g=%d, nb=%d, src=%d, nprocs=%d) = %d, expected %d",
              g, nb, src, P, o, L->owner[g]);
        bcr_idx l = bcr_local_index(g, nb, P);
        CHECK(l == L->local[g],
              "bcr_local_index(g=%d, nb=%d, nprocs=%d) = %" PRId64 ", expected %d (src=%d)",
              g, nb, P, l, L->local[g], src);
        bcr_idx back = bcr_global_index(L->local[g], nb, L->owner[g], src, P);
        CHECK(back == g,
              "bcr_global_index(l=%d, nb=%d, p=%d, src=%d, nprocs=%d) = %" PRId64
              ", expected %d",
              L->local[g], nb, L->owner[g], src, P, back, g);
    }
    /* NUMROC. */
    for (int n = 0; n <= 3 * LEN_MAX; n++) {
        for (int p = 0; p < P; p++) {
            int cnt = 0;
            for (int g = 0; g < n; g++)
                cnt += L->owner[g] == p;
            bcr_idx c = bcr_local_count(n, nb, p, src, P);
            CHECK(c == cnt,
                  "bcr_local_count(n=%d, nb=%d, p=%d, src=%d, nprocs=%d) = %" PRId64
                  ", expected %d",
                  n, nb, p, src, P, c, cnt);
        }
    }
    /* Axis local count. */
    for (int off = 0; off <= OFF_MAX; off++) {
        bcr_axis ax = {nb, src, P, off};
        for (int len = 0; len <= LEN_MAX; len++) {
            for (int p = 0; p < P; p++) {
                int cnt = 0;
                for (int k = 0; k < len; k++)
                    cnt += L->owner[off + k] == p;
                bcr_idx c = bcr_axis_local_count(&ax, len, p);
                CHECK(c == cnt,
                      "bcr_axis_local_count(nb=%d, src=%d, nprocs=%d, off=%d; len=%d, p=%d) = %" PRId64
                      ", expected %d",
                      nb, src, P, off, len, p, c, cnt);
            }
        }
    }
}

/* Large indices: the formulas must stay exact past 2^31.  No brute force
 * is possible here, so check relations that brute force proved above. */
static void test_large(void)
{
    const bcr_idx bases[] = {((bcr_idx)1 << 31) - 5, ((bcr_idx)1 << 32) + 3,
                             ((bcr_idx)1 << 40) + 12345};
    for (size_t bi = 0; bi < sizeof bases / sizeof bases[0]; bi++) {
        for (int nb = 1; nb <= NB_MAX; nb += 3) {
            for (int P = 1; P <= NP_MAX; P += 2) {
                for (int src = 0; src < P; src++) {
                    bcr_idx total_prev = 0;
                    for (bcr_idx g = bases[bi]; g < bases[bi] + 2 * nb * P + 3; g++) {
                        int o = bcr_owner(g, nb, src, P);
                        CHECK(o >= 0 && o < P && o == (int)((src + g / nb) % P),
                              "bcr_owner(g=%" PRId64 ", nb=%d, src=%d, nprocs=%d) = %d",
                              g, nb, src, P, o);
                        bcr_idx l = bcr_local_index(g, nb, P);
                        bcr_idx back = bcr_global_index(l, nb, o, src, P);
                        CHECK(back == g,
                              "large round trip g=%" PRId64 " nb=%d src=%d nprocs=%d: %" PRId64,
                              g, nb, src, P, back);
                        /* local index = number of indices before g on its owner */
                        bcr_idx before = bcr_local_count(g, nb, o, src, P);
                        CHECK(before == l,
                              "large g=%" PRId64 " nb=%d src=%d nprocs=%d: local index %" PRId64
                              " but %" PRId64 " indices before it on owner %d",
                              g, nb, src, P, l, before, o);
                        bcr_idx total = 0;
                        for (int p = 0; p < P; p++) {
                            bcr_idx c1 = bcr_local_count(g + 1, nb, p, src, P);
                            bcr_idx c0 = bcr_local_count(g, nb, p, src, P);
                            CHECK(c1 - c0 == (p == o),
                                  "large local_count step at g=%" PRId64 " p=%d nb=%d src=%d nprocs=%d",
                                  g, p, nb, src, P);
                            total += c1;
                        }
                        CHECK(total == g + 1 && (total_prev == 0 || total == total_prev + 1),
                              "large local_count sum at g=%" PRId64 " nb=%d src=%d nprocs=%d: %" PRId64,
                              g, nb, src, P, total);
                        total_prev = total;
                    }
                }
            }
        }
    }
}

/* ---- run lists ----------------------------------------------------------- */

#define CASE_FMT                                                               \
    "runlist(len=%d; mine nb=%d src=%d nprocs=%d off=%d, me=%d; other nb=%d src=%d nprocs=%d off=%d)"
#define CASE_ARGS                                                              \
    len, M->nb, M->src, M->nprocs, offm, me, O->nb, O->src, O->nprocs, offo

/* Buckets whose periods repeat period 0's groups (kernels/pieces.h), kept as a
 * body and a repeat count: the sweeps must meet some, or the check of
 * that form has checked nothing. */
static long long n_repeated_bodies, n_headed_bodies;

static void test_grouped_case(const bcr_runlist *rl, const bcr_axis *am, const bcr_axis *ao,
                              const layout *M, int offm, const layout *O, int offo, int len,
                              int me)
{
    bcr_runlist gl;
    bcr_rungroup *groups;
    bcr_groupspan *spans;
    n_checks++;
    if (bcr_runlist_build_grouped(&gl, len, am, me, ao, BCR_GEN_AUTO, &groups, &spans) != 0) {
        failf(CASE_FMT ": bcr_runlist_build_grouped failed", CASE_ARGS);
        return;
    }
    CHECK(gl.total == rl->total, CASE_FMT ": grouped total %" PRId64 ", expanded %" PRId64,
          CASE_ARGS, gl.total, rl->total);
    bcr_idx stored = 0;
    for (int q = 0; q < O->nprocs; q++) {
        const bcr_groupspan *sp = &spans[q];
        bcr_idx r = rl->start[q], end = rl->start[q + 1];
        int bad = 0;
        n_checks++;
        if (sp->n < 0 || (sp->n > 0 && sp->g != groups + stored) || sp->nbody < 0 ||
            sp->nhead < 0 || sp->nhead + sp->nbody > sp->n || (sp->reps != 0 && sp->reps < 2) ||
            (sp->reps == 0) != (sp->nbody == 0) || (sp->reps == 0 && sp->nhead != 0)) {
            failf(CASE_FMT ": bucket %d span of %" PRId64 " groups at %td (expected %" PRId64
                           "), head %" PRId64 ", body %" PRId64 " repeated %" PRId64,
                  CASE_ARGS, q, sp->n, sp->n ? sp->g - groups : 0, stored, sp->nhead, sp->nbody,
                  sp->reps);
            continue;
        }
        stored += sp->n;
        n_repeated_bodies += sp->reps > 0;
        n_headed_bodies += sp->nhead > 0;
        bcr_group_iter it = bcr_groups_begin(sp);
        bcr_rungroup g;
        for (bcr_idx i = 0; !bad && bcr_groups_next(&it, &g); i++) {
            n_checks++;
            if (g.count < 1 || g.len < 1) {
                failf(CASE_FMT ": bucket %d group %" PRId64 " count %" PRId64 " len %" PRId64,
                      CASE_ARGS, q, i, g.count, g.len);
                bad = 1;
            }
            for (bcr_idx c = 0; c < g.count && !bad; c++, r++) {
                bcr_run x = {g.k0 + c * g.kstep, g.len, g.mine + c * g.mstep,
                             g.other + c * g.ostep};
                n_checks++;
                if (r >= end || x.k0 != rl->runs[r].k0 || x.len != rl->runs[r].len ||
                    x.mine != rl->runs[r].mine || x.other != rl->runs[r].other) {
                    failf(CASE_FMT ": bucket %d group %" PRId64 " run %" PRId64
                                   " is (k0 %" PRId64 ", len %" PRId64 ", mine %" PRId64
                                   ", other %" PRId64 "), the expanded list's run %" PRId64
                                   " of %" PRId64 " differs",
                          CASE_ARGS, q, i, c, x.k0, x.len, x.mine, x.other, r, end);
                    bad = 1;
                }
            }
        }
        n_checks++;
        if (!bad && r != end)
            failf(CASE_FMT ": bucket %d groups give %" PRId64 " runs, the expanded list %" PRId64,
                  CASE_ARGS, q, r - rl->start[q], end - rl->start[q]);
        n_checks++;
        if (!bad && (bcr_groupspan_runs(*sp) != end - rl->start[q] ||
                     bcr_groupspan_elems(*sp) != bcr_runlist_bucket_total(rl, q)))
            failf(CASE_FMT ": bucket %d span counts %" PRId64 " runs of %" PRId64
                           " elements, the expanded list %" PRId64 " of %" PRId64,
                  CASE_ARGS, q, bcr_groupspan_runs(*sp), bcr_groupspan_elems(*sp),
                  end - rl->start[q], bcr_runlist_bucket_total(rl, q));
    }
    free(groups);
    free(spans);
    bcr_runlist_free(&gl);
}

static void test_runlist_case(const layout *M, int offm, const layout *O, int offo,
                              int len, int me)
{
    bcr_axis am = {M->nb, M->src, M->nprocs, offm};
    bcr_axis ao = {O->nb, O->src, O->nprocs, offo};
    bcr_runlist rl;
    memset(&rl, 0xA5, sizeof rl);
    int rc = bcr_runlist_build(&rl, len, &am, me, &ao, BCR_GEN_AUTO);
    n_checks++;
    if (rc != 0) {
        failf(CASE_FMT ": returned %d", CASE_ARGS, rc);
        return;
    }
    /* Brute force: which k belong to me, and in which bucket. */
    int expect_bucket[LEN_MAX];
    bcr_idx expect_total = 0, expect_bt[NP_MAX] = {0};
    for (int k = 0; k < len; k++) {
        expect_bucket[k] = M->owner[offm + k] == me ? O->owner[offo + k] : -1;
        if (expect_bucket[k] >= 0) {
            expect_total++;
            expect_bt[expect_bucket[k]]++;
        }
    }

    int bad = 0; /* report at most one structural failure per case */
    CHECK(rl.nbuckets == O->nprocs, CASE_FMT ": nbuckets %d", CASE_ARGS, rl.nbuckets);
    if (rl.nbuckets != O->nprocs || !rl.start || (rl.nruns > 0 && !rl.runs)) {
        if (rl.nbuckets == O->nprocs)
            failf(CASE_FMT ": NULL start or runs", CASE_ARGS);
        return; /* cannot walk it safely */
    }
    CHECK(rl.start[0] == 0, CASE_FMT ": start[0] = %" PRId64, CASE_ARGS, rl.start[0]);
    CHECK(rl.start[O->nprocs] == rl.nruns,
          CASE_FMT ": start[nbuckets] = %" PRId64 " but nruns = %" PRId64, CASE_ARGS,
          rl.start[O->nprocs], rl.nruns);
    for (int q = 0; q < O->nprocs; q++) {
        n_checks++;
        if (rl.start[q] > rl.start[q + 1] || rl.start[q] < 0 || rl.start[q + 1] > rl.nruns) {
            failf(CASE_FMT ": bucket %d bounds %" PRId64 "..%" PRId64 " (nruns %" PRId64 ")",
                  CASE_ARGS, q, rl.start[q], rl.start[q + 1], rl.nruns);
            bcr_runlist_free(&rl);
            return;
        }
    }

    int seen[LEN_MAX] = {0};
    bcr_idx sum = 0;
    for (int q = 0; q < O->nprocs && !bad; q++) {
        bcr_idx bsum = 0;
        for (bcr_idx r = rl.start[q]; r < rl.start[q + 1] && !bad; r++) {
            const bcr_run *run = &rl.runs[r];
            n_checks++;
            if (run->len < 1 || run->k0 < 0 || run->k0 + run->len > len) {
                failf(CASE_FMT ": bucket %d run %" PRId64 " k0=%" PRId64 " len=%" PRId64
                               " out of [0,%d)",
                      CASE_ARGS, q, r, run->k0, run->len, len);
                bad = 1;
                break;
            }
            if (r > rl.start[q]) {
                const bcr_run *prev = run - 1;
                n_checks++;
                if (prev->k0 + prev->len > run->k0) {
                    failf(CASE_FMT ": bucket %d runs %" PRId64 " (k0=%" PRId64 " len=%" PRId64
                                   ") and %" PRId64 " (k0=%" PRId64 ") not in increasing k",
                          CASE_ARGS, q, r - 1, prev->k0, prev->len, r, run->k0);
                    bad = 1;
                }
                n_checks++;
                if (prev->k0 + prev->len == run->k0 && prev->mine + prev->len == run->mine &&
                    prev->other + prev->len == run->other) {
                    failf(CASE_FMT ": bucket %d runs %" PRId64 " and %" PRId64
                                   " could be merged (k0 %" PRId64 "+%" PRId64 ", mine %" PRId64
                                   ", other %" PRId64 ")",
                          CASE_ARGS, q, r - 1, r, prev->k0, prev->len, prev->mine, prev->other);
                    bad = 1;
                }
            }
            for (bcr_idx t = 0; t < run->len && !bad; t++) {
                int k = (int)(run->k0 + t);
                n_checks++;
                if (expect_bucket[k] != q) {
                    failf(CASE_FMT ": k=%d in bucket %d, expected %s %d", CASE_ARGS, k, q,
                          expect_bucket[k] < 0 ? "not mine, owner" : "bucket",
                          expect_bucket[k] < 0 ? M->owner[offm + k] : expect_bucket[k]);
                    bad = 1;
                    break;
                }
                n_checks++;
                if (run->mine + t != M->local[offm + k] || run->other + t != O->local[offo + k]) {
                    failf(CASE_FMT ": k=%d (run %" PRId64 " k0=%" PRId64 ") local mine %" PRId64
                                   " other %" PRId64 ", expected %d and %d",
                          CASE_ARGS, k, r, run->k0, run->mine + t, run->other + t,
                          M->local[offm + k], O->local[offo + k]);
                    bad = 1;
                    break;
                }
                seen[k]++;
            }
            bsum += run->len;
        }
        if (bad)
            break;
        bcr_idx bt = bcr_runlist_bucket_total(&rl, q);
        CHECK(bt == expect_bt[q] && bt == bsum,
              CASE_FMT ": bcr_runlist_bucket_total(%d) = %" PRId64 ", expected %" PRId64,
              CASE_ARGS, q, bt, expect_bt[q]);
        sum += bsum;
    }
    if (!bad) {
        for (int k = 0; k < len; k++) {
            int want = expect_bucket[k] >= 0;
            n_checks++;
            if (seen[k] != want) {
                failf(CASE_FMT ": k=%d covered %d times, expected %d", CASE_ARGS, k, seen[k],
                      want);
                break;
            }
        }
        CHECK(rl.total == expect_total && sum == expect_total,
              CASE_FMT ": total %" PRId64 " (runs sum to %" PRId64 "), expected %" PRId64,
              CASE_ARGS, rl.total, sum, expect_total);
        test_grouped_case(&rl, &am, &ao, M, offm, O, offo, len, me);
    }
    bcr_runlist_free(&rl);
    CHECK(rl.start == NULL && rl.runs == NULL && rl.nruns == 0,
          CASE_FMT ": bcr_runlist_free left pointers behind", CASE_ARGS);
}

/* Block sizes past NB_MAX, where block <-> cyclic and kr <-> r give
 * strided pieces of many runs: the grouped list against the expanded one,
 * and every element of the expanded one against the scalar functions
 * (themselves checked against brute force above). */
static void test_grouped_large(void)
{
    static const int nbs[] = {1, 2, 3, 5, 16, 33, 100};
    static const int offs[] = {0, 7, 40};
    static const int lens[] = {0, 1, 50, 333, 1000};
    const int nn = (int)(sizeof nbs / sizeof nbs[0]);
    long long cases = 0;
    for (int a = 0; a < nn; a++)
        for (int Pm = 1; Pm <= NP_MAX; Pm++)
            for (int b = 0; b < nn; b++)
                for (int Po = 1; Po <= NP_MAX; Po++)
                    for (int f = 0; f < 9; f++)
                        for (int l = 0; l < (int)(sizeof lens / sizeof lens[0]); l++)
                            for (int me = 0; me < Pm; me++) {
                                int len = lens[l];
                                bcr_axis am = {nbs[a], Pm - 1, Pm, offs[f / 3]};
                                bcr_axis ao = {nbs[b], 0, Po, offs[f % 3]};
                                bcr_runlist rl;
                                cases++;
                                n_checks++;
                                if (bcr_runlist_build(&rl, len, &am, me, &ao, BCR_GEN_AUTO)) {
                                    failf("large runlist(len=%d, nb %d/%d, P %d/%d): failed", len,
                                          nbs[a], nbs[b], Pm, Po);
                                    continue;
                                }
                                for (bcr_idx r = 0; r < rl.nruns; r++)
                                    for (bcr_idx t = 0; t < rl.runs[r].len; t++) {
                                        bcr_idx k = rl.runs[r].k0 + t;
                                        bcr_idx gm = am.off + k, go = ao.off + k;
                                        n_checks++;
                                        if (bcr_owner(gm, am.nb, am.src, Pm) != me ||
                                            bcr_local_index(gm, am.nb, Pm) != rl.runs[r].mine + t ||
                                            bcr_local_index(go, ao.nb, Po) != rl.runs[r].other + t) {
                                            failf("large runlist(len=%d, nb %d/%d, P %d/%d, off "
                                                  "%d/%d, me %d): k=%" PRId64 " misplaced",
                                                  len, nbs[a], nbs[b], Pm, Po, offs[f / 3],
                                                  offs[f % 3], me, k);
                                            t = rl.runs[r].len, r = rl.nruns;
                                        }
                                    }
                                /* The grouped list's check reads the case from
                                 * these: layouts are not needed for it. */
                                layout M = {nbs[a], Pm, Pm - 1, {0}, {0}};
                                layout O = {nbs[b], Po, 0, {0}, {0}};
                                test_grouped_case(&rl, &am, &ao, &M, offs[f / 3], &O, offs[f % 3],
                                                  len, me);
                                bcr_runlist_free(&rl);
                            }
    printf("index1d: %lld large-block run lists grouped, %lld buckets as a repeated body, %lld "
           "of them joined across periods\n",
           cases, n_repeated_bodies, n_headed_bodies);
    CHECK(n_repeated_bodies > 0 && n_headed_bodies > 0,
          "no grouped bucket of the large sweep repeated its body (%lld), or none joined across "
          "periods (%lld)",
          n_repeated_bodies, n_headed_bodies);
}

int main(int argc, char **argv)
{
    int full = 0, stride = 1;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--full")) {
            full = 1;
        } else if (!strcmp(argv[a], "--stride") && a + 1 < argc && atoi(argv[a + 1]) >= 1) {
            stride = atoi(argv[++a]);
        } else {
            fprintf(stderr, "usage: bcr_test_index1d [--full] [--stride S]\n");
            return 2;
        }
    }
    static layout layouts[NB_MAX * NP_MAX * NP_MAX];
    int nl = 0;
    for (int nb = 1; nb <= NB_MAX; nb++)
        for (int P = 1; P <= NP_MAX; P++)
            for (int src = 0; src < P; src++)
                layout_make(&layouts[nl++], nb, P, src);

    for (int i = 0; i < nl; i++)
        test_scalar(&layouts[i]);
    test_large();
    test_grouped_large();
    printf("index1d: scalar functions: %lld checks over %d layouts\n", n_checks, nl);
    fflush(stdout);

    long long cases = 0;
    static char met[OFF_MAX + 1][OFF_MAX + 1]; /* (offm, offo) pairs met */
    for (int i = 0; i < nl; i++) {
        const layout *M = &layouts[i];
        for (int j = 0; j < nl; j++) {
            const layout *O = &layouts[j];
            int pair = i * nl + j;
            for (int offm = 0; offm <= OFF_MAX; offm++) {
                /* With --stride S, one offm in S per pair.  The pairs with
                 * the same pair % (OFF_MAX + 1), which meet the same offset
                 * pairs, take turns by pair / (OFF_MAX + 1), so each
                 * (offm, offo) is still met. */
                if ((offm + pair / (OFF_MAX + 1)) % stride != 0)
                    continue;
                int no = full ? OFF_MAX + 1 : 1;
                for (int oi = 0; oi < no; oi++) {
                    /* Without --full, offo walks all values as the pair
                     * index changes, so every (offm, offo) pair is met. */
                    int offo = full ? oi : (offm + pair) % (OFF_MAX + 1);
                    met[offm][offo] = 1;
                    for (int len = 0; len <= LEN_MAX; len++) {
                        for (int me = 0; me < M->nprocs; me++) {
                            test_runlist_case(M, offm, O, offo, len, me);
                            cases++;
                        }
                    }
                }
            }
        }
    }
    for (int offm = 0; offm <= OFF_MAX; offm++)
        for (int offo = 0; offo <= OFF_MAX; offo++)
            CHECK(met[offm][offo], "run lists: offsets (%d, %d) never met", offm, offo);
    printf("index1d: %lld run lists built%s\n", cases,
           stride > 1 ? " (--stride: a subset of the offsets)" : "");
    printf("index1d: %lld checks, %lld failed\n", n_checks, n_failed);
    return n_failed ? 1 : 0;
}
