// The Session facade: play, undo, redo, jumps and whole lines; illegal moves leave the state
// as it was; the principal line does not move the cursor; the analysis JSON describes the line.
#include "session.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/random.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "tools/analysis.h"

namespace gs {
namespace {

const char kSample[] = "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";

Session sample() {
  return std::move(Session::fromJudgeInput(staircaseGame(), kSample).value());
}

TEST(Session, PlayUndoRedoKeepTheLine) {
  Session session = sample();
  ASSERT_EQ(session.play({0, 0}), "");
  ASSERT_EQ(session.play({0, 1}), "");
  EXPECT_EQ(session.step(), 2);
  EXPECT_TRUE(session.undo());
  EXPECT_EQ(session.step(), 1);
  EXPECT_EQ(session.history().size(), 2u);  // the undone move can be redone
  EXPECT_TRUE(session.redo());
  EXPECT_EQ(session.step(), 2);
  EXPECT_FALSE(session.redo());
  // Playing the next move of the line keeps the rest; another move replaces it.
  session.goToStep(1);
  ASSERT_EQ(session.play({0, 1}), "");
  EXPECT_EQ(session.history().size(), 2u);
  session.goToStep(1);
  ASSERT_EQ(session.play({1, 0}), "");
  EXPECT_EQ(session.history().size(), 2u);
  EXPECT_EQ(session.history()[1], (Move{1, 0}));
  EXPECT_TRUE(session.goToStep(0));
  EXPECT_FALSE(session.undo());
  EXPECT_FALSE(session.goToStep(3));
}

TEST(Session, CommentsBelongToStepsAndGoWithTheMovesTheyFollow) {
  Session session = sample();
  EXPECT_EQ(session.comments().size(), 1u);
  EXPECT_EQ(session.setComment("the start"), "");
  ASSERT_EQ(session.play({0, 0}), "");
  ASSERT_EQ(session.play({0, 1}), "");
  EXPECT_EQ(session.setComment("\xE5\xA5\xBD\xE6\x89\x8B"), "");  // 好手
  EXPECT_EQ(session.comment(0), "the start");
  EXPECT_EQ(session.comment(1), "");
  EXPECT_EQ(session.comment(2), "\xE5\xA5\xBD\xE6\x89\x8B");
  EXPECT_EQ(session.comment(3), "");
  EXPECT_EQ(session.comment(-1), "");
  EXPECT_TRUE(session.hasComments());
  // Undo, redo and replaying the same move keep them; another move drops the replaced steps'.
  session.undo();
  session.redo();
  session.goToStep(1);
  ASSERT_EQ(session.play({0, 1}), "");
  EXPECT_EQ(session.comment(2), "\xE5\xA5\xBD\xE6\x89\x8B");
  session.goToStep(1);
  EXPECT_EQ(session.setComment("one"), "");
  ASSERT_EQ(session.play({1, 0}), "");
  EXPECT_EQ(session.comment(2), "");
  EXPECT_EQ(session.comment(1), "one");
  EXPECT_EQ(session.comments().size(), 3u);
  // Empty text removes a comment; bad text is refused and the comment stays.
  EXPECT_EQ(session.setCommentAt(1, ""), "");
  EXPECT_EQ(session.comment(1), "");
  EXPECT_EQ(session.setCommentAt(0, "two\nlines"),
            "character 4 of the comment is a control character (U+000A); a comment is one line of "
            "text");
  EXPECT_EQ(session.setCommentAt(0, "\xC2\x85"),
            "character 1 of the comment is a control character (U+0085); a comment is one line of "
            "text");
  EXPECT_EQ(session.setCommentAt(0, "ab\xE5\xA5"), "byte 3 of the comment is not UTF-8 text");
  EXPECT_EQ(session.setCommentAt(0, std::string(Session::kMaxCommentBytes + 1, 'a')),
            "the comment is 1001 bytes long; a comment holds at most 1000 bytes of UTF-8");
  EXPECT_EQ(session.setCommentAt(3, "x"), "step 3 is past the end of the line, which has 2 moves");
  EXPECT_EQ(session.comment(0), "the start");
  EXPECT_EQ(session.setCommentAt(0, std::string(Session::kMaxCommentBytes, 'a')), "");
  // A new line keeps the comments of the steps it shares with the old one.
  ASSERT_EQ(session.setCommentAt(2, "kept"), "");
  std::vector<Move> longer = session.history();
  longer.push_back(session.principalLine().front());
  EXPECT_EQ(session.setLine(longer, 1), "");
  EXPECT_EQ(session.comment(0), std::string(Session::kMaxCommentBytes, 'a'));
  EXPECT_EQ(session.comment(2), "kept");
  EXPECT_EQ(session.setLine({{0, 0}, {0, 1}}, 1), "");
  EXPECT_EQ(session.comment(1), "");
  EXPECT_EQ(session.comment(2), "");
  EXPECT_EQ(session.comment(0), std::string(Session::kMaxCommentBytes, 'a'));
  // A new game drops them all.
  session.restart();
  EXPECT_FALSE(session.hasComments());
  EXPECT_EQ(session.comments().size(), 1u);
}

TEST(Session, IllegalMoveLeavesTheStateUnchanged) {
  Session session = sample();
  ASSERT_EQ(session.play({0, 0}), "");
  const Value before = session.gameBoard().value();
  EXPECT_EQ(session.play({1, 1}), "cell (2, 2) needs a stone on (2, 1) first");
  EXPECT_EQ(session.play({-1, 5}), "cell (0, 6) is outside the 2 x 3 board");
  EXPECT_EQ(session.step(), 1);
  EXPECT_EQ(session.history().size(), 1u);
  EXPECT_EQ(session.gameBoard().value(), before);
}

TEST(Session, PrincipalLineDoesNotMoveTheCursor) {
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Session session = Session::fromBoard(randomExchange(2, 2, 2, 9, seed));
    ASSERT_EQ(session.play(session.gameBoard().moves().front().move), "");
    const int step = session.step();
    const std::vector<Move> history = session.history();
    const std::vector<Move> line = session.principalLine();
    EXPECT_EQ(session.step(), step);
    EXPECT_EQ(session.history(), history);
    // Following the line keeps the value: each move of it is a best move.
    const Value value = session.gameBoard().value();
    for (const Move& move : line) {
      bool best = false;
      for (const MoveValue& candidate : session.gameBoard().moves())
        if (candidate.move == move) best = candidate.best;
      EXPECT_TRUE(best);
      ASSERT_EQ(session.play(move), "");
    }
    EXPECT_TRUE(session.gameBoard().moves().empty());
    EXPECT_EQ(session.gameBoard().value().remoteness, 0);
    EXPECT_EQ(static_cast<int>(line.size()), value.remoteness);
  }
}

TEST(Session, SetLineReplaysOrRefusesWholeLines) {
  Session session = sample();
  const std::vector<Move> line = session.principalLine();
  EXPECT_EQ(session.setLine(line, 2), "");
  EXPECT_EQ(session.step(), 2);
  EXPECT_EQ(session.history(), line);
  // A line with an illegal move is refused and the session stays as it was.
  EXPECT_EQ(session.setLine({{0, 0}, {1, 1}}, 2),
            "move 2: cell (2, 2) needs a stone on (2, 1) first");
  EXPECT_EQ(session.step(), 2);
  EXPECT_EQ(session.history(), line);
}

TEST(Session, ManhattanLineEndsWhereItRepeats) {
  Session session = Session::fromBoard(randomManhattan(5, 2, 3));
  const std::vector<Move> line = session.principalLine();
  ASSERT_GE(line.size(), 4u);
  const std::size_t size = line.size();
  EXPECT_EQ(line[size - 1], line[size - 3]);
  EXPECT_EQ(line[size - 2], line[size - 4]);
}

TEST(Session, AnalysisJsonNamesTheMetricAndTheLine) {
  Session session = sample();
  const std::string json = analysisJson(session).value();
  EXPECT_NE(json.find("\"game\": \"staircase\""), std::string::npos);
  EXPECT_NE(json.find("\"metric\": \"score difference (Black - White)\""), std::string::npos);
  EXPECT_NE(json.find("\"value\": {\"score\": 2}"), std::string::npos);
  EXPECT_NE(json.find("\"judgeOutput\": \"2\\n\""), std::string::npos);
  EXPECT_NE(json.find("\"playedName\": \"(2, 3)\""), std::string::npos);  // the line's last move
  EXPECT_EQ(session.step(), 0);  // the walk along the line put the session back
  EXPECT_TRUE(session.history().empty());
}

TEST(Session, DescribesValuesInWords) {
  Session stairs = sample();
  EXPECT_EQ(stairs.gameBoard().summary(), "Black ends 2 points ahead");
  auto cards = Session::fromJudgeInput(exchangeGame(), "1 1 2\n2\n4\n1 3\n");
  // Takahashi's best is to put 2 down and take 1; Aoki answers 4 taking 3, Takahashi puts 1
  // down, Aoki puts 3 down and Takahashi has no card: four moves.
  EXPECT_EQ(cards->gameBoard().summary(), "Aoki wins; the game lasts 4 more moves");
  auto grid = Session::fromJudgeInput(manhattanGame(), "3 1\n1 2 3\n4 5 6\n7 8 9\n");
  EXPECT_EQ(grid->gameBoard().summary(), "2 of 9 first cells win");
}

}  // namespace
}  // namespace gs
