// The rules loader and solver: the input is a Lua rules file, run in the sandbox with small
// budgets. Whatever the text, loading and solving end in a game or in one sentence; a game that
// solves answers every question about its start and its moves, and draws; the memo search, where
// it answers, gives the whole solve's value, and its winner and best moves.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"
#include "session.h"
#include "tools/export.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  gs::LuaLimits lua;
  lua.instructionsPerCall = 200000;
  lua.heapBytes = 8 << 20;
  // Every call together, so that no input's solve, line or export runs for long (each call
  // within its budget could still add up to minutes over thousands of calls).
  lua.instructionsTotal = 2'000'000;
  auto rules = gs::LuaRules::load(text, lua);
  if (!rules) {
    gs::fuzz::check(!rules.error().message.english().empty(), "a load error is a sentence");
    return 0;
  }
  const auto game = std::make_shared<gs::RulesGame>(rules.value(), gs::RulesGameOptions{});
  gs::SolveLimits limits = gs::fuzz::smallLimits();
  limits.maxPositions = 2000;
  auto session = gs::Session::solve(game->board(game->defaults(), limits));
  if (!session) {
    gs::fuzz::check(!session.error().message.english().empty(), "a solve error is a sentence");
    return 0;
  }
  const std::string output = session->gameBoard().judge().judgeOutput();
  gs::fuzz::check(!output.empty() && output.back() == '\n', "the value is a line", output);
  // The memo search (core/rules/memo_search.lua), where it answers, gives the whole solve's
  // value.
  const std::string value = gs::rulesValueText(game->header().kind, session->gameBoard().value());
  if (const auto searched = gs::rulesSearchedValue(*game, game->defaults(), limits))
    gs::fuzz::check(gs::rulesValueText(game->header().kind, *searched) == value,
                    "the memo search gives the whole solve's value", value);
  // The app's answer ahead of the whole solve (rulesBoardOutcome), where the search answers:
  // the whole solve's winner, and as many best moves (of the winner's outcome) as it has.
  if (const auto start = gs::rulesBoardOutcome(*game->board(game->defaults(), limits), limits)) {
    const auto outcomeOf = [](const gs::Value& v) {
      return v.draw ? gs::EndResult::kDraw : v.win ? gs::EndResult::kWin : gs::EndResult::kLoss;
    };
    gs::fuzz::check(start->outcome == outcomeOf(session->gameBoard().value()),
                    "the search's winner is the whole solve's", value);
    std::size_t best = 0;
    const std::vector<gs::MoveValue> moves = session->gameBoard().moves();
    for (const gs::MoveValue& move : moves)
      best += start->outcome != gs::EndResult::kLoss && outcomeOf(move.value) == start->outcome;
    gs::fuzz::check(start->moves == moves.size() && start->bestCount == best,
                    "the search's best moves are the whole solve's", value);
  }
  for (const gs::MoveValue& move : session->gameBoard().moves()) {
    (void)session->gameBoard().texts().moveName(move.move);
    (void)session->gameBoard().texts().describe(move.value, session->gameBoard().sideToMove());
  }
  (void)session->snapshot();
  const std::vector<gs::Move> line = session->principalLine(200);
  // Once the total is spent every call of the rules fails, so a move can no longer be replayed.
  for (const gs::Move& move : line) {
    const gs::Message refused = session->play(move);
    gs::fuzz::check(rules.value()->totalSpent() || refused.empty(), "the principal line is legal",
                    refused.english());
  }
  gs::ExportOptions options;
  (void)gs::exportBoard(session.value(), options);
  return 0;
}
