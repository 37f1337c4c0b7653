/* --check of combine's messages (sim_combine.c) against the rule of
 * exec/run_combine.h, worked out here again from the graph, pair by pair,
 * for the small graphs of --check (dense n x n tables):
 *   - groups of G consecutive ranks, G the least with G * G >= n (found
 *     here from the square root), the last group smaller; the relay in
 *     the group (first f, size z) of target q outside it is
 *     f + (q + q / z) mod z (relay_at, written here again);
 *   - a message within a group goes directly with the graph's bytes;
 *   - the pieces message s -> m carries the graph's bytes from s to every
 *     target m relays; the header s -> m is 8 bytes per target m relays,
 *     sent when m relays any;
 *   - the relayed message from group F's relay to q carries what F's
 *     members send q in the graph; with the direct ones, every byte the
 *     graph sends q arrives exactly once (checked as a sum per target);
 *   - a relayed message counts as many pieces as its group's members
 *     that send its target anything (the relay's copies);
 *   - no message of one kind twice between two processes, and each
 *     process sends and receives as many messages as the rule gives.
 * Each fault is named on stderr (the first few). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

/* The relay for target q of the group of size z from rank f. */
static int relay_at(int f, int z, int q) { return f + (q + q / z) % z; }

static int group_size(int n)
{
    int g = (int)sqrt((double)n);
    while (g * g < n)
        g++;
    while (g > 1 && (g - 1) * (g - 1) >= n)
        g--;
    return g;
}

static const char *const kind_name[4] = {"direct", "header", "pieces", "relayed"};

static int fault(int *bad, const char *what, int kind, int s, int d, long long got, long long want)
{
    if ((*bad)++ < 5)
        fprintf(stderr, "  combine %s %d -> %d: %s %lld, rule %lld\n", kind_name[kind], s, d,
                what, got, want);
    return 1;
}

int sim_check_combine(const sim_graph *g, const sim_combined *c)
{
    int n = g->nranks, G = group_size(n), bad = 0;
    size_t nn = (size_t)n * (size_t)n;
    long long *pair = calloc(nn, sizeof *pair);
    long long *want = calloc(4 * nn, sizeof *want), *got = calloc(4 * nn, sizeof *got);
    int *seen = calloc(4 * nn, sizeof *seen), *npieces = calloc(nn, sizeof *npieces);
    if (!pair || !want || !got || !seen || !npieces) {
        fprintf(stderr, "  combine check: out of memory\n");
        bad = 1;
        goto out;
    }
    if (c->group != G)
        fault(&bad, "group size", 0, n, n, c->group, G);
    for (int s = 0; s < n; s++)
        for (long long k = g->soff[s]; k < g->soff[s + 1]; k++)
            pair[(size_t)s * n + g->dst[k]] += g->bytes[k];
    /* What the rule sends, per kind and pair. */
    for (int s = 0; s < n; s++) {
        int f = s / G * G, z = n - f < G ? n - f : G;
        for (int q = 0; q < n; q++) {
            long long b = pair[(size_t)s * n + q];
            if (q == s || b == 0)
                continue;
            if (q >= f && q < f + z) {
                want[SIM_CM_DIRECT * nn + (size_t)s * n + q] = b;
            } else {
                int m = relay_at(f, z, q); /* its own relayed pieces s keeps */
                if (m != s)
                    want[SIM_CM_PIECES * nn + (size_t)s * n + m] += b;
                want[SIM_CM_RELAYED * nn + (size_t)m * n + q] += b;
            }
        }
        for (int m = f; m < f + z; m++) {
            int targets = 0;
            for (int q = 0; q < n; q++)
                targets += (q < f || q >= f + z) && relay_at(f, z, q) == m;
            if (m != s && targets)
                want[SIM_CM_HEADER * nn + (size_t)s * n + m] = 8LL * targets;
        }
    }
    /* What the combine graph sends. */
    for (long long k = 0; k < c->g.nmsg; k++) {
        int kind = c->kind[k], s = c->g.src[k], d = c->g.dst[k];
        size_t at = (size_t)kind * nn + (size_t)s * n + d;
        if (seen[at]++)
            fault(&bad, "messages", kind, s, d, seen[at], 1);
        got[at] += c->g.bytes[k];
        if (kind == SIM_CM_RELAYED)
            npieces[(size_t)s * n + d] = c->npieces[k];
    }
    for (int kind = 0; kind < 4; kind++)
        for (int s = 0; s < n; s++)
            for (int d = 0; d < n; d++) {
                size_t at = (size_t)kind * nn + (size_t)s * n + d;
                if (got[at] != want[at])
                    fault(&bad, "bytes", kind, s, d, got[at], want[at]);
            }
    /* Every byte to q exactly once: per source group, the relayed message
     * against the graph's bytes from that group's members. */
    for (int q = 0; q < n; q++) {
        long long in = 0, sent = 0;
        for (int f = 0; f < n; f += G) {
            int z = n - f < G ? n - f : G;
            long long from = 0;
            int senders = 0;
            for (int s = f; s < f + z; s++) {
                from += s == q ? 0 : pair[(size_t)s * n + q];
                senders += s != q && pair[(size_t)s * n + q] > 0;
            }
            sent += from;
            if (q >= f && q < f + z) {
                for (int s = f; s < f + z; s++)
                    in += got[SIM_CM_DIRECT * nn + (size_t)s * n + q];
            } else {
                long long r = got[SIM_CM_RELAYED * nn + (size_t)relay_at(f, z, q) * n + q];
                in += r;
                if (r != from)
                    fault(&bad, "bytes from group", SIM_CM_RELAYED, f, q, r, from);
                int np = npieces[(size_t)relay_at(f, z, q) * n + q];
                if (np != senders)
                    fault(&bad, "pieces from group", SIM_CM_RELAYED, f, q, np, senders);
            }
        }
        if (in != sent)
            fault(&bad, "bytes in", SIM_CM_DIRECT, -1, q, in, sent);
    }
    /* Messages per process: the rule's count. */
    for (int p = 0; p < n; p++) {
        long long ns = 0, nr = 0;
        for (int kind = 0; kind < 4; kind++)
            for (int d = 0; d < n; d++) {
                ns += want[(size_t)kind * nn + (size_t)p * n + d] > 0;
                nr += want[(size_t)kind * nn + (size_t)d * n + p] > 0;
            }
        long long cs = c->g.soff[p + 1] - c->g.soff[p], cr = c->g.roff[p + 1] - c->g.roff[p];
        if (cs != ns)
            fault(&bad, "sends of process", SIM_CM_DIRECT, p, -1, cs, ns);
        if (cr != nr)
            fault(&bad, "receives of process", SIM_CM_DIRECT, -1, p, cr, nr);
    }
out:
    free(pair);
    free(want);
    free(got);
    free(seen);
    free(npieces);
    return bad;
}
