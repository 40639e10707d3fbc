#include "games/manhattan/manhattan.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

#include "base/forms.h"

namespace gs {
namespace {

std::string headerName(const void*, std::size_t index) {
  return index == 0 ? "n" : "m";
}

// "(2, 3)": a cell by its row and column numbers.
Message cellOf(std::size_t row, std::size_t col) {
  return Message::verbatim("(" + std::to_string(row) + ", " + std::to_string(col) + ")");
}

std::string cellName(const void* context, std::size_t index) {
  const auto row = static_cast<std::size_t>(*static_cast<const int*>(context));
  return Message(kManhattanValueOfCell, {{"CELL", cellOf(row, index + 1)}}).english();
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

// The sort's buckets: by the top 11 bits of the rank.
constexpr int kTopBits = 11;
constexpr std::size_t kBuckets = std::size_t{1} << kTopBits;

}  // namespace

std::uint64_t manhattanMemoryNeeded(int n) {
  return static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(n) *
         ManhattanBoard::kBytesPerCell;
}

std::vector<std::uint32_t> cellsByDecreasingValue(const std::vector<std::uint32_t>& values,
                                                  RepeatedValue* repeat) {
  DecreasingValueSort sort(repeat != nullptr);
  std::uint64_t budget = std::numeric_limits<std::uint64_t>::max();
  sort.step(values, budget);
  if (repeat) *repeat = sort.repeat();
  return sort.take();
}

// Radix sort of 64-bit keys (rank << 32 | cell), rank = top - value, so ascending keys are
// descending values with ties in increasing cell order. Step 1 scatters the keys into 2048
// buckets by the rank's top 11 bits (few enough write streams to stay in cache); step 2 sorts
// each bucket, which fits in cache, by the remaining low bits with stable passes of at most 11
// bits (2048 counters stay in L1). No step reads values[] at random: on a 4-million-cell board
// such reads would cost more than all the rest. The keys share one buffer with the result to
// keep the memory touched low. Every loop runs in slices of at most `budget` cells, its state
// kept in members, so the sort can stop between any two cells.
bool DecreasingValueSort::step(const std::vector<std::uint32_t>& values, std::uint64_t& budget) {
  while (phase_ != Phase::kDone) {
    if (budget == 0) return false;
    switch (phase_) {
      case Phase::kMinMax:
        findRange(values, budget);
        break;
      case Phase::kCount:
        countBuckets(values, budget);
        break;
      case Phase::kGrow:
        growBuffer(values.size(), budget);
        break;
      case Phase::kScatter:
        scatter(values, budget);
        break;
      case Phase::kBucketStart:
        startBucket(values.size());
        break;
      case Phase::kCopyOut:
        copyOut(budget);
        break;
      case Phase::kPassCount:
        countDigits(budget);
        break;
      case Phase::kPassScatter:
        scatterDigits(budget);
        break;
      case Phase::kRepeat:
        findRepeat(budget);
        break;
      case Phase::kWrite:
        writeCells(budget);
        break;
      case Phase::kDone:
        break;
    }
  }
  return true;
}

// The next slice of the current loop, [cursor_, end) with end at most `budget` past cursor_
// and at most `length`: visit(begin, end) does its cells, the budget pays for them, and
// cursor_ moves to end. True once the loop has reached `length`.
template <class Visit>
bool DecreasingValueSort::slice(std::uint64_t length, std::uint64_t& budget, Visit&& visit) {
  const std::uint64_t end = cursor_ + std::min(length - cursor_, budget);
  budget -= end - cursor_;
  visit(cursor_, end);
  cursor_ = end;
  return cursor_ >= length;
}

void DecreasingValueSort::moveTo(Phase next) {
  phase_ = next;
  cursor_ = 0;
}

// The range of the values, and from it how many bits of the rank step 2 sorts, in how many
// passes.
void DecreasingValueSort::findRange(const std::vector<std::uint32_t>& values,
                                    std::uint64_t& budget) {
  const std::size_t count = values.size();
  if (count == 0) {
    phase_ = Phase::kDone;
    return;
  }
  Range& r = range_;
  if (cursor_ == 0) r.low = r.top = values[0];
  const bool all = slice(count, budget, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t cell = begin; cell < end; ++cell) {
      r.low = std::min(r.low, values[cell]);
      r.top = std::max(r.top, values[cell]);
    }
  });
  if (!all) return;
  int rankBits = 0;
  while (rankBits < 32 && (static_cast<std::uint64_t>(r.top - r.low) >> rankBits) != 0) ++rankBits;
  r.lowBits = std::max(0, rankBits - kTopBits);
  r.passes = (r.lowBits + 10) / 11;
  r.passBits = r.passes > 0 ? (r.lowBits + r.passes - 1) / r.passes : 0;
  start_.assign(kBuckets + 1, 0);
  moveTo(Phase::kCount);
}

