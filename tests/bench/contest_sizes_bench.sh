#!/usr/bin/env bash
# Ten real contest problems at real contest sizes: the tool beside the brute force a
# contestant writes instead.
#
# For each problem NAME of tests/bench/contest_sizes/ (its statement, constraints and the size
# used here are in the header comment of NAME.rules.lua):
#   1. the published sample: `gamesolver solve NAME.rules.lua NAME.sample.in` must print
#      NAME.sample.out byte for byte, and so must the brute forces (NAME.py, NAME.lua);
#      anything else stops the script with the difference;
#   2. the benchmark input: `python3 NAME.gen.py` (seeded: the largest input the Python brute
#      force gets through in a few seconds, or the problem's largest);
#   3. RUNS rounds (default 3), each running the tool (`gamesolver -q solve NAME.rules.lua
#      INPUT`), the Python brute force (`python3 NAME.py < INPUT`) and the plain Lua one
#      (`lua5.4 NAME.lua < INPUT`, where there is one) one after the other, every run under
#      `timeout 120` and `/usr/bin/time -f '%U %S %M'`: CPU time (user + system) and peak
#      resident memory of the whole process. Every output must equal the Python one (the
#      script stops otherwise). A tool run that fails, is refused (memory budget, positions
#      cap) or times out is reported in its row, and the tool is not run again on that input.
# Then one Markdown table of the medians, and a last line: the median over the problems of the
# tool's CPU time divided by the brute force's, "the brute force" being whichever of Python and
# Lua is faster on that problem (also the divisor of the peak ratio).
#
# Usage:
#   tests/bench/contest_sizes_bench.sh [GAMESOLVER]   (default build/native/gamesolver of the
#                                                      repository this script is in)
#   RUNS=5 tests/bench/contest_sizes_bench.sh         (rounds a problem; default 3)
#   ONLY='deque|nim' tests/bench/contest_sizes_bench.sh   (only the problems whose NAME matches)
# Needs python3, lua5.4, GNU time (/usr/bin/time) and timeout. Progress and the sample checks
# go to standard error, the table to standard output.
set -euo pipefail
source "$(dirname "$0")/machine.sh"
gs_bench_machine  # the day, the machine and the commit, above the table
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=$here/contest_sizes
gs=${1:-$root/build/native/gamesolver}
runs=${RUNS:-3}
only=${ONLY:-}
limit=120

