// `gamesolver check`: the random boards stay within the judge's limits and reach the edge
// cases, the verdicts and the token comparison are a judge's, shrinking ends on a small board
// that still fails the same way, and the three deliberately wrong solutions of tests/check/ are
// caught and shrunk to a few cells or cards while the solver itself passes.
#include "tools/check.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "base/random.h"
#include "cli/run_program.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"
#include "rules_game_of.h"
#include "session.h"

namespace gs {
namespace {

using namespace std::string_literals;

const SolveLimits kUnlimited{~std::uint64_t{0}};

// The judge's answer, as the program under test should print it.
std::string answerOf(const Game& game, const std::string& input) {
  return Session::fromJudgeInput(game, input).value().gameBoard().judge().judgeOutput();
}

// The judge's output of a rules game's input.
std::string judgeOutputOf(const RulesGame& game, const std::string& input) {
  return rulesJudgeOutput(game, input, SolveLimits{}).value();
}

ProgramRun exited(std::string output, int status = 0) {
  ProgramRun run;
  run.output = std::move(output);
  run.exitStatus = status;
  return run;
}

// A runner in this process: `answer` maps the input to the program's output.
ProgramRunner inProcess(std::function<std::string(const std::string&)> answer) {
  return
      [answer](const std::string& input) -> Expected<ProgramRun> { return exited(answer(input)); };
}

std::vector<std::string> programOf(const char* helper) {
  return {std::string(GS_CHECK_HELPER_DIR) + "/" + helper};
}

ProgramRunner processRunner(std::vector<std::string> argv) {
  return [argv](const std::string& input) { return runProgram(argv, input, RunLimits{}); };
}

// Integers in a judge input (its size).
std::uint64_t numbersIn(const Game& game, const std::string& input) {
  return game.parse(input, kUnlimited).value()->judge().judgeInputNumbers();
}

TEST(Check, TokensAreComparedAsAJudgeDoes) {
  EXPECT_TRUE(sameTokens("2\n3 2\n3 3\n", "2 3   2\r\n3\t3"));
  EXPECT_TRUE(sameTokens("", " \n"));
  EXPECT_FALSE(sameTokens("2\n", "2\n0\n"));
  EXPECT_FALSE(sameTokens("Aoki\n", "aoki\n"));
  EXPECT_FALSE(sameTokens("12\n", "1 2\n"));
}

TEST(Check, VerdictsNameTheReason) {
  EXPECT_EQ(judgeRun(exited("2\n"), "2\n").verdict, CheckVerdict::kAccepted);
  EXPECT_EQ(judgeRun(exited("3\n"), "2\n").reason, "wrong answer");
  EXPECT_EQ(judgeRun(exited(" \n"), "2\n").reason, "printed nothing");
  EXPECT_EQ(judgeRun(exited("2\n", 3), "2\n").reason, "exited with status 3");
  ProgramRun crashed = exited("2\n");
  crashed.end = ProgramRun::End::kSignaled;
  crashed.signal = 11;
  EXPECT_EQ(judgeRun(crashed, "2\n").verdict, CheckVerdict::kCrashed);
  EXPECT_NE(judgeRun(crashed, "2\n").reason.find("SIGSEGV"), std::string::npos);
  ProgramRun slow = exited("");
  slow.end = ProgramRun::End::kTimedOut;
  slow.timeLimitSeconds = 2;
  EXPECT_EQ(judgeRun(slow, "2\n").reason, "ran past the time limit of 2 s (killed)");
}

TEST(Check, SameSeedSameBoards) {
  for (const Game* game : games()) {
    EXPECT_EQ(checkBoard(*game, 7, 3), checkBoard(*game, 7, 3));
    EXPECT_NE(checkBoard(*game, 7, 3), checkBoard(*game, 8, 3));
  }
}

TEST(Check, StaircaseBoardsReachTheEdgeCases) {
  int oneRow = 0, allBZero = 0, ties = 0;
  for (int index = 1; index <= 400; ++index) {
    auto board = parseStaircase(checkBoard(staircaseGame(), 1, index), SolveLimits{});
    ASSERT_TRUE(board.ok());
    const StaircaseBoard& b = board.value();
    ASSERT_LE(b.rows, 10);
    ASSERT_LE(b.cols, 10);
    for (std::size_t cell = 0; cell < b.black.size(); ++cell)
      ASSERT_TRUE(b.black[cell] <= 100000 && b.white[cell] <= 100000);
    oneRow += b.rows == 1 || b.cols == 1;
    allBZero += std::all_of(b.white.begin(), b.white.end(), [](auto v) { return v == 0; });
    ties += std::set<std::int64_t>(b.black.begin(), b.black.end()).size() < b.black.size();
  }
  EXPECT_GT(oneRow, 40);
  EXPECT_GT(allBZero, 150);  // half the boards, as in half the judge's tests
  EXPECT_GT(ties, 150);
}

TEST(Check, ExchangeBoardsReachTheEdgeCases) {
  int oneCardHand = 0, equalCards = 0, full = 0;
  for (int index = 1; index <= 400; ++index) {
    auto board = parseExchange(checkBoard(exchangeGame(), 1, index), SolveLimits{});
    ASSERT_TRUE(board.ok());
    const ExchangeBoard& b = board.value();
    ASSERT_LE(b.cardCount(), ExchangeBoard::kJudgeMaxCards);
    oneCardHand += b.takahashi == 1 || b.aoki == 1;
    equalCards += std::set<std::int64_t>(b.cards.begin(), b.cards.end()).size() < b.cards.size();
    full += b.cardCount() == ExchangeBoard::kJudgeMaxCards;
  }
  EXPECT_GT(oneCardHand, 100);
  EXPECT_GT(equalCards, 150);
  EXPECT_GT(full, 10);
}

TEST(Check, ManhattanBoardsReachTheEdgeCases) {
  int mZero = 0, mBeyondEveryDistance = 0, mIsTheLargestDistance = 0, single = 0;
  for (int index = 1; index <= 400; ++index) {
    auto board = parseManhattan(checkBoard(manhattanGame(), 1, index), SolveLimits{});
    ASSERT_TRUE(board.ok());  // distinct values, within 0..2^31 - 1
    const ManhattanBoard& b = board.value();
    ASSERT_LE(b.n, 2000);
    mZero += b.m == 0;
    mBeyondEveryDistance += b.m > 2 * b.n - 2;
    mIsTheLargestDistance += b.n > 1 && b.m == 2 * b.n - 2;
    single += b.n == 1;
  }
  EXPECT_GT(mZero, 50);
  EXPECT_GT(mBeyondEveryDistance, 50);
  EXPECT_GT(mIsTheLargestDistance, 20);
  EXPECT_GT(single, 10);
}

TEST(Check, ShrinkCandidatesAreSmallerBoardsThatParse) {
  for (const Game* game : games()) {
    for (int index = 1; index <= 30; ++index) {
      const std::string input = checkBoard(*game, 3, index);
      const std::uint64_t size = numbersIn(*game, input);
      for (const std::string& candidate : game->shrinkCandidates(input)) {
        auto parsed = game->parse(candidate, kUnlimited);
        ASSERT_TRUE(parsed.ok()) << game->id() << ":\n" << candidate;
        EXPECT_LE(parsed.value()->judge().judgeInputNumbers(), size);
        EXPECT_NE(candidate, input);
      }
    }
  }
}

TEST(Check, ShrinkingStopsAtTheSmallestBoardThatStillFails) {
  // A "program" that is wrong exactly on boards of two rows or more: the smallest such board
  // is 2 x 1 with every value 0.
  const Game& game = staircaseGame();
  CheckOptions options;
  const CheckReport report = runCheck(
      game, options, inProcess([&](const std::string& input) {
        return input[0] >= '2' || input[1] != ' ' ? std::string("-1\n") : answerOf(game, input);
      }));
  ASSERT_TRUE(report.failure.has_value());
  EXPECT_EQ(report.failure->judgement.verdict, CheckVerdict::kWrongAnswer);
  EXPECT_EQ(report.failure->input, "2 1\n0\n0\n0\n0\n");
  EXPECT_EQ(report.failure->expected, "0\n");
  EXPECT_EQ(report.failure->link, "#g=staircase&b=2.1_0_0_0_0");
}

TEST(Check, ARightProgramPassesEveryBoard) {
  for (const Game* game : games()) {
    CheckOptions options;
    options.count = 50;
    const CheckReport report =
        runCheck(*game, options,
                 inProcess([game](const std::string& input) { return answerOf(*game, input); }));
    EXPECT_FALSE(report.failure.has_value()) << game->id();
    EXPECT_EQ(report.passed, 50);
    EXPECT_NE(formatCheckReport(*game, options, report).find("50 boards passed"),
              std::string::npos);
  }
}

TEST(Check, TheTimeLimitEndsTheRun) {
  CheckOptions options;
  options.count = 1000;
  options.timeSeconds = 0.05;
  const Game& game = staircaseGame();
  const CheckReport report = runCheck(game, options, inProcess([&](const std::string& input) {
                                        std::this_thread::sleep_for(std::chrono::milliseconds(5));
                                        return answerOf(game, input);
                                      }));
  EXPECT_TRUE(report.timeUp);
  EXPECT_LT(report.passed, 1000);
  EXPECT_FALSE(report.failure.has_value());
}

// The deliberately wrong solutions, run as processes: each is caught and shrunk to a board of
// at most four cells or cards, and the failure names the reason.
struct WrongSolution {
  const Game& game;
  const char* helper;
  std::uint64_t maxNumbers;  // the size of the shrunk board's input
};

TEST(Check, WrongSolutionsAreCaughtAndShrunk) {
  const WrongSolution wrong[] = {
      {staircaseGame(), "greedy_staircase", 2 + 2 * 4},  // at most 4 cells
      {exchangeGame(), "exchange_takes_equal", 3 + 4},   // at most 4 cards
      {manhattanGame(), "manhattan_at_least_m", 2 + 4},  // at most 2 x 2
  };
  for (const WrongSolution& solution : wrong) {
    CheckOptions options;
    const CheckReport report =
        runCheck(solution.game, options, processRunner(programOf(solution.helper)));
    ASSERT_TRUE(report.error.empty()) << report.error;
    ASSERT_TRUE(report.failure.has_value()) << solution.helper;
    const CheckFailure& failure = *report.failure;
    EXPECT_EQ(failure.judgement.reason, "wrong answer") << solution.helper;
    EXPECT_LE(failure.numbers, solution.maxNumbers) << solution.helper << ":\n" << failure.input;
    EXPECT_EQ(failure.expected, answerOf(solution.game, failure.input));
    EXPECT_FALSE(sameTokens(failure.run.output, failure.expected));
    EXPECT_FALSE(failure.link.empty());
  }
}

TEST(Check, TheSolverItselfPassesAsAProgram) {
  for (const Game* game : games()) {
    CheckOptions options;
    options.count = 30;
    const CheckReport report =
        runCheck(*game, options, processRunner({GS_CLI_PATH, "solve", game->id()}));
    EXPECT_TRUE(report.error.empty()) << report.error;
    EXPECT_FALSE(report.failure.has_value()) << game->id();
    EXPECT_EQ(report.passed, 30);
  }
}

TEST(Check, AProgramThatCannotStartStopsTheCheck) {
  CheckOptions options;
  const CheckReport report =
      runCheck(staircaseGame(), options, processRunner({"/nonexistent/solution"}));
  EXPECT_EQ(report.error, "cannot run '/nonexistent/solution': No such file or directory");
  EXPECT_FALSE(report.failure.has_value());
}

TEST(RunProgram, ReportsExitSignalTimeoutAndOutput) {
  const auto run = [](const char* script, double timeout = 2) {
    return runProgram({"/bin/sh", "-c", script}, "1 2\n", RunLimits{timeout}).value();
  };
  const ProgramRun echoed = run("cat");
  EXPECT_EQ(echoed.end, ProgramRun::End::kExited);
  EXPECT_EQ(echoed.output, "1 2\n");
  EXPECT_EQ(run("echo oops >&2; exit 5").exitStatus, 5);
  EXPECT_EQ(run("echo oops >&2; exit 5").errorOutput, "oops\n");
  const ProgramRun crashed = run("kill -SEGV $$");
  EXPECT_EQ(crashed.end, ProgramRun::End::kSignaled);
  EXPECT_EQ(crashed.signal, 11);
  // Killed at the limit (were it waited for, the test would not end: no clock is asserted).
  const ProgramRun slow = run("exec sleep 86400", 0.2);
  EXPECT_EQ(slow.end, ProgramRun::End::kTimedOut);
  // Output past the cap ends the run.
  const ProgramRun flood = runProgram({"/bin/sh", "-c", "yes"}, "", RunLimits{2, 1 << 20}).value();
  EXPECT_EQ(flood.end, ProgramRun::End::kOutputTooLarge);
  EXPECT_EQ(judgeRun(flood, "0\n").reason, "printed more than 1.0 MiB (killed)");
  // A program that never reads its input is not an error.
  EXPECT_EQ(run("echo 7").output, "7\n");
}

// The processes of this test's mark (`sleep MARK`) still alive, by their command lines in /proc.
std::vector<int> sleepersOf(const std::string& mark) {
  std::vector<int> alive;
  const std::string wanted = std::string("sleep") + '\0' + mark + '\0';
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream file(entry.path() / "cmdline", std::ios::binary);
    std::string cmdline((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    if (cmdline == wanted) alive.push_back(std::stoi(name));
  }
  return alive;
}

// A unique duration for this test's sleeping children, so that they can be found afterwards.
std::string uniqueMark() {
  return "86400." + std::to_string(::getpid()) +
         std::to_string(std::chrono::steady_clock::now().time_since_epoch().count() % 100000);
}

// The run ends when the program exits, even when a child it left behind keeps its standard
// output open: the program's output is kept, and the child is killed.
TEST(RunProgram, TheRunEndsWhenTheProgramExits) {
  const std::string mark = uniqueMark();
  const ProgramRun run =
      runProgram({"/bin/sh", "-c", "sleep $0 & echo 1", mark}, "", RunLimits{5}).value();
  EXPECT_EQ(run.end, ProgramRun::End::kExited);
  EXPECT_EQ(run.exitStatus, 0);
  EXPECT_EQ(run.output, "1\n");
  const std::vector<int> left = sleepersOf(mark);
  for (int pid : left) ::kill(pid, SIGKILL);
  EXPECT_TRUE(left.empty());
}

// Every process the program started is killed and reaped when the run ends, also those that
// left its process group (setsid, set -m, os.setpgid) or were orphaned, whether the program exited,
// timed out or printed too much.
TEST(RunProgram, NothingItStartedOutlivesTheRun) {
  const char* const kStarts =
      "setsid sleep $0 > /dev/null 2>&1 &\n"
      "(set -m; sleep $0 > /dev/null 2>&1 &)\n"
      "(setsid sh -c 'sleep $0 & sleep $0' $0 > /dev/null 2>&1 &)\n"
      "/usr/bin/python3 -c 'import os, sys; os.setpgid(0, 0); os.execvp(\"sleep\", [\"sleep\", "
      "sys.argv[1]])' $0 > /dev/null 2>&1 &\n"
      "sleep $0 &\n"
      // The six sleepers are in place before the program ends (pgrep matches whole command
      // lines), so that each way of leaving the group is exercised.
      "while [ \"$(pgrep -cx -f \"sleep $0\")\" -lt 6 ]; do sleep 0.01; done\n";
  struct End {
    const char* last;  // the program's last command
    ProgramRun::End end;
    double timeout;  // long where the program ends by itself
  };
  const End kEnds[] = {
      {"echo 1", ProgramRun::End::kExited, 60},
      {"exec sleep $0", ProgramRun::End::kTimedOut, 2},
      {"exec yes", ProgramRun::End::kOutputTooLarge, 60},
  };
  for (const auto& [last, end, timeout] : kEnds) {
    const std::string mark = uniqueMark();
    const std::string script = kStarts + std::string(last);
    const ProgramRun run =
        runProgram({"/bin/bash", "-c", script, mark}, "", RunLimits{timeout, 1 << 20}).value();
    EXPECT_EQ(run.end, end) << last;
    const std::vector<int> left = sleepersOf(mark);
    for (int pid : left) ::kill(pid, SIGKILL);
    EXPECT_TRUE(left.empty()) << last << ": " << left.size() << " left";
  }
}

// What the program printed is shown with terminal control characters escaped, so that a
// program cannot drive the terminal: ESC, the other C0 controls but newline and tab, DEL, C1
// controls and bytes that are not UTF-8 as \xHH; UTF-8 text is kept.
TEST(Check, TheReportEscapesControlCharacters) {
  const Game& game = staircaseGame();
  CheckOptions options;
  CheckReport report;
  CheckFailure failure;
  failure.board = 1;
  failure.input = failure.originalInput = "1 1\n0\n0\n";
  failure.expected = "0\n";
  failure.judgement = {CheckVerdict::kWrongAnswer, "wrong answer"};
  failure.run.output =
      "\x1b[2J\x1b]0;owned\x07\r\x7f\tok \xE9\x87\x91\n"  // 金 (valid UTF-8) is kept
      "\xC2\x9B"
      "6n \xFF\xE9\x87 \x00"
      "end\n"s;  // CSI as a C1 control, bytes that are not UTF-8, NUL
  failure.run.errorOutput = "\x1b[31mred\n";
  failure.link = "#g=staircase&b=1.1_0_0";
  report.failure = failure;
  const std::string text = formatCheckReport(game, options, report);
  EXPECT_NE(text.find("\nreceived output:\n"
                      "\\x1b[2J\\x1b]0;owned\\x07\\x0d\\x7f\tok \xE9\x87\x91\n"
                      "\\xc2\\x9b6n \\xff\\xe9\\x87 \\x00end\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\nthe program's standard error:\n\\x1b[31mred\n"), std::string::npos)
      << text;
  for (char c : text)
    EXPECT_TRUE(c == '\n' || c == '\t' || static_cast<unsigned char>(c) >= 0x20) << int(c);
  EXPECT_EQ(text.find('\x7f'), std::string::npos);
}

// A program that is wrong on every board: shrinking always finds a smaller failing board.
std::string alwaysWrong(const std::string&) {
  return "-1\n";
}

// Whether a report holds `line` as a whole line (the report is shown when it does not).
::testing::AssertionResult hasLine(const std::string& report, const std::string& line) {
  if (report.find("\n" + line + "\n") != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "no line \"" << line << "\" in:\n" << report;
}

// When the run cap or --time ends shrinking, the report says which, and does not claim that no
// smaller board fails the same way.
TEST(Check, TheReportSaysWhatStoppedShrinking) {
  const Game& game = staircaseGame();
  CheckOptions capped;
  capped.maxShrinkRuns = 3;
  const CheckReport cut = runCheck(game, capped, inProcess(alwaysWrong));
  ASSERT_TRUE(cut.failure.has_value());
  EXPECT_EQ(cut.failure->shrinkRuns, 3);
  const std::string capText = formatCheckReport(game, capped, cut);
  EXPECT_TRUE(
      hasLine(capText, "shrunk from " + std::to_string(cut.failure->originalNumbers) + " to " +
                           std::to_string(cut.failure->numbers) +
                           " input numbers in 3 runs; shrinking stopped at the cap of 3 tries"));

  // Each run takes longer than the whole --time: shrinking is stopped before its first run.
  CheckOptions timed;
  timed.timeSeconds = 0.05;
  const CheckReport late = runCheck(game, timed, inProcess([](const std::string& input) {
                                      std::this_thread::sleep_for(std::chrono::milliseconds(60));
                                      return alwaysWrong(input);
                                    }));
  ASSERT_TRUE(late.failure.has_value());
  EXPECT_EQ(late.failure->shrinkRuns, 0);
  const std::string timeText = formatCheckReport(game, timed, late);
  EXPECT_TRUE(hasLine(timeText,
                      "shrinking stopped at the time limit of 0.05 s after 0 runs (the "
                      "board is as drawn)"));
  EXPECT_EQ(timeText.find("no smaller board"), std::string::npos) << timeText;

  // Shrinking that ends on its own says that no smaller board fails (a program wrong on the
  // first board only).
  const std::string first = checkBoard(game, 1, 1);
  const CheckReport done =
      runCheck(game, CheckOptions{}, inProcess([&](const std::string& input) {
                 return input == first ? alwaysWrong(input) : answerOf(game, input);
               }));
  ASSERT_TRUE(done.failure.has_value());
  EXPECT_EQ(done.failure->input, first);
  const std::string doneText = formatCheckReport(game, CheckOptions{}, done);
  EXPECT_TRUE(hasLine(doneText, "no smaller board fails the same way (" +
                                    std::to_string(done.failure->shrinkRuns) + " runs tried)"));
}

// Shrinking's own time cap holds without --time: a program that takes 30 ms a run and is always
// wrong is stopped by it, and the report says so.
TEST(Check, ShrinkingHasATimeCapOfItsOwn) {
  const Game& game = staircaseGame();
  CheckOptions options;
  options.maxShrinkSeconds = 0.05;
  const CheckReport report = runCheck(game, options, inProcess([](const std::string& input) {
                                        std::this_thread::sleep_for(std::chrono::milliseconds(30));
                                        return alwaysWrong(input);
                                      }));
  ASSERT_TRUE(report.failure.has_value());
  EXPECT_EQ(report.failure->shrinkStop, CheckFailure::ShrinkStop::kShrinkTime);
  EXPECT_GE(report.failure->shrinkRuns, 1);
  const std::string text = formatCheckReport(game, options, report);
  EXPECT_NE(text.find("; shrinking stopped at its own time cap of 0.05 s\n"), std::string::npos)
      << text;
  EXPECT_EQ(CheckOptions{}.maxShrinkSeconds, 60);
}

// A one-pile game that reads its input: take 1 or 2, and random(seed, size) gives the pile
// size * 1000 + seed % 1000. The seeds shrinking tries (1 to 100) can be made to fail: when
// `refuse` is set, random() raises an error for odd ones and gives an input read() refuses for
// even ones, while the drawn seeds (63-bit numbers) give a good input.
std::shared_ptr<RulesGame> pileGame(bool refuse) {
  const std::string text = std::string(R"(game = {
  read = function(text, input)
    local n = input:int(0, 1000000)
    input:finish()
    return { {n = n} }
  end,
  start = function(p) return p.n end,
  moves = function(s, p) local r = {} for x = 1, math.min(2, s) do r[#r + 1] = x end return r end,
  play = function(s, x, p) return s - x end,
  answer = function(r, p) return r.outcome == "win" and "First" or "Second" end,
  random = function(seed, size)
    if )") + (refuse ? "true" : "false") +
                           R"( and seed <= 100 then
      if seed % 2 == 1 then error("seed " .. seed .. " is too small") end
      return "x\n"
    end
    return tostring(size * 1000 + seed % 1000) .. "\n"
  end,
})";
  return testing::rulesGameOf(text);
}

// At the smallest failing size, the first seeds are tried before the drawn one: one board of
// size 1, wrong on every input, shrinks to random(1, 1).
TEST(RulesCheck, TheSmallestSizeTriesTheFirstSeedsToo) {
  const auto game = pileGame(false);
  CheckOptions options;
  options.count = 1;
  options.name = "pile.lua";
  const CheckReport report = runCheck(*game, options, inProcess(alwaysWrong));
  ASSERT_TRUE(report.failure.has_value()) << report.error;
  EXPECT_EQ(report.failure->originalSize, 1);
  EXPECT_EQ(report.failure->size, 1);
  EXPECT_EQ(report.failure->randomSeed, 1);
  EXPECT_EQ(report.failure->input, "1001\n");
  const std::string text = formatCheckReport(*game, options, report);
  EXPECT_TRUE(hasLine(text,
                      "no smaller size fails the same way; the first seed of size 1 that does: "
                      "random(1, 1) (1 run tried)"));
}

// Inputs that random() or the judge cannot make are tries: three in a row end a size's, ten in
// all end shrinking, named by the first one's error; and they count against the cap of tries.
TEST(RulesCheck, RefusedInputsCountAndEndShrinkingNamed) {
  const auto game = pileGame(true);
  // Boards 19 and 20 of 20 have size 10; the program is wrong from a pile of 10,000 on, so board 19
  // fails and the sizes below are tried, each refusing its first three seeds.
  const auto wrongFrom10000 = [&](const std::string& input) {
    return std::stol(input) >= 10000 ? alwaysWrong(input) : judgeOutputOf(*game, input);
  };
  CheckOptions options;
  options.count = 20;
  options.name = "pile.lua";
  const CheckReport report = runCheck(*game, options, inProcess(wrongFrom10000));
  ASSERT_TRUE(report.failure.has_value()) << report.error;
  EXPECT_EQ(report.failure->board, 19);
  EXPECT_EQ(report.failure->shrinkRuns, 0);
  EXPECT_EQ(report.failure->shrinkRefused, 10);
  EXPECT_EQ(report.failure->shrinkStop, CheckFailure::ShrinkStop::kRefusals);
  const std::string text = formatCheckReport(*game, options, report);
  EXPECT_TRUE(hasLine(text,
                      "shrinking stopped after 10 inputs that random() or the judge could not "
                      "make; the first: line 13: seed 1 is too small, in random(1, 1) after 0 runs "
                      "and 10 refused inputs (the board is as drawn)"));

  CheckOptions capped = options;
  capped.maxShrinkRuns = 5;
  const CheckReport cut = runCheck(*game, capped, inProcess(wrongFrom10000));
  ASSERT_TRUE(cut.failure.has_value()) << cut.error;
  EXPECT_EQ(cut.failure->shrinkRefused, 5);
  const std::string cutText = formatCheckReport(*game, capped, cut);
  EXPECT_TRUE(hasLine(cutText,
                      "shrinking stopped at the cap of 5 tries after 0 runs and 5 refused "
                      "inputs (the board is as drawn)"));
}

// The options of the write(cases) tests: 20 boards, under the rules file's name.
CheckOptions twentyBoards(const std::string& name) {
  CheckOptions options;
  options.count = 20;
  options.name = name;
  return options;
}

// With write(cases), the cases of a failing input that pass are dropped. Input: T, then T piles;
// random(seed, size) gives `size` cases, piles 1000 k + seed % 1000 for k = 1 .. size; the
// program is wrong on piles from 5,000 to 5,999 alone. Board 9 of 20 (size 5) fails first;
// no smaller size fails, seed 1 of size 5 does (piles 1001 .. 5001), and of its five cases the
// fifth alone is kept.
TEST(RulesCheck, WriteDropsTheCasesThatPass) {
  const std::string text = R"(game = {
  read = function(text, input)
    local cases = {}
    for _ = 1, input:int(1, 100) do cases[#cases + 1] = {n = input:int(0, 1000000)} end
    input:finish()
    return cases
  end,
  start = function(p) return p.n end,
  moves = function(s, p) local r = {} for x = 1, math.min(2, s) do r[#r + 1] = x end return r end,
  play = function(s, x, p) return s - x end,
  answer = function(r, p) return r.outcome == "win" and "First" or "Second" end,
  random = function(seed, size)
    local lines = {tostring(size)}
    for k = 1, size do lines[#lines + 1] = tostring(1000 * k + seed % 1000) end
    return table.concat(lines, "\n") .. "\n"
  end,
  write = function(cases)
    local lines = {tostring(#cases)}
    for _, p in ipairs(cases) do lines[#lines + 1] = tostring(p.n) end
    return table.concat(lines, "\n") .. "\n"
  end,
})";
  const auto shared = testing::rulesGameOf(text);
  ASSERT_TRUE(shared);
  const RulesGame& game = *shared;
  EXPECT_TRUE(game.header().hasWrite);
  // Each case's line, wrong for piles 5000 .. 5999.
  const auto program = [&](const std::string& input) {
    std::istringstream in(input);
    int count = 0;
    in >> count;
    std::string out;
    for (int k = 0; k < count; ++k) {
      long n = 0;
      in >> n;
      const std::string right = n % 3 == 0 ? "Second" : "First";
      out += (n >= 5000 && n < 6000 ? (n % 3 == 0 ? "First" : "Second") : right) + "\n";
    }
    return out;
  };
  EXPECT_EQ(program("3\n3\n4\n5\n"), judgeOutputOf(game, "3\n3\n4\n5\n"));  // the rule is right
  const CheckOptions options = twentyBoards("piles.lua");
  const CheckReport report = runCheck(game, options, inProcess(program));
  ASSERT_TRUE(report.failure.has_value()) << report.error;
  EXPECT_EQ(report.failure->size, 5);
  EXPECT_EQ(report.failure->randomSeed, 1);
  EXPECT_EQ(report.failure->originalCases, 5u);
  EXPECT_EQ(report.failure->cases, 1u);
  // The fifth case, 5001, then made smaller: 0 and 2500 pass, 5000 fails (a step); then 0, 2500
  // and 4999 pass.
  EXPECT_EQ(report.failure->input, "1\n5000\n");
  EXPECT_EQ(report.failure->expected, judgeOutputOf(game, "1\n5000\n"));
  EXPECT_EQ(report.failure->valueSteps, 1);
  const std::string shown = formatCheckReport(game, options, report);
  // Sizes 1 to 4 fail nowhere (400 runs), seed 1 of size 5 does (1), of its cases the fifth
  // alone (5 runs), then its value (6 runs).
  EXPECT_EQ(report.failure->shrinkRuns, 412);
  EXPECT_TRUE(hasLine(shown,
                      "no smaller size fails the same way; the first seed of size 5 that does: "
                      "random(1, 5) (412 runs tried); then 1 of its 5 cases kept (the input "
                      "written by write(); the others pass); then values inside the case made "
                      "smaller (1 step)"));
}

// Values inside a case: an array's halves and items dropped, then its integers made smaller;
// the smaller values read() refuses (a pile below 1) are refused tries that do not end
// shrinking. The program is wrong on two piles or more when one is 13 or more; random(seed,
// size) gives one case of `size` piles 20 + (seed + k) % 7: size 1 never fails, seed 1 of size
// 2 does (22 23), and neither pile alone fails; 22 is made 11, 5, 2 and 1, and 23 made 22, 21,
// ..., 13 (the smallest that fails).
TEST(RulesCheck, ValuesInsideACaseAreMadeSmaller) {
  const std::string text = R"(game = {
  read = function(text, input)
    local piles = input:ints(input:int(1, 20), 1, 100)
    input:finish()
    return {{piles = piles}}
  end,
  start = function(p) return p.piles end,
  moves = function(s, p)
    local r = {}
    for i, pile in ipairs(s) do for x = 1, pile do r[#r + 1] = {i, x} end end
    return r
  end,
  play = function(s, m, p) local t = {table.unpack(s)} t[m[1]] = t[m[1]] - m[2] return t end,
  answer = function(r, p) return r.outcome == "win" and "First" or "Second" end,
  random = function(seed, size)
    local piles = {}
    for k = 1, size do piles[k] = tostring(20 + (seed + k) % 7) end
    return size .. "\n" .. table.concat(piles, " ") .. "\n"
  end,
  write = function(cases)
    local piles = cases[1].piles
    return #piles .. "\n" .. table.concat(piles, " ") .. "\n"
  end,
})";
  const auto shared = testing::rulesGameOf(text);
  ASSERT_TRUE(shared);
  const RulesGame& game = *shared;
  // Nim's rule, wrong on two piles or more when one is 13 or more.
  const auto program = [&](const std::string& input) {
    std::istringstream in(input);
    int count = 0, pile = 0, sum = 0;
    bool thirteen = false;
    in >> count;
    for (int k = 0; k < count && in >> pile; ++k) {
      sum ^= pile;
      thirteen = thirteen || (count >= 2 && pile >= 13);
    }
    return std::string((sum != 0) != thirteen ? "First" : "Second") + "\n";
  };
  EXPECT_EQ(program("2\n3 5\n"), judgeOutputOf(game, "2\n3 5\n"));
  const CheckOptions options = twentyBoards("nim13.lua");
  const CheckReport report = runCheck(game, options, inProcess(program));
  ASSERT_TRUE(report.failure.has_value()) << report.error;
  EXPECT_EQ(report.failure->size, 2);
  EXPECT_EQ(report.failure->randomSeed, 1);
  EXPECT_EQ(report.failure->input, "2\n1 13\n");
  EXPECT_EQ(report.failure->expected, judgeOutputOf(game, "2\n1 13\n"));
  EXPECT_EQ(report.failure->valueSteps, 4 + 10);
  EXPECT_GT(report.failure->shrinkRefused, 4);  // a pile made 0, each time
  EXPECT_EQ(report.failure->shrinkStop, CheckFailure::ShrinkStop::kDone);
  const std::string shown = formatCheckReport(game, options, report);
  EXPECT_NE(shown.find("; then values inside the case made smaller (14 steps)"), std::string::npos)
      << shown;
}

}  // namespace
}  // namespace gs
