#!/usr/bin/env bash
# Contest problems written as rules files, whole processes on judge-sized inputs: `gamesolver
# solve RULES` against the brute force a contestant writes instead, a plain memoised recursion
# in the stock lua5.4 interpreter with cut-offs that works out only what the answer reads
# (tests/bench/contestant_brute.lua), interleaved in one run, median of RUNS (default 5) each;
# the two outputs must be equal. Usage:
#   tests/bench/contest_bench.sh [BUILD_DIR]          (default build/native)
set -euo pipefail
source "$(dirname "$0")/machine.sh"
gs_bench_machine  # the day, the machine and the commit, above the table
build=${1:-build/native}
runs=${RUNS:-5}
here=$(cd "$(dirname "$0")/../.." && pwd)
examples=$here/web/examples/rules
brute=$here/tests/bench/contestant_brute.lua
inputs=$(mktemp -d)
trap 'rm -rf "$inputs"' EXIT

# Judge-sized inputs, seeded (Python's random with a fixed seed).
python3 - "$inputs" <<'PY'
import random, sys
d = sys.argv[1]
r = random.Random(7)
def w(name, text): open(f"{d}/{name}.in", "w").write(text)
a = sorted(r.sample(range(1, 101), 100))
w("stones", f"100 30000\n{' '.join(map(str, a))}\n")                 # EDPC K (at its K = 100,000 the plain recursion overflows Lua's stack)
w("deque", f"300\n{' '.join(str(r.randint(1, 10**9)) for _ in range(300))}\n")
w("nim", "10\n" + "".join(f"10\n{' '.join(str(r.randint(0, 300)) for _ in range(10))}\n" for _ in range(10)))
w("anti_nim", "5\n" + "".join(f"4\n{' '.join(str(r.randint(1, 9)) for _ in range(4))}\n" for _ in range(5)))
w("deleting_divisors", "30\n" + "".join(f"{r.randint(1, 3000)}\n" for _ in range(30)))
w("substring_removal", "10\n" + "".join(''.join(r.choice('01') for _ in range(20)) + "\n" for _ in range(10)))
words = ["ab", "bc", "ca", "ad", "da", "bd", "db", "cd", "dc", "ba", "cb", "ac"]
w("shiritori", f"{len(words)}\n" + "\n".join(words) + "\n")
PY
cp "$here/tests/rules/contest/winning_move.1.in" "$inputs/winning_move.in"
cp "$here/tests/rules/contest/weighted_tictactoe.1.in" "$inputs/weighted_tictactoe.in"

measure() {  # NAME COMMAND...: appends one wall time in ms to the named list
  local name=$1 start end
  shift
  start=$(date +%s%N)
  "$@" > /dev/null
  end=$(date +%s%N)
  eval "$name+=(\$(( (end - start) / 1000000 )))"
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

row() {  # NAME LABEL
  local name=$1 label=$2 input=$inputs/$1.in a b
  a=$("$build/gamesolver" solve "$examples/$name.lua" "$input")
  b=$(lua5.4 "$brute" "$examples/$name.lua" "$input")
  [ "$a" = "$b" ] || { echo "outputs differ on $name: '$a' and '$b'" >&2; exit 1; }
  local ours=() plain=()
  for ((k = 0; k < runs; k++)); do
    measure ours "$build/gamesolver" solve "$examples/$name.lua" "$input"
    measure plain lua5.4 "$brute" "$examples/$name.lua" "$input"
  done
  local o p
  o=$(median "${ours[@]}")
  p=$(median "${plain[@]}")
  printf '| %s | %s | %s ms | %s ms | %s |\n' "$label" "$(printf '%s' "$a" | head -c 24 | tr '\n' ' ')" "$o" "$p" \
    "$(awk -v o="$o" -v p="$p" 'BEGIN {printf "%.1f×", p / (o > 0 ? o : 1)}')"
}

echo "contest problems, whole processes, median of $runs runs, same outputs checked:"
echo "| problem and input | output | gamesolver solve | contestant's brute force (lua5.4) | speed-up |"
echo "|---|---|---|---|---|"
row stones "EDPC K Stones, N = 100, K = 30,000 (who wins: cut-offs)"
row deque "EDPC L Deque, N = 300 (a margin: 90,600 nodes)"
row nim "Luogu P2197 Nim, 10 cases of 10 piles up to 300 (sg, parts)"
row anti_nim "Luogu P4279 anti-Nim, 5 cases of 4 piles up to 9 (misère)"
row deleting_divisors "CF 1537D Deleting Divisors, 30 cases, n up to 3000"
row substring_removal "CF 1398B Substring Removal, 10 strings of 20 (scored)"
row shiritori "ABC278 F Shiritori, 12 words (bitmask positions)"
row winning_move "POJ 1568 Find the Winning Move, the sample (130,000 positions)"
row weighted_tictactoe "ABC349 E Weighted Tic-Tac-Toe, sample 1 (partisan)"
