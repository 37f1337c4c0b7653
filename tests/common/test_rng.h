/* Deterministic pseudo-random numbers (splitmix64) for the random sweeps of
 * bcr_test_compare and bcr_test_update.  A sweep's configuration is named by
 * (seed, stream, index), so a failing one can be run again alone; each
 * program keeps its own way from those three to a state (cmp_rng_init,
 * u_rng_init), which must not change, or the seeds the tests and reports
 * name would name other configurations. */
#ifndef BCR_TEST_RNG_H
#define BCR_TEST_RNG_H

#include <stdint.h>

#define TEST_RNG_GOLDEN 0x9E3779B97F4A7C15ULL

typedef struct {
    uint64_t s;
} test_rng;

/* A 64-bit hash: the output after one step from x. */
uint64_t test_rng_mix(uint64_t x);

/* The state for (seed, stream, index); `salt` keeps one program's streams
 * apart from another's. */
void test_rng_init(test_rng *r, uint64_t seed, uint64_t stream, uint64_t index,
                   uint64_t salt);

uint64_t test_rng_next(test_rng *r);

/* uniform in [lo, hi] */
int test_rng_int(test_rng *r, int lo, int hi);

/* 1 with probability p */
int test_rng_chance(test_rng *r, double p);

/* v[0..n-1] in a random order (Fisher-Yates). */
void test_rng_shuffle(test_rng *r, int *v, int n);

/* A random shape nprow x npcol = k, every divisor of k equally likely. */
void test_rng_shape(test_rng *r, int k, int *nprow, int *npcol);

#endif
