# The line every bench prints above its table (web/guides/performance.md quotes it): the day,
# the machine and the commit measured, e.g.
#   measured 2026-12-07 on AMD EPYC, 2 cores, 23 GiB, at 65763f9
# Sourced by the benches of tests/bench; tests/bench/machine.js prints the same for the node ones.
gs_bench_machine() {
  local model cores memory commit
  model=$(awk -F': *' '/^model name/ {print $2; exit}' /proc/cpuinfo 2> /dev/null)
  cores=$(nproc 2> /dev/null || echo '?')
  memory=$(awk '/^MemTotal:/ {printf "%d GiB", $2 / 1048576 + 0.5}' /proc/meminfo 2> /dev/null)
  commit=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --short HEAD 2> /dev/null || echo 'no commit')
  echo "measured $(date -u +%F) on ${model:-an unknown CPU}, $cores cores, ${memory:-? GiB}, at $commit"
}
