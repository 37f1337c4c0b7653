# The update routines' figures over several runs of bcr_timing (awk -f
# update_summary.awk FILE.csv..., native CSVs of --routine tran, geadd, ...):
# per type, routine, reference and regime, each case's speedup is first the
# median over the files (runs of the same cases), then the median and the
# lowest over the cases are printed, with the case of the lowest; and the
# same of bcredist's time over the copy bound, its median over the cases
# and the highest, with its case.  Any
# CSV of the native format works; gemr2d and trmr2d rows group the same way.
# Exits 1 when some result differs from the reference's.  A file whose
# header does not start with "case" (bcr_timing's .summary.csv beside the
# cases' CSV) is skipped.
BEGIN { FS = "," }
FNR == 1 {
    split("", col)
    for (i = 1; i <= NF; i++) col[$i] = i
    skip = $1 != "case"
    next
}
skip { next }
{
    rout = $col["routine"]
    if (rout == "trmr2d") rout = "tr" $col["uplo"] $col["diag"]
    ref = "reference" in col ? $col["reference"] : "scalapack"
    group = $col["type"] " " rout " " ref " " $col["regime"]
    key = group SUBSEP $col["case"]
    if (!(group in seen)) { seen[group] = 1; gorder[++ng] = group }
    if (!(key in sp)) { cases[group] = cases[group] " " $col["case"] }
    sp[key] = sp[key] " " $col["speedup"]
    cb[key] = cb[key] " " $col["bcredist_over_copy_bound"]
    runs[key]++
    different += !$col["identical"]
}
function median(s,   c, v, i, j, t) {
    c = split(s, v, " ")
    for (i = 2; i <= c; i++) for (j = i; j > 1 && v[j-1] + 0 > v[j] + 0; j--) {
        t = v[j]; v[j] = v[j-1]; v[j-1] = t }
    return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2
}
END {
    printf "%-1s %-6s %-13s %-9s %5s %5s %7s  %-13s %7s  %s\n", "t", "rout", "reference",
           "regime", "cases", "runs", "median", "lowest (case)", "/copy", "highest (case)"
    for (g = 1; g <= ng; g++) {
        group = gorder[g]
        n = split(cases[group], k, " ")
        all = ""; low = ""; lowc = ""; most = 0; bounds = ""; high = ""; highc = ""
        for (i = 1; i <= n; i++) {
            m = median(sp[group, k[i]])
            all = all " " m
            if (low == "" || m + 0 < low + 0) { low = m; lowc = k[i] }
            b = median(cb[group, k[i]])
            bounds = bounds " " b
            if (high == "" || b + 0 > high + 0) { high = b; highc = k[i] }
            if (runs[group, k[i]] > most) most = runs[group, k[i]]
        }
        split(group, w, " ")
        printf "%-1s %-6s %-13s %-9s %5d %5d %7.2f  %5.2f %-7s %7.2f  %.2f (%s)\n", w[1], w[2],
               w[3], w[4], n, most, median(all), low, "(" lowc ")", median(bounds), high, highc
    }
    if (different) printf "%d results differ from the reference's\n", different
    exit different > 0
}
