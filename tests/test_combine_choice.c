/* When bcredist combines on its own (plan/combine_choice.h): for virtual
 * grids of 1 to 4096 processes, no MPI, the decision against the rule
 * applied to a load counted here element by element, apart from the
 * planner: A's process (0, 0), each element it holds of the submatrix
 * sent to its owner in B (a partner unless that is itself), bytes summed.
 *
 *   bcr_test_combine_choice [COUNT]   COUNT random configurations (default
 *                                      400), plus fixed ones on each side
 *                                      of every bound */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/index.h"
#include "plan/combine_choice.h"
#include "unit_check.h"

const long long unit_max_reports = 20;

typedef struct {
    int P0, Q0, P1, Q1, M, N, mb0, nb0, mb1, nb1, col_major_b;
} config;

static bcr_side side_of(int P, int Q, int M, int N, int mb, int nb, int *map)
{
    bcr_side s = {0, -1, -1, P, Q, M, N, mb, nb, 0, 0, 0, 0, 1, map};
    return s;
}

/* The owner in B of global element (i, j), as a rank. */
static int owner_b(const config *c, const int *map_b, int i, int j)
{
    int pr = (i / c->mb1) % c->P1, pc = (j / c->nb1) % c->Q1;
    return map_b[pr * c->Q1 + pc];
}

/* Rule applied to A (0, 0)'s load counted element by element. */
static int expected(const config *c, const int *map_b, int nranks, size_t es)
{
    if (nranks < BCR_COMBINE_MIN_RANKS)
        return 0;
    int me = 0; /* A's map is row-major from rank 0 */
    char *seen = calloc((size_t)nranks, 1);
    long long bytes = 0;
    int partners = 0;
    for (int j = 0; j < c->N; j++) {
        if ((j / c->nb0) % c->Q0 != 0)
            continue;
        for (int i = 0; i < c->M; i++) {
            if ((i / c->mb0) % c->P0 != 0)
                continue;
            int o = owner_b(c, map_b, i, j);
            if (o == me)
                continue;
            bytes += (long long)es;
            if (!seen[o]) {
                seen[o] = 1;
                partners++;
            }
        }
    }
    free(seen);
    return partners >= BCR_COMBINE_MIN_PARTNERS &&
           bytes <= BCR_COMBINE_MAX_BYTES * (long long)partners;
}

static int check(const config *c)
{
    int na = c->P0 * c->Q0, nb = c->P1 * c->Q1, n = na > nb ? na : nb;
    int *map_a = malloc((size_t)na * sizeof *map_a), *map_b = malloc((size_t)nb * sizeof *map_b);
    for (int k = 0; k < na; k++)
        map_a[k] = k;
    for (int r = 0; r < c->P1; r++)
        for (int q = 0; q < c->Q1; q++)
            map_b[r * c->Q1 + q] = c->col_major_b ? q * c->P1 + r : r * c->Q1 + q;
    bcr_side A = side_of(c->P0, c->Q0, c->M, c->N, c->mb0, c->nb0, map_a);
    bcr_side B = side_of(c->P1, c->Q1, c->M, c->N, c->mb1, c->nb1, map_b);
    bcr_mask mk = {0, 0, 0, c->M, c->N};
    bcr_plan_options opt;
    memset(&opt, 0, sizeof opt);
    opt.strategy = BCR_STRATEGY_DIRECT;
    opt.schedule = BCR_SCHEDULE_AUTO;
    int got = bcr_combine_chosen(&A, &B, &mk, 8, &opt, n);
    int want = expected(c, map_b, n, 8);
    CHECK(got == want,
          "%dx%d/%dx%d -> %dx%d/%dx%d (%s), %dx%d: combine %d, the rule on the counted load "
          "says %d",
          c->P0, c->Q0, c->mb0, c->nb0, c->P1, c->Q1, c->mb1, c->nb1,
          c->col_major_b ? "B column-major" : "B row-major", c->M, c->N, got, want);
    free(map_a);
    free(map_b);
    return got;
}

int main(int argc, char **argv)
{
    int count = argc > 1 ? atoi(argv[1]) : 400;
    /* Fixed: many partners with short messages (combines), too few ranks,
     * long messages, few partners. */
    static const config fixed[] = {
        {32, 32, 32, 32, 4096, 4096, 64, 64, 1, 1, 1},
        {16, 16, 16, 16, 2048, 2048, 64, 64, 2, 2, 0},
        {8, 8, 8, 8, 4096, 4096, 64, 64, 1, 1, 1},
        {32, 32, 32, 32, 8192, 8192, 64, 64, 48, 48, 1},
        {32, 32, 32, 32, 4096, 4096, 64, 64, 64, 64, 0},
        {64, 64, 64, 64, 4096, 4096, 32, 32, 1, 1, 1},
    };
    int combined = 0;
    for (size_t k = 0; k < sizeof fixed / sizeof *fixed; k++)
        combined += check(&fixed[k]);
    CHECK(combined >= 2 && combined <= 4, "%d of the fixed cases combine; expected 2 to 4",
          combined);
    srand(4711);
    for (int t = 0; t < count; t++) {
        config c;
        c.P0 = 1 + rand() % 48;
        c.Q0 = 1 + rand() % 48;
        c.P1 = 1 + rand() % 48;
        c.Q1 = 1 + rand() % 48;
        c.mb0 = 1 + rand() % 64;
        c.nb0 = 1 + rand() % 64;
        c.mb1 = 1 + rand() % 8;
        c.nb1 = 1 + rand() % 8;
        c.M = 1 + rand() % 3000;
        c.N = 1 + rand() % 3000;
        c.col_major_b = rand() % 2;
        combined += check(&c);
    }
    printf("combine choice: %d configurations, %d combine, %lld of %lld checks failed\n",
           count + (int)(sizeof fixed / sizeof *fixed), combined, n_failed, n_checks);
    return n_failed ? 1 : 0;
}
