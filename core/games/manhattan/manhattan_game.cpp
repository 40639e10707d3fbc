#include "games/manhattan/manhattan_game.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "base/drawing.h"
#include "base/forms.h"
#include "base/random.h"
#include "games/cell_moves.h"
#include "games/manhattan/manhattan_reference.h"
#include "games/shrink.h"
#include "games/solver_board.h"

namespace gs {
namespace {

const char* const kPlayers[] = {"Alice", "Bob"};

// The game's messages, each written once (the English the code fills in, and its Chinese).
constexpr Phrase kFirstCellsWin{"{N1} of {N2} first cells win", "{N2} 个起始格中有 {N1} 个必胜"};
constexpr Phrase kFirstCellWins{"{N1} of {N2} first cell wins", "{N2} 个起始格中有 {N1} 个必胜"};
constexpr Phrase kWins{"{PLAYER} wins", "{PLAYER}获胜"};
constexpr Phrase kWinsAnswering{"{PLAYER} wins, answering with {CELL}",
                                "{PLAYER}获胜，以 {CELL} 应对"};
constexpr Phrase kTooClose{
    "cell {CELL} is at distance {N1} from the last move {CELL2}; a move must be farther than m = "
    "{N2}",
    "格子 {CELL} 与上一步 {CELL2} 的距离为 {N1}；落子必须与上一步距离大于 m = {N2}"};
// The app's view of the board (imgui_app/manhattan_view.cpp).

std::string cellJson(int row, int col) {
  return "{\"row\": " + std::to_string(row + 1) + ", \"col\": " + std::to_string(col + 1) + "}";
}

class ManhattanGameBoard final
    : public SolverBoard<ManhattanSolver, ManhattanPosition, ManhattanBoard>,
      public AnalysisExtras {
 public:
  using SolverBoard::SolverBoard;

  const Game& game() const override { return manhattanGame(); }
  std::uint64_t positions() const override {
    return static_cast<std::uint64_t>(solver().cellCount());
  }
  std::string judgeInput() const override {
    // A recipe's board asked for its text before its solve made it (`gamesolver random`).
    if (const ManhattanShuffle* shuffle = solver().unmade())
      return formatManhattan(randomManhattan(shuffle->n, shuffle->m, shuffle->seed));
    return formatManhattan(board());
  }
  std::uint64_t judgeInputNumbers() const override {
    return 2 + static_cast<std::uint64_t>(board().n) * static_cast<std::uint64_t>(board().n);
  }
  std::string judgeOutput() const override { return solver().judgeOutput(); }
  Message summary() const override {
    const int cells = solver().cellCount();
    return Message(cells == 1 ? kFirstCellWins : kFirstCellsWin,
                   {{"N1", solver().winnerCount()}, {"N2", cells}});
  }

  int sideToMove() const override { return here().mover(); }
  Message illegalReason(const Move& move) const override {
    const int n = solver().n();
    const bool inside = move.a >= 0 && move.a < n && move.b >= 0 && move.b < n;
    const int cell = inside ? move.a * n + move.b : -1;
    switch (solver().rule(here(), cell)) {
      case ManhattanRule::kLegal:
        return "";
      case ManhattanRule::kOutside:
        return Message(
            forms::kCellOutside,
            {{"CELL", Message::verbatim(cellName(move.a, move.b))}, {"N1", n}, {"N2", n}});
      case ManhattanRule::kTooClose:
        return Message(kTooClose,
                       {{"CELL", Message::verbatim(cellName(move.a, move.b))},
                        {"N1", solver().distance(here().last, cell)},
                        {"CELL2", Message::verbatim(cellName(here().last / n, here().last % n))},
                        {"N2", board().m}});
    }
    return "";
  }
  void push(const Move& move) override {
    pushPosition(solver().play(here(), move.a * solver().n() + move.b));
  }

  Value value() const override { return solver().value(here()); }
  // The reference compares every cell with every higher one: up to 30 x 30.
  std::optional<std::string> referenceJudgeOutput() const override {
    const int n = board().n;
    if (n > 30) return std::nullopt;
    const std::vector<bool> winning = reference::manhattanRule(board());
    std::string cells;
    int count = 0;
    for (int cell = 0; cell < n * n; ++cell)
      if (winning[cell]) {
        ++count;
        cells += std::to_string(cell / n + 1) + " " + std::to_string(cell % n + 1) + "\n";
      }
    return std::to_string(count) + "\n" + cells;
  }
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
  // The strategy's move, which among equally winning moves prefers the reply core/games/GAMES.md
  // describes.
  std::optional<Move> bestMove() const override {
    const int cell = solver().strategyMove(here());
    if (cell < 0) return std::nullopt;
    return Move{cell / solver().n(), cell % solver().n()};
  }
  // The game lasts 2^2022 rounds: its line is the strategy played until it repeats.
  bool endless() const override { return true; }

  std::string moveName(const Move& move) const override { return cellName(move.a, move.b); }
  std::string moveCode(const Move& move) const override { return cellCode(move); }
  Expected<Move> parseMoveCode(std::string_view code) const override { return parseCellCode(code); }
  std::vector<NamedField> moveFields(const Move& move) const override {
    return cellFields(move.a, move.b);
  }
  Message describe(const Value& value, int player) const override {
    const char* winner = kPlayers[value.win ? player : 1 - player];
    if (value.certificate.a < 0) return Message(kWins, {{"PLAYER", winner}});
    return Message(
        kWinsAnswering,
        {{"PLAYER", winner},
         {"CELL", Message::verbatim(cellName(value.certificate.a, value.certificate.b))}});
  }

  const AnalysisExtras* analysisExtras() const override { return this; }
  // After a placement, the best move is the strategy's reply (or any move, when all lose).
  Message bestMoveNote(const Value& now) const override {
    if (here().plies == 0) return Message();
    return now.win ? Message("the winning reply") : Message("every answer loses");
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
        losing += std::string(losingListed > 1 ? ",\n    " : "\n    ") +
                  "{\"cell\": " + cellJson(cell / n, cell % n) +
                  ", \"certificate\": " + cellJson(refutation / n, refutation % n) + "}";
      }
    }
    const std::size_t losingCount = static_cast<std::size_t>(solved.cellCount()) - winningListed;
    return "  \"winningCount\": " + std::to_string(winningListed) +
           ",\n  \"losingCount\": " + std::to_string(losingCount) + ",\n  \"cellsTruncated\": " +
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

