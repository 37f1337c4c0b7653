/* Whether pipelining bcredist's shared-segment exchange would pay on this
 * machine, measured without MPI or ScaLAPACK: packing everything and then
 * unpacking everything reads the packed data back from memory, where a
 * pipeline through small rings could keep it in the caches between its two
 * copies, at the price of a handover every few columns.
 *
 *   bcr_shm_pipeline [--procs P] [--run ELEMS] [--cols C] [--reps R]
 *                    [--ring KIB]...
 *
 * P processes (default 4) each hold an array A of 4096 columns of 1024
 * doubles (32 MiB) and an array B as large.  Column j of A is cut into
 * runs of ELEMS doubles (default 16: 128 bytes, case 3's runs); run r goes
 * to process r mod P, into its column j at run (r / P) * P + p.  So every
 * column of B takes turns between all P sources, whole 64-byte lines each,
 * and each process keeps 1/P of its data.  Three ways, each timed from the
 * first process's start to the last one's end, the median of R
 * repetitions (default 11):
 *
 *   copy:      every process copies its A with memcpy at once (the copy
 *              bound of bcr_timing);
 *   two-phase: each packs its partners' runs into its own shared segment
 *              with streaming stores, says so, and unpacks every column of
 *              B from the segments and its own A once all have (bcredist's
 *              way, without its bookkeeping);
 *   ring KIB:  each pair of processes shares a ring of KIB KiB; a process
 *              packs up to C columns (default 16) whenever every ring it
 *              feeds has room, with plain stores so that they stay in the
 *              caches, unpacks up to C columns of whatever its rings
 *              hold, and sleeps when it can do neither.
 *
 * B is checked element by element after each way; a wrong element fails
 * the run (exit status 1).  Waits sleep in the kernel (counter_wait.h). */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "exec/counter_wait.h"
#include "kernels/stream_copy.h"

#define COLS 4096
#define ROWS 1024
#define MAXP 8
#define MAXRINGS 8
#define MAXREPS 64

typedef struct {
    _Alignas(64) bcr_counter c;
} padded_counter;

typedef struct {
    _Alignas(64) _Atomic uint64_t head; /* bytes the sender has written */
    _Alignas(64) _Atomic uint64_t tail; /* bytes the receiver has read */
} ring_ctl;

/* Everything the processes share, placed before the fork. */
typedef struct {
    padded_counter arrive;     /* barrier */
    padded_counter bell[MAXP]; /* something changed for this process */
    padded_counter published;  /* two-phase: segments filled this round */
    ring_ctl ring[MAXP][MAXP]; /* [sender][receiver] */
    double start[MAXP], end[MAXP];
    int bad[MAXP];
} shared_state;

typedef struct {
    int np, run, cols, reps, nrings;
    int ring_kib[MAXRINGS];
} options;

static shared_state *sh;
static char *segments; /* two-phase: np * np segments of a column's share each */
static char *rings;    /* ring: np * np rings */
static size_t share;   /* bytes of a column one process sends one other */
static size_t ring_bytes;
static uint32_t barriers;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void barrier(int np)
{
    barriers++;
    bcr_counter_bump(&sh->arrive.c);
    bcr_counter_wait(&sh->arrive.c, barriers * (uint32_t)np);
}

static char *segment(int from, int to, int np)
{
    return segments + ((size_t)from * (size_t)np + (size_t)to) * share * COLS;
}

static char *ring_at(int from, int to, int np, uint64_t pos)
{
    return rings + ((size_t)from * (size_t)np + (size_t)to) * ring_bytes + pos % ring_bytes;
}

/* Where run k of a column's share from `src` lands in that column of B. */
static size_t b_offset(int k, int src, const options *o)
{
    return ((size_t)k * (size_t)o->np + (size_t)src) * (size_t)o->run * sizeof(double);
}

