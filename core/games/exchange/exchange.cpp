#include "games/exchange/exchange.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <utility>

// x86 builds use the SSSE3 kernel when the CPU has it (GS_EXCHANGE_SCALAR forces the portable
// one, for tests and comparisons).
#if (defined(__x86_64__) || defined(__i386__)) && !defined(GS_EXCHANGE_SCALAR)
#include <immintrin.h>
#define GS_EXCHANGE_SSSE3 1
#endif

namespace gs {
namespace {

constexpr std::uint8_t kUnknown = 0xFF;
constexpr int kNoWin = std::numeric_limits<int>::max();

std::string headerName(const void*, std::size_t index) {
  static const char* const kNames[] = {"N", "M", "L"};
  return kNames[index];
}

// The context of a hand's line is its letter ('A', 'B' or 'C').
std::string cardName(const void* context, std::size_t index) {
  return std::string(1, *static_cast<const char*>(context)) + std::to_string(index + 1);
}

}  // namespace

std::string ExchangeBoard::cardName(int card) const {
  if (card < takahashi) return "A" + std::to_string(card + 1);
  if (card < takahashi + aoki) return "B" + std::to_string(card - takahashi + 1);
  return "C" + std::to_string(card - takahashi - aoki + 1);
}

std::uint64_t exchangePositionCount(int cards) {
  std::uint64_t count = 2;
  for (int k = 0; k < cards; ++k) {
    if (count > std::numeric_limits<std::uint64_t>::max() / 3)
      return std::numeric_limits<std::uint64_t>::max();
    count *= 3;
  }
  return count;
}

std::uint64_t exchangeMemoryNeeded(int cards) {
  return exchangePositionCount(cards);
}

std::uint64_t exchangeMemoryNeeded(int takahashi, int aoki, int table) {
  const int cards = takahashi + aoki + table;
  if (cards <= ExchangeSolver::kSearchMaxCards || cards > ExchangeBoard::kMaxCards)
    return exchangeMemoryNeeded(cards);
  std::uint64_t entries = 0;
  std::uint64_t choose = 1;  // C(cards, t)
  for (int t = 0; t <= cards; ++t) {
    if (t >= table) entries += choose << (cards - t);
    choose = choose * static_cast<std::uint64_t>(cards - t) / static_cast<std::uint64_t>(t + 1);
  }
  return entries + (std::uint64_t{4} << cards) + 8 * 2 * ExchangeSolver::kTrialMaxPositions;
}

Expected<ExchangeBoard> parseExchange(std::string_view text, const SolveLimits& limits) {
  JudgeReader reader(text);
  std::int64_t header[3];
  if (!reader.readLine({3, 1, ExchangeBoard::kMaxCards, "N M L", headerName, nullptr}, header))
    return reader.error();
  ExchangeBoard board;
  board.takahashi = static_cast<int>(header[0]);
  board.aoki = static_cast<int>(header[1]);
  board.table = static_cast<int>(header[2]);
  const int cards = board.cardCount();
  if (cards > ExchangeBoard::kMaxCards)
    return ParseError{
        reader.lastLine(), reader.columnOfToken(0),
        Message(kExchangeTooManyCards, {{"N1", ExchangeBoard::kMaxCards}, {"N2", cards}})};
  const std::uint64_t needed = exchangeMemoryNeeded(board.takahashi, board.aoki, board.table);
  if (needed > limits.memoryBudgetBytes)
    return ParseError{
        reader.lastLine(), reader.columnOfToken(0),
        Message(kExchangeOverBudget,
                {{"N1", cards},
                 {"N2", cards},
                 {"N3", Message::verbatim(std::to_string(exchangePositionCount(cards)))},
                 {"SIZE", byteSize(needed)},
                 {"BUDGET", byteSize(limits.memoryBudgetBytes)}})};
  board.cards.resize(static_cast<std::size_t>(cards));
  const struct {
    char letter;
    int count;
    int first;
    const char* what;
  } hands[] = {{'A', board.takahashi, 0, "Takahashi's cards A1..AN"},
               {'B', board.aoki, board.takahashi, "Aoki's cards B1..BM"},
               {'C', board.table, board.takahashi + board.aoki, "the table's cards C1..CL"}};
  for (const auto& hand : hands) {
    if (!reader.readLine({static_cast<std::size_t>(hand.count), 1, ExchangeBoard::kMaxCardValue,
                          hand.what, cardName, &hand.letter},
                         board.cards.data() + hand.first))
      return reader.error();
  }
  if (!reader.expectEnd()) return reader.error();
  return board;
}

std::string formatExchange(const ExchangeBoard& board) {
  std::string out = std::to_string(board.takahashi) + " " + std::to_string(board.aoki) + " " +
                    std::to_string(board.table) + "\n";
  int card = 0;
  for (int count : {board.takahashi, board.aoki, board.table}) {
    for (int k = 0; k < count; ++k, ++card) {
      if (k) out += ' ';
      out += std::to_string(board.cards[static_cast<std::size_t>(card)]);
    }
    out += '\n';
  }
  return out;
}

std::string formatExchangeAnswer(bool takahashiWins) {
  return takahashiWins ? "Takahashi\n" : "Aoki\n";
}

ExchangeSolver::ExchangeSolver(ExchangeBoard board)
    : ExchangeSolver(std::move(board), kDeferSolve) {
  while (!advance(std::numeric_limits<std::uint64_t>::max())) {
  }
}

ExchangeSolver::ExchangeSolver(ExchangeBoard board, DeferSolve, Method method)
    : board_(std::move(board)) {
  const int cards = cards_ = board_.cardCount();
  power3_.resize(static_cast<std::size_t>(cards) + 1, 1);
  for (int k = 1; k <= cards; ++k) power3_[k] = power3_[k - 1] * 3;
  smaller_.assign(static_cast<std::size_t>(cards), 0);
  for (int x = 0; x < cards; ++x)
    for (int y = 0; y < cards; ++y)
      if (board_.cards[y] < board_.cards[x]) smaller_[x] |= std::uint32_t{1} << y;
  slots_ = power3_[cards] * 2;
  if (method == Method::kSearch || (method == Method::kAuto && cards <= kSearchMaxCards)) {
    mode_ = Mode::kSearch;
    return;
  }
  mode_ = method == Method::kAuto ? Mode::kTrial : Mode::kSweep;
  portable_ = method == Method::kSweepPortable;
  // Cards by value, ties in input order.
  byValue_.resize(static_cast<std::size_t>(cards));
  for (int k = 0; k < cards; ++k) byValue_[k] = k;
  std::stable_sort(byValue_.begin(), byValue_.end(),
                   [this](int x, int y) { return board_.cards[x] < board_.cards[y]; });
  sortedOf_.resize(static_cast<std::size_t>(cards));
  lowEnd_.resize(static_cast<std::size_t>(cards));
  for (int j = 0; j < cards; ++j) {
    sortedOf_[byValue_[j]] = j;
    lowEnd_[j] =
        j > 0 && board_.cards[byValue_[j]] == board_.cards[byValue_[j - 1]] ? lowEnd_[j - 1] : j;
  }
  for (int k = 0; k < cards; ++k)
    if (board_.initialOwner(k) == 2) firstTable_ |= std::uint32_t{1} << sortedOf_[k];
  minTable_ = board_.table;
  // Entries of the blocks T >= T0 with |T| >= L: T0's own, then, for each bit i clear in T0, the
  // masks that agree with T0 above i and set bit i, with any j of the i bits below set.
  sweepTotal_ = std::uint64_t{1} << (cards - minTable_);
  for (int i = 0; i < cards; ++i) {
    if (firstTable_ >> i & 1) continue;
    const int prefix = __builtin_popcount(firstTable_ >> (i + 1)) + 1;
    std::uint64_t c = 1;  // C(i, j)
    for (int j = 0; j <= i; ++j) {
      if (prefix + j >= minTable_) sweepTotal_ += c << (cards - prefix - j);
      c = c * static_cast<std::uint64_t>(i - j) / static_cast<std::uint64_t>(j + 1);
    }
  }
  block_ = static_cast<std::uint32_t>((std::uint64_t{1} << cards) - 1);
  if (mode_ == Mode::kTrial) {
    // The trial may enter 1/1024 of the sweep's entries in positions, at most
    // kTrialMaxPositions: a position of the search (with the hash) costs some 40 entries of
    // the sweep, so a trial that gives up adds about 4% to the sweep's time.
    trialCap_ = std::max<std::uint64_t>(1024, std::min(kTrialMaxPositions, sweepTotal_ / 1024));
    hashBits_ = 1;
    while ((std::uint64_t{1} << hashBits_) < 2 * trialCap_) ++hashBits_;
  }
}

bool ExchangeSolver::advance(std::uint64_t budget) {
  if (complete_) return true;
  if (budget == 0) budget = 1;
  if (mode_ == Mode::kSweep) return advanceSweep(budget);
  const bool done = advanceSearch(budget);
  if (done || mode_ != Mode::kSweep) return done;
  // The trial gave up: the sweep takes over in the same call (at most twice the budget).
  return advanceSweep(budget);
}

SolveProgress ExchangeSolver::progress() const {
  SolveProgress progress;
  if (mode_ == Mode::kSweep) {
    // After a failed trial its positions stay counted as work done.
    progress.done = sweepBase_ + 2 * sweptEntries_;
    progress.total = sweepBase_ + 2 * sweepTotal_;
  } else if (complete_) {
    progress.done = progress.total = searched_;
  } else {
    progress.done = searched_;
    progress.total = mode_ == Mode::kSearch ? slots_ : trialCap_ + 2 * sweepTotal_;
    progress.exact = false;
  }
  return progress;
}

std::uint64_t ExchangeSolver::positionsSolved() const {
  return mode_ == Mode::kSweep ? 2 * sweptEntries_ : searched_;
}

// ---- The search (at most kSearchMaxCards cards) ----

// Memoized depth-first search over the reachable positions, one child per step. Step 1: every
// child is solved (no cut-off: the remoteness needs all of them). Step 2: the mover wins when
// some child is lost for the opponent (even remoteness); the winner takes the quickest such
// child, the loser the slowest child of all. The frame being worked on lives in locals; the
// frames below it (its ancestors) on stack_, and it joins them when the budget runs out.
namespace {

// The search's memory: the whole base-3 table (kUnknown where not solved yet)...
struct ArrayMemo {
  std::uint8_t* table;
  std::uint8_t get(std::uint64_t slot) const { return table[slot]; }
  void set(std::uint64_t slot, std::uint8_t value) { table[slot] = value; }
};

// ... or, for the trial, an open-addressing hash of the positions met: (slot + 1) << 8 | value
// per word, 0 when free, linear probing, at most half full.
struct HashMemo {
  std::uint64_t* words;
  int bits;
  std::uint64_t home(std::uint64_t key) const {
    return (key * 0x9E3779B97F4A7C15ull) >> (64 - bits);
  }
  std::uint8_t get(std::uint64_t slot) const {
    const std::uint64_t key = slot + 1;
    const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
    for (std::uint64_t i = home(key);; i = (i + 1) & mask) {
      const std::uint64_t word = words[i];
      if (word == 0) return kUnknown;
      if ((word >> 8) == key) return static_cast<std::uint8_t>(word);
    }
  }
  void set(std::uint64_t slot, std::uint8_t value) {
    const std::uint64_t key = slot + 1;
    const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
    std::uint64_t i = home(key);
    while (words[i] != 0) i = (i + 1) & mask;  // a position is stored once, when solved
    words[i] = key << 8 | value;
  }
};

}  // namespace

bool ExchangeSolver::advanceSearch(std::uint64_t budget) {
  // Steps: 2 make a unit of work (a position entered and left, as the other solvers count
  // positions). Clearing costs a step per table byte (or hash word); the search a step per
  // position entered or left (each looks at most K(K+1) children).
  std::uint64_t steps = budget > std::numeric_limits<std::uint64_t>::max() / 2
                            ? std::numeric_limits<std::uint64_t>::max()
                            : budget * 2;
  const bool trial = mode_ == Mode::kTrial;
  const std::uint64_t words = trial ? std::uint64_t{1} << hashBits_ : slots_;
  if (trial ? !hash_ : !table_) {
    if (trial)
      hash_.reset(new std::uint64_t[words]);
    else
      table_.reset(new std::uint8_t[words]);
  }
  if (cleared_ < words) {
    const std::uint64_t count = std::min(words - cleared_, steps);
    if (trial)
      std::fill(hash_.get() + cleared_, hash_.get() + cleared_ + count, std::uint64_t{0});
    else
      std::fill(table_.get() + cleared_, table_.get() + cleared_ + count, kUnknown);
    cleared_ += count;
    steps -= count;
    if (cleared_ < words || steps == 0) return false;
  }
  if (!searchStarted_) {
    searchStarted_ = true;
    const ExchangePosition first = start();
    std::uint32_t hands[3] = {0, 0, 0};
    for (int k = 0; k < cards_; ++k) hands[first.owner[k]] |= std::uint32_t{1} << k;
    Frame root;
    root.index = first.index;
    root.put = 0;
    root.mover = hands[0];
    root.other = hands[1];
    root.onTable = hands[2];
    root.toPlay = hands[0];
    root.toTake = 0;
    root.played = 0;
    root.side = 0;
    root.quickestWin = kNoWin;
    root.slowestLoss = 0;
    stack_.reserve(static_cast<std::size_t>(cards_ * (cards_ + 1) / 2 + 2));
    stack_.push_back(root);
    ++searched_;
  }
  const SearchEnd end = trial ? search(HashMemo{hash_.get(), hashBits_}, steps, trialCap_)
                              : search(ArrayMemo{table_.get()}, steps, slots_);
  if (end == SearchEnd::kBudget) return false;
  std::vector<Frame>().swap(stack_);
  if (end == SearchEnd::kDone) {
    complete_ = true;
    return true;
  }
  // Too many positions for the trial: drop it for the sweep, keeping its work in the progress.
  hash_.reset();
  mode_ = Mode::kSweep;
  sweepBase_ = searched_;
  return false;
}

// Memoized depth-first search over the reachable positions, one child per step. Step 1: every
// child is solved (no cut-off: the remoteness needs all of them). Step 2: the mover wins when
// some child is lost for the opponent (even remoteness); the winner takes the quickest such
// child, the loser the slowest child of all. The frame being worked on lives in locals; the
// frames below it (its ancestors) on stack_, and it joins them when the budget runs out.
template <class Memo>
ExchangeSolver::SearchEnd ExchangeSolver::search(Memo memo, std::uint64_t& steps,
                                                 std::uint64_t maxPositions) {
  const std::uint64_t* const power3 = power3_.data();
  const std::uint32_t* const smaller = smaller_.data();
  // The current frame in scalars (kept in registers), its ancestors in stack_.
  std::size_t depth = stack_.size() - 1;
  stack_.resize(static_cast<std::size_t>(cards_ * (cards_ + 1) / 2 + 2));
  Frame* const frames = stack_.data();
  std::uint64_t index = frames[depth].index, put = frames[depth].put;
  std::uint32_t mover = frames[depth].mover, other = frames[depth].other;
  std::uint32_t onTable = frames[depth].onTable, toPlay = frames[depth].toPlay;
  std::uint32_t toTake = frames[depth].toTake;
  int played = frames[depth].played, side = frames[depth].side;
  int quickestWin = frames[depth].quickestWin, slowestLoss = frames[depth].slowestLoss;
  std::uint64_t searched = searched_;
  const auto save = [&] {
    frames[depth] = Frame{index,  put,    mover, other,       onTable,    toPlay,
                          toTake, played, side,  quickestWin, slowestLoss};
  };
  const auto consider = [&](int remoteness) {
    const int moves = remoteness + 1;
    if (remoteness % 2 == 0 && moves < quickestWin) quickestWin = moves;
    if (moves > slowestLoss) slowestLoss = moves;
  };
  for (;;) {
    // Children of the current frame, in order, until one is unknown (descend into it) or none
    // is left (the frame is solved: ascend).
    const std::uint64_t weight = static_cast<std::uint64_t>(2 - side);
    const int childSide = 1 - side;
    bool descend = false;
    std::uint64_t child = 0;
    std::uint32_t newHand = 0, newTable = 0;
    for (;;) {
      if (toTake != 0) {
        const int y = __builtin_ctz(toTake);
        toTake &= toTake - 1;
        const std::uint32_t yBit = std::uint32_t{1} << y;
        child = put - weight * power3[y];
        newHand = (mover & ~(std::uint32_t{1} << played)) | yBit;
        newTable = (onTable | std::uint32_t{1} << played) & ~yBit;
      } else if (toPlay != 0) {
        const int x = __builtin_ctz(toPlay);
        toPlay &= toPlay - 1;
        played = x;
        put = index + weight * power3[x];
        toTake = onTable & smaller[x];
        child = put;
        newHand = mover & ~(std::uint32_t{1} << x);
        newTable = onTable | std::uint32_t{1} << x;
      } else {
        break;
      }
      const std::uint8_t known = memo.get(child * 2 + static_cast<std::uint64_t>(childSide));
      if (known == kUnknown) {
        descend = true;
        break;
      }
      consider(known);
    }
    if (descend) {
      if (searched == maxPositions) {
        searched_ = searched;
        return SearchEnd::kGaveUp;
      }
      save();
      ++depth;
      ++searched;
      index = child;
      mover = other;  // the opponent moves next; the mover's hand becomes newHand
      other = newHand;
      onTable = newTable;
      toPlay = mover;
      toTake = 0;
      side = childSide;
      quickestWin = kNoWin;
      slowestLoss = 0;
    } else {
      const int remoteness = quickestWin != kNoWin ? quickestWin : slowestLoss;
      memo.set(index * 2 + static_cast<std::uint64_t>(side), static_cast<std::uint8_t>(remoteness));
      if (depth == 0) break;
      --depth;
      const Frame& parent = frames[depth];
      index = parent.index;
      put = parent.put;
      mover = parent.mover;
      other = parent.other;
      onTable = parent.onTable;
      toPlay = parent.toPlay;
      toTake = parent.toTake;
      played = parent.played;
      side = parent.side;
      quickestWin = parent.quickestWin;
      slowestLoss = parent.slowestLoss;
      consider(remoteness);
    }
    if (--steps == 0) {
      save();
      stack_.resize(depth + 1);
      searched_ = searched;
      return SearchEnd::kBudget;
    }
  }
  searched_ = searched;
  return SearchEnd::kDone;
}

// ---- The sweep (more than kSearchMaxCards cards) ----

namespace {

// An entry's code from the largest code among its children (see exchange.h): a lost child with
// remoteness r (code 255 - r/2) makes a win in r + 1; when every child is won (the largest has
// remoteness 2c + 1), the loss takes 2c + 2 moves.
inline std::uint8_t codeFromBestChild(std::uint8_t best) {
  return static_cast<std::uint8_t>(254 - best + (best >= 128 ? 1 : 0));
}

// One move shape over the elements t in [begin, end) of a block of n hand cards: the entry of
// the parent's mover holding the `played`-th hand card (index t with a one inserted at bit
// `played`) takes the maximum with the child's entry. The child block indexes the parent's
// opponent's cards: without a take, the complement of t in n - 1 bits; with a taken card that
// has `below` hand cards under it, the complement in n bits of t with a one inserted at bit
// `below` (the taken card becomes the parent's mover's, so the child's mover does not hold it).
// Within a run of 2^min(played, below) consecutive t both indices are consecutive: the parent's
// ascending, the child's descending.
void applyShapeScalar(std::uint8_t* const parent, const std::uint8_t* const child, int n,
                      int played, int below, std::uint64_t begin, std::uint64_t end) {
  const bool takes = below >= 0;
  const int low = takes ? below : played;
  const std::uint64_t run = std::uint64_t{1} << low;
  const std::uint64_t playedBit = std::uint64_t{1} << played;
  const std::uint64_t playedMask = playedBit - 1;
  const std::uint64_t childTop =
      takes ? (std::uint64_t{1} << n) - 1 : (std::uint64_t{1} << (n - 1)) - 1;
  const std::uint64_t belowMask = run - 1;
  for (std::uint64_t t = begin; t < end;) {
    const std::uint64_t length = std::min(run - (t & (run - 1)), end - t);
    const std::uint64_t a = ((t & ~playedMask) << 1) | playedBit | (t & playedMask);
    const std::uint64_t c =
        childTop - (takes ? ((t & ~belowMask) << 1) | run | (t & belowMask) : t);
    std::uint8_t* const out = parent + a;
    const std::uint8_t* const in = child + c;
    for (std::uint64_t j = 0; j < length; ++j) {
      const std::uint8_t value = in[-static_cast<std::ptrdiff_t>(j)];
      if (value > out[j]) out[j] = value;
    }
    t += length;
  }
}

using ShapeKernel = void (*)(std::uint8_t*, const std::uint8_t*, int, int, int, std::uint64_t,
                             std::uint64_t);

// insert1(t, b): t with a one inserted at bit b.
inline std::uint64_t insert1(std::uint64_t t, int b) {
  const std::uint64_t mask = (std::uint64_t{1} << b) - 1;
  return ((t & ~mask) << 1) | (std::uint64_t{1} << b) | (t & mask);
}

#ifdef GS_EXCHANGE_SSSE3
// The same, 16 values of t at a time, for the aligned groups of 16 (n >= 5). Within a group:
//   - the child's 16 entries are, for a take with below < 4, the bytes of one 32-byte span
//     whose offsets have bit `below` clear, in reverse (one shuffle per half); otherwise 16
//     consecutive bytes in reverse;
//   - the parent's 16 entries are 16 consecutive bytes when played >= 4, otherwise the bytes
//     of one 32-byte span whose offsets have bit `played` set: the child's values are spread
//     there by interleaving with zeros (a maximum with 0 leaves the other bytes alone).
// kPlayed: the played position when below 4, else 4 (the parent's entries are consecutive);
// kSpread: a take with below < 4 (the child's entries are spread over 32 bytes).
template <int kPlayed, bool kSpread>
__attribute__((target("ssse3"))) void applyShapeSsse3(std::uint8_t* const parent,
                                                      const std::uint8_t* const child, int n,
                                                      int played, int below, std::uint64_t begin,
                                                      std::uint64_t end) {
  const bool takes = below >= 0;
  const std::uint64_t childTop =
      takes ? (std::uint64_t{1} << n) - 1 : (std::uint64_t{1} << (n - 1)) - 1;
  alignas(16) std::uint8_t pickLow[16], pickHigh[16];
  if (kSpread) {
    for (int j = 0; j < 16; ++j) {
      const int offset = 31 - static_cast<int>(insert1(static_cast<std::uint64_t>(j), below));
      pickLow[j] = static_cast<std::uint8_t>(offset < 16 ? offset : 0x80);
      pickHigh[j] = static_cast<std::uint8_t>(offset >= 16 ? offset - 16 : 0x80);
    }
  }
  const __m128i reverse = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
  const __m128i low = _mm_load_si128(reinterpret_cast<const __m128i*>(pickLow));
  const __m128i high = _mm_load_si128(reinterpret_cast<const __m128i*>(pickHigh));
  const __m128i zero = _mm_setzero_si128();
  const auto load = [](const std::uint8_t* at) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
  };
  const auto store = [](std::uint8_t* at, __m128i value) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(at), value);
  };
  // Both sides' addresses are linear in t within runs: the parent's everywhere when played < 4
  // (32 bytes a group), else within runs of 2^played; the child's everywhere unless a take with
  // below >= 4, then within runs of 2^below. Walk the runs, and groups of 16 inside them.
  const int parentBits = kPlayed < 4 ? 62 : played;
  const int childBits = !kSpread && takes ? below : 62;
  const std::uint64_t run = std::uint64_t{1} << std::min(parentBits, childBits);
  for (std::uint64_t t = begin; t < end;) {
    const std::uint64_t runEnd = std::min(end, (t | (run - 1)) + 1);
    const std::uint8_t* in = kSpread ? child + (childTop - 2 * t - 31)
                                     : child + (childTop - (takes ? insert1(t, below) : t) - 15);
    std::uint8_t* out = kPlayed < 4 ? parent + 2 * t : parent + insert1(t, played);
    for (; t < runEnd; t += 16) {
      __m128i values;
      if (kSpread) {
        values =
            _mm_or_si128(_mm_shuffle_epi8(load(in), low), _mm_shuffle_epi8(load(in + 16), high));
        in -= 32;
      } else {
        values = _mm_shuffle_epi8(load(in), reverse);
        in -= 16;
      }
      if (kPlayed >= 4) {
        store(out, _mm_max_epu8(load(out), values));
        out += 16;
      } else {
        __m128i first, second;
        if (kPlayed == 0) {
          first = _mm_unpacklo_epi8(zero, values);
          second = _mm_unpackhi_epi8(zero, values);
        } else if (kPlayed == 1) {
          first = _mm_unpacklo_epi16(zero, values);
          second = _mm_unpackhi_epi16(zero, values);
        } else if (kPlayed == 2) {
          first = _mm_unpacklo_epi32(zero, values);
          second = _mm_unpackhi_epi32(zero, values);
        } else {
          first = _mm_unpacklo_epi64(zero, values);
          second = _mm_unpackhi_epi64(zero, values);
        }
        store(out, _mm_max_epu8(load(out), first));
        store(out + 16, _mm_max_epu8(load(out + 16), second));
        out += 32;
      }
    }
  }
}

