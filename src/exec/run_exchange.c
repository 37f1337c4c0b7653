#include "exec/run_exchange.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "base/timers.h"
#include "bcredist.h"
#include "exec/pools.h"
#include "kernels/copy_pieces.h"
#include "kernels/scan.h"
#include "kernels/stream_copy.h"

/* Messages larger than this many bytes travel as several messages with the
 * same tag; MPI keeps them in order. */
#define BCR_CHUNK ((bcr_idx)1 << 30)
#define BCR_TAG 7351

/* MPICH defines MPI_STATUSES_IGNORE as (MPI_Status *)1, which GCC 11 and
 * later take for an array of no elements where MPI_Waitall and
 * MPI_Testsome declare an array of statuses, and warn of an overflow
 * (pmodels/mpich#5687).  Nothing is written through it, so these two
 * calls are made here with that warning off. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
static int wait_all(int n, MPI_Request *req) { return MPI_Waitall(n, req, MPI_STATUSES_IGNORE); }

static int test_some(int n, MPI_Request *req, int *done, int *indices)
{
    return MPI_Testsome(n, req, done, indices, MPI_STATUSES_IGNORE);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

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

/* Requests a call may post (every chunk, plus one spare), and receive
 * partners plus one: the sizes of the arrays in slots_of. */
static void slot_counts(const bcr_exchange *ex, size_t es, bcr_idx *nreq, bcr_idx *nr)
{
    *nreq = count_chunks(&ex->recv, es) + count_chunks(&ex->send, es) + 1;
    *nr = ex->recv.nparts + 1;
}

/* Request bookkeeping lives in one pooled block (see slots_of). */
static size_t work_bytes(const bcr_exchange *ex, size_t es)
{
    bcr_idx nreq, nr;
    slot_counts(ex, es, &nreq, &nr);
    return (size_t)nreq * sizeof(MPI_Request) + (size_t)(ex->send.nparts + nr) * sizeof(char *) +
           (size_t)(2 * nreq + nr) * sizeof(int);
}

int bcr_exchange_reserve(const bcr_exchange *ex, size_t es)
{
    size_t rbytes = (size_t)ex->recv.total * es, sbytes = (size_t)ex->send.total * es;
    if ((rbytes && !bcr_pool_get(BCR_POOL_RECV, rbytes)) ||
        (sbytes && !bcr_pool_get(BCR_POOL_SEND, sbytes)) ||
        !bcr_pool_get(BCR_POOL_WORK, work_bytes(ex, es)))
        return BCR_ERR_NOMEM;
    return BCR_SUCCESS;
}

/* Where a call keeps its requests: every receive (one per chunk), then
 * every send, the scans' cursors into shared segments, whose each request
 * is, the chunks each receive partner still owes, and room for
 * MPI_Testsome's indices. */
typedef struct {
    MPI_Request *req;
    char **scur;
    const char **rcur;
    int *owner, *pending, *indices;
} slots;

static slots slots_of(void *work, const bcr_exchange *ex, size_t es)
{
    bcr_idx nreq, nr;
    slot_counts(ex, es, &nreq, &nr);
    slots sl;
    sl.req = work;
    sl.scur = (char **)(void *)(sl.req + nreq);
    sl.rcur = (const char **)(void *)(sl.scur + ex->send.nparts);
    sl.owner = (int *)(void *)(sl.rcur + nr);
    sl.pending = sl.owner + nreq;
    sl.indices = sl.pending + nr;
    return sl;
}

/* What the receive side needs to take messages as they come. */
typedef struct {
    slots sl;
    int nrecv;
    bcr_idx left; /* receive requests not yet complete */
    const bcr_half *R;
    char *rbuf;
    const bcr_arrays *ar;
    const bcr_mask *mk;
    bcr_shm *sh;
    MPI_Comm comm;
    int self_packed; /* the pack copied the part that stays (plan/exchange.h) */
} receipts;

int bcr_exchange_via_shm(const bcr_shm *sh, const bcr_partner *p)
{
    return sh && p->shm && bcr_shm_shares(sh, p->rank);
}

