#include "plan/remap.h"

#include <stdlib.h>
#include <string.h>

#include "base/failsafe.h"

/* One element this process receives: its source's owner and place there,
 * its source indices, and its own offset. */
typedef struct {
    bcr_idx key, i, j, off;
    int rank;
} wanted;

typedef struct {
    const bcr_eside *src;
    const bcr_int *rows, *cols;
    wanted *w;
    bcr_idx n;
} gather;

static void want(void *ctx, bcr_idx gi, bcr_idx gj, bcr_idx off)
{
    (void)gi;
    (void)gj;
    gather *g = ctx;
    wanted *x = &g->w[g->n++];
    x->i = g->rows[off];
    x->j = g->cols[off];
    x->off = off;
    bcr_eside_locate(g->src, x->i, x->j, &x->rank, &x->key);
}

static int by_rank_key(const void *a, const void *b)
{
    const wanted *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return (x->off > y->off) - (x->off < y->off);
}

static void wait_for(MPI_Request *req, const char *what)
{
    if (bcr_wait_bounded(req, what))
        bcr_give_up("an MPI call failed while %s", what);
}

int bcr_eplan_build_remap(bcr_eplan *pl, const bcr_eside *src, const bcr_eside *dst,
                          const bcr_int *rows, const bcr_int *cols, int rank, int nranks,
                          MPI_Comm comm, int *failed_here)
{
    memset(pl, 0, sizeof *pl);
    *failed_here = 0;
    bcr_idx mine = bcr_eside_held(dst);
    gather g = {src, rows, cols, malloc((size_t)(mine ? mine : 1) * sizeof(wanted)), 0};
    int *scount = calloc((size_t)nranks, sizeof *scount); /* requests I send */
    int *rcount = calloc((size_t)nranks, sizeof *rcount); /* requests I receive */
    int *sdisp = calloc((size_t)nranks, sizeof *sdisp), *rdisp = calloc((size_t)nranks, sizeof *rdisp);
    bcr_idx *rn = calloc((size_t)nranks, sizeof *rn), *sn = calloc((size_t)nranks, sizeof *sn);
    bcr_idx **roffs = calloc((size_t)nranks, sizeof *roffs), **soffs = calloc((size_t)nranks, sizeof *soffs);
    long long *req_out = NULL, *req_in = NULL;
    int fail = !g.w || !scount || !rcount || !sdisp || !rdisp || !rn || !sn || !roffs || !soffs;
    if (!fail && bcr_eside_each(dst, want, &g))
        fail = 1;
    if (!fail) {
        /* In each owner's storage order: the owner reads in order, and
         * runs form where the elements asked for lie together. */
        qsort(g.w, (size_t)g.n, sizeof *g.w, by_rank_key);
        for (bcr_idx k = 0; k < g.n; k++)
            rn[g.w[k].rank]++;
        req_out = malloc((size_t)(g.n ? g.n : 1) * 2 * sizeof *req_out);
        fail = !req_out;
    }
    for (int r = 0; !fail && r < nranks; r++) {
        roffs[r] = malloc((size_t)(rn[r] ? rn[r] : 1) * sizeof **roffs);
        fail = !roffs[r];
    }
    /* Everyone takes part in the collectives, a failed process asking for
     * nothing; the caller agrees on *failed_here afterwards. */
    if (fail) {
        *failed_here = 1;
        memset(rn, 0, rn ? (size_t)nranks * sizeof *rn : 0);
        g.n = 0;
    }
    bcr_idx at = 0;
    for (int r = 0; r < nranks && scount; r++) {
        bcr_idx c = rn ? rn[r] : 0;
        for (bcr_idx k = 0; k < c; k++, at++) {
            roffs[r][k] = g.w[at].off;
            req_out[2 * at] = g.w[at].i;
            req_out[2 * at + 1] = g.w[at].j;
        }
        scount[r] = r == rank ? 0 : (int)(2 * c);
    }
    if (!scount || !rcount || !sdisp || !rdisp)
        bcr_give_up("out of memory planning a remap");
    MPI_Request req;
    if (MPI_Ialltoall(scount, 1, MPI_INT, rcount, 1, MPI_INT, comm, &req))
        bcr_give_up("an MPI call failed while planning a remap");
    wait_for(&req, "the other processes' remap requests");
    long long in_total = 0, out_total = 0;
    for (int r = 0; r < nranks; r++) {
        sdisp[r] = (int)out_total;
        rdisp[r] = (int)in_total;
        out_total += r == rank ? 2 * (rn ? rn[r] : 0) : scount[r];
        in_total += rcount[r];
    }
    req_in = malloc((size_t)(in_total ? in_total : 1) * sizeof *req_in);
    if (!req_in)
        bcr_give_up("out of memory for remap requests");
    if (MPI_Ialltoallv(req_out ? req_out : req_in, scount, sdisp, MPI_LONG_LONG, req_in, rcount,
                       rdisp, MPI_LONG_LONG, comm, &req))
        bcr_give_up("an MPI call failed while planning a remap");
    wait_for(&req, "the other processes' remap requests");
    int rc = fail ? -1 : 0;
    /* What others ask of this process, and what it asks of itself. */
    for (int r = 0; !fail && r < nranks; r++) {
        const long long *q = r == rank ? req_out + sdisp[r] : req_in + rdisp[r];
        sn[r] = r == rank ? rn[r] : rcount[r] / 2;
        soffs[r] = malloc((size_t)(sn[r] ? sn[r] : 1) * sizeof **soffs);
        if (!soffs[r]) {
            rc = -1;
            break;
        }
        for (bcr_idx k = 0; k < sn[r]; k++)
            soffs[r][k] = bcr_eside_offset(src, q[2 * k], q[2 * k + 1]);
    }
    if (rc == 0 && (bcr_eparts_make(soffs, sn, 1, rank, nranks, &pl->send, &pl->nsend,
                                    &pl->self_send, &pl->send_total) ||
                    bcr_eparts_make(roffs, rn, 1, rank, nranks, &pl->recv, &pl->nrecv,
                                    &pl->self_recv, &pl->recv_total)))
        rc = -1;
    if (rc && !fail)
        *failed_here = 1; /* others may have planned to send here: agreed by the caller */
    for (int r = 0; r < nranks && roffs && soffs; r++) {
        free(roffs[r]);
        free(soffs[r]);
    }
    free(roffs);
    free(soffs);
    free(rn);
    free(sn);
    free(scount);
    free(rcount);
    free(sdisp);
    free(rdisp);
    free(req_out);
    free(req_in);
    free(g.w);
    if (rc)
        bcr_eplan_free(pl);
    return rc;
}
