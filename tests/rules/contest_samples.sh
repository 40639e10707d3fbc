#!/usr/bin/env bash
# The contest problems written as rules files (web/examples/rules/NAME.lua) against their
# published samples (tests/rules/contest/NAME.K.in and NAME.K.out, the judge's exact output),
# solved by the plain reference (tests/rules/memo_search.lua --input, stock lua5.4: it shares
# nothing with the C++ solver). Then each of those files' random(seed, size), seeds 1..3 and
# sizes 1..10, goes through the reference too: the input must read and solve without error, and
# the same seed and size must give the same input.
# Given the gamesolver command, it checks `gamesolver solve` too: exactly the judge's output on
# every sample, and exactly the reference's output on every random input (the 对拍 of the
# solver against a brute force that shares nothing with it).
#   contest_samples.sh [GAMESOLVER]   (from anywhere; exits non-zero on any difference or error)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
reference=$here/memo_search.lua
examples=$root/web/examples/rules
cli=${1:-}
command -v lua5.4 > /dev/null || { echo "lua5.4 is not installed (.ci/deps.sh installs it)"; exit 1; }
now() { date +%s%N; }
failed=0
samples=0
names=()
for input in "$here"/contest/*.in; do
  base=$(basename "$input" .in)  # NAME.K
  name=${base%%.*}
  expected=${input%.in}.out
  [ -f "$examples/$name.lua" ] || { echo "FAIL: $base: no $examples/$name.lua"; failed=1; continue; }
  [ -f "$expected" ] || { echo "FAIL: $base: no $expected"; failed=1; continue; }
  [[ " ${names[*]} " == *" $name "* ]] || names+=("$name")
  start=$(now)
  if ! actual=$(lua5.4 "$reference" "$examples/$name.lua" --input "$input" 2>&1); then
    echo "FAIL: $base: the reference stopped: $actual"
    failed=1
    continue
  fi
  ms=$((($(now) - start) / 1000000))
  # Compare exactly, final newline included ($(...) drops it: add it back).
  if ! diff -u "$expected" <(printf '%s\n' "$actual") > /tmp/contest_samples.$$.diff; then
    echo "FAIL: $base: the reference's output differs from the judge's:"
    cat /tmp/contest_samples.$$.diff
    failed=1
  else
    echo "ok   $base ($ms ms)"
  fi
  if [ -n "$cli" ] && ! "$cli" solve "$examples/$name.lua" "$input" | cmp -s - "$expected"; then
    echo "FAIL: $base: gamesolver solve's output differs from the judge's:"
    "$cli" solve "$examples/$name.lua" "$input" 2>&1 | diff -u "$expected" - || true
    failed=1
  fi
  rm -f /tmp/contest_samples.$$.diff
  samples=$((samples + 1))
done
randoms=0
for name in "${names[@]}"; do
  start=$(now)
  for seed in 1 2 3; do
    for size in $(seq 1 10); do
      if ! input=$(lua5.4 "$reference" "$examples/$name.lua" --random "$seed" "$size" 2>&1); then
        echo "FAIL: $name: random($seed, $size) stopped: $input"
        failed=1
        continue
      fi
      again=$(lua5.4 "$reference" "$examples/$name.lua" --random "$seed" "$size")
      if [ "$input" != "$again" ]; then
        echo "FAIL: $name: random($seed, $size) gave two different inputs"
        failed=1
      fi
      if ! output=$(printf '%s\n' "$input" | lua5.4 "$reference" "$examples/$name.lua" --input - 2>&1); then
        echo "FAIL: $name: random($seed, $size) does not solve: $output"
        echo "the input was:"
        printf '%s\n' "$input"
        failed=1
      elif [ -n "$cli" ]; then
        mine=$(printf '%s\n' "$input" | "$cli" solve "$examples/$name.lua" 2>&1) || true
        if [ "$mine" != "$output" ]; then
          echo "FAIL: $name: random($seed, $size): gamesolver solve says '$mine', the reference '$output'"
          printf '%s\n' "$input"
          failed=1
        fi
      fi
      randoms=$((randoms + 1))
    done
  done
  echo "ok   $name: random, seeds 1..3, sizes 1..10 ($((($(now) - start) / 1000000)) ms)"
done
if [ "$failed" != 0 ]; then
  echo "contest samples: FAILED"
  exit 1
fi
echo "$samples samples of ${#names[@]} problems agree with the judge; $randoms random inputs solve"
