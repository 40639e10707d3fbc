// Resumable solves: every solver built with kDeferSolve and advanced in slices (budgets 1, 7,
// 1000 and unlimited) gives exactly the values of the one-shot constructor, at every position
// along random lines (every move's value, the best flags) and in the judge's output; progress
// only grows, done never passes an exact total, and the last call reports the solve complete.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <limits>
#include <vector>

#include "base/random.h"
#include "games/exchange/exchange_game.h"
#include "games/exchange/exchange_reference.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "solve_progress.h"

namespace gs {
namespace {

constexpr std::uint64_t kBudgets[] = {1, 7, 1000, std::numeric_limits<std::uint64_t>::max()};

// Advances `solver` to the end with `budget` per call, checking progress after every call.
// Returns the number of calls.
template <class Solver>
int advanceInSlices(Solver& solver, std::uint64_t budget, bool doneBoundedByBudget) {
  EXPECT_FALSE(solver.solved());
  SolveProgress last = solver.progress();
  EXPECT_EQ(last.done, 0u);
  int calls = 0;
  for (;;) {
    const bool finished = solver.advance(budget);
    ++calls;
    const SolveProgress now = solver.progress();
    EXPECT_EQ(finished, solver.solved());
    EXPECT_GE(now.done, last.done);
    // The share of the work done never falls (SolveProgress::fraction() caps unfinished
    // estimates at 0.999, so the raw ratio is compared).
    const auto ratio = [](const SolveProgress& p) {
      return p.total == 0 ? 1.0 : static_cast<double>(p.done) / static_cast<double>(p.total);
    };
    EXPECT_GE(ratio(now), ratio(last));
    if (now.exact) EXPECT_LE(now.done, now.total);
    if (doneBoundedByBudget && budget < 1000000) EXPECT_LE(now.done - last.done, budget);
    last = now;
    if (finished) break;
    if (calls > 50000000) {
      ADD_FAILURE() << "the solve does not finish";
      break;
    }
  }
  EXPECT_TRUE(solver.progress().exact);
  EXPECT_EQ(solver.progress().done, solver.progress().total);
  // Done is done: further calls return at once and change nothing.
  EXPECT_TRUE(solver.advance(1));
  EXPECT_TRUE(solver.advance(0));
  EXPECT_EQ(solver.progress().done, last.done);
  return calls;
}

void expectSameMoves(const std::vector<MoveValue>& sliced, const std::vector<MoveValue>& whole) {
  ASSERT_EQ(sliced.size(), whole.size());
  for (std::size_t k = 0; k < sliced.size(); ++k) {
    EXPECT_EQ(sliced[k].move, whole[k].move);
    EXPECT_TRUE(sliced[k].value == whole[k].value);
    EXPECT_EQ(sliced[k].best, whole[k].best);
  }
}

// The one way the long jobs run in slices (core/solve_progress.h): a job's work is over when its
// step says so, a call that is not over has used its time, and the budget it hands each step
// stays within the job's bounds while it is tuned.
TEST(Slicer, StepsUntilTheWorkIsOverOrTheTimeIsUsed) {
  Slicer slicer(64, 16, 256);
  std::vector<std::uint64_t> budgets;
  // Work that is over at its fifth step: one call, whatever its time.
  EXPECT_TRUE(slicer.runFor(1e9, [&](std::uint64_t budget) {
    budgets.push_back(budget);
    return budgets.size() == 5;
  }));
  EXPECT_EQ(budgets.size(), 5u);
  EXPECT_EQ(budgets.front(), 64u);
  for (std::uint64_t budget : budgets) {
    EXPECT_GE(budget, 16u);
    EXPECT_LE(budget, 256u);
  }
  // (Quick steps double it, up to 256 here; how quick a step is depends on the machine's load,
  // so only the bounds are asserted.)

  // Work that never ends: the call returns once its time is used, not before.
  Slicer endless(64, 16, 256);
  std::uint64_t steps = 0;
  EXPECT_FALSE(endless.runFor(2.0, [&](std::uint64_t) { return ++steps == 0; }));
  EXPECT_GT(steps, 0u);
  EXPECT_GE(endless.lastMilliseconds(), 2.0);

  // Slow steps (at least 3 ms each, where a call of a second aims at 1 ms a step): the budget
  // halves down to its bound. The work is over at the fourth step, so the call's time, which a
  // busy machine stretches, does not decide how many steps there are.
  Slicer slow(64, 16, 256);
  std::vector<std::uint64_t> slowBudgets;
  EXPECT_TRUE(slow.runFor(1000.0, [&](std::uint64_t budget) {
    slowBudgets.push_back(budget);
    const auto start = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - start < std::chrono::milliseconds(3)) {
    }
    return slowBudgets.size() == 4;
  }));
  EXPECT_EQ(slowBudgets, (std::vector<std::uint64_t>{64, 32, 16, 16}));
}

TEST(SolverJob, StaircaseSlicedSolveEqualsOneShot) {
  SplitMix64 random(2471);
  int boards = 0, positions = 0, calls = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const int rows = 1 + static_cast<int>(random.next() % 6);
    const int cols = 1 + static_cast<int>(random.next() % 6);
    // Small values (ties), judge values, and values past 32 bits (the 64-bit table).
    const std::int64_t max = seed % 3 == 0 ? 3 : seed % 3 == 1 ? 100000 : 1000000000;
    const StaircaseBoard board = randomStaircase(rows, cols, max, seed, seed % 5 == 0);
    const StaircaseSolver whole(board);
    for (std::uint64_t budget : kBudgets) {
      StaircaseSolver sliced(board, kDeferSolve);
      EXPECT_EQ(sliced.progress().total, whole.positionCount());
      calls += advanceInSlices(sliced, budget, true);
      EXPECT_EQ(sliced.positionCount(), whole.positionCount());
      for (int line = 0; line < 3; ++line) {
        StaircasePosition position = whole.start();
        for (;;) {
          ASSERT_EQ(sliced.value(position), whole.value(position)) << formatStaircase(board);
          const std::vector<MoveValue> moves = whole.moves(position);
          expectSameMoves(sliced.moves(position), moves);
          if (moves.empty()) break;
          ++positions;
          const Move move = moves[random.next() % moves.size()].move;
          position = whole.play(position, move.a, move.b);
        }
      }
    }
    ++boards;
  }
  EXPECT_EQ(boards, 60);
  EXPECT_GT(positions, 3000);
  EXPECT_GT(calls, 5000);
}

