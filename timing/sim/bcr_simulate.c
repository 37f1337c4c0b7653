/* bcr_simulate: predicted times of bcredist's schedules and of
 * ScaLAPACK's pdgemr2d rounds on a cluster network model (sim.h lists the
 * pieces, sim_network.c states the model).
 *
 *   bcr_simulate --grid-a P0xQ0 --grid-b P1xQ1 --m M --n N
 *                [--mb-a B --nb-a B --mb-b B --nb-b B] [--elsize 8]
 *                [--numbering-b row|col] [--node-size 32] [--inflight W]
 *                [--latency S --overhead S --match S --inject B/S --eject B/S
 *                 --intra B/S --link B/S --copy B/S --copy-piece S]
 *                [--topology full|ring|torus|bus] [--bus B/S]
 *                [--schedule all|bounded|steps|scalapack|choose|combine|every]
 *   bcr_simulate --standard RANKS [--case NAME]  (a square number: the
 *                standard shapes, or the one named)
 *   bcr_simulate --relabel RANKS  (a square number: the standard shapes
 *                into B as it is and relabelled by bcr_relabel, bytes and
 *                modelled times)
 *   bcr_simulate --souravlas [--case NAME]  (the paper's ring cases
 *                against its bound, sim_souravlas.c; always --topology ring
 *                --node-size 1; NAME "4->16", "1 MiB" or "4->16 1 MiB")
 *   --csv FILE with --standard or --souravlas: one row per case and
 *                schedule
 *   bcr_simulate --check [COUNT [SEED]]
 *
 * Network defaults: an InfiniBand-class cluster, to be calibrated:
 * latency 1.5 us, overhead 0.5 us per message, matching 10 ns per queue
 * entry searched (bcr_match_cost measured 6 to 18 ns here at thousands of
 * entries, sim_network.c), 12 GB/s injection and
 * ejection per node, 20 GB/s within a node, 12 GB/s per ring/torus link,
 * 32 ranks per node; a combine relay copies at 20 GB/s / 32 ranks per node
 * (--copy 0, sim_combine_replay.c) and nothing per piece (--copy-piece 0). */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bcredist.h"
#include "cyclic_layout.h"
#include "exec/run_combine.h"
#include "plan/schedule.h"
#include "sim.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int parse_grid(const char *s, int *P, int *Q)
{
    return sscanf(s, "%dx%d", P, Q) == 2 && *P > 0 && *Q > 0 ? 0 : -1;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: bcr_simulate --grid-a P0xQ0 --grid-b P1xQ1 --m M --n N [--mb-a B] [--nb-a B]\n"
            "         [--mb-b B] [--nb-b B] [--elsize BYTES] [--numbering-b row|col]\n"
            "         [--node-size R] [--inflight W] [--latency S] [--overhead S] [--match S]\n"
            "         [--inject B/S] [--eject B/S] [--intra B/S] [--link B/S] [--copy B/S]\n"
            "         [--copy-piece S]\n"
            "         [--topology full|ring|torus|bus] [--bus B/S]\n"
            "         [--schedule all|bounded|steps|scalapack|choose|combine|every]\n"
            "       bcr_simulate --standard RANKS [--case NAME] [--csv FILE] [network options]\n"
            "       bcr_simulate --relabel RANKS [network options]\n"
            "       bcr_simulate --souravlas [--case NAME] [--csv FILE] [network options]\n"
            "       bcr_simulate --check [COUNT [SEED]]\n");
}

/* Every schedule's replay of one graph. */
typedef struct {
    sim_stats st[SIM_NSCHED];
    int done[SIM_NSCHED];
    int same_as[SIM_NSCHED]; /* replay skipped: identical to this one's, or -1 */
    int chosen[3];
    sim_graph_facts f;
    double graph_s, replay_s;
    long long nmsg, bytes; /* messages between processes and their bytes */
} sim_result;

