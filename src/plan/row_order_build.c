#include "plan/row_order_build.h"

#include <stdlib.h>
#include <string.h>

/* One run of the column, before the runs are folded into patterns. */
typedef struct {
    bcr_idx k0, mine, len, other;
    int slot;
} row_run;

static int by_mine(const void *x, const void *y)
{
    bcr_idx a = ((const row_run *)x)->mine, b = ((const row_run *)y)->mine;
    return (a > b) - (a < b);
}

/* Repetitions of the p runs from r[0] on that follow at a constant step. */
static bcr_idx repeats(const row_run *r, bcr_idx n, int p)
{
    if (n < 2 * (bcr_idx)p)
        return 1;
    bcr_idx mstep = r[p].mine - r[0].mine, ostep = r[p].other - r[0].other;
    bcr_idx reps = 1;
    for (bcr_idx at = p; at + p <= n; at += p, reps++)
        for (int j = 0; j < p; j++) {
            const row_run *x = &r[j], *y = &r[at + j];
            if (y->slot != x->slot || y->len != x->len || y->mine != x->mine + reps * mstep ||
                y->other != x->other + reps * ostep)
                return reps;
        }
    return reps;
}

static bcr_idx count_runs(int nrslots, const int *rbucket, const bcr_groupspan *spans)
{
    bcr_idx n = 0;
    for (int s = 0; s < nrslots; s++)
        n += bcr_groupspan_runs(spans[rbucket[s]]);
    return n;
}

/* Runs of one slot that meet in memory become one: always when only
 * their slot's buffer is read or written in turn, and for other_slot
 * (the part that stays, unpacking: read from the other side's column)
 * only when that side meets too.  Returns the runs left. */
static bcr_idx merge_touching(row_run *r, bcr_idx n, int other_slot, int clipped)
{
    bcr_idx k = 0;
    for (bcr_idx i = 0; i < n; i++) {
        row_run *last = k ? &r[k - 1] : NULL;
        if (last && last->slot == r[i].slot && last->mine + last->len == r[i].mine &&
            (r[i].slot != other_slot || last->other + last->len == r[i].other) &&
            (!clipped || last->k0 + last->len == r[i].k0))
            last->len += r[i].len;
        else
            r[k++] = r[i];
    }
    return k;
}

static row_run *sorted_runs(int nrslots, const int *rbucket, const bcr_groupspan *spans,
                            bcr_idx n, int other_slot)
{
    row_run *r = malloc((size_t)(n ? n : 1) * sizeof *r);
    if (!r)
        return NULL;
    bcr_idx k = 0;
    for (int s = 0; s < nrslots; s++) {
        bcr_group_iter it = bcr_groups_begin(&spans[rbucket[s]]);
        bcr_rungroup g;
        while (bcr_groups_next(&it, &g))
            for (bcr_idx c = 0; c < g.count; c++)
                r[k++] = (row_run){g.k0 + c * g.kstep, g.mine + c * g.mstep, g.len,
                                   other_slot >= 0 ? g.other + c * g.ostep : 0, s};
    }
    qsort(r, (size_t)n, sizeof *r, by_mine);
    return r;
}

/* The runs unfolded, when they fold badly (see kernels/row_order.h). */
static int keep_flat(bcr_row_order *ro, const row_run *r, bcr_idx n, int nrslots, int clipped)
{
    if (n > BCR_ROW_FLAT_MAX_RUNS || nrslots > BCR_ROW_FLAT_MAX_SLOTS ||
        (!clipped && ro->npatterns * BCR_ROW_FLAT_BELOW <= n))
        return 0;
    ro->runs = malloc((size_t)(n ? n : 1) * sizeof *ro->runs);
    ro->slot_rows = calloc((size_t)(nrslots ? nrslots : 1), sizeof *ro->slot_rows);
    if (!ro->runs || !ro->slot_rows)
        return -1;
    for (bcr_idx i = 0; i < n; i++) {
        ro->runs[i] = (bcr_row_run){r[i].k0, r[i].mine, {ro->slot_rows[r[i].slot], r[i].other},
                                    r[i].len, r[i].slot};
        ro->slot_rows[r[i].slot] += r[i].len;
    }
    ro->nruns = n;
    return 0;
}

