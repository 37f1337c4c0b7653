/* The message graph of one redistribution, from bcredist's planner.
 *
 * Every rank's exchange is built as that rank would build it
 * (bcr_exchange_build, the direct strategy), with no MPI datatypes and no
 * shared memory, so every message between two processes is one MPI
 * message.  Each exchange is freed as soon as its parts are read, so the
 * memory is the graph's: per message a sender, a receiver and a byte count.
 *
 * The send halves define the graph; the receive halves must name the same
 * messages (each receiver's list, sorted by sender, equal to the senders'
 * lists turned around), or the build fails: the planner's two ends would
 * disagree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/options.h"
#include "plan/exchange.h"
#include "sim.h"

typedef struct {
    int key;
    long long id;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

/* One side over the virtual grid, as rank `rank` sees it. */
static bcr_side side_of(int P, int Q, int M, int N, int mb, int nb, const int *map, int rank,
                        const int *inv)
{
    bcr_side s = {0, -1, -1, P, Q, M, N, mb, nb, 0, 0, 0, 0, 1, map, NULL, NULL};
    int pos = inv[rank];
    if (pos >= 0) {
        s.in = 1;
        s.myrow = pos / Q;
        s.mycol = pos % Q;
        bcr_idx rows = bcr_local_count(M, mb, s.myrow, 0, P);
        s.lld = (int)(rows > 1 ? rows : 1);
    }
    return s;
}

typedef struct {
    long long n, cap;
    int *peer;
    long long *bytes;
} pairs;

static int pairs_push(pairs *p, int peer, long long bytes)
{
    if (p->n == p->cap) {
        long long cap = p->cap ? 2 * p->cap : 1024;
        int *np = realloc(p->peer, (size_t)cap * sizeof *np);
        if (!np)
            return -1;
        p->peer = np;
        long long *nb = realloc(p->bytes, (size_t)cap * sizeof *nb);
        if (!nb)
            return -1;
        p->bytes = nb;
        p->cap = cap;
    }
    p->peer[p->n] = peer;
    p->bytes[p->n] = bytes;
    p->n++;
    return 0;
}

/* Sorts the n messages ids[0..n-1] by key (a step, unique within one list). */
static int sort_by_key(long long *ids, const int *keys, long long n, keyed *tmp)
{
    for (long long k = 0; k < n; k++) {
        tmp[k].key = keys[k];
        tmp[k].id = ids[k];
    }
    qsort(tmp, (size_t)n, sizeof *tmp, cmp_keyed);
    for (long long k = 0; k < n; k++) {
        ids[k] = tmp[k].id;
        if (k && tmp[k].key == tmp[k - 1].key)
            return -1; /* two messages between one pair */
    }
    return 0;
}

/* Reorders sender s's messages in increasing step. */
static int order_sender(sim_graph *g, int s, keyed **tmp, long long *tmpcap)
{
    long long lo = g->soff[s], n = g->soff[s + 1] - lo;
    if (n > *tmpcap) {
        keyed *t = realloc(*tmp, (size_t)n * sizeof *t);
        if (!t)
            return -1;
        *tmp = t;
        *tmpcap = n;
    }
    for (long long k = 0; k < n; k++) {
        (*tmp)[k].key = sim_step(s, g->dst[lo + k], g->nranks);
        (*tmp)[k].id = g->bytes[lo + k];
    }
    qsort(*tmp, (size_t)n, sizeof **tmp, cmp_keyed);
    for (long long k = 0; k < n; k++) {
        if (k && (*tmp)[k].key == (*tmp)[k - 1].key) {
            fprintf(stderr, "bcr_simulate: rank %d has two messages to one partner\n", s);
            return -1;
        }
        g->dst[lo + k] = (s + (*tmp)[k].key) % g->nranks;
        g->bytes[lo + k] = (*tmp)[k].id;
    }
    return 0;
}

