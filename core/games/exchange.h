// exchange — AtCoder ABC380 F "Exchange Game".
//
// Rules. Takahashi holds N cards, Aoki M cards, and L cards lie on the table; all are visible.
// Takahashi moves first. A move puts one card from the mover's hand on the table; then, if the
// table holds a card strictly smaller than the card just put down, the mover may take one such
// card into their hand. A player whose hand is empty on their turn loses.
//
// State encoding. Cards keep their input order: Takahashi's A1..AN are cards 0..N-1, Aoki's
// B1..BM follow, then the table's C1..CL. A position is the owner of every card, as a base-3
// number, plus the side to move:
//
//     card k:        0     1     2    ...  K-1
//     owner digit:  d0    d1    d2         d(K-1)      d = 0 Takahashi, 1 Aoki, 2 table
//     index = sum_k d_k * 3^k;   slot = index * 2 + side (0 Takahashi to move, 1 Aoki)
//
// Putting card x down adds (2 - side) * 3^x to the index; taking card y back subtracts it again.
//
// Values. The table stores one byte per slot: the remoteness r (moves until the game ends with
// the winner hurrying and the loser delaying). The mover wins exactly when r is odd (the mover
// then makes the last move). r is bounded: every move strictly lowers the sum, over both hands,
// of the cards' value ranks, so a game of K cards lasts at most K(K+1)/2 <= 210 moves (K <= 20).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../game.h"
#include "../judge_text.h"
#include "../solve_progress.h"

namespace gs {

struct ExchangeBoard {
  static constexpr int kMaxCards = 20;                   // N + M + L
  static constexpr int kJudgeMaxCards = 12;              // the judge's limit of N + M + L
  static constexpr std::int64_t kMaxCardValue = 1000000000;

  int takahashi = 0;  // N
  int aoki = 0;       // M
  int table = 0;      // L
  std::vector<std::int64_t> cards;  // N + M + L values in input order

  int cardCount() const { return takahashi + aoki + table; }
  // "A2" (Takahashi's second card), "B1" (Aoki's first), "C3" (the table's third).
  std::string cardName(int card) const;
  // Initial owner of a card: 0 Takahashi, 1 Aoki, 2 table.
  int initialOwner(int card) const { return card < takahashi ? 0 : card < takahashi + aoki ? 1 : 2; }
};

std::uint64_t exchangePositionCount(int cards);  // 2 * 3^cards, saturating
std::uint64_t exchangeMemoryNeeded(int cards);

Expected<ExchangeBoard> parseExchange(std::string_view text, const SolveLimits& limits);
std::string formatExchange(const ExchangeBoard& board);
// "Takahashi\n" or "Aoki\n": the winner of the game.
std::string formatExchangeAnswer(bool takahashiWins);

struct ExchangePosition {
  std::vector<std::uint8_t> owner;  // per card: 0 Takahashi, 1 Aoki, 2 table
  std::uint64_t index = 0;          // base-3 owner pattern
  int side = 0;                     // 0 Takahashi to move, 1 Aoki
};

// Why a move is not legal (kLegal when it is): the rule, in one place.
enum class ExchangeRule {
  kLegal,
  kNoSuchCard,       // the card put down does not exist
  kNotInHand,        // it is not in the mover's hand
  kNoSuchTakenCard,  // the card taken does not exist
  kNotOnTable,       // it is not on the table
  kNotSmaller,       // it is not strictly smaller than the card put down
};

class ExchangeSolver {
 public:
  explicit ExchangeSolver(ExchangeBoard board);
  // Prepares the board; the positions are solved by advance().
  ExchangeSolver(ExchangeBoard board, DeferSolve);
  // Solves about `budget` positions; true once every reachable position is solved.
  bool advance(std::uint64_t budget);
  bool solved() const { return solved_flag_; }
  SolveProgress progress() const { return {solved_, solved_flag_ ? solved_ : 1, solved_flag_}; }

  const ExchangeBoard& board() const { return board_; }
  std::uint64_t positionsSolved() const { return solved_; }

  ExchangePosition start() const;
  // Win/loss for the side to move and the remoteness.
  Value value(const ExchangePosition& position) const;
  ExchangeRule rule(const ExchangePosition& position, const Move& move) const;
  bool isLegal(const ExchangePosition& position, const Move& move) const {
    return rule(position, move) == ExchangeRule::kLegal;
  }
  // Legal moves in the fixed order: played card ascending; for each, keeping nothing first, then
  // the taken card ascending. The value is the mover's.
  std::vector<MoveValue> moves(const ExchangePosition& position) const;
  // Precondition: isLegal(position, move).
  ExchangePosition play(const ExchangePosition& position, const Move& move) const;

 private:
  std::uint8_t remoteness(std::uint64_t index, int side) const {
    return table_[index * 2 + static_cast<std::uint64_t>(side)];
  }
  std::uint8_t solve(std::uint64_t index, int side, std::uint32_t hand0, std::uint32_t hand1,
                     std::uint32_t onTable);

  ExchangeBoard board_;
  std::vector<std::uint64_t> power3_;
  std::vector<std::uint32_t> smaller_;  // per card: the set of cards with a strictly smaller value
  std::vector<std::uint8_t> table_;     // remoteness per slot; kUnknown before solving
  std::uint64_t solved_ = 0;
  bool solved_flag_ = false;
};

}  // namespace gs
