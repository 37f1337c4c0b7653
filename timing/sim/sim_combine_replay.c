/* Who posts which of combine's messages when (sim_combine.c makes them),
 * following bcr_combine_run (exec/run_combine.c) step by step:
 *   1. every process posts its receives for relayed and direct messages
 *      and for headers (no CPU cost), then its sends: direct, then per
 *      member header and pieces, one after another through its CPU
 *      (`overhead` each);
 *   2. a process that relays some target then waits for all its headers
 *      (blocking: it does nothing else meanwhile, and cannot start before
 *      its CPU has posted step 1's sends), posts its pieces receives,
 *      waits for them, and then per target in ascending order copies the
 *      group's pieces for it into one buffer (its CPU busy bytes / copy)
 *      and posts that send;
 *   3. every process waits for the rest (its unpacking is not modelled,
 *      as for the other schedules).
 * The relay's copy is the only cost combining adds beyond its messages;
 * the sender's packing and the target's unpacking handle the same pieces
 * as without combining.  It runs at `copy` B/s (--copy); by default
 * (copy 0) at the node's memory bandwidth as the model has it (intra)
 * shared by its node_size ranks, as every process of a node relays at
 * about the same time.  Each non-empty piece copied adds copy_piece s
 * (--copy-piece, a memcpy call and its bookkeeping; 0 by default: not
 * modelled); a relay copies up to g x targets pieces, about n at 1 x 1
 * blocks.  Not modelled: small messages going eagerly (every message
 * waits for its receive here). */
#include <stdlib.h>

#include "sim.h"

typedef struct {
    const sim_combined *c;
    double copy, copy_piece;
    int *headers_left, *pieces_left;
} cb_driver;

/* Step 2's end: copy and send each target its message. */
static void forward(cb_driver *d, sim_engine *e, int p, double t)
{
    const sim_graph *g = &d->c->g;
    for (long long k = g->soff[p] + d->c->nfirst[p]; k < g->soff[p + 1]; k++) {
        double work = (double)g->bytes[k] / d->copy + d->c->npieces[k] * d->copy_piece;
        t = sim_cpu_work(e, p, t, work);
        t = sim_post_send(e, k, t);
    }
}

/* Step 2 once the headers are in: post the pieces receives. */
static void headers_in(cb_driver *d, sim_engine *e, int p, double t)
{
    const sim_graph *g = &d->c->g;
    t = sim_cpu_work(e, p, t, 0);
    long long lo = g->roff[p] + d->c->nrecv0[p], hi = g->roff[p + 1];
    d->pieces_left[p] = (int)(hi - lo);
    for (long long k = lo; k < hi; k++)
        sim_post_recv(e, g->rmsg[k], t);
    if (d->pieces_left[p] == 0)
        forward(d, e, p, t);
}

static void cb_done(void *ctx, sim_engine *e, long long m, double t)
{
    cb_driver *d = ctx;
    int r = d->c->g.dst[m];
    if (d->c->kind[m] == SIM_CM_HEADER && --d->headers_left[r] == 0)
        headers_in(d, e, r, t);
    else if (d->c->kind[m] == SIM_CM_PIECES && --d->pieces_left[r] == 0)
        forward(d, e, r, t);
}

int sim_combine_replay(const sim_combined *c, const sim_net *net, sim_stats *st)
{
    const sim_graph *g = &c->g;
    int n = g->nranks, rc = -1;
    double copy = net->copy > 0 ? net->copy : net->intra / (net->node_size > 0 ? net->node_size : 1);
    cb_driver d = {c, copy, net->copy_piece, NULL, NULL};
    d.headers_left = malloc((size_t)n * sizeof *d.headers_left);
    d.pieces_left = calloc((size_t)n, sizeof *d.pieces_left);
    sim_engine *e = NULL;
    if (!d.headers_left || !d.pieces_left)
        goto out;
    e = sim_engine_new(g, net, cb_done, &d);
    if (!e)
        goto out;
    for (int p = 0; p < n; p++) {
        d.headers_left[p] = c->nheaders[p];
        for (long long k = g->roff[p]; k < g->roff[p] + c->nrecv0[p]; k++)
            sim_post_recv(e, g->rmsg[k], 0);
        double t = 0;
        for (long long k = g->soff[p]; k < g->soff[p] + c->nfirst[p]; k++)
            t = sim_post_send(e, k, 0);
        if (c->relays[p] && c->nheaders[p] == 0)
            headers_in(&d, e, p, t);
    }
    sim_engine_run(e, st);
    for (int p = 0; p < n; p++)
        if (c->copied[p] > st->max_copied)
            st->max_copied = c->copied[p];
    rc = 0;
out:
    sim_engine_free(e);
    free(d.headers_left);
    free(d.pieces_left);
    return rc;
}