static void unpack_from(const receipts *rs, const bcr_partner *p, const char *from)
{
    double t0 = bcr_phase_start();
    bcr_kernel_unpack(rs->ar->b, rs->ar->ldb, from, rs->ar->elsize,
                      bcr_half_rows(rs->R, p->orow), bcr_half_cols(rs->R, p->ocol), rs->mk);
    bcr_phase_add(&bcr_phase_now.unpack, t0);
}

/* Everything partner k sends is here: take it, unless it lies in a shared
 * segment, which the one scan over B takes later (finish_scan). */
static int take_part(receipts *rs, int k)
{
    const bcr_partner *p = &rs->R->parts[k];
    if (bcr_exchange_via_shm(rs->sh, p))
        return BCR_SUCCESS;
    if (p->contig < 0 && p->dtype == MPI_DATATYPE_NULL)
        unpack_from(rs, p, rs->rbuf + (size_t)p->offset * rs->ar->elsize);
    return BCR_SUCCESS; /* otherwise received in place */
}

/* Whether some partner of h goes through a shared segment: then the
 * half's messages there are packed or unpacked in one scan (kernels/scan.h). */
static int scans(const bcr_half *h, bcr_shm *sh)
{
    for (int k = 0; k < h->nparts; k++)
        if (bcr_exchange_via_shm(sh, &h->parts[k]))
            return 1;
    return 0;
}

/* Every MPI message is in: wait for the parts in shared segments, unpack
 * them and the part that stays here in one scan of B, then release the
 * segments to their senders. */
static void finish_scan(receipts *rs)
{
    const bcr_half *R = rs->R;
    const bcr_arrays *ar = rs->ar;
    for (int k = 0; k < R->nparts; k++)
        rs->sl.rcur[k] = bcr_exchange_via_shm(rs->sh, &R->parts[k])
                             ? bcr_shm_await(rs->sh, R->parts[k].rank)
                             : NULL;
    double t0 = bcr_phase_start();
    const char *a = rs->self_packed ? NULL : ar->a;
    if (!R->rows_ordered || bcr_scan_unpack_rows(&R->scan, ar->b, ar->ldb, a, ar->lda,
                                                 ar->elsize, rs->mk, rs->sl.rcur, R->stream))
        bcr_scan_unpack(&R->scan, ar->b, ar->ldb, a, ar->lda, ar->elsize, rs->mk, rs->sl.rcur);
    bcr_phase_add(&bcr_phase_now.unpack, t0);
    for (int k = 0; k < R->nparts; k++)
        if (bcr_exchange_via_shm(rs->sh, &R->parts[k]))
            bcr_shm_release(rs->sh, R->parts[k].rank);
}

static int arrived(receipts *rs, int idx)
{
    int k = rs->sl.owner[idx];
    rs->left--;
    return --rs->sl.pending[k] == 0 ? take_part(rs, k) : BCR_SUCCESS;
}

/* Take whatever has arrived, without waiting: MPI only moves data inside
 * its calls, so a long local copy with none would stall every partner. */
static int poll_receipts(receipts *rs)
{
    int n;
    if (rs->left == 0)
        return BCR_SUCCESS;
    if (test_some(rs->nrecv, rs->sl.req, &n, rs->sl.indices) != MPI_SUCCESS)
        return BCR_ERR_MPI;
    for (int i = 0; n != MPI_UNDEFINED && i < n; i++)
        if (arrived(rs, rs->sl.indices[i]))
            return BCR_ERR_MPI;
    return BCR_SUCCESS;
}

/* The part that stays here, copied a slice of columns at a time with the
 * receives polled in between (rs NULL: no polling), with streaming stores
 * when nt. */
#define BCR_SLICE_BYTES ((bcr_idx)256 * 1024)

static int copy_self(const bcr_half *S, const bcr_arrays *ar, const bcr_mask *mk, receipts *rs,
                     int nt)
{
    bcr_groupspan rows = bcr_half_rows(S, S->self.orow);
    bcr_runspan cols = bcr_half_cols(S, S->self.ocol);
    bcr_idx col_bytes = bcr_groupspan_elems(rows) * (bcr_idx)ar->elsize;
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
            bcr_kernel_copy(ar->b, ar->ldb, ar->a, ar->lda, ar->elsize, rows, one, mk, nt);
            bcr_phase_add(&bcr_phase_now.local, t0);
            if (rs && poll_receipts(rs))
                return BCR_ERR_MPI;
        }
    if (nt)
        bcr_stream_fence();
    return BCR_SUCCESS;
}

