#include "games/staircase/staircase.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "base/forms.h"

namespace gs {
namespace {

constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

std::uint64_t addSaturating(std::uint64_t x, std::uint64_t y) {
  return x > kSaturated - y ? kSaturated : x + y;
}

std::uint64_t mulSaturating(std::uint64_t x, std::uint64_t y) {
  return (y != 0 && x > kSaturated / y) ? kSaturated : x * y;
}

std::string headerName(const void*, std::size_t index) {
  return index == 0 ? "n" : "m";
}

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
  return staircaseMemoryNeeded(rows, cols, false);
}

std::uint64_t staircaseMemoryNeeded(int rows, int cols, bool narrow) {
  const std::uint64_t cells = static_cast<std::uint64_t>(rows) * static_cast<std::uint64_t>(cols);
  const std::uint64_t grid =
      static_cast<std::uint64_t>(rows + 1) * static_cast<std::uint64_t>(cols + 1);
  const std::uint64_t entry = narrow ? sizeof(std::int32_t) : sizeof(std::int64_t);
  return addSaturating(mulSaturating(staircasePositionCount(rows, cols), entry),
                       cells * 2 * sizeof(std::int64_t) + grid * sizeof(std::uint64_t));
}

namespace {

// log10 C(rows + cols, rows), for counts past 64 bits.
double log10PositionCount(int rows, int cols) {
  return (std::lgamma(rows + cols + 1.0) - std::lgamma(rows + 1.0) - std::lgamma(cols + 1.0)) /
         std::log(10.0);
}

std::int64_t powerOfTenBelow(double log10) {
  return static_cast<std::int64_t>(std::floor(log10));
}

}  // namespace

Message staircasePositionCountText(int rows, int cols) {
  const std::uint64_t positions = staircasePositionCount(rows, cols);
  if (positions != kSaturated) return Message::verbatim(std::to_string(positions));
  return Message(forms::kMoreThanPowerOfTen,
                 {{"N", powerOfTenBelow(log10PositionCount(rows, cols))}});
}

Message staircaseMemoryNeededText(int rows, int cols, bool narrow) {
  const std::uint64_t needed = staircaseMemoryNeeded(rows, cols, narrow);
  if (needed != kSaturated) return byteSize(needed);
  return Message(
      forms::kMoreThanPowerOfTenBytes,
      {{"N", powerOfTenBelow(log10PositionCount(rows, cols) + std::log10(narrow ? 4.0 : 8.0))}});
}

bool staircaseUsesNarrowTable(const StaircaseBoard& board) {
  // Every future score lies within +-(sum over cells of max(a, b)).
  std::int64_t total = 0;
  for (std::size_t cell = 0; cell < board.black.size(); ++cell)
    total += std::max(board.black[cell], board.white[cell]);
  return total <= std::numeric_limits<std::int32_t>::max();
}

Expected<StaircaseBoard> parseStaircase(std::string_view text, const SolveLimits& limits) {
  JudgeReader reader(text);
  std::int64_t header[2];
  if (!reader.readLine({2, 1, StaircaseBoard::kMaxSide, "n m", headerName, nullptr}, header))
    return reader.error();
  StaircaseBoard board;
  board.rows = static_cast<int>(header[0]);
  board.cols = static_cast<int>(header[1]);
  const int headerLine = reader.lastLine();
  const int headerColumn = reader.columnOfToken(0);
  // Refuses the board when the table of the given width does not fit.
  const auto overBudget = [&](bool narrow) -> std::optional<ParseError> {
    const std::uint64_t needed = staircaseMemoryNeeded(board.rows, board.cols, narrow);
    if (needed <= limits.memoryBudgetBytes) return std::nullopt;
    return ParseError{headerLine, headerColumn,
                      Message(kStaircaseOverBudget,
                              {{"N1", board.rows},
                               {"N2", board.cols},
                               {"N3", board.rows + board.cols},
                               {"N4", board.rows},
                               {"COUNT", staircasePositionCountText(board.rows, board.cols)},
                               {"SIZE", staircaseMemoryNeededText(board.rows, board.cols, narrow)},
                               {"BUDGET", byteSize(limits.memoryBudgetBytes)}})};
  };
  // Before reading the values: the smaller (32-bit) table, a lower bound for any values.
  if (auto error = overBudget(true)) return *error;
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
  // The values decide the table: check the one the solver will allocate.
  if (!staircaseUsesNarrowTable(board))
    if (auto error = overBudget(false)) return *error;
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

std::string formatStaircaseAnswer(std::int64_t value) {
  return std::to_string(value) + "\n";
}

StaircaseSolver::StaircaseSolver(StaircaseBoard board)
    : StaircaseSolver(std::move(board), kDeferSolve) {
  while (!advance(std::numeric_limits<std::uint64_t>::max())) {
  }
}

StaircaseSolver::StaircaseSolver(StaircaseBoard board, DeferSolve) : board_(std::move(board)) {
  transposed_ = board_.rows > board_.cols;
  rows_ = transposed_ ? board_.cols : board_.rows;
  cols_ = transposed_ ? board_.rows : board_.cols;
  const int n = rows_;
  const int m = cols_;
  binomial_.assign(static_cast<std::size_t>(n + 1) * (m + 1), 1);
  for (int i = 1; i <= n; ++i)
    for (int h = 1; h <= m; ++h)
      binomial_[static_cast<std::size_t>(i) * (m + 1) + h] =
          binomial(i - 1, h) + binomial(i, h - 1);
  positions_ = binomial(n, m);
  useNarrow_ = staircaseUsesNarrowTable(board_);
}

SolveProgress StaircaseSolver::progress() const {
  SolveProgress progress;
  progress.total = positions_;
  progress.done = solved_ ? positions_ : started_ ? positions_ - rank_ : 0;
  return progress;
}

bool StaircaseSolver::advance(std::uint64_t budget) {
  if (solved_) return true;
  if (!started_) {
    // The first position (the full board) counts as one unit.
    if (useNarrow_)
      start(narrow_, narrowGains_);
    else
      start(wide_, wideGains_);
    if (budget <= 1 || solved_) return solved_;
    --budget;
  }
  if (useNarrow_) {
    if (best_)
      run<std::int32_t, true>(narrow_.get(), narrowGains_.data(), budget);
    else
      run<std::int32_t, false>(narrow_.get(), narrowGains_.data(), budget);
  } else {
    if (best_)
      run<std::int64_t, true>(wide_.get(), wideGains_.data(), budget);
    else
      run<std::int64_t, false>(wide_.get(), wideGains_.data(), budget);
  }
  return solved_;
}

// Allocates the table and solves its first position, the full board (nothing left to score).
template <class Score>
void StaircaseSolver::start(std::unique_ptr<Score[]>& table, std::vector<Score>& gains) {
  const int n = rows_;
  const int m = cols_;
  // Gains indexed by bottom-up internal row i and column h (0-based): +a for Black, -b for White.
  // All arithmetic is in Score: every partial sum is bounded by the sum of all a and b, which
  // staircaseUsesNarrowTable checked fits when Score is 32-bit.
  const std::size_t cells = static_cast<std::size_t>(n) * m;
  gains.resize(2 * cells);
  for (int i = 0; i < n; ++i)
    for (int h = 0; h < m; ++h) {
      const int row = transposed_ ? h : n - 1 - i;
      const int col = transposed_ ? n - 1 - i : h;
      gains[static_cast<std::size_t>(i) * m + h] = static_cast<Score>(board_.a(row, col));
      gains[cells + static_cast<std::size_t>(i) * m + h] = static_cast<Score>(-board_.b(row, col));
    }
  table.reset(new Score[positions_]);
  // Every row holds m stones; up_[n] is a sentinel: the row "above the top" never limits the top
  // row.
  up_.assign(static_cast<std::size_t>(n) + 1, m);
  up_[n] = m + 1;
  stones_ = static_cast<std::int64_t>(n) * m;
  rank_ = positions_ - 1;
  corners_ = 0;
  table[rank_] = 0;
  if (recordBest_) {
    best_.reset(new std::uint8_t[positions_ / 2 + 1]);
    best_[rank_ >> 1] = 0;  // the full board: no move
  }
  started_ = true;
  solved_ = rank_ == 0;
}

// Fills table[rank] for the next `budget` ranks (at least one) below rank_, down to the empty
// board. `up[i]` holds h(n - i), the stones in the i-th internal row counted from the bottom, so
// the i-th Up step of the path sits at p_i = i + up[i]; the ranks are visited in decreasing colex
// order. The pass's state lives in members between calls and in locals within one.
template <class Score, bool kRecordBest>
void StaircaseSolver::run(Score* const table, const Score* const gains, std::uint64_t budget) {
  const int n = rows_;
  const int m = cols_;
  const std::size_t cells = static_cast<std::size_t>(n) * m;
  const Score* const blackGain = gains;
  const Score* const whiteGain = gains + cells;
  const std::uint64_t* const binom = binomial_.data();
  const std::size_t stride = static_cast<std::size_t>(m) + 1;
  int* const up = up_.data();
  std::int64_t stones = stones_;
  std::uint64_t rank = rank_;
  // Rows that can take a stone (shorter than m and than the row above), as a bit set when the
  // board has at most 64 rows; taller boards test every row (only boards with more than 64 rows
  // and columns, far past any memory budget, would).
  const bool useCorners = n <= 64;
  std::uint64_t corners = corners_;
  const std::uint64_t stop = rank > budget ? rank - budget : 0;
  while (rank > stop) {
    // Step 1. Colex predecessor: the lowest row holding a stone loses one, and every row below
    // it is refilled to the same length (those rows were empty). Afterwards row i can grow (it
    // is now shorter than m and than the row above it) and the rows below it cannot (they are
    // as long as the row above them); no other row's freedom changed.
    int i = 0;
    while (up[i] == 0) ++i;
    const int length = --up[i];
    for (int j = 0; j < i; ++j) up[j] = length;
    stones += static_cast<std::int64_t>(i) * length - 1;
    --rank;
    if (useCorners) corners = (corners & ~((std::uint64_t{2} << i) - 1)) | (std::uint64_t{1} << i);

    // Step 2. Minimax over the legal cells; the child of row r's move has rank
    // rank + C(r + up[r], r).
    const bool black = (stones & 1) == 0;
    const Score* gain = black ? blackGain : whiteGain;
    Score best = black ? std::numeric_limits<Score>::min() : std::numeric_limits<Score>::max();
    // Recording an optimal move: the value and the row packed in one key (value * 256 + row;
    // compact boards have at most 16 rows and values far below 2^55), whose max or min is taken
    // as the value's alone would be (a compare-and-select in WebAssembly: a branch on the
    // outcome, unpredictable, made the solve 80% slower there).
    std::int64_t key =
        black ? std::numeric_limits<std::int64_t>::min() : std::numeric_limits<std::int64_t>::max();
    const auto consider = [&](int row) {
      const int h = up[row];
      const Score value =
          static_cast<Score>(gain[static_cast<std::size_t>(row) * m + h] +
                             table[rank + binom[static_cast<std::size_t>(row) * stride + h]]);
      if constexpr (kRecordBest) {
        const std::int64_t packed = static_cast<std::int64_t>(value) * 256 + row;
        key = black ? std::max(key, packed) : std::min(key, packed);
      } else {
        best = black ? std::max(best, value) : std::min(best, value);
      }
    };
    if (useCorners) {
      for (std::uint64_t rest = corners; rest != 0; rest &= rest - 1)
        consider(__builtin_ctzll(rest));
    } else {
      for (int row = 0; row < n; ++row)
        if (up[row] < m && up[row + 1] > up[row]) consider(row);
    }
    if constexpr (kRecordBest) {
      best = static_cast<Score>(key >> 8);  // floor division: the row is the low 8 bits
      const int bestRow = static_cast<int>(key & 255);
      table[rank] = best;
      // Ranks descend: an odd rank starts its byte, the even one below completes it.
      std::uint8_t& pair = best_[rank >> 1];
      pair = (rank & 1) != 0 ? static_cast<std::uint8_t>(bestRow << 4)
                             : static_cast<std::uint8_t>(pair | bestRow);
    } else {
      table[rank] = best;
    }
  }
  stones_ = stones;
  rank_ = rank;
  corners_ = corners;
  if (rank == 0) {
    solved_ = true;
    std::vector<int>().swap(up_);
  }
}

void StaircaseSolver::solveForHandover() {
  // The walk's length is the stones left: boards of up to 256 cells (any 16 x 16 board).
  if (!started_ && static_cast<std::int64_t>(rows_) * cols_ <= kCompactMaxCells) recordBest_ = true;
}

SolvedState StaircaseSolver::solvedState() const {
  SolvedState state;
  state.header = HeaderWriter()
                     .put(boardFingerprint())
                     .put(positions_)
                     .put(useNarrow_)
                     .put(static_cast<bool>(best_))
                     .take();
  if (best_)
    state.regions.push_back(constRegion(best_.get(), positions_ / 2 + 1));
  else if (useNarrow_)
    state.regions.push_back(constRegion(narrow_.get(), positions_));
  else
    state.regions.push_back(constRegion(wide_.get(), positions_));
  return state;
}

std::optional<std::vector<Region>> StaircaseSolver::prepareAdoption(
    const std::vector<std::uint8_t>& header) {
  bool compact = false;
  HeaderReader reader(header);
  reader.expect(boardFingerprint()).expect(positions_).expect(useNarrow_).get(compact);
  if (started_ || !reader.ok() ||
      (compact && static_cast<std::int64_t>(rows_) * cols_ > kCompactMaxCells))
    return std::nullopt;
  if (compact) {
    best_.reset(new std::uint8_t[positions_ / 2 + 1]);
    return std::vector<Region>{region(best_.get(), positions_ / 2 + 1)};
  }
  if (useNarrow_) {
    narrow_.reset(new std::int32_t[positions_]);
    return std::vector<Region>{region(narrow_.get(), positions_)};
  }
  wide_.reset(new std::int64_t[positions_]);
  return std::vector<Region>{region(wide_.get(), positions_)};
}

std::int64_t StaircaseSolver::future(const std::vector<int>& profile, std::uint64_t rank,
                                     int stones) const {
  if (!onlyBestMoves()) return narrow_ ? narrow_[rank] : wide_[rank];
  // Only the best moves are kept (an adopted compact handover): follow them to the full board,
  // adding up the points. up[i] is the internal row i counted from the bottom.
  const int n = rows_;
  std::vector<int> up(profile.rbegin(), profile.rend());
  std::int64_t total = 0;
  for (int left = n * cols_ - stones; left > 0; --left, ++stones) {
    const int i = (best_[rank >> 1] >> ((rank & 1) * 4)) & 15;
    const int h = up[static_cast<std::size_t>(i)];
    const int row = transposed_ ? h : n - 1 - i;
    const int col = transposed_ ? n - 1 - i : h;
    total += stones % 2 == 0 ? board_.a(row, col) : -board_.b(row, col);
    rank += binomial(i, h);
    ++up[static_cast<std::size_t>(i)];
  }
  return total;
}

std::uint64_t StaircaseSolver::boardFingerprint() const {
  return fingerprint(
      board_.white,
      fingerprint(board_.black, fingerprint(std::vector<int>{board_.rows, board_.cols})));
}

void StaircaseSolver::finishAdoption() {
  started_ = solved_ = true;
  rank_ = 0;
}

std::uint64_t StaircaseSolver::rankOf(const std::vector<int>& rowLength) const {
  // The internal profile: the row lengths, or the column lengths of a transposed board.
  std::vector<int> internal;
  const std::vector<int>* lengths = &rowLength;
  if (transposed_) {
    internal.assign(static_cast<std::size_t>(rows_), 0);
    for (int length : rowLength)
      for (int col = 0; col < length; ++col) ++internal[static_cast<std::size_t>(col)];
    lengths = &internal;
  }
  const int n = rows_;
  std::uint64_t rank = 0;
  for (int i = 0; i < n; ++i) {
    const int h = (*lengths)[static_cast<std::size_t>(n - 1 - i)];
    if (h > 0) rank += binomial(i + 1, h - 1);
  }
  return rank;
}

StaircasePosition StaircaseSolver::start() const {
  StaircasePosition position;
  position.profile.assign(static_cast<std::size_t>(rows_), 0);
  return position;
}

std::int64_t StaircaseSolver::value(const StaircasePosition& position) const {
  return position.scoreSoFar + future(position.profile, position.rank, position.stones);
}

int StaircaseSolver::rowLength(const StaircasePosition& position, int row) const {
  if (!transposed_) return position.profile[static_cast<std::size_t>(row)];
  // The profile holds column lengths (non-increasing): the row reaches every column longer
  // than its index.
  const auto end = std::partition_point(position.profile.begin(), position.profile.end(),
                                        [row](int length) { return length > row; });
  return static_cast<int>(end - position.profile.begin());
}

std::vector<int> StaircaseSolver::rowLengths(const StaircasePosition& position) const {
  std::vector<int> lengths(static_cast<std::size_t>(board_.rows));
  for (int row = 0; row < board_.rows; ++row)
    lengths[static_cast<std::size_t>(row)] = rowLength(position, row);
  return lengths;
}

StaircaseRule StaircaseSolver::rule(const StaircasePosition& position, int row, int col) const {
  if (row < 0 || row >= board_.rows || col < 0 || col >= board_.cols)
    return StaircaseRule::kOutside;
  const int length = rowLength(position, row);
  if (col < length) return StaircaseRule::kOccupied;
  if (col > length) return StaircaseRule::kNeedsLeft;
  if (row > 0 && rowLength(position, row - 1) <= col) return StaircaseRule::kNeedsAbove;
  return StaircaseRule::kLegal;
}

StaircasePosition StaircaseSolver::play(const StaircasePosition& position, int row, int col) const {
  StaircasePosition child = position;
  child.rank += rankStep(row, col);
  child.scoreSoFar += position.blackToMove() ? board_.a(row, col) : -board_.b(row, col);
  if (transposed_)
    child.profile[static_cast<std::size_t>(col)] = row + 1;
  else
    child.profile[static_cast<std::size_t>(row)] = col + 1;
  ++child.stones;
  return child;
}

namespace {

// Calls cell(row, col) for each legal cell of the profile in the board's row order. A legal
// cell ends an internal row that is shorter than the one before it (or is the first row) and
// not full. A transposed profile lists columns: their legal cells come in decreasing row order
// as the column grows, so they are walked from the last column.
template <class Cell>
void forEachLegalCell(const std::vector<int>& profile, int full, bool transposed, Cell cell) {
  const int count = static_cast<int>(profile.size());
  for (int k = 0; k < count; ++k) {
    const int internal = transposed ? count - 1 - k : k;
    const int length = profile[static_cast<std::size_t>(internal)];
    if (length >= full) continue;
    if (internal > 0 && profile[static_cast<std::size_t>(internal) - 1] <= length) continue;
    if (transposed)
      cell(length, internal);
    else
      cell(internal, length);
  }
}

}  // namespace

std::uint64_t StaircaseSolver::moveCount(const StaircasePosition& position) const {
  std::uint64_t count = 0;
  forEachLegalCell(position.profile, cols_, transposed_, [&](int, int) { ++count; });
  return count;
}

std::vector<MoveValue> StaircaseSolver::moves(const StaircasePosition& position) const {
  std::vector<MoveValue> result;
  const bool black = position.blackToMove();
  forEachLegalCell(position.profile, cols_, transposed_, [&](int row, int col) {
    const std::int64_t gain = black ? board_.a(row, col) : -board_.b(row, col);
    const std::uint64_t child = position.rank + rankStep(row, col);
    MoveValue move;
    move.move = {row, col};
    if (onlyBestMoves()) {
      std::vector<int> profile = position.profile;
      ++profile[static_cast<std::size_t>(transposed_ ? col : row)];
      move.value.score = position.scoreSoFar + gain + future(profile, child, position.stones + 1);
    } else {
      move.value.score = position.scoreSoFar + gain + future({}, child, 0);
    }
    result.push_back(move);
  });
  if (!result.empty()) {
    const std::int64_t best = value(position);
    for (MoveValue& move : result) move.best = move.value.score == best;
  }
  return result;
}

}  // namespace gs