static void two_phase(int me, const double *A, double *B, const options *o, uint32_t round)
{
    size_t rb = (size_t)o->run * sizeof(double);
    int nk = ROWS / o->run / o->np;
    for (int j = 0; j < COLS; j++) {
        const char *a = (const char *)(A + (size_t)j * ROWS);
        for (int to = 0; to < o->np; to++)
            if (to != me)
                for (int k = 0; k < nk; k++)
                    bcr_stream_copy(segment(me, to, o->np) + (size_t)j * share + (size_t)k * rb,
                                    a + b_offset(k, to, o), rb);
    }
    bcr_stream_fence();
    bcr_counter_bump(&sh->published.c);
    bcr_counter_wait(&sh->published.c, round * (uint32_t)o->np);
    for (int j = 0; j < COLS; j++) {
        char *b = (char *)(B + (size_t)j * ROWS);
        const char *a = (const char *)(A + (size_t)j * ROWS);
        for (int k = 0; k < nk; k++)
            for (int from = 0; from < o->np; from++) {
                const char *src = from == me ? a + b_offset(k, me, o)
                                             : segment(from, me, o->np) + (size_t)j * share +
                                                   (size_t)k * rb;
                bcr_stream_copy(b + b_offset(k, from, o), src, rb);
            }
    }
    bcr_stream_fence();
}

/* Columns every ring from `me` has room for, at most `left`. */
static int room_in_rings(int me, const options *o, int left)
{
    uint64_t room = ring_bytes;
    for (int to = 0; to < o->np; to++) {
        if (to == me)
            continue;
        ring_ctl *r = &sh->ring[me][to];
        uint64_t used = atomic_load_explicit(&r->head, memory_order_relaxed) -
                        atomic_load_explicit(&r->tail, memory_order_acquire);
        if (ring_bytes - used < room)
            room = ring_bytes - used;
    }
    int cols = (int)(room / share);
    cols = cols < o->cols ? cols : o->cols;
    return cols < left ? cols : left;
}

static void ring_pack(int me, const double *A, double *B, const options *o, int first, int cols)
{
    size_t rb = (size_t)o->run * sizeof(double);
    int nk = ROWS / o->run / o->np;
    for (int to = 0; to < o->np; to++) {
        uint64_t head =
            to == me ? 0 : atomic_load_explicit(&sh->ring[me][to].head, memory_order_relaxed);
        for (int j = first; j < first + cols; j++) {
            const char *a = (const char *)(A + (size_t)j * ROWS);
            char *b = (char *)(B + (size_t)j * ROWS);
            /* The part that stays goes straight to B; partners' parts into
             * the rings with plain stores, so they stay in the caches. */
            for (int k = 0; k < nk; k++) {
                const char *src = a + b_offset(k, to, o);
                if (to == me)
                    bcr_stream_copy(b + b_offset(k, me, o), src, rb);
                else
                    memcpy(ring_at(me, to, o->np, head + (uint64_t)(j - first) * share +
                                                      (uint64_t)k * rb),
                           src, rb);
            }
        }
    }
    for (int to = 0; to < o->np; to++)
        if (to != me) {
            atomic_fetch_add_explicit(&sh->ring[me][to].head, (uint64_t)cols * share,
                                      memory_order_release);
            bcr_counter_bump(&sh->bell[to].c);
        }
}

/* Unpacks what the ring from `from` holds; returns the columns done. */
static int ring_unpack(int me, int from, double *B, const options *o, int next)
{
    ring_ctl *r = &sh->ring[from][me];
    uint64_t tail = atomic_load_explicit(&r->tail, memory_order_relaxed);
    uint64_t avail = atomic_load_explicit(&r->head, memory_order_acquire) - tail;
    int cols = (int)(avail / share);
    cols = cols < o->cols ? cols : o->cols;
    if (cols <= 0)
        return 0;
    size_t rb = (size_t)o->run * sizeof(double);
    int nk = ROWS / o->run / o->np;
    for (int c = 0; c < cols; c++) {
        char *b = (char *)(B + (size_t)(next + c) * ROWS);
        for (int k = 0; k < nk; k++)
            bcr_stream_copy(b + b_offset(k, from, o),
                            ring_at(from, me, o->np, tail + (uint64_t)c * share + (uint64_t)k * rb),
                            rb);
    }
    atomic_store_explicit(&r->tail, tail + (uint64_t)cols * share, memory_order_release);
    bcr_counter_bump(&sh->bell[from].c);
    return cols;
}

