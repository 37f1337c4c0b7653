#include "runtime/layout_bind.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/failsafe.h"
#include "runtime/blacs.h"
#include "runtime/check.h"

int bcr_layout_arg_error(bcr_err *e, const bcr_request *rq, int code, int k, const char *name,
                         const char *fmt, ...)
{
    if (e->code)
        return e->code; /* the first fault found here is the one reported */
    char detail[240];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    bcr_err_plain(e, rq, code, "argument %d (%s): %s", k, name, detail);
    e->arg = k; /* orders the reports of several processes */
    return code;
}

/* Fields every process sends for a descriptor layout. */
enum { G_IN, G_ROW, G_COL, G_P, G_Q, G_M, G_N, G_MB, G_NB, G_RSRC, G_CSRC, G_FIELDS };

static void my_view(const bcr_layout_s *l, long long v[G_FIELDS])
{
    memset(v, 0, G_FIELDS * sizeof *v);
    bcr_blacs_int ctxt = (bcr_blacs_int)l->desc[1];
    if (ctxt < 0 || !bcr_blacs_context_valid(ctxt))
        return;
    bcr_blacs_int P, Q, r, c;
    Cblacs_gridinfo(ctxt, &P, &Q, &r, &c);
    if (P < 1 || Q < 1 || r < 0 || r >= P || c < 0 || c >= Q)
        return;
    long long f[G_FIELDS] = {1,          r,          c,          P,          Q,         l->desc[2],
                             l->desc[3], l->desc[4], l->desc[5], l->desc[6], l->desc[7]};
    memcpy(v, f, sizeof f);
}

/* A descriptor layout bound to comm: its grid and global fields from the
 * processes inside it (every process gathers the same, so the global
 * faults are found alike everywhere); this process's leading dimension
 * checked here. */