static int post_receives(const bcr_half *R, const bcr_arrays *ar, receipts *rs, bcr_idx *nreq)
{
    size_t es = ar->elsize;
    slots *sl = &rs->sl;
    for (int k = 0; k < R->nparts; k++) {
        const bcr_partner *p = &R->parts[k];
        int rc;
        if (bcr_exchange_via_shm(rs->sh, p)) {
            sl->pending[k] = 0; /* taken in finish_scan */
            rc = BCR_SUCCESS;
        } else if (p->dtype != MPI_DATATYPE_NULL) {
            sl->pending[k] = 1;
            rc = MPI_Irecv(ar->b, 1, p->dtype, p->rank, BCR_TAG, rs->comm, &sl->req[*nreq]);
            sl->owner[(*nreq)++] = k;
        } else {
            sl->pending[k] = (int)part_chunks(p, es);
            char *at = p->contig >= 0 ? ar->b + (size_t)p->contig * es
                                      : rs->rbuf + (size_t)p->offset * es;
            rc = post(0, at, p->count * (bcr_idx)es, p->rank, rs->comm, sl->req, sl->owner, k,
                      nreq);
        }
        if (rc)
            return BCR_ERR_MPI;
    }
    return BCR_SUCCESS;
}

/* Partner p's message, packed at `at`. */
static void pack_part(char *at, const bcr_half *S, const bcr_partner *p, const bcr_arrays *ar,
                      const bcr_mask *mk)
{
    size_t es = ar->elsize;
    double t0 = bcr_phase_start();
    if (p->contig >= 0)
        memcpy(at, ar->a + (size_t)p->contig * es, (size_t)p->count * es);
    else
        bcr_kernel_pack(at, ar->a, ar->lda, es, bcr_half_rows(S, p->orow),
                        bcr_half_cols(S, p->ocol), mk);
    bcr_phase_add(&bcr_phase_now.pack, t0);
}

/* Pack every message that goes through this process's shared segment in
 * one scan of A, unpublished. */
static void pack_shared(const bcr_half *S, const bcr_arrays *ar, const bcr_mask *mk,
                        bcr_shm *sh, char **cur, const bcr_scan_self *self)
{
    bcr_shm_begin_writes(sh);
    for (int k = 0; k < S->nparts; k++)
        cur[k] = bcr_exchange_via_shm(sh, &S->parts[k])
                     ? bcr_shm_mine(sh) + (size_t)S->parts[k].shm_offset * ar->elsize
                     : NULL;
    double t0 = bcr_phase_start();
    if (S->rows_ordered)
        bcr_scan_pack_rows(&S->scan, ar->a, ar->lda, ar->elsize, mk, cur, S->stream, self);
    else
        bcr_scan_pack(&S->scan, ar->a, ar->lda, ar->elsize, mk, cur, S->stream, self);
    bcr_phase_add(&bcr_phase_now.pack, t0);
}

/* Tell each receiver on this node that its part of the segment is there. */
static void publish_shared(const bcr_half *S, size_t es, bcr_shm *sh)
{
    for (int k = 0; k < S->nparts; k++)
        if (bcr_exchange_via_shm(sh, &S->parts[k]))
            bcr_shm_publish(sh, S->parts[k].rank, S->parts[k].shm_offset * (bcr_idx)es);
}

int bcr_exchange_prepack(const bcr_exchange *ex, const bcr_arrays *ar, bcr_shm *sh)
{
    const bcr_half *S = &ex->send;
    /* A pack that copies the part that stays (plan/exchange.h) writes B. */
    if (!sh || !scans(S, sh) || (ex->self_in_pack && scans(&ex->recv, sh)) ||
        bcr_exchange_reserve(ex, ar->elsize))
        return 0;
    slots sl = slots_of(bcr_pool_get(BCR_POOL_WORK, 0), ex, ar->elsize);
    pack_shared(S, ar, &ex->mask, sh, sl.scur, NULL);
    return 1;
}

