// The battery every registered game passes (after open_spiel's shared game tests): random play
// with undo and redo, judge text and link round trips, best moves consistent with move values,
// the principal line legal and value-preserving, the analysis JSON well formed, sliced solves
// equal to one-shot solves, malformed input refused with a line and a column. It runs over the
// real games and the test-only subtraction game, which is registered here and nowhere else.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "base/random.h"
#include "json_value.h"
#include "session.h"
#include "subtraction_game.h"
#include "tools/analysis.h"
#include "tools/check.h"
#include "tools/export.h"
#include "tools/share_link.h"

namespace gs {
namespace {

// The built-in games and the test-only one, registered once, before the registry is first read.
std::vector<const Game*> gamesUnderTest() {
  static const bool registered = (registerGame(testing::subtractionGame()), true);
  (void)registered;
  return games();
}

// A small random board of the game: every recipe field drawn between its minimum and the
// app's default (boards small enough to explore completely).
Recipe smallRecipe(const Game& game, std::uint64_t seed) {
  SplitMix64 random(seed);
  Recipe recipe;
  recipe.game = &game;
  for (const RecipeField& field : game.recipeFields())
    recipe.fields.push_back(random.between(field.min, std::max(field.min, field.appDefault)));
  recipe.seed = seed;
  return recipe;
}

Session smallSession(const Game& game, std::uint64_t seed) {
  auto session = sessionFromRecipe(smallRecipe(game, seed), SolveLimits{});
  EXPECT_TRUE(session.ok()) << session.error().toString();
  return std::move(session.value());
}

// One ply later the value is the same, seen by the other player.
void expectValueCarriedOver(const Metric metric, const Value& before, const Value& after) {
  switch (metric) {
    case Metric::kScoreDifference:
      EXPECT_EQ(after.score, before.score);
      break;
    case Metric::kWinLossRemoteness:
      EXPECT_EQ(after.win, !before.win);
      EXPECT_EQ(after.remoteness, before.remoteness - 1);
      break;
    case Metric::kWinLossCertificate:
      EXPECT_EQ(after.win, !before.win);
      break;
  }
}

// The value of a best move equals the position's value (in the metric's own terms).
bool sameValue(Metric metric, const Value& move, const Value& position) {
  switch (metric) {
    case Metric::kScoreDifference:
      return move.score == position.score;
    case Metric::kWinLossRemoteness:
      return move.win == position.win && move.remoteness == position.remoteness;
    case Metric::kWinLossCertificate:
      return move.win == position.win;
  }
  return false;
}

class EveryGame : public ::testing::TestWithParam<const Game*> {
 protected:
  const Game& game() const { return *GetParam(); }
};

// The registry is read-only once read: the test-only game was registered before the first
// games(), and registering any game after that ends the program with a sentence.
TEST(Registry, IsReadOnlyOnceRead) {
  const std::vector<const Game*> list = gamesUnderTest();
  ASSERT_NE(findGame(testing::subtractionGame().id()), nullptr);
  EXPECT_DEATH(registerGame(testing::subtractionGame()),
               "registerGame\\('subtraction'\\): the registry of games is read-only once it has "
               "been read; register games before anything asks for them");
  EXPECT_EQ(games(), list);
}

TEST_P(EveryGame, RegistryRowAndRecipeFieldsAreComplete) {
  const GameInfo& info = game().info();
  for (const char* text : {info.id, info.title, info.source, info.players[0], info.players[1],
                           info.metricName, info.inputShape, info.answerShape, info.rules})
    EXPECT_GT(std::string(text).size(), 0u);
  EXPECT_EQ(findGame(info.id), &game());
  std::set<std::string> ids;
  for (const Game* other : games()) ids.insert(other->id());
  EXPECT_EQ(ids.size(), games().size());
  EXPECT_NE(gameIdList().english().find(info.id), std::string::npos);
  ASSERT_FALSE(game().recipeFields().empty());
  for (const RecipeField& field : game().recipeFields()) {
    EXPECT_LE(field.min, field.appDefault) << field.name;
    EXPECT_LE(field.appDefault, field.max) << field.name;
    EXPECT_LE(field.min, field.judgeMax) << field.name;
    EXPECT_LE(field.judgeMax, field.max) << field.name;
    EXPECT_GT(std::string(field.name).size(), 0u);
    EXPECT_GT(std::string(field.label).size(), 0u);
  }
  EXPECT_FALSE(game().randomSizeRule().empty());
}

TEST_P(EveryGame, JudgeTextRoundTrips) {
  std::vector<std::string> inputs = {game().sample()};
  for (std::uint64_t seed = 1; seed <= 40; ++seed)
    inputs.push_back(smallSession(game(), seed).gameBoard().judge().judgeInput());
  for (const std::string& input : inputs) {
    auto first = Session::fromJudgeInput(game(), input);
    ASSERT_TRUE(first.ok()) << input << first.error().toString();
    auto second = Session::fromJudgeInput(game(), first->gameBoard().judge().judgeInput());
    ASSERT_TRUE(second.ok()) << second.error().toString();
    EXPECT_EQ(second->gameBoard().judge().judgeInput(), first->gameBoard().judge().judgeInput());
    EXPECT_EQ(second->gameBoard().judge().judgeOutput(), first->gameBoard().judge().judgeOutput());
    EXPECT_EQ(first->gameBoard().judge().judgeInputNumbers(), [&] {
      std::uint64_t count = 0;
      bool inNumber = false;
      for (char c : first->gameBoard().judge().judgeInput()) {
        const bool digit = c >= '0' && c <= '9';
        count += digit && !inNumber;
        inNumber = digit;
      }
      return count;
    }());
  }
}

TEST_P(EveryGame, RandomPlayUndoAndRedoRestoreEveryPosition) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Session session = smallSession(game(), seed);
    SplitMix64 random(seed * 7);
    std::vector<Value> values = {session.gameBoard().value()};
    std::vector<int> movers = {session.gameBoard().sideToMove()};
    for (int ply = 0; ply < 12 && !session.gameBoard().moves().empty(); ++ply) {
      const std::vector<MoveValue> moves = session.gameBoard().moves();
      ASSERT_EQ(moves.size(), session.gameBoard().moveCount());
      ASSERT_EQ(session.play(moves[random.next() % moves.size()].move), "");
      values.push_back(session.gameBoard().value());
      movers.push_back(session.gameBoard().sideToMove());
    }
    const int end = session.step();
    for (int step = end; step >= 0; --step) {
      EXPECT_EQ(session.gameBoard().value(), values[step]);
      EXPECT_EQ(session.gameBoard().sideToMove(), movers[step]);
      if (step > 0) EXPECT_TRUE(session.undo());
    }
    EXPECT_FALSE(session.undo());
    for (int step = 1; step <= end; ++step) {
      EXPECT_TRUE(session.redo());
      EXPECT_EQ(session.gameBoard().value(), values[step]);
    }
    EXPECT_FALSE(session.redo());
    EXPECT_TRUE(session.goToStep(end / 2));
    EXPECT_EQ(session.gameBoard().value(), values[end / 2]);
    EXPECT_FALSE(session.goToStep(end + 1));
  }
}

