#!/usr/bin/env bash
# bcr_simulate's predictions next to measured times, per case of a
# bcr_timing CSV (its --csv output; gemr2d rows, double):
#   bash scripts/sim-vs-measured.sh CSV [bcr_simulate network options]
# Every rank is its own node (--node-size 1) unless the options say
# otherwise; B's ranks row-major, as bcr_timing's grids are.  Prints a
# Markdown table: measured and predicted seconds of ScaLAPACK's rounds and
# of bcredist's `all`, predicted / measured for each, and the speedups
# (ScaLAPACK / bcredist) measured and predicted; then the medians of the
# ratios over the cases where both predictions are above 0 (a case with
# no message between ranks predicts 0: its time is copying, not modelled).
set -euo pipefail
csv=$1
shift
sim="${BCR_BUILD_DIR:-build}/timing/bcr_simulate"
echo "| case | A | B | ScaLAPACK s | predicted | pred/meas | bcredist s | predicted | pred/meas | speedup | predicted |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
tail -n +2 "$csv" | while IFS=, read -r c t m n ga ba gb bb sl bc _rest; do
  IFS=x read -r pa qa <<<"$ga"
  IFS=x read -r mba nba <<<"$ba"
  IFS=x read -r mbb nbb <<<"$bb"
  out=$("$sim" --grid-a "$ga" --grid-b "$gb" --m "$m" --n "$n" --mb-a "$mba" --nb-a "$nba" \
    --mb-b "$mbb" --nb-b "$nbb" --node-size 1 "$@" --schedule all)
  ps=$(awk '$1 == "scalapack" { print $2 / 1000 }' <<<"$out")
  pb=$(awk '$1 == "all" { print $2 / 1000 }' <<<"$out")
  awk -v c="$c" -v ga="$ga/$ba" -v gb="$gb/$bb" -v sl="$sl" -v bc="$bc" -v ps="$ps" -v pb="$pb" 'BEGIN {
    r1 = sl > 0 ? ps / sl : 0; r2 = bc > 0 ? pb / bc : 0
    sp = pb > 0 ? sprintf("%.2f", ps / pb) : "-"
    printf "| %s | %s | %s | %.4f | %.4f | %.2f | %.4f | %.4f | %.2f | %.2f | %s |\n",
      c, ga, gb, sl, ps, r1, bc, pb, r2, sl / bc, sp }'
done >"$tmp"
cat "$tmp"
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ms=$(awk -F'|' '$6 > 0 && $9 > 0 { print $7 }' "$tmp" | median)
mb=$(awk -F'|' '$6 > 0 && $9 > 0 { print $10 }' "$tmp" | median)
echo
echo "median of pred/meas over the cases with messages: ScaLAPACK $ms, bcredist $mb"
