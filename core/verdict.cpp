#include "verdict.h"

#include <cstdint>

namespace gs {
namespace {

std::int64_t margin(const Value& value, int player) {
  return player == 0 ? value.score : -value.score;
}

int sign(std::int64_t x) {
  return (x > 0) - (x < 0);
}

std::string signedNumber(std::int64_t x) {
  // A real minus sign (U+2212) reads better than a hyphen beside numbers.
  if (x < 0) return "\xE2\x88\x92" + std::to_string(-x);
  return (x > 0 ? "+" : "") + std::to_string(x);
}

const char* outcomeWord(int outcome) {
  return outcome > 0 ? "win" : outcome < 0 ? "loss" : "draw";
}

}  // namespace

MoveJudgement judgeMove(Metric metric, const Value& position, const Value& move, int mover) {
  MoveJudgement judgement;
  switch (metric) {
    case Metric::kScoreDifference: {
      const std::int64_t best = margin(position, mover), got = margin(move, mover);
      if (got >= best) {
        judgement.text = "best";
        return judgement;
      }
      const int before = sign(best), after = sign(got);
      if (after < before) {
        judgement.verdict = Verdict::kBlunder;
        judgement.text = signedNumber(got - best) + ": turns a " + outcomeWord(before) +
                         " into a " + outcomeWord(after) + " (blunder)";
        judgement.mark = "??";
      } else {
        judgement.verdict = Verdict::kMistake;
        judgement.text = signedNumber(got - best) + " (mistake)";
        judgement.mark = "?";
      }
      return judgement;
    }
    case Metric::kWinLossRemoteness:
    case Metric::kWinLossCertificate: {
      if (position.win && !move.win) {
        judgement.verdict = Verdict::kBlunder;
        judgement.text = "turns a win into a loss (blunder)";
        judgement.mark = "??";
        return judgement;
      }
      if (metric == Metric::kWinLossRemoteness && move.remoteness != position.remoteness) {
        judgement.verdict = Verdict::kInaccuracy;
        judgement.text =
            position.win
                ? "a slower win: in " + std::to_string(move.remoteness) + " moves instead of " +
                      std::to_string(position.remoteness) + " (inaccuracy)"
                : "a quicker loss: in " + std::to_string(move.remoteness) + " moves instead of " +
                      std::to_string(position.remoteness) + " (inaccuracy)";
        judgement.mark = "?!";
        return judgement;
      }
      judgement.text = "best";
      return judgement;
    }
  }
  return judgement;
}

std::string moverValueText(Metric metric, const Value& value, int player) {
  switch (metric) {
    case Metric::kScoreDifference:
      return signedNumber(margin(value, player));
    case Metric::kWinLossRemoteness:
      if (value.remoteness == 0) return "no move";
      return std::string(value.win ? "win" : "loss") + " in " + std::to_string(value.remoteness);
    case Metric::kWinLossCertificate:
      return value.win ? "win" : "loss";
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
  }
  return "";
}

Value moveValueFromChild(Metric metric, const Value& child) {
  Value move = child;
  if (metric != Metric::kScoreDifference) move.win = !child.win;
  if (metric == Metric::kWinLossRemoteness) move.remoteness = child.remoteness + 1;
  return move;
}

std::string finalResultText(const Session& session) {
  if (!session.isOver() || session.moveCount() > 0) return "";
  const GameInfo& info = session.info();
  if (info.metric == Metric::kScoreDifference) {
    const BoardSnapshot snapshot = session.snapshot();
    const std::int64_t final = session.value().score;
    std::string text;
    if (snapshot.scores.size() == 2)
      text = std::string(info.players[0]) + " " +
             std::to_string(static_cast<std::int64_t>(snapshot.scores[0])) + " \xE2\x80\x93 " +
             info.players[1] + " " + std::to_string(static_cast<std::int64_t>(snapshot.scores[1])) +
             ": ";
    if (final == 0) return text + "a draw";
    return text + info.players[final > 0 ? 0 : 1] + " wins by " +
           std::to_string(final > 0 ? final : -final);
  }
  const int mover = session.sideToMove();
  return std::string(info.players[1 - mover]) + " wins: " + info.players[mover] +
         ", to move, has no move left";
}

}  // namespace gs
