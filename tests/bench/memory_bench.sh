#!/usr/bin/env bash
# Memory of a rules game's solve against the plain solutions a contestant writes (issue 33's
# "memory like the anchors"): peak resident memory by /usr/bin/time of `gamesolver` on the
# example rules file (the host's explore-then-solve: keys, hash table, edges, values), on the
# same game written for speed (tests/bench/plain/*.rules.lua: the memo search inside the
# rules' interpreter), of the plain lua5.4 memo and of the Python solution, each less the same
# program's peak on the game's smallest instance (the interpreter, the binary, the rules), in
# bytes per position of the game and per move. Then the memory budget: the peak of runs refused
# by --memory-budget, against the budget. One run each (memory does not vary from run to run).
# Usage:
#   tests/bench/memory_bench.sh [BUILD_DIR]      (default build/native)
#   SCALE=small tests/bench/memory_bench.sh      (sizes that take a second or so)
set -euo pipefail
source "$(dirname "$0")/machine.sh"
gs_bench_machine  # the day, the machine and the commit, above the table
build=${1:-build/native}
here=$(cd "$(dirname "$0")/../.." && pwd)
examples=$here/web/examples/rules
plain=$here/tests/bench/plain
g=$build/gamesolver
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ "${SCALE:-}" = small ]; then
  deque_n=600 grundy_n=1000 wythoff_n=100 c4_cols=4 budget_n=200 budgets="16M 32M" deque_budget=4M
else
  deque_n=3000 grundy_n=4000 wythoff_n=200 c4_cols=5 budget_n=400 budgets="64M 128M" deque_budget=128M
fi
python3 "$plain/deque_input.py" 1 > "$work/deque1.in"
python3 "$plain/deque_input.py" "$deque_n" > "$work/deque.in"

# Peak KiB of one run of COMMAND with its standard input from IN (its output left in
# $work/out); unless OUTPUT is empty (the first command of a row), the first word of its output
# must be OUTPUT's ("win 1" from value, "win" from --outcome and the plain memos).
peak() {  # IN OUTPUT COMMAND...
  local in=$1 want=$2
  shift 2
  /usr/bin/time -f '%M' -o "$work/time" "$@" < "$in" > "$work/out"
  if [ -n "$want" ] &&
    [ "$(head -c 64 "$work/out" | awk '{print $1; exit}')" != "$(echo "$want" | awk '{print $1; exit}')" ]; then
    echo "$* printed '$(cat "$work/out")', where the others printed '$want'" >&2
    exit 1
  fi
  cat "$work/time"
}
# The positions gamesolver's search of RULES counts (analyze's positionsSolved).
positions() {  # IN RULES ARGS...
  local in=$1
  shift
  "$g" analyze "$@" < "$in" | sed -n 's/.*"positionsSolved": \([0-9]*\).*/\1/p'
}

# row LABEL IN SMALL_IN POSITIONS MOVES -- COMMAND SMALL_ARGS... -- ...: one line a command,
# its peak on IN less its peak on SMALL_IN; a command is its words up to "|", then the words
# that replace its last arguments for the small instance.
row() {
  local label=$1 in=$2 small=$3 npos=$4 nmoves=$5
  shift 6
  local program=() word output=""
  run_one() {
    local big small_peak full split=0 w
    local cmd=() small_cmd=()
    for w in "${program[@]}"; do
      if [ "$w" = "|" ]; then split=1; continue; fi
      if [ $split = 0 ]; then cmd+=("$w"); else small_cmd+=("$w"); fi
    done
    big=$(peak "$in" "$output" "${cmd[@]}")
    [ -n "$output" ] || output=$(cat "$work/out")
    full=("${cmd[@]:0:${#cmd[@]}-${#small_cmd[@]}}" ${small_cmd[@]+"${small_cmd[@]}"})
    /usr/bin/time -f '%M' -o "$work/time" "${full[@]}" < "$small" > /dev/null
    small_peak=$(cat "$work/time")
    awk -v l="$label" -v w="${cmd[*]}" -v p="$npos" -v m="$nmoves" -v b="$big" -v s="$small_peak" \
      -v root="$here/" 'BEGIN {
        gsub(root, "", w); sub(/^[^ ]*\//, "", w)
        bytes = (b - s) * 1024
        per_move = m > 0 ? sprintf("%.1f", bytes / m) : "—"
        printf "| %s | `%s` | %d MB | %.1f | %s |\n", l, w, b / 1024, bytes / p, per_move
      }'
  }
  for word in "$@"; do
    if [ "$word" = "--" ]; then run_one; program=(); else program+=("$word"); fi
  done
  run_one
}