ShapeKernel ssse3Kernel(int played, int below) {
  static const ShapeKernel kernels[5][2] = {
      {applyShapeSsse3<0, false>, applyShapeSsse3<0, true>},
      {applyShapeSsse3<1, false>, applyShapeSsse3<1, true>},
      {applyShapeSsse3<2, false>, applyShapeSsse3<2, true>},
      {applyShapeSsse3<3, false>, applyShapeSsse3<3, true>},
      {applyShapeSsse3<4, false>, applyShapeSsse3<4, true>},
  };
  return kernels[played < 4 ? played : 4][below >= 0 && below < 4 ? 1 : 0];
}

bool hasSsse3() {
  static const bool supported = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3") != 0;
  }();
  return supported;
}
#endif

// The portable kernel, 8 values of t at a time in 64-bit words (SIMD within a register), for
// builds without SSSE3 (WebAssembly without SIMD, say). The same plan as applyShapeSsse3 with
// groups of 8: the child's 8 entries are 8 consecutive bytes in reverse, or, for a take with
// below < 3, the bytes of a 16-byte span whose offsets have bit `below` clear, in reverse; the
// parent's 8 entries are 8 consecutive bytes when played >= 3, else spread over 16 bytes.
// Little-endian words (x86, WebAssembly): byte k of a word is the k-th byte in memory.
inline std::uint64_t loadWord(const std::uint8_t* at) {
  std::uint64_t word;
  std::memcpy(&word, at, sizeof word);
  return word;
}

