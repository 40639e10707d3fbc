#include "verdict.h"

#include <cstdint>

#include "base/forms.h"

namespace gs {
namespace {

int sign(std::int64_t x) {
  return (x > 0) - (x < 0);
}

// The blunder that takes outcome `before` to the worse `after` (1 win, 0 draw, -1 loss), with
// the points lost (score games) or without.
const Phrase& blunderForm(int before, int after, bool withPoints) {
  if (before > 0 && after == 0) return withPoints ? forms::kWinIntoDrawBy : forms::kWinIntoDraw;
  if (before == 0) return withPoints ? forms::kDrawIntoLossBy : forms::kDrawIntoLoss;
  return withPoints ? forms::kWinIntoLossBy : forms::kWinIntoLoss;
}

}  // namespace

MoveJudgement judgeMove(Metric metric, const Value& position, const Value& move, int mover) {
  MoveJudgement judgement;
  switch (metric) {
    case Metric::kScoreDifference: {
      const std::int64_t best = marginFor(position, mover), got = marginFor(move, mover);
      if (got >= best) {
        judgement.text = Message(forms::kBest, {});
        return judgement;
      }
      const int before = sign(best), after = sign(got);
      if (after < before) {
        judgement.verdict = Verdict::kBlunder;
        judgement.text = Message(blunderForm(before, after, true),
                                 {{"N", Message::verbatim(signedNumber(got - best))}});
        judgement.mark = "??";
      } else {
        judgement.verdict = Verdict::kMistake;
        judgement.text =
            Message(forms::kMistake, {{"N", Message::verbatim(signedNumber(got - best))}});
        judgement.mark = "?";
      }
      return judgement;
    }
    case Metric::kGrundy:
      if (position.win && !move.win) {
        judgement.verdict = Verdict::kBlunder;
        judgement.text = Message(forms::kWinIntoLoss, {});
        judgement.mark = "??";
        return judgement;
      }
      judgement.text = Message(forms::kBest, {});
      return judgement;
    case Metric::kWinLossRemoteness:
    case Metric::kWinLossCertificate: {
      // Outcomes in order: loss < draw < win (rules games can draw).
      const int before = position.win ? 1 : position.draw ? 0 : -1;
      const int after = move.win ? 1 : move.draw ? 0 : -1;
      if (after < before) {
        judgement.verdict = Verdict::kBlunder;
        judgement.text = Message(blunderForm(before, after, false), {});
        judgement.mark = "??";
        return judgement;
      }
      if (position.draw) {
        judgement.text = Message(forms::kBest, {});
        return judgement;
      }
      if (position.win && !move.win) {
        judgement.verdict = Verdict::kBlunder;
        judgement.text = Message(forms::kWinIntoLoss, {});
        judgement.mark = "??";
        return judgement;
      }
      if (metric == Metric::kWinLossRemoteness && move.remoteness != position.remoteness) {
        judgement.verdict = Verdict::kInaccuracy;
        judgement.text = Message(position.win ? forms::kSlowerWin : forms::kQuickerLoss,
                                 {{"N1", move.remoteness}, {"N2", position.remoteness}});
        judgement.mark = "?!";
        return judgement;
      }
      judgement.text = Message(forms::kBest, {});
      return judgement;
    }
  }
  return judgement;
}

Message finalResultText(const Session& session) {
  if (!session.isOver() || session.gameBoard().moveCount() > 0) return {};
  const GameInfo& info = session.info();
  if (info.metric == Metric::kScoreDifference) {
    const BoardSnapshot snapshot = session.snapshot();
    const std::int64_t final = session.gameBoard().value().score;
    const Message result =
        final == 0 ? Message(forms::kADraw, {})
                   : Message(forms::kWinsBy, {{"PLAYER", info.players[final > 0 ? 0 : 1]},
                                              {"N", final > 0 ? final : -final}});
    if (snapshot.scores.size() != 2) return result;
    return Message(forms::kFinalScores, {{"P1", info.players[0]},
                                         {"N1", static_cast<std::int64_t>(snapshot.scores[0])},
                                         {"P2", info.players[1]},
                                         {"N2", static_cast<std::int64_t>(snapshot.scores[1])},
                                         {"MESSAGE", result}});
  }
  // Normal play: whoever is to move with no move loses (the one who moved last wins).
  const int mover = session.gameBoard().sideToMove();
  return Message(forms::kWinsNoMoveLeft,
                 {{"WINNER", info.players[1 - mover]}, {"LOSER", info.players[mover]}});
}

}  // namespace gs
