// The combinatorial game value of a rules game's position (core/cgt/cgt.h): its canonical form,
// made from the canonical forms of the positions each player can move to.
//
// Left is the first player (who = 1 in partisan rules), Right the second (who = 2): a position s
// is the game { s's children when Left moves | s's children when Right moves }, whoever is to
// move in the game as played. Rules that are not partisan give both players the same moves
// (an impartial game: its value is a nimber); with parts, a position is the sum of its parts.
// Values are of normal play, of games that end: scored rules, rules with result() or mover(),
// and a position that can be reached again from itself are refused with a sentence saying so.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "base/expected.h"
#include "base/limits.h"
#include "cgt/cgt.h"
#include "rules/rules.h"

namespace gs {

struct CgtReport {
  cgt::GameId value = 0;
  std::uint64_t positions = 0;  // the positions whose values were made
};

// Why rules of this header have no cgt values (scored, mover, result), or nullopt.
std::optional<RulesError> cgtRulesProblem(const RulesHeader& header);

// The value of `position` (the host's encoding of a position of these rules and parameters;
// for partisan rules {who, s}, whose who is left aside) in `store`. Refused past
// limits.maxPositions positions, past limits.memoryBudgetBytes of the store's memory, and for
// the rules above; an error of the rules is theirs.
Expected<CgtReport> rulesCgtValue(Rules& rules, const Params& params, std::string_view position,
                                  cgt::GameStore& store, const SolveLimits& limits);

// The start's value, as rulesCgtValue gives it.
Expected<CgtReport> rulesCgtStart(Rules& rules, const Params& params, cgt::GameStore& store,
                                  const SolveLimits& limits);

// The lines `gamesolver cgt` prints for a value: its canonical form, then "outcome X",
// "mean M", "temperature T", "left stop S" and "right stop S", one a line.
Expected<std::string> cgtReportText(cgt::GameStore& store, cgt::GameId value);

}  // namespace gs
