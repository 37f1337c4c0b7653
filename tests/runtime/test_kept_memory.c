/* Nothing big kept after a call: when a routine returns, everything
 * bcredist keeps (pooled buffers, shared segments, plans) is at most
 * BCR_KEEP_BYTES per process (default 64 MiB), shared memory counted once
 * over the node and divided among its processes.
 *
 * Measured from outside the library, after malloc_trim(0) so that freed
 * heap does not count, with every process past the call (a barrier):
 *   anon  this process's RssAnon (/proc/self/status);
 *   shm   the shared memory this job's processes on the node have mapped,
 *         each page counted once: their Pss_Shmem (/proc/self/smaps_rollup)
 *         summed over the node, divided by the node's processes.  The
 *         node's Shmem (/proc/meminfo, read by one process, divided the
 *         same way) is printed beside it but not judged: it counts every
 *         program on the machine, and other jobs' shared windows moved it
 *         by tens of MiB during a run here.  Where the kernel has no
 *         Pss_Shmem, Shmem is judged instead.
 * Each case:
 *   1. A, ScaLAPACK's B and bcredist's B allocated and written (B from a
 *      sentinel), then measured;
 *   2. ScaLAPACK's call, measured: it keeps the BLACS's message buffer
 *      (BI_ReadyB, as large as its largest message), which Cblacs_freebuff
 *      gives back; measured again after that, what is left is the noise of
 *      MPI and the allocator around a large call (Open MPI's shared
 *      segment for small messages fills as it is used, for one);
 *   3. bcredist's call, measured: what it keeps;
 *   4. B compared with ScaLAPACK's byte for byte, padding included, and A
 *      checked unchanged; the arrays freed, measured again.
 * What bcredist keeps is the growth since the program's start less what
 * ScaLAPACK's calls left after Cblacs_freebuff.  It must be at most the
 * cap plus a slack of 16 MiB for what neither library controls (Open
 * MPI's free lists and fragments, glibc's arenas): ScaLAPACK's calls leave
 * under 1 MiB here, bcredist's call about as much besides what it keeps on
 * purpose; the figures are printed.  bcr_pool_bytes()
 * (everything bcredist keeps between calls, by its own count) must be at
 * most the cap, with no slack, once every process is past the call; read
 * as the call returns, before any barrier, it may still count a share of
 * pages the node's other processes have yet to give back, and what it
 * counts of this process's own (bcr_pool_own_bytes) must be within the
 * cap already.
 *
 * The cases, on 4 processes:
 *   2x2  8192 x 8192 doubles on a 2 x 2 grid, blocks 64 x 64 -> 16 x 16:
 *        128 MiB of A on every process, three quarters of it sent;
 *   1x1  the same matrix from a 1 x 1 grid (rank 0, 512 MiB) to the 2 x 2
 *        grid: one process sends everything.
 *
 * BCR_KEEP_BYTES is read here as a byte count; the CTest entries set it
 * so.  The test runs alone (RUN_SERIAL): other tests change the node's
 * memory too.
 *
 *   mpiexec -n 4 bcr_test_kept_memory */
#define _GNU_SOURCE /* malloc_trim */
#include <bcredist.h>
#include <malloc.h>
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/pools.h"
#include "freeing.h"

#define N 8192
#define MIB (1024.0 * 1024.0)
#define SLACK (16LL << 20)
#define DEFAULT_CAP (64LL << 20)

static MPI_Comm node;
static int node_rank, node_size;
static int have_pss; /* every process of the node reads Pss_Shmem */

typedef struct {
    long long anon;    /* this process's RssAnon, bytes */
    long long shm;     /* the shared memory judged: see above */
    long long meminfo; /* the node's Shmem divided by its processes */
} usage;

/* The value of field `key` (in kB) in a /proc file, as bytes; -1 if absent. */
static long long proc_field(const char *file, const char *key)
{
    FILE *f = fopen(file, "r");
    char line[256];
    long long v = -1;
    size_t n = strlen(key);
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, key, n) && line[n] == ':') {
            v = atoll(line + n + 1) * 1024;
            break;
        }
    if (f)
        fclose(f);
    return v;
}

