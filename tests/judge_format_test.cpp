// Judge formats: every core/games/GAMES.md sample gives the judge's output byte for byte; boards
// round-trip through their text; malformed input of every kind gets one sentence naming its line
// and column; arbitrary bytes never crash the parser.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/random.h"
#include "games/exchange/exchange_game.h"
#include "games/exchange/exchange_reference.h"
#include "games/manhattan/manhattan_game.h"
#include "games/manhattan/manhattan_reference.h"
#include "games/staircase/staircase_game.h"
#include "games/staircase/staircase_reference.h"
#include "malformed_inputs.h"
#include "session.h"

namespace gs {
namespace {

std::string solve(const Game& game, const std::string& text, const SolveLimits& limits = {}) {
  auto session = Session::fromJudgeInput(game, text, limits);
  if (!session) return "error: " + session.error().toString();
  return session->gameBoard().judge().judgeOutput();
}

TEST(JudgeSamples, StaircaseSampleGives2) {
  EXPECT_EQ(solve(staircaseGame(), "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n"), "2\n");
}

TEST(JudgeSamples, StaircaseOnlyBlackScores3x3Gives32) {
  EXPECT_EQ(solve(staircaseGame(), "3 3\n9 4 3\n6 7 6\n4 5 9\n0 0 0\n0 0 0\n0 0 0\n"), "32\n");
}

TEST(JudgeSamples, ExchangeSamples) {
  EXPECT_EQ(solve(exchangeGame(), "1 1 2\n2\n4\n1 3\n"), "Aoki\n");
  EXPECT_EQ(solve(exchangeGame(),
                  "4 4 4\n98 98765 987654 987654321\n987 9876 9876543 98765432\n"
                  "123 12345 1234567 123456789\n"),
            "Takahashi\n");
  EXPECT_EQ(solve(exchangeGame(), "1 1 8\n10\n10\n1 2 3 4 5 6 7 8\n"), "Aoki\n");
}

TEST(JudgeSamples, ManhattanSample) {
  EXPECT_EQ(solve(manhattanGame(), "3 1\n1 2 3\n4 5 6\n7 8 9\n"), "2\n3 2\n3 3\n");
}

TEST(JudgeFormat, CrlfBlankLinesAndByteOrderMarkAreAccepted) {
  EXPECT_EQ(solve(staircaseGame(),
                  "\xEF\xBB\xBF"
                  "2 3\r\n2 7 3\r\n9 1 2\r\n\r\n3 7 2\r\n2 3 1"),
            "2\n");
  EXPECT_EQ(solve(exchangeGame(), "\n1 1 2\n\n2\n  4  \n1\t3\n\n\n"), "Aoki\n");
}

TEST(JudgeFormat, RoundTripsThroughTheJudgeText) {
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    const StaircaseBoard stairs = randomStaircase(1 + seed % 10, 1 + seed % 7, 100000, seed);
    auto parsedStairs = parseStaircase(formatStaircase(stairs), SolveLimits{});
    ASSERT_TRUE(parsedStairs.ok());
    EXPECT_EQ(parsedStairs->black, stairs.black);
    EXPECT_EQ(parsedStairs->white, stairs.white);
    EXPECT_EQ(formatStaircase(parsedStairs.value()), formatStaircase(stairs));

    const ExchangeBoard cards =
        randomExchange(1 + seed % 4, 1 + seed % 3, 1 + seed % 5, 1000000000, seed);
    auto parsedCards = parseExchange(formatExchange(cards), SolveLimits{});
    ASSERT_TRUE(parsedCards.ok());
    EXPECT_EQ(parsedCards->cards, cards.cards);
    EXPECT_EQ(formatExchange(parsedCards.value()), formatExchange(cards));

    const ManhattanBoard grid =
        randomManhattan(1 + seed % 30, static_cast<std::int64_t>(seed % 9), seed);
    auto parsedGrid = parseManhattan(formatManhattan(grid), SolveLimits{});
    ASSERT_TRUE(parsedGrid.ok());
    EXPECT_EQ(parsedGrid->values, grid.values);
    EXPECT_EQ(parsedGrid->byValue, grid.byValue);  // the parser's sort agrees with the generator's
    EXPECT_EQ(formatManhattan(parsedGrid.value()), formatManhattan(grid));
  }
}

TEST(JudgeFormat, MalformedInputGetsASentenceWithLineAndColumn) {
  const std::vector<Malformed> cases = malformedInputs();
  for (const Malformed& test : cases)
    EXPECT_EQ(solve(test.game, test.input), "error: " + test.message) << test.input;
}

TEST(JudgeFormat, BoardsPastTheMemoryBudgetAreRefusedBeforeReading) {
  SolveLimits small;
  small.memoryBudgetBytes = 1 << 20;
  // Before the values are read, the staircase check uses the 32-bit table (a lower bound).
  EXPECT_EQ(solve(staircaseGame(), "11 11\n", small),
            "error: line 1, column 1: a 11 x 11 board has C(22, 11) = 705432 positions and needs "
            "2.7 MiB to solve, over the memory budget of 1.0 MiB");
  EXPECT_EQ(
      solve(exchangeGame(), "4 4 4\n", small),
      "error: line 1, column 1: 12 cards make 2 x 3^12 = 1062882 positions and need 1.0 MiB to "
      "solve, over the memory budget of 1.0 MiB");
  EXPECT_EQ(solve(manhattanGame(), "2000 1\n", small),
            "error: line 1, column 1: a 2000 x 2000 board needs 61 MiB to solve, over the memory "
            "budget of 1.0 MiB");
}

// The judge's answer for a parsed board, from the slow references (boards small enough for
// them), or "" when the board is too large for a reference.
std::string referenceAnswer(int game, const std::string& text) {
  if (game == 0) {
    const StaircaseBoard board = parseStaircase(text, SolveLimits{}).value();
    if (board.rows * board.cols > 16) return "";
    return std::to_string(reference::StaircaseMinimax(board).future(0)) + "\n";
  }
  if (game == 1) {
    const ExchangeBoard board = parseExchange(text, SolveLimits{}).value();
    if (board.cardCount() > 8) return "";
    std::vector<int> owner;
    for (int k = 0; k < board.cardCount(); ++k) owner.push_back(board.initialOwner(k));
    return reference::ExchangeMinimax(board).solve(owner, 0).win ? "Takahashi\n" : "Aoki\n";
  }
  const ManhattanBoard board = parseManhattan(text, SolveLimits{}).value();
  if (board.n > 12) return "";
  const std::vector<bool> winning = reference::manhattanRule(board);
  std::string cells;
  int count = 0;
  for (int cell = 0; cell < board.n * board.n; ++cell)
    if (winning[cell]) {
      ++count;
      cells += std::to_string(cell / board.n + 1) + " " + std::to_string(cell % board.n + 1) + "\n";
    }
  return std::to_string(count) + "\n" + cells;
}

TEST(JudgeFormat, StaircaseMemoryCheckUsesTheTableTheValuesNeed) {
  // A 10 x 10 board: 184756 positions, 4 bytes each when every score fits in 32 bits (0.7 MiB
  // with the board), 8 bytes otherwise (1.4 MiB). With a 1 MiB budget the small values pass and
  // the large ones are refused once read, naming the header.
  SolveLimits small;
  small.memoryBudgetBytes = 1 << 20;
  const std::string narrow = formatStaircase(randomStaircase(10, 10, 100000, 5));
  const std::string wide = formatStaircase(randomStaircase(10, 10, 1000000000, 5));
  EXPECT_EQ(solve(staircaseGame(), narrow, small), solve(staircaseGame(), narrow));
  EXPECT_EQ(solve(staircaseGame(), wide, small),
            "error: line 1, column 1: a 10 x 10 board has C(20, 10) = 184756 positions and needs "
            "1.4 MiB to solve, over the memory budget of 1.0 MiB");
  EXPECT_EQ(staircaseMemoryNeeded(10, 10, true), 184756u * 4 + 100 * 16 + 121 * 8);
  EXPECT_EQ(staircaseMemoryNeeded(10, 10, false), staircaseMemoryNeeded(10, 10));
  // A judge-like 15 x 15 board needs about 0.6 GB and fits the default 1 GiB budget (parsing
  // only: the solve is not run here); with values past 32 bits it needs 1.2 GB and is refused.
  EXPECT_TRUE(
      parseStaircase(formatStaircase(randomStaircase(15, 15, 100000, 6)), SolveLimits{}).ok());
  const auto refused =
      parseStaircase(formatStaircase(randomStaircase(15, 15, 1000000000, 6)), SolveLimits{});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().toString(),
            "line 1, column 1: a 15 x 15 board has C(30, 15) = 155117520 positions and needs "
            "1.2 GiB to solve, over the memory budget of 1.0 GiB");
}

