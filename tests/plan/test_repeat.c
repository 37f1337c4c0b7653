/* The same call again goes straight to the exchange (src/runtime/lastcall.h): it
 * must agree once instead of twice, and only when every process repeats
 * its own last call; every result is compared with ScaLAPACK's, byte for
 * byte over the whole local B.  4 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "mpi_check.h"
#include "scalapack_ref.h"

/* bcredist's collectives, counted around its calls only. */
unsigned g_case_timeout = 60; /* seconds before a case counts as hung */

static long allreduces;

int MPI_Allreduce(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    allreduces++;
    return PMPI_Allreduce(s, r, n, t, op, c);
}

int MPI_Iallreduce(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c,
                   MPI_Request *q)
{
    allreduces++;
    return PMPI_Iallreduce(s, r, n, t, op, c, q);
}

/* The reference exits on bad input, and cannot run where some process has
 * it: set, a call runs ours alone, and B must then stay as it was. */
static int bad_somewhere;

typedef struct {
    int ctxt, in, myrow, mycol, P, Q;
} grid;

/* A grid of P x Q over the given world ranks (row-major). */
static grid make_grid(int P, int Q, const int *ranks)
{
    grid g = {-1, 0, -1, -1, P, Q};
    int map[16];
    for (int r = 0; r < P; r++)
        for (int c = 0; c < Q; c++)
            map[c * P + r] = ranks[r * Q + c]; /* column-major, leading dim P */
    Cblacs_get(0, 0, &g.ctxt);
    Cblacs_gridmap(&g.ctxt, map, P, P, Q);
    for (int k = 0; k < P * Q; k++)
        g.in |= ranks[k] == g_rank;
    if (g.in) {
        int p, q;
        Cblacs_gridinfo(g.ctxt, &p, &q, &g.myrow, &g.mycol);
    } else {
        g.ctxt = -1;
    }
    return g;
}

typedef struct {
    const grid *g;
    int M, N, MB, NB, extra_lld; /* extra_lld: padding rows on this process */
} layout;

static int zero = 0;

static void describe(const layout *l, int *desc, int *lr, int *lc)
{
    *lr = *lc = 0;
    memset(desc, 0, 9 * sizeof *desc);
    desc[1] = -1;
    if (!l->g->in)
        return;
    *lr = numroc_(&l->M, &l->MB, &l->g->myrow, &zero, &l->g->P);
    *lc = numroc_(&l->N, &l->NB, &l->g->mycol, &zero, &l->g->Q);
    int lld = (*lr > 1 ? *lr : 1) + l->extra_lld;
    int d[9] = {1, l->g->ctxt, l->M, l->N, l->MB, l->NB, 0, 0, lld};
    memcpy(desc, d, sizeof d);
}

/* One call of each library on the same input; returns how many
 * collectives bcredist made on this process (-1 when B differs). */
static long compare(const char *uplo, int m, int n, int ia, const layout *la,
                    const layout *lb, int union_ctxt, unsigned seed, int *bcr_code)
{
    int desca[9], descb[9], lra, lca, lrb, lcb;
    describe(la, desca, &lra, &lca);
    describe(lb, descb, &lrb, &lcb);
    size_t na = (size_t)desca[8] * (size_t)lca, nb = (size_t)descb[8] * (size_t)lcb;
    double *a = malloc((na ? na : 1) * sizeof *a);
    double *bref = malloc((nb ? nb : 1) * sizeof *bref);
    double *bbcr = malloc((nb ? nb : 1) * sizeof *bbcr);
    for (size_t i = 0; i < na; i++)
        a[i] = (double)((seed * 2654435761u + (unsigned)i * 40503u + (unsigned)g_rank) % 100003);
    for (size_t i = 0; i < nb; i++)
        bref[i] = bbcr[i] = -1.0 - (double)i;
    /* The reference exits on bad input: a bad call runs ours alone, and B
     * must then stay as it was. */
    if (ia < 1 || bad_somewhere)
        ;
    else if (uplo)
        Cpdtrmr2d((char *)uplo, "N", m, n, a, ia, 1, desca, bref, 1, 1, descb, union_ctxt);
    else
        Cpdgemr2d(m, n, a, ia, 1, desca, bref, 1, 1, descb, union_ctxt);
    allreduces = 0;
    if (uplo)
        bcr_pdtrmr2d(uplo, "N", m, n, a, ia, 1, desca, bbcr, 1, 1, descb, union_ctxt);
    else
        bcr_pdgemr2d(m, n, a, ia, 1, desca, bbcr, 1, 1, descb, union_ctxt);
    long made = allreduces;
    *bcr_code = bcr_last_error(NULL); /* the message is not needed */
    int same = !nb || !memcmp(bref, bbcr, nb * sizeof *bref);
    free(a);
    free(bref);
    free(bbcr);
    return same ? made : -1;
}

/* A call that must succeed, match ScaLAPACK and agree once (expect 1) or
 * at least twice (expect 2: a first call on a context or a shared window
 * agrees more). */
static void expect_call(const char *what, const char *uplo, int m, int n, const layout *la,
                        const layout *lb, int ctxt, unsigned seed, long expect)
{
    begin_case("%s", what);
    int code;
    long made = compare(uplo, m, n, 1, la, lb, ctxt, seed, &code);
    CHECK(code == BCR_SUCCESS, "%s: error %d", what, code);
    CHECK(made >= 0, "%s: B differs from ScaLAPACK's", what);
    CHECK(made < 0 || (expect == 1 ? made == 1 : made >= 2), "%s: %ld agreements, expected %s",
          what, made, expect == 1 ? "1" : "2 or more");
    end_case();
}

