// A game stated as its rules (core/rules/rules.h) becomes a Game: everything the built-in games
// have comes from generic code over the rules.
//
//   judge format   the parameters' values on one line ("3 5"), each checked against its range;
//                  the answer is the start's value, exactly as `gamesolver value` prints it:
//                  "win 7", "loss 6", "draw", "sg 2" or the first player's margin ("-3");
//                  or, with read(), the problem's own input: each case is a board (p is the
//                  case), and its answer is what answer(r, p) makes of the solved start
//   recipes        one field per parameter (its upper bound); a seed draws each parameter in
//                  [min, field], so links carry large parameters as recipes too
//   solving        core/rules/rules_solver.h, in slices, with the positions cap and the memory
//   budget moves          the i-th legal move of moves() (code "i" in links, 1-based), named by
//   name() values         win/loss/draw with remoteness, the first player's margin (points already
//                  scored on the line included, as the staircase does) or the Grundy number
//   drawing        show(): a text or a grid (BoardSnapshot::text / grid), drawn by the generic
//                  views, the SVG and the Markdown export
//   check          random parameters within their ranges; shrinking moves each toward its min
//   the reference  a plain memoised recursion over the rules (no tables, no retrograde pass)
//                  for small games, the independent check the front-ends show
//
// A Lua rules file is a RulesGame whose id is "rules" (links carry its text); the test-only
// subtraction game (tests/subtraction_game.cpp) is one registered under its own id.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game.h"
#include "rules/rules.h"
#include "rules/rules_solver.h"

namespace gs {

// A case of a judge's input (rules with read()): the whole input, which case, and how many.
struct RulesCase {
  std::shared_ptr<const std::string> input;
  std::size_t index = 0, count = 0;
};

struct RulesGameOptions {
  std::string id = kRulesGameId;
  std::string source = "a rules file";
  // The text the game was loaded from (a Lua rules file; links carry it), or "".
  std::string rulesText;
};

class RulesGame final : public Game, public std::enable_shared_from_this<RulesGame> {
 public:
  RulesGame(std::shared_ptr<Rules> rules, RulesGameOptions options);

  const GameInfo& info() const override { return info_; }
  const RulesGame* rulesGame() const override { return this; }
  Expected<std::unique_ptr<GameBoard>> parse(std::string_view text,
                                             const SolveLimits& limits) const override;
  const char* sample() const override { return sample_.c_str(); }
  std::uint64_t maxInputBytes(const SolveLimits& limits) const override;
  const std::vector<RecipeField>& recipeFields() const override { return fields_; }
  Message checkRecipe(const Recipe& recipe, const SolveLimits& limits) const override;
  std::unique_ptr<GameBoard> generate(const Recipe& recipe) const override;
  std::string randomSizeRule() const override;
  std::vector<BenchBoard> benchBoards() const override;
  std::vector<std::string> shrinkCandidates(std::string_view judgeInput) const override;

  // A board of these parameters (each within its range), solved within `limits`.
  std::unique_ptr<GameBoard> board(Params params, const SolveLimits& limits) const;
  // The board of a line of the parameters' values ("5 2", read as parse reads rules without
  // read()), for rules with read() too: a link's b= of a parameters board.
  Expected<std::unique_ptr<GameBoard>> parseParams(std::string_view text,
                                                   const SolveLimits& limits) const;
  // --- Rules with read(): the cases of a judge's input (errors name the rules' line, in
  // read()), and the board of one (0-based; "the input has 2 cases" past them).
  Expected<std::vector<std::string>> cases(std::string_view input) const;
  // The cases of an input that must have case `index` (0-based): the error otherwise.
  Expected<std::vector<std::string>> cases(std::string_view input, std::size_t index) const;
  Expected<std::unique_ptr<GameBoard>> caseBoard(std::string_view input, std::size_t index,
                                                 const SolveLimits& limits) const;
  std::unique_ptr<GameBoard> caseBoard(std::shared_ptr<const std::string> input,
                                       const std::vector<std::string>& cases, std::size_t index,
                                       const SolveLimits& limits) const;
  // The case a board of this game holds (its input is null for a board of parameters).
  static const RulesCase& caseOf(const GameBoard& board);
  // The parameters (or the case's p) of a board of this game; nullptr for another board.
  static const Params* paramsOf(const GameBoard& board);
  Rules& rules() const { return *rules_; }
  const RulesHeader& header() const { return rules_->header(); }
  const RulesGameOptions& options() const { return options_; }
  // The defaults, and "n=20 k=3" for messages.
  Params defaults() const;
  std::string paramsText(const Params& params) const;
  // "n must be between 0 and 100000, found 100001", or "".
  Message paramProblem(std::size_t index, std::int64_t value) const;

