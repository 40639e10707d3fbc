// Memory the core asks for, counted exactly: this binary replaces the global operator new and
// delete with ones that count the bytes in use and their peak, so a test can say how many bytes
// a call needed (deterministic: the same requests on every run, whatever the machine is doing).
// Issue 18 found a 10000 x 2 staircase costing four times the memory of its transpose (a line
// position held every row) and `export` solving and walking a board before refusing it as too
// large to draw.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <new>
#include <sstream>
#include <string>

#include "games/staircase/staircase.h"
#include "games/staircase/staircase_game.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"
#include "rules/rules_table.h"
#include "rules_game_of.h"
#include "session.h"
#include "tools/analysis.h"
#include "tools/export.h"

namespace {

std::size_t bytesInUse = 0;
std::size_t peakBytes = 0;

// Every block carries its size in a header of the platform's largest alignment.
constexpr std::size_t kHeader = alignof(std::max_align_t);

void* countedAllocate(std::size_t size) {
  void* block = std::malloc(size + kHeader);
  if (!block) throw std::bad_alloc();
  *static_cast<std::size_t*>(block) = size;
  bytesInUse += size;
  if (bytesInUse > peakBytes) peakBytes = bytesInUse;
  return static_cast<char*>(block) + kHeader;
}

void countedFree(void* pointer) noexcept {
  if (!pointer) return;
  void* block = static_cast<char*>(pointer) - kHeader;
  bytesInUse -= *static_cast<std::size_t*>(block);
  std::free(block);
}

// The peak of the bytes in use during `body`, above what was in use before it.
template <class Body>
std::size_t peakDuring(Body body) {
  const std::size_t before = bytesInUse;
  peakBytes = before;
  body();
  return peakBytes - before;
}

}  // namespace

void* operator new(std::size_t size) {
  return countedAllocate(size);
}
void* operator new[](std::size_t size) {
  return countedAllocate(size);
}
void operator delete(void* pointer) noexcept {
  countedFree(pointer);
}
void operator delete[](void* pointer) noexcept {
  countedFree(pointer);
}
void operator delete(void* pointer, std::size_t) noexcept {
  countedFree(pointer);
}
void operator delete[](void* pointer, std::size_t) noexcept {
  countedFree(pointer);
}

