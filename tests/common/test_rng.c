/* test_rng.h: splitmix64 for the random sweeps. */
#include "test_rng.h"

/* splitmix64's output function of a state. */
static uint64_t test_rng_finish(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t test_rng_mix(uint64_t x)
{
    return test_rng_finish(x + TEST_RNG_GOLDEN);
}

void test_rng_init(test_rng *r, uint64_t seed, uint64_t stream, uint64_t index,
                   uint64_t salt)
{
    r->s = test_rng_mix(test_rng_mix(seed) ^ test_rng_mix(stream * 0x100000001B3ULL + salt) ^
                        test_rng_mix(index + 0x632BE59BD9B4E019ULL));
}

uint64_t test_rng_next(test_rng *r)
{
    r->s += TEST_RNG_GOLDEN;
    return test_rng_finish(r->s);
}

int test_rng_int(test_rng *r, int lo, int hi)
{
    if (hi <= lo)
        return lo;
    return lo + (int)(test_rng_next(r) % (uint64_t)(hi - lo + 1));
}

int test_rng_chance(test_rng *r, double p)
{
    return (double)(test_rng_next(r) >> 11) * (1.0 / 9007199254740992.0) < p;
}

void test_rng_shuffle(test_rng *r, int *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = test_rng_int(r, 0, i), t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

void test_rng_shape(test_rng *r, int k, int *nprow, int *npcol)
{
    int nd = 0;
    for (int d = 1; d <= k; d++)
        nd += k % d == 0;
    int pick = test_rng_int(r, 0, nd - 1);
    for (int d = 1; d <= k; d++)
        if (k % d == 0 && pick-- == 0) {
            *nprow = d;
            break;
        }
    *npcol = k / *nprow;
}
