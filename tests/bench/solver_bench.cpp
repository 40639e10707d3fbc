// Google Benchmark rows for the three solvers: the boards of the CLI's `random` command (seed 1)
// at the sizes whose speed matters, solved in one call of the one-shot constructor, plus a
// resumable solve in slices of about a millisecond (the page's way). Build: the native preset
// builds `solver_bench` when libbenchmark-dev is installed; run
// build/native/tests/bench/solver_bench.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <utility>

#include "base/random.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"

namespace gs {
namespace {

void setPositions(benchmark::State& state, std::uint64_t positions) {
  state.counters["positions"] = static_cast<double>(positions);
  state.counters["positions/s"] =
      benchmark::Counter(static_cast<double>(positions) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void Exchange(benchmark::State& state) {
  const ExchangeBoard board =
      randomExchange(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
                     static_cast<int>(state.range(2)), 1000000000, 1);
  std::uint64_t positions = 0;
  for (auto _ : state) {
    state.PauseTiming();  // the solver takes its board by value: copy it outside the timing
    auto copy = board;
    state.ResumeTiming();
    const ExchangeSolver solver(std::move(copy));
    benchmark::DoNotOptimize(solver.value(solver.start()));
    positions = solver.positionsSolved();
  }
  setPositions(state, positions);
}
BENCHMARK(Exchange)
    ->ArgNames({"N", "M", "L"})
    ->Args({4, 4, 4})
    ->Args({6, 5, 1})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(Exchange)
    ->ArgNames({"N", "M", "L"})
    ->Args({6, 6, 5})
    ->Args({6, 6, 6})
    ->Args({9, 8, 1})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

void Staircase(benchmark::State& state) {
  const StaircaseBoard board = randomStaircase(static_cast<int>(state.range(0)),
                                               static_cast<int>(state.range(1)), 100000, 1);
  std::uint64_t positions = 0;
  for (auto _ : state) {
    state.PauseTiming();  // the solver takes its board by value: copy it outside the timing
    auto copy = board;
    state.ResumeTiming();
    const StaircaseSolver solver(std::move(copy));
    benchmark::DoNotOptimize(solver.value(solver.start()));
    positions = solver.positionCount();
  }
  setPositions(state, positions);
}
BENCHMARK(Staircase)->ArgNames({"rows", "cols"})->Args({10, 10})->Unit(benchmark::kMillisecond);
BENCHMARK(Staircase)
    ->ArgNames({"rows", "cols"})
    ->Args({14, 14})
    ->Args({10000, 2})
    ->Args({2, 10000})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

void Manhattan(benchmark::State& state) {
  const ManhattanBoard board = randomManhattan(static_cast<int>(state.range(0)), state.range(1), 1);
  for (auto _ : state) {
    state.PauseTiming();  // the solver takes its board by value: copy it outside the timing
    auto copy = board;
    state.ResumeTiming();
    const ManhattanSolver solver(std::move(copy));
    benchmark::DoNotOptimize(solver.winnerCount());
  }
  setPositions(state, board.values.size());
}
BENCHMARK(Manhattan)->ArgNames({"n", "m"})->Args({2000, 1000})->Unit(benchmark::kMillisecond);

// The same solves through the resumable API, in slices of `budget` units: the overhead of
// stopping and resuming.
void ExchangeSliced(benchmark::State& state) {
  const ExchangeBoard board = randomExchange(6, 6, 5, 1000000000, 1);
  for (auto _ : state) {
    state.PauseTiming();
    auto copy = board;
    state.ResumeTiming();
    ExchangeSolver solver(std::move(copy), kDeferSolve);
    while (!solver.advance(static_cast<std::uint64_t>(state.range(0)))) {
    }
    benchmark::DoNotOptimize(solver.value(solver.start()));
  }
}
BENCHMARK(ExchangeSliced)
    ->ArgName("budget")
    ->Arg(100000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

void StaircaseSliced(benchmark::State& state) {
  const StaircaseBoard board = randomStaircase(12, 12, 100000, 1);
  for (auto _ : state) {
    state.PauseTiming();
    auto copy = board;
    state.ResumeTiming();
    StaircaseSolver solver(std::move(copy), kDeferSolve);
    while (!solver.advance(static_cast<std::uint64_t>(state.range(0)))) {
    }
    benchmark::DoNotOptimize(solver.value(solver.start()));
  }
}
BENCHMARK(StaircaseSliced)->ArgName("budget")->Arg(100000)->Unit(benchmark::kMillisecond);

void ManhattanSliced(benchmark::State& state) {
  ManhattanBoard board = randomManhattan(2000, 1000, 1);
  board.byValue.clear();  // the sort in slices too
  for (auto _ : state) {
    state.PauseTiming();
    auto copy = board;
    state.ResumeTiming();
    ManhattanSolver solver(std::move(copy), kDeferSolve);
    while (!solver.advance(static_cast<std::uint64_t>(state.range(0)))) {
    }
    benchmark::DoNotOptimize(solver.winnerCount());
  }
}
BENCHMARK(ManhattanSliced)->ArgName("budget")->Arg(200000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gs

BENCHMARK_MAIN();