namespace gs {
namespace {

// A rows x cols board of small values (every table entry fits in 32 bits).
StaircaseBoard staircaseBoard(int rows, int cols) {
  StaircaseBoard board;
  board.rows = rows;
  board.cols = cols;
  const std::size_t cells = static_cast<std::size_t>(rows) * cols;
  board.black.resize(cells);
  board.white.resize(cells);
  for (std::size_t cell = 0; cell < cells; ++cell) {
    board.black[cell] = static_cast<std::int64_t>((cell * 7 + 3) % 10);
    board.white[cell] = static_cast<std::int64_t>((cell * 5 + 1) % 10);
  }
  return board;
}

StaircaseBoard transpose(const StaircaseBoard& board) {
  StaircaseBoard result = board;
  std::swap(result.rows, result.cols);
  for (int row = 0; row < board.rows; ++row)
    for (int col = 0; col < board.cols; ++col) {
      const std::size_t to = static_cast<std::size_t>(col) * board.rows + row;
      result.black[to] = board.a(row, col);
      result.white[to] = board.b(row, col);
    }
  return result;
}

// The bytes the board's line of play takes: the peak during principalLine(), which walks the
// whole line on the board's position stack. The wide board is the tall one transposed, so both
// lines have the same length and values.
TEST(StaircaseMemory, ATallBoardsLineTakesWhatItsTransposesDoes) {
  const StaircaseBoard tall = staircaseBoard(3000, 2);
  Session tallSession = Session::fromBoard(tall);
  Session wideSession = Session::fromBoard(transpose(tall));
  std::size_t tallLength = 0, wideLength = 0;
  const std::size_t tallBytes =
      peakDuring([&] { tallLength = tallSession.principalLine().size(); });
  const std::size_t wideBytes =
      peakDuring([&] { wideLength = wideSession.principalLine().size(); });
  ASSERT_EQ(tallLength, 6000u);
  ASSERT_EQ(wideLength, 6000u);
  std::printf(
      "principal line of 6000 moves: 3000 x 2 %zu bytes (%.0f a position), 2 x 3000 %zu "
      "bytes (%.0f a position)\n",
      tallBytes, static_cast<double>(tallBytes) / 6001, wideBytes,
      static_cast<double>(wideBytes) / 6001);
  EXPECT_LE(tallBytes, wideBytes + wideBytes / 10);
  // A position of a two-column board: its profile (2 numbers), rank, stones and score, and the
  // move of the line; the stack and the line grow by doubling.
  EXPECT_LT(tallBytes / 6001, 256u);
}

TEST(StaircaseMemory, APositionHoldsTheShorterSideOnly) {
  const StaircaseSolver tall(staircaseBoard(300, 3));
  StaircasePosition position = tall.start();
  EXPECT_EQ(position.profile.size(), 3u);
  position = tall.play(position, 0, 0);
  position = tall.play(position, 1, 0);
  std::vector<int> lengths(300, 0);
  lengths[0] = lengths[1] = 1;
  EXPECT_EQ(tall.rowLengths(position), lengths);
  EXPECT_EQ(position.rank, tall.rankOf(lengths));
  const StaircaseSolver wide(staircaseBoard(3, 300));
  EXPECT_EQ(wide.start().profile.size(), 3u);
}

// Export refuses a board too large to draw before building its line: no bytes for the line.
TEST(ExportMemory, ATooLargeBoardIsRefusedBeforeItsLineIsBuilt) {
  Session session = Session::fromBoard(staircaseBoard(2, 3000));
  for (const ExportFormat format : {ExportFormat::kSvg, ExportFormat::kMarkdown}) {
    std::string message;
    const std::size_t bytes = peakDuring([&] {
      const auto text = exportBoard(session, ExportOptions{format, 0});
      ASSERT_FALSE(text.ok());
      message = text.error().message.english();
    });
    EXPECT_EQ(message, "a 2 x 3000 board is too large to export (at most 64 x 64 cells)");
    std::printf("refusing to export a 2 x 3000 board: %zu bytes\n", bytes);
    EXPECT_LT(bytes, 4096u) << "the line of 6000 moves would be 48 KB or more";
  }
}

// The command line's order: parse, ask the board whether it can be drawn, and only then solve.
// The refusal needs the parsed board only: nothing is solved and no table is allocated.
TEST(ExportMemory, ABoardTooLargeToDrawIsRefusedBeforeItIsSolved) {
  const std::string text = formatStaircase(staircaseBoard(10000, 2));
  auto job = startJudgeInput(staircaseGame(), text);
  ASSERT_TRUE(job.ok());
  std::optional<ParseError> refusal;
  const std::size_t bytes = peakDuring([&] { refusal = drawingRefusal(job->board()); });
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->message.english(),
            "a 10000 x 2 board is too large to export (at most 64 x 64 cells)");
  EXPECT_EQ(job->progress().done, 0u);
  EXPECT_FALSE(job->done());
  EXPECT_LT(bytes, 4096u);  // the message and its arguments; a solve would be megabytes
}

// The analysis of a line of 300 steps, each of 1000 moves with names of 256 bytes (77 MB of
// JSON, written to nowhere): the line's cache of moves, names and children keeps at most 32 MiB
// (it kept every step's, 146 MB here, and 600 MB at 1000 steps of 2000 moves), and the report
// is streamed a step at a time.
TEST(AnalysisMemory, ALongLineOfNamedMovesIsStreamedWithinTheLinesCap) {
  const std::string text = R"(game = {
  start = function(p) return 0 end,
  moves = function(s, p) if s >= 300 then return {} end local r = {} for k = 1, 1000 do r[k] = k end return r end,
  play = function(s, m, p) return s + 1 end,
  name = function(m, s, p) return string.rep("x", 252) .. string.format("%04d", m) end,
})";
  const auto game = testing::rulesGameOf(text);
  ASSERT_TRUE(game);
  auto session = Session::fromJudgeInput(*game, "\n");
  ASSERT_TRUE(session.ok()) << session.error().toString();
  std::uint64_t bytes = 0;
  const std::size_t peak = peakDuring([&] {
    const auto written =
        writeAnalysisJson(session.value(), [&](std::string_view piece) { bytes += piece.size(); });
    ASSERT_TRUE(written.ok()) << written.error().toString();
    EXPECT_EQ(written.value(), bytes);
  });
  std::printf("analysis of 300 x 1000 named moves: %llu bytes of JSON, peak %zu bytes\n",
              static_cast<unsigned long long>(bytes), peak);
  EXPECT_GT(bytes, std::uint64_t{75} << 20);
  EXPECT_LT(peak, std::size_t{40} << 20);
}

// Issue 58: answer()'s r was not counted: a start of 399,000 moves with 256-byte names peaked
// at 1.2 GB with a budget of 256 MiB (the record's terms, a copy of them, their encoding and
// the rules' copy). r.children is now charged move by move, the moves still to come at their
// least, and answer runs with the rules' heap capped at what the budget leaves beside r.
// tests/rules/children_record.lua, scored by a gain of 1 a move (the whole solve's record)
// or not (the outcome search's).
std::string childrenGame(bool scored) {
  std::ifstream file(std::string(GS_SOURCE_DIR) + "/tests/rules/children_record.lua");
  std::stringstream text;
  text << file.rdbuf();
  return text.str() + (scored ? "\ngame.gain = function(s, m, p) return 1 end\n" : "");
}