 private:
  std::shared_ptr<Rules> rules_;
  RulesGameOptions options_;
  std::string title_, metricName_, inputShape_, answerShape_, rulesText_, sample_;
  GameInfo info_;
  std::vector<std::string> fieldNames_;
  std::vector<RecipeField> fields_;
};

// The value line of a rules game's start, as `gamesolver value` prints it (without "\n").
// The p of a case of a judge's input (its canonical encoding, as RulesGame::cases gives it).
Params caseParams(const std::string& encoded);
std::string rulesValueText(RulesKind kind, const Value& value);

// A position as the board draws it from show(): a text, or rows of cells.
struct ShownPosition {
  std::string text;
  std::vector<std::vector<std::string>> grid;
};
// show() gives a string (a text) or an array of rows, each a string (a character a cell) or an
// array of cells (strings, integers, booleans); anything else is drawn as its canonical text.
ShownPosition shownFrom(const Term& drawn);

// The metric of a kind of rules: win/loss with remoteness, the score difference or Grundy.
Metric metricOf(RulesKind kind);
// The value of a position a solve added as `nodes` (its node; a sum's atomic parts' nodes), for
// the player to move there.
Value solvedValue(RulesKind kind, const RulesSolver& solver,
                  const std::vector<RulesSolver::Node>& nodes);
// The rules' memo search's value as the whole solve's (RulesBoard's valueOf).
Value rulesValueFrom(RulesKind kind, const Rules::Searched& searched);
// A position's record as answer's r and r.at have it, without children: value, and outcome with
// moves_left (normal play, where it is known) or sg (impartial), or margin (scored).
Term positionRecord(RulesKind kind, const Value& value);
// answer's r.at for the case or board of `params` (Rules::PositionRecords): the rules' memo
// search, or a whole solve of the position where it hands over, within `limits`.
std::unique_ptr<Rules::PositionRecords> positionRecords(const RulesGame& game, const Params& params,
                                                        const SolveLimits& limits);

// answer()'s r within the memory budget (web/guides/limits.md): r.children is built a move at a
// time, each move's record charged as it is added and the moves still to come at their least,
// beside `held` (what the solve keeps meanwhile, the rules' heap apart) and the rules' heap; past
// the budget, the sentence says what r needs. The first check is made before anything is kept.
class ChildRecords {
 public:
  ChildRecords(const Rules& rules, std::size_t moves, std::uint64_t held, std::uint64_t budget);
  bool fits() const { return !error_.has_value(); }
  const RulesError& error() const { return *error_; }
  // The next move's record from its fields; false (and error()) past the budget.
  bool add(std::vector<std::pair<Term, Term>> fields);
  // r: `fields` and the children added (all `moves` of them).
  Term record(std::vector<std::pair<Term, Term>> fields);

 private:
  bool check();

  const Rules& rules_;
  std::size_t moves_;
  std::uint64_t held_, budget_;
  std::uint64_t bytes_ = 0;  // the children's, their array's capacity included
  std::vector<std::pair<Term, Term>> children_;
  std::optional<RulesError> error_;
};

// r's combinatorial game values for one case (rules whose positions have them:
// core/rules/rules_cgt.h): the start's canonical form, outcome_class ("L", "R", "N" or "P"),
// mean, temperature, left_stop and right_stop, every one a string as `gamesolver cgt` prints
// it. Worked out once, when answer first reads one of them, within the case's limits.
class CgtFields {
 public:
  CgtFields(Rules& rules, const Params& params, const SolveLimits& limits);
  // Whether answer's r may read them: the rules have values, and they are not worked out yet.
  bool pending() const { return available_ && !fields_; }
  std::optional<RulesError> workOut();
  // r with the fields, once worked out (r itself before).
  Term with(const Term& r) const;

 private:
  Rules& rules_;
  const Params& params_;
  const SolveLimits& limits_;
  bool available_ = false;
  std::optional<std::vector<std::pair<Term, Term>>> fields_;
};

// answer(r, p) with the rules' heap capped at what the memory budget leaves beside r and `held`
// (what the solve keeps meanwhile, the rules' heap apart); a call past it fails naming both.
// With `cgt`, r's cgt fields are there once answer reads one (the call is then made again).
Expected<std::string> answerWithin(Rules& rules, const Term& r, std::uint64_t held,
                                   std::uint64_t budget, const Params& params,
                                   std::uint32_t lazy = 0, std::uint32_t* needed = nullptr,
                                   Rules::PositionRecords* at = nullptr, CgtFields* cgt = nullptr);

// answer()'s text as a line of the judge's output: its final newlines dropped, one added.
std::string judgeAnswerLine(std::string text);

}  // namespace gs
