#include "plan/remap.h"

#include <stdlib.h>
#include <string.h>

#include "base/failsafe.h"
#include "base/post_chunks.h"

/* The requests' tag: planning runs on the plan's own communicator, before
 * any of its exchanges, but a tag apart costs nothing. */
#define BCR_REMAP_TAG 0x6266

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

/* A request on the wire: the source indices of one element. */
enum { REQ_WORDS = 2 };

/* One process's planning.  ask[r]: elements it asks of rank r (requests it
 * sends r, elements it will receive from r); asked[r]: elements r asks of
 * it.  A rank's requests lie in out (or in) from its start on, rank after
 * rank, this process's own only in out; rfrom[r] and sfrom[r] point to the
 * local offsets it receives from and sends to r, in roff and soff. */
typedef struct {
    int rank, nranks;
    MPI_Comm comm;
    gather g;
    bcr_idx *ask, *asked, *out, *in, *roff, *soff;
    bcr_idx **rfrom, **sfrom;
    MPI_Request *req;
    bcr_idx nreq;
} remap_work;

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

static void *array_of(bcr_idx n, size_t size) { return malloc((size_t)(n ? n : 1) * size); }

/* Where rank r's requests start in out: out and roff list the same
 * elements. */
static bcr_idx out_start(const remap_work *W, int r) { return W->rfrom[r] - W->roff; }

/* What this process asks: its destination elements read from the maps,
 * sorted by owner and place there (the owner reads in order, and runs
 * form where the elements asked for lie together), as requests and as the
 * offsets they will be received at.  Returns 0 or -1 (out of memory). */
static int make_requests(remap_work *W, const bcr_eside *dst)
{
    bcr_idx mine = bcr_eside_held(dst);
    if (mine < 0)
        return -1;
    W->g.w = array_of(mine, sizeof *W->g.w);
    W->ask = calloc((size_t)W->nranks, sizeof *W->ask);
    W->asked = calloc((size_t)W->nranks, sizeof *W->asked);
    W->rfrom = calloc((size_t)W->nranks, sizeof *W->rfrom);
    W->sfrom = calloc((size_t)W->nranks, sizeof *W->sfrom);
    W->out = array_of(mine, REQ_WORDS * sizeof *W->out);
    W->roff = array_of(mine, sizeof *W->roff);
    if (!W->g.w || !W->ask || !W->asked || !W->rfrom || !W->sfrom || !W->out || !W->roff ||
        bcr_fault("remap_send") || bcr_eside_each(dst, want, &W->g))
        return -1;
    qsort(W->g.w, (size_t)W->g.n, sizeof *W->g.w, by_rank_key);
    for (bcr_idx k = 0; k < W->g.n; k++) {
        const wanted *x = &W->g.w[k];
        W->ask[x->rank]++;
        W->out[REQ_WORDS * k] = x->i;
        W->out[REQ_WORDS * k + 1] = x->j;
        W->roff[k] = x->off;
    }
    free(W->g.w); /* the sort's, no longer needed */
    W->g.w = NULL;
    bcr_idx at = 0;
    for (int r = 0; r < W->nranks; r++) {
        W->rfrom[r] = W->roff + at;
        at += W->ask[r];
    }
    return 0;
}

/* Whether any process failed: one bounded reduction. */
static int any_failed(const remap_work *W, int failed)
{
    int any = 1;
    MPI_Request req;
    if (MPI_Iallreduce(&failed, &any, 1, MPI_INT, MPI_MAX, W->comm, &req) ||
        bcr_wait_bounded(&req, "the other processes to agree on a remap's memory"))
        bcr_give_up("an MPI call failed while planning a remap");
    return any;
}

/* Every process learns how many elements each asks of it. */
static void exchange_counts(remap_work *W)
{
    MPI_Request req;
    if (MPI_Ialltoall(W->ask, 1, MPI_INT64_T, W->asked, 1, MPI_INT64_T, W->comm, &req) ||
        bcr_wait_bounded(&req, "the other processes' counts of remap requests"))
        bcr_give_up("an MPI call failed while planning a remap");
}

static bcr_idx request_bytes(bcr_idx elements)
{
    return elements * REQ_WORDS * (bcr_idx)sizeof(bcr_idx);
}

/* The chunks of the requests this process sends and receives. */
static bcr_idx count_chunks(const remap_work *W)
{
    bcr_idx n = 0;
    for (int r = 0; r < W->nranks; r++)
        if (r != W->rank)
            n += bcr_chunks_of(request_bytes(W->ask[r])) +
                 bcr_chunks_of(request_bytes(W->asked[r]));
    return n;
}

