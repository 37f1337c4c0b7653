#include "plan/exchange.h"

#include <stdlib.h>
#include <string.h>

#include "base/post_chunks.h"
#include "bcredist.h"
#include "kernels/copy_pieces.h"
#include "plan/datatype.h"
#include "plan/gen.h"
#include "plan/gen_bands.h"
#include "plan/row_order_build.h"
#include "plan/runlist_groups.h"
#include "plan/scan_build.h"

bcr_groupspan bcr_half_rows(const bcr_half *h, int orow)
{
    return h->rspans[orow];
}

static bcr_runspan bucket_runs(const bcr_runlist *rl, int q)
{
    bcr_runspan s = {rl->runs + rl->start[q], rl->start[q + 1] - rl->start[q]};
    return s;
}

/* Where the message lies in the local array when it is one contiguous
 * piece of it (full columns, or a single column), else -1. */
static bcr_idx contiguous_at(bcr_groupspan rows, bcr_runspan cols, const bcr_mask *mk,
                             bcr_idx ld)
{
    if (mk->trapezoid || bcr_groupspan_groups(rows) != 1 || rows.g[0].count != 1)
        return -1;
    bcr_idx ncols = 0;
    for (bcr_idx i = 0; i < cols.n; i++) {
        if (i > 0 && cols.runs[i].mine != cols.runs[i - 1].mine + cols.runs[i - 1].len)
            return -1;
        ncols += cols.runs[i].len;
    }
    const bcr_rungroup *r = &rows.g[0];
    if (ncols > 1 && !(r->mine == 0 && r->len == ld))
        return -1;
    return cols.runs[0].mine * ld + r->mine;
}

bcr_runspan bcr_half_cols(const bcr_half *h, int ocol)
{
    return bucket_runs(&h->cols, ocol);
}

static bcr_axis row_axis(const bcr_side *s)
{
    bcr_axis a = {s->MB, s->RSRC, s->P, s->i};
    return a;
}

static bcr_axis col_axis(const bcr_side *s)
{
    bcr_axis a = {s->NB, s->CSRC, s->Q, s->j};
    return a;
}

static int by_order(const void *x, const void *y)
{
    int a = ((const bcr_partner *)x)->order, b = ((const bcr_partner *)y)->order;
    return (a > b) - (a < b);
}

static int nonempty_buckets(const bcr_idx *start, int nbuckets)
{
    int n = 0;
    for (int q = 0; q < nbuckets; q++)
        n += start[q + 1] > start[q];
    return n;
}

static int nonempty_spans(const bcr_groupspan *spans, int nbuckets)
{
    int n = 0;
    for (int q = 0; q < nbuckets; q++)
        n += spans[q].n > 0;
    return n;
}

static int build_scan(bcr_half *h)
{
    int n = h->nparts;
    int *buckets = malloc((size_t)(2 * n + 1) * sizeof *buckets);
    if (!buckets)
        return BCR_ERR_NOMEM;
    for (int k = 0; k < n; k++) {
        buckets[k] = h->parts[k].orow;
        buckets[n + k] = h->parts[k].ocol;
    }
    int rc = bcr_scan_build(&h->scan, &h->rows, &h->cols, h->rspans, buckets,
                            buckets + n, n, h->has_self ? h->self.orow : -1, h->self.ocol);
    free(buckets);
    return rc ? BCR_ERR_NOMEM : BCR_SUCCESS;
}

/* Parts start on a cache line of their segment (which starts on one,
 * exec/shm.c): a run then begins where its predecessor ended, on a boundary of
 * 16 bytes wherever run lengths are multiples of 16 bytes, and is packed
 * with whole streaming stores, without a partial one at each end.  At most
 * a line per part (BCR_PART_LINE). */
static bcr_idx line_up(bcr_idx elems, size_t es)
{
    bcr_idx per = BCR_PART_LINE % es ? 1 : (bcr_idx)(BCR_PART_LINE / es);
    return (elems + per - 1) / per * per;
}

/* Messages whose row runs average fewer bytes than this go through
 * shared segments under BCR_SHM=short (exec/shm.h). */
#define BCR_SHM_RUN_BYTES 512

/* Whether a message of `count` elements of es bytes, whose row runs
 * number `nruns` and hold `rowelems` elements, goes through shared
 * segments.  Both ends of a message see the same runs and the same
 * (agreed) options, so they decide alike. */