// Step 1: bucket sizes by the top bits.
void DecreasingValueSort::countBuckets(const std::vector<std::uint32_t>& values,
                                       std::uint64_t& budget) {
  const std::size_t count = values.size();
  const bool all = slice(count, budget, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t cell = begin; cell < end; ++cell)
      ++start_[((range_.top - values[cell]) >> range_.lowBits) + 1];
  });
  if (!all) return;
  for (std::size_t b = 1; b < start_.size(); ++b) start_[b] += start_[b - 1];
  next_.assign(start_.begin(), start_.end() - 1);
  buffer_.clear();
  buffer_.reserve(2 * count);  // count 64-bit keys
  moveTo(Phase::kGrow);
}

// The buffer of keys grown to its size, a slice at a time.
void DecreasingValueSort::growBuffer(std::size_t count, std::uint64_t& budget) {
  const bool all =
      slice(count, budget, [&](std::uint64_t, std::uint64_t end) { buffer_.resize(2 * end); });
  if (all) moveTo(Phase::kScatter);
}

// Step 1: scatter by the top bits.
void DecreasingValueSort::scatter(const std::vector<std::uint32_t>& values, std::uint64_t& budget) {
  const bool all = slice(values.size(), budget, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t cell = begin; cell < end; ++cell) {
      const std::uint32_t rank = range_.top - values[cell];
      setKey(next_[rank >> range_.lowBits]++, (std::uint64_t{rank} << 32) | cell);
    }
  });
  if (!all) return;
  bucket_.histogram.assign((std::size_t{1} << range_.passBits) + 1, 0);
  bucket_.index = 0;
  moveTo(Phase::kBucketStart);
}

void DecreasingValueSort::setKey(std::size_t k, std::uint64_t key) {
  std::memcpy(&buffer_[2 * k], &key, sizeof key);
}

// Step 2, per bucket: stable LSD passes over the low bits, then the repeat check (equal values
// share a bucket and end up neighbours, the lower cell first), then the cells are written over
// the front of the buffer. Writing cells [begin, end) is safe: this bucket's keys were copied
// out, earlier keys are done with, and later keys start at 2 * end >= end.
void DecreasingValueSort::startBucket(std::size_t count) {
  Bucket& b = bucket_;
  if (b.index == kBuckets) {
    buffer_.resize(count);
    std::vector<std::uint64_t>().swap(b.keys);
    std::vector<std::uint64_t>().swap(b.scratch);
    phase_ = Phase::kDone;
    return;
  }
  b.begin = start_[b.index];
  b.size = start_[b.index + 1] - start_[b.index];
  b.keys.clear();
  b.keys.reserve(b.size);
  b.scratch.clear();
  b.scratch.reserve(b.size);
  moveTo(Phase::kCopyOut);
}

