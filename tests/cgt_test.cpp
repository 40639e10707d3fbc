// Values of partisan games (core/cgt/cgt.h): CGSuite's own published cases, read in its
// notation and written back as CGSuite writes them, with their outcome classes, stops, means
// and temperatures.
#include "cgt/cgt.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <tuple>

#include "cgt/notation.h"
#include "rules/rules_cgt.h"
#include "rules/term.h"
#include "rules_game_of.h"
#include "session.h"

namespace gs::cgt {
namespace {

GameId parsed(GameStore& store, const std::string& text) {
  auto g = parseGame(store, text);
  EXPECT_TRUE(g.ok()) << text << ": " << g.error().toString();
  return g.ok() ? g.value() : store.zero();
}

// CGSuite's test cases (lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala
// in aaron-siegel/cgsuite): the input, its canonical form as CGSuite prints it, outcome class,
// left stop, right stop, mean, temperature.
struct Published {
  const char* input;
  const char* canonical;
  const char* outcome;
  const char* leftStop;
  const char* rightStop;
  const char* mean;
  const char* temperature;
};

const Published kCgsuiteCases[] = {
    {"0", "0", "P", "0", "0", "0", "-1"},
    {"5", "5", "L", "5", "5", "5", "-1"},
    {"-1823437481924", "-1823437481924", "R", "-1823437481924", "-1823437481924", "-1823437481924",
     "-1"},
    {"25/16", "25/16", "L", "25/16", "25/16", "25/16", "-1/16"},
    {"*8", "*8", "N", "0", "0", "0", "0"},
    {"9/8+*", "9/8*", "L", "9/8", "9/8", "9/8", "0"},
    {"^", "^", "L", "0", "0", "0", "0"},
    {"v*", "v*", "N", "0", "0", "0", "0"},
    {"6+^*", "6^*", "L", "6", "6", "6", "0"},
    {"^*6", "^*6", "L", "0", "0", "0", "0"},
    {"73/16+v9*8", "73/16v9*8", "L", "73/16", "73/16", "73/16", "0"},
    {"{0|*||*|||*||||*}", "^[4]", "L", "0", "0", "0", "0"},
    {"{0||0|v*}", "{0|^<2>}", "L", "0", "0", "0", "0"},
    {"{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
     "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
     "L", "0", "0", "0", "0"},
    {"{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*"
     ","
     "*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
     "{0,*,*2,*3,{0,*,*2,*3,*4||*4,v*5|vv*4}||{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}},{0,*"
     ","
     "*2,*3,*4||*4,v*5|vv*4}|{0,*,*2,*3,*4||*4,v*5|vv*4|||vv*4,{*4,v*5|vv*4}||||vv*4}}",
     "N", "0", "0", "0", "0"},
    {"{0||0|vvv}", "{0||0|v3}", "L", "0", "0", "0", "0"},
    {"{^^^|vv}", "{^3|vv}", "N", "0", "0", "0", "0"},
    {"{0||0|-3/2}", "Tiny(3/2)", "L", "0", "0", "0", "0"},
    {"{0|||0||-1|-3}", "Tiny({3|1})", "L", "0", "0", "0", "0"},
    {"{5||3|1|||0||||0}", "Miny({5||3|1})", "R", "0", "0", "0", "0"},
    {"{1|^^||^}", "{1|^^||^}", "L", "0", "0", "0", "0"},
    {"{1|^^^||^}", "{1|^3||^}", "L", "0", "0", "0", "0"},
    {"{3||2+*|1+*}", "{3||2*|1*}", "L", "3", "2", "9/4", "3/4"},
    {"{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", "{3/2*|1/2||{0|-3},{-1*,{-1/2|-1*}|-5/2}}", "N",
     "1/2", "-1", "-5/16", "21/16"},
};

TEST(Cgt, CgsuitesPublishedCasesComeOutAsCgsuitePrintsThem) {
  for (const Published& c : kCgsuiteCases) {
    GameStore store;
    const GameId g = parsed(store, c.input);
    EXPECT_EQ(store.text(g), c.canonical) << c.input;
    EXPECT_STREQ(outcomeClassText(store.outcome(g)), c.outcome) << c.input;
    EXPECT_EQ(store.leftStop(g).text(), c.leftStop) << c.input;
    EXPECT_EQ(store.rightStop(g).text(), c.rightStop) << c.input;
    EXPECT_EQ(store.mean(g).text(), c.mean) << c.input;
    EXPECT_EQ(store.temperature(g).text(), c.temperature) << c.input;
    // The canonical text reads back to the same game (where it is written without up's powers).
    const std::string text = store.text(g);
    if (text.find('<') == std::string::npos && text.find('[') == std::string::npos)
      EXPECT_EQ(parsed(store, text), g) << text;
  }
}

std::string exampleText(const std::string& name) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/web/examples/cgt/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A rules file of web/examples/cgt/ with a judge input: its game and the input's case.
struct Position {
  std::shared_ptr<RulesGame> game;
  Params params;
};

Position positionOf(const std::string& file, const std::string& input) {
  Position out;
  out.game = gs::testing::rulesGameOf(exampleText(file));
  if (!out.game) return out;
  auto cases = out.game->rules().read(input);
  EXPECT_TRUE(cases.ok()) << file << " " << input << ": " << cases.error().toString();
  if (cases.ok()) out.params = caseParams(cases.value().front());
  return out;
}

// x + k.^ + *m built by sums is recognised as such, and written as CGSuite writes it.
TEST(Cgt, NumberUpStarsMadeBySumsAreKnownAsSuch) {
  GameStore store;
  const GameId up = store.up();
  const char* numbers[] = {"0", "1/2", "-3", "7/8"};
  for (const char* x : numbers)
    for (int k = -4; k <= 4; ++k)
      for (std::uint32_t m = 0; m < 4; ++m) {
        GameId g = parsed(store, x);
        for (int i = 0; i < (k < 0 ? -k : k); ++i) g = store.add(g, k < 0 ? store.negate(up) : up);
        g = store.add(g, store.nimber(m));
        const auto nus = store.nus(g);
        ASSERT_TRUE(nus.has_value()) << x << " " << k << " " << m << ": " << store.text(g);
        EXPECT_EQ(nus->number.text(), x);
        EXPECT_EQ(nus->ups, k);
        EXPECT_EQ(nus->nimber, m);
        // CGSuite's text of it: the number (unless 0 with something after it), ups, star.
        std::string text = (std::string(x) == "0" && (k != 0 || m != 0)) ? "" : x;
        const int a = k < 0 ? -k : k;
        if (k != 0) text += a == 2 ? (k > 0 ? "^^" : "vv") : (k > 0 ? "^" : "v");
        if (a > 2) text += std::to_string(a);
        if (m > 0) text += "*" + (m > 1 ? std::to_string(m) : std::string());
        EXPECT_EQ(store.text(g), text);
      }
}

// Order and sums as the theory has them: G - G = 0, sums commute and associate, G <= H and
// H <= G only for G = H, and G <= H exactly when H - G is 0 or more (Left wins H - G moving
// second).
TEST(Cgt, SumsAndOrderObeyTheTheory) {
  GameStore store;
  const char* games[] = {
      "0",         "*",     "^",        "v*",          "1/2",          "-1",
      "+-1",       "{1|0}", "{2|-1/2}", "{0||0|-3/2}", "{3||2+*|1+*}", "{^^^|vv}",
      "{1|^^||^}", "*3",    "{0,*|0}",  "-5/8"};
  std::vector<GameId> ids;
  for (const char* g : games) ids.push_back(parsed(store, g));
  for (GameId g : ids) {
    EXPECT_EQ(store.add(g, store.negate(g)), store.zero()) << store.text(g);
    EXPECT_EQ(store.negate(store.negate(g)), g);
    for (GameId h : ids) {
      EXPECT_EQ(store.add(g, h), store.add(h, g));
      const bool leq = store.leq(g, h);
      EXPECT_EQ(leq && store.leq(h, g), g == h) << store.text(g) << " " << store.text(h);
      const OutcomeClass difference = store.outcome(store.subtract(h, g));
      EXPECT_EQ(leq, difference == OutcomeClass::kLeft || difference == OutcomeClass::kPrevious)
          << store.text(g) << " <= " << store.text(h);
      for (GameId k : {ids[2], ids[8], ids[10]})
        EXPECT_EQ(store.add(store.add(g, h), k), store.add(g, store.add(h, k)));
    }
  }
  // Numbers are their simplest forms: {0|1} = 1/2, {1/2|1} = 3/4, {|} = 0, {*|} = 0, {-1|} = 0.
  EXPECT_EQ(store.text(parsed(store, "{0|1}")), "1/2");
  EXPECT_EQ(store.text(parsed(store, "{1/2|1}")), "3/4");
  EXPECT_EQ(store.text(parsed(store, "{|}")), "0");
  EXPECT_EQ(store.text(parsed(store, "{*|}")), "0");
  EXPECT_EQ(store.text(parsed(store, "{-1|}")), "0");
  EXPECT_EQ(store.text(parsed(store, "{0|2}")), "1");
  EXPECT_EQ(store.text(parsed(store, "1/2+1/4")), "3/4");
  EXPECT_EQ(store.text(parsed(store, "^+v")), "0");
  EXPECT_EQ(store.text(parsed(store, "*2+*3")), "*");
}

TEST(Cgt, NotationErrorsNameTheirColumn) {
  GameStore store;
  const std::pair<const char*, const char*> wrong[] = {
      {"{1|2", "line 1, column 1: this '{' is not closed"},
      {"1/3", "line 1, column 3: a denominator must be a power of 2"},
      {"{1,|0}", "line 1, column 4: expected a game after ','"},
      {"{1|2|3}", "line 1, column 5: two runs of 1 bars at one level: say which splits first"},
      {"2 3", "line 1, column 3: expected '+', '-' or the end, found '3'"},
      {"^<2>",
       "line 1, column 2: powers of up (^<n>, ^[n]) are not read; write the game by its "
       "options"},
      {"{0}", "line 1, column 2: expected '|' between Left's options and Right's"},
  };
  for (const auto& [text, error] : wrong) {
    auto g = parseGame(store, text);
    ASSERT_FALSE(g.ok()) << text;
    EXPECT_EQ(g.error().toString(), error) << text;
  }
  auto huge = parseGame(store, "1/9223372036854775808");
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.error().toString(), "line 1, column 3: a number past 2^62");
  auto near = parseGame(store, "1/4611686018427387904");  // 2^-62: at the edge, exact
  ASSERT_TRUE(near.ok()) << near.error().toString();
  EXPECT_EQ(store.text(near.value()), "1/4611686018427387904");
  auto halved = parseGame(store, "{0|1/4611686018427387904}");  // 2^-63: past it
  ASSERT_FALSE(halved.ok());
  EXPECT_EQ(halved.error().toString(),
            "a value needs a numerator or a denominator past 2^62, past the exact range");
  GameStore other;
  auto past = parseGame(other, "4611686018427387904");  // 2^62
  ASSERT_FALSE(past.ok());
  EXPECT_EQ(past.error().toString(), "line 1, column 1: a number past 2^62");
}

// Whatever is typed reads as a game or gives an error with its column; nothing else (no crash,
// no hang: nesting has a bound).
TEST(Cgt, AnyTextReadsOrNamesItsColumn) {
  std::mt19937 random(60);
  const std::string alphabet = "{}|||,,*^v+-0123/()  Tiny";
  int read = 0, refused = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    std::string text;
    const int length = 1 + static_cast<int>(random() % 24);
    for (int k = 0; k < length; ++k) text += alphabet[random() % alphabet.size()];
    GameStore store;
    auto g = parseGame(store, text);
    if (g.ok()) {
      ++read;
      EXPECT_EQ(parsed(store, store.text(g.value())), g.value()) << text;
    } else {
      ++refused;
      EXPECT_GT(g.error().column, 0) << text << ": " << g.error().toString();
    }
  }
  EXPECT_GT(read, 30);
  EXPECT_GT(refused, 1000);
  GameStore store;
  std::string nested;
  for (int k = 0; k < 100000; ++k) nested += "{0|";
  nested += "0" + std::string(100000, '}');
  auto deep = parseGame(store, nested);
  ASSERT_FALSE(deep.ok());
  EXPECT_EQ(deep.error().toString(), "line 1, column 599: games nested deeper than 200");
}

