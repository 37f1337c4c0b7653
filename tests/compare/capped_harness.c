/* Harness of the capped-call tests; see capped.h. */
#define _POSIX_C_SOURCE 200809L

#include "capped.h"

#include <bcredist.h>
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/round_size.h"
#include "exec/rounds.h"
#include "base/options.h"
#include "exec/pools.h"
#include "mpi_check.h"
#include "scalapack_ref.h"

cp_grid cp_grids[CP_NGRIDS];
cp_stats cp_tally;

/* Nothing is given back after a call: the pools and segments then show
 * the most the call held. */
#define KEEP_ALL "1125899906842624"

/* Without a cap, besides local A and local B: the request bookkeeping of
 * an exchange over 4 processes, 236 bytes (src/exec/round_size.c counts
 * it). */
#define BOOKKEEPING 256

/* ---- grids -------------------------------------------------------------- */

static cp_grid grid_of(const char *name, int ctxt, int P, int Q)
{
    cp_grid g = {name, -1, P, Q, -1, -1, {0}};
    if (ctxt >= 0) {
        int p, q, r, c;
        Cblacs_gridinfo(ctxt, &p, &q, &r, &c);
        if (r >= 0 && r < p && c >= 0 && c < q) {
            g.ctxt = ctxt;
            g.myrow = r;
            g.mycol = c;
        }
    }
    return g;
}

static cp_grid grid_init(const char *name, const char *order, int P, int Q)
{
    int ctxt;
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridinit(&ctxt, order, P, Q);
    cp_grid g = grid_of(name, ctxt, P, Q);
    for (int r = 0; r < P; r++)
        for (int c = 0; c < Q; c++)
            g.rank[r * Q + c] = order[0] == 'C' ? c * P + r : r * Q + c;
    return g;
}

/* ranks[r * Q + c] at (r, c). */
static cp_grid grid_map(const char *name, int P, int Q, const int *ranks)
{
    int map[16], ctxt;
    for (int r = 0; r < P; r++)
        for (int c = 0; c < Q; c++)
            map[c * P + r] = ranks[r * Q + c];
    Cblacs_get(0, 0, &ctxt);
    Cblacs_gridmap(&ctxt, map, P, P, Q);
    cp_grid g = grid_of(name, ctxt, P, Q);
    memcpy(g.rank, ranks, (size_t)(P * Q) * sizeof *ranks);
    return g;
}

void cp_grids_make(void)
{
    static const int r0[] = {0}, r01[] = {0, 1}, r12[] = {1, 2};
    cp_grids[CP_ALL] = grid_init("all", "R", 1, 4);
    cp_grids[CP_22] = grid_init("2x2", "R", 2, 2);
    cp_grids[CP_22C] = grid_init("2x2c", "C", 2, 2);
    cp_grids[CP_11] = grid_map("1x1", 1, 1, r0);
    cp_grids[CP_14] = grid_init("1x4", "R", 1, 4);
    cp_grids[CP_41] = grid_init("4x1", "R", 4, 1);
    cp_grids[CP_12] = grid_map("1x2", 1, 2, r01);
    cp_grids[CP_21] = grid_map("2x1", 2, 1, r12);
}

void cp_grids_free(void)
{
    for (int k = 0; k < CP_NGRIDS; k++)
        if (cp_grids[k].ctxt >= 0)
            Cblacs_gridexit(cp_grids[k].ctxt);
}

/* ---- local arrays --------------------------------------------------------- */

typedef struct {
    char type;
    size_t es;
    int desc[9];
    int lr, lc;
    size_t bytes; /* LLD x lc x es: every byte compared */
    char *p;      /* NULL outside the grid */
} cp_array;

static size_t type_size(char t)
{
    switch (t) {
    case 's': return sizeof(float);
    case 'd': return sizeof(double);
    case 'c': return 2 * sizeof(float);
    case 'z': return 2 * sizeof(double);
    default: return sizeof(int);
    }
}

/* The side's local array here, LLD one to three rows past the local rows
 * (rank dependent), or an all -1 descriptor outside the grid. */
