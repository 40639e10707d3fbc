// Solving as a resumable job: every solver can be built without solving (kDeferSolve) and then
// advanced a bounded amount of work at a time, so a front-end with one thread (the page's main
// thread) can stay responsive, show progress and cancel by dropping the solver.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "base/expected.h"

namespace gs {

// Tag for the solver constructors that prepare a board without solving it.
struct DeferSolve {};
inline constexpr DeferSolve kDeferSolve{};

// How far a solve has come, in the solver's own work units (positions, or cells).
struct SolveProgress {
  std::uint64_t done = 0;
  std::uint64_t total = 0;  // exact when `exact`, otherwise an estimate (done may pass it)
  bool exact = true;

  double fraction() const {
    if (total == 0) return 1.0;
    const double value = static_cast<double>(done) / static_cast<double>(total);
    return value < 1.0 ? value : 0.999;
  }
};

// A board's solve, run in slices (GameBoard::solving()): what SolveJob, the worker and the
// command line drive.
class Solving {
 public:
  virtual ~Solving() = default;
  virtual bool solveSome(std::uint64_t budget) = 0;  // true once solved (or failed)
  virtual bool solved() const = 0;
  // Why the solve failed, once solved() (rules games: the rules raised an error, or the game
  // passed the positions cap or the memory budget); nullopt when it succeeded. The rest of the
  // board's interface needs a successful solve.
  virtual std::optional<ParseError> solveError() const { return std::nullopt; }
  virtual SolveProgress progress() const = 0;
  virtual std::uint64_t positions() const = 0;  // positions (or cells) in the solved table
};

// One way to run resumable work for a while, shared by the long jobs (a solve, a table and its
// formula's search, a GIF's encoding, the worker's jobs): `step(budget)` does about `budget`
// units of the job's work and returns true once the work is over (done or failed); runFor()
// steps until `milliseconds` have passed or the work is over, and returns true then. The clock
// is read after each step, and the budget is tuned as it goes to take about an eighth of the
// call (at most 1 ms), whatever a unit costs in this job, phase or machine, within [min, max]:
// a call overruns its time by about that much. A job keeps its Slicer, which keeps the budget
// it has learnt.
class Slicer {
 public:
  explicit Slicer(std::uint64_t first = 1 << 10, std::uint64_t min = 16,
                  std::uint64_t max = std::uint64_t{1} << 14)
      : budget_(first), min_(min), max_(max) {}

  template <class Step>
  bool runFor(double milliseconds, Step&& step) {
    const auto start = Clock::now();
    const double aim = milliseconds / 8 < 1.0 ? milliseconds / 8 : 1.0;
    for (;;) {
      const auto stepStart = Clock::now();
      const bool over = step(budget_);
      const auto now = Clock::now();
      lastMilliseconds_ = since(start, now);
      if (over) return true;
      const double took = since(stepStart, now);
      if (took > 2 * aim && budget_ / 2 >= min_)
        budget_ /= 2;
      else if (took < aim / 2 && budget_ * 2 <= max_)
        budget_ *= 2;
      if (lastMilliseconds_ >= milliseconds) return false;
    }
  }

  std::uint64_t budget() const { return budget_; }
  // The time the last runFor() took, in milliseconds.
  double lastMilliseconds() const { return lastMilliseconds_; }

 private:
  using Clock = std::chrono::steady_clock;
  static double since(Clock::time_point from, Clock::time_point to) {
    return std::chrono::duration<double, std::milli>(to - from).count();
  }
  std::uint64_t budget_, min_, max_;
  double lastMilliseconds_ = 0;
};

}  // namespace gs
