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
//
// Two solvers share that meaning.
//
// Up to kSearchMaxCards cards (the judge's sizes): a depth-first search over the reachable
// positions only, with an explicit stack (so it can stop between positions), in the base-3 table
// above (2 * 3^K bytes, at most 1 MiB).
//
// Larger games: first a trial of the same search, its positions in a small hash, for at most
// kTrialMaxPositions positions (and 1/1024 of the sweep's entries): games with few reachable
// positions (a hand of one or two cards, say) end there. Otherwise the trial is dropped for a
// sweep over every position that can follow the start, in an order where each position comes
// after all of its children, with the table laid out so that the sweep streams.
//   - Cards are renumbered by value (ties by input order). Let T be the set of table cards in
//     that numbering, as a K-bit mask: a move adds the card x put down and removes the card y
//     taken, which is smaller (y < x), so T strictly increases. Positions are swept by T from the
//     full table down to the start's T0; a child is always in a block already done.
//   - Cards never leave the table without another arriving, so |T| never drops below L, the
//     start's table size: only blocks with T >= T0 and |T| >= L exist.
//   - The game is the same for both players, so a position is stored once, from the mover's
//     view: block T holds 2^n bytes (n = K - |T| cards in hands), indexed by the set of the
//     mover's cards among the n hand cards (bit j: the j-th smallest hand card). One entry
//     serves "Takahashi to move with these cards" and "Aoki to move with these cards".
//   - For a fixed move shape (put down the j-th hand card; take nothing, or take table card y)
//     the children of a whole block sit in one child block, in the same order reversed (the
//     child's mover holds exactly the parent's opponent's cards): each move shape is a
//     streaming pass of byte maxima over runs of consecutive entries (SSSE3 where available).
//   - Entries are encoded so that the mover's best child is the largest byte: a child lost for
//     its mover with remoteness r is 255 - r/2, one won with remoteness r is (r - 1)/2.
// Memory past 12 cards: the blocks (at most 3^K bytes, fewer with more table cards), 4 bytes per
// T mask and the trial's hash (2 MiB at most); exchangeMemoryNeeded(N, M, L) counts them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/judge_text.h"
#include "game.h"
#include "solve_progress.h"

namespace gs {

struct ExchangeBoard {
  static constexpr int kMaxCards = 20;       // N + M + L
  static constexpr int kJudgeMaxCards = 12;  // the judge's limit of N + M + L
  static constexpr std::int64_t kMaxCardValue = 1000000000;

  int takahashi = 0;                // N
  int aoki = 0;                     // M
  int table = 0;                    // L
  std::vector<std::int64_t> cards;  // N + M + L values in input order

  int cardCount() const { return takahashi + aoki + table; }
  // "A2" (Takahashi's second card), "B1" (Aoki's first), "C3" (the table's third).
  std::string cardName(int card) const;
  // Initial owner of a card: 0 Takahashi, 1 Aoki, 2 table.
  int initialOwner(int card) const {
    return card < takahashi ? 0 : card < takahashi + aoki ? 1 : 2;
  }
};

std::uint64_t exchangePositionCount(int cards);  // 2 * 3^cards, saturating
// Bytes of the search's table for `cards` cards (2 * 3^cards): an upper bound for any split.
std::uint64_t exchangeMemoryNeeded(int cards);
// Bytes the solver needs for this split: the search's table up to kSearchMaxCards cards, past
// them the sweep's blocks (one byte per entry of every block with at least `table` table
// cards: sum over t >= L of C(K, t) 2^(K - t), at most 3^K), its 4-byte offset per T mask, and
// the trial's hash (at most 2 MiB).
std::uint64_t exchangeMemoryNeeded(int takahashi, int aoki, int table);

Expected<ExchangeBoard> parseExchange(std::string_view text, const SolveLimits& limits);
// Its refusals of a board with too many cards or past the budget (exchange_game.cpp's
// translations() lists them).
inline constexpr Phrase kExchangeTooManyCards{"N + M + L must be at most {N1}, found {N2}",
                                              "N + M + L 最多为 {N1}，实际为 {N2}"};
inline constexpr Phrase kExchangeOverBudget{
    "{N1} cards make 2 x 3^{N2} = {N3} positions and need {SIZE} to solve, over the memory "
    "budget of {BUDGET}",
    "{N1} 张牌共有 2 \xC3\x97 3^{N2} = {N3} 个局面，求解需要 {SIZE}，超出内存预算 {BUDGET}"};

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
  // Games of at most this many cards are solved by the search over reachable positions.
  static constexpr int kSearchMaxCards = 12;
  // Past them, a trial search (positions kept in a hash) runs first, for at most this many
  // positions and 1/1024 of the sweep's entries; games it finishes skip the sweep.
  static constexpr std::uint64_t kTrialMaxPositions = std::uint64_t{1} << 17;

  // Which solver: kAuto picks the search up to kSearchMaxCards cards, and past them the trial
  // search, then the sweep if the trial gives up; the others force the search (with the whole
  // base-3 table) or the sweep (tests and benchmarks compare them; all give the same values).
  // kSweepPortable: the sweep with the portable kernel (64-bit words), which builds without
  // SSSE3 use.
  enum class Method { kAuto, kSearch, kSweep, kSweepPortable };

