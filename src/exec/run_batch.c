#include "exec/run_batch.h"

#include <stdlib.h>
#include <string.h>

#include "base/failsafe.h"
#include "base/post_chunks.h"
#include "base/timers.h"
#include "kernels/scan.h"
#include "kernels/update_pieces.h"

/* What is left of a run once begun, in the order it is done. */
enum { STAGE_RECEIVE, STAGE_SENDS, STAGE_DONE };

static bcr_idx aligned(bcr_idx bytes)
{
    return (bytes + BCR_BATCH_ALIGN - 1) / BCR_BATCH_ALIGN * BCR_BATCH_ALIGN;
}

static const bcr_half *half_of(const bcr_batch_member *m, int sending)
{
    return sending ? &m->ex->send : &m->ex->recv;
}

static int batch_rank(const bcr_batch_member *m, int r)
{
    return m->ranks ? m->ranks[r] : r;
}

static bcr_idx part_bytes(const bcr_batch_member *m, const bcr_partner *p)
{
    return aligned(p->count * (bcr_idx)m->ar.elsize);
}

static void lane_free(bcr_batch_lane *l)
{
    free(l->rank);
    free(l->at);
    free(l->bytes);
    free(l->shm);
    free(l->steps);
    free(l->taken);
    free(l->pending);
    free(l->mfirst);
    free(l->lane_of);
    free(l->step_of);
    free(l->step_ends);
    free(l->part_at);
    free(l->buf);
    memset(l, 0, sizeof *l);
}

/* The steps of each message: its parts in the members' order, a step
 * ending once it holds BCR_BATCH_STEP bytes or more, and at the message's
 * last part.  From the parts' sizes alone, which both ends of a message
 * know alike. */
static void lane_steps(bcr_batch_lane *l, const bcr_batch_member *mem, int nmem, int sending)
{
    for (int j = 0; j < l->n; j++)
        l->pending[j] = 0; /* here: the message's bytes not yet in a step */
    for (int k = 0; k < nmem; k++) {
        const bcr_half *h = mem[k].ex ? half_of(&mem[k], sending) : NULL;
        for (int p = 0; h && p < h->nparts; p++) {
            int i = l->mfirst[k] + p, j = l->lane_of[i];
            bcr_idx b = part_bytes(&mem[k], &h->parts[p]);
            bcr_idx placed = l->part_at[i] + b - l->at[j]; /* the message's bytes so far */
            l->step_of[i] = l->steps[j];
            l->pending[j] += (int)(b > BCR_BATCH_STEP ? BCR_BATCH_STEP : b);
            l->step_ends[i] = l->pending[j] >= BCR_BATCH_STEP || placed == l->bytes[j];
            if (l->step_ends[i]) {
                l->steps[j]++;
                l->pending[j] = 0;
            }
        }
    }
}

/* One direction's messages: bytes per batch rank summed over the members
 * in their order (each part aligned), partners in the rotated order, then
 * each part's message and place.  sum and slot are scratch of `size`. */
