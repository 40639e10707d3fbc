#include "exchange.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace gs {
namespace {

constexpr std::uint8_t kUnknown = 0xFF;

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

std::uint64_t exchangeMemoryNeeded(int cards) { return exchangePositionCount(cards); }

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
    return ParseError{reader.lastLine(), reader.columnOfToken(0),
                      "N + M + L must be at most " + std::to_string(ExchangeBoard::kMaxCards) +
                          ", found " + std::to_string(cards)};
  const std::uint64_t needed = exchangeMemoryNeeded(cards);
  if (needed > limits.memoryBudgetBytes)
    return ParseError{reader.lastLine(), reader.columnOfToken(0),
                      std::to_string(cards) + " cards make 2 x 3^" + std::to_string(cards) + " = " +
                          std::to_string(exchangePositionCount(cards)) + " positions and need " +
                          formatBytes(needed) + " to solve, over the memory budget of " +
                          formatBytes(limits.memoryBudgetBytes)};
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
  advance(std::numeric_limits<std::uint64_t>::max());
}

ExchangeSolver::ExchangeSolver(ExchangeBoard board, DeferSolve) : board_(std::move(board)) {
  const int cards = board_.cardCount();
  power3_.resize(static_cast<std::size_t>(cards) + 1, 1);
  for (int k = 1; k <= cards; ++k) power3_[k] = power3_[k - 1] * 3;
  smaller_.assign(static_cast<std::size_t>(cards), 0);
  for (int x = 0; x < cards; ++x)
    for (int y = 0; y < cards; ++y)
      if (board_.cards[y] < board_.cards[x]) smaller_[x] |= std::uint32_t{1} << y;
}

bool ExchangeSolver::advance(std::uint64_t) {
  if (solved_flag_) return true;
  const int cards = board_.cardCount();
  table_.assign(static_cast<std::size_t>(power3_[cards] * 2), kUnknown);
  const ExchangePosition first = start();
  std::uint32_t hands[3] = {0, 0, 0};
  for (int k = 0; k < cards; ++k) hands[first.owner[k]] |= std::uint32_t{1} << k;
  solve(first.index, 0, hands[0], hands[1], hands[2]);
  solved_flag_ = true;
  return true;
}

// Memoized depth-first search over the reachable positions. Step 1: every child is solved (no
// cut-off: the remoteness needs all of them). Step 2: the mover wins when some child is lost for
// the opponent (even remoteness); the winner takes the quickest such child, the loser the
// slowest child of all.
std::uint8_t ExchangeSolver::solve(std::uint64_t index, int side, std::uint32_t hand0,
                                   std::uint32_t hand1, std::uint32_t onTable) {
  std::uint8_t& slot = table_[index * 2 + static_cast<std::uint64_t>(side)];
  if (slot != kUnknown) return slot;
  ++solved_;
  const std::uint32_t hand = side == 0 ? hand0 : hand1;
  const std::uint64_t weight = static_cast<std::uint64_t>(2 - side);
  int quickestWin = std::numeric_limits<int>::max();
  int slowestLoss = 0;
  auto consider = [&](std::uint8_t child) {
    const int moves = child + 1;
    if (child % 2 == 0) quickestWin = std::min(quickestWin, moves);
    slowestLoss = std::max(slowestLoss, moves);
  };
  for (std::uint32_t rest = hand; rest != 0; rest &= rest - 1) {
    const int x = __builtin_ctz(rest);
    const std::uint32_t bit = std::uint32_t{1} << x;
    const std::uint64_t put = index + weight * power3_[x];
    const std::uint32_t newHand = hand & ~bit;
    const std::uint32_t newTable = onTable | bit;
    consider(side == 0 ? solve(put, 1, newHand, hand1, newTable)
                       : solve(put, 0, hand0, newHand, newTable));
    for (std::uint32_t take = onTable & smaller_[x]; take != 0; take &= take - 1) {
      const int y = __builtin_ctz(take);
      const std::uint32_t yBit = std::uint32_t{1} << y;
      const std::uint64_t taken = put - weight * power3_[y];
      consider(side == 0 ? solve(taken, 1, newHand | yBit, hand1, newTable & ~yBit)
                         : solve(taken, 0, hand0, newHand | yBit, newTable & ~yBit));
    }
  }
  // table_ is never resized, so `slot` still refers to this position's entry.
  slot = static_cast<std::uint8_t>(quickestWin != std::numeric_limits<int>::max() ? quickestWin
                                                                                   : slowestLoss);
  return slot;
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
  value.remoteness = remoteness(position.index, position.side);
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
      const int childRemoteness = remoteness(child.index, child.side);
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
