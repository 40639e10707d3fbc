#include "manhattan_game.h"

#include <algorithm>
#include <utility>

#include "../analysis.h"
#include "../random.h"
#include "cell_moves.h"
#include "solver_board.h"

namespace gs {
namespace {

const char* const kPlayers[] = {"Alice", "Bob"};

std::string cellJson(int row, int col) {
  return "{\"row\": " + std::to_string(row + 1) + ", \"col\": " + std::to_string(col + 1) + "}";
}

class ManhattanGameBoard final
    : public SolverBoard<ManhattanSolver, ManhattanPosition, ManhattanBoard> {
 public:
  using SolverBoard::SolverBoard;

  const Game& game() const override { return manhattanGame(); }
  std::uint64_t positions() const override {
    return static_cast<std::uint64_t>(solver().cellCount());
  }
  std::string judgeInput() const override { return formatManhattan(board()); }
  std::uint64_t judgeInputNumbers() const override {
    return 2 + static_cast<std::uint64_t>(board().n) * static_cast<std::uint64_t>(board().n);
  }
  std::string judgeOutput() const override { return solver().judgeOutput(); }
  std::string summary() const override {
    const int cells = solver().cellCount();
    return std::to_string(solver().winnerCount()) + " of " + std::to_string(cells) +
           (cells == 1 ? " first cell wins" : " first cells win");
  }

  int sideToMove() const override { return here().mover(); }
  std::string illegalReason(const Move& move) const override {
    const int n = solver().n();
    const bool inside = move.a >= 0 && move.a < n && move.b >= 0 && move.b < n;
    const int cell = inside ? move.a * n + move.b : -1;
    switch (solver().rule(here(), cell)) {
      case ManhattanRule::kLegal: return "";
      case ManhattanRule::kOutside:
        return "cell " + cellName(move.a, move.b) + " is outside the " + std::to_string(n) +
               " x " + std::to_string(n) + " board";
      case ManhattanRule::kTooClose:
        return "cell " + cellName(move.a, move.b) + " is at distance " +
               std::to_string(solver().distance(here().last, cell)) + " from the last move " +
               cellName(here().last / n, here().last % n) +
               "; a move must be farther than m = " + std::to_string(board().m);
    }
    return "";
  }
  void push(const Move& move) override {
    pushPosition(solver().play(here(), move.a * solver().n() + move.b));
  }

  Value value() const override { return solver().value(here()); }
  std::uint64_t moveCount() const override {
    std::uint64_t count = 0;
    for (int cell = 0; cell < solver().cellCount(); ++cell) count += solver().isLegal(here(), cell);
    return count;
  }
  // The same entries as ManhattanSolver::moves() (a move is best when it wins, or when no legal
  // move wins), without a vector of every legal cell: a position has up to n^2 of them.
  std::vector<MoveValue> movesPage(std::uint64_t first, std::uint64_t count) const override {
    const ManhattanSolver& solved = solver();
    const int cells = solved.cellCount(), n = solved.n();
    bool anyWin = false;
    for (int cell = 0; cell < cells && !anyWin; ++cell)
      anyWin = solved.isWinning(cell) && solved.isLegal(here(), cell);
    std::vector<MoveValue> page;
    std::uint64_t index = 0;
    for (int cell = 0; cell < cells && page.size() < count; ++cell) {
      if (!solved.isLegal(here(), cell) || index++ < first) continue;
      MoveValue entry;
      entry.move = {cell / n, cell % n};
      entry.value = solved.placementValue(cell);
      entry.best = entry.value.win || !anyWin;
      page.push_back(entry);
    }
    return page;
  }
  // The strategy's move, which among equally winning moves prefers the reply GAMES.md describes.
  std::optional<Move> bestMove() const override {
    const int cell = solver().strategyMove(here());
    if (cell < 0) return std::nullopt;
    return Move{cell / solver().n(), cell % solver().n()};
  }
  // The game lasts 2^2022 rounds: its line is the strategy played until it repeats.
  bool endless() const override { return true; }

  std::string moveName(const Move& move) const override { return cellName(move.a, move.b); }
  std::string moveCode(const Move& move) const override { return cellCode(move); }
  Expected<Move> parseMoveCode(std::string_view code) const override {
    return parseCellCode(code);
  }
  std::vector<NamedField> moveFields(const Move& move) const override {
    return cellFields(move.a, move.b);
  }
  std::string describe(const Value& value, int player) const override {
    std::string text = std::string(kPlayers[value.win ? player : 1 - player]) + " wins";
    if (value.certificate.a >= 0)
      text += ", answering with " + cellName(value.certificate.a, value.certificate.b);
    return text;
  }

  // After a placement, the best move is the strategy's reply (or any move, when all lose).
  std::string bestMoveNote(const Value& now) const override {
    if (here().plies == 0) return "";
    return now.win ? "the winning reply" : "every answer loses";
  }

  // A step can have 4 million legal placements: the analysis lists the first few.
  bool listsEveryMove() const override { return false; }
  // The winning first cells, and each losing cell with its certificate, up to maxCellsListed.
  std::string analysisExtraJson(const AnalysisOptions& options) const override {
    const ManhattanSolver& solved = solver();
    const int n = solved.n();
    std::string winning, losing;
    std::size_t winningListed = 0, losingListed = 0;
    for (int cell = 0; cell < solved.cellCount(); ++cell) {
      if (solved.isWinning(cell)) {
        if (winningListed++ < options.maxCellsListed)
          winning += (winningListed > 1 ? ", " : "") + cellJson(cell / n, cell % n);
      } else if (losingListed++ < options.maxCellsListed) {
        const int refutation = solved.certificate(cell);
        losing += std::string(losingListed > 1 ? ",\n    " : "\n    ") + "{\"cell\": " +
                  cellJson(cell / n, cell % n) +
                  ", \"certificate\": " + cellJson(refutation / n, refutation % n) + "}";
      }
    }
    const std::size_t losingCount = static_cast<std::size_t>(solved.cellCount()) - winningListed;
    return "  \"winningCount\": " + std::to_string(winningListed) + ",\n  \"losingCount\": " +
           std::to_string(losingCount) + ",\n  \"cellsTruncated\": " +
           (winningListed > options.maxCellsListed || losingCount > options.maxCellsListed
                ? "true"
                : "false") +
           ",\n  \"winningCells\": [" + winning + "],\n  \"losingCells\": [" + losing +
           (losing.empty() ? "]" : "\n  ]") + ",\n";
  }

  BoardSnapshot snapshot(const std::vector<Move>& line, int step) const override {
    BoardSnapshot snapshot;
    snapshot.numbers = {{"n", board().n}, {"m", static_cast<double>(board().m)}};
    snapshot.layers.emplace_back("values", board().values);
    snapshot.layers.emplace_back("winning", solver().winningCells());
    snapshot.placements.emplace();
    for (int k = 0; k < step; ++k) snapshot.placements->push_back({line[k].a, line[k].b, k % 2});
    return snapshot;
  }
};

class ManhattanGame final : public Game {
 public:
  const GameInfo& info() const override {
    static const GameInfo kInfo = {"manhattan",
                                   "Manhattan (\xE4\xB8\x8B\xE6\xA3\x8B)",
                                   "UESTC Lutece 2772, 下棋",
                                   {kPlayers[0], kPlayers[1]},
                                   Metric::kWinLossCertificate,
                                   "win/loss for the placer, refuting cell",
                                   "n m / n lines of n distinct integers",
                                   "k, then k lines 'row col'",
                                   "Alice and Bob take turns placing a piece on any cell of an "
                                   "n \xC3\x97 n board of distinct numbers; pieces may share a "
                                   "cell. Every move after the first must be farther than m from "
                                   "the previous one: |row difference| + |column difference| > m. "
                                   "Each placement scores the cell's number; after 2^2022 rounds "
                                   "the higher total wins.\n"
                                   "Which first cells win for Alice? A cell wins exactly when no "
                                   "winning cell of higher value lies farther than m from it: "
                                   "whoever placed on a winning cell answers a cheaper reply by "
                                   "placing there again, and a dearer reply is always refuted.\n"
                                   "The solver's strategy opens on the first winning cell in "
                                   "reading order, repeats its cell against a cheaper reply and "
                                   "answers a dearer one with its refutation (the highest winning "
                                   "cell farther than m)."};
    return kInfo;
  }