// Walks random lines in both exchange solvers and compares every position's value and moves.
void expectSameExchangeValues(const ExchangeSolver& sliced, const ExchangeSolver& whole,
                              SplitMix64& random, int lines) {
  for (int line = 0; line < lines; ++line) {
    ExchangePosition position = whole.start();
    for (;;) {
      ASSERT_TRUE(sliced.value(position) == whole.value(position)) << formatExchange(whole.board());
      const std::vector<MoveValue> moves = whole.moves(position);
      expectSameMoves(sliced.moves(position), moves);
      if (moves.empty()) break;
      position = whole.play(position, moves[random.next() % moves.size()].move);
    }
  }
}

TEST(SolverJob, ExchangeSlicedSolveEqualsOneShot) {
  SplitMix64 random(380);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const int n = 1 + static_cast<int>(random.next() % 4);
    const int m = 1 + static_cast<int>(random.next() % 4);
    const int l = 1 + static_cast<int>(random.next() % 4);
    const ExchangeBoard board = randomExchange(n, m, l, seed % 2 ? 6 : 1000000000, seed);
    const ExchangeSolver whole(board);
    for (std::uint64_t budget : kBudgets)
      for (auto method : {ExchangeSolver::Method::kAuto, ExchangeSolver::Method::kSweep,
                          ExchangeSolver::Method::kSweepPortable}) {
        ExchangeSolver sliced(board, kDeferSolve, method);
        advanceInSlices(sliced, budget, false);
        if (method == ExchangeSolver::Method::kAuto)
          EXPECT_EQ(sliced.positionsSolved(), whole.positionsSolved());
        expectSameExchangeValues(sliced, whole, random, 3);
        EXPECT_EQ(formatExchangeAnswer(sliced.value(sliced.start()).win),
                  formatExchangeAnswer(whole.value(whole.start()).win));
      }
  }
}

