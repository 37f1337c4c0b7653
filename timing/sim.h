/* bcr_simulate: bcredist's message schedules and ScaLAPACK's pdgemr2d
 * rounds replayed on a model of a cluster network, for rank counts that
 * cannot be run here.
 *
 *   sim_graph.c      the messages of one redistribution, from bcredist's
 *                    own planner run for every process (no MPI traffic)
 *   sim_network.c    the network model and the event-driven replay
 *   sim_schedules.c  who posts which message when: all, bounded, steps
 *                    (plan/schedule.h, per process, mixed as auto mixes
 *                    them) and ScaLAPACK's lock-step rounds
 *   sim_check.c      --check: the graph against an element-wise count,
 *                    and the replays' invariants
 *   bcr_simulate.c   arguments, reports, --standard
 */
#ifndef BCR_TIMING_SIM_H
#define BCR_TIMING_SIM_H

/* One redistribution: A on a P0 x Q0 grid with row-major ranks, B on a
 * P1 x Q1 grid, both over ranks 0 .. max(P0*Q0, P1*Q1) - 1, whole
 * M x N matrices from process (0, 0). */
typedef struct {
    int P0, Q0, P1, Q1;
    int M, N;
    int mb_a, nb_a, mb_b, nb_b;
    int elsize;
    int b_col; /* B's ranks column-major (the same processes, another order) */
} sim_problem;

static inline int sim_nranks(const sim_problem *pb)
{
    int a = pb->P0 * pb->Q0, b = pb->P1 * pb->Q1;
    return a > b ? a : b;
}

/* Rank of B's process (r, c). */
static inline int sim_rank_b(const sim_problem *pb, int r, int c)
{
    return pb->b_col ? c * pb->P1 + r : r * pb->Q1 + c;
}

/* The messages between processes (data staying on a process is not one),
 * numbered by sender, each sender's in increasing step (schedule.h), and
 * indexed again by receiver, each receiver's in increasing step. */
typedef struct {
    int nranks;
    long long nmsg;
    long long *soff;       /* nranks + 1: sender s has messages soff[s] .. soff[s+1]-1 */
    int *src, *dst;        /* per message */
    long long *bytes;      /* per message, > 0 */
    long long *roff;       /* nranks + 1 */
    long long *rmsg;       /* receiver d's messages: rmsg[roff[d] .. roff[d+1]-1] */
    long long *self_bytes; /* per rank: what stays on it */
} sim_graph;

/* 0, or -1 when the planner failed (out of memory) or its receive halves
 * disagree with its send halves (a message stderr names). */
int sim_graph_build(sim_graph *g, const sim_problem *pb);
void sim_graph_free(sim_graph *g);
/* Message s -> d, or -1. */
long long sim_graph_find(const sim_graph *g, int s, int d);
static inline int sim_step(int s, int d, int n)
{
    return ((d - s) % n + n) % n;
}

/* The network (sim_network.c's header comment is the model). */
enum sim_topology { SIM_FULL, SIM_RING, SIM_TORUS };
typedef struct {
    double latency;  /* s, in flight, per message */
    double overhead; /* s of the sender's CPU per message posted */
    double inject;   /* B/s out of a node */
    double eject;    /* B/s into a node */
    double intra;    /* B/s between ranks of one node, per node */
    double link;     /* B/s of a ring or torus link, per direction */
    int node_size;   /* consecutive ranks per node */
    int topology;    /* enum sim_topology */
    double match;    /* s of the receiver's CPU per queue entry searched
                        when matching (0: matching not modelled) */
} sim_net;

/* Outcome of one replay. */
typedef struct {
    double time;           /* last message complete */
    int max_out;           /* most messages posted and incomplete on a
                              process, in one direction */
    long long delivered;   /* messages complete */
    long long errors;      /* messages posted twice at one end, completed
                              twice, or never completed */
} sim_stats;

typedef struct sim_engine sim_engine;
/* Called when message msg is complete at both ends, at time t. */
typedef void (*sim_done_fn)(void *ctx, sim_engine *e, long long msg, double t);

sim_engine *sim_engine_new(const sim_graph *g, const sim_net *net, sim_done_fn done, void *ctx);
/* The sender posts msg once its CPU is free from t on; returns when the
 * posting ends (overhead later). */
double sim_post_send(sim_engine *e, long long msg, double t);
/* The receiver posts msg at t (no CPU cost). */
void sim_post_recv(sim_engine *e, long long msg, double t);
/* Runs until nothing is left; fills st. */
void sim_engine_run(sim_engine *e, sim_stats *st);
void sim_engine_free(sim_engine *e);

/* Schedules. */
enum sim_schedule { SIM_ALL, SIM_BOUNDED, SIM_STEPS, SIM_SCALAPACK, SIM_CHOOSE, SIM_NSCHED };
extern const char *const sim_schedule_names[SIM_NSCHED];

/* One replay of schedule `which`; under SIM_CHOOSE each process takes
 * bcr_schedule_choose's pick from its own load, and chosen[k] counts the
 * processes given kind k (BCR_SCHEDULE_ALL .. _STEPS) when chosen is not
 * NULL.  Returns -1 out of memory. */
int sim_replay(const sim_graph *g, const sim_net *net, int which, int inflight,
               sim_stats *st, int chosen[3]);

/* How many processes bcr_schedule_choose gives each kind. */
void sim_choose_counts(const sim_graph *g, int inflight, int chosen[3]);

/* Facts of the graph the reports show. */
typedef struct {
    int steps;              /* distinct steps with a message */
    int rounds;             /* ScaLAPACK's rounds: nranks */
    int rounds_used;        /* of them, rounds with a message */
    long long max_node_out; /* most bytes a node sends to other nodes */
    int max_partners;       /* most messages of one process, one direction */
} sim_graph_facts;
void sim_graph_facts_of(const sim_graph *g, const sim_net *net, sim_graph_facts *f);

/* The round of the pair (x, y) in ScaLAPACK's loop over n processes. */
static inline int sim_scalapack_round(int x, int y, int n)
{
    return ((n - 1 - x - y) % n + n) % n;
}

/* --check: `count` random small configurations from `seed`; 0 when all pass. */
int sim_check(int count, unsigned seed);

#endif
