/* bcr_relabel_desc and bcr_relabel_grid (bcredist.h): the relabelling of
 * a redistribution given by ScaLAPACK descriptors, and the BLACS context
 * of the destination's grid with its processes relabelled.  Collective
 * over ictxt: every process tells where it sits in both grids (one
 * gather), then each computes the same permutation (plan/relabel.h). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/arguments.h"
#include "base/error.h"
#include "base/failsafe.h"
#include "bcredist.h"
#include "plan/relabel.h"
#include "runtime/agree.h"
#include "runtime/context.h"
#include "runtime/finalize.h"

void Cblacs_pinfo(bcr_blacs_int *mypnum, bcr_blacs_int *nprocs);
void Cblacs_gridmap(bcr_blacs_int *ctxt, bcr_blacs_int *usermap, bcr_blacs_int ldumap,
                    bcr_blacs_int nprow, bcr_blacs_int npcol);
void Cfree_blacs_system_handle(bcr_blacs_int handle);

/* What a process tells the others: its BLACS process number, and per grid
 * its position (-1 outside) and, inside, the grid's shape and the
 * descriptor's blocking. */
enum { F_PNUM, F_GRID, G_ROW = 0, G_COL, G_P, G_Q, G_MB, G_NB, G_RSRC, G_CSRC, G_FIELDS };
#define RECORD (1 + 2 * G_FIELDS)

static void describe(const bcr_int *desc, int *g)
{
    bcr_blacs_int p = -1, q = -1, r = -1, c = -1;
    if (desc && desc[1] >= 0 && bcr_blacs_context_valid((bcr_blacs_int)desc[1]))
        Cblacs_gridinfo((bcr_blacs_int)desc[1], &p, &q, &r, &c);
    int in = r >= 0 && r < p && c >= 0 && c < q;
    g[G_ROW] = in ? (int)r : -1;
    g[G_COL] = in ? (int)c : -1;
    g[G_P] = in ? (int)p : 0;
    g[G_Q] = in ? (int)q : 0;
    g[G_MB] = in ? (int)desc[4] : 0;
    g[G_NB] = in ? (int)desc[5] : 0;
    g[G_RSRC] = in ? (int)desc[6] : 0;
    g[G_CSRC] = in ? (int)desc[7] : 0;
}

/* One side's tiling from the gathered records: rows ia .. ia + m - 1 cut
 * at the descriptor's block edges, each block on its process row, and the
 * grid's ranks.  Returns 0, 1 when no process is in the grid, or -1 (out
 * of memory). */
typedef struct {
    bcr_tiling t;
    bcr_idx *rstart, *cstart;
    int *rcoord, *ccoord, *grid;
} side_tiling;

static int cut(bcr_idx first, bcr_idx len, int nb, int src, int nprocs, bcr_idx **start,
               int **coord, bcr_idx *nbands)
{
    bcr_idx b0 = first / nb, b1 = len ? (first + len - 1) / nb : b0, n = len ? b1 - b0 + 1 : 0;
    *start = malloc((size_t)(n + 1) * sizeof **start);
    *coord = malloc((size_t)(n ? n : 1) * sizeof **coord);
    if (!*start || !*coord)
        return -1;
    (*start)[0] = 0;
    for (bcr_idx k = 0; k < n; k++) {
        bcr_idx end = (b0 + k + 1) * (bcr_idx)nb - first;
        (*start)[k + 1] = end < len ? end : len;
        (*coord)[k] = (int)((b0 + k + src) % nprocs);
    }
    *nbands = n;
    return 0;
}

static int side_of(const int *all, int size, int which, bcr_idx i0, bcr_idx j0, bcr_idx m,
                   bcr_idx n, side_tiling *s)
{
    memset(s, 0, sizeof *s);
    const int *g = NULL;
    for (int p = 0; p < size && !g; p++)
        if (all[p * RECORD + F_GRID + which * G_FIELDS + G_ROW] >= 0)
            g = all + p * RECORD + F_GRID + which * G_FIELDS;
    if (!g)
        return 1;
    s->grid = malloc((size_t)g[G_P] * (size_t)g[G_Q] * sizeof *s->grid);
    if (!s->grid)
        return -1;
    for (int k = 0; k < g[G_P] * g[G_Q]; k++)
        s->grid[k] = -1;
    for (int p = 0; p < size; p++) {
        const int *h = all + p * RECORD + F_GRID + which * G_FIELDS;
        if (h[G_ROW] >= 0)
            s->grid[h[G_ROW] * g[G_Q] + h[G_COL]] = p;
    }
    bcr_idx nr, nc;
    if (cut(i0, m, g[G_MB], g[G_RSRC], g[G_P], &s->rstart, &s->rcoord, &nr) ||
        cut(j0, n, g[G_NB], g[G_CSRC], g[G_Q], &s->cstart, &s->ccoord, &nc))
        return -1;
    s->t = (bcr_tiling){nr, nc, s->rstart, s->cstart, NULL, s->grid, s->rcoord, s->ccoord,
                        g[G_Q]};
    for (int k = 0; k < g[G_P] * g[G_Q]; k++)
        if (s->grid[k] < 0)
            return 1; /* a position no process of ictxt holds */
    return 0;
}