echo "peak resident memory, less the same program's on the smallest instance:"
echo "| game (positions, moves) | program | peak | bytes a position | bytes a move |"
echo "|---|---|---|---|---|"
n=$deque_n
deque_pos=$(positions "$work/deque.in" "$plain/deque.rules.lua")
row "Deque, N = $n ($deque_pos, $((n * (n + 1))))" "$work/deque.in" "$work/deque1.in" \
  "$deque_pos" $((n * (n + 1))) -- \
  "$g" solve "$examples/deque.lua" "|" -- "$g" solve "$plain/deque.rules.lua" "|" -- \
  lua5.4 "$plain/deque.lua" "|" -- python3 "$plain/deque_table.py" "|" -- \
  python3 "$plain/deque.py" "|"

n=$wythoff_n
wythoff_moves=$(python3 -c "n = $n; print(sum(i + j + min(i, j) for i in range(n + 1) for j in range(n + 1)))")
wythoff_pos=$(( (n + 1) * (n + 1) ))
row "Wythoff's game from ($n, $n) ($wythoff_pos, $wythoff_moves)" /dev/null /dev/null \
  "$wythoff_pos" "$wythoff_moves" -- \
  "$g" value "$examples/wythoff.lua" "a=$n" "b=$n" "|" a=1 b=1 -- \
  "$g" value --outcome "$examples/wythoff.lua" "a=$n" "b=$n" "|" a=1 b=1 -- \
  "$g" value "$plain/wythoff.rules.lua" "a=$n" "b=$n" "|" a=1 b=1 -- \
  lua5.4 "$plain/wythoff.lua" "$n" "$n" "|" 1 1 -- python3 "$plain/wythoff.py" "$n" "$n" "|" 1 1

n=$grundy_n
grundy_moves=$(python3 -c "print(sum((h - 1) // 2 for h in range(3, $n + 1)))")
row "Grundy's game, n = $n ($n, $grundy_moves)" /dev/null /dev/null "$n" "$grundy_moves" -- \
  "$g" value "$examples/grundy.lua" "n=$n" "|" n=1 -- \
  "$g" value "$plain/grundy.rules.lua" "n=$n" "|" n=1 -- \
  lua5.4 "$plain/grundy.lua" "$n" "|" 1 -- python3 "$plain/grundy.py" "$n" "|" 1

c4_pos=$(positions /dev/null "$examples/connect4.lua" rows=4 "cols=$c4_cols")
row "Connect Four 4 × $c4_cols ($c4_pos, —)" /dev/null /dev/null "$c4_pos" 0 -- \
  "$g" value "$examples/connect4.lua" rows=4 "cols=$c4_cols" "|" rows=1 cols=1 -- \
  "$g" value --outcome "$examples/connect4.lua" rows=4 "cols=$c4_cols" "|" rows=1 cols=1 -- \
  "$g" value --outcome "$plain/connect4.rules.lua" rows=4 "cols=$c4_cols" "|" rows=1 cols=1 -- \
  lua5.4 "$plain/connect4_bits.lua" 4 "$c4_cols" "|" 1 1 -- \
  python3 "$plain/connect4.py" 4 "$c4_cols" "|" 1 1

echo
echo "the memory budget: runs refused by --memory-budget, their peak against the budget:"
echo "| run | budget | peak | the refusal |"
echo "|---|---|---|---|"
budget_row() {  # BUDGET IN COMMAND...
  local budget=$1 in=$2 status=0
  shift 2
  /usr/bin/time -f '%M' -o "$work/time" "$@" --memory-budget "$budget" < "$in" > /dev/null \
    2> "$work/err" || status=$?
  [ "$status" = 2 ] || { echo "$* --memory-budget $budget exited $status, not 2 (refused)" >&2; exit 1; }
  local words="$*"
  # shellcheck disable=SC2016
  printf '| `%s` | %s | %d MB | %s |\n' "${words//$here\//}" "$budget" "$(( $(tail -1 "$work/time") / 1024 ))" \
    "$(grep -o 'the game needs.*\|the rules used.*' "$work/err" | head -1)"
}
for budget in $budgets; do
  budget_row "$budget" /dev/null "$g" value "$examples/wythoff.lua" "a=$budget_n" "b=$budget_n"
done
budget_row "$deque_budget" "$work/deque.in" "$g" solve "$examples/deque.lua"
budget_row "$deque_budget" "$work/deque.in" "$g" solve "$plain/deque.rules.lua"
