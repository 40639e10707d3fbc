#include "subtraction_game.h"

#include <algorithm>
#include <limits>

#include "games/solver_board.h"
#include "random.h"

namespace gs::testing {
namespace {

struct PileBoard {
  static constexpr std::int64_t kMaxStones = 100000;
  static constexpr std::int64_t kMaxTake = 100;
  int stones = 1;
  int maxTake = 1;
};

struct PilePosition {
  int stones = 0;
  int plies = 0;
};

std::string headerName(const void*, std::size_t index) {
  return index == 0 ? "n" : "k";
}

// Remoteness of every pile size, solved upwards from the empty pile in slices.
class PileSolver {
 public:
  PileSolver(PileBoard board, DeferSolve) : board_(board) {}
  const PileBoard& board() const { return board_; }
  bool advance(std::uint64_t budget) {
    while (budget-- > 0 && static_cast<int>(table_.size()) <= board_.stones) {
      const int pile = static_cast<int>(table_.size());
      int quickestWin = std::numeric_limits<int>::max(), slowestLoss = 0;
      for (int take = 1; take <= std::min(pile, board_.maxTake); ++take) {
        const int child = table_[static_cast<std::size_t>(pile - take)];
        if (child % 2 == 0) quickestWin = std::min(quickestWin, child + 1);
        slowestLoss = std::max(slowestLoss, child + 1);
      }
      table_.push_back(quickestWin != std::numeric_limits<int>::max() ? quickestWin : slowestLoss);
    }
    return static_cast<int>(table_.size()) > board_.stones;
  }
  SolveProgress progress() const {
    return {table_.size(), static_cast<std::uint64_t>(board_.stones) + 1, true};
  }
  PilePosition start() const { return {board_.stones, 0}; }
  Value value(const PilePosition& position) const {
    Value value;
    value.remoteness = table_[static_cast<std::size_t>(position.stones)];
    value.win = value.remoteness % 2 == 1;
    return value;
  }
  std::vector<MoveValue> moves(const PilePosition& position) const {
    std::vector<MoveValue> moves;
    const Value here = value(position);
    for (int take = 1; take <= std::min(position.stones, board_.maxTake); ++take) {
      MoveValue move;
      move.move = {take, -1};
      const int child = table_[static_cast<std::size_t>(position.stones - take)];
      move.value.win = child % 2 == 0;
      move.value.remoteness = child + 1;
      move.best = move.value == here;
      moves.push_back(move);
    }
    return moves;
  }