static int simulate(const sim_problem *pb, const sim_net *net, int inflight, int only,
                    sim_result *res)
{
    memset(res, 0, sizeof *res);
    sim_graph g;
    double t0 = now_s();
    if (sim_graph_build(&g, pb))
        return -1;
    res->graph_s = now_s() - t0;
    res->nmsg = g.nmsg;
    for (long long k = 0; k < g.nmsg; k++)
        res->bytes += g.bytes[k];
    sim_graph_facts_of(&g, net, &res->f);
    sim_choose_counts(&g, inflight, res->chosen);
    int W = inflight > 0 ? inflight : BCR_INFLIGHT_DEFAULT;
    t0 = now_s();
    for (int w = 0; w < SIM_NSCHED; w++) {
        res->same_as[w] = -1;
        if (only >= 0 && w != only && w != SIM_SCALAPACK)
            continue;
        /* Replays that are the same by the rules are not run twice: bounded
         * with room for every process's messages posts them all at once,
         * and choose giving every process one kind is that kind. */
        int same = -1;
        if (w == SIM_BOUNDED && W >= res->f.max_partners)
            same = SIM_ALL;
        for (int k = 0; w == SIM_CHOOSE && k < 3; k++)
            if (res->chosen[k] == g.nranks)
                same = k == 0 ? SIM_ALL : k == 1 ? SIM_BOUNDED : SIM_STEPS;
        if (same >= 0 && res->done[same]) {
            res->st[w] = res->st[same];
            res->same_as[w] = same;
            res->done[w] = 1;
            continue;
        }
        if (sim_replay(&g, net, w, inflight, &res->st[w], w == SIM_CHOOSE ? res->chosen : NULL)) {
            sim_graph_free(&g);
            return -1;
        }
        res->done[w] = 1;
    }
    res->replay_s = now_s() - t0;
    sim_graph_free(&g);
    return 0;
}

static const char *chosen_text(const int chosen[3], char *buf, size_t len)
{
    static const char *const names[3] = {"all", "bounded", "steps"};
    buf[0] = 0;
    for (int k = 0; k < 3; k++)
        if (chosen[k]) {
            size_t used = strlen(buf);
            snprintf(buf + used, len - used, "%s%s %d", used ? ", " : "", names[k], chosen[k]);
        }
    return buf;
}

/* --csv: case,ranks,schedule,time_s,over_scalapack,steps,max_out,
 * per_process,bound_s,floor_s; bound_s and floor_s only for the ring cases
 * (0 elsewhere). */
static void csv_header(FILE *csv)
{
    if (csv)
        fprintf(csv, "case,ranks,schedule,time_s,over_scalapack,steps,max_out,per_process,"
                     "bound_s,floor_s\n");
}

static void csv_rows(FILE *csv, const char *name, int ranks, const sim_result *r, double bound,
                     double floor_s)
{
    if (!csv)
        return;
    double ref = r->st[SIM_SCALAPACK].time;
    for (int w = 0; w < SIM_NSCHED; w++) {
        if (!r->done[w])
            continue;
        const sim_stats *s = &r->st[w];
        int steps = w == SIM_SCALAPACK ? r->f.rounds : w == SIM_COMBINE ? 2 : r->f.steps;
        int per = s->max_sent > s->max_recvd ? s->max_sent : s->max_recvd;
        fprintf(csv, "%s,%d,%s,%.9g,%.6g,%d,%d,%d,%.9g,%.9g\n", name, ranks,
                sim_schedule_names[w], s->time, ref > 0 ? s->time / ref : 0.0, steps, s->max_out,
                per, bound, floor_s);
    }
    fflush(csv);
}