/* Row by row, where runs are short (see kernels/row_order.h).  The column's rows
 * must follow each other, as a submatrix's rows in a local column do. */
static int keep_each(bcr_row_order *ro, const row_run *r, bcr_idx n, int nrslots, int clipped)
{
    /* Two partners' single rows zip (kernels/zip.h), unless clipped. */
    if (n == 0 || nrslots > BCR_ROW_FLAT_MAX_SLOTS ||
        (!clipped && ro->single_rows && ro->interleaved))
        return 0;
    bcr_idx rows = r[n - 1].mine + r[n - 1].len - r[0].mine;
    if (rows > BCR_ROW_EACH_MAX_ROWS || rows >= BCR_ROW_EACH_BELOW * n)
        return 0;
    for (bcr_idx i = 0; i < n; i++)
        if ((i > 0 && r[i].mine != r[i - 1].mine + r[i - 1].len) ||
            r[i].other + r[i].len > INT32_MAX)
            return 0;
    ro->row_slot = malloc((size_t)rows);
    ro->row_at = malloc((size_t)rows * sizeof *ro->row_at);
    if (clipped)
        ro->row_k = malloc((size_t)rows * sizeof *ro->row_k);
    bcr_idx *seen = calloc((size_t)nrslots, sizeof *seen);
    if (!ro->row_slot || !ro->row_at || !seen || (clipped && !ro->row_k)) {
        free(seen);
        return -1;
    }
    bcr_idx k = 0;
    for (bcr_idx i = 0; i < n; i++) {
        for (bcr_idx t = 0; t < r[i].len; t++, k++) {
            ro->row_slot[k] = (unsigned char)r[i].slot;
            ro->row_at[k][0] = (int32_t)(seen[r[i].slot] + t);
            ro->row_at[k][1] = (int32_t)(r[i].other + t);
            if (clipped) /* runs merged only where their rows meet in k too */
                ro->row_k[k] = r[i].k0 + t;
        }
        seen[r[i].slot] += r[i].len;
    }
    if (!ro->slot_rows) { /* the unfolded list, when kept, made it already */
        ro->slot_rows = seen;
        seen = NULL;
    }
    free(seen);
    ro->first_row = r[0].mine;
    ro->nrows = rows;
    return 0;
}

/* Whether pattern y has pattern x's shape: the same pieces at the same
 * offsets, repeated alike. */
static int same_shape(const bcr_row_order *ro, const bcr_row_pattern *x, const bcr_row_pattern *y)
{
    if (x->npieces != y->npieces || x->count != y->count || x->mstep != y->mstep ||
        x->ostep != y->ostep)
        return 0;
    const bcr_row_piece *a = ro->pieces + x->first, *b = ro->pieces + y->first;
    for (int j = 0; j < x->npieces; j++)
        if (a[j].slot != b[j].slot || a[j].len != b[j].len || a[j].dmine != b[j].dmine ||
            a[j].dother != b[j].dother)
            return 0;
    return 1;
}

/* Patterns of one shape that follow each other at a constant step become
 * one, repeated (bcr_row_pattern.outer); the pieces of those folded in
 * are left unused. */
static void fold_patterns(bcr_row_order *ro)
{
    bcr_idx k = 0;
    for (bcr_idx i = 0; i < ro->npatterns;) {
        bcr_row_pattern p = ro->patterns[i];
        bcr_idx j = i + 1;
        if (j < ro->npatterns && same_shape(ro, &p, &ro->patterns[j])) {
            p.omstep = ro->patterns[j].mine - p.mine;
            p.oostep = ro->patterns[j].other - p.other;
            while (j < ro->npatterns && same_shape(ro, &p, &ro->patterns[j]) &&
                   ro->patterns[j].mine == p.mine + (j - i) * p.omstep &&
                   ro->patterns[j].other == p.other + (j - i) * p.oostep)
                j++;
            p.outer = j - i;
        }
        ro->patterns[k++] = p;
        i = j;
    }
    ro->npatterns = k;
}

