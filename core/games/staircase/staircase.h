// staircase — Luogu P4363 / BZOJ 5248 / LOJ 2471 "[九省联考 2018] 一双木棋 chess".
//
// Rules. An n × m board; cell (i, j) carries a(i, j) and b(i, j) >= 0. Black moves first, then
// White, until every cell holds a stone. A stone may go on an empty cell only when every cell to
// its left and every cell above it already holds one, so the filled cells always form a staircase
// (a Young diagram) anchored top-left. Black scores a over black stones, White scores b over white
// stones; each maximises its own score minus the other's. Answer: Black − White under optimal play.
//
// State encoding. A position is its row profile h1 >= h2 >= ... >= hn (stones per row). Walking
// the boundary of the filled region from the bottom-left corner to the top-right one gives a path
// of n Up steps and m Right steps; bit k of the path is 1 for an Up step:
//
//     filled region          path from bottom-left        bits (k = 0 first)
//     ■ ■ ■ □                R R U R U U ...               0 0 1 0 1 1 0
//     ■ □ □ □   (h = 3,1,0)
//     □ □ □ □
//
// Placing a stone turns an "Up, Right" corner into "Right, Up": the i-th Up step (counted from
// the bottom, 0-based) moves one place later along the path. Profiles therefore correspond to
// the C(n+m, n) placements of n ones among n+m bits, and the colexicographic rank of the ones'
// positions p0 < p1 < ... is a perfect index:
//
//     rank = sum_i C(p_i, i + 1),   p_i = i + h(n - i)      (0 for the empty board,
//                                                             C(n+m, n) - 1 for the full one)
//
// Moving the i-th one from p to p + 1 raises the rank by C(p, i), so every child of a position
// has a larger rank: one pass over ranks from high to low solves the whole table, and a child's
// index costs one addition.
//
// Orientation. The staircase condition is symmetric under transposition (a stone on (i, j) needs
// the cells left of it and above it; in the transposed board, above it and left of it), and a
// stone scores the same wherever it is drawn. The solver therefore works on the board with at
// most as many rows as columns: a tall board (rows > cols) is transposed internally, so its
// table, ranks and per-position work are those of the wide board. Everything public (row
// lengths, moves, their order) stays in the original orientation; StaircasePosition::rank is the
// internal rank.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/judge_text.h"
#include "game.h"
#include "handover.h"
#include "solve_progress.h"

namespace gs {

struct StaircaseBoard {
  static constexpr std::int64_t kMaxSide = 10000;        // n, m (the judge: 10)
  static constexpr std::int64_t kMaxValue = 1000000000;  // a, b (the judge: 100000)

  int rows = 0;
  int cols = 0;
  std::vector<std::int64_t> black;  // a, row-major: what Black scores for a stone there
  std::vector<std::int64_t> white;  // b, row-major: what White scores for a stone there

