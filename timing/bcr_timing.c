/* bcr_timing: ScaLAPACK's Cp?gemr2d / Cp?trmr2d and bcredist side by side.
 *
 *   mpiexec -n 4 bcr_timing [--reps N] [--csv FILE] [--type s|d|c|z|i] [--check] CASEFILE
 *
 * The case file's format is recognised by its first line that is not a
 * comment (timing_case.h):
 *  - native: "M N P0 Q0 MB0 NB0 P1 Q1 MB1 NB1 [type] [ia ja ib jb m n]" per
 *    line; union context 1 x nprocs;
 *  - ScaLAPACK's REDIST test files (GEMR2D.dat, TRMR2D.dat): a count, then
 *    "m n m0 n0 sr0 sc0 i0 j0 p0 q0 nbr0 nbc0 m1 n1 ... nbc1 [up unit]";
 *    union context nprocs x 1, as ScaLAPACK's testers;
 *  - an experiment of the papers (timing_experiment.c).
 * Grids are row-major over the first ranks.  Each case runs both libraries
 * alternately (one warm-up each, then N timed repetitions; a repetition's
 * time is the slowest rank's, the case's the median) and compares the
 * results; the exit status is non-zero when any result differs.  --check
 * also puts B back before every timed bcredist call and compares after it.
 * --type sets the type of cases that name none (default d; ScaLAPACK's
 * format names none).  --corrupt flips a byte of bcredist's result after
 * every call: it exists to show that the check fails.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timing_case.h"
#include "timing_modes.h"
#include "timing_run.h"

#include "scalapack_ref.h"

static int usage(int me)
{
    if (me == 0)
        fprintf(stderr, "usage: bcr_timing [--reps N] [--csv FILE] [--type s|d|c|z|i] "
                        "[--check] CASEFILE\n");
    MPI_Finalize();
    return 2;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    timing_opts o = {7, "bcr_timing.csv", 'd', 0, 0, 1};
    const char *case_path = NULL;
    Cblacs_pinfo(&o.me, &o.nprocs);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            o.reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
            o.csv_path = argv[++i];
        else if (!strcmp(argv[i], "--type") && i + 1 < argc)
            o.deftype = argv[++i][0];
        else if (!strcmp(argv[i], "--check"))
            o.check = 1;
        else if (!strcmp(argv[i], "--corrupt"))
            timing_corrupt = 1;
        else if (argv[i][0] == '-')
            return usage(o.me);
        else
            case_path = argv[i];
    }
    if (o.reps < 1)
        o.reps = 1;
    if (!timing_type(o.deftype)) {
        if (o.me == 0)
            fprintf(stderr, "bcr_timing: --type must be one of s, d, c, z, i\n");
        return usage(o.me);
    }
    FILE *in = case_path ? fopen(case_path, "r") : NULL;
    if (!in)
        return usage(o.me);
    int format = timing_detect(in), bad;
    if (format == FORMAT_EXPERIMENT)
        bad = timing_run_experiment(in, &o);
    else
        bad = timing_run_pairs(in, format, &o);
    fclose(in);
    MPI_Finalize();
    return bad ? 1 : 0;
}
