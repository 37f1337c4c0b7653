#include "exec/run_combine.h"

#include <stdlib.h>
#include <string.h>

#include "base/failsafe.h"
#include "bcredist.h"
#include "base/post_chunks.h"
#include "exec/via_shm.h"

/* Direct messages and the relays' messages to their targets share the
 * executor's tag; within a group the headers and the pieces for relays
 * have their own, so that each kind matches only its own. */
#define TAG_DIRECT BCR_TAG
#define TAG_HEADER (BCR_TAG + 1)
#define TAG_PIECES (BCR_TAG + 2)

int bcr_combine_group_size(int nranks)
{
    int g = 1;
    while (g * g < nranks)
        g++;
    return g;
}

/* The requests of one call, grown as messages are posted. */
typedef struct {
    MPI_Request *req;
    int *owner; /* what completion means: see OWN_* */
    bcr_idx n, cap;
} reqs;

enum { OWN_SEND = -1, OWN_HEADER = -2, OWN_PIECES = -3 }; /* else the group whose message
                                                          to this process it is (>= 0),
                                                          or a direct partner's part k
                                                          as -(k + 4) */

static int direct_owner(int k) { return -(k + 4); }

/* Post a message (base/post_chunks.h), growing the requests first. */
static int post(reqs *q, int sending, void *buf, long long bytes, int peer, int tag,
                MPI_Comm comm, int owner)
{
    bcr_idx need = q->n + bcr_chunks_of(bytes);
    if (need > q->cap) {
        bcr_idx cap = q->cap ? 2 * q->cap : 64;
        while (cap < need)
            cap *= 2;
        MPI_Request *r = realloc(q->req, (size_t)cap * sizeof *r);
        if (!r)
            return BCR_ERR_NOMEM;
        q->req = r;
        int *o = realloc(q->owner, (size_t)cap * sizeof *o);
        if (!o)
            return BCR_ERR_NOMEM;
        q->owner = o;
        q->cap = cap;
    }
    return bcr_post_chunks(sending, buf, bytes, peer, tag, comm, q->req, q->owner, owner, &q->n);
}

/* The groups over the exchange's members (plan/exchange.h), numbered by
 * their place in that list: n places, groups of g. */
typedef struct {
    int n, g;
    int me, first, size, pos; /* my place; my group: its first place, size,
                                 my position in it */
} groups;

static int first_of(const groups *G, int r) { return r / G->g * G->g; }

static int size_of(const groups *G, int r)
{
    int f = first_of(G, r);
    return G->n - f < G->g ? G->n - f : G->g;
}

static int in_my_group(const groups *G, int r)
{
    return r >= G->first && r < G->first + G->size;
}

int bcr_combine_relay(int q, int size) { return (q + q / size) % size; }

/* The relay in r's group for target q (q outside it). */
static int relay_of(const groups *G, int r, int q)
{
    return first_of(G, r) + bcr_combine_relay(q, size_of(G, r));
}

/* Targets that the member at position j of my group relays, ascending:
 * the places outside the group whose relay position is j. */
static int target_from(const groups *G, int j, int q)
{
    while (q < G->n && (in_my_group(G, q) || bcr_combine_relay(q, G->size) != j))
        q++;
    return q;
}

static int first_target(const groups *G, int j) { return target_from(G, j, 0); }

static int next_target(const groups *G, int j, int q) { return target_from(G, j, q + 1); }

static int count_targets(const groups *G, int j)
{
    int k = 0;
    for (int q = first_target(G, j); q < G->n; q = next_target(G, j, q))
        k++;
    return k;
}

/* Everything one call holds. */
typedef struct {
    groups G;
    const bcr_exchange *ex;
    const bcr_arrays *ar;
    const bcr_shm *sh;
    MPI_Comm comm;
    size_t es;
    const int *rank;  /* place -> rank in comm */
    int *sidx, *ridx; /* per place: my send / receive part with it, -1 none */
    long long *soff;  /* per send part: where its piece lies in sbuf */
    char *sbuf;       /* every piece I send, packed */
    long long *hsend; /* headers I send: per member, its targets' piece bytes */
    long long *hrecv; /* headers I receive: per member, my targets' */
    int ntargets;     /* targets I relay */
    char *rbuf;       /* what my relays and direct partners send me */
    long long *roff;  /* per receive part: where its piece lies in rbuf */
    char *inbuf;      /* the pieces members send me to relay */
    long long *inoff; /* per member: where its pieces start in inbuf */
    char *outbuf;     /* what I send my targets as their relay */
    reqs q;
} combine;

static long long part_bytes(const combine *c, const bcr_partner *p)
{
    return (long long)p->count * (long long)c->es;
}