  std::optional<ParseError> exportRefusal() const override {
    if (board().n > kMaxDrawnSide) return tooLargeToDraw(board().n, board().n);
    return std::nullopt;
  }

  // The grid: each cell's value, green where a placement wins for the placer (W) and red where
  // it loses (L), gray where a move is too close to the last one (distance <= m); pieces with
  // their move numbers (Alice black, Bob white), the last one ringed; the strategy's move
  // (bestMove()) framed in green.
  Expected<SvgPicture> svgPicture(const std::vector<Move>& line, int step,
                                  const std::vector<MoveValue>& moves) const override {
    const int n = board().n;
    if (auto refusal = exportRefusal()) return *refusal;
    const double cell = std::clamp(640.0 / n, 18.0, 56.0);
    const double label = 20;
    const std::vector<std::string> pieces = pieceNumbers(line, step);
    std::vector<int> legal(static_cast<std::size_t>(n) * n, -1);  // -1 illegal, 0 loses, 1 wins
    for (const MoveValue& move : moves)
      legal[static_cast<std::size_t>(move.move.a) * n + move.move.b] = move.value.win ? 1 : 0;
    // Every winning cell is as good as another: the frame marks the strategy's move only.
    std::vector<char> best(legal.size(), 0);
    if (const auto move = bestMove()) best[static_cast<std::size_t>(move->a) * n + move->b] = 1;
    SvgWriter svg;
    for (int k = 0; k < n; ++k) {
      if (n > 20 && (k + 1) % 5 != 0 && k != 0) continue;
      svg.text(label + k * cell + cell / 2, 13, std::to_string(k + 1), 10, "#666");
      svg.text(label / 2, label + k * cell + cell / 2 + 4, std::to_string(k + 1), 10, "#666");
    }
    const int lastCell = step > 0 ? line[static_cast<std::size_t>(step - 1)].a * n +
                                        line[static_cast<std::size_t>(step - 1)].b
                                  : -1;
    for (int row = 0; row < n; ++row) {
      for (int col = 0; col < n; ++col) {
        const std::size_t index = static_cast<std::size_t>(row) * n + col;
        const double x = label + col * cell, y = label + row * cell;
        const char* fill = legal[index] < 0 ? "#dedede" : legal[index] ? "#cdebd2" : "#f6d6d6";
        svg.rect(x, y, cell, cell, fill, "#999", 0.6);
        const std::string value = std::to_string(board().value(static_cast<int>(index)));
        const bool placed = !pieces[index].empty();
        const double size = fittedFontSize(value, cell * (placed ? 0.2 : 0.3), cell * 0.88);
        if (size >= 4) {
          svg.text(x + cell / 2, placed ? y + cell * 0.22 : y + cell / 2 + size * 0.35, value, size,
                   "#222");
        }
        if (legal[index] >= 0 && cell >= 28 && !placed)
          svg.text(x + 2, y + cell * 0.22, legal[index] ? "W" : "L", cell * 0.2,
                   legal[index] ? "#1a7f37" : "#b42318", "start", true);
        if (best[index])
          svg.rect(x + 2, y + 2, cell - 4, cell - 4, "none", "#1a7f37", cell >= 28 ? 3 : 2);
        if (placed) {
          const bool alice = pieceOwner(line, step, static_cast<int>(index)) == 0;
          const double cy = y + cell * 0.6;
          if (static_cast<int>(index) == lastCell)
            svg.circle(x + cell / 2, cy, cell * 0.34, "none", "#e8590c", 2);
          svg.circle(x + cell / 2, cy, cell * 0.27, alice ? "#161616" : "#fbfbfb", "#333", 1);
          svg.text(x + cell / 2, cy + cell * 0.08, pieces[index],
                   fittedFontSize(pieces[index], cell * 0.24, cell * 0.46), alice ? "#fff" : "#111",
                   "middle", true);
        }
      }
    }
    const double bottom = label + n * cell;
    const std::string legend1 =
        "Green (W): a piece there wins for its placer; red (L): it loses; gray: within m = " +
        std::to_string(board().m) + " of the last move.";
    const std::string legend2 =
        "Pieces: Alice black, Bob white, with their move numbers; green frame: the solver's move.";
    svg.text(0, bottom + 18, legend1, 12, "#444", "start");
    svg.text(0, bottom + 34, legend2, 12, "#444", "start");
    SvgPicture picture;
    picture.width = static_cast<int>(
        std::ceil(std::max({label + n * cell, textWidth(legend1, 12), textWidth(legend2, 12)})));
    picture.height = static_cast<int>(std::ceil(bottom + 40));
    picture.elements = svg.take();
    return picture;
  }

