#include "plan/assign.h"

#include <stdlib.h>
#include <string.h>

int64_t bcr_assign_value(int n, const int64_t *w, const int *perm)
{
    int64_t sum = 0;
    for (int i = 0; i < n; i++)
        sum += w[(size_t)i * (size_t)n + (size_t)perm[i]];
    return sum;
}

/* Minimum cost c = top - w over augmenting paths, rows added one at a
 * time (1-based below, 0 standing for "no row"): u and v are the rows'
 * and columns' potentials, col_row[j] the row column j holds, via[j] the
 * column before j on the shortest path found, slack[j] the least reduced
 * cost into column j. */
int bcr_assign_exact(int n, const int64_t *w, int *perm)
{
    if (n <= 0)
        return 0;
    int64_t top = 0;
    for (size_t k = 0; k < (size_t)n * (size_t)n; k++)
        if (w[k] > top)
            top = w[k];
    size_t m = (size_t)n + 1;
    int64_t *u = calloc(m, sizeof *u), *v = calloc(m, sizeof *v);
    int64_t *slack = malloc(m * sizeof *slack);
    int *col_row = calloc(m, sizeof *col_row), *via = calloc(m, sizeof *via);
    char *done = malloc(m);
    int rc = -1;
    if (!u || !v || !slack || !col_row || !via || !done)
        goto out;
    for (int i = 1; i <= n; i++) {
        col_row[0] = i;
        int j0 = 0;
        for (size_t j = 0; j < m; j++)
            slack[j] = INT64_MAX;
        memset(done, 0, m);
        do {
            done[j0] = 1;
            int i0 = col_row[j0], j1 = 0;
            int64_t delta = INT64_MAX;
            const int64_t *row = w + (size_t)(i0 - 1) * (size_t)n;
            for (int j = 1; j <= n; j++) {
                if (done[j])
                    continue;
                int64_t reduced = (top - row[j - 1]) - u[i0] - v[j];
                if (reduced < slack[j]) {
                    slack[j] = reduced;
                    via[j] = j0;
                }
                if (slack[j] < delta) {
                    delta = slack[j];
                    j1 = j;
                }
            }
            for (int j = 0; j <= n; j++) {
                if (done[j]) {
                    u[col_row[j]] += delta;
                    v[j] -= delta;
                } else {
                    slack[j] -= delta;
                }
            }
            j0 = j1;
        } while (col_row[j0] != 0);
        do { /* flip the path's pairs back to its start */
            int j1 = via[j0];
            col_row[j0] = col_row[j1];
            j0 = j1;
        } while (j0);
    }
    for (int j = 1; j <= n; j++)
        perm[col_row[j] - 1] = j - 1;
    rc = 0;
out:
    free(u);
    free(v);
    free(slack);
    free(col_row);
    free(via);
    free(done);
    return rc;
}

static int heavier_first(const void *x, const void *y)
{
    const bcr_assign_pair *a = x, *b = y;
    if (a->weight != b->weight)
        return a->weight < b->weight ? 1 : -1;
    if (a->row != b->row)
        return a->row < b->row ? -1 : 1;
    return (a->col > b->col) - (a->col < b->col);
}

int bcr_assign_greedy(int n, bcr_assign_pair *pairs, int64_t npairs, int *perm)
{
    char *taken = calloc((size_t)n + 1, 1);
    if (!taken)
        return -1;
    qsort(pairs, (size_t)npairs, sizeof *pairs, heavier_first);
    for (int i = 0; i < n; i++)
        perm[i] = -1;
    for (int64_t k = 0; k < npairs; k++)
        if (perm[pairs[k].row] < 0 && !taken[pairs[k].col]) {
            perm[pairs[k].row] = pairs[k].col;
            taken[pairs[k].col] = 1;
        }
    /* What no pair decided stays where it is if it can: the identity's
     * zero-weight pairs cost nothing to keep. */
    for (int i = 0; i < n; i++)
        if (perm[i] < 0 && !taken[i]) {
            perm[i] = i;
            taken[i] = 1;
        }
    int next = 0;
    for (int i = 0; i < n; i++) {
        if (perm[i] >= 0)
            continue;
        while (taken[next])
            next++;
        perm[i] = next;
        taken[next] = 1;
    }
    free(taken);
    return 0;
}
