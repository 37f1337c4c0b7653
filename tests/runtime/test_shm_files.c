/* The shared segments' files (src/exec/shm_file.h), in the directory
 * BCR_SHM_DIR names, on 4 processes of one node with BCR_SHM=all (segments
 * made and used from a context's first call).  Run by shm_files_check.cmake,
 * which makes the directory (an 8 MiB tmpfs of its own for `full`), runs
 * this program and checks, after the job, that no file of bcredist's is
 * left in it.
 *
 *   mpiexec -n 4 bcr_test_shm_files MODE
 *
 *   plant-link     process 1's file is replaced, once it has made it, by a
 *   plant-small    symbolic link to the directory's file "planted" (made
 *   plant-foreign  here, 64 MiB, its first page a pattern), by an empty file,
 *                  or by a file of the right size that user 65534 owns
 *                  (BCR_FAIL=shm_plant_...@1; foreign needs root, else the
 *                  program exits 77): its peers must refuse to map it, so
 *                  no segments are made and the call goes through MPI,
 *                  ScaLAPACK's bytes; "planted" keeps its pattern; the same
 *                  call on a new context without the fault makes segments;
 *   full           a call through segments, which then give their pages
 *                  back (BCR_KEEP_BYTES=0); the store is filled up (a file
 *                  "hog" written until it is full); the same call again,
 *                  which would write pages the store cannot hold (SIGBUS),
 *                  must reserve them first, find no room, and go through
 *                  MPI; the hog removed, the call again through segments.
 *                  Then a larger call on a fresh context, which takes the
 *                  first one's parked segments and must make larger ones,
 *                  where process 2 cannot reserve its new file's pages
 *                  (BCR_FAIL=shm_full@2): through MPI, and no file left in
 *                  the directory while the job runs.
 *   attach         process 1 fails to attach the transport's state at a
 *                  context's first call (BCR_FAIL=shm_attach@1); three
 *                  more calls, all through MPI, must neither hang nor
 *                  differ from ScaLAPACK.
 * Every call is checked against ScaLAPACK (freeing.h); with BCR_TRACE=1
 * the script reads each call's transport. */
#define _POSIX_C_SOURCE 200809L

#include <bcredist.h>
#include <mpi.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "freeing.h"

void bcr_faults_enable(void); /* libbcredist's, for tests only */
size_t bcr_shm_bytes(void);   /* src/exec/shm.h: this process's segment pages */

#define M 600
#define N 500
#define PLANTED_BYTES (64u << 20)
#define PATTERN 0x5a

static char dir[512];

/* Files in dir whose name starts with prefix. */
static int files_named(const char *prefix)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

/* The segments' pages this call left, over the job (every process keeps
 * its own with BCR_KEEP_BYTES at its default). */
static long long shm_bytes_of_job(void)
{
    long long mine = (long long)bcr_shm_bytes(), all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
    return all;
}

static void checked_call(const char *what, const fr_grid *g, int m, int n)
{
    fr_redistribute(what, 'd', NULL, NULL, m, n, g, 32, 24, g, 8, 16, g->ctxt, 7);
}

static void make_planted(void)
{
    char path[600];
    snprintf(path, sizeof path, "%s/planted", dir);
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    char page[4096];
    memset(page, PATTERN, sizeof page);
    if (fd < 0 || ftruncate(fd, PLANTED_BYTES) || write(fd, page, sizeof page) != sizeof page)
        fr_fail("cannot make %s: %s", path, strerror(errno));
    if (fd >= 0)
        close(fd);
}

static void check_planted(void)
{
    char path[600], page[4096];
    snprintf(path, sizeof path, "%s/planted", dir);
    int fd = open(path, O_RDONLY);
    ssize_t got = fd < 0 ? -1 : read(fd, page, sizeof page);
    size_t same = 0;
    for (ssize_t k = 0; k < got; k++)
        same += page[k] == PATTERN;
    FR_CHECK(got == sizeof page && same == sizeof page,
             "the planted file was written (%zu of its first %zd bytes kept)", same, got);
    if (fd >= 0)
        close(fd);
    unlink(path);
}

