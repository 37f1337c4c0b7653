/* bcr_timing: ScaLAPACK's Cp?gemr2d / Cp?trmr2d and bcredist side by side.
 *
 *   mpiexec -n 4 bcr_timing [--reps N] [--csv FILE] [--type LETTERS]
 *                           [--routine LIST] [--check]
 *                           [--cold] [--new-plan] [--regime LIST] [--job-time]
 *                           [--threads N] CASEFILE
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
 * also puts both Bs back before every timed call and compares after it.
 * --type LETTERS (one or more of s d c z i, default d): cases that name no
 * type (ScaLAPACK's format names none) run once per letter; a case that
 * names its type runs once.  --routine LIST (native files only; default
 * ge): a comma list of ge (p?gemr2d), trUN, trUU, trLN, trLU (p?trmr2d,
 * uplo U/L, diag N/U), tr (trUN,trLU) and all (ge,tr), and the update
 * routines against PBLAS (timing_update.h) tran (p?tran; p?tranu for c, z),
 * tranc (c, z), geadd (trans N) and update (tran,tranc,geadd); every case
 * runs as each.  Runs go in blocks, for each type for each routine all cases, and
 * end with a summary per type and routine, also written to FILE.summary.csv
 * (timing_summary.h).  An experiment takes one type and no --routine.
 * The regimes (timing_regime.h) say what bcredist's timed calls find from
 * earlier calls: warm (the default: the same call again), new-plan (a
 * shape it has not planned, on contexts it has used) and cold (after
 * bcr_finalize()); --cold and --new-plan ask for one, --regime LIST for
 * several (a comma list of warm, new-plan, cold, all), which take turns in
 * each repetition of a case (timing_interleave.c).  Not for experiments,
 * which plan afresh every call.
 * --threads N sets BCR_THREADS for bcredist's copies (ScaLAPACK has none).
 * --corrupt makes a byte of bcredist's result differ from ScaLAPACK's after
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
        fprintf(stderr,
                "usage: bcr_timing [--reps N] [--csv FILE] [--type LETTERS] [--routine LIST] "
                "[--check]\n"
                "                  [--cold] [--new-plan] [--regime LIST] [--job-time]\n"
                "                  [--threads N] CASEFILE\n"
                "  --type LETTERS  one or more of s d c z i (default d): cases that name no\n"
                "                  type run once per letter\n"
                "  --routine LIST  native-format files only (ScaLAPACK's files name the routine\n"
                "                  per line): comma list of ge (default), trUN, trUU, trLN,\n"
                "                  trLU, tr (= trUN,trLU), all (= ge,tr); against PBLAS: tran,\n"
                "                  tranc, geadd, update (= tran,tranc,geadd)\n"
                "  --cold          bcr_finalize() before every timed bcredist call\n"
                "  --new-plan      every timed bcredist call a shape not planned before\n"
                "  --regime LIST   comma list of warm (default), new-plan, cold, all: each\n"
                "                  case runs in each, the regimes taking turns\n"
                "  --job-time      a call's time from the first rank's start to the last\n"
                "                  rank's end, instead of the slowest rank's own\n"
                "  --threads N     bcredist's kernels use N threads a process (BCR_THREADS;\n"
                "                  default: OMP_NUM_THREADS, else the cores)\n");
    MPI_Finalize();
    return 2;
}

static int fail(int me, const char *why)
{
    if (me == 0)
        fprintf(stderr, "bcr_timing: %s\n", why);
    return usage(me);
}

/* Distinct letters of s d c z i, at least one. */
static int valid_types(const char *t)
{
    size_t n = strlen(t);
    if (n < 1 || n > 5 || strspn(t, "sdczi") != n)
        return 0;
    for (size_t k = 0; k < n; k++)
        if (strchr(t + k + 1, t[k]))
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    timing_opts o = {7, "bcr_timing.csv", "d", {{0, 0, 0, 0}}, 1, 0, {0, 0, 0}, 0, 1};
    const char *case_path = NULL, *types = "d", *routines = NULL;
    int regimes_named = 0, bad_regime = 0;
    Cblacs_pinfo(&o.me, &o.nprocs);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--reps") && i + 1 < argc)
            o.reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
            o.csv_path = argv[++i];
        else if (!strcmp(argv[i], "--type") && i + 1 < argc)
            types = argv[++i];
        else if (!strcmp(argv[i], "--routine") && i + 1 < argc)
            routines = argv[++i];
        else if (!strcmp(argv[i], "--check"))
            o.check = 1;
        else if (!strcmp(argv[i], "--cold"))
            o.regime[REGIME_COLD] = regimes_named = 1;
        else if (!strcmp(argv[i], "--new-plan"))
            o.regime[REGIME_NEW_PLAN] = regimes_named = 1;
        else if (!strcmp(argv[i], "--regime") && i + 1 < argc) {
            regimes_named = 1;
            if (!timing_parse_regimes(argv[++i], o.regime))
                bad_regime = 1;
        }
        else if (!strcmp(argv[i], "--corrupt"))
            timing_corrupt = 1;
        else if (!strcmp(argv[i], "--job-time"))
            timing_job_time = 1;
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            int n = atoi(argv[++i]);
            if (n < 1 || n > 4096)
                return fail(o.me, "--threads takes a count from 1 to 4096");
            setenv("BCR_THREADS", argv[i], 1);
        }
        else if (argv[i][0] == '-')
            return usage(o.me);
        else
            case_path = argv[i];
    }
    if (o.reps < 1)
        o.reps = 1;
    if (bad_regime)
        return fail(o.me, "--regime takes a comma list of warm, new-plan, cold, all");
    if (!regimes_named)
        o.regime[REGIME_WARM] = 1;
    if (!valid_types(types))
        return fail(o.me, "--type takes distinct letters of s, d, c, z, i");
    strcpy(o.types, types);
    if (routines && !(o.nroutines = timing_parse_routines(routines, o.routines)))
        return fail(o.me, "--routine takes a comma list of ge, trUN, trUU, trLN, trLU, tr, all, "
                             "tran, tranc, geadd, update");
    FILE *in = case_path ? fopen(case_path, "r") : NULL;
    if (!in)
        return usage(o.me);
    int format = timing_detect(in), bad;
    if (format != FORMAT_NATIVE && routines) {
        fclose(in);
        return fail(o.me, "--routine applies to native-format files only "
                          "(ScaLAPACK's files name the routine per line)");
    }
    if (format == FORMAT_EXPERIMENT && regimes_named) {
        fclose(in);
        return fail(o.me, "an experiment plans afresh every call: no --cold, --new-plan, --regime");
    }
    if (format == FORMAT_EXPERIMENT && strlen(o.types) > 1) {
        fclose(in);
        return fail(o.me, "an experiment takes one --type");
    }
    if (format == FORMAT_EXPERIMENT)
        bad = timing_run_experiment(in, &o);
    else
        bad = timing_run_pairs(in, format, &o);
    fclose(in);
    MPI_Finalize();
    return bad ? 1 : 0;
}