static int post_sends(const bcr_half *S, const bcr_arrays *ar, const bcr_mask *mk,
                      bcr_shm *sh, char *sbuf, MPI_Comm comm, slots *sl, bcr_idx *nreq,
                      const bcr_scan_self *self, int packed)
{
    size_t es = ar->elsize;
    if (scans(S, sh)) {
        if (!packed)
            pack_shared(S, ar, mk, sh, sl->scur, self);
        publish_shared(S, es, sh);
    }
    for (int k = 0; k < S->nparts; k++) {
        const bcr_partner *p = &S->parts[k];
        int rc;
        if (bcr_exchange_via_shm(sh, p)) {
            rc = BCR_SUCCESS; /* published by pack_shared */
        } else if (p->dtype != MPI_DATATYPE_NULL) {
            rc = MPI_Isend(ar->a, 1, p->dtype, p->rank, BCR_TAG, comm, &sl->req[*nreq]);
            sl->owner[(*nreq)++] = -1;
        } else {
            char *at;
            if (p->contig >= 0) {
                at = (char *)(uintptr_t)(ar->a + (size_t)p->contig * es); /* MPI only reads it */
            } else {
                at = sbuf + (size_t)p->offset * es;
                pack_part(at, S, p, ar, mk);
            }
            rc = post(1, at, p->count * (bcr_idx)es, p->rank, comm, sl->req, sl->owner, -1, nreq);
        }
        if (rc)
            return BCR_ERR_MPI;
    }
    return BCR_SUCCESS;
}

int bcr_exchange_run(const bcr_exchange *ex, const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh,
                     int sync, int packed)
{
    const bcr_half *S = &ex->send, *R = &ex->recv;
    size_t es = ar->elsize;
    /* bcr_exchange_reserve ran before the processes agreed to go on, so no
     * allocation can fail here, on one process alone. */
    if (bcr_exchange_reserve(ex, es))
        return BCR_ERR_NOMEM;
    receipts rs = {slots_of(bcr_pool_get(BCR_POOL_WORK, 0), ex, es), 0, 0, R,
                   bcr_pool_get(BCR_POOL_RECV, 0), ar, &ex->mask, sh, comm, 0};
    bcr_idx nreq = 0;
    if (post_receives(R, ar, &rs, &nreq))
        return BCR_ERR_MPI; /* requests may be pending: nothing sane to do */
    bcr_idx nrecv = nreq;
    rs.nrecv = (int)nrecv;
    rs.left = nrecv;
    /* With a scan over B coming, the local part goes with it, or with the
     * scan over A before (plan/exchange.h). */
    int scan_b = scans(R, sh);
    rs.self_packed = !packed && ex->self_in_pack && scan_b && scans(S, sh);
    bcr_scan_self self = {ar->b, ar->ldb, R->stream};
    if (post_sends(S, ar, &ex->mask, sh, bcr_pool_get(BCR_POOL_SEND, 0), comm, &rs.sl, &nreq,
                   rs.self_packed ? &self : NULL, packed))
        return BCR_ERR_MPI;
    if (S->has_self && !scan_b && copy_self(S, ar, &ex->mask, sync ? NULL : &rs, ex->self_stream))
        return BCR_ERR_MPI;
    if (sync) {
        if (nrecv && wait_all((int)nrecv, rs.sl.req) != MPI_SUCCESS)
            return BCR_ERR_MPI;
        for (int k = 0; k < R->nparts; k++)
            if (take_part(&rs, k))
                return BCR_ERR_MPI;
        rs.left = 0;
    }
    /* Unpack each partner's message as soon as all its chunks are in. */
    while (rs.left > 0) {
        int idx;
        if (MPI_Waitany((int)nrecv, rs.sl.req, &idx, MPI_STATUS_IGNORE) != MPI_SUCCESS ||
            idx == MPI_UNDEFINED || arrived(&rs, idx))
            return BCR_ERR_MPI;
    }
    if (scan_b)
        finish_scan(&rs);
    /* The readers of our shared segment are waited for only before the
     * next call writes it (bcr_shm_begin_writes). */
    if (nreq > nrecv &&
        wait_all((int)(nreq - nrecv), rs.sl.req + nrecv) != MPI_SUCCESS)
        return BCR_ERR_MPI;
    return BCR_SUCCESS;
}
