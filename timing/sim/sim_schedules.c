/* Who posts which message when: the replays of bcredist's schedules
 * (plan/schedule.h) and of ScaLAPACK's pdgemr2d rounds.
 *
 * bcredist: every process posts its sends and its receives each in
 * increasing step, under its own schedule kind (so `choose` can mix them
 * as bcr_schedule_choose picks per process):
 *   all      everything at once (sends one after another through the CPU);
 *   bounded  at most `inflight` sends and `inflight` receives posted and
 *            incomplete; a completion posts the next of its direction;
 *   steps    the messages of the least step with an incomplete message of
 *            this process are posted (one send and one receive at most),
 *            the next step's once they are complete; steps without a
 *            message of this process take no time.
 *
 * ScaLAPACK (REDIST/SRC/p?gemr.c): the union of the grids' processes is
 * numbered, those in both grids first, then those in one only (here the
 * rank itself, as A's ranks are 0 .. P0*Q0-1 and B's 0 .. P1*Q1-1).  There
 * are n = max(P0*Q0, P1*Q1) rounds; in round t process x exchanges with
 * y = (n - 1 - t - x) mod n, both ways, y doing the same with x.  Of the
 * two, the lower number sends first, then receives; the higher receives
 * first, then sends.  A receive blocks the process until the message is
 * in; a send is the BLACS's: packed into its own buffer and handed to MPI
 * without waiting (the transfer still needs the partner's receive).  An
 * empty direction sends nothing; a round with nothing to move costs no
 * time here (the reference still scans its index intervals then).
 *
 * combine: its own messages and replay (sim_combine.c,
 * sim_combine_replay.c). */
#include <stdlib.h>
#include <string.h>

#include "plan/schedule.h"
#include "sim.h"

const char *const sim_schedule_names[SIM_NSCHED] = {"all",       "bounded", "steps",
                                                   "scalapack", "choose",  "combine"};

/* ---- bcredist ---- */

typedef struct {
    const sim_graph *g;
    int *kind;             /* per process, BCR_SCHEDULE_ALL .. _STEPS */
    int inflight;
    long long *snext, *rnext; /* next send / receive not posted yet */
    int *pending;          /* steps: messages of the current step incomplete */
} bcr_driver;

static int send_step(const sim_graph *g, long long k, int p)
{
    return sim_step(p, g->dst[k], g->nranks);
}

static int recv_step(const sim_graph *g, long long k, int p)
{
    return sim_step(g->src[g->rmsg[k]], p, g->nranks);
}

/* Process p under steps: while nothing of its current step is pending,
 * post the next step's messages. */
static void steps_advance(bcr_driver *d, sim_engine *e, int p, double t)
{
    const sim_graph *g = d->g;
    while (d->pending[p] == 0) {
        int big = g->nranks;
        int ss = d->snext[p] < g->soff[p + 1] ? send_step(g, d->snext[p], p) : big;
        int rs = d->rnext[p] < g->roff[p + 1] ? recv_step(g, d->rnext[p], p) : big;
        int k = ss < rs ? ss : rs;
        if (k == big)
            return;
        if (rs == k) {
            sim_post_recv(e, g->rmsg[d->rnext[p]++], t);
            d->pending[p]++;
        }
        if (ss == k) {
            sim_post_send(e, d->snext[p]++, t);
            d->pending[p]++;
        }
    }
}

static void bcr_start(bcr_driver *d, sim_engine *e, int p)
{
    const sim_graph *g = d->g;
    if (d->kind[p] == BCR_SCHEDULE_STEPS) {
        steps_advance(d, e, p, 0);
        return;
    }
    long long ns = g->soff[p + 1] - g->soff[p], nr = g->roff[p + 1] - g->roff[p];
    if (d->kind[p] == BCR_SCHEDULE_BOUNDED) {
        ns = ns < d->inflight ? ns : d->inflight;
        nr = nr < d->inflight ? nr : d->inflight;
    }
    for (long long k = 0; k < nr; k++)
        sim_post_recv(e, g->rmsg[d->rnext[p]++], 0);
    for (long long k = 0; k < ns; k++)
        sim_post_send(e, d->snext[p]++, 0);
}

