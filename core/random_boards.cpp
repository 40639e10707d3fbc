#include "random_boards.h"

#include <utility>

namespace gs {

StaircaseBoard randomStaircase(int rows, int cols, std::int64_t maxValue, std::uint64_t seed,
                               bool whiteZero) {
  SplitMix64 random(seed);
  StaircaseBoard board;
  board.rows = rows;
  board.cols = cols;
  const std::size_t cells = static_cast<std::size_t>(rows) * cols;
  board.black.resize(cells);
  board.white.resize(cells);
  for (auto& value : board.black) value = random.between(0, maxValue);
  for (auto& value : board.white) value = whiteZero ? 0 : random.between(0, maxValue);
  return board;
}

ExchangeBoard randomExchange(int takahashi, int aoki, int table, std::int64_t maxValue,
                             std::uint64_t seed) {
  SplitMix64 random(seed);
  ExchangeBoard board;
  board.takahashi = takahashi;
  board.aoki = aoki;
  board.table = table;
  board.cards.resize(static_cast<std::size_t>(takahashi + aoki + table));
  for (auto& card : board.cards) card = random.between(1, maxValue);
  return board;
}

ManhattanBoard randomManhattan(int n, std::int64_t m, std::uint64_t seed) {
  // A seeded shuffle (Fisher-Yates) of 1..n^2: distinct by construction, short to print.
  SplitMix64 random(seed);
  ManhattanBoard board;
  board.n = n;
  board.m = m;
  const std::size_t cells = static_cast<std::size_t>(n) * n;
  board.values.resize(cells);
  for (std::size_t cell = 0; cell < cells; ++cell) board.values[cell] = static_cast<std::uint32_t>(cell + 1);
  for (std::size_t k = cells; k > 1; --k)
    std::swap(board.values[k - 1], board.values[static_cast<std::size_t>(random.next() % k)]);
  // The order by value is the inverse permutation, read off directly.
  board.byValue.resize(cells);
  for (std::size_t cell = 0; cell < cells; ++cell)
    board.byValue[cells - board.values[cell]] = static_cast<std::uint32_t>(cell);
  return board;
}

}  // namespace gs
