// Share links: round trips of board + moves + step for every game, recipes for large boards,
// and a table of corrupt links, each refused with a sentence naming the part at fault.
#include "tools/share_link.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "base/random.h"
#include "game_ids.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "session.h"
#include "tools/compress.h"

namespace gs {
namespace {

// Plays `count` random legal moves (fixed seed) and returns the codes played.
void playRandomMoves(Session& session, int count, std::uint64_t seed) {
  SplitMix64 random(seed);
  for (int k = 0; k < count; ++k) {
    const std::vector<MoveValue> moves = session.gameBoard().moves();
    if (moves.empty()) return;
    ASSERT_EQ(session.play(moves[random.next() % moves.size()].move), "");
  }
}

void expectSameState(const Session& expected, const Session& actual) {
  EXPECT_EQ(&actual.game(), &expected.game());
  EXPECT_EQ(actual.gameBoard().judge().judgeInput(), expected.gameBoard().judge().judgeInput());
  EXPECT_EQ(actual.gameBoard().judge().judgeOutput(), expected.gameBoard().judge().judgeOutput());
  EXPECT_EQ(actual.step(), expected.step());
  ASSERT_EQ(actual.history().size(), expected.history().size());
  for (std::size_t k = 0; k < expected.history().size(); ++k)
    EXPECT_EQ(actual.history()[k], expected.history()[k]) << "move " << k;
  EXPECT_EQ(actual.comments(), expected.comments());
  EXPECT_EQ(actual.gameBoard().value(), expected.gameBoard().value());
}

// Comments of every kind at some steps of the line: ASCII with link characters, Chinese, an
// emoji, the longest allowed.
void commentSomeSteps(Session& session, std::uint64_t seed) {
  const std::string kinds[] = {
      "the only reply that keeps n mod 7 in {0, 2} & wins #1 = 100%",
      "\xE5\x85\x88\xE6\x89\x8B\xE5\xBF\x85\xE8\x83\x9C\xEF\xBC\x81",  // 先手必胜！
      "\xF0\x9F\x98\x80 a blunder?", std::string(Session::kMaxCommentBytes, 'x')};
  SplitMix64 random(seed);
  for (int step = 0; step <= static_cast<int>(session.history().size()); ++step)
    if (random.next() % 2) ASSERT_EQ(session.setCommentAt(step, kinds[random.next() % 4]), "");
}

Session randomSession(int game, std::uint64_t seed) {
  if (game == 0) return Session::fromBoard(randomStaircase(1 + seed % 5, 1 + seed % 4, 50, seed));
  if (game == 1)
    return Session::fromBoard(randomExchange(1 + seed % 3, 1 + seed % 2, 1 + seed % 3, 9, seed));
  return Session::fromBoard(
      randomManhattan(1 + seed % 6, static_cast<std::int64_t>(seed % 4), seed));
}

TEST(ShareLinkRoundTrip, BoardMovesAndStepComeBackForEveryGame) {
  for (int game = 0; game < 3; ++game) {
    for (std::uint64_t seed = 1; seed <= 150; ++seed) {
      Session session = randomSession(game, seed);
      playRandomMoves(session, static_cast<int>(seed % 7), seed * 31);
      if (seed % 2 == 0) commentSomeSteps(session, seed);
      if (seed % 3 == 0) session.goToStep(session.step() / 2);
      const auto link = makeLink(session, std::nullopt);
      ASSERT_TRUE(link.ok()) << link.error().toString();
      auto reopened = openLink(link.value(), SolveLimits{});
      ASSERT_TRUE(reopened.ok()) << link.value() << ": " << reopened.error().toString();
      expectSameState(session, reopened.value());
      // The reopened state writes the same link again.
      EXPECT_EQ(makeLink(reopened.value(), std::nullopt).value(), link.value());
    }
  }
}

TEST(ShareLinkRoundTrip, ViewOptionsComeBack) {
  Session session = Session::fromBoard(randomStaircase(2, 3, 9, 4));
  ViewOptions view;
  view.embed = true;
  view.autoplay = true;
  view.readOnly = true;
  view.computer[1] = true;
  const std::string link = makeLink(session, std::nullopt, view).value();
  EXPECT_NE(link.find("&embed=1&autoplay=1&ro=1&p=hc"), std::string::npos) << link;
  const auto parsed = parseLink(link);
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(parsed->view.embed && parsed->view.autoplay && parsed->view.readOnly);
  EXPECT_FALSE(parsed->view.computer[0]);
  EXPECT_TRUE(parsed->view.computer[1]);
  EXPECT_FALSE(parsed->view.quiz);
  EXPECT_EQ(parsed->view.language, "");
  // A quiz in Chinese.
  ViewOptions quiz;
  quiz.quiz = true;
  quiz.language = "zh";
  const std::string quizLink = makeLink(session, std::nullopt, quiz).value();
  EXPECT_NE(quizLink.find("&q=1&lang=zh"), std::string::npos) << quizLink;
  const auto reopened = parseLink(quizLink);
  ASSERT_TRUE(reopened.ok());
  EXPECT_TRUE(reopened->view.quiz);
  EXPECT_EQ(reopened->view.language, "zh");
  EXPECT_EQ(parseLink(quizLink + "x").error().message.english(),
            "lang (the language) must be en or zh, found 'zhx'");
}

TEST(ShareLinkRoundTrip, TheComputersStrengthComesBackAndTenIsLeftOut) {
  Session session = Session::fromBoard(randomStaircase(2, 3, 9, 4));
  ViewOptions view;
  view.computer[1] = true;
  EXPECT_EQ(makeLink(session, std::nullopt, view).value().find("strength"), std::string::npos);
  for (int strength = 0; strength < 10; ++strength) {
    view.strength = strength;
    const std::string link = makeLink(session, std::nullopt, view).value();
    EXPECT_NE(link.find("&p=hc&strength=" + std::to_string(strength)), std::string::npos) << link;
    EXPECT_EQ(parseLink(link)->view.strength, strength);
  }
  EXPECT_EQ(parseLink("#g=staircase&strength=10")->view.strength, 10);
  for (const char* bad : {"11", "-1", "03", "x", ""})
    EXPECT_EQ(parseLink(std::string("#g=staircase&strength=") + bad).error().message.english(),
              "strength must be a number from 0 to 10, found '" + std::string(bad) + "'")
        << bad;
}

TEST(ShareLinkComments, CommentsTravelWithTheLineAndBadOnesNameTheStep) {
  Session session = Session::fromBoard(randomStaircase(3, 3, 9, 4));
  playRandomMoves(session, 3, 7);
  ASSERT_EQ(session.setCommentAt(2, "\xE5\xA5\xBD\xE6\x89\x8B"), "");  // 好手
  const std::string link = makeLink(session, std::nullopt).value();
  EXPECT_NE(link.find("&n="), std::string::npos) << link;
  const Session reopened = std::move(openLink(link, SolveLimits{}).value());
  EXPECT_EQ(reopened.comment(2), "\xE5\xA5\xBD\xE6\x89\x8B");
  EXPECT_EQ(reopened.comment(0), "");
  EXPECT_EQ(reopened.comment(3), "");
  // Comments at more steps than the line has, text that is not a comment, a broken part.
  const std::string moves = link.substr(0, link.find("&n="));
  const auto error = [&](const std::string& lines) {
    return parseLink(moves + "&n=" + compressToLink(lines)).error().message.english();
  };
  EXPECT_EQ(error("a\nb\nc\nd\ne"),
            "n (the comments) has a comment at step 4 but the link has only 3 moves");
  EXPECT_EQ(parseLink(moves + "&n=" + compressToLink("a\nb\nc\nd\n\n\n")).ok(), true);
  EXPECT_EQ(error("a\nb\tc"),
            "n (the comments), step 1: character 2 of the comment is a control character (U+0009); "
            "a comment is one line of text");
  EXPECT_EQ(error("a\n\xFF"), "n (the comments), step 1: byte 1 of the comment is not UTF-8 text");
  EXPECT_EQ(error(std::string(1001, 'y')),
            "n (the comments), step 0: the comment is 1001 bytes long; a comment holds at most "
            "1000 bytes of UTF-8");
  EXPECT_EQ(parseLink(moves + "&n=!").error().message.english(),
            "character " + std::to_string(moves.size() + 4) +
                " of the link: '!' cannot appear in a link");
  EXPECT_EQ(parseLink(moves + "&n=AAAA").error().message.english(),
            "n (the comments) is not a complete deflate stream (the link was cut or altered)");
}

TEST(ShareLinkRecipe, LargeBoardTravelsAsItsRecipe) {
  Recipe recipe;
  recipe.game = &manhattanGame();
  recipe.fields = {2000, 1000};
  recipe.seed = 7;
  auto session = sessionFromRecipe(recipe, SolveLimits{});
  ASSERT_TRUE(session.ok());
  ASSERT_EQ(session->play(Move{0, 0}), "");
  const std::string link = makeLink(session.value(), recipe).value();
  EXPECT_EQ(link, "#g=manhattan&r=2000.1000.7&m=1-1");
  auto reopened = openLink(link, SolveLimits{});
  ASSERT_TRUE(reopened.ok());
  expectSameState(session.value(), reopened.value());
  // Without its recipe the same board is too large for a link, and says so.
  const auto refused = makeLink(session.value(), std::nullopt);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.english().find("too many for a link"), std::string::npos);
}

// A recipe's seed is any 64-bit unsigned value (`gamesolver random ... SEED --link` prints such
// links); one past it is refused.
TEST(ShareLinkRecipe, SeedsAreAnyUnsigned64BitValue) {
  for (const std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{9223372036854775808u},
                                   std::uint64_t{18446744073709551615u}}) {
    Recipe recipe;
    recipe.game = &staircaseGame();
    recipe.fields = {2, 3, 100000};
    recipe.seed = seed;
    auto session = sessionFromRecipe(recipe, SolveLimits{});
    ASSERT_TRUE(session.ok());
    const std::string link = makeLink(session.value(), recipe).value();
    EXPECT_EQ(link, "#g=staircase&r=2.3.100000." + std::to_string(seed));
    auto reopened = openLink(link, SolveLimits{});
    ASSERT_TRUE(reopened.ok()) << reopened.error().toString();
    EXPECT_EQ(reopened->gameBoard().judge().judgeInput(),
              session->gameBoard().judge().judgeInput());
    EXPECT_EQ(parseRecipe(staircaseGame(), "2.3.100000." + std::to_string(seed), SolveLimits{})
                  .value()
                  .seed,
              seed);
  }
  EXPECT_EQ(
      openLink("#g=staircase&r=2.3.100000.18446744073709551616", SolveLimits{}).error().toString(),
      "r (the recipe) must be ROWS.COLS.MAX.SEED in numbers; '18446744073709551616' is not a "
      "number");
}