TEST(AnswerRecordMemory, RChildrenIsChargedToTheBudgetMoveByMove) {
  // Independently: each name is 250 x's and the move's digits.
  std::uint64_t names = 0;
  for (int m = 1; m <= 100000; ++m) names += 250 + std::to_string(m).size();
  for (const bool scored : {false, true}) {
    const auto game = testing::rulesGameOf(childrenGame(scored));
    ASSERT_TRUE(game);
    for (const std::uint64_t budget : {std::uint64_t{48} << 20, std::uint64_t{1} << 30}) {
      SolveLimits limits;
      limits.memoryBudgetBytes = budget;
      Expected<std::string> output = std::string();
      const std::size_t peak =
          peakDuring([&] { output = rulesJudgeOutput(*game, "100000", limits); });
      std::printf(
          "%s, budget %llu MiB: peak %zu bytes of the host's, %s\n",
          scored ? "scored" : "normal play", static_cast<unsigned long long>(budget >> 20), peak,
          output ? output.value().substr(0, 20).c_str() : output.error().toString().c_str());
      EXPECT_LE(peak, budget);
      if (budget == std::uint64_t{1} << 30) {
        ASSERT_TRUE(output.ok()) << output.error().toString();
        EXPECT_EQ(output.value(), std::to_string(names) + "\n");
        continue;
      }
      ASSERT_FALSE(output.ok());
      const std::string error = output.error().toString();
      EXPECT_EQ(
          error.rfind("answer()'s r needs more than the memory budget of 48 MiB: at least ", 0), 0u)
          << error;
      const std::string tail = " MiB in all with r.children, the start's 100,000 moves";
      ASSERT_GT(error.size(), tail.size()) << error;
      EXPECT_EQ(error.substr(error.size() - tail.size()), tail) << error;
    }
  }
}

// The rules' copy of r has what the budget leaves beside the host's: past it, the call fails
// saying so (the record itself fits).
TEST(AnswerRecordMemory, TheRulesCopyOfRHasWhatTheBudgetLeaves) {
  const auto game = testing::rulesGameOf(childrenGame(false));
  ASSERT_TRUE(game);
  SolveLimits limits;
  limits.memoryBudgetBytes = std::uint64_t{110} << 20;
  Expected<std::string> output = std::string();
  const std::size_t peak = peakDuring([&] { output = rulesJudgeOutput(*game, "100000", limits); });
  ASSERT_FALSE(output.ok());
  const std::string error = output.error().toString();
  std::printf("budget 110 MiB: peak %zu bytes of the host's, %s\n", peak, error.c_str());
  EXPECT_LE(peak, limits.memoryBudgetBytes);
  EXPECT_EQ(error.rfind("the rules used more than the memory budget of 110 MiB less the ", 0), 0u)
      << error;
  const std::string tail =
      " MiB the host holds for answer() (r and the solve's tables), in answer(r, p)";
  ASSERT_GT(error.size(), tail.size()) << error;
  EXPECT_EQ(error.substr(error.size() - tail.size()), tail) << error;
}

// A table's formula search reads its cells from the table's ranges: the target holds a value a
// cell (8 bytes), where it held each cell's parameters in a vector of their own (64 bytes more:
// --pattern on 2000 x 2000 rows peaked at 644 MB with --memory-budget 256M).
TEST(TableMemory, TheFormulaTargetHoldsAValueACell) {
  const auto game = testing::rulesGameOf(R"(game = {
  params = { {"a", 0, 0, 2000}, {"b", 0, 0, 2000} },
  start = function(p) return p.a * 4096 + p.b end,
  moves = function(s, p) if s % 3 == 0 then return {} end return {1} end,
  play = function(s, m, p) return s - s % 3 end,
})");
  ASSERT_TRUE(game);
  auto spec = parseTableSpec(*game, {"a=0..299", "b=0..299"});
  ASSERT_TRUE(spec.ok()) << spec.error().toString();
  RulesTable table(game, spec.value(), SolveLimits{});
  while (!table.advance(1 << 20)) {
  }
  ASSERT_FALSE(table.failed()) << table.error().toString();
  FormulaTarget target;
  const std::size_t peak = peakDuring([&] { target = formulaTarget(table); });
  std::printf("the formula target of 90,000 cells: peak %zu bytes\n", peak);
  EXPECT_LE(peak, 90000 * sizeof(std::int64_t) + 4096);
  // Every cell's parameters as the table's rows have them, and its value: a win where s % 3 != 0.
  for (std::size_t cell = 0; cell < 90000; ++cell) {
    const Params params = spec->rowParams(cell);
    ASSERT_EQ(target.param(cell, 0), params[0]) << cell;
    ASSERT_EQ(target.param(cell, 1), params[1]) << cell;
    EXPECT_EQ(target.values[cell], (params[0] * 4096 + params[1]) % 3 == 0 ? 1 : 0) << cell;
  }
}

}  // namespace
}  // namespace gs