static void plant(const char *mode)
{
    const char *kind = mode + strlen("plant-");
    if (!strcmp(kind, "foreign")) {
        int root = geteuid() == 0, all;
        MPI_Allreduce(&root, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (!all) {
            if (fr_rank == 0)
                printf("skipped: planting a file of another user's needs root\n");
            MPI_Finalize();
            exit(77);
        }
    }
    if (fr_rank == 0)
        make_planted();
    MPI_Barrier(MPI_COMM_WORLD);
    fr_grid g = fr_grid_init("Row", 2, 2);
    char fault[64];
    snprintf(fault, sizeof fault, "shm_plant_%s@1", kind);
    setenv("BCR_FAIL", fault, 1);
    checked_call("a call whose process 1's segment file is replaced", &g, M, N);
    unsetenv("BCR_FAIL");
    long long refused = shm_bytes_of_job();
    FR_CHECK(refused == 0, "segments were made (%lld bytes) with process 1's file replaced",
             refused);
    fr_grid_exit(&g, "the context of the replaced file");
    fr_grid h = fr_grid_init("Row", 2, 2);
    checked_call("the same call on a new context, nothing replaced", &h, M, N);
    long long made = shm_bytes_of_job();
    FR_CHECK(made > 0, "no segments were made with nothing replaced");
    MPI_Barrier(MPI_COMM_WORLD);
    if (fr_rank == 0) {
        check_planted();
        printf("planted %s: segments refused (0 bytes), then made (%lld bytes)\n", kind, made);
    }
    fr_grid_exit(&h, "the second context");
}

/* Process 1 cannot attach the transport's state at the context's first
 * call (BCR_FAIL=shm_attach@1): from then on it asks for no segments, so
 * that it never makes other collectives than its peers (the others have
 * had their first call; it would think it has not).  Every call goes
 * through MPI, right. */
static void attach(void)
{
    fr_grid g = fr_grid_init("Row", 2, 2);
    setenv("BCR_FAIL", "shm_attach@1", 1);
    checked_call("the context's first call, process 1 failing to attach", &g, M, N);
    unsetenv("BCR_FAIL");
    for (int k = 0; k < 3; k++)
        checked_call("a later call, every process attached but process 1", &g, M, N);
    long long made = shm_bytes_of_job();
    FR_CHECK(made == 0, "segments were made (%lld bytes) though process 1 could not attach",
             made);
    if (fr_rank == 0)
        printf("process 1 unattached: every call through MPI\n");
    fr_grid_exit(&g, "the context");
}

/* Writes dir/hog until the store is full. */
static void fill_store(void)
{
    char path[600], block[65536];
    snprintf(path, sizeof path, "%s/hog", dir);
    memset(block, 1, sizeof block);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    long long total = 0;
    for (ssize_t w; fd >= 0 && (w = write(fd, block, sizeof block)) > 0;)
        total += w;
    if (fd >= 0)
        close(fd);
    printf("rank 0: the store is full after %lld bytes of hog\n", total);
}

static void full(void)
{
    fr_grid g = fr_grid_init("Row", 2, 2);
    checked_call("a call through segments, then their pages given back", &g, M, N);
    MPI_Barrier(MPI_COMM_WORLD);
    if (fr_rank == 0)
        fill_store();
    MPI_Barrier(MPI_COMM_WORLD);
    checked_call("the same call with the store full", &g, M, N);
    MPI_Barrier(MPI_COMM_WORLD);
    if (fr_rank == 0) {
        char path[600];
        snprintf(path, sizeof path, "%s/hog", dir);
        unlink(path);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    checked_call("the same call with room again", &g, M, N);
    fr_grid_exit(&g, "the first context");

    /* The new context takes the first one's parked segments, too small for
     * this larger call: new files are made, and process 2's fails. */
    fr_grid h = fr_grid_init("Row", 2, 2);
    setenv("BCR_FAIL", "shm_full@2", 1);
    checked_call("a larger call on a fresh context whose process 2 cannot reserve its new file",
                 &h, M + 120, N + 20);
    unsetenv("BCR_FAIL");
    MPI_Barrier(MPI_COMM_WORLD);
    if (fr_rank == 0) {
        int left = files_named("bcredist-");
        FR_CHECK(left == 0, "%d segment files left in %s", left, dir);
        printf("a file that could not be reserved: no segments, %d files left\n", left);
    }
    fr_grid_exit(&h, "the second context");
}

int main(int argc, char **argv)
{
    fr_init(&argc, &argv, 4, "shm_files");
    const char *mode = argc > 1 ? argv[1] : "";
    const char *d = getenv("BCR_SHM_DIR");
    snprintf(dir, sizeof dir, "%s", d ? d : "");
    bcr_faults_enable();
    if (!d || !*d) {
        if (fr_rank == 0)
            printf("BCR_SHM_DIR must name the directory of the test\n");
    } else if (!strncmp(mode, "plant-", 6)) {
        plant(mode);
    } else if (!strcmp(mode, "full")) {
        full();
    } else if (!strcmp(mode, "attach")) {
        attach();
    } else if (fr_rank == 0) {
        printf("usage: %s plant-link|plant-small|plant-foreign|full|attach\n", argv[0]);
    }
    int bad = fr_finish();
    MPI_Finalize();
    return bad || !d || !*d ? 1 : 0;
}
