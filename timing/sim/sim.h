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
 *   sim_combine.c    the messages of the combine schedule
 *                    (exec/run_combine.c): relays within groups
 *   sim_combine_replay.c  who posts which of those when, as run_combine.c
 *   sim_check.c      --check: the graph against an element-wise count,
 *                    and the replays' invariants
 *   sim_check_combine.c  --check: combine's messages against the rule
 *   sim_souravlas.c  --souravlas: the paper's ring cases and its cost bound
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
    const int *relabel_b; /* NULL, or B's rank r taken by relabel_b[r] (bcr_relabel) */
} sim_problem;

static inline int sim_nranks(const sim_problem *pb)
{
    int a = pb->P0 * pb->Q0, b = pb->P1 * pb->Q1;
    return a > b ? a : b;
}

/* Rank of B's process (r, c). */
static inline int sim_rank_b(const sim_problem *pb, int r, int c)
{
    int rank = pb->b_col ? c * pb->P1 + r : r * pb->Q1 + c;
    return pb->relabel_b ? pb->relabel_b[rank] : rank;
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
enum sim_topology { SIM_FULL, SIM_RING, SIM_TORUS, SIM_BUS };
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
    double copy;     /* B/s of one process's memcpy: a combine relay copies
                        what it forwards (sim_combine_replay.c); 0: intra
                        / node_size */
    double copy_piece; /* s of a relay's CPU per piece it copies, beyond
                          its bytes (0: not modelled) */
    double bus;      /* B/s of the one resource every message between two
                        nodes crosses under SIM_BUS (0: link) */
} sim_net;

static inline const char *sim_topology_name(int t)
{
    return t == SIM_RING ? "ring" : t == SIM_TORUS ? "torus" : t == SIM_BUS ? "bus" : "full";
}

/* Outcome of one replay. */
typedef struct {
    double time;           /* last message complete */
    int max_out;           /* most messages posted and incomplete on a
                              process, in one direction */
    long long delivered;   /* messages complete */
    long long errors;      /* messages posted twice at one end, completed
                              twice, or never completed */
    long long messages;    /* messages the replay has (combine: its own) */
    int max_sent, max_recvd; /* most messages one process sends / receives */
    long long max_node_out;  /* most bytes a node sends to other nodes */
    long long max_copied;    /* combine: most bytes one relay copies */
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
/* The process's CPU works `seconds` from t on, once free (after its
 * postings and searches); returns when the work ends.  0 seconds: when
 * the CPU is free from t on. */
double sim_cpu_work(sim_engine *e, int rank, double t, double seconds);
/* Runs until nothing is left; fills st. */
void sim_engine_run(sim_engine *e, sim_stats *st);
void sim_engine_free(sim_engine *e);

/* Schedules. */
enum sim_schedule {
    SIM_ALL,
    SIM_BOUNDED,
    SIM_STEPS,
    SIM_SCALAPACK,
    SIM_CHOOSE,
    SIM_COMBINE,
    SIM_NSCHED
};
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

/* combine (exec/run_combine.h): the members are ranks 0 .. nranks-1 here
 * (A's ranks and B's start at 0), in groups of bcr_combine_group_size.
 * Its messages form a graph of their own, each sender's in the order
 * run_combine.c posts them and each receiver's in the order it posts the
 * receives. */
enum sim_combine_kind { SIM_CM_DIRECT, SIM_CM_HEADER, SIM_CM_PIECES, SIM_CM_RELAYED };
typedef struct {
    sim_graph g;            /* the messages combining makes (no self_bytes) */
    int group;              /* g: the groups' size, the last one's at most */
    unsigned char *kind;    /* per message, enum sim_combine_kind */
    int *nfirst;            /* per process: sends posted at the start (direct,
                               then per member its header and pieces) */
    int *nrecv0;            /* per process: receives posted at the start
                               (relayed, direct, headers); the rest, pieces,
                               once the headers are in */
    int *nheaders;          /* per process: headers it waits for */
    char *relays;           /* per process: it relays some target (it then
                               waits for headers and pieces, as run_combine's
                               relay() does, even when all are empty) */
    long long *copied;      /* per process: bytes it copies as relay */
    int *npieces;           /* per relayed message: the non-empty pieces
                               in it (senders of its group) */
} sim_combined;
/* 0, or -1 out of memory. */
int sim_combine_build(sim_combined *c, const sim_graph *g);
void sim_combine_free(sim_combined *c);
/* The replay of combine on c (sim_combine_replay.c). */
int sim_combine_replay(const sim_combined *c, const sim_net *net, sim_stats *st);
/* --check of combine's messages for g against the rule: 0 when right,
 * else the number of faults (named on stderr). */
int sim_check_combine(const sim_graph *g, const sim_combined *c);

/* --check: `count` random small configurations from `seed`; 0 when all pass. */
int sim_check(int count, unsigned seed);

/* --souravlas (sim_souravlas.c): CYCLIC(r) -> CYCLIC(s) on a ring of n
 * processors, one rank per node. */
typedef struct {
    const char *name;
    int n, r, s;
    long long periods; /* of the array; 0: about 1 MiB per rank */
} sim_ring_case;
typedef struct {
    int beta;       /* most source blocks one target block spans */
    long long cv;   /* most elements of one target block off its generator */
    double plus;    /* s: the paper's R+ term (forming blocks) */
    double minus;   /* s: its R- term (sending them) */
} sim_bound;
/* The cases; their count. */
int sim_ring_cases(const sim_ring_case **cases);
long long sim_ring_period(const sim_ring_case *c);
long long sim_ring_periods(const sim_ring_case *c);
void sim_ring_problem(const sim_ring_case *c, sim_problem *pb);
void sim_ring_bound(const sim_ring_case *c, const sim_net *net, int elsize, sim_bound *b);
/* s: the least any schedule can take on a ring of one rank per node: the
 * busiest link's, injection's or ejection's bytes over its rate. */
double sim_ring_floor(const sim_graph *g, const sim_net *net);

#endif