TEST(JudgeFormat, ArbitraryBytesAndMutationsNeverCrash) {
  SplitMix64 random(7);
  const std::string valid[] = {"2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n", "1 1 2\n2\n4\n1 3\n",
                               "3 1\n1 2 3\n4 5 6\n7 8 9\n"};
  const Game* const games[] = {&staircaseGame(), &exchangeGame(), &manhattanGame()};
  int parsed = 0;
  for (int k = 0; k < 6000; ++k) {
    const int game = k % 3;
    std::string text;
    if (k % 2 == 0) {
      const int length = static_cast<int>(random.next() % 64);
      for (int c = 0; c < length; ++c) text += static_cast<char>(random.next() % 256);
    } else {
      text = valid[game];
      const int edits = 1 + static_cast<int>(random.next() % 3);
      for (int e = 0; e < edits && !text.empty(); ++e) {
        const std::size_t at = random.next() % text.size();
        const char replacement = "0123456789 \n-x"[random.next() % 15];
        if (random.next() % 2)
          text[at] = replacement;
        else
          text.erase(at, 1);
      }
    }
    SolveLimits limits;
    limits.memoryBudgetBytes = 64 << 20;
    auto session = Session::fromJudgeInput(*games[game], text, limits);
    if (session) {
      // A mutated board that parses is answered correctly.
      const std::string expected = referenceAnswer(game, text);
      if (!expected.empty()) {
        ++parsed;
        EXPECT_EQ(session->gameBoard().judge().judgeOutput(), expected) << text;
      }
    } else {
      EXPECT_EQ(session.error().toString().rfind("line ", 0), 0u) << session.error().toString();
    }
  }
  EXPECT_GT(parsed, 0);
}

}  // namespace
}  // namespace gs
