#include "staircase.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace gs {
namespace {

constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

std::uint64_t addSaturating(std::uint64_t x, std::uint64_t y) {
  return x > kSaturated - y ? kSaturated : x + y;
}

std::uint64_t mulSaturating(std::uint64_t x, std::uint64_t y) {
  return (y != 0 && x > kSaturated / y) ? kSaturated : x * y;
}

std::string headerName(const void*, std::size_t index) { return index == 0 ? "n" : "m"; }

struct RowContext {
  char matrix;
  int row;
};

std::string cellName(const void* context, std::size_t index) {
  const auto* row = static_cast<const RowContext*>(context);
  return std::string(1, row->matrix) + "(" + std::to_string(row->row) + ", " +
         std::to_string(index + 1) + ")";
}

}  // namespace

std::uint64_t staircasePositionCount(int rows, int cols) {
  // C(n+m, n) by Pascal's rule over the smaller side, saturating.
  const int small = std::min(rows, cols);
  const int large = std::max(rows, cols);
  std::vector<std::uint64_t> line(static_cast<std::size_t>(small) + 1, 1);
  for (int step = 1; step <= large; ++step)
    for (int i = 1; i <= small; ++i) line[i] = addSaturating(line[i], line[i - 1]);
  return line[small];
}

std::uint64_t staircaseMemoryNeeded(int rows, int cols) {
  const std::uint64_t cells = static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols);
  const std::uint64_t grid =
      static_cast<std::uint64_t>(rows + 1) * static_cast<std::uint64_t>(cols + 1);
  return addSaturating(mulSaturating(staircasePositionCount(rows, cols), sizeof(std::int64_t)),
                       cells * 2 * sizeof(std::int64_t) + grid * sizeof(std::uint64_t));
}

namespace {

// log10 C(rows + cols, rows), for counts past 64 bits.
double log10PositionCount(int rows, int cols) {
  return (std::lgamma(rows + cols + 1.0) - std::lgamma(rows + 1.0) - std::lgamma(cols + 1.0)) /
         std::log(10.0);
}

std::string moreThanPowerOfTen(double log10) {
  return "more than 10^" + std::to_string(static_cast<long long>(std::floor(log10)));
}

}  // namespace

std::string staircasePositionCountText(int rows, int cols) {
  const std::uint64_t positions = staircasePositionCount(rows, cols);
  return positions == kSaturated ? moreThanPowerOfTen(log10PositionCount(rows, cols))
                                 : std::to_string(positions);
}

std::string staircaseMemoryNeededText(int rows, int cols) {
  const std::uint64_t needed = staircaseMemoryNeeded(rows, cols);
  if (needed != kSaturated) return formatBytes(needed);
  return moreThanPowerOfTen(log10PositionCount(rows, cols) + std::log10(double{sizeof(std::int64_t)})) +
         " bytes";
}

Expected<StaircaseBoard> parseStaircase(std::string_view text, const SolveLimits& limits) {
  JudgeReader reader(text);
  std::int64_t header[2];
  if (!reader.readLine({2, 1, StaircaseBoard::kMaxSide, "n m", headerName, nullptr}, header))
    return reader.error();
  StaircaseBoard board;
  board.rows = static_cast<int>(header[0]);
  board.cols = static_cast<int>(header[1]);
  const std::uint64_t needed = staircaseMemoryNeeded(board.rows, board.cols);
  if (needed > limits.memoryBudgetBytes) {
    return ParseError{
        reader.lastLine(), reader.columnOfToken(0),
        "a " + std::to_string(board.rows) + " x " + std::to_string(board.cols) +
            " board has C(" + std::to_string(board.rows + board.cols) + ", " +
            std::to_string(board.rows) + ") = " +
            staircasePositionCountText(board.rows, board.cols) + " positions and needs " +
            staircaseMemoryNeededText(board.rows, board.cols) +
            " to solve, over the memory budget of " + formatBytes(limits.memoryBudgetBytes)};
  }
  const std::size_t cells = static_cast<std::size_t>(board.rows) * board.cols;
  board.black.resize(cells);
  board.white.resize(cells);
  for (char matrix : {'a', 'b'}) {
    std::vector<std::int64_t>& values = matrix == 'a' ? board.black : board.white;
    for (int row = 0; row < board.rows; ++row) {
      const RowContext context{matrix, row + 1};
      const std::string what = "row " + std::to_string(row + 1) + " of " + matrix;
      if (!reader.readLine({static_cast<std::size_t>(board.cols), 0, StaircaseBoard::kMaxValue,
                            what.c_str(), cellName, &context},
                           values.data() + static_cast<std::size_t>(row) * board.cols))
        return reader.error();
    }
  }
  if (!reader.expectEnd()) return reader.error();
  return board;
}