TEST(SolverJob, ExchangePastTwelveCardsSlicedEqualsOneShot) {
  // 13 to 16 cards: the trial search finishes games with few reachable positions, the sweep
  // the others; the search with the whole table (forced) agrees with both, and so does the
  // sweep forced where the trial finished.
  SplitMix64 random(1313);
  const int splits[][3] = {{5, 4, 4},  {11, 1, 1}, {2, 2, 9}, {7, 6, 1},
                           {1, 14, 1}, {15, 1, 1}, {1, 1, 14}};
  int swept = 0, trials = 0;
  for (const auto& split : splits) {
    const ExchangeBoard board = randomExchange(split[0], split[1], split[2], 1000000000, 7);
    const ExchangeSolver whole(board);
    (whole.usesSweep() ? swept : trials)++;
    for (auto method : {ExchangeSolver::Method::kSweep, ExchangeSolver::Method::kSweepPortable}) {
      if (whole.usesSweep() && method == ExchangeSolver::Method::kSweep) continue;
      ExchangeSolver sweep(board, kDeferSolve, method);
      while (!sweep.advance(std::numeric_limits<std::uint64_t>::max())) {
      }
      expectSameExchangeValues(sweep, whole, random, 20);
    }
    ExchangeSolver search(board, kDeferSolve, ExchangeSolver::Method::kSearch);
    while (!search.advance(std::numeric_limits<std::uint64_t>::max())) {
    }
    expectSameExchangeValues(search, whole, random, 20);
    for (std::uint64_t budget : {std::uint64_t{1000}, std::uint64_t{100000}}) {
      ExchangeSolver sliced(board, kDeferSolve);
      EXPECT_FALSE(sliced.progress().exact);  // the trial may end early
      advanceInSlices(sliced, budget, false);
      EXPECT_EQ(sliced.positionsSolved(), whole.positionsSolved());
      EXPECT_EQ(sliced.usesSweep(), whole.usesSweep());
      expectSameExchangeValues(sliced, whole, random, 5);
    }
  }
  EXPECT_GT(swept, 0);
  EXPECT_GT(trials, 0);
}

TEST(SolverJob, ExchangeSweepMatchesTheMinimax) {
  // The sweep, forced on small games (both kernels), against the reference: win/loss and
  // remoteness of every legal move along random lines (the search has the same check in
  // exchange_test.cpp).
  SplitMix64 random(3802);
  int positions = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const int n = 1 + static_cast<int>(random.next() % 3);
    const int m = 1 + static_cast<int>(random.next() % 3);
    const int l = 1 + static_cast<int>(random.next() % 3);
    const ExchangeBoard board = randomExchange(n, m, l, seed % 2 ? 6 : 1000, seed);
    // Odd seeds: the portable kernel (64-bit words), the one builds without SSSE3 use.
    ExchangeSolver solver(
        board, kDeferSolve,
        seed % 2 ? ExchangeSolver::Method::kSweepPortable : ExchangeSolver::Method::kSweep);
    while (!solver.advance(std::numeric_limits<std::uint64_t>::max())) {
    }
    reference::ExchangeMinimax minimax(board);
    ExchangePosition position = solver.start();
    for (;;) {
      const std::vector<int> owner(position.owner.begin(), position.owner.end());
      const reference::Outcome here = minimax.solve(owner, position.side);
      EXPECT_EQ(solver.value(position).win, here.win) << formatExchange(board);
      EXPECT_EQ(solver.value(position).remoteness, here.remoteness) << formatExchange(board);
      const std::vector<MoveValue> moves = solver.moves(position);
      if (moves.empty()) break;
      ++positions;
      for (const MoveValue& move : moves) {
        std::vector<int> next = owner;
        next[move.move.a] = 2;
        if (move.move.b >= 0) next[move.move.b] = position.side;
        const reference::Outcome child = minimax.solve(next, 1 - position.side);
        EXPECT_EQ(move.value.win, !child.win);
        EXPECT_EQ(move.value.remoteness, child.remoteness + 1);
      }
      position = solver.play(position, moves[random.next() % moves.size()].move);
    }
  }
  EXPECT_GT(positions, 500);
}

