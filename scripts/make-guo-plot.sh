#!/usr/bin/env bash
# Guo et al.'s MULTRANS experiment (timing/guo_multrans.c) at 1, 2, 4 and 8
# ranks: timing/plots/guo-multrans.csv (one row per rank count: the
# phases' medians) and guo-multrans.png (total time of both versions and
# the transposition phase alone, against ranks, as the paper's Fig. 10).
#
#   bash scripts/make-guo-plot.sh             # n = 1024, 3 runs each
#   N=2048 REPS=5 bash scripts/make-guo-plot.sh
#   PLOTS_ONLY=1 bash scripts/make-guo-plot.sh  # redraw from the CSV
#
# Environment: BCR_BUILD_DIR=dir (default ./build; configured Release when
# it has no cache yet), JOBS=n build jobs (default 2), N, REPS, RANKS
# (default "1 2 4 8").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
build="${BCR_BUILD_DIR:-build}"
out=timing/plots
csv=$out/guo-multrans.csv
mkdir -p "$out"

if [ -n "${PLOTS_ONLY:-}" ] && [ ! -f "$csv" ]; then
  echo "make-guo-plot.sh: $csv is missing; PLOTS_ONLY=1 redraws only from the" \
    "CSV a run wrote, so run without PLOTS_ONLY to make it" >&2
  exit 1
fi

if ! command -v gnuplot >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q gnuplot-nox
fi

if [ -z "${PLOTS_ONLY:-}" ]; then
  [ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build" -j"${JOBS:-2}" --target bcr_guo_multrans >/dev/null
  # shellcheck source=scripts/launch.sh
  source scripts/launch.sh
  echo "ranks,n,bstar_multiply,bstar_transpose,linear_multiply,linear_redistribute,linear_transpose,identical" >"$csv"
  for p in ${RANKS:-1 2 4 8}; do
    bcr_run "$p" "$build/timing/bcr_guo_multrans" --n "${N:-1024}" --reps "${REPS:-3}" |
      tee /dev/stderr | sed -n 's/^csv,//p' >>"$csv"
  done
fi

gnuplot <<GP
set datafile separator ","
set terminal pngcairo size 900,420 font ",10"
set output "$out/guo-multrans.png"
set multiplot layout 1,2 title "MULTRANS (Guo et al. Fig. 9), doubles, this machine (2 cores)"
set key top right
set xlabel "ranks"
set ylabel "seconds"
set logscale x 2
set xtics (1, 2, 4, 8)
set xrange [0.8:10]
set title "whole program"
plot "$csv" every ::1 using 1:(\$3+\$4) with linespoints title "(B,*)", \
     "" every ::1 using 1:(\$5+\$6+\$7) with linespoints title "(B,*)+(1,1)"
set title "transposition (with the redistribution)"
plot "$csv" every ::1 using 1:4 with linespoints title "(B,*): exchange + transpose", \
     "" every ::1 using 1:(\$6+\$7) with linespoints title "(B,*)+(1,1): redistribute + reverse lines", \
     "" every ::1 using 1:7 with linespoints title "(1,1) transposition loop alone"
unset multiplot
GP
echo "wrote $csv and $out/guo-multrans.png"