/* Collective over the world: every process past what it was doing. */
static usage measure(void)
{
    malloc_trim(0);
    MPI_Barrier(MPI_COMM_WORLD);
    usage u = {proc_field("/proc/self/status", "RssAnon"), 0, 0};
    long long shmem = node_rank == 0 ? proc_field("/proc/meminfo", "Shmem") : 0;
    MPI_Bcast(&shmem, 1, MPI_LONG_LONG, 0, node);
    long long pss = proc_field("/proc/self/smaps_rollup", "Pss_Shmem"), sum, least;
    MPI_Allreduce(&pss, &sum, 1, MPI_LONG_LONG, MPI_SUM, node);
    MPI_Allreduce(&pss, &least, 1, MPI_LONG_LONG, MPI_MIN, node);
    have_pss = least >= 0;
    u.meminfo = shmem / node_size;
    u.shm = have_pss ? sum / node_size : u.meminfo;
    return u;
}

static long long total(usage u) { return u.anon + u.shm; }

static long long cap_bytes(void)
{
    const char *v = getenv("BCR_KEEP_BYTES");
    return v && *v ? atoll(v) : DEFAULT_CAP;
}

static usage start;
static long long ref_kept_total; /* what ScaLAPACK's calls left, this process */
static double worst_blacs, worst_ref, worst_bcr; /* MiB, this process */

/* 1 on every process if `bad` is set on any. */
static int any_bad(int bad)
{
    int any;
    MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return any;
}