// The bucket's keys copied out of the buffer.
void DecreasingValueSort::copyOut(std::uint64_t& budget) {
  Bucket& b = bucket_;
  const bool sorts = b.size >= 2 && range_.passes > 0;
  const bool all = slice(b.size, budget, [&](std::uint64_t begin, std::uint64_t end) {
    b.keys.resize(end);
    std::memcpy(b.keys.data() + begin, &buffer_[2 * (b.begin + begin)],
                (end - begin) * sizeof(std::uint64_t));
    if (sorts) b.scratch.resize(end);
  });
  if (!all) return;
  b.shift = 0;
  moveTo(sorts ? Phase::kPassCount : Phase::kRepeat);
}

// One LSD pass, first half: the counts of the pass's digit.
void DecreasingValueSort::countDigits(std::uint64_t& budget) {
  Bucket& b = bucket_;
  const std::uint64_t mask = (std::uint64_t{1} << range_.passBits) - 1;
  if (cursor_ == 0) std::fill(b.histogram.begin(), b.histogram.end(), 0);
  const bool all = slice(b.size, budget, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t k = begin; k < end; ++k)
      ++b.histogram[((b.keys[k] >> (32 + b.shift)) & mask) + 1];
  });
  if (!all) return;
  for (std::size_t d = 1; d < b.histogram.size(); ++d) b.histogram[d] += b.histogram[d - 1];
  moveTo(Phase::kPassScatter);
}

// One LSD pass, second half: the keys scattered by the pass's digit.
void DecreasingValueSort::scatterDigits(std::uint64_t& budget) {
  Bucket& b = bucket_;
  const std::uint64_t mask = (std::uint64_t{1} << range_.passBits) - 1;
  const bool all = slice(b.size, budget, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t k = begin; k < end; ++k) {
      const std::uint64_t key = b.keys[k];
      b.scratch[b.histogram[(key >> (32 + b.shift)) & mask]++] = key;
    }
  });
  if (!all) return;
  b.keys.swap(b.scratch);
  b.shift += range_.passBits;
  moveTo(b.shift < range_.lowBits ? Phase::kPassCount : Phase::kRepeat);
}

// The repeat that comes first in reading order: the second cell of a run, smallest first.
void DecreasingValueSort::findRepeat(std::uint64_t& budget) {
  Bucket& b = bucket_;
  if (!findRepeat_ || b.size < 2) {
    moveTo(Phase::kWrite);
    return;
  }
  if (cursor_ == 0) cursor_ = 1;
  const std::vector<std::uint64_t>& keys = b.keys;
  const bool all = slice(b.size, budget, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t k = begin; k < end; ++k) {
      if ((keys[k] >> 32) != (keys[k - 1] >> 32)) continue;
      if (k >= 2 && (keys[k - 2] >> 32) == (keys[k] >> 32)) continue;
      const auto cell = static_cast<std::uint32_t>(keys[k]);
      if (!repeat_.found || cell < repeat_.repeat)
        repeat_ = {true, static_cast<std::uint32_t>(keys[k - 1]), cell};
    }
  });
  if (all) moveTo(Phase::kWrite);
}

