// manhattan: the rule against its naive form and against an exact finite-horizon minimax, the
// certificates against brute force, and the strategy exploration (after any answer, the reply
// the solver gives wins).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/random.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/manhattan/manhattan_reference.h"
#include "games/staircase/staircase_game.h"
#include "session.h"

namespace gs {
namespace {

ManhattanBoard boardOf(int n, std::int64_t m, std::vector<std::uint32_t> values) {
  ManhattanBoard board;
  board.n = n;
  board.m = m;
  board.values = std::move(values);
  return board;
}

TEST(Manhattan, SampleWinsOnTheTwoHighestCells) {
  //   1 2 3
  //   4 5 6      m = 1: 9 wins; 8 wins (9 is adjacent); 7 loses to 9 at distance 2.
  //   7 8 9
  ManhattanSolver solver(boardOf(3, 1, {1, 2, 3, 4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(solver.judgeOutput(), "2\n3 2\n3 3\n");
  EXPECT_EQ(solver.certificate(6), 8);  // 7 at (3, 1) is refuted by 9 at (3, 3)
  EXPECT_EQ(solver.certificate(8), -1);
}

TEST(Manhattan, NoAnswerAtDistanceMeansWin) {
  // m = 4 on a 3 x 3 board: no two cells are farther apart than 4, so every first cell wins.
  ManhattanSolver solver(boardOf(3, 4, {5, 1, 9, 2, 8, 3, 7, 4, 6}));
  EXPECT_EQ(solver.winnerCount(), 9);
  for (int cell = 0; cell < 9; ++cell) EXPECT_EQ(solver.certificate(cell), -1);
  // And the player to answer a placement has no legal move at all.
  Session session = Session::fromBoard(boardOf(3, 4, {5, 1, 9, 2, 8, 3, 7, 4, 6}));
  ASSERT_EQ(session.play({0, 0}), "");
  EXPECT_TRUE(session.gameBoard().moves().empty());
  EXPECT_FALSE(session.gameBoard().value().win);
  EXPECT_EQ(
      session.play({2, 2}),
      "cell (3, 3) is at distance 4 from the last move (1, 1); a move must be farther than m = 4");
}

TEST(Manhattan, SingleCellBoard) {
  ManhattanSolver solver(boardOf(1, 0, {42}));
  EXPECT_EQ(solver.judgeOutput(), "1\n1 1\n");
}

// The answer's text, written a row at a time from its columns' texts, against the plain way:
// each winning cell's "row column" line, after their count. The sides cross the numbers' digit
// boundaries (9 to 10, 99 to 100), with runs of losing cells long and short.
TEST(Manhattan, AnswerTextIsTheCountThenEachWinningCellsLine) {
  SplitMix64 random(380);
  for (const int n : {1, 2, 7, 8, 9, 10, 11, 17, 99, 100, 101, 123}) {
    for (const int density : {0, 1, 2, 8, 64}) {
      std::vector<std::uint8_t> winning(static_cast<std::size_t>(n) * n);
      for (std::uint8_t& flag : winning)
        flag = density != 0 && random.next() % static_cast<std::uint64_t>(density) == 0;
      std::string expected;
      int count = 0;
      for (int cell = 0; cell < n * n; ++cell) {
        if (!winning[cell]) continue;
        ++count;
        expected += std::to_string(cell / n + 1) + " " + std::to_string(cell % n + 1) + "\n";
      }
      EXPECT_EQ(formatManhattanAnswer(n, winning), std::to_string(count) + "\n" + expected)
          << "n " << n << ", one cell in " << density;
    }
  }
}

TEST(Manhattan, CrossCheckRuleAndCertificatesMatchBruteForce) {
  SplitMix64 random(2772);
  for (int k = 0; k < 2000; ++k) {
    const int n = 1 + static_cast<int>(random.next() % 7);
    const std::int64_t m = static_cast<std::int64_t>(random.next() % (2 * n + 1));
    const ManhattanBoard board = randomManhattan(n, m, random.next());
    const std::vector<bool> winning = reference::manhattanRule(board);
    ManhattanSolver solver(board);
    std::vector<std::uint8_t> flags(winning.begin(), winning.end());
    EXPECT_EQ(solver.judgeOutput(), formatManhattanAnswer(n, flags)) << formatManhattan(board);
    for (int cell = 0; cell < n * n; ++cell) {
      EXPECT_EQ(solver.isWinning(cell), winning[cell]);
      const int expected =
          winning[cell] ? -1 : reference::manhattanCertificate(board, winning, cell);
      EXPECT_EQ(solver.certificate(cell), expected) << formatManhattan(board) << " cell " << cell;
    }
  }
}

TEST(Manhattan, RuleAgreesWithFiniteHorizonMinimax) {
  // Exact minimax of the score difference over 4096 placements (an even, long game) on small
  // boards: Alice's first cell wins (difference > 0) exactly where the rule says it does.
  SplitMix64 random(4096);
  constexpr int kPlacements = 4096;
  for (int k = 0; k < 120; ++k) {
    const int n = 2 + static_cast<int>(random.next() % 3);
    const std::int64_t m = static_cast<std::int64_t>(random.next() % (2 * n - 1));
    const ManhattanBoard board = randomManhattan(n, m, random.next());
    const std::vector<bool> rule = reference::manhattanRule(board);
    const std::vector<std::int64_t> minimax = reference::manhattanFiniteHorizon(board, kPlacements);
    ManhattanSolver solver(board);
    for (int cell = 0; cell < n * n; ++cell) {
      EXPECT_EQ(minimax[cell] > 0, rule[cell]) << formatManhattan(board) << " cell " << cell;
      EXPECT_EQ(solver.isWinning(cell), minimax[cell] > 0);
    }
  }
}

// A recipe's board is the same whether made at once or a slice at a time by its solver, and
// the same as the generator that links were written with (the plain Fisher-Yates below).
TEST(Manhattan, RecipeBoardsAreTheSameMadeInSlices) {
  for (const auto& [n, seed] :
       {std::pair{1, 1ull}, {2, 5ull}, {7, 3ull}, {40, 9ull}, {123, 77ull}}) {
    SplitMix64 random(seed);
    const std::size_t cells = static_cast<std::size_t>(n) * n;
    std::vector<std::uint32_t> values(cells);
    for (std::size_t cell = 0; cell < cells; ++cell) values[cell] = cell + 1;
    for (std::size_t k = cells; k > 1; --k)
      std::swap(values[k - 1], values[static_cast<std::size_t>(random.next() % k)]);
    const ManhattanBoard board = randomManhattan(n, 3, seed);
    EXPECT_EQ(board.values, values) << n;
    for (std::size_t cell = 0; cell < cells; ++cell)
      ASSERT_EQ(board.byValue[cells - values[cell]], cell);
    for (const std::uint64_t budget : {1ull, 7ull, 1000ull}) {
      ManhattanSolver sliced(ManhattanShuffle{n, 3, seed}, kDeferSolve);
      int steps = 0;
      while (!sliced.advance(budget)) ++steps;
      EXPECT_EQ(sliced.board().values, board.values);
      EXPECT_EQ(sliced.board().byValue, board.byValue);
      EXPECT_EQ(sliced.judgeOutput(), ManhattanSolver(board).judgeOutput());
      EXPECT_EQ(sliced.progress().done, sliced.progress().total);
      EXPECT_GE(static_cast<std::uint64_t>(steps + 1) * budget, 5 * cells)
          << "4 units a cell to make it, 1 to solve";
    }
  }
}

// A lost mover's move (after a winning cell) is the first legal cell in row order, which the
// solver finds row by row: the same cell as testing every cell, or none when none is legal.
TEST(Manhattan, ALostMoverPlaysTheFirstLegalCell) {
  SplitMix64 random(7);
  int none = 0;
  for (int k = 0; k < 300; ++k) {
    const int n = 1 + static_cast<int>(random.next() % 9);
    const std::int64_t m = static_cast<std::int64_t>(random.next() % (2 * n + 1));
    ManhattanSolver solver(randomManhattan(n, m, random.next()));
    for (int last = 0; last < n * n; ++last) {
      if (!solver.isWinning(last)) continue;
      const ManhattanPosition position{last, -1, 1};
      int first = -1;
      for (int cell = 0; cell < n * n && first < 0; ++cell)
        if (solver.isLegal(position, cell)) first = cell;
      none += first < 0;
      EXPECT_EQ(solver.strategyMove(position), first) << n << " " << m << " " << last;
    }
  }
  EXPECT_GT(none, 0);
}

TEST(Manhattan, StrategyReplyWinsAfterEveryAnswer) {
  // After a first cell and any legal answer, the solver's reply is a winning placement: it
  // repeats the first cell against a cheaper answer and refutes a dearer one by its
  // certificate.
  SplitMix64 random(99);
  for (int k = 0; k < 60; ++k) {
    const int n = 2 + static_cast<int>(random.next() % 5);
    const ManhattanBoard board =
        randomManhattan(n, static_cast<std::int64_t>(random.next() % n), random.next());
    Session session = Session::fromBoard(board);
    const ManhattanSolver& solver = *solverOf<ManhattanSolver>(session.gameBoard());
    for (int first = 0; first < n * n; ++first) {
      ASSERT_EQ(session.play({first / n, first % n}), "");
      for (const MoveValue& answer : session.gameBoard().moves()) {
        ASSERT_EQ(session.play(answer.move), "");
        const int placed = answer.move.a * n + answer.move.b;
        const auto reply = session.gameBoard().bestMove();
        if (solver.isWinning(placed)) {
          // A winning answer: the mover (Alice) is lost, and says so.
          EXPECT_FALSE(session.gameBoard().value().win);
        } else {
          ASSERT_TRUE(reply.has_value());
          const int cell = reply->a * n + reply->b;
          EXPECT_TRUE(solver.isWinning(cell));
          if (solver.isWinning(first) && board.values[placed] < board.values[first])
            EXPECT_EQ(cell, first);  // repeat the first cell
          else
            EXPECT_EQ(cell, solver.certificate(placed));  // refute the answer
        }
        session.undo();
      }
      session.undo();
    }
  }
}

TEST(Manhattan, LargeBoardFlagsFollowTheRule) {
  // A 2000 x 2000 board is too large for the naive reference, so the rule is checked cell by
  // cell on a sample: a cell wins iff no winning cell of higher value lies farther than m. The
  // rule decides cells in decreasing value order, so flags that each agree with the flags of
  // the higher cells are exactly the rule's. The sample takes the 200 highest cells (where the
  // winners are decided) and 200 random ones.
  const ManhattanBoard board = randomManhattan(2000, 1000, 1);
  ManhattanSolver solver(board);
  const int n = board.n;
  std::vector<int> winners;
  for (int cell = 0; cell < n * n; ++cell)
    if (solver.isWinning(cell)) winners.push_back(cell);
  SplitMix64 random(5);
  std::vector<int> sample;
  for (int k = 0; k < 200; ++k) sample.push_back(static_cast<int>(board.byValue[k]));
  for (int k = 0; k < 200; ++k) sample.push_back(static_cast<int>(random.next() % (n * n)));
  int checkedLosers = 0;
  for (int cell : sample) {
    bool refuted = false;
    for (int winner : winners)
      if (board.values[winner] > board.values[cell] &&
          reference::manhattanDistance(n, winner, cell) > board.m)
        refuted = true;
    EXPECT_EQ(solver.isWinning(cell), !refuted) << "cell " << cell;
    checkedLosers += refuted;
  }
  EXPECT_GT(checkedLosers, 50);
  // The judge output lists exactly the winners, in row order.
  std::string expected = std::to_string(winners.size()) + "\n";
  for (int cell : winners)
    expected += std::to_string(cell / n + 1) + " " + std::to_string(cell % n + 1) + "\n";
  EXPECT_EQ(solver.judgeOutput(), expected);
}

}  // namespace
}  // namespace gs
