#!/usr/bin/env bash
# Set up, build and run the timing driver on the standard cases with 4 ranks:
# ScaLAPACK's routine and bcredist side by side, results checked identical,
# then a summary per type and routine.
#   bash scripts/run-main.sh            pdgemr2d (doubles) on timing/cases/standard.txt,
#                                       CSV in build/bcr_timing.csv and the summary's
#                                       in build/bcr_timing.summary.csv
#   bash scripts/run-main.sh ARGS       ARGS replace those defaults and go to bcr_timing
#                                       (e.g. --reps 9 my_cases.txt)
#   bash scripts/run-main.sh --all [ARGS]
#                                       every type (s d c z i) and both routines (p?gemr2d;
#                                       p?trmr2d upper non-unit and lower unit) on
#                                       timing/cases/standard.txt, CSV in
#                                       build/bcr_timing_all.csv (summary:
#                                       build/bcr_timing_all.summary.csv); ARGS are added
#                                       (e.g. --reps 5)
#   bash scripts/run-main.sh --all --rounds N [ARGS]
#                                       the same N times (CSVs build/bcr_timing_all.K.csv),
#                                       then the summary of each case's median over the
#                                       rounds (scripts/rounds-summary.sh): the figures of
#                                       docs/performance.md
#   bash scripts/run-main.sh --regimes [--rounds N] [ARGS]
#                                       pdgemr2d on timing/cases/standard.txt in the
#                                       three regimes in one run (bcr_timing --regime all:
#                                       warm, new-plan and cold taking turns in each
#                                       repetition, each after its own ScaLAPACK call), CSV
#                                       in build/bcr_timing_regimes.csv, then per case the
#                                       speedup in each regime and warm's ratio to the copy
#                                       bound, with their medians and lowest
#                                       (timing/regimes_summary.awk); ARGS are added (e.g.
#                                       --reps 3); exit status 1 when a result differs;
#                                       --rounds N: N runs (CSVs build/bcr_timing_regimes.K.csv),
#                                       each case's median over them
#   bash scripts/run-main.sh --updates [--rounds N] [ARGS]
#                                       the update routines (tran, tranu and tranc, geadd)
#                                       of every type PBLAS has (s d c z), warm and cold,
#                                       on timing/cases/update_one_context.txt (against
#                                       PBLAS) and timing/cases/standard.txt (across grids,
#                                       against Cp?gemr2d + PBLAS), N runs (default 3;
#                                       CSVs build/bcr_updates.{one,std}.K.csv), then per
#                                       type, routine and regime the median and lowest of
#                                       the per-case medians of the speedup, and of
#                                       bcredist over the copy bound the median and highest
#                                       (timing/update_summary.awk): the figures of
#                                       docs/performance.md, "The update routines"; ARGS
#                                       are added (e.g. --reps 5); exit status 1 when a
#                                       result differs
# BCREDIST_MPI, BCR_BUILD_DIR and BCR_CMAKE_ARGS as for setup.sh: the paths
# above are then in that build directory instead of build/.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if [ $# -eq 0 ]; then
  set -- --csv "$build/bcr_timing.csv" timing/cases/standard.txt
elif [ "$1" = --regimes ]; then
  shift
  rounds=1
  if [ "${1:-}" = --rounds ]; then
    rounds=$2
    shift 2
  fi
  rc=0
  csvs=()
  for k in $(seq "$rounds"); do
    csv=$build/bcr_timing_regimes.csv
    [ "$rounds" -eq 1 ] || csv=$build/bcr_timing_regimes.$k.csv
    bcr_run 4 "$build/timing/bcr_timing" --regime all "$@" --csv "$csv" \
      timing/cases/standard.txt || rc=$?
    csvs+=("$csv")
  done
  echo "speedup per case and regime (from ${csvs[*]}; median over the runs):"
  awk -f timing/regimes_summary.awk "${csvs[@]}" || rc=1
  exit "$rc"
elif [ "$1" = --updates ]; then
  shift
  rounds=3
  if [ "${1:-}" = --rounds ]; then
    rounds=$2
    shift 2
  fi
  rc=0
  for k in $(seq "$rounds"); do
    for f in one:update_one_context std:standard; do
      bcr_run 4 "$build/timing/bcr_timing" --type sdcz --routine tran,tranc,geadd \
        --regime warm,cold "$@" --csv "$build/bcr_updates.${f%%:*}.$k.csv" \
        "timing/cases/${f#*:}.txt" >/dev/null || rc=$?
    done
  done
  for f in one std; do
    echo "${f/one/one context, against PBLAS}" | sed 's/^std$/across grids (standard set)/'
    awk -f timing/update_summary.awk "$build"/bcr_updates.$f.*.csv || rc=1
  done
  exit "$rc"
elif [ "$1" = --all ]; then
  shift
  if [ "${1:-}" = --rounds ]; then
    rounds=$2
    shift 2
    csvs=()
    for k in $(seq "$rounds"); do
      bcr_run 4 "$build/timing/bcr_timing" --type sdczi --routine all \
        --csv "$build/bcr_timing_all.$k.csv" "$@" timing/cases/standard.txt
      csvs+=("$build/bcr_timing_all.$k.csv")
    done
    echo "median over $rounds rounds of each case:"
    exec bash scripts/rounds-summary.sh "${csvs[@]}"
  fi
  set -- --type sdczi --routine all --csv "$build/bcr_timing_all.csv" "$@" timing/cases/standard.txt
fi
bcr_run 4 "$build/timing/bcr_timing" "$@"
