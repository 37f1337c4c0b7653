#include "exec.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bcredist.h"
#include "phase.h"

/* Messages larger than this many bytes travel as several messages with the
 * same tag; MPI keeps them in order. */
#define BCR_CHUNK ((bcr_idx)1 << 30)
#define BCR_TAG 7351

/* Buffers grow to the largest call seen and are reused: allocating them per
 * call costs more than the copy itself for mid-size matrices. */
typedef struct {
    void *p;
    size_t size;
} pool;

static pool send_pool, recv_pool, scratch_pool, work_pool;

static void *pool_get(pool *pl, size_t bytes)
{
    if (bytes <= pl->size)
        return pl->p;
    free(pl->p);
    pl->p = malloc(bytes);
    pl->size = pl->p ? bytes : 0;
    return pl->p;
}

void *bcr_exec_scratch(size_t bytes) { return pool_get(&scratch_pool, bytes); }

size_t bcr_pool_bytes(void)
{
    return send_pool.size + recv_pool.size + scratch_pool.size + work_pool.size;
}

void bcr_exec_finalize(void)
{
    pool *all[4] = {&send_pool, &recv_pool, &scratch_pool, &work_pool};
    for (int i = 0; i < 4; i++) {
        free(all[i]->p);
        *all[i] = (pool){NULL, 0};
    }
}

static bcr_idx chunks_of(bcr_idx bytes) { return (bytes + BCR_CHUNK - 1) / BCR_CHUNK; }

static bcr_idx part_chunks(const bcr_partner *p, size_t es)
{
    return p->dtype != MPI_DATATYPE_NULL ? 1 : chunks_of(p->count * (bcr_idx)es);
}

static bcr_idx count_chunks(const bcr_half *h, size_t es)
{
    bcr_idx n = 0;
    for (int k = 0; k < h->nparts; k++)
        n += part_chunks(&h->parts[k], es);
    return n;
}

/* Post the chunks of one message; owner[] remembers the partner of each
 * request so that completions can be attributed. */
static int post(int sending, char *base, bcr_idx bytes, int peer, MPI_Comm comm,
                MPI_Request *req, int *owner, int who, bcr_idx *nreq)
{
    for (bcr_idx off = 0; off < bytes; off += BCR_CHUNK) {
        int len = (int)(bytes - off < BCR_CHUNK ? bytes - off : BCR_CHUNK);
        int rc = sending ? MPI_Isend(base + off, len, MPI_BYTE, peer, BCR_TAG, comm, &req[*nreq])
                         : MPI_Irecv(base + off, len, MPI_BYTE, peer, BCR_TAG, comm, &req[*nreq]);
        if (rc != MPI_SUCCESS)
            return BCR_ERR_MPI;
        owner[(*nreq)++] = who;
    }
    return BCR_SUCCESS;
}

/* BCR_RECV=sync waits for every message before unpacking any (Thakur's
 * synchronous method, kept for comparison); the default unpacks each
 * message as it arrives. */
static int receive_sync(void)
{
    const char *env = getenv("BCR_RECV");
    return env && !strcmp(env, "sync");
}

static void unpack_part(const bcr_half *R, int k, const char *rbuf, const bcr_arrays *ar,
                        const bcr_mask *mk)
{
    const bcr_partner *p = &R->parts[k];
    if (p->contig >= 0 || p->dtype != MPI_DATATYPE_NULL)
        return; /* received in place */
    double t0 = bcr_phase_start();
    bcr_kernel_unpack(ar->b, ar->ldb, rbuf + (size_t)p->offset * ar->elsize, ar->elsize,
                      bcr_half_rows(R, p->orow), bcr_half_cols(R, p->ocol), mk);
    bcr_phase_add(&bcr_phase_now.unpack, t0);
}

/* Request bookkeeping lives in one pooled block: requests, their owners,
 * the pending chunk count of every receive partner, then room for the
 * indices MPI_Testsome returns. */
