#include "exec/run_elements.h"

#include <string.h>

#include "base/failsafe.h"
#include "base/post_chunks.h"
#include "base/usage.h"
#include "bcredist.h"

/* A tag of their own: element plans run on a plan's own communicator,
 * but a tag apart costs nothing. */
#define BCR_ELEMENT_TAG 0x6265

/* Elements of runs r[0 .. n) of a, in order, appended at buf; or (unpack)
 * buf's elements put at those places of b.  A run of step 1 is one copy. */
static void pack(char *buf, const char *a, const bcr_srun *r, bcr_idx n, size_t es)
{
    for (bcr_idx k = 0; k < n; k++) {
        const char *from = a + (size_t)r[k].start * es;
        if (r[k].step == 1) {
            memcpy(buf, from, (size_t)r[k].len * es);
            buf += (size_t)r[k].len * es;
            continue;
        }
        for (bcr_idx t = 0; t < r[k].len; t++, buf += es)
            memcpy(buf, from + (size_t)(t * r[k].step) * es, es);
    }
}

static void unpack(char *b, const char *buf, const bcr_srun *r, bcr_idx n, size_t es)
{
    for (bcr_idx k = 0; k < n; k++) {
        char *to = b + (size_t)r[k].start * es;
        if (r[k].step == 1) {
            memcpy(to, buf, (size_t)r[k].len * es);
            buf += (size_t)r[k].len * es;
            continue;
        }
        for (bcr_idx t = 0; t < r[k].len; t++, buf += es)
            memcpy(to + (size_t)(t * r[k].step) * es, buf, es);
    }
}

/* What stays here: the two run lists walk the same elements in the same
 * order; where both runs go on with step 1, one copy. */
static void copy_self(const bcr_epart *s, const bcr_epart *d, const char *a, char *b, size_t es)
{
    bcr_idx ks = 0, ts = 0, kd = 0, td = 0;
    while (kd < d->nruns && ks < s->nruns) {
        const bcr_srun *rs = &s->runs[ks], *rd = &d->runs[kd];
        bcr_idx left_s = rs->len - ts, left_d = rd->len - td, n = 1;
        if (rs->step == 1 && rd->step == 1)
            n = left_s < left_d ? left_s : left_d;
        memcpy(b + (size_t)(rd->start + td * rd->step) * es,
               a + (size_t)(rs->start + ts * rs->step) * es, (size_t)n * es);
        if ((ts += n) == rs->len) {
            ks++;
            ts = 0;
        }
        if ((td += n) == rd->len) {
            kd++;
            td = 0;
        }
    }
}

size_t bcr_eplan_buffer_bytes(const bcr_eplan *pl, size_t es)
{
    return (size_t)(pl->send_total + pl->recv_total) * es;
}

static bcr_idx part_bytes(const bcr_epart *p, size_t es) { return p->count * (bcr_idx)es; }

static bcr_idx parts_chunks(const bcr_epart *parts, int n, size_t es)
{
    bcr_idx chunks = 0;
    for (int k = 0; k < n; k++)
        chunks += bcr_chunks_of(part_bytes(&parts[k], es));
    return chunks;
}

bcr_idx bcr_eplan_requests(const bcr_eplan *pl, size_t es)
{
    return parts_chunks(pl->recv, pl->nrecv, es) + parts_chunks(pl->send, pl->nsend, es);
}

/* Every receive posted, then every part packed and its send posted: each
 * a message in chunks (base/post_chunks.h), its requests from req[*n] on. */
static int post_all(const bcr_eplan *pl, const char *a, size_t es, MPI_Comm comm, char *buf,
                    MPI_Request *req, bcr_idx *n)
{
    char *sbuf = buf, *rbuf = buf + (size_t)pl->send_total * es;
    for (int k = 0; k < pl->nrecv; k++) {
        const bcr_epart *p = &pl->recv[k];
        if (bcr_post_chunks(0, rbuf + (size_t)p->offset * es, part_bytes(p, es), p->rank,
                            BCR_ELEMENT_TAG, comm, req, NULL, 0, n))
            return BCR_ERR_MPI;
    }
    for (int k = 0; k < pl->nsend; k++) {
        const bcr_epart *p = &pl->send[k];
        char *at = sbuf + (size_t)p->offset * es;
        pack(at, a, p->runs, p->nruns, es);
        if (bcr_post_chunks(1, at, part_bytes(p, es), p->rank, BCR_ELEMENT_TAG, comm, req, NULL,
                            0, n))
            return BCR_ERR_MPI;
    }
    return BCR_SUCCESS;
}

int bcr_eplan_run(const bcr_eplan *pl, const char *a, char *b, size_t es, MPI_Comm comm,
                  char *buf, MPI_Request *req)
{
    bcr_idx n = 0;
    if (post_all(pl, a, es, comm, buf, req, &n))
        return BCR_ERR_MPI;
    if (pl->self_send.count)
        copy_self(&pl->self_send, &pl->self_recv, a, b, es);
    bcr_usage_bytes((double)pl->self_send.count * (double)es, 0,
                    (double)pl->send_total * (double)es);
    if (bcr_waitall_bounded(n, req, "a partner's elements"))
        return BCR_ERR_MPI;
    char *rbuf = buf + (size_t)pl->send_total * es;
    for (int k = 0; k < pl->nrecv; k++) {
        const bcr_epart *p = &pl->recv[k];
        unpack(b, rbuf + (size_t)p->offset * es, p->runs, p->nruns, es);
    }
    return BCR_SUCCESS;
}
