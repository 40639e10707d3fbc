// Contest games end to end (issue 32): rules that read a problem's input and print its answer,
// games that end in a draw (result), misère play, partisan games, the staged record r, links of
// a case, and the samples deeper than the plain reference can go. The published samples and
// random inputs of the nine contest problems are checked by tests/rules/contest_samples.sh.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "base/random.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"
#include "rules_game_of.h"
#include "session.h"
#include "tools/share_link.h"

namespace gs {
namespace {

std::string readExample(const std::string& name) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/web/examples/rules/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::shared_ptr<RulesGame> gameOf(const std::string& text) {
  return testing::rulesGameOf(text);
}

std::string valueOf(const RulesGame& game, const std::string& params) {
  auto session = Session::fromJudgeInput(game, params + "\n");
  if (!session) return "error: " + session.error().toString();
  std::string output = session->gameBoard().judge().judgeOutput();
  output.pop_back();
  return output;
}

std::string judgeOutput(const RulesGame& game, const std::string& input,
                        JudgeOutputStats* stats = nullptr) {
  auto output = rulesJudgeOutput(game, input, SolveLimits{}, stats);
  return output ? output.value() : "error: " + output.error().toString();
}

TEST(Draws, TicTacToeIsADrawWhenTheGridFillsUp) {
  const auto game = gameOf(readExample("tictactoe.lua"));
  ASSERT_TRUE(game);
  auto session = Session::fromJudgeInput(*game, "\n");
  ASSERT_TRUE(session.ok()) << session.error().toString();
  EXPECT_EQ(session->gameBoard().judge().judgeOutput(), "draw 9\n");
  EXPECT_EQ(session->gameBoard().summary().english(),
            "Neither player can force a win: a draw in 9 more moves");
  // Every first move keeps the draw; the principal line fills the grid.
  for (const MoveValue& move : session->gameBoard().moves()) {
    EXPECT_TRUE(move.value.draw) << session->gameBoard().texts().moveName(move.move);
    EXPECT_EQ(move.value.remoteness, 9);
  }
  const std::vector<Move> line = session->principalLine();
  EXPECT_EQ(line.size(), 9u);
  for (const Move& move : line) ASSERT_TRUE(session->play(move).empty());
  EXPECT_EQ(session->gameBoard()
                .texts()
                .describe(session->gameBoard().value(), session->gameBoard().sideToMove())
                .english(),
            "A draw; the game is over");
  EXPECT_EQ(rulesValueText(RulesKind::kNormalPlay, session->gameBoard().value()), "draw 0");
}

TEST(Draws, ADrawThatEndsIsReachedByTheFewestMoves) {
  // From 0: move to 1 (a drawn end two moves away) or to 5 (a drawn end one move away); both
  // players hurry to the drawn end: draw 2. A cycle with no end stays an endless draw.
  const auto game = gameOf(R"(
game = {
  params = { {"s", 0, 0, 9} },
  start = function(p) return p.s end,
  moves = function(s, p)
    if s == 0 then return {1, 5} end
    if s == 1 then return {2} end
    if s == 2 or s == 5 then return {3} end
    if s == 7 then return {8} end
    if s == 8 then return {7} end
    return {}
  end,
  play = function(s, m, p) return m end,
  result = function(s, p) return "draw" end,
})");
  ASSERT_TRUE(game);
  EXPECT_EQ(valueOf(*game, "0"), "draw 2");
  EXPECT_EQ(valueOf(*game, "1"), "draw 2");
  EXPECT_EQ(valueOf(*game, "3"), "draw 0");
  EXPECT_EQ(valueOf(*game, "7"), "draw");
}

// A plain minimax over piles: misère Nim (the player who takes the last stone loses).
bool misereWins(std::vector<int> piles, std::map<std::vector<int>, bool>& memo) {
  std::sort(piles.begin(), piles.end());
  if (auto known = memo.find(piles); known != memo.end()) return known->second;
  bool anyMove = false, wins = false;
  for (std::size_t i = 0; i < piles.size() && !wins; ++i)
    for (int take = 1; take <= piles[i] && !wins; ++take) {
      anyMove = true;
      std::vector<int> next = piles;
      next[i] -= take;
      wins = !misereWins(next, memo);
    }
  if (!anyMove) wins = true;  // no stone left: the other player took the last one
  return memo[piles] = wins;
}

TEST(Misere, AntiNimMatchesAPlainMinimax) {
  const auto game = gameOf(readExample("anti_nim.lua"));
  ASSERT_TRUE(game);
  SplitMix64 random(31);
  std::map<std::vector<int>, bool> memo;
  for (int trial = 0; trial < 40; ++trial) {
    const int count = 1 + static_cast<int>(random.next() % 4);
    std::vector<int> piles;
    std::string input = "1\n" + std::to_string(count) + "\n";
    for (int k = 0; k < count; ++k) {
      piles.push_back(1 + static_cast<int>(random.next() % 5));
      input += std::to_string(piles.back()) + (k + 1 < count ? " " : "\n");
    }
    const bool first = misereWins(piles, memo);
    EXPECT_EQ(judgeOutput(*game, input), first ? "John\n" : "Brother\n") << input;
  }
}

// A plain minimax of Domineering on a rows x cols grid: does the player to move win?
bool domineeringWins(const std::string& grid, int rows, int cols, int who,
                     std::map<std::string, bool>& memo) {
  const std::string key = grid + static_cast<char>('0' + who);
  if (auto known = memo.find(key); known != memo.end()) return known->second;
  bool wins = false;
  for (int r = 0; r < rows && !wins; ++r)
    for (int c = 0; c < cols && !wins; ++c) {
      const int i = r * cols + c, j = who == 1 ? i + cols : i + 1;
      const bool fits = who == 1 ? r + 1 < rows : c + 1 < cols;
      if (!fits || grid[i] != '.' || grid[j] != '.') continue;
      std::string next = grid;
      next[i] = next[j] = '#';
      wins = !domineeringWins(next, rows, cols, 3 - who, memo);
    }
  return memo[key] = wins;
}

TEST(Partisan, DomineeringMatchesAMinimaxAndTellsThePlayersApart) {
  const auto game = gameOf(readExample("domineering.lua"));
  ASSERT_TRUE(game);
  for (int rows = 1; rows <= 4; ++rows)
    for (int cols = 1; cols <= 5; ++cols) {
      std::map<std::string, bool> memo;
      const bool wins = domineeringWins(std::string(rows * cols, '.'), rows, cols, 1, memo);
      const std::string value = valueOf(*game, std::to_string(rows) + " " + std::to_string(cols));
      EXPECT_EQ(value.substr(0, value.find(' ')), wins ? "win" : "loss")
          << rows << " x " << cols << ": " << value;
    }
  // On 1 x 2 only Horizontal has a move: the same empty grid is a loss for Vertical to move
  // and a win for Horizontal to move (two nodes).
  EXPECT_EQ(valueOf(*game, "1 2"), "loss 0");
  EXPECT_EQ(valueOf(*game, "2 1"), "win 1");
}

TEST(Judge, TheRecordIsWorkedOutOnlyAsFarAsAnswerReadsIt) {
  const auto stones = gameOf(readExample("stones.lua"));
  const auto deque = gameOf(readExample("deque.lua"));
  const auto move = gameOf(readExample("winning_move.lua"));
  ASSERT_TRUE(stones && deque && move);
  // Who wins: the search with cut-offs.
  JudgeOutputStats stats;
  EXPECT_EQ(judgeOutput(*stones, "2 4\n2 3\n", &stats), "First\n");
  EXPECT_EQ(stats.searched, 1u);
  EXPECT_EQ(stats.solved, 0u);
  // Each move's outcome: the search too.
  stats = {};
  EXPECT_EQ(judgeOutput(*move, "?\n....\n.xo.\n.ox.\n....\n$\n", &stats).substr(0, 5), "#####");
  EXPECT_EQ(stats.searched, 1u);
  // A margin: the whole solve.
  stats = {};
  EXPECT_EQ(judgeOutput(*deque, "4\n10 80 90 30\n", &stats), "10\n");
  EXPECT_EQ(stats.solved, 1u);
  // An answer that reads nothing of r solves nothing.
  const auto constant = gameOf(R"(
game = {
  read = function(text) return {{n = tonumber(text)}} end,
  start = function(p) return p.n end,
  moves = function(s, p) error("never asked") end,
  play = function(s, m, p) return s end,
  answer = function(r, p) return "42" end,
})");
  ASSERT_TRUE(constant);
  stats = {};
  EXPECT_EQ(judgeOutput(*constant, "7", &stats), "42\n");
  EXPECT_EQ(stats.positions, 0u);
}

// Impartial rules whose positions are tables (a sum's parts {pile}) share the host's solve across
// the cases of an input while the fields of p its calls read agree. Each pile is a subtraction
// game of 1 .. k stones, k = p.k read by moves only at piles above 5 (so a first case of small
// piles reads no k, and a later case with another k shares the solve, reads k, and is solved
// anew); the Grundy numbers are worked out again below by a plain mex.
TEST(Judge, CasesShareTheSolveWhileTheFieldsReadAgree) {
  // nim.lua, each case with its k, moves taking at most k from a pile above 5, answer its sg.
  std::string rules = readExample("nim.lua");
  const auto replace = [&rules](const std::string& from, const std::string& to,
                                const std::string& with) {
    const std::size_t begin = rules.find(from), end = rules.find(to, begin);
    ASSERT_NE(end, std::string::npos) << from;
    rules.replace(begin, end - begin, with);
  };
  replace("  read = function", "  start = ", R"(  read = function(text, input)
    local cases = {}
    for c = 1, input:int(1, 100) do
      local k = input:int(1, 9)
      cases[c] = {k = k, piles = input:ints(input:int(1, 10), 0, 60)}
    end
    input:finish()
    return cases
  end,
)");
  replace("  moves = function", "  play = ", R"(  moves = function(s, p)
    local r = {}
    for i, pile in ipairs(s) do
      local most = pile
      if pile > 5 then most = math.min(pile, p.k) end
      for t = 1, most do r[#r + 1] = {i, t} end
    end
    return r
  end,
)");
  replace("  answer = function",
          "  random = ", "  answer = function(r, p) return tostring(r.sg) end,\n");
  const auto game = gameOf(rules);
  ASSERT_TRUE(game);
  // The reference: below 6 every pile's options are all smaller piles (mex: the pile itself);
  // above, the options are pile - 1 .. pile - k.
  const auto grundy = [](int k, const std::vector<int>& piles) {
    int sum = 0;
    for (const int pile : piles) {
      std::vector<int> g(static_cast<std::size_t>(pile) + 1);
      for (int n = 0; n <= pile; ++n) {
        std::vector<bool> seen(80);
        const int most = n > 5 ? std::min(n, k) : n;
        for (int t = 1; t <= most; ++t) seen[static_cast<std::size_t>(g[n - t])] = true;
        while (seen[static_cast<std::size_t>(g[n])]) ++g[n];
      }
      sum ^= g[static_cast<std::size_t>(pile)];
    }
    return sum;
  };
  struct Case {
    int k;
    std::vector<int> piles;
  };
  const std::vector<Case> cases = {
      {3, {1, 2, 5}},        // reads no k
      {2, {4, 40, 17}},      // shares, reads k: 3 was the first case's, so solved anew
      {2, {33, 60}},         // shares the second case's solve
      {7, {0, 5, 3}},        // k differs from the solve's (which read it): a solve of its own
      {7, {59, 58, 12, 6}},  // shares the fourth's (which read no k), reads k: the same 7
      {2, {60, 1}},          // k = 2 again: a solve of its own
  };
  std::string input = std::to_string(cases.size()) + "\n", expected;
  for (const Case& c : cases) {
    input += std::to_string(c.k) + " " + std::to_string(c.piles.size());
    for (const int pile : c.piles) input += " " + std::to_string(pile);
    input += "\n";
    expected += std::to_string(grundy(c.k, c.piles)) + "\n";
  }
  JudgeOutputStats stats;
  EXPECT_EQ(judgeOutput(*game, input, &stats), expected);
  EXPECT_EQ(stats.shared, cases.size());
  // The same answers, each case alone.
  for (const Case& c : cases) {
    std::string one = "1\n" + std::to_string(c.k) + " " + std::to_string(c.piles.size());
    for (const int pile : c.piles) one += " " + std::to_string(pile);
    EXPECT_EQ(judgeOutput(*game, one + "\n"), std::to_string(grundy(c.k, c.piles)) + "\n") << one;
  }
  // The first case's piles explored once: the second case of the same piles explores nothing.
  stats = {};
  EXPECT_EQ(judgeOutput(*game, "2\n3 3 1 2 5\n3 3 5 2 1\n", &stats), "6\n6\n");
  EXPECT_EQ(stats.shared, 2u);
  JudgeOutputStats first;
  EXPECT_EQ(judgeOutput(*game, "1\n3 3 1 2 5\n", &first), "6\n");
  EXPECT_EQ(stats.positions, first.positions);
}

// `gamesolver value --outcome`: the search with cut-offs where the kind allows it, the whole
// solve elsewhere; each word agrees with the whole solve's value (retrograde analysis, minimax
// or Grundy numbers: another algorithm over the same rules).
TEST(Judge, TheOutcomeAloneAgreesWithTheWholeSolve) {
  const auto wordOf = [](const std::string& value) {
    if (value.rfind("win", 0) == 0) return std::string("win");
    if (value.rfind("loss", 0) == 0) return std::string("loss");
    if (value.rfind("draw", 0) == 0) return std::string("draw");
    if (value.rfind("sg ", 0) == 0) return std::string(value == "sg 0" ? "loss" : "win");
    const long long margin = std::stoll(value);
    return std::string(margin > 0 ? "win" : margin < 0 ? "loss" : "draw");
  };
  const struct {
    const char* file;
    std::vector<std::vector<std::int64_t>> params;
  } games[] = {
      {"wythoff.lua", {{0, 0}, {1, 2}, {3, 5}, {4, 7}, {6, 6}, {9, 15}, {12, 20}, {13, 21}}},
      {"cycle.lua", {{1}, {2}, {3}, {4}, {5}, {6}}},  // draws: a cycle hands over to the solve
      {"take134.lua", {{0}, {2}, {7}, {20}, {21}}},
      {"kayles.lua", {{0}, {3}, {9}, {14}}},    // parts: the whole solve
      {"pick_ends.lua", {{0}, {1}, {5}, {8}}},  // scored: the sign of the margin
  };
  for (const auto& entry : games) {
    const auto game = gameOf(readExample(entry.file));
    ASSERT_TRUE(game) << entry.file;
    for (const auto& values : entry.params) {
      std::string text;
      for (const std::int64_t v : values) text += (text.empty() ? "" : " ") + std::to_string(v);
      JudgeOutputStats stats;
      auto outcome = rulesOutcome(*game, Params(values), SolveLimits{}, &stats);
      ASSERT_TRUE(outcome) << entry.file << " " << text << ": " << outcome.error().toString();
      const std::string whole = valueOf(*game, text);
      EXPECT_EQ(outcome.value(), wordOf(whole)) << entry.file << " " << text << ": " << whole;
      EXPECT_EQ(stats.searched + stats.solved, 1u);
    }
  }
}

TEST(Judge, AnAnswerThatReadsTheMovesOnlyWhenItWinsGetsThemFromTheSearch) {
  // The outcome first (the moves after a winning one unplayed), then the moves' outcomes.
  std::string rules = readExample("stones.lua");
  rules.replace(rules.find("  answer = function(r, p)"), std::string::npos,
                "  answer = function(r, p)\n"
                "    if r.outcome ~= 'win' then return 'none' end\n"
                "    for _, child in ipairs(r.children) do\n"
                "      if child.outcome == 'win' then return child.name end\n"
                "    end\n"
                "  end,\n}\n");
  const auto game = gameOf(rules);
  ASSERT_TRUE(game);
  JudgeOutputStats stats;
  EXPECT_EQ(judgeOutput(*game, "2 4\n2 3\n", &stats), "take 3\n");
  EXPECT_EQ(stats.searched, 1u);
  EXPECT_EQ(stats.solved, 0u);
  EXPECT_EQ(judgeOutput(*game, "2 5\n2 3\n", &stats), "none\n");
}

TEST(Judge, AnAnswerThatCatchesTheMissingFieldIsStillAskedAgain) {
  // pcall around r.outcome cannot make a stage skip the field: the call is made again.
  const auto game = gameOf(R"(
game = {
  read = function(text) return {{n = 4}} end,
  start = function(p) return p.n end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
  answer = function(r, p)
    local ok, outcome = pcall(function() return r.outcome end)
    return ok and outcome or "caught"
  end,
})");
  ASSERT_TRUE(game);
  EXPECT_EQ(judgeOutput(*game, ""), "loss\n");
}

TEST(Judge, ErrorsNameTheCaseTheLineAndTheFunction) {
  const auto game = gameOf(R"(
game = {
  read = function(text)
    local cases = {}
    for n in text:gmatch("%S+") do cases[#cases + 1] = {n = tonumber(n)} end
    return cases
  end,
  start = function(p) return p.n end,
  moves = function(s, p)
    if s == 2 then error("two is not allowed") end
    if s > 0 then return {1} end
    return {}
  end,
  play = function(s, m, p) return s - m end,
})");
  ASSERT_TRUE(game);
  EXPECT_EQ(judgeOutput(*game, "1 3"),
            "error: line 10: two is not allowed, in moves(2), in case 2");
  EXPECT_EQ(judgeOutput(*game, "1 0"), "win 1\nloss 0\n");  // no answer: r.value
  const auto unreadable = gameOf(
      "game = { read = function(text) error('expected N') end, start = function(p) return 0 "
      "end,\n moves = function(s, p) return {} end, play = function(s, m, p) return s end }");
  ASSERT_TRUE(unreadable);
  EXPECT_EQ(judgeOutput(*unreadable, "x"), "error: line 1: expected N, in read(the judge's input)");
}

std::string readHostile(const std::string& name) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/tests/rules/hostile/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Judge, TheWholeOutputHasACapCountedBeforeItIsKept) {
  // 64 answers of 16 MiB (found by the hostile pass: 1 GiB built whole, and an abort).
  const auto game = gameOf(readHostile("answer_16mib_many_cases.lua"));
  ASSERT_TRUE(game);
  EXPECT_EQ(judgeOutput(*game, "x"),
            "error: the judge's output is longer than 67,108,864 bytes (at case 4)");
}

TEST(Judge, ASampleDeeperThanThePlainReferenceCanGo) {
  // EDPC K's sample 6: 100,000 moves deep (the plain reference overflows Lua's stack).
  const auto stones = gameOf(readExample("stones.lua"));
  ASSERT_TRUE(stones);
  EXPECT_EQ(judgeOutput(*stones, "1 100000\n1\n"), "Second\n");
}

TEST(Judge, ALinkCarriesTheInputAndTheCase) {
  const auto game = gameOf(readExample("nim.lua"));
  ASSERT_TRUE(game);
  const std::string input = "2\n2\n1 1\n2\n1 0\n";
  auto board = game->caseBoard(input, 1, SolveLimits{});
  ASSERT_TRUE(board.ok()) << board.error().toString();
  auto session = Session::solve(std::move(board.value()));
  ASSERT_TRUE(session.ok());
  EXPECT_EQ(session->gameBoard().judge().judgeOutput(), "Yes\n");
  auto link = makeLink(session.value(), std::nullopt);
  ASSERT_TRUE(link.ok()) << link.error().toString();
  EXPECT_NE(link->find("&i="), std::string::npos);
  EXPECT_NE(link->find("&k=2"), std::string::npos);
  auto opened = openLink(link.value(), SolveLimits{});
  ASSERT_TRUE(opened.ok()) << opened.error().toString();
  EXPECT_EQ(opened->gameBoard().judge().judgeOutput(), "Yes\n");
  EXPECT_EQ(opened->gameBoard().judge().judgeInput(), input);
  EXPECT_EQ(RulesGame::caseOf(opened->gameBoard()).index, 1u);
  // A case past the input's is named.
  const std::string past = link->substr(0, link->find("&k=")) + "&k=3";
  EXPECT_EQ(openLink(past, SolveLimits{}).error().toString(),
            "i (the judge's input), case 3: the input has 2 cases; there is no case 3");
}

// The app's cross-check (issue 57: every contest example showed "THE INDEPENDENT SOLVER
// DISAGREES"): the reference, a plain minimax over the rules, works out the start's value, and
// a case's judge output is answer()'s text made from it, so the reference is compared with the
// start's value (checkedOutput), not with the answer. Every case of every contest example's
// sample agrees; a rules file whose calls change with its state is caught.
TEST(Judge, TheReferenceChecksTheStartsValueOfEveryContestExampleCase) {
  int examples = 0, checked = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(GS_SOURCE_DIR) + "/web/examples/rules")) {
    const auto game = gameOf(readExample(entry.path().filename().string()));
    ASSERT_TRUE(game) << entry.path();
    if (!game->header().hasRead || !game->header().hasAnswer) continue;
    ++examples;
    const std::string sample = game->sample();
    auto cases = game->cases(sample);
    ASSERT_TRUE(cases.ok()) << entry.path() << ": " << cases.error().toString();
    for (std::size_t k = 0; k < cases->size(); ++k) {
      auto board = game->caseBoard(std::make_shared<const std::string>(sample), cases.value(), k,
                                   SolveLimits{});
      auto session = Session::solve(std::move(board));
      ASSERT_TRUE(session.ok()) << entry.path() << " case " << k + 1;
      const JudgeTexts& judge = session->gameBoard().judge();
      const auto reference = judge.referenceJudgeOutput();
      if (!reference) {
        // Past the reference's 10,000 positions: Find the Winning Move's 130,488.
        EXPECT_EQ(entry.path().filename(), "winning_move.lua");
        EXPECT_GT(session->stats().positions, 10'000u);
        continue;
      }
      EXPECT_EQ(*reference, judge.checkedOutput()) << entry.path() << " case " << k + 1;
      ++checked;
    }
  }
  EXPECT_GE(examples, 9);
  EXPECT_GE(checked, 18);
  // moves(1) gives no move at every other call: the reference, which calls it after the
  // solver's exploration did, sees another game and disagrees.
  std::ifstream file(std::string(GS_SOURCE_DIR) + "/tests/rules/stateful_moves.lua");
  std::stringstream text;
  text << file.rdbuf();
  const auto stateful = gameOf(text.str());
  ASSERT_TRUE(stateful);
  auto board = stateful->caseBoard("", 0, SolveLimits{});
  ASSERT_TRUE(board.ok());
  auto session = Session::solve(std::move(board.value()));
  ASSERT_TRUE(session.ok());
  EXPECT_EQ(session->gameBoard().judge().checkedOutput(), "loss 4\n");
  EXPECT_NE(session->gameBoard().judge().referenceJudgeOutput(),
            session->gameBoard().judge().checkedOutput());
}

// Rules with both params (for tables and values by name) and read (for the judge): p has every
// parameter by name either way, a case that leaves one out getting its default, so start need
// not test the shape of p; a link of a parameters board reopens that board, not a judge's input.
constexpr const char* kParamsAndRead = R"(
game = {
  params = { {"n", 10, 0, 1000}, {"k", 3, 1, 100} },
  read = function(text)
    local cases = {}
    for line in text:gmatch("[^\n]+") do
      local n, k = line:match("^(%d+) ?(%d*)$")
      cases[#cases + 1] = k ~= "" and {n = tonumber(n), k = tonumber(k)} or {n = tonumber(n)}
    end
    return cases
  end,
  start = function(p) return p.n end,
  moves = function(s, p) local m = {} for i = 1, math.min(s, p.k) do m[i] = i end return m end,
  play = function(s, m, p) return s - m end,
  answer = function(r, p) return (r.outcome == "win" and "First " or "Second ") .. p.k end,
})";

TEST(Judge, RulesWithParamsAndReadHaveEveryParameterByNameInEachCase) {
  const auto game = gameOf(kParamsAndRead);
  ASSERT_TRUE(game);
  // Take 1..k from n: the mover loses exactly when n is a multiple of k + 1. The second case
  // leaves k out: its default, 3.
  EXPECT_EQ(judgeOutput(*game, "10 4\n8\n9 2\n"), "Second 4\nSecond 3\nSecond 2\n");
  EXPECT_EQ(judgeOutput(*game, "11 4\n9\n"), "First 4\nFirst 3\n");
  // A judge input "8 3" is a case of read(); the parameters' board of the same values:
  EXPECT_EQ(valueOf(*game, "8 3"), "Second 3");
  auto board = game->parseParams("8 3", SolveLimits{});
  ASSERT_TRUE(board.ok()) << board.error().toString();
  auto session = Session::solve(std::move(board.value()));
  ASSERT_TRUE(session.ok());
  // Its judge output is answer()'s, with p = {n = 8, k = 3}: the mover loses from 8.
  EXPECT_EQ(session->gameBoard().judge().judgeOutput(), "Second 3\n");
  auto link = makeLink(session.value(), std::nullopt);
  ASSERT_TRUE(link.ok()) << link.error().toString();
  EXPECT_EQ(link->substr(link->find("&b=")), "&b=8.3");
  auto opened = openLink(link.value(), SolveLimits{});
  ASSERT_TRUE(opened.ok()) << opened.error().toString();
  EXPECT_EQ(opened->gameBoard().judge().judgeOutput(), "Second 3\n");
  EXPECT_EQ(opened->gameBoard().judge().judgeInput(), "8 3\n");
  // Without b=, the board is the rules' first random input or sample: none here, so an empty
  // judge's input, which read() finds no case in.
  const std::string bare = link->substr(0, link->find("&b="));
  EXPECT_EQ(openLink(bare, SolveLimits{}).error().toString(),
            "the rules' sample (the link has neither b nor i), line 4: read returned no case (an "
            "empty array), in read(the judge's input)");
}

TEST(Judge, ReadsBudgetGrowsWithItsInput) {
  // 2000 x 2000 numbers of one digit (8 MB), read into a table of rows: past one call's
  // 50,000,000 instructions (which stopped it before); a read that loops for ever still stops,
  // at the budget its input gives it.
  const auto game = gameOf(R"(
game = {
  read = function(text)
    if text:sub(1, 4) == "loop" then while true do end end
    local t, n = {}, 0
    for w in text:gmatch("%S+") do n = n + 1; t[n] = math.tointeger(tonumber(w)) end
    local h, w, k, sum = t[1], t[2], 2, 0
    local rows = {}
    for i = 1, h do
      local row = {}
      for j = 1, w do k = k + 1; row[j] = t[k]; sum = sum + t[k] end
      rows[i] = row
    end
    return { {sum = sum} }
  end,
  start = function(p) return p.sum end,
  moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  answer = function(r, p) return p.sum end,
})");
  ASSERT_TRUE(game);
  std::string input = "2000 2000\n";
  SplitMix64 random(7);
  std::int64_t sum = 0;
  for (int i = 0; i < 2000; ++i) {
    for (int j = 0; j < 2000; ++j) {
      const std::int64_t digit = random.between(0, 9);
      sum += digit;
      input += static_cast<char>('0' + digit);
      input += j + 1 < 2000 ? ' ' : '\n';
    }
  }
  EXPECT_EQ(judgeOutput(*game, input), std::to_string(sum) + "\n");
  EXPECT_EQ(readInstructions(50'000'000, 1'000'000), 150'000'000u);
  EXPECT_EQ(judgeOutput(*game, "loop" + std::string(999'996, ' ')),
            "error: line 4: the call ran past its budget of 150,000,000 instructions (does it "
            "loop for ever?), in read(the judge's input)");
}

TEST(Judge, ContractErrorsAreOneSentence) {
  const std::string base =
      "start = function(p) return 0 end, moves = function(s, p) return {} end, "
      "play = function(s, m, p) return s end";
  const auto refusal = [&](const std::string& extra) {
    auto rules = LuaRules::load("game = { " + base + ", " + extra + " }");
    return rules ? std::string("loaded") : rules.error().toString();
  };
  EXPECT_EQ(refusal("impartial = true, result = function() return 'win' end"),
            "an impartial game is won by the last move (its values are Sprague-Grundy numbers): "
            "remove result, or impartial (a misere game is a game with result and no impartial)");
  EXPECT_EQ(refusal("gain = function() return 1 end, result = function() return 'win' end"),
            "a scored game ends with its margin, not a result: remove result, or gain and score");
  EXPECT_EQ(refusal("partisan = true, mover = function() return 1 end"),
            "mover already says who moves at a position: remove partisan, or mover");
  EXPECT_EQ(refusal("sample = 3"),
            "game.sample must be a string (the problem's sample input), not an integer");
  const auto game = gameOf("game = { " + base + ", result = function() return 'tie' end }");
  ASSERT_TRUE(game);
  EXPECT_EQ(valueOf(*game, ""),
            "error: line 1: result must return \"win\", \"loss\" or \"draw\" (for the player to "
            "move at a position with no move), not 'tie', in result(0)");
}

// Every example with write(cases) writes what read() reads: for random()'s inputs of each size,
// read(write(read(x))) gives read(x)'s cases, and write of a single case reads as that case.
TEST(Contest, WriteWritesWhatReadReads) {
  int examples = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(GS_SOURCE_DIR) + "/web/examples/rules")) {
    const auto game = gameOf(readExample(entry.path().filename().string()));
    ASSERT_TRUE(game) << entry.path();
    if (!game->header().hasWrite) continue;
    ++examples;
    for (std::int64_t size = 1; size <= 10; ++size)
      for (std::int64_t seed = 1; seed <= 5; ++seed) {
        const auto input = game->rules().random(seed, size);
        ASSERT_TRUE(input.ok()) << entry.path() << ": " << input.error().toString();
        const auto cases = game->cases(input.value());
        ASSERT_TRUE(cases.ok()) << entry.path() << ": " << cases.error().toString();
        const auto written = game->rules().write(cases.value());
        ASSERT_TRUE(written.ok()) << entry.path() << ": " << written.error().toString();
        const auto again = game->cases(written.value());
        ASSERT_TRUE(again.ok()) << entry.path() << ": " << again.error().toString();
        EXPECT_EQ(again.value(), cases.value())
            << entry.path() << " random(" << seed << ", " << size << ")";
        const auto one = game->rules().write({cases->back()});
        ASSERT_TRUE(one.ok()) << one.error().toString();
        EXPECT_EQ(game->cases(one.value()).value(), std::vector<std::string>{cases->back()});
      }
  }
  EXPECT_EQ(examples, 4);  // deleting_divisors, substring_removal, nim, anti_nim
}

// write's failures name it: a result that is not a string, an error inside it.
TEST(Contest, WriteFailuresNameWrite) {
  const auto notText =
      gameOf(R"(game = { read = function(text, input) return {{n = input:int(0, 9)}} end,
  start = function(p) return p.n end, moves = function(s, p) return {} end,
  play = function(s, m, p) return s end, write = function(cases) return cases end })");
  ASSERT_TRUE(notText);
  const auto cases = notText->cases("3\n");
  ASSERT_TRUE(cases.ok());
  EXPECT_EQ(notText->rules().write(cases.value()).error().toString(),
            "line 3: write must return a judge's input as a string, not a table, in write(1 case)");
  const auto raises = gameOf(R"(game = { read = function(text, input) return {{n = 1}, {n = 2}} end,
  start = function(p) return p.n end, moves = function(s, p) return {} end,
  play = function(s, m, p) return s end,
  write = function(cases) error("no " .. cases[2].n) end })");
  ASSERT_TRUE(raises);
  EXPECT_EQ(raises->rules().write(raises->cases("").value()).error().toString(),
            "line 4: no 2, in write(2 cases)");
}

}  // namespace
}  // namespace gs