static int lane_build(bcr_batch_lane *l, const bcr_batch_member *mem, int nmem, int sending,
                      int rank, int size, bcr_idx *sum, int *slot)
{
    memset(l, 0, sizeof *l);
    for (int r = 0; r < size; r++)
        sum[r] = 0, slot[r] = -1;
    l->mfirst = calloc((size_t)nmem + 1, sizeof *l->mfirst);
    if (!l->mfirst)
        return BCR_ERR_NOMEM;
    for (int k = 0; k < nmem; k++) {
        const bcr_half *h = mem[k].ex ? half_of(&mem[k], sending) : NULL;
        for (int p = 0; h && p < h->nparts; p++)
            sum[batch_rank(&mem[k], h->parts[p].rank)] += part_bytes(&mem[k], &h->parts[p]);
        l->mfirst[k + 1] = l->mfirst[k] + (h ? h->nparts : 0);
    }
    for (int d = 1; d < size; d++)
        l->n += sum[(rank + d) % size] > 0;
    size_t n = (size_t)l->n + 1, nparts = (size_t)l->mfirst[nmem] + 1;
    l->rank = malloc(n * sizeof *l->rank);
    l->at = malloc(n * sizeof *l->at);
    l->bytes = malloc(n * sizeof *l->bytes);
    l->shm = calloc(n, sizeof *l->shm);
    l->steps = calloc(n, sizeof *l->steps);
    l->taken = calloc(n, sizeof *l->taken);
    l->pending = calloc(n, sizeof *l->pending);
    l->lane_of = malloc(nparts * sizeof *l->lane_of);
    l->step_of = malloc(nparts * sizeof *l->step_of);
    l->step_ends = malloc(nparts);
    l->part_at = malloc(nparts * sizeof *l->part_at);
    if (!l->rank || !l->at || !l->bytes || !l->shm || !l->steps || !l->taken || !l->pending ||
        !l->lane_of || !l->step_of || !l->step_ends || !l->part_at)
        return BCR_ERR_NOMEM;
    bcr_idx total = 0;
    for (int d = 1, j = 0; d < size; d++) {
        int r = (rank + d) % size;
        if (!sum[r])
            continue;
        slot[r] = j;
        l->rank[j] = r;
        l->at[j] = total;
        l->bytes[j] = sum[r];
        total += sum[r];
        sum[r] = 0; /* from now: bytes placed so far in the message */
        j++;
    }
    for (int k = 0; k < nmem; k++) {
        const bcr_half *h = mem[k].ex ? half_of(&mem[k], sending) : NULL;
        for (int p = 0; h && p < h->nparts; p++) {
            int r = batch_rank(&mem[k], h->parts[p].rank), j = slot[r];
            l->lane_of[l->mfirst[k] + p] = j;
            l->part_at[l->mfirst[k] + p] = l->at[j] + sum[r];
            sum[r] += part_bytes(&mem[k], &h->parts[p]);
        }
    }
    lane_steps(l, mem, nmem, sending);
    if (total && !(l->buf = malloc((size_t)total)))
        return BCR_ERR_NOMEM;
    return BCR_SUCCESS;
}

/* Chunks of the direction's messages through MPI. */
static bcr_idx lane_chunks(const bcr_batch_lane *l)
{
    bcr_idx n = 0;
    for (int j = 0; j < l->n; j++)
        n += l->shm[j] ? 0 : bcr_chunks_of(l->bytes[j]);
    return n;
}

int bcr_batch_exchange_build(bcr_batch_exchange *x, const bcr_batch_member *members, int n,
                             MPI_Comm comm, int rank, int size)
{
    memset(x, 0, sizeof *x);
    x->members = members;
    x->nmembers = n;
    x->comm = comm;
    x->stage = STAGE_DONE;
    bcr_idx *sum = malloc((size_t)size * sizeof *sum);
    int *slot = malloc((size_t)size * sizeof *slot);
    int rc = !sum || !slot ? BCR_ERR_NOMEM : BCR_SUCCESS;
    if (!rc)
        rc = lane_build(&x->send, members, n, 1, rank, size, sum, slot);
    if (!rc)
        rc = lane_build(&x->recv, members, n, 0, rank, size, sum, slot);
    free(sum);
    free(slot);
    if (!rc) {
        int most = 0;
        bcr_idx gather = 0;
        for (int k = 0; k < n; k++) {
            const bcr_batch_member *m = &members[k];
            for (int d = 0; m->ex && d < 2; d++)
                if (half_of(m, d)->nparts > most)
                    most = half_of(m, d)->nparts;
            bcr_idx g = m->ex && m->ar.update
                            ? bcr_update_scan_scratch(&m->ex->recv.scan, m->ar.elsize)
                            : 0;
            gather = g > gather ? g : gather;
        }
        bcr_idx nreq = lane_chunks(&x->send) + lane_chunks(&x->recv) + 1;
        x->req = malloc((size_t)nreq * sizeof *x->req);
        x->owner = malloc((size_t)nreq * sizeof *x->owner);
        x->cur = malloc(((size_t)most + 1) * sizeof *x->cur);
        x->from = malloc(((size_t)x->recv.n + 1) * sizeof *x->from);
        x->gather = gather ? malloc((size_t)gather) : NULL;
        if (!x->req || !x->owner || !x->cur || !x->from || (gather && !x->gather))
            rc = BCR_ERR_NOMEM;
    }
    if (rc)
        bcr_batch_exchange_free(x);
    return rc;
}

