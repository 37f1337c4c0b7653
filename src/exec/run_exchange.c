#include "exec/run_exchange.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "base/failsafe.h"
#include "base/timers.h"
#include "bcredist.h"
#include "exec/pools.h"
#include "base/post_chunks.h"
#include "exec/run_combine.h"
#include "exec/run_stream.h"
#include "exec/self_copy.h"
#include "kernels/copy_pieces.h"
#include "kernels/scan.h"
#include "kernels/stream_copy.h"

/* MPICH defines MPI_STATUSES_IGNORE as (MPI_Status *)1, which GCC 11 and
 * later take for an array of no elements where MPI_Testsome and
 * MPI_Testall declare an array of statuses, and warn of an overflow
 * (pmodels/mpich#5687).  Nothing is written through it, so these two
 * calls are made here with that warning off. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
static int test_some(int n, MPI_Request *req, int *done, int *indices)
{
    return MPI_Testsome(n, req, done, indices, MPI_STATUSES_IGNORE);
}

static int test_all(int n, MPI_Request *req, int *all)
{
    return MPI_Testall(n, req, all, MPI_STATUSES_IGNORE);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

static bcr_idx part_chunks(const bcr_partner *p, size_t es)
{
    return p->dtype != MPI_DATATYPE_NULL ? 1 : bcr_chunks_of(p->count * (bcr_idx)es);
}

static bcr_idx count_chunks(const bcr_half *h, size_t es)
{
    bcr_idx n = 0;
    for (int k = 0; k < h->nparts; k++)
        n += part_chunks(&h->parts[k], es);
    return n;
}

/* Whether an exchange's messages through MPI stream (exec/run_stream.h):
 * under an update, unless they are combined, which has buffers of its own
 * (exec/run_combine.h). */
static int streams(const bcr_exchange *ex, int update)
{
    return update && ex->schedule != BCR_SCHEDULE_COMBINE;
}

/* The request bookkeeping of an exchange in one pooled block
 * (bcr_exchange_slots), from its counts: its size, and with work set, its
 * arrays carved from it.  Requests: every chunk, plus one spare; two per
 * part when streamed.  Each array starts on 16 bytes. */
static size_t layout(const bcr_exchange_counts *n, void *work, bcr_exchange_slots *sl)
{
    bcr_idx nparts = n->recv_parts + n->send_parts;
    bcr_idx nreq = n->streamed ? 2 * nparts + 1 : n->chunks + 1, nr = nparts + 1;
    size_t at = 0;
    char *base = work;
#define CARVE(field, type, count)                                                              \
    do {                                                                                       \
        if (base)                                                                              \
            sl->field = (type *)(void *)(base + at);                                           \
        at += ((size_t)(count) * sizeof(type) + 15) & ~(size_t)15;                             \
    } while (0)
    CARVE(req, MPI_Request, nreq);
    CARVE(scur, char *, n->send_parts);
    CARVE(rcur, const char *, n->recv_parts + 1);
    CARVE(owner, int, nreq);
    CARVE(pending, int, nr);
    CARVE(indices, int, nreq);
    if (base)
        sl->ring = sl->rows = sl->tile_rows = sl->tile_cols = sl->next_chunk = sl->chunk_of =
            NULL;
    if (n->streamed) {
        CARVE(ring, bcr_idx, nr);
        CARVE(rows, bcr_idx, nr);
        CARVE(tile_rows, bcr_idx, nr);
        CARVE(tile_cols, bcr_idx, nr);
        CARVE(next_chunk, bcr_idx, nr);
        CARVE(chunk_of, bcr_idx, nreq);
    }
    if (base)
        sl->gather = NULL;
    CARVE(gather, char, n->gather);
#undef CARVE
    return at;
}

size_t bcr_exchange_work_bytes(const bcr_exchange_counts *n)
{
    return layout(n, NULL, NULL);
}

size_t bcr_exchange_work_bound(bcr_idx bytes, int nranks, int streamed, bcr_idx gather)
{
    bcr_exchange_counts n = {nranks, nranks, 2 * (bcr_idx)nranks + bcr_chunks_of(bytes),
                             streamed, gather};
    return layout(&n, NULL, NULL);
}

