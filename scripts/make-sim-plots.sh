#!/usr/bin/env bash
# Regenerates the simulator's CSVs and plots in timing/plots/ (sim-*):
# `bcr_simulate --standard R --inflight 64` for R = 64 256 1024 4096 (the
# table of docs/performance.md), optionally 16384 for the shapes the docs
# run there, and `bcr_simulate --souravlas` (the paper's ring cases); then
# per standard shape each schedule's time over ScaLAPACK's against ranks,
# and the ring cases' predicted times against the paper's bound.
#
#   bash scripts/make-sim-plots.sh                   # 64 .. 4096 ranks, about 5 min
#   SIM_16384=1 bash scripts/make-sim-plots.sh       # and 16,384, about 10 min more
#   RANKS= SIM_16384=1 bash scripts/make-sim-plots.sh  # only 16,384 (and the ring)
#   PLOTS_ONLY=1 bash scripts/make-sim-plots.sh      # redraw from the CSVs
#
# Environment: BCR_BUILD_DIR=dir (default ./build; configured Release when
# it has no cache yet), JOBS=n build jobs (default 2), RANKS="64 256 1024
# 4096" (empty: none), INFLIGHT=w (default 64, as the docs' table), SIM_16384=1.  Builds
# only bcr_simulate (the packages scripts/setup.sh installs); every
# simulation runs under nice, one at a time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

build="${BCR_BUILD_DIR:-build}"
ranks="${RANKS-64 256 1024 4096}"
inflight="${INFLIGHT:-64}"
out=timing/plots
mkdir -p "$out"

if [ -n "${PLOTS_ONLY:-}" ]; then
  for f in "$out/sim-standard-*.csv" "$out/sim-souravlas.csv"; do
    if ! compgen -G "$f" >/dev/null; then
      echo "make-sim-plots.sh: no $f; PLOTS_ONLY=1 redraws only from CSVs a run" \
        "wrote, so run without PLOTS_ONLY to make them" >&2
      exit 1
    fi
  done
fi

if ! command -v gnuplot >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q gnuplot-nox
fi

if [ -z "${PLOTS_ONLY:-}" ]; then
  [ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build" -j"${JOBS:-2}" --target bcr_simulate >/dev/null
  sim="$build/timing/bcr_simulate"
  # Open MPI refuses to run as root unless told (MPI_Init, one process).
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
  for r in $ranks; do
    echo "== --standard $r"
    start=$SECONDS
    nice -n 10 "$sim" --standard "$r" --inflight "$inflight" --csv "$out/sim-standard-$r.csv"
    echo "($((SECONDS - start)) s)"
  done
  if [ -n "${SIM_16384:-}" ]; then
    # 64->1 col has 268 million messages at 16,384 ranks: beyond 23 GB.
    csv="$out/sim-standard-16384.csv"
    rm -f "$csv"
    for c in "64->48 col" "64->48 row" "64->4 col" "2GxG/2->GxG" "64->2 row" "32->1 row"; do
      echo "== --standard 16384 --case \"$c\""
      start=$SECONDS
      nice -n 10 "$sim" --standard 16384 --inflight "$inflight" --case "$c" --csv "$csv.part"
      if [ -f "$csv" ]; then tail -n +2 "$csv.part" >>"$csv"; else mv "$csv.part" "$csv"; fi
      rm -f "$csv.part"
      echo "($((SECONDS - start)) s)"
    done
  fi
  echo "== --souravlas"
  nice -n 10 "$sim" --souravlas --csv "$out/sim-souravlas.csv" | tee "$out/sim-souravlas.txt"
fi

data="$(mktemp -d)"
trap 'rm -r "$data"' EXIT
# Per shape and schedule: "ranks over_scalapack", ranks ascending.
awk -F, -v dir="$data" '
  FNR == 1 { next }
  { f = $1; gsub(/[^A-Za-z0-9]+/, "-", f); print $2, $5 > (dir "/" f "." $3); shapes[f] = $1 }
  END { for (f in shapes) print f "\t" shapes[f] > (dir "/shapes") }
' "$out"/sim-standard-*.csv
for f in "$data"/*.*; do sort -n -o "$f" "$f"; done
while IFS=$'\t' read -r file shape; do
  gnuplot <<EOF
set terminal pngcairo size 800,500
set output '$out/sim-$file.png'
set title "$shape: predicted time over ScaLAPACK's (bcr_simulate --standard, inflight $inflight)" noenhanced
set xlabel 'ranks'
set ylabel "time / ScaLAPACK's"
set logscale x 2
set xrange [48:*]
set yrange [0:*]
set key outside right
set grid
plot 1 title 'ScaLAPACK' with lines dashtype 2 lc rgb 'black', \
  for [s in "all bounded steps choose combine"] '$data/$file.'.s using 1:2 title s with linespoints
EOF
done <"$data/shapes"

# The ring cases: each schedule's predicted time against the paper's bound.
awk -F, -v dir="$data" 'FNR > 1 { print $9 * 1e3, $4 * 1e3 > (dir "/ring." $3) }' \
  "$out/sim-souravlas.csv"
gnuplot <<EOF
set terminal pngcairo size 800,560
set output '$out/sim-souravlas.png'
set title "Souravlas ring cases: predicted time against the paper's bound (bcr_simulate --souravlas)" noenhanced
set xlabel "paper's bound, ms"
set ylabel 'predicted, ms'
set logscale xy
set key outside right
set grid
plot x title 'bound' with lines dashtype 2 lc rgb 'black', \
  '$data/ring.all' using 1:2 title 'all' with points pt 2 ps 1.3 lc rgb '#1b9e77', \
  '$data/ring.steps' using 1:2 title 'steps' with points pt 4 ps 1.3 lc rgb '#d95f02', \
  '$data/ring.combine' using 1:2 title 'combine' with points pt 6 ps 1.3 lc rgb '#7570b3', \
  '$data/ring.scalapack' using 1:2 title 'ScaLAPACK' with points pt 8 ps 1.3 lc rgb '#e7298a'
EOF
echo "plots and CSVs in $out/ (sim-*)"
