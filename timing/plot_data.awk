# Turns one experiment CSV of bcr_timing into the data files timing/plot.gp
# draws, in directory `out` (awk -v out=DIR -f plot_data.awk FILE.csv):
#   speedup.dat  one row per case at its largest N (at every N when the
#                experiment has at most 3 cases), one column per bcredist
#                method: ScaLAPACK's time over the method's, plan made afresh,
#                then the same with the plan reused (execution only)
#   split.dat    the same rows, per bcredist method: planning, copies
#                (pack + unpack + local) and communication, in ms
#   case_K.dat   case number K: N, then every method's total time in ms, then
#                every bcredist method's time with the plan reused
#   cases.txt    case labels, one a line, in file order
#   methods.txt  bcredist methods, one a line
BEGIN { FS = "," }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
{
    label = $col["case"]; m = $col["method"]; n = $col["elements"] + 0
    if (!(label in caseno)) { caseno[label] = ++ncase; lab[ncase] = label }
    if (!(m in methno)) { methno[m] = ++nmeth; meth[nmeth] = m }
    if (!((label, n) in seen_n)) { seen_n[label, n] = 1; ns[label] = ns[label] " " n }
    total[label, n, m] = $col["total_s"] * 1e3
    exec_[label, n, m] = $col["exec_s"] * 1e3
    plan[label, n, m] = $col["plan_s"] * 1e3
    copies[label, n, m] = ($col["pack_s"] + $col["unpack_s"] + $col["local_s"]) * 1e3
    comm[label, n, m] = $col["comm_s"] * 1e3
    dims[label, n] = $col["N"] > 1 ? $col["M"] "x" $col["N"] : "N=" short(n)
    if (m == "scalapack") ref[label, n] = $col["total_s"] * 1e3
    if (n > maxn[label]) maxn[label] = n
}
END {
    for (k = 1; k <= nmeth; k++)
        if (meth[k] != "scalapack") bcr[++nb] = meth[k]
    for (k = 1; k <= nb; k++) print bcr[k] > (out "/methods.txt")
    hdr = "case"
    for (k = 1; k <= nb; k++) hdr = hdr " " bcr[k]
    for (k = 1; k <= nb; k++) hdr = hdr " " bcr[k] "(reused)"
    print hdr > (out "/speedup.dat")
    print "bar plan copies comm" > (out "/split.dat")
    for (c = 1; c <= ncase; c++) {
        l = lab[c]
        print l > (out "/cases.txt")
        cnt = split(substr(ns[l], 2), list, " ")
        for (i = 1; i <= cnt; i++)
            if (ncase <= 3 || list[i] == maxn[l])
                bar_rows(l, list[i], ncase <= 3 ? l " " dims[l, list[i]] : l)
        f = out "/case_" c ".dat"
        hdr = "N"
        for (k = 1; k <= nmeth; k++) hdr = hdr " " meth[k]
        for (k = 1; k <= nb; k++) hdr = hdr " " bcr[k] "(reused)"
        print hdr > f
        for (i = 1; i <= cnt; i++) {
            row = list[i]
            for (k = 1; k <= nmeth; k++) row = row " " value(total[l, list[i], meth[k]])
            for (k = 1; k <= nb; k++) row = row " " value(exec_[l, list[i], bcr[k]])
            print row > f
        }
    }
}
function bar_rows(l, n, name,    k, row) {
    row = "\"" name "\""
    for (k = 1; k <= nb; k++) row = row " " ratio(ref[l, n], total[l, n, bcr[k]])
    for (k = 1; k <= nb; k++) row = row " " ratio(ref[l, n], exec_[l, n, bcr[k]])
    print row > (out "/speedup.dat")
    for (k = 1; k <= nb; k++)
        printf "\"%s %s\" %.4f %.4f %.4f\n", name, bcr[k], plan[l, n, bcr[k]],
            copies[l, n, bcr[k]], comm[l, n, bcr[k]] > (out "/split.dat")
}
function short(n) { return n >= 1e6 ? sprintf("%.2fM", n / 1e6) : n >= 1e3 ? sprintf("%.0fK", n / 1e3) : n }
function value(v) { return v == "" ? "NaN" : v }
function ratio(a, b) { return (a > 0 && b > 0) ? sprintf("%.3f", a / b) : "NaN" }
