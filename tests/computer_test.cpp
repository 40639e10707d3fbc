// The computer at a chosen strength (core/computer.h): from a won start, strength 10 wins every
// game against perfect play, strength 0 loses often, and the results do not get worse as the
// strength rises; the choice is repeatable from its seed; a margin grows with the strength.
#include "computer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/values.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"

namespace gs {
namespace {

std::shared_ptr<RulesGame> rulesGame(const std::string& name) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/web/examples/rules/" + name);
  std::stringstream text;
  text << in.rdbuf();
  auto rules = LuaRules::load(text.str());
  EXPECT_TRUE(rules.ok());
  RulesGameOptions options;
  options.rulesText = text.str();
  return std::make_shared<RulesGame>(rules.value(), options);
}

// Plays the game out: the first player is the computer at `strength`, the second plays
// perfectly (the best move). The session is left at the end.
void playOut(Session& session, int strength, std::uint64_t seed) {
  session.restart();
  while (!session.isOver()) {
    const auto move = session.gameBoard().sideToMove() == 0 ? computerMove(session, strength, seed)
                                                            : session.gameBoard().bestMove();
    ASSERT_TRUE(move.has_value());
    ASSERT_TRUE(session.play(*move).empty());
  }
}

TEST(Computer, StrengthTenWinsEveryWonGameAndWeakerPlayersWinLess) {
  // Take 1, 3 or 4 from 40 stones: a win for the first player, lost by one slip in three.
  const auto game = rulesGame("take134.lua");
  auto session = std::move(Session::fromJudgeInput(*game, "40\n").value());
  ASSERT_TRUE(session.gameBoard().value().win);
  const int strengths[] = {0, 2, 4, 6, 8, 9, 10};
  std::vector<int> wins;
  for (const int strength : strengths) {
    int won = 0;
    for (std::uint64_t seed = 1; seed <= 200; ++seed) {
      playOut(session, strength, seed);
      // Normal play: the player to move at the end, who has no move, has lost.
      won += session.gameBoard().sideToMove() == 1;
    }
    wins.push_back(won);
  }
  std::string figures;
  for (std::size_t k = 0; k < wins.size(); ++k)
    figures += " " + std::to_string(strengths[k]) + ":" + std::to_string(wins[k]);
  std::printf("wins of 200 against perfect play by strength:%s\n", figures.c_str());
  EXPECT_EQ(wins.back(), 200) << figures;
  EXPECT_LT(wins.front(), 60) << figures;
  for (std::size_t k = 1; k < wins.size(); ++k) EXPECT_GE(wins[k], wins[k - 1]) << figures;
}

TEST(Computer, TheChoiceIsRepeatableAndAMarginGrowsWithTheStrength) {
  // A staircase of 4 x 4 (gamesolver random staircase 4 4 3 --max 9): the margin the computer
  // (first) keeps against perfect play, on average over seeds; -34 with perfect play.
  auto session = std::move(Session::fromJudgeInput(staircaseGame(),
                                                   "4 4\n3 1 9 7\n6 5 2 0\n2 2 0 1\n2 1 2 8\n"
                                                   "0 7 8 7\n8 6 1 7\n8 5 4 7\n3 2 9 9\n")
                               .value());
  EXPECT_EQ(marginFor(session.gameBoard().value(), 0), -34);
  const std::int64_t optimal = marginFor(session.gameBoard().value(), 0);
  double previous = -1e18;
  for (const int strength : {0, 3, 6, 10}) {
    double total = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      playOut(session, strength, seed);
      total += static_cast<double>(marginFor(session.gameBoard().value(), 0));
      // The same seed plays the same line.
      const std::vector<Move> line = session.history();
      playOut(session, strength, seed);
      EXPECT_EQ(session.history(), line);
    }
    const double average = total / 100;
    std::printf("strength %d: average margin %.2f (optimal %lld)\n", strength, average,
                static_cast<long long>(optimal));
    if (strength == 10) EXPECT_EQ(average, static_cast<double>(optimal));
    EXPECT_GE(average, previous);
    previous = average;
  }
  // The game over: no move.
  playOut(session, 5, 7);
  EXPECT_FALSE(computerMove(session, 5, 7).has_value());
}

TEST(Computer, EveryBuiltInGamePlaysLegalMovesAndTheBestAtTen) {
  std::vector<Session> sessions;
  sessions.push_back(Session::fromBoard(randomStaircase(3, 4, 9, 5)));
  sessions.push_back(Session::fromBoard(randomExchange(3, 2, 2, 9, 5)));
  sessions.push_back(Session::fromBoard(randomManhattan(5, 2, 5)));
  for (Session& session : sessions) {
    for (int turn = 0; turn < 8 && !session.isOver(); ++turn) {
      std::vector<Move> legal;
      for (const MoveValue& move : session.gameBoard().moves()) legal.push_back(move.move);
      for (int strength = 0; strength <= kMaxStrength; ++strength) {
        const auto move = computerMove(session, strength, turn + 1);
        ASSERT_TRUE(move.has_value());
        EXPECT_NE(std::find(legal.begin(), legal.end(), *move), legal.end())
            << session.game().id() << " strength " << strength;
        if (strength == kMaxStrength) EXPECT_EQ(*move, *session.gameBoard().bestMove());
      }
      ASSERT_EQ(session.play(*computerMove(session, 3, turn)), "");
    }
  }
}

}  // namespace
}  // namespace gs