inline void storeWord(std::uint8_t* at, std::uint64_t word) {
  std::memcpy(at, &word, sizeof word);
}

// Bytewise unsigned maximum: d's high bit per byte says low7(x) >= low7(y) (no borrow crosses a
// byte: each byte computes (x | 0x80) - (y & 0x7f) >= 1); the high bits decide the rest.
inline std::uint64_t maxBytes(std::uint64_t x, std::uint64_t y) {
  constexpr std::uint64_t kHigh = 0x8080808080808080ull;
  const std::uint64_t d = (x | kHigh) - (y & ~kHigh);
  const std::uint64_t atLeast = ((x & ~y) | (~(x ^ y) & d)) & kHigh;
  const std::uint64_t mask = (atLeast >> 7) * 0xFF;
  return (x & mask) | (y & ~mask);
}

// The 4 groups of 2^b bytes of `word` whose offsets have bit b set, packed into the low half.
template <int kBits>
inline std::uint64_t compressHalf(std::uint64_t word) {
  if (kBits == 0) {
    std::uint64_t v = (word >> 8) & 0x00FF00FF00FF00FFull;
    v = (v | (v >> 8)) & 0x0000FFFF0000FFFFull;
    return (v | (v >> 16)) & 0xFFFFFFFFull;
  }
  if (kBits == 1) {
    const std::uint64_t v = (word >> 16) & 0x0000FFFF0000FFFFull;
    return (v | (v >> 16)) & 0xFFFFFFFFull;
  }
  return word >> 32;
}