static void bcr_done(void *ctx, sim_engine *e, long long m, double t)
{
    bcr_driver *d = ctx;
    const sim_graph *g = d->g;
    int s = g->src[m], r = g->dst[m];
    if (d->kind[s] == BCR_SCHEDULE_STEPS) {
        d->pending[s]--;
        steps_advance(d, e, s, t);
    } else if (d->kind[s] == BCR_SCHEDULE_BOUNDED && d->snext[s] < g->soff[s + 1]) {
        sim_post_send(e, d->snext[s]++, t);
    }
    if (d->kind[r] == BCR_SCHEDULE_STEPS) {
        d->pending[r]--;
        steps_advance(d, e, r, t);
    } else if (d->kind[r] == BCR_SCHEDULE_BOUNDED && d->rnext[r] < g->roff[r + 1]) {
        sim_post_recv(e, g->rmsg[d->rnext[r]++], t);
    }
}

static bcr_schedule_load load_of(const sim_graph *g, int p)
{
    bcr_schedule_load l = {0, 0, 0, 0};
    l.nsend = (int)(g->soff[p + 1] - g->soff[p]);
    l.nrecv = (int)(g->roff[p + 1] - g->roff[p]);
    for (long long k = g->soff[p]; k < g->soff[p + 1]; k++)
        l.send_bytes += g->bytes[k];
    for (long long k = g->roff[p]; k < g->roff[p + 1]; k++)
        l.recv_bytes += g->bytes[g->rmsg[k]];
    return l;
}

static int replay_bcr(const sim_graph *g, const sim_net *net, int which, int inflight,
                      sim_stats *st, int chosen[3])
{
    int n = g->nranks, rc = -1;
    bcr_driver d = {g, NULL, inflight > 0 ? inflight : BCR_INFLIGHT_DEFAULT, NULL, NULL, NULL};
    d.kind = malloc((size_t)n * sizeof *d.kind);
    d.snext = malloc((size_t)n * sizeof *d.snext);
    d.rnext = malloc((size_t)n * sizeof *d.rnext);
    d.pending = calloc((size_t)n, sizeof *d.pending);
    sim_engine *e = NULL;
    if (!d.kind || !d.snext || !d.rnext || !d.pending)
        goto out;
    if (chosen)
        chosen[0] = chosen[1] = chosen[2] = 0;
    for (int p = 0; p < n; p++) {
        int forced = which == SIM_ALL       ? BCR_SCHEDULE_ALL
                     : which == SIM_BOUNDED ? BCR_SCHEDULE_BOUNDED
                     : which == SIM_STEPS   ? BCR_SCHEDULE_STEPS
                                            : BCR_SCHEDULE_AUTO;
        bcr_schedule_load l = load_of(g, p);
        bcr_schedule s = bcr_schedule_choose(forced, inflight, &l);
        d.kind[p] = s.kind;
        d.inflight = s.inflight;
        if (chosen && s.kind >= 0 && s.kind < 3)
            chosen[s.kind]++;
        d.snext[p] = g->soff[p];
        d.rnext[p] = g->roff[p];
    }
    e = sim_engine_new(g, net, bcr_done, &d);
    if (!e)
        goto out;
    for (int p = 0; p < n; p++)
        bcr_start(&d, e, p);
    sim_engine_run(e, st);
    rc = 0;
out:
    sim_engine_free(e);
    free(d.kind);
    free(d.snext);
    free(d.rnext);
    free(d.pending);
    return rc;
}

/* ---- ScaLAPACK ---- */

typedef struct {
    int round, partner;
    long long send, recv; /* message ids, -1 for an empty direction */
} sl_entry;

typedef struct {
    const sim_graph *g;
    long long *off;   /* nranks + 1 */
    sl_entry *en;     /* each process's exchanges by round */
    long long *at;    /* next exchange */
    long long *wait;  /* message a process blocks on, -1 */
    int *recvd;       /* the current exchange's receive is done */
} sl_driver;

static int cmp_entry(const void *a, const void *b)
{
    const sl_entry *x = a, *y = b;
    return (x->round > y->round) - (x->round < y->round);
}