  // Solves the whole game.
  explicit ExchangeSolver(ExchangeBoard board);
  // Prepares the board without solving (O(K)); advance() until it returns true before asking
  // for values.
  ExchangeSolver(ExchangeBoard board, DeferSolve, Method method = Method::kAuto);

  // Does about `budget` more units of work (a unit is one position of the search, or, in the
  // sweep, a position's worth of child look-ups: 16); true once the game is solved (at once when
  // it already was).
  bool advance(std::uint64_t budget);
  bool solved() const { return complete_; }
  // Positions solved so far. The search counts reachable positions, its total is an upper bound
  // (exact = false) until it ends; the sweep's total is exact (after a failed trial, the
  // trial's positions count in both done and total).
  SolveProgress progress() const;

  const ExchangeBoard& board() const { return board_; }
  // Positions whose value the solve computed: the reachable ones for the search (and a trial
  // that finished); for the sweep, two per entry (the entry is the position for either player
  // to move).
  std::uint64_t positionsSolved() const;
  // Whether the sweep solved (or is solving) the game.
  bool usesSweep() const { return mode_ == Mode::kSweep; }

  // Handing the solved game over (core/handover.h): the search's table, the trial's hash, or
  // the sweep's blocks and their offsets.
  void solveForHandover() {}                        // the tables are already compact
  bool prepareSome(std::uint64_t) { return true; }  // its tables are sized by the header
  SolvedState solvedState() const;
  std::optional<std::vector<Region>> prepareAdoption(const std::vector<std::uint8_t>& header);
  void finishAdoption();

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
  // The remoteness of a position given by its owners (per card, input order) and side.
  int remoteness(const ExchangePosition& position) const;

  std::uint64_t boardFingerprint() const;

  // The search.
  struct Frame {
    std::uint64_t index;                  // base-3 owner pattern
    std::uint64_t put;                    // index after putting `played` down
    std::uint32_t mover, other, onTable;  // the mover's hand, the opponent's, the table
    std::uint32_t toPlay;  // cards of the mover's hand not yet put down in this frame
    std::uint32_t toTake;  // table cards still to take with the card `played`
    int played;
    int side;
    int quickestWin, slowestLoss;
  };
  enum class Mode { kSearch, kTrial, kSweep };
  enum class SearchEnd { kDone, kBudget, kGaveUp };
  bool advanceSearch(std::uint64_t budget);
  template <class Memo>
  SearchEnd search(Memo memo, std::uint64_t& steps, std::uint64_t maxPositions);

  // The sweep.
  struct MoveShape {
    std::uint64_t child;  // offset of the child block in table_
    int played;           // position, among the n hand cards, of the card put down
    int below;            // hand cards below the taken card; -1 when nothing is taken
  };
  bool advanceSweep(std::uint64_t budget);
  void beginBlock();

  ExchangeBoard board_;
  int cards_ = 0;
  Mode mode_ = Mode::kSearch;
  bool portable_ = false;  // the sweep's kernel: the portable one even where SSSE3 is available
  bool complete_ = false;
  std::vector<std::uint64_t> power3_;
  std::vector<std::uint32_t> smaller_;  // per card: the set of cards with a strictly smaller value

  // Search state.
  std::unique_ptr<std::uint8_t[]> table_;  // remoteness per slot; kUnknown before solving
  std::uint64_t slots_ = 0;                // 2 * 3^K
  std::uint64_t cleared_ = 0;              // table_ entries (or hash_ words) cleared so far
  // The trial's memory (Mode::kTrial): a hash of 2^hashBits_ words, for trialCap_ positions.
  std::unique_ptr<std::uint64_t[]> hash_;
  int hashBits_ = 0;
  std::uint64_t trialCap_ = 0;
  std::uint64_t sweepBase_ = 0;  // progress units spent before the sweep began
  std::vector<Frame> stack_;
  std::uint64_t searched_ = 0;  // positions entered by the search
  bool searchStarted_ = false;

  // Sweep state.
  std::vector<int> byValue_;      // sorted position -> input card
  std::vector<int> sortedOf_;     // input card -> sorted position
  std::vector<int> lowEnd_;       // sorted position x -> the first sorted position of x's value
  std::uint32_t firstTable_ = 0;  // T0
  int minTable_ = 0;              // L
  std::uint64_t sweepTotal_ = 0;  // entries in all blocks
  std::unique_ptr<std::uint8_t[]> blocks_;    // the blocks, in sweep order
  std::unique_ptr<std::uint32_t[]> offsets_;  // per T mask: offset of its block (once swept)
  std::uint64_t nextOffset_ = 0;              // entries in the blocks begun so far
  std::uint32_t block_ = 0;                   // T of the block being swept
  bool inBlock_ = false;
  int handCards_ = 0;              // n of the current block
  std::vector<MoveShape> shapes_;  // the current block's move shapes
  // The current block's passes: 0 clears it, 1..shapes_.size() apply a move shape each, the
  // last turns the best child into the entry's own code.
  std::size_t pass_ = 0;
  std::uint64_t cursor_ = 0;        // next element of the current pass
  std::uint64_t sweptEntries_ = 0;  // entries in completed blocks

  // An adoption's mode and counts, between prepareAdoption() and finishAdoption().
  struct Adopted {
    Mode mode = Mode::kSearch;
    std::uint64_t searched = 0, sweepBase = 0, sweptEntries = 0;
  };
  Adopted adopted_;
};

}  // namespace gs
