#include "exec/round_size.h"

#include <mpi.h>
#include <stdint.h>

#include "base/post_chunks.h"
#include "exec/run_exchange.h"
#include "exec/run_stream.h"
#include "kernels/update_pieces.h"
#include "plan/exchange.h"
#include "plan/plan.h"

static bcr_idx mul(bcr_idx x, bcr_idx y)
{
    if (x && y > INT64_MAX / x)
        return INT64_MAX;
    return x * y;
}

static bcr_idx add(bcr_idx x, bcr_idx y) { return x > INT64_MAX - y ? INT64_MAX : x + y; }
static bcr_idx max2(bcr_idx x, bcr_idx y) { return x > y ? x : y; }

/* The most indices of any len consecutive ones a process holds, blocks of
 * nb over np processes: nb of every nb * np, and of the rest at most one
 * block's worth. */
static bcr_idx most_held(bcr_idx len, bcr_idx nb, int np)
{
    bcr_idx period = nb * np, rest = len % period;
    return len / period * nb + (rest < nb ? rest : nb);
}

enum { DIRECT = 1, INDIRECT = 2, TRANSPOSED = 4 };

static int bit(int strategy)
{
    return strategy == BCR_STRATEGY_DIRECT     ? DIRECT
           : strategy == BCR_STRATEGY_INDIRECT ? INDIRECT
                                               : TRANSPOSED;
}

/* The strategies the planner may take for the calls of an h x w tile: the
 * one it takes for the tile, and for a trapezoid's pieces, which are
 * smaller, also the one it takes for a single element (the cost model
 * picks by size, plan/plan.c, so every size between takes one of the
 * two). */
static int strategies(const bcr_side *A, const bcr_side *B, int trapezoid, bcr_idx h,
                      bcr_idx w, size_t es, const bcr_plan_options *opt)
{
    bcr_mask tile = {0, 0, 0, h, w}, one = {0, 0, 0, 1, 1};
    int which = bit(bcr_strategy_choose(A, B, &tile, es, opt));
    if (trapezoid)
        which |= bit(bcr_strategy_choose(A, B, &one, es, opt));
    return which;
}

/* Whether every index of an axis lands on the same process coordinate in
 * A as in B: one process, or the same blocks starting at the same place
 * of the same process (the grids being one). */
static int axis_stays(int np, int nb_a, int src_a, int off_a, int nb_b, int src_b, int off_b)
{
    if (np == 1)
        return 1;
    return nb_a == nb_b && off_a % nb_a == off_b % nb_b &&
           ((src_a + off_a / nb_a) - (src_b + off_b / nb_b)) % np == 0;
}

/* Whether no element of the call leaves its process: A and B on one grid,
 * laid out alike over the submatrix.  Then every message is a process's
 * own part, copied in place, and only an indirect strategy's scratch
 * takes memory. */
static int stays_home(const bcr_side *A, const bcr_side *B, size_t es,
                      const bcr_plan_options *opt)
{
    bcr_plan_options forced = *opt;
    forced.strategy = BCR_STRATEGY_INDIRECT;
    bcr_mask any = {0, 0, 0, 1, 1};
    if (bcr_strategy_choose(A, B, &any, es, &forced) == BCR_STRATEGY_DIRECT)
        return 0; /* two grids */
    return axis_stays(A->P, A->MB, A->RSRC, A->i, B->MB, B->RSRC, B->i) &&
           axis_stays(A->Q, A->NB, A->CSRC, A->j, B->NB, B->CSRC, B->j);
}

/* Request bookkeeping of one exchange moving `bytes` with every process
 * a partner each way (exec/run_exchange.h), for an update with its
 * gathering scratch for rows x cols of B. */
static bcr_idx work_bytes(bcr_idx bytes, int nranks, int update, bcr_idx rows, bcr_idx cols,
                          size_t es)
{
    return (bcr_idx)bcr_exchange_work_bound(bytes, nranks, update,
                                            update ? bcr_update_gather_most(rows, cols, es) : 0);
}

/* What an update's streamed messages take of a buffer on one side
 * (exec/run_stream.h): two tiles per partner, never more than the
 * elements themselves. */
static bcr_idx rings(bcr_idx elems, bcr_idx es, const bcr_plan_options *opt, int nranks)
{
    bcr_idx most = mul(2 * (bcr_idx)nranks, bcr_stream_tile_most((size_t)es, opt->stream_chunk));
    return elems < most ? elems : most;
}

