// The staircase reference: plain minimax straight from the rules, over the set of stones, with
// no table of any kind. Small boards only (the tree grows with the number of fillings).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "games/staircase/staircase.h"

namespace gs::reference {

class StaircaseMinimax {
 public:
  explicit StaircaseMinimax(const StaircaseBoard& board)
      : board_(board), stone_(static_cast<std::size_t>(board.rows) * board.cols, false) {}

  // A cell can take a stone when it is empty and every cell to its left and above holds one.
  bool canPlace(int row, int col) const {
    if (has(row, col)) return false;
    for (int c = 0; c < col; ++c)
      if (!has(row, c)) return false;
    for (int r = 0; r < row; ++r)
      if (!has(r, col)) return false;
    return true;
  }

  void place(int row, int col) { stone_[index(row, col)] = true; }
  void remove(int row, int col) { stone_[index(row, col)] = false; }

  // Final Black - White still to come, with `placed` stones on the board (Black moves when even).
  std::int64_t future(int placed) {
    const bool black = placed % 2 == 0;
    bool any = false;
    std::int64_t best =
        black ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max();
    for (int row = 0; row < board_.rows; ++row)
      for (int col = 0; col < board_.cols; ++col) {
        if (!canPlace(row, col)) continue;
        any = true;
        place(row, col);
        const std::int64_t value =
            (black ? board_.a(row, col) : -board_.b(row, col)) + future(placed + 1);
        remove(row, col);
        best = black ? std::max(best, value) : std::min(best, value);
      }
    return any ? best : 0;
  }

 private:
  std::size_t index(int row, int col) const {
    return static_cast<std::size_t>(row) * board_.cols + col;
  }
  bool has(int row, int col) const { return stone_[index(row, col)]; }

  const StaircaseBoard& board_;
  std::vector<bool> stone_;
};

}  // namespace gs::reference
