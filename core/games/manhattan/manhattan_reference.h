// manhattan references: the closed-form rule computed the naive way (every cell against every
// higher cell), the certificate by brute force, and an exact finite-horizon minimax that checks
// the rule from first principles.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <vector>

#include "games/manhattan/manhattan.h"

namespace gs::reference {

inline std::int64_t manhattanDistance(int n, int x, int y) {
  return std::abs(x / n - y / n) + std::abs(x % n - y % n);
}

// winning[c]: no winning cell of higher value lies at distance > m (cells by decreasing value).
inline std::vector<bool> manhattanRule(const ManhattanBoard& board) {
  const int cells = board.n * board.n;
  std::vector<int> order(cells);
  for (int c = 0; c < cells; ++c) order[c] = c;
  std::sort(order.begin(), order.end(),
            [&](int x, int y) { return board.values[x] > board.values[y]; });
  std::vector<bool> winning(cells, false);
  for (int k = 0; k < cells; ++k) {
    bool refuted = false;
    for (int j = 0; j < k; ++j)
      if (winning[order[j]] && manhattanDistance(board.n, order[k], order[j]) > board.m)
        refuted = true;
    winning[order[k]] = !refuted;
  }
  return winning;
}

// The highest-valued winning cell at distance > m from `cell`, or -1.
inline int manhattanCertificate(const ManhattanBoard& board, const std::vector<bool>& winning,
                                int cell) {
  int best = -1;
  for (int c = 0; c < board.n * board.n; ++c)
    if (winning[c] && manhattanDistance(board.n, c, cell) > board.m &&
        (best < 0 || board.values[c] > board.values[best]))
      best = c;
  return best;
}

// Exact minimax of the score difference (placer's total minus the other's) over a game of
// `placements` moves in all, by dynamic programming over (moves left, last cell). A player with
// no legal move ends the game. Returns, per first cell, the first player's final difference.
inline std::vector<std::int64_t> manhattanFiniteHorizon(const ManhattanBoard& board,
                                                        int placements) {
  const int cells = board.n * board.n;
  // after[c] = best difference for the player to move, with `left` moves left and the last
  // placement on c.
  std::vector<std::int64_t> after(cells, 0), next(cells);
  for (int left = 1; left < placements; ++left) {
    for (int last = 0; last < cells; ++last) {
      std::int64_t best = std::numeric_limits<std::int64_t>::min();
      for (int c = 0; c < cells; ++c)
        if (manhattanDistance(board.n, c, last) > board.m)
          best = std::max(best, static_cast<std::int64_t>(board.values[c]) - after[c]);
      next[last] = best == std::numeric_limits<std::int64_t>::min() ? 0 : best;
    }
    after.swap(next);
  }
  std::vector<std::int64_t> first(cells);
  for (int c = 0; c < cells; ++c) first[c] = static_cast<std::int64_t>(board.values[c]) - after[c];
  return first;
}

}  // namespace gs::reference