  Expected<std::unique_ptr<GameBoard>> parse(std::string_view text,
                                             const SolveLimits& limits) const override {
    auto board = parseManhattan(text, limits);
    if (!board) return board.error();
    return newGameBoard(std::move(board.value()));
  }
  const char* sample() const override { return "3 1\n1 2 3\n4 5 6\n7 8 9\n"; }
  std::uint64_t maxInputBytes(const SolveLimits& limits) const override {
    int low = 0, high = static_cast<int>(ManhattanBoard::kMaxSide);  // the largest n that fits
    while (low < high) {
      const int mid = low + (high - low + 1) / 2;
      if (manhattanMemoryNeeded(mid) <= limits.memoryBudgetBytes) low = mid; else high = mid - 1;
    }
    const auto n = static_cast<std::uint64_t>(std::max(low, 1));
    const int widest = static_cast<int>(std::to_string(ManhattanBoard::kMaxValue).size());
    return judgeTextBytes(1, 5, 0) + judgeTextBytes(1, 19, 1) + judgeTextBytes(n * n, widest, n);
  }

  const std::vector<RecipeField>& recipeFields() const override {
    static const std::vector<RecipeField> kFields = {
        {"N", "n", 1, ManhattanBoard::kMaxSide, 2000, 0, 6, true},
        {"M", "m", 0, ManhattanBoard::kMaxM, ManhattanBoard::kMaxM, 0, 3, true},
    };
    return kFields;
  }
  std::string checkRecipe(const Recipe& recipe, const SolveLimits& limits) const override {
    const int n = static_cast<int>(recipe.fields[0]);
    const std::uint64_t needed = manhattanMemoryNeeded(n);
    if (needed <= limits.memoryBudgetBytes) return "";
    return "a " + std::to_string(n) + " x " + std::to_string(n) + " board needs " +
           formatBytes(needed) + " to solve, over the memory budget of " +
           formatBytes(limits.memoryBudgetBytes);
  }
  std::unique_ptr<GameBoard> generate(const Recipe& recipe) const override {
    return newGameBoard(
        randomManhattan(static_cast<int>(recipe.fields[0]), recipe.fields[1], recipe.seed));
  }
  std::string randomSizeRule() const override {
    return "manhattan n must be between 1 and " + std::to_string(ManhattanBoard::kMaxSide);
  }

