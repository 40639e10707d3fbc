#include "games/staircase/staircase_game.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "base/drawing.h"
#include "base/forms.h"
#include "base/random.h"
#include "games/cell_moves.h"
#include "games/shrink.h"
#include "games/solver_board.h"
#include "games/staircase/staircase_reference.h"

namespace gs {
namespace {

// The game's messages, each written once (the English the code fills in, and its Chinese).
constexpr Phrase kHoldsStone{"cell {CELL} already holds a stone", "格子 {CELL} 已有棋子"};
constexpr Phrase kNeedsStone{"cell {CELL} needs a stone on {CELL2} first",
                             "格子 {CELL} 需要先在 {CELL2} 落子"};
// The app's view of the board (imgui_app/staircase_view.cpp).

// Per cell, the number of the move of `line` that put a stone there (0: empty at `step`).
std::vector<int> moveNumbersOf(int rows, int cols, const std::vector<Move>& line, int step) {
  std::vector<int> numbers(static_cast<std::size_t>(rows) * cols, 0);
  for (int k = 0; k < step && k < static_cast<int>(line.size()); ++k)
    numbers[static_cast<std::size_t>(line[k].a) * cols + line[k].b] = k + 1;
  return numbers;
}

class StaircaseGameBoard final
    : public SolverBoard<StaircaseSolver, StaircasePosition, StaircaseBoard> {
 public:
  using SolverBoard::SolverBoard;

  const Game& game() const override { return staircaseGame(); }
  std::uint64_t positions() const override { return solver().positionCount(); }
  std::string judgeInput() const override { return formatStaircase(board()); }
  std::uint64_t judgeInputNumbers() const override {
    return 2 +
           2 * static_cast<std::uint64_t>(board().rows) * static_cast<std::uint64_t>(board().cols);
  }
  std::string judgeOutput() const override { return formatStaircaseAnswer(solver().value(root())); }
  Message summary() const override {
    Value value;
    value.score = solver().value(root());
    return describe(value, 0);
  }

  int sideToMove() const override { return here().blackToMove() ? 0 : 1; }
  Message illegalReason(const Move& move) const override {
    const Message cell = Message::verbatim(cellName(move.a, move.b));
    switch (solver().rule(here(), move.a, move.b)) {
      case StaircaseRule::kLegal:
        return "";
      case StaircaseRule::kOutside:
        return Message(forms::kCellOutside,
                       {{"CELL", cell}, {"N1", board().rows}, {"N2", board().cols}});
      case StaircaseRule::kOccupied:
        return Message(kHoldsStone, {{"CELL", cell}});
      case StaircaseRule::kNeedsLeft:
        return Message(kNeedsStone, {{"CELL", cell},
                                     {"CELL2", Message::verbatim(cellName(move.a, move.b - 1))}});
      case StaircaseRule::kNeedsAbove:
        return Message(kNeedsStone, {{"CELL", cell},
                                     {"CELL2", Message::verbatim(cellName(move.a - 1, move.b))}});
    }
    return "";
  }
  void push(const Move& move) override { pushPosition(solver().play(here(), move.a, move.b)); }

  Value value() const override {
    Value value;
    value.score = solver().value(here());
    return value;
  }
  // The reference walks every filling: at most 20,000 of them (the number of standard Young
  // tableaux of the board, by the hook length formula).
  std::optional<std::string> referenceJudgeOutput() const override {
    const int rows = board().rows, cols = board().cols;
    if (rows * cols > 30) return std::nullopt;
    double fillings = 1;
    for (int k = 1; k <= rows * cols; ++k) fillings *= k;
    for (int row = 0; row < rows; ++row)
      for (int col = 0; col < cols; ++col) fillings /= (cols - col) + (rows - row) - 1;
    if (fillings > 20000) return std::nullopt;
    return std::to_string(reference::StaircaseMinimax(board()).future(0)) + "\n";
  }
  std::uint64_t moveCount() const override { return solver().moveCount(here()); }

  std::string moveName(const Move& move) const override { return cellName(move.a, move.b); }
  std::string moveCode(const Move& move) const override { return cellCode(move); }
  Expected<Move> parseMoveCode(std::string_view code) const override { return parseCellCode(code); }
  std::vector<NamedField> moveFields(const Move& move) const override {
    return cellFields(move.a, move.b);
  }
  Message describe(const Value& value, int) const override {
    if (value.score == 0) return "Black and White end level";
    const std::int64_t lead = value.score > 0 ? value.score : -value.score;
    return Message(lead == 1 ? forms::kEndsAheadOne : forms::kEndsAhead,
                   {{"PLAYER", value.score > 0 ? "Black" : "White"}, {"N", lead}});
  }

  std::vector<int> moveNumbers(const std::vector<Move>& line, int step) const {
    return moveNumbersOf(board().rows, board().cols, line, step);
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

  std::optional<ParseError> exportRefusal() const override {
    if (board().rows > kMaxDrawnSide || board().cols > kMaxDrawnSide)
      return tooLargeToDraw(board().rows, board().cols);
    return std::nullopt;
  }

  // The grid with row and column numbers; a (Black's points) at the top left of each cell, b
  // (White's points) at the bottom right; stones with their move numbers; on each legal cell
  // the final score difference after the move, the best in bold green.
  Expected<SvgPicture> svgPicture(const std::vector<Move>& line, int step,
                                  const std::vector<MoveValue>& moves) const override {
    const StaircaseBoard& data = board();
    if (auto refusal = exportRefusal()) return *refusal;
    const double cell = std::clamp(640.0 / std::max(data.rows, data.cols), 30.0, 64.0);
    const double label = 20;
    const std::vector<int> numbers = moveNumbers(line, step);
    SvgWriter svg;
    for (int col = 0; col < data.cols; ++col)
      svg.text(label + col * cell + cell / 2, 13, std::to_string(col + 1), 11, "#666");
    for (int row = 0; row < data.rows; ++row)
      svg.text(label / 2, label + row * cell + cell / 2 + 4, std::to_string(row + 1), 11, "#666");
    for (int row = 0; row < data.rows; ++row) {
      for (int col = 0; col < data.cols; ++col) {
        const double x = label + col * cell, y = label + row * cell;
        const std::size_t index = static_cast<std::size_t>(row) * data.cols + col;
        svg.rect(x, y, cell, cell, "#f2dfb6", "#9b7b45", 1);
        const std::string a = std::to_string(data.a(row, col)),
                          b = std::to_string(data.b(row, col));
        svg.text(x + 3, y + cell * 0.2 + 1, a, fittedFontSize(a, cell * 0.2, cell * 0.6), "#222",
                 "start");
        svg.text(x + cell - 3, y + cell - 4, b, fittedFontSize(b, cell * 0.2, cell * 0.6),
                 "#4a5a80", "end");
        if (numbers[index] > 0) {
          const bool black = numbers[index] % 2 == 1;
          const std::string number = std::to_string(numbers[index]);
          svg.circle(x + cell / 2, y + cell / 2, cell * 0.27, black ? "#161616" : "#fbfbfb", "#333",
                     1.2);
          svg.text(x + cell / 2, y + cell / 2 + cell * 0.08, number,
                   fittedFontSize(number, cell * 0.24, cell * 0.44), black ? "#fff" : "#111",
                   "middle", true);
        }
      }
    }
    for (const MoveValue& move : moves) {
      const double x = label + move.move.b * cell, y = label + move.move.a * cell;
      const std::string value = std::to_string(move.value.score);
      svg.rect(x + 3, y + 3, cell - 6, cell - 6, move.best ? "#dff3e2" : "#ffffff",
               move.best ? "#1a7f37" : "#8a8a8a", move.best ? 2.5 : 1, 4,
               move.best ? "" : "stroke-dasharray=\"4 3\"");
      svg.text(x + cell / 2, y + cell / 2 + cell * 0.08, value,
               fittedFontSize(value, cell * 0.24, cell * 0.8), move.best ? "#1a7f37" : "#555",
               "middle", move.best);
    }
    const double bottom = label + data.rows * cell;
    const std::string legend1 = "a (Black's points) top left, b (White's points) bottom right;";
    const std::string legend2 =
        "on a legal cell: the final Black - White after that move, best in green";
    svg.text(0, bottom + 18, legend1, 12, "#444", "start");
    svg.text(0, bottom + 34, legend2, 12, "#444", "start");
    SvgPicture picture;
    picture.width = static_cast<int>(std::ceil(
        std::max({label + data.cols * cell, textWidth(legend1, 12), textWidth(legend2, 12)})));
    picture.height = static_cast<int>(std::ceil(bottom + 40));
    picture.elements = svg.take();
    return picture;
  }

  // One row per board row: "a/b" per cell, a stone as ●1 (Black, move 1) or ○2 (White).
  Expected<std::string> markdownBoard(const std::vector<Move>& line, int step) const override {
    const StaircaseBoard& data = board();
    if (auto refusal = exportRefusal()) return *refusal;
    const std::vector<int> numbers = moveNumbers(line, step);
    std::string md = "|   |";
    for (int col = 0; col < data.cols; ++col) md += " " + std::to_string(col + 1) + " |";
    md += "\n|---|";
    for (int col = 0; col < data.cols; ++col) md += ":---:|";
    md += "\n";
    for (int row = 0; row < data.rows; ++row) {
      md += "| **" + std::to_string(row + 1) + "** |";
      for (int col = 0; col < data.cols; ++col) {
        const int number = numbers[static_cast<std::size_t>(row) * data.cols + col];
        md += " ";
        if (number > 0)
          md += std::string(number % 2 ? "\xE2\x97\x8F" : "\xE2\x97\x8B") + std::to_string(number) +
                " ";
        md += std::to_string(data.a(row, col)) + "/" + std::to_string(data.b(row, col)) + " |";
      }
      md += "\n";
    }
    md +=
        "\nEach cell: a/b (Black's points / White's points); \xE2\x97\x8F n: Black's stone of move "
        "n, "
        "\xE2\x97\x8B n: White's.\n";
    return md;
  }
};

// The rules as the Rules panel shows them (in English; translations() keys the Chinese on it).
constexpr const char* kStaircaseRules =
    "Black and White take turns placing one stone each on an n \xC3\x97 m board, Black "
    "first, until every cell holds a stone.\n"
    "A stone may go on an empty cell only when every cell to its left in its row and every "
    "cell above it in its column already holds a stone, so the stones always form a "
    "staircase growing from the top-left corner.\n"
    "Each cell carries two numbers: a, which Black scores for a black stone there, and b, "
    "which White scores for a white stone there. Each player plays to end as far ahead of "
    "the other as possible.\n"
    "The answer is Black's total minus White's when both play perfectly. Among equally good "
    "moves the solver takes the one in the top-most row.";

class StaircaseGame final : public Game {
 public:
  const GameInfo& info() const override {
    static const GameInfo kInfo = {
        .id = "staircase",
        .title = "Staircase (\xE4\xB8\x80\xE5\x8F\x8C\xE6\x9C\xA8\xE6\xA3\x8B)",
        .source = "Luogu P4363 / BZOJ 5248 / LOJ 2471, [九省联考 2018] 一双木棋 chess",
        .players = {"Black", "White"},
        .metric = Metric::kScoreDifference,
        .metricName = "score difference (Black - White)",
        .inputShape = "n m / n lines of m integers a / n lines of m integers b",
        .answerShape = "one integer",
        .rules = kStaircaseRules,
    };
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
      return staircaseMemoryNeeded(rows, cols, true) <= limits.memoryBudgetBytes;
    };
    const int side = static_cast<int>(StaircaseBoard::kMaxSide);
    std::uint64_t cells = 0, rowsOfBest = 1;
    for (int rows = 1; rows <= side && fits(rows, rows); ++rows) {
      int low = rows, high = side;  // fits(rows, low)
      while (low < high) {
        const int mid = low + (high - low + 1) / 2;
        if (fits(rows, mid))
          low = mid;
        else
          high = mid - 1;
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
        {.name = "ROWS",
         .label = "n",
         .min = 1,
         .max = StaircaseBoard::kMaxSide,
         .judgeMax = 10,
         .cliDefault = 0,
         .appDefault = 3,
         .isSize = true},
        {.name = "COLS",
         .label = "m",
         .min = 1,
         .max = StaircaseBoard::kMaxSide,
         .judgeMax = 10,
         .cliDefault = 0,
         .appDefault = 3,
         .isSize = true},
        {.name = "MAX",
         .label = "max",
         .min = 0,
         .max = StaircaseBoard::kMaxValue,
         .judgeMax = 100000,
         .cliDefault = 100000,
         .appDefault = 9,
         .isSize = false},
    };
    return kFields;
  }
  Message checkRecipe(const Recipe& recipe, const SolveLimits& limits) const override {
    const int rows = static_cast<int>(recipe.fields[0]), cols = static_cast<int>(recipe.fields[1]);
    // The values are at most MAX, so the solver's 32-bit table applies when every future score
    // (at most cells x MAX) fits in it.
    const bool narrow = static_cast<long double>(rows) * cols * recipe.fields[2] <= 2147483647.0L;
    const std::uint64_t needed = staircaseMemoryNeeded(rows, cols, narrow);
    if (needed <= limits.memoryBudgetBytes) return "";
    return Message(forms::kBoardNeeds, {{"N1", rows},
                                        {"N2", cols},
                                        {"SIZE", staircaseMemoryNeededText(rows, cols, narrow)},
                                        {"BUDGET", byteSize(limits.memoryBudgetBytes)}});
  }
  std::unique_ptr<GameBoard> generate(const Recipe& recipe) const override {
    return newGameBoard(randomStaircase(static_cast<int>(recipe.fields[0]),
                                        static_cast<int>(recipe.fields[1]), recipe.fields[2],
                                        recipe.seed));
  }
  // The game's words in Chinese, with 一双木棋's own terms (黑方/白方, a/b 分数).
  const std::vector<Phrase>& translations() const override {
    static const std::vector<Phrase> kPhrases = {
        {"staircase", "一双木棋"},
        {"Staircase (\xE4\xB8\x80\xE5\x8F\x8C\xE6\x9C\xA8\xE6\xA3\x8B)", "一双木棋"},
        {"Luogu P4363 / BZOJ 5248 / LOJ 2471, [九省联考 2018] 一双木棋 chess",
         "洛谷 P4363 / BZOJ 5248 / LOJ 2471，[九省联考 2018] 一双木棋 chess"},
        {"Black", "黑方"},
        {"White", "白方"},
        {"score difference (Black - White)", "分差（黑方 − 白方）"},
        {kStaircaseRules,
         "黑方和白方在 n \xC3\x97 m "
         "的棋盘上轮流落子，每次放一枚棋子，黑方先手，直到每个格子都放有棋子。\n"
         "只有当一个空格子所在行左边的所有格子、所在列上面的所有格子都已有棋子时，才能在它上面落子"
         "，"
         "所以棋子总是从左上角起排成阶梯形。\n"
         "每个格子有两个数：a 是黑方在这里放黑子的得分，b 是白方在这里放白子的得分。"
         "双方都采取最优策略，让自己的得分减去对手的得分尽可能大。\n"
         "答案是双方都按最优策略走时，黑方总分减去白方总分。同样好的着法中，求解器选最上面一行的那"
         "个。"},
        {"Black and White end level", "黑方与白方最终打平"},
        kHoldsStone,
        kNeedsStone,
        kStaircaseOverBudget,
        // The app's view of the board (imgui_app/staircase_view.cpp).
        {"a black stone with its move number (white: White's)", "黑子及其步数（白子：白方的）"},
        {"a: what Black scores for a stone on the cell (top left)",
         "a：黑方在此格落子的得分（左上）"},
        {"b: what White scores for a stone on the cell (bottom right)",
         "b：白方在此格落子的得分（右下）"},
        {"a legal cell: the final margin for the player to move, if played",
         "可落子的格子：走这里时，当前走棋一方最终领先的分数"},
        {"a ring: the last move", "圆圈：上一步"},
        {"The judge's limits: n, m \xE2\x89\xA4 %lld, values \xE2\x89\xA4 %lld",
         "评测限制：n, m \xE2\x89\xA4 %lld，数值 \xE2\x89\xA4 %lld"},
        {"This board is edited as judge input (the box below).",
         "这个棋盘请作为评测输入编辑（下面的文本框）。"},
        {"a (Black's points)", "a（黑方得分）"},
        {"b (White's points)", "b（白方得分）"},
        {"Clear", "清零"},
        kCellPoints,
        kPlayingHere,
    };
    return kPhrases;
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

  // check's boards: sides 1..10 (one side in four drawn from 1..2), a value range of 1, 2, 5,
  // 20 or the judge's 100000 (small ranges make ties), and every b zero on half the boards as
  // in half the judge's tests.
  std::string randomJudgeInput(SplitMix64& random) const override {
    const auto side = [&random] {
      return static_cast<int>(random.between(0, 3) == 0 ? random.between(1, 2)
                                                        : random.between(1, 10));
    };
    const int rows = side(), cols = side();
    static const std::int64_t kRanges[] = {1, 2, 5, 20, 100000, 100000};
    const std::int64_t maxValue = kRanges[random.between(0, 5)];
    const bool whiteZero = random.between(0, 1) == 0;
    return formatStaircase(randomStaircase(rows, cols, maxValue, random.next(), whiteZero));
  }

  // Fewer rows (halves, then each row), fewer columns (the same), then smaller values: every b
  // zero, every a zero, values replaced by their ranks, all values halved, and on boards of up
  // to 16 cells each a and b alone lowered to 0, half, or one less.
  std::vector<std::string> shrinkCandidates(std::string_view judgeInput) const override {
    auto parsed = parseStaircase(judgeInput, SolveLimits{~std::uint64_t{0}});
    if (!parsed) return {};
    const StaircaseBoard& board = parsed.value();
    const std::string text = formatStaircase(board);
    std::vector<std::string> out;
    const auto keep = [&board](const std::vector<int>& dropRows, const std::vector<int>& dropCols) {
      StaircaseBoard smaller;
      for (int row = 0; row < board.rows; ++row) {
        if (contains(dropRows, row)) continue;
        ++smaller.rows;
        smaller.cols = 0;
        for (int col = 0; col < board.cols; ++col) {
          if (contains(dropCols, col)) continue;
          ++smaller.cols;
          smaller.black.push_back(board.a(row, col));
          smaller.white.push_back(board.b(row, col));
        }
      }
      return formatStaircase(smaller);
    };
    for (const std::vector<int>& rows : removals(board.rows))
      addCandidate(out, text, keep(rows, {}));
    for (const std::vector<int>& cols : removals(board.cols))
      addCandidate(out, text, keep({}, cols));

    StaircaseBoard values = board;
    const auto add = [&](const StaircaseBoard& changed) {
      addCandidate(out, text, formatStaircase(changed));
    };
    std::fill(values.white.begin(), values.white.end(), 0);
    add(values);
    values = board;
    std::fill(values.black.begin(), values.black.end(), 0);
    add(values);
    // Ranks over a and b together keep every comparison between a stone's points and another's.
    values = board;
    std::vector<std::int64_t> all = board.black;
    all.insert(all.end(), board.white.begin(), board.white.end());
    compressToRanks(all, std::int64_t{0});
    std::copy(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(board.black.size()),
              values.black.begin());
    std::copy(all.begin() + static_cast<std::ptrdiff_t>(board.black.size()), all.end(),
              values.white.begin());
    add(values);
    values = board;
    for (auto& value : values.black) value /= 2;
    for (auto& value : values.white) value /= 2;
    add(values);
    if (board.black.size() <= 16) {
      for (std::vector<std::int64_t> StaircaseBoard::*layer :
           {&StaircaseBoard::black, &StaircaseBoard::white}) {
        for (std::size_t cell = 0; cell < board.black.size(); ++cell) {
          for (std::int64_t smaller : smallerValues((board.*layer)[cell], 0)) {
            values = board;
            (values.*layer)[cell] = smaller;
            add(values);
          }
        }
      }
    }
    return out;
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

}  // namespace gs
