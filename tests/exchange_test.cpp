// exchange: the rules, the samples, and the base-3 table against a minimax over explicit hands on
// thousands of random small games: win/loss and remoteness of every legal move along random
// lines, and the fixed order of moves that decides ties.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/random.h"
#include "games/exchange/exchange_game.h"
#include "games/exchange/exchange_reference.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "session.h"

namespace gs {
namespace {

Session load(const std::string& text) {
  auto session = Session::fromJudgeInput(exchangeGame(), text);
  EXPECT_TRUE(session.ok()) << session.error().toString();
  return std::move(session.value());
}

std::vector<std::string> moveNames(const Session& session) {
  std::vector<std::string> names;
  for (const MoveValue& move : session.gameBoard().moves())
    names.push_back(session.gameBoard().texts().moveName(move.move));
  return names;
}

TEST(Exchange, TakingIsOptional) {
  // Takahashi: 5. Aoki: 9. Table: 1. Putting 5 down allows taking the 1, or not.
  Session session = load("1 1 1\n5\n9\n1\n");
  EXPECT_EQ(moveNames(session), (std::vector<std::string>{"A1", "A1 takes C1"}));
}

TEST(Exchange, TakeNeedsStrictlySmallerCard) {
  // Table cards 3 (equal) and 4 (larger) cannot be taken after putting down a 3; the 1 can.
  Session session = load("1 1 3\n3\n9\n3 4 1\n");
  EXPECT_EQ(moveNames(session), (std::vector<std::string>{"A1", "A1 takes C3"}));
  EXPECT_EQ(session.play({0, 2}), "card C1 (3) is not smaller than A1 (3)");
  EXPECT_EQ(session.play({0, 3}), "card C2 (4) is not smaller than A1 (3)");
  EXPECT_EQ(session.play({1, -1}), "card B1 is not in Takahashi's hand");
}

TEST(Exchange, EmptyHandLoses) {
  // Takahashi puts his only card down and cannot take (nothing smaller): Aoki moves, then
  // Takahashi has no card: Aoki wins, 2 moves.
  Session session = load("1 1 1\n1\n5\n7\n");
  EXPECT_EQ(session.gameBoard().judge().judgeOutput(), "Aoki\n");
  EXPECT_FALSE(session.gameBoard().value().win);
  EXPECT_EQ(session.gameBoard().value().remoteness, 2);
  ASSERT_EQ(session.play({0, -1}), "");
  ASSERT_EQ(session.play({1, -1}), "");
  EXPECT_TRUE(session.gameBoard().moves().empty());
  EXPECT_EQ(session.gameBoard().value().remoteness, 0);
  EXPECT_FALSE(session.gameBoard().value().win);
  EXPECT_EQ(session.play({0, -1}), "card A1 is not in Takahashi's hand");
}

TEST(Exchange, EqualCardsAreDistinctCards) {
  // Two equal cards on the table: either may be taken (they are different cards).
  Session session = load("1 1 2\n5\n9\n2 2\n");
  EXPECT_EQ(moveNames(session), (std::vector<std::string>{"A1", "A1 takes C1", "A1 takes C2"}));
}

TEST(Exchange, CrossCheckWinLossAndRemotenessOfEveryMoveOnRandomGames) {
  SplitMix64 random(3801);
  int positions = 0, boards = 0;
  for (std::uint64_t seed = 1; boards < 2000; ++seed) {
    const int n = 1 + static_cast<int>(random.next() % 3);
    const int m = 1 + static_cast<int>(random.next() % 3);
    const int l = 1 + static_cast<int>(random.next() % 3);
    if (n + m + l > 7) continue;
    ++boards;
    const ExchangeBoard board = randomExchange(n, m, l, seed % 2 ? 6 : 1000, seed);
    Session session = Session::fromBoard(board);
    reference::ExchangeMinimax minimax(board);
    for (;;) {
      const ExchangePosition& position = *positionOf<ExchangeSolver>(session.gameBoard());
      std::vector<int> owner(position.owner.begin(), position.owner.end());
      const reference::Outcome here = minimax.solve(owner, position.side);
      EXPECT_EQ(session.gameBoard().value().win, here.win) << formatExchange(board);
      EXPECT_EQ(session.gameBoard().value().remoteness, here.remoteness) << formatExchange(board);
      const std::vector<MoveValue> moves = session.gameBoard().moves();
      if (moves.empty()) {
        EXPECT_EQ(here.remoteness, 0);
        break;
      }
      ++positions;
      // Every move's value is the mover's view of the child; the list keeps the fixed order
      // (played card ascending, keeping nothing first, then the taken card ascending).
      for (std::size_t k = 0; k < moves.size(); ++k) {
        if (k > 0) {
          const Move& a = moves[k - 1].move;
          const Move& b = moves[k].move;
          EXPECT_TRUE(a.a < b.a || (a.a == b.a && a.b < b.b));
        }
        std::vector<int> next = owner;
        next[moves[k].move.a] = 2;
        if (moves[k].move.b >= 0) next[moves[k].move.b] = position.side;
        const reference::Outcome child = minimax.solve(next, 1 - position.side);
        EXPECT_EQ(moves[k].value.win, !child.win);
        EXPECT_EQ(moves[k].value.remoteness, child.remoteness + 1);
        EXPECT_EQ(moves[k].best, moves[k].value == session.gameBoard().value());
      }
      // The best move: the first (in that order) that keeps the position's value.
      for (const MoveValue& move : moves)
        if (move.best) {
          EXPECT_EQ(*session.gameBoard().bestMove(), move.move);
          break;
        }
      ASSERT_EQ(session.play(moves[random.next() % moves.size()].move), "");
    }
  }
  EXPECT_GT(positions, 5000);
}

TEST(Exchange, JudgeSizedGamesAgreeWithTheReference) {
  // Twelve cards (the judge's limit) on a handful of games: the root answer only.
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const ExchangeBoard board = randomExchange(4, 4, 4, seed % 2 ? 10 : 1000000000, seed);
    reference::ExchangeMinimax minimax(board);
    std::vector<int> owner;
    for (int k = 0; k < board.cardCount(); ++k) owner.push_back(board.initialOwner(k));
    const reference::Outcome root = minimax.solve(owner, 0);
    Session session = Session::fromBoard(board);
    EXPECT_EQ(session.gameBoard().judge().judgeOutput(), root.win ? "Takahashi\n" : "Aoki\n");
    EXPECT_EQ(session.gameBoard().value().remoteness, root.remoteness);
  }
}

TEST(Exchange, TwentyCardsWithSmallHandsFitTheBudget) {
  // Past 12 cards the memory check counts the sweep's blocks, which only hold positions with at
  // least L table cards: 2 + 2 + 16 needs a few MiB (2 x 3^20 bytes would be 6.5 GiB).
  EXPECT_LT(exchangeMemoryNeeded(2, 2, 16), std::uint64_t{16} << 20);
  EXPECT_EQ(exchangeMemoryNeeded(4, 4, 4), exchangeMemoryNeeded(12));
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const ExchangeBoard board = randomExchange(2, 2, 16, seed == 2 ? 8 : 1000000000, seed);
    auto session = Session::fromJudgeInput(exchangeGame(), formatExchange(board));
    ASSERT_TRUE(session.ok()) << session.error().toString();
    reference::ExchangeMinimax minimax(board);
    std::vector<int> owner;
    for (int k = 0; k < board.cardCount(); ++k) owner.push_back(board.initialOwner(k));
    const reference::Outcome root = minimax.solve(owner, 0);
    EXPECT_EQ(session->gameBoard().judge().judgeOutput(), root.win ? "Takahashi\n" : "Aoki\n");
    EXPECT_EQ(session->gameBoard().value().remoteness, root.remoteness);
  }
}

}  // namespace
}  // namespace gs