// The inverse: the low 4 bytes of `half` spread to the groups of 2^b bytes whose offsets have
// bit b set; zeros elsewhere.
template <int kBits>
inline std::uint64_t expandHalf(std::uint64_t half) {
  half &= 0xFFFFFFFFull;
  if (kBits == 0) {
    std::uint64_t v = (half | (half << 16)) & 0x0000FFFF0000FFFFull;
    v = (v | (v << 8)) & 0x00FF00FF00FF00FFull;
    return v << 8;
  }
  if (kBits == 1) return ((half | (half << 16)) & 0x0000FFFF0000FFFFull) << 16;
  return half << 32;
}

// kPlayed: the played position when below 3, else 3 (the parent's entries are consecutive);
// kSpread: 0..2 for a take with that `below` (the child's entries are spread), -1 otherwise.
template <int kPlayed, int kSpread>
void applyShapeWords(std::uint8_t* const parent, const std::uint8_t* const child, int n, int played,
                     int below, std::uint64_t begin, std::uint64_t end) {
  const bool takes = below >= 0;
  const std::uint64_t childTop =
      takes ? (std::uint64_t{1} << n) - 1 : (std::uint64_t{1} << (n - 1)) - 1;
  const int parentBits = kPlayed < 3 ? 62 : played;
  const int childBits = kSpread < 0 && takes ? below : 62;
  const std::uint64_t run = std::uint64_t{1} << std::min(parentBits, childBits);
  for (std::uint64_t t = begin; t < end;) {
    const std::uint64_t runEnd = std::min(end, (t | (run - 1)) + 1);
    const std::uint8_t* in = kSpread >= 0
                                 ? child + (childTop - 2 * t - 15)
                                 : child + (childTop - (takes ? insert1(t, below) : t) - 7);
    std::uint8_t* out = kPlayed < 3 ? parent + 2 * t : parent + insert1(t, played);
    for (; t < runEnd; t += 8) {
      std::uint64_t values;
      if (kSpread >= 0) {
        // Reversed span: byte k of (low, high) is span[15 - k]; keep offsets with bit set.
        const std::uint64_t low = __builtin_bswap64(loadWord(in + 8));
        const std::uint64_t high = __builtin_bswap64(loadWord(in));
        values = compressHalf < kSpread < 0                     ? 0
                 : kSpread > (low) | compressHalf < kSpread < 0 ? 0
                                                                : kSpread > (high) << 32;
        in -= 16;
      } else {
        values = __builtin_bswap64(loadWord(in));
        in -= 8;
      }
      if (kPlayed >= 3) {
        storeWord(out, maxBytes(loadWord(out), values));
        out += 8;
      } else {
        storeWord(out, maxBytes(loadWord(out), expandHalf<kPlayed>(values)));
        storeWord(out + 8, maxBytes(loadWord(out + 8), expandHalf<kPlayed>(values >> 32)));
        out += 16;
      }
    }
  }
}