static void side_free(side_tiling *s)
{
    free(s->rstart);
    free(s->cstart);
    free(s->rcoord);
    free(s->ccoord);
    free(s->grid);
}

/* A local problem, agreed (runtime/agree.h): the lowest rank's message goes
 * to all, which all report it.  Returns the agreed code (BCR_SUCCESS where
 * none). */
static int agree_error(const char *routine, bcr_ctx *ctx, int code, const char *text)
{
    bcr_request rq = {.routine = routine};
    bcr_err err = {BCR_SUCCESS, -1, ""};
    if (code)
        bcr_err_plain(&err, &rq, code, "%s", text);
    int rc = bcr_agree_error(ctx->comm, ctx->rank, ctx->size, &err, NULL);
    if (rc && !err.code)
        bcr_err_plain(&err, &rq, rc, "MPI error while agreeing");
    if (rc)
        bcr_err_report(&err);
    return rc;
}

/* ictxt (argument number k) as a context of bcredist's, made or found. */
static int open_context(const char *routine, int k, bcr_int ictxt, bcr_ctx **ctx)
{
    char d[128];
    bcr_request rq = {.routine = routine};
    bcr_err err = {BCR_SUCCESS, -1, ""};
    int failed = -1;
    if (!bcr_blacs_context_valid((bcr_blacs_int)ictxt)) {
        snprintf(d, sizeof d, "argument %d (ictxt): ictxt = %lld is not a BLACS context", k,
                 (long long)ictxt);
        bcr_err_plain(&err, &rq, BCR_ERR_ARGUMENT, "%s", d);
    } else if (bcr_finalize_hook() || bcr_ctx_acquire((bcr_blacs_int)ictxt, ctx, &failed)) {
        bcr_err_plain(&err, &rq, BCR_ERR_NOMEM,
                      "could not set up ictxt = %lld for bcredist (on process %d)",
                      (long long)ictxt, failed);
    }
    if (err.code)
        bcr_err_report(&err);
    return err.code;
}

/* Everything each process of ictxt tells: into *all (size records). */
static int gather(bcr_ctx *ctx, const bcr_int *desca, const bcr_int *descb, int **all)
{
    int mine[RECORD];
    bcr_blacs_int pnum, np;
    Cblacs_pinfo(&pnum, &np);
    mine[F_PNUM] = (int)pnum;
    describe(desca, mine + F_GRID);
    describe(descb, mine + F_GRID + G_FIELDS);
    *all = malloc((size_t)ctx->size * RECORD * sizeof **all);
    int nomem = !*all, any = 0;
    MPI_Request req;
    if (MPI_Iallreduce(&nomem, &any, 1, MPI_INT, MPI_MAX, ctx->comm, &req) ||
        bcr_wait_bounded(&req, "the other processes of ictxt"))
        return BCR_ERR_MPI;
    if (any)
        return BCR_ERR_NOMEM;
    if (MPI_Iallgather(mine, RECORD, MPI_INT, *all, RECORD, MPI_INT, ctx->comm, &req) ||
        bcr_wait_bounded(&req, "the other processes of ictxt to say where they sit"))
        return BCR_ERR_MPI;
    return BCR_SUCCESS;
}

int bcr_relabel_desc(bcr_int m, bcr_int n, bcr_int ia, bcr_int ja, const bcr_int *desca,
                     bcr_int ib, bcr_int jb, const bcr_int *descb, bcr_int ictxt, char type,
                     int *perm, long long *moved_before, long long *moved_after)
{
    const char *r = "bcr_relabel_desc";
    bcr_failsafe_enter(r);
    bcr_ctx *ctx;
    int rc = open_context(r, 9, ictxt, &ctx);
    if (rc)
        return rc;
    char d[160] = "";
    int code = BCR_SUCCESS;
    size_t es = bcr_type_size(type);
    int bad_m = m < 0 || m > INT_MAX, bad_n = n < 0 || n > INT_MAX;
    if (bad_m || bad_n)
        snprintf(d, sizeof d, "argument %d (%s): %s = %lld, must be in [0, 2^31)",
                 bad_m ? 1 : 2, bad_m ? "m" : "n", bad_m ? "m" : "n",
                 (long long)(bad_m ? m : n));
    else if (ia < 1 || ja < 1 || ib < 1 || jb < 1)
        snprintf(d, sizeof d, "argument %d (%s): must be >= 1",
                 ia < 1 ? 3 : ja < 1 ? 4 : ib < 1 ? 6 : 7,
                 ia < 1 ? "ia" : ja < 1 ? "ja" : ib < 1 ? "ib" : "jb");
    else if (!desca || !descb)
        snprintf(d, sizeof d, "argument %d (%s): %s is NULL", desca ? 8 : 5,
                 desca ? "descb" : "desca", desca ? "descb" : "desca");
    else if (!es)
        snprintf(d, sizeof d, "argument 10 (type): type = '%c', must be one of s, d, c, z, i",
                 type);
    else if (!perm)
        snprintf(d, sizeof d, "argument 11 (perm): perm is NULL");
    if (d[0])
        code = BCR_ERR_ARGUMENT;
    rc = agree_error(r, ctx, code, d);
    if (rc)
        return rc;
    int *all = NULL;
    side_tiling sa, sb;
    memset(&sa, 0, sizeof sa);
    memset(&sb, 0, sizeof sb);
    rc = gather(ctx, desca, descb, &all);
    int got = rc ? -1 : side_of(all, ctx->size, 0, ia - 1, ja - 1, m, n, &sa);
    if (!got)
        got = side_of(all, ctx->size, 1, ib - 1, jb - 1, m, n, &sb);
    bcr_relabel_result res = {0, 0, 0, -1};
    int nomem =
        got < 0 || (!got && bcr_relabel_tilings(&sa.t, &sb.t, es, ctx->size, perm, &res));
    snprintf(d, sizeof d, "%s",
             rc ? "MPI error while gathering the grids"
             : nomem ? "out of memory for the byte counts"
             : got ? "a grid position is held by no process of ictxt" : "");
    code = rc ? rc : nomem ? BCR_ERR_NOMEM : got ? BCR_ERR_GRID : BCR_SUCCESS;
    side_free(&sa);
    side_free(&sb);
    free(all);
    rc = agree_error(r, ctx, code, d);
    if (rc)
        return rc;
    if (moved_before)
        *moved_before = res.before;
    if (moved_after)
        *moved_after = res.after;
    bcr_err_clear_last();
    return BCR_SUCCESS;
}

