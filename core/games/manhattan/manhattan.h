// manhattan — UESTC Lutece 2772 "下棋" (2022 UESTC ICPC training, dynamic programming).
//
// Rules. An n × n board of pairwise distinct integer scores. Alice moves first, then Bob. A move
// places a piece on any cell (cells may be reused); every move but the first must lie at
// Manhattan distance > m from the previous move. Each placement scores the cell's value for the
// placer; after 2^2022 rounds the higher total wins. Question: which first cells win for Alice?
//
// Why a rule decides it. Whoever placed on x can answer any reply y by placing on x again (the
// distance is symmetric), so y only helps the opponent when y is worth more than x and y is in
// turn safe from such a refutation. Hence, with cells taken by decreasing value:
//
//     cell c wins  <=>  no winning cell of higher value lies at distance > m from c
//
// (with no cell at distance > m there is no answer at all, and c wins). The rule holds for every
// placement, not only the first: after any history, the player who placed last on c wins iff c
// wins, so the same table answers "which reply wins" anywhere in the game.
//
// Algorithm. With s = row + col and d = row - col, the distance between two cells is
// max(|s - s'|, |d - d'|), so the farthest winning cell from c is found from four running
// extremes of the winning set: max s, min s, max d, min d. One pass over the cells in decreasing
// value order decides them all: O(n^2) after a radix sort of the values.
// The certificate of a losing cell c (the highest-valued winning cell at distance > m) is the
// first winner w, in value order, with s_w - s_c > m, s_c - s_w > m, d_w - d_c > m or
// d_c - d_w > m; each condition first holds where the matching running extreme first passes the
// threshold, which is one of the moments that extreme changed: four binary searches over the
// recorded changes find it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/judge_text.h"
#include "base/random.h"
#include "game.h"
#include "solve_progress.h"

namespace gs {

struct ManhattanBoard {
  static constexpr std::int64_t kMaxSide = 10000;  // the judge: 2000
  static constexpr std::int64_t kMaxValue = 2147483647;
  static constexpr std::int64_t kMaxM = 9223372036854775807;  // any m >= 0 (the judge: m >= 0)
  static constexpr std::uint64_t kBytesPerCell =
      16;  // values 4, sort keys 8 (then the order), flags 1, slack

  int n = 0;
  std::int64_t m = 0;
  std::vector<std::uint32_t> values;  // row-major
  // Cells by decreasing value. Filled by the parser (which sorts to check distinctness) and by
  // the random generator; the solver computes it when it is empty.
  std::vector<std::uint32_t> byValue;

  std::uint32_t value(int cell) const { return values[static_cast<std::size_t>(cell)]; }
};

std::uint64_t manhattanMemoryNeeded(int n);

Expected<ManhattanBoard> parseManhattan(std::string_view text, const SolveLimits& limits);
// Its names and refusals (manhattan_game.cpp's translations() lists them): a value out of range
// names its cell, and two cells may not hold the same value.
inline constexpr Phrase kManhattanValueOfCell{"the value of cell {CELL}", "格子 {CELL} 的值"};
inline constexpr Phrase kManhattanRepeatedValue{
    "the value {N1} of cell {CELL} repeats cell {CELL2} at line {N2}, column {N3}; all values "
    "must be distinct",
    "格子 {CELL} 的值 {N1} 与第 {N2} 行第 {N3} 列的格子 {CELL2} 重复；所有值必须互不相同"};

std::string formatManhattan(const ManhattanBoard& board);

// Two cells holding the same value: `repeat` is the first cell, in reading order, whose value
// appeared before, and `original` the first cell holding that value.
struct RepeatedValue {
  bool found = false;
  std::uint32_t original = 0;
  std::uint32_t repeat = 0;
};

// Cells sorted by decreasing value (bucket sort, stable: equal values keep cell order); reports
// the first repeated value through `repeat` when asked.
std::vector<std::uint32_t> cellsByDecreasingValue(const std::vector<std::uint32_t>& values,
                                                  RepeatedValue* repeat = nullptr);

// The same sort as a resumable job: step() does at most `budget` cell-steps (a cell read or
// written in one of the sort's passes), subtracts them from `budget`, and returns true once the
// order is complete; take() then gives the cells. Each call costs O(budget) plus O(1) (the
// bucket counters are 2049 entries, the buckets 2048).
class DecreasingValueSort {
 public:
  explicit DecreasingValueSort(bool findRepeat = false) : findRepeat_(findRepeat) {}
  // `values` must be the same vector (same contents) on every call.
  bool step(const std::vector<std::uint32_t>& values, std::uint64_t& budget);
  bool done() const { return phase_ == Phase::kDone; }
  // Cells whose final place is written (monotone; reaches values.size() when done).
  std::uint64_t cellsPlaced() const { return placed_; }
  std::vector<std::uint32_t> take() { return std::move(buffer_); }
  const RepeatedValue& repeat() const { return repeat_; }

