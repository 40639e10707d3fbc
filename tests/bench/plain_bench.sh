#!/usr/bin/env bash
# Rules games against the plain solution a contestant writes for the same game (issue 33):
# `gamesolver` on a rules file from web/examples/rules, and on the same game's rules written for
# speed (tests/bench/plain/*.rules.lua: integer positions and moves), against a memo written
# for that game in the stock lua5.4 interpreter and in Python (tests/bench/plain/; for Deque,
# Python's bottom-up DP over the whole table, as issue 33 measured it, and in a last row the
# faster DP that keeps one row of it), whole processes, interleaved, CPU time (user + system)
# and peak resident memory by /usr/bin/time, median of RUNS (default 3) each; the three outputs
# must be equal. Usage:
#   tests/bench/plain_bench.sh [BUILD_DIR]            (default build/native)
#   SCALE=small tests/bench/plain_bench.sh            (sizes that take a second or so)
#   ONLY=Deque tests/bench/plain_bench.sh             (only the rows whose label matches)
set -euo pipefail
source "$(dirname "$0")/machine.sh"
gs_bench_machine  # the day, the machine and the commit, above the table
build=${1:-build/native}
runs=${RUNS:-3}
here=$(cd "$(dirname "$0")/../.." && pwd)
examples=$here/web/examples/rules
plain=$here/tests/bench/plain
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "${SCALE:-}" = small ]; then
  deque_n=600 grundy_n=1000 wythoff_n=100 c4_rows=4 c4_cols=4
else
  deque_n=3000 grundy_n=4000 wythoff_n=300 c4_rows=4 c4_cols=5
fi
python3 "$plain/deque_input.py" "$deque_n" > "$work/deque.in"

# CPU seconds and peak KiB of one run of COMMAND (its standard input from IN, or nothing).
cost() {  # IN COMMAND...
  local in=$1
  shift
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" < "$in" > "$work/out"
  awk '{printf "%.2f %d\n", $1 + $2, $3}' "$work/time"
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

row() {  # LABEL IN -- TOOL... -- LUA... -- PYTHON...
  local label=$1 in=$2
  shift 3
  if [ -n "${ONLY:-}" ] && ! [[ $label =~ $ONLY ]]; then return 0; fi
  local commands=() current=()
  for arg in "$@"; do
    if [ "$arg" = "--" ]; then commands+=("${current[*]}"); current=(); else current+=("$arg"); fi
  done
  commands+=("${current[*]}")
  local outputs=() k c
  for c in "${commands[@]}"; do
    # shellcheck disable=SC2086
    outputs+=("$($c < "$in")")
  done
  for k in 1 2; do
    [ "${outputs[0]}" = "${outputs[$k]}" ] ||
      { echo "outputs differ on $label: '${outputs[0]}' and '${outputs[$k]}'" >&2; exit 1; }
  done
  local times0=() times1=() times2=() mem0=() mem1=() mem2=() r
  for ((r = 0; r < runs; r++)); do
    for k in 0 1 2; do
      # shellcheck disable=SC2086
      read -r t m < <(cost "$in" ${commands[$k]})
      eval "times$k+=($t); mem$k+=($m)"
    done
  done
  local t0 t1 t2
  t0=$(median "${times0[@]}") t1=$(median "${times1[@]}") t2=$(median "${times2[@]}")
  printf '| %s | %s | %s s, %s MB | %s s, %s MB | %s s, %s MB | %s | %s |\n' "$label" \
    "$(printf '%s' "${outputs[0]}" | head -c 24)" \
    "$t0" "$(( $(median "${mem0[@]}") / 1024 ))" "$t1" "$(( $(median "${mem1[@]}") / 1024 ))" \
    "$t2" "$(( $(median "${mem2[@]}") / 1024 ))" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f×", a / (b > 0 ? b : 0.01)}')" \
    "$(awk -v a="$t0" -v b="$t2" 'BEGIN {printf "%.1f×", a / (b > 0 ? b : 0.01)}')"
}

g=$build/gamesolver
echo "rules games against a plain memo for the game, CPU time and peak memory, median of $runs runs:"
echo "| game | answer | gamesolver | plain lua5.4 | Python | ÷ lua5.4 | ÷ Python |"
echo "|---|---|---|---|---|---|---|"
row "EDPC L Deque, N = $deque_n (a margin)" "$work/deque.in" -- \
  "$g" solve "$examples/deque.lua" -- lua5.4 "$plain/deque.lua" -- python3 "$plain/deque_table.py"
row "Deque, rules with integer positions" "$work/deque.in" -- \
  "$g" solve "$plain/deque.rules.lua" -- lua5.4 "$plain/deque.lua" -- python3 "$plain/deque_table.py"
row "Deque, the same against Python keeping one row of the table" "$work/deque.in" -- \
  "$g" solve "$plain/deque.rules.lua" -- lua5.4 "$plain/deque.lua" -- python3 "$plain/deque.py"
row "Grundy's game, n = $grundy_n (parts)" /dev/null -- \
  "$g" value "$examples/grundy.lua" "n=$grundy_n" -- lua5.4 "$plain/grundy.lua" "$grundy_n" -- \
  python3 "$plain/grundy.py" "$grundy_n"
row "Grundy's game, rules with integer heaps" /dev/null -- \
  "$g" value "$plain/grundy.rules.lua" "n=$grundy_n" -- lua5.4 "$plain/grundy.lua" "$grundy_n" -- \
  python3 "$plain/grundy.py" "$grundy_n"
row "Wythoff's game from ($wythoff_n, $wythoff_n), --outcome" /dev/null -- \
  "$g" value --outcome "$examples/wythoff.lua" "a=$wythoff_n" "b=$wythoff_n" -- \
  lua5.4 "$plain/wythoff.lua" "$wythoff_n" "$wythoff_n" -- \
  python3 "$plain/wythoff.py" "$wythoff_n" "$wythoff_n"
row "Wythoff's game, rules with integer positions and moves" /dev/null -- \
  "$g" value --outcome "$plain/wythoff.rules.lua" "a=$wythoff_n" "b=$wythoff_n" -- \
  lua5.4 "$plain/wythoff.lua" "$wythoff_n" "$wythoff_n" -- \
  python3 "$plain/wythoff.py" "$wythoff_n" "$wythoff_n"
row "Connect Four $c4_rows × $c4_cols, --outcome" /dev/null -- \
  "$g" value --outcome "$examples/connect4.lua" "rows=$c4_rows" "cols=$c4_cols" -- \
  lua5.4 "$plain/connect4.lua" "$c4_rows" "$c4_cols" -- python3 "$plain/connect4.py" "$c4_rows" "$c4_cols"
row "Connect Four, rules with bitboard positions (the plain memo too)" /dev/null -- \
  "$g" value --outcome "$plain/connect4.rules.lua" "rows=$c4_rows" "cols=$c4_cols" -- \
  lua5.4 "$plain/connect4_bits.lua" "$c4_rows" "$c4_cols" -- \
  python3 "$plain/connect4.py" "$c4_rows" "$c4_cols"
