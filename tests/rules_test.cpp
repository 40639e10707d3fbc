// Rules games (issue 22): terms, the Lua sandbox, the explore-then-solve solver, and the three
// built-in games written as rules giving the built-in solvers' answers.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "base/random.h"
#include "games/exchange/exchange.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_solver.h"
#include "rules/term.h"
#include "session.h"
#include "tools/analysis.h"
#include "tools/share_link.h"

namespace gs {
namespace {

std::string readExample(const std::string& name) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/web/examples/rules/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The game of a rules text, or the load error as "error: ...".
Expected<std::shared_ptr<RulesGame>> gameOf(const std::string& text) {
  auto rules = LuaRules::load(text);
  if (!rules) return rules.error();
  RulesGameOptions options;
  options.rulesText = text;
  return std::make_shared<RulesGame>(rules.value(), options);
}

// `gamesolver value`'s line, or "error: ...".
std::string valueOf(const std::string& text, const std::string& params = "",
                    const SolveLimits& limits = {}) {
  auto game = gameOf(text);
  if (!game) return "error: " + game.error().toString();
  const std::string input = params.empty() ? game.value()->sample() : params + "\n";
  auto session = Session::fromJudgeInput(*game.value(), input, limits);
  if (!session) return "error: " + session.error().toString();
  std::string output = session->gameBoard().judge().judgeOutput();
  output.pop_back();
  return output;
}

// A small game around one function body, for the sandbox's tests.
std::string gameWith(const std::string& moves, const std::string& play = "return s - m",
                     const std::string& extra = "") {
  return "game = {\n"
         "  title = 'test',\n"
         "  start = function(p) return 3 end,\n"
         "  moves = function(s, p)\n    " +
         moves +
         "\n  end,\n"
         "  play = function(s, m, p)\n    " +
         play + "\n  end,\n" + extra + "}\n";
}

// --- Terms.

TEST(Terms, CanonicalFormsIgnoreKeyOrderAndRoundTrip) {
  const Term a =
      Term::table({{Term::string("b"), Term::integer(2)},
                   {Term::string("a"), Term::list({Term::integer(-5), Term::boolean(true)})}});
  const Term b =
      Term::table({{Term::string("a"), Term::list({Term::integer(-5), Term::boolean(true)})},
                   {Term::string("b"), Term::integer(2)}});
  EXPECT_EQ(a.encode(), b.encode());
  EXPECT_EQ(a.text(), "{a = {-5, true}, b = 2}");
  Term back;
  ASSERT_TRUE(Term::decode(a.encode(), back));
  EXPECT_EQ(back.text(), a.text());
  EXPECT_EQ(Term::list({Term::integer(1), Term::string("x y")}).text(), "{1, \"x y\"}");
  EXPECT_EQ(Term::string("left").text(true), "left");
  EXPECT_EQ(Term::list({}).text(), "{}");
}

TEST(Terms, MalformedEncodingsAreRefused) {
  Term out;
  for (const std::string bytes : {std::string(""), std::string("i"),
                                  std::string("s\x05"
                                              "ab"),
                                  std::string("[\x02i\x02"), std::string("{\x01i\x02i\x04"),
                                  std::string("i\x02i\x02"), std::string("x")})
    EXPECT_FALSE(Term::decode(bytes, out)) << bytes;
  // A record whose keys are 1..n is an array in disguise: not canonical.
  std::string disguised = "{";
  disguised += '\x01';
  disguised += Term::integer(1).encode() + Term::integer(7).encode();
  EXPECT_FALSE(Term::decode(disguised, out));
  // Nesting deeper than the limit stops decoding instead of the stack.
  EXPECT_FALSE(Term::decode(std::string(100000, '[') + std::string(1, '\x01'), out));
}

// The encoder reads a flat array of scalars from the table itself (core/rules/lua_fastpath.h) and
// everything else through Lua's API: both give each shape of table its one canonical term.
TEST(Terms, EveryShapeOfLuaTableEncodesToItsCanonicalTerm) {
  const std::string longText(300, 'x');
  const std::string text =
      "local long = string.rep('x', 300)\n"
      "local function shape(k)\n"
      "  if k == 1 then return {3, 5} end\n"
      "  if k == 2 then return {-1, 'front', true, false, math.mininteger} end\n"
      "  if k == 3 then return {} end\n"
      "  if k == 4 then local t = {1, 2}; t[4] = 4; return t end\n"
      "  if k == 5 then local t = {1, 2, 3}; t[3] = nil; return t end\n"
      "  if k == 6 then local t = {}; t[2] = 20; t[1] = 10; return t end\n"
      "  if k == 7 then return {1.0, 2} end\n"
      "  if k == 8 then return {x = 1, 5} end\n"
      "  if k == 9 then return setmetatable({1, 2}, {}) end\n"
      "  if k == 10 then return {{1, 2}, {3}} end\n"
      "  if k == 11 then return {long} end\n"
      "  if k == 12 then local t = {1, 2, a = 1}; t.a = nil; return t end\n"
      "  return {7, nil, 9}\n"
      "end\n"
      "game = {\n"
      "  params = { {'k', 1, 1, 13} },\n"
      "  start = function(p) return shape(p.k) end,\n"
      "  moves = function(s, p) return {p.k} end,\n"
      "  play = function(s, m, p) return shape(m) end,\n"
      "}\n";
  auto loaded = LuaRules::load(text);
  ASSERT_TRUE(loaded) << loaded.error().toString();
  Rules& rules = *loaded.value();
  const auto I = [](std::int64_t v) { return Term::integer(v); };
  const Term expected[] = {
      Term::list({I(3), I(5)}),
      Term::list({I(-1), Term::string("front"), Term::boolean(true), Term::boolean(false),
                  I(std::numeric_limits<std::int64_t>::min())}),
      Term::list({}),
      Term::table({{I(1), I(1)}, {I(2), I(2)}, {I(4), I(4)}}),
      Term::list({I(1), I(2)}),
      Term::list({I(10), I(20)}),
      Term::list({I(1), I(2)}),
      Term::table({{I(1), I(5)}, {Term::string("x"), I(1)}}),
      Term::list({I(1), I(2)}),
      Term::list({Term::list({I(1), I(2)}), Term::list({I(3)})}),
      Term::list({Term::string(longText)}),
      Term::list({I(1), I(2)}),
      Term::table({{I(1), I(7)}, {I(3), I(9)}}),
  };
  for (int k = 1; k <= 13; ++k) {
    const Params params({k});
    auto start = rules.start(params);
    ASSERT_TRUE(start) << k << ": " << start.error().toString();
    EXPECT_EQ(start.value().encode(), expected[k - 1].encode())
        << k << ": " << start.value().text();
    // The same table as a move's result, through the expansion the solver uses.
    Expansion out;
    RulesError error;
    ASSERT_TRUE(rules.expand(start.value().encode(), params, out, error))
        << k << ": " << error.message.english();
    ASSERT_EQ(out.children(), 1u) << k;
    EXPECT_EQ(std::string(out.key(0)), expected[k - 1].encode()) << k;
  }
}

// --- The examples give the values their headers state, and the plain reference agrees.

TEST(RulesExamples, GiveTheValuesTheirHeadersState) {
  EXPECT_EQ(valueOf(readExample("nim2.lua")), "sg 6");
  EXPECT_EQ(valueOf(readExample("take12.lua")), "win 7");
  EXPECT_EQ(valueOf(readExample("take12.lua"), "9"), "loss 6");
  EXPECT_EQ(valueOf(readExample("dawson.lua")), "sg 2");
  EXPECT_EQ(valueOf(readExample("pick_ends.lua")), "1");
  EXPECT_EQ(valueOf(readExample("kayles.lua")), "sg 2");
  EXPECT_EQ(valueOf(readExample("take134.lua")), "win 11");
  EXPECT_EQ(valueOf(readExample("wythoff.lua"), "3 5"), "loss 4");
  const std::string expected[] = {"win 3", "loss 4", "loss 2", "win 1", "loss 0", "draw"};
  for (int from = 1; from <= 6; ++from)
    EXPECT_EQ(valueOf(readExample("cycle.lua"), std::to_string(from)), expected[from - 1]) << from;
}

TEST(RulesExamples, TakeOneOrTwoLosesExactlyOnMultiplesOfThree) {
  for (int n = 0; n <= 60; ++n) {
    const std::string value = valueOf(readExample("take12.lua"), std::to_string(n));
    // The loser delays: from a multiple of 3 the game lasts 2n/3 moves; the winner moves first.
    const std::string expected =
        n % 3 == 0 ? "loss " + std::to_string(2 * n / 3) : "win " + std::to_string(2 * (n / 3) + 1);
    EXPECT_EQ(value, expected) << n;
  }
}

// A rules game's values in words are forms of the catalogue (core/base/forms.h): they translate by
// key, players included, with no English word left ("sg" is a symbol).
bool hasEnglishWord(const std::string& text) {
  std::string word;
  for (const char c : text + " ") {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      word += c;
      continue;
    }
    if (word.size() >= 2 && word != "sg") return true;
    word.clear();
  }
  return false;
}

TEST(RulesExamples, ValuesInWordsTranslateByKey) {
  int texts = 0;
  for (const char* name : {"take12.lua", "cycle.lua", "nim2.lua", "pick_ends.lua", "dawson.lua"}) {
    auto game = gameOf(readExample(name));
    ASSERT_TRUE(game.ok()) << name;
    auto session = Session::fromJudgeInput(*game.value(), game.value()->sample());
    ASSERT_TRUE(session.ok()) << name << ": " << session.error().toString();
    std::vector<Message> messages{
        session->gameBoard().summary(),
        session->gameBoard().texts().describe(session->gameBoard().value(),
                                              session->gameBoard().sideToMove()),
        session->play(Move{1000000, -1})};
    for (const MoveValue& move : session->gameBoard().moves())
      messages.push_back(
          session->gameBoard().texts().describe(move.value, session->gameBoard().sideToMove()));
    for (const Message& message : messages) {
      const std::string chinese = message.in(Language::kChinese);
      EXPECT_NE(chinese, message.english()) << name;
      EXPECT_FALSE(hasEnglishWord(chinese))
          << name << ": " << message.english() << " -> " << chinese;
      ++texts;
    }
  }
  EXPECT_GT(texts, 20);
}

TEST(RulesSolver, AGameOneHundredThousandMovesDeepIsSolvedWithoutRecursion) {
  // take12 from 100000: 66,667 moves with perfect play, explored and solved with explicit
  // queues; the principal line walks all of them.
  auto game = gameOf(readExample("take12.lua"));
  ASSERT_TRUE(game.ok());
  auto session = Session::fromJudgeInput(*game.value(), "100000\n");
  ASSERT_TRUE(session.ok()) << session.error().toString();
  EXPECT_EQ(session->gameBoard().judge().judgeOutput(), "win 66667\n");
  EXPECT_EQ(session->principalLine().size(), 66667u);
}

TEST(RulesSolver, DrawsRepeatAndThePrincipalLineStopsAtTheRepetition) {
  auto game = gameOf(readExample("cycle.lua"));
  ASSERT_TRUE(game.ok());
  auto session = Session::fromJudgeInput(*game.value(), "6\n");
  ASSERT_TRUE(session.ok());
  EXPECT_TRUE(session->gameBoard().value().draw);
  EXPECT_EQ(session->gameBoard().summary(),
            "Neither player can force a win: a draw, play goes on for ever");
  // 6 -> 6 (a loop) keeps the draw; 6 -> 1 hands the opponent a win in 3.
  const std::vector<MoveValue> moves = session->gameBoard().moves();
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_TRUE(moves[0].value.draw);
  EXPECT_TRUE(moves[0].best);
  EXPECT_FALSE(moves[1].value.win);
  EXPECT_FALSE(moves[1].best);
  const std::vector<Move> line = session->principalLine();
  EXPECT_EQ(line.size(), 1u);  // 6 -> 6: back where it started
}

TEST(RulesSolver, AMoverFunctionLetsAPlayerMoveTwiceInARow) {
  // A pile of n; taking 1 passes the turn, taking 2 keeps it (mover: parity of the pile tells
  // whose turn it is, stored in the position). Checked against a hand count for small piles.
  const std::string rules = R"(
game = {
  params = { {"n", 5, 0, 50} },
  start = function(p) return {p.n, 1} end,
  mover = function(s, p) return s[2] end,
  moves = function(s, p)
    if s[1] == 0 then return {} end
    if s[1] == 1 then return {1} end
    return {1, 2}
  end,
  play = function(s, k, p)
    if k == 1 then return {s[1] - 1, 3 - s[2]} end
    return {s[1] - 2, s[2]}
  end,
})";
  // With n = 2 the mover takes 2 and moves again facing 0: no move, so the mover loses; taking
  // 1 then leaves 1 to the opponent, who takes it and the mover is stuck: loss either way.
  EXPECT_EQ(valueOf(rules, "2"), "loss 2");
  // n = 1: take 1, the opponent faces 0: win in 1.
  EXPECT_EQ(valueOf(rules, "1"), "win 1");
  // n = 3: take 2 (keep the turn) then take 1: the opponent faces 0: win in 2.
  EXPECT_EQ(valueOf(rules, "3"), "win 2");
}