 private:
  enum class Phase {
    kMinMax,
    kCount,
    kGrow,
    kScatter,
    kBucketStart,
    kCopyOut,
    kPassCount,
    kPassScatter,
    kRepeat,
    kWrite,
    kDone
  };
  // The range of the values and the sort's shape (kMinMax).
  struct Range {
    std::uint32_t low = 0, top = 0;
    int lowBits = 0;   // the rank's bits below the top 11 (the bucket's)
    int passes = 0;    // LSD passes over them in each bucket
    int passBits = 0;  // bits a pass
  };
  // The bucket being sorted (kBucketStart to kWrite).
  struct Bucket {
    std::size_t index = 0, begin = 0, size = 0;
    std::vector<std::uint64_t> keys, scratch;
    std::vector<std::uint32_t> histogram;  // one pass's digit counts
    int shift = 0;                         // the current pass's lowest bit of the rank
  };

  // One function a phase, each a slice of at most `budget` cells (see step()).
  void findRange(const std::vector<std::uint32_t>& values, std::uint64_t& budget);
  void countBuckets(const std::vector<std::uint32_t>& values, std::uint64_t& budget);
  void growBuffer(std::size_t count, std::uint64_t& budget);
  void scatter(const std::vector<std::uint32_t>& values, std::uint64_t& budget);
  void startBucket(std::size_t count);
  void copyOut(std::uint64_t& budget);
  void countDigits(std::uint64_t& budget);
  void scatterDigits(std::uint64_t& budget);
  void findRepeat(std::uint64_t& budget);
  void writeCells(std::uint64_t& budget);
  template <class Visit>
  bool slice(std::uint64_t length, std::uint64_t& budget, Visit&& visit);
  void moveTo(Phase next);
  void setKey(std::size_t k, std::uint64_t key);

  bool findRepeat_;
  Phase phase_ = Phase::kMinMax;
  std::uint64_t cursor_ = 0;  // the next cell (or key) of the current phase's loop
  std::uint64_t placed_ = 0;
  Range range_;
  std::vector<std::size_t> start_, next_;
  std::vector<std::uint32_t> buffer_;  // count 64-bit keys, later the cells
  Bucket bucket_;
  RepeatedValue repeat_;
};

// A position: the last two placements (cell indices, -1 when absent) and the count of moves.
struct ManhattanPosition {
  int last = -1;      // the opponent's last placement, which the mover must answer
  int previous = -1;  // the mover's own last placement
  int plies = 0;
  int mover() const { return plies % 2; }  // 0 Alice, 1 Bob
};

// A recipe's random board: a seeded shuffle (Fisher-Yates) of 1..n^2, distinct by
// construction, and its order by value, the inverse permutation.
struct ManhattanShuffle {
  int n = 0;
  std::int64_t m = 0;
  std::uint64_t seed = 0;
};

// Makes a ManhattanShuffle's board a slice at a time (a 2000 x 2000 board took 140 ms at once in
// the page): the values 1..n^2, the shuffle, then the order by value, each growing its vector a
// slice at a time (no single large zero fill). randomManhattan() runs it to the end.
class ManhattanShuffler {
 public:
  explicit ManhattanShuffler(const ManhattanShuffle& shuffle)
      : cells_(static_cast<std::uint64_t>(shuffle.n) * shuffle.n), random_(shuffle.seed) {}
  // About `budget` cells of work, taken from it; true once `board` has its values and byValue.
  bool step(ManhattanBoard& board, std::uint64_t& budget);
  // Work units: 4 per cell (values, shuffle, order sized, order filled).
  std::uint64_t done() const { return done_; }
  std::uint64_t total() const { return 4 * cells_; }

 private:
  std::uint64_t cells_;
  SplitMix64 random_;
  int phase_ = 0;
  std::uint64_t at_ = 0;  // the phase's progress
  std::uint64_t done_ = 0;
};

// Why a placement is not legal (kLegal when it is): the rule, in one place.
enum class ManhattanRule { kLegal, kOutside, kTooClose };

class ManhattanSolver {
 public:
  // Solves the board.
  explicit ManhattanSolver(ManhattanBoard board);
  // Prepares without solving (O(1)); advance() until it returns true before asking for values.
  ManhattanSolver(ManhattanBoard board, DeferSolve);
  // A recipe's board, made as the first part of the solve (ManhattanShuffler). Handed over, it
  // comes with its values: the adopting board never makes them.
  ManhattanSolver(const ManhattanShuffle& shuffle, DeferSolve);