/* Process x runs its rounds from t until it blocks on a receive. */
static void sl_advance(sl_driver *d, sim_engine *e, int x, double t)
{
    double cur = t;
    while (d->at[x] < d->off[x + 1]) {
        const sl_entry *en = &d->en[d->at[x]];
        int lower = x < en->partner;
        if (!d->recvd[x]) {
            if (lower && en->send >= 0)
                cur = sim_post_send(e, en->send, cur);
            if (en->recv >= 0) {
                sim_post_recv(e, en->recv, cur);
                d->wait[x] = en->recv;
                return;
            }
        }
        if (!lower && en->send >= 0)
            cur = sim_post_send(e, en->send, cur);
        d->recvd[x] = 0;
        d->at[x]++;
    }
}

static void sl_done(void *ctx, sim_engine *e, long long m, double t)
{
    sl_driver *d = ctx;
    int r = d->g->dst[m];
    if (d->wait[r] == m) {
        d->wait[r] = -1;
        d->recvd[r] = 1;
        sl_advance(d, e, r, t);
    }
}

static int replay_scalapack(const sim_graph *g, const sim_net *net, sim_stats *st)
{
    int n = g->nranks, rc = -1;
    sl_driver d = {g, NULL, NULL, NULL, NULL, NULL};
    d.off = calloc((size_t)n + 1, sizeof *d.off);
    d.en = malloc((size_t)(2 * g->nmsg + 1) * sizeof *d.en);
    d.at = malloc((size_t)n * sizeof *d.at);
    d.wait = malloc((size_t)n * sizeof *d.wait);
    d.recvd = calloc((size_t)n, sizeof *d.recvd);
    sim_engine *e = NULL;
    if (!d.off || !d.en || !d.at || !d.wait || !d.recvd)
        goto out;
    /* A process's exchanges: one per partner, both directions merged
     * (the two directions of a pair share their round). */
    long long k = 0;
    for (int x = 0; x < n; x++) {
        long long lo = k;
        for (long long m = g->soff[x]; m < g->soff[x + 1]; m++)
            d.en[k++] = (sl_entry){sim_scalapack_round(x, g->dst[m], n), g->dst[m], m, -1};
        for (long long j = g->roff[x]; j < g->roff[x + 1]; j++) {
            long long m = g->rmsg[j];
            d.en[k++] = (sl_entry){sim_scalapack_round(x, g->src[m], n), g->src[m], -1, m};
        }
        qsort(d.en + lo, (size_t)(k - lo), sizeof *d.en, cmp_entry);
        long long w = lo;
        for (long long j = lo; j < k; j++) {
            if (w > lo && d.en[w - 1].partner == d.en[j].partner) {
                if (d.en[j].send >= 0)
                    d.en[w - 1].send = d.en[j].send;
                if (d.en[j].recv >= 0)
                    d.en[w - 1].recv = d.en[j].recv;
            } else {
                d.en[w++] = d.en[j];
            }
        }
        k = w;
        d.off[x + 1] = k;
        d.at[x] = d.off[x];
        d.wait[x] = -1;
    }
    e = sim_engine_new(g, net, sl_done, &d);
    if (!e)
        goto out;
    for (int x = 0; x < n; x++)
        sl_advance(&d, e, x, 0);
    sim_engine_run(e, st);
    rc = 0;
out:
    sim_engine_free(e);
    free(d.off);
    free(d.en);
    free(d.at);
    free(d.wait);
    free(d.recvd);
    return rc;
}

void sim_choose_counts(const sim_graph *g, int inflight, int chosen[3])
{
    chosen[0] = chosen[1] = chosen[2] = 0;
    for (int p = 0; p < g->nranks; p++) {
        bcr_schedule_load l = load_of(g, p);
        bcr_schedule s = bcr_schedule_choose(BCR_SCHEDULE_AUTO, inflight, &l);
        if (s.kind >= 0 && s.kind < 3)
            chosen[s.kind]++;
    }
}

int sim_replay(const sim_graph *g, const sim_net *net, int which, int inflight, sim_stats *st,
               int chosen[3])
{
    if (which == SIM_SCALAPACK)
        return replay_scalapack(g, net, st);
    if (which == SIM_COMBINE) {
        sim_combined c;
        if (sim_combine_build(&c, g))
            return -1;
        int rc = sim_combine_replay(&c, net, st);
        sim_combine_free(&c);
        return rc;
    }
    return replay_bcr(g, net, which, inflight, st, chosen);
}