static void array_make(cp_array *x, char type, const cp_side *s)
{
    const cp_grid *g = &cp_grids[s->grid];
    memset(x, 0, sizeof *x);
    x->type = type;
    x->es = type_size(type);
    for (int k = 0; k < 9; k++)
        x->desc[k] = -1;
    if (g->ctxt < 0)
        return;
    x->lr = numroc_(&s->M, &s->MB, &g->myrow, &s->RSRC, &g->P);
    x->lc = numroc_(&s->N, &s->NB, &g->mycol, &s->CSRC, &g->Q);
    int lld = (x->lr > 1 ? x->lr : 1) + 1 + g_rank % 3;
    const int d[9] = {1, g->ctxt, s->M, s->N, s->MB, s->NB, s->RSRC, s->CSRC, lld};
    memcpy(x->desc, d, sizeof d);
    x->bytes = (size_t)lld * (size_t)x->lc * x->es;
    x->p = malloc(x->bytes ? x->bytes : 1);
    if (!x->p) {
        fprintf(stderr, "capped: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
}

/* Finite values from (seed, rank, index), padding included; a complex
 * element is two of them. */
static void array_fill(cp_array *x, unsigned seed)
{
    size_t n = x->bytes / x->es;
    for (size_t k = 0; k < n; k++) {
        unsigned v = (unsigned)((seed * 2654435761u) ^ ((unsigned)g_rank * 40503u) ^
                                (unsigned)(k * 2246822519u)) % 1000003u;
        char *e = x->p + k * x->es;
        float f[2] = {(float)v, -(float)(v % 977u)};
        double d[2] = {(double)v + 0.5, (double)(v % 991u)};
        int i = (int)v - 500000;
        switch (x->type) {
        case 's': case 'c': memcpy(e, f, x->es); break;
        case 'd': case 'z': memcpy(e, d, x->es); break;
        default: memcpy(e, &i, sizeof i); break;
        }
    }
}

static void array_copy(cp_array *to, const cp_array *from)
{
    *to = *from;
    to->p = NULL;
    if (from->p) {
        to->p = malloc(from->bytes ? from->bytes : 1);
        if (!to->p) {
            fprintf(stderr, "capped: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        memcpy(to->p, from->p, from->bytes);
    }
}

static void array_free(cp_array *x)
{
    free(x->p);
    x->p = NULL;
}

/* The first byte where two arrays of one layout differ, or -1. */
static long long first_difference(const cp_array *x, const cp_array *y)
{
    if (!x->p || !memcmp(x->p, y->p, x->bytes))
        return -1;
    size_t i = 0;
    while (x->p[i] == y->p[i])
        i++;
    return (long long)i;
}

/* ---- calls ---------------------------------------------------------------- */

enum { CHAR_s = 's', CHAR_d = 'd', CHAR_c = 'c', CHAR_z = 'z', CHAR_i = 'i' };

#define CP_CALLS(ch, T)                                                                  \
    case CHAR_##ch:                                                                      \
        if (ref && c->tr)                                                                \
            Cp##ch##trmr2d(ul, dg, c->m, c->n, (T *)a->p, c->a.i, c->a.j, da, (T *)b->p,  \
                           c->b.i, c->b.j, db, ictxt);                                   \
        else if (ref)                                                                    \
            Cp##ch##gemr2d(c->m, c->n, (T *)a->p, c->a.i, c->a.j, da, (T *)b->p, c->b.i, \
                           c->b.j, db, ictxt);                                           \
        else if (c->tr)                                                                  \
            bcr_p##ch##trmr2d(ul, dg, c->m, c->n, (const T *)a->p, c->a.i, c->a.j, da,   \
                              (T *)b->p, c->b.i, c->b.j, db, ictxt);                     \
        else                                                                             \
            bcr_p##ch##gemr2d(c->m, c->n, (const T *)a->p, c->a.i, c->a.j, da,           \
                              (T *)b->p, c->b.i, c->b.j, db, ictxt);                     \
        break;

