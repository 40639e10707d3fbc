// Values in words, from the mover's side: what every front-end shows beside a move. Generic: it
// reads only the metric and the value (core/base/value.h), so the games and the exports below the
// session can use it as well as the verdicts (core/verdict.h).
#pragma once

#include <cstdint>
#include <string>

#include "base/message.h"
#include "base/value.h"

namespace gs {

// The first player's margin seen by `player`.
std::int64_t marginFor(const Value& value, int player);
// "+2", "0", "\u22123" (a real minus sign).
std::string signedNumber(std::int64_t x);

// A value in words and numbers from the side of `player` (the mover): "+2" (final margin),
// "win in 5", "loss in 4", "win", "loss".
Message moverValue(Metric metric, const Value& value, int player);
std::string moverValueText(Metric metric, const Value& value, int player);  // its English

// What the numbers on moves mean, named once: "final margin for the player to move, in points".
Message metricLegend(Metric metric);

// The value of the move that led to a position, for the player who made it, from the value of
// the position it led to (for its mover): no need to list the moves of the earlier position.
// `sameMover`: the player who made the move is to move again (rules games with mover()).
Value moveValueFromChild(Metric metric, const Value& child, bool sameMover = false);

}  // namespace gs
