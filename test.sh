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

echo "== native build and tests (Release) =="
cmake --preset native > /dev/null
cmake --build --preset native
ctest --preset native

echo "== native tests under AddressSanitizer + UndefinedBehaviorSanitizer =="
cmake --preset native-asan > /dev/null
cmake --build --preset native-asan
ctest --preset native-asan

echo "== WebAssembly module and app =="
cmake --preset wasm > /dev/null
cmake --build --preset wasm

echo "== TypeScript declarations of the module (web/gamesolver.d.ts) =="
node tests/types/node_modules/typescript/bin/tsc -p tests/types

echo "== node tests of the module =="
GS_MODULE=build/site/gamesolver.js GS_CLI=build/native/gamesolver node --test tests/node/

echo "== browser tests of the app =="
GS_WEB_DIR=build/site node --test tests/browser/