static int bind_descriptor(const bcr_layout_s *l, int k, const char *name, MPI_Comm comm, int rank,
                           int size, bcr_bound_side *b, const bcr_request *rq, bcr_err *e)
{
    long long mine[G_FIELDS];
    my_view(l, mine);
    long long *all = malloc((size_t)size * G_FIELDS * sizeof *all);
    int fail = all == NULL, any_fail;
    MPI_Request req;
    if (MPI_Iallreduce(&fail, &any_fail, 1, MPI_INT, MPI_MAX, comm, &req) ||
        bcr_wait_bounded(&req, "the other processes to gather a layout's grid"))
        return BCR_ERR_MPI;
    if (any_fail) {
        free(all);
        return bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory gathering a layout's grid");
    }
    if (MPI_Iallgather(mine, G_FIELDS, MPI_LONG_LONG, all, G_FIELDS, MPI_LONG_LONG, comm, &req) ||
        bcr_wait_bounded(&req, "the other processes to gather a layout's grid")) {
        free(all);
        return BCR_ERR_MPI;
    }
    long long g[G_FIELDS];
    int found = 0;
    for (int p = 0; p < size && !found; p++)
        if (all[p * G_FIELDS + G_IN]) {
            memcpy(g, &all[p * G_FIELDS], sizeof g);
            found = 1;
        }
    if (!found) {
        free(all);
        return bcr_layout_arg_error(
            e, rq, BCR_ERR_GRID, k, name,
            "no process of comm is in the grid of the descriptor's context");
    }
    static const char *const field[G_FIELDS] = {
        "",         "",          "",          "the grid's rows", "the grid's columns", "desc[M_]",
        "desc[N_]", "desc[MB_]", "desc[NB_]", "desc[RSRC_]",     "desc[CSRC_]"};
    for (int p = 0; p < size; p++) {
        const long long *v = &all[p * G_FIELDS];
        for (int f = G_P; v[G_IN] && f < G_FIELDS; f++)
            if (v[f] != g[f]) {
                long long other = v[f]; /* v is in all */
                free(all);
                return bcr_layout_arg_error(e, rq, BCR_ERR_INCONSISTENT, k, name,
                                            "processes of the grid disagree on %s (%lld, %lld)",
                                            field[f], g[f], other);
            }
    }
    long long P = g[G_P], Q = g[G_Q];
    b->map = malloc((size_t)(P * Q) * sizeof *b->map);
    if (!b->map) {
        free(all);
        return bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for a layout's grid");
    }
    for (long long i = 0; i < P * Q; i++)
        b->map[i] = -1;
    for (int p = 0; p < size; p++) {
        const long long *v = &all[p * G_FIELDS];
        if (!v[G_IN])
            continue;
        long long at = v[G_ROW] * Q + v[G_COL];
        if (b->map[at] >= 0) { /* two grids of one shape, each its processes' own */
            int first = b->map[at];
            long long r = v[G_ROW], c = v[G_COL];
            free(all);
            return bcr_layout_arg_error(
                e, rq, BCR_ERR_INCONSISTENT, k, name,
                "processes %d and %d of comm both claim position (%lld, %lld) of the "
                "descriptor's grid: their contexts are not one grid",
                first, p, r, c);
        }
        b->map[at] = p;
    }
    free(all);
    for (long long i = 0; i < P * Q; i++)
        if (b->map[i] < 0)
            return bcr_layout_arg_error(
                e, rq, BCR_ERR_GRID, k, name,
                "process (%lld, %lld) of the descriptor's grid is not in comm", i / Q, i % Q);
    if (g[G_MB] < 1 || g[G_NB] < 1)
        return bcr_layout_arg_error(e, rq, BCR_ERR_ARGUMENT, k, name,
                                    "desc[%s_] = %lld, must be >= 1", g[G_MB] < 1 ? "MB" : "NB",
                                    g[G_MB] < 1 ? g[G_MB] : g[G_NB]);
    if (g[G_RSRC] < 0 || g[G_RSRC] >= P || g[G_CSRC] < 0 || g[G_CSRC] >= Q) {
        int rows = g[G_RSRC] < 0 || g[G_RSRC] >= P;
        return bcr_layout_arg_error(
            e, rq, BCR_ERR_ARGUMENT, k, name, "desc[%s_] = %lld, must be in [0, %lld)",
            rows ? "RSRC" : "CSRC", rows ? g[G_RSRC] : g[G_CSRC], rows ? P : Q);
    }
    if (g[G_M] < 0 || g[G_N] < 0 || (long long)l->ia - 1 + l->m > g[G_M] ||
        (long long)l->ja - 1 + l->n > g[G_N]) {
        int rows = g[G_M] < 0 || (long long)l->ia - 1 + l->m > g[G_M];
        return bcr_layout_arg_error(
            e, rq, BCR_ERR_ARGUMENT, k, name,
            "the submatrix's %s end at %lld, past desc[%s_] = %lld", rows ? "rows" : "columns",
            rows ? (long long)l->ia - 1 + l->m : (long long)l->ja - 1 + l->n, rows ? "M" : "N",
            rows ? g[G_M] : g[G_N]);
    }
    bcr_side *s = &b->side;
    *s = (bcr_side){.in = (int)mine[G_IN],
                    .myrow = mine[G_IN] ? (int)mine[G_ROW] : -1,
                    .mycol = mine[G_IN] ? (int)mine[G_COL] : -1,
                    .P = (int)P,
                    .Q = (int)Q,
                    .M = (int)g[G_M],
                    .N = (int)g[G_N],
                    .MB = (int)g[G_MB],
                    .NB = (int)g[G_NB],
                    .RSRC = (int)g[G_RSRC],
                    .CSRC = (int)g[G_CSRC],
                    .i = l->ia - 1,
                    .j = l->ja - 1,
                    .lld = 1,
                    .map = b->map};
    (void)rank;
    if (!s->in)
        return BCR_SUCCESS;
    bcr_idx rows = bcr_local_count(s->M, s->MB, s->myrow, s->RSRC, s->P);
    if (l->desc[8] < (rows > 1 ? rows : 1) || l->desc[8] > INT32_MAX)
        return bcr_layout_arg_error(
            e, rq, BCR_ERR_ARGUMENT, k, name,
            "desc[LLD_] = %lld, must be at least %lld (the local rows) on this "
            "process",
            (long long)l->desc[8], (long long)(rows > 1 ? rows : 1));
    s->lld = (int)l->desc[8];
    b->held = bcr_side_held_dims(rq, s, l->m, l->n);
    return BCR_SUCCESS;
}

/* A blocks layout bound to comm: its ranks must be comm's (found alike on
 * every process), its leading dimension this process's rows. */
