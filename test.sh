#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: the native suites (Release
# and sanitizers), the node tests of the WebAssembly module, and the browser tests of the app.
# Exits non-zero on any failure.
#   ./test.sh
set -euo pipefail
cd "$(dirname "$0")"
source .ci/deps.sh

# Each part's heading says when it began (a fresh run should stay under 40 minutes).
part() { echo "== $* ($(date +%T), $((SECONDS / 60)) min $((SECONDS % 60)) s in) =="; }

part "setup: what is missing, from Debian and npm (a line a step; the full log in build/setup.log)"
gs_web_deps "$PWD"
gs_browser_deps "$PWD"
gs_types_deps "$PWD"

part "setup's fallbacks, with a fake apt-get, apt-cache and npm (tests/setup/fallback_test.sh)"
bash tests/setup/fallback_test.sh

part "formatting (.clang-format, clang-format 14)"
git ls-files '*.cpp' '*.h' | xargs clang-format-14 --dry-run --Werror

part "native build and tests (Release)"
cmake --preset native > /dev/null
cmake --build --preset native
ctest --preset native

part "native tests under AddressSanitizer + UndefinedBehaviorSanitizer"
cmake --preset native-asan > /dev/null
cmake --build --preset native-asan
ctest --preset native-asan

part "fuzz targets, 10 s each with a fixed seed, two at a time (when clang++-14 is installed)"
if command -v clang++-14 > /dev/null; then
  cmake --preset fuzz > /dev/null
  cmake --build --preset fuzz
  fuzz_scratch=$(mktemp -d)
  # One target's run: new inputs go to the scratch folder; a crash fails the run (its input is
  # kept there), and so does one input running past 60 s (libFuzzer's own default would wait 20
  # minutes). (The rules examples and the sandbox's hostile files are rules_fuzz's seeds too,
  # read where they are.)
  fuzz_one() {
    local target=$1 extra=()
    mkdir -p "$fuzz_scratch/$target"
    [ "$target" = rules_fuzz ] && extra=(web/examples/rules tests/rules/hostile)
    build/fuzz/tests/fuzz/$target -seed=1 -max_total_time=10 -timeout=60 -print_final_stats=0 \
      -artifact_prefix="$fuzz_scratch/$target-" "$fuzz_scratch/$target" "tests/fuzz/corpus/$target" \
      "${extra[@]}" \
      > "$fuzz_scratch/$target.log" 2>&1 ||
      { tail -40 "$fuzz_scratch/$target.log"; echo "fuzz target $target crashed; input in $fuzz_scratch"; return 1; }
    echo "$target: $(grep -o 'Done [0-9]* runs' "$fuzz_scratch/$target.log")"
  }
  # Two targets at a time, one a core (each fuzzes for 10 s of its own).
  fuzz_failed=0
  running=()
  for target in judge_parser_fuzz link_fuzz recipe_fuzz rules_fuzz session_fuzz; do
    fuzz_one "$target" &
    running+=($!)
    if [ ${#running[@]} = 2 ]; then
      for pid in "${running[@]}"; do wait "$pid" || fuzz_failed=1; done
      running=()
    fi
  done
  for pid in "${running[@]}"; do wait "$pid" || fuzz_failed=1; done
  [ "$fuzz_failed" = 0 ] || exit 1
  rm -rf "$fuzz_scratch"
else
  echo "clang++-14 not found: fuzz targets skipped"
fi

part "WebAssembly module and app"
cmake --preset wasm > /dev/null
cmake --build --preset wasm

part "TypeScript declarations of the module (web/gamesolver.d.ts)"
node tests/types/node_modules/typescript/bin/tsc -p tests/types

part "node tests of the module"
# Two test files at a time (none measures time; each runs its own module).
GS_MODULE=build/site/gamesolver.js GS_CLI=build/native/gamesolver node --test --test-concurrency=2 tests/node/

part "browser tests of the app"
GS_WEB_DIR=build/site node --test tests/browser/

part "all tests passed"
