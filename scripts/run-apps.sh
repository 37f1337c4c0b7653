#!/usr/bin/env bash
# Applications' own time, plain and with the drop-in (docs/performance.md,
# "In applications"): Debian's CP2K on 27 waters (timing/apps/cp2k_water27.inp)
# and GPAW on 16 silicon atoms with k-points (timing/apps/gpaw_si16.py), on 4
# processes, the two ways taking turns, ROUNDS runs of each (default 3).
#   bash scripts/run-apps.sh [ROUNDS] [cp2k|gpaw]...
# Both ways run with libbcr_routine_clock.so preloaded first
# (timing/apps/routine_clock.c), which times every call of the routines
# bcredist replaces, whoever answers it; the drop-in's runs also set
# BCR_STATS.  Per run it prints the wall time of mpiexec, the application's
# own total (CP2K's "CP2K" timer, GPAW's "Total:"), the time in the routines
# on the busiest and the least busy process (routine_clock), bcredist's own
# time on its busiest process (BCR_STATS) and the energy; then the medians
# and their ratios, plain / drop-in.  Runs and their files stay in
# $build/apps_timing/.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
rounds=${1:-3}
shift || true
apps=("$@")
((${#apps[@]})) || apps=(cp2k gpaw)

clock=$PWD/$build/timing/libbcr_routine_clock.so
dropin=$PWD/$build/fortran-bindings/libbcredist_scalapack.so
inputs=$PWD/timing/apps
out=$PWD/$build/apps_timing
cp2k_data=$(dirname "$(find /usr/share/cp2k -name BASIS_MOLOPT -print -quit)")
mkdir -p "$out"
# One thread per process: 4 processes already fill this machine's cores.
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1

# run APP WAY K: one run in its own folder; prints its line of figures.
run() {
  local app=$1 way=$2 k=$3 dir="$out/$1.$2.$3" preload=$clock
  rm -rf "$dir" && mkdir -p "$dir"
  local env=(env "OMP_NUM_THREADS=1" "OPENBLAS_NUM_THREADS=1")
  if [ "$way" = dropin ]; then
    preload=$clock:$dropin
    env+=("BCR_STATS=$dir/usage.txt")
  fi
  local cmd
  if [ "$app" = cp2k ]; then
    cmd=(cp2k.popt --set "DATA_DIR=$cp2k_data" "$inputs/cp2k_water27.inp")
  else
    cmd=(/usr/bin/python3 "$inputs/gpaw_si16.py")
  fi
  local t0 t1
  t0=$(date +%s.%N)
  (cd "$dir" && bcr_run 4 "${env[@]}" \
     "LD_PRELOAD=$preload" "${cmd[@]}" > stdout 2> stderr)
  t1=$(date +%s.%N)
  local own energy
  if [ "$app" = cp2k ]; then
    own=$(awk '$1 == "CP2K" && NF == 7 {print $7}' "$dir/stdout" | tail -1)
    energy=$(awk '/ENERGY\| Total FORCE_EVAL/ {print $NF}' "$dir/stdout" | tail -1)
  else
    own=$(awk '$1 == "Total:" {print $2}' "$dir/si16.txt" | tail -1)
    energy=$(awk '$1 == "ENERGY" {print $2}' "$dir/stdout")
  fi
  local most least bcr=-
  read -r most least < <(awk '/^routine_clock: rank/ {s = $4 + 0; if (n == 0 || s > hi) hi = s;
                                 if (n == 0 || s < lo) lo = s; n++}
                               END {printf "%.4f %.4f\n", hi, lo}' "$dir/stderr")
  [ "$way" = dropin ] &&
    bcr=$(awk '/time inside bcredist/ {print $4}' "$dir/usage.txt")
  printf '%-5s %-7s %d wall %8.2f own %8.2f routines most %7.4f least %7.4f bcredist %7s E %s\n' \
    "$app" "$way" "$k" "$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" "$own" "$most" "$least" "$bcr" "$energy"
}

log=$out/runs.txt
: > "$log"
for app in "${apps[@]}"; do
  for ((k = 1; k <= rounds; k++)); do
    # The two ways take turns, each first in every other round.
    if ((k % 2)); then ways=(plain dropin); else ways=(dropin plain); fi
    for way in "${ways[@]}"; do
      run "$app" "$way" "$k" | tee -a "$log"
    done
  done
done

# median APP WAY FIELD: the middle of the runs' values (the mean of the two
# middle ones for an even count).
median() {
  awk -v app="$1" -v way="$2" -v f="$3" \
    '$1 == app && $2 == way { for (i = 1; i < NF; i++) if ($i == f) print $(i + 1) }' "$log" |
    sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo
echo "medians over $rounds runs: plain, drop-in, plain / drop-in"
for app in "${apps[@]}"; do
  for field in wall own most least; do
    p=$(median "$app" plain "$field")
    d=$(median "$app" dropin "$field")
    label=$field
    [ "$field" = most ] && label="routines, busiest"
    [ "$field" = least ] && label="routines, least busy"
    awk -v a="$app" -v l="$label" -v p="$p" -v d="$d" \
      'BEGIN { printf "%-5s %-21s %9.4f %9.4f %6.2f\n", a, l, p, d, (d > 0 ? p / d : 0) }'
  done
done