static int bind_blocks(const bcr_layout_s *l, int k, const char *name, int rank, int size,
                       bcr_bound_side *b, const bcr_request *rq, bcr_err *e)
{
    int np = l->nprow * l->npcol, me = -1;
    for (int i = 0; i < np; i++) {
        if (l->grid[i] >= size)
            return bcr_layout_arg_error(e, rq, BCR_ERR_GRID, k, name,
                                        "grid_ranks[%d] = %d is not a rank of comm (size %d)", i,
                                        l->grid[i], size);
        if (l->grid[i] == rank)
            me = i;
    }
    bcr_side *s = &b->side;
    *s = (bcr_side){.in = me >= 0,
                    .myrow = me >= 0 ? me / l->npcol : -1,
                    .mycol = me >= 0 ? me % l->npcol : -1,
                    .P = l->nprow,
                    .Q = l->npcol,
                    .M = l->m,
                    .N = l->n,
                    .MB = 1,
                    .NB = 1,
                    .lld = 1,
                    .map = l->grid,
                    .rbands = &l->rows.bands,
                    .cbands = &l->cols.bands};
    if (!s->in)
        return BCR_SUCCESS;
    bcr_idx rows = bcr_layout_dim_count(&l->rows, s->myrow);
    if (l->lld < (rows > 1 ? rows : 1))
        return bcr_layout_arg_error(
            e, rq, BCR_ERR_ARGUMENT, k, name,
            "lld = %lld, must be at least %lld (the local rows) on this process", (long long)l->lld,
            (long long)(rows > 1 ? rows : 1));
    s->lld = (int)l->lld;
    b->held = rows * bcr_layout_dim_count(&l->cols, s->mycol);
    return BCR_SUCCESS;
}

/* A linear layout bound to comm: its ranks must be comm's. */
static int bind_linear(const bcr_layout_s *l, int k, const char *name, int size,
                       const bcr_request *rq, bcr_err *e)
{
    for (int i = 0; i < l->lin.nprocs; i++)
        if (l->lranks[i] >= size)
            return bcr_layout_arg_error(e, rq, BCR_ERR_GRID, k, name,
                                        "ranks[%d] = %d is not a rank of comm (size %d)", i,
                                        l->lranks[i], size);
    return BCR_SUCCESS;
}

/* An owners layout bound to comm: its ranks must be comm's (found alike
 * on every process), its leading dimension this process's rows. */
static int bind_owners(const bcr_layout_s *l, int k, const char *name, int rank, int size,
                       const bcr_request *rq, bcr_err *e)
{
    for (bcr_idx b = 0; b < l->onrb * l->oncb; b++)
        if (l->oowner[b] >= size)
            return bcr_layout_arg_error(e, rq, BCR_ERR_GRID, k, name,
                                        "owners[%lld] = %d is not a rank of comm (size %d)",
                                        (long long)b, l->oowner[b], size);
    bcr_owner_blocks o = bcr_layout_owner_blocks(l);
    bcr_idx rows = bcr_owner_blocks_rows(&o, rank);
    if (rows < 0)
        return bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory checking a layout");
    if (l->lld < (rows > 1 ? rows : 1))
        return bcr_layout_arg_error(
            e, rq, BCR_ERR_ARGUMENT, k, name,
            "lld = %lld, must be at least %lld (the local rows) on this process", (long long)l->lld,
            (long long)(rows > 1 ? rows : 1));
    return BCR_SUCCESS;
}

int bcr_layout_bind(const bcr_layout_s *l, int k, MPI_Comm comm, int rank, int size,
                    bcr_bound_side *b, const bcr_request *rq, bcr_err *e)
{
    const char *name = k == 1 ? "src" : "dst";
    if (l->kind == BCR_LAYOUT_DESCRIPTOR)
        return bind_descriptor(l, k, name, comm, rank, size, b, rq, e);
    if (l->kind == BCR_LAYOUT_LINEAR)
        return bind_linear(l, k, name, size, rq, e);
    if (l->kind == BCR_LAYOUT_OWNERS)
        return bind_owners(l, k, name, rank, size, rq, e);
    return bind_blocks(l, k, name, rank, size, b, rq, e);
}

int bcr_layout_eside(const bcr_layout_s *l, const bcr_bound_side *b, bcr_owner_blocks *o,
                     int rank, bcr_eside *es)
{
    memset(es, 0, sizeof *es);
    es->m = l->m;
    es->n = l->n;
    es->me = -1;
    if (l->kind == BCR_LAYOUT_OWNERS) {
        *o = bcr_layout_owner_blocks(l);
        es->own = o;
        es->me = rank;
        return 0;
    }
    if (l->kind != BCR_LAYOUT_LINEAR) {
        es->side = &b->side;
        return 0;
    }
    return bcr_eside_linear(es, &l->lin, l->lranks, rank);
}

void bcr_map_check_one(void *ctx, bcr_idx gi, bcr_idx gj, bcr_idx off)
{
    (void)gi;
    (void)gj;
    bcr_map_check *c = ctx;
    if (c->bad >= 0)
        return;
    bcr_idx i = c->rows[off], j = c->cols[off];
    if (i < 0 || i >= c->m || j < 0 || j >= c->n) {
        c->bad = off;
        c->bi = i;
        c->bj = j;
    }
}
