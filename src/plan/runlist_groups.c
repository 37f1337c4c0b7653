#include "plan/runlist_groups.h"

#include <stdlib.h>

#include "plan/gen.h"
#include "plan/runlist_period.h"

/* Groups runs as they come, as bcr_group_runs does over an array: a run
 * joins the open group when it has its length and continues its steps
 * (or is its second run, which sets them).  With out NULL it only counts,
 * so that the same walk sizes the array and then fills it. */
typedef struct {
    bcr_rungroup *out;
    bcr_idx n; /* groups closed */
    bcr_rungroup open;
    int is_open;
} grouper;

static void close_group(grouper *gr)
{
    if (!gr->is_open)
        return;
    if (gr->out)
        gr->out[gr->n] = gr->open;
    gr->n++;
    gr->is_open = 0;
}

static void push(grouper *gr, const bcr_run *r)
{
    bcr_rungroup *g = &gr->open;
    if (gr->is_open && r->len == g->len) {
        bcr_idx last = g->count - 1;
        bcr_idx dk = r->k0 - (g->k0 + last * g->kstep);
        bcr_idx dm = r->mine - (g->mine + last * g->mstep);
        bcr_idx dot = r->other - (g->other + last * g->ostep);
        if (g->count == 1) {
            g->kstep = dk, g->mstep = dm, g->ostep = dot;
            g->count = 2;
            return;
        }
        if (dk == g->kstep && dm == g->mstep && dot == g->ostep) {
            g->count++;
            return;
        }
    }
    close_group(gr);
    *g = (bcr_rungroup){r->k0, r->len, r->mine, r->other, 1, 0, 0, 0};
    gr->is_open = 1;
}

/* Runs as the expansion makes them: each one merges into the one before
 * when adjacent in k and in both local storages (runlist_period.c), and
 * goes to the grouper once nothing more can join it. */
typedef struct {
    grouper *gr;
    bcr_run run;
    int have;
} merger;

static void merge_push(merger *mg, const bcr_run *r)
{
    bcr_run *p = &mg->run;
    if (mg->have && bcr_runs_adjacent(p, r)) {
        p->len += r->len;
        return;
    }
    if (mg->have)
        push(mg->gr, p);
    *p = *r;
    mg->have = 1;
}

static void merge_flush(merger *mg)
{
    if (mg->have)
        push(mg->gr, &mg->run);
    mg->have = 0;
}

/* The count runs of a strided piece, none adjacent to the next (gen.h):
 * the first may merge into the run before, the last into the run after;
 * those between go to the grouper at once, lengthening one group. */
static void merge_strided(merger *mg, const bcr_gen_piece *pc)
{
    bcr_run r = {pc->k0, pc->len, pc->mine, pc->other};
    merge_push(mg, &r);
    if (pc->count == 1)
        return;
    merge_flush(mg);
    bcr_idx inner = pc->count - 2;
    if (inner > 0) {
        bcr_run r1 = {r.k0 + pc->kstep, r.len, r.mine + pc->mstep, r.other + pc->ostep};
        push(mg->gr, &r1);
        if (inner > 1) {
            bcr_run r2 = {r1.k0 + pc->kstep, r.len, r1.mine + pc->mstep, r1.other + pc->ostep};
            push(mg->gr, &r2); /* the open group now steps as the piece does */
            mg->gr->open.count += inner - 2;
        }
    }
    bcr_idx c = pc->count - 1;
    bcr_run last = {r.k0 + c * pc->kstep, r.len, r.mine + c * pc->mstep, r.other + c * pc->ostep};
    merge_push(mg, &last);
}

/* The arrays for ng groups over nbuckets buckets, once a counting pass
 * found ng; returns 0 or -1 (whatever was allocated is left for the
 * caller to free). */
static int alloc_groups(bcr_idx ng, int nbuckets, bcr_rungroup **groups, bcr_groupspan **spans)
{
    *groups = malloc((size_t)(ng ? ng : 1) * sizeof **groups);
    *spans = calloc((size_t)(nbuckets ? nbuckets : 1), sizeof **spans);
    return *groups && *spans ? 0 : -1;
}

/* Bucket q's span once the grouper has closed its groups, which began at
 * index first. */
static void end_span(grouper *gr, bcr_idx first, bcr_groupspan *sp)
{
    close_group(gr);
    sp->g = gr->out ? gr->out + first : NULL;
    sp->n = gr->n - first;
}

/* A list that is one period (reps <= 1, block <-> cyclic among them)
 * straight from the generator's pieces, without runs in between:
 * denormalised and bucketed as build_period does, merged as it merges. */