// The bucket's cells written over the front of the buffer, at their final places.
void DecreasingValueSort::writeCells(std::uint64_t& budget) {
  Bucket& b = bucket_;
  const bool all = slice(b.size, budget, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t k = begin; k < end; ++k)
      buffer_[b.begin + k] = static_cast<std::uint32_t>(b.keys[k]);
    placed_ += end - begin;
  });
  if (!all) return;
  ++b.index;
  moveTo(Phase::kBucketStart);
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
    return ParseError{
        reader.lastLine(), reader.columnOfToken(0),
        Message(forms::kBoardNeeds, {{"N1", board.n},
                                     {"N2", board.n},
                                     {"SIZE", byteSize(needed)},
                                     {"BUDGET", byteSize(limits.memoryBudgetBytes)}})};
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
    return ParseError{
        line, column,
        Message(kManhattanRepeatedValue, {{"N1", static_cast<std::int64_t>(board.values[repeat])},
                                          {"CELL", cellOf(repeat / n + 1, repeat % n + 1)},
                                          {"CELL2", cellOf(original / n + 1, original % n + 1)},
                                          {"N2", firstLine},
                                          {"N3", firstColumn}})};
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
  // Written a row at a time (a board of millions of cells is written while the page waits for
  // it): the row's number once, each column's "c\n" once for all rows, and a winning cell's
  // line copied whole from them (16 bytes at a time, into room sized exactly beforehand).
  const std::size_t side = static_cast<std::size_t>(n);
  const std::size_t rows = side ? winning.size() / side : 0;
  struct Text {
    char bytes[16] = {};
    std::size_t size = 0;
  };
  std::vector<Text> columns(side);
  for (std::size_t col = 0; col < side; ++col) {
    char* end = writeUnsigned(columns[col].bytes, static_cast<unsigned>(col + 1));
    *end++ = '\n';
    columns[col].size = static_cast<std::size_t>(end - columns[col].bytes);
  }
  std::vector<Text> rowTexts(rows);
  std::size_t count = 0, bytes = 0;
  for (std::size_t row = 0; row < rows; ++row) {
    char* end = writeUnsigned(rowTexts[row].bytes, static_cast<unsigned>(row + 1));
    *end++ = ' ';
    rowTexts[row].size = static_cast<std::size_t>(end - rowTexts[row].bytes);
    const std::uint8_t* flags = winning.data() + row * side;
    for (std::size_t col = 0; col < side; ++col) {
      count += flags[col];
      bytes += flags[col] * (rowTexts[row].size + columns[col].size);
    }
  }
  Text head;
  char* headEnd = writeUnsigned(head.bytes, static_cast<unsigned>(count));
  *headEnd++ = '\n';
  head.size = static_cast<std::size_t>(headEnd - head.bytes);
  std::string out(head.size + bytes + 2 * sizeof(Text::bytes), '\0');
  char* p = out.data();
  std::memcpy(p, head.bytes, head.size);
  p += head.size;
  for (std::size_t row = 0; row < rows; ++row) {
    const Text rowText = rowTexts[row];
    const std::uint8_t* flags = winning.data() + row * side;
    for (std::size_t col = 0; col < side; ++col) {
      std::uint64_t eight = 1;  // eight losing cells in a row are passed over at once
      if (col + 8 <= side) std::memcpy(&eight, flags + col, 8);
      if (eight == 0) {
        col += 7;
        continue;
      }
      // Written for every cell, kept for a winning one: no branch to mispredict.
      const std::size_t keep = flags[col];
      std::memcpy(p, rowText.bytes, sizeof(rowText.bytes));
      std::memcpy(p + rowText.size, columns[col].bytes, sizeof(rowText.bytes));
      p += keep * (rowText.size + columns[col].size);
    }
  }
  out.resize(static_cast<std::size_t>(p - out.data()));
  return out;
}

ManhattanSolver::ManhattanSolver(ManhattanBoard board)
    : ManhattanSolver(std::move(board), kDeferSolve) {
  while (!advance(std::numeric_limits<std::uint64_t>::max())) {
  }
}

ManhattanSolver::ManhattanSolver(ManhattanBoard board, DeferSolve) : board_(std::move(board)) {
  needsSort_ = board_.byValue.empty() && !board_.values.empty();
  sumHigh_ = diffHigh_ = std::numeric_limits<int>::min() / 2;
  sumLow_ = diffLow_ = std::numeric_limits<int>::max() / 2;
}

ManhattanSolver::ManhattanSolver(const ManhattanShuffle& shuffle, DeferSolve)
    : ManhattanSolver(ManhattanBoard{shuffle.n, shuffle.m, {}, {}}, kDeferSolve) {
  shuffle_ = shuffle;
  shuffler_.emplace(shuffle);
}