/* Room for what others ask of this process (and the offsets it will send
 * from, its own requests' too) and for the messages' requests.  Returns 0
 * or -1 (out of memory). */
static int make_room(remap_work *W)
{
    bcr_idx in = 0, all = 0;
    for (int r = 0; r < W->nranks; r++) {
        in += r == W->rank ? 0 : W->asked[r];
        all += W->asked[r];
    }
    W->in = array_of(in, REQ_WORDS * sizeof *W->in);
    W->soff = array_of(all, sizeof *W->soff);
    W->nreq = count_chunks(W);
    W->req = array_of(W->nreq, sizeof *W->req);
    return !W->in || !W->soff || !W->req || bcr_fault("remap_recv") ? -1 : 0;
}

/* The requests, each rank's one message in chunks; waited for with the
 * limit.  An MPI failure here gives up: partners are already sending. */
static void exchange_requests(remap_work *W)
{
    bcr_idx n = 0, in = 0;
    int rc = 0;
    for (int r = 0; r < W->nranks && !rc; r++) {
        if (r == W->rank)
            continue;
        rc = bcr_post_chunks(0, (char *)(W->in + REQ_WORDS * in), request_bytes(W->asked[r]), r,
                             BCR_REMAP_TAG, W->comm, W->req, NULL, 0, &n);
        in += W->asked[r];
    }
    for (int r = 0; r < W->nranks && !rc; r++)
        if (r != W->rank)
            rc = bcr_post_chunks(1, (char *)(W->out + REQ_WORDS * out_start(W, r)),
                                 request_bytes(W->ask[r]), r, BCR_REMAP_TAG, W->comm, W->req,
                                 NULL, 0, &n);
    if (rc || bcr_waitall_bounded(n, W->req, "the other processes' remap requests"))
        bcr_give_up("an MPI call failed while planning a remap");
}

/* The offsets asked of this process, rank by rank, in the order asked;
 * its own requests straight from out. */
static void answer(remap_work *W, const bcr_eside *src)
{
    bcr_idx in = 0, at = 0;
    for (int r = 0; r < W->nranks; r++) {
        const bcr_idx *q = r == W->rank ? W->out + REQ_WORDS * out_start(W, r)
                                        : W->in + REQ_WORDS * in;
        W->sfrom[r] = W->soff + at;
        for (bcr_idx k = 0; k < W->asked[r]; k++)
            W->soff[at++] = bcr_eside_offset(src, q[REQ_WORDS * k], q[REQ_WORDS * k + 1]);
        in += r == W->rank ? 0 : W->asked[r];
    }
}

static int make_parts(bcr_eplan *pl, const remap_work *W)
{
    return bcr_eparts_make(W->sfrom, W->asked, 1, W->rank, W->nranks, &pl->send, &pl->nsend,
                           &pl->self_send, &pl->send_total) ||
                   bcr_eparts_make(W->rfrom, W->ask, 1, W->rank, W->nranks, &pl->recv,
                                   &pl->nrecv, &pl->self_recv, &pl->recv_total)
               ? -1
               : 0;
}

static void work_free(remap_work *W)
{
    free(W->g.w);
    free(W->ask);
    free(W->asked);
    free(W->out);
    free(W->in);
    free(W->roff);
    free(W->soff);
    free(W->rfrom);
    free(W->sfrom);
    free(W->req);
}

/* Each allocation that a collective depends on is agreed before it, so
 * that a process out of memory ends planning on every process at the same
 * step: none waits for it, none gives up. */
static int plan(bcr_eplan *pl, remap_work *W, const bcr_eside *src, const bcr_eside *dst,
                int *failed_here)
{
    *failed_here = *failed_here || make_requests(W, dst);
    if (any_failed(W, *failed_here))
        return -1;
    exchange_counts(W);
    *failed_here = make_room(W) != 0;
    if (any_failed(W, *failed_here))
        return -1;
    exchange_requests(W);
    answer(W, src);
    /* Others may have planned to send here: the caller agrees on it. */
    *failed_here = make_parts(pl, W) != 0;
    return *failed_here ? -1 : 0;
}

int bcr_eplan_build_remap(bcr_eplan *pl, const bcr_eside *src, const bcr_eside *dst,
                          const bcr_int *rows, const bcr_int *cols, int rank, int nranks,
                          MPI_Comm comm, int *failed_here)
{
    memset(pl, 0, sizeof *pl);
    remap_work W = {.rank = rank, .nranks = nranks, .comm = comm, .g = {src, rows, cols, NULL, 0}};
    int rc = plan(pl, &W, src, dst, failed_here);
    work_free(&W);
    if (rc)
        bcr_eplan_free(pl);
    return rc;
}