/* The buffer packed messages take on the side of an exchange that moves
 * at most `elems` elements: none when every message through MPI goes in
 * place, as a datatype over the array (BCR_PACK=datatype, messages up to
 * one chunk, bcr_chunk_bytes(); plan/datatype.h), else all of them. */
static bcr_idx buffer(bcr_idx elems, bcr_idx es, const bcr_plan_options *opt)
{
    return opt->datatypes && mul(elems, es) <= bcr_chunk_bytes() ? 0 : elems;
}

/* What an exchange sending at most `elems` elements writes into the
 * segment: none when the transport is off or no message reaches
 * BCR_SHM_MIN, else all of them. */
static bcr_idx segment(bcr_idx elems, bcr_idx es, const bcr_plan_options *opt)
{
    return opt->shm == BCR_SHM_OFF || mul(elems, es) < opt->shm_min ? 0 : elems;
}

bcr_idx bcr_round_bound(const bcr_side *A, const bcr_side *B, int trapezoid, bcr_idx h,
                        bcr_idx w, size_t elsize, const bcr_plan_options *opt, int nranks,
                        int update)
{
    bcr_idx es = (bcr_idx)elsize;
    bcr_idx rows_b = most_held(h, B->MB, B->P), cols_a = most_held(w, A->NB, A->Q);
    bcr_idx a = mul(most_held(h, A->MB, A->P), cols_a);
    bcr_idx b = mul(rows_b, most_held(w, B->NB, B->Q));
    bcr_idx t = mul(rows_b, cols_a);
    /* The intermediate's local array, and local A's piece the transposed
     * strategy transposes, start at the first block of the tile, not at
     * the tile (plan/plan.c, folded): up to a block more each way. */
    bcr_idx cols_a_blk = most_held(w + A->NB - 1, A->NB, A->Q);
    bcr_idx t_arr = mul(most_held(h + B->MB - 1, B->MB, B->P), cols_a_blk);
    bcr_idx a_arr = mul(most_held(h + A->MB - 1, A->MB, A->P), cols_a_blk);
    int which = strategies(A, B, trapezoid, h, w, elsize, opt);
    if (stays_home(A, B, elsize, opt))
        a = b = t = 0; /* nothing is sent: no buffer, no segment */
    bcr_idx pools = 0, seg = 0, moved = add(a, b);
    /* An update streams what its last exchange sends and receives. */
    bcr_idx streamed = update ? add(rings(a, es, opt, nranks), rings(b, es, opt, nranks)) : 0;
    if (which & DIRECT) {
        pools = update ? streamed : add(buffer(a, es, opt), buffer(b, es, opt));
        seg = segment(a, es, opt);
    }
    if (which & (INDIRECT | TRANSPOSED)) {
        bcr_idx sent = max2(buffer(a, es, opt), buffer(t, es, opt));
        bcr_idx received = max2(buffer(t, es, opt), buffer(b, es, opt));
        bcr_idx p = add(add(sent, received), t_arr);
        if (which & TRANSPOSED)
            p = add(p, max2(a_arr, t_arr));
        if (update)
            p = add(p, add(rings(t, es, opt, nranks), rings(b, es, opt, nranks)));
        pools = max2(pools, p);
        seg = max2(seg, max2(segment(a, es, opt), segment(t, es, opt)));
        moved = add(add(max2(a, t), max2(t, b)), t);
    }
    bcr_idx bytes = mul(add(pools, seg), es);
    if (seg)
        bytes = add(bytes, BCR_PART_LINE * (bcr_idx)nranks);
    return add(bytes, work_bytes(mul(moved, es), nranks, update, rows_b,
                                 most_held(w, B->NB, B->Q), elsize));
}

static bcr_idx lcm(bcr_idx x, bcr_idx y)
{
    bcr_idx a = x, b = y;
    while (b) {
        bcr_idx r = a % b;
        a = b;
        b = r;
    }
    return mul(x / a, y);
}

/* A call's tiles being chosen: every bound is compared with the cap. */
typedef struct {
    const bcr_side *A, *B;
    int trapezoid;
    size_t es;
    const bcr_plan_options *opt;
    int nranks, update;
    bcr_idx cap;
} shape_args;

static int fits(const shape_args *s, bcr_idx h, bcr_idx w)
{
    return bcr_round_bound(s->A, s->B, s->trapezoid, h, w, s->es, s->opt, s->nranks,
                           s->update) <= s->cap;
}