int main(int argc, char **argv)
{
    mpi_check_init(&argc, &argv);
    if (g_size != 4) {
        if (g_rank == 0)
            fprintf(stderr, "test_repeat needs 4 ranks\n");
        MPI_Finalize();
        return 1;
    }
    const int all[4] = {0, 1, 2, 3}, two_a[2] = {0, 1}, two_b[2] = {1, 2};
    grid world = make_grid(1, 4, all), g22 = make_grid(2, 2, all);
    grid ga = make_grid(2, 1, two_a), gb = make_grid(1, 2, two_b);
    int ctxt = world.ctxt;

    layout x_a = {&g22, 37, 41, 3, 3, 0}, x_b = {&g22, 37, 41, 5, 4, 0};
    expect_call("first call", NULL, 37, 41, &x_a, &x_b, ctxt, 1, 2);
    expect_call("same call: one agreement", NULL, 37, 41, &x_a, &x_b, ctxt, 2, 1);
    expect_call("same call, other data and arrays", NULL, 37, 41, &x_a, &x_b, ctxt, 3, 1);

    layout x_b_pad = x_b;
    x_b_pad.extra_lld = g_rank == 1 ? 3 : 0;
    expect_call("LLD_B changed on one process: all agree twice", NULL, 37, 41, &x_a, &x_b_pad,
                ctxt, 4, 2);
    expect_call("back to the first call", NULL, 37, 41, &x_a, &x_b, ctxt, 5, 2);

    expect_call("trmr2d U", "U", 37, 41, &x_a, &x_b, ctxt, 6, 2);
    expect_call("trmr2d U again", "U", 37, 41, &x_a, &x_b, ctxt, 7, 1);
    expect_call("trmr2d L", "L", 37, 41, &x_a, &x_b, ctxt, 8, 2);

    begin_case("a bad call between two same calls");
    int code;
    long made = compare(NULL, 37, 41, 0, &x_a, &x_b, ctxt, 9, &code); /* ia = 0 */
    CHECK(code == BCR_ERR_ARGUMENT, "ia = 0 gave %d", code);
    CHECK(made >= 0, "ia = 0 changed B");
    end_case();
    expect_call("trmr2d L after the bad call", "L", 37, 41, &x_a, &x_b, ctxt, 10, 1);

    /* Short runs and enough bytes for the shared segments, then a larger
     * call that grows them, then the first again. */
    layout s_a = {&g22, 600, 600, 1, 1, 0}, s_b = {&g22, 600, 600, 32, 32, 0};
    layout t_a = {&g22, 900, 900, 1, 1, 0}, t_b = {&g22, 900, 900, 32, 32, 0};
    expect_call("segments", NULL, 600, 600, &s_a, &s_b, ctxt, 11, 2);
    expect_call("segments again", NULL, 600, 600, &s_a, &s_b, ctxt, 12, 1);
    expect_call("larger segments", NULL, 900, 900, &t_a, &t_b, ctxt, 13, 2);
    expect_call("larger segments again", NULL, 900, 900, &t_a, &t_b, ctxt, 14, 1);
    expect_call("the smaller call", NULL, 600, 600, &s_a, &s_b, ctxt, 15, 2);

    /* A process repeating its last call packs into its segment while the
     * agreement travels; where another does not repeat, that pack is
     * dropped, and where another has an error, nothing is written. */
    expect_call("the smaller call again", NULL, 600, 600, &s_a, &s_b, ctxt, 19, 1);
    layout s_b_pad = s_b;
    s_b_pad.extra_lld = g_rank == 2 ? 5 : 0;
    expect_call("segments, LLD_B changed on one process", NULL, 600, 600, &s_a, &s_b_pad, ctxt,
                20, 2);
    expect_call("segments as before", NULL, 600, 600, &s_a, &s_b, ctxt, 21, 2);
    expect_call("segments as before, again", NULL, 600, 600, &s_a, &s_b, ctxt, 22, 1);
    begin_case("segments, a bad call on one process while the others repeat");
    bad_somewhere = 1;
    made = compare(NULL, 600, 600, g_rank == 2 ? 0 : 1, &s_a, &s_b, ctxt, 23, &code);
    bad_somewhere = 0;
    CHECK(code == BCR_ERR_ARGUMENT, "ia = 0 on rank 2 gave %d", code);
    CHECK(made >= 0, "ia = 0 on rank 2 changed B");
    end_case();
    expect_call("segments after the bad call", NULL, 600, 600, &s_a, &s_b, ctxt, 24, 1);

    /* Rank 3 is in neither grid: it repeats too, with nothing to move. */
    layout o_a = {&ga, 50, 30, 4, 4, 0}, o_b = {&gb, 50, 30, 7, 3, 0};
    expect_call("a process in neither grid", NULL, 50, 30, &o_a, &o_b, ctxt, 16, 2);
    expect_call("a process in neither grid, again", NULL, 50, 30, &o_a, &o_b, ctxt, 17, 1);

    /* After bcr_finalize nothing is remembered. */
    begin_case("bcr_finalize");
    bcr_finalize();
    end_case();
    expect_call("after bcr_finalize", NULL, 50, 30, &o_a, &o_b, ctxt, 18, 2);

    int rc = finish_checks("test_repeat");
    bcr_finalize();
    /* The BLACS keeps its grids' communicators (and the attributes on
     * them) to the end unless told. */
    const grid *grids[] = {&world, &g22, &ga, &gb};
    for (int i = 0; i < 4; i++)
        if (grids[i]->in)
            Cblacs_gridexit(grids[i]->ctxt);
    MPI_Finalize();
    return rc;
}
