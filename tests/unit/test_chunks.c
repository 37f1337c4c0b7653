/* Unit tests of message sizes past 2^31 bytes and elements: the chunks a
 * message is cut into (src/base/post_chunks.h) and the messages of an
 * element plan (src/exec/run_elements.h), whose parts may hold more than
 * 2^31 elements.
 *
 * No data moves: this program defines MPI_Isend and MPI_Irecv itself
 * (MPI's profiling interface: the library's calls reach these), which
 * record each call (its place in the buffer, count, datatype, peer, tag)
 * and complete at once.  The buffers' addresses past their first bytes
 * are only computed, never read or written: the plans under test have no
 * runs to pack.  The expected values are worked out here from the sizes,
 * never by the functions under test.
 *
 * Checked: chunk counts and lengths of messages around every boundary
 * (0, 1, a chunk, 2^31, (2^31 + 5) x 16 bytes) at the real chunk size and
 * at the test switch's small one; bcr_post_chunks' calls for such
 * messages: offsets from 0 without gap or overlap, every length in
 * [1, INT_MAX] and at most a chunk, MPI_BYTE, adding up to the message,
 * requests and owners filled, the count advanced; and an element plan
 * with parts of 2^31 + 5 and more elements of 16 bytes: the requests it
 * asks to reserve, and that its run posts exactly those, each part's
 * chunks covering its place in the buffer exactly, to its rank, with one
 * tag.  MPI is initialised (one process) only for the bounded wait.
 *
 * Exit status 0 when everything passed, 1 otherwise. */
#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/post_chunks.h"
#include "bcredist.h"
#include "exec/run_elements.h"
#include "unit_check.h"

const long long unit_max_reports = 40;

#define GIB ((int64_t)1 << 30)
#define BIG_COUNT (((int64_t)1 << 31) + 5) /* elements: past INT_MAX */
#define ES 16                              /* bytes per element (complex double) */
#define MAX_CALLS 4096

/* ---- MPI_Isend / MPI_Irecv recorded ------------------------------------ */

typedef struct {
    int sending;
    const char *buf;
    int count, peer, tag;
    MPI_Datatype type;
} call;

static struct {
    int on;
    call c[MAX_CALLS];
    int n, overflow;
} rec;

static int record(int sending, const void *buf, int count, MPI_Datatype type, int peer, int tag,
                  MPI_Request *req)
{
    if (rec.n < MAX_CALLS)
        rec.c[rec.n++] = (call){sending, buf, count, peer, tag, type};
    else
        rec.overflow = 1;
    *req = MPI_REQUEST_NULL; /* complete: nothing to wait for */
    return MPI_SUCCESS;
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
              MPI_Request *req)
{
    if (!rec.on)
        return PMPI_Isend(buf, count, type, dest, tag, comm, req);
    return record(1, buf, count, type, dest, tag, req);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
              MPI_Request *req)
{
    if (!rec.on)
        return PMPI_Irecv(buf, count, type, source, tag, comm, req);
    return record(0, buf, count, type, source, tag, req);
}

static void record_start(void)
{
    rec.n = 0;
    rec.overflow = 0;
    rec.on = 1;
}

static void record_stop(void) { rec.on = 0; }

/* ---- chunk arithmetic --------------------------------------------------- */

static int64_t ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0); }

/* A message of `bytes` cut at `chunk`, walked as bcr_post_chunks walks it. */
static void check_cut(int64_t bytes, int64_t chunk)
{
    int64_t want = ceil_div(bytes, chunk), n = 0, sum = 0;
    CHECK(bcr_chunks_in(bytes, chunk) == want, "%lld bytes at %lld: %lld chunks, want %lld",
          (long long)bytes, (long long)chunk, (long long)bcr_chunks_in(bytes, chunk),
          (long long)want);
    for (int64_t at = 0; at < bytes; at += chunk, n++) {
        int len = bcr_chunk_length(bytes, chunk, at);
        int64_t left = bytes - at, expect = left < chunk ? left : chunk;
        if (len != expect || len <= 0) {
            CHECK(0, "%lld bytes at %lld: chunk at %lld has %d bytes, want %lld",
                  (long long)bytes, (long long)chunk, (long long)at, len, (long long)expect);
            return;
        }
        sum += len;
    }
    CHECK(n == want && sum == bytes, "%lld bytes at %lld: %lld chunks of %lld bytes in all",
          (long long)bytes, (long long)chunk, (long long)n, (long long)sum);
}

