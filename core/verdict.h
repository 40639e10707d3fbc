// Values seen from the mover's side, and verdicts on moves: what an analysis board shows beside
// every move (Lichess, syzygy-tables.info): "best", "-3 (mistake)", "turns a win into a loss
// (blunder)". Generic: it reads only the metric and the values.
#pragma once

#include <string>

#include "session.h"

namespace gs {

enum class Verdict {
  kBest,        // keeps the position's value
  kInaccuracy,  // keeps the outcome but not the value (a slower win, a quicker loss)
  kMistake,     // loses points without changing who wins
  kBlunder,     // changes the outcome (a win into a draw or a loss, a draw into a loss)
};

struct MoveJudgement {
  Verdict verdict = Verdict::kBest;
  std::string text;  // "best", "-3 (mistake)", "turns a win into a loss (blunder)"
  std::string mark;  // "", "?!", "?", "??" (the chess annotation), for lists and boards
};

// The verdict on a move of value `move` made by `mover` in a position of value `position` (the
// value for the mover, as Session::value() gives it).
MoveJudgement judgeMove(Metric metric, const Value& position, const Value& move, int mover);

// A value in words and numbers from the side of `player` (the mover): "+2" (final margin),
// "win in 5", "loss in 4", "win", "loss".
std::string moverValueText(Metric metric, const Value& value, int player);

// What the numbers on moves mean, named once: "final margin for the player to move, in points".
std::string metricLegend(Metric metric);

// The value of the move that led to a position, for the player who made it, from the value of
// the position it led to (for its mover): no need to list the moves of the earlier position.
Value moveValueFromChild(Metric metric, const Value& child);

// The line shown when the game is over: "Black 12 - White 10: Black wins by 2", or for win/loss
// games "Aoki wins: Takahashi has no move". "" while the game goes on.
std::string finalResultText(const Session& session);

}  // namespace gs
