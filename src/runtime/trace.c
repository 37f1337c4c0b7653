#include "runtime/trace.h"

#include <stdio.h>

#include "exec/run_exchange.h"
#include "plan/gen.h"

static void half_totals(const bcr_half *h, size_t es, int *partners, long long *bytes)
{
    for (int k = 0; k < h->nparts; k++)
        *bytes += (long long)(h->parts[k].count * (bcr_idx)es);
    *partners += h->nparts;
}

/* How the scan over shared segments walks each column (kernels/scan.h),
 * as a set over the phases: bit 0 partner by partner, bit 1 folded
 * patterns in memory order, bit 2 runs one by one in memory order, bit 3
 * rows one by one (plain walks of short runs, and trapezoids' short runs). */
static int walks(const bcr_half *h)
{
    if (h->shm_total == 0)
        return 0;
    if (!h->rows_ordered)
        return 1;
    /* A trapezoid's rows one by one are walked streaming too. */
    if (h->scan.order.row_k || (h->scan.order.row_slot && !h->stream))
        return 8;
    return h->scan.order.runs ? 4 : 2;
}

/* The set's names joined by '+', "none" for the empty set. */
static const char *walk_names(int set, char *buf, size_t size)
{
    static const char *const names[4] = {"partners", "patterns", "runs", "rows"};
    size_t at = 0;
    buf[0] = '\0';
    for (int k = 0; k < 4; k++)
        if (set & (1 << k))
            at += (size_t)snprintf(buf + at, size - at, "%s%s", at ? "+" : "", names[k]);
    return at ? buf : "none";
}

/* How the messages of h travel: [0] through MPI in place, [1] through
 * MPI as datatypes over the local array, [2] through MPI packed, [3]
 * through shared segments. */
static void ways_of(const bcr_half *h, const bcr_shm *sh, int ways[4])
{
    for (int k = 0; k < h->nparts; k++) {
        const bcr_partner *p = &h->parts[k];
        if (bcr_exchange_via_shm(sh, p))
            ways[3]++;
        else
            ways[p->contig >= 0 ? 0 : p->dtype != MPI_DATATYPE_NULL ? 1 : 2]++;
    }
}

void bcr_trace_call(const bcr_request *rq, int rank, const bcr_plan *pl, int cached,
                    const bcr_shm *sh, const bcr_exec_options *xo, int packed)
{
    int ways[4] = {0, 0, 0, 0};
    int send_partners = 0, recv_partners = 0, stream_pack = 0, stream_unpack = 0;
    int walk_pack = 0, walk_unpack = 0, self_in_pack = 0, self_stream = 0;
    long long send_bytes = 0, recv_bytes = 0, local_bytes = 0;
    int phases = bcr_plan_phases(pl);
    for (int ph = 0; ph < phases; ph++) {
        half_totals(&pl->phase[ph].send, rq->elsize, &send_partners, &send_bytes);
        half_totals(&pl->phase[ph].recv, rq->elsize, &recv_partners, &recv_bytes);
        stream_pack |= pl->phase[ph].send.stream;
        stream_unpack |= pl->phase[ph].recv.stream;
        walk_pack |= walks(&pl->phase[ph].send);
        walk_unpack |= walks(&pl->phase[ph].recv);
        self_in_pack |= pl->phase[ph].self_in_pack;
        self_stream |= pl->phase[ph].self_stream;
        ways_of(&pl->phase[ph].send, sh, ways);
        ways_of(&pl->phase[ph].recv, sh, ways);
        if (pl->phase[ph].send.has_self)
            local_bytes += (long long)(pl->phase[ph].send.self.count * (bcr_idx)rq->elsize);
    }
    char sched[64];
    int at = 0;
    for (int ph = 0; ph < phases; ph++) {
        bcr_schedule s = bcr_exchange_schedule(&pl->phase[ph], sh, rq->elsize, xo);
        at += snprintf(sched + at, sizeof sched - (size_t)at, "%s%s", ph ? "/" : "",
                       bcr_schedule_name(s.kind));
        if (s.kind == BCR_SCHEDULE_BOUNDED)
            at += snprintf(sched + at, sizeof sched - (size_t)at, " %d", s.inflight);
    }
    const bcr_exchange *p0 = &pl->phase[0];
    const bcr_half *h = p0->send.active ? &p0->send : &p0->recv;
    /* the transposed strategy's first phase sees rows as columns */
    int swap = pl->strategy == BCR_STRATEGY_TRANSPOSED;
    const bcr_runlist *rows = swap ? &h->cols : &h->rows, *cols = swap ? &h->rows : &h->cols;
    /* Only the scans over shared segments stream (plan/exchange.c), and
     * they run where some message goes through a segment. */
    int shm = ways[3] > 0;
    char pack_walk[40], unpack_walk[40];
    /* An update's writes into C are added where they land, by its own
     * walks (kernels/update_pieces.h), or staged and added afterwards. */
    int fused = rq->update != NULL;
    const char *update = rq->form == BCR_FORM_REDIST ? "none" : fused ? "fused" : "staged";
    const char *local = fused                  ? "added"
                        : shm && self_in_pack ? "with pack"
                        : self_stream          ? "streaming"
                                               : "apart";
    fprintf(stderr,
            "bcr_trace: %s rank %d: rows %s, cols %s, strategy %s, plan %s, send %d partners "
            "%lld bytes, recv %d partners %lld bytes, local %lld bytes, transport %s, pack "
            "stores %s, unpack stores %s, pack walk %s, unpack walk %s, local copy %s, "
            "receive %s, mpi messages %d in place %d datatypes %d packed, schedule %s, pack "
            "while agreeing %s, update %s\n",
            rq->routine, rank, bcr_generator_name(rows->generator),
            bcr_generator_name(cols->generator), bcr_strategy_name(pl->strategy),
            cached ? "cached" : "new", send_partners, send_bytes, recv_partners, recv_bytes,
            local_bytes, shm ? "shm" : "mpi", shm && stream_pack ? "streaming" : "plain",
            shm && stream_unpack && !fused ? "streaming" : "plain",
            walk_names(shm ? walk_pack : 0, pack_walk, sizeof pack_walk),
            fused ? "added" : walk_names(shm ? walk_unpack : 0, unpack_walk, sizeof unpack_walk),
            local, xo->recv_sync && !fused ? "sync" : "async", ways[0], ways[1], ways[2], sched,
            packed ? "yes" : "no", update);
}