case $gs in /*) ;; *) gs=$PWD/$gs ;; esac
[ -x "$gs" ] || { echo "contest_sizes_bench: no gamesolver at $gs (build it, or pass its path)" >&2; exit 64; }
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "contest_sizes_bench: RUNS must be a positive integer" >&2; exit 64; }
for tool in python3 lua5.4 timeout /usr/bin/time; do
  command -v "$tool" > /dev/null || { echo "contest_sizes_bench: $tool is missing" >&2; exit 64; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

problems=(one_two_k stick_game fibonacci_again playing_with_string deque euclid nim remove_pairs
  lucky7 momotetsu)
declare -A label=(
  [one_two_k]="CF 1194D 1-2-K Game (a deep line)"
  [stick_game]="CSES 1729 Stick Game (every n: r.at)"
  [fibonacci_again]="HDU 1848 Fibonacci again and again (many cases, parts)"
  [playing_with_string]="CF 305E Playing with String (interval splitting, parts)"
  [deque]="EDPC L Deque (scored)"
  [euclid]="POJ 2348 Euclid's Game (many cases, cut-offs)"
  [nim]="Luogu P2197 Nim (parts)"
  [remove_pairs]="ABC354 E Remove Pairs (bitmask)"
  [lucky7]="ABC195 E Lucky 7 Battle (mover)"
  [momotetsu]="ABC201 D Game in Momotetsu World (scored grid)"
)

fail() { echo "contest_sizes_bench: FAILED: $*" >&2; exit 1; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
ratio() {  # A B: A / B, or "—" when B is below the clock's resolution
  awk -v a="$1" -v b="$2" 'BEGIN { if (b < 0.005) print "—"; else printf "%.2f×\n", a / b }'
}
mib() { awk -v k="$1" 'BEGIN {printf "%.1f\n", k / 1024}'; }
first_line() { head -n 1 "$1" | sed 's/^gamesolver: //' | cut -c 1-160; }

# One run: KIND INPUT COMMAND... (from the problem's folder). Sets status, cpu (s) and peak
# (KiB); the output is left in $work/out.KIND, standard error in $work/err.KIND.
measure() {
  local kind=$1 in=$2
  shift 2
  status=0
  (cd "$dir" && /usr/bin/time -f '%U %S %M' -o "$work/time" timeout "$limit" "$@" \
    < "$in" > "$work/out.$kind" 2> "$work/err.$kind") || status=$?
  read -r cpu peak < <(tail -n 1 "$work/time" | awk '{printf "%.2f %d\n", $1 + $2, $3}')
}

# The published sample, through the tool and both brute forces.
check_sample() {  # NAME
  local name=$1 kind in=$dir/$1.sample.in want=$dir/$1.sample.out report=()
  for kind in tool python lua; do
    case $kind in
      tool) measure tool "$in" "$gs" -q solve "$name.rules.lua" "$in" ;;
      python) measure python "$in" python3 "$name.py" ;;
      lua) [ -f "$dir/$name.lua" ] || continue; measure lua "$in" lua5.4 "$name.lua" ;;
    esac
    local who=${kind/python/Python}
    who=${who/lua/Lua}
    if [ "$status" -ne 0 ]; then
      fail "$name: the $kind run on the published sample exited with status $status:
$(head -n 5 "$work/err.$kind")"
    fi
    if ! cmp -s "$work/out.$kind" "$want"; then
      fail "$name: the $kind output on the published sample differs from $name.sample.out:
$(diff "$want" "$work/out.$kind" | head -n 20)"
    fi
    report+=("$who ok")
  done
  echo "sample $name: $(printf '%s, ' "${report[@]}" | sed 's/, $//') (each output equals $name.sample.out)" >&2
}

rows=()
tool_ratios=()
for name in "${problems[@]}"; do
  if [ -n "$only" ] && ! [[ $name =~ $only ]]; then continue; fi
  check_sample "$name"
  in=$work/$name.in
  (cd "$dir" && python3 "$name.gen.py") > "$in"
  size=$(cd "$dir" && python3 "$name.gen.py" --describe)
  size=${size//|/\\|}
  has_lua=0
  if [ -f "$dir/$name.lua" ]; then has_lua=1; fi
  tool_cpu=() tool_peak=() py_cpu=() py_peak=() lua_cpu=() lua_peak=()
  tool_failed=""
  for ((r = 1; r <= runs; r++)); do
    echo "$name: round $r of $runs ($size)" >&2
    if [ -z "$tool_failed" ]; then
      measure tool "$in" "$gs" -q solve "$name.rules.lua" "$in"
      if [ "$status" -eq 124 ]; then
        tool_failed="timed out after $limit s"
      elif [ "$status" -ne 0 ]; then
        tool_failed="refused: $(first_line "$work/err.tool")"
        if [ "$tool_failed" = "refused: " ]; then tool_failed="failed: exit status $status"; fi
      else
        tool_cpu+=("$cpu") tool_peak+=("$peak")
      fi
      if [ -n "$tool_failed" ]; then echo "$name: the tool $tool_failed" >&2; fi
    fi
    measure python "$in" python3 "$name.py"
    [ "$status" -eq 0 ] || fail "$name: the Python brute force exited with status $status:
$(head -n 5 "$work/err.python")"
    py_cpu+=("$cpu") py_peak+=("$peak")
    if [ "$r" -eq 1 ]; then
      cp "$work/out.python" "$work/expected"
    elif ! cmp -s "$work/out.python" "$work/expected"; then
      fail "$name: the Python brute force printed something else in round $r"
    fi
    if [ -z "$tool_failed" ] && ! cmp -s "$work/out.tool" "$work/expected"; then
      fail "$name: the tool's output differs from the Python brute force's (round $r):
$(diff "$work/expected" "$work/out.tool" | head -c 2000)"
    fi
    if [ "$has_lua" -eq 1 ]; then
      measure lua "$in" lua5.4 "$name.lua"
      [ "$status" -eq 0 ] || fail "$name: the Lua brute force exited with status $status:
$(head -n 5 "$work/err.lua")"
      cmp -s "$work/out.lua" "$work/expected" ||
        fail "$name: the Lua brute force's output differs from the Python one's (round $r):
$(diff "$work/expected" "$work/out.lua" | head -c 2000)"
      lua_cpu+=("$cpu") lua_peak+=("$peak")
    fi
  done

  py_t=$(median "${py_cpu[@]}") py_m=$(median "${py_peak[@]}")
  lua_t="" lua_m=""
  if [ "$has_lua" -eq 1 ]; then lua_t=$(median "${lua_cpu[@]}") lua_m=$(median "${lua_peak[@]}"); fi
  # The brute force: the faster of the two by median CPU time.
  brute_t=$py_t brute_m=$py_m
  if [ -n "$lua_t" ] && awk -v l="$lua_t" -v p="$py_t" 'BEGIN {exit !(l < p)}'; then
    brute_t=$lua_t brute_m=$lua_m
  fi
  lua_col="—" lua_ratio="—"
  if [ -n "$lua_t" ]; then lua_col=$(printf '%.2f' "$lua_t"); fi
  if [ -n "$tool_failed" ]; then
    tool_col=${tool_failed//|/\\|} py_ratio="—" tool_m_col="—" peak_ratio="—"
  else
    tool_t=$(median "${tool_cpu[@]}") tool_m=$(median "${tool_peak[@]}")
    tool_col=$(printf '%.2f' "$tool_t")
    py_ratio=$(ratio "$tool_t" "$py_t")
    if [ -n "$lua_t" ]; then lua_ratio=$(ratio "$tool_t" "$lua_t"); fi
    tool_m_col=$(mib "$tool_m")
    peak_ratio=$(awk -v a="$tool_m" -v b="$brute_m" 'BEGIN {printf "%.2f×\n", a / b}')
    if awk -v b="$brute_t" 'BEGIN {exit !(b >= 0.005)}'; then
      tool_ratios+=("$(awk -v a="$tool_t" -v b="$brute_t" 'BEGIN {printf "%.4f\n", a / b}')")
    fi
  fi
  rows+=("| ${label[$name]} \`$name\` | $size | $tool_col | $(printf '%.2f' "$py_t") | $lua_col | $py_ratio | $lua_ratio | $tool_m_col | $(mib "$py_m") | $peak_ratio |")
done

[ "${#rows[@]}" -gt 0 ] || { echo "contest_sizes_bench: no problem matches ONLY='$only'" >&2; exit 64; }
echo "Contest problems at contest sizes: \`gamesolver solve\` ($gs) beside the brute force a contestant writes, medians of $runs runs each, CPU time (user + system) and peak resident memory by /usr/bin/time; \"the brute force\" is the faster of Python and Lua on each problem (the divisor of the peak ratio and of the last line)."
echo
echo "| problem | input size | tool CPU s | Python CPU s | Lua CPU s | tool/Python CPU ratio | tool/Lua CPU ratio | tool peak MiB | Python peak MiB | peak ratio (tool / the brute force) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
if [ "${#tool_ratios[@]}" -gt 0 ]; then
  echo "Median of the tool/brute-force CPU ratios (the brute force: the faster of Python and Lua), over the ${#tool_ratios[@]} problems the tool solved: $(printf '%.2f×' "$(median "${tool_ratios[@]}")")"
else
  echo "Median of the tool/brute-force CPU ratios: none (the tool solved no problem here)"
fi