void bcr_batch_exchange_free(bcr_batch_exchange *x)
{
    lane_free(&x->send);
    lane_free(&x->recv);
    free(x->req);
    free(x->owner);
    free(x->cur);
    free((void *)x->from);
    free(x->gather);
    x->gather = NULL;
    x->req = NULL;
    x->owner = NULL;
    x->cur = NULL;
    x->from = NULL;
}

void bcr_batch_exchange_use_shm(bcr_batch_exchange *x, bcr_shm *sh, long long min_bytes)
{
    x->sh = sh;
    x->shm_bytes = 0;
    bcr_batch_lane *lanes[2] = {&x->send, &x->recv};
    for (int d = 0; d < 2; d++)
        for (int j = 0; j < lanes[d]->n; j++) {
            lanes[d]->shm[j] = sh && bcr_shm_shares(sh, lanes[d]->rank[j]) &&
                               lanes[d]->bytes[j] >= min_bytes;
            if (d == 0 && lanes[d]->shm[j])
                x->shm_bytes = lanes[d]->at[j] + lanes[d]->bytes[j];
        }
}

bcr_idx bcr_batch_exchange_send_bytes(const bcr_batch_exchange *x)
{
    const bcr_batch_lane *l = &x->send;
    return l->n ? l->at[l->n - 1] + l->bytes[l->n - 1] : 0;
}

void bcr_batch_exchange_bytes(const bcr_batch_exchange *x, double *local, double *shm,
                              double *mpi)
{
    *local = *shm = *mpi = 0;
    for (int j = 0; j < x->send.n; j++)
        *(x->send.shm[j] ? shm : mpi) += (double)x->send.bytes[j];
    for (int k = 0; k < x->nmembers; k++) {
        const bcr_batch_member *m = &x->members[k];
        if (m->ex && m->ex->send.has_self)
            *local += (double)m->ex->send.self.count * (double)m->ar.elsize;
    }
}

/* Member k's parts packed in one scan of its A, each where its message
 * lies: this process's shared segment or the send buffer. */
static void pack_member(const bcr_batch_exchange *x, int k)
{
    const bcr_batch_member *m = &x->members[k];
    const bcr_half *S = &m->ex->send;
    const bcr_batch_lane *l = &x->send;
    char *mine = x->shm_bytes ? bcr_shm_mine(x->sh) : NULL;
    if (!S->active || S->nparts == 0)
        return;
    for (int p = 0; p < S->nparts; p++) {
        int i = l->mfirst[k] + p;
        x->cur[p] = (l->shm[l->lane_of[i]] ? mine : l->buf) + l->part_at[i];
    }
    double t0 = bcr_phase_start();
    const bcr_arrays *ar = &m->ar;
    if (S->rows_ordered) /* as the member's own exchange would scan (plan/exchange.c) */
        bcr_scan_pack_rows(&S->scan, ar->a, ar->lda, ar->elsize, &m->ex->mask, x->cur,
                           S->stream, NULL);
    else
        bcr_scan_pack(&S->scan, ar->a, ar->lda, ar->elsize, &m->ex->mask, x->cur, S->stream,
                      NULL);
    bcr_phase_add(&bcr_phase_now.pack, t0);
}

/* Member k's parts unpacked, and its part that stays here copied, in one
 * scan of its B (or of C, adding, for an update). */
