// Solving as a resumable job: every solver can be built without solving (kDeferSolve) and then
// advanced a bounded amount of work at a time, so a front-end with one thread (the page's main
// thread) can stay responsive, show progress and cancel by dropping the solver.
#pragma once

#include <cstdint>

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

}  // namespace gs
