#include "staircase_game.h"

#include <utility>

#include "../random.h"
#include "cell_moves.h"
#include "solver_board.h"

namespace gs {
namespace {

class StaircaseGameBoard final
    : public SolverBoard<StaircaseSolver, StaircasePosition, StaircaseBoard> {
 public:
  using SolverBoard::SolverBoard;

  const Game& game() const override { return staircaseGame(); }
  std::uint64_t positions() const override { return solver().positionCount(); }
  std::string judgeInput() const override { return formatStaircase(board()); }
  std::uint64_t judgeInputNumbers() const override {
    return 2 + 2 * static_cast<std::uint64_t>(board().rows) * static_cast<std::uint64_t>(board().cols);
  }
  std::string judgeOutput() const override {
    return formatStaircaseAnswer(solver().value(root()));
  }
  std::string summary() const override {
    Value value;
    value.score = solver().value(root());
    return describe(value, 0);
  }

  int sideToMove() const override { return here().blackToMove() ? 0 : 1; }
  std::string illegalReason(const Move& move) const override {
    const std::string cell = "cell " + cellName(move.a, move.b);
    switch (solver().rule(here(), move.a, move.b)) {
      case StaircaseRule::kLegal: return "";
      case StaircaseRule::kOutside:
        return cell + " is outside the " + std::to_string(board().rows) + " x " +
               std::to_string(board().cols) + " board";
      case StaircaseRule::kOccupied: return cell + " already holds a stone";
      case StaircaseRule::kNeedsLeft:
        return cell + " needs a stone on " + cellName(move.a, move.b - 1) + " first";
      case StaircaseRule::kNeedsAbove:
        return cell + " needs a stone on " + cellName(move.a - 1, move.b) + " first";
    }
    return "";
  }
  void push(const Move& move) override { pushPosition(solver().play(here(), move.a, move.b)); }

  Value value() const override {
    Value value;
    value.score = solver().value(here());
    return value;
  }
  std::uint64_t moveCount() const override {
    std::uint64_t count = 0;
    for (int row = 0; row < board().rows; ++row)
      count += solver().isLegal(here(), row, here().rowLength[static_cast<std::size_t>(row)]);
    return count;
  }

  std::string moveName(const Move& move) const override { return cellName(move.a, move.b); }
  std::string moveCode(const Move& move) const override { return cellCode(move); }
  Expected<Move> parseMoveCode(std::string_view code) const override {
    return parseCellCode(code);
  }
  std::vector<NamedField> moveFields(const Move& move) const override {
    return cellFields(move.a, move.b);
  }
  std::string describe(const Value& value, int) const override {
    if (value.score == 0) return "Black and White end level";
    const std::int64_t lead = value.score > 0 ? value.score : -value.score;
    return std::string(value.score > 0 ? "Black" : "White") + " ends " +
           countNoun(static_cast<std::size_t>(lead), "point", "points") + " ahead";
  }

  BoardSnapshot snapshot(const std::vector<Move>& line, int step) const override {
    const StaircaseBoard& data = board();
    BoardSnapshot snapshot;
    snapshot.numbers = {{"rows", data.rows}, {"cols", data.cols}};
    std::vector<std::int8_t> owner(data.black.size(), -1);
    std::vector<std::int32_t> moveNumber(data.black.size(), 0);
    snapshot.scores = {0, 0};
    for (int k = 0; k < step; ++k) {
      const std::size_t cell = static_cast<std::size_t>(line[k].a) * data.cols + line[k].b;
      owner[cell] = static_cast<std::int8_t>(k % 2);
      moveNumber[cell] = k + 1;
      snapshot.scores[k % 2] +=
          static_cast<double>(k % 2 == 0 ? data.black[cell] : data.white[cell]);
    }
    snapshot.layers.emplace_back("a", std::vector<double>(data.black.begin(), data.black.end()));
    snapshot.layers.emplace_back("b", std::vector<double>(data.white.begin(), data.white.end()));
    snapshot.layers.emplace_back("owner", std::move(owner));
    snapshot.layers.emplace_back("moveNumber", std::move(moveNumber));
    return snapshot;
  }
};

class StaircaseGame final : public Game {
 public:
  const GameInfo& info() const override {
    static const GameInfo kInfo = {
        "staircase",
        "Staircase (\xE4\xB8\x80\xE5\x8F\x8C\xE6\x9C\xA8\xE6\xA3\x8B)",
        "Luogu P4363 / BZOJ 5248 / LOJ 2471, [九省联考 2018] 一双木棋 chess",
        {"Black", "White"},
        Metric::kScoreDifference,
        "score difference (Black - White)",
        "n m / n lines of m integers a / n lines of m integers b",
        "one integer",
        "Black and White take turns placing one stone each on an n \xC3\x97 m board, Black "
        "first, until every cell holds a stone.\n"
        "A stone may go on an empty cell only when every cell to its left in its row and every "
        "cell above it in its column already holds a stone, so the stones always form a "
        "staircase growing from the top-left corner.\n"
        "Each cell carries two numbers: a, which Black scores for a black stone there, and b, "
        "which White scores for a white stone there. Each player plays to end as far ahead of "
        "the other as possible.\n"
        "The answer is Black's total minus White's when both play perfectly. Among equally good "
        "moves the solver takes the one in the top-most row."};
    return kInfo;
  }