  std::int64_t a(int row, int col) const {
    return black[static_cast<std::size_t>(row) * cols + col];
  }
  std::int64_t b(int row, int col) const {
    return white[static_cast<std::size_t>(row) * cols + col];
  }
};

// Positions of an n × m board (C(n+m, n)), saturating at UINT64_MAX.
std::uint64_t staircasePositionCount(int rows, int cols);
// Bytes needed to solve an n × m board (the table and the board), saturating, with the wide
// (64-bit) table: an upper bound for any board of that size.
std::uint64_t staircaseMemoryNeeded(int rows, int cols);
// The same two figures for messages, honest past 64 bits: "137846528820" or "more than 10^6018"
// positions; "1.0 TiB" or "more than 10^6019 bytes".
Message staircasePositionCountText(int rows, int cols);
Message staircaseMemoryNeededText(int rows, int cols, bool narrow);
// The same with the table the solver will use: 32-bit entries when `narrow`, else 64-bit.
std::uint64_t staircaseMemoryNeeded(int rows, int cols, bool narrow);
// Whether the solver uses the 32-bit table for this board: every future score fits in 32 bits
// (the sum over cells of max(a, b) is at most 2^31 - 1; the judge's boards always qualify).
bool staircaseUsesNarrowTable(const StaircaseBoard& board);

// Parses "n m", n rows of a, n rows of b. Refuses boards past limits.memoryBudgetBytes: right
// after the header when even the 32-bit table does not fit, and after the values (before any
// table exists) when the table those values need does not fit.
Expected<StaircaseBoard> parseStaircase(std::string_view text, const SolveLimits& limits);
// Its refusal of a board past the budget (staircase_game.cpp's translations() lists it).
inline constexpr Phrase kStaircaseOverBudget{
    "a {N1} x {N2} board has C({N3}, {N4}) = {COUNT} positions and needs {SIZE} to solve, over "
    "the memory budget of {BUDGET}",
    "{N1} \xC3\x97 {N2} 的棋盘有 C({N3}, {N4}) = {COUNT} 个局面，求解需要 {SIZE}，超出内存预算 "
    "{BUDGET}"};

// The judge's input for a board (the inverse of parseStaircase).
std::string formatStaircase(const StaircaseBoard& board);
// The judge's output for a value: the integer and a newline.
std::string formatStaircaseAnswer(std::int64_t value);

// A position: the filled region, plus its rank in the table and the score already on the board.
// The region is stored in the solver's orientation (see "Orientation" above): the stones per
// row, or per column when the board has more rows than columns, so a position holds min(n, m)
// numbers and a tall board's line of play takes no more memory than its transpose's (a 10000 x 2
// line of 20,000 positions: 2 numbers each, not 10,000). StaircaseSolver::rowLength() reads it
// in the board's own orientation.
struct StaircasePosition {
  std::vector<int> profile;  // non-increasing; min(n, m) entries
  std::uint64_t rank = 0;
  int stones = 0;
  std::int64_t scoreSoFar = 0;  // Black − White over the stones already placed

  bool blackToMove() const { return stones % 2 == 0; }
};

// Why a stone may not go on a cell (kLegal when it may): the rule, in one place.
enum class StaircaseRule { kLegal, kOutside, kOccupied, kNeedsLeft, kNeedsAbove };

// The solved table of one board: the optimal future score difference of every position.
class StaircaseSolver {
 public:
  // Solves the whole table.
  explicit StaircaseSolver(StaircaseBoard board);
  // Prepares the board without solving (O(board size); the table is allocated, uninitialised,
  // by the first advance()). Call advance() until it returns true before asking for values.
  StaircaseSolver(StaircaseBoard board, DeferSolve);

  // Solves about `budget` more positions (at least one), from the highest rank down; true once
  // the table is complete (at once when it already was).
  bool advance(std::uint64_t budget);
  bool solved() const { return solved_; }
  // Positions solved so far, of positionCount() (exact).
  SolveProgress progress() const;

  const StaircaseBoard& board() const { return board_; }
  std::uint64_t positionCount() const { return positions_; }

  // Handing the solved table over (core/handover.h): the table, by rank; or, when the solve was
  // told it would be handed over (solveForHandover(), boards of at most kCompactMaxCells cells),
  // only an optimal move per position (4 bits), from which the adopting board recomputes any
  // value by following optimal moves to the end (at most 256 steps): a 14 x 14 board hands over
  // 20 MB instead of 160 MB.
  static constexpr std::int64_t kCompactMaxCells = 256;
  void solveForHandover();
  bool prepareSome(std::uint64_t) { return true; }  // its tables are not zero-filled
  SolvedState solvedState() const;
  std::optional<std::vector<Region>> prepareAdoption(const std::vector<std::uint8_t>& header);
  void finishAdoption();

