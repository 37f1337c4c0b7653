#include "exec/self_copy.h"

#include "base/threads.h"
#include "base/timers.h"
#include "kernels/copy_pieces.h"
#include "kernels/stream_copy.h"

/* A slice is this many bytes of columns.  Where an update transposes, a
 * slice's columns are C's rows: it is at least BCR_SLICE_ROWS bytes of
 * elements wide, the transposition's cache tile (kernels/update.c), so
 * that each of C's columns is written that much at a time instead of a
 * few bytes a slice apart. */
#define BCR_SLICE_BYTES ((bcr_idx)256 * 1024)
#define BCR_SLICE_ROWS 2048

/* Slices between two polls: one a thread while messages are in flight
 * (one alone keeps a message's wait to one slice's copy), more where
 * nothing is, so that a parallel region spans many. */
#define BCR_SLICES_POLLED 1
#define BCR_SLICES_QUIET 64

typedef struct {
    const bcr_arrays *ar;
    const bcr_mask *mk;
    bcr_groupspan rows;
    int nt;
    const bcr_run *slices;
} batch;

static void copy_slice(void *ctx, bcr_idx k, int thread)
{
    (void)thread;
    const batch *b = ctx;
    const bcr_arrays *ar = b->ar;
    bcr_runspan one = {&b->slices[k], 1};
    if (ar->update) {
        bcr_sink s = bcr_arrays_sink(ar);
        bcr_update_local(&s, ar->a, ar->lda, b->rows, one, 1);
    } else {
        bcr_kernel_copy(ar->b, ar->ldb, ar->a, ar->lda, ar->elsize, b->rows, one, b->mk, b->nt);
        if (b->nt)
            bcr_stream_fence(); /* the streaming stores of this thread */
    }
}

int bcr_self_copy(const bcr_half *S, const bcr_arrays *ar, const bcr_mask *mk, int nt,
                  bcr_self_poll poll, void *poll_ctx)
{
    bcr_groupspan rows = bcr_half_rows(S, S->self.orow);
    bcr_runspan cols = bcr_half_cols(S, S->self.ocol);
    bcr_idx col_bytes = bcr_groupspan_elems(rows) * (bcr_idx)ar->elsize;
    bcr_idx step = col_bytes > 0 ? BCR_SLICE_BYTES / col_bytes : 1;
    bcr_idx least = ar->update && ar->update->op != 'N' ? BCR_SLICE_ROWS / (bcr_idx)ar->elsize : 1;
    if (step < least)
        step = least;
    int threads = bcr_threads_for((size_t)S->self.count * ar->elsize);
    bcr_idx per_poll = (poll ? BCR_SLICES_POLLED : BCR_SLICES_QUIET) * (bcr_idx)threads;
    if (per_poll > BCR_SLICES_QUIET)
        per_poll = BCR_SLICES_QUIET;
    bcr_run slices[BCR_SLICES_QUIET];
    batch b = {ar, mk, rows, nt && !ar->update, slices};
    bcr_idx n = 0;
    for (bcr_idx c = 0; c < cols.n; c++) {
        const bcr_run *r = &cols.runs[c];
        for (bcr_idx t = 0; t < r->len; t += step) {
            bcr_run slice = {r->k0 + t, r->len - t < step ? r->len - t : step, r->mine + t,
                             r->other + t};
            slices[n++] = slice;
            int last = c + 1 == cols.n && t + step >= r->len;
            if (n < per_poll && !last)
                continue;
            double t0 = bcr_phase_start();
            bcr_threads_each(threads, n, copy_slice, &b);
            bcr_phase_add(&bcr_phase_now.local, t0);
            n = 0;
            int rc = poll ? poll(poll_ctx) : 0;
            if (rc)
                return rc;
        }
    }
    return 0;
}