ShapeKernel wordKernel(int played, int below) {
  static const ShapeKernel kernels[4][4] = {
      {applyShapeWords<0, -1>, applyShapeWords<0, 0>, applyShapeWords<0, 1>, applyShapeWords<0, 2>},
      {applyShapeWords<1, -1>, applyShapeWords<1, 0>, applyShapeWords<1, 1>, applyShapeWords<1, 2>},
      {applyShapeWords<2, -1>, applyShapeWords<2, 0>, applyShapeWords<2, 1>, applyShapeWords<2, 2>},
      {applyShapeWords<3, -1>, applyShapeWords<3, 0>, applyShapeWords<3, 1>, applyShapeWords<3, 2>},
  };
  return kernels[played < 3 ? played : 3][below >= 0 && below < 3 ? below + 1 : 0];
}

// Runs `kernel` over the whole groups of `group` values of t in [begin, end), the byte loop over
// the rest.
void applyInGroups(ShapeKernel kernel, std::uint64_t group, std::uint8_t* parent,
                   const std::uint8_t* child, int n, int played, int below, std::uint64_t begin,
                   std::uint64_t end) {
  const std::uint64_t groupsBegin = std::min(end, (begin + group - 1) & ~(group - 1));
  const std::uint64_t groupsEnd = std::max(groupsBegin, end & ~(group - 1));
  if (begin < groupsBegin) applyShapeScalar(parent, child, n, played, below, begin, groupsBegin);
  if (groupsBegin < groupsEnd) kernel(parent, child, n, played, below, groupsBegin, groupsEnd);
  if (groupsEnd < end) applyShapeScalar(parent, child, n, played, below, groupsEnd, end);
}