TEST(RulesSolver, ScoredGamesCountGainsForTheMoverAndTheEndScore) {
  // One move: the first player takes 5 points; at the end the second player gets 2 back.
  const std::string rules = R"(
game = {
  start = function(p) return 0 end,
  moves = function(s, p) if s == 0 then return {"take"} end return {} end,
  play = function(s, m, p) return 1 end,
  gain = function(s, m, p) return 5 end,
  score = function(s, p) return -2 end,
})";
  EXPECT_EQ(valueOf(rules), "3");
}

TEST(RulesSolver, ARepeatedPositionInAScoredGameIsNamed) {
  const std::string rules =
      gameWith("return {1}", "return (s + 1) % 4", "  gain = function() return 1 end,\n");
  const std::string error = valueOf(rules);
  EXPECT_NE(error.find("the game repeats a position"), std::string::npos) << error;
  EXPECT_NE(error.find("must end"), std::string::npos) << error;
}

TEST(RulesSolver, ThePositionsCapEndsAnEndlessExploration) {
  const std::string endless = gameWith("return {1}", "return s + 1");
  SolveLimits limits;
  limits.maxPositions = 1000;
  EXPECT_EQ(valueOf(endless, "", limits),
            "error: the game has more than 1,000 positions, the positions cap (1,000 moves "
            "explored so far)");
  // A front-end with an option for the cap names it (the CLI; the module has none).
  limits.maxPositionsOption = "--max-positions N";
  EXPECT_EQ(valueOf(endless, "", limits),
            "error: the game has more than 1,000 positions, the positions cap (1,000 moves "
            "explored so far); raise it with --max-positions N");
  limits.maxPositions = 20'000'000;
  limits.memoryBudgetBytes = 4 << 20;
  const std::string error = valueOf(endless, "", limits);
  EXPECT_EQ(error.rfind("error: the game needs more than the memory budget of 4 MiB", 0), 0u)
      << error;
}

