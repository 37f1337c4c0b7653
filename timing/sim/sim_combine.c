/* The messages of the combine schedule (exec/run_combine.c) for one
 * redistribution's graph.
 *
 * The members are ranks 0 .. n-1 (A's ranks and B's both start at 0, so
 * their union in ascending rank is every rank, and a rank is its own
 * place), in groups of g = bcr_combine_group_size(n) consecutive ranks,
 * the library's own function, the last group smaller.  For a target q
 * outside a group of size z starting at rank f, the group's relay is
 * f + bcr_combine_relay(q, z), the library's own rule.  Sender p, member i
 * of its group, posts in this order:
 *   direct   to each other member r it has bytes for, ascending r;
 *   then for each other member j ascending that relays some target:
 *   header   8 bytes per target j relays (every one, empty pieces too),
 *   pieces   when p has bytes for any of them: their sum, one message;
 *   relayed  later, as relay: to each of its targets q ascending, the
 *            group's bytes for q (its own among them), when not zero.
 * Receiver q posts at the start the headers (ascending member), then one
 * receive per other group with bytes for it (ascending group, from that
 * group's relay for q), then the direct ones (ascending source), and once
 * the headers are in, the pieces (ascending member).  A pieces
 * message and a relayed one are sums of the graph's per-pair bytes, as
 * every piece is one part of the plan.  The run_combine.c protocol also
 * splits messages over 1 GiB into several; that is not done here. */
#include <stdlib.h>
#include <string.h>

#include "exec/run_combine.h"
#include "sim.h"

/* The messages as they are made, in sender order. */
typedef struct {
    long long n, cap;
    int *src, *dst;
    long long *bytes;
    unsigned char *kind;
    int *npieces;
} msgs;

static int push(msgs *m, int s, int d, long long b, int kind)
{
    if (m->n == m->cap) {
        long long cap = m->cap ? 2 * m->cap : 4096;
        int *ns = realloc(m->src, (size_t)cap * sizeof *ns);
        if (!ns)
            return -1;
        m->src = ns;
        int *nd = realloc(m->dst, (size_t)cap * sizeof *nd);
        if (!nd)
            return -1;
        m->dst = nd;
        long long *nb = realloc(m->bytes, (size_t)cap * sizeof *nb);
        if (!nb)
            return -1;
        m->bytes = nb;
        unsigned char *nk = realloc(m->kind, (size_t)cap * sizeof *nk);
        if (!nk)
            return -1;
        m->kind = nk;
        int *np = realloc(m->npieces, (size_t)cap * sizeof *np);
        if (!np)
            return -1;
        m->npieces = np;
        m->cap = cap;
    }
    m->src[m->n] = s;
    m->dst[m->n] = d;
    m->bytes[m->n] = b;
    m->npieces[m->n] = 0;
    m->kind[m->n++] = (unsigned char)kind;
    return 0;
}

/* Sender p's messages (see the header comment); acc[q] holds the
 * group's bytes for each q and accn[q] the senders of them, nt[j] the
 * targets member j relays, and direct / pieces are scratch of the
 * group's size. */
static int sender(sim_combined *c, msgs *m, const sim_graph *g, int p, int f, int z,
                  const long long *acc, const int *accn, const int *nt, long long *direct,
                  long long *pieces)
{
    int n = g->nranks, i = p - f;
    long long before = m->n;
    memset(direct, 0, (size_t)z * sizeof *direct);
    memset(pieces, 0, (size_t)z * sizeof *pieces);
    for (long long k = g->soff[p]; k < g->soff[p + 1]; k++) {
        int q = g->dst[k];
        if (q >= f && q < f + z)
            direct[q - f] = g->bytes[k];
        else
            pieces[bcr_combine_relay(q, z)] += g->bytes[k];
    }
    for (int j = 0; j < z; j++)
        if (direct[j] > 0 && push(m, p, f + j, direct[j], SIM_CM_DIRECT))
            return -1;
    for (int j = 0; j < z; j++) {
        if (j == i || nt[j] == 0)
            continue;
        if (push(m, p, f + j, 8LL * nt[j], SIM_CM_HEADER))
            return -1;
        if (pieces[j] > 0 && push(m, p, f + j, pieces[j], SIM_CM_PIECES))
            return -1;
    }
    c->nfirst[p] = (int)(m->n - before);
    c->relays[p] = nt[i] > 0;
    c->nheaders[p] = nt[i] > 0 ? z - 1 : 0;
    for (int q = 0; q < n; q++)
        if ((q < f || q >= f + z) && bcr_combine_relay(q, z) == i && acc[q] > 0) {
            if (push(m, p, q, acc[q], SIM_CM_RELAYED))
                return -1;
            m->npieces[m->n - 1] = accn[q];
            c->copied[p] += acc[q];
        }
    return 0;
}

