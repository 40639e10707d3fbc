// Values from the mover's side and verdicts on moves: the texts an analysis board shows.
#include "verdict.h"

#include <gtest/gtest.h>

#include "games/exchange/exchange_game.h"
#include "games/staircase/staircase_game.h"
#include "session.h"

namespace gs {
namespace {

Value score(std::int64_t points) {
  Value value;
  value.score = points;
  return value;
}

Value outcome(bool win, int remoteness) {
  Value value;
  value.win = win;
  value.remoteness = remoteness;
  return value;
}

const char kMinus[] = "\xE2\x88\x92";

TEST(Verdict, ScoreMovesAreJudgedFromTheMoversSide) {
  // White to move (player 1): lower Black - White scores are better for White.
  EXPECT_EQ(judgeMove(Metric::kScoreDifference, score(-2), score(-2), 1).text, "best");
  const MoveJudgement mistake = judgeMove(Metric::kScoreDifference, score(-2), score(-1), 1);
  EXPECT_EQ(mistake.verdict, Verdict::kMistake);
  EXPECT_EQ(mistake.text, std::string(kMinus) + "1 (mistake)");
  EXPECT_EQ(mistake.mark, "?");
  const MoveJudgement blunder = judgeMove(Metric::kScoreDifference, score(-2), score(3), 1);
  EXPECT_EQ(blunder.verdict, Verdict::kBlunder);
  EXPECT_EQ(blunder.text, std::string(kMinus) + "5: turns a win into a loss (blunder)");
  EXPECT_EQ(judgeMove(Metric::kScoreDifference, score(4), score(0), 0).text,
            std::string(kMinus) + "4: turns a win into a draw (blunder)");
  EXPECT_EQ(moverValueText(Metric::kScoreDifference, score(-2), 1), "+2");
  EXPECT_EQ(moverValueText(Metric::kScoreDifference, score(-2), 0), std::string(kMinus) + "2");
}

TEST(Verdict, WinLossMovesAreBestSlowerOrBlunders) {
  EXPECT_EQ(judgeMove(Metric::kWinLossRemoteness, outcome(true, 5), outcome(true, 5), 0).verdict,
            Verdict::kBest);
  const MoveJudgement slower =
      judgeMove(Metric::kWinLossRemoteness, outcome(true, 5), outcome(true, 7), 0);
  EXPECT_EQ(slower.verdict, Verdict::kInaccuracy);
  EXPECT_EQ(slower.text, "a slower win: in 7 moves instead of 5 (inaccuracy)");
  EXPECT_EQ(judgeMove(Metric::kWinLossRemoteness, outcome(true, 5), outcome(false, 4), 0).text,
            "turns a win into a loss (blunder)");
  EXPECT_EQ(judgeMove(Metric::kWinLossRemoteness, outcome(false, 6), outcome(false, 2), 1).text,
            "a quicker loss: in 2 moves instead of 6 (inaccuracy)");
  EXPECT_EQ(judgeMove(Metric::kWinLossCertificate, outcome(false, 0), outcome(false, 0), 0).verdict,
            Verdict::kBest);
  EXPECT_EQ(moverValueText(Metric::kWinLossRemoteness, outcome(true, 5), 0), "win in 5");
  EXPECT_EQ(moverValueText(Metric::kWinLossRemoteness, outcome(false, 0), 0), "no move");
}

TEST(Verdict, FinalResultOfTheStaircaseSampleIsTwelveToTen) {
  // core/games/GAMES.md: Black 2 + 9 + 1 = 12, White 7 + 2 + 1 = 10.
  Session session =
      std::move(Session::fromJudgeInput(staircaseGame(), staircaseGame().sample()).value());
  EXPECT_EQ(finalResultText(session), "");
  for (const Move& move : session.principalLine()) ASSERT_EQ(session.play(move), "");
  EXPECT_EQ(finalResultText(session), "Black 12 \xE2\x80\x93 White 10: Black wins by 2");
}

TEST(Verdict, FinalResultOfAWinLossGameNamesTheWinner) {
  Session session =
      std::move(Session::fromJudgeInput(exchangeGame(), exchangeGame().sample()).value());
  for (const Move& move : session.principalLine()) ASSERT_EQ(session.play(move), "");
  EXPECT_EQ(finalResultText(session), "Aoki wins: Takahashi, to move, has no move left");
}

TEST(Verdict, AMovesValueFollowsFromThePositionItLeadsTo) {
  // Along random lines of every game, the value of the move played (from moves()) equals the
  // value derived from the next position alone.
  for (const Game* game : games()) {
    Session session = std::move(Session::fromJudgeInput(*game, game->sample()).value());
    for (int ply = 0; ply < 8 && !session.gameBoard().moves().empty(); ++ply) {
      const std::vector<MoveValue> moves = session.gameBoard().moves();
      const MoveValue& chosen = moves[(ply * 7) % moves.size()];
      ASSERT_EQ(session.play(chosen.move), "");
      EXPECT_EQ(moveValueFromChild(game->info().metric, session.gameBoard().value()), chosen.value)
          << game->id() << " ply " << ply;
    }
  }
}

}  // namespace
}  // namespace gs
