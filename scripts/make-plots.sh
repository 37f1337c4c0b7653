#!/usr/bin/env bash
# Regenerates timing/plots/: runs the papers' experiments (timing/cases/
# hsu_chung.txt, thakur_1d.txt, thakur_2d.txt, thakur_shape.txt) on 4 and 8
# ranks with every result checked against ScaLAPACK, and writes per
# experiment and rank count the table (.txt), the CSV and three PNG plots
# (speedup over ScaLAPACK, time against N, computation/communication split).
#
#   bash scripts/make-plots.sh                 # everything, builds in ./build
#   bash scripts/make-plots.sh thakur_2d       # only the named experiments
#
# Environment: BCR_BUILD_DIR=dir builds there instead of ./build (when others
# use ./build); REPS=n repetitions for the 2-D experiments (default 5) and
# SWEEP_REPS=n for the long 1-D sweeps (default 3); RANKS="4 8"; PLOTS_ONLY=1
# redraws the plots from the CSV files an earlier run left in timing/plots/
# (the tree keeps only the plots the docs show, not these CSVs).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ -n "${BCR_BUILD_DIR:-}" ]; then
  cmake -S . -B "$BCR_BUILD_DIR" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  build="$BCR_BUILD_DIR"
  source scripts/launch.sh
  targets=(bcr_timing)
  [ "$bcr_mpi_flavour" = openmpi ] || targets+=(bcr_mpich_yield)
  cmake --build "$build" -j"$(nproc)" --target "${targets[@]}" >/dev/null
else
  source scripts/setup.sh # packages, build in ./build, bcr_run
  build="$root/build"
fi

if ! command -v gnuplot >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q gnuplot-nox
fi

reps="${REPS:-5}"
sweep_reps="${SWEEP_REPS:-3}"
ranks="${RANKS:-4 8}"
experiments=("$@")
[ ${#experiments[@]} -gt 0 ] || experiments=(hsu_chung thakur_1d thakur_2d thakur_shape)

out=timing/plots
mkdir -p "$out"
for exp in "${experiments[@]}"; do
  r=$reps
  case $exp in hsu_chung | thakur_1d) r=$sweep_reps ;; esac
  for np in $ranks; do
    name="$exp-$np"
    echo "== $name ($r repetitions)"
    if [ -z "${PLOTS_ONLY:-}" ]; then
      # The machine may be shared: the load says how far to trust the times.
      { echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
        bcr_run "$np" "$build/timing/bcr_timing" --check --reps "$r" \
          --csv "$out/$name.csv" "timing/cases/$exp.txt"; } | tee "$out/$name.txt"
    fi
    if [ -n "${PLOTS_ONLY:-}" ] && [ ! -f "$out/$name.csv" ]; then
      # The tree keeps only the plots the docs show, not the CSVs behind them.
      echo "make-plots.sh: $out/$name.csv is missing; PLOTS_ONLY=1 redraws only from" \
        "CSVs a run wrote, so run without PLOTS_ONLY to make it" >&2
      exit 1
    fi
    data="$(mktemp -d)"
    awk -v out="$data" -f timing/plot_data.awk "$out/$name.csv"
    gnuplot -e "dir='$data'; name='${exp//_/-}, $np ranks'; out='$out/$name'" timing/plot.gp
    rm -r "$data"
  done
done
echo "plots, tables and CSV in $out/"
