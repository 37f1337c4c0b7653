/* bcr_plan_create_layouts: a plan between two layouts (layout/layout.h)
 * over a communicator.  The layouts become the planner's sides
 * (base/side.h), a descriptor's as the routines make them, a blocks
 * layout's with bands; from there it is the plan every routine runs
 * (plan/plan.h), executed by bcr_plan_execute.
 *
 * Collective over comm, in steps that every process takes whatever it
 * found: its own checks and one agreement on errors and on the layouts
 * (the same description everywhere); a descriptor's grid gathered and the
 * checks that need it, agreed again; then the plan and its commit, which
 * agrees once more.  A bad argument is reported on every process and NULL
 * returned everywhere. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/arguments.h"
#include "api/pipeline.h"
#include "api/plan_object.h"
#include "base/failsafe.h"
#include "base/timers.h"
#include "bcredist.h"
#include "exec/run_elements.h"
#include "layout/layout.h"
#include "plan/remap.h"
#include "runtime/agree.h"
#include "runtime/blacs.h"
#include "runtime/check.h"
#include "runtime/context.h"

static const char stand_in; /* arrays are not known yet */

/* One layout bound to the communicator. */
typedef struct {
    bcr_side side;
    int *map; /* a descriptor's grid, owned here; NULL for a blocks layout */
    bcr_idx held;
} bound_side;

static int arg_error(bcr_err *e, const bcr_request *rq, int code, int k, const char *name,
                     const char *fmt, ...) __attribute__((format(printf, 6, 7)));

static int arg_error(bcr_err *e, const bcr_request *rq, int code, int k, const char *name,
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
    long long f[G_FIELDS] = {1, r, c, P, Q, l->desc[2], l->desc[3], l->desc[4], l->desc[5],
                             l->desc[6], l->desc[7]};
    memcpy(v, f, sizeof f);
}

/* A descriptor layout bound to comm: its grid and global fields from the
 * processes inside it (every process gathers the same, so the global
 * faults are found alike everywhere); this process's leading dimension
 * checked here. */
