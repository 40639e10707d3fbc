// Moves on a grid of cells, shared by the games played on cells: a move is Move{row, col}
// (0-based), named "(row, col)" and coded "row-col" in links (1-based).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "../game.h"

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
  const std::size_t dash = code.find('-');
  const auto row = parseDecimal(code.substr(0, dash));
  const auto col = dash == std::string_view::npos ? std::nullopt : parseDecimal(code.substr(dash + 1));
  if (!row || !col || *row < 1 || *col < 1 || *row > 100000 || *col > 100000)
    return ParseError{0, 0, "is not a move: a move is a cell row-col such as 2-3"};
  return Move{static_cast<int>(*row) - 1, static_cast<int>(*col) - 1};
}

}  // namespace gs