// Rules without cgt values are refused with a sentence, and so is a position reached again
// from itself; past the positions cap or the store's cap, the refusal says which.
TEST(Cgt, RulesWithoutValuesAreRefused) {
  const auto refusal = [](const std::string& text, const SolveLimits& limits = {},
                          std::size_t maxGames = 4'000'000) {
    auto game = gs::testing::rulesGameOf(text);
    if (!game) return std::string("(no game)");
    GameStore store(maxGames);
    auto report = rulesCgtStart(game->rules(), game->defaults(), store, limits);
    return report.ok() ? "value " + store.text(report->value) : report.error().toString();
  };
  const std::string take =
      R"(game = { params = { {"n", 10, 0, 100} }, start = function(p) return p.n end,
    moves = function(s, p) local r = {} for k = 1, math.min(2, s) do r[#r + 1] = k end return r end,
    play = function(s, k, p) return s - k end, )";
  EXPECT_EQ(refusal(take + "}"), "value *");
  EXPECT_EQ(refusal(take + "gain = function(s, k, p) return k end }"),
            "cgt values are of normal play (who cannot move loses), and these rules score points");
  EXPECT_EQ(refusal(take + "mover = function(s, p) return 1 end }"),
            "cgt values are of games where either player may move at any position, and these "
            "rules say who moves (mover)");
  EXPECT_EQ(refusal(take + "result = function(s, p) return 'win' end }"),
            "cgt values are of normal play (who cannot move loses), and these rules end the game "
            "by result()");
  EXPECT_EQ(refusal(R"(game = { start = function(p) return 1 end,
      moves = function(s, p) return {1} end, play = function(s, m, p) return s % 3 + 1 end })"),
            "the position 1 can be reached again from itself, and cgt values are of games that "
            "end");
  SolveLimits few;
  few.maxPositions = 5;
  EXPECT_EQ(refusal(take + "}", few), "more than 5 positions");
  Position frogs = positionOf("toads_frogs.lua", "ttt..fff");
  GameStore small(50);
  auto report = rulesCgtStart(frogs.game->rules(), frogs.params, small, SolveLimits{});
  ASSERT_FALSE(report.ok());
  EXPECT_EQ(report.error().toString(),
            "the game needs more than 50 canonical forms of its followers, past the store's cap");
}