// A graph whose solve would pass the budget is refused as soon as what is explored shows it,
// with the least it needs ("at least 5 MiB to solve …", above the budget it names), and, above
// such budgets, the answer.
TEST(RulesSolver, AGameThatFitsOnlyToExploreNamesWhatItWouldSolve) {
  const std::string line = gameWith("if s == 0 then return {} end return {1}", "return s - m",
                                    "  start = function(p) return 100000 end,\n");
  bool exploring = false, early = false, solved = false;
  for (std::uint64_t mebibytes = 1; mebibytes <= 24; ++mebibytes) {
    SolveLimits limits;
    limits.memoryBudgetBytes = mebibytes << 20;
    const std::string answer = valueOf(line, "", limits);
    const std::string budget = "error: the game needs more than the memory budget of " +
                               std::to_string(mebibytes) + " MiB";
    if (answer.rfind(budget + ": at least ", 0) == 0) {
      early = true;
      EXPECT_FALSE(solved) << answer;
      const std::uint64_t need = std::stoull(answer.substr(budget.size() + 11));
      EXPECT_GT(need, mebibytes) << answer;
      EXPECT_NE(answer.find(" MiB to solve the "), std::string::npos) << answer;
      EXPECT_NE(answer.find(" moves explored so far"), std::string::npos) << answer;
    } else if (answer.rfind(budget + ": ", 0) == 0) {
      exploring = true;
      EXPECT_FALSE(solved) << answer;
      EXPECT_NE(answer.find(" moves explored so far"), std::string::npos) << answer;
    } else {
      solved = true;
      EXPECT_EQ(answer, "loss 100000") << "at " << mebibytes << " MiB";
    }
  }
  // (Here the early refusal comes first at every budget: the solve's tables for a line are more
  // than its exploration's.)
  EXPECT_FALSE(exploring);
  EXPECT_TRUE(early);
  EXPECT_TRUE(solved);
}

// The early refusal refuses no game the budget would solve: on every example (its default
// parameters, or its sample's first case) solved whole with no budget, the largest lower bound
// worked out while exploring is never above what the solve's own checks weighed.
TEST(RulesSolver, TheEarlyRefusalsBoundIsNeverAboveWhatTheSolveWeighs) {
  int checked = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(GS_SOURCE_DIR) + "/web/examples/rules")) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    auto rules = LuaRules::load(text.str());
    ASSERT_TRUE(rules) << entry.path();
    RulesGameOptions options;
    options.rulesText = text.str();
    RulesGame game(rules.value(), options);
    Params params = game.defaults();
    if (game.header().hasRead) {
      auto cases = game.cases(game.sample());
      ASSERT_TRUE(cases) << entry.path();
      params.input = std::make_shared<const std::string>(cases.value().front());
    }
    auto start = game.rules().start(params);
    ASSERT_TRUE(start) << entry.path();
    RulesSolver solver(game.rules(), params, SolveLimits{});
    ASSERT_TRUE(solver.addRoot(start.value(), 0)) << entry.path();
    while (!solver.advance(std::uint64_t{1} << 20)) {
    }
    if (solver.failed()) continue;  // (a game the host refuses: no solve to weigh)
    ++checked;
    EXPECT_GT(solver.largestSolveBound(), 0u) << entry.path();
    EXPECT_LE(solver.largestSolveBound(), solver.budgetWeighed()) << entry.path();
  }
  EXPECT_GE(checked, 20);
}

// --- The sandbox: every hostile rules file ends with one sentence naming what and where.

struct Hostile {
  const char* what;
  std::string rules;
  const char* expected;  // the start of the message after "error: "
};