/* Receiver lists from the sender lists, each in increasing step. */
static int transpose(sim_graph *g)
{
    int n = g->nranks;
    g->roff = calloc((size_t)n + 1, sizeof *g->roff);
    g->rmsg = malloc((size_t)(g->nmsg ? g->nmsg : 1) * sizeof *g->rmsg);
    if (!g->roff || !g->rmsg)
        return -1;
    for (long long m = 0; m < g->nmsg; m++)
        g->roff[g->dst[m] + 1]++;
    for (int d = 0; d < n; d++)
        g->roff[d + 1] += g->roff[d];
    long long *fill = malloc((size_t)n * sizeof *fill);
    if (!fill)
        return -1;
    memcpy(fill, g->roff, (size_t)n * sizeof *fill);
    for (long long m = 0; m < g->nmsg; m++)
        g->rmsg[fill[g->dst[m]]++] = m;
    free(fill);
    long long most = 0;
    for (int d = 0; d < n; d++)
        if (g->roff[d + 1] - g->roff[d] > most)
            most = g->roff[d + 1] - g->roff[d];
    keyed *tmp = malloc((size_t)(most ? most : 1) * sizeof *tmp);
    int *keys = malloc((size_t)(most ? most : 1) * sizeof *keys);
    int rc = tmp && keys ? 0 : -1;
    for (int d = 0; d < n && !rc; d++) {
        long long lo = g->roff[d], c = g->roff[d + 1] - lo;
        for (long long k = 0; k < c; k++)
            keys[k] = sim_step(g->src[g->rmsg[lo + k]], d, n);
        rc = sort_by_key(g->rmsg + lo, keys, c, tmp);
    }
    free(tmp);
    free(keys);
    return rc;
}

/* The planner's receive halves (by receiver, in planner order) against
 * the transposed send halves. */
static int receives_agree(const sim_graph *g, const long long *off, const pairs *rcv)
{
    int n = g->nranks;
    for (int d = 0; d < n; d++) {
        long long lo = off[d], c = off[d + 1] - lo;
        if (c != g->roff[d + 1] - g->roff[d]) {
            fprintf(stderr, "bcr_simulate: rank %d receives %lld messages, %lld are sent to it\n",
                    d, c, g->roff[d + 1] - g->roff[d]);
            return -1;
        }
        for (long long k = 0; k < c; k++) {
            long long m = sim_graph_find(g, rcv->peer[lo + k], d);
            if (m < 0 || g->bytes[m] != rcv->bytes[lo + k]) {
                fprintf(stderr, "bcr_simulate: rank %d receives %lld bytes from %d, %lld are sent\n",
                        d, rcv->bytes[lo + k], rcv->peer[lo + k], m < 0 ? 0 : g->bytes[m]);
                return -1;
            }
        }
    }
    return 0;
}

