#include "computer.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "base/random.h"
#include "base/values.h"

namespace gs {
namespace {

constexpr std::uint64_t kPage = 65536;

// What the quality of a move needs from all the moves: the range of each measure.
struct Ranges {
  std::int64_t lowMargin = std::numeric_limits<std::int64_t>::max();
  std::int64_t highMargin = std::numeric_limits<std::int64_t>::min();
  int lowWin = std::numeric_limits<int>::max(), highWin = std::numeric_limits<int>::min();
  int lowLoss = std::numeric_limits<int>::max(), highLoss = std::numeric_limits<int>::min();

  void add(Metric metric, const Value& value, int mover) {
    if (metric == Metric::kScoreDifference) {
      const std::int64_t margin = marginFor(value, mover);
      lowMargin = std::min(lowMargin, margin);
      highMargin = std::max(highMargin, margin);
    } else if (!value.draw) {
      int& low = value.win ? lowWin : lowLoss;
      int& high = value.win ? highWin : highLoss;
      low = std::min(low, value.remoteness);
      high = std::max(high, value.remoteness);
    }
  }
};

// 0 for the worst value among the moves, 1 for the best.
double quality(Metric metric, const Value& value, int mover, const Ranges& ranges) {
  const auto scaled = [](double x, double low, double high) {
    return high > low ? (x - low) / (high - low) : 1.0;
  };
  switch (metric) {
    case Metric::kScoreDifference:
      return scaled(static_cast<double>(marginFor(value, mover)),
                    static_cast<double>(ranges.lowMargin), static_cast<double>(ranges.highMargin));
    case Metric::kGrundy:
    case Metric::kWinLossCertificate:
      return value.win ? 1.0 : value.draw ? 0.5 : 0.0;
    case Metric::kWinLossRemoteness:
      break;
  }
  // A win above a draw above a loss; then the quicker win, the slower loss.
  if (value.draw) return 0.5;
  if (value.win) return 0.7 + 0.3 * (1.0 - scaled(value.remoteness, ranges.lowWin, ranges.highWin));
  return 0.3 * scaled(value.remoteness, ranges.lowLoss, ranges.highLoss);
}

}  // namespace

std::optional<Move> computerMove(const Session& session, int strength, std::uint64_t seed) {
  const std::optional<Move> best = session.gameBoard().bestMove();
  if (!best || strength >= kMaxStrength) return best;
  strength = std::max(strength, 0);
  const std::uint64_t count = session.gameBoard().moveCount();
  if (count == 0) return best;
  const Metric metric = session.info().metric;
  const int mover = session.gameBoard().sideToMove();
  // The same seed, step and position give the same move.
  SplitMix64 random(seed ^
                    (0x9E3779B97F4A7C15ull * (static_cast<std::uint64_t>(session.step()) + 1)));
  if (strength == 0) {
    const auto index =
        static_cast<std::uint64_t>(random.between(0, static_cast<std::int64_t>(count) - 1));
    return session.gameBoard().movesPage(index, 1).front().move;
  }
  Ranges ranges;
  for (std::uint64_t first = 0; first < count; first += kPage)
    for (const MoveValue& move : session.gameBoard().movesPage(first, kPage))
      ranges.add(metric, move.value, mover);
  // Sampling in one pass by the Gumbel-max trick: the move whose beta * q plus a Gumbel draw is
  // largest has probability proportional to exp(beta * q).
  const double beta = 0.05 * std::ldexp(1.0, strength);
  std::optional<Move> chosen;
  double top = -std::numeric_limits<double>::infinity();
  for (std::uint64_t first = 0; first < count; first += kPage)
    for (const MoveValue& move : session.gameBoard().movesPage(first, kPage)) {
      // A uniform draw in (0, 1), never 0.
      const double u = (static_cast<double>(random.next() >> 11) + 0.5) / 9007199254740992.0;
      const double key = beta * quality(metric, move.value, mover, ranges) - std::log(-std::log(u));
      if (key > top) {
        top = key;
        chosen = move.move;
      }
    }
  return chosen ? chosen : best;
}

}  // namespace gs
