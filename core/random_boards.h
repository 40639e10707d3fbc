// Seeded random boards: the same (size, seed) gives the same board natively and in WebAssembly,
// so a share link can carry a recipe instead of a large board.
#pragma once

#include <cstdint>

#include "games/exchange.h"
#include "games/manhattan.h"
#include "games/staircase.h"

namespace gs {

// splitmix64: small, fast, and identical on every platform.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [lo, hi] (hi - lo < 2^63; the modulo bias is negligible for board values).
  std::int64_t between(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(next() % static_cast<std::uint64_t>(hi - lo + 1));
  }

 private:
  std::uint64_t state_;
};

// Values of a and b uniform in [0, maxValue]; with whiteZero every b is 0 (half the judge's tests).
StaircaseBoard randomStaircase(int rows, int cols, std::int64_t maxValue, std::uint64_t seed,
                               bool whiteZero = false);
// Card values uniform in [1, maxValue] (a small maxValue gives repeated numbers).
ExchangeBoard randomExchange(int takahashi, int aoki, int table, std::int64_t maxValue,
                             std::uint64_t seed);
// A seeded shuffle of the values 1..n^2 (distinct, so no duplicate check is needed; a
// 2000 x 2000 board is about 31 MB of judge input); the cells' order by value comes with it.
ManhattanBoard randomManhattan(int n, std::int64_t m, std::uint64_t seed);

}  // namespace gs
