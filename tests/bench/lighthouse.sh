#!/usr/bin/env bash
# The page's load as Lighthouse 12 measures it (issue 36): the default page (the staircase sample)
# of build/site served on loopback by web/serve.py (compressed, as a static host serves it),
# Lighthouse's mobile preset (a mid-range phone: 4x slower CPU, slow 4G, simulated) and desktop preset, RUNS runs each (default 3) interleaved, on Debian's
# Chromium. Prints every run and the median of the performance score, FCP, LCP, TBT, Speed
# Index, TTI and the longest main-thread task. A measure, not a test: the machine's load moves
# it (compare in one run). Lighthouse comes from npm (tests/bench/lighthouse/package-lock.json),
# installed on first use. Usage:
#   tests/bench/lighthouse.sh [SITE_DIR]          (default build/site)
set -euo pipefail
source "$(dirname "$0")/machine.sh"
gs_bench_machine  # the day, the machine and the commit, above the table
here=$(cd "$(dirname "$0")/../.." && pwd)
site=$(cd "${1:-$here/build/site}" && pwd)
runs=${RUNS:-3}
tools=$here/tests/bench/lighthouse
[ -d "$tools/node_modules/lighthouse" ] || (cd "$tools" && npm ci --no-audit --no-fund >/dev/null)
work=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 "$here/web/serve.py" --bind 127.0.0.1 --directory "$site" "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
  sleep 0.1
done

for run in $(seq "$runs"); do
  for preset in mobile desktop; do
    flags=(--form-factor=mobile)
    [ "$preset" = desktop ] && flags=(--preset=desktop)
    CHROME_PATH=/usr/bin/chromium "$tools/node_modules/.bin/lighthouse" "http://127.0.0.1:$port/" \
      --only-categories=performance "${flags[@]}" --quiet --output=json \
      --output-path="$work/$preset-$run.json" \
      --chrome-flags="--headless=new --no-sandbox --disable-gpu-sandbox" >/dev/null 2>&1 ||
      { echo "lighthouse failed ($preset, run $run)" >&2; exit 1; }
  done
done

python3 - "$work" "$runs" <<'PY'
import json, statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
audits = [("first-contentful-paint", "FCP"), ("largest-contentful-paint", "LCP"),
          ("total-blocking-time", "TBT"), ("speed-index", "SI"), ("interactive", "TTI")]
print(f"{'preset':8} {'run':>3} {'score':>5} " + " ".join(f"{name:>8}" for _, name in audits) + f" {'longest':>8}")
for preset in ("mobile", "desktop"):
    rows = []
    for run in range(1, runs + 1):
        report = json.load(open(f"{work}/{preset}-{run}.json"))
        tasks = report["audits"]["long-tasks"].get("details", {}).get("items", [])
        row = [round(report["categories"]["performance"]["score"] * 100)]
        row += [report["audits"][key]["numericValue"] for key, _ in audits]
        row.append(max((task["duration"] for task in tasks), default=0))
        rows.append(row)
        print(f"{preset:8} {run:>3} {row[0]:>5} " + " ".join(f"{v:>6.0f}ms" for v in row[1:]))
    median = [statistics.median(column) for column in zip(*rows)]
    print(f"{preset:8} {'med':>3} {median[0]:>5.0f} " + " ".join(f"{v:>6.0f}ms" for v in median[1:]))
PY