  // One row per board row: the value with W (a piece there wins for its placer) or L, and the
  // pieces placed there as ●1 (Alice, move 1) or ○2 (Bob).
  Expected<std::string> markdownBoard(const std::vector<Move>& line, int step) const override {
    const int n = board().n;
    if (auto refusal = exportRefusal()) return *refusal;
    std::vector<std::string> marks(static_cast<std::size_t>(n) * n);
    for (int k = 0; k < step && k < static_cast<int>(line.size()); ++k) {
      const Move& move = line[static_cast<std::size_t>(k)];
      marks[static_cast<std::size_t>(move.a) * n + move.b] +=
          std::string(k % 2 == 0 ? " \xE2\x97\x8F" : " \xE2\x97\x8B") + std::to_string(k + 1);
    }
    std::string md = "|   |";
    for (int col = 0; col < n; ++col) md += " " + std::to_string(col + 1) + " |";
    md += "\n|---|";
    for (int col = 0; col < n; ++col) md += ":---:|";
    md += "\n";
    for (int row = 0; row < n; ++row) {
      md += "| **" + std::to_string(row + 1) + "** |";
      for (int col = 0; col < n; ++col) {
        const int cell = row * n + col;
        md += " " + std::to_string(board().value(cell)) + (solver().isWinning(cell) ? " W" : " L") +
              marks[static_cast<std::size_t>(cell)] + " |";
      }
      md += "\n";
    }
    md += "\nm = " + std::to_string(board().m) +
          ". W: a piece there wins for its placer; L: it loses. \xE2\x97\x8F n: Alice's piece of "
          "move n, \xE2\x97\x8B n: Bob's.\n";
    return md;
  }

