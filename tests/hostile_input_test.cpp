// Hostile and careless input (issue 12): each reproducer of the review ends in a clear sentence
// naming where and what, or in the answer a person would expect; nothing is clamped or shifted.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "base/random.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules_game_of.h"
#include "session.h"
#include "tools/analysis.h"
#include "tools/share_link.h"

namespace gs {
namespace {

std::string solve(const Game& game, const std::string& text, const SolveLimits& limits = {}) {
  auto session = Session::fromJudgeInput(game, text, limits);
  if (!session) return "error: " + session.error().toString();
  return session->gameBoard().judge().judgeOutput();
}

std::string linkError(const std::string& fragment, const SolveLimits& limits = {}) {
  const auto opened = openLink(fragment, limits);
  return opened ? std::string("opened") : opened.error().toString();
}

const std::string kStaircaseLink = "#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1";

// --- Judge text ---

TEST(HostileJudgeText, ByteOrderMarkOnlyIsAnEmptyInput) {
  EXPECT_EQ(solve(staircaseGame(), "\xEF\xBB\xBF"),
            "error: line 1, column 1: the input is empty (it holds only a UTF-8 byte order mark); "
            "expected 2 integers (n m)");
  EXPECT_EQ(solve(exchangeGame(), "\xEF\xBB\xBF \r\n\n"),
            "error: line 1, column 1: the input is empty (it holds only a UTF-8 byte order mark); "
            "expected 3 integers (N M L)");
}

TEST(HostileJudgeText, CarriageReturnLineEndsAreLineEnds) {
  EXPECT_EQ(solve(staircaseGame(), "2 3\r2 7 3\r9 1 2\r3 7 2\r2 3 1\r"), "2\n");
  EXPECT_EQ(solve(staircaseGame(), "2 3\r2 7 3\r\r9 1 2\r\n3 7 2\n2 3 1"), "2\n");
  EXPECT_EQ(solve(exchangeGame(), "1 1 2\r2\r4\r1 3"), "Aoki\n");
  // Lines are counted at every line end, so messages name the same place as with "\n".
  EXPECT_EQ(solve(staircaseGame(), "2 3\r2 7 3\r9 1 2\r3 7 2\r2 3\r"),
            "error: line 5, column 5: expected 3 integers (row 2 of b), found 2");
  EXPECT_EQ(solve(manhattanGame(), "3 1\r1 2 3\r4 5 6\r7 8 3\r"),
            "error: line 4, column 5: the value 3 of cell (3, 3) repeats cell (1, 3) at line 2, "
            "column 5; all values must be distinct");
  EXPECT_EQ(
      solve(staircaseGame(), "2 3\r2 7 3\r9 1 2\r3 7 2\r"),
      "error: line 5, column 1: expected 3 integers (row 2 of b), found the end of the input");
}

TEST(HostileJudgeText, FullWidthDigitsAskForAsciiDigits) {
  EXPECT_EQ(solve(staircaseGame(), "\xEF\xBC\x91\xEF\xBC\x92 3\n"),
            "error: line 1, column 1: expected an integer, found full-width digits "
            "'\xEF\xBC\x91\xEF\xBC\x92'; write numbers with the ASCII digits 0-9");
  EXPECT_EQ(solve(exchangeGame(), "1 1 2\n2\n4\n1 \xEF\xBC\x93\n"),
            "error: line 4, column 3: expected an integer, found full-width digits "
            "'\xEF\xBC\x93'; write numbers with the ASCII digits 0-9");
}

TEST(HostileJudgeText, AHugeNumberGetsTheRangeOfItsField) {
  const std::string digits(60000, '9');
  EXPECT_EQ(solve(staircaseGame(), "2 " + digits + "\n"),
            "error: line 1, column 3: m must be between 1 and 10000, found "
            "999999999999999999999999... (60000 digits)");
  EXPECT_EQ(solve(staircaseGame(), "1 1\n-" + digits + "\n"),
            "error: line 2, column 1: a(1, 1) must be between 0 and 1000000000, found "
            "-99999999999999999999999... (60000 digits)");
}

TEST(HostileJudgeText, ManhattanMBeyond64BitsIsRefusedNotClamped) {
  EXPECT_EQ(solve(manhattanGame(), "3 99999999999999999999\n1 2 3\n4 5 6\n7 8 9\n"),
            "error: line 1, column 3: m must be between 0 and 9223372036854775807, found "
            "99999999999999999999");
  EXPECT_EQ(solve(manhattanGame(), "3 9223372036854775808\n1 2 3\n4 5 6\n7 8 9\n"),
            "error: line 1, column 3: m must be between 0 and 9223372036854775807, found "
            "9223372036854775808");
  // The largest m is a valid m: no cell is far enough, every first cell wins.
  EXPECT_EQ(solve(manhattanGame(), "2 9223372036854775807\n1 2\n3 4\n"), "4\n1 1\n1 2\n2 1\n2 2\n");
}

TEST(HostileJudgeText, HeaderRangesNameEachFieldsOwnBounds) {
  EXPECT_EQ(solve(manhattanGame(), "-1 5\n"),
            "error: line 1, column 1: n must be between 1 and 10000, found -1");
  EXPECT_EQ(solve(manhattanGame(), "10001 5\n"),
            "error: line 1, column 1: n must be between 1 and 10000, found 10001");
  EXPECT_EQ(solve(manhattanGame(), "3 -1\n"),
            "error: line 1, column 3: m must be between 0 and 9223372036854775807, found -1");
}

// --- Share links and recipes ---

TEST(HostileLinks, RecipeTextIsReadByItsGrammarOnly) {
  for (const char* text : {"3.3.9.1&m=1-1", "3.3.9.1&s=0", "3.3.9.1#", "3.3.9.1 ", "3.3.9.+1"}) {
    const auto recipe = parseRecipe(staircaseGame(), text, SolveLimits{});
    EXPECT_FALSE(recipe.ok()) << text;
    if (!recipe)
      EXPECT_EQ(
          recipe.error().message.english().rfind("r (the recipe) must be ROWS.COLS.MAX.SEED", 0),
          0u);
  }
}

TEST(HostileLinks, EmptyPartsAndATrailingAmpersandAreNamed) {
  EXPECT_EQ(linkError(kStaircaseLink + "&"),
            "character 43 of the link: the link ends with '&'; remove it");
  EXPECT_EQ(linkError("#g=staircase&&b=1.1_1_1"),
            "character 14 of the link: two '&' in a row leave an empty link part");
  EXPECT_EQ(linkError("#&g=staircase&b=1.1_1_1"),
            "character 2 of the link: the link starts with '&'; remove it");
}

TEST(HostileLinks, NumbersAreCanonical) {
  EXPECT_EQ(linkError("#g=staircase&r=03.3.9.1"),
            "r (the recipe): '03' has a leading zero; numbers in links are written without them");
  EXPECT_EQ(linkError(kStaircaseLink + "&m=1-1&s=01"),
            "s (the step): '01' has a leading zero; numbers in links are written without them");
  EXPECT_EQ(linkError(kStaircaseLink + "&m=01-1"),
            "m (the moves), move 1 '01-1': '01' has a leading zero; numbers in links are written "
            "without them");
  EXPECT_EQ(linkError("#g=staircase&b=2.3_2.07.3_9.1.2_3.7.2_2.3.1"),
            "b (the board), group 2, character 3: '07' has a leading zero; numbers in links are "
            "written without them");
  EXPECT_EQ(linkError("#g=exchange&b=1.1.2_2_4_1.3&m=A01"),
            "m (the moves), move 1 'A01': '01' has a leading zero; numbers in links are written "
            "without them");
  EXPECT_EQ(linkError("#g=staircase&r=%2B3.3.9.1"),
            "character 16 of the link: '+' cannot appear in a link");
  EXPECT_EQ(linkError(kStaircaseLink + "&m=1-1&m=1-1"), "link part 'm' appears twice");
  EXPECT_EQ(linkError("#g=staircase&g=staircase&b=1.1_1_1"), "link part 'g' appears twice");
  // b is written as the board's own link writes it: no zero with a sign, no dot without a number
  // on each side, no '_' at the end ('+' cannot appear at all).
  const std::pair<const char*, const char*> boards[] = {
      {"-0", "group 1, character 1: '-0' is zero with a sign; links write it 0"},
      {"2.3_2.-0.3", "group 2, character 3: '-0' is zero with a sign; links write it 0"},
      {"20.",
       "group 1, character 3: '.' with no number on one side: the numbers of a group are "
       "separated by single dots"},
      {".20",
       "group 1, character 1: '.' with no number on one side: the numbers of a group are "
       "separated by single dots"},
      {"2.3_2..3",
       "group 2, character 3: '.' with no number on one side: the numbers of a group "
       "are separated by single dots"},
      {"2.3_2.7.3_.",
       "group 3, character 1: '.' with no number on one side: the numbers of a "
       "group are separated by single dots"},
      {"2.3_2.7.3_", "group 2, character 6: the board ends with '_'; remove it"},
      {"00",
       "group 1, character 1: '00' has a leading zero; numbers in links are written without "
       "them"},
  };
  for (const auto& [board, problem] : boards)
    EXPECT_EQ(linkError(std::string("#g=staircase&b=") + board),
              std::string("b (the board), ") + problem)
        << board;
  EXPECT_EQ(linkError("#g=staircase&r=3.3.9.1&t=n.-0.5"),
            "t (the table) must be NAME.FROM.TO or two of them (NAME.FROM.TO.NAME.FROM.TO), found "
            "'n.-0.5'");
  EXPECT_EQ(linkError("#g=staircase&b=1.1__0_0"), "opened")
      << "an empty group is an empty line of the judge's input, which the judge reads";
  // Zero itself is canonical.
  EXPECT_EQ(linkError(kStaircaseLink + "&m=1-1&s=0"), "opened");
  EXPECT_EQ(linkError("#g=staircase&b=1.1_0_0"), "opened");
}

// --- The memory budget ---

TEST(HostileBudget, EstimatesPastSixtyFourBitsAreStatedNotSaturated) {
  const std::string parsed = solve(staircaseGame(), "10000 10000\n");
  EXPECT_EQ(parsed,
            "error: line 1, column 1: a 10000 x 10000 board has C(20000, 10000) = more than "
            "10^6018 positions and needs more than 10^6018 bytes to solve, over the memory budget "
            "of 1.0 GiB");
  Recipe recipe{&staircaseGame(), {10000, 10000, 9}, 1};
  EXPECT_EQ(recipeProblem(recipe, SolveLimits{kBrowserMemoryBudget}),
            "r (the recipe): a 10000 x 10000 board needs more than 10^6018 bytes to solve, over "
            "the memory budget of 768 MiB");
  EXPECT_EQ(formatBytes(kNativeMemoryBudget), "1.0 GiB");
  EXPECT_EQ(formatBytes(kBrowserMemoryBudget), "768 MiB");
}

// --- Analysis output is capped ---

TEST(HostileAnalysis, ALongPrincipalLineIsCappedAndSaysSo) {
  auto session = Session::fromJudgeInput(
      staircaseGame(), "1 5000\n" + [] {
        std::string rows;
        for (int matrix = 0; matrix < 2; ++matrix) {
          for (int k = 0; k < 5000; ++k) rows += k ? " 1" : "1";
          rows += "\n";
        }
        return rows;
      }());
  ASSERT_TRUE(session.ok()) << session.error().toString();
  const std::string json = analysisJson(session.value()).value();
  EXPECT_NE(json.find("\"principalLineTruncated\": true,\n  \"principalLineShown\": 1000,\n"),
            std::string::npos);
  EXPECT_LT(json.size(), 1u << 20);
  EXPECT_EQ(session->step(), 0);
  // A judge-size board keeps its full line and no extra member.
  auto small = Session::fromJudgeInput(staircaseGame(), "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n");
  ASSERT_TRUE(small.ok());
  EXPECT_EQ(analysisJson(small.value()).value().find("Truncated"), std::string::npos);
}

// An analysis past its cap is refused with one sentence naming the step it reached, and the
// session is put back; streamed, nothing past the cap is written.
TEST(HostileAnalysis, AReportPastItsCapIsRefusedNamingTheStep) {
  const std::string text = R"(game = {
  start = function(p) return 0 end,
  moves = function(s, p) if s >= 50 then return {} end local r = {} for k = 1, 100 + s do r[k] = k end return r end,
  play = function(s, m, p) return s + 1 end,
  name = function(m, s, p) return string.rep("x", 1000) end,
})";
  const auto game = testing::rulesGameOf(text);
  ASSERT_TRUE(game);
  auto session = Session::fromJudgeInput(*game, "\n");
  ASSERT_TRUE(session.ok()) << session.error().toString();
  const std::string whole = analysisJson(session.value()).value();
  EXPECT_GT(whole.size(), 1900000u);  // 50 steps of 100 to 149 names, each cut at 256 bytes
  AnalysisOptions options;
  // A step of 100 + s moves is about 45 KB: the 24th passes 1 MiB, at a position of 124 moves
  // (the step reached, not the one the line is put back to).
  options.maxOutputBytes = 1 << 20;
  session->play(Move{0, -1});
  const auto refused = analysisJson(session.value(), options);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().toString(),
            "the analysis is longer than 1.0 MiB at step 24 of its principal line of 49 steps (124 "
            "moves there): the module holds at most that; gamesolver analyze writes up to 1.0 GiB "
            "as it goes");
  EXPECT_EQ(session->step(), 1);
  std::uint64_t bytes = 0;
  EXPECT_FALSE(writeAnalysisJson(
                   session.value(), [&](std::string_view piece) { bytes += piece.size(); }, options)
                   .ok());
  EXPECT_LE(bytes, options.maxOutputBytes);
  EXPECT_GT(bytes, options.maxOutputBytes - 40000);
  EXPECT_EQ(session->step(), 1);
  EXPECT_EQ(analysisJson(session.value()).value().substr(0, 20), whole.substr(0, 20));
}