bcr_int bcr_relabel_grid(bcr_int ictxt, const bcr_int *descb, const int *perm)
{
    const char *r = "bcr_relabel_grid";
    bcr_failsafe_enter(r);
    bcr_ctx *ctx;
    if (open_context(r, 1, ictxt, &ctx))
        return -1;
    char d[160] = "";
    if (!descb)
        snprintf(d, sizeof d, "argument 2 (descb): descb is NULL");
    else if (!perm)
        snprintf(d, sizeof d, "argument 3 (perm): perm is NULL");
    char *seen = calloc((size_t)ctx->size, 1);
    for (int k = 0; !d[0] && seen && k < ctx->size; k++) {
        if (perm[k] < 0 || perm[k] >= ctx->size || seen[perm[k]])
            snprintf(d, sizeof d, "argument 3 (perm): perm[%d] = %d: perm must hold each of 0 .. "
                     "%d once", k, perm[k], ctx->size - 1);
        else
            seen[perm[k]] = 1;
    }
    if (!seen && !d[0])
        snprintf(d, sizeof d, "out of memory");
    free(seen);
    if (agree_error(r, ctx, !d[0] ? BCR_SUCCESS : d[0] == 'o' ? BCR_ERR_NOMEM : BCR_ERR_ARGUMENT,
                    d))
        return -1;
    int *all = NULL;
    side_tiling sb;
    memset(&sb, 0, sizeof sb);
    int rc = gather(ctx, NULL, descb, &all);
    int got = rc ? -1 : side_of(all, ctx->size, 1, 0, 0, 0, 0, &sb);
    bcr_blacs_int *map = NULL;
    const int *g = NULL;
    if (!got) {
        g = all + (sb.grid[0]) * RECORD + F_GRID + G_FIELDS;
        map = malloc((size_t)g[G_P] * (size_t)g[G_Q] * sizeof *map);
        /* Column-major, as Cblacs_gridmap reads it: position (r, c) to the
         * process number of the rank that takes over from its holder. */
        for (int k = 0; map && k < g[G_P] * g[G_Q]; k++)
            map[(k % g[G_Q]) * g[G_P] + k / g[G_Q]] =
                (bcr_blacs_int)all[perm[sb.grid[k]] * RECORD + F_PNUM];
    }
    int code = rc ? rc : got < 0 || (!got && !map) ? BCR_ERR_NOMEM : got ? BCR_ERR_GRID : 0;
    const char *why = code == BCR_ERR_GRID ? "argument 2 (descb): a position of its grid is "
                                             "held by no process of ictxt"
                      : code ? "out of memory or MPI error while gathering the grid"
                             : "";
    if (agree_error(r, ctx, code, why)) {
        free(map);
        free(all);
        side_free(&sb);
        return -1;
    }
    bcr_blacs_int sys, out;
    Cblacs_get((bcr_blacs_int)ictxt, BCR_BLACS_GET_CONTEXT_COMM, &sys);
    out = sys;
    Cblacs_gridmap(&out, map, (bcr_blacs_int)g[G_P], (bcr_blacs_int)g[G_P],
                   (bcr_blacs_int)g[G_Q]);
    /* The handle only named ictxt's communicator for the gridmap: the new
     * context has its own, and the handle's slot is given back. */
    Cfree_blacs_system_handle(sys);
    free(map);
    free(all);
    side_free(&sb);
    bcr_err_clear_last();
    return (bcr_int)out;
}
