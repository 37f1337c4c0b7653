/* The summary at the end of a bcr_timing run of pairs: one row per (type,
 * routine, reference, regime) that ran, and one per routine, reference and
 * regime over all types when more than one type ran it.  The reference is
 * ScaLAPACK's routine for p?gemr2d and p?trmr2d; an update routine's cases
 * are timed against PBLAS alone or against p?gemr2d then PBLAS
 * (timing_update.h), which are summarised apart. */
#ifndef BCR_TIMING_SUMMARY_H
#define BCR_TIMING_SUMMARY_H

#include "timing_case.h"

typedef struct {
    char type;
    char routine[8]; /* timing_routine_name */
    const char *ref; /* timing_reference_name: a static string */
    int k;           /* the case's number in the file */
    int regime;      /* timing_regime.h */
    int block1;      /* rows in blocks of 1 on either side: runs of one element */
    int same;
    double speedup;  /* ScaLAPACK's time over bcredist's */
    double bound;    /* bcredist's time over the copy bound */
} summary_entry;

typedef struct {
    summary_entry *v;
    int n, cap;
} timing_summary;

void timing_summary_add(timing_summary *s, const tcase *c, const char *ref, int k, int regime,
                        double speedup, double bound, int same);

/* Print the table on stdout and write it as CSV to csv_path (not when
 * NULL); frees the entries. */
void timing_summary_finish(timing_summary *s, const char *csv_path);

/* The summary's CSV path for the cases' CSV path: FILE.csv gives
 * FILE.summary.csv, any other name gets ".summary.csv" appended. */
void timing_summary_path(const char *csv_path, char *out, size_t size);

#endif