typedef struct {
    long long key, id;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

/* Each receiver's messages in the order it posts their receives. */
static int index_receivers(sim_combined *c)
{
    sim_graph *g = &c->g;
    int n = g->nranks;
    g->roff = calloc((size_t)n + 1, sizeof *g->roff);
    g->rmsg = malloc((size_t)(g->nmsg ? g->nmsg : 1) * sizeof *g->rmsg);
    keyed *tmp = malloc((size_t)(g->nmsg ? g->nmsg : 1) * sizeof *tmp);
    long long *fill = calloc((size_t)n, sizeof *fill);
    if (!g->roff || !g->rmsg || !tmp || !fill) {
        free(tmp);
        free(fill);
        return -1;
    }
    for (long long k = 0; k < g->nmsg; k++)
        g->roff[g->dst[k] + 1]++;
    for (int d = 0; d < n; d++)
        g->roff[d + 1] += g->roff[d];
    for (long long k = 0; k < g->nmsg; k++) {
        int s = g->src[k];
        long long key = c->kind[k] == SIM_CM_HEADER    ? s
                        : c->kind[k] == SIM_CM_RELAYED ? (long long)n + s / c->group
                        : c->kind[k] == SIM_CM_DIRECT  ? 2LL * n + s
                                                       : 3LL * n + s;
        long long at = g->roff[g->dst[k]] + fill[g->dst[k]]++;
        tmp[at] = (keyed){key, k};
    }
    for (int d = 0; d < n; d++) {
        long long lo = g->roff[d], hi = g->roff[d + 1];
        qsort(tmp + lo, (size_t)(hi - lo), sizeof *tmp, cmp_keyed);
        c->nrecv0[d] = 0;
        for (long long k = lo; k < hi; k++) {
            g->rmsg[k] = tmp[k].id;
            if (c->kind[tmp[k].id] != SIM_CM_PIECES)
                c->nrecv0[d]++;
        }
    }
    free(tmp);
    free(fill);
    return 0;
}

int sim_combine_build(sim_combined *c, const sim_graph *g)
{
    memset(c, 0, sizeof *c);
    int n = g->nranks, G = bcr_combine_group_size(n);
    c->group = G;
    c->g.nranks = n;
    c->g.soff = calloc((size_t)n + 1, sizeof *c->g.soff);
    c->nfirst = calloc((size_t)n, sizeof *c->nfirst);
    c->nrecv0 = calloc((size_t)n, sizeof *c->nrecv0);
    c->nheaders = calloc((size_t)n, sizeof *c->nheaders);
    c->relays = calloc((size_t)n, 1);
    c->copied = calloc((size_t)n, sizeof *c->copied);
    long long *acc = calloc((size_t)n, sizeof *acc);
    int *accn = calloc((size_t)n, sizeof *accn);
    long long *direct = malloc((size_t)G * sizeof *direct);
    long long *pieces = malloc((size_t)G * sizeof *pieces);
    int *nt = malloc((size_t)G * sizeof *nt);
    msgs m = {0, 0, NULL, NULL, NULL, NULL, NULL};
    int rc = -1;
    if (!c->g.soff || !c->nfirst || !c->nrecv0 || !c->nheaders || !c->relays || !c->copied ||
        !acc || !accn || !direct || !pieces || !nt)
        goto out;
    for (int f = 0; f < n; f += G) {
        int z = n - f < G ? n - f : G;
        memset(nt, 0, (size_t)z * sizeof *nt);
        for (int q = 0; q < n; q++)
            if (q < f || q >= f + z)
                nt[bcr_combine_relay(q, z)]++;
        memset(acc, 0, (size_t)n * sizeof *acc);
        memset(accn, 0, (size_t)n * sizeof *accn);
        for (int s = f; s < f + z; s++)
            for (long long k = g->soff[s]; k < g->soff[s + 1]; k++) {
                acc[g->dst[k]] += g->bytes[k];
                accn[g->dst[k]]++;
            }
        for (int p = f; p < f + z; p++) {
            if (sender(c, &m, g, p, f, z, acc, accn, nt, direct, pieces))
                goto out;
            c->g.soff[p + 1] = m.n;
        }
    }
    c->g.nmsg = m.n;
    c->g.src = m.src;
    c->g.dst = m.dst;
    c->g.bytes = m.bytes;
    c->kind = m.kind;
    c->npieces = m.npieces;
    m.src = m.dst = NULL;
    m.bytes = NULL;
    m.kind = NULL;
    m.npieces = NULL;
    rc = index_receivers(c);
out:
    free(acc);
    free(accn);
    free(direct);
    free(pieces);
    free(nt);
    free(m.src);
    free(m.dst);
    free(m.bytes);
    free(m.kind);
    free(m.npieces);
    if (rc)
        sim_combine_free(c);
    return rc;
}

void sim_combine_free(sim_combined *c)
{
    sim_graph_free(&c->g);
    free(c->kind);
    free(c->nfirst);
    free(c->nrecv0);
    free(c->nheaders);
    free(c->relays);
    free(c->copied);
    free(c->npieces);
    memset(c, 0, sizeof *c);
}
