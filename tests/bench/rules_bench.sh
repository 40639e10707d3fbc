#!/usr/bin/env bash
# Rules games, whole processes: `gamesolver value` against a straightforward memoised search in
# the stock lua5.4 interpreter (tests/rules/memo_search.lua) over the same rules file, interleaved
# in one run, median of RUNS (default 5) each; the two outputs must be equal. Usage:
#   tests/bench/rules_bench.sh [BUILD_DIR]          (default build/native)
set -euo pipefail
source "$(dirname "$0")/machine.sh"
gs_bench_machine  # the day, the machine and the commit, above the table
build=${1:-build/native}
runs=${RUNS:-5}
here=$(cd "$(dirname "$0")/../.." && pwd)
examples=$here/web/examples/rules
reference=$here/tests/rules/memo_search.lua

declare -A mine theirs
measure() {  # NAME COMMAND...: appends one wall time in ms to the named list
  local name=$1 start end
  shift
  start=$(date +%s%N)
  "$@" > /dev/null
  end=$(date +%s%N)
  eval "$name+=(\$(( (end - start) / 1000000 )))"
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

row() {  # LABEL FILE ARGS...
  local label=$1 file=$2
  shift 2
  local a b
  a=$("$build/gamesolver" value "$examples/$file" "$@")
  b=$(lua5.4 "$reference" "$examples/$file" "$@")
  [ "$a" = "$b" ] || { echo "outputs differ on $file $*: '$a' and '$b'" >&2; exit 1; }
  local ours=() plain=()
  for ((k = 0; k < runs; k++)); do
    measure ours "$build/gamesolver" value "$examples/$file" "$@"
    measure plain lua5.4 "$reference" "$examples/$file" "$@"
  done
  local o p
  o=$(median "${ours[@]}")
  p=$(median "${plain[@]}")
  printf '%-40s %-10s %10s %12s %8s\n' "$label" "$a" "$o" "$p" "$(awk -v o="$o" -v p="$p" 'BEGIN {printf "%.1fx", p / (o > 0 ? o : 1)}')"
}

echo "rules games, whole processes, median of $runs runs (ms), same outputs checked:"
printf '%-40s %-10s %10s %12s %8s\n' "game" "value" "gamesolver" "plain lua5.4" "speed-up"
row "Wythoff's game from (100, 100)" wythoff.lua a=100 b=100
row "Kayles, n = 600 (parts)" kayles.lua n=600
row "take 1 or 2, n = 20000" take12.lua n=20000
row "Dawson's Kayles, n = 600 (parts)" dawson.lua n=600
