#include "verdict.h"

#include <cstdint>

namespace gs {
namespace {

int sign(std::int64_t x) {
  return (x > 0) - (x < 0);
}

const char* outcomeWord(int outcome) {
  return outcome > 0 ? "win" : outcome < 0 ? "loss" : "draw";
}

}  // namespace

MoveJudgement judgeMove(Metric metric, const Value& position, const Value& move, int mover) {
  MoveJudgement judgement;
  switch (metric) {
    case Metric::kScoreDifference: {
      const std::int64_t best = marginFor(position, mover), got = marginFor(move, mover);
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
    case Metric::kGrundy:
      if (position.win && !move.win) {
        judgement.verdict = Verdict::kBlunder;
        judgement.text = "turns a win into a loss (blunder)";
        judgement.mark = "??";
        return judgement;
      }
      judgement.text = "best";
      return judgement;
    case Metric::kWinLossRemoteness:
    case Metric::kWinLossCertificate: {
      // Outcomes in order: loss < draw < win (rules games can draw).
      const int before = position.win ? 1 : position.draw ? 0 : -1;
      const int after = move.win ? 1 : move.draw ? 0 : -1;
      if (after < before) {
        judgement.verdict = Verdict::kBlunder;
        judgement.text = std::string("turns a ") + outcomeWord(before) + " into a " +
                         outcomeWord(after) + " (blunder)";
        judgement.mark = "??";
        return judgement;
      }
      if (position.draw) {
        judgement.text = "best";
        return judgement;
      }
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
  // Normal play: whoever is to move with no move loses (the one who moved last wins).
  const int mover = session.sideToMove();
  return std::string(info.players[1 - mover]) + " wins: " + info.players[mover] +
         ", to move, has no move left";
}

}  // namespace gs
