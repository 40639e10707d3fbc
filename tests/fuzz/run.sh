#!/usr/bin/env bash
# Runs one libFuzzer target for as long as asked, on its checked-in corpus, and keeps every
# crashing input as a file in tests/fuzz/crashes/ (turn each into a corpus file and a regression
# test before fixing it). New interesting inputs go to a scratch folder, not the repository.
#   tests/fuzz/run.sh TARGET SECONDS [extra libFuzzer flags]
#   tests/fuzz/run.sh session_fuzz 600 -jobs=2
# Targets: judge_parser_fuzz link_fuzz recipe_fuzz rules_fuzz session_fuzz (the fuzz preset).
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ $# -lt 2 ]; then
  echo "usage: tests/fuzz/run.sh TARGET SECONDS [libFuzzer flags]" >&2
  exit 64
fi
target=$1
seconds=$2
shift 2
binary=build/fuzz/tests/fuzz/$target
if [ ! -x "$binary" ]; then
  cmake --preset fuzz > /dev/null
  cmake --build --preset fuzz --target "$target"
fi
[ -d "tests/fuzz/corpus/$target" ] || { echo "no corpus for $target in tests/fuzz/corpus/" >&2; exit 64; }
mkdir -p tests/fuzz/crashes
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$binary" -max_total_time="$seconds" -artifact_prefix="tests/fuzz/crashes/$target-" "$@" \
  "$scratch" "tests/fuzz/corpus/$target"
