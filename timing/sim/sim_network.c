/* The network model and its event-driven replay.
 *
 * Ranks sit on nodes of node_size consecutive ranks.  A message of b bytes
 * from rank s to rank d:
 *   - costs `overhead` of s's CPU to post; one CPU posts one send at a
 *     time, so a process posting k sends at once is busy k * overhead;
 *     posting a receive costs nothing;
 *   - moves only once both its send and its receive are posted (a
 *     rendezvous, as MPI does for messages past its eager limit), then
 *     spends `latency` in flight before its first byte moves;
 *   - then moves its bytes as a fluid: between two nodes through the
 *     sender node's injection link (inject B/s) and the receiver node's
 *     ejection link (eject B/s), and on a ring or torus through every
 *     link of its route (link B/s each direction); within one node through
 *     the node's memory (intra B/s).  Every resource is shared equally
 *     among the messages crossing it at the moment, and a message moves at
 *     the least of its shares (no max-min redistribution of what another
 *     resource leaves unused: a message limited elsewhere still counts as
 *     one full sharer).
 *   - is complete at both ends when its last byte arrives.
 * Matching (match > 0, s per queue entry searched): each receiving process
 * keeps, as MPICH's ch4 does per communicator, one queue of its posted
 * unmatched receives in posting order and one of its unexpected messages
 * in arrival order.  A message arrives (its header) `latency` after its
 * send is posted.  Arriving with its receive posted, it is matched past
 * the receives posted before its own and still unmatched; arriving before
 * it, it joins the unexpected queue, and posting the receive searches past
 * the unexpected messages that arrived before it.  A search of k entries
 * costs k * match of the receiver's CPU, serialised with its posting, and
 * the message moves no earlier than the search ends.  Open MPI's ob1 keeps
 * these queues per source, so with one message per pair (the graph here)
 * it searches nothing: --match 0.  bcr_match_cost measured, between two
 * ranks: about 2 ns per entry up to 256 entries (in cache), 5 to 18 ns at
 * 1024 to 4096 (docs/performance.md).
 * Topologies: full (only the nodes' links: a non-blocking fabric), ring
 * (nodes on a ring, each message the shorter way round, clockwise on a
 * tie) and torus (nodes on an X x Y torus, X the largest divisor of the
 * node count not above its square root; routes along x, then along y, each
 * the shorter way).  bus: the nodes' links and one more resource, of
 * bus B/s (link when 0), crossed by every message between two nodes; it
 * stands for a machine-wide limit, such as ranks on one host whose "network"
 * is TCP over loopback, where the kernel's copies on the same cores bound
 * the total throughput rather than any node's link.
 *
 * Replay: messages between the same two nodes cross the same resources, so
 * they always move at the same rate.  They form a class, and a class is a
 * processor-sharing queue: its virtual clock v counts the bytes each of its
 * messages has moved since the class was last empty; a message joining at
 * v completes when v reaches v + b.  Rates change only when a message
 * joins or leaves some resource, and then only for the classes on that
 * resource, so one event costs the classes of the resources it touches,
 * not every message in flight.  Events of one instant are taken together
 * and the rates recomputed once after them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

enum { EV_SEND_POSTED, EV_RECV_POSTED, EV_ARRIVE, EV_JOIN };

/* Message state bits. */
enum { SEND_ASKED = 1, RECV_ASKED = 2, SEND_POSTED = 4, RECV_POSTED = 8, DONE = 16, ARRIVED = 32 };

typedef struct {
    double t;
    long long msg;
    long long seq; /* order of making: ties in t are taken in this order */
    int kind;
} event;

typedef struct {
    double key; /* v at which the message completes */
    long long msg;
} flow;

typedef struct {
    double v, t0, rate, next;
    int nflows, nres, res0;
    int hpos;     /* place in the class heap, -1 when not there */
    unsigned stamp;   /* batch in which it was marked for recomputing */
    unsigned touched; /* batch in which a message joined or left it */
    flow *heap;
    int hn, hcap;
} sim_class;

typedef struct {
    double cap;
    int count;        /* messages moving through it */
    int *cls, ncls, capcls; /* classes with a message moving through it */
    unsigned stamp;
} resource;