std::string cgtText(const std::string& file, const std::string& input) {
  Position position = positionOf(file, input);
  if (!position.game) return "(no game)";
  GameStore store;
  auto report = rulesCgtStart(position.game->rules(), position.params, store, SolveLimits{});
  if (!report) return "error: " + report.error().toString();
  return store.text(report->value);
}

// Published values of six families of games, as CGSuite's tests state them
// (lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala and GameStripTest.scala), each
// worked out here from its rules file over the positions it reaches.
TEST(Cgt, RulesGamesOfSixFamiliesHaveCgsuitesPublishedValues) {
  const std::tuple<const char*, const char*, const char*> published[] = {
      {"domineering_grid.lua", "....|....|....|....", "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}"},
      {"clobber.lua", "xox|ox.", "{^^*|*,v}"},
      {"clobber.lua", "diagonal xoxo|oox.|xxx.", "{0,v*|vv}"},
      {"cram.lua", ".........|##.######", "*4"},
      {"toads_frogs.lua", "ttttt..fffff",
       "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||"
       "0}}"},
      {"toads_frogs.lua", "steps tttt..fff", "1"},
      {"toppling_dominoes.lua", "lrrlrrl", "Tiny(1/2)"},
      {"toppling_dominoes.lua", "lere", "{1|0,{0|-1}}"},
  };
  for (const auto& [file, input, value] : published)
    EXPECT_EQ(cgtText(file, input), value) << file << " " << input;
}