TEST(RulesSandbox, HostileRulesEndWithOneSentenceNamingWhatAndWhere) {
  const std::vector<Hostile> cases = {
      {"an endless loop", gameWith("while true do end"),
       "line 5: the call ran past its budget of 50,000,000 instructions (does it loop for ever?), "
       "in moves(3)"},
      {"a loop that swallows the budget's error with pcall",
       gameWith("while true do pcall(function() while true do end end) end"),
       "line 5: the call ran past its budget"},
      {"endless allocation", gameWith("local t = {} for i = 1, 1e12 do t[i] = {i} end"),
       "the rules used more than their memory cap of 256 MiB, in moves(3)"},
      {"a huge string", gameWith("return {string.rep('x', 1 << 40)}"),
       "line 5: resulting string too large, in moves(3)"},
      {"a number as the move list", gameWith("return 5"),
       "line 4: moves must return an array of moves (empty when the game is over), not an "
       "integer, in moves(3)"},
      {"a move list with a hole", gameWith("return {1, nil, 3}"),
       "line 4: moves must return an array (keys 1 to n, no holes)"},
      {"a function as a position", gameWith("return {1}", "return function() end"),
       "line 7: the position play returned is or holds a function (positions and moves are made "
       "of integers, strings, booleans and tables), in play(3, 1)"},
      {"a number that is not whole", gameWith("return {1}", "return s - 0.5"),
       "line 7: the position play returned holds the number 2.5, which is not whole"},
      {"a table that contains itself", gameWith("return {1}", "local t = {} t[1] = t return t"),
       "line 7: the position play returned holds a table that contains itself"},
      {"tables nested 300 deep",
       gameWith("return {1}", "local t = 0 for i = 1, 300 do t = {t} end return t"),
       "line 7: the position play returned nests tables more than 200 deep"},
      {"a play that changes its position",
       "game = { start = function() return {3} end, moves = function(s) if s[1] > 0 then return "
       "{1, 2} end return {} end, play = function(s, m) s[1] = s[1] - 1 return {s[1]} end }",
       "line 1: play changed the position it was given; return a new table instead"},
      {"a finalizer",
       gameWith("setmetatable({}, {__gc = function() while true do end end}) return {}"),
       "line 5: the sandbox runs no finalizers: a metatable cannot have __gc"},
      {"load", gameWith("return load('return 1')()"),
       "line 5: attempt to call a nil value (global 'load'), in moves(3)"},
      {"io", gameWith("return io.open('/etc/passwd')"),
       "line 5: attempt to index a nil value (global 'io'), in moves(3)"},
      {"os", gameWith("os.execute('true') return {}"),
       "line 5: attempt to index a nil value (global 'os')"},
      {"require", gameWith("require('os') return {}"),
       "line 5: attempt to call a nil value (global 'require')"},
      {"debug", gameWith("debug.sethook() return {}"),
       "line 5: attempt to index a nil value (global 'debug')"},
      {"a pattern that backtracks for minutes (each step of the matcher is charged)",
       gameWith("string.rep('a', 5000):find(string.rep('a*', 8) .. 'b') return {}"),
       "line 5: the call ran past its budget of 50,000,000 instructions"},
      {"endless recursion", gameWith("local function f() return f() + 1 end return {f()}"),
       "line 5: stack overflow"},
      {"an error that is a table", gameWith("error({})"),
       "the rules raised an error that is a table, not a message, in moves(3)"},
      {"mover out of range",
       gameWith("return {1}", "return s - 1", "  mover = function(s) return 3 end,\n"),
       "line 10: mover must return 1 or 2, not 3, in mover(3)"},
      {"a binary chunk", std::string("\x1bLua\x54\x00", 6), "attempt to load a binary chunk"},
      {"a syntax error", "game = {\n  start = function(p) return 1 end,\n  moves = = 3\n}",
       "line 3, column 11: unexpected symbol near '='"},
      {"no game table", "x = 1", "the rules must define a table named game"},
      {"a missing function",
       "game = { start = function() return 1 end, moves = function() "
       "return {} end }",
       "game.play is missing: every game needs start, moves and play"},
      {"a misspelt field", gameWith("return {}", "return s", "  mvoes = 1,\n"),
       "game.mvoes is not a field of a rules game"},
      {"bad parameters",
       "game = { params = { {'n', 5, 10, 1} }, start = function() return 1 end, "
       "moves = function() return {} end, play = function() end }",
       "game.params[1] (n) needs min <= default <= max; it has default 5, min 10, max 1"},
      {"a parameter too large for 64 bits (found by rules_fuzz: undefined behaviour)",
       "game = { params = { {'n', 2.33e109, 0, 5} }, start = function() return 1 end, "
       "moves = function() return {} end, play = function() end }",
       "game.params[1] must be {name, default, min, max}: a name and three integers"},
      {"a position too large for 64 bits", gameWith("return {1}", "return 1e300"),
       "line 7: the position play returned holds the number 1e+300, which is not whole "
       "(positions and moves hold integers), in play(3, 1)"},
      {"parts without impartial",
       gameWith("return {}", "return s", "  parts = function(s) return {s} end,\n"),
       "parts splits impartial games (their Grundy numbers xor) and partisan ones (their cgt "
       "values add) only: add impartial = true or partisan = true, or remove parts"},
      {"writing to the parameters", gameWith("p.n = 3 return {}"),
       "line 5: the parameters are read-only (p.n = ... is not allowed), in moves(3)"},
  };
  for (const Hostile& test : cases) {
    const std::string got = valueOf(test.rules);
    EXPECT_EQ(got.rfind(std::string("error: ") + test.expected, 0), 0u)
        << test.what << "\n  got: " << got;
  }
}

// Each syntax error names the line Lua names and the column of what it is about: the token it
// says it is near, the token being read (a string, a number), or the end of the text. Columns
// count characters (é is one), and \r\n, \n\r, \r and \n each end one line, as Lua counts them.
TEST(RulesErrors, ASyntaxErrorNamesItsLineAndColumn) {
  struct Case {
    const char* text;
    int line, column;
    const char* message;
  };
  const Case cases[] = {
      {"game = {\n  title = 'x',\n  start = = 3,\n}\n", 3, 11, "unexpected symbol near '='"},
      {"x = 1\n\n   y = )\n", 3, 8, "unexpected symbol near ')'"},
      {"game = { title = \"abc\n}\n", 1, 18, "unfinished string near '\"abc'"},
      {"local x = 3x\n", 1, 11, "malformed number near '3x'"},
      {"x = 1\n--[[ unfinished\n\n", 4, 1,
       "unfinished long comment (starting at line 2) near <eof>"},
      {"if x then\n  y = 1\n", 3, 1, "'end' expected (to close 'if' at line 1) near <eof>"},
      {"t = { title = \"\xC3\xA9\xC3\xA9\", moves = function(s) return s +  end }\n", 1, 53,
       "unexpected symbol near 'end'"},
      {"local t = { a = 1, b = = 2 }\n", 1, 24, "unexpected symbol near '='"},
      {"x = 1\r\ny = = 2\n", 2, 5, "unexpected symbol near '='"},
      {"x = 1\n\ry = 2\r\rz = = 3\n", 4, 5, "unexpected symbol near '='"},
      {"s = 'a\\qb'\n", 1, 5, "invalid escape sequence near ''a\\q'"},
      {"for i = 1 do end\n", 1, 11, "',' expected near 'do'"},
  };
  for (const Case& test : cases) {
    auto rules = LuaRules::load(test.text);
    ASSERT_FALSE(rules) << test.text;
    EXPECT_EQ(rules.error().line, test.line) << test.text;
    EXPECT_EQ(rules.error().column, test.column) << test.text;
    EXPECT_EQ(rules.error().toString(), "line " + std::to_string(test.line) + ", column " +
                                            std::to_string(test.column) + ": " + test.message)
        << test.text;
  }
  // An error of the running file names its line alone (no lexer's place).
  auto ran = LuaRules::load("x = 1\ny = nil + 1\n");
  ASSERT_FALSE(ran);
  EXPECT_EQ(ran.error().line, 2);
  EXPECT_EQ(ran.error().column, 0);
}

TEST(RulesSandbox, AfterAHostileFileTheNextRulesStillWork) {
  EXPECT_NE(valueOf(gameWith("while true do end")).find("budget"), std::string::npos);
  EXPECT_NE(valueOf(gameWith("local t = {} for i = 1, 1e12 do t[i] = {i} end")).find("memory cap"),
            std::string::npos);
  EXPECT_EQ(valueOf(readExample("nim2.lua")), "sg 6");
}

