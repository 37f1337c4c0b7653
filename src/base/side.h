/* One matrix of a call as every process knows it once the call's
 * arguments are agreed (runtime/agree.h): what the planner starts from. */
#ifndef BCR_BASE_SIDE_H
#define BCR_BASE_SIDE_H

/* One matrix as this call sees it, after agreement: processes outside its
 * grid learn the global fields from the processes inside. */
typedef struct {
    int in;           /* this process is in the grid */
    int myrow, mycol; /* -1 outside */
    int P, Q;
    int M, N, MB, NB, RSRC, CSRC;
    int i, j;         /* 0-based start of the submatrix */
    int lld;          /* meaningful only when in */
    const int *map;   /* P*Q ranks in the union communicator, row-major */
} bcr_side;

#endif