// The independent reference: a plain minimax over the rules. For random small positions of
// each family, (1) who wins moving first, Left or Right, gives the canonical form's outcome
// class, and (2) the position minus its canonical form is a second player's win, played out
// move by move (the rules' moves on one side, the canonical form's options on the other): the
// canonical form equals the game, not merely its outcome.
class Minimax {
 public:
  Minimax(Rules& rules, const Params& params, GameStore& store)
      : rules_(rules), params_(params), store_(store), partisan_(rules.header().partisan) {}

  // Whether `who` (1 Left, 2 Right), to move in s + (-c), wins; c == kNone: s alone.
  static constexpr GameId kNone = 0xffffffffu;
  bool wins(const std::string& s, GameId c, int who) {
    const auto key = std::make_tuple(s, c, who);
    if (const auto found = memo_.find(key); found != memo_.end()) return found->second;
    bool win = false;
    for (const std::string& child : children(s, who))
      if (!wins(child, c, 3 - who)) {
        win = true;
        break;
      }
    // In -c, Left moves to -(c's Right options), Right to -(c's Left options).
    if (!win && c != kNone)
      for (GameId option : who == 1 ? store_.rightOptions(c) : store_.leftOptions(c))
        if (!wins(s, option, 3 - who)) {
          win = true;
          break;
        }
    memo_.emplace(key, win);
    return win;
  }