void applyShape(std::uint8_t* const parent, const std::uint8_t* const child, int n, int played,
                int below, std::uint64_t begin, std::uint64_t end, bool portable) {
#ifdef GS_EXCHANGE_SSSE3
  if (!portable && n >= 5 && hasSsse3()) {
    applyInGroups(ssse3Kernel(played, below), 16, parent, child, n, played, below, begin, end);
    return;
  }
#else
  (void)portable;
#endif
  if (n >= 4) {
    applyInGroups(wordKernel(played, below), 8, parent, child, n, played, below, begin, end);
    return;
  }
  applyShapeScalar(parent, child, n, played, below, begin, end);
}

}  // namespace

// Starts the block T = block_: assigns its place and lists its move shapes.
void ExchangeSolver::beginBlock() {
  const std::uint32_t table = block_;
  const int n = cards_ - __builtin_popcount(table);
  handCards_ = n;
  offsets_[table] = static_cast<std::uint32_t>(nextOffset_);
  nextOffset_ += std::uint64_t{1} << n;
  shapes_.clear();
  const std::uint32_t all = static_cast<std::uint32_t>((std::uint64_t{1} << cards_) - 1);
  const std::uint32_t hands = all & ~table;
  int played = 0;
  for (std::uint32_t rest = hands; rest != 0; rest &= rest - 1, ++played) {
    const int x = __builtin_ctz(rest);
    const std::uint32_t put = table | std::uint32_t{1} << x;
    shapes_.push_back({offsets_[put], played, -1});
    const std::uint32_t takeable = table & ((std::uint32_t{1} << lowEnd_[x]) - 1);
    for (std::uint32_t take = takeable; take != 0; take &= take - 1) {
      const int y = __builtin_ctz(take);
      const int below = __builtin_popcount(hands & ((std::uint32_t{1} << y) - 1));
      shapes_.push_back({offsets_[put & ~(std::uint32_t{1} << y)], played, below});
    }
  }
  pass_ = 0;
  cursor_ = 0;
  inBlock_ = true;
}

