// A deliberately wrong staircase solution for `gamesolver check`'s tests: each player greedily
// takes the legal cell worth the most to them right now (ties: the first in row order).
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  int rows = 0, cols = 0;
  if (!(std::cin >> rows >> cols)) return 1;
  std::vector<std::int64_t> a(static_cast<std::size_t>(rows) * cols), b(a.size());
  for (auto& value : a) std::cin >> value;
  for (auto& value : b) std::cin >> value;
  std::vector<int> length(static_cast<std::size_t>(rows), 0);
  std::int64_t score = 0;
  for (int turn = 0; turn < rows * cols; ++turn) {
    const bool black = turn % 2 == 0;
    int bestRow = -1;
    std::int64_t bestGain = -1;
    for (int row = 0; row < rows; ++row) {
      const int col = length[row];
      if (col >= cols || (row > 0 && length[row - 1] <= col)) continue;
      const std::size_t cell = static_cast<std::size_t>(row) * cols + col;
      const std::int64_t gain = black ? a[cell] : b[cell];
      if (gain > bestGain) bestGain = gain, bestRow = row;
    }
    score += black ? bestGain : -bestGain;
    ++length[bestRow];
  }
  std::cout << score << "\n";
}