static void print_result(const sim_problem *pb, const sim_net *net, const sim_result *r)
{
    int n = sim_nranks(pb);
    printf("A %dx%d (%dx%d blocks), B %dx%d (%dx%d blocks, %s), %d x %d, %d-byte elements\n",
           pb->P0, pb->Q0, pb->mb_a, pb->nb_a, pb->P1, pb->Q1, pb->mb_b, pb->nb_b,
           pb->b_col ? "column-major" : "row-major", pb->M, pb->N, pb->elsize);
    printf("%d ranks, %d per node, %s; latency %.3g s, overhead %.3g s, match %.3g s/entry, "
           "inject %.3g B/s, eject %.3g B/s, intra %.3g B/s, copy %.3g B/s + %.3g s/piece\n",
           n, net->node_size,
           sim_topology_name(net->topology),
           net->latency, net->overhead, net->match, net->inject, net->eject, net->intra,
           net->copy > 0 ? net->copy : net->intra / net->node_size, net->copy_piece);
    if (net->topology == SIM_BUS)
        printf("bus %.3g B/s shared by every message between nodes\n", net->bus > 0 ? net->bus : net->link);
    printf("%lld messages, at most %d per process and direction, %d steps used; ScaLAPACK: %d "
           "rounds, %d with data; most bytes out of a node %.1f MB\n",
           r->nmsg, r->f.max_partners, r->f.steps, r->f.rounds, r->f.rounds_used,
           r->f.max_node_out / 1e6);
    printf("%-10s %12s %8s %8s %9s %12s %10s %9s\n", "schedule", "time ms", "steps", "max out",
           "per proc", "node out MB", "messages", "vs ScaL");
    double ref = r->done[SIM_SCALAPACK] ? r->st[SIM_SCALAPACK].time : 0;
    for (int w = 0; w < SIM_NSCHED; w++) {
        if (!r->done[w])
            continue;
        const sim_stats *s = &r->st[w];
        int steps = w == SIM_SCALAPACK ? r->f.rounds : w == SIM_COMBINE ? 2 : r->f.steps;
        int per = s->max_sent > s->max_recvd ? s->max_sent : s->max_recvd;
        printf("%-10s %12.4f %8d %8d %9d %12.1f %10lld %9.3f%s%s%s\n", sim_schedule_names[w],
               s->time * 1e3, steps, s->max_out, per, s->max_node_out / 1e6, s->delivered,
               ref > 0 ? s->time / ref : 0.0, s->errors ? "  ERRORS" : "",
               r->same_as[w] >= 0 ? "  = " : "",
               r->same_as[w] >= 0 ? sim_schedule_names[r->same_as[w]] : "");
    }
    if (r->done[SIM_COMBINE])
        printf("combine: groups of %d, most bytes one relay copies %.1f MB\n",
               bcr_combine_group_size(n), r->st[SIM_COMBINE].max_copied / 1e6);
    if (r->done[SIM_CHOOSE]) {
        char buf[96];
        printf("bcr_schedule_choose picks (processes): %s\n",
               chosen_text(r->chosen, buf, sizeof buf));
    }
    printf("graph %.2f s, replays %.2f s\n", r->graph_s, r->replay_s);
}

/* The standard shapes at G x G = ranks; only the one named when
 * only_case is not NULL. */
/* The standard shapes at G x G ranks: grids as multiples of G (A's rows
 * 2 G and columns G / 2 for the reshaping case).  Each rank holds about
 * 4 MiB of doubles (N = 724 G), or 1 MiB where B's blocks are 1 x 1 to
 * 4 x 4 (the small-message cases).  in_standard: listed by --standard
 * (the last one only by --relabel, where relabelling removes every
 * message). */
typedef struct {
    const char *name;
    int rows_a, cols_a, mb_a, mb_b, b_col, per_rank, in_standard;
} shape_case;

static const shape_case shape_cases[] = {
    {"64->48 col", 2, 2, 64, 48, 1, 724, 1}, {"64->48 row", 2, 2, 64, 48, 0, 724, 1},
    {"64->4 col", 2, 2, 64, 4, 1, 362, 1},   {"2GxG/2->GxG", 4, 1, 64, 64, 0, 724, 1},
    {"64->1 col", 2, 2, 64, 1, 1, 362, 1},   {"64->2 row", 2, 2, 64, 2, 0, 362, 1},
    {"32->1 row", 2, 2, 32, 1, 0, 362, 1},   {"64->64 col", 2, 2, 64, 64, 1, 724, 0},
};

/* G for a square rank count (0 if it is not one). */
static int grid_side(int ranks)
{
    int G = 1;
    while ((G + 1) * (G + 1) <= ranks)
        G++;
    return G * G == ranks && G >= 2 ? G : 0;
}

/* Case c at G: A (rows_a / 2) G x (cols_a / 2) G, B G x G. */
static sim_problem shape_problem(const shape_case *c, int G)
{
    int N = c->per_rank * G;
    return (sim_problem){c->rows_a * G / 2, c->cols_a * G / 2, G, G, N, N, c->mb_a, c->mb_a,
                         c->mb_b, c->mb_b, 8, c->b_col, NULL};
}

