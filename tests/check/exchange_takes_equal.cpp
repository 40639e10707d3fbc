// A deliberately wrong exchange solution for `gamesolver check`'s tests: an exact minimax in
// which the card taken from the table may be EQUAL to the card put down (the rules say
// strictly smaller). With equal cards allowed the game can cycle; a position met again while it
// is being searched counts as a win for its mover (so a move into it is not a winning move):
// the program always answers, sometimes wrongly.
#include <cstdint>
#include <iostream>
#include <vector>

namespace {

int cards = 0;
std::vector<std::int64_t> value;
std::vector<std::uint64_t> power3;
std::vector<std::int8_t> memo;  // per (owners, side): -1 unknown, 0 the mover loses, 1 wins,
                                // 2 being searched

bool wins(std::uint64_t owners, int side) {
  std::int8_t& slot = memo[owners * 2 + static_cast<std::uint64_t>(side)];
  if (slot >= 0) return slot != 0;
  slot = 2;
  const auto owner = [&](std::uint64_t code, int card) {
    return static_cast<int>(code / power3[static_cast<std::size_t>(card)] % 3);
  };
  bool win = false;
  for (int x = 0; x < cards && !win; ++x) {
    if (owner(owners, x) != side) continue;
    const std::uint64_t put =
        owners + static_cast<std::uint64_t>(2 - side) * power3[static_cast<std::size_t>(x)];
    if (!wins(put, 1 - side)) win = true;
    for (int y = 0; y < cards && !win; ++y) {
      if (y == x || owner(put, y) != 2 ||
          value[static_cast<std::size_t>(y)] > value[static_cast<std::size_t>(x)])
        continue;  // the bug: >= would be right
      const std::uint64_t taken =
          put - static_cast<std::uint64_t>(2 - side) * power3[static_cast<std::size_t>(y)];
      if (!wins(taken, 1 - side)) win = true;
    }
  }
  memo[owners * 2 + static_cast<std::uint64_t>(side)] = win;
  return win;
}

}  // namespace

int main() {
  int n = 0, m = 0, l = 0;
  if (!(std::cin >> n >> m >> l)) return 1;
  cards = n + m + l;
  value.resize(static_cast<std::size_t>(cards));
  for (auto& card : value) std::cin >> card;
  power3.assign(static_cast<std::size_t>(cards) + 1, 1);
  for (int k = 1; k <= cards; ++k)
    power3[static_cast<std::size_t>(k)] = power3[static_cast<std::size_t>(k) - 1] * 3;
  memo.assign(power3[static_cast<std::size_t>(cards)] * 2, -1);
  std::uint64_t owners = 0;
  for (int k = 0; k < cards; ++k)
    owners += static_cast<std::uint64_t>(k < n       ? 0
                                         : k < n + m ? 1
                                                     : 2) *
              power3[static_cast<std::size_t>(k)];
  std::cout << (wins(owners, 0) ? "Takahashi" : "Aoki") << "\n";
}