static void unpack_member(const bcr_batch_exchange *x, int k)
{
    const bcr_batch_member *m = &x->members[k];
    const bcr_half *R = &m->ex->recv;
    const bcr_batch_lane *l = &x->recv;
    if (!R->active || (R->nparts == 0 && !R->has_self))
        return;
    const char **cur = (const char **)x->cur;
    for (int p = 0; p < R->nparts; p++) {
        int i = l->mfirst[k] + p, j = l->lane_of[i];
        cur[p] = x->from[j] + (l->part_at[i] - l->at[j]);
    }
    const bcr_arrays *ar = &m->ar;
    double t0 = bcr_phase_start();
    if (ar->update) {
        bcr_sink s = bcr_arrays_sink(ar);
        bcr_update_scan(&R->scan, &s, ar->a, ar->lda, cur, x->gather);
    } else if (!R->rows_ordered ||
               bcr_scan_unpack_rows(&R->scan, ar->b, ar->ldb, ar->a, ar->lda, ar->elsize,
                                    &m->ex->mask, cur, R->stream)) {
        bcr_scan_unpack(&R->scan, ar->b, ar->ldb, ar->a, ar->lda, ar->elsize, &m->ex->mask,
                        cur);
    }
    bcr_phase_add(&bcr_phase_now.unpack, t0);
}

/* Request idx is complete: a message through MPI is in once all its
 * chunks are, and then every step of it. */
static void completed(bcr_batch_exchange *x, int idx)
{
    bcr_batch_lane *l = &x->recv;
    int j = x->owner[idx];
    if (j < l->n && --l->pending[j] == 0)
        l->taken[j] = l->steps[j];
}

/* Take what has come, without waiting: published steps, completed
 * chunks. */