struct sim_engine {
    const sim_graph *g;
    sim_net net;
    sim_done_fn done;
    void *ctx;
    int nnodes, X, Y;
    double *send_t, *recv_t;
    unsigned char *state;
    int *mclass;
    double *cpu_free;
    int *out_send, *out_recv, max_out;
    /* Matching (net.match > 0): per receiver d, slots roff[d] .. roff[d+1]-1
     * of two Fenwick trees count its posted unmatched receives by posting
     * order and its unexpected messages by arrival order. */
    int *qpost, *qunex;  /* the trees */
    int *npost, *nunex;  /* per rank: receives posted, messages arrived */
    int *seq;            /* per message: its slot in one tree or the other */
    sim_class *c;
    int ncls;
    int *cres, *cpos; /* per class, its resources and its place in each's list */
    resource *r;
    int nres;
    event *ev;
    long long evn, evcap, evseq;
    int *ch, chn; /* classes by next completion */
    int *dres, ndres, *dcls, ndcls;
    unsigned batch;
    double last;
    long long delivered, errors;
};

/* ---- events ---- */

/* Events of one instant in the order they were made, so that receives a
 * process posts at one instant join its queue in its program's order
 * (the matching term depends on it). */
static int ev_less(const event *a, const event *b)
{
    return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

static void ev_push(sim_engine *e, double t, int kind, long long msg)
{
    if (e->evn == e->evcap) {
        e->evcap = e->evcap ? 2 * e->evcap : 4096;
        event *n = realloc(e->ev, (size_t)e->evcap * sizeof *n);
        if (!n)
            abort();
        e->ev = n;
    }
    long long k = e->evn++;
    event x = {t, msg, e->evseq++, kind};
    while (k > 0 && ev_less(&x, &e->ev[(k - 1) / 2])) {
        e->ev[k] = e->ev[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    e->ev[k] = x;
}

static event ev_pop(sim_engine *e)
{
    event top = e->ev[0], x = e->ev[--e->evn];
    long long k = 0, n = e->evn;
    for (;;) {
        long long l = 2 * k + 1;
        if (l >= n)
            break;
        if (l + 1 < n && ev_less(&e->ev[l + 1], &e->ev[l]))
            l++;
        if (!ev_less(&e->ev[l], &x))
            break;
        e->ev[k] = e->ev[l];
        k = l;
    }
    if (n)
        e->ev[k] = x;
    return top;
}

/* ---- the class heap, keyed by each class's next completion ---- */

static void ch_set(sim_engine *e, int k, int c)
{
    e->ch[k] = c;
    e->c[c].hpos = k;
}

static void ch_up(sim_engine *e, int k)
{
    int c = e->ch[k];
    while (k > 0 && e->c[c].next < e->c[e->ch[(k - 1) / 2]].next) {
        ch_set(e, k, e->ch[(k - 1) / 2]);
        k = (k - 1) / 2;
    }
    ch_set(e, k, c);
}

static void ch_down(sim_engine *e, int k)
{
    int c = e->ch[k];
    for (;;) {
        int l = 2 * k + 1;
        if (l >= e->chn)
            break;
        if (l + 1 < e->chn && e->c[e->ch[l + 1]].next < e->c[e->ch[l]].next)
            l++;
        if (!(e->c[e->ch[l]].next < e->c[c].next))
            break;
        ch_set(e, k, e->ch[l]);
        k = l;
    }
    ch_set(e, k, c);
}

static void ch_update(sim_engine *e, int c)
{
    if (e->c[c].hpos < 0) {
        e->c[c].hpos = e->chn;
        e->ch[e->chn++] = c;
        ch_up(e, e->c[c].hpos);
    } else {
        ch_up(e, e->c[c].hpos);
        ch_down(e, e->c[c].hpos);
    }
}

static void ch_remove(sim_engine *e, int c)
{
    int k = e->c[c].hpos;
    if (k < 0)
        return;
    e->c[c].hpos = -1;
    int last = e->ch[--e->chn];
    if (k < e->chn) {
        ch_set(e, k, last);
        ch_up(e, k);
        ch_down(e, e->c[last].hpos);
    }
}

/* ---- a class's own queue of messages, by completion point ---- */

static void flow_push(sim_class *c, flow f)
{
    if (c->hn == c->hcap) {
        c->hcap = c->hcap ? 2 * c->hcap : 4;
        flow *n = realloc(c->heap, (size_t)c->hcap * sizeof *n);
        if (!n)
            abort();
        c->heap = n;
    }
    int k = c->hn++;
    while (k > 0 && f.key < c->heap[(k - 1) / 2].key) {
        c->heap[k] = c->heap[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    c->heap[k] = f;
}

static flow flow_pop(sim_class *c)
{
    flow top = c->heap[0], x = c->heap[--c->hn];
    int k = 0;
    for (;;) {
        int l = 2 * k + 1;
        if (l >= c->hn)
            break;
        if (l + 1 < c->hn && c->heap[l + 1].key < c->heap[l].key)
            l++;
        if (!(c->heap[l].key < x.key))
            break;
        c->heap[k] = c->heap[l];
        k = l;
    }
    if (c->hn)
        c->heap[k] = x;
    return top;
}

/* ---- topology: the resources of a class ---- */

static int node_of(const sim_engine *e, int rank)
{
    return rank / e->net.node_size;
}

/* Hops along one ring dimension of size L from a to b: +count or -count. */
static int ring_hops(int a, int b, int L)
{
    int d = ((b - a) % L + L) % L;
    return d <= L - d ? d : -(L - d);
}

/* The resources of messages from node a to node b into out[]; their count. */
static int route(const sim_engine *e, int a, int b, int *out)
{
    int nn = e->nnodes, k = 0;
    if (a == b) {
        out[k++] = 2 * nn + a; /* the node's memory */
        return k;
    }
    out[k++] = a;      /* a's injection */
    out[k++] = nn + b; /* b's ejection */
    if (e->net.topology == SIM_FULL)
        return k;
    if (e->net.topology == SIM_BUS) {
        out[k++] = 3 * nn; /* the one shared bus */
        return k;
    }
    int x = a % e->X, y = a / e->X, bx = b % e->X, by = b / e->X;
    int h = ring_hops(x, bx, e->X);
    for (; h; h += h > 0 ? -1 : 1) {
        int dir = h > 0 ? 0 : 1;
        out[k++] = 3 * nn + 4 * (y * e->X + x) + dir;
        x = ((x + (h > 0 ? 1 : -1)) % e->X + e->X) % e->X;
    }
    h = ring_hops(y, by, e->Y);
    for (; h; h += h > 0 ? -1 : 1) {
        int dir = h > 0 ? 2 : 3;
        out[k++] = 3 * nn + 4 * (y * e->X + x) + dir;
        y = ((y + (h > 0 ? 1 : -1)) % e->Y + e->Y) % e->Y;
    }
    return k;
}

/* Classes: one per pair of nodes that exchanges a message. */
static int build_classes(sim_engine *e)
{
    const sim_graph *g = e->g;
    long long size = 16;
    while (size < 2 * g->nmsg + 16)
        size *= 2;
    long long *keys = malloc((size_t)size * sizeof *keys);
    int *ids = malloc((size_t)size * sizeof *ids);
    e->mclass = malloc((size_t)(g->nmsg ? g->nmsg : 1) * sizeof *e->mclass);
    if (!keys || !ids || !e->mclass)
        return -1;
    for (long long k = 0; k < size; k++)
        keys[k] = -1;
    e->ncls = 0;
    for (long long m = 0; m < g->nmsg; m++) {
        long long key = (long long)node_of(e, g->src[m]) * e->nnodes + node_of(e, g->dst[m]);
        unsigned long long h = (unsigned long long)key * 0x9E3779B97F4A7C15ULL;
        long long k = (long long)(h >> 20) & (size - 1);
        while (keys[k] >= 0 && keys[k] != key)
            k = (k + 1) & (size - 1);
        if (keys[k] < 0) {
            keys[k] = key;
            ids[k] = e->ncls++;
        }
        e->mclass[m] = ids[k];
    }
    e->c = calloc((size_t)(e->ncls ? e->ncls : 1), sizeof *e->c);
    e->ch = malloc((size_t)(e->ncls ? e->ncls : 1) * sizeof *e->ch);
    int hops = e->net.topology == SIM_FULL  ? 0
               : e->net.topology == SIM_BUS ? 1
                                            : e->X / 2 + e->Y / 2 + 2;
    e->cres = malloc((size_t)(e->ncls ? e->ncls : 1) * (size_t)(hops + 2) * sizeof *e->cres);
    e->cpos = malloc((size_t)(e->ncls ? e->ncls : 1) * (size_t)(hops + 2) * sizeof *e->cpos);
    if (!e->c || !e->ch || !e->cres || !e->cpos)
        return -1;
    char *seen = calloc((size_t)(e->ncls ? e->ncls : 1), 1);
    if (!seen)
        return -1;
    for (int c = 0; c < e->ncls; c++)
        e->c[c].hpos = -1;
    for (long long m = 0; m < g->nmsg; m++) {
        int c = e->mclass[m];
        if (seen[c])
            continue;
        seen[c] = 1;
        e->c[c].res0 = c * (hops + 2);
        e->c[c].nres = route(e, node_of(e, g->src[m]), node_of(e, g->dst[m]), e->cres + e->c[c].res0);
    }
    free(seen);
    free(keys);
    free(ids);
    return 0;
}

sim_engine *sim_engine_new(const sim_graph *g, const sim_net *net, sim_done_fn done, void *ctx)
{
    sim_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->g = g;
    e->net = *net;
    if (e->net.node_size < 1)
        e->net.node_size = 1;
    e->done = done;
    e->ctx = ctx;
    int n = g->nranks;
    e->nnodes = (n + e->net.node_size - 1) / e->net.node_size;
    e->X = e->nnodes;
    e->Y = 1;
    if (net->topology == SIM_TORUS)
        for (int x = 1; x * x <= e->nnodes; x++)
            if (e->nnodes % x == 0) {
                e->X = e->nnodes / x;
                e->Y = x;
            }
    size_t nm = (size_t)(g->nmsg ? g->nmsg : 1);
    e->send_t = malloc(nm * sizeof *e->send_t);
    e->recv_t = malloc(nm * sizeof *e->recv_t);
    e->state = calloc(nm, 1);
    e->cpu_free = calloc((size_t)n, sizeof *e->cpu_free);
    e->out_send = calloc((size_t)n, sizeof *e->out_send);
    e->out_recv = calloc((size_t)n, sizeof *e->out_recv);
    e->nres = 3 * e->nnodes + (net->topology == SIM_FULL  ? 0
                               : net->topology == SIM_BUS ? 1
                                                          : 4 * e->nnodes);
    e->r = calloc((size_t)e->nres, sizeof *e->r);
    e->dres = malloc((size_t)e->nres * sizeof *e->dres);
    if (!e->send_t || !e->recv_t || !e->state || !e->cpu_free || !e->out_send || !e->out_recv ||
        !e->r || !e->dres || build_classes(e)) {
        sim_engine_free(e);
        return NULL;
    }
    e->dcls = malloc((size_t)(e->ncls ? e->ncls : 1) * sizeof *e->dcls);
    if (e->net.match > 0) {
        e->qpost = calloc(nm, sizeof *e->qpost);
        e->qunex = calloc(nm, sizeof *e->qunex);
        e->npost = calloc((size_t)n, sizeof *e->npost);
        e->nunex = calloc((size_t)n, sizeof *e->nunex);
        e->seq = malloc(nm * sizeof *e->seq);
    }
    if (!e->dcls || (e->net.match > 0 && (!e->qpost || !e->qunex || !e->npost || !e->nunex ||
                                         !e->seq))) {
        sim_engine_free(e);
        return NULL;
    }
    for (int k = 0; k < e->nres; k++) {
        int nn = e->nnodes;
        e->r[k].cap = k < nn ? net->inject : k < 2 * nn ? net->eject : k < 3 * nn ? net->intra : net->link;
        if (net->topology == SIM_BUS && k == 3 * nn && net->bus > 0)
            e->r[k].cap = net->bus;
    }
    return e;
}

void sim_engine_free(sim_engine *e)
{
    if (!e)
        return;
    for (int c = 0; e->c && c < e->ncls; c++)
        free(e->c[c].heap);
    for (int k = 0; e->r && k < e->nres; k++)
        free(e->r[k].cls);
    free(e->c);
    free(e->ch);
    free(e->cres);
    free(e->cpos);
    free(e->r);
    free(e->dres);
    free(e->dcls);
    free(e->mclass);
    free(e->send_t);
    free(e->recv_t);
    free(e->state);
    free(e->cpu_free);
    free(e->out_send);
    free(e->out_recv);
    free(e->qpost);
    free(e->qunex);
    free(e->npost);
    free(e->nunex);
    free(e->seq);
    free(e->ev);
    free(e);
}

/* ---- posting ---- */

static void note_out(sim_engine *e, int count)
{
    if (count > e->max_out)
        e->max_out = count;
}

double sim_post_send(sim_engine *e, long long msg, double t)
{
    if (e->state[msg] & SEND_ASKED) {
        e->errors++;
        return t;
    }
    e->state[msg] |= SEND_ASKED;
    int s = e->g->src[msg];
    double start = t > e->cpu_free[s] ? t : e->cpu_free[s];
    e->cpu_free[s] = start + e->net.overhead;
    note_out(e, ++e->out_send[s]);
    ev_push(e, e->cpu_free[s], EV_SEND_POSTED, msg);
    return e->cpu_free[s];
}

double sim_cpu_work(sim_engine *e, int rank, double t, double seconds)
{
    double start = t > e->cpu_free[rank] ? t : e->cpu_free[rank];
    e->cpu_free[rank] = start + seconds;
    return e->cpu_free[rank];
}

void sim_post_recv(sim_engine *e, long long msg, double t)
{
    if (e->state[msg] & RECV_ASKED) {
        e->errors++;
        return;
    }
    e->state[msg] |= RECV_ASKED;
    note_out(e, ++e->out_recv[e->g->dst[msg]]);
    ev_push(e, t, EV_RECV_POSTED, msg);
}

/* ---- the replay ---- */

static void mark_res(sim_engine *e, int k)
{
    if (e->r[k].stamp != e->batch) {
        e->r[k].stamp = e->batch;
        e->dres[e->ndres++] = k;
    }
}

static void mark_cls(sim_engine *e, int c)
{
    if (e->c[c].stamp != e->batch) {
        e->c[c].stamp = e->batch;
        e->dcls[e->ndcls++] = c;
    }
}

/* The class's clock brought to t at its current rate. */
static void advance(sim_class *c, double t)
{
    if (c->nflows)
        c->v += c->rate * (t - c->t0);
    c->t0 = t;
}

static void res_add_class(sim_engine *e, int c, int slot)
{
    resource *r = &e->r[e->cres[slot]];
    if (r->ncls == r->capcls) {
        r->capcls = r->capcls ? 2 * r->capcls : 8;
        int *n = realloc(r->cls, (size_t)r->capcls * sizeof *n);
        if (!n)
            abort();
        r->cls = n;
    }
    e->cpos[slot] = r->ncls;
    r->cls[r->ncls++] = c;
}

static void res_remove_class(sim_engine *e, int slot)
{
    resource *r = &e->r[e->cres[slot]];
    int at = e->cpos[slot], moved = r->cls[--r->ncls];
    r->cls[at] = moved;
    /* the moved class's slot for this resource now points at `at` */
    sim_class *mc = &e->c[moved];
    for (int k = 0; k < mc->nres; k++)
        if (e->cres[mc->res0 + k] == e->cres[slot]) {
            e->cpos[mc->res0 + k] = at;
            break;
        }
}

static void join(sim_engine *e, long long msg, double t)
{
    int ci = e->mclass[msg];
    sim_class *c = &e->c[ci];
    advance(c, t);
    if (!c->nflows) {
        c->v = 0;
        for (int k = 0; k < c->nres; k++)
            res_add_class(e, ci, c->res0 + k);
    }
    flow f = {c->v + (double)e->g->bytes[msg], msg};
    flow_push(c, f);
    c->nflows++;
    for (int k = 0; k < c->nres; k++) {
        e->r[e->cres[c->res0 + k]].count++;
        mark_res(e, e->cres[c->res0 + k]);
    }
    c->touched = e->batch;
    mark_cls(e, ci);
}

static void complete(sim_engine *e, long long msg, double t)
{
    if (e->state[msg] & DONE) {
        e->errors++;
        return;
    }
    e->state[msg] |= DONE;
    e->delivered++;
    e->out_send[e->g->src[msg]]--;
    e->out_recv[e->g->dst[msg]]--;
    if (t > e->last)
        e->last = t;
    if (e->done)
        e->done(e->ctx, e, msg, t);
}

/* The class's next completion is due at t: its first message completes,
 * with any other within rounding of it. */
static void class_due(sim_engine *e, int ci, double t)
{
    sim_class *c = &e->c[ci];
    ch_remove(e, ci);
    advance(c, t);
    long long done_first = -1;
    while (c->hn) {
        double key = c->heap[0].key;
        if (done_first >= 0 && key > c->v + 1e-9 * fabs(key) + 1e-6)
            break;
        flow f = flow_pop(c);
        c->nflows--;
        done_first = f.msg;
        for (int k = 0; k < c->nres; k++) {
            e->r[e->cres[c->res0 + k]].count--;
            mark_res(e, e->cres[c->res0 + k]);
        }
        if (!c->nflows)
            for (int k = 0; k < c->nres; k++)
                res_remove_class(e, c->res0 + k);
        complete(e, f.msg, t);
    }
    c->touched = e->batch;
    mark_cls(e, ci);
}

/* After an instant's events: new rates for the classes whose resources
 * changed, and their next completions. */
static void recompute(sim_engine *e, double t)
{
    for (int k = 0; k < e->ndres; k++) {
        resource *r = &e->r[e->dres[k]];
        for (int j = 0; j < r->ncls; j++)
            mark_cls(e, r->cls[j]);
    }
    e->ndres = 0;
    for (int k = 0; k < e->ndcls; k++) {
        int ci = e->dcls[k];
        sim_class *c = &e->c[ci];
        if (!c->nflows) {
            advance(c, t);
            ch_remove(e, ci);
            continue;
        }
        double rate = HUGE_VAL;
        for (int j = 0; j < c->nres; j++) {
            const resource *r = &e->r[e->cres[c->res0 + j]];
            double share = r->cap / r->count;
            if (share < rate)
                rate = share;
        }
        /* Same rate and the same messages: its next completion stands. */
        if (rate == c->rate && c->touched != e->batch)
            continue;
        advance(c, t);
        c->rate = rate;
        double left = c->heap[0].key - c->v;
        c->next = t + (left > 0 ? left / rate : 0);
        ch_update(e, ci);
    }
    e->ndcls = 0;
}

/* ---- matching ---- */

/* Fenwick tree of receiver d: slot i (from 0) of its n slots. */
static void fw_add(int *tree, long long off, int n, int i, int delta)
{
    for (i++; i <= n; i += i & -i)
        tree[off + i - 1] += delta;
}

/* Sum of slots 0 .. i-1. */
static int fw_before(const int *tree, long long off, int i)
{
    int sum = 0;
    for (; i > 0; i -= i & -i)
        sum += tree[off + i - 1];
    return sum;
}

/* Message m is matched at t after passing `entries` queue entries: the
 * receiver's CPU searches once it is free; the message joins at `join` or
 * when the search ends, whichever is later. */
static void matched(sim_engine *e, long long m, double t, int entries, double join)
{
    if (entries > 0) {
        int d = e->g->dst[m];
        double start = t > e->cpu_free[d] ? t : e->cpu_free[d];
        e->cpu_free[d] = start + entries * e->net.match;
        if (e->cpu_free[d] > join)
            join = e->cpu_free[d];
    }
    ev_push(e, join, EV_JOIN, m);
}

static void handle_matching(sim_engine *e, const event *x)
{
    long long m = x->msg;
    int d = e->g->dst[m];
    long long off = e->g->roff[d];
    int n = (int)(e->g->roff[d + 1] - off);
    switch (x->kind) {
    case EV_SEND_POSTED:
        e->state[m] |= SEND_POSTED;
        e->send_t[m] = x->t;
        ev_push(e, x->t + e->net.latency, EV_ARRIVE, m);
        break;
    case EV_RECV_POSTED:
        e->state[m] |= RECV_POSTED;
        e->recv_t[m] = x->t;
        if (e->state[m] & ARRIVED) { /* search the unexpected queue */
            int before = fw_before(e->qunex, off, e->seq[m]);
            fw_add(e->qunex, off, n, e->seq[m], -1);
            matched(e, m, x->t, before, x->t + e->net.latency);
        } else { /* join the posted-receive queue */
            e->seq[m] = e->npost[d]++;
            fw_add(e->qpost, off, n, e->seq[m], 1);
        }
        break;
    case EV_ARRIVE:
        e->state[m] |= ARRIVED;
        if (e->state[m] & RECV_POSTED) { /* search the posted-receive queue */
            int before = fw_before(e->qpost, off, e->seq[m]);
            fw_add(e->qpost, off, n, e->seq[m], -1);
            double t0 = e->send_t[m] > e->recv_t[m] ? e->send_t[m] : e->recv_t[m];
            matched(e, m, x->t, before, t0 + e->net.latency);
        } else { /* join the unexpected queue */
            e->seq[m] = e->nunex[d]++;
            fw_add(e->qunex, off, n, e->seq[m], 1);
        }
        break;
    default:
        join(e, m, x->t);
        break;
    }
}

static void handle(sim_engine *e, const event *x)
{
    long long m = x->msg;
    if (e->net.match > 0) {
        handle_matching(e, x);
        return;
    }
    switch (x->kind) {
    case EV_SEND_POSTED:
        e->state[m] |= SEND_POSTED;
        e->send_t[m] = x->t;
        if (e->state[m] & RECV_POSTED)
            ev_push(e, x->t + e->net.latency, EV_JOIN, m);
        break;
    case EV_RECV_POSTED:
        e->state[m] |= RECV_POSTED;
        e->recv_t[m] = x->t;
        if (e->state[m] & SEND_POSTED)
            ev_push(e, x->t + e->net.latency, EV_JOIN, m);
        break;
    default:
        join(e, m, x->t);
        break;
    }
}

void sim_engine_run(sim_engine *e, sim_stats *st)
{
    for (;;) {
        int have_ev = e->evn > 0, have_cls = e->chn > 0;
        if (!have_ev && !have_cls)
            break;
        double t = have_ev ? e->ev[0].t : HUGE_VAL;
        if (have_cls && e->c[e->ch[0]].next < t)
            t = e->c[e->ch[0]].next;
        e->batch++;
        for (;;) {
            if (e->evn > 0 && e->ev[0].t <= t) {
                event x = ev_pop(e);
                handle(e, &x);
            } else if (e->chn > 0 && e->c[e->ch[0]].next <= t) {
                class_due(e, e->ch[0], t);
            } else {
                break;
            }
        }
        recompute(e, t);
    }
    memset(st, 0, sizeof *st);
    st->time = e->last;
    st->max_out = e->max_out;
    st->delivered = e->delivered;
    st->errors = e->errors;
    st->messages = e->g->nmsg;
    for (int p = 0; p < e->g->nranks; p++) {
        int ns = (int)(e->g->soff[p + 1] - e->g->soff[p]);
        int nr = (int)(e->g->roff[p + 1] - e->g->roff[p]);
        st->max_sent = ns > st->max_sent ? ns : st->max_sent;
        st->max_recvd = nr > st->max_recvd ? nr : st->max_recvd;
    }
    long long *out = calloc((size_t)e->nnodes, sizeof *out);
    for (long long m = 0; out && m < e->g->nmsg; m++)
        if (node_of(e, e->g->src[m]) != node_of(e, e->g->dst[m]))
            out[node_of(e, e->g->src[m])] += e->g->bytes[m];
    for (int k = 0; out && k < e->nnodes; k++)
        if (out[k] > st->max_node_out)
            st->max_node_out = out[k];
    free(out);
    for (long long m = 0; m < e->g->nmsg; m++)
        if (!(e->state[m] & DONE))
            st->errors++;
}