static int through_shm(const bcr_plan_options *opt, bcr_idx count, size_t es, bcr_idx rowelems,
                       bcr_idx nruns)
{
    if (opt->shm == BCR_SHM_OFF || count * (bcr_idx)es < opt->shm_min)
        return 0;
    return opt->shm >= BCR_SHM_ON || rowelems * (bcr_idx)es < BCR_SHM_RUN_BYTES * nruns;
}

/* Runs of this process of grid `mine` against grid `other`, and its
 * partners: every (row bucket, column bucket) pair that holds elements.
 * Work is proportional to this process's runs and partners, never to the
 * number of process pairs. */
static int build_half(bcr_half *h, const bcr_side *mine, const bcr_side *other,
                      const bcr_mask *mk, size_t es, const bcr_plan_options *opt, int myrank,
                      int nranks)
{
    memset(h, 0, sizeof *h);
    if (!mine->in)
        return BCR_SUCCESS;
    h->active = 1;
    bcr_axis mr = row_axis(mine), mc = col_axis(mine);
    bcr_axis orr = row_axis(other), oc = col_axis(other);
    /* Rows only as groups: a long 1-D array of small blocks has a million
     * row runs per process (runlist_groups.h). */
    int gen = opt->general ? BCR_GEN_GENERAL : BCR_GEN_AUTO;
    if (mine->rbands || other->rbands) {
        bcr_dim_side m = {mr, mine->rbands}, o = {orr, other->rbands};
        if (bcr_runlist_build_bands(&h->rows, mk->m, &m, mine->myrow, &o) ||
            bcr_runlist_group_expanded(&h->rows, &h->rgroups, &h->rspans))
            return BCR_ERR_NOMEM;
    } else if (bcr_runlist_build_grouped(&h->rows, mk->m, &mr, mine->myrow, &orr, gen,
                                         &h->rgroups, &h->rspans)) {
        return BCR_ERR_NOMEM;
    }
    bcr_dim_side m = {mc, mine->cbands}, o = {oc, other->cbands};
    if (mine->cbands || other->cbands ? bcr_runlist_build_bands(&h->cols, mk->n, &m, mine->mycol, &o)
                                      : bcr_runlist_build(&h->cols, mk->n, &mc, mine->mycol, &oc, gen))
        return BCR_ERR_NOMEM;
    int ncols = nonempty_buckets(h->cols.start, h->cols.nbuckets);
    int maxparts = nonempty_spans(h->rspans, h->rows.nbuckets) * ncols;
    h->parts = malloc((size_t)(maxparts ? maxparts : 1) * sizeof *h->parts);
    int *cols_held = malloc((size_t)(ncols ? ncols : 1) * sizeof *cols_held);
    if (!h->parts || !cols_held) {
        free(cols_held);
        return BCR_ERR_NOMEM;
    }
    for (int c = 0, k = 0; c < other->Q; c++)
        if (h->cols.start[c + 1] > h->cols.start[c])
            cols_held[k++] = c;
    for (int r = 0; r < other->P; r++) {
        bcr_groupspan rows = bcr_half_rows(h, r);
        if (rows.n == 0)
            continue;
        for (int k = 0; k < ncols; k++) {
            int c = cols_held[k];
            bcr_runspan cols = bcr_half_cols(h, c);
            bcr_partner p = {other->map[r * other->Q + c], r, c, 0, 0, 0, -1, MPI_DATATYPE_NULL, 0, 0};
            p.count = bcr_kernel_count(bcr_half_rows(h, r), cols, mk);
            p.contig = contiguous_at(rows, cols, mk, mine->lld);
            if (p.count == 0)
                continue; /* the trapezoid left nothing to exchange */
            if (p.rank == myrank) {
                h->has_self = 1;
                h->self = p;
                continue;
            }
            p.order = (p.rank - myrank + nranks) % nranks;
            h->parts[h->nparts++] = p;
        }
    }
    free(cols_held);
    qsort(h->parts, (size_t)h->nparts, sizeof *h->parts, by_order);
    for (int k = 0; k < h->nparts; k++) {
        bcr_partner *p = &h->parts[k];
        if (p->contig < 0 && opt->datatypes &&
            p->count * (bcr_idx)es <= bcr_chunk_bytes())
            bcr_datatype_build(bcr_half_rows(h, p->orow), bcr_half_cols(h, p->ocol), mk,
                               mine->lld, es, &p->dtype); /* on failure: packed */
        p->offset = h->total;
        if (p->contig < 0 && p->dtype == MPI_DATATYPE_NULL)
            h->total += p->count;
        bcr_groupspan rows = bcr_half_rows(h, p->orow);
        p->shm = through_shm(opt, p->count, es, bcr_groupspan_elems(rows),
                             bcr_groupspan_runs(rows));
        p->shm_offset = line_up(h->shm_total, es);
        if (p->shm)
            h->shm_total = p->shm_offset + p->count;
    }
    return build_scan(h);
}

