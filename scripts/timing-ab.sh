#!/usr/bin/env bash
# bcr_timing under two settings of one switch, alternated, so that both
# meet the same load; prints per case the median, over the rounds, of the
# speedup over ScaLAPACK and of the ratio to the copy bound.
#   bash scripts/timing-ab.sh BCR_SHM=off BCR_SHM=on [rounds] [case file]
# (default 7 rounds of timing/cases/standard.txt, 4 ranks).  Needs the
# build of scripts/run-main.sh (BCR_BUILD_DIR picks another).  A setting
# build:DIR runs DIR's bcr_timing instead, to compare two builds:
#   bash scripts/timing-ab.sh build:/tmp/old build:build 5
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ $# -lt 2 ]; then
  echo "usage: $0 VAR=a VAR=b [rounds] [case file]" >&2
  exit 2
fi
a=$1 b=$2 rounds=${3:-7} cases=${4:-timing/cases/standard.txt}
build=${BCR_BUILD_DIR:-build}
exe=$build/timing/bcr_timing
source scripts/launch.sh # bcr_run: that build's MPI launcher
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for r in $(seq "$rounds"); do
  for s in "$a" "$b"; do
    if [[ $s == build:* ]]; then
      bcr_run 4 "${s#build:}/timing/bcr_timing" \
        --csv "$out/$r.csv" "$cases" > "$out/$r.${s//\//_}"
    else
      (export "${s?}" && bcr_run 4 "$exe" --csv "$out/$r.csv" "$cases") > "$out/$r.$s"
    fi
  done
done
# Table rows start with the case number; speedup and copy ratio are the
# 8th and 9th fields.
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
printf '%-5s %-22s %-22s\n' case "$a (speedup, /copy)" "$b (speedup, /copy)"
# Output files are named after the setting, slashes of a build's path made
# underscores.
for c in $(awk '$1 ~ /^[0-9]+$/ && NF > 10 {print $1}' "$out/1.${a//\//_}"); do
  row=$c
  for s in "$a" "$b"; do
    f=${s//\//_}
    sp=$(cat "$out"/*."$f" | awk -v c="$c" '$1 == c && NF > 10 {print $8}' | median)
    cp=$(cat "$out"/*."$f" | awk -v c="$c" '$1 == c && NF > 10 {print $9}' | median)
    row=$(printf '%s %-22s' "$row" "$sp, $cp")
  done
  printf '%-5s %s\n' "${row%% *}" "${row#* }"
done
