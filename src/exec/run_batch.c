#include "exec/run_batch.h"

#include <stdlib.h>
#include <string.h>

#include "base/failsafe.h"
#include "base/post_chunks.h"
#include "base/timers.h"
#include "kernels/copy_pieces.h"
#include "kernels/update_pieces.h"

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

static void lane_free(bcr_batch_lane *l)
{
    free(l->rank);
    free(l->at);
    free(l->bytes);
    free(l->first);
    free(l->piece);
    free(l->buf);
    memset(l, 0, sizeof *l);
}

/* One direction's messages: bytes per batch rank summed over the members
 * in their order (each part aligned), partners in the rotated order, then
 * the pieces grouped by partner.  sum and slot are scratch of `size`. */
static int lane_build(bcr_batch_lane *l, const bcr_batch_member *mem, int nmem, int sending,
                      int rank, int size, bcr_idx *sum, int *slot)
{
    memset(l, 0, sizeof *l);
    for (int r = 0; r < size; r++)
        sum[r] = 0, slot[r] = -1;
    bcr_idx npieces = 0;
    for (int k = 0; k < nmem; k++) {
        if (!mem[k].ex)
            continue;
        const bcr_half *h = half_of(&mem[k], sending);
        for (int p = 0; p < h->nparts; p++) {
            sum[batch_rank(&mem[k], h->parts[p].rank)] +=
                aligned(h->parts[p].count * (bcr_idx)mem[k].ar.elsize);
            npieces++;
        }
    }
    for (int d = 1; d < size; d++)
        l->n += sum[(rank + d) % size] > 0;
    l->rank = malloc(((size_t)l->n + 1) * sizeof *l->rank);
    l->at = malloc(((size_t)l->n + 1) * sizeof *l->at);
    l->bytes = malloc(((size_t)l->n + 1) * sizeof *l->bytes);
    l->first = calloc((size_t)l->n + 1, sizeof *l->first);
    l->piece = malloc(((size_t)npieces + 1) * sizeof *l->piece);
    if (!l->rank || !l->at || !l->bytes || !l->first || !l->piece)
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
        l->chunks += bcr_chunks_of(sum[r]);
        total += sum[r];
        j++;
    }
    /* pieces by partner, members in order within each: count, then place */
    for (int k = 0; k < nmem; k++) {
        const bcr_half *h = mem[k].ex ? half_of(&mem[k], sending) : NULL;
        for (int p = 0; h && p < h->nparts; p++)
            l->first[slot[batch_rank(&mem[k], h->parts[p].rank)] + 1]++;
    }
    for (int j = 0; j < l->n; j++)
        l->first[j + 1] += l->first[j];
    for (int j = 0; j < l->n; j++)
        sum[l->rank[j]] = 0; /* now: bytes placed so far in the message */
    int *next = calloc((size_t)l->n + 1, sizeof *next);
    if (!next)
        return BCR_ERR_NOMEM;
    for (int k = 0; k < nmem; k++) {
        const bcr_half *h = mem[k].ex ? half_of(&mem[k], sending) : NULL;
        for (int p = 0; h && p < h->nparts; p++) {
            int r = batch_rank(&mem[k], h->parts[p].rank), j = slot[r];
            bcr_batch_piece *pc = &l->piece[l->first[j] + next[j]++];
            pc->member = k;
            pc->part = p;
            pc->at = l->at[j] + sum[r];
            sum[r] += aligned(h->parts[p].count * (bcr_idx)mem[k].ar.elsize);
        }
    }
    free(next);
    if (total && !(l->buf = malloc((size_t)total)))
        return BCR_ERR_NOMEM;
    return BCR_SUCCESS;
}

int bcr_batch_exchange_build(bcr_batch_exchange *x, const bcr_batch_member *members, int n,
                             MPI_Comm comm, int rank, int size)
{
    memset(x, 0, sizeof *x);
    x->members = members;
    x->nmembers = n;
    x->comm = comm;
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
        bcr_idx nreq = x->send.chunks + x->recv.chunks + 1;
        int nparts = x->send.n + x->recv.n + 1;
        x->req = malloc((size_t)nreq * sizeof *x->req);
        x->owner = malloc((size_t)nreq * sizeof *x->owner);
        x->pending = malloc((size_t)nparts * sizeof *x->pending);
        if (!x->req || !x->owner || !x->pending)
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
    free(x->pending);
    x->req = NULL;
    x->owner = x->pending = NULL;
}