TEST(RulesSandbox, ShowAndNameRunUnderTheTextBudgetAndTheOtherCallsUnderTheWhole) {
  // Each call below runs about 600,000 instructions (a loop of 200,000 turns): within a
  // per-call budget of 2,000,000, past a text budget of 500,000. A page gives show() and name()
  // the smaller one (they fall back to the canonical text); moves() keeps the whole, before and
  // after a text call ran out.
  const std::string text =
      "local function busy() local x = 0 for i = 1, 200000 do x = x + i end return x end\n"
      "game = {\n"
      "  params = {},\n"
      "  start = function(p) return 3 end,\n"
      "  moves = function(s, p) busy() if s > 0 then return {1} end return {} end,\n"
      "  play = function(s, m, p) return s - m end,\n"
      "  show = function(s, p) busy() return 'shown' end,\n"
      "  name = function(m, s, p) busy() return 'named' end,\n"
      "}\n";
  LuaLimits limits;
  limits.instructionsPerCall = 2'000'000;
  limits.instructionsPerTextCall = 500'000;
  for (const bool page : {true, false}) {
    if (!page) limits.instructionsPerTextCall = 0;  // the whole budget for every call
    auto rules = LuaRules::load(text, limits);
    ASSERT_TRUE(rules.ok()) << rules.error().toString();
    const Params params;
    ASSERT_TRUE(rules.value()->moves(Term::integer(3), params).ok());
    auto shown = rules.value()->show(Term::integer(3), params);
    auto named = rules.value()->name(Term::integer(1), Term::integer(3), params);
    if (page) {
      ASSERT_FALSE(shown.ok());
      EXPECT_EQ(shown.error().toString(),
                "line 1: the call ran past its budget of 500,000 instructions (does it loop for "
                "ever?), in show(3)");
      ASSERT_FALSE(named.ok());
      EXPECT_EQ(named.error().toString(),
                "line 1: the call ran past its budget of 500,000 instructions (does it loop for "
                "ever?), in name(1, 3)");
    } else {
      ASSERT_TRUE(shown.ok()) << shown.error().toString();
      EXPECT_EQ(shown->text(), "\"shown\"");
      ASSERT_TRUE(named.ok()) << named.error().toString();
      EXPECT_EQ(named.value(), "named");
    }
    auto moves = rules.value()->moves(Term::integer(3), params);
    ASSERT_TRUE(moves.ok()) << moves.error().toString();
    EXPECT_EQ(rules.value()->sandboxLimits().instructionsPerCall, 2'000'000u);
  }
}

TEST(RulesSandbox, ATotalBudgetBoundsAllTheCallsTogether) {
  // Each moves() call runs about 3,000 instructions: well inside the per-call budget, but 500
  // positions of it are far past a total of 100,000, which ends the solve naming the line.
  const std::string text =
      "game = {\n"
      "  title = 'busy',\n"
      "  params = { {'n', 500, 0, 1000} },\n"
      "  start = function(p) return p.n end,\n"
      "  moves = function(s, p)\n"
      "    local x = 0\n"
      "    for i = 1, 1000 do x = x + i end\n"
      "    if s > 0 then return {1} else return {} end\n"
      "  end,\n"
      "  play = function(s, m, p) return s - m end,\n"
      "}\n";
  LuaLimits limits;
  limits.instructionsTotal = 100000;
  for (const bool bounded : {true, false}) {
    auto rules = LuaRules::load(text, bounded ? limits : LuaLimits{});
    ASSERT_TRUE(rules.ok()) << rules.error().toString();
    auto game = std::make_shared<RulesGame>(rules.value(), RulesGameOptions{});
    auto session = Session::solve(game->board(game->defaults(), {}));
    if (bounded) {
      ASSERT_FALSE(session.ok());
      // The count runs out in moves' loop (line 7), at its return (line 8) or in play (line 10):
      // the C work charged at the next count (a chain of a table walked, whose length depends on
      // where the host's tables lie in memory) moves it by a stretch from one run to the next.
      const std::string message = session.error().toString();
      const std::string said =
          " the rules ran past their total budget of 100,000 instructions, in ";
      EXPECT_TRUE(message.rfind("line 7:" + said + "moves(", 0) == 0 ||
                  message.rfind("line 8:" + said + "moves(", 0) == 0 ||
                  message.rfind("line 10:" + said + "play(", 0) == 0)
          << message;
    } else {
      // Without the total the same rules solve (the per-call budget alone is far away).
      ASSERT_TRUE(session.ok()) << session.error().toString();
      EXPECT_EQ(session->gameBoard().judge().judgeOutput(), "loss 500\n");
    }
  }
}

TEST(RulesSolver, AnImpartialLineStopsWhereRulesThatDisagreeWithThemselvesRepeat) {
  // parts() says the position is the sum of nothing (sg 0, over) while moves() offers moves
  // that lead back to the same position: the line must end, not walk the loop for ever (the
  // fuzz target's hang of this shape, kept in its corpus).
  const std::string text =
      "game = {\n"
      "  title = 'inconsistent',\n"
      "  impartial = true,\n"
      "  start = function(p) return {9} end,\n"
      "  parts = function(s, p) return {} end,\n"
      "  moves = function(s, p) return {1, 2} end,\n"
      "  play = function(s, m, p) return s end,\n"
      "}\n";
  auto game = gameOf(text);
  ASSERT_TRUE(game.ok()) << game.error().toString();
  auto session = Session::solve(game.value()->board(game.value()->defaults(), {}));
  ASSERT_TRUE(session.ok()) << session.error().toString();
  EXPECT_EQ(session->gameBoard().judge().judgeOutput(), "sg 0\n");
  EXPECT_EQ(session->principalLine().size(), 1u);
}

TEST(RulesSolver, ASumsChildWhosePlayNowFailsKeepsTheValueItWasListedWith) {
  // The line keeps only each child's value for a sum; a move played works the child's parts out
  // from its term. Rules whose play fails once a move has been named (a global set by name)
  // leave no term: the position played keeps the value its move was listed with, and the line
  // has no move after it.
  const std::string text =
      "named = false\n"
      "game = {\n"
      "  title = 'rows',\n"
      "  impartial = true,\n"
      "  start = function(p) return {3, 5, 6} end,\n"
      "  parts = function(s, p) local r = {} for _, n in ipairs(s) do r[#r + 1] = {n} end "
      "return r end,\n"
      "  moves = function(s, p) local r = {} for i, n in ipairs(s) do for t = 1, math.min(2, n) "
      "do r[#r + 1] = {i, t} end end return r end,\n"
      "  play = function(s, m, p)\n"
      "    if named then error('played after a name') end\n"
      "    local t = {} for i, n in ipairs(s) do local k = i == m[1] and n - m[2] or n "
      "if k > 0 then t[#t + 1] = k end end table.sort(t) return t\n"
      "  end,\n"
      "  name = function(m, s, p) named = true return 'take ' .. m[2] .. ' from ' .. m[1] end,\n"
      "}\n";
  for (int index : {1, 2, 5}) {  // children of sg 3, 1 and 3
    auto game = gameOf(text);    // a state of its own: `named` starts false
    ASSERT_TRUE(game.ok()) << game.error().toString();
    auto session = Session::solve(game.value()->board(game.value()->defaults(), {}));
    ASSERT_TRUE(session.ok()) << session.error().toString();
    const std::vector<MoveValue> moves = session->gameBoard().moves();
    ASSERT_EQ(moves.size(), 6u);
    EXPECT_EQ(session->gameBoard().texts().moveName(moves[index].move),
              "take " + std::to_string(index % 2 + 1) + " from " + std::to_string(index / 2 + 1));
    ASSERT_EQ(session->play(moves[index].move), "");
    // Rows {3, 5, 6} have Grundy numbers 0, 2, 0 (take 1 or 2: n mod 3).
    const std::int64_t rows[3] = {3, 5, 6};
    std::int64_t sg = 0;
    for (int row = 0; row < 3; ++row)
      sg ^= (rows[row] - (row == index / 2 ? index % 2 + 1 : 0)) % 3;
    EXPECT_EQ(session->gameBoard().value().score, sg) << "move " << index;
    EXPECT_EQ(moves[index].value.score, sg) << "move " << index;
    EXPECT_TRUE(session->gameBoard().moves().empty()) << "the line has no move after it";
  }
}

