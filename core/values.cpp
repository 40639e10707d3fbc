#include "values.h"

namespace gs {

std::int64_t marginFor(const Value& value, int player) {
  return player == 0 ? value.score : -value.score;
}

std::string signedNumber(std::int64_t x) {
  // A real minus sign (U+2212) reads better than a hyphen beside numbers.
  if (x < 0) return "\xE2\x88\x92" + std::to_string(-x);
  return (x > 0 ? "+" : "") + std::to_string(x);
}

std::string moverValueText(Metric metric, const Value& value, int player) {
  switch (metric) {
    case Metric::kScoreDifference:
      return signedNumber(marginFor(value, player));
    case Metric::kWinLossRemoteness:
      if (value.draw) return "draw";
      if (value.remoteness == 0) return "no move";
      return std::string(value.win ? "win" : "loss") + " in " + std::to_string(value.remoteness);
    case Metric::kWinLossCertificate:
      return value.win ? "win" : "loss";
    case Metric::kGrundy:
      return "sg " + std::to_string(value.score);
  }
  return "";
}

std::string metricLegend(Metric metric) {
  switch (metric) {
    case Metric::kScoreDifference:
      return "Numbers on moves: the final margin for the player to move, in points, with both "
             "sides playing perfectly afterwards (higher is better).";
    case Metric::kWinLossRemoteness:
      return "Values: win or loss for the player to move, and in how many moves the game ends "
             "(the winner hurries, the loser holds out).";
    case Metric::kWinLossCertificate:
      return "Values: win or loss for the player who places there; a losing cell comes with the "
             "answer that refutes it.";
    case Metric::kGrundy:
      return "Values: the Sprague-Grundy number (sg) of the position, 0 when the player to move "
             "loses; a move shows the number of the position it leads to (a move to sg 0 wins).";
  }
  return "";
}

Value moveValueFromChild(Metric metric, const Value& child, bool sameMover) {
  Value move = child;
  if (metric == Metric::kGrundy) {
    move.win = child.score == 0;
    return move;
  }
  if (metric != Metric::kScoreDifference && !child.draw)
    move.win = sameMover ? child.win : !child.win;
  if (metric == Metric::kWinLossRemoteness && !child.draw) move.remoteness = child.remoteness + 1;
  return move;
}

}  // namespace gs
