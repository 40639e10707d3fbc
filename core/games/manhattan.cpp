#include "manhattan.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

namespace gs {
namespace {

std::string headerName(const void*, std::size_t index) { return index == 0 ? "n" : "m"; }

std::string cellName(const void* context, std::size_t index) {
  return "the value of cell (" + std::to_string(*static_cast<const int*>(context)) + ", " +
         std::to_string(index + 1) + ")";
}

// Appends a non-negative integer in decimal.
char* writeUnsigned(char* out, unsigned value) {
  char digits[12];
  int count = 0;
  do {
    digits[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  while (count > 0) *out++ = digits[--count];
  return out;
}

}  // namespace

std::uint64_t manhattanMemoryNeeded(int n) {
  return static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n) *
         ManhattanBoard::kBytesPerCell;
}

std::vector<std::uint32_t> cellsByDecreasingValue(const std::vector<std::uint32_t>& values,
                                                  RepeatedValue* repeat) {
  // Radix sort of 64-bit keys (rank << 32 | cell), rank = top - value, so ascending keys are
  // descending values with ties in increasing cell order. Step 1 scatters the keys into 2048
  // buckets by the rank's top 11 bits (few enough write streams to stay in cache); step 2 sorts
  // each bucket, which fits in cache, by the remaining low bits with stable 10-bit passes. No
  // step reads values[] at random: on a 4-million-cell board such reads would cost more than
  // all the rest. The keys share one buffer with the result to keep the memory touched low.
  const std::size_t count = values.size();
  if (repeat) *repeat = RepeatedValue{};
  if (count == 0) return {};
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  const std::uint32_t top = *high;
  int rankBits = 0;
  while (rankBits < 32 && (static_cast<std::uint64_t>(top - *low) >> rankBits) != 0) ++rankBits;
  constexpr int kTopBits = 11;
  const int lowBits = std::max(0, rankBits - kTopBits);

  std::vector<std::uint32_t> buffer(2 * count);  // count 64-bit keys, later the cells
  const auto setKey = [&buffer](std::size_t k, std::uint64_t key) {
    std::memcpy(&buffer[2 * k], &key, sizeof key);
  };

  // Step 1: scatter by the top bits.
  std::vector<std::size_t> start((std::size_t{1} << kTopBits) + 1, 0);
  for (std::uint32_t value : values) ++start[((top - value) >> lowBits) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  {
    std::vector<std::size_t> next(start.begin(), start.end() - 1);
    for (std::size_t cell = 0; cell < count; ++cell) {
      const std::uint32_t rank = top - values[cell];
      setKey(next[rank >> lowBits]++, (std::uint64_t{rank} << 32) | cell);
    }
  }

  // Step 2: per bucket, stable LSD passes over the low bits, then the repeat check (equal
  // values share a bucket and end up neighbours, the lower cell first), then the cells are
  // written over the front of the buffer. Writing cells [begin, end) is safe: this bucket's keys
  // were copied out, earlier keys are done with, and later keys start at 2 * end >= end.
  // As few passes as possible, of at most 11 bits each (2048 counters stay in L1).
  const int passes = (lowBits + 10) / 11;
  const int passBits = passes > 0 ? (lowBits + passes - 1) / passes : 0;
  std::vector<std::uint64_t> keys, scratch;
  std::vector<std::uint32_t> histogram((std::size_t{1} << passBits) + 1);
  for (std::size_t b = 0; b + 1 < start.size(); ++b) {
    const std::size_t begin = start[b], size = start[b + 1] - start[b];
    keys.resize(size);
    std::memcpy(keys.data(), &buffer[2 * begin], size * sizeof(std::uint64_t));
    if (size >= 2 && passes > 0) {
      scratch.resize(size);
      const std::uint64_t mask = (std::uint64_t{1} << passBits) - 1;
      for (int shift = 0; shift < lowBits; shift += passBits) {
        std::fill(histogram.begin(), histogram.end(), 0);
        for (std::uint64_t key : keys) ++histogram[((key >> (32 + shift)) & mask) + 1];
        for (std::size_t d = 1; d < histogram.size(); ++d) histogram[d] += histogram[d - 1];
        for (std::uint64_t key : keys) scratch[histogram[(key >> (32 + shift)) & mask]++] = key;
        keys.swap(scratch);
      }
    }
    // The repeat that comes first in reading order: the second cell of a run, smallest first.
    for (std::size_t k = 1; repeat && k < size; ++k) {
      if ((keys[k] >> 32) != (keys[k - 1] >> 32)) continue;
      if (k >= 2 && (keys[k - 2] >> 32) == (keys[k] >> 32)) continue;
      const auto cell = static_cast<std::uint32_t>(keys[k]);
      if (!repeat->found || cell < repeat->repeat)
        *repeat = {true, static_cast<std::uint32_t>(keys[k - 1]), cell};
    }
    for (std::size_t k = 0; k < size; ++k) buffer[begin + k] = static_cast<std::uint32_t>(keys[k]);
  }
  buffer.resize(count);
  return buffer;
}

Expected<ManhattanBoard> parseManhattan(std::string_view text, const SolveLimits& limits) {
  JudgeReader reader(text);
  std::int64_t header[2];
  static constexpr FieldRange kHeaderRanges[2] = {{1, ManhattanBoard::kMaxSide},
                                                  {0, ManhattanBoard::kMaxM}};
  LineSpec headerSpec{2, 0, 0, "n m", headerName, nullptr};
  headerSpec.ranges = kHeaderRanges;
  if (!reader.readLine(headerSpec, header)) return reader.error();
  ManhattanBoard board;
  board.n = static_cast<int>(header[0]);
  board.m = header[1];
  const std::uint64_t needed = manhattanMemoryNeeded(board.n);
  if (needed > limits.memoryBudgetBytes)
    return ParseError{reader.lastLine(), reader.columnOfToken(0),
                      "a " + std::to_string(board.n) + " x " + std::to_string(board.n) +
                          " board needs " + formatBytes(needed) +
                          " to solve, over the memory budget of " +
                          formatBytes(limits.memoryBudgetBytes)};
  const std::size_t n = static_cast<std::size_t>(board.n);
  board.values.resize(n * n);
  std::vector<int> rowLine(n);
  for (std::size_t row = 0; row < n; ++row) {
    const int rowNumber = static_cast<int>(row) + 1;
    const std::string what = "row " + std::to_string(rowNumber);
    if (!reader.readLine({n, 0, ManhattanBoard::kMaxValue, what.c_str(), cellName, &rowNumber},
                         board.values.data() + row * n))
      return reader.error();
    rowLine[row] = reader.lastLine();
  }
  if (!reader.expectEnd()) return reader.error();

  RepeatedValue repeated;
  board.byValue = cellsByDecreasingValue(board.values, &repeated);
  const std::size_t repeat = repeated.repeat;
  const std::size_t original = repeated.original;
  if (repeated.found) {
    const auto where = [&](std::size_t cell) {
      const std::size_t row = cell / n;
      return std::pair<int, int>{rowLine[row],
                                 columnOfToken(lineOfText(text, rowLine[row]), cell % n)};
    };
    const auto [line, column] = where(repeat);
    const auto [firstLine, firstColumn] = where(original);
    return ParseError{line, column,
                      "the value " + std::to_string(board.values[repeat]) + " of cell (" +
                          std::to_string(repeat / n + 1) + ", " + std::to_string(repeat % n + 1) +
                          ") repeats cell (" + std::to_string(original / n + 1) + ", " +
                          std::to_string(original % n + 1) + ") at line " +
                          std::to_string(firstLine) + ", column " + std::to_string(firstColumn) +
                          "; all values must be distinct"};
  }
  return board;
}

std::string formatManhattan(const ManhattanBoard& board) {
  std::string out = std::to_string(board.n) + " " + std::to_string(board.m) + "\n";
  const std::size_t n = static_cast<std::size_t>(board.n);
  out.reserve(out.size() + n * n * 11);
  char buffer[16];
  for (std::size_t row = 0; row < n; ++row) {
    for (std::size_t col = 0; col < n; ++col) {
      char* end = writeUnsigned(buffer, board.values[row * n + col]);
      if (col) out += ' ';
      out.append(buffer, end);
    }
    out += '\n';
  }
  return out;
}

std::string formatManhattanAnswer(int n, const std::vector<std::uint8_t>& winning) {
  std::size_t count = 0;
  for (std::uint8_t flag : winning) count += flag;
  std::string out;
  out.resize(12 + count * 12);
  char* p = out.data();
  p = writeUnsigned(p, static_cast<unsigned>(count));
  *p++ = '\n';
  const std::size_t side = static_cast<std::size_t>(n);
  for (std::size_t cell = 0; cell < winning.size(); ++cell) {
    if (!winning[cell]) continue;
    p = writeUnsigned(p, static_cast<unsigned>(cell / side + 1));
    *p++ = ' ';
    p = writeUnsigned(p, static_cast<unsigned>(cell % side + 1));
    *p++ = '\n';
  }
  out.resize(static_cast<std::size_t>(p - out.data()));
  return out;
}

ManhattanSolver::ManhattanSolver(ManhattanBoard board)
    : ManhattanSolver(std::move(board), kDeferSolve) {
  advance(static_cast<std::uint64_t>(cellCount()));
}

ManhattanSolver::ManhattanSolver(ManhattanBoard board, DeferSolve) : board_(std::move(board)) {}

bool ManhattanSolver::advance(std::uint64_t) {
  if (solved_) return true;
  solved_ = true;
  if (board_.byValue.empty()) board_.byValue = cellsByDecreasingValue(board_.values);
  const int n = board_.n;
  winning_.assign(board_.values.size(), 0);
  const std::int64_t m = board_.m;
  int maxSum = std::numeric_limits<int>::min() / 2, minSum = std::numeric_limits<int>::max() / 2;
  int maxDiff = maxSum, minDiff = minSum;
  // One pass by decreasing value: a cell wins when every winner so far is within distance m.
  // (row, col) comes from a floating-point reciprocal, corrected by one: an integer division per
  // cell costs more than the rest of the pass.
  const double inverse = 1.0 / n;
  for (std::uint32_t cell : board_.byValue) {
    int row = static_cast<int>(cell * inverse);
    if (row * n > static_cast<int>(cell)) --row;
    if ((row + 1) * n <= static_cast<int>(cell)) ++row;
    const int col = static_cast<int>(cell) - row * n;
    const int s = row + col;
    const int d = row - col;
    const std::int64_t farthest = std::max(std::max(maxSum - s, s - minSum),
                                           std::max(maxDiff - d, d - minDiff));
    if (winnerCount_ > 0 && farthest > m) continue;
    winning_[cell] = 1;
    const int order = winnerCount_++;
    const auto record = [&](std::vector<ExtremeChange>& changes, int& extreme, int value,
                            bool larger) {
      if (changes.empty() || (larger ? value > extreme : value < extreme)) {
        extreme = value;
        changes.push_back({order, static_cast<int>(cell), value});
      }
    };
    record(maxSum_, maxSum, s, true);
    record(minSum_, minSum, s, false);
    record(maxDiff_, maxDiff, d, true);
    record(minDiff_, minDiff, d, false);
  }
  return true;
}

std::int64_t ManhattanSolver::distance(int x, int y) const {
  const int n = board_.n;
  return std::abs(x / n - y / n) + std::abs(x % n - y % n);
}

int ManhattanSolver::certificate(int cell) const {
  const int n = board_.n;
  const std::int64_t m = board_.m;
  // Distances never exceed 2(n - 1): no cell has an answer when m is at least that.
  if (m >= 2 * static_cast<std::int64_t>(n)) return -1;
  const std::int64_t s = cell / n + cell % n;
  const std::int64_t d = cell / n - cell % n;
  const ExtremeChange* first = nullptr;
  // The first change of an extreme that passes the threshold (the extremes are monotone).
  const auto search = [&first](const std::vector<ExtremeChange>& changes, std::int64_t threshold,
                               bool above) {
    const auto found = std::partition_point(
        changes.begin(), changes.end(), [&](const ExtremeChange& change) {
          return above ? change.extreme <= threshold : change.extreme >= threshold;
        });
    if (found != changes.end() && (!first || found->order < first->order)) first = &*found;
  };
  search(maxSum_, s + m, true);   // s_w > s + m
  search(minSum_, s - m, false);  // s_w < s - m
  search(maxDiff_, d + m, true);  // d_w > d + m
  search(minDiff_, d - m, false); // d_w < d - m
  return first ? first->cell : -1;
}

std::string ManhattanSolver::judgeOutput() const { return formatManhattanAnswer(board_.n, winning_); }

ManhattanRule ManhattanSolver::rule(const ManhattanPosition& position, int cell) const {
  if (cell < 0 || cell >= cellCount()) return ManhattanRule::kOutside;
  if (position.last >= 0 && distance(position.last, cell) <= board_.m) return ManhattanRule::kTooClose;
  return ManhattanRule::kLegal;
}

Value ManhattanSolver::placementValue(int cell) const {
  Value value;
  value.win = isWinning(cell);
  if (!value.win) {
    const int refutation = certificate(cell);
    value.certificate = {refutation / board_.n, refutation % board_.n};
  }
  return value;
}

Value ManhattanSolver::value(const ManhattanPosition& position) const {
  if (position.last < 0) {
    // The highest-valued cell always wins, so Alice always has a winning first cell.
    Value value;
    value.win = true;
    return value;
  }
  // The mover wins exactly when the opponent's last placement loses.
  Value placed = placementValue(position.last);
  placed.win = !placed.win;
  return placed;
}

std::vector<MoveValue> ManhattanSolver::moves(const ManhattanPosition& position) const {
  std::vector<MoveValue> result;
  for (int cell = 0; cell < cellCount(); ++cell) {
    if (!isLegal(position, cell)) continue;
    MoveValue entry;
    entry.move = {cell / board_.n, cell % board_.n};
    entry.value = placementValue(cell);
    entry.best = entry.value.win;
    result.push_back(entry);
  }
  // A losing mover's moves are all equally bad: each is one of the best available.
  bool anyWin = false;
  for (const MoveValue& entry : result) anyWin = anyWin || entry.value.win;
  if (!anyWin)
    for (MoveValue& entry : result) entry.best = true;
  return result;
}

int ManhattanSolver::strategyMove(const ManhattanPosition& position) const {
  if (position.last < 0) {
    for (int cell = 0; cell < cellCount(); ++cell)
      if (isWinning(cell)) return cell;
    return -1;  // unreachable: the highest-valued cell always wins
  }
  if (!isWinning(position.last)) {
    // Winning: repeat our own cell against a cheaper answer, else refute the answer.
    if (position.previous >= 0 && isWinning(position.previous) &&
        board_.value(position.last) < board_.value(position.previous))
      return position.previous;
    return certificate(position.last);
  }
  for (int cell = 0; cell < cellCount(); ++cell)
    if (isLegal(position, cell)) return cell;
  return -1;
}

ManhattanPosition ManhattanSolver::play(const ManhattanPosition& position, int cell) const {
  return {cell, position.last, position.plies + 1};
}

}  // namespace gs
