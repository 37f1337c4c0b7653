/* The ring cases of Souravlas, Margaris and Roumeliotis, "Array
 * redistribution algorithms for bidirectional processor rings" (message
 * combining, MC), and the paper's cost bound in the model's terms.
 *
 * A case: an array of N = k * L elements, L = lcm(n r, n s) its period,
 * CYCLIC(r) on n ring processors to CYCLIC(s) on the same n, one rank per
 * ring node, 8-byte elements; here a 1 x N matrix on 1 x n grids.
 *
 * The bound, with a = latency + overhead (a message's start-up), tau =
 * 1 / min(link, inject, eject) (seconds per byte over one ring link) and e
 * the element size:
 *   R+ (forming the target blocks, eqs. 10-11): r superclasses, each a
 *     chain of beta - 1 messages carrying C_V = the elements of a target
 *     block not on its generator (the processor holding its first element):
 *       T+ = r (beta - 1) a + r C_V k e tau;
 *   R- (sending the formed blocks, section 4.3): "at most 3 s a (n/4)^2",
 *     read as 3 (n/4)^2 messages in sequence, each a start-up and one
 *     block:
 *       T- = 3 (n/4)^2 (a + k s e tau).
 * beta is the most source blocks one target block spans, C_V the most
 * elements of one target block off its generator, both over one period.
 * The k periods travel in the same messages (one message per pair, as
 * bcredist and ScaLAPACK send), so they scale the transmission terms and
 * not the start-ups. */
#include <stdio.h>

#include "sim.h"

/* Figure 1 of the paper has r = 4 superclasses of beta = 4 classes: s = 4r
 * with aligned blocks, CYCLIC(4) -> CYCLIC(16).  The reverse (beta = 1: no
 * R+) and an unaligned pair (beta = 2) beside it; rings of 8 (the eight
 * nodes the paper's figures name), 64 and 256 nodes, n a multiple of 4 for
 * the quadrants; one period (start-ups dominate) and about 1 MiB per rank
 * (transmission dominates). */
static const sim_ring_case cases[] = {
    {"4->16", 8, 4, 16, 1},    {"4->16", 64, 4, 16, 1},    {"4->16", 256, 4, 16, 1},
    {"16->4", 8, 16, 4, 1},    {"16->4", 64, 16, 4, 1},    {"16->4", 256, 16, 4, 1},
    {"4->6", 8, 4, 6, 1},      {"4->6", 64, 4, 6, 1},      {"4->6", 256, 4, 6, 1},
    {"4->16", 8, 4, 16, 0},    {"4->16", 64, 4, 16, 0},    {"4->16", 256, 4, 16, 0},
    {"16->4", 8, 16, 4, 0},    {"16->4", 64, 16, 4, 0},    {"16->4", 256, 16, 4, 0},
    {"4->6", 8, 4, 6, 0},      {"4->6", 64, 4, 6, 0},      {"4->6", 256, 4, 6, 0},
};

int sim_ring_cases(const sim_ring_case **out)
{
    *out = cases;
    return (int)(sizeof cases / sizeof *cases);
}

static long long gcd_ll(long long a, long long b)
{
    while (b) {
        long long t = a % b;
        a = b;
        b = t;
    }
    return a;
}

long long sim_ring_period(const sim_ring_case *c)
{
    long long a = (long long)c->n * c->r, b = (long long)c->n * c->s;
    return a / gcd_ll(a, b) * b;
}

/* periods 0: about 1 MiB of 8-byte elements per rank. */
long long sim_ring_periods(const sim_ring_case *c)
{
    long long per_rank = sim_ring_period(c) / c->n;
    long long k = c->periods > 0 ? c->periods : (1LL << 20) / 8 / per_rank;
    return k > 0 ? k : 1;
}

void sim_ring_problem(const sim_ring_case *c, sim_problem *pb)
{
    sim_problem p = {1, c->n, 1, c->n, 1, (int)(sim_ring_periods(c) * sim_ring_period(c)),
                     1, c->r, 1, c->s, 8, 0, NULL};
    *pb = p;
}

void sim_ring_bound(const sim_ring_case *c, const sim_net *net, int elsize, sim_bound *b)
{
    long long L = sim_ring_period(c), k = sim_ring_periods(c);
    int beta = 1;
    long long cv = 0;
    for (long long first = 0; first < L; first += c->s) {
        long long last = first + c->s - 1;
        int spans = (int)(last / c->r - first / c->r + 1);
        long long on_generator = c->r - first % c->r;
        long long off = c->s > on_generator ? c->s - on_generator : 0;
        if (spans > beta)
            beta = spans;
        if (off > cv)
            cv = off;
    }
    double rate = net->link;
    if (net->inject < rate)
        rate = net->inject;
    if (net->eject < rate)
        rate = net->eject;
    double a = net->latency + net->overhead, tau = 1.0 / rate, q = c->n / 4.0;
    b->beta = beta;
    b->cv = cv;
    b->plus = c->r * (beta - 1) * a + (double)c->r * (double)cv * (double)k * elsize * tau;
    b->minus = 3 * q * q * (a + (double)k * c->s * elsize * tau);
}

double sim_ring_floor(const sim_graph *g, const sim_net *net)
{
    int n = g->nranks;
    double most = 0;
    /* The link between ring nodes j and j+1, each way: a message takes the
     * shorter way round, clockwise (j -> j+1) on a tie, as sim_network.c
     * routes; clockwise from src it crosses the links src .. dst-1,
     * anticlockwise the links dst .. src-1. */
    for (int dir = 0; dir < 2; dir++)
        for (int link = 0; link < n; link++) {
            double bytes = 0;
            for (long long m = 0; m < g->nmsg; m++) {
                int d = sim_step(g->src[m], g->dst[m], n);
                int cw = d <= n - d;
                if (cw != (dir == 0))
                    continue;
                int from = cw ? g->src[m] : g->dst[m], hops = cw ? d : n - d;
                if (sim_step(from, link, n) < hops)
                    bytes += (double)g->bytes[m];
            }
            if (bytes / net->link > most)
                most = bytes / net->link;
        }
    /* Each node's injection and ejection. */
    for (int r = 0; r < n; r++) {
        double out = 0, in = 0;
        for (long long m = g->soff[r]; m < g->soff[r + 1]; m++)
            out += (double)g->bytes[m];
        for (long long i = g->roff[r]; i < g->roff[r + 1]; i++)
            in += (double)g->bytes[g->rmsg[i]];
        if (out / net->inject > most)
            most = out / net->inject;
        if (in / net->eject > most)
            most = in / net->eject;
    }
    return most;
}
