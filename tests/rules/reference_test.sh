#!/usr/bin/env bash
# Every example rules file (web/examples/rules/, but the one whose positions repeat) over a
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
compare() {  # FILE ARGS...
  local file=$1
  shift
  local mine theirs
  mine=$("$cli" value "$examples/$file" "$@")
  theirs=$(lua5.4 "$here/memo_search.lua" "$examples/$file" "$@")
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
echo "$checked values agree with the reference"
