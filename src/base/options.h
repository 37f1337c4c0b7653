/* The switches of one call or plan, read from the environment in one
 * place (options.c), once per call or plan (README.md, "Environment
 * switches").
 *
 * What a plan depends on is bcr_plan_options, and only that: the planner
 * takes nothing else, and the plan cache keys on the whole struct, so a
 * switch added here is in the key without anyone listing it.
 *
 * BCR_MAX_BYTES caps a call's extra memory per process: the buffers it
 * grows (exec/pools.h) and what it writes into its shared segment
 * (exec/shm.h), as bcr_pool_bytes counts them.  Bytes; 0 or unset:
 * no cap.  Without one a call's extra memory is about local A
 * plus local B (more under an indirect strategy, which holds an
 * intermediate too, and with BCR_PACK=buffer, where a message through a
 * segment is given a send buffer as well).  Under a cap a call that could
 * take more runs in rounds, each redistributing a tile of the submatrix
 * small enough to stay under it (exec/rounds.h); a cap below the least a
 * round takes (the bookkeeping of one exchange, and under an indirect
 * strategy a block of its intermediate) counts as that.  The rounds are
 * the call's plan, so the cap is a plan option, and every process of a
 * call must set it alike (it is agreed, as BCR_SHM is).  What earlier
 * calls kept (BCR_KEEP_BYTES) is reused and not counted again: during a
 * call a process holds at most that plus the cap. */
#ifndef BCR_BASE_OPTIONS_H
#define BCR_BASE_OPTIONS_H

/* BCR_STRATEGY: the 2-D strategy (plan/plan.h). */
enum bcr_strategy {
    BCR_STRATEGY_AUTO = -1,
    BCR_STRATEGY_DIRECT,
    BCR_STRATEGY_INDIRECT,
    BCR_STRATEGY_TRANSPOSED
};

/* BCR_SHM: which messages between processes of one node go through shared
 * segments, and from which call on (exec/shm.h). */
enum bcr_shm_policy { BCR_SHM_OFF, BCR_SHM_SHORT, BCR_SHM_ON, BCR_SHM_ALL };

/* BCR_SCHEDULE: the order and number at a time of a process's messages
 * through MPI, and whether they are combined through relays
 * (plan/schedule.h). */
enum bcr_schedule_kind {
    BCR_SCHEDULE_AUTO = -1,
    BCR_SCHEDULE_ALL,
    BCR_SCHEDULE_BOUNDED,
    BCR_SCHEDULE_STEPS,
    BCR_SCHEDULE_COMBINE
};

/* BCR_STREAM_MIN unset: each scan takes its own default bound
 * (plan/exchange.c). */
#define BCR_STREAM_DEFAULT (-2LL)

/* Every member is an int or a long long, so the struct has no padding and
 * compares with memcmp once zeroed (bcr_options_read zeroes it). */
typedef struct {
    int strategy;         /* enum bcr_strategy */
    int general;          /* BCR_GENERATOR=general: every dimension through
                             the general merge */
    int datatypes;        /* BCR_PACK=datatype (1) or buffer (0) */
    int shm;              /* enum bcr_shm_policy */
    long long shm_min;    /* BCR_SHM_MIN: bytes */
    long long stream_min; /* BCR_STREAM_MIN: bytes, -1 never, or
                             BCR_STREAM_DEFAULT */
    long long max_bytes;  /* BCR_MAX_BYTES: bytes, 0 for no cap */
    int schedule;         /* BCR_SCHEDULE: enum bcr_schedule_kind; agreed,
                             since combining changes which messages exist */
    int update_staged;    /* BCR_UPDATE=staged: the update routines
                             redistribute into a staging array and add it
                             into C afterwards, instead of adding where the
                             data lands (api/update.h); agreed, since the
                             two send their messages differently */
    long long stream_chunk; /* BCR_STREAM_CHUNK: bytes of a chunk of an
                               update's streamed messages
                               (exec/run_stream.h); agreed, since both ends
                               cut a message alike */
} bcr_plan_options;

/* BCR_STREAM_CHUNK unset: 256 KiB (docs/performance.md, "Update kernels"). */
#define BCR_STREAM_CHUNK_DEFAULT (256LL << 10)

/* How a call runs its plan's exchanges; any mix over the processes of a
 * call is safe (plan/schedule.h). */
typedef struct {
    int recv_sync; /* BCR_RECV=sync: unpack only when every message is in */
    int inflight;  /* BCR_INFLIGHT: most messages in flight per direction
                      under the bounded schedule; 0: the default */
    int threads;   /* BCR_THREADS: most threads a kernel uses; 0: as many
                      as omp_get_max_threads() (base/threads.h) */
    long long thread_min; /* BCR_THREAD_MIN: least bytes of a kernel's
                             copy a thread takes */
} bcr_exec_options;

typedef struct {
    bcr_plan_options plan;
    bcr_exec_options exec;
    int trace;     /* BCR_TRACE: one line per call and process on stderr */
    long long keep_bytes; /* BCR_KEEP_BYTES: what may stay after a call
                             (exec/keep.h) */
    /* The first switch whose value is not one it takes, as a message
     * ("environment switch BCR_KEEP_BYTES=abc: not a byte count ..."), or
     * empty.  A call that reads switches with one refuses to run
     * (BCR_ERR_ARGUMENT, agreed like a bad argument); that switch has its
     * default here meanwhile. */
    char bad[200];
} bcr_options;

/* BCR_KEEP_BYTES unset: 64 MiB per process. */
#define BCR_KEEP_DEFAULT (64LL << 20)

/* The switches as the environment sets them now.  Byte counts take
 * digits and an optional K, M, G or T (powers of 1024: 64M, 1G);
 * words and numbers are checked strictly (o->bad).  The calling thread's
 * kernels then use BCR_THREADS threads at most (bcr_threads_want). */
void bcr_options_read(bcr_options *o);

/* Whether two processes' plan options may meet in one call: those that
 * decide which messages exist and how they travel must be equal on both
 * ends of every message (the rest only change how a process copies). */
enum { BCR_OPTIONS_AGREED = 8 };
/* The agreed ones as numbers, in a fixed order, and their names. */
void bcr_options_agreed(const bcr_plan_options *o, long long v[BCR_OPTIONS_AGREED]);
extern const char *const bcr_options_agreed_names[BCR_OPTIONS_AGREED];

/* BCR_ON_ERROR=abort (1) or return (0), the mode bcr_set_error_mode
 * overrides; read when the first error is reported. */
int bcr_options_error_mode(void);

#endif
