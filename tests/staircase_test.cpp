// staircase: the rules, the samples, and the dense-table solver against plain minimax on
// thousands of random small boards: the value of every legal move along random lines, not only
// the root value.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/random.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "games/staircase/staircase_reference.h"
#include "session.h"

namespace gs {
namespace {

Session load(const std::string& text) {
  auto session = Session::fromJudgeInput(staircaseGame(), text);
  EXPECT_TRUE(session.ok()) << session.error().toString();
  return std::move(session.value());
}

const char kSample[] = "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";

TEST(Staircase, StoneNeedsLeftAndUpperNeighbours) {
  //   . . .     only (1, 1) is open on the empty board; (2, 2) needs (2, 1) on its left and
  //   . . .     (1, 2) above it
  Session session = load(kSample);
  EXPECT_EQ(session.play({1, 1}), "cell (2, 2) needs a stone on (2, 1) first");
  EXPECT_EQ(session.play({0, 1}), "cell (1, 2) needs a stone on (1, 1) first");
  EXPECT_EQ(session.play({1, 0}), "cell (2, 1) needs a stone on (1, 1) first");
  ASSERT_EQ(session.play({0, 0}), "");
  ASSERT_EQ(session.play({1, 0}), "");
  EXPECT_EQ(session.play({1, 1}), "cell (2, 2) needs a stone on (1, 2) first");
  EXPECT_EQ(session.play({0, 0}), "cell (1, 1) already holds a stone");
  EXPECT_EQ(session.play({2, 0}), "cell (3, 1) is outside the 2 x 3 board");
  ASSERT_EQ(session.play({0, 1}), "");
  EXPECT_EQ(session.play({1, 1}), "");
  EXPECT_EQ(session.step(), 4);
}

TEST(Staircase, ForwardGreedyIsWrongOn3x3Gives32) {
  Session session = load("3 3\n9 4 3\n6 7 6\n4 5 9\n0 0 0\n0 0 0\n0 0 0\n");
  EXPECT_EQ(session.gameBoard().judge().judgeOutput(), "32\n");
  EXPECT_EQ(session.gameBoard().value().score, 32);
}

TEST(Staircase, SampleOptimalLineMatchesGames) {
  // core/games/GAMES.md: B(1,1), W(1,2), B(2,1), W(1,3), B(2,2), W(2,3); Black 12, White 10.
  Session session = load(kSample);
  const std::vector<Move> expected = {{0, 0}, {0, 1}, {1, 0}, {0, 2}, {1, 1}, {1, 2}};
  const std::vector<Move> line = session.principalLine();
  ASSERT_EQ(line.size(), expected.size());
  for (std::size_t k = 0; k < line.size(); ++k) EXPECT_EQ(line[k], expected[k]) << "move " << k + 1;
  for (const Move& move : line) ASSERT_EQ(session.play(move), "");
  EXPECT_EQ(session.gameBoard().value().score,
            2);  // the final position's value is the score on the board
  EXPECT_TRUE(session.gameBoard().moves().empty());
}

TEST(Staircase, SingleRowAndSingleColumn) {
  // One row: the stones go left to right, alternating; one column likewise.
  Session row = load("1 4\n1 2 3 4\n10 20 30 40\n");
  EXPECT_EQ(row.gameBoard().judge().judgeOutput(), std::to_string(1 - 20 + 3 - 40) + "\n");
  Session column = load("4 1\n1\n2\n3\n4\n10\n20\n30\n40\n");
  EXPECT_EQ(column.gameBoard().judge().judgeOutput(), std::to_string(1 - 20 + 3 - 40) + "\n");
}

TEST(Staircase, BoardsBeyondTheJudgeLimits) {
  // 2 x 40 has C(42, 2) = 861 positions; 1 x 70 is longer than a 64-bit contour mask.
  for (const auto& [rows, cols] :
       {std::pair{2, 40}, std::pair{1, 70}, std::pair{70, 1}, std::pair{3, 12}}) {
    Session session = Session::fromBoard(randomStaircase(rows, cols, 1000, 11));
    EXPECT_EQ(session.stats().positions, staircasePositionCount(rows, cols));
    // The value is consistent along the whole optimal line.
    const std::int64_t value = session.gameBoard().value().score;
    for (const Move& move : session.principalLine()) {
      ASSERT_EQ(session.play(move), "");
      EXPECT_EQ(session.gameBoard().value().score, value);
    }
  }
}

// The reference's values of every legal move from the position after `history`.
std::vector<std::pair<Move, std::int64_t>> referenceMoves(const StaircaseBoard& board,
                                                          const std::vector<Move>& history) {
  reference::StaircaseMinimax minimax(board);
  std::int64_t score = 0;
  for (std::size_t k = 0; k < history.size(); ++k) {
    minimax.place(history[k].a, history[k].b);
    score +=
        k % 2 == 0 ? board.a(history[k].a, history[k].b) : -board.b(history[k].a, history[k].b);
  }
  const bool black = history.size() % 2 == 0;
  std::vector<std::pair<Move, std::int64_t>> moves;
  for (int row = 0; row < board.rows; ++row)
    for (int col = 0; col < board.cols; ++col) {
      if (!minimax.canPlace(row, col)) continue;
      minimax.place(row, col);
      const std::int64_t gain = black ? board.a(row, col) : -board.b(row, col);
      moves.push_back(
          {Move{row, col}, score + gain + minimax.future(static_cast<int>(history.size()) + 1)});
      minimax.remove(row, col);
    }
  return moves;
}

TEST(Staircase, CrossCheckEveryMoveValueMatchesMinimaxOnRandomBoards) {
  SplitMix64 random(20260101);
  int boards = 0, positions = 0, ties = 0;
  for (std::uint64_t seed = 1; boards < 2000; ++seed) {
    const int rows = 1 + static_cast<int>(random.next() % 4);
    const int cols = 1 + static_cast<int>(random.next() % 4);
    if (rows * cols > 12) continue;
    // Small values make ties (the tie-break matters), large ones make distinct values.
    const std::int64_t max = seed % 3 == 0 ? 3 : seed % 3 == 1 ? 50 : 100000;
    const StaircaseBoard board = randomStaircase(rows, cols, max, seed, seed % 7 == 0);
    Session session = Session::fromBoard(board);
    ++boards;
    // Walk a random line; at each position compare every legal move's value and the best flags.
    for (;;) {
      const auto expected = referenceMoves(
          board,
          std::vector<Move>(session.history().begin(), session.history().begin() + session.step()));
      const std::vector<MoveValue> moves = session.gameBoard().moves();
      ASSERT_EQ(moves.size(), expected.size()) << formatStaircase(board);
      if (moves.empty()) break;
      ++positions;
      std::int64_t best = expected[0].second;
      for (const auto& [move, value] : expected)
        best =
            session.gameBoard().sideToMove() == 0 ? std::max(best, value) : std::min(best, value);
      EXPECT_EQ(session.gameBoard().value().score, best) << formatStaircase(board);
      int bestMoves = 0;
      for (std::size_t k = 0; k < moves.size(); ++k) {
        EXPECT_EQ(moves[k].move, expected[k].first);
        EXPECT_EQ(moves[k].value.score, expected[k].second) << formatStaircase(board);
        EXPECT_EQ(moves[k].best, expected[k].second == best);
        bestMoves += expected[k].second == best;
      }
      ties += bestMoves > 1;
      // The best move is the first best one in row order (core/games/GAMES.md's tie-break).
      for (const MoveValue& move : moves)
        if (move.best) {
          EXPECT_EQ(*session.gameBoard().bestMove(), move.move);
          break;
        }
      ASSERT_EQ(session.play(moves[random.next() % moves.size()].move), "");
    }
  }
  EXPECT_GT(positions, 9000);
  EXPECT_GT(ties, 500);  // positions where the tie-break chose among equal moves
}

StaircaseBoard transpose(const StaircaseBoard& board) {
  StaircaseBoard result;
  result.rows = board.cols;
  result.cols = board.rows;
  result.black.resize(board.black.size());
  result.white.resize(board.white.size());
  for (int row = 0; row < board.rows; ++row)
    for (int col = 0; col < board.cols; ++col) {
      result.black[static_cast<std::size_t>(col) * board.rows + row] = board.a(row, col);
      result.white[static_cast<std::size_t>(col) * board.rows + row] = board.b(row, col);
    }
  return result;
}

// A tall board (solved internally on its transpose) against its transpose solved as a wide
// board: the same value at every position along random lines, move by move, with the moves
// reported in the tall board's own orientation and row order.
TEST(Staircase, TallBoardValuesEqualItsTransposeAlongRandomLines) {
  SplitMix64 random(4363);
  const std::pair<int, int> sizes[] = {{3, 2},   {7, 3},   {12, 5}, {70, 2},
                                       {200, 1}, {300, 2}, {40, 3}};
  for (const auto& [rows, cols] : sizes)
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const StaircaseBoard tall =
          randomStaircase(rows, cols, seed % 2 ? 9 : 100000, seed, seed == 3);
      const StaircaseSolver solver(tall);
      const StaircaseSolver wide(transpose(tall));
      ASSERT_EQ(solver.positionCount(), wide.positionCount());
      StaircasePosition here = solver.start();
      StaircasePosition there = wide.start();
      for (;;) {
        ASSERT_EQ(solver.value(here), wide.value(there)) << rows << " x " << cols;
        ASSERT_EQ(here.rank, solver.rankOf(solver.rowLengths(here)));
        const std::vector<MoveValue> moves = solver.moves(here);
        const std::vector<MoveValue> wideMoves = wide.moves(there);
        ASSERT_EQ(moves.size(), wideMoves.size());
        if (moves.empty()) break;
        for (std::size_t k = 0; k < moves.size(); ++k) {
          // Row order in the tall board; every move is legal and valued as in the transpose.
          if (k > 0) EXPECT_LT(moves[k - 1].move.a, moves[k].move.a);
          EXPECT_TRUE(solver.isLegal(here, moves[k].move.a, moves[k].move.b));
          const StaircasePosition child = wide.play(there, moves[k].move.b, moves[k].move.a);
          EXPECT_EQ(moves[k].value.score, wide.value(child));
        }
        const Move move = moves[random.next() % moves.size()].move;
        here = solver.play(here, move.a, move.b);
        there = wide.play(there, move.b, move.a);
      }
    }
}

// Tall thin boards against the plain minimax: every legal move's value along random lines.
TEST(Staircase, TallThinBoardsMatchMinimax) {
  SplitMix64 random(2018);
  int positions = 0;
  const std::pair<int, int> sizes[] = {{12, 1}, {9, 2}, {7, 2}, {6, 3}, {5, 2}, {4, 3}};
  for (const auto& [rows, cols] : sizes)
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      const StaircaseBoard board =
          randomStaircase(rows, cols, seed % 3 ? 50 : 3, seed, seed % 4 == 0);
      Session session = Session::fromBoard(board);
      for (;;) {
        const auto expected =
            referenceMoves(board, std::vector<Move>(session.history().begin(),
                                                    session.history().begin() + session.step()));
        const std::vector<MoveValue> moves = session.gameBoard().moves();
        ASSERT_EQ(moves.size(), expected.size()) << formatStaircase(board);
        if (moves.empty()) break;
        ++positions;
        for (std::size_t k = 0; k < moves.size(); ++k) {
          EXPECT_EQ(moves[k].move, expected[k].first);
          EXPECT_EQ(moves[k].value.score, expected[k].second) << formatStaircase(board);
        }
        ASSERT_EQ(session.play(moves[random.next() % moves.size()].move), "");
      }
    }
  EXPECT_GT(positions, 500);
}

// 10000 x 2 is solved as 2 x 10000 (C(10002, 2) = 50015001 positions): quick, and equal to it.
TEST(Staircase, TallBoardCostsWhatItsTransposeCosts) {
  const StaircaseBoard tall = randomStaircase(10000, 2, 100000, 1);
  const StaircaseSolver solver(tall);
  const StaircaseSolver wide(transpose(tall));
  EXPECT_EQ(solver.positionCount(), 50015001u);
  EXPECT_EQ(solver.value(solver.start()), wide.value(wide.start()));
}

}  // namespace
}  // namespace gs