static size_t work_bytes(const bcr_plan *pl, size_t es)
{
    size_t nreq = (size_t)(count_chunks(&pl->recv, es) + count_chunks(&pl->send, es)) + 1;
    return nreq * (sizeof(MPI_Request) + 2 * sizeof(int)) +
           ((size_t)pl->recv.nparts + 1) * sizeof(int);
}

int bcr_exec_reserve(const bcr_plan *pl, size_t es)
{
    size_t rbytes = (size_t)pl->recv.total * es, sbytes = (size_t)pl->send.total * es;
    if ((rbytes && !pool_get(&recv_pool, rbytes)) || (sbytes && !pool_get(&send_pool, sbytes)) ||
        !pool_get(&work_pool, work_bytes(pl, es)))
        return BCR_ERR_NOMEM;
    return BCR_SUCCESS;
}

/* What the receive side needs to take messages as they come. */
typedef struct {
    MPI_Request *req;
    int *owner, *pending, *indices;
    int nrecv;
    bcr_idx left; /* receive requests not yet complete */
    const bcr_half *R;
    const char *rbuf;
    const bcr_arrays *ar;
    const bcr_mask *mk;
} receipts;

static void arrived(receipts *rs, int idx)
{
    int k = rs->owner[idx];
    rs->left--;
    if (--rs->pending[k] == 0)
        unpack_part(rs->R, k, rs->rbuf, rs->ar, rs->mk);
}

/* Take whatever has arrived, without waiting: MPI only moves data inside
 * its calls, so a long local copy with none would stall every partner. */
static int poll_receipts(receipts *rs)
{
    int n;
    if (rs->left == 0)
        return BCR_SUCCESS;
    if (MPI_Testsome(rs->nrecv, rs->req, &n, rs->indices, MPI_STATUSES_IGNORE) != MPI_SUCCESS)
        return BCR_ERR_MPI;
    for (int i = 0; n != MPI_UNDEFINED && i < n; i++)
        arrived(rs, rs->indices[i]);
    return BCR_SUCCESS;
}

/* The part that stays here, copied a slice of columns at a time with the
 * receives polled in between (rs NULL: no polling). */
#define BCR_SLICE_BYTES ((bcr_idx)256 * 1024)

static int copy_self(const bcr_half *S, const bcr_arrays *ar, const bcr_mask *mk, receipts *rs)
{
    bcr_groupspan rows = bcr_half_rows(S, S->self.orow);
    bcr_runspan cols = bcr_half_cols(S, S->self.ocol);
    bcr_idx col_bytes = 0;
    for (bcr_idx i = 0; i < rows.n; i++)
        col_bytes += rows.g[i].len * rows.g[i].count * (bcr_idx)ar->elsize;
    bcr_idx step = col_bytes > 0 ? BCR_SLICE_BYTES / col_bytes : 1;
    if (step < 1)
        step = 1;
    for (bcr_idx c = 0; c < cols.n; c++)
        for (bcr_idx t = 0; t < cols.runs[c].len; t += step) {
            const bcr_run *r = &cols.runs[c];
            bcr_run slice = {r->k0 + t, r->len - t < step ? r->len - t : step, r->mine + t,
                             r->other + t};
            bcr_runspan one = {&slice, 1};
            double t0 = bcr_phase_start();
            bcr_kernel_copy(ar->b, ar->ldb, ar->a, ar->lda, ar->elsize, rows, one, mk);
            bcr_phase_add(&bcr_phase_now.local, t0);
            if (rs && poll_receipts(rs))
                return BCR_ERR_MPI;
        }
    return BCR_SUCCESS;
}