 private:
  std::vector<std::string> children(const std::string& s, int who) {
    const std::string position =
        partisan_ ? [&] {
          Term inner;
          Term::decode(s, inner);
          return Term::list({Term::integer(who), inner}).encode();
        }()
                  : s;
    std::vector<std::string> out;
    auto moves = rules_.moveKeys(position, params_);
    EXPECT_TRUE(moves.ok());
    if (!moves) return out;
    for (const std::string& move : moves.value()) {
      auto child = rules_.playKey(position, move, params_);
      EXPECT_TRUE(child.ok());
      if (!child) continue;
      if (!partisan_) {
        out.push_back(child.value());
        continue;
      }
      Term term;
      Term::decode(child.value(), term);
      out.push_back(term.entries()[1].second.encode());
    }
    return out;
  }

  Rules& rules_;
  const Params& params_;
  GameStore& store_;
  const bool partisan_;
  std::map<std::tuple<std::string, GameId, int>, bool> memo_;
};

std::string randomBoard(std::mt19937& random, const std::string& cells, int rows, int cols) {
  std::string out;
  for (int r = 0; r < rows; ++r) {
    if (r > 0) out += "|";
    for (int c = 0; c < cols; ++c) out += cells[random() % cells.size()];
  }
  return out;
}

TEST(Cgt, CanonicalFormsEqualTheRulesGameByAPlainMinimax) {
  std::mt19937 random(61);
  struct Family {
    const char* file;
    std::function<std::string()> board;
  };
  const Family families[] = {
      {"domineering_grid.lua", [&] { return randomBoard(random, "...#", 3, 3 + random() % 2); }},
      {"clobber.lua", [&] { return randomBoard(random, "xo.", 2 + random() % 2, 3); }},
      {"clobber.lua", [&] { return "diagonal " + randomBoard(random, "xxoo.", 3, 3); }},
      {"cram.lua", [&] { return randomBoard(random, "...#", 3, 3); }},
      {"toads_frogs.lua", [&] { return randomBoard(random, "tf..", 1, 6 + random() % 4); }},
      {"toads_frogs.lua", [&] { return "steps " + randomBoard(random, "tf..", 1, 8); }},
      {"toppling_dominoes.lua", [&] { return randomBoard(random, "lre", 1, 1 + random() % 7); }},
  };
  const char* classes[] = {"L", "R", "P", "N"};
  std::map<std::string, int> seen;
  int checked = 0;
  for (const Family& family : families) {
    for (int trial = 0; trial < 12; ++trial) {
      const std::string input = family.board();
      Position position = positionOf(family.file, input);
      ASSERT_TRUE(position.game);
      GameStore store;
      auto report = rulesCgtStart(position.game->rules(), position.params, store, SolveLimits{});
      ASSERT_TRUE(report.ok()) << family.file << " " << input << ": " << report.error().toString();
      auto start = position.game->rules().start(position.params);
      ASSERT_TRUE(start.ok());
      std::string s = start->encode();
      if (position.game->header().partisan) s = start->entries()[1].second.encode();
      Minimax minimax(position.game->rules(), position.params, store);
      const bool leftFirst = minimax.wins(s, Minimax::kNone, 1);
      const bool rightFirst = minimax.wins(s, Minimax::kNone, 2);
      const char* expected = leftFirst && rightFirst ? "N"
                             : leftFirst             ? "L"
                             : rightFirst            ? "R"
                                                     : "P";
      const GameId value = report->value;
      EXPECT_STREQ(outcomeClassText(store.outcome(value)), expected)
          << family.file << " " << input << " = " << store.text(value);
      EXPECT_FALSE(minimax.wins(s, value, 1))
          << family.file << " " << input << " - " << store.text(value);
      EXPECT_FALSE(minimax.wins(s, value, 2))
          << family.file << " " << input << " - " << store.text(value);
      ++seen[outcomeClassText(store.outcome(value))];
      ++checked;
    }
  }
  EXPECT_EQ(checked, 84);
  for (const char* c : classes) EXPECT_GT(seen[c], 0) << "no position of outcome class " << c;
}

