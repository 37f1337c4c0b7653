/* The assignment problem: given an n x n matrix of non-negative weights,
 * the permutation that takes one entry of every row and every column and
 * maximises their sum (plan/relabel.h asks it of the bytes processes
 * exchange).  Weights are row-major, w[i * n + j] for row i, column j;
 * perm[i] is the column given to row i. */
#ifndef BCR_PLAN_ASSIGN_H
#define BCR_PLAN_ASSIGN_H

#include <stdint.h>

/* The exact optimum: the Hungarian method with potentials (shortest
 * augmenting paths), O(n^3) time, O(n) memory beside w.  Returns 0, or -1
 * when out of memory (perm untouched). */
int bcr_assign_exact(int n, const int64_t *w, int *perm);

/* One positive weight of a sparse matrix: w[row][col] = weight. */
typedef struct {
    int64_t weight;
    int row, col;
} bcr_assign_pair;

/* A greedy assignment from the matrix's positive weights (npairs of
 * them, any order, each (row, col) once; sorted here): pairs taken in
 * decreasing weight while both ends are free, then every row left over
 * given its own index as column where that column is free, and the
 * columns left over in order to the rest.  Returns 0 or -1 (out of
 * memory). */
int bcr_assign_greedy(int n, bcr_assign_pair *pairs, int64_t npairs, int *perm);

/* The sum of w over perm. */
int64_t bcr_assign_value(int n, const int64_t *w, const int *perm);

#endif