/* One call of ScaLAPACK (ref) or bcredist; bcredist's error code. */
static int call(int ref, const cp_config *c, const cp_array *a, cp_array *b)
{
    int da[9], db[9], ictxt = cp_grids[CP_ALL].ctxt;
    char ul[2] = {c->uplo, 0}, dg[2] = {c->diag, 0};
    memcpy(da, a->desc, sizeof da);
    memcpy(db, b->desc, sizeof db);
    switch (c->type) {
        CP_CALLS(s, float)
        CP_CALLS(d, double)
        CP_CALLS(c, float _Complex)
        CP_CALLS(z, double _Complex)
        CP_CALLS(i, int)
    }
    return ref ? BCR_SUCCESS : bcr_last_error(NULL);
}

/* The same through the plan API. */
static bcr_plan_t plan_create(const cp_config *c, const cp_array *a, const cp_array *b)
{
    char ul[2] = {c->uplo, 0}, dg[2] = {c->diag, 0};
    return bcr_plan_create(c->type, c->tr ? ul : NULL, c->tr ? dg : NULL, c->m, c->n, c->a.i,
                           c->a.j, a->desc, c->b.i, c->b.j, b->desc, cp_grids[CP_ALL].ctxt);
}

/* ---- configurations ------------------------------------------------------- */

void cp_describe(const cp_config *c, char *buf, size_t cap)
{
    snprintf(buf, cap,
             "%c %s%c%c m %d n %d: A %s %dx%d blocks %dx%d src %d,%d at %d,%d; B %s %dx%d "
             "blocks %dx%d src %d,%d at %d,%d",
             c->type, c->tr ? "trmr2d " : "gemr2d", c->tr ? c->uplo : ' ',
             c->tr ? c->diag : ' ', c->m, c->n, cp_grids[c->a.grid].name, c->a.M, c->a.N,
             c->a.MB, c->a.NB, c->a.RSRC, c->a.CSRC, c->a.i, c->a.j, cp_grids[c->b.grid].name,
             c->b.M, c->b.N, c->b.MB, c->b.NB, c->b.RSRC, c->b.CSRC, c->b.i, c->b.j);
}

/* Indices of [lo, lo + len) (0-based) held by process p. */
static long long held(int lo, int len, int nb, int p, int src, int np)
{
    int hi = lo + len;
    return (long long)numroc_(&hi, &nb, &p, &src, &np) - numroc_(&lo, &nb, &p, &src, &np);
}

static long long share(const cp_side *s, int m, int n, size_t es)
{
    const cp_grid *g = &cp_grids[s->grid];
    if (g->ctxt < 0)
        return 0;
    return held(s->i - 1, m, s->MB, g->myrow, s->RSRC, g->P) *
           held(s->j - 1, n, s->NB, g->mycol, s->CSRC, g->Q) * (long long)es;
}

