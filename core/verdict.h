// Values seen from the mover's side, and verdicts on moves: what an analysis board shows beside
// every move (Lichess, syzygy-tables.info): "best", "-3 (mistake)", "turns a win into a loss
// (blunder)". Generic: it reads only the metric and the values.
#pragma once

#include <string>

#include "base/values.h"
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
  Message text;      // "best", "-3 (mistake)", "turns a win into a loss (blunder)"
  std::string mark;  // "", "?!", "?", "??" (the chess annotation), for lists and boards
};

// The verdict on a move of value `move` made by `mover` in a position of value `position` (the
// value for the mover, as Session::value() gives it).
MoveJudgement judgeMove(Metric metric, const Value& position, const Value& move, int mover);

// The line shown when the game is over: "Black 12 - White 10: Black wins by 2", or for win/loss
// games "Aoki wins: Takahashi has no move". "" while the game goes on.
Message finalResultText(const Session& session);

}  // namespace gs