// Partisan rules may have parts, for cgt alone: a position's value is the sum of its parts'
// (Domineering's regions, each cut to its rectangle), the same as the whole board's; every
// other question plays the whole board. Parts that do not go with partisan rules are refused.
TEST(Cgt, PartisanPartsAddTheirRegionsValues) {
  const std::string plain = [] {
    std::ifstream in(std::string(GS_SOURCE_DIR) + "/web/examples/rules/domineering.lua");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }();
  auto whole = gs::testing::rulesGameOf(plain);
  ASSERT_TRUE(whole);
  for (std::int64_t rows = 1; rows <= 3; ++rows)
    for (std::int64_t cols = 1; cols <= 4; ++cols) {
      std::string grid;
      for (std::int64_t r = 0; r < rows; ++r) grid += (r ? "|" : "") + std::string(cols, '.');
      GameStore store;
      auto report = rulesCgtStart(whole->rules(), Params{rows, cols}, store, SolveLimits{});
      ASSERT_TRUE(report.ok()) << report.error().toString();
      EXPECT_EQ(cgtText("domineering_grid.lua", grid), store.text(report->value)) << grid;
    }
  // Five regions of three shapes: each shape is worked out once.
  Position position = positionOf("domineering_grid.lua", "..#..#..|..#..#..|########|...#....");
  GameStore store;
  auto report = rulesCgtStart(position.game->rules(), position.params, store, SolveLimits{});
  ASSERT_TRUE(report.ok()) << report.error().toString();
  // Three 2 x 2 regions (+-1 each: +-1 in all), a row of 3 (-1: Right's alone) and one of 4
  // (-2): +-1 - 3.
  EXPECT_EQ(store.text(report->value), "{-2|-4}");
  EXPECT_LT(report->positions, 40u);
  EXPECT_FALSE(position.game->header().hasParts);  // the solver plays whole boards
  EXPECT_TRUE(position.game->header().partisanParts);

  const std::string partisan = R"(game = { partisan = true, start = function(p) return 1 end,
    moves = function(s, p, who) return {} end, play = function(s, m, p, who) return s end,
    parts = function(s, p) return {s} end, )";
  const std::pair<std::string, std::string> refused[] = {
      {partisan + "gain = function() return 1 end }",
       "the parts of a partisan game add up as cgt values, of normal play: remove parts, or gain, "
       "score and result"},
      {partisan + "result = function() return 'win' end }",
       "the parts of a partisan game add up as cgt values, of normal play: remove parts, or gain, "
       "score and result"},
      {partisan + "moves_by_part = true }",
       "moves_by_part lists an impartial sum's moves part by part: remove it (a partisan game's "
       "parts are for cgt, which makes each part's moves itself)"},
  };
  for (const auto& [text, error] : refused) {
    auto rules = loadRules(text);
    ASSERT_FALSE(rules.ok()) << text;
    EXPECT_EQ(rules.error().toString(), error);
  }
}