bool ManhattanShuffler::step(ManhattanBoard& board, std::uint64_t& budget) {
  const std::uint64_t cells = cells_;
  const auto slice = [&] { return std::min(cells - at_, std::max<std::uint64_t>(budget, 1)); };
  const auto next = [&](std::uint64_t did) {
    at_ += did;
    done_ += did;
    budget -= std::min(budget, did);
    if (at_ < cells) return false;
    ++phase_;
    at_ = 0;
    return true;
  };
  if (phase_ == 0) {  // the values 1..n^2
    if (at_ == 0) {
      board.values.clear();
      board.values.reserve(cells);
    }
    const std::uint64_t end = at_ + slice();
    for (std::uint64_t cell = at_; cell < end; ++cell)
      board.values.push_back(static_cast<std::uint32_t>(cell + 1));
    if (!next(end - at_) || budget == 0) return false;
  }
  if (phase_ == 1) {  // the shuffle, k = cells down to 2 (at_ counts the swaps made)
    const std::uint64_t count = slice();
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint64_t k = cells - at_ - i;
      if (k > 1)
        std::swap(board.values[k - 1], board.values[static_cast<std::size_t>(random_.next() % k)]);
    }
    if (!next(count) || budget == 0) return false;
  }
  if (phase_ == 2) {  // the order by value, sized
    if (at_ == 0) {
      board.byValue.clear();
      board.byValue.reserve(cells);
    }
    const std::uint64_t count = slice();
    board.byValue.resize(board.byValue.size() + count);
    if (!next(count) || budget == 0) return false;
  }
  if (phase_ == 3) {  // ... and filled: the inverse permutation, read off directly
    const std::uint64_t count = slice();
    for (std::uint64_t cell = at_; cell < at_ + count; ++cell)
      board.byValue[cells - board.values[cell]] = static_cast<std::uint32_t>(cell);
    if (!next(count)) return false;
  }
  return true;
}

SolveProgress ManhattanSolver::progress() const {
  const std::uint64_t cells = static_cast<std::uint64_t>(cellCount());
  SolveProgress progress;
  progress.total = (shuffle_ ? 4 * cells : 0) + (needsSort_ ? 2 * cells : cells);
  progress.done = (shuffle_ ? (shuffler_ ? shuffler_->done() : 4 * cells) : 0) +
                  (needsSort_ ? sort_.cellsPlaced() : 0) + swept_;
  return progress;
}