TEST_P(EveryGame, BestMoveAndBestFlagsAgreeWithTheMoveValues) {
  const Metric metric = game().info().metric;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Session session = smallSession(game(), seed);
    SplitMix64 random(seed * 13);
    for (int ply = 0; ply < 10; ++ply) {
      const std::vector<MoveValue> moves = session.gameBoard().moves();
      const auto best = session.gameBoard().bestMove();
      if (moves.empty()) {
        EXPECT_FALSE(best.has_value());
        EXPECT_TRUE(session.isOver());
        break;
      }
      ASSERT_TRUE(best.has_value());
      const Value here = session.gameBoard().value();
      bool found = false;
      for (const MoveValue& move : moves) {
        EXPECT_EQ(move.best, sameValue(metric, move.value, here))
            << session.gameBoard().texts().moveName(move.move);
        if (move.move == *best) {
          found = true;
          EXPECT_TRUE(move.best);
        }
        // Every legal move's code names it again.
        const auto code = session.gameBoard().texts().parseMoveCode(
            session.gameBoard().texts().moveCode(move.move));
        ASSERT_TRUE(code.ok());
        EXPECT_EQ(code.value(), move.move);
      }
      EXPECT_TRUE(found);
      ASSERT_EQ(session.play(moves[random.next() % moves.size()].move), "");
    }
  }
}

TEST_P(EveryGame, PrincipalLineIsLegalAndKeepsTheValue) {
  const Metric metric = game().info().metric;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Session session = smallSession(game(), seed);
    const std::vector<Move> line = session.principalLine();
    EXPECT_EQ(session.step(), 0);  // the line is read without moving the cursor
    for (const Move& move : line) {
      const Value before = session.gameBoard().value();
      ASSERT_EQ(session.play(move), "") << session.gameBoard().texts().moveName(move);
      expectValueCarriedOver(metric, before, session.gameBoard().value());
    }
    if (!session.gameBoard().endless()) EXPECT_TRUE(session.isOver());
  }
}