int sim_graph_build(sim_graph *g, const sim_problem *pb)
{
    memset(g, 0, sizeof *g);
    int n = sim_nranks(pb), na = pb->P0 * pb->Q0, nbr = pb->P1 * pb->Q1;
    g->nranks = n;
    int *map_a = malloc((size_t)na * sizeof *map_a), *map_b = malloc((size_t)nbr * sizeof *map_b);
    int *inv_a = malloc((size_t)n * sizeof *inv_a), *inv_b = malloc((size_t)n * sizeof *inv_b);
    g->soff = calloc((size_t)n + 1, sizeof *g->soff);
    g->self_bytes = calloc((size_t)n, sizeof *g->self_bytes);
    long long *roff_plan = calloc((size_t)n + 1, sizeof *roff_plan);
    pairs snd = {0, 0, NULL, NULL}, rcv = {0, 0, NULL, NULL};
    keyed *tmp = NULL;
    long long tmpcap = 0;
    int rc = -1;
    if (!map_a || !map_b || !inv_a || !inv_b || !g->soff || !g->self_bytes || !roff_plan)
        goto out;
    for (int r = 0; r < n; r++)
        inv_a[r] = inv_b[r] = -1;
    for (int k = 0; k < na; k++)
        inv_a[map_a[k] = k] = k;
    for (int i = 0; i < pb->P1; i++)
        for (int j = 0; j < pb->Q1; j++) {
            map_b[i * pb->Q1 + j] = sim_rank_b(pb, i, j);
            inv_b[map_b[i * pb->Q1 + j]] = i * pb->Q1 + j;
        }
    bcr_options opt;
    bcr_options_read(&opt);
    opt.plan.datatypes = 0;        /* no MPI datatypes: nothing to free, no MPI calls */
    opt.plan.shm = BCR_SHM_OFF;    /* every message through the network */
    opt.plan.strategy = BCR_STRATEGY_DIRECT;
    opt.plan.max_bytes = 0;
    bcr_mask mk = {0, 0, 0, pb->M, pb->N};
    for (int r = 0; r < n; r++) {
        bcr_side A = side_of(pb->P0, pb->Q0, pb->M, pb->N, pb->mb_a, pb->nb_a, map_a, r, inv_a);
        bcr_side B = side_of(pb->P1, pb->Q1, pb->M, pb->N, pb->mb_b, pb->nb_b, map_b, r, inv_b);
        bcr_exchange ex;
        if (bcr_exchange_build(&ex, &A, &B, &mk, (size_t)pb->elsize, &opt.plan, r, n)) {
            fprintf(stderr, "bcr_simulate: planning rank %d failed\n", r);
            goto out;
        }
        for (int k = 0; k < ex.send.nparts; k++)
            if (ex.send.parts[k].count > 0 &&
                pairs_push(&snd, ex.send.parts[k].rank, ex.send.parts[k].count * pb->elsize))
                goto nomem;
        for (int k = 0; k < ex.recv.nparts; k++)
            if (ex.recv.parts[k].count > 0 &&
                pairs_push(&rcv, ex.recv.parts[k].rank, ex.recv.parts[k].count * pb->elsize))
                goto nomem;
        if (ex.send.has_self)
            g->self_bytes[r] = ex.send.self.count * pb->elsize;
        bcr_exchange_free(&ex);
        g->soff[r + 1] = snd.n;
        roff_plan[r + 1] = rcv.n;
        continue;
    nomem:
        bcr_exchange_free(&ex);
        fprintf(stderr, "bcr_simulate: out of memory\n");
        goto out;
    }
    g->nmsg = snd.n;
    g->dst = snd.peer;
    g->bytes = snd.bytes;
    snd.peer = NULL;
    snd.bytes = NULL;
    g->src = malloc((size_t)(g->nmsg ? g->nmsg : 1) * sizeof *g->src);
    if (!g->src)
        goto out;
    for (int s = 0; s < n; s++) {
        for (long long m = g->soff[s]; m < g->soff[s + 1]; m++)
            g->src[m] = s;
        if (order_sender(g, s, &tmp, &tmpcap))
            goto out;
    }
    if (transpose(g))
        goto out;
    rc = receives_agree(g, roff_plan, &rcv);
out:
    free(map_a);
    free(map_b);
    free(inv_a);
    free(inv_b);
    free(roff_plan);
    free(snd.peer);
    free(snd.bytes);
    free(rcv.peer);
    free(rcv.bytes);
    free(tmp);
    if (rc)
        sim_graph_free(g);
    return rc;
}

void sim_graph_free(sim_graph *g)
{
    free(g->soff);
    free(g->src);
    free(g->dst);
    free(g->bytes);
    free(g->roff);
    free(g->rmsg);
    free(g->self_bytes);
    memset(g, 0, sizeof *g);
}

long long sim_graph_find(const sim_graph *g, int s, int d)
{
    int want = sim_step(s, d, g->nranks);
    long long lo = g->soff[s], hi = g->soff[s + 1];
    while (lo < hi) {
        long long mid = lo + (hi - lo) / 2;
        int st = sim_step(s, g->dst[mid], g->nranks);
        if (st == want)
            return mid;
        if (st < want)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

void sim_graph_facts_of(const sim_graph *g, const sim_net *net, sim_graph_facts *f)
{
    int n = g->nranks, R = net->node_size > 0 ? net->node_size : 1;
    int nodes = (n + R - 1) / R;
    memset(f, 0, sizeof *f);
    f->rounds = n;
    char *step = calloc((size_t)n, 1), *round = calloc((size_t)n, 1);
    long long *out = calloc((size_t)nodes, sizeof *out);
    for (int s = 0; s < n; s++) {
        long long c = g->soff[s + 1] - g->soff[s];
        if (c > f->max_partners)
            f->max_partners = (int)c;
        c = g->roff[s + 1] - g->roff[s];
        if (c > f->max_partners)
            f->max_partners = (int)c;
    }
    if (step && round && out)
        for (long long m = 0; m < g->nmsg; m++) {
            int s = g->src[m], d = g->dst[m];
            step[sim_step(s, d, n)] = 1;
            round[sim_scalapack_round(s, d, n)] = 1;
            if (s / R != d / R)
                out[s / R] += g->bytes[m];
        }
    for (int k = 0; step && round && k < n; k++) {
        f->steps += step[k];
        f->rounds_used += round[k];
    }
    for (int k = 0; out && k < nodes; k++)
        if (out[k] > f->max_node_out)
            f->max_node_out = out[k];
    free(step);
    free(round);
    free(out);
}