std::string formatStaircase(const StaircaseBoard& board) {
  std::string out = std::to_string(board.rows) + " " + std::to_string(board.cols) + "\n";
  for (const auto* values : {&board.black, &board.white}) {
    for (int row = 0; row < board.rows; ++row) {
      for (int col = 0; col < board.cols; ++col) {
        if (col) out += ' ';
        out += std::to_string((*values)[static_cast<std::size_t>(row) * board.cols + col]);
      }
      out += '\n';
    }
  }
  return out;
}

std::string formatStaircaseAnswer(std::int64_t value) { return std::to_string(value) + "\n"; }

StaircaseSolver::StaircaseSolver(StaircaseBoard board)
    : StaircaseSolver(std::move(board), kDeferSolve) {
  advance(positions_);
}

StaircaseSolver::StaircaseSolver(StaircaseBoard board, DeferSolve) : board_(std::move(board)) {
  const int n = board_.rows;
  const int m = board_.cols;
  binomial_.assign(static_cast<std::size_t>(n + 1) * (m + 1), 1);
  for (int i = 1; i <= n; ++i)
    for (int h = 1; h <= m; ++h)
      binomial_[static_cast<std::size_t>(i) * (m + 1) + h] = binomial(i - 1, h) + binomial(i, h - 1);
  positions_ = binomial(n, m);
}

bool StaircaseSolver::advance(std::uint64_t) {
  if (solved_) return true;
  // Every future score lies within +-(sum of all a and b).
  std::int64_t total = 0;
  for (std::size_t cell = 0; cell < board_.black.size(); ++cell)
    total += std::max(board_.black[cell], board_.white[cell]);
  if (total <= std::numeric_limits<std::int32_t>::max()) {
    narrow_.resize(positions_);
    solve(narrow_);
  } else {
    wide_.resize(positions_);
    solve(wide_);
  }
  solved_ = true;
  return true;
}

