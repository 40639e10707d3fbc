#!/usr/bin/env bash
# Installs what is missing, builds the app and serves it:
#   ./run.sh            -> http://127.0.0.1:8080/   (PORT=9000 ./run.sh for another port)
set -euo pipefail
cd "$(dirname "$0")"
source .ci/deps.sh
echo "== setup: what is missing, from Debian (a line a step; the full log in build/setup.log) =="
gs_web_deps "$PWD"
port=${PORT:-8080}

cmake --preset wasm > /dev/null
cmake --build --preset wasm

echo
echo "Game Solver is served at http://127.0.0.1:${port}/ (Ctrl+C stops it)"
exec /usr/bin/python3 web/serve.py --bind 127.0.0.1 --directory build/site "$port"