static void free_half(bcr_half *h)
{
    /* Safe on a list never built (zeroed); the rows' runs may be absent
     * where their period form is not (runlist_groups.h). */
    bcr_runlist_free(&h->rows);
    bcr_runlist_free(&h->cols);
    for (int k = 0; k < h->nparts; k++)
        if (h->parts[k].dtype != MPI_DATATYPE_NULL)
            MPI_Type_free(&h->parts[k].dtype);
    free(h->parts);
    free(h->rgroups);
    free(h->rspans);
    bcr_scan_free(&h->scan);
    memset(h, 0, sizeof *h);
}

/* Scans write with streaming stores (kernels/stream_copy.h) only where
 * what they write is far past the caches: there the line a plain store
 * reads first is a third of the memory traffic, and the reader finds
 * nothing in the caches either way; below, the caches may keep part of
 * what was written for its reader, and plain stores can win.  The bound
 * counts the bytes one process writes in one call; where the break-even
 * lies depends on the caches (docs/performance.md, "Streaming stores",
 * measures it on the project's machine).  Walks that store one element at
 * a time (rows of one element each, kernels/row_order.h) gain less from a
 * streaming store and take a higher bound; two partners' rows of 4, 8
 * or 16 bytes taking turns (kernels/zip.h) and packs of single rows of 8
 * bytes or more (bcr_stream_strided) store 16 bytes at a time and take
 * the common one.  BCR_STREAM_MIN=bytes sets both (-1: never). */
#define BCR_STREAM_MIN_BYTES ((bcr_idx)6 << 20)
#define BCR_STREAM_MIN_SINGLE_BYTES ((bcr_idx)16 << 20)

/* Element sizes whose two partners' rows taking turns zip (kernels/zip.h). */
static int zips(size_t es) { return es == 4 || es == 8 || es == 16; }

static bcr_idx stream_min_bytes(const bcr_plan_options *opt, int one_by_one)
{
    if (opt->stream_min != BCR_STREAM_DEFAULT)
        return (bcr_idx)opt->stream_min;
    return one_by_one ? BCR_STREAM_MIN_SINGLE_BYTES : BCR_STREAM_MIN_BYTES;
}

/* How the scans over shared segments write (only they run on memory this
 * large in one pass), and in what order.  Walking each column in memory
 * order (kernels/row_order.h) reads A front to back when packing, and writes B
 * front to back when unpacking, which streaming stores need; it is kept
 * when some partner may go through a segment (for trapezoids, below).
 * With plain stores an unpack still walks in memory order where partners
 * take turns row by row (block size 1 on A's side), where the rows fold
 * badly into patterns and are walked run by run (a scan partner by
 * partner walks them so too, at a higher cost per run), and where runs
 * are short (under BCR_ROW_EACH_BELOW rows on average: row by row from a
 * table, with no cost per run).  Where partners take turns in longer runs
 * that fold well, B's column stays in cache between their turns anyway,
 * and setting up many short patterns costs more than the order saves.
 *
 * A trapezoid walks each column in memory order, packing and unpacking
 * alike: row by row where runs are short (the kept rows found by binary
 * search, nothing clipped row by row), else down its unfolded runs, only
 * those at the ends of its kept rows clipped (kernels/scan.c); where
 * neither was kept (too many runs), a scan partner by partner clips each
 * run. */