// Fills future[rank] for every rank, from the full board (the highest rank) down to the empty
// one. `up[i]` holds h(n - i), the stones in the i-th row counted from the bottom, so the i-th
// Up step of the path sits at p_i = i + up[i]; the ranks are visited in decreasing colex order.
template <class Score>
void StaircaseSolver::solve(std::vector<Score>& future) {
  const int n = board_.rows;
  const int m = board_.cols;
  // Gains indexed by bottom-up row i and column h (0-based): +a for Black, -b for White. All
  // arithmetic is in Score: every partial sum is bounded by the sum of all a and b, which the
  // constructor checked fits.
  std::vector<Score> blackGain(static_cast<std::size_t>(n) * m);
  std::vector<Score> whiteGain(static_cast<std::size_t>(n) * m);
  for (int i = 0; i < n; ++i)
    for (int h = 0; h < m; ++h) {
      blackGain[static_cast<std::size_t>(i) * m + h] = static_cast<Score>(board_.a(n - 1 - i, h));
      whiteGain[static_cast<std::size_t>(i) * m + h] = static_cast<Score>(-board_.b(n - 1 - i, h));
    }
  const std::uint64_t* const binom = binomial_.data();
  const std::size_t stride = static_cast<std::size_t>(m) + 1;
  Score* const table = future.data();

  // Step 1. Start at the full board: every row holds m stones; nothing is left to score.
  std::vector<int> up(static_cast<std::size_t>(n) + 1, m);
  up[n] = m + 1;  // sentinel: the row "above the top" never limits the top row
  std::int64_t stones = static_cast<std::int64_t>(n) * m;
  std::uint64_t rank = positions_ - 1;
  table[rank] = 0;
  // Rows that can take a stone (shorter than m and than the row above), as a bit set when the
  // board has at most 64 rows; taller boards test every row.
  const bool useCorners = n <= 64;
  std::uint64_t corners = 0;
  while (rank > 0) {
    // Step 2. Colex predecessor: the lowest row holding a stone loses one, and every row below
    // it is refilled to the same length (those rows were empty). Afterwards row i can grow (it
    // is now shorter than m and than the row above it) and the rows below it cannot (they are
    // as long as the row above them); no other row's freedom changed.
    int i = 0;
    while (up[i] == 0) ++i;
    const int length = --up[i];
    for (int j = 0; j < i; ++j) up[j] = length;
    stones += static_cast<std::int64_t>(i) * length - 1;
    --rank;
    if (useCorners)
      corners = (corners & ~((std::uint64_t{2} << i) - 1)) | (std::uint64_t{1} << i);

    // Step 3. Minimax over the legal cells; the child of row r's move has rank
    // rank + C(r + up[r], r).
    const bool black = (stones & 1) == 0;
    const Score* gain = black ? blackGain.data() : whiteGain.data();
    Score best = black ? std::numeric_limits<Score>::min() : std::numeric_limits<Score>::max();
    const auto consider = [&](int row) {
      const int h = up[row];
      const Score value = static_cast<Score>(gain[static_cast<std::size_t>(row) * m + h] +
                                             table[rank + binom[static_cast<std::size_t>(row) * stride + h]]);
      best = black ? std::max(best, value) : std::min(best, value);
    };
    if (useCorners) {
      for (std::uint64_t rest = corners; rest != 0; rest &= rest - 1)
        consider(__builtin_ctzll(rest));
    } else {
      for (int row = 0; row < n; ++row)
        if (up[row] < m && up[row + 1] > up[row]) consider(row);
    }
    table[rank] = best;
  }
}

StaircasePosition StaircaseSolver::start() const {
  StaircasePosition position;
  position.rowLength.assign(static_cast<std::size_t>(board_.rows), 0);
  return position;
}

std::int64_t StaircaseSolver::value(const StaircasePosition& position) const {
  return position.scoreSoFar + future(position.rank);
}

StaircaseRule StaircaseSolver::rule(const StaircasePosition& position, int row, int col) const {
  if (row < 0 || row >= board_.rows || col < 0 || col >= board_.cols) return StaircaseRule::kOutside;
  const int length = position.rowLength[static_cast<std::size_t>(row)];
  if (col < length) return StaircaseRule::kOccupied;
  if (col > length) return StaircaseRule::kNeedsLeft;
  if (row > 0 && position.rowLength[static_cast<std::size_t>(row) - 1] <= col)
    return StaircaseRule::kNeedsAbove;
  return StaircaseRule::kLegal;
}

StaircasePosition StaircaseSolver::play(const StaircasePosition& position, int row, int col) const {
  StaircasePosition child = position;
  const int bottomIndex = board_.rows - 1 - row;
  child.rank += binomial(bottomIndex, col);
  child.scoreSoFar += position.blackToMove() ? board_.a(row, col) : -board_.b(row, col);
  child.rowLength[static_cast<std::size_t>(row)] = col + 1;
  ++child.stones;
  return child;
}

std::vector<MoveValue> StaircaseSolver::moves(const StaircasePosition& position) const {
  std::vector<MoveValue> result;
  const bool black = position.blackToMove();
  for (int row = 0; row < board_.rows; ++row) {
    const int col = position.rowLength[static_cast<std::size_t>(row)];
    if (!isLegal(position, row, col)) continue;
    const std::int64_t gain = black ? board_.a(row, col) : -board_.b(row, col);
    const std::uint64_t child = position.rank + binomial(board_.rows - 1 - row, col);
    MoveValue move;
    move.move = {row, col};
    move.value.score = position.scoreSoFar + gain + future(child);
    result.push_back(move);
  }
  if (!result.empty()) {
    const std::int64_t best = value(position);
    for (MoveValue& move : result) move.best = move.value.score == best;
  }
  return result;
}

}  // namespace gs
