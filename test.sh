#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test: the native suites (Release
# and sanitizers), the node tests of the WebAssembly module, and the browser tests of the app.
# Exits non-zero on any failure.
#   ./test.sh
set -euo pipefail
cd "$(dirname "$0")"
source .ci/deps.sh
gs_web_deps "$PWD"
gs_browser_deps "$PWD"
gs_types_deps "$PWD"

echo "== formatting (.clang-format, clang-format 14) =="
git ls-files '*.cpp' '*.h' | xargs clang-format-14 --dry-run --Werror

echo "== native build and tests (Release) =="
cmake --preset native > /dev/null
cmake --build --preset native
ctest --preset native

echo "== native tests under AddressSanitizer + UndefinedBehaviorSanitizer =="
cmake --preset native-asan > /dev/null
cmake --build --preset native-asan
ctest --preset native-asan

echo "== fuzz targets, 10 s each with a fixed seed (when clang++-14 is installed) =="
if command -v clang++-14 > /dev/null; then
  cmake --preset fuzz > /dev/null
  cmake --build --preset fuzz
  fuzz_scratch=$(mktemp -d)
  for target in judge_parser_fuzz link_fuzz recipe_fuzz rules_fuzz session_fuzz; do
    mkdir -p "$fuzz_scratch/$target"
    # New inputs go to the scratch folder; a crash fails the run (its input is kept there), and
    # so does one input running past 60 s (libFuzzer's own default would wait 20 minutes).
    # (The rules examples and the sandbox's hostile files are rules_fuzz's seeds too, read
    # where they are.)
    extra=()
    [ "$target" = rules_fuzz ] && extra=(web/examples/rules tests/rules/hostile)
    build/fuzz/tests/fuzz/$target -seed=1 -max_total_time=10 -timeout=60 -print_final_stats=0 \
      -artifact_prefix="$fuzz_scratch/$target-" "$fuzz_scratch/$target" "tests/fuzz/corpus/$target" \
      "${extra[@]}" \
      > "$fuzz_scratch/$target.log" 2>&1 ||
      { tail -40 "$fuzz_scratch/$target.log"; echo "fuzz target $target crashed; input in $fuzz_scratch"; exit 1; }
    echo "$target: $(grep -o 'Done [0-9]* runs' "$fuzz_scratch/$target.log")"
  done
  rm -rf "$fuzz_scratch"
else
  echo "clang++-14 not found: fuzz targets skipped"
fi

echo "== WebAssembly module and app =="
cmake --preset wasm > /dev/null
cmake --build --preset wasm

echo "== TypeScript declarations of the module (web/gamesolver.d.ts) =="
node tests/types/node_modules/typescript/bin/tsc -p tests/types

echo "== node tests of the module =="
GS_MODULE=build/site/gamesolver.js GS_CLI=build/native/gamesolver node --test tests/node/

echo "== browser tests of the app =="
GS_WEB_DIR=build/site node --test tests/browser/
