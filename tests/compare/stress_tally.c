/* bcr_stress_tally: what a set of bcr_test_compare --random runs covers.
 *
 *   bcr_stress_tally [--min N] RANKS SEED COUNT [RANKS SEED COUNT ...]
 *
 * Rebuilds, with the generator bcr_test_compare uses (compare_gen.c), the
 * configuration stream of each run and counts it by type and routine, and
 * by rank count; no MPI, nothing is run.  The compare tests themselves say
 * "compare: N configurations, 0 mismatches"; this says what those N were.
 * Exit status 1 when some (type, routine) got nothing, or when there are
 * fewer than N configurations in all.
 */
#include "compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    long min = 0;
    int first = 1;
    if (argc > 2 && !strcmp(argv[1], "--min")) {
        min = atol(argv[2]);
        first = 3;
    }
    if (argc - first < 3 || (argc - first) % 3) {
        fprintf(stderr, "usage: bcr_stress_tally [--min N] RANKS SEED COUNT [RANKS SEED COUNT ...]\n");
        return 2;
    }
    static cmp_pool pool;
    long by[CMP_NTYPES][2] = {{0}}, empty = 0, total = 0;
    long ranks[CMP_MAXP + 1] = {0};
    for (int a = first; a < argc; a += 3) {
        int np = atoi(argv[a]);
        unsigned long long seed = strtoull(argv[a + 1], NULL, 0);
        long count = atol(argv[a + 2]);
        if (np < 1 || np > CMP_MAXP || count < 0) {
            fprintf(stderr, "stress: bad run %s %s %s\n", argv[a], argv[a + 1], argv[a + 2]);
            return 2;
        }
        long batch = -1;
        for (long i = 0; i < count; i++) {
            /* the same pools, in the same order, as compare_main.c draws */
            if (i / CMP_BATCH != batch) {
                batch = i / CMP_BATCH;
                memset(&pool, 0, sizeof pool);
                cmp_random_pool(&pool, seed, batch, np);
            }
            cmp_config c;
            cmp_random_config(&c, &pool, seed, i, np);
            by[c.type][c.tr]++;
            empty += c.m == 0 || c.n == 0;
        }
        ranks[np] += count;
        total += count;
        printf("stress: %d ranks, seed %llu: %ld configurations\n", np, seed, count);
    }
    int missing = 0;
    printf("stress: type  gemr2d  trmr2d\n");
    for (int t = 0; t < CMP_NTYPES; t++) {
        printf("stress: %c    %7ld %7ld\n", cmp_type_char[t], by[t][0], by[t][1]);
        missing += by[t][0] == 0 || by[t][1] == 0;
    }
    printf("stress: by ranks:");
    for (int np = 1; np <= CMP_MAXP; np++)
        if (ranks[np])
            printf(" %d: %ld", np, ranks[np]);
    printf("\nstress: %ld configurations in all (%ld with m or n = 0)\n", total, empty);
    if (missing)
        printf("stress: FAIL: %d (type, routine) pairs never drawn\n", missing);
    if (total < min)
        printf("stress: FAIL: fewer than %ld configurations\n", min);
    return missing || total < min ? 1 : 0;
}
