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

/* What one bind of a descriptor layout works with: the layout, argument
 * k of the call (named name), every process's view of it (all: size rows
 * of G_FIELDS, gathered) and the grid's fields agreed from them (g). */
typedef struct {
    const bcr_layout_s *l;
    int k;
    const char *name;
    const bcr_request *rq;
    bcr_err *e;
    int size;
    long long mine[G_FIELDS];
    long long *all;
    long long g[G_FIELDS];
} desc_bind;

/* Every process's view gathered into d->all (which the caller frees),
 * once every process has room for it. */
static int gather(desc_bind *d, MPI_Comm comm)
{
    d->all = malloc((size_t)d->size * G_FIELDS * sizeof *d->all);
    int fail = d->all == NULL, any_fail;
    MPI_Request req;
    if (MPI_Iallreduce(&fail, &any_fail, 1, MPI_INT, MPI_MAX, comm, &req) ||
        bcr_wait_bounded(&req, "the other processes to gather a layout's grid"))
        return BCR_ERR_MPI;
    if (any_fail)
        return bcr_err_plain(d->e, d->rq, BCR_ERR_NOMEM, "out of memory gathering a layout's grid");
    if (MPI_Iallgather(d->mine, G_FIELDS, MPI_LONG_LONG, d->all, G_FIELDS, MPI_LONG_LONG, comm,
                       &req) ||
        bcr_wait_bounded(&req, "the other processes to gather a layout's grid"))
        return BCR_ERR_MPI;
    return BCR_SUCCESS;
}

/* The grid's fields into d->g from the first process inside it; every
 * process inside must see the same.  The views are alike everywhere, so
 * every process finds the same fault. */
static int agree(desc_bind *d)
{
    int found = 0;
    for (int p = 0; p < d->size && !found; p++)
        if (d->all[p * G_FIELDS + G_IN]) {
            memcpy(d->g, &d->all[p * G_FIELDS], sizeof d->g);
            found = 1;
        }
    if (!found)
        return bcr_layout_arg_error(d->e, d->rq, BCR_ERR_GRID, d->k, d->name,
                                    "no process of comm is in the grid of the descriptor's "
                                    "context");
    static const char *const field[G_FIELDS] = {
        "",         "",          "",          "the grid's rows", "the grid's columns", "desc[M_]",
        "desc[N_]", "desc[MB_]", "desc[NB_]", "desc[RSRC_]",     "desc[CSRC_]"};
    for (int p = 0; p < d->size; p++) {
        const long long *v = &d->all[p * G_FIELDS];
        for (int f = G_P; v[G_IN] && f < G_FIELDS; f++)
            if (v[f] != d->g[f])
                return bcr_layout_arg_error(d->e, d->rq, BCR_ERR_INCONSISTENT, d->k, d->name,
                                            "processes of the grid disagree on %s (%lld, %lld)",
                                            field[f], d->g[f], v[f]);
    }
    return BCR_SUCCESS;
}

/* The grid's map (b->map, position to rank of comm): each position
 * claimed by one process of comm, and by one only. */
static int map_grid(desc_bind *d, bcr_bound_side *b)
{
    long long P = d->g[G_P], Q = d->g[G_Q];
    b->map = malloc((size_t)(P * Q) * sizeof *b->map);
    if (!b->map)
        return bcr_err_plain(d->e, d->rq, BCR_ERR_NOMEM, "out of memory for a layout's grid");
    for (long long i = 0; i < P * Q; i++)
        b->map[i] = -1;
    for (int p = 0; p < d->size; p++) {
        const long long *v = &d->all[p * G_FIELDS];
        if (!v[G_IN])
            continue;
        long long at = v[G_ROW] * Q + v[G_COL];
        if (b->map[at] >= 0) /* two grids of one shape, each its processes' own */
            return bcr_layout_arg_error(
                d->e, d->rq, BCR_ERR_INCONSISTENT, d->k, d->name,
                "processes %d and %d of comm both claim position (%lld, %lld) of the "
                "descriptor's grid: their contexts are not one grid",
                b->map[at], p, v[G_ROW], v[G_COL]);
        b->map[at] = p;
    }
    for (long long i = 0; i < P * Q; i++)
        if (b->map[i] < 0)
            return bcr_layout_arg_error(
                d->e, d->rq, BCR_ERR_GRID, d->k, d->name,
                "process (%lld, %lld) of the descriptor's grid is not in comm", i / Q, i % Q);
    return BCR_SUCCESS;
}

/* The side, from the agreed fields and this process's place, checked as
 * the routines check a descriptor (runtime/check.h): the global fields
 * alike on every process, the leading dimension here. */
static int make_side(desc_bind *d, bcr_bound_side *b)
{
    const bcr_layout_s *l = d->l;
    const long long *g = d->g, *mine = d->mine;
    bcr_side *s = &b->side;
    *s = (bcr_side){.in = (int)mine[G_IN],
                    .myrow = mine[G_IN] ? (int)mine[G_ROW] : -1,
                    .mycol = mine[G_IN] ? (int)mine[G_COL] : -1,
                    .P = (int)g[G_P],
                    .Q = (int)g[G_Q],
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
    bcr_desc_check c = {s, (long long)l->desc[8], 1, l->ia, l->ja, l->m, l->n,
                        {0, "ia", "ja", "m", "n"}};
    char detail[160];
    if (bcr_check_descriptor(&c, detail, sizeof detail) != BCR_DESC_OK)
        return bcr_layout_arg_error(d->e, d->rq, BCR_ERR_ARGUMENT, d->k, d->name, "%s", detail);
    if (!s->in)
        return BCR_SUCCESS;
    s->lld = (int)l->desc[8];
    b->held = bcr_side_held_dims(d->rq, s, l->m, l->n);
    return BCR_SUCCESS;
}

/* A descriptor layout bound to comm, in steps: every process's view
 * gathered, the grid's fields agreed from it and its map made (every
 * process gathers the same, so the global faults are found alike
 * everywhere), then the side made and checked, its leading dimension on
 * this process. */
static int bind_descriptor(const bcr_layout_s *l, int k, const char *name, MPI_Comm comm,
                           int size, bcr_bound_side *b, const bcr_request *rq, bcr_err *e)
{
    desc_bind d = {.l = l, .k = k, .name = name, .rq = rq, .e = e, .size = size};
    my_view(l, d.mine);
    int rc = gather(&d, comm);
    if (rc == BCR_SUCCESS)
        rc = agree(&d);
    if (rc == BCR_SUCCESS)
        rc = map_grid(&d, b);
    if (rc == BCR_SUCCESS)
        rc = make_side(&d, b);
    free(d.all);
    return rc;
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

int bcr_layout_bind(const bcr_layout_s *l, int k, const bcr_procs *g, bcr_bound_side *b,
                    const bcr_request *rq, bcr_err *e)
{
    const char *name = k == 1 ? "src" : "dst";
    if (l->kind == BCR_LAYOUT_DESCRIPTOR)
        return bind_descriptor(l, k, name, g->comm, g->size, b, rq, e);
    if (l->kind == BCR_LAYOUT_LINEAR)
        return bind_linear(l, k, name, g->size, rq, e);
    if (l->kind == BCR_LAYOUT_OWNERS)
        return bind_owners(l, k, name, g->rank, g->size, rq, e);
    return bind_blocks(l, k, name, g->rank, g->size, b, rq, e);
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
