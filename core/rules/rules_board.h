// The board of a rules game (RulesGame, core/rules/rules_game.h): a solver over the rules
// (core/rules/rules_solver.h), the stack of positions along the line and the moves of the
// position on top, worked out once per position. It answers every question a board is asked
// (solving in slices, handing a solve over, the judge's texts, the moves' texts, the pictures
// and, for partisan rules, the combinatorial values) and keeps the reference: a plain memoised
// recursion over the rules for small games, the independent check the front ends show.
#pragma once

#include <memory>

#include "game.h"
#include "rules/rules_game.h"

namespace gs {

// A board of `game` (which outlives it) at these parameters, or at a case of a judge's input.
std::unique_ptr<GameBoard> rulesBoard(const RulesGame& game, Params params, const SolveLimits& limits,
                                      RulesCase source = {});
// The case and the parameters of a rules board; nullptr for another board.
const RulesCase* rulesCaseOf(const GameBoard& board);
const Params* rulesParamsOf(const GameBoard& board);

}  // namespace gs
