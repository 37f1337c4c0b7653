/* bcr_test_compare: bcredist's p?gemr2d / p?trmr2d against the reference
 * ScaLAPACK routines, byte for byte, in the same process on the same input.
 *
 *   bcr_test_compare --systematic [--only INDEX]
 *   bcr_test_compare --random SEED COUNT
 *   bcr_test_compare --replay SEED INDEX
 * with --watchdog SECONDS (default 60, 0 = off): name a configuration that
 * hangs, then exit; and --via-plan: bcredist's side goes through
 * bcr_plan_create / bcr_plan_execute (twice, on new contents) /
 * bcr_plan_destroy, some plans outliving their contexts and bcr_finalize
 * (see compare_exec.c).
 *
 * For every configuration both routines run on the same local A; both local
 * B arrays start from the same non-zero pattern and are compared entirely
 * (padding rows below the local row count up to LLD and guard elements on
 * both sides included); local A must be unchanged, and bcr_last_error() must
 * say BCR_SUCCESS.  A rank that sees a difference prints the configuration
 * and the first differing element.  Rank 0 ends with
 *   compare: N configurations, M mismatches
 * and the exit status is non-zero on every rank when M > 0.
 */
#define _POSIX_C_SOURCE 200809L /* sigaction */
#include "compare.h"

#include <bcredist.h>
#include <mpi.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Watchdog: a configuration that has not finished after this many seconds
 * (a hang) is named on stderr before the process exits, so that a CTest
 * timeout never leaves an anonymous failure.  --watchdog 0 disables it. */
static unsigned watchdog_seconds = 60;
static volatile long wd_index = -1;
static volatile unsigned long long wd_seed;
static volatile int wd_systematic, wd_rank;
static volatile int wd_settle; /* in cmp_plan_settle, after wd_index */

