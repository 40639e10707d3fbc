#!/usr/bin/env bash
# `analyze` of impartial games with parts against their `value` (issue 33: the analysis of a
# parts game costs at most twice its value): whole processes, interleaved, CPU time (user +
# system) and peak resident memory by /usr/bin/time, median of RUNS (default 3) each. The
# examples declare moves_by_part; with BEFORE=1 each is also analysed with that line removed
# (every move of every step played by the rules: a minute for Kayles n = 2000), once.
#   tests/bench/analyze_bench.sh [BUILD_DIR]            (default build/native)
set -euo pipefail
source "$(dirname "$0")/machine.sh"
gs_bench_machine  # the day, the machine and the commit, above the table
build=${1:-build/native}
runs=${RUNS:-3}
here=$(cd "$(dirname "$0")/../.." && pwd)
examples=$here/web/examples/rules
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g=$build/gamesolver

cost() {  # COMMAND...: "CPU-seconds peak-MB" of one run, its output thrown away
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" > /dev/null
  awk '{printf "%.2f %d\n", $1 + $2, $3 / 1024}' "$work/time"
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "analyze against value, CPU time and peak memory, median of $runs runs:"
echo "| game | value | analyze | analyze ÷ value | analysis |"
echo "|---|---|---|---|---|"
row() {  # LABEL FILE PARAM
  local label=$1 file=$examples/$2 param=$3 r t m
  local values=() analyses=() vmem=() amem=()
  grep -q "moves_by_part = true" "$file" || { echo "$2 does not declare moves_by_part" >&2; exit 1; }
  for ((r = 0; r < runs; r++)); do
    read -r t m < <(cost "$g" value "$file" "$param")
    values+=("$t") vmem+=("$m")
    read -r t m < <(cost "$g" analyze "$file" "$param")
    analyses+=("$t") amem+=("$m")
  done
  local v a size
  v=$(median "${values[@]}") a=$(median "${analyses[@]}")
  size=$("$g" analyze "$file" "$param" | wc -c)
  printf '| %s | %s s, %s MB | %s s, %s MB | %s | %s MB |\n' "$label" "$v" "$(median "${vmem[@]}")" \
    "$a" "$(median "${amem[@]}")" "$(awk -v a="$a" -v b="$v" 'BEGIN {printf "%.2f×", a / b}')" \
    "$(( size / 1000000 ))"
  if [ "${BEFORE:-0}" = 1 ]; then
    grep -v "moves_by_part = true" "$file" > "$work/undeclared.lua"
    read -r t m < <(cost "$g" analyze "$work/undeclared.lua" "$param")
    echo "|   without moves_by_part | | $t s, $m MB | $(awk -v a="$t" -v b="$v" 'BEGIN {printf "%.1f×", a / b}') | |"
  fi
}
row "Kayles, n = 2000" kayles.lua n=2000
row "Dawson's Kayles, n = 2000" dawson.lua n=2000
row "Grundy's game, n = 1000" grundy.lua n=1000