TEST_P(EveryGame, LinksReopenTheBoardTheLineAndTheStep) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Recipe recipe = smallRecipe(game(), seed);
    Session session = std::move(sessionFromRecipe(recipe, SolveLimits{}).value());
    SplitMix64 random(seed);
    for (int ply = 0; ply < 6 && !session.gameBoard().moves().empty(); ++ply) {
      const std::vector<MoveValue> moves = session.gameBoard().moves();
      ASSERT_EQ(session.play(moves[random.next() % moves.size()].move), "");
    }
    session.goToStep(session.step() * 2 / 3);
    for (const std::optional<Recipe>& used :
         {std::optional<Recipe>(), std::optional<Recipe>(recipe)}) {
      const auto link = makeLink(session, used);
      ASSERT_TRUE(link.ok()) << link.error().toString();
      auto reopened = openLink(link.value(), SolveLimits{});
      ASSERT_TRUE(reopened.ok()) << link.value() << ": " << reopened.error().toString();
      EXPECT_EQ(reopened->gameBoard().judge().judgeInput(),
                session.gameBoard().judge().judgeInput());
      EXPECT_EQ(reopened->history(), session.history());
      EXPECT_EQ(reopened->step(), session.step());
      EXPECT_EQ(reopened->gameBoard().value(), session.gameBoard().value());
      EXPECT_EQ(makeLink(reopened.value(), used).value(), link.value());
    }
  }
}

TEST_P(EveryGame, AnalysisJsonIsWellFormed) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Session session = smallSession(game(), seed);
    std::string error;
    const auto json = testing::JsonReader::parse(analysisJson(session).value(), &error);
    ASSERT_TRUE(json.has_value()) << error;
    ASSERT_TRUE(json->member("game") && json->member("metric") && json->member("principalLine"));
    EXPECT_EQ(json->member("game")->text, game().id());
    EXPECT_EQ(json->member("metric")->text, game().info().metricName);
    EXPECT_EQ(json->member("judgeOutput")->text, session.gameBoard().judge().judgeOutput());
    const testing::JsonValue& line = *json->member("principalLine");
    ASSERT_EQ(line.items.size(), session.principalLine().size());
    for (const testing::JsonValue& step : line.items) {
      ASSERT_TRUE(step.member("moves") && step.member("moveCount") && step.member("played"));
      EXPECT_LE(step.member("moves")->items.size(), step.member("moveCount")->number);
    }
  }
}

TEST_P(EveryGame, SlicedSolvesEqualOneShotSolves) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const Recipe recipe = smallRecipe(game(), seed);
    Session whole = std::move(sessionFromRecipe(recipe, SolveLimits{}).value());
    auto job = startRecipe(recipe, SolveLimits{});
    ASSERT_TRUE(job.ok());
    std::uint64_t lastDone = 0;
    int calls = 0;
    while (!job->step(seed)) {
      const SolveProgress progress = job->progress();
      EXPECT_GE(progress.done, lastDone);
      lastDone = progress.done;
      ASSERT_LT(++calls, 100000000);
    }
    Session sliced = std::move(job->finish().value());
    EXPECT_EQ(sliced.gameBoard().judge().judgeOutput(), whole.gameBoard().judge().judgeOutput());
    EXPECT_EQ(sliced.stats().positions, whole.stats().positions);
    for (const Move& move : whole.principalLine()) {
      const std::vector<MoveValue> expected = whole.gameBoard().moves(),
                                   actual = sliced.gameBoard().moves();
      ASSERT_EQ(actual.size(), expected.size());
      for (std::size_t k = 0; k < expected.size(); ++k) {
        EXPECT_EQ(actual[k].value, expected[k].value);
        EXPECT_EQ(actual[k].best, expected[k].best);
      }
      ASSERT_EQ(whole.play(move), "");
      ASSERT_EQ(sliced.play(move), "");
    }
  }
}

TEST_P(EveryGame, MalformedInputIsRefusedWithALineAndAColumn) {
  const std::string sample = game().sample();
  const std::string lastLineDropped = sample.substr(0, sample.rfind('\n', sample.size() - 2) + 1);
  const std::vector<std::string> inputs = {"",
                                           "   \n",
                                           "x",
                                           sample + "7\n",
                                           "x" + sample.substr(sample.find(' ')),
                                           "-" + sample,
                                           lastLineDropped,
                                           sample.substr(0, sample.find('\n'))};
  for (const std::string& input : inputs) {
    auto session = Session::fromJudgeInput(game(), input);
    if (input == lastLineDropped && lastLineDropped.empty()) continue;
    ASSERT_FALSE(session.ok() && input != lastLineDropped && input != inputs.back()) << input;
    if (session.ok()) continue;  // a shorter board can still be a valid board
    const ParseError& error = session.error();
    EXPECT_GE(error.line, 1) << input;
    EXPECT_GE(error.column, 1) << input;
    EXPECT_EQ(error.toString().rfind("line " + std::to_string(error.line) + ", column " +
                                         std::to_string(error.column) + ": ",
                                     0),
              0u);
  }
  EXPECT_EQ(Session::fromJudgeInput(game(), "")
                .error()
                .toString()
                .rfind("line 1, column 1: the input is empty", 0),
            0u);
  EXPECT_NE(Session::fromJudgeInput(game(), sample + "7\n")
                .error()
                .message.english()
                .find("expected the end of the input"),
            std::string::npos);
  EXPECT_EQ(
      Session::fromJudgeInput(game(), "x" + sample.substr(sample.find(' '))).error().toString(),
      "line 1, column 1: expected an integer, found 'x'");
  // Move codes that name nothing are refused with a reason.
  Session session = std::move(Session::fromJudgeInput(game(), sample).value());
  for (const char* code : {"", "zz", "-", "0-0", "99999999999999999999"})
    EXPECT_FALSE(session.gameBoard().texts().parseMoveCode(code).ok() &&
                 session.play(session.gameBoard().texts().parseMoveCode(code).value()).empty())
        << code;
}

