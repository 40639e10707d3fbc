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
#include <unordered_map>
#include <unordered_set>

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

// The values of one rules game's positions (one set of parameters), each worked out once and
// kept: the start's value, then the values of the positions a line of play reaches (the app's
// board, analyze's steps) cost only the positions not yet valued. Limits as rulesCgtValue's;
// the cap on positions counts the positions one call values (a refused call keeps the values it
// made, and the next call goes on from them).
class CgtValues {
 public:
  CgtValues(Rules& rules, const Params& params, cgt::GameStore& store, const SolveLimits& limits);
  // The value of `position` (the host's encoding; partisan: {who, s}, who left aside), valuing
  // at most `maxPositions` positions not valued before (0: the limits' maxPositions).
  Expected<cgt::GameId> valueOf(std::string_view position, std::uint64_t maxPositions = 0);
  Expected<cgt::GameId> start();
  cgt::GameStore& store() { return store_; }
  // The positions valued and kept (a refused call's unfinished ones are not among them).
  std::uint64_t positions() const { return positions_; }
  // Whether the last valueOf() stopped at its cap on positions (asked again, it goes on from
  // the values it made).
  bool capped() const { return capped_; }

 private:
  Expected<cgt::GameId> value(const std::string& s);
  Expected<cgt::GameId> expand(const std::string& s);

  Rules& rules_;
  const Params params_;
  cgt::GameStore& store_;
  const SolveLimits limits_;
  const bool partisan_, parts_;
  std::unordered_map<std::string, cgt::GameId> values_;
  std::unordered_set<std::string> onLine_;
  std::size_t depth_ = 0;
  std::uint64_t positions_ = 0;
  std::uint64_t callFirst_ = 0, callCap_ = 0;  // positions_ when the call began, its cap
  bool capped_ = false;
  std::uint64_t memoBytes_ = 0;
};

// What a value says, as text: its canonical form (CGSuite's), outcome class ("L", "R", "N" or
// "P"), mean, temperature and stops (numbers as CGSuite writes them: "3", "-5/8"), and its
// thermograph.
struct CgtSummary {
  std::string canonical, outcome, mean, temperature, leftStop, rightStop;
  cgt::Thermograph thermograph;
};
Expected<CgtSummary> cgtSummary(cgt::GameStore& store, cgt::GameId value);

// The lines `gamesolver cgt` prints for a value: its canonical form, then "outcome X",
// "mean M", "temperature T", "left stop S" and "right stop S", one a line.
Expected<std::string> cgtReportText(cgt::GameStore& store, cgt::GameId value);

}  // namespace gs