  // Per cell, the numbers of the moves of line[0..step) placed there ("1,3"; "" for none).
  std::vector<std::string> pieceNumbers(const std::vector<Move>& line, int step) const {
    const int n = board().n;
    std::vector<std::string> numbers(static_cast<std::size_t>(n) * n);
    for (int k = 0; k < step && k < static_cast<int>(line.size()); ++k) {
      std::string& text =
          numbers[static_cast<std::size_t>(line[static_cast<std::size_t>(k)].a) * n +
                  line[static_cast<std::size_t>(k)].b];
      text += (text.empty() ? "" : ",") + std::to_string(k + 1);
    }
    return numbers;
  }

  // The player of the last piece placed on `cell` by line[0..step).
  int pieceOwner(const std::vector<Move>& line, int step, int cell) const {
    int owner = 0;
    for (int k = 0; k < step && k < static_cast<int>(line.size()); ++k)
      if (line[static_cast<std::size_t>(k)].a * board().n + line[static_cast<std::size_t>(k)].b ==
          cell)
        owner = k % 2;
    return owner;
  }
};

// The rules as the Rules panel shows them (in English; translations() keys the Chinese on it).
constexpr const char* kManhattanRules =
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
    "cell farther than m).";

class ManhattanGame final : public Game {
 public:
  const GameInfo& info() const override {
    static const GameInfo kInfo = {
        .id = "manhattan",
        .title = "Manhattan (\xE4\xB8\x8B\xE6\xA3\x8B)",
        .source = "UESTC Lutece 2772, 下棋",
        .players = {kPlayers[0], kPlayers[1]},
        .metric = Metric::kWinLossCertificate,
        .metricName = "win/loss for the placer, refuting cell",
        .inputShape = "n m / n lines of n distinct integers",
        .answerShape = "k, then k lines 'row col'",
        .rules = kManhattanRules,
    };
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
      if (manhattanMemoryNeeded(mid) <= limits.memoryBudgetBytes)
        low = mid;
      else
        high = mid - 1;
    }
    const auto n = static_cast<std::uint64_t>(std::max(low, 1));
    const int widest = static_cast<int>(std::to_string(ManhattanBoard::kMaxValue).size());
    return judgeTextBytes(1, 5, 0) + judgeTextBytes(1, 19, 1) + judgeTextBytes(n * n, widest, n);
  }