// The analysis of a board, its timing lines left out.
std::string analysisWithoutTimes(const std::string& text, const std::string& input) {
  auto game = gameOf(text);
  if (!game) return "error: " + game.error().toString();
  auto session = Session::fromJudgeInput(*game.value(), input);
  if (!session) return "error: " + session.error().toString();
  std::stringstream json(analysisJson(session.value()).value());
  std::string kept, line;
  while (std::getline(json, line))
    if (line.find("Milliseconds") == std::string::npos) kept += line + "\n";
  return kept;
}

// The text without its moves_by_part line.
std::string withoutMovesByPart(std::string text) {
  const std::size_t at = text.find("  moves_by_part = true,");
  if (at == std::string::npos) return text;
  return text.erase(at, text.find('\n', at) + 1 - at);
}

TEST(RulesSolver, MovesByPartListsASumsMovesWithTheValuesTheRulesGive) {
  // With moves_by_part the values of a sum's moves come from its parts' edges, with no call of
  // play on the whole sum; the analysis (every step's moves, names and values, the line) must
  // be the one the rules give move by move.
  const struct {
    const char* file;
    std::vector<std::string> inputs;
  } cases[] = {
      {"kayles.lua", {"7", "13", "40", "71"}},
      {"dawson.lua", {"12", "35", "60"}},
      {"grundy.lua", {"13", "40", "90"}},
      {"nim.lua", {"1\n4\n3 4 5 7\n", "1\n3\n1 0 6\n"}},
  };
  for (const auto& c : cases) {
    const std::string text = readExample(c.file);
    ASSERT_NE(text.find("moves_by_part = true"), std::string::npos) << c.file;
    for (std::string input : c.inputs) {
      if (input.back() != '\n') input += "\n";
      const std::string declared = analysisWithoutTimes(text, input);
      EXPECT_EQ(declared, analysisWithoutTimes(withoutMovesByPart(text), input))
          << c.file << " " << input;
      EXPECT_NE(declared.find("\"ply\": 3"), std::string::npos) << "a line through sums";
    }
  }
}

// Kayles whose moves are listed width first (every row's single pins, then every row's pairs):
// not by part once there are two rows. `flip` rows or more list them so; fewer, by part.
std::string kaylesListedWidthFirst(int flip) {
  std::string text = readExample("kayles.lua");
  const std::string byPart =
      "    for i, len in ipairs(s) do\n"
      "      for width = 1, 2 do\n"
      "        for left = 0, len - width do r[#r + 1] = {i, left, width} end\n"
      "      end\n"
      "    end\n";
  const std::string widthFirst =
      "    if #s >= " + std::to_string(flip) +
      " then\n"
      "      for width = 1, 2 do\n"
      "        for i, len in ipairs(s) do\n"
      "          for left = 0, len - width do r[#r + 1] = {i, left, width} end\n"
      "        end\n"
      "      end\n"
      "      return r\n"
      "    end\n" +
      byPart;
  const std::size_t at = text.find(byPart);
  EXPECT_NE(at, std::string::npos);
  return text.replace(at, byPart.size(), widthFirst);
}

// Plays `line` (moves by index) on boards of Kayles with and without the declaration and
// compares the values of every move at the end.
void expectTheRulesOwnValues(const std::string& text, std::vector<int> line) {
  auto declared = gameOf(text);
  auto plain = gameOf(withoutMovesByPart(text));
  ASSERT_TRUE(declared.ok() && plain.ok());
  auto a = Session::fromJudgeInput(*declared.value(), "9\n");
  auto b = Session::fromJudgeInput(*plain.value(), "9\n");
  ASSERT_TRUE(a.ok() && b.ok());
  for (int move : line) {
    ASSERT_EQ(a->play(Move{move, -1}), "");
    ASSERT_EQ(b->play(Move{move, -1}), "");
    EXPECT_EQ(a->gameBoard().value(), b->gameBoard().value()) << "after move " << move + 1;
  }
  const std::vector<MoveValue> after = a->gameBoard().moves(), expected = b->gameBoard().moves();
  ASSERT_EQ(after.size(), expected.size());
  for (std::size_t k = 0; k < after.size(); ++k)
    EXPECT_EQ(after[k].value, expected[k].value) << "move " << k + 1;
}

TEST(RulesSolver, AMovesByPartTheRulesDoNotKeepIsDroppedForTheirOwnMoves) {
  // Declared, but false from the first sum of two rows on: the full check at the first sum
  // finds it, and every sum's moves are then the rules' own. 9 → knock the 3rd pin: {2, 6}.
  expectTheRulesOwnValues(kaylesListedWidthFirst(2), {2});
  // False only from three rows on: the first sum (two rows) passes the full check, and the
  // move played from a sum of three rows leads elsewhere than the declaration says (the 4th:
  // by part the pair of the row of 2, width first the first pin of the row of 4). From there on
  // the moves are the rules' own. 9 → {1, 7} → the 3rd pin of the 7: {1, 2, 4} → the 4th move.
  expectTheRulesOwnValues(kaylesListedWidthFirst(3), {1, 1 + 2, 3});
}

TEST(RulesSolver, AMoveWhoseNameFailsIsItsTextAndTheOthersKeepTheirNames) {
  // Names are asked for several moves at a time (one call of the rules for many names): a name
  // that fails is its move's text, and the names after it are still the rules' own.
  const std::string text = gameWith("return {1, 2, 3, 4}", "return 0",
                                    "  name = function(m, s, p)\n"
                                    "    if m == 2 then error('no name for 2') end\n"
                                    "    return 'take ' .. m\n"
                                    "  end,\n");
  auto game = gameOf(text);
  ASSERT_TRUE(game.ok()) << game.error().toString();
  auto session = Session::solve(game.value()->board(game.value()->defaults(), {}));
  ASSERT_TRUE(session.ok()) << session.error().toString();
  const GameBoard& board = session->gameBoard();
  const std::vector<MoveValue> moves = board.moves();
  ASSERT_EQ(moves.size(), 4u);
  const char* expected[] = {"take 1", "2", "take 3", "take 4"};
  for (int k = 0; k < 4; ++k) EXPECT_EQ(board.texts().moveName(moves[k].move), expected[k]) << k;
}