static int standard(int ranks, const sim_net *net, int inflight, const char *only_case,
                    FILE *csv)
{
    int G = grid_side(ranks);
    if (!G) {
        fprintf(stderr, "bcr_simulate: --standard takes a square rank count\n");
        return 2;
    }
    int found = 0;
    printf("bcr_simulate --standard %d: %d ranks per node, inflight %d, 8-byte elements\n", ranks,
           net->node_size, inflight > 0 ? inflight : BCR_INFLIGHT_DEFAULT);
    printf("%-12s %6s %7s %9s %6s %9s | %7s %7s %7s %7s %7s | %4s %4s %4s | %5s %5s %8s %6s | "
           "%s\n",
           "case", "ranks", "N", "messages", "steps", "ScaL ms", "all", "bounded", "steps",
           "choose", "combine", "out", "outB", "outS", "msgs", "msgsC", "combined", "copyMB",
           "choose picks");
    for (size_t k = 0; k < sizeof shape_cases / sizeof *shape_cases; k++) {
        const shape_case *sc = &shape_cases[k];
        if (!sc->in_standard || (only_case && strcmp(only_case, sc->name)))
            continue;
        found = 1;
        sim_problem pb = shape_problem(sc, G);
        if (pb.Q0 < 1)
            continue;
        sim_result r;
        double t0 = now_s();
        if (simulate(&pb, net, inflight, -1, &r)) {
            fprintf(stderr, "bcr_simulate: %s failed\n", sc->name);
            return 1;
        }
        double ref = r.st[SIM_SCALAPACK].time;
        const sim_stats *c = &r.st[SIM_COMBINE];
        char buf[96];
        printf("%-12s %6d %7d %9lld %6d %9.3f | %7.3f %7.3f %7.3f %7.3f %7.3f | %4d %4d %4d | "
               "%5d %5d %8lld %6.1f | %s  (%.1f s)\n",
               sc->name, ranks, pb.N, r.nmsg, r.f.steps, ref * 1e3,
               r.st[SIM_ALL].time / ref, r.st[SIM_BOUNDED].time / ref,
               r.st[SIM_STEPS].time / ref, r.st[SIM_CHOOSE].time / ref, c->time / ref,
               r.st[SIM_ALL].max_out, r.st[SIM_BOUNDED].max_out, r.st[SIM_STEPS].max_out,
               r.f.max_partners, c->max_sent > c->max_recvd ? c->max_sent : c->max_recvd,
               c->messages, c->max_copied / 1e6, chosen_text(r.chosen, buf, sizeof buf),
               now_s() - t0);
        fflush(stdout);
        csv_rows(csv, sc->name, ranks, &r, 0, 0);
    }
    if (!found) {
        fprintf(stderr, "bcr_simulate: no standard case %s\n", only_case);
        return 2;
    }
    return 0;
}

/* A blocks layout of pb's whole matrix on one side: A's grid row by row,
 * or B's as sim_rank_b deals it. */
static bcr_layout_t side_layout(const sim_problem *pb, int b)
{
    int P = b ? pb->P1 : pb->P0, Q = b ? pb->Q1 : pb->Q0;
    int *grid = malloc((size_t)P * Q * sizeof *grid);
    if (!grid)
        return NULL;
    for (int r = 0; r < P; r++)
        for (int c = 0; c < Q; c++)
            grid[r * Q + c] = b ? sim_rank_b(pb, r, c) : r * Q + c;
    bcr_layout_t l = timing_cyclic_layout(pb->M, pb->N, b ? pb->mb_b : pb->mb_a,
                                          b ? pb->nb_b : pb->nb_a, P, Q, grid);
    free(grid);
    return l;
}

/* --relabel RANKS: the standard shapes, each simulated into B as it is and
 * into B relabelled (bcr_relabel: exact up to 4096 ranks, the greedy
 * heuristic above); the bytes between processes and the modelled time of
 * bcredist's chosen schedule and of ScaLAPACK's rounds, both ways. */