bcr_idx bcr_batch_exchange_bytes(const bcr_batch_exchange *x)
{
    bcr_idx n = 0;
    for (int j = 0; j < x->send.n; j++)
        n += x->send.bytes[j];
    for (int j = 0; j < x->recv.n; j++)
        n += x->recv.bytes[j];
    return n;
}

/* Every member's part that stays on this process, A into B. */
static void copy_local(const bcr_batch_exchange *x)
{
    for (int k = 0; k < x->nmembers; k++) {
        const bcr_batch_member *m = &x->members[k];
        if (!m->ex || !m->ex->send.has_self)
            continue;
        const bcr_half *S = &m->ex->send;
        const bcr_arrays *ar = &m->ar;
        bcr_groupspan rows = bcr_half_rows(S, S->self.orow);
        bcr_runspan cols = bcr_half_cols(S, S->self.ocol);
        double t0 = bcr_phase_start();
        if (ar->update) {
            bcr_sink s = bcr_arrays_sink(ar);
            bcr_update_local(&s, ar->a, ar->lda, rows, cols, 1);
        } else {
            bcr_kernel_copy(ar->b, ar->ldb, ar->a, ar->lda, ar->elsize, rows, cols,
                            &m->ex->mask, 0);
        }
        bcr_phase_add(&bcr_phase_now.local, t0);
    }
}

static void pack_message(const bcr_batch_exchange *x, int j)
{
    const bcr_batch_lane *l = &x->send;
    for (int i = l->first[j]; i < l->first[j + 1]; i++) {
        const bcr_batch_piece *pc = &l->piece[i];
        const bcr_batch_member *m = &x->members[pc->member];
        bcr_part_pack(l->buf + pc->at, &m->ex->send, &m->ex->send.parts[pc->part], &m->ar,
                      &m->ex->mask);
    }
}

static void unpack_message(const bcr_batch_exchange *x, int j)
{
    const bcr_batch_lane *l = &x->recv;
    for (int i = l->first[j]; i < l->first[j + 1]; i++) {
        const bcr_batch_piece *pc = &l->piece[i];
        const bcr_batch_member *m = &x->members[pc->member];
        bcr_part_unpack(&m->ex->recv, &m->ex->recv.parts[pc->part], l->buf + pc->at, &m->ar,
                        &m->ex->mask);
    }
}

int bcr_batch_exchange_begin(bcr_batch_exchange *x)
{
    x->nreq = 0;
    x->recv_left = x->recv.n;
    x->in_flight = 1;
    for (int j = 0; j < x->recv.n; j++) {
        x->pending[j] = (int)bcr_chunks_of(x->recv.bytes[j]);
        if (bcr_post_chunks(0, x->recv.buf + x->recv.at[j], x->recv.bytes[j], x->recv.rank[j],
                            BCR_TAG, x->comm, x->req, x->owner, j, &x->nreq))
            return BCR_ERR_MPI;
    }
    for (int j = 0; j < x->send.n; j++) {
        pack_message(x, j);
        int who = x->recv.n + j;
        x->pending[who] = (int)bcr_chunks_of(x->send.bytes[j]);
        if (bcr_post_chunks(1, x->send.buf + x->send.at[j], x->send.bytes[j], x->send.rank[j],
                            BCR_TAG, x->comm, x->req, x->owner, who, &x->nreq))
            return BCR_ERR_MPI;
    }
    copy_local(x);
    return BCR_SUCCESS;
}

/* Request idx is complete: a receive is unpacked once all its chunks are. */
static void completed(bcr_batch_exchange *x, int idx)
{
    int who = x->owner[idx];
    if (--x->pending[who] > 0 || who >= x->recv.n)
        return;
    unpack_message(x, who);
    x->recv_left--;
}

int bcr_batch_exchange_advance(bcr_batch_exchange *x, int block, int *done)
{
    *done = !x->in_flight;
    if (!x->in_flight)
        return BCR_SUCCESS;
    for (;;) {
        int idx, flag = 1;
        if (block) {
            if (bcr_waitany_bounded((int)x->nreq, x->req, &idx, "a partner's message") !=
                MPI_SUCCESS)
                return BCR_ERR_MPI;
        } else if (x->nreq && MPI_Testany((int)x->nreq, x->req, &idx, &flag,
                                          MPI_STATUS_IGNORE) != MPI_SUCCESS) {
            return BCR_ERR_MPI;
        } else if (!x->nreq) {
            idx = MPI_UNDEFINED;
        }
        if (!flag)
            return BCR_SUCCESS;
        if (idx == MPI_UNDEFINED) /* every request complete */
            break;
        completed(x, idx);
    }
    x->in_flight = 0;
    *done = 1;
    return BCR_SUCCESS;
}