static int group_pieces(const bcr_gen_problem *pb, bcr_gen_sink *sk, int nbuckets,
                        bcr_rungroup **groups, bcr_groupspan **spans)
{
    bcr_idx *at = calloc((size_t)nbuckets + 1, sizeof *at);
    bcr_idx *order = malloc((size_t)(sk->n ? sk->n : 1) * sizeof *order);
    if (!at || !order) {
        free(at);
        free(order);
        return -1;
    }
    for (bcr_idx i = 0; i < sk->n; i++) {
        bcr_gen_denormalise(pb, &sk->v[i]);
        at[sk->v[i].d + 1]++;
    }
    for (int q = 0; q < nbuckets; q++)
        at[q + 1] += at[q];
    for (bcr_idx i = 0; i < sk->n; i++) /* stable: increasing k within a bucket */
        order[at[sk->v[i].d]++] = i;
    /* at[q] is now where bucket q + 1 starts. */
    int rc = 0;
    for (int pass = 0; pass < 2 && rc == 0; pass++) {
        grouper gr = {pass ? *groups : NULL, 0, {0, 0, 0, 0, 0, 0, 0, 0}, 0};
        merger mg = {&gr, {0, 0, 0, 0}, 0};
        for (int q = 0; q < nbuckets; q++) {
            bcr_idx first = gr.n;
            for (bcr_idx i = q ? at[q - 1] : 0; i < at[q]; i++)
                merge_strided(&mg, &sk->v[order[i]]);
            merge_flush(&mg);
            bcr_groupspan sp = {NULL, 0, 0, 0, 0, 0, 0, 0};
            end_span(&gr, first, &sp);
            if (pass)
                (*spans)[q] = sp;
        }
        if (!pass)
            rc = alloc_groups(gr.n, nbuckets, groups, spans);
    }
    free(at);
    free(order);
    return rc;
}

/* Run i of bucket's period shifted to period t and clipped at len; 0 when
 * it starts at or past len. */
static int shifted(const bcr_runlist *rl, bcr_idx i, bcr_idx t, bcr_idx len, bcr_run *r)
{
    *r = rl->pruns[i];
    r->k0 += t * rl->period;
    if (r->k0 >= len)
        return 0;
    r->mine += t * rl->mine_step;
    r->other += t * rl->other_step;
    if (r->k0 + r->len > len)
        r->len = len - r->k0;
    return 1;
}

/* A bucket whose runs join across period boundaries: the last run of
 * each period merges with the next period's first, as the expansion
 * merges them (runlist_period.c).  Past period 0's first run the bucket
 * repeats a unit, runs 1 .. m - 1 of period t with the first run of
 * period t + 1 joined to the last, kept once as the span's body (the
 * first run its head) for periods 0 .. last - 2; the rest, and buckets of
 * too few periods for that, are walked run by run. */
static void group_joined(const bcr_runlist *rl, bcr_idx a, bcr_idx b, bcr_idx len, grouper *gr,
                         bcr_idx first, bcr_groupspan *sp)
{
    if (b - a == 1) { /* one run joining itself: the whole bucket */
        bcr_run r = rl->pruns[a];
        r.len = len - r.k0;
        push(gr, &r);
        return;
    }
    bcr_idx last = rl->reps - 1, t = 0, from = a;
    merger mg = {gr, {0, 0, 0, 0}, 0};
    bcr_run r;
    if (last >= 3) {
        push(gr, &rl->pruns[a]);
        close_group(gr);
        bcr_idx head = gr->n - first;
        for (bcr_idx i = a + 1; i < b; i++)
            merge_push(&mg, &rl->pruns[i]);
        shifted(rl, a, 1, len, &r);
        merge_push(&mg, &r);
        merge_flush(&mg);
        close_group(gr);
        *sp = (bcr_groupspan){NULL, 0, head, gr->n - first - head, last - 1, rl->period,
                              rl->mine_step, rl->other_step};
        t = last - 1, from = a + 1;
    }
    for (; t < rl->reps; t++, from = a)
        for (bcr_idx i = from; i < b && shifted(rl, i, t, len, &r); i++)
            merge_push(&mg, &r);
    merge_flush(&mg);
}

/* Whether the open group, made of one whole period's runs, goes on into
 * the next period: the next run it would take is the next period's first. */
static int continues(const bcr_runlist *rl, const bcr_rungroup *g)
{
    return g->count == 1 ||
           (g->count * g->kstep == rl->period && g->count * g->mstep == rl->mine_step &&
            g->count * g->ostep == rl->other_step);
}

/* Bucket q of a list of several periods (a list of one is grouped from
 * its pieces, group_pieces); where its periods repeat period 0's groups,
 * sp says so (kernels/pieces.h). */