/* One case; its figures printed by every process, in rank order. */
static void run_case(const char *name, const fr_grid *ga, const fr_grid *gb, int ictxt,
                     unsigned seed)
{
    fr_array a, bref, bbcr;
    int bad = fr_array_make(&a, 'd', ga, N, N, 64, 64);
    bad |= fr_array_make(&bref, 'd', gb, N, N, 16, 16);
    bad |= fr_array_make(&bbcr, 'd', gb, N, N, 16, 16);
    if (any_bad(bad)) {
        fr_array_free(&a);
        fr_array_free(&bref);
        fr_array_free(&bbcr);
        return;
    }
    fr_array_fill(&a, seed);
    fr_array_sentinel(&bref);
    fr_array_sentinel(&bbcr);
    usage s0 = measure();

    fr_step(FR_CALL_LIMIT, "%s: ScaLAPACK's call", name);
    fr_call(1, NULL, NULL, N, N, &a, &bref, ictxt);
    fr_step_done();
    usage s1_blacs = measure();
    Cblacs_freebuff(ictxt, 1);
    usage s1 = measure();

    fr_step(FR_CALL_LIMIT, "%s: bcredist's call", name);
    int code = fr_call(0, NULL, NULL, N, N, &a, &bbcr, ictxt);
    /* Right as the call returns, before any process waits for another:
     * this process's own part is within the cap; its peers may still be
     * giving back theirs, which bcr_pool_bytes counts a share of. */
    long long own_at_return = (long long)bcr_pool_own_bytes();
    long long pool_at_return = (long long)bcr_pool_bytes();
    fr_step_done();
    usage s2 = measure();

    fr_step(FR_CALL_LIMIT, "%s: bcredist's result", name);
    FR_CHECK(code == BCR_SUCCESS, "error %d", code);
    fr_same(&bref, &bbcr);
    size_t changed = fr_array_fill_differs(&a, seed);
    FR_CHECK(!changed, "%zu elements of A changed", changed);
    fr_step_done();
    fr_array_free(&a);
    fr_array_free(&bref);
    fr_array_free(&bbcr);
    usage s3 = measure();

    long long blacs_buffer = total(s1_blacs) - total(s1);
    long long ref_kept = total(s1) - total(s0);
    ref_kept_total += ref_kept;
    long long bcr_call = total(s2) - total(s1);
    long long bcr_kept = total(s3) - total(start) - ref_kept_total;
    long long pool = (long long)bcr_pool_bytes(), cap = cap_bytes();
    fr_step(FR_CALL_LIMIT, "%s: the figures", name);
    for (int r = 0; r < fr_size; r++) {
        if (r == fr_rank)
            printf("kept_memory: %s: rank %d: ScaLAPACK's call: BLACS buffer %.1f MiB, left "
                   "%.1f MiB after Cblacs_freebuff (anon %+.1f, shm %+.1f, node Shmem %+.1f); "
                   "bcredist's call kept %.1f MiB (anon %+.1f, shm %+.1f, node Shmem %+.1f); "
                   "bcredist keeps %.1f MiB since the start; bcr_pool_bytes %.1f MiB "
                   "(%.1f MiB as the call returned, %.1f MiB of it this process's own); cap "
                   "%.1f MiB + slack %.1f MiB\n",
                   name, fr_rank, blacs_buffer / MIB, ref_kept / MIB, (s1.anon - s0.anon) / MIB,
                   (s1.shm - s0.shm) / MIB, (s1.meminfo - s0.meminfo) / MIB, bcr_call / MIB,
                   (s2.anon - s1.anon) / MIB, (s2.shm - s1.shm) / MIB,
                   (s2.meminfo - s1.meminfo) / MIB, bcr_kept / MIB, pool / MIB,
                   pool_at_return / MIB, own_at_return / MIB, cap / MIB, SLACK / MIB);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    fr_step(FR_CALL_LIMIT, "%s", name);
    FR_CHECK(bcr_kept <= cap + SLACK, "bcredist keeps %.1f MiB (anon %.1f, shm %.1f since the "
             "start), more than the cap %.1f MiB + slack %.1f MiB", bcr_kept / MIB,
             (s3.anon - start.anon) / MIB, (s3.shm - start.shm) / MIB, cap / MIB, SLACK / MIB);
    FR_CHECK(own_at_return <= cap,
             "as the call returned, this process's own part of bcr_pool_bytes() = %lld "
             "(%.1f MiB), more than the cap %.1f MiB",
             own_at_return, own_at_return / MIB, cap / MIB);
    FR_CHECK(pool <= cap, "bcr_pool_bytes() = %lld (%.1f MiB), more than the cap %.1f MiB",
             pool, pool / MIB, cap / MIB);
    fr_step_done();
    if (blacs_buffer / MIB > worst_blacs)
        worst_blacs = blacs_buffer / MIB;
    if (ref_kept / MIB > worst_ref)
        worst_ref = ref_kept / MIB;
    if (bcr_kept / MIB > worst_bcr)
        worst_bcr = bcr_kept / MIB;
}

int main(int argc, char **argv)
{
    fr_init(&argc, &argv, 4, "kept_memory");
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, fr_rank, MPI_INFO_NULL, &node);
    MPI_Comm_rank(node, &node_rank);
    MPI_Comm_size(node, &node_size);
    const int r0[] = {0};
    fr_grid g22 = fr_grid_init("Row", 2, 2), g11 = fr_grid_map(1, 1, r0);
    start = measure();
    if (fr_rank == 0 && !have_pss)
        printf("kept_memory: no Pss_Shmem in /proc/self/smaps_rollup: the node's Shmem is "
               "judged, which other programs on the machine change too\n");

    run_case("2x2 64 -> 16", &g22, &g22, g22.ctxt, 51);
    run_case("1x1 -> 2x2", &g11, &g22, g22.ctxt, 52);

    double w[3] = {worst_blacs, worst_ref, worst_bcr}, most[3];
    MPI_Allreduce(w, most, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (fr_rank == 0)
        printf("kept_memory: at most, per process: ScaLAPACK's calls kept %.1f MiB in the "
               "BLACS's buffer and %.1f MiB besides; bcredist keeps %.1f MiB; cap %.1f MiB, "
               "slack %.1f MiB\n", most[0], most[1], most[2], cap_bytes() / MIB, SLACK / MIB);

    fr_grid_exit(&g11, "1x1");
    fr_grid_exit(&g22, "2x2");
    int rc = fr_finish();
    fr_step(FR_CALL_LIMIT, "MPI_Finalize");
    MPI_Finalize();
    return rc;
}