static int relabel_standard(int ranks, const sim_net *net, int inflight)
{
    int G = grid_side(ranks);
    if (!G) {
        fprintf(stderr, "bcr_simulate: --relabel takes a square rank count\n");
        return 2;
    }
    /* The cases with large messages: those with blocks of 1 or 2 gain
     * nothing and take long to plan at scale. */
    static const char *const relabelled[] = {"64->48 col", "64->48 row", "64->4 col",
                                             "2GxG/2->GxG", "64->64 col"};
    printf("bcr_simulate --relabel %d: %d ranks per node, 8-byte elements; bytes between "
           "processes and modelled ms, into B as it is and relabelled\n",
           ranks, net->node_size);
    printf("%-12s %15s %15s %9s %9s %9s %9s %9s\n", "case", "bytes", "relabelled", "choose",
           "relab.", "ScaL", "relab.", "solver s");
    int *perm = malloc((size_t)ranks * sizeof *perm);
    for (size_t k = 0; perm && k < sizeof shape_cases / sizeof *shape_cases; k++) {
        const shape_case *sc = &shape_cases[k];
        int wanted = 0;
        for (size_t w = 0; w < sizeof relabelled / sizeof *relabelled; w++)
            wanted |= !strcmp(relabelled[w], sc->name);
        sim_problem pb = shape_problem(sc, G);
        if (!wanted || pb.Q0 < 1)
            continue;
        sim_result plain, relab;
        bcr_layout_t la = side_layout(&pb, 0), lb = side_layout(&pb, 1);
        double t0 = now_s();
        int rc = bcr_relabel(la, lb, 'd', ranks, perm, NULL, NULL);
        double solver = now_s() - t0;
        bcr_layout_destroy(la);
        bcr_layout_destroy(lb);
        if (rc || simulate(&pb, net, inflight, SIM_CHOOSE, &plain)) {
            fprintf(stderr, "bcr_simulate: %s failed\n", sc->name);
            free(perm);
            return 1;
        }
        pb.relabel_b = perm;
        if (simulate(&pb, net, inflight, SIM_CHOOSE, &relab)) {
            fprintf(stderr, "bcr_simulate: %s relabelled failed\n", sc->name);
            free(perm);
            return 1;
        }
        printf("%-12s %15lld %15lld %9.3f %9.3f %9.3f %9.3f %9.3f\n", sc->name,
               plain.bytes, relab.bytes, plain.st[SIM_CHOOSE].time * 1e3,
               relab.st[SIM_CHOOSE].time * 1e3, plain.st[SIM_SCALAPACK].time * 1e3,
               relab.st[SIM_SCALAPACK].time * 1e3, solver);
        fflush(stdout);
    }
    free(perm);
    return 0;
}

/* The paper's ring cases (sim_souravlas.c) against its bound, every
 * schedule replayed on a ring of one rank per node; then the one
 * redistribution that is a single R+ step of the paper's pipeline (each of
 * 2 processors passes its neighbour one message at once), whose replay
 * must equal the bound's R+ term.  1 when a replay fails or misses a
 * message, a bound is not positive or the step differs. */
