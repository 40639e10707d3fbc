// A contest problem's judge, for a game whose rules read its input (read, answer, random:
// core/rules/lua_rules.h): the judge's output of a whole input, and its stress test (check).
//
// The output of an input: read() gives the cases; each case's answer is answer(r, p), r being
// the record of its solved start (value, outcome, moves_left, sg, margin, children). As the
// brute force a contestant writes asks only what the question needs (ARCHITECTURE lesson 15),
// r is worked out in stages, each only when answer() reads a field the previous one lacks:
//   1. nothing: an answer that reads no field of r is printed as it is;
//   2. the outcome alone (normal play, and impartial games without parts): a memoised
//      depth-first search that stops at the first winning move, as a contestant's brute force
//      does; first the rules' memo search inside their interpreter (Rules::memoSearch: integer
//      positions), then OutcomeSearch over encodings; a position that comes back on its own
//      line (a cycle) hands over to stage 4;
//   3. the start's value alone (value, outcome, moves_left, sg, margin; no children): the
//      rules' memo search, where it applies; for impartial rules it does not hold (positions
//      that are tables), the host's solve shared by the cases of the input, while the fields
//      of p its calls read have the same values (rules_judge.cpp, CaseSolves);
//   4. everything: the case's board, explored and solved whole (core/rules/rules_solver.h).
// answer() is called again at each stage (rules compute only from their arguments), so what it
// prints is always that of the whole record. In every stage r.at(s) gives the record of any
// position s (RulesGame's positionRecords: the rules' memo search, one memo for the case, or a
// whole solve of the position).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"
#include "rules/rules_game.h"

namespace gs {

// The longest judge's output of an input (answers past it refuse the input).
constexpr std::size_t kMaxJudgeOutputBytes = 64 << 20;

struct JudgeOutputStats {
  std::uint64_t cases = 0;
  std::uint64_t searched = 0;  // cases answered by a search (stages 2 and 3)
  std::uint64_t solved = 0;    // cases solved by the host (stage 3's shared solve, stage 4)
  std::uint64_t shared = 0;    // ... of which in stage 3's solve shared by the cases
  std::uint64_t positions = 0;
};

// The judge's output of `input` (every case's answer, a line each), or the first error naming
// its case when there are several ("line 14: ..., in moves({1, 2}), in case 2").
Expected<std::string> rulesJudgeOutput(const RulesGame& game, std::string_view input,
                                       const SolveLimits& limits,
                                       JudgeOutputStats* stats = nullptr);

// The start's value of the game of `params` by the rules' memo search (Rules::memoSearch), as
// the whole solve gives it; nullopt when the search hands over (the caller then solves whole,
// which names any error).
std::optional<Value> rulesSearchedValue(const RulesGame& game, const Params& params,
                                        const SolveLimits& limits,
                                        JudgeOutputStats* stats = nullptr);

// Who wins the start of the game of `params` (a case's, or parameters'): "win", "loss" or
// "draw" for the player who moves first (`gamesolver value --outcome`). Normal-play games and
// impartial ones without parts by the search with cut-offs of stage 2; where it cannot decide
// (a cycle, a limit, a failing call) and for the other kinds, by the whole solve, whose error
// is returned (a scored game's word is the sign of its margin; an impartial one's, whether its
// Grundy number is 0).
// A rules board's start as the search with cut-offs finds it: who wins (for the player to move
// there), and which of its moves are best (they win; from a drawn start, they draw; from a lost
// one, none), the first `maxNames` of them named as the board names them.
struct SearchedStart {
  EndResult outcome = EndResult::kLoss;
  std::size_t moves = 0;      // the start's moves
  std::size_t bestCount = 0;  // how many of them are best
  std::vector<std::string> bestNames;
};

// A rules board's start by the rules' own memo search with cut-offs alone (Rules::memoSearch:
// integer positions; normal play, and impartial games without parts), each of its moves' children
// searched in the same memo, for the app to show while it solves the board whole: nullopt where
// that search does not apply or hands over. `onSlice` is called between the search's slices.
std::optional<SearchedStart> rulesBoardOutcome(const GameBoard& board, const SolveLimits& limits,
                                               std::function<void()> onSlice = {},
                                               std::size_t maxNames = 12);

// A position of the game of `params`, reached from the start by `line` (each move the index of
// a move in moves()' order), as the app's lazy board shows it: searched with cut-offs from there
// (Rules::memoSearchFrom: the memo of the earlier positions' searches kept), each move's outcome
// for its maker, the moves' names (the first `maxNames` by name(), the rest by their text) and
// the position as show() draws it. With `values`, the whole values too (the moves left, or the
// Grundy number) of the position and of each move, in a memo of values (memoSearchFrom's
// kValue), as the solved board has them. Errors: the search does not apply or hands over, a
// move of the line that is not one, or a call of the rules that fails.
struct SearchedPosition {
  int mover = 0;                         // 0 the first player, 1 the second
  EndResult outcome = EndResult::kLoss;  // for the player to move (no move: how the game ended)
  std::vector<EndResult> moveOutcomes;   // each move's, for its maker
  std::vector<std::string> names;
  ShownPosition shown;
  std::uint64_t positions = 0;  // the positions this search added to the memo
  // With values: the position's value and each move's, for its maker, in `metric`
  // (kWinLossRemoteness or kGrundy), as the solved board's board.value() and moves().
  bool valued = false;
  Metric metric = Metric::kWinLossRemoteness;
  Value value;
  std::vector<Value> moveValues;
};
Expected<SearchedPosition> rulesSearchPosition(const RulesGame& game, const Params& params,
                                               const std::vector<std::size_t>& line, bool values,
                                               const SolveLimits& limits,
                                               std::function<void()> onSlice = {},
                                               std::size_t maxNames = 2000);

Expected<std::string> rulesOutcome(const RulesGame& game, const Params& params,
                                   const SolveLimits& limits, JudgeOutputStats* stats = nullptr);

}  // namespace gs
