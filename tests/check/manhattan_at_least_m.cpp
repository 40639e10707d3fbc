// A deliberately wrong manhattan solution for `gamesolver check`'s tests: the rule of
// core/games/GAMES.md with the answering distance taken as >= m instead of > m.
#include <algorithm>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  int n = 0;
  std::int64_t m = 0;
  if (!(std::cin >> n >> m)) return 1;
  const int cells = n * n;
  std::vector<std::int64_t> value(static_cast<std::size_t>(cells));
  for (auto& v : value) std::cin >> v;
  std::vector<int> order(static_cast<std::size_t>(cells));
  for (int k = 0; k < cells; ++k) order[static_cast<std::size_t>(k)] = k;
  std::sort(order.begin(), order.end(), [&](int x, int y) { return value[x] > value[y]; });
  std::vector<char> winning(static_cast<std::size_t>(cells), 0);
  // The farthest winner from a cell, from the extremes of s = row + col and d = row - col.
  std::int64_t maxS = -1e18, minS = 1e18, maxD = -1e18, minD = 1e18;
  bool any = false;
  for (int cell : order) {
    const std::int64_t s = cell / n + cell % n, d = cell / n - cell % n;
    std::int64_t farthest = -1;
    if (any) farthest = std::max({maxS - s, s - minS, maxD - d, d - minD});
    if (!any || farthest < m) {  // the bug: the answer needs distance > m, so "<= m" wins
      winning[static_cast<std::size_t>(cell)] = 1;
      any = true;
      maxS = std::max(maxS, s), minS = std::min(minS, s);
      maxD = std::max(maxD, d), minD = std::min(minD, d);
    }
  }
  std::cout << std::count(winning.begin(), winning.end(), 1) << "\n";
  for (int cell = 0; cell < cells; ++cell)
    if (winning[static_cast<std::size_t>(cell)])
      std::cout << cell / n + 1 << " " << cell % n + 1 << "\n";
}