static int choose_scan_writes(bcr_exchange *ex, size_t es, const bcr_plan_options *opt)
{
    bcr_half *S = &ex->send, *R = &ex->recv;
    int trap = ex->mask.trapezoid;
    /* The pack can copy the part that stays (below): its order then keeps
     * B's offsets of that part, for the walk to copy it in the same pass. */
    int fusable = !trap && S->has_self && bcr_scan_self_fusable(&R->scan);
    if (S->shm_total > 0) {
        int rc =
            bcr_scan_order_rows(&S->scan, fusable ? BCR_ORDER_PACK_SELF : BCR_ORDER_PACK, trap);
        if (rc < 0)
            return BCR_ERR_NOMEM;
        int single = rc == 0 && S->scan.order.single_rows;
        /* A trapezoid walked row by row stores one element at a time. */
        int by_row = rc == 0 && trap && S->scan.order.row_k;
        bcr_idx min = stream_min_bytes(opt, (single && es < 8) || by_row);
        S->stream = min >= 0 && S->shm_total * (bcr_idx)es >= min;
        /* Row by row, the scan partner by partner copies each one's rows
         * in a tight strided loop while A's column stays in cache. */
        if (trap)
            S->rows_ordered = rc == 0 && (S->scan.order.runs || S->scan.order.row_k);
        else
            S->rows_ordered = rc == 0 && (!single || (S->scan.order.row_slot && !S->stream));
        if (trap && !S->rows_ordered)
            bcr_row_order_free(&S->scan.order);
    }
    if (R->shm_total == 0)
        return BCR_SUCCESS;
    int rc = bcr_scan_order_rows(&R->scan, BCR_ORDER_UNPACK, trap);
    if (rc < 0)
        return BCR_ERR_NOMEM;
    const bcr_row_order *ro = &R->scan.order;
    bcr_idx written = R->shm_total + (R->has_self ? R->self.count : 0);
    int by_row = rc == 0 && (trap ? ro->row_k != NULL : ro->single_rows && !(ro->pairs && zips(es)));
    bcr_idx min = stream_min_bytes(opt, by_row);
    int walkable = rc == 0 && (!trap || ro->runs || ro->row_k);
    R->stream = walkable && min >= 0 && written * (bcr_idx)es >= min;
    R->rows_ordered = R->stream || (walkable && (trap || ro->runs || ro->row_slot ||
                                                 (ro->single_rows && ro->interleaved)));
    /* Reading A for the pack while skipping the part that stays costs
     * about as much as reading all of it (the hardware fetches the lines
     * between), so where that part fills columns of B alone, the pack
     * copies it as it goes.  Only past the caches, where the scans stream:
     * below, A's lines are at hand anyway, and the copy would only delay
     * the partners' data. */
    ex->self_in_pack = fusable && S->shm_total > 0 && (S->stream || R->stream);
    return BCR_SUCCESS;
}

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

/* The ranks of A's and B's grids, ascending, each once. */
static int list_members(bcr_exchange *ex, const bcr_side *A, const bcr_side *B)
{
    size_t na = (size_t)A->P * (size_t)A->Q, nb = (size_t)B->P * (size_t)B->Q;
    ex->members = malloc((na + nb) * sizeof *ex->members);
    if (!ex->members)
        return BCR_ERR_NOMEM;
    memcpy(ex->members, A->map, na * sizeof *ex->members);
    memcpy(ex->members + na, B->map, nb * sizeof *ex->members);
    qsort(ex->members, na + nb, sizeof *ex->members, cmp_int);
    size_t n = 0;
    for (size_t k = 0; k < na + nb; k++)
        if (n == 0 || ex->members[n - 1] != ex->members[k])
            ex->members[n++] = ex->members[k];
    ex->nmembers = (int)n;
    return BCR_SUCCESS;
}

int bcr_exchange_build(bcr_exchange *ex, const bcr_side *A, const bcr_side *B,
                       const bcr_mask *mk, size_t elsize, const bcr_plan_options *opt,
                       int myrank, int nranks)
{
    memset(ex, 0, sizeof *ex);
    ex->mask = *mk;
    ex->schedule = opt->schedule;
    ex->stream_chunk = opt->stream_chunk;
    int rc = opt->schedule == BCR_SCHEDULE_COMBINE ? list_members(ex, A, B) : BCR_SUCCESS;
    if (rc == BCR_SUCCESS)
        rc = build_half(&ex->send, A, B, mk, elsize, opt, myrank, nranks);
    if (rc == BCR_SUCCESS)
        rc = build_half(&ex->recv, B, A, mk, elsize, opt, myrank, nranks);
    if (rc == BCR_SUCCESS)
        rc = choose_scan_writes(ex, elsize, opt);
    /* A process that only copies locally (same layout) writes as much as
     * a memcpy would.  glibc's memcpy stores plainly at every size where
     * the processor reports a large L3, reading each line of B before
     * writing it; past the streaming bound this copy streams instead. */
    const bcr_half *S = &ex->send, *R = &ex->recv;
    bcr_idx min = stream_min_bytes(opt, 0);
    ex->self_stream = rc == BCR_SUCCESS && S->has_self && S->nparts == 0 && R->nparts == 0 &&
                      min >= 0 && S->self.count * (bcr_idx)elsize >= min;
    if (rc != BCR_SUCCESS)
        bcr_exchange_free(ex);
    return rc;
}

void bcr_exchange_free(bcr_exchange *ex)
{
    free(ex->members);
    ex->members = NULL;
    free_half(&ex->send);
    free_half(&ex->recv);
}
