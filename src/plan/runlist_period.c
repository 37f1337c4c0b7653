/* From the pieces of one period to a run list: the periodic form first,
 * then its expansion over the repeats.
 *
 * Runs are the maximal stretches of k that are adjacent in k, in my local
 * storage and in the partner's, in one bucket.  That makes the list
 * canonical: however a generator cut its pieces, merging in k order gives
 * the same runs, and a period shifted by (period, mine_step, other_step)
 * is again valid, so only period boundaries can merge further. */
#include "plan/runlist_period.h"

#include <stdlib.h>

/* Undo the normalisation, bucket the pieces (stably, so increasing k stays
 * increasing) and merge them into out->pruns / out->pstart.  pstart has
 * one spare entry so that it can be its own scatter cursor. */
static int build_period(bcr_runlist *out, const bcr_gen_problem *pb, bcr_gen_sink *sk)
{
    bcr_idx nq = pb->o.P, nruns = 0;
    bcr_idx *ps = out->pstart;
    for (bcr_idx i = 0; i < sk->n; i++) {
        bcr_gen_piece *p = &sk->v[i];
        bcr_gen_denormalise(pb, p);
        ps[p->d + 2] += p->count;
        nruns += p->count;
    }
    out->pruns = malloc((size_t)(nruns ? nruns : 1) * sizeof *out->pruns);
    if (!out->pruns)
        return -1;
    for (bcr_idx q = 2; q <= nq + 1; q++)
        ps[q] += ps[q - 1];
    /* Now ps[q + 1] is where bucket q starts; scattering moves it to
     * where bucket q ends, which is where bucket q + 1 starts. */
    for (bcr_idx i = 0; i < sk->n; i++) {
        const bcr_gen_piece *p = &sk->v[i];
        for (bcr_idx c = 0; c < p->count; c++) {
            bcr_run r = {p->k0 + c * p->kstep, p->len, p->mine + c * p->mstep,
                         p->other + c * p->ostep};
            out->pruns[ps[p->d + 1]++] = r;
        }
    }
    bcr_idx w = 0;
    for (bcr_idx q = 0; q < nq; q++) {
        bcr_idx r = out->pstart[q], rend = out->pstart[q + 1];
        out->pstart[q] = w;
        for (; r < rend; r++) {
            if (w > out->pstart[q] && bcr_runs_adjacent(&out->pruns[w - 1], &out->pruns[r]))
                out->pruns[w - 1].len += out->pruns[r].len;
            else
                out->pruns[w++] = out->pruns[r];
        }
    }
    out->pstart[nq] = w;
    out->npruns = w;
    return 0;
}

int bcr_runlist_wraps(const bcr_runlist *out, bcr_idx q)
{
    bcr_idx a = out->pstart[q], b = out->pstart[q + 1];
    if (a == b)
        return 0;
    bcr_run next = out->pruns[a];
    next.k0 += out->period;
    next.mine += out->mine_step;
    next.other += out->other_step;
    return bcr_runs_adjacent(&out->pruns[b - 1], &next);
}

/* Runs of period 0 that start before `tail` (the clipped last period). */
static bcr_idx runs_before(const bcr_runlist *out, bcr_idx q, bcr_idx tail)
{
    bcr_idx n = 0;
    for (bcr_idx r = out->pstart[q]; r < out->pstart[q + 1] && out->pruns[r].k0 < tail; r++)
        n++;
    return n;
}

static int expand(bcr_runlist *out, bcr_idx len)
{
    bcr_idx nq = out->nbuckets;
    if (out->reps <= 1) {
        /* One (possibly clipped) period: the list is the period, and
         * sharing its storage saves two allocations per list. */
        out->start = out->pstart;
        out->runs = out->pruns;
        out->nruns = out->npruns;
        for (bcr_idx r = 0; r < out->nruns; r++)
            out->total += out->runs[r].len;
        return 0;
    }
    bcr_idx L = out->period, last = out->reps - 1, tail = len - last * L;
    bcr_idx count = 0;
    for (bcr_idx q = 0; q < nq; q++) {
        bcr_idx n = out->pstart[q + 1] - out->pstart[q];
        if (n == 0)
            continue;
        count += last * n + runs_before(out, q, tail) - (bcr_runlist_wraps(out, q) ? last : 0);
    }
    out->start = malloc((size_t)(nq + 1) * sizeof *out->start);
    out->runs = malloc((size_t)(count ? count : 1) * sizeof *out->runs);
    if (!out->start || !out->runs)
        return -1;
    bcr_idx w = 0;
    for (bcr_idx q = 0; q < nq; q++) {
        out->start[q] = w;
        bcr_idx a = out->pstart[q], b = out->pstart[q + 1];
        if (a == b)
            continue;
        if (b - a == 1 && bcr_runlist_wraps(out, q)) {
            /* One run that joins itself across every boundary: the whole
             * bucket is one run, found without walking the periods. */
            bcr_run r = out->pruns[a];
            r.len = len - r.k0;
            out->runs[w++] = r;
            continue;
        }
        for (bcr_idx t = 0; t <= last; t++) {
            for (bcr_idx i = a; i < b; i++) {
                bcr_run r = out->pruns[i];
                r.k0 += t * L;
                if (r.k0 >= len)
                    break;
                r.mine += t * out->mine_step;
                r.other += t * out->other_step;
                if (r.k0 + r.len > len)
                    r.len = len - r.k0;
                if (w > out->start[q] && bcr_runs_adjacent(&out->runs[w - 1], &r))
                    out->runs[w - 1].len += r.len;
                else
                    out->runs[w++] = r;
            }
        }
    }
    out->start[nq] = w;
    out->nruns = w;
    for (bcr_idx r = 0; r < w; r++)
        out->total += out->runs[r].len;
    return 0;
}

int bcr_runlist_assemble(bcr_runlist *out, const bcr_gen_problem *pb, bcr_gen_sink *sk,
                         int expand_runs)
{
    bcr_idx nq = pb->o.P;
    out->nbuckets = (int)nq;
    out->period = pb->period;
    out->mine_step = pb->mine_step;
    out->other_step = pb->other_step;
    out->reps = pb->len == 0 ? 0 : pb->len / pb->period + (pb->len % pb->period != 0);
    out->pstart = calloc((size_t)nq + 2, sizeof *out->pstart);
    if (out->pstart && build_period(out, pb, sk) == 0 &&
        (expand_runs ? expand(out, pb->len) : 0) == 0)
        return 0;
    bcr_runlist_free(out);
    return -1;
}
