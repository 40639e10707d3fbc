#!/usr/bin/env bash
# Many cases of one impartial game whose positions are tables: the host's solve shared by the
# cases of an input (core/rules/rules_judge.cpp, CaseSolves), beside the brute force a
# contestant writes. The rules are web/examples/rules/nim.lua (Luogu P2197: a sum of piles by
# `parts`, each part the table {pile}) with its T <= 10 raised to 100,000; the input is CASES
# cases (default 10,000) of three piles below 1,000, seeded. The tool (`gamesolver -q solve`)
# and tests/bench/plain/nim_cases.py run one after the other RUNS times (default 3), CPU time
# (user + system) and peak memory by /usr/bin/time, medians printed; the outputs must be equal.
# Usage: tests/bench/shared_cases_bench.sh [GAMESOLVER]   (default build/native/gamesolver)
set -euo pipefail
source "$(dirname "$0")/machine.sh"
gs_bench_machine  # the day, the machine and the commit, above the table
root=$(cd "$(dirname "$0")/../.." && pwd)
gs=${1:-$root/build/native/gamesolver}
runs=${RUNS:-3}
cases=${CASES:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed 's/input:int(1, 10) do/input:int(1, 100000) do/' "$root/web/examples/rules/nim.lua" > "$work/nim.lua"
grep -q 'input:int(1, 100000)' "$work/nim.lua" || { echo "shared_cases_bench: nim.lua's T bound not found" >&2; exit 1; }
python3 - "$cases" > "$work/in" <<'PY'
import random, sys
random.seed(1)
t = int(sys.argv[1])
print(t)
for _ in range(t):
    print(3)
    print(*[random.randint(0, 999) for _ in range(3)])
PY
"$gs" -q solve "$work/nim.lua" "$work/in" > "$work/tool.out"
python3 "$root/tests/bench/plain/nim_cases.py" < "$work/in" > "$work/python.out"
cmp -s "$work/tool.out" "$work/python.out" || { echo "shared_cases_bench: the outputs differ" >&2; exit 1; }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
tool_t=() tool_m=() py_t=() py_m=()
for ((r = 0; r < runs; r++)); do
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$gs" -q solve "$work/nim.lua" "$work/in" > /dev/null
  read -r u s m < "$work/time"; tool_t+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')"); tool_m+=("$m")
  /usr/bin/time -f '%U %S %M' -o "$work/time" python3 "$root/tests/bench/plain/nim_cases.py" < "$work/in" > /dev/null
  read -r u s m < "$work/time"; py_t+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')"); py_m+=("$m")
done
echo "Nim, $cases cases of three piles below 1,000 (nim.lua, table parts), medians of $runs:"
echo "| | CPU | peak |"
echo "|---|---|---|"
echo "| gamesolver solve | $(median "${tool_t[@]}") s | $(( $(median "${tool_m[@]}") / 1024 )) MiB |"
echo "| Python brute force | $(median "${py_t[@]}") s | $(( $(median "${py_m[@]}") / 1024 )) MiB |"