long long cp_largest_share_a(const cp_config *c)
{
    long long mine = share(&c->a, c->m, c->n, type_size(c->type)), most;
    MPI_Allreduce(&mine, &most, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    return most;
}

/* The side as every process agrees on it (src/base/side.h). */
static bcr_side agreed_side(const cp_side *s)
{
    const cp_grid *g = &cp_grids[s->grid];
    bcr_side x = {g->ctxt >= 0, g->myrow, g->mycol, g->P, g->Q, s->M, s->N, s->MB, s->NB,
                  s->RSRC, s->CSRC, s->i - 1, s->j - 1, 1, g->rank, NULL, NULL};
    return x;
}

long long cp_least_round(const cp_config *c)
{
    bcr_options opt;
    bcr_options_read(&opt);
    bcr_side A = agreed_side(&c->a), B = agreed_side(&c->b);
    return bcr_round_bound(&A, &B, c->tr, 1, 1, type_size(c->type), &opt.plan, 4, 0);
}

/* ---- runs ----------------------------------------------------------------- */

static void set_cap(long long cap)
{
    char v[32];
    snprintf(v, sizeof v, "%lld", cap);
    if (cap > 0)
        setenv("BCR_MAX_BYTES", v, 1);
    else
        unsetenv("BCR_MAX_BYTES");
}

/* B against ScaLAPACK's and A unchanged after bcredist's call `what`. */
static void check_result(const char *what, int code, const cp_array *a, const cp_array *a0,
                         const cp_array *bref, const cp_array *b)
{
    const char *msg;
    bcr_last_error(&msg);
    CHECK(code == BCR_SUCCESS, "%s: error %d: %s", what, code, msg);
    long long d = first_difference(bref, b);
    CHECK(d < 0, "%s: B differs from ScaLAPACK's, first at byte %lld of %zu (local %d x %d, "
          "LLD %d)", what, d, b->bytes, b->lr, b->lc, b->desc[8]);
    CHECK(first_difference(a0, a) < 0, "%s: A was written", what);
}

/* What bcredist holds after `what`, against the cap (or the least a
 * round takes, when the cap is below it). */
static void check_memory(const char *what, long long cap, long long least)
{
    long long held_now = (long long)bcr_pool_bytes();
    CHECK(held_now <= cap || held_now <= least,
          "%s: bcr_pool_bytes() = %lld, over the cap %lld (the least a round takes: %lld)",
          what, held_now, cap, least);
    double ratio = (double)held_now / (double)(cap > least ? cap : least);
    if (ratio > cp_tally.worst_ratio)
        cp_tally.worst_ratio = ratio;
}

/* The most rounds any process ran since it counted `before` (collective). */
static long long rounds_since(long long before)
{
    long long mine = bcr_rounds_run() - before, most;
    MPI_Allreduce(&mine, &most, 1, MPI_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
    return most;
}

static void capped_calls(const cp_config *c, const cp_run *r, const cp_array *a,
                         const cp_array *a0, const cp_array *bref, const cp_array *bsent)
{
    cp_array b;
    bcr_finalize(); /* nothing kept from before: what the calls hold is theirs */
    set_cap(r->cap);
    long long least = cp_least_round(c);
    for (int k = 0; k < r->calls; k++) {
        char what[64];
        snprintf(what, sizeof what, "capped call %d (cap %lld)", k + 1, r->cap);
        array_copy(&b, bsent);
        long long before = bcr_rounds_run();
        int code = call(0, c, a, &b);
        long long most = rounds_since(before);
        check_result(what, code, a, a0, bref, &b);
        check_memory(what, r->cap, least);
        if (r->need_rounds)
            CHECK(most >= 2, "%s: the cap did not cut the call (%lld rounds)", what, most);
        cp_tally.rounds += most;
        cp_tally.cut += most >= 2;
        cp_tally.calls++;
        array_free(&b);
    }
    if (r->via_plan) {
        bcr_finalize();
        array_copy(&b, bsent);
        bcr_plan_t p = plan_create(c, a, &b);
        CHECK(p != NULL, "capped plan: bcr_plan_create failed");
        for (int k = 0; p && k < 2; k++) {
            char what[64];
            snprintf(what, sizeof what, "capped plan, execution %d", k + 1);
            if (b.p)
                memcpy(b.p, bsent->p, b.bytes);
            long long before = bcr_rounds_run();
            int code = bcr_plan_execute(p, a->p, b.p);
            long long most = rounds_since(before);
            check_result(what, code, a, a0, bref, &b);
            check_memory(what, r->cap, least);
            if (r->need_rounds)
                CHECK(most >= 2, "%s: the cap did not cut the plan (%lld rounds)", what, most);
        }
        bcr_plan_destroy(p);
        array_free(&b);
    }
    set_cap(0);
}

/* Without a cap: this process's buffers at most its local A plus local B
 * (and the bookkeeping); its share of the node's segments counts what
 * other processes wrote, so segments are judged over the node, where the
 * shares add up to what the processes wrote: buffers and shares together
 * at most the node's local A plus local B.  The second call is judged on
 * what it adds to the buffers the first left (BCR_KEEP_BYTES keeps them):
 * where messages through MPI are packed (BCR_PACK=buffer, the default
 * under MPICH), the first call, all through MPI, leaves buffers that the
 * second, through segments, need not use. */
static void uncapped_call(const cp_config *c, const cp_array *a, const cp_array *a0,
                          const cp_array *bref, const cp_array *bsent, MPI_Comm node)
{
    cp_array b;
    bcr_finalize();
    set_cap(0);
    long long left = 0; /* buffers the first call left */
    for (int k = 0; k < 2; k++) {
        array_copy(&b, bsent);
        char what[64];
        snprintf(what, sizeof what, "uncapped call %d", k + 1);
        check_result(what, call(0, c, a, &b), a, a0, bref, &b);
        long long pools = (long long)bcr_pools_mine(), sum[2];
        long long mine[2] = {(long long)(a->bytes + b.bytes), (long long)bcr_pool_bytes() - left};
        if (k == 0)
            left = pools;
        CHECK(pools <= mine[0] + BOOKKEEPING,
              "%s: buffers %lld bytes, over local A + local B = %lld (+ %d)", what, pools,
              mine[0], BOOKKEEPING);
        MPI_Allreduce(mine, sum, 2, MPI_LONG_LONG, MPI_SUM, node);
        int nodesize;
        MPI_Comm_size(node, &nodesize);
        CHECK(sum[1] <= sum[0] + BOOKKEEPING * nodesize,
              "%s: bcr_pool_bytes() (less what the first call left) over the node %lld, "
              "over its local A + local B = %lld (+ %d per process)", what, sum[1], sum[0],
              BOOKKEEPING);
        double ratio = (double)sum[1] / (double)(sum[0] + BOOKKEEPING * nodesize);
        if (ratio > cp_tally.worst_uncapped)
            cp_tally.worst_uncapped = ratio;
        array_free(&b);
    }
}

void cp_run_config(const cp_config *c, const cp_run *r)
{
    static unsigned seed;
    char desc[256];
    cp_describe(c, desc, sizeof desc);
    set_case("%s", desc);
    setenv("BCR_KEEP_BYTES", KEEP_ALL, 1);
    cp_array a, a0, bref, bsent;
    array_make(&a, c->type, &c->a);
    array_make(&bref, c->type, &c->b);
    seed++;
    if (a.p)
        array_fill(&a, seed);
    if (bref.p)
        array_fill(&bref, ~seed); /* B's prior contents, padding included */
    array_copy(&a0, &a);
    array_copy(&bsent, &bref);
    call(1, c, &a, &bref);
    if (r->calls || r->via_plan)
        capped_calls(c, r, &a, &a0, &bref, &bsent);
    if (r->uncapped) {
        static MPI_Comm node = MPI_COMM_NULL;
        if (node == MPI_COMM_NULL)
            MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
        uncapped_call(c, &a, &a0, &bref, &bsent, node);
    }
    array_free(&a);
    array_free(&a0);
    array_free(&bref);
    array_free(&bsent);
    cp_tally.configs++;
}

void cp_disagree(const cp_config *c, long long cap)
{
    char desc[256];
    cp_describe(c, desc, sizeof desc);
    set_case("BCR_MAX_BYTES %lld on rank 1, %lld elsewhere: %s", cap + 1, cap, desc);
    cp_array a, b, b0;
    array_make(&a, c->type, &c->a);
    array_make(&b, c->type, &c->b);
    if (a.p)
        array_fill(&a, 7);
    if (b.p)
        array_fill(&b, 8);
    array_copy(&b0, &b);
    set_cap(g_rank == 1 ? cap + 1 : cap);
    char out[OUT_MAX];
    capture_begin();
    int code = call(0, c, &a, &b);
    capture_end(out, sizeof out);
    const char *msg;
    bcr_last_error(&msg);
    CHECK(code == BCR_ERR_INCONSISTENT, "code %d, not BCR_ERR_INCONSISTENT: %s", code, msg);
    CHECK(strstr(msg, "BCR_MAX_BYTES") != NULL, "the message does not name the switch: %s",
          msg);
    CHECK(first_difference(&b0, &b) < 0, "B was written");
    set_cap(0);
    array_free(&a);
    array_free(&b);
    array_free(&b0);
}
