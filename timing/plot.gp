# Draws one experiment's plots from the files timing/plot_data.awk made:
#   gnuplot -e "dir='DATA'; name='TITLE'; out='PREFIX'" timing/plot.gp
# writes PREFIX-speedup.png, PREFIX-time.png and PREFIX-split.png.
set terminal pngcairo size 1100,520 font ",9"
set termoption noenhanced
set grid ytics
set key outside right top

nb = int(system("wc -l < " . dir . "/methods.txt"))
nc = int(system("wc -l < " . dir . "/cases.txt"))
caselabel(k) = system("sed -n " . k . "p " . dir . "/cases.txt")

# Speedup over ScaLAPACK per case (its largest N): with a fresh plan per call,
# as ScaLAPACK works, and with the plan reused, as bcredist's routines do on
# repeated calls with one layout.
set output out . "-speedup.png"
set multiplot layout 2,1 title name . ": speedup over ScaLAPACK (ScaLAPACK time / bcredist time; > 1 is faster)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set xtics rotate by -25 scale 0
set ylabel "speedup"
set yrange [0:*]
set title "plan made afresh every call"
plot for [k=2:nb+1] dir . "/speedup.dat" using k:xtic(1) title columnhead, 1 with lines lc "black" dt 2 notitle
set title "plan reused (execution only)"
plot for [k=nb+2:2*nb+1] dir . "/speedup.dat" using k:xtic(1) title columnhead, 1 with lines lc "black" dt 2 notitle
unset multiplot

# Time against N per method, one panel per case; dashed: the plan reused.
set output out . "-time.png"
cols = nc < 5 ? nc : 5
rows = (nc + cols - 1) / cols
set terminal pngcairo size (cols * 300 + 120),(rows * 280 + 60) font ",8"
set output out . "-time.png"
set style data linespoints
set xtics norotate scale 1
set format x "%.1s%c"
set xlabel "N (elements)"
set ylabel "ms per call"
set yrange [0:*]
set key inside left top font ",7"
set multiplot layout rows,cols title name . ": time against N (bcredist: solid, fresh plan; dashed, plan reused)"
do for [c=1:nc] {
    f = dir . "/case_" . c . ".dat"
    set title caselabel(c)
    plot for [k=2:nb+2] f using 1:k title columnhead lc (k-1), \
         for [k=nb+3:2*nb+2] f using 1:k title columnhead lc (k-nb-1) dt 2
}
unset multiplot

# Where bcredist's time goes, per row of speedup.dat and per method:
# planning, copies (pack, unpack, local) and communication, as the papers
# split computation from communication.
set terminal pngcairo size 1100,480 font ",9"
set output out . "-split.png"
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
set xtics rotate by -60 scale 0 font ",7"
set key outside right top
unset xlabel
set ylabel "ms per call"
set title name . ": computation (planning, copies) and communication per case and method"
plot dir . "/split.dat" using 2:xtic(1) title "planning", "" using 3 title "pack+unpack+local", "" using 4 title "communication"