TEST(RulesSandbox, OnlyTheComputingLibrariesAreOpen) {
  const std::string probe = gameWith(
      "local names = {} for _, name in ipairs({'print', 'dofile', 'loadfile', 'load', "
      "'collectgarbage', 'require', 'io', 'os', 'package', 'debug', 'coroutine'}) do "
      "if _G[name] ~= nil then names[#names + 1] = name end end "
      "if string.dump or math.random or math.randomseed then names[#names + 1] = 'extra' end "
      "if #names > 0 then error('open: ' .. table.concat(names, ' ')) end "
      "assert(string.format and table.sort and math.floor and utf8.char and pcall and "
      "setmetatable) return {}");
  EXPECT_EQ(valueOf(probe), "loss 0");
}

// --- Links carry the rules text; opening one solves the same game.

TEST(RulesLinks, ALinkCarriesTheRulesAndReopensTheLineAndStep) {
  auto game = gameOf(readExample("nim2.lua"));
  ASSERT_TRUE(game.ok());
  auto session = Session::fromJudgeInput(*game.value(), "4 7\n");
  ASSERT_TRUE(session.ok());
  ASSERT_EQ(session->play(session->gameBoard().bestMove().value()), "");
  ASSERT_EQ(session->play(Move{0, -1}), "");
  session->undo();
  auto link = makeLink(session.value(), std::nullopt);
  ASSERT_TRUE(link.ok());
  EXPECT_EQ(link->rfind("#g=rules&c=", 0), 0u);
  auto reopened = openLink(link.value(), SolveLimits{});
  ASSERT_TRUE(reopened.ok()) << reopened.error().toString();
  EXPECT_EQ(reopened->gameBoard().judge().judgeOutput(), "sg 3\n");
  EXPECT_EQ(reopened->history().size(), 2u);
  EXPECT_EQ(reopened->step(), 1);
  EXPECT_EQ(makeLink(reopened.value(), std::nullopt).value(), link.value());
}

// Rules without parameters have an empty board part (b=), which must reopen (it did not).
TEST(RulesLinks, RulesWithoutParametersReopenFromTheirLink) {
  auto game = gameOf(readExample("cycle.lua"));
  ASSERT_TRUE(game.ok());
  const std::string text =
      "game = {\n  params = {},\n  start = function(p) return 3 end,\n"
      "  moves = function(s, p) if s > 0 then return {1} end return {} end,\n"
      "  play = function(s, m, p) return s - m end,\n}\n";
  auto bare = gameOf(text);
  ASSERT_TRUE(bare.ok());
  auto session = Session::solve(bare.value()->board({}, SolveLimits{}));
  ASSERT_TRUE(session.ok());
  auto link = makeLink(session.value(), std::nullopt);
  ASSERT_TRUE(link.ok());
  const std::string& made = link.value();
  EXPECT_TRUE(made.find("&b=&") != std::string::npos ||
              made.compare(made.size() - 3, 3, "&b=") == 0)
      << made;
  auto reopened = openLink(link.value(), SolveLimits{});
  ASSERT_TRUE(reopened.ok()) << reopened.error().toString();
  EXPECT_EQ(reopened->gameBoard().judge().judgeOutput(), "win 3\n");
  EXPECT_EQ(makeLink(reopened.value(), std::nullopt).value(), link.value());
  // A game with parameters still needs its board part.
  auto withParams = makeLink(Session::fromJudgeInput(*game.value(), game.value()->sample()).value(),
                             std::nullopt);
  ASSERT_TRUE(withParams.ok());
  const std::size_t b = withParams->find("&b=");
  ASSERT_NE(b, std::string::npos);
  std::string emptied = withParams.value();
  emptied.erase(b + 3, emptied.find('&', b + 1) == std::string::npos
                           ? std::string::npos
                           : emptied.find('&', b + 1) - (b + 3));
  EXPECT_EQ(openLink(emptied, SolveLimits{}).error().toString(), "b (the board) is empty");
}

// The t part: a rules game's table ranges, kept in the view and written back the same way.
TEST(RulesLinks, TheTablePartCarriesTheRanges) {
  auto game = gameOf(readExample("nim2.lua"));
  ASSERT_TRUE(game.ok());
  auto session = Session::fromJudgeInput(*game.value(), "4 7\n");
  ASSERT_TRUE(session.ok());
  ViewOptions view;
  view.table = "a=0..20 b=-3..5";
  auto link = makeLink(session.value(), std::nullopt, view);
  ASSERT_TRUE(link.ok());
  EXPECT_NE(link->find("&t=a.0.20.b.-3.5"), std::string::npos) << link.value();
  auto parsed = parseLink(link.value());
  ASSERT_TRUE(parsed.ok()) << parsed.error().toString();
  EXPECT_EQ(parsed->view.table, "a=0..20 b=-3..5");
  view.table = "n=0..100";
  EXPECT_EQ(parseLink(makeLink(session.value(), std::nullopt, view).value())->view.table,
            "n=0..100");
  const std::string prefix = link->substr(0, link->find("&t="));
  for (const char* bad : {"n.0", "n.0.1.2", "n.00.5", "n..5", "n~.0.5", "n.0.x"})
    EXPECT_EQ(parseLink(prefix + "&t=" + bad).error().toString(),
              std::string("t (the table) must be NAME.FROM.TO or two of them "
                          "(NAME.FROM.TO.NAME.FROM.TO), found '") +
                  bad + "'")
        << bad;
  EXPECT_EQ(parseLink("#g=staircase&b=1.1_1&t=n.0.5").error().toString(),
            "t (the table) goes with g=rules only");
}

TEST(RulesLinks, BrokenRulesInALinkAreNamedWithTheirPart) {
  EXPECT_EQ(openLink("#g=rules&b=3", SolveLimits{}).error().toString(),
            "g=rules needs c (the rules file)");
  EXPECT_EQ(openLink("#g=rules&c=!!", SolveLimits{}).error().toString(),
            "character 12 of the link: '!' cannot appear in a link");
  EXPECT_EQ(openLink("#g=rules&c=AAAA", SolveLimits{}).error().toString(),
            "c (the rules) is not a complete deflate stream (the link was cut or altered)");
  auto game = gameOf(gameWith("while true do end"));
  ASSERT_TRUE(game.ok());
  auto bad = Session::solve(game.value()->board({}, SolveLimits{}));
  EXPECT_FALSE(bad.ok());
}

// --- The built-in games written as rules give the built-in solvers' answers.

std::string luaMatrix(const std::vector<std::int64_t>& values, int rows, int cols) {
  std::string text = "{";
  for (int r = 0; r < rows; ++r) {
    text += "{";
    for (int c = 0; c < cols; ++c)
      text += std::to_string(values[static_cast<std::size_t>(r * cols + c)]) + ",";
    text += "},";
  }
  return text + "}";
}

