// A deliberately wrong solution of AtCoder EDPC K "Stones" (web/examples/rules/stones.lua) for
// `gamesolver check RULES`'s tests: the right table of wins, but only for piles of up to 500
// stones; past it, it answers as if the pile had 500 (a table sized for the samples).
#include <algorithm>
#include <iostream>
#include <vector>

int main() {
  int n = 0, k = 0;
  if (!(std::cin >> n >> k)) return 1;
  std::vector<int> a(static_cast<std::size_t>(n));
  for (int& x : a) std::cin >> x;
  const int size = std::min(k, 500);
  std::vector<bool> wins(static_cast<std::size_t>(size) + 1, false);
  for (int s = 1; s <= size; ++s)
    for (int x : a)
      if (x <= s && !wins[static_cast<std::size_t>(s - x)])
        wins[static_cast<std::size_t>(s)] = true;
  std::cout << (wins[static_cast<std::size_t>(size)] ? "First" : "Second") << "\n";
  return 0;
}