int bcr_exec(const bcr_plan *pl, const bcr_arrays *ar, MPI_Comm comm)
{
    const bcr_half *S = &pl->send, *R = &pl->recv;
    const bcr_mask *mk = &pl->mask;
    size_t es = ar->elsize;
    int sync = receive_sync();
    bcr_idx nrecv = count_chunks(R, es), nsend = count_chunks(S, es);
    /* bcr_exec_reserve ran before the processes agreed to go on, so no
     * allocation can fail here, on one process alone. */
    if (bcr_exec_reserve(pl, es))
        return BCR_ERR_NOMEM;
    char *rbuf = recv_pool.p, *sbuf = send_pool.p;
    MPI_Request *req = work_pool.p;
    int *owner = (int *)(void *)(req + nrecv + nsend + 1);
    int *pending = owner + nrecv + nsend + 1;
    receipts rc_state = {req, owner, pending, pending + R->nparts + 1, (int)nrecv, nrecv,
                         R, rbuf, ar, mk};
    int rc = BCR_SUCCESS;
    bcr_idx nreq = 0;
    for (int k = 0; k < R->nparts && !rc; k++) {
        const bcr_partner *p = &R->parts[k];
        pending[k] = (int)part_chunks(p, es);
        if (p->dtype != MPI_DATATYPE_NULL) {
            rc = MPI_Irecv(ar->b, 1, p->dtype, p->rank, BCR_TAG, comm, &req[nreq]) ? BCR_ERR_MPI : 0;
            owner[nreq++] = k;
            continue;
        }
        char *at = p->contig >= 0 ? (char *)ar->b + (size_t)p->contig * es
                                  : rbuf + (size_t)p->offset * es;
        rc = post(0, at, p->count * (bcr_idx)es, p->rank, comm, req, owner, k, &nreq);
    }
    for (int k = 0; k < S->nparts && !rc; k++) {
        const bcr_partner *p = &S->parts[k];
        char *at;
        if (p->dtype != MPI_DATATYPE_NULL) {
            rc = MPI_Isend(ar->a, 1, p->dtype, p->rank, BCR_TAG, comm, &req[nreq]) ? BCR_ERR_MPI : 0;
            owner[nreq++] = -1;
            continue;
        }
        if (p->contig >= 0) {
            at = (char *)(uintptr_t)(ar->a + (size_t)p->contig * es); /* MPI only reads it */
        } else {
            at = sbuf + (size_t)p->offset * es;
            double t0 = bcr_phase_start();
            bcr_kernel_pack(at, ar->a, ar->lda, es, bcr_half_rows(S, p->orow),
                            bcr_half_cols(S, p->ocol), mk);
            bcr_phase_add(&bcr_phase_now.pack, t0);
        }
        rc = post(1, at, p->count * (bcr_idx)es, p->rank, comm, req, owner, -1, &nreq);
    }
    if (rc)
        goto out; /* an MPI error: requests may be pending, nothing sane to do */
    if (S->has_self && copy_self(S, ar, mk, sync ? NULL : &rc_state))
        return BCR_ERR_MPI;
    if (sync) {
        if (nrecv && MPI_Waitall((int)nrecv, req, MPI_STATUSES_IGNORE) != MPI_SUCCESS) {
            rc = BCR_ERR_MPI;
            goto out;
        }
        for (int k = 0; k < R->nparts; k++)
            unpack_part(R, k, rbuf, ar, mk);
    }
    /* Receives are the first nrecv requests; unpack each partner's message as
     * soon as all its chunks are in. */
    while (!sync && rc_state.left > 0) {
        int idx;
        if (MPI_Waitany((int)nrecv, req, &idx, MPI_STATUS_IGNORE) != MPI_SUCCESS ||
            idx == MPI_UNDEFINED) {
            rc = BCR_ERR_MPI;
            goto out;
        }
        arrived(&rc_state, idx);
    }
    if (nsend && MPI_Waitall((int)nsend, req + nrecv, MPI_STATUSES_IGNORE) != MPI_SUCCESS)
        rc = BCR_ERR_MPI;
out:
    return rc;
}