int bcr_row_order_build(bcr_row_order *ro, int nrslots, const int *rbucket,
                        const bcr_groupspan *spans, bcr_idx columns, int other_slot, int fold,
                        int clipped)
{
    memset(ro, 0, sizeof *ro);
    ro->other_slot = other_slot;
    bcr_idx n = count_runs(nrslots, rbucket, spans);
    if (n > BCR_ROW_MAX_RUNS || n > BCR_ROW_RUNS_PER_COLUMN * columns)
        return 1;
    row_run *r = sorted_runs(nrslots, rbucket, spans, n, other_slot);
    /* At most one pattern and one piece per run. */
    ro->patterns = malloc((size_t)(n ? n : 1) * sizeof *ro->patterns);
    ro->pieces = malloc((size_t)(n ? n : 1) * sizeof *ro->pieces);
    if (!r || !ro->patterns || !ro->pieces) {
        free(r);
        bcr_row_order_free(ro);
        return -1;
    }
    n = merge_touching(r, n, other_slot, clipped);
    for (bcr_idx i = 1; i < n && !ro->turns; i++)
        ro->turns = r[i].slot != r[0].slot;
    ro->single_rows = 1;
    ro->interleaved = 1;
    ro->pairs = 1;
    bcr_idx npieces = 0;
    for (bcr_idx i = 0; i < n;) {
        int best_p = 1;
        bcr_idx best_reps = repeats(r + i, n - i, 1);
        for (int p = 2; p <= BCR_ROW_MAX_PIECES && i + 2 * p <= n; p++) {
            bcr_idx reps = repeats(r + i, n - i, p);
            if (reps > 1 && reps * p > best_reps * best_p) {
                best_p = p;
                best_reps = reps;
            }
        }
        const row_run *x = &r[i];
        bcr_idx mstep = best_reps > 1 ? r[i + best_p].mine - x->mine : 0;
        bcr_idx ostep = best_reps > 1 ? r[i + best_p].other - x->other : 0;
        ro->patterns[ro->npatterns++] = (bcr_row_pattern){
            x->mine, x->other, best_reps, mstep, ostep, npieces, best_p, 1, 0, 0};
        bcr_row_piece *pc = ro->pieces + npieces;
        for (int j = 0; j < best_p; j++) {
            const row_run *y = &r[i + j];
            pc[j] = (bcr_row_piece){y->slot, y->len, y->mine - x->mine, y->other - x->other,
                                    0, 0, 1};
            for (int k = 0; k < j; k++)
                if (pc[k].slot == y->slot) {
                    pc[j].before += pc[k].len;
                    pc[j].first = 0;
                }
            if (y->len != 1)
                ro->single_rows = 0;
        }
        for (int j = 0; j < best_p; j++)
            for (int k = 0; k < best_p; k++)
                pc[j].per_rep += pc[k].slot == pc[j].slot ? pc[k].len : 0;
        npieces += best_p;
        if (best_p < 2 || best_reps < BCR_ROW_MIN_REPEATS)
            ro->interleaved = 0;
        if (best_p != 2 || pc[0].slot == pc[1].slot || (best_reps > 1 && mstep != 2))
            ro->pairs = 0;
        i += best_reps * best_p;
    }
    if (fold && other_slot >= 0 && !clipped)
        fold_patterns(ro);
    int rc = keep_flat(ro, r, n, nrslots, clipped);
    if (rc == 0)
        rc = keep_each(ro, r, n, nrslots, clipped);
    free(r);
    if (rc)
        bcr_row_order_free(ro);
    return rc;
}

void bcr_row_order_free(bcr_row_order *ro)
{
    free(ro->patterns);
    free(ro->pieces);
    free(ro->runs);
    free(ro->slot_rows);
    free(ro->row_slot);
    free(ro->row_at);
    free(ro->row_k);
    memset(ro, 0, sizeof *ro);
}