static int bind_descriptor(const bcr_layout_s *l, int k, const char *name, MPI_Comm comm,
                           int rank, int size, bound_side *b, const bcr_request *rq, bcr_err *e)
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
        return arg_error(e, rq, BCR_ERR_GRID, k, name,
                         "no process of comm is in the grid of the descriptor's context");
    }
    static const char *const field[G_FIELDS] = {"", "", "", "the grid's rows",
                                                "the grid's columns", "desc[M_]", "desc[N_]",
                                                "desc[MB_]", "desc[NB_]", "desc[RSRC_]",
                                                "desc[CSRC_]"};
    for (int p = 0; p < size; p++) {
        const long long *v = &all[p * G_FIELDS];
        for (int f = G_P; v[G_IN] && f < G_FIELDS; f++)
            if (v[f] != g[f]) {
                free(all);
                return arg_error(e, rq, BCR_ERR_INCONSISTENT, k, name,
                                 "processes of the grid disagree on %s (%lld, %lld)", field[f],
                                 g[f], v[f]);
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
        if (v[G_IN])
            b->map[v[G_ROW] * Q + v[G_COL]] = p;
    }
    free(all);
    for (long long i = 0; i < P * Q; i++)
        if (b->map[i] < 0)
            return arg_error(e, rq, BCR_ERR_GRID, k, name,
                             "process (%lld, %lld) of the descriptor's grid is not in comm",
                             i / Q, i % Q);
    if (g[G_MB] < 1 || g[G_NB] < 1)
        return arg_error(e, rq, BCR_ERR_ARGUMENT, k, name, "desc[%s_] = %lld, must be >= 1",
                         g[G_MB] < 1 ? "MB" : "NB", g[G_MB] < 1 ? g[G_MB] : g[G_NB]);
    if (g[G_RSRC] < 0 || g[G_RSRC] >= P || g[G_CSRC] < 0 || g[G_CSRC] >= Q) {
        int rows = g[G_RSRC] < 0 || g[G_RSRC] >= P;
        return arg_error(e, rq, BCR_ERR_ARGUMENT, k, name, "desc[%s_] = %lld, must be in [0, %lld)",
                         rows ? "RSRC" : "CSRC", rows ? g[G_RSRC] : g[G_CSRC], rows ? P : Q);
    }
    if (g[G_M] < 0 || g[G_N] < 0 || (long long)l->ia - 1 + l->m > g[G_M] ||
        (long long)l->ja - 1 + l->n > g[G_N]) {
        int rows = g[G_M] < 0 || (long long)l->ia - 1 + l->m > g[G_M];
        return arg_error(e, rq, BCR_ERR_ARGUMENT, k, name,
                         "the submatrix's %s end at %lld, past desc[%s_] = %lld",
                         rows ? "rows" : "columns",
                         rows ? (long long)l->ia - 1 + l->m : (long long)l->ja - 1 + l->n,
                         rows ? "M" : "N", rows ? g[G_M] : g[G_N]);
    }
    bcr_side *s = &b->side;
    *s = (bcr_side){.in = (int)mine[G_IN], .myrow = mine[G_IN] ? (int)mine[G_ROW] : -1,
                    .mycol = mine[G_IN] ? (int)mine[G_COL] : -1, .P = (int)P, .Q = (int)Q,
                    .M = (int)g[G_M], .N = (int)g[G_N], .MB = (int)g[G_MB], .NB = (int)g[G_NB],
                    .RSRC = (int)g[G_RSRC], .CSRC = (int)g[G_CSRC], .i = l->ia - 1,
                    .j = l->ja - 1, .lld = 1, .map = b->map};
    (void)rank;
    if (!s->in)
        return BCR_SUCCESS;
    bcr_idx rows = bcr_local_count(s->M, s->MB, s->myrow, s->RSRC, s->P);
    if (l->desc[8] < (rows > 1 ? rows : 1) || l->desc[8] > INT32_MAX)
        return arg_error(e, rq, BCR_ERR_ARGUMENT, k, name,
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
                       bound_side *b, const bcr_request *rq, bcr_err *e)
{
    int np = l->nprow * l->npcol, me = -1;
    for (int i = 0; i < np; i++) {
        if (l->grid[i] >= size)
            return arg_error(e, rq, BCR_ERR_GRID, k, name,
                             "grid_ranks[%d] = %d is not a rank of comm (size %d)", i,
                             l->grid[i], size);
        if (l->grid[i] == rank)
            me = i;
    }
    bcr_side *s = &b->side;
    *s = (bcr_side){.in = me >= 0, .myrow = me >= 0 ? me / l->npcol : -1,
                    .mycol = me >= 0 ? me % l->npcol : -1, .P = l->nprow, .Q = l->npcol,
                    .M = l->m, .N = l->n, .MB = 1, .NB = 1, .lld = 1, .map = l->grid,
                    .rbands = &l->rows.bands, .cbands = &l->cols.bands};
    if (!s->in)
        return BCR_SUCCESS;
    bcr_idx rows = bcr_layout_dim_count(&l->rows, s->myrow);
    if (l->lld < (rows > 1 ? rows : 1))
        return arg_error(e, rq, BCR_ERR_ARGUMENT, k, name,
                         "lld = %lld, must be at least %lld (the local rows) on this process",
                         (long long)l->lld, (long long)(rows > 1 ? rows : 1));
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
            return arg_error(e, rq, BCR_ERR_GRID, k, name,
                             "ranks[%d] = %d is not a rank of comm (size %d)", i, l->lranks[i],
                             size);
    return BCR_SUCCESS;
}

/* An owners layout bound to comm: its ranks must be comm's (found alike
 * on every process), its leading dimension this process's rows. */
static int bind_owners(const bcr_layout_s *l, int k, const char *name, int rank, int size,
                       const bcr_request *rq, bcr_err *e)
{
    for (bcr_idx b = 0; b < l->onrb * l->oncb; b++)
        if (l->oowner[b] >= size)
            return arg_error(e, rq, BCR_ERR_GRID, k, name,
                             "owners[%lld] = %d is not a rank of comm (size %d)", (long long)b,
                             l->oowner[b], size);
    bcr_owner_blocks o = {l->onrb, l->oncb, l->orstart, l->ocstart, l->oowner, l->lld};
    bcr_idx rows = bcr_owner_blocks_rows(&o, rank);
    if (rows < 0)
        return bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory checking a layout");
    if (l->lld < (rows > 1 ? rows : 1))
        return arg_error(e, rq, BCR_ERR_ARGUMENT, k, name,
                         "lld = %lld, must be at least %lld (the local rows) on this process",
                         (long long)l->lld, (long long)(rows > 1 ? rows : 1));
    return BCR_SUCCESS;
}

/* The checks a process makes before any communication. */
static void local_checks(bcr_layout_t src, bcr_layout_t dst, char type, const bcr_request *rq,
                         bcr_err *e)
{
    if (!src)
        arg_error(e, rq, BCR_ERR_ARGUMENT, 1, "src", "src is NULL on this process");
    else if (!dst)
        arg_error(e, rq, BCR_ERR_ARGUMENT, 2, "dst", "dst is NULL on this process");
    else if (!rq->elsize) {
        char q[8];
        arg_error(e, rq, BCR_ERR_ARGUMENT, 3, "type", "type = %s, must be one of s, d, c, z, i",
                  bcr_quote_char(&type, q));
    } else if (src->kind == BCR_LAYOUT_REMAP) {
        arg_error(e, rq, BCR_ERR_ARGUMENT, 1, "src",
                  "src is a remap layout, which can only be a plan's destination");
    } else if (dst->kind != BCR_LAYOUT_REMAP && (src->m != dst->m || src->n != dst->n))
        arg_error(e, rq, BCR_ERR_ARGUMENT, 2, "dst",
                  "dst is %d x %d, src %d x %d: they must be of one size", dst->m, dst->n,
                  src->m, src->n);
}

/* One reduction: the errors found so far, and whether every process
 * passed the same layouts and switches.  Values are kept in 62 bits so
 * that their negations fit. */
static int agree_layouts(bcr_layout_t src, bcr_layout_t dst, const bcr_options *opt,
                         MPI_Comm comm, int rank, int size, const bcr_request *rq, bcr_err *e)
{
    BCR_TRY(bcr_agree_error(comm, rank, size, e, NULL));
    enum { N = 2 + BCR_OPTIONS_AGREED };
    long long v[2 * N], r[2 * N];
    v[0] = (long long)(src->hash >> 2);
    v[1] = (long long)(dst->hash >> 2);
    bcr_options_agreed(&opt->plan, v + 2);
    for (int i = 0; i < N; i++)
        v[N + i] = -v[i];
    MPI_Request req;
    if (MPI_Iallreduce(v, r, 2 * N, MPI_LONG_LONG, MPI_MAX, comm, &req) ||
        bcr_wait_bounded(&req, "the other processes to agree on the layouts"))
        return BCR_ERR_MPI;
    for (int i = 0; i < N; i++)
        if (r[i] != -r[N + i]) {
            if (i < 2)
                return arg_error(e, rq, BCR_ERR_INCONSISTENT, i + 1, i ? "dst" : "src",
                                 "the layout differs between processes (every field but the "
                                 "leading dimension must be the same everywhere)");
            bcr_err_plain(e, rq, BCR_ERR_INCONSISTENT,
                          "%s differs between processes; it must be the same everywhere",
                          bcr_options_agreed_names[i - 2]);
            return e->code;
        }
    return BCR_SUCCESS;
}

static int bind(const bcr_layout_s *l, int k, MPI_Comm comm, int rank, int size, bound_side *b,
                const bcr_request *rq, bcr_err *e)
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

/* One side of an element plan: the bound side, or the linear layout with
 * its bound arrays (made here, released by the caller). */
static int element_side(const bcr_layout_s *l, const bound_side *b, bcr_owner_blocks *o, int rank,
                        bcr_eside *es)
{
    memset(es, 0, sizeof *es);
    es->m = l->m;
    es->n = l->n;
    es->me = -1;
    if (l->kind == BCR_LAYOUT_OWNERS) {
        *o = (bcr_owner_blocks){l->onrb, l->oncb, l->orstart, l->ocstart, l->oowner, l->lld};
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

/* The buffers an element plan runs with, reserved with the plan; held
 * counts from its sides. */
static void reserve_elements(bcr_plan_t p, const bcr_eside *s, const bcr_eside *d,
                             const bcr_request *rq)
{
    p->held_a = bcr_eside_held(s);
    p->held_b = bcr_eside_held(d);
    p->in_a = p->held_a > 0;
    p->in_b = p->held_b > 0;
    size_t bytes = bcr_eplan_buffer_bytes(p->elements, rq->elsize);
    int nreq = bcr_eplan_requests(p->elements);
    p->ebuf = malloc(bytes ? bytes : 1);
    p->ereq = malloc((size_t)(nreq ? nreq : 1) * sizeof *p->ereq);
}

/* A plan element by element (plan/elements.h), where a layout is linear:
 * its buffers reserved now, so that no run fails for memory. */
static int create_elements(bcr_plan_t p, bcr_layout_t src, bcr_layout_t dst,
                           const bound_side *a, const bound_side *b, int rank, int size,
                           const bcr_request *rq, bcr_err *e)
{
    bcr_eside s, d;
    bcr_owner_blocks os, od;
    int bad = element_side(src, a, &os, rank, &s) | element_side(dst, b, &od, rank, &d);
    p->elements = bad ? NULL : calloc(1, sizeof *p->elements);
    if (p->elements && bcr_eplan_build(p->elements, &s, &d, rank, size)) {
        free(p->elements);
        p->elements = NULL;
    }
    if (p->elements)
        reserve_elements(p, &s, &d, rq);
    bcr_eside_free(&s);
    bcr_eside_free(&d);
    if (!p->elements || !p->ebuf || !p->ereq)
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    return bcr_stage_commit(rq, NULL, 0, &p->opt, p->comm, rank, size, e, NULL,
                            &bcr_phase_now.plan);
}

/* A remap's maps, checked on this process's elements of its base. */
typedef struct {
    const bcr_int *rows, *cols;
    bcr_idx m, n;
    bcr_idx bad, bi, bj; /* the first offset naming no element of src, or -1 */
} map_check;

static void check_map(void *ctx, bcr_idx gi, bcr_idx gj, bcr_idx off)
{
    (void)gi;
    (void)gj;
    map_check *c = ctx;
    if (c->bad >= 0)
        return;
    bcr_idx i = c->rows[off], j = c->cols[off];
    if (i < 0 || i >= c->m || j < 0 || j >= c->n) {
        c->bad = off;
        c->bi = i;
        c->bj = j;
    }
}

/* A remap (plan/remap.h): the maps checked on every process's elements
 * and agreed, then the requests that make the plan. */
static int create_remap(bcr_plan_t p, bcr_layout_t src, bcr_layout_t dst, const bound_side *a,
                        const bound_side *b, int rank, int size, const bcr_request *rq,
                        bcr_err *e)
{
    bcr_eside s, d;
    bcr_owner_blocks os, od;
    int bad = element_side(src, a, &os, rank, &s) | element_side(dst->base, b, &od, rank, &d) |
              bcr_eside_prepare(&s);
    map_check mc = {dst->rmap, dst->cmap, src->m, src->n, -1, 0, 0};
    bcr_idx held = bad ? 0 : bcr_eside_held(&d);
    if (bad)
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    else if (held && (!mc.rows || !mc.cols))
        arg_error(e, rq, BCR_ERR_ARGUMENT, 2, "dst",
                  "its %s map is NULL but this process holds %lld of its elements",
                  mc.rows ? "column" : "row", (long long)held);
    else if (held && bcr_eside_each(&d, check_map, &mc))
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    else if (mc.bad >= 0)
        arg_error(e, rq, BCR_ERR_ARGUMENT, 2, "dst",
                  "the maps at local offset %lld name (%lld, %lld), outside src's %d x %d",
                  (long long)mc.bad, (long long)mc.bi, (long long)mc.bj, src->m, src->n);
    int rc = bcr_agree_error(p->comm, rank, size, e, NULL);
    if (rc == BCR_SUCCESS) {
        int failed_here = 1;
        p->elements = calloc(1, sizeof *p->elements);
        if (p->elements && bcr_eplan_build_remap(p->elements, &s, &d, mc.rows, mc.cols, rank,
                                                 size, p->comm, &failed_here) == 0)
            reserve_elements(p, &s, &d, rq);
        if (failed_here || !p->ebuf || !p->ereq)
            bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
        rc = bcr_stage_commit(rq, NULL, 0, &p->opt, p->comm, rank, size, e, NULL,
                              &bcr_phase_now.plan);
    }
    bcr_eside_free(&s);
    bcr_eside_free(&d);
    return rc;
}

static int create(bcr_plan_t p, bcr_layout_t src, bcr_layout_t dst, char type, MPI_Comm comm,
                  const bcr_request *rq, bound_side *a, bound_side *b, bcr_err *e)
{
    int rank, size;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &size);
    local_checks(src, dst, type, rq, e);
    if (!p)
        bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
    BCR_TRY(agree_layouts(src, dst, &p->opt, comm, rank, size, rq, e));
    /* Both binds run on every process, so their gathers pair up. */
    bind(src, 1, comm, rank, size, a, rq, e);
    bind(dst->kind == BCR_LAYOUT_REMAP ? dst->base : dst, 2, comm, rank, size, b, rq, e);
    BCR_TRY(bcr_agree_error(comm, rank, size, e, NULL));
    p->elsize = rq->elsize;
    p->in_a = a->side.in;
    p->in_b = b->side.in;
    p->held_a = a->held;
    p->held_b = b->held;
    p->lda = a->side.lld;
    p->ldb = b->side.lld;
    int failed;
    if (bcr_comm_dup_agreed(comm, !bcr_fault("plan_comm"), &p->comm, &failed))
        return bcr_err_plain(e, rq, BCR_ERR_NOMEM,
                             "could not make the plan's communicator (out of memory or MPI "
                             "error on process %d of comm)", failed);
    p->rank = rank;
    p->size = size;
    if (dst->m == 0 || dst->n == 0) {
        p->empty = 1; /* nothing to move, ever */
        return BCR_SUCCESS;
    }
    if (dst->kind == BCR_LAYOUT_REMAP) {
        double t0 = bcr_phase_start();
        int rc = create_remap(p, src, dst, a, b, rank, size, rq, e);
        bcr_phase_add(&bcr_phase_now.plan, t0);
        return rc;
    }
    if (src->kind >= BCR_LAYOUT_LINEAR || dst->kind >= BCR_LAYOUT_LINEAR) {
        double t0 = bcr_phase_start();
        int rc = create_elements(p, src, dst, a, b, rank, size, rq, e);
        bcr_phase_add(&bcr_phase_now.plan, t0);
        return rc;
    }
    const bcr_plan *pl = NULL;
    if (a->side.in || b->side.in) {
        bcr_mask mk = {0, 0, 0, src->m, src->n};
        double t0 = bcr_phase_start();
        if (bcr_plan_build(&p->plan, &a->side, &b->side, &mk, rq->elsize, &p->opt.plan, rank,
                           size))
            bcr_err_plain(e, rq, BCR_ERR_NOMEM, "out of memory for the plan");
        else
            pl = &p->plan;
        bcr_phase_add(&bcr_phase_now.plan, t0);
    }
    p->active = pl != NULL;
    return bcr_stage_commit(rq, pl, 0, &p->opt, p->comm, rank, size, e, NULL,
                            &bcr_phase_now.plan);
}

bcr_plan_t bcr_plan_create_layouts(bcr_layout_t src, bcr_layout_t dst, char type, MPI_Comm comm)
{
    bcr_request rq = {.routine = "bcr_plan_create_layouts", .elsize = bcr_type_size(type),
                      .a = &stand_in, .b = (void *)&stand_in, .plan_create = 1,
                      .m = src ? src->m : 0, .n = src ? src->n : 0};
    bcr_failsafe_enter(rq.routine);
    bcr_err e = {BCR_SUCCESS, -1, ""};
    if (comm == MPI_COMM_NULL) { /* no one to agree with */
        arg_error(&e, &rq, BCR_ERR_ARGUMENT, 4, "comm", "comm is MPI_COMM_NULL");
        bcr_err_finish(&e, &rq, e.code);
        return NULL;
    }
    bcr_plan_t p = calloc(1, sizeof *p);
    if (p) {
        p->comm = MPI_COMM_NULL;
        bcr_options_read(&p->opt);
    }
    bound_side a, b;
    memset(&a, 0, sizeof a);
    memset(&b, 0, sizeof b);
    int rc = create(p, src, dst, type, comm, &rq, &a, &b, &e);
    /* The plan keeps the grid maps it was built with only as far as the
     * exchange needs them: it copies what it keeps. */
    free(a.map);
    free(b.map);
    if (bcr_err_finish(&e, &rq, rc) != BCR_SUCCESS) {
        bcr_plan_destroy(p);
        return NULL;
    }
    return p;
}

bcr_plan_t bcr_plan_create_layouts_f(bcr_layout_t src, bcr_layout_t dst, char type, int comm)
{
    return bcr_plan_create_layouts(src, dst, type, MPI_Comm_f2c((MPI_Fint)comm));
}