  // Does about `budget` more cell-steps: the sort by value when the board has no byValue (cells
  // per pass), then the sweep (one per cell); true once every cell is decided.
  bool advance(std::uint64_t budget);
  bool solved() const { return solved_; }
  // In cells: the sweep's cells, plus the cells placed by the sort when one is needed (exact).
  SolveProgress progress() const;

  const ManhattanBoard& board() const { return board_; }
  // A recipe's board not made yet (its values are empty or part made), or nullptr.
  const ManhattanShuffle* unmade() const { return shuffler_ ? &*shuffle_ : nullptr; }

  // Handing the solved board over (core/handover.h): the winning flags, and the cells by value
  // when the solve sorted them.
  void solveForHandover() {}  // the tables are already compact
  // While the worker solves: a recipe's board grows the tables the adoption fills, a slice of
  // `budget` cells at a time (a zero fill of 20 MB of fresh memory took 130 ms in the page).
  bool prepareSome(std::uint64_t budget);
  SolvedState solvedState() const;
  std::optional<std::vector<Region>> prepareAdoption(const std::vector<std::uint8_t>& header);
  void finishAdoption();

  int n() const { return board_.n; }
  int cellCount() const { return board_.n * board_.n; }
  bool isWinning(int cell) const { return winning_[static_cast<std::size_t>(cell)] != 0; }
  const std::vector<std::uint8_t>& winningCells() const { return winning_; }
  int winnerCount() const { return winnerCount_; }
  // The highest-valued winning cell at distance > m from `cell`, or -1 (then `cell` wins).
  int certificate(int cell) const;
  std::int64_t distance(int x, int y) const;

  // The judge's output: the count of winning cells, then "row col" per cell in row order.
  std::string judgeOutput() const;

  ManhattanPosition start() const { return {}; }
  ManhattanRule rule(const ManhattanPosition& position, int cell) const;
  bool isLegal(const ManhattanPosition& position, int cell) const {
    return rule(position, cell) == ManhattanRule::kLegal;
  }
  // The mover's outcome, and the refutation of the opponent's last cell when it exists.
  Value value(const ManhattanPosition& position) const;
  // Every legal placement in row order, with its outcome for the placer.
  std::vector<MoveValue> moves(const ManhattanPosition& position) const;
  // The strategy's choice: the first winning cell in row order to open; a winner repeats its
  // own cell when the answer is worth less, and otherwise refutes the answer by its certificate;
  // a loser (every move loses) plays the first legal cell in row order. -1 when no move exists.
  int strategyMove(const ManhattanPosition& position) const;
  ManhattanPosition play(const ManhattanPosition& position, int cell) const;
  Value placementValue(int cell) const;

 private:
  std::uint64_t boardFingerprint() const;
  void findFirstWinner();

  ManhattanBoard board_;
  std::vector<std::uint8_t> winning_;
  // A record of one running extreme of the winners (of s = row + col or d = row - col): the
  // winner, counted in decreasing value order, that moved it, that winner's cell, and the new
  // extreme. Extremes move rarely (a few times per row), so these lists stay short even when
  // millions of cells win.
  struct ExtremeChange {
    int order;
    int cell;
    int extreme;
  };
  int winnerCount_ = 0;
  int firstWinner_ = -1;  // the first winning cell in row order
  std::vector<ExtremeChange> maxSum_, minSum_, maxDiff_, minDiff_;
  // An adoption's records, between prepareAdoption() and finishAdoption().
  struct Adopted {
    int winners = 0;
    std::vector<ExtremeChange> maxSum, minSum, maxDiff, minDiff;
  };
  Adopted adopted_;

  // The job's state: the shuffle (a recipe's board), the sort (when byValue was empty), clearing
  // winning_, then the sweep with its four running extremes.
  std::optional<ManhattanShuffle> shuffle_;    // the recipe of a board made by the solver
  std::optional<ManhattanShuffler> shuffler_;  // until the board is made
  bool needsSort_ = false;
  DecreasingValueSort sort_;
  std::uint64_t cleared_ = 0;
  std::uint64_t swept_ = 0;
  int sumHigh_ = 0, sumLow_ = 0, diffHigh_ = 0, diffLow_ = 0;
  bool solved_ = false;
};

// Builds the text of the judge output from winning flags (shared with tests).
std::string formatManhattanAnswer(int n, const std::vector<std::uint8_t>& winning);

}  // namespace gs