bool ExchangeSolver::advanceSweep(std::uint64_t budget) {
  // Elements: an entry cleared or coded, or a child looked up; 16 make a unit of work.
  std::uint64_t steps = budget > std::numeric_limits<std::uint64_t>::max() / 16
                            ? std::numeric_limits<std::uint64_t>::max()
                            : budget * 16;
  if (!blocks_) {
    blocks_.reset(new std::uint8_t[sweepTotal_]);
    offsets_.reset(new std::uint32_t[std::size_t{1} << cards_]);
  }
  for (;;) {
    if (!inBlock_) {
      // The next block at or below block_ with enough table cards, or the end.
      while (__builtin_popcount(block_) < minTable_) {
        if (block_ <= firstTable_) break;
        --block_;
        if (steps == 0) return false;
        --steps;
      }
      if (block_ < firstTable_ || __builtin_popcount(block_) < minTable_) {
        complete_ = true;
        std::vector<MoveShape>().swap(shapes_);
        return true;
      }
      beginBlock();
    }
    const int n = handCards_;
    std::uint8_t* const entries = blocks_.get() + offsets_[block_];
    const std::uint64_t size = std::uint64_t{1} << n;
    while (pass_ <= shapes_.size() + 1) {
      if (steps == 0) return false;
      const bool isShape = pass_ >= 1 && pass_ <= shapes_.size();
      const std::uint64_t length = isShape ? size / 2 : size;
      const std::uint64_t end = cursor_ + std::min(length - cursor_, steps);
      if (pass_ == 0) {
        std::fill(entries + cursor_, entries + end, std::uint8_t{0});
      } else if (isShape) {
        const MoveShape& shape = shapes_[pass_ - 1];
        applyShape(entries, blocks_.get() + shape.child, n, shape.played, shape.below, cursor_, end,
                   portable_);
      } else {
        for (std::uint64_t s = cursor_; s < end; ++s) entries[s] = codeFromBestChild(entries[s]);
        // A mover without cards has no move: lost, remoteness 0.
        if (cursor_ == 0) entries[0] = 255;
      }
      steps -= end - cursor_;
      cursor_ = end;
      if (cursor_ == length) {
        ++pass_;
        cursor_ = 0;
      }
    }
    inBlock_ = false;
    sweptEntries_ += size;
    if (block_ == firstTable_) {
      complete_ = true;
      std::vector<MoveShape>().swap(shapes_);
      return true;
    }
    --block_;
  }
}

SolvedState ExchangeSolver::solvedState() const {
  SolvedState state;
  state.header = HeaderWriter()
                     .put(boardFingerprint())
                     .put(mode_)
                     .put(searched_)
                     .put(sweepBase_)
                     .put(sweptEntries_)
                     .put(hashBits_)
                     .take();
  if (mode_ == Mode::kSearch) {
    state.regions.push_back(constRegion(table_.get(), slots_));
  } else if (mode_ == Mode::kTrial) {
    state.regions.push_back(constRegion(hash_.get(), std::uint64_t{1} << hashBits_));
  } else {
    state.regions.push_back(constRegion(blocks_.get(), sweepTotal_));
    state.regions.push_back(constRegion(offsets_.get(), std::uint64_t{1} << cards_));
  }
  return state;
}