TEST(SolverJob, ManhattanSlicedSolveEqualsOneShot) {
  SplitMix64 random(2772);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const int n = 1 + static_cast<int>(random.next() % 24);
    const std::int64_t m = static_cast<std::int64_t>(random.next() % (2 * n + 1));
    ManhattanBoard board = randomManhattan(n, m, seed);
    if (seed % 2 == 0) {
      // Values spread over the whole range (more radix passes), and no order given: the solver
      // sorts, in slices too.
      for (auto& value : board.values) value = value * 104729u % 2147483647u;
      board.byValue.clear();
    }
    const ManhattanSolver whole(board);
    for (std::uint64_t budget : kBudgets) {
      ManhattanSolver sliced(board, kDeferSolve);
      advanceInSlices(sliced, budget, true);
      EXPECT_EQ(sliced.winningCells(), whole.winningCells());
      EXPECT_EQ(sliced.winnerCount(), whole.winnerCount());
      EXPECT_EQ(sliced.judgeOutput(), whole.judgeOutput());
      for (int cell = 0; cell < whole.cellCount(); ++cell)
        EXPECT_EQ(sliced.certificate(cell), whole.certificate(cell));
      ManhattanPosition position = whole.start();
      for (int ply = 0; ply < 6; ++ply) {
        expectSameMoves(sliced.moves(position), whole.moves(position));
        EXPECT_EQ(sliced.strategyMove(position), whole.strategyMove(position));
        const int next = whole.strategyMove(position);
        if (next < 0) break;
        position = whole.play(position, next);
      }
    }
  }
}

// A few small slices, then one unlimited call: the unlimited call finishes the job wherever the
// small ones stopped (inside a pass, a block, a bucket).
TEST(SolverJob, SmallSlicesThenUnlimitedBudgetFinish) {
  constexpr std::uint64_t kAll = std::numeric_limits<std::uint64_t>::max();
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    for (int slices = 1; slices <= 40; slices += 13) {
      const StaircaseBoard stairs = randomStaircase(4, 5, 1000, seed);
      StaircaseSolver staircase(stairs, kDeferSolve);
      for (int k = 0; k < slices; ++k) staircase.advance(1 + seed);
      EXPECT_TRUE(staircase.advance(kAll));
      EXPECT_EQ(staircase.value(staircase.start()),
                StaircaseSolver(stairs).value(staircase.start()));

      const ExchangeBoard cards =
          randomExchange(2 + static_cast<int>(seed % 3), 2, 10, 1000000000, seed);
      for (auto method : {ExchangeSolver::Method::kAuto, ExchangeSolver::Method::kSweep}) {
        ExchangeSolver exchange(cards, kDeferSolve, method);
        for (int k = 0; k < slices * 50; ++k) exchange.advance(1 + seed);
        EXPECT_TRUE(exchange.advance(kAll));
        const ExchangeSolver whole(cards);
        EXPECT_TRUE(exchange.value(exchange.start()) == whole.value(whole.start()));
      }

      ManhattanBoard board = randomManhattan(20, static_cast<std::int64_t>(seed), seed);
      board.byValue.clear();
      ManhattanSolver manhattan(board, kDeferSolve);
      for (int k = 0; k < slices * 20; ++k) manhattan.advance(1 + seed);
      EXPECT_TRUE(manhattan.advance(kAll));
      EXPECT_EQ(manhattan.judgeOutput(), ManhattanSolver(board).judgeOutput());
    }
  }
}

TEST(SolverJob, ManhattanSortInSlicesEqualsTheSort) {
  // The resumable sort, one cell-step at a time, gives the one-call order and repeat.
  SplitMix64 random(99);
  for (int trial = 0; trial < 30; ++trial) {
    std::vector<std::uint32_t> values(1 + random.next() % 3000);
    const std::uint32_t range = trial % 3 == 0 ? 50 : trial % 3 == 1 ? 100000 : 2147483647u;
    for (auto& value : values) value = static_cast<std::uint32_t>(random.next() % range);
    RepeatedValue repeat;
    const std::vector<std::uint32_t> expected = cellsByDecreasingValue(values, &repeat);
    DecreasingValueSort sort(true);
    std::uint64_t lastPlaced = 0;
    for (;;) {
      std::uint64_t budget = 1 + trial % 5;
      const bool finished = sort.step(values, budget);
      EXPECT_GE(sort.cellsPlaced(), lastPlaced);
      lastPlaced = sort.cellsPlaced();
      if (finished) break;
    }
    EXPECT_EQ(sort.cellsPlaced(), values.size());
    EXPECT_EQ(sort.repeat().found, repeat.found);
    EXPECT_EQ(sort.repeat().original, repeat.original);
    EXPECT_EQ(sort.repeat().repeat, repeat.repeat);
    EXPECT_EQ(sort.take(), expected);
  }
}

}  // namespace
}  // namespace gs
