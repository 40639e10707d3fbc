#include "base/values.h"

#include "base/forms.h"

namespace gs {

std::int64_t marginFor(const Value& value, int player) {
  return player == 0 ? value.score : -value.score;
}

std::string signedNumber(std::int64_t x) {
  // A real minus sign (U+2212) reads better than a hyphen beside numbers.
  if (x < 0) return "\xE2\x88\x92" + std::to_string(-x);
  return (x > 0 ? "+" : "") + std::to_string(x);
}

Message moverValue(Metric metric, const Value& value, int player) {
  switch (metric) {
    case Metric::kScoreDifference:
      return Message::verbatim(signedNumber(marginFor(value, player)));
    case Metric::kWinLossRemoteness:
      if (value.draw)
        return value.remoteness > 0 ? Message(forms::kDrawIn, {{"N", value.remoteness}})
                                    : Message(forms::kDraw, {});
      if (value.remoteness == 0) return Message(forms::kNoMove, {});
      return Message(value.win ? forms::kWinIn : forms::kLossIn, {{"N", value.remoteness}});
    case Metric::kWinLossCertificate:
      return Message(value.win ? forms::kWin : forms::kLoss, {});
    case Metric::kGrundy:
      return Message(forms::kGrundyValue, {{"N", value.score}});
  }
  return {};
}

std::string moverValueText(Metric metric, const Value& value, int player) {
  return moverValue(metric, value, player).english();
}

Message metricLegend(Metric metric) {
  switch (metric) {
    case Metric::kScoreDifference:
      return Message(forms::kLegendScore, {});
    case Metric::kWinLossRemoteness:
      return Message(forms::kLegendRemoteness, {});
    case Metric::kWinLossCertificate:
      return Message(forms::kLegendCertificate, {});
    case Metric::kGrundy:
      return Message(forms::kLegendGrundy, {});
  }
  return {};
}

Value moveValueFromChild(Metric metric, const Value& child, bool sameMover) {
  Value move = child;
  if (metric == Metric::kGrundy) {
    move.win = child.score == 0;
    return move;
  }
  if (metric != Metric::kScoreDifference && !child.draw)
    move.win = sameMover ? child.win : !child.win;
  // A draw that ends is one move further off; an endless one (remoteness -1) stays endless.
  if (metric == Metric::kWinLossRemoteness && (!child.draw || child.remoteness >= 0))
    move.remoteness = child.remoteness + 1;
  return move;
}

}  // namespace gs