TEST_P(EveryGame, TheReferenceSolverAgreesWhereItRuns) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Session session = smallSession(game(), seed);
    const auto reference = session.gameBoard().judge().referenceJudgeOutput();
    if (!reference) continue;
    EXPECT_EQ(*reference, session.gameBoard().judge().judgeOutput())
        << session.gameBoard().judge().judgeInput();
    ++checked;
  }
  // Every real game has a reference for its small boards (the test game has none).
  if (std::string(game().id()) != "subtraction") EXPECT_GT(checked, 20);
}

TEST_P(EveryGame, BenchBoardsAreValidJudgeInputs) {
  for (const BenchBoard& board : game().benchBoards()) {
    EXPECT_FALSE(board.name.empty());
    EXPECT_TRUE(game().parse(board.judgeInput, SolveLimits{}).ok()) << board.name;
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, EveryGame, ::testing::ValuesIn(gamesUnderTest()),
                         [](const ::testing::TestParamInfo<const Game*>& info) {
                           return std::string(info.param->id());
                         });

TEST(EveryGameRegistry, TheTestGameIsRegisteredOnlyHere) {
  EXPECT_NE(findGame("subtraction"), nullptr);
  EXPECT_EQ(games().back()->id(), std::string("subtraction"));
}

// The subtraction game states only its rules (tests/subtraction_game.cpp): exports, quiz links
// and `gamesolver check` come to it from generic code, as they do to the built-in games.
TEST(SubtractionGame, GetsExportsQuizLinksAndCheckForFree) {
  const Game& game = testing::subtractionGame();
  auto session = Session::fromJudgeInput(game, game.sample());
  ASSERT_TRUE(session.ok()) << session.error().toString();
  ExportOptions svg;
  svg.step = 1;
  auto picture = exportBoard(session.value(), svg);
  ASSERT_TRUE(picture.ok()) << picture.error().toString();
  EXPECT_NE(picture->find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  ExportOptions md;
  md.format = ExportFormat::kMarkdown;
  auto markdown = exportBoard(session.value(), md);
  ASSERT_TRUE(markdown.ok()) << markdown.error().toString();
  EXPECT_NE(markdown->find(session->gameBoard().summary().english()), std::string::npos)
      << markdown.value();
  ViewOptions quiz;
  quiz.quiz = true;
  auto link = makeLink(session.value(), std::nullopt, quiz);
  ASSERT_TRUE(link.ok());
  auto parsed = parseLink(link.value());
  ASSERT_TRUE(parsed.ok()) << parsed.error().toString();
  EXPECT_TRUE(parsed->view.quiz);
  // check: the game's own answers pass every board; answers wrong from n = 9 on fail, and the
  // failure shrinks to the smallest failing pile.
  const auto right = [&game](const std::string& input) -> Expected<ProgramRun> {
    auto solved = Session::fromJudgeInput(game, input);
    if (!solved) return solved.error();
    ProgramRun run;
    run.output = solved->gameBoard().judge().judgeOutput();
    return run;
  };
  CheckOptions options;
  options.count = 30;
  const CheckReport passed = runCheck(game, options, right);
  EXPECT_FALSE(passed.failure.has_value());
  EXPECT_EQ(passed.passed, 30);
  const auto wrong = [&](const std::string& input) -> Expected<ProgramRun> {
    ProgramRun run = right(input).value();
    if (std::strtol(input.c_str(), nullptr, 10) >= 9) run.output = "win 1\n";
    return run;
  };
  const CheckReport failed = runCheck(game, options, wrong);
  ASSERT_TRUE(failed.failure.has_value());
  EXPECT_EQ(std::strtol(failed.failure->input.c_str(), nullptr, 10), 9) << failed.failure->input;
}

}  // namespace
}  // namespace gs