static int take_steps(bcr_batch_exchange *x)
{
    bcr_batch_lane *l = &x->recv;
    for (int j = 0; j < l->n; j++)
        while (l->shm[j] && l->taken[j] < l->steps[j] && bcr_shm_ready(x->sh, l->rank[j])) {
            x->from[j] = bcr_shm_await(x->sh, l->rank[j], l->bytes[j]);
            l->taken[j]++;
        }
    for (int flag = 1, idx; flag && x->nreq;) {
        if (MPI_Testany((int)x->nreq, x->req, &idx, &flag, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            return BCR_ERR_MPI;
        if (!flag || idx == MPI_UNDEFINED)
            break;
        completed(x, idx);
    }
    return BCR_SUCCESS;
}

/* The first of member k's parts not yet in, or -1 when all are. */
static int missing_part(const bcr_batch_exchange *x, int k)
{
    const bcr_batch_member *m = &x->members[k];
    const bcr_batch_lane *l = &x->recv;
    int nparts = m->ex && m->ex->recv.active ? m->ex->recv.nparts : 0;
    for (int p = 0; p < nparts; p++) {
        int i = l->mfirst[k] + p;
        if (l->taken[l->lane_of[i]] <= l->step_of[i])
            return i;
    }
    return -1;
}

/* Unpack, in order, the members whose parts are all in. */
static void unpack_ready(bcr_batch_exchange *x)
{
    while (x->next < x->nmembers && missing_part(x, x->next) < 0) {
        if (x->members[x->next].ex)
            unpack_member(x, x->next);
        x->next++;
    }
}

/* Wait for the step the next member to unpack lacks first. */
static int wait_step(bcr_batch_exchange *x)
{
    bcr_batch_lane *l = &x->recv;
    int j = l->lane_of[missing_part(x, x->next)];
    if (l->shm[j]) {
        x->from[j] = bcr_shm_await(x->sh, l->rank[j], l->bytes[j]);
        l->taken[j]++;
        return BCR_SUCCESS;
    }
    int idx;
    if (bcr_waitany_bounded((int)x->nreq, x->req, &idx, "a partner's message") != MPI_SUCCESS)
        return BCR_ERR_MPI;
    if (idx != MPI_UNDEFINED)
        completed(x, idx);
    return BCR_SUCCESS;
}

int bcr_batch_exchange_begin(bcr_batch_exchange *x)
{
    bcr_batch_lane *R = &x->recv, *S = &x->send;
    x->nreq = 0;
    x->next = 0;
    for (int j = 0; j < R->n; j++) {
        R->taken[j] = 0;
        if (R->shm[j])
            continue;
        R->pending[j] = (int)bcr_chunks_of(R->bytes[j]);
        x->from[j] = R->buf + R->at[j];
        if (bcr_post_chunks(0, R->buf + R->at[j], R->bytes[j], R->rank[j], BCR_TAG, x->comm,
                            x->req, x->owner, j, &x->nreq))
            return BCR_ERR_MPI;
    }
    if (x->shm_bytes) { /* its readers are done with the last run's parts */
        bcr_shm_begin_writes(x->sh);
        bcr_shm_used(x->sh, (size_t)x->shm_bytes);
    }
    /* Each step of a region published once packed; what has come
     * unpacked between members. */
    for (int k = 0; k < x->nmembers; k++) {
        const bcr_batch_member *m = &x->members[k];
        if (!m->ex)
            continue;
        pack_member(x, k);
        for (int p = 0; m->ex->send.active && p < m->ex->send.nparts; p++) {
            int i = S->mfirst[k] + p, j = S->lane_of[i];
            if (S->shm[j] && S->step_ends[i])
                bcr_shm_publish(x->sh, S->rank[j], S->at[j]);
        }
        if (take_steps(x))
            return BCR_ERR_MPI;
        unpack_ready(x);
    }
    for (int j = 0; j < S->n; j++)
        if (!S->shm[j] &&
            bcr_post_chunks(1, S->buf + S->at[j], S->bytes[j], S->rank[j], BCR_TAG, x->comm,
                            x->req, x->owner, R->n + j, &x->nreq))
            return BCR_ERR_MPI;
    x->stage = STAGE_RECEIVE;
    return BCR_SUCCESS;
}

/* Every member unpacked (block: once all are), then the segments' steps
 * released to their writers. */
static int receive(bcr_batch_exchange *x, int block)
{
    for (;;) {
        if (take_steps(x))
            return BCR_ERR_MPI;
        unpack_ready(x);
        if (x->next == x->nmembers)
            break;
        if (!block)
            return BCR_SUCCESS;
        if (wait_step(x))
            return BCR_ERR_MPI;
    }
    const bcr_batch_lane *l = &x->recv;
    for (int j = 0; j < l->n; j++)
        for (int t = 0; l->shm[j] && t < l->taken[j]; t++)
            bcr_shm_release(x->sh, l->rank[j]);
    x->stage = STAGE_SENDS;
    return BCR_SUCCESS;
}

/* Every send complete (block: once they are). */
static int sends(bcr_batch_exchange *x, int block)
{
    for (;;) {
        int idx, flag = 1;
        if (block) {
            if (bcr_waitany_bounded((int)x->nreq, x->req, &idx,
                                    "partners to take this process's messages") != MPI_SUCCESS)
                return BCR_ERR_MPI;
        } else if (MPI_Testany((int)x->nreq, x->req, &idx, &flag, MPI_STATUS_IGNORE) !=
                   MPI_SUCCESS) {
            return BCR_ERR_MPI;
        }
        if (!flag)
            return BCR_SUCCESS;
        if (idx == MPI_UNDEFINED) /* no request left active */
            break;
    }
    x->stage = STAGE_DONE;
    return BCR_SUCCESS;
}

int bcr_batch_exchange_advance(bcr_batch_exchange *x, int block, int *done)
{
    if (x->stage == STAGE_RECEIVE && receive(x, block))
        return BCR_ERR_MPI;
    if (x->stage == STAGE_SENDS && sends(x, block))
        return BCR_ERR_MPI;
    *done = x->stage == STAGE_DONE;
    return BCR_SUCCESS;
}
