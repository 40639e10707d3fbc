#!/usr/bin/env bash
# Every example rules file (web/examples/rules/, but the one whose positions repeat), and the
# benchmark's rules written for speed (tests/bench/plain/*.rules.lua), over a
# grid of parameters: `gamesolver value` must print exactly what a plain memoised search in the
# stock lua5.4 interpreter prints (tests/rules/memo_search.lua), an independent reference that
# shares nothing with the solver but the rules file.
#   reference_test.sh GAMESOLVER EXAMPLES_DIR
set -euo pipefail
cli=$1
examples=$2
here=$(dirname "$0")
command -v lua5.4 > /dev/null || { echo "lua5.4 is not installed (.ci/deps.sh installs it)"; exit 1; }
checked=0
compare() {  # FILE ARGS... (FILE in EXAMPLES_DIR, or a path with a slash)
  local file=$1
  shift
  case $file in */*) ;; *) file=$examples/$file ;; esac
  local mine theirs
  mine=$("$cli" value "$file" "$@")
  theirs=$(lua5.4 "$here/memo_search.lua" "$file" "$@")
  if [ "$mine" != "$theirs" ]; then
    echo "FAIL: $file $*: gamesolver says '$mine', the reference '$theirs'"
    exit 1
  fi
  checked=$((checked + 1))
}
for n in $(seq 0 30); do compare take12.lua n=$n; compare take134.lua n=$n; done
for n in $(seq 0 24); do compare dawson.lua n=$n; compare kayles.lua n=$n; done
for n in $(seq 0 8); do compare pick_ends.lua n=$n; done
for a in $(seq 0 6); do for b in $(seq 0 6); do
  compare nim2.lua a=$a b=$b
  compare wythoff.lua a=$a b=$b
  compare queen.lua x=$a y=$b
done; done
# Draws that end (result) and partisan games (who moves is an argument, not in the position).
compare tictactoe.lua
for n in $(seq 0 24); do compare grundy.lua n=$n; done
for rows in 1 2 3; do for cols in 1 2 3 4; do compare domineering.lua rows=$rows cols=$cols; done; done
for rows in 1 2 3; do for cols in 1 2 3; do compare connect4.lua rows=$rows cols=$cols; done; done
compare connect4.lua rows=2 cols=4
compare connect4.lua rows=4 cols=2
# The benchmark's rules written for speed (tests/bench/plain/*.rules.lua): integer positions.
plain=$here/../bench/plain
for n in $(seq 0 24); do compare "$plain/grundy.rules.lua" n=$n; done
for a in $(seq 0 6); do for b in $(seq 0 6); do compare "$plain/wythoff.rules.lua" a=$a b=$b; done; done
# Connect Four with bitboard positions: the reference's value, the example's (strings), and the
# outcome of the plain bitboard memo (tests/bench/plain/connect4_bits.lua).
for rows in 1 2 3 4; do for cols in 1 2 3 4; do
  compare "$plain/connect4.rules.lua" rows=$rows cols=$cols
  [ $((rows * cols)) -gt 12 ] && continue
  mine=$("$cli" value "$plain/connect4.rules.lua" rows=$rows cols=$cols)
  theirs=$("$cli" value "$examples/connect4.lua" rows=$rows cols=$cols)
  [ "$mine" = "$theirs" ] || { echo "FAIL: connect4.rules.lua $rows x $cols: '$mine', connect4.lua '$theirs'"; exit 1; }
  mine=$("$cli" value --outcome "$plain/connect4.rules.lua" rows=$rows cols=$cols)
  theirs=$(lua5.4 "$plain/connect4_bits.lua" $rows $cols)
  [ "$mine" = "$theirs" ] || { echo "FAIL: connect4.rules.lua --outcome $rows x $cols: '$mine', the memo '$theirs'"; exit 1; }
  checked=$((checked + 2))
done; done
# Deque's, as a judge reads it, against the memo a contestant writes (tests/bench/plain/deque.lua).
for input in "4\n10 80 90 30" "3\n10 100 10" "1\n10" "10\n1000000000 1 1000000000 1 1000000000 1 1000000000 1 1000000000 1" "6\n4 2 9 7 1 5"; do
  mine=$(printf "$input\n" | "$cli" solve "$plain/deque.rules.lua" -)
  theirs=$(printf "$input\n" | lua5.4 "$plain/deque.lua")
  [ "$mine" = "$theirs" ] || { echo "FAIL: deque.rules.lua on '$input': '$mine', the memo '$theirs'"; exit 1; }
  checked=$((checked + 1))
done
echo "$checked values agree with the reference"
