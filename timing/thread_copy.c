/* The copy bound with threads: a memcpy of MiB mebibytes split into 1 and
 * into N contiguous parts, one a thread, on pages already touched (warm)
 * and on pages just mapped (fresh: each copy writes a new allocation, its
 * page faults included), the four taken in turn, medians of reps.  What a
 * threaded redistribution within one process can gain over one thread
 * is bounded by the warm ratio.
 *
 *   bcr_thread_copy [MiB] [N] [reps]      (default 512 2 7)
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double copy_once(char *dst, const char *src, size_t n, int nt)
{
    double t = omp_get_wtime();
#pragma omp parallel num_threads(nt)
    {
        int k = omp_get_thread_num(), m = omp_get_num_threads();
        size_t lo = n * (size_t)k / (size_t)m, hi = n * (size_t)(k + 1) / (size_t)m;
        memcpy(dst + lo, src + lo, hi - lo);
    }
    return omp_get_wtime() - t;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 512;
    int nt = argc > 2 ? atoi(argv[2]) : 2, reps = argc > 3 ? atoi(argv[3]) : 7;
    if (mib < 1 || nt < 1 || reps < 1 || reps > 100) {
        fprintf(stderr, "usage: bcr_thread_copy [MiB] [threads] [reps 1..100]\n");
        return 2;
    }
    size_t n = mib << 20;
    char *src = malloc(n), *dst = malloc(n);
    if (!src || !dst)
        return 1;
    memset(src, 1, n);
    memset(dst, 2, n);
    double t[4][100];
    for (int r = 0; r < reps; r++)
        for (int fresh = 0; fresh < 2; fresh++)
            for (int one = 0; one < 2; one++) {
                int threads = one ? 1 : nt;
                char *d = fresh ? malloc(n) : dst;
                if (!d)
                    return 1;
                t[fresh * 2 + one][r] = copy_once(d, src, n, threads);
                if (fresh)
                    free(d);
            }
    double w1 = median(t[1], reps), wn = median(t[0], reps);
    double f1 = median(t[3], reps), fn = median(t[2], reps);
    printf("bcr_thread_copy: %zu MiB, medians of %d\n", mib, reps);
    printf("warm  1 thread %.4f s (%.1f GB/s), %d threads %.4f s (%.1f GB/s): %.2f times\n", w1,
           (double)n / w1 / 1e9, nt, wn, (double)n / wn / 1e9, w1 / wn);
    printf("fresh 1 thread %.4f s (%.1f GB/s), %d threads %.4f s (%.1f GB/s): %.2f times\n", f1,
           (double)n / f1 / 1e9, nt, fn, (double)n / fn / 1e9, f1 / fn);
    free(src);
    free(dst);
    return 0;
}