  StaircasePosition start() const;
  // Final Black − White with optimal play from the position (stones already placed included).
  std::int64_t value(const StaircasePosition& position) const;
  StaircaseRule rule(const StaircasePosition& position, int row, int col) const;
  bool isLegal(const StaircasePosition& position, int row, int col) const {
    return rule(position, row, col) == StaircaseRule::kLegal;
  }
  // The legal moves in row order (a row has at most one legal cell), each with its value.
  std::vector<MoveValue> moves(const StaircasePosition& position) const;
  // How many moves moves() lists, without valuing them (O(min(n, m))).
  std::uint64_t moveCount(const StaircasePosition& position) const;
  // Stones in `row` (0-based, the board's own orientation), and in every row.
  int rowLength(const StaircasePosition& position, int row) const;
  std::vector<int> rowLengths(const StaircasePosition& position) const;
  // Precondition: isLegal(position, row, col).
  StaircasePosition play(const StaircasePosition& position, int row, int col) const;
  // The table index of a row profile (h1..hn, the board's own orientation): what play() keeps
  // in position.rank, computed from scratch (tests check the incremental ranks of transposed
  // boards against it).
  std::uint64_t rankOf(const std::vector<int>& rowLength) const;

 private:
  // C(i + h, i) for 0 <= i <= rows_, 0 <= h <= cols_ (internal orientation; all <= C(n+m, n)).
  std::uint64_t binomial(int i, int h) const {
    return binomial_[static_cast<std::size_t>(i) * (cols_ + 1) + h];
  }
  // The rank step of a stone on the original cell (row, col).
  std::uint64_t rankStep(int row, int col) const {
    return transposed_ ? binomial(rows_ - 1 - col, row) : binomial(rows_ - 1 - row, col);
  }
  std::uint64_t boardFingerprint() const;
  template <class Score>
  void start(std::unique_ptr<Score[]>& table, std::vector<Score>& gains);
  template <class Score, bool kRecordBest>
  void run(Score* table, const Score* gains, std::uint64_t budget);
  // The optimal Black − White still to come from the position of this internal profile (top row
  // first), rank and stone count; the profile and stones are read only in compact mode.
  std::int64_t future(const std::vector<int>& profile, std::uint64_t rank, int stones) const;
  // An adopted compact handover: no values, only the optimal moves.
  bool onlyBestMoves() const { return !narrow_ && !wide_; }

  StaircaseBoard board_;
  // The internal orientation: rows_ <= cols_ (the board transposed when it has more rows).
  bool transposed_ = false;
  int rows_ = 0;
  int cols_ = 0;
  bool useNarrow_ = false;
  std::vector<std::uint64_t> binomial_;
  std::uint64_t positions_ = 0;
  // By rank: the optimal Black − White still to come. 32-bit entries when every score fits (the
  // judge's boards do), which halves the table and keeps more of it in cache; 64-bit otherwise.
  // Uninitialised storage: every entry is written (from the highest rank down) before it is read.
  std::unique_ptr<std::int32_t[]> narrow_;
  std::unique_ptr<std::int64_t[]> wide_;
  // With recordBest_ (a solve to hand over compactly): per rank, the internal row (counted from
  // the bottom) of an optimal move, two ranks a byte (the lower rank in the low 4 bits). An
  // adopting board keeps only this table.
  bool recordBest_ = false;
  std::unique_ptr<std::uint8_t[]> best_;
  // Gains by internal bottom-up row i and column h: black at [i * cols_ + h], white (negated b)
  // after them; in the table's integer type.
  std::vector<std::int32_t> narrowGains_;
  std::vector<std::int64_t> wideGains_;
  // The state of the rank-descending pass (see run()): up_[i] is the length of the i-th internal
  // row counted from the bottom (up_[rows_] a sentinel), the stones on the board, the rank of the
  // last position solved, and the rows that can take a stone (a bit set, boards up to 64 rows).
  std::vector<int> up_;
  std::int64_t stones_ = 0;
  std::uint64_t rank_ = 0;
  std::uint64_t corners_ = 0;
  bool started_ = false;
  bool solved_ = false;
};

}  // namespace gs