TEST(BuiltInGamesAsRules, StaircaseAsRulesGivesTheSolversScore) {
  // Positions: the row lengths; a move: a row whose next cell may take a stone; the mover
  // gains a (Black) or b (White) of that cell.
  const std::string rules = R"(
local a, b = A, B
local rows, cols = #a, #a[1]
game = {
  start = function(p) local h = {} for i = 1, rows do h[i] = 0 end return {h, 1} end,
  moves = function(s, p)
    local h, r = s[1], {}
    for i = 1, rows do
      if h[i] < cols and (i == 1 or h[i - 1] > h[i]) then r[#r + 1] = i end
    end
    return r
  end,
  play = function(s, i, p)
    local h = {}
    for k = 1, rows do h[k] = s[1][k] end
    h[i] = h[i] + 1
    return {h, 3 - s[2]}
  end,
  gain = function(s, i, p)
    local cell = s[1][i] + 1
    if s[2] == 1 then return a[i][cell] end
    return b[i][cell]
  end,
})";
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    SplitMix64 random(seed);
    const int rows = static_cast<int>(random.between(1, 4)),
              cols = static_cast<int>(random.between(1, 4));
    std::vector<std::int64_t> a, b;
    std::string judge = std::to_string(rows) + " " + std::to_string(cols) + "\n";
    for (int k = 0; k < rows * cols; ++k) a.push_back(random.between(0, 9));
    for (int k = 0; k < rows * cols; ++k) b.push_back(random.between(0, 9));
    for (const auto* matrix : {&a, &b})
      for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c)
          judge += std::to_string((*matrix)[static_cast<std::size_t>(r * cols + c)]) + " ";
        judge += "\n";
      }
    std::string text = rules;
    text.replace(text.find("A, B"), 4, luaMatrix(a, rows, cols) + ", " + luaMatrix(b, rows, cols));
    auto builtIn = Session::fromJudgeInput(staircaseGame(), judge);
    ASSERT_TRUE(builtIn.ok()) << judge;
    std::string expected = builtIn->gameBoard().judge().judgeOutput();
    expected.pop_back();
    EXPECT_EQ(valueOf(text), expected) << judge;
  }
}

TEST(BuiltInGamesAsRules, ExchangeAsRulesGivesTheSolversWinner) {
  // Positions: the owner of each card (1 Takahashi, 2 Aoki, 0 the table) and who moves.
  const std::string rules = R"(
local cards, owners = CARDS, OWNERS
game = {
  start = function(p) return {owners, 1} end,
  moves = function(s, p)
    local own, who, r = s[1], s[2], {}
    for put = 1, #cards do
      if own[put] == who then
        r[#r + 1] = {put, 0}
        for take = 1, #cards do
          if own[take] == 0 and cards[take] < cards[put] then r[#r + 1] = {put, take} end
        end
      end
    end
    return r
  end,
  play = function(s, mv, p)
    local own = {}
    for k = 1, #cards do own[k] = s[1][k] end
    own[mv[1]] = 0
    if mv[2] > 0 then own[mv[2]] = s[2] end
    return {own, 3 - s[2]}
  end,
})";
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    SplitMix64 random(seed);
    const int n = static_cast<int>(random.between(1, 3)),
              m = static_cast<int>(random.between(1, 3)),
              l = static_cast<int>(random.between(1, 3));
    std::string cards = "{", owners = "{",
                judge =
                    std::to_string(n) + " " + std::to_string(m) + " " + std::to_string(l) + "\n";
    const int counts[3] = {n, m, l}, owner[3] = {1, 2, 0};
    for (int group = 0; group < 3; ++group) {
      for (int k = 0; k < counts[group]; ++k) {
        const std::int64_t card = random.between(1, 4);
        cards += std::to_string(card) + ",";
        owners += std::to_string(owner[group]) + ",";
        judge += std::to_string(card) + (k + 1 < counts[group] ? " " : "\n");
      }
    }
    std::string text = rules;
    text.replace(text.find("CARDS, OWNERS"), 13, cards + "}, " + owners + "}");
    auto builtIn = Session::fromJudgeInput(exchangeGame(), judge);
    ASSERT_TRUE(builtIn.ok()) << judge;
    const std::string value = valueOf(text);
    EXPECT_EQ(
        value.rfind(builtIn->gameBoard().judge().judgeOutput() == "Takahashi\n" ? "win " : "loss ",
                    0),
        0u)
        << judge << value;
    // The remoteness agrees with the built-in solver's too.
    EXPECT_EQ(value.substr(value.find(' ') + 1),
              std::to_string(builtIn->gameBoard().value().remoteness))
        << judge;
  }
}

TEST(BuiltInGamesAsRules, ManhattanAsRulesFindsTheSameWinningFirstCells) {
  // A placement must be answered by a higher cell farther than m, or its player wins: normal
  // play over "the last cell placed". The start's winning moves are the winning first cells.
  const std::string rules = R"(
local v, m = V, M
local n = #v
game = {
  start = function(p) return {0, 0} end,
  moves = function(s, p)
    local r = {}
    for i = 1, n do
      for j = 1, n do
        if s[1] == 0 or (math.abs(i - s[1]) + math.abs(j - s[2]) > m and v[i][j] > v[s[1]][s[2]]) then
          r[#r + 1] = {i, j}
        end
      end
    end
    return r
  end,
  play = function(s, mv, p) return mv end,
})";
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Recipe recipe;
    recipe.game = &manhattanGame();
    SplitMix64 random(seed);
    recipe.fields = {random.between(1, 5), random.between(0, 4)};
    recipe.seed = seed;
    auto builtIn = sessionFromRecipe(recipe, SolveLimits{});
    ASSERT_TRUE(builtIn.ok());
    const std::string judge = builtIn->gameBoard().judge().judgeInput();
    std::istringstream in(judge);
    int n = 0;
    std::int64_t m = 0;
    in >> n >> m;
    std::vector<std::int64_t> values(static_cast<std::size_t>(n * n));
    for (auto& value : values) in >> value;
    std::string text = rules;
    text.replace(text.find("V, M"), 4, luaMatrix(values, n, n) + ", " + std::to_string(m));
    auto game = gameOf(text);
    ASSERT_TRUE(game.ok()) << game.error().toString();
    auto session = Session::fromJudgeInput(*game.value(), "\n");
    ASSERT_TRUE(session.ok()) << session.error().toString();
    // The winning first cells, in the judge's order (row, then column).
    std::string cells;
    int count = 0;
    const std::vector<MoveValue> moves = session->gameBoard().moves();
    for (std::size_t k = 0; k < moves.size(); ++k) {
      if (!moves[k].value.win) continue;
      ++count;
      cells += std::to_string(k / static_cast<std::size_t>(n) + 1) + " " +
               std::to_string(k % static_cast<std::size_t>(n) + 1) + "\n";
    }
    EXPECT_EQ(std::to_string(count) + "\n" + cells, builtIn->gameBoard().judge().judgeOutput())
        << judge;
  }
}

}  // namespace
}  // namespace gs
