/* Guo et al.'s MULTRANS experiment (timing_guo.c). */
#ifndef BCR_TIMING_GUO_H
#define BCR_TIMING_GUO_H

#include <stdio.h>

/* On every rank of MPI_COMM_WORLD (MPI and the BLACS running): n x n
 * doubles, reps runs; the table on rank 0's stdout, a CSV row on csv
 * when it is not NULL.  Returns 0 when both versions end identical, else
 * 1. */
int timing_guo_multrans(int n, int reps, FILE *csv);

#endif
