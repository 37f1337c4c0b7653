# The regimes of bcr_timing CSVs side by side (awk -f regimes_summary.awk
# FILE.csv..., CSVs of bcr_timing --regime all): one row per case, the
# speedup (ScaLAPACK's median over bcredist's, each regime's own calls) in
# the warm, new-plan and cold regimes, and warm bcredist's time over the
# copy bound, each the median over the files when there are several (runs
# of the same cases); then the median and the lowest of each column over
# the cases.
# A case is named by its number, after its type and routine when the file
# holds more than one of them.  "-": the regime did not run for the case
# (new-plan on a case too small for its shapes).  Exits 1 when some result
# differs from ScaLAPACK's.
BEGIN { FS = ","; nreg = split("warm new-plan cold", regime, " ") }
FNR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{
    rout = $col["routine"] == "gemr2d" ? "ge" : "tr" $col["uplo"] $col["diag"]
    group = $col["type"] " " rout
    key = group SUBSEP $col["case"]
    if (!(key in label)) {
        order[++n] = key; label[key] = $col["case"]; name[key] = $col["type"] $col["case"] " " rout
        if (!(group in groups)) { groups[group] = 1; ngroups++ }
    }
    sp[key, $col["regime"]] = sp[key, $col["regime"]] " " $col["speedup"]
    if ($col["regime"] == "warm") bound[key] = bound[key] " " $col["bcredist_over_copy_bound"]
    different += !$col["identical"]
}
function median(s,   c, v, i, j, t) {
    c = split(s, v, " ")
    for (i = 2; i <= c; i++) for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) {
        t = v[j]; v[j] = v[j-1]; v[j-1] = t }
    return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2
}
# A figure, or "-"; its column's list and lowest collect it.
function cell(k, v) {
    if (v == "") return sprintf(" %12s", "-")
    all[k] = all[k] " " v
    if (!(k in low) || v + 0 < low[k]) low[k] = v + 0
    return sprintf(" %12.2f", v)
}
function summary(what,   k, v, line) {
    line = sprintf("%-10s", what)
    for (k = 1; k <= nreg + 1; k++) {
        v = "-"
        if (k in low) v = sprintf("%.2f", what == "median" ? median(all[k]) : low[k])
        line = line sprintf(" %12s", v)
    }
    print line
}
END {
    printf "%-10s %12s %12s %12s %12s\n", "case", "warm", "new-plan", "cold", "warm/copy"
    for (i = 1; i <= n; i++) {
        key = order[i]
        line = sprintf("%-10s", ngroups > 1 ? name[key] : label[key])
        for (r = 1; r <= nreg; r++)
            line = line cell(r, (key, regime[r]) in sp ? median(sp[key, regime[r]]) : "")
        print line cell(nreg + 1, key in bound ? median(bound[key]) : "")
    }
    summary("median")
    summary("lowest")
    printf "speedup = ScaLAPACK s / bcredist s in each regime; warm/copy = warm bcredist s / copy bound\n"
    if (different) printf "%d results differ from ScaLAPACK's\n", different
    exit different > 0
}