std::optional<std::vector<Region>> ExchangeSolver::prepareAdoption(
    const std::vector<std::uint8_t>& header) {
  Mode mode = Mode::kSearch;
  std::uint64_t searched = 0, sweepBase = 0, sweptEntries = 0;
  int hashBits = 0;
  HeaderReader reader(header);
  reader.expect(boardFingerprint())
      .get(mode)
      .get(searched)
      .get(sweepBase)
      .get(sweptEntries)
      .get(hashBits);
  // The same solver as this board's own would have run: the search, or the trial (with the same
  // hash size) or the sweep after it.
  const bool fits = mode_ == Mode::kSearch
                        ? mode == Mode::kSearch
                        : (mode == Mode::kTrial && hashBits == hashBits_) || mode == Mode::kSweep;
  if (!reader.ok() || !fits || table_ || hash_ || blocks_ || searchStarted_) return std::nullopt;
  // The counts and the mode take effect in finishAdoption(): a board whose adoption is
  // abandoned (the worker stopped) solves itself from the start (its tables are cleared or
  // written before they are read).
  adopted_ = Adopted{mode, searched, sweepBase, sweptEntries};
  if (mode == Mode::kSearch) {
    table_.reset(new std::uint8_t[slots_]);
    return std::vector<Region>{region(table_.get(), slots_)};
  }
  if (mode == Mode::kTrial) {
    const std::uint64_t words = std::uint64_t{1} << hashBits_;
    hash_.reset(new std::uint64_t[words]);
    return std::vector<Region>{region(hash_.get(), words)};
  }
  blocks_.reset(new std::uint8_t[sweepTotal_]);
  offsets_.reset(new std::uint32_t[std::size_t{1} << cards_]);
  return std::vector<Region>{region(blocks_.get(), sweepTotal_),
                             region(offsets_.get(), std::uint64_t{1} << cards_)};
}

std::uint64_t ExchangeSolver::boardFingerprint() const {
  return fingerprint(board_.cards,
                     fingerprint(std::vector<int>{board_.takahashi, board_.aoki, board_.table}));
}

void ExchangeSolver::finishAdoption() {
  mode_ = adopted_.mode;
  searched_ = adopted_.searched;
  sweepBase_ = adopted_.sweepBase;
  sweptEntries_ = adopted_.sweptEntries;
  cleared_ = mode_ == Mode::kSearch  ? slots_
             : mode_ == Mode::kTrial ? std::uint64_t{1} << hashBits_
                                     : cleared_;
  searchStarted_ = true;
  complete_ = true;
}

int ExchangeSolver::remoteness(const ExchangePosition& position) const {
  const std::uint64_t slot = position.index * 2 + static_cast<std::uint64_t>(position.side);
  if (mode_ == Mode::kSearch) return table_[slot];
  if (mode_ == Mode::kTrial) return HashMemo{hash_.get(), hashBits_}.get(slot);
  std::uint32_t table = 0, mover = 0;
  int hand = 0;
  for (int j = 0; j < cards_; ++j) {
    const int owner = position.owner[static_cast<std::size_t>(byValue_[j])];
    if (owner == 2) {
      table |= std::uint32_t{1} << j;
    } else {
      if (owner == position.side) mover |= std::uint32_t{1} << hand;
      ++hand;
    }
  }
  const std::uint8_t code = blocks_[offsets_[table] + mover];
  return code >= 128 ? 2 * (255 - code) : 2 * code + 1;
}

ExchangePosition ExchangeSolver::start() const {
  ExchangePosition position;
  const int cards = board_.cardCount();
  position.owner.resize(static_cast<std::size_t>(cards));
  for (int k = 0; k < cards; ++k) {
    position.owner[k] = static_cast<std::uint8_t>(board_.initialOwner(k));
    position.index += position.owner[k] * power3_[k];
  }
  return position;
}

Value ExchangeSolver::value(const ExchangePosition& position) const {
  Value value;
  value.remoteness = remoteness(position);
  value.win = value.remoteness % 2 == 1;
  return value;
}

ExchangeRule ExchangeSolver::rule(const ExchangePosition& position, const Move& move) const {
  const int cards = board_.cardCount();
  if (move.a < 0 || move.a >= cards) return ExchangeRule::kNoSuchCard;
  if (position.owner[move.a] != position.side) return ExchangeRule::kNotInHand;
  if (move.b == -1) return ExchangeRule::kLegal;
  if (move.b < 0 || move.b >= cards) return ExchangeRule::kNoSuchTakenCard;
  if (position.owner[move.b] != 2) return ExchangeRule::kNotOnTable;
  if (!(board_.cards[move.b] < board_.cards[move.a])) return ExchangeRule::kNotSmaller;
  return ExchangeRule::kLegal;
}

ExchangePosition ExchangeSolver::play(const ExchangePosition& position, const Move& move) const {
  ExchangePosition child = position;
  const std::uint64_t weight = static_cast<std::uint64_t>(2 - position.side);
  child.owner[move.a] = 2;
  child.index += weight * power3_[move.a];
  if (move.b != -1) {
    child.owner[move.b] = static_cast<std::uint8_t>(position.side);
    child.index -= weight * power3_[move.b];
  }
  child.side = 1 - position.side;
  return child;
}

std::vector<MoveValue> ExchangeSolver::moves(const ExchangePosition& position) const {
  std::vector<MoveValue> result;
  const int cards = board_.cardCount();
  for (int x = 0; x < cards; ++x) {
    if (position.owner[x] != position.side) continue;
    for (int y = -1; y < cards; ++y) {
      const Move move{x, y};
      if (y != -1 && !isLegal(position, move)) continue;
      const ExchangePosition child = play(position, move);
      MoveValue entry;
      entry.move = move;
      const int childRemoteness = remoteness(child);
      entry.value.win = childRemoteness % 2 == 0;
      entry.value.remoteness = childRemoteness + 1;
      result.push_back(entry);
    }
  }
  const Value best = value(position);
  for (MoveValue& entry : result) entry.best = entry.value == best;
  return result;
}

}  // namespace gs