  Expected<std::unique_ptr<GameBoard>> parse(std::string_view text,
                                             const SolveLimits& limits) const override {
    auto board = parseStaircase(text, limits);
    if (!board) return board.error();
    return newGameBoard(std::move(board.value()));
  }
  const char* sample() const override { return "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n"; }
  // The most cells a board within the budget has: for each row count r (while an r x r board
  // fits), the widest board that fits, found by bisection (the need grows with the width).
  std::uint64_t maxInputBytes(const SolveLimits& limits) const override {
    const auto fits = [&limits](int rows, int cols) {
      return staircaseMemoryNeeded(rows, cols) <= limits.memoryBudgetBytes;
    };
    const int side = static_cast<int>(StaircaseBoard::kMaxSide);
    std::uint64_t cells = 0, rowsOfBest = 1;
    for (int rows = 1; rows <= side && fits(rows, rows); ++rows) {
      int low = rows, high = side;  // fits(rows, low)
      while (low < high) {
        const int mid = low + (high - low + 1) / 2;
        if (fits(rows, mid)) low = mid; else high = mid - 1;
      }
      if (static_cast<std::uint64_t>(rows) * low > cells) {
        cells = static_cast<std::uint64_t>(rows) * low;
        rowsOfBest = static_cast<std::uint64_t>(low);  // the taller orientation: more lines
      }
    }
    const int widest = static_cast<int>(std::to_string(StaircaseBoard::kMaxValue).size());
    return judgeTextBytes(2, 5, 1) + judgeTextBytes(2 * cells, widest, 2 * rowsOfBest);
  }

  const std::vector<RecipeField>& recipeFields() const override {
    static const std::vector<RecipeField> kFields = {
        {"ROWS", "n", 1, StaircaseBoard::kMaxSide, 10, 0, 3, true},
        {"COLS", "m", 1, StaircaseBoard::kMaxSide, 10, 0, 3, true},
        {"MAX", "max", 0, StaircaseBoard::kMaxValue, 100000, 100000, 9, false},
    };
    return kFields;
  }
  std::string checkRecipe(const Recipe& recipe, const SolveLimits& limits) const override {
    const int rows = static_cast<int>(recipe.fields[0]), cols = static_cast<int>(recipe.fields[1]);
    const std::uint64_t needed = staircaseMemoryNeeded(rows, cols);
    if (needed <= limits.memoryBudgetBytes) return "";
    return "a " + std::to_string(rows) + " x " + std::to_string(cols) + " board needs " +
           staircaseMemoryNeededText(rows, cols) + " to solve, over the memory budget of " +
           formatBytes(limits.memoryBudgetBytes);
  }
  std::unique_ptr<GameBoard> generate(const Recipe& recipe) const override {
    return newGameBoard(randomStaircase(static_cast<int>(recipe.fields[0]),
                                        static_cast<int>(recipe.fields[1]), recipe.fields[2],
                                        recipe.seed));
  }
  std::string randomSizeRule() const override {
    return "staircase sizes must be between 1 and " + std::to_string(StaircaseBoard::kMaxSide);
  }

  std::vector<BenchBoard> benchBoards() const override {
    return {
        {"staircase 10x10 seed 1", formatStaircase(randomStaircase(10, 10, 100000, 1))},
        {"staircase 10x10 b=0 seed 2", formatStaircase(randomStaircase(10, 10, 100000, 2, true))},
        {"staircase 12x12 seed 3", formatStaircase(randomStaircase(12, 12, 100000, 3))},
    };
  }
};

}  // namespace

const Game& staircaseGame() {
  static const StaircaseGame kGame;
  return kGame;
}

std::unique_ptr<GameBoard> newGameBoard(StaircaseBoard board) {
  return std::make_unique<StaircaseGameBoard>(std::move(board));
}

StaircaseBoard randomStaircase(int rows, int cols, std::int64_t maxValue, std::uint64_t seed,
                               bool whiteZero) {
  SplitMix64 random(seed);
  StaircaseBoard board;
  board.rows = rows;
  board.cols = cols;
  const std::size_t cells = static_cast<std::size_t>(rows) * cols;
  board.black.resize(cells);
  board.white.resize(cells);
  for (auto& value : board.black) value = random.between(0, maxValue);
  for (auto& value : board.white) value = whiteZero ? 0 : random.between(0, maxValue);
  return board;
}

const StaircaseSolver* staircaseSolverOf(const GameBoard& board) {
  const auto* staircase = dynamic_cast<const StaircaseGameBoard*>(&board);
  return staircase ? &staircase->solver() : nullptr;
}

const StaircasePosition* staircasePositionOf(const GameBoard& board) {
  const auto* staircase = dynamic_cast<const StaircaseGameBoard*>(&board);
  return staircase ? &staircase->here() : nullptr;
}

}  // namespace gs
