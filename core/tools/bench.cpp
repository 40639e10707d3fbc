#include "tools/bench.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>

#include "session.h"

namespace gs {
namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0 : values[values.size() / 2];
}

}  // namespace

std::string BenchResult::signature() const {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%" PRIu64 " positions, answers %016" PRIx64, positions,
                answerHash);
  return buffer;
}

std::string BenchResult::table() const {
  std::string out;
  char line[160];
  std::snprintf(line, sizeof line, "%-30s %10s %14s %10s %10s\n", "board", "positions", "answer",
                "solve ms", "total ms");
  out += line;
  for (const BenchRow& row : rows) {
    std::snprintf(line, sizeof line, "%-30s %10" PRIu64 " %14s %10.3f %10.3f\n", row.name.c_str(),
                  row.positions, row.answer.c_str(), row.solveMs, row.totalMs);
    out += line;
  }
  out += "signature: " + signature() + "\n";
  std::snprintf(line, sizeof line,
                "(median of %d runs; 'total' is parse + solve + judge output, in-process)\n",
                repeat);
  return out + line;
}

BenchResult runBench(int repeat, const SolveLimits& limits) {
  BenchResult result;
  result.repeat = repeat;
  result.answerHash = 1469598103934665603ull;
  for (const Game* game : games()) {
    for (const BenchBoard& board : game->benchBoards()) {
      std::vector<double> solve, total;
      BenchRow row;
      row.name = board.name;
      std::string output;
      // One untimed run first: WebAssembly engines start on a baseline compiler and switch to
      // optimised code once a function is hot, and the first run also grows the heap.
      for (int k = -1; k < repeat; ++k) {
        const auto start = std::chrono::steady_clock::now();
        auto session = Session::fromJudgeInput(*game, board.judgeInput, limits);
        if (!session) {
          result.error = row.name + ": " + session.error().toString();
          return result;
        }
        output = session->gameBoard().judge().judgeOutput();
        if (k < 0) continue;
        total.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
        solve.push_back(session->stats().milliseconds);
        row.positions = session->stats().positions;
      }
      for (unsigned char c : output) result.answerHash = (result.answerHash ^ c) * 1099511628211ull;
      result.positions += row.positions;
      row.answer = game->benchAnswer(output);
      row.solveMs = median(solve);
      row.totalMs = median(total);
      result.rows.push_back(row);
    }
  }
  return result;
}

}  // namespace gs