// A grid whose blocked column splits it into two regions is the sum of their values (the
// store's sums against the whole board's exploration).
TEST(Cgt, SeparateRegionsAddUp) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 10; ++trial) {
    const std::string a = randomBoard(random, "...#", 3, 3), b = randomBoard(random, "...#", 3, 2);
    std::string whole;
    for (int r = 0; r < 3; ++r)
      whole += (r ? "|" : "") + a.substr(4 * r, 3) + "#" + b.substr(3 * r, 2);
    GameStore store;
    const auto valueOf = [&](const std::string& input) {
      Position position = positionOf("domineering_grid.lua", input);
      auto report = rulesCgtStart(position.game->rules(), position.params, store, SolveLimits{});
      EXPECT_TRUE(report.ok()) << input;
      return report.ok() ? report->value : store.zero();
    };
    EXPECT_EQ(store.text(valueOf(whole)), store.text(store.add(valueOf(a), valueOf(b)))) << whole;
    EXPECT_EQ(valueOf(whole), store.add(valueOf(a), valueOf(b))) << whole;
  }
}

// A partisan rules board values the position on it (GameBoard::combinatorialValues): a cap on
// the positions one ask values refuses with the cap, is refused again at once unless asked
// again, and asked again goes on from the values made, to the value of one whole ask; each
// move's value is the value of the position it leads to.
TEST(Cgt, ABoardValuesItsPositionInSlicesAndAfterEachMove) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/web/examples/rules/domineering.lua");
  std::stringstream text;
  text << in.rdbuf();
  auto game = gs::testing::rulesGameOf(text.str());
  ASSERT_TRUE(game);
  const Params params{4, 4};
  auto whole = Session::solve(game->board(params, SolveLimits{}));
  ASSERT_TRUE(whole.ok());
  ASSERT_TRUE(whole->gameBoard().combinatorialValues());
  auto once = whole->gameBoard().combinatorialValues()->valueHere();
  ASSERT_TRUE(once.ok()) << once.error().toString();
  EXPECT_EQ(once->canonical, "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
  const std::uint64_t all = whole->gameBoard().combinatorialValues()->positionsValued();
  EXPECT_GT(all, 1000u);

  auto sliced = Session::solve(game->board(params, SolveLimits{}));
  ASSERT_TRUE(sliced.ok());
  const CombinatorialValues& values = *sliced->gameBoard().combinatorialValues();
  auto first = values.valueHere(1000);
  ASSERT_FALSE(first.ok());
  EXPECT_EQ(first.error().toString(), "more than 1,000 positions");
  EXPECT_TRUE(values.valueCutShort());
  // The positions valued: the 1,000 met less the line of unfinished ones the refusal left.
  const std::uint64_t made = values.positionsValued();
  EXPECT_TRUE(made > 980 && made < 1000) << made;
  EXPECT_FALSE(values.valueHere(1000).ok());  // refused again at once: nothing more valued
  EXPECT_EQ(values.positionsValued(), made);
  EXPECT_FALSE(values.valueAfter(Move{0}));  // no value here yet
  int asks = 1;
  Expected<CombinatorialValue> value = first;
  while (!value.ok() && asks < 100) {
    value = values.valueHere(1000, true);
    ++asks;
  }
  ASSERT_TRUE(value.ok()) << value.error().toString();
  EXPECT_FALSE(values.valueCutShort());
  EXPECT_EQ(value->canonical, once->canonical);
  EXPECT_EQ(values.positionsValued(), all);  // nothing valued twice
  EXPECT_GE(asks, static_cast<int>((all + 999) / 1000));

  // Each move's value, then the board played: the value here is the one the move named.
  const std::vector<MoveValue> moves = sliced->gameBoard().moves();
  ASSERT_EQ(moves.size(), 12u);
  std::vector<std::string> after;
  for (const MoveValue& move : moves) {
    auto text = values.valueAfter(move.move);
    ASSERT_TRUE(text);
    after.push_back(*text);
  }
  EXPECT_NE(std::find(after.begin(), after.end(), "Tiny(2)"), after.end());
  for (std::size_t k = 0; k < moves.size(); ++k) {
    ASSERT_TRUE(sliced->play(moves[k].move).empty());
    auto here = values.valueHere();
    ASSERT_TRUE(here.ok());
    EXPECT_EQ(here->canonical, after[k]) << "move " << k;
    ASSERT_TRUE(sliced->undo());
  }
}

}  // namespace
}  // namespace gs::cgt
