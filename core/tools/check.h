// The stress test (对拍) of `gamesolver check`: run a contestant's program on seeded random
// boards within the judge's limits, compare its output with the exact answer as a judge does,
// and on the first failure shrink the board while it still fails the same way.
//
//   1. Board k (1-based) is drawn by the game (Game::randomJudgeInput) from a generator seeded
//      by the k-th number of SplitMix64(seed): a seed names the same boards on every machine.
//   2. The expected output is the solver's judge output; the program's output is accepted when
//      its whitespace-separated tokens equal the expected ones (as the judges compare).
//   3. A run fails with one verdict, the first that applies: it ran past the time limit, was
//      killed by a signal, exited with a non-zero status, printed more than the output cap,
//      printed nothing, or printed a wrong answer.
//   4. Shrinking is greedy delta debugging over the game's candidates (Game::shrinkCandidates):
//      the first smaller board whose run fails with the same verdict replaces the board, and
//      the candidates of the new board are tried, until none fails (a local minimum) or one of
//      its bounds stops it: the cap of tries (every candidate counts, the program's runs and
//      the candidates the judge refused alike), its own time cap, the run's --time.
// A game written as rules that read a problem's input (read, answer, random:
// core/rules/rules_judge.h) is checked on the inputs of its random(seed, size): board k of N has
// size 1 + 10 (k - 1) / N, small sizes first, and a seed from the same SplitMix64 sequence; the
// expected output is the judge's output of the whole input. A failure shrinks to the smallest size,
// then the first seed (1, 2, 3, ...), whose input fails the same way: sizes 1, 2, ... below the
// drawn one, then the drawn size itself, each with seeds 1 to 100. An input that random() or the
// judge cannot make is a try like any other; three in a row end the tries of a size, and ten in
// all end shrinking, named with the first one's error (rules whose random() keeps failing are
// named within seconds, not after every size's seeds). Rules with write(cases) then drop the
// cases of the shrunk input that pass: each case alone first, then one at a time, each subset
// written back as a judge input by write(), while it fails the same way.
//
// Running a program is the caller's (a ProgramRunner): the CLI forks and executes it
// (core/cli/run_program.h); tests may pass a function. This file names no game and starts no
// process.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "base/judge_text.h"
#include "game.h"

namespace gs {

// What one run of the program under test gave.
struct ProgramRun {
  enum class End { kExited, kSignaled, kTimedOut, kOutputTooLarge };
  End end = End::kExited;
  int exitStatus = 0;           // when kExited
  int signal = 0;               // when kSignaled
  std::string output;           // standard output
  std::string errorOutput;      // standard error (the first 64 KiB)
  double seconds = 0;           // wall-clock time of the run
  double timeLimitSeconds = 0;  // the per-run limit it ran under (for messages)
  std::uint64_t outputLimitBytes = 0;
};

// Runs the program under test with `input` on its standard input. An error means the program
// could not be started at all ("cannot run 'a.out': No such file or directory"), which stops
// the check.
using ProgramRunner = std::function<Expected<ProgramRun>(const std::string& input)>;

enum class CheckVerdict {
  kAccepted,
  kTimedOut,
  kCrashed,
  kNonZeroExit,
  kOutputTooLarge,
  kNoOutput,
  kWrongAnswer,
};

struct Judgement {
  CheckVerdict verdict = CheckVerdict::kAccepted;
  std::string reason;  // "" when accepted; "wrong answer", "exited with status 3", ...
};

// True when the two texts hold the same whitespace-separated tokens.
bool sameTokens(std::string_view a, std::string_view b);

// The verdict of a run against the expected output (step 3 above).
Judgement judgeRun(const ProgramRun& run, std::string_view expected);

struct CheckOptions {
  std::uint64_t seed = 1;
  int count = 100;           // boards to check
  double timeSeconds = 0;    // bound on the whole run (boards and shrinking); 0: none
  int maxShrinkRuns = 2000;  // tries spent shrinking at most (runs and refused candidates)
  // Shrinking stops after this long whatever --time says (0: no cap of its own).
  double maxShrinkSeconds = kDefaultMaxShrinkSeconds;
  static constexpr double kDefaultMaxShrinkSeconds = 60;
  // Called before each board is run (1-based index) and before each shrinking run (index 0),
  // for a progress line; may be empty.
  std::function<void(int board)> progress;
  SolveLimits limits;
  std::string name;  // the game as the report names it (a rules file's path); "": its id
};

struct CheckFailure {
  int board = 0;                      // 1-based index of the failing board
  Judgement judgement;                // of the shrunk board's run
  std::string originalInput;          // the board as drawn
  std::string input;                  // the shrunk board
  std::string expected;               // the judge's answer for it
  ProgramRun run;                     // the program's run on it
  std::uint64_t originalNumbers = 0;  // integers in the drawn board's input
  std::uint64_t numbers = 0;          // and in the shrunk one
  int shrinkRuns = 0;                 // program runs spent shrinking
  int shrinkRefused = 0;              // candidates the game, random() or the judge refused
  int shrinkSteps = 0;                // smaller boards accepted
  // What ended shrinking: no smaller board failed the same way, or one of its bounds stopped
  // it first: the cap of tries, the run's --time, shrinking's own time cap, or (rules) too
  // many inputs that random() or the judge could not make.
  enum class ShrinkStop { kDone, kRunCap, kTimeLimit, kShrinkTime, kRefusals };
  ShrinkStop shrinkStop = ShrinkStop::kDone;
  std::string refusal;  // the first refused candidate's error: "random(1, 1): line 3: ..."
  std::string link;     // the shrunk board's share link ("#g=…"), or ""
  // Rules that read their input: random()'s size and seed of the drawn and the shrunk inputs.
  std::int64_t originalSize = 0, size = 0, randomSeed = 0;
  // Rules with write(cases): the cases of the input after the size and seed (originalCases),
  // and those kept when the passing ones were dropped; 0 when not tried.
  std::size_t originalCases = 0, cases = 0;
  int valueSteps = 0;  // and the steps that then made a value inside a kept case smaller
};

struct CheckReport {
  int passed = 0;  // boards the program passed
  double seconds = 0;
  bool timeUp = false;  // the time limit ended the run before `count` boards
  std::optional<CheckFailure> failure;
  std::string error;           // the check could not go on: the reason
  bool programFailed = false;  // ... because the program could not be started
};

// The judge input of board `index` (1-based) of a check run with `seed` (step 1 above).
std::string checkBoard(const Game& game, std::uint64_t seed, int index);

// A text made safe to print on a terminal: valid UTF-8, newlines and tabs are kept; every
// other control character (C0, DEL, and C1 as U+0080..U+009F) and every byte that is not part
// of valid UTF-8 is written as \xHH (ESC as \x1b), so that a program's output cannot move the
// cursor, retitle the window or otherwise drive the terminal.
std::string escapeForTerminal(std::string_view text);

CheckReport runCheck(const Game& game, const CheckOptions& options, const ProgramRunner& run);

// The report as `gamesolver check` prints it: one summary line when every board passed,
// otherwise the failing board, the expected and received outputs, the reason and the link.
// What the program printed is shown through escapeForTerminal().
std::string formatCheckReport(const Game& game, const CheckOptions& options,
                              const CheckReport& report);

}  // namespace gs