  std::vector<BenchBoard> benchBoards() const override {
    return {
        {"manhattan 2000 m=1000 seed 1", formatManhattan(randomManhattan(2000, 1000, 1))},
        {"manhattan 2000 m=3000 seed 2", formatManhattan(randomManhattan(2000, 3000, 2))},
    };
  }
  std::string benchAnswer(const std::string& judgeOutput) const override {
    return Game::benchAnswer(judgeOutput) + " wins";
  }
};

}  // namespace

const Game& manhattanGame() {
  static const ManhattanGame kGame;
  return kGame;
}

std::unique_ptr<GameBoard> newGameBoard(ManhattanBoard board) {
  return std::make_unique<ManhattanGameBoard>(std::move(board));
}

ManhattanBoard randomManhattan(int n, std::int64_t m, std::uint64_t seed) {
  // A seeded shuffle (Fisher-Yates) of 1..n^2: distinct by construction, short to print.
  SplitMix64 random(seed);
  ManhattanBoard board;
  board.n = n;
  board.m = m;
  const std::size_t cells = static_cast<std::size_t>(n) * n;
  board.values.resize(cells);
  for (std::size_t cell = 0; cell < cells; ++cell)
    board.values[cell] = static_cast<std::uint32_t>(cell + 1);
  for (std::size_t k = cells; k > 1; --k)
    std::swap(board.values[k - 1], board.values[static_cast<std::size_t>(random.next() % k)]);
  // The order by value is the inverse permutation, read off directly.
  board.byValue.resize(cells);
  for (std::size_t cell = 0; cell < cells; ++cell)
    board.byValue[cells - board.values[cell]] = static_cast<std::uint32_t>(cell);
  return board;
}

const ManhattanSolver* manhattanSolverOf(const GameBoard& board) {
  const auto* manhattan = dynamic_cast<const ManhattanGameBoard*>(&board);
  return manhattan ? &manhattan->solver() : nullptr;
}

const ManhattanPosition* manhattanPositionOf(const GameBoard& board) {
  const auto* manhattan = dynamic_cast<const ManhattanGameBoard*>(&board);
  return manhattan ? &manhattan->here() : nullptr;
}

}  // namespace gs