static char *put_num(char *p, unsigned long long v)
{
    char tmp[24];
    int n = 0;
    do
        tmp[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    while (n)
        *p++ = tmp[--n];
    return p;
}

static char *put_str(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

static void on_alarm(int sig)
{
    (void)sig;
    char buf[256], *p = buf;
    p = put_str(p, "compare: HANG on rank ");
    p = put_num(p, (unsigned long long)wd_rank);
    p = put_str(p, wd_settle ? ": kept plans (executed once more after the configurations"
                               " up to the one below) did not finish in "
                             : ": configuration did not finish in ");
    p = put_num(p, watchdog_seconds);
    p = put_str(p, wd_systematic ? " s; replay: --systematic --only " : " s; replay: --replay ");
    if (!wd_systematic) {
        p = put_num(p, wd_seed);
        p = put_str(p, " ");
    }
    p = put_num(p, (unsigned long long)wd_index);
    if (cmp_via_plan)
        p = put_str(p, " --via-plan");
    p = put_str(p, "\n");
    ssize_t w = write(2, buf, (size_t)(p - buf));
    (void)w;
    _exit(4);
}

static int run_one(const cmp_config *c, cmp_pool *pool, int rank, int nprocs,
                   cmp_stats *st)
{
    wd_index = c->index;
    wd_seed = c->seed;
    wd_systematic = !strcmp(c->mode, "systematic");
    if (watchdog_seconds)
        alarm(watchdog_seconds);
    int bad = cmp_run(c, pool, rank, nprocs, st);
    if (watchdog_seconds)
        alarm(0);
    return bad;
}

/* --via-plan: after every pool flush, the plans kept past their contexts. */
static void settle(uint64_t key, int rank, cmp_stats *st, unsigned char *bad)
{
    if (!cmp_via_plan)
        return;
    wd_settle = 1;
    if (watchdog_seconds)
        alarm(watchdog_seconds);
    cmp_plan_settle(key, rank, st, bad);
    if (watchdog_seconds)
        alarm(0);
    wd_settle = 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: bcr_test_compare --systematic [--only INDEX] [--watchdog S] [--via-plan]\n"
                    "       bcr_test_compare --random SEED COUNT [--watchdog S] [--via-plan]\n"
                    "       bcr_test_compare --replay SEED INDEX [--watchdog S] [--via-plan]\n");
}

typedef struct {
    unsigned char *bad; /* per configuration: seen a difference */
    long n, cap;
} flags_t;

static void flag_push(flags_t *f, int bad)
{
    if (f->n == f->cap) {
        f->cap = f->cap ? 2 * f->cap : 1024;
        f->bad = realloc(f->bad, (size_t)f->cap);
        if (!f->bad) {
            fprintf(stderr, "compare: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 3);
        }
    }
    f->bad[f->n++] = (unsigned char)bad;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, nprocs;
    Cblacs_pinfo(&rank, &nprocs);
    if (nprocs > CMP_MAXP) {
        if (rank == 0)
            fprintf(stderr, "compare: at most %d processes\n", CMP_MAXP);
        MPI_Finalize();
        return 2;
    }

    int mode = 0; /* 1 systematic, 2 random, 3 replay */
    long only = -1, count = 0, index = 0;
    unsigned long long seed = 0;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--systematic")) {
            mode = 1;
        } else if (!strcmp(argv[a], "--only") && a + 1 < argc) {
            only = atol(argv[++a]);
        } else if (!strcmp(argv[a], "--via-plan")) {
            cmp_via_plan = 1;
        } else if (!strcmp(argv[a], "--watchdog") && a + 1 < argc) {
            watchdog_seconds = (unsigned)atoi(argv[++a]);
        } else if ((!strcmp(argv[a], "--random") || !strcmp(argv[a], "--replay")) &&
                   a + 2 < argc) {
            mode = argv[a][2] == 'r' && argv[a][3] == 'a' ? 2 : 3;
            seed = strtoull(argv[a + 1], NULL, 0);
            if (mode == 2)
                count = atol(argv[a + 2]);
            else
                index = atol(argv[a + 2]);
            a += 2;
        } else {
            mode = 0;
            break;
        }
    }
    if (!mode) {
        if (rank == 0)
            usage();
        MPI_Finalize();
        return 2;
    }

    wd_rank = rank;
    if (watchdog_seconds) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_alarm;
        sigaction(SIGALRM, &sa, NULL);
    }
    double t0 = MPI_Wtime();
    cmp_stats st;
    memset(&st, 0, sizeof st);
    flags_t flags = {NULL, 0, 0};
    cmp_pool pool;
    memset(&pool, 0, sizeof pool);
    cmp_config cfg;

    if (mode == 1) {
        cmp_config *list = malloc(sizeof(cmp_config) * CMP_MAXSCEN);
        if (!list)
            MPI_Abort(MPI_COMM_WORLD, 3);
        for (int s = 0;; s++) {
            int n = cmp_sys_scenario(s, nprocs, &pool, list);
            if (n < 0)
                break;
            for (int k = 0; k < n; k++) {
                if (only >= 0 && list[k].index != only)
                    continue;
                cmp_slot = flags.n;
                flag_push(&flags, run_one(&list[k], &pool, rank, nprocs, &st));
            }
            cmp_pool_flush(&pool);
            settle(test_rng_mix((uint64_t)s + 0x5157), rank, &st, flags.bad);
        }
        free(list);
    } else if (mode == 2) {
        long batch = -1;
        for (long i = 0; i < count; i++) {
            long b = i / CMP_BATCH;
            if (b != batch) {
                cmp_pool_flush(&pool);
                /* now and then drop everything bcredist caches */
                if (batch >= 0 && b % 8 == 0)
                    bcr_finalize();
                if (batch >= 0)
                    settle(test_rng_mix(seed ^ test_rng_mix((uint64_t)batch)), rank, &st,
                           flags.bad);
                cmp_random_pool(&pool, seed, b, nprocs);
                batch = b;
            }
            cmp_random_config(&cfg, &pool, seed, i, nprocs);
            cmp_slot = flags.n;
            flag_push(&flags, run_one(&cfg, &pool, rank, nprocs, &st));
        }
        cmp_pool_flush(&pool);
        settle(test_rng_mix(seed ^ test_rng_mix((uint64_t)batch)), rank, &st, flags.bad);
    } else {
        cmp_random_pool(&pool, seed, index / CMP_BATCH, nprocs);
        cmp_random_config(&cfg, &pool, seed, index, nprocs);
        if (rank == 0) {
            fprintf(stderr, "compare: replaying\n");
            cmp_print_config(stderr, &cfg, &pool, rank);
        }
        cmp_slot = flags.n;
        flag_push(&flags, run_one(&cfg, &pool, rank, nprocs, &st));
        cmp_pool_flush(&pool);
        settle(test_rng_mix(seed ^ test_rng_mix((uint64_t)(index / CMP_BATCH))), rank, &st,
               flags.bad);
    }

    /* Which configurations went wrong anywhere. */
    long nconf = flags.n, bad = 0;
    if (nconf > 0)
        MPI_Allreduce(MPI_IN_PLACE, flags.bad, (int)nconf, MPI_UNSIGNED_CHAR, MPI_MAX,
                      MPI_COMM_WORLD);
    for (long k = 0; k < nconf; k++)
        bad += flags.bad[k] != 0;
    long calls = st.calls;
    MPI_Allreduce(MPI_IN_PLACE, &calls, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (bad) {
            fprintf(stderr, "compare: failing configurations:");
            for (long k = 0, shown = 0; k < nconf && shown < 50; k++)
                if (flags.bad[k]) {
                    fprintf(stderr, " %ld", mode == 1 && only >= 0 ? only
                                            : mode == 3            ? index
                                                                   : k);
                    shown++;
                }
            fprintf(stderr, "%s\n", bad > 50 ? " ..." : "");
        }
        printf("compare: %d ranks, %ld calls in all, %.2f s (rank 0: %.2f s in the"
               " reference, %.2f s in bcredist)%s\n",
               nprocs, calls, MPI_Wtime() - t0, st.t_ref, st.t_bcr,
               cmp_via_plan ? ", via the plan API" : "");
        if (cmp_via_plan)
            printf("compare: rank 0: %ld plan executions, %ld after their contexts were freed"
                   " (%ld of them after bcr_finalize), %ld with a NULL array where nothing"
                   " was held; %ld plans destroyed unexecuted after their contexts; %ld"
                   " direct calls between create and execute\n",
                   st.p_exec, st.p_late, st.p_final, st.p_null, st.p_late_destroy, st.p_direct);
        printf("compare: %ld configurations, %ld mismatches\n", nconf, bad);
        fflush(stdout);
    }
    free(flags.bad);
    Cblacs_exit(1);
    MPI_Finalize();
    return bad ? 1 : 0;
}