TEST(ShareLinkDecode, PercentEscapesAreDecoded) {
  auto session = openLink("#g=staircase&b=1%2E2_3%2E4_5%2E6", SolveLimits{});
  ASSERT_TRUE(session.ok()) << session.error().toString();
  EXPECT_EQ(session->gameBoard().judge().judgeInput(), "1 2\n3 4\n5 6\n");
}

TEST(ShareLinkDecode, ALinkNamingOnlyTheGameOpensItsSample) {
  for (const Game* game : games()) {
    auto session = openLink(std::string("#g=") + game->id(), SolveLimits{});
    ASSERT_TRUE(session.ok()) << session.error().toString();
    EXPECT_EQ(session->gameBoard().judge().judgeInput(), game->sample());
  }
  auto played = openLink("#g=staircase&m=1-1", SolveLimits{});
  ASSERT_TRUE(played.ok());
  EXPECT_EQ(played->step(), 1);
}

TEST(ShareLinkDecode, CorruptLinksGiveASentenceNamingThePart) {
  SolveLimits small;
  small.memoryBudgetBytes = 64 << 20;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "the link is empty; it needs at least g= (the game)"},
      {"#", "the link is empty; it needs at least g= (the game)"},
      {"#b=1.1_1_1", "the link names no game (g=" + testing::englishGameIds({"rules"}) + ")"},
      {"#g=chess&b=1",
       "g (the game) must be " + testing::englishGameIds({"rules"}) + ", found 'chess'"},
      {"#g=staircase&m=9-9", "m (the moves), move 1 '9-9': cell (9, 9) is outside the 2 x 3 board"},
      {"#g=staircase&b=1.1_1_1&r=1.1.1.1",
       "the link has both b (a board) and r (a recipe); it needs one"},
      {"#g=staircase&b=1.1_1_1&b=1.1_1_1", "link part 'b' appears twice"},
      {"#g=staircase&x=1",
       "unknown link part 'x' (known parts: g, b, r, m, s, n, embed, autoplay, ro, p, "
       "strength, q, lang, c, t, i, k)"},
      {"#g=staircase&b", "link part 'b' needs a value (b=…)"},
      {"#g=staircase&b=1%2", "character 17 of the link: '%' must start an escape like %2E"},
      {"#g=staircase&b=1<2", "character 17 of the link: '<' cannot appear in a link"},
      {"#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3",
       "b (the board), group 5, character 5: expected 3 integers (row 2 of b), found 2"},
      {"#g=staircase&b=1.1_1_1_5",
       "b (the board), group 4, character 1: expected the end of the input, found '5'"},
      {"#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1&m=2-2",
       "m (the moves), move 1 '2-2': cell (2, 2) needs a stone on (2, 1) first"},
      {"#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1&m=9-9",
       "m (the moves), move 1 '9-9': cell (9, 9) is outside the 2 x 3 board"},
      {"#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1&m=1-1.x",
       "m (the moves), move 2 'x' is not a move: a move is a cell row-col such as 2-3"},
      {"#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1&m=1-1&s=2",
       "s (the step) is 2 but the link has only 1 moves"},
      {"#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1&s=-1",
       "s (the step) must be a number of moves, found '-1'"},
      {"#g=exchange&b=1.1.2_2_4_1.3&m=B1",
       "m (the moves), move 1 'B1': card B1 is not in Takahashi's hand"},
      {"#g=exchange&b=1.1.2_2_4_1.3&m=A1-C3",
       "m (the moves), move 1 'A1-C3' is not a move: a move is a card like A1 (Takahashi's), B2 "
       "(Aoki's) or C1 (the table's) that exists on this board, optionally followed by -C2, the "
       "card taken"},
      {"#g=manhattan&r=2000.1000", "r (the recipe) must be N.M.SEED, found '2000.1000'"},
      {"#g=manhattan&r=9000.1.1",
       "r (the recipe): a 9000 x 9000 board needs 1.2 GiB to solve, over the memory budget of 64 "
       "MiB"},
      {"#g=staircase&r=0.3.9.1", "r (the recipe): ROWS must be between 1 and 10000, found 0"},
      {"#g=staircase&embed=2&b=1.1_1_1", "embed must be 0 or 1, found '2'"},
      {"#g=staircase&p=hx&b=1.1_1_1",
       "p (the players) must be two letters h (human) or c (computer), found 'hx'"},
  };
  for (const auto& [fragment, message] : cases) {
    const auto opened = openLink(fragment, small);
    ASSERT_FALSE(opened.ok()) << fragment;
    EXPECT_EQ(opened.error().toString(), message) << fragment;
  }
}

