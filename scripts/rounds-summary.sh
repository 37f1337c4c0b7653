#!/usr/bin/env bash
# The summary of bcr_timing (per type and routine: median speedup over
# ScaLAPACK, the lowest, the highest ratio to the copy bound where rows are
# in blocks above 1 on both sides and where they are in blocks of 1 on a
# side) over several runs of one native
# case file: each case's figures are first the median over the runs.
#   bash scripts/rounds-summary.sh run1.csv run2.csv ...
# (the native CSVs that bcr_timing --csv writes; scripts/run-main.sh --all
# --rounds N makes them).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 CSV..." >&2; exit 2; }
awk -F, '
function med(s,   n, v, i, j, t) {
  n = split(s, v, " ")
  for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) {
    t = v[j]; v[j] = v[j-1]; v[j-1] = t }
  return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}
FNR == 1 { next }
{
  rout = $15 == "gemr2d" ? "ge" : "tr" $16 $17
  key = $2 SUBSEP rout SUBSEP $1
  if (!(key in sp)) { order[++n] = key
    bs1[key] = ($6 ~ /^1x/ || $8 ~ /^1x/) }
  sp[key] = sp[key] " " $11; cb[key] = cb[key] " " $12; diff[key] += !$14
  ab[key] = ab[key] " " $11 * $12
}
END {
  printf "%-1s %-5s %5s %7s %-13s %-13s %-13s %8s %9s\n", "t", "rout", "cases", "median",
         "lowest (case)", "/copy bs>1", "/copy bs=1", "at bound", "different"
  for (i = 1; i <= n; i++) {
    split(order[i], k, SUBSEP); g = k[1] SUBSEP k[2]
    if (!(g in cases)) gorder[++ng] = g
    s = med(sp[order[i]]); c = med(cb[order[i]])
    cases[g]++; all[g] = all[g] " " s; dif[g] += diff[order[i]]
    bound[g] = bound[g] " " med(ab[order[i]])
    if (!(g in low) || s < low[g]) { low[g] = s; lowc[g] = k[3] }
    if (bs1[order[i]]) { if (c > w1[g]) { w1[g] = c; w1c[g] = k[3] } }
    else if (c > w[g]) { w[g] = c; wc[g] = k[3] }
  }
  for (i = 1; i <= ng; i++) {
    g = gorder[i]; split(g, k, SUBSEP)
    printf "%-1s %-5s %5d %7.2f %5.2f (%-4s)  %5.2f (%-4s)  %5.2f (%-4s) %8.2f %9d\n", k[1],
           k[2], cases[g], med(all[g]), low[g], lowc[g], w[g], wc[g], w1[g], w1c[g],
           med(bound[g]), dif[g]
  }
}' "$@"