static void ring_exchange(int me, const double *A, double *B, const options *o)
{
    int packed = 0, unpacked[MAXP] = {0};
    for (;;) {
        /* Read before looking, so that a change after the look wakes us. */
        uint32_t seen = atomic_load(&sh->bell[me].c.value);
        int progress = 0, done = packed == COLS;
        int cols = room_in_rings(me, o, COLS - packed);
        if (cols > 0) {
            ring_pack(me, A, B, o, packed, cols);
            packed += cols;
            progress = 1;
        }
        for (int from = 0; from < o->np; from++) {
            if (from == me)
                continue;
            int got = ring_unpack(me, from, B, o, unpacked[from]);
            unpacked[from] += got;
            progress |= got > 0;
            done &= unpacked[from] == COLS;
        }
        if (done)
            break;
        if (!progress)
            bcr_counter_wait(&sh->bell[me].c, seen + 1);
    }
    bcr_stream_fence();
}

static double element(int p, size_t i) { return (double)p * 1e9 + (double)i; }

static int check(int me, const double *B, const options *o)
{
    int nk = ROWS / o->run / o->np, bad = 0;
    for (int j = 0; j < COLS; j++)
        for (int k = 0; k < nk; k++)
            for (int from = 0; from < o->np; from++) {
                size_t at = (size_t)j * ROWS + ((size_t)k * (size_t)o->np + (size_t)from) *
                                                   (size_t)o->run;
                size_t src = (size_t)j * ROWS + ((size_t)k * (size_t)o->np + (size_t)me) *
                                                    (size_t)o->run;
                for (int e = 0; e < o->run; e++)
                    bad += B[at + (size_t)e] != element(from, src + (size_t)e);
            }
    return bad;
}

static int cmp_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* Clears B with streaming stores, so that it starts each repetition in
 * memory, not in the caches, as a B that bcredist wrote before does: a
 * memset would leave the caches full of its dirty lines. */
static void clear(double *B, size_t bytes)
{
    static const char zeros[4096];
    for (size_t at = 0; at < bytes; at += sizeof zeros)
        bcr_stream_copy((char *)B + at, zeros, sizeof zeros);
    bcr_stream_fence();
}

/* One way, R times; way: -1 copy, 0 two-phase, k > 0 ring k. */
static void run_way(int me, const double *A, double *B, double *C, const options *o, int way,
                    double *times)
{
    size_t bytes = (size_t)COLS * ROWS * sizeof(double);
    for (int r = -1; r < o->reps; r++) {
        clear(B, bytes);
        barrier(o->np);
        sh->start[me] = now();
        if (way < 0)
            memcpy(C, A, bytes);
        else if (way == 0)
            two_phase(me, A, B, o, (uint32_t)(r + 2));
        else
            ring_exchange(me, A, B, o);
        sh->end[me] = now();
        barrier(o->np);
        double first = sh->start[0], last = sh->end[0];
        for (int p = 1; p < o->np; p++) {
            first = sh->start[p] < first ? sh->start[p] : first;
            last = sh->end[p] > last ? sh->end[p] : last;
        }
        if (r >= 0)
            times[r] = last - first;
        barrier(o->np); /* everyone has read start and end */
    }
    if (way >= 0)
        sh->bad[me] += check(me, B, o);
}

static void process(int me, const options *o)
{
    size_t n = (size_t)COLS * ROWS;
    double *A = malloc(n * sizeof *A), *B = malloc(n * sizeof *B), *C = malloc(n * sizeof *C);
    if (!A || !B || !C) {
        fprintf(stderr, "bcr_shm_pipeline: out of memory\n");
        _exit(2);
    }
    for (size_t i = 0; i < n; i++)
        A[i] = element(me, i);
    memset(C, 0, n * sizeof *C);
    double t[MAXREPS], copy = 0;
    for (int way = -1; way <= o->nrings; way++) {
        if (way > 0) {
            ring_bytes = (size_t)o->ring_kib[way - 1] * 1024;
            for (int p = 0; p < o->np; p++)
                for (int q = 0; q < o->np; q++)
                    sh->ring[p][q].head = sh->ring[p][q].tail = 0;
            barrier(o->np);
        }
        run_way(me, A, B, C, o, way, t);
        qsort(t, (size_t)o->reps, sizeof *t, cmp_double);
        double med = t[o->reps / 2];
        if (way < 0)
            copy = med;
        if (me == 0) {
            if (way < 0)
                printf("copy bound         %8.2f ms\n", 1e3 * med);
            else if (way == 0)
                printf("two-phase          %8.2f ms  %5.2f x the bound\n", 1e3 * med, med / copy);
            else
                printf("ring %6d KiB    %8.2f ms  %5.2f x the bound\n", o->ring_kib[way - 1],
                       1e3 * med, med / copy);
            fflush(stdout);
        }
    }
    free(A);
    free(B);
    free(C);
}