TEST(ShareLinkDecode, ArbitraryBytesAndMutatedLinksNeverCrash) {
  SplitMix64 random(2024);
  const std::string valid = "#g=staircase&b=2.3_2.7.3_9.1.2_3.7.2_2.3.1&m=1-1.1-2&s=1";
  const std::string alphabet = "gbrmsp=&._-%0123456789ABCxyz#";
  int opened = 0;
  for (int k = 0; k < 5000; ++k) {
    std::string fragment;
    if (k % 2 == 0) {
      // Random bytes after a plausible start.
      fragment = k % 4 ? "#g=staircase&b=" : "#";
      const int length = static_cast<int>(random.next() % 40);
      for (int c = 0; c < length; ++c) fragment += static_cast<char>(random.next() % 256);
    } else {
      // A valid link with one to three characters replaced, deleted or truncated.
      fragment = valid;
      const int edits = 1 + static_cast<int>(random.next() % 3);
      for (int e = 0; e < edits && !fragment.empty(); ++e) {
        const std::size_t at = random.next() % fragment.size();
        switch (random.next() % 3) {
          case 0:
            fragment[at] = alphabet[random.next() % alphabet.size()];
            break;
          case 1:
            fragment.erase(at, 1);
            break;
          default:
            fragment.resize(at);
            break;
        }
      }
    }
    const auto result = openLink(fragment, SolveLimits{});
    if (result.ok()) {
      ++opened;
    } else {
      EXPECT_FALSE(result.error().message.english().empty()) << fragment;
    }
  }
  EXPECT_GT(opened, 0);  // many mutated links stay valid: the decoder is not just refusing
}

}  // namespace
}  // namespace gs