static int souravlas(const sim_net *given, int inflight, const char *only, FILE *csv)
{
    sim_net net = *given;
    net.topology = SIM_RING;
    net.node_size = 1;
    const sim_ring_case *cases;
    int ncases = sim_ring_cases(&cases), rc = 0, found = 0;
    double rate = net.link < net.inject ? net.link : net.inject;
    rate = net.eject < rate ? net.eject : rate;
    printf("bcr_simulate --souravlas: CYCLIC(r) -> CYCLIC(s) on the same n ring processors, "
           "1 rank per node, 8-byte elements;\nstart-up a = latency + overhead = %.3g s, "
           "tau = 1 / %.3g B/s; times in ms\n",
           net.latency + net.overhead, rate);
    printf("%-6s %5s %-8s %4s %8s | %9s %9s %9s %9s | %9s %9s %9s %9s | %6s %6s %6s %6s | %s\n",
           "r->s", "ranks", "size", "beta", "KiB/rank", "bound", "R+", "R-", "floor", "all",
           "steps", "combine", "ScaL", "all/B", "stp/B", "cmb/B", "ScL/B", "per proc all/combine");
    for (int k = 0; k < ncases; k++) {
        const sim_ring_case *c = &cases[k];
        const char *size = c->periods == 1 ? "1 period" : "1 MiB";
        char name[64];
        snprintf(name, sizeof name, "%s %s", c->name, size);
        if (only && strcmp(only, c->name) && strcmp(only, size) && strcmp(only, name))
            continue;
        found = 1;
        sim_problem pb;
        sim_ring_problem(c, &pb);
        sim_graph g;
        if (sim_graph_build(&g, &pb))
            return 1;
        double floor_s = sim_ring_floor(&g, &net);
        sim_graph_free(&g);
        sim_bound b;
        sim_ring_bound(c, &net, pb.elsize, &b);
        double bound = b.plus + b.minus;
        sim_result r;
        if (simulate(&pb, &net, inflight, -1, &r))
            return 1;
        for (int w = 0; w < SIM_NSCHED; w++)
            if (r.st[w].errors || !isfinite(r.st[w].time) || r.st[w].delivered != r.st[w].messages) {
                fprintf(stderr, "bcr_simulate: %s on %d: %s replay incomplete\n", c->name, c->n,
                        sim_schedule_names[w]);
                rc = 1;
            }
        if (!(bound > 0))
            rc = 1;
        double t_all = r.st[SIM_ALL].time, t_steps = r.st[SIM_STEPS].time;
        double t_comb = r.st[SIM_COMBINE].time, t_scal = r.st[SIM_SCALAPACK].time;
        const sim_stats *sa = &r.st[SIM_ALL], *sc = &r.st[SIM_COMBINE];
        printf("%-6s %5d %-8s %4d %8.2f | %9.4g %9.4g %9.4g %9.4g | %9.4g %9.4g %9.4g %9.4g | "
               "%6.3g %6.3g %6.3g %6.3g | %d/%d\n",
               c->name, c->n, size, b.beta, (double)pb.N / c->n * pb.elsize / 1024, bound * 1e3,
               b.plus * 1e3, b.minus * 1e3, floor_s * 1e3, t_all * 1e3, t_steps * 1e3,
               t_comb * 1e3, t_scal * 1e3, t_all / bound, t_steps / bound, t_comb / bound,
               t_scal / bound, sa->max_sent > sa->max_recvd ? sa->max_sent : sa->max_recvd,
               sc->max_sent > sc->max_recvd ? sc->max_sent : sc->max_recvd);
        fflush(stdout);
        csv_rows(csv, name, c->n, &r, bound, floor_s);
    }
    if (!found) {
        fprintf(stderr, "bcr_simulate: no ring case %s\n", only);
        return 2;
    }
    /* The single step: relative 1e-9, far above the rounding of a few
     * additions and one division, far below any term the model could add
     * (one matching entry is 2e-4 of it). */
    sim_ring_case step = {"1->2", 2, 1, 2, 0};
    sim_problem pb;
    sim_ring_problem(&step, &pb);
    sim_bound b;
    sim_ring_bound(&step, &net, pb.elsize, &b);
    sim_result r;
    if (simulate(&pb, &net, inflight, SIM_ALL, &r))
        return 1;
    double t = r.st[SIM_ALL].time;
    int same = fabs(t - b.plus) <= 1e-9 * b.plus;
    printf("one R+ step (1->2 on 2 processors, %.0f KiB each way): all %.4f ms, R+ term "
           "a + C_V k e tau %.4f ms: %s\n",
           (double)b.cv * sim_ring_periods(&step) * pb.elsize / 1024, t * 1e3, b.plus * 1e3,
           same ? "equal" : "DIFFERENT");
    return rc || !same;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    sim_problem pb = {0, 0, 0, 0, 0, 0, 64, 64, 64, 64, 8, 0, NULL};
    sim_net net = {1.5e-6, 0.5e-6, 12e9, 12e9, 20e9, 12e9, 32, SIM_FULL, 10e-9, 0, 0, 0};
    int inflight = 0, only = -1, std_ranks = 0, relabel_ranks = 0, rc = 0;
    const char *std_case = NULL, *csv_path = NULL;
    int ring_cases = 0;
    FILE *csv = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--check")) {
            int count = v ? atoi(v) : 300;
            unsigned seed = i + 2 < argc ? (unsigned)strtoul(argv[i + 2], NULL, 10) : 1u;
            rc = sim_check(count > 0 ? count : 300, seed);
            MPI_Finalize();
            return rc;
        }
        if (!strcmp(a, "--souravlas")) {
            ring_cases = 1;
            continue;
        }
        if (!v) {
            usage();
            rc = 2;
            goto done;
        }
        i++;
        if (!strcmp(a, "--grid-a"))
            rc = parse_grid(v, &pb.P0, &pb.Q0);
        else if (!strcmp(a, "--grid-b"))
            rc = parse_grid(v, &pb.P1, &pb.Q1);
        else if (!strcmp(a, "--m"))
            pb.M = atoi(v);
        else if (!strcmp(a, "--n"))
            pb.N = atoi(v);
        else if (!strcmp(a, "--mb-a"))
            pb.mb_a = atoi(v);
        else if (!strcmp(a, "--nb-a"))
            pb.nb_a = atoi(v);
        else if (!strcmp(a, "--mb-b"))
            pb.mb_b = atoi(v);
        else if (!strcmp(a, "--nb-b"))
            pb.nb_b = atoi(v);
        else if (!strcmp(a, "--elsize"))
            pb.elsize = atoi(v);
        else if (!strcmp(a, "--numbering-b"))
            pb.b_col = !strcmp(v, "col");
        else if (!strcmp(a, "--node-size"))
            net.node_size = atoi(v);
        else if (!strcmp(a, "--inflight"))
            inflight = atoi(v);
        else if (!strcmp(a, "--latency"))
            net.latency = atof(v);
        else if (!strcmp(a, "--overhead"))
            net.overhead = atof(v);
        else if (!strcmp(a, "--match"))
            net.match = atof(v);
        else if (!strcmp(a, "--inject"))
            net.inject = atof(v);
        else if (!strcmp(a, "--eject"))
            net.eject = atof(v);
        else if (!strcmp(a, "--intra"))
            net.intra = atof(v);
        else if (!strcmp(a, "--link"))
            net.link = atof(v);
        else if (!strcmp(a, "--copy"))
            net.copy = atof(v);
        else if (!strcmp(a, "--copy-piece"))
            net.copy_piece = atof(v);
        else if (!strcmp(a, "--case"))
            std_case = v;
        else if (!strcmp(a, "--csv"))
            csv_path = v;
        else if (!strcmp(a, "--topology"))
            net.topology = !strcmp(v, "ring")    ? SIM_RING
                           : !strcmp(v, "torus") ? SIM_TORUS
                           : !strcmp(v, "bus")   ? SIM_BUS
                                                 : SIM_FULL;
        else if (!strcmp(a, "--bus"))
            net.bus = atof(v);
        else if (!strcmp(a, "--standard"))
            std_ranks = atoi(v);
        else if (!strcmp(a, "--relabel"))
            relabel_ranks = atoi(v);
        else if (!strcmp(a, "--schedule")) {
            only = -2;
            for (int w = 0; w < SIM_NSCHED; w++)
                if (!strcmp(v, sim_schedule_names[w]))
                    only = w;
            if (!strcmp(v, "every"))
                only = -1;
            if (only == -2)
                rc = -1;
        } else
            rc = -1;
        if (rc) {
            fprintf(stderr, "bcr_simulate: bad argument %s %s\n", a, v);
            usage();
            rc = 2;
            goto done;
        }
    }
    if (net.node_size < 1 || net.inject <= 0 || net.eject <= 0 || net.intra <= 0 || net.link <= 0 ||
        net.bus < 0 || net.copy < 0 || net.copy_piece < 0) {
        fprintf(stderr, "bcr_simulate: node size and bandwidths must be positive\n");
        rc = 2;
        goto done;
    }
    if (csv_path && !(csv = fopen(csv_path, "w"))) {
        fprintf(stderr, "bcr_simulate: cannot write %s\n", csv_path);
        rc = 2;
        goto done;
    }
    csv_header(csv);
    if (ring_cases) {
        rc = souravlas(&net, inflight, std_case, csv);
        goto done;
    }
    if (relabel_ranks) {
        rc = relabel_standard(relabel_ranks, &net, inflight);
        goto done;
    }
    if (std_ranks) {
        rc = standard(std_ranks, &net, inflight, std_case, csv);
        goto done;
    }
    if (!pb.P0 || !pb.P1 || pb.M <= 0 || pb.N <= 0 || pb.mb_a <= 0 || pb.nb_a <= 0 ||
        pb.mb_b <= 0 || pb.nb_b <= 0 || pb.elsize <= 0) {
        usage();
        rc = 2;
        goto done;
    }
    sim_result r;
    if (simulate(&pb, &net, inflight, only, &r)) {
        rc = 1;
        goto done;
    }
    print_result(&pb, &net, &r);
    for (int w = 0; w < SIM_NSCHED; w++)
        if (r.done[w] && r.st[w].errors)
            rc = 1;
done:
    if (csv && fclose(csv)) {
        fprintf(stderr, "bcr_simulate: cannot write %s\n", csv_path);
        rc = rc ? rc : 2;
    }
    MPI_Finalize();
    return rc;
}
