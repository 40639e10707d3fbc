#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test. Exits non-zero on any failure.
#   ./test.sh
set -euo pipefail
cd "$(dirname "$0")"
source .ci/deps.sh
gs_native_deps

echo "== native build and tests (Release) =="
cmake --preset native > /dev/null
cmake --build --preset native
ctest --preset native

echo "== native tests under AddressSanitizer + UndefinedBehaviorSanitizer =="
cmake --preset native-asan > /dev/null
cmake --build --preset native-asan
ctest --preset native-asan