static void check_cuts(void)
{
    const int64_t sizes[] = {0, 1, 2, 1020, 1021, 1022, 4096, GIB - 1, GIB, GIB + 1,
                             2 * GIB - 1, 2 * GIB, 2 * GIB + 1, (int64_t)INT_MAX,
                             (int64_t)INT_MAX + 1, BIG_COUNT * ES, 3 * BIG_COUNT * ES + 7};
    const int64_t chunks[] = {BCR_CHUNK, BCR_SMALL_CHUNK};
    CHECK(BCR_CHUNK <= INT_MAX && BCR_SMALL_CHUNK <= INT_MAX, "a chunk is longer than INT_MAX");
    for (size_t c = 0; c < sizeof chunks / sizeof *chunks; c++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            check_cut(sizes[s], chunks[c]);
    CHECK(bcr_chunks_of(BIG_COUNT * ES) == ceil_div(BIG_COUNT * ES, GIB),
          "bcr_chunks_of((2^31 + 5) x 16): %lld, want %lld",
          (long long)bcr_chunks_of(BIG_COUNT * ES), (long long)ceil_div(BIG_COUNT * ES, GIB));
}

/* ---- bcr_post_chunks ---------------------------------------------------- */

/* The recorded calls first .. first + n cover base[0 .. bytes) in order,
 * in chunks of at most `chunk` bytes, each to peer with tag; `what` names
 * the message. */
static void check_calls(int first, int64_t n, int sending, const char *base, int64_t bytes,
                        int64_t chunk, int peer, int tag, const char *what)
{
    int64_t at = 0;
    for (int64_t k = 0; k < n; k++) {
        const call *c = &rec.c[first + k];
        int64_t off = c->buf - base;
        if (c->sending != sending || c->type != MPI_BYTE || c->peer != peer || c->tag != tag ||
            off != at || c->count <= 0 || c->count > chunk) {
            CHECK(0, "%s: chunk %lld: %s of %d (%s) at byte %lld to %d tag %d; want a %s of at "
                  "most %lld bytes at byte %lld to %d tag %d", what, (long long)k,
                  c->sending ? "send" : "receive", c->count,
                  c->type == MPI_BYTE ? "MPI_BYTE" : "another type", (long long)off, c->peer,
                  c->tag, sending ? "send" : "receive", (long long)chunk, (long long)at, peer,
                  tag);
            return;
        }
        at += c->count;
    }
    CHECK(at == bytes, "%s: the chunks hold %lld bytes, want %lld", what, (long long)at,
          (long long)bytes);
}

static void check_post(int sending, int64_t bytes)
{
    static char base[64]; /* only its address: nothing is read or written */
    static MPI_Request req[64];
    static int owner[64];
    int64_t want = ceil_div(bytes, BCR_CHUNK);
    if (want + 3 > 64) {
        CHECK(0, "%lld bytes: too many chunks for this test", (long long)bytes);
        return;
    }
    bcr_idx n = 3; /* requests already there stay */
    for (int k = 0; k < 64; k++)
        owner[k] = -1;
    record_start();
    int rc = bcr_post_chunks(sending, base, bytes, 5, 77, MPI_COMM_SELF, req, owner, 9, &n);
    record_stop();
    char what[96];
    snprintf(what, sizeof what, "bcr_post_chunks(%s, %lld bytes)", sending ? "send" : "receive",
             (long long)bytes);
    CHECK(rc == BCR_SUCCESS, "%s: returned %d", what, rc);
    CHECK(n == 3 + want && rec.n == want && !rec.overflow, "%s: %lld requests counted, %d posted, want %lld",
          what, (long long)(n - 3), rec.n, (long long)want);
    if (rec.n != want)
        return;
    check_calls(0, want, sending, base, bytes, BCR_CHUNK, 5, 77, what);
    for (int64_t k = 0; k < 64; k++)
        CHECK(owner[k] == (k >= 3 && k < 3 + want ? 9 : -1), "%s: owner[%lld] = %d", what,
              (long long)k, owner[k]);
}

static void check_posts(void)
{
    const int64_t sizes[] = {0, 1, GIB, GIB + 1, (int64_t)INT_MAX + 1, BIG_COUNT * ES};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (int sending = 0; sending < 2; sending++)
            check_post(sending, sizes[s]);
}

/* ---- an element plan past 2^31 elements --------------------------------- */

/* Parts of 2^31 + 5 elements and more, from and to ranks 3 and 6, placed
 * one after another in the buffer; nothing stays here, no runs. */
static void synthetic_plan(bcr_eplan *pl, bcr_epart *send, bcr_epart *recv)
{
    memset(pl, 0, sizeof *pl);
    const int64_t counts[2] = {BIG_COUNT, 2 * BIG_COUNT + 3};
    const int ranks[2] = {3, 6};
    for (int k = 0; k < 2; k++) {
        send[k] = (bcr_epart){ranks[k], counts[k], k ? counts[0] : 0, NULL, 0};
        recv[k] = (bcr_epart){ranks[1 - k], counts[1 - k], k ? counts[1] : 0, NULL, 0};
    }
    pl->send = send;
    pl->recv = recv;
    pl->nsend = pl->nrecv = 2;
    pl->send_total = pl->recv_total = counts[0] + counts[1];
}

/* The recorded calls from *first on are part p's chunks, sent or received
 * at dir (the send or the receive buffer); *first is advanced. */
static void check_part(const bcr_epart *p, int sending, const char *dir, int *first, int tag)
{
    int64_t bytes = p->count * ES, n = ceil_div(bytes, BCR_CHUNK);
    char what[96];
    snprintf(what, sizeof what, "element plan: %s of %lld elements, rank %d",
             sending ? "send" : "receive", (long long)p->count, p->rank);
    if (*first + n > rec.n) {
        CHECK(0, "%s: %d calls recorded, %lld wanted from call %d on", what, rec.n,
              (long long)n, *first);
        return;
    }
    check_calls(*first, n, sending, dir + p->offset * ES, bytes, BCR_CHUNK, p->rank, tag, what);
    *first += (int)n;
}

static void check_element_plan(void)
{
    bcr_eplan pl;
    bcr_epart send[2], recv[2];
    synthetic_plan(&pl, send, recv);
    int64_t want = 0;
    for (int k = 0; k < 2; k++)
        want += ceil_div(send[k].count * ES, GIB) + ceil_div(recv[k].count * ES, GIB);
    bcr_idx nreq = bcr_eplan_requests(&pl, ES);
    CHECK(nreq == want, "bcr_eplan_requests: %lld, want %lld", (long long)nreq, (long long)want);
    CHECK(bcr_eplan_buffer_bytes(&pl, ES) == (size_t)(pl.send_total + pl.recv_total) * ES,
          "bcr_eplan_buffer_bytes: %zu", bcr_eplan_buffer_bytes(&pl, ES));
    if (nreq != want)
        return;
    static char buf[64]; /* only its address: nothing to pack or unpack */
    MPI_Request *req = calloc((size_t)want, sizeof *req);
    record_start();
    int rc = bcr_eplan_run(&pl, buf, buf, ES, MPI_COMM_SELF, buf, req);
    record_stop();
    free(req);
    CHECK(rc == BCR_SUCCESS, "bcr_eplan_run returned %d", rc);
    CHECK(rec.n == want && !rec.overflow, "bcr_eplan_run posted %d messages, want %lld", rec.n,
          (long long)want);
    if (rec.n == 0)
        return;
    int tag = rec.c[0].tag, first = 0;
    const char *rbuf = buf + pl.send_total * ES;
    for (int k = 0; k < 2; k++)
        check_part(&recv[k], 0, rbuf, &first, tag);
    for (int k = 0; k < 2; k++)
        check_part(&send[k], 1, buf, &first, tag);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    check_cuts();
    check_posts();
    check_element_plan();
    printf("chunks: %lld checks, %lld failed\n", n_checks, n_failed);
    MPI_Finalize();
    return n_failed ? 1 : 0;
}
