# SPDX-License-Identifier: MIT
# bench/host/plot.gp - ns/op at 64k elements per operation: floor, kit, standard peers.
# gnuplot -e "datafile='...'; outfile='...'" bench/host/plot.gp
set terminal pngcairo size 1600,800 font ",10"
set output outfile
set title "bento host benchmarks at 64k elements: the raw floor, the kit (its first variant) and standard peers (ns/op, log scale, lower is better)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set datafile missing "-"
set logscale y
set ylabel "ns per operation"
set xtics rotate by -35 noenhanced
set key outside right top noenhanced
set grid ytics
columns = system("head -n 1 '" . datafile . "' | awk -F'\t' '{print NF}'")
plot for [i=2:columns] datafile using i:xtic(1) title columnhead(i)
