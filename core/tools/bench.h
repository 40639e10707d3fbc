// The bench (after Stockfish's `bench`): every game's bench boards (Game::benchBoards), each
// solved once to warm up and then `repeat` times, with the median times and a signature (total
// positions, a hash of the judge outputs) that must come out the same from every build: native
// (`gamesolver bench`) and WebAssembly (the module's bench(), `node tests/node/bench.js`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game.h"

namespace gs {

struct BenchRow {
  std::string name;
  std::uint64_t positions = 0;
  std::string answer;  // the first line of the judge output
  double solveMs = 0;  // median: building the table
  double totalMs = 0;  // median: parse + solve + judge output, in-process
};

struct BenchResult {
  std::vector<BenchRow> rows;
  std::uint64_t positions = 0;
  std::uint64_t answerHash = 0;  // FNV-1a over all judge outputs
  int repeat = 0;
  std::string error;  // non-empty if a board failed to load (never expected)

  std::string signature() const;  // "49321064 positions, answers 58dd771b8f6a7d58"
  std::string table() const;      // the printed report
};

BenchResult runBench(int repeat, const SolveLimits& limits = {});

}  // namespace gs