static int parse(int argc, char **argv, options *o)
{
    *o = (options){4, 16, 16, 11, 0, {0}};
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc)
            return 0;
        int v = atoi(argv[i + 1]);
        if (!strcmp(argv[i], "--procs"))
            o->np = v;
        else if (!strcmp(argv[i], "--run"))
            o->run = v;
        else if (!strcmp(argv[i], "--cols"))
            o->cols = v;
        else if (!strcmp(argv[i], "--reps"))
            o->reps = v;
        else if (!strcmp(argv[i], "--ring") && o->nrings < MAXRINGS && v > 0)
            o->ring_kib[o->nrings++] = v;
        else
            return 0;
        i++;
    }
    return o->np >= 2 && o->np <= MAXP && o->run > 0 && ROWS % (o->run * o->np) == 0 &&
           o->cols >= 1 &&
           o->reps >= 1 && o->reps <= MAXREPS;
}

int main(int argc, char **argv)
{
    options o;
    if (!parse(argc, argv, &o)) {
        fprintf(stderr, "usage: bcr_shm_pipeline [--procs 2..%d] [--run ELEMS] [--cols C] "
                        "[--reps 1..%d] [--ring KIB]...\n(ELEMS * procs must divide %d)\n",
                MAXP, MAXREPS, ROWS);
        return 2;
    }
    share = (size_t)(ROWS / o.np) * sizeof(double);
    for (int k = 0; k < o.nrings; k++)
        if ((size_t)o.ring_kib[k] * 1024 % share || (size_t)o.ring_kib[k] * 1024 < share) {
            fprintf(stderr, "bcr_shm_pipeline: a ring must hold whole columns' shares of %zu bytes\n",
                    share);
            return 2;
        }
    size_t ringmax = 0;
    for (int k = 0; k < o.nrings; k++)
        ringmax = (size_t)o.ring_kib[k] * 1024 > ringmax ? (size_t)o.ring_kib[k] * 1024 : ringmax;
    size_t np2 = (size_t)o.np * (size_t)o.np;
    sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    segments = mmap(NULL, np2 * share * COLS, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                    -1, 0);
    rings = ringmax ? mmap(NULL, np2 * ringmax, PROT_READ | PROT_WRITE,
                           MAP_SHARED | MAP_ANONYMOUS, -1, 0)
                    : NULL;
    if (sh == MAP_FAILED || segments == MAP_FAILED || rings == MAP_FAILED) {
        fprintf(stderr, "bcr_shm_pipeline: no shared memory\n");
        return 2;
    }
    printf("bcr_shm_pipeline: %d processes, 32 MiB each, runs of %d doubles, %d columns a "
           "handover, median of %d\n",
           o.np, o.run, o.cols, o.reps);
    fflush(stdout);
    pid_t parent = getpid();
    for (int p = 0; p < o.np; p++) {
        pid_t pid = fork();
        if (pid < 0) {
            fprintf(stderr, "bcr_shm_pipeline: fork failed\n");
            return 2;
        }
        if (pid == 0) {
            /* Die with the parent: a stray child would spin beside later
             * measurements. */
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (getppid() != parent)
                _exit(2);
            process(p, &o);
            _exit(0);
        }
    }
    int status, failed = 0;
    while (wait(&status) > 0)
        failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    int bad = 0;
    for (int p = 0; p < o.np; p++)
        bad += sh->bad[p];
    if (bad)
        printf("%d elements of B wrong\n", bad);
    return failed || bad;
}
