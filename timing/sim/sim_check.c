/* --check: the simulator against what it must reproduce.
 *
 * For random small problems (1 to 16 ranks per grid, random shapes, block
 * sizes, matrix sizes, element sizes and B orders):
 *   - the graph's bytes between every pair of ranks, and what stays on each
 *     rank, equal a count made element by element from the block-cyclic
 *     owner formula, written here apart from the planner; the total is
 *     M * N * elsize;
 *   - every schedule's replay completes every message exactly once (no
 *     message posted twice at one end);
 *   - under steps no process has two messages of one direction
 *     outstanding (the graph holds at most one message per pair, so one
 *     send and one receive per step), under bounded never more than
 *     `inflight`;
 *   - combine's messages follow the rule (sim_check_combine.c) and its
 *     replay completes each of them exactly once.
 * A failure prints the configuration and what differs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim.h"

static unsigned next_rand(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return (*s >> 16) & 0x7fff;
}

static int pick(unsigned *s, int lo, int hi)
{
    return lo + (int)(next_rand(s) % (unsigned)(hi - lo + 1));
}

/* A grid of at most 16 processes. */
static void random_grid(unsigned *s, int *P, int *Q)
{
    *P = pick(s, 1, 4);
    *Q = pick(s, 1, 16 / *P);
}

/* Bytes from rank a to rank b, element by element: element (i, j) is on
 * A's process ((i / mb_a) mod P0, (j / nb_a) mod Q0), rank row * Q0 + col,
 * and goes to B's process ((i / mb_b) mod P1, (j / nb_b) mod Q1). */
static void count_elements(const sim_problem *pb, long long *pair)
{
    int n = sim_nranks(pb);
    memset(pair, 0, (size_t)n * (size_t)n * sizeof *pair);
    for (int j = 0; j < pb->N; j++)
        for (int i = 0; i < pb->M; i++) {
            int a = ((i / pb->mb_a) % pb->P0) * pb->Q0 + (j / pb->nb_a) % pb->Q0;
            int br = (i / pb->mb_b) % pb->P1, bc = (j / pb->nb_b) % pb->Q1;
            int b = pb->b_col ? bc * pb->P1 + br : br * pb->Q1 + bc;
            pair[(long long)a * n + b] += pb->elsize;
        }
}

static void print_problem(const sim_problem *pb)
{
    fprintf(stderr, "  A %dx%d blocks %dx%d, B %dx%d blocks %dx%d %s, %dx%d, elsize %d\n", pb->P0,
            pb->Q0, pb->mb_a, pb->nb_a, pb->P1, pb->Q1, pb->mb_b, pb->nb_b,
            pb->b_col ? "column-major" : "row-major", pb->M, pb->N, pb->elsize);
}

static int check_graph(const sim_graph *g, const sim_problem *pb, long long *pair)
{
    int n = g->nranks, bad = 0;
    count_elements(pb, pair);
    long long total = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++) {
            long long want = pair[(long long)a * n + b], got;
            if (a == b) {
                got = g->self_bytes[a];
            } else {
                long long m = sim_graph_find(g, a, b);
                got = m < 0 ? 0 : g->bytes[m];
            }
            total += got;
            if (got != want && bad++ < 5)
                fprintf(stderr, "  %d -> %d: graph %lld bytes, element count %lld\n", a, b, got,
                        want);
        }
    if (total != (long long)pb->M * pb->N * pb->elsize && bad++ < 5)
        fprintf(stderr, "  total %lld bytes, matrix %lld\n", total,
                (long long)pb->M * pb->N * pb->elsize);
    return bad;
}

static int check_replays(const sim_graph *g, const sim_net *net, int inflight)
{
    int bad = 0;
    for (int w = 0; w < SIM_NSCHED; w++) {
        sim_stats st;
        if (sim_replay(g, net, w, inflight, &st, NULL)) {
            fprintf(stderr, "  %s: out of memory\n", sim_schedule_names[w]);
            return 1;
        }
        int limit = w == SIM_BOUNDED ? inflight : w == SIM_STEPS ? 1 : -1;
        long long want = w == SIM_COMBINE ? st.messages : g->nmsg;
        if (st.delivered != want || st.errors) {
            fprintf(stderr, "  %s: %lld of %lld messages delivered, %lld errors\n",
                    sim_schedule_names[w], st.delivered, want, st.errors);
            bad++;
        }
        if (limit > 0 && st.max_out > limit) {
            fprintf(stderr, "  %s: %d messages outstanding, at most %d allowed\n",
                    sim_schedule_names[w], st.max_out, limit);
            bad++;
        }
        if (want && !(st.time > 0)) {
            fprintf(stderr, "  %s: time %g\n", sim_schedule_names[w], st.time);
            bad++;
        }
    }
    sim_combined c;
    if (sim_combine_build(&c, g)) {
        fprintf(stderr, "  combine: out of memory\n");
        return bad + 1;
    }
    bad += sim_check_combine(g, &c);
    sim_combine_free(&c);
    return bad;
}

int sim_check(int count, unsigned seed)
{
    unsigned s = seed;
    long long *pair = malloc(32 * 32 * sizeof *pair);
    int failed = 0;
    long long messages = 0;
    for (int k = 0; k < count && pair; k++) {
        sim_problem pb;
        memset(&pb, 0, sizeof pb);
        random_grid(&s, &pb.P0, &pb.Q0);
        random_grid(&s, &pb.P1, &pb.Q1);
        pb.M = pick(&s, 1, 60);
        pb.N = pick(&s, 1, 60);
        pb.mb_a = pick(&s, 1, 9);
        pb.nb_a = pick(&s, 1, 9);
        pb.mb_b = pick(&s, 1, 9);
        pb.nb_b = pick(&s, 1, 9);
        static const int sizes[] = {4, 8, 16};
        pb.elsize = sizes[pick(&s, 0, 2)];
        pb.b_col = pick(&s, 0, 1);
        sim_net net = {1e-6 * pick(&s, 0, 3), 1e-6 * pick(&s, 0, 2), 1e9, 1.5e9, 4e9, 2e9,
                       pick(&s, 1, 4), pick(&s, 0, 2), 0, 0, 0, 0};
        net.match = k % 2 ? 1e-7 : 0; /* every other one with matching */
        net.copy = 1e9 * (1 + k % 8); /* not drawn: the configurations stay those of before */
        net.copy_piece = k % 3 ? 1e-8 : 0;
        int inflight = pick(&s, 1, 3);
        sim_graph g;
        if (sim_graph_build(&g, &pb)) {
            fprintf(stderr, "configuration %d: graph not built\n", k);
            print_problem(&pb);
            failed++;
            continue;
        }
        int bad = check_graph(&g, &pb, pair) + check_replays(&g, &net, inflight);
        if (bad) {
            fprintf(stderr, "configuration %d failed (node size %d, %s topology, inflight %d):\n",
                    k, net.node_size, sim_topology_name(net.topology),
                    inflight);
            print_problem(&pb);
            failed++;
        }
        messages += g.nmsg;
        sim_graph_free(&g);
    }
    free(pair);
    printf("bcr_simulate --check: %d configurations, %lld messages, %d failed\n", count, messages,
           failed);
    return failed ? 1 : 0;
}
