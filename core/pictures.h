// Drawing a board: the snapshot every front-end draws from, and the SVG and Markdown pictures
// of the exports (core/tools/export.h). A board that can be drawn offers Pictures through
// GameBoard::pictures(); one that cannot returns nullptr there, and exports say so.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "base/expected.h"
#include "base/value.h"

namespace gs {

// Plain data for drawing a board at the cursor: the module's board() and the generic parts of
// every front-end draw from it. Which names appear is the game's choice (documented with it).
struct BoardSnapshot {
  using Layer =
      std::variant<std::vector<std::int8_t>, std::vector<std::uint8_t>, std::vector<std::int32_t>,
                   std::vector<std::uint32_t>, std::vector<double>>;
  struct Card {
    std::string name;
    std::int64_t value = 0;
    int owner = 0;  // 0 first player, 1 second, 2 table
  };
  struct Placement {
    int row = 0;
    int col = 0;
    int player = 0;
  };
  std::vector<std::pair<std::string, double>> numbers;  // e.g. rows, cols
  std::vector<std::pair<std::string, Layer>> layers;    // per cell, row-major
  std::vector<Card> cards;
  std::optional<std::vector<Placement>> placements;  // for games whose pieces stack up
  std::vector<double> scores;                        // per player, for games that keep score
  // Rules games (core/rules/rules_game.h): the position as the rules' show() draws it, a text or a
  // grid of cell texts (row by row).
  std::string text;
  std::vector<std::vector<std::string>> grid;
};

// A drawing of a board for an SVG export (core/tools/export.h): SVG elements (no <svg> element
// around them, text escaped, no external references) drawn in the box (0, 0)-(width, height).
struct SvgPicture {
  int width = 0;
  int height = 0;
  std::string elements;
};

// What a board that can be drawn implements (GameBoard::pictures()).
class Pictures {
 public:
  virtual ~Pictures() = default;
  // The board with the first `step` moves of `line` on it (the pushed moves are those).
  virtual BoardSnapshot snapshot(const std::vector<Move>& line, int step) const = 0;
  // Why the board is too large to draw legibly (a sentence naming its size and the limit), or
  // nullopt. Known from the board alone, before any solve: exports ask it first, so a board that
  // cannot be drawn costs neither a solve nor a line of play.
  virtual std::optional<ParseError> exportRefusal() const { return std::nullopt; }
  // Precondition for the two below: solved(), the pushed moves are line[0..step).
  // The board with the stones, cards or placements of the line (with move numbers), the points
  // and the legal moves `moves` with their values, the best marked. Boards too large to draw
  // legibly are refused with a sentence naming the size and the limit.
  virtual Expected<SvgPicture> svgPicture(const std::vector<Move>& line, int step,
                                          const std::vector<MoveValue>& moves) const = 0;
  // The same board as Markdown (tables and text only: no HTML), refused the same way.
  virtual Expected<std::string> markdownBoard(const std::vector<Move>& line, int step) const = 0;
};

}  // namespace gs