bool ManhattanSolver::advance(std::uint64_t budget) {
  if (solved_) return true;
  if (budget == 0) budget = 1;
  if (shuffler_) {
    if (!shuffler_->step(board_, budget)) return false;
    shuffler_.reset();
    if (budget == 0) return false;
  }
  const std::uint64_t cells = board_.values.size();
  if (needsSort_ && !sort_.done()) {
    if (!sort_.step(board_.values, budget)) return false;
    board_.byValue = sort_.take();
    if (budget == 0) return false;
  }
  if (cleared_ < cells) {
    // winning_ grows to a flag per cell, a slice at a time (no single large zero fill).
    if (cleared_ == 0) {
      winning_.clear();  // (an abandoned adoption may have sized it)
      winning_.reserve(cells);
    }
    const std::uint64_t end = cleared_ + std::min(cells - cleared_, budget);
    winning_.resize(end);
    budget -= end - cleared_;
    cleared_ = end;
    if (cleared_ < cells || budget == 0) return false;
  }
  const int n = board_.n;
  const std::int64_t m = board_.m;
  int maxSum = sumHigh_, minSum = sumLow_, maxDiff = diffHigh_, minDiff = diffLow_;
  // One pass by decreasing value: a cell wins when every winner so far is within distance m.
  // (row, col) comes from a floating-point reciprocal, corrected by one: an integer division per
  // cell costs more than the rest of the pass.
  const double inverse = 1.0 / n;
  const std::uint64_t end = swept_ + std::min(cells - swept_, budget);
  const std::uint32_t* const stop = board_.byValue.data() + end;
  std::uint8_t* const winning = winning_.data();
  int winners = winnerCount_;
  for (const std::uint32_t* next = board_.byValue.data() + swept_; next != stop; ++next) {
    const std::uint32_t cell = *next;
    int row = static_cast<int>(cell * inverse);
    if (row * n > static_cast<int>(cell)) --row;
    if ((row + 1) * n <= static_cast<int>(cell)) ++row;
    const int col = static_cast<int>(cell) - row * n;
    const int s = row + col;
    const int d = row - col;
    const std::int64_t farthest =
        std::max(std::max(maxSum - s, s - minSum), std::max(maxDiff - d, d - minDiff));
    if (winners > 0 && farthest > m) continue;
    winning[cell] = 1;
    const int order = winners++;
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
  winnerCount_ = winners;
  sumHigh_ = maxSum;
  sumLow_ = minSum;
  diffHigh_ = maxDiff;
  diffLow_ = minDiff;
  swept_ = end;
  solved_ = swept_ == cells;
  if (solved_) findFirstWinner();
  return solved_;
}

SolvedState ManhattanSolver::solvedState() const {
  SolvedState state;
  state.header = HeaderWriter()
                     .put(boardFingerprint())
                     .put(needsSort_)
                     .put(winnerCount_)
                     .put(maxSum_)
                     .put(minSum_)
                     .put(maxDiff_)
                     .put(minDiff_)
                     .take();
  if (shuffle_) state.regions.push_back(constRegion(board_.values.data(), board_.values.size()));
  if (needsSort_ || shuffle_)
    state.regions.push_back(constRegion(board_.byValue.data(), board_.byValue.size()));
  state.regions.push_back(constRegion(winning_.data(), winning_.size()));
  return state;
}

std::optional<std::vector<Region>> ManhattanSolver::prepareAdoption(
    const std::vector<std::uint8_t>& header) {
  const std::uint64_t cells = static_cast<std::uint64_t>(cellCount());
  int winners = 0;
  std::vector<ExtremeChange> maxSum, minSum, maxDiff, minDiff;
  HeaderReader reader(header);
  reader.expect(boardFingerprint())
      .expect(needsSort_)
      .get(winners)
      .get(maxSum)
      .get(minSum)
      .get(maxDiff)
      .get(minDiff);
  const bool begun = cleared_ != 0 || sort_.cellsPlaced() != 0 ||
                     (shuffler_ && shuffler_->done() != 0) || (shuffle_ && !shuffler_);
  if (begun || !reader.ok()) return std::nullopt;
  // The winners' records take effect in finishAdoption(): a board whose adoption is abandoned
  // (the worker stopped) solves itself from the start (a recipe's board makes its values again).
  adopted_ = Adopted{winners, std::move(maxSum), std::move(minSum), std::move(maxDiff),
                     std::move(minDiff)};
  std::vector<Region> regions;
  if (shuffle_) {
    board_.values.resize(cells);
    regions.push_back(region(board_.values.data(), cells));
  }
  if (needsSort_ || shuffle_) {
    board_.byValue.resize(cells);
    regions.push_back(region(board_.byValue.data(), cells));
  }
  winning_.resize(cells);
  regions.push_back(region(winning_.data(), cells));
  return regions;
}

// A board given by its numbers: n, m and the values. A recipe's board: n, m and the seed (the
// adopting board has not made its values; they come with the tables).
std::uint64_t ManhattanSolver::boardFingerprint() const {
  if (shuffle_)
    return fingerprint(std::vector<std::uint64_t>{static_cast<std::uint64_t>(shuffle_->n),
                                                  static_cast<std::uint64_t>(shuffle_->m),
                                                  shuffle_->seed, 1});
  return fingerprint(board_.values, fingerprint(std::vector<std::int64_t>{board_.n, board_.m}));
}

// The opening move: the first winning cell in row order (a scan of 4 million flags took 36 ms
// in the page, in every frame that asked for the best move).
void ManhattanSolver::findFirstWinner() {
  const void* found = std::memchr(winning_.data(), 1, winning_.size());
  firstWinner_ = found ? static_cast<int>(static_cast<const std::uint8_t*>(found) - winning_.data())
                       : -1;  // unreachable: the highest-valued cell always wins
}

bool ManhattanSolver::prepareSome(std::uint64_t budget) {
  // Only a recipe's board not begun: the adoption brings its values, order and flags.
  if (!shuffle_ || !shuffler_ || shuffler_->done() != 0 || cleared_ != 0) return true;
  const std::size_t cells = static_cast<std::size_t>(cellCount());
  for (auto* table : {&board_.values, &board_.byValue}) {
    if (table->size() == cells) continue;
    table->reserve(cells);
    table->resize(std::min<std::size_t>(cells, table->size() + budget));
    return false;
  }
  if (winning_.size() == cells) return true;
  winning_.reserve(cells);
  winning_.resize(std::min<std::size_t>(cells, winning_.size() + budget));
  return winning_.size() == cells;
}

void ManhattanSolver::finishAdoption() {
  shuffler_.reset();
  winnerCount_ = adopted_.winners;
  maxSum_ = std::move(adopted_.maxSum);
  minSum_ = std::move(adopted_.minSum);
  maxDiff_ = std::move(adopted_.maxDiff);
  minDiff_ = std::move(adopted_.minDiff);
  needsSort_ = false;
  cleared_ = swept_ = board_.values.size();
  solved_ = true;
  findFirstWinner();
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
    const auto found =
        std::partition_point(changes.begin(), changes.end(), [&](const ExtremeChange& change) {
          return above ? change.extreme <= threshold : change.extreme >= threshold;
        });
    if (found != changes.end() && (!first || found->order < first->order)) first = &*found;
  };
  search(maxSum_, s + m, true);    // s_w > s + m
  search(minSum_, s - m, false);   // s_w < s - m
  search(maxDiff_, d + m, true);   // d_w > d + m
  search(minDiff_, d - m, false);  // d_w < d - m
  return first ? first->cell : -1;
}

