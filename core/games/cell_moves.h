// Moves on a grid of cells, shared by the games played on cells: a move is Move{row, col}
// (0-based), named "(row, col)" and coded "row-col" in links (1-based).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "game.h"

namespace gs {

inline std::string cellName(int row, int col) {
  return "(" + std::to_string(row + 1) + ", " + std::to_string(col + 1) + ")";
}

inline std::string cellCode(const Move& move) {
  return std::to_string(move.a + 1) + "-" + std::to_string(move.b + 1);
}

inline std::vector<NamedField> cellFields(int row, int col) {
  return {{"row", std::int64_t{row} + 1}, {"col", std::int64_t{col} + 1}};
}

// "2-3" -> Move{1, 2}. Rows and columns up to 100000; whether the cell is on the board is the
// rules' question.
inline Expected<Move> parseCellCode(std::string_view code) {
  const ParseError notAMove{0, 0, "is not a move: a move is a cell row-col such as 2-3"};
  const std::size_t dash = code.find('-');
  if (dash == std::string_view::npos) return notAMove;
  const std::int64_t row = parseDecimal(code.substr(0, dash)).value_or(0);
  const std::int64_t col = parseDecimal(code.substr(dash + 1)).value_or(0);
  if (row < 1 || col < 1 || row > 100000 || col > 100000) return notAMove;
  return Move{static_cast<int>(row) - 1, static_cast<int>(col) - 1};
}

}  // namespace gs