// --- Pages of moves ---

TEST(HostileMoves, MovesPageIsTheSliceOfMovesForEveryGame) {
  SplitMix64 random(12);
  for (int k = 0; k < 300; ++k) {
    const std::uint64_t seed = random.next();
    Session session =
        k % 3 == 0 ? Session::fromBoard(randomStaircase(1 + seed % 4, 1 + seed % 5, 9, seed))
        : k % 3 == 1
            ? Session::fromBoard(randomExchange(1 + seed % 3, 1 + seed % 3, 1 + seed % 3, 9, seed))
            : Session::fromBoard(
                  randomManhattan(1 + seed % 7, static_cast<std::int64_t>(seed % 4), seed));
    for (int ply = 0; ply < 6; ++ply) {
      const std::vector<MoveValue> all = session.gameBoard().moves();
      ASSERT_EQ(session.gameBoard().moveCount(), all.size());
      for (std::uint64_t first : {0, 1, 3}) {
        for (std::uint64_t count : {0, 1, 2, 100}) {
          const std::vector<MoveValue> page = session.gameBoard().movesPage(first, count);
          const std::size_t begin = std::min<std::size_t>(first, all.size());
          const std::size_t end = std::min<std::size_t>(all.size(), begin + count);
          ASSERT_EQ(page.size(), end - begin);
          for (std::size_t j = 0; j < page.size(); ++j) {
            EXPECT_EQ(page[j].move, all[begin + j].move);
            EXPECT_EQ(page[j].value, all[begin + j].value);
            EXPECT_EQ(page[j].best, all[begin + j].best);
          }
        }
      }
      if (all.empty()) break;
      ASSERT_EQ(session.play(all[random.next() % all.size()].move), "");
    }
  }
}

}  // namespace
}  // namespace gs