/* The largest tile height (rows) or width in [1, most] that fits, the other
 * dimension fixed, by bisection; 0 when not even 1 fits.  The bound grows
 * with the tile for a given strategy, but a smaller tile may take an
 * indirect one and more memory: the length found then fits, though a
 * longer one might too. */
static bcr_idx largest(const shape_args *s, int rows, bcr_idx fixed, bcr_idx most)
{
    bcr_idx lo = 0, hi = most; /* fits(lo) or lo == 0; !fits(hi + 1) */
    while (lo < hi) {
        bcr_idx mid = lo + (hi - lo + 1) / 2;
        if (rows ? fits(s, mid, fixed) : fits(s, fixed, mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* len rounded down to a multiple of both block sizes, when at least one. */
static bcr_idx whole_blocks(bcr_idx len, bcr_idx nb1, bcr_idx nb2)
{
    bcr_idx l = lcm(nb1, nb2);
    return len >= l ? len - len % l : len;
}

typedef struct {
    bcr_idx h, w; /* 0 x 0: none */
} tile;

/* Whole columns, as many as fit; 0 x 0 when not one does. */
static tile column_panels(const shape_args *s, bcr_idx m, bcr_idx n)
{
    bcr_idx w = largest(s, 0, m, n);
    tile t = {m, whole_blocks(w, s->A->NB, s->B->NB)};
    return w ? t : (tile){0, 0};
}

/* Whole rows, as many as fit. */
static tile row_panels(const shape_args *s, bcr_idx m, bcr_idx n)
{
    bcr_idx h = largest(s, 1, n, m);
    tile t = {whole_blocks(h, s->A->MB, s->B->MB), n};
    return h ? t : (tile){0, 0};
}

/* Neither fits: single columns cut by rows (a single element when not even
 * that fits: the cap then counts as the least a round takes). */
static tile column_pieces(const shape_args *s, bcr_idx m)
{
    bcr_idx h = largest(s, 1, 1, m);
    tile t = {h ? whole_blocks(h, s->A->MB, s->B->MB) : 1, 1};
    return t;
}

static bcr_idx rounds_of(bcr_idx m, bcr_idx n, tile t)
{
    return mul((m + t.h - 1) / t.h, (n + t.w - 1) / t.w);
}

/* What the busiest process packs and unpacks in all the rounds of a
 * tiling, in elements: panels narrower than a block times the processes of
 * a grid dimension leave a round's whole width to a few processes while
 * the others wait. */
static bcr_idx busiest(const shape_args *s, bcr_idx m, bcr_idx n, tile t)
{
    const bcr_side *A = s->A, *B = s->B;
    bcr_idx a = mul(most_held(t.h, A->MB, A->P), most_held(t.w, A->NB, A->Q));
    bcr_idx b = mul(most_held(t.h, B->MB, B->P), most_held(t.w, B->NB, B->Q));
    return mul(rounds_of(m, n, t), add(a, b));
}

/* Whether tiling x beats y: fewer rounds (each costs every process a
 * synchronization with its partners, and where ranks outnumber cores a
 * wait for them to be scheduled: more, measured here, than the work that
 * better balanced rounds save), then less for the busiest process. */
static int better(const shape_args *s, bcr_idx m, bcr_idx n, tile x, tile y)
{
    bcr_idx rx = rounds_of(m, n, x), ry = rounds_of(m, n, y);
    return rx != ry ? rx < ry : busiest(s, m, n, x) <= busiest(s, m, n, y);
}

int bcr_round_shape(const bcr_side *A, const bcr_side *B, const bcr_mask *mk, size_t elsize,
                    const bcr_plan_options *opt, int nranks, int update, bcr_idx *h,
                    bcr_idx *w)
{
    if (opt->max_bytes <= 0)
        return 0;
    shape_args s = {A, B, mk->trapezoid, elsize, opt, nranks, update, opt->max_bytes};
    bcr_idx least = bcr_round_bound(A, B, mk->trapezoid, 1, 1, elsize, opt, nranks, update);
    if (s.cap < least)
        s.cap = least; /* no round takes less */
    if (fits(&s, mk->m, mk->n))
        return 0;
    tile cols = column_panels(&s, mk->m, mk->n), rows = row_panels(&s, mk->m, mk->n), t;
    if (cols.h && (!rows.h || better(&s, mk->m, mk->n, cols, rows)))
        t = cols;
    else if (rows.h)
        t = rows;
    else
        t = column_pieces(&s, mk->m);
    *h = t.h;
    *w = t.w;
    return 1;
}
