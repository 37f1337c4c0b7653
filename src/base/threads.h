/* The process's OpenMP threads, for the kernels' copies.
 *
 * A kernel that copies `bytes` asks bcr_threads_for how many threads to
 * use, then hands its pieces to bcr_threads_each, which runs them across
 * that many threads (each piece a range of columns or of a run list, a
 * long memory stream of its own, never interleaved elements).  One thread
 * when bcredist is built without OpenMP (BCREDIST_OPENMP=OFF), when the
 * caller is already inside a parallel region, and when the work is small
 * (below BCR_THREAD_MIN bytes a thread): then the pieces run in order on
 * the calling thread, with no parallel region.
 *
 * How many threads a call may use is BCR_THREADS as the call read it on
 * its own thread (bcr_threads_want, from bcr_options_read); else, where
 * OMP_NUM_THREADS is set, omp_get_max_threads(); else the process's cores
 * shared among the job's processes on its node (threads.c), these two
 * never more than the cores the process may run on.  Threads only
 * change how this process copies, never what travels, so processes need
 * not agree on it. */
#ifndef BCR_BASE_THREADS_H
#define BCR_BASE_THREADS_H

#include <stddef.h>

#include "base/index.h"

/* BCR_THREAD_MIN unset: below this many bytes a thread, a kernel runs on
 * fewer threads: a parallel region's start and end cost a few
 * microseconds, a 256 KiB copy about 40. */
#define BCR_THREAD_MIN_DEFAULT ((long long)256 << 10)

/* Pieces a kernel cuts its copy into a thread, taken as threads come
 * free: pieces differ in cost (a trapezoid's columns, a partner's share of
 * a column), and a few a thread even them out. */
#define BCR_PIECES_PER_THREAD 4

/* The calling thread's calls use at most n threads from now on (0: as
 * many as omp_get_max_threads() says), each for at least min_bytes of a
 * kernel's copy. */
void bcr_threads_want(int n, long long min_bytes);

/* How many threads a kernel copying `bytes` uses (at least 1). */
int bcr_threads_for(size_t bytes);

/* Pieces 0 to n - 1 of a kernel, each run once by fn(ctx, piece, thread),
 * across nt threads (thread: 0 to nt - 1, the one running it), taken in
 * turn as threads come free (pieces may differ in size: a trapezoid's
 * columns do).  Pieces must write disjoint memory. */
typedef void (*bcr_piece_fn)(void *ctx, bcr_idx piece, int thread);
void bcr_threads_each(int nt, bcr_idx n, bcr_piece_fn fn, void *ctx);

#endif
