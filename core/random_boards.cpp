#include "random_boards.h"

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
  SplitMix64 random(seed);
  // Odd multipliers and xor-shifts are bijections of the 31-bit integers, so distinct cells get
  // distinct values; the seeded offset and multipliers vary the board.
  const std::uint32_t kMask = 0x7FFFFFFFu;
  const std::uint32_t offset = static_cast<std::uint32_t>(random.next()) & kMask;
  const std::uint32_t multiplier1 = (static_cast<std::uint32_t>(random.next()) | 1u) & kMask;
  const std::uint32_t multiplier2 = (static_cast<std::uint32_t>(random.next()) | 1u) & kMask;
  ManhattanBoard board;
  board.n = n;
  board.m = m;
  const std::size_t cells = static_cast<std::size_t>(n) * n;
  board.values.resize(cells);
  for (std::size_t cell = 0; cell < cells; ++cell) {
    std::uint32_t x = (static_cast<std::uint32_t>(cell) + offset) & kMask;
    x = (x * multiplier1) & kMask;
    x ^= x >> 13;
    x = (x * multiplier2) & kMask;
    x ^= x >> 16;
    board.values[cell] = x;
  }
  board.byValue = cellsByDecreasingValue(board.values);
  return board;
}

}  // namespace gs