  const std::vector<RecipeField>& recipeFields() const override {
    static const std::vector<RecipeField> kFields = {
        {.name = "N",
         .label = "n",
         .min = 1,
         .max = ManhattanBoard::kMaxSide,
         .judgeMax = 2000,
         .cliDefault = 0,
         .appDefault = 6,
         .isSize = true},
        {.name = "M",
         .label = "m",
         .min = 0,
         .max = ManhattanBoard::kMaxM,
         .judgeMax = ManhattanBoard::kMaxM,
         .cliDefault = 0,
         .appDefault = 3,
         .isSize = true},
    };
    return kFields;
  }
  Message checkRecipe(const Recipe& recipe, const SolveLimits& limits) const override {
    const int n = static_cast<int>(recipe.fields[0]);
    const std::uint64_t needed = manhattanMemoryNeeded(n);
    if (needed <= limits.memoryBudgetBytes) return "";
    return Message(forms::kBoardNeeds, {{"N1", n},
                                        {"N2", n},
                                        {"SIZE", byteSize(needed)},
                                        {"BUDGET", byteSize(limits.memoryBudgetBytes)}});
  }
  std::unique_ptr<GameBoard> generate(const Recipe& recipe) const override {
    // Made as the first part of its solve, a slice at a time (ManhattanShuffler).
    return std::make_unique<ManhattanGameBoard>(
        ManhattanShuffle{static_cast<int>(recipe.fields[0]), recipe.fields[1], recipe.seed});
  }
  // The game's words in Chinese, with 下棋's terms. The players keep the names the problem
  // statement gives them, Alice and Bob.
  const std::vector<Phrase>& translations() const override {
    static const std::vector<Phrase> kPhrases = {
        {"manhattan", "下棋"},
        {"Manhattan (\xE4\xB8\x8B\xE6\xA3\x8B)", "下棋"},
        {"UESTC Lutece 2772, 下棋", "UESTC Lutece 2772，下棋"},
        {"win/loss for the placer, refuting cell", "落子一方的胜负，驳斥格"},
        {kManhattanRules,
         "Alice 和 Bob 在 n \xC3\x97 n 的棋盘上轮流落子，棋盘上的数互不相同；可以落在任意格子上，"
         "同一格子可以重复落子。除第一步外，每一步与上一步的距离必须大于 m：|行差| + |列差| > m。"
         "每次落子得到该格的分数；2^2022 轮之后总分高者获胜。\n"
         "Alice 第一步落在哪些格子上必胜？一个格子必胜，当且仅当与它距离大于 m 的格子中没有值更大的"
         "必胜格：在必胜格上落子的一方，面对值更小的应着就再落回这一格，而值更大的应着总能被驳倒。"
         "\n"
         "求解器的策略：第一步落在按阅读顺序的第一个必胜格；对方应着的值更小时就重复落在自己的格子"
         "上，"
         "值更大时用驳斥格（距离大于 m 的值最大的必胜格）应对。"},
        kFirstCellsWin,
        kFirstCellWins,
        kWins,
        kWinsAnswering,
        kTooClose,
        {"the winning reply", "必胜的应着"},
        {"every answer loses", "每种应着都必败"},
        kManhattanValueOfCell,
        kManhattanRepeatedValue,
        // The app's view of the board (imgui_app/manhattan_view.cpp).
        kCellValue,
        {"wins: no higher winning cell lies farther than m",
         "必胜：距离大于 m 的格子中没有值更大的必胜格"},
        kRefutedBy,
        {"not a legal answer here (distance \xE2\x89\xA4 m)",
         "这里不能落子（距离 \xE2\x89\xA4 m）"},
        {"blue, dotted: a winning first cell (brighter: higher value)",
         "蓝色带点：必胜的起始格（越亮值越大）"},
        {"orange, hatched: a losing first cell", "橙色带斜线：必败的起始格"},
        {"dimmed: too close to the last move (distance \xE2\x89\xA4 m)",
         "变暗：离上一步太近（距离 \xE2\x89\xA4 m）"},
        {"yellow ring: the strategy's next move", "黄色圆圈：策略的下一步"},
        {"numbered pieces: the placements so far (black: Alice)",
         "带编号的棋子：到目前为止的落子（黑色：Alice）"},
        {"The judge's limit: n \xE2\x89\xA4 %lld; values distinct",
         "评测限制：n \xE2\x89\xA4 %lld；各值互不相同"},
        {"Values are edited in place up to n = 12; larger boards as judge input below.",
         "n \xE2\x89\xA4 12 时可直接编辑各值；更大的棋盘请在下面的评测输入中编辑。"},
    };
    return kPhrases;
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

  // check's boards: n in 1..2 on a quarter of the boards, 3..8 on half, 9..40 on most of the
  // rest and 41..200 on one in 32 (a stress test hunts wrong answers; the judge's n = 2000 is
  // the bench's business); m = 0 on a quarter, exactly the largest distance 2n - 2 on an
  // eighth, larger than any distance on a quarter (up to 2n + 3, or 10^9), otherwise 1..2n - 2;
  // values a shuffle of 1..n^2, or on half the boards distinct values spread over 0..2^31 - 1.
  std::string randomJudgeInput(SplitMix64& random) const override {
    const std::int64_t size = random.between(0, 31);
    const int n = static_cast<int>(size < 8    ? random.between(1, 2)
                                   : size < 24 ? random.between(3, 8)
                                   : size < 31 ? random.between(9, 40)
                                               : random.between(41, 200));
    const std::int64_t farthest = 2 * static_cast<std::int64_t>(n) - 2;
    const std::int64_t kind = random.between(0, 7);
    const std::int64_t m = kind < 2    ? 0
                           : kind == 2 ? farthest
                           : kind == 3 ? random.between(farthest + 1, farthest + 5)
                           : kind == 4 ? 1000000000
                                       : random.between(1, std::max<std::int64_t>(1, farthest));
    ManhattanBoard board = randomManhattan(n, m, random.next());
    if (random.between(0, 1) == 0) {
      // Rank v (1..n^2) goes to a random point of its own bucket: distinct, order kept.
      const std::int64_t bucket = ManhattanBoard::kMaxValue / (static_cast<std::int64_t>(n) * n);
      for (std::uint32_t& value : board.values)
        value = static_cast<std::uint32_t>((value - 1) * bucket + random.between(0, bucket - 1));
    }
    return formatManhattan(board);
  }

  // Smaller boards: a quarter (the four corner squares of side ceil(n/2), for n >= 4), then one
  // row and one column fewer (every pair for n <= 8, else rows and columns first, middle and
  // last); then a smaller m (0, the largest distance 2n - 2 and 2n - 1 when m is above them,
  // half, one less); then the values replaced by their ranks 0..n^2 - 1 (order kept).
  std::vector<std::string> shrinkCandidates(std::string_view judgeInput) const override {
    auto parsed = parseManhattan(judgeInput, SolveLimits{~std::uint64_t{0}});
    if (!parsed) return {};
    const ManhattanBoard& board = parsed.value();
    const int n = board.n;
    const std::string text = formatManhattan(board);
    std::vector<std::string> out;
    const auto square = [&board](int side, int top, int left, int skipRow, int skipCol) {
      ManhattanBoard smaller;
      smaller.m = board.m;
      for (int row = top; row < top + side + (skipRow >= 0); ++row) {
        if (row == skipRow) continue;
        for (int col = left; col < left + side + (skipCol >= 0); ++col)
          if (col != skipCol)
            smaller.values.push_back(board.values[static_cast<std::size_t>(row) * board.n + col]);
      }
      smaller.n = side;
      return formatManhattan(smaller);
    };
    if (n >= 4) {
      const int half = (n + 1) / 2;
      for (int top : {0, n - half})
        for (int left : {0, n - half}) addCandidate(out, text, square(half, top, left, -1, -1));
    }
    if (n > 1) {
      std::vector<int> lines;
      for (int k = 0; k < n; ++k)
        if (n <= 8 || k == 0 || k == n / 2 || k == n - 1) lines.push_back(k);
      for (int row : lines)
        for (int col : lines) addCandidate(out, text, square(n - 1, 0, 0, row, col));
    }
    const std::int64_t farthest = 2 * static_cast<std::int64_t>(n) - 2;
    for (std::int64_t m : {std::int64_t{0}, farthest, farthest + 1, board.m / 2, board.m - 1}) {
      if (m < 0 || m >= board.m) continue;
      ManhattanBoard smaller = board;
      smaller.m = m;
      addCandidate(out, text, formatManhattan(smaller));
    }
    ManhattanBoard ranked = board;
    if (compressToRanks(ranked.values, std::uint32_t{0}))
      addCandidate(out, text, formatManhattan(ranked));
    return out;
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
  ManhattanBoard board{n, m, {}, {}};
  ManhattanShuffler shuffler(ManhattanShuffle{n, m, seed});
  std::uint64_t budget = shuffler.total();
  shuffler.step(board, budget);
  return board;
}

}  // namespace gs