static bcr_exchange_counts counts_of(const bcr_exchange *ex, size_t es, int update)
{
    bcr_exchange_counts n = {ex->recv.nparts, ex->send.nparts,
                             count_chunks(&ex->recv, es) + count_chunks(&ex->send, es),
                             streams(ex, update),
                             update ? bcr_update_scan_scratch(&ex->recv.scan, es) : 0};
    return n;
}

static size_t work_layout(const bcr_exchange *ex, size_t es, int update, void *work,
                          bcr_exchange_slots *sl)
{
    bcr_exchange_counts n = counts_of(ex, es, update);
    return layout(&n, work, sl);
}

int bcr_exchange_reserve(const bcr_exchange *ex, size_t es, int update)
{
    int streamed = streams(ex, update);
    /* Combined, messages through MPI use buffers of their own
     * (exec/run_combine.h); streamed, rings (exec/run_stream.h). */
    int own = ex->schedule == BCR_SCHEDULE_COMBINE;
    bcr_idx relems = streamed ? bcr_stream_rings(&ex->recv, es, ex->stream_chunk, 0, NULL, NULL,
                                                 NULL, NULL)
                     : own    ? 0
                              : ex->recv.total;
    bcr_idx selems = streamed ? bcr_stream_rings(&ex->send, es, ex->stream_chunk, 1, NULL, NULL,
                                                 NULL, NULL)
                     : own    ? 0
                              : ex->send.total;
    size_t rbytes = (size_t)relems * es, sbytes = (size_t)selems * es;
    if ((rbytes && !bcr_pool_get(BCR_POOL_RECV, rbytes)) ||
        (sbytes && !bcr_pool_get(BCR_POOL_SEND, sbytes)) ||
        !bcr_pool_get(BCR_POOL_WORK, work_layout(ex, es, update, NULL, NULL)))
        return BCR_ERR_NOMEM;
    return BCR_SUCCESS;
}

static bcr_exchange_slots slots_of(void *work, const bcr_exchange *ex, size_t es, int update)
{
    bcr_exchange_slots sl;
    work_layout(ex, es, update, work, &sl);
    return sl;
}

/* Everything partner k sends is here: take it, unless it lies in a shared
 * segment, which the one scan over B takes later (finish_scan), or came
 * in streamed chunks, each taken as it came. */
