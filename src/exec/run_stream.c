#include "exec/run_stream.h"

#include <stdint.h>

#include "base/timers.h"
#include "bcredist.h"
#include "base/post_chunks.h"

/* The least width of a tile cut in rows, in bytes (run_stream.h). */
#define TILE_EDGE 256

static bcr_idx clamp(bcr_idx v, bcr_idx lo, bcr_idx hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Tile rows and columns for a message of h rows x nc columns. */
static void tile_shape(bcr_idx h, bcr_idx nc, size_t es, bcr_idx bytes, bcr_idx *tr,
                       bcr_idx *tc)
{
    bcr_idx per = bytes / (bcr_idx)es > 1 ? bytes / (bcr_idx)es : 1;
    if (h * nc <= per) { /* one tile: the message as a copy packs it */
        *tr = h;
        *tc = nc;
        return;
    }
    bcr_idx least = TILE_EDGE / (bcr_idx)es > 1 ? TILE_EDGE / (bcr_idx)es : 1;
    *tc = clamp(per / h, least < nc ? least : nc, nc);
    *tr = clamp(per / *tc, 1, h);
}

bcr_idx bcr_stream_tile_most(size_t es, bcr_idx bytes)
{
    /* a tile holds the chunk's elements, or one row of `least` columns */
    bcr_idx per = bytes / (bcr_idx)es > 1 ? bytes / (bcr_idx)es : 1;
    bcr_idx least = TILE_EDGE / (bcr_idx)es > 1 ? TILE_EDGE / (bcr_idx)es : 1;
    return per > least ? per : least;
}

static bcr_idx ceil_div(bcr_idx a, bcr_idx b) { return (a + b - 1) / b; }

static bcr_idx columns_of(bcr_runspan cols)
{
    bcr_idx n = 0;
    for (bcr_idx k = 0; k < cols.n; k++)
        n += cols.runs[k].len;
    return n;
}

/* A sent message of one tile that lies in place or is a datatype goes as
 * a copy's does. */
static int sent_whole(const bcr_partner *p, bcr_idx tile_elems)
{
    return p->count <= tile_elems && (p->contig >= 0 || p->dtype != MPI_DATATYPE_NULL);
}

bcr_idx bcr_stream_rings(const bcr_half *h, size_t es, bcr_idx bytes, int sending,
                         bcr_idx *ring, bcr_idx *rows, bcr_idx *tile_rows, bcr_idx *tile_cols)
{
    bcr_idx total = 0;
    for (int k = 0; k < h->nparts; k++) {
        const bcr_partner *p = &h->parts[k];
        bcr_idx hr = bcr_groupspan_elems(bcr_half_rows(h, p->orow)), tr, tc;
        tile_shape(hr, columns_of(bcr_half_cols(h, p->ocol)), es, bytes, &tr, &tc);
        int has = !sending || !sent_whole(p, tr * tc);
        if (rows)
            rows[k] = hr;
        if (tile_rows)
            tile_rows[k] = tr;
        if (tile_cols)
            tile_cols[k] = tc;
        if (ring)
            ring[k] = has ? total : -1;
        if (has)
            total += p->count < 2 * tr * tc ? p->count : 2 * tr * tc;
    }
    return total;
}

static bcr_idx chunks_of(const bcr_exchange_slots *sl, int who, const bcr_partner *p)
{
    bcr_idx tr = sl->tile_rows[who], tc = sl->tile_cols[who];
    return ceil_div(sl->rows[who], tr) * ceil_div(p->count / sl->rows[who], tc);
}

/* Chunk j of part who: tile j's place in the message, column panels
 * outside, row panels inside. */
static bcr_tile tile_of(const bcr_exchange_slots *sl, int who, const bcr_partner *p, bcr_idx j)
{
    bcr_idx h = sl->rows[who], tr = sl->tile_rows[who], tc = sl->tile_cols[who];
    bcr_idx nr = ceil_div(h, tr), nc = p->count / h;
    bcr_idx r0 = j % nr * tr, c0 = j / nr * tc;
    bcr_tile t = {r0, r0 + tr < h ? r0 + tr : h, c0, c0 + tc < nc ? c0 + tc : nc};
    return t;
}

/* Part k's next chunk into (or from) slot q of its ring: request 2 who + q. */
static int post_chunk(bcr_exchange_flight *f, int sending, int k, int q)
{
    bcr_exchange_slots *sl = &f->sl;
    const bcr_half *h = sending ? f->S : f->R;
    const bcr_partner *p = &h->parts[k];
    int who = sending ? f->R->nparts + k : k, idx = 2 * who + q;
    size_t es = f->ar.elsize;
    bcr_idx j = sl->next_chunk[who]++, slot = sl->tile_rows[who] * sl->tile_cols[who];
    bcr_tile t = tile_of(sl, who, p, j);
    /* at most the chunk's bytes, or a tile of TILE_EDGE bytes by one row */
    int bytes = (int)((t.r1 - t.r0) * (t.c1 - t.c0) * (bcr_idx)es);
    sl->owner[idx] = who;
    sl->chunk_of[idx] = j;
    MPI_Request *req = &sl->req[idx];
    if (!sending)
        return MPI_Irecv(f->rbuf + (size_t)(sl->ring[who] + q * slot) * es, bytes, MPI_BYTE,
                         p->rank, BCR_TAG, f->comm, req) != MPI_SUCCESS;
    f->send_chunks_left--;
    if (sent_whole(p, slot)) {
        if (p->dtype != MPI_DATATYPE_NULL)
            return MPI_Isend(f->ar.a, 1, p->dtype, p->rank, BCR_TAG, f->comm, req) !=
                   MPI_SUCCESS;
        return MPI_Isend(f->ar.a + (size_t)p->contig * es, bytes, MPI_BYTE, p->rank, BCR_TAG,
                         f->comm, req) != MPI_SUCCESS;
    }
    char *at = f->sbuf + (size_t)(sl->ring[who] + q * slot) * es;
    double t0 = bcr_phase_start();
    bcr_pack_tile(at, f->ar.a, f->ar.lda, es, bcr_half_rows(h, p->orow),
                  bcr_half_cols(h, p->ocol), t);
    bcr_phase_add(&bcr_phase_now.pack, t0);
    return MPI_Isend(at, bytes, MPI_BYTE, p->rank, BCR_TAG, f->comm, req) != MPI_SUCCESS;
}

int bcr_stream_post(bcr_exchange_flight *f, int sending, int k)
{
    bcr_exchange_slots *sl = &f->sl;
    int who = sending ? f->R->nparts + k : k;
    const bcr_partner *p = sending ? &f->S->parts[k] : &f->R->parts[k];
    bcr_idx n = chunks_of(sl, who, p);
    sl->pending[who] = (int)n;
    sl->next_chunk[who] = 0;
    if (sending)
        f->send_chunks_left += n;
    for (int q = 0; q < 2 && q < n; q++)
        if (post_chunk(f, sending, k, q))
            return BCR_ERR_MPI;
    return BCR_SUCCESS;
}

int bcr_stream_completed(bcr_exchange_flight *f, int idx, int *message_done)
{
    bcr_exchange_slots *sl = &f->sl;
    int who = sl->owner[idx], q = idx - 2 * who, sending = who >= f->R->nparts;
    int k = sending ? who - f->R->nparts : who;
    const bcr_partner *p = sending ? &f->S->parts[k] : &f->R->parts[k];
    if (!sending) { /* add the chunk before its slot takes the next */
        size_t es = f->ar.elsize;
        bcr_idx slot = sl->tile_rows[who] * sl->tile_cols[who];
        bcr_sink s = bcr_arrays_sink(&f->ar);
        double t0 = bcr_phase_start();
        bcr_update_tile(&s, f->rbuf + (size_t)(sl->ring[who] + q * slot) * es,
                        bcr_half_rows(f->R, p->orow), bcr_half_cols(f->R, p->ocol),
                        tile_of(sl, who, p, sl->chunk_of[idx]));
        bcr_phase_add(&bcr_phase_now.unpack, t0);
    }
    if (sl->next_chunk[who] < chunks_of(sl, who, p) && post_chunk(f, sending, k, q))
        return BCR_ERR_MPI;
    *message_done = --sl->pending[who] == 0;
    return BCR_SUCCESS;
}
