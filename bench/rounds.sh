# Sourced by the scripts that time two binaries in interleaved rounds (compare.sh, text.sh):
# `seconds CMD…` prints how long CMD took (its output dropped); `median` reads space-separated
# times on stdin and prints their median.
seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