static int take_part(bcr_exchange_flight *rs, int k)
{
    const bcr_partner *p = &rs->R->parts[k];
    if (bcr_exchange_via_shm(rs->sh, p) || rs->streamed)
        return BCR_SUCCESS;
    if (p->contig < 0 && p->dtype == MPI_DATATYPE_NULL)
        bcr_part_unpack(rs->R, p, rs->rbuf + (size_t)p->offset * rs->ar.elsize, &rs->ar, rs->mk);
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
static void finish_scan(bcr_exchange_flight *rs)
{
    const bcr_half *R = rs->R;
    const bcr_arrays *ar = &rs->ar;
    for (int k = 0; k < R->nparts; k++)
        rs->sl.rcur[k] = bcr_exchange_via_shm(rs->sh, &R->parts[k])
                             ? bcr_shm_await(rs->sh, R->parts[k].rank,
                                             R->parts[k].count * (bcr_idx)rs->ar.elsize)
                             : NULL;
    double t0 = bcr_phase_start();
    const char *a = rs->self_packed ? NULL : ar->a;
    if (ar->update) {
        bcr_sink s = bcr_arrays_sink(ar);
        bcr_update_scan(&R->scan, &s, a, ar->lda, rs->sl.rcur, rs->sl.gather);
    } else if (!R->rows_ordered ||
               bcr_scan_unpack_rows(&R->scan, ar->b, ar->ldb, a, ar->lda, ar->elsize, rs->mk,
                                    rs->sl.rcur, R->stream)) {
        bcr_scan_unpack(&R->scan, ar->b, ar->ldb, a, ar->lda, ar->elsize, rs->mk, rs->sl.rcur);
    }
    bcr_phase_add(&bcr_phase_now.unpack, t0);
    for (int k = 0; k < R->nparts; k++)
        if (bcr_exchange_via_shm(rs->sh, &R->parts[k]))
            bcr_shm_release(rs->sh, R->parts[k].rank);
}

/* Position pos of a direction in step order (plan/schedule.h): sends by
 * rotated order, which is their step; receives the other way round, as a
 * receive from the partner of rotated order o is of step nranks - o. */
static int part_at(const bcr_exchange_flight *rs, int sending, int pos)
{
    return sending ? pos : rs->R->nparts - 1 - pos;
}

static const bcr_partner *partner_at(const bcr_exchange_flight *rs, int sending, int pos)
{
    return sending ? &rs->S->parts[pos] : &rs->R->parts[part_at(rs, 0, pos)];
}

static int step_at(const bcr_exchange_flight *rs, int sending, int pos)
{
    int order = partner_at(rs, sending, pos)->order;
    return sending ? order : rs->nranks - order;
}

static int lane_parts(const bcr_exchange_flight *rs, int sending)
{
    return sending ? rs->S->nparts : rs->R->nparts;
}

/* The direction's next message through MPI, past those through segments;
 * -1 when every one is posted. */
static int next_pos(bcr_exchange_flight *rs, int sending)
{
    bcr_exchange_lane *l = sending ? &rs->send : &rs->recv;
    while (l->next < lane_parts(rs, sending) &&
           bcr_exchange_via_shm(rs->sh, partner_at(rs, sending, l->next)))
        l->next++;
    return l->next < lane_parts(rs, sending) ? l->next : -1;
}

/* Whether the schedule lets the direction post its message at pos. */
static int may_post(bcr_exchange_flight *rs, int sending, int pos)
{
    const bcr_exchange_lane *l = sending ? &rs->send : &rs->recv;
    const bcr_exchange_lane *o = sending ? &rs->recv : &rs->send;
    switch (rs->sched.kind) {
    case BCR_SCHEDULE_BOUNDED:
        return l->inflight < rs->sched.inflight;
    case BCR_SCHEDULE_STEPS: {
        /* Once everything of earlier steps is complete: a step holds at
         * most one message each way, so whatever is in flight is of an
         * earlier step unless it is the other direction's of this one;
         * and the other direction has no earlier step left to post. */
        int step = step_at(rs, sending, pos), other = next_pos(rs, !sending);
        if (l->inflight > 0 || (o->inflight > 0 && o->last_step != step))
            return 0;
        return other < 0 || step_at(rs, !sending, other) >= step;
    }
    default:
        return 1;
    }
}

static int post_recv(bcr_exchange_flight *rs, int k)
{
    const bcr_partner *p = &rs->R->parts[k];
    size_t es = rs->ar.elsize;
    bcr_exchange_slots *sl = &rs->sl;
    if (rs->streamed)
        return bcr_stream_post(rs, 0, k);
    if (p->dtype != MPI_DATATYPE_NULL) {
        sl->pending[k] = 1;
        sl->owner[rs->nslots] = k;
        return MPI_Irecv(rs->ar.b, 1, p->dtype, p->rank, BCR_TAG, rs->comm,
                         &sl->req[rs->nslots++]) != MPI_SUCCESS;
    }
    sl->pending[k] = (int)part_chunks(p, es);
    char *at = p->contig >= 0 ? rs->ar.b + (size_t)p->contig * es
                              : rs->rbuf + (size_t)p->offset * es;
    return bcr_post_chunks(0, at, p->count * (bcr_idx)es, p->rank, BCR_TAG, rs->comm, sl->req,
                           sl->owner, k, &rs->nslots);
}

static int post_send(bcr_exchange_flight *rs, int k)
{
    const bcr_partner *p = &rs->S->parts[k];
    size_t es = rs->ar.elsize;
    bcr_exchange_slots *sl = &rs->sl;
    int who = rs->R->nparts + k;
    if (rs->streamed)
        return bcr_stream_post(rs, 1, k);
    if (p->dtype != MPI_DATATYPE_NULL) {
        sl->pending[who] = 1;
        sl->owner[rs->nslots] = who;
        return MPI_Isend(rs->ar.a, 1, p->dtype, p->rank, BCR_TAG, rs->comm,
                         &sl->req[rs->nslots++]) != MPI_SUCCESS;
    }
    char *at;
    if (p->contig >= 0) {
        at = (char *)(uintptr_t)(rs->ar.a + (size_t)p->contig * es); /* MPI only reads it */
    } else {
        at = rs->sbuf + (size_t)p->offset * es;
        bcr_part_pack(at, rs->S, p, &rs->ar, rs->mk);
    }
    sl->pending[who] = (int)part_chunks(p, es);
    return bcr_post_chunks(1, at, p->count * (bcr_idx)es, p->rank, BCR_TAG, rs->comm, sl->req,
                           sl->owner, who, &rs->nslots);
}

/* Post what the schedule allows now in one direction; says whether it
 * posted anything in *moved. */
static int post_lane(bcr_exchange_flight *rs, int sending, int *moved)
{
    bcr_exchange_lane *l = sending ? &rs->send : &rs->recv;
    int pos;
    while ((pos = next_pos(rs, sending)) >= 0 && may_post(rs, sending, pos)) {
        int k = part_at(rs, sending, pos);
        if (sending ? post_send(rs, k) : post_recv(rs, k))
            return BCR_ERR_MPI;
        l->last_step = step_at(rs, sending, pos);
        l->next++;
        l->inflight++;
        *moved = 1;
    }
    return BCR_SUCCESS;
}

/* Post what the schedule allows now, receives first. */
static int advance(bcr_exchange_flight *rs)
{
    for (int moved = 1; moved;) {
        moved = 0;
        if (post_lane(rs, 0, &moved) || post_lane(rs, 1, &moved))
            return BCR_ERR_MPI;
    }
    return BCR_SUCCESS;
}

/* Request idx is complete: a message is in once all its chunks are. */
static int completed(bcr_exchange_flight *rs, int idx)
{
    int who = rs->sl.owner[idx];
    if (rs->streamed) {
        int done;
        if (bcr_stream_completed(rs, idx, &done))
            return BCR_ERR_MPI;
        if (!done)
            return BCR_SUCCESS;
    } else if (--rs->sl.pending[who] > 0) {
        return BCR_SUCCESS;
    }
    int sending = who >= rs->R->nparts;
    bcr_exchange_lane *l = sending ? &rs->send : &rs->recv;
    l->inflight--;
    if (sending)
        return BCR_SUCCESS;
    rs->recv_left--;
    return rs->sync ? BCR_SUCCESS : take_part(rs, who);
}

/* Take whatever has completed, without waiting, and post what that
 * allows: MPI only moves data inside its calls, so a long local copy with
 * none would stall every partner. */
static int poll_receipts(bcr_exchange_flight *rs)
{
    int n;
    if (rs->nslots == 0)
        return BCR_SUCCESS;
    if (test_some((int)rs->nslots, rs->sl.req, &n, rs->sl.indices) != MPI_SUCCESS)
        return BCR_ERR_MPI;
    for (int i = 0; n != MPI_UNDEFINED && i < n; i++)
        if (completed(rs, rs->sl.indices[i]))
            return BCR_ERR_MPI;
    return advance(rs);
}

static int poll_for(void *rs) { return poll_receipts(rs); }

/* The part that stays here (exec/self_copy.h), with the messages polled
 * between slices. */
static int copy_self(const bcr_half *S, const bcr_arrays *ar, const bcr_mask *mk,
                     bcr_exchange_flight *rs, int nt)
{
    int rc = bcr_self_copy(S, ar, mk, nt, rs->nslots ? poll_for : NULL, rs);
    return rc ? BCR_ERR_MPI : BCR_SUCCESS;
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
    int update = ar->update != NULL;
    /* A pack that copies the part that stays (plan/exchange.h) writes B;
     * under an update it never does. */
    if (!sh || !scans(S, sh) || (ex->self_in_pack && !update && scans(&ex->recv, sh)) ||
        bcr_exchange_reserve(ex, ar->elsize, update))
        return 0;
    bcr_exchange_slots sl = slots_of(bcr_pool_get(BCR_POOL_WORK, 0), ex, ar->elsize, update);
    pack_shared(S, ar, &ex->mask, sh, sl.scur, NULL);
    return 1;
}

static int lane_count(const bcr_half *h, bcr_shm *sh)
{
    int n = 0;
    for (int k = 0; k < h->nparts; k++)
        n += !bcr_exchange_via_shm(sh, &h->parts[k]);
    return n;
}

static long long lane_bytes(const bcr_half *h, bcr_shm *sh, size_t es)
{
    long long n = 0;
    for (int k = 0; k < h->nparts; k++)
        if (!bcr_exchange_via_shm(sh, &h->parts[k]))
            n += (long long)h->parts[k].count * (long long)es;
    return n;
}

bcr_schedule bcr_exchange_schedule(const bcr_exchange *ex, const bcr_shm *sh, size_t es,
                                   const bcr_exec_options *xo)
{
    bcr_shm *s = (bcr_shm *)(uintptr_t)sh; /* only asked whom it shares */
    bcr_schedule_load load = {lane_count(&ex->send, s), lane_count(&ex->recv, s),
                              lane_bytes(&ex->send, s, es), lane_bytes(&ex->recv, s, es)};
    return bcr_schedule_choose(ex->schedule, xo->inflight, &load);
}

/* Every send posted: every message begun, and streamed, every chunk. */
static int sends_posted(bcr_exchange_flight *rs)
{
    return next_pos(rs, 1) < 0 && rs->send_chunks_left == 0;
}

int bcr_exchange_begin(bcr_exchange_flight *f, const bcr_exchange *ex, const bcr_arrays *ar,
                       MPI_Comm comm, bcr_shm *sh, const bcr_exec_options *xo, int packed)
{
    const bcr_half *S = &ex->send, *R = &ex->recv;
    size_t es = ar->elsize;
    bcr_exchange_flight *rs = f;
    memset(rs, 0, sizeof *rs);
    rs->stage = BCR_FLIGHT_DONE; /* nothing pending should this fail */
    int update = ar->update != NULL;
    /* bcr_exchange_reserve ran before the processes agreed to go on, so no
     * allocation can fail here, on one process alone. */
    if (bcr_exchange_reserve(ex, es, update))
        return BCR_ERR_NOMEM;
    rs->streamed = streams(ex, update);
    rs->sl = slots_of(bcr_pool_get(BCR_POOL_WORK, 0), ex, es, update);
    bcr_idx nparts = R->nparts + S->nparts;
    bcr_idx nreq = rs->streamed ? 2 * nparts + 1 : count_chunks(R, es) + count_chunks(S, es) + 1;
    for (bcr_idx i = 0; i < nreq; i++)
        rs->sl.req[i] = MPI_REQUEST_NULL;
    if (rs->streamed) { /* requests at fixed places: MPI looks at all of them */
        bcr_idx bytes = ex->stream_chunk, r = R->nparts;
        bcr_exchange_slots *sl = &rs->sl;
        bcr_stream_rings(R, es, bytes, 0, sl->ring, sl->rows, sl->tile_rows, sl->tile_cols);
        bcr_stream_rings(S, es, bytes, 1, sl->ring + r, sl->rows + r, sl->tile_rows + r,
                         sl->tile_cols + r);
        rs->nslots = 2 * nparts;
    }
    rs->ex = ex;
    rs->R = R;
    rs->S = S;
    rs->rbuf = bcr_pool_get(BCR_POOL_RECV, 0);
    rs->sbuf = bcr_pool_get(BCR_POOL_SEND, 0);
    rs->ar = *ar;
    rs->mk = &ex->mask;
    rs->sh = sh;
    rs->comm = comm;
    MPI_Comm_size(comm, &rs->nranks);
    rs->sync = xo->recv_sync && !rs->streamed; /* a stream is taken as it comes */
    rs->sched = bcr_exchange_schedule(ex, sh, es, xo);
    /* Combined, the messages through MPI travel apart (exec/run_combine.h). */
    rs->combining = rs->sched.kind == BCR_SCHEDULE_COMBINE;
    rs->recv_left = rs->combining ? 0 : lane_count(R, sh);
    if (rs->combining) {
        rs->recv.next = R->nparts;
        rs->send.next = S->nparts;
    }
    /* Receives first, as far as the schedule lets them go; sends once the
     * messages through segments are out. */
    int moved = 0;
    if (post_lane(rs, 0, &moved))
        return BCR_ERR_MPI; /* requests may be pending: nothing sane to do */
    /* With a scan over B coming, the local part goes with it, or with the
     * scan over A before (plan/exchange.h). */
    rs->scan_b = scans(R, sh);
    rs->self_packed = !packed && ex->self_in_pack && rs->scan_b && scans(S, sh) && !update;
    bcr_scan_self self = {ar->b, ar->ldb, R->stream};
    if (scans(S, sh)) {
        if (!packed)
            pack_shared(S, ar, &ex->mask, sh, rs->sl.scur, rs->self_packed ? &self : NULL);
        publish_shared(S, es, sh);
    }
    if (advance(rs))
        return BCR_ERR_MPI;
    if (S->has_self && !rs->scan_b && copy_self(S, ar, &ex->mask, rs, ex->self_stream))
        return BCR_ERR_MPI;
    rs->stage = BCR_FLIGHT_MESSAGES;
    return BCR_SUCCESS;
}

int bcr_exchange_may_begin(const bcr_exchange *ex, bcr_shm *sh)
{
    return !sh || !scans(&ex->send, sh) || bcr_shm_writable(sh);
}

/* Whether every part through a shared segment has been published, so the
 * scan over B would not wait. */
static int shared_parts_in(bcr_exchange_flight *rs)
{
    for (int k = 0; k < rs->R->nparts; k++)
        if (bcr_exchange_via_shm(rs->sh, &rs->R->parts[k]) &&
            !bcr_shm_ready(rs->sh, rs->R->parts[k].rank))
            return 0;
    return 1;
}

/* Every receive through MPI in and every send posted: waiting for each
 * message (block) or taking what has come. */
static int take_messages(bcr_exchange_flight *rs, int block)
{
    if (!block)
        return poll_receipts(rs);
    while (rs->recv_left > 0 || !sends_posted(rs)) {
        int idx;
        if (bcr_waitany_bounded((int)rs->nslots, rs->sl.req, &idx, "a partner's message") !=
                MPI_SUCCESS ||
            idx == MPI_UNDEFINED || completed(rs, idx) || advance(rs))
            return BCR_ERR_MPI;
    }
    return BCR_SUCCESS;
}

int bcr_exchange_advance(bcr_exchange_flight *f, int block, int *done)
{
    bcr_exchange_flight *rs = f;
    *done = 0;
    switch (rs->stage) {
    case BCR_FLIGHT_MESSAGES:
        /* Each message unpacked as soon as all its chunks are in (unless
         * sync). */
        if (take_messages(rs, block))
            return BCR_ERR_MPI;
        if (rs->recv_left > 0 || !sends_posted(rs))
            return BCR_SUCCESS;
        rs->stage = BCR_FLIGHT_COMBINE;
        /* fall through */
    case BCR_FLIGHT_COMBINE:
        if (rs->combining) {
            if (!block)
                return BCR_SUCCESS; /* bcr_combine_run only blocks */
            int rc = bcr_combine_run(rs->ex, &rs->ar, rs->comm, rs->sh);
            if (rc)
                return rc;
        }
        if (rs->sync && !rs->combining)
            for (int k = 0; k < rs->R->nparts; k++)
                if (take_part(rs, k))
                    return BCR_ERR_MPI;
        rs->stage = BCR_FLIGHT_SCAN;
        /* fall through */
    case BCR_FLIGHT_SCAN:
        if (rs->scan_b) {
            if (!block && !shared_parts_in(rs))
                return BCR_SUCCESS;
            finish_scan(rs);
        }
        rs->stage = BCR_FLIGHT_SENDS;
        /* fall through */
    case BCR_FLIGHT_SENDS:
        /* The readers of our shared segment are waited for only before the
         * next call writes it (bcr_shm_begin_writes). */
        if (rs->nslots) {
            if (block) {
                if (bcr_waitall_bounded((int)rs->nslots, rs->sl.req,
                                        "partners to take this process's messages") !=
                    MPI_SUCCESS)
                    return BCR_ERR_MPI;
            } else {
                int all;
                if (test_all((int)rs->nslots, rs->sl.req, &all) != MPI_SUCCESS)
                    return BCR_ERR_MPI;
                if (!all)
                    return BCR_SUCCESS;
            }
        }
        rs->stage = BCR_FLIGHT_DONE;
        /* fall through */
    case BCR_FLIGHT_DONE:
        *done = 1;
        return BCR_SUCCESS;
    }
    return BCR_SUCCESS;
}

int bcr_exchange_needs_block(const bcr_exchange_flight *f)
{
    return f->stage == BCR_FLIGHT_COMBINE && f->combining;
}

int bcr_exchange_run(const bcr_exchange *ex, const bcr_arrays *ar, MPI_Comm comm, bcr_shm *sh,
                     const bcr_exec_options *xo, int packed)
{
    bcr_exchange_flight f;
    int done;
    int rc = bcr_exchange_begin(&f, ex, ar, comm, sh, xo, packed);
    return rc ? rc : bcr_exchange_advance(&f, 1, &done);
}