static void group_bucket(const bcr_runlist *rl, bcr_idx q, bcr_idx len, grouper *gr,
                         bcr_groupspan *sp)
{
    bcr_idx a = rl->pstart[q], b = rl->pstart[q + 1];
    close_group(gr); /* a group never spans two buckets */
    if (a == b)
        return;
    bcr_idx last = rl->reps - 1, first = gr->n;
    if (bcr_runlist_wraps(rl, q)) {
        group_joined(rl, a, b, len, gr, first, sp);
        return;
    }
    bcr_run r;
    for (bcr_idx i = a; i < b; i++)
        push(gr, &rl->pruns[i]); /* period 0 is whole: reps > 1 */
    if (gr->n == first && continues(rl, &gr->open)) {
        /* One group per period, each continuing the last: periods 1 ..
         * last - 1 only lengthen it. */
        bcr_rungroup *g = &gr->open;
        if (last > 1 && g->count == 1) {
            g->kstep = rl->period, g->mstep = rl->mine_step, g->ostep = rl->other_step;
        }
        g->count += (last - 1) * (b - a);
    } else if (last > 1) {
        /* Each whole period repeats period 0's groups, shifted: kept once,
         * as the span's body. */
        close_group(gr);
        *sp = (bcr_groupspan){NULL, 0, 0, gr->n - first, last, rl->period, rl->mine_step,
                              rl->other_step};
        /* The last period starts groups of its own. */
    }
    for (bcr_idx i = a; i < b && shifted(rl, i, last, len, &r); i++)
        push(gr, &r);
}

/* Counts the groups when out is NULL, else fills out and spans. */
static bcr_idx group_all(const bcr_runlist *rl, bcr_idx len, bcr_rungroup *out,
                         bcr_groupspan *spans)
{
    grouper gr = {out, 0, {0, 0, 0, 0, 0, 0, 0, 0}, 0};
    for (int q = 0; q < rl->nbuckets; q++) {
        bcr_groupspan sp = {NULL, 0, 0, 0, 0, 0, 0, 0};
        bcr_idx first = gr.n;
        group_bucket(rl, q, len, &gr, &sp);
        end_span(&gr, first, &sp);
        if (spans)
            spans[q] = sp;
    }
    return gr.n;
}

static bcr_idx group_runs(const bcr_runlist *rl, bcr_rungroup *out, bcr_groupspan *spans)
{
    grouper gr = {out, 0, {0, 0, 0, 0, 0, 0, 0, 0}, 0};
    for (int q = 0; q < rl->nbuckets; q++) {
        bcr_groupspan sp = {NULL, 0, 0, 0, 0, 0, 0, 0};
        bcr_idx first = gr.n;
        close_group(&gr);
        for (bcr_idx i = rl->start[q]; i < rl->start[q + 1]; i++)
            push(&gr, &rl->runs[i]);
        end_span(&gr, first, &sp);
        if (spans)
            spans[q] = sp;
    }
    return gr.n;
}

int bcr_runlist_group_expanded(const bcr_runlist *rl, bcr_rungroup **groups,
                               bcr_groupspan **spans)
{
    if (alloc_groups(group_runs(rl, NULL, NULL), rl->nbuckets, groups, spans)) {
        free(*groups);
        free(*spans);
        *groups = NULL;
        *spans = NULL;
        return -1;
    }
    group_runs(rl, *groups, *spans);
    return 0;
}

int bcr_runlist_build_grouped(bcr_runlist *out, bcr_idx len, const bcr_axis *mine, int me,
                              const bcr_axis *other, int generator, bcr_rungroup **groups,
                              bcr_groupspan **spans)
{
    *groups = NULL;
    *spans = NULL;
    bcr_gen_problem pb;
    bcr_gen_sink sk;
    int rc = bcr_runlist_generate(out, &pb, &sk, len, mine, me, other, generator);
    bcr_idx reps = len == 0 ? 0 : len / pb.period + (len % pb.period != 0);
    if (rc == 0 && reps <= 1) {
        /* One period: group the generator's pieces as they are. */
        out->period = pb.period;
        out->reps = reps;
        out->mine_step = pb.mine_step;
        out->other_step = pb.other_step;
        rc = group_pieces(&pb, &sk, out->nbuckets, groups, spans);
    } else if (rc == 0) {
        rc = bcr_runlist_assemble(out, &pb, &sk, 0);
        if (rc == 0)
            rc = alloc_groups(group_all(out, len, NULL, NULL), out->nbuckets, groups, spans);
        if (rc == 0)
            group_all(out, len, *groups, *spans);
    }
    bcr_gen_sink_free(&sk);
    if (rc) {
        free(*groups);
        free(*spans);
        *groups = NULL;
        *spans = NULL;
        bcr_runlist_free(out);
        return -1;
    }
    out->total = 0;
    for (int q = 0; q < out->nbuckets; q++)
        out->total += bcr_groupspan_elems((*spans)[q]);
    return 0;
}
