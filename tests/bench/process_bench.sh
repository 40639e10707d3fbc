#!/usr/bin/env bash
# Whole-process timings: `gamesolver solve` against the judge-era baselines on the same input,
# interleaved in one run, median of RUNS (default 21) each. Usage:
#   tests/bench/process_bench.sh [BUILD_DIR]          (default build/native)
set -euo pipefail
source "$(dirname "$0")/machine.sh"
gs_bench_machine  # the day, the machine and the commit, above the table
build=${1:-build/native}
runs=${RUNS:-21}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$build/gamesolver" random staircase 10 10 1 > "$work/staircase.in"
"$build/gamesolver" random manhattan 2000 1000 1 > "$work/manhattan.in"

# Runs a command RUNS times (input on stdin), prints the median wall time in milliseconds.
median_ms() {
  local input=$1; shift
  local times=()
  for ((k = 0; k < runs; k++)); do
    local start end
    start=$(date +%s%N)
    "$@" < "$input" > "$work/out"
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

check_same() {
  "$2" < "$1" > "$work/a"; "${@:3}" < "$1" > "$work/b"
  cmp -s "$work/a" "$work/b" || { echo "outputs differ on $1" >&2; exit 1; }
}
check_same "$work/staircase.in" "$build/tests/bench/classic_staircase" "$build/gamesolver" solve staircase
check_same "$work/manhattan.in" "$build/tests/bench/judge_era_manhattan" "$build/gamesolver" solve manhattan

echo "process timings, median of $runs runs (ms), same outputs checked:"
printf '%-44s %10s\n' "command" "median ms"
for pass in 1; do
  printf '%-44s %10s\n' "gamesolver solve staircase (10x10)" "$(median_ms "$work/staircase.in" "$build/gamesolver" solve staircase)"
  printf '%-44s %10s\n' "classic 2^(n+m) mask DP (10x10)" "$(median_ms "$work/staircase.in" "$build/tests/bench/classic_staircase")"
  printf '%-44s %10s\n' "gamesolver solve manhattan (n=2000, m=1000)" "$(median_ms "$work/manhattan.in" "$build/gamesolver" solve manhattan)"
  printf '%-44s %10s\n' "judge-era sort + sweep (n=2000, m=1000)" "$(median_ms "$work/manhattan.in" "$build/tests/bench/judge_era_manhattan")"
done