static void free_combine(combine *c)
{
    free(c->sidx);
    free(c->ridx);
    free(c->soff);
    free(c->sbuf);
    free(c->hsend);
    free(c->hrecv);
    free(c->rbuf);
    free(c->roff);
    free(c->inbuf);
    free(c->inoff);
    free(c->outbuf);
    free(c->q.req);
    free(c->q.owner);
}

/* The place of rank r among the members. */
static int place_of(const combine *c, int r)
{
    int lo = 0, hi = c->G.n - 1;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (c->rank[mid] < r)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Index the parts through MPI by partner's place. */
static int index_parts(combine *c)
{
    int n = c->G.n;
    const bcr_half *S = &c->ex->send, *R = &c->ex->recv;
    c->sidx = malloc((size_t)n * sizeof *c->sidx);
    c->ridx = malloc((size_t)n * sizeof *c->ridx);
    c->soff = calloc((size_t)S->nparts + 1, sizeof *c->soff);
    c->roff = calloc((size_t)R->nparts + 1, sizeof *c->roff);
    if (!c->sidx || !c->ridx || !c->soff || !c->roff)
        return BCR_ERR_NOMEM;
    for (int r = 0; r < n; r++)
        c->sidx[r] = c->ridx[r] = -1;
    for (int k = 0; k < S->nparts; k++)
        if (!bcr_exchange_via_shm(c->sh, &S->parts[k]))
            c->sidx[place_of(c, S->parts[k].rank)] = k;
    for (int k = 0; k < R->nparts; k++)
        if (!bcr_exchange_via_shm(c->sh, &R->parts[k]))
            c->ridx[place_of(c, R->parts[k].rank)] = k;
    return BCR_SUCCESS;
}

/* Lay out and pack what I send: direct pieces, then per member the
 * pieces it relays (ascending target), then those I relay myself; fill
 * the headers. */
static int pack_sends(combine *c)
{
    const groups *G = &c->G;
    const bcr_half *S = &c->ex->send;
    long long total = 0, nh = 0;
    for (int k = 0; k < S->nparts; k++)
        if (!bcr_exchange_via_shm(c->sh, &S->parts[k]))
            total += part_bytes(c, &S->parts[k]);
    for (int j = 0; j < G->size; j++)
        if (j != G->pos)
            nh += count_targets(G, j);
    c->sbuf = malloc((size_t)(total ? total : 1));
    c->hsend = calloc((size_t)(nh ? nh : 1), sizeof *c->hsend);
    if (!c->sbuf || !c->hsend)
        return BCR_ERR_NOMEM;
    long long at = 0, h = 0;
    for (int r = G->first; r < G->first + G->size; r++)
        if (c->sidx[r] >= 0) {
            c->soff[c->sidx[r]] = at;
            at += part_bytes(c, &S->parts[c->sidx[r]]);
        }
    for (int j = 0; j <= G->size; j++) {
        int member = j < G->size ? j : G->pos; /* my own last */
        if (j == G->pos)
            continue;
        for (int q = first_target(G, member); q < G->n; q = next_target(G, member, q)) {
            int k = c->sidx[q];
            long long b = k >= 0 ? part_bytes(c, &S->parts[k]) : 0;
            if (k >= 0) {
                c->soff[k] = at;
                at += b;
            }
            if (member != G->pos)
                c->hsend[h++] = b;
        }
    }
    for (int k = 0; k < S->nparts; k++)
        if (!bcr_exchange_via_shm(c->sh, &S->parts[k]))
            bcr_part_pack(c->sbuf + c->soff[k], S, &S->parts[k], c->ar, &c->ex->mask);
    return BCR_SUCCESS;
}

/* Bytes of the pieces I send member j to relay, and where they start. */
static long long member_span(const combine *c, int j, long long *start)
{
    const groups *G = &c->G;
    long long first = -1, bytes = 0;
    for (int q = first_target(G, j); q < G->n; q = next_target(G, j, q)) {
        int k = c->sidx[q];
        if (k < 0)
            continue;
        if (first < 0)
            first = c->soff[k];
        bytes += part_bytes(c, &c->ex->send.parts[k]);
    }
    *start = first < 0 ? 0 : first;
    return bytes;
}

/* Receive buffer: per source group outside mine, the pieces of its
 * members in ascending rank (one message from that group's relay); then
 * the direct pieces. */
static int post_receives(combine *c)
{
    const groups *G = &c->G;
    const bcr_half *R = &c->ex->recv;
    long long total = 0;
    for (int k = 0; k < R->nparts; k++)
        if (!bcr_exchange_via_shm(c->sh, &R->parts[k]))
            total += part_bytes(c, &R->parts[k]);
    c->rbuf = malloc((size_t)(total ? total : 1));
    if (!c->rbuf)
        return BCR_ERR_NOMEM;
    /* Headers first, from every other member, one entry per target I
     * relay: they arrive first, and matching them must not search past
     * the receives posted for later. */
    c->ntargets = count_targets(G, G->pos);
    if (c->ntargets > 0 && G->size > 1) {
        c->hrecv = calloc((size_t)G->size * (size_t)c->ntargets, sizeof *c->hrecv);
        if (!c->hrecv)
            return BCR_ERR_NOMEM;
        for (int j = 0; j < G->size; j++) {
            if (j == G->pos)
                continue;
            int rc = post(&c->q, 0, c->hrecv + (size_t)j * (size_t)c->ntargets,
                          (long long)c->ntargets * (long long)sizeof *c->hrecv,
                          c->rank[G->first + j], TAG_HEADER, c->comm, OWN_HEADER);
            if (rc)
                return rc;
        }
    }
    long long at = 0;
    for (int f = 0; f < G->n; f += G->g) {
        if (f == G->first)
            continue;
        long long start = at;
        for (int s = f; s < f + size_of(G, f); s++)
            if (c->ridx[s] >= 0) {
                c->roff[c->ridx[s]] = at;
                at += part_bytes(c, &R->parts[c->ridx[s]]);
            }
        if (at > start) {
            int rc = post(&c->q, 0, c->rbuf + start, at - start,
                          c->rank[relay_of(G, f, G->me)], TAG_DIRECT, c->comm, f / G->g);
            if (rc)
                return rc;
        }
    }
    for (int s = G->first; s < G->first + G->size; s++) {
        int k = c->ridx[s];
        if (k < 0)
            continue;
        c->roff[k] = at;
        int rc = post(&c->q, 0, c->rbuf + at, part_bytes(c, &R->parts[k]), c->rank[s],
                      TAG_DIRECT, c->comm, direct_owner(k));
        if (rc)
            return rc;
        at += part_bytes(c, &R->parts[k]);
    }
    return BCR_SUCCESS;
}

static int post_sends(combine *c)
{
    const groups *G = &c->G;
    const bcr_half *S = &c->ex->send;
    for (int r = G->first; r < G->first + G->size; r++) {
        int k = c->sidx[r];
        if (k < 0)
            continue;
        int rc = post(&c->q, 1, c->sbuf + c->soff[k], part_bytes(c, &S->parts[k]), c->rank[r],
                      TAG_DIRECT, c->comm, OWN_SEND);
        if (rc)
            return rc;
    }
    long long h = 0;
    for (int j = 0; j < G->size; j++) {
        if (j == G->pos)
            continue;
        int nt = count_targets(G, j);
        if (nt == 0)
            continue;
        int rc = post(&c->q, 1, c->hsend + h, (long long)nt * (long long)sizeof *c->hsend,
                      c->rank[G->first + j], TAG_HEADER, c->comm, OWN_SEND);
        h += nt;
        long long start, bytes = member_span(c, j, &start);
        if (!rc && bytes)
            rc = post(&c->q, 1, c->sbuf + start, bytes, c->rank[G->first + j], TAG_PIECES,
                      c->comm, OWN_SEND);
        if (rc)
            return rc;
    }
    return BCR_SUCCESS;
}

/* The pieces of the members of group f (its first rank) in one message. */
static void unpack_group(combine *c, int f)
{
    const bcr_half *R = &c->ex->recv;
    for (int s = f; s < f + size_of(&c->G, f); s++) {
        int k = c->ridx[s];
        if (k >= 0)
            bcr_part_unpack(R, &R->parts[k], c->rbuf + c->roff[k], c->ar, &c->ex->mask);
    }
}

/* Wait for requests [lo, hi) of kind `owner` (all of them). */
static int wait_kind(combine *c, int lo, int hi, int owner)
{
    for (int i = lo; i < hi; i++)
        if (c->q.owner[i] == owner &&
            bcr_wait_bounded(&c->q.req[i], "a partner's combined message") != MPI_SUCCESS)
            return BCR_ERR_MPI;
    return BCR_SUCCESS;
}

/* As relay: once the headers are in, receive the members' pieces, then
 * send each target the group's pieces for it in ascending source rank. */
static int relay(combine *c, int nposted)
{
    const groups *G = &c->G;
    if (c->ntargets == 0)
        return BCR_SUCCESS;
    int rc = wait_kind(c, 0, nposted, OWN_HEADER);
    if (rc)
        return rc;
    size_t nt = (size_t)c->ntargets;
    c->inoff = calloc((size_t)G->size + 1, sizeof *c->inoff);
    if (!c->inoff)
        return BCR_ERR_NOMEM;
    long long in = 0;
    for (int j = 0; j < G->size; j++) {
        c->inoff[j] = in;
        if (j != G->pos)
            for (size_t t = 0; t < nt; t++)
                in += c->hrecv[(size_t)j * nt + t];
    }
    c->inoff[G->size] = in;
    c->inbuf = malloc((size_t)(in ? in : 1));
    if (!c->inbuf)
        return BCR_ERR_NOMEM;
    int lo = (int)c->q.n;
    for (int j = 0; j < G->size; j++) {
        long long b = c->inoff[j + 1] - c->inoff[j];
        if (j != G->pos && b &&
            (rc = post(&c->q, 0, c->inbuf + c->inoff[j], b, c->rank[G->first + j], TAG_PIECES,
                       c->comm, OWN_PIECES)))
            return rc;
    }
    if ((rc = wait_kind(c, lo, (int)c->q.n, OWN_PIECES)))
        return rc;
    /* Out: per target, the members' pieces in ascending rank, mine among
     * them; a member's pieces lie in target order in its part of inbuf. */
    long long out = in;
    for (int q = first_target(G, G->pos); q < G->n; q = next_target(G, G->pos, q))
        if (c->sidx[q] >= 0)
            out += part_bytes(c, &c->ex->send.parts[c->sidx[q]]);
    c->outbuf = malloc((size_t)(out ? out : 1));
    long long *cursor = calloc((size_t)G->size, sizeof *cursor);
    if (!c->outbuf || !cursor) {
        free(cursor);
        return BCR_ERR_NOMEM;
    }
    long long at = 0;
    size_t t = 0;
    for (int q = first_target(G, G->pos); q < G->n && !rc; q = next_target(G, G->pos, q), t++) {
        long long start = at;
        for (int j = 0; j < G->size; j++) {
            const char *from;
            long long b;
            if (j == G->pos) {
                int k = c->sidx[q];
                b = k >= 0 ? part_bytes(c, &c->ex->send.parts[k]) : 0;
                from = k >= 0 ? c->sbuf + c->soff[k] : NULL;
            } else {
                b = c->hrecv[(size_t)j * nt + t];
                from = c->inbuf + c->inoff[j] + cursor[j];
                cursor[j] += b;
            }
            if (b) {
                memcpy(c->outbuf + at, from, (size_t)b);
                at += b;
            }
        }
        if (at > start)
            rc = post(&c->q, 1, c->outbuf + start, at - start, c->rank[q], TAG_DIRECT, c->comm,
                      OWN_SEND);
    }
    free(cursor);
    return rc;
}

/* Every message to me in: unpack each as it completes. */
static int take_receipts(combine *c)
{
    for (;;) {
        int idx;
        if (bcr_waitany_bounded((int)c->q.n, c->q.req, &idx, "a partner's combined message") !=
            MPI_SUCCESS)
            return BCR_ERR_MPI;
        if (idx == MPI_UNDEFINED)
            return BCR_SUCCESS;
        int own = c->q.owner[idx];
        if (own == OWN_SEND || own == OWN_HEADER || own == OWN_PIECES)
            continue;
        /* The last chunk of a message completes it: chunks of one
         * message are consecutive requests, so it is complete when no
         * request of the same owner is still active. */
        int active = 0;
        for (int i = 0; i < c->q.n && !active; i++)
            active = c->q.owner[i] == own && c->q.req[i] != MPI_REQUEST_NULL;
        if (active)
            continue;
        if (own >= 0) {
            unpack_group(c, own * c->G.g);
        } else {
            int k = -own - 4;
            const bcr_half *R = &c->ex->recv;
            bcr_part_unpack(R, &R->parts[k], c->rbuf + c->roff[k], c->ar, &c->ex->mask);
        }
    }
}

int bcr_combine_run(const bcr_exchange *ex, const bcr_arrays *ar, MPI_Comm comm,
                    const bcr_shm *sh)
{
    combine c;
    memset(&c, 0, sizeof c);
    c.ex = ex;
    c.ar = ar;
    c.sh = sh;
    c.comm = comm;
    c.es = ar->elsize;
    int me;
    MPI_Comm_rank(comm, &me);
    c.rank = ex->members;
    c.G.n = ex->nmembers;
    if (c.G.n == 0)
        return BCR_SUCCESS;
    c.G.me = place_of(&c, me);
    if (c.rank[c.G.me] != me)
        return BCR_SUCCESS; /* in neither grid of this exchange: no message */
    c.G.g = bcr_combine_group_size(c.G.n);
    c.G.first = first_of(&c.G, c.G.me);
    c.G.size = size_of(&c.G, c.G.me);
    c.G.pos = c.G.me - c.G.first;
    int rc = index_parts(&c);
    if (!rc)
        rc = post_receives(&c);
    int nposted = (int)c.q.n;
    if (!rc)
        rc = pack_sends(&c);
    if (!rc)
        rc = post_sends(&c);
    if (!rc)
        rc = relay(&c, nposted);
    if (!rc)
        rc = take_receipts(&c);
    free_combine(&c);
    return rc;
}