 private:
  PileBoard board_;
  std::vector<int> table_;
};

std::string formatPile(const PileBoard& board) {
  return std::to_string(board.stones) + " " + std::to_string(board.maxTake) + "\n";
}

class PileGameBoard final : public SolverBoard<PileSolver, PilePosition, PileBoard> {
 public:
  using SolverBoard::SolverBoard;
  const Game& game() const override { return subtractionGame(); }
  std::uint64_t positions() const override {
    return static_cast<std::uint64_t>(board().stones) + 1;
  }
  std::string judgeInput() const override { return formatPile(board()); }
  std::uint64_t judgeInputNumbers() const override { return 2; }
  std::string judgeOutput() const override {
    return solver().value(root()).win ? "First\n" : "Second\n";
  }
  std::string summary() const override { return describe(solver().value(root()), 0); }
  int sideToMove() const override { return here().plies % 2; }
  std::string illegalReason(const Move& move) const override {
    if (move.b != -1 || move.a < 1 || move.a > board().maxTake)
      return "a move takes 1 to " + std::to_string(board().maxTake) + " stones";
    if (move.a > here().stones) return "only " + std::to_string(here().stones) + " stones are left";
    return "";
  }
  void push(const Move& move) override { pushPosition({here().stones - move.a, here().plies + 1}); }
  Value value() const override { return solver().value(here()); }
  std::uint64_t moveCount() const override {
    return static_cast<std::uint64_t>(std::min(here().stones, board().maxTake));
  }
  std::string moveName(const Move& move) const override { return "take " + std::to_string(move.a); }
  std::string moveCode(const Move& move) const override { return std::to_string(move.a); }
  Expected<Move> parseMoveCode(std::string_view code) const override {
    const auto take = parseDecimal(code);
    if (!take || *take < 1 || *take > PileBoard::kMaxTake)
      return ParseError{0, 0, "is not a move: a move is a number of stones such as 2"};
    return Move{static_cast<int>(*take), -1};
  }
  std::vector<NamedField> moveFields(const Move& move) const override {
    return {{"take", std::int64_t{move.a}}};
  }
  std::string describe(const Value& value, int player) const override {
    static const char* const kPlayers[] = {"First", "Second"};
    return std::string(kPlayers[value.win ? player : 1 - player]) + " wins in " +
           std::to_string(value.remoteness);
  }
  BoardSnapshot snapshot(const std::vector<Move>&, int) const override {
    BoardSnapshot snapshot;
    snapshot.numbers = {{"stones", here().stones}, {"maxTake", board().maxTake}};
    return snapshot;
  }
};

class SubtractionGame final : public Game {
 public:
  const GameInfo& info() const override {
    static const GameInfo kInfo = {
        "subtraction",
        "Subtraction game (test only)",
        "a test of the game interface",
        {"First", "Second"},
        Metric::kWinLossRemoteness,
        "win/loss for the mover, remoteness",
        "n k",
        "First or Second",
        "Take 1 to k stones from the pile; whoever takes the last wins."};
    return kInfo;
  }
  Expected<std::unique_ptr<GameBoard>> parse(std::string_view text,
                                             const SolveLimits&) const override {
    JudgeReader reader(text);
    std::int64_t header[2];
    if (!reader.readLine({2, 1, PileBoard::kMaxStones, "n k", headerName, nullptr}, header))
      return reader.error();
    if (header[1] > PileBoard::kMaxTake)
      return ParseError{reader.lastLine(), reader.columnOfToken(1),
                        "k must be between 1 and " + std::to_string(PileBoard::kMaxTake) +
                            ", found " + std::to_string(header[1])};
    if (!reader.expectEnd()) return reader.error();
    return std::unique_ptr<GameBoard>(std::make_unique<PileGameBoard>(
        PileBoard{static_cast<int>(header[0]), static_cast<int>(header[1])}));
  }
  const char* sample() const override { return "10 3\n"; }
  // "n k": two numbers of at most six and three digits.
  std::uint64_t maxInputBytes(const SolveLimits&) const override { return 12; }
  const std::vector<RecipeField>& recipeFields() const override {
    static const std::vector<RecipeField> kFields = {
        {"N", "n", 1, PileBoard::kMaxStones, PileBoard::kMaxStones, 0, 20, true},
        {"K", "k", 1, PileBoard::kMaxTake, PileBoard::kMaxTake, 0, 3, true},
    };
    return kFields;
  }
  std::string checkRecipe(const Recipe&, const SolveLimits&) const override { return ""; }
  std::unique_ptr<GameBoard> generate(const Recipe& recipe) const override {
    SplitMix64 random(recipe.seed);
    PileBoard board;
    board.stones = static_cast<int>(random.between(1, recipe.fields[0]));
    board.maxTake = static_cast<int>(random.between(1, recipe.fields[1]));
    return std::make_unique<PileGameBoard>(board);
  }
  std::string randomSizeRule() const override {
    return "subtraction needs 1 <= N and 1 <= K <= 100";
  }
  std::vector<BenchBoard> benchBoards() const override {
    return {{"subtraction 1000 7", "1000 7\n"}};
  }
};

}  // namespace

const Game& subtractionGame() {
  static const SubtractionGame kGame;
  return kGame;
}

}  // namespace gs::testing
