/* bcr_plan_only: how planning scales.  Computes one process's plan for
 * virtual grids (no data, no messages, no MPI communication) and prints the
 * time next to the number of blocks that process holds, so one can see the
 * plan cost follow the process's own blocks, not the square of the number of
 * processes.
 *
 *   bcr_plan_only [--reps N]
 *
 * Grid A: G x G, 64 x 64 blocks, row-major ranks.  Grid B: the same
 * processes numbered column-major, 48 x 48 blocks, so every process has many
 * partners and no block lines up.  The planning process is the one at A's
 * (0, 0).
 *
 * Then the same with grid A a blocks layout (bcr_layout_blocks): row and
 * column blocks of 32 to 96 (64 on average), each dealt to a random
 * process row or column, against B as above: the run lists walk the
 * process's own blocks and cut them at B's (plan/gen_bands.h).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/options.h"
#include "layout/layout.h"
#include "plan/exchange.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static bcr_side virtual_side(int G, int N, int nb, int *map)
{
    bcr_side s = {1, 0, 0, G, G, N, N, nb, nb, 0, 0, 0, 0, 1, map, NULL, NULL};
    bcr_idx rows = bcr_local_count(N, nb, 0, 0, G);
    s.lld = (int)(rows > 1 ? rows : 1);
    return s;
}

/* Grid A's ranks row-major, grid B's the same processes column-major. */
static void grid_maps(int G, int **a, int **b)
{
    *a = malloc((size_t)G * G * sizeof **a);
    *b = malloc((size_t)G * G * sizeof **b);
    for (int r = 0; r < G; r++)
        for (int c = 0; c < G; c++) {
            (*a)[r * G + c] = r * G + c;
            (*b)[r * G + c] = c * G + r;
        }
}

static void print_header(void)
{
    printf("%-9s %7s %11s %9s %11s %13s\n", "grid", "N", "own blocks", "partners", "plan ms",
           "us per block");
}

static void print_row(int G, int N, bcr_idx own, int partners, double med)
{
    char grid[16];
    snprintf(grid, sizeof grid, "%dx%d", G, G);
    printf("%-9s %7d %11lld %9d %11.3f %13.3f\n", grid, N, (long long)own, partners, med * 1e3,
           own ? med * 1e6 / (double)own : 0.0);
}

/* The median time of reps plans of the process at A's (0, 0); *partners
 * its partners. */
static double time_plan(const bcr_side *A, const bcr_side *B, int N, int G, int reps, double *t,
                        int *partners)
{
    bcr_mask mk = {0, 0, 0, N, N};
    bcr_options opt;
    bcr_options_read(&opt);
    for (int r = 0; r < reps; r++) {
        bcr_exchange pl;
        double t0 = MPI_Wtime();
        if (bcr_exchange_build(&pl, A, B, &mk, 8, &opt.plan, 0, G * G)) {
            fprintf(stderr, "out of memory\n");
            exit(1);
        }
        t[r] = MPI_Wtime() - t0;
        *partners = pl.send.nparts + pl.send.has_self;
        bcr_exchange_free(&pl);
    }
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    return t[reps / 2];
}

static unsigned long long next(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

/* One dimension of N in blocks of 32 to 96, dealt to random coordinates
 * of G; coordinate 0 gets the first. */
static void random_dim(bcr_layout_dim *d, int N, int G, unsigned long long *seed)
{
    int cap = N / 32 + 1, n = 0;
    bcr_int *size = malloc((size_t)cap * sizeof *size), *coord = malloc((size_t)cap * sizeof *coord);
    for (int at = 0; at < N; n++) {
        int b = 32 + (int)(next(seed) % 65);
        size[n] = b < N - at ? b : N - at;
        coord[n] = n == 0 ? 0 : (bcr_int)(next(seed) % (unsigned long long)G);
        at += (int)size[n];
    }
    if (bcr_layout_dim_make(d, n, size, coord, G))
        exit(1);
    free(size);
    free(coord);
}

static void blocks_table(int reps, double *t)
{
    static const int grids[] = {16, 32, 64, 128};
    static const int sizes[] = {10000, 25000, 50000, 100000};
    printf("\nblocks layout (blocks of 32 to 96, random owners) -> 48 x 48 block-cyclic\n");
    print_header();
    for (size_t gi = 0; gi < sizeof grids / sizeof *grids; gi++) {
        int G = grids[gi];
        int *map_a, *map_b;
        grid_maps(G, &map_a, &map_b);
        for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
            int N = sizes[si];
            unsigned long long seed = 12345 + (unsigned long long)G * 7 + (unsigned long long)N;
            bcr_layout_dim rows, cols;
            random_dim(&rows, N, G, &seed);
            random_dim(&cols, N, G, &seed);
            bcr_side A = virtual_side(G, N, 64, map_a), B = virtual_side(G, N, 48, map_b);
            A.MB = A.NB = 1;
            A.rbands = &rows.bands;
            A.cbands = &cols.bands;
            bcr_idx lrows = bcr_layout_dim_count(&rows, 0);
            A.lld = (int)(lrows > 1 ? lrows : 1);
            int partners = 0;
            double med = time_plan(&A, &B, N, G, reps, t, &partners);
            bcr_idx own = (rows.first[1] - rows.first[0]) * (cols.first[1] - cols.first[0]);
            print_row(G, N, own, partners, med);
            bcr_layout_dim_free(&rows);
            bcr_layout_dim_free(&cols);
        }
        free(map_a);
        free(map_b);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int reps = 5;
    for (int i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--reps"))
            reps = atoi(argv[i + 1]);
    static const int grids[] = {16, 32, 64, 128};
    static const int sizes[] = {10000, 25000, 50000, 100000};
    printf("bcr_plan_only: one process's plan, median of %d, 8-byte elements\n", reps);
    print_header();
    double *t = malloc((size_t)reps * sizeof *t);
    for (size_t gi = 0; gi < sizeof grids / sizeof *grids; gi++) {
        int G = grids[gi];
        int *map_a, *map_b;
        grid_maps(G, &map_a, &map_b);
        for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
            int N = sizes[si];
            bcr_side A = virtual_side(G, N, 64, map_a), B = virtual_side(G, N, 48, map_b);
            int partners = 0;
            double med = time_plan(&A, &B, N, G, reps, t, &partners);
            bcr_idx own = bcr_local_count(N, 64, 0, 0, G);
            own = (own + 63) / 64;
            own *= own;
            print_row(G, N, own, partners, med);
        }
        free(map_a);
        free(map_b);
    }
    blocks_table(reps, t);
    free(t);
    MPI_Finalize();
    return 0;
}