std::string ManhattanSolver::judgeOutput() const {
  return formatManhattanAnswer(board_.n, winning_);
}

ManhattanRule ManhattanSolver::rule(const ManhattanPosition& position, int cell) const {
  if (cell < 0 || cell >= cellCount()) return ManhattanRule::kOutside;
  if (position.last >= 0 && distance(position.last, cell) <= board_.m)
    return ManhattanRule::kTooClose;
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
  if (position.last < 0) return firstWinner_;
  if (!isWinning(position.last)) {
    // Winning: repeat our own cell against a cheaper answer, else refute the answer.
    if (position.previous >= 0 && isWinning(position.previous) &&
        board_.value(position.last) < board_.value(position.previous))
      return position.previous;
    return certificate(position.last);
  }
  // Losing: the first legal cell in row order, found row by row (a 2000 x 2000 board has 4
  // million cells to test one by one). In row r, at dr = |r - last row| from the last cell,
  // the cells farther than m lie beyond m - dr columns on either side of its column.
  const int n = board_.n;
  const int lastRow = position.last / n, lastCol = position.last % n;
  for (int row = 0; row < n; ++row) {
    const std::int64_t reach = board_.m - std::abs(row - lastRow);  // columns within reach
    if (reach < lastCol) return row * n;                            // column 0 is far enough
    if (lastCol + reach + 1 < n) return row * n + static_cast<int>(lastCol + reach + 1);
  }
  return -1;
}

ManhattanPosition ManhattanSolver::play(const ManhattanPosition& position, int cell) const {
  return {cell, position.last, position.plies + 1};
}

}  // namespace gs
