/* The cases the timing driver runs, and the three file formats they come in.
 *
 * Every format becomes the same tcase: one redistribution of an m x n
 * submatrix from side A to side B, each side a full ScaLAPACK layout.  The
 * formats are told apart by the first non-comment line (timing_detect):
 *   native     "M N P0 Q0 MB0 NB0 P1 Q1 MB1 NB1 [type] [ia ja ib jb m n]"
 *              (type "-" names none, to give a submatrix without one)
 *   scalapack  a count alone, then ScaLAPACK's REDIST test lines (GEMR2D.dat,
 *              TRMR2D.dat: 22 numbers, or 24 with "up unit" for trmr2d)
 *   experiment "experiment NAME", then "method" and "1d"/"2d" lines
 */
#ifndef BCR_TIMING_CASE_H
#define BCR_TIMING_CASE_H

#include <stdio.h>

/* One side of a redistribution: the global matrix and its layout. */
typedef struct {
    int M, N;       /* global size */
    int P, Q;       /* process grid, row-major over the first ranks */
    int MB, NB;     /* block sizes */
    int rsrc, csrc; /* process holding the first block */
    int i, j;       /* 1-based start of the submatrix */
} tside;

typedef struct {
    int m, n;         /* the submatrix copied */
    tside s[2];       /* A, B */
    char type;        /* s d c z i */
    int trapezoid;    /* p?trmr2d rather than p?gemr2d */
    char uplo, diag;  /* 'U'/'L' and 'U'/'N' when trapezoid */
    char update;      /* an update routine rather than a copy (timing_update.h):
                         'T' p?tran (p?tranu), 'C' p?tranc, 'N' p?geadd trans N;
                         0 for p?gemr2d and p?trmr2d */
    char label[40];   /* experiment cases only */
} tcase;

enum timing_format { FORMAT_NATIVE, FORMAT_SCALAPACK, FORMAT_EXPERIMENT, FORMAT_EMPTY };

/* Which format `in` holds; rewinds it. */
int timing_detect(FILE *in);

/* Next line that is neither empty nor a comment, without its newline;
 * returns 0 at the end of the file. */
int timing_next_line(FILE *in, char *line, int size);

/* Parse one line of a format into c (deftype when the line names no type);
 * return 1 when the line is a case, 0 when it is not. */
int timing_parse_native(const char *line, char deftype, tcase *c);
int timing_parse_scalapack(const char *line, char deftype, tcase *c);

/* Experiment lines: "1d LABEL N NBA NBB [type]" and
 * "2d LABEL M N GRIDA MBA NBA GRIDB MBB NBB [type]" (LABEL without commas:
 * it becomes a CSV field), with GRID "RxC" where
 * R or C may be "P" (every rank) or the grid is "sq" (the squarest grid of
 * every rank), and block sizes a number, "block" (ceil(extent / procs)),
 * "cyclic" (1) or "*" (the whole extent: a collapsed dimension).  A 1-D
 * array of N is an N x 1 matrix on a P x 1 grid. */
int timing_parse_experiment_case(const char *line, int nprocs, char deftype, tcase *c);

#endif
