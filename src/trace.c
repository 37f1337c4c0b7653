#include "trace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Read per call, like the other switches, so a driver can turn it on for
 * some calls only. */
int bcr_trace_enabled(void)
{
    const char *env = getenv("BCR_TRACE");
    return env && *env && strcmp(env, "0") != 0;
}

static void half_totals(const bcr_half *h, size_t es, int *partners, long long *bytes)
{
    for (int k = 0; k < h->nparts; k++)
        *bytes += (long long)(h->parts[k].count * (bcr_idx)es);
    *partners += h->nparts;
}

/* How the scan over shared segments walks each column (exec.c, scan.h),
 * as a set over the phases: bit 0 partner by partner, bit 1 folded
 * patterns in memory order, bit 2 runs one by one in memory order, bit 3
 * rows one by one (plain unpacks of short runs). */
static int walks(const bcr_half *h)
{
    if (h->shm_total == 0)
        return 0;
    if (!h->rows_ordered)
        return 1;
    if (h->scan.order.row_slot && !h->stream)
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

void bcr_trace_call(const bcr_request *rq, int rank, const bcr_schedule *sc, int cached,
                    const char *transport)
{
    int send_partners = 0, recv_partners = 0, stream_pack = 0, stream_unpack = 0;
    int walk_pack = 0, walk_unpack = 0, self_in_pack = 0, self_stream = 0;
    long long send_bytes = 0, recv_bytes = 0, local_bytes = 0;
    int phases = bcr_schedule_phases(sc);
    for (int ph = 0; ph < phases; ph++) {
        half_totals(&sc->phase[ph].send, rq->elsize, &send_partners, &send_bytes);
        half_totals(&sc->phase[ph].recv, rq->elsize, &recv_partners, &recv_bytes);
        stream_pack |= sc->phase[ph].send.stream;
        stream_unpack |= sc->phase[ph].recv.stream;
        walk_pack |= walks(&sc->phase[ph].send);
        walk_unpack |= walks(&sc->phase[ph].recv);
        self_in_pack |= sc->phase[ph].self_in_pack;
        self_stream |= sc->phase[ph].self_stream;
        if (sc->phase[ph].send.has_self)
            local_bytes += (long long)(sc->phase[ph].send.self.count * (bcr_idx)rq->elsize);
    }
    const bcr_plan *p0 = &sc->phase[0];
    const bcr_half *h = p0->send.active ? &p0->send : &p0->recv;
    /* the transposed strategy's first phase sees rows as columns */
    int swap = sc->strategy == BCR_STRATEGY_TRANSPOSED;
    const bcr_runlist *rows = swap ? &h->cols : &h->rows, *cols = swap ? &h->rows : &h->cols;
    /* Only the scans over shared segments stream (plan.c). */
    int shm = !strcmp(transport, "shm");
    char pack_walk[40], unpack_walk[40];
    fprintf(stderr,
            "bcr_trace: %s rank %d: rows %s, cols %s, strategy %s, plan %s, send %d partners "
            "%lld bytes, recv %d partners %lld bytes, local %lld bytes, transport %s, pack "
            "stores %s, unpack stores %s, pack walk %s, unpack walk %s, local copy %s\n",
            rq->routine, rank, bcr_generator_name(rows->generator),
            bcr_generator_name(cols->generator), bcr_strategy_name(sc->strategy),
            cached ? "cached" : "new", send_partners, send_bytes, recv_partners, recv_bytes,
            local_bytes, transport, shm && stream_pack ? "streaming" : "plain",
            shm && stream_unpack ? "streaming" : "plain",
            walk_names(shm ? walk_pack : 0, pack_walk, sizeof pack_walk),
            walk_names(shm ? walk_unpack : 0, unpack_walk, sizeof unpack_walk),
            shm && self_in_pack ? "with pack" : self_stream ? "streaming" : "apart");
}
