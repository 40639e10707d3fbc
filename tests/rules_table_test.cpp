// Tables of rules games (issue 23) and the generic features a game gets by stating its rules
// (issue 20): exports, links, quizzes and check, tried on a rules game that is nothing else.
#include "rules/rules_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "base/message.h"
#include "base/thousands.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "session.h"
#include "tools/check.h"
#include "tools/export.h"
#include "tools/share_link.h"

namespace gs {
namespace {

std::string readExample(const std::string& name) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/web/examples/rules/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::shared_ptr<RulesGame> gameOf(const std::string& text) {
  auto rules = LuaRules::load(text);
  EXPECT_TRUE(rules.ok()) << rules.error().toString();
  RulesGameOptions options;
  options.rulesText = text;
  return std::make_shared<RulesGame>(rules.value(), options);
}

std::unique_ptr<RulesTable> tableOf(const std::shared_ptr<RulesGame>& game,
                                    const std::vector<std::string>& args) {
  auto spec = parseTableSpec(*game, args);
  EXPECT_TRUE(spec.ok()) << spec.error().toString();
  auto table = std::make_unique<RulesTable>(game, spec.value(), SolveLimits{});
  while (!table->advance(1000)) {
  }
  EXPECT_FALSE(table->failed()) << table->error().toString();
  return table;
}

std::string single(const std::shared_ptr<RulesGame>& game, const std::string& params) {
  auto session = Session::fromJudgeInput(*game, params + "\n");
  return session ? session->gameBoard().judge().judgeOutput()
                 : "error: " + session.error().toString();
}

// --- Tables.

TEST(Tables, TsvRowsAreTheValuesAsGamesolverValueWritesThem) {
  const auto table = tableOf(gameOf(readExample("take12.lua")), {"n=0..5"});
  EXPECT_EQ(formatTable(*table, TableFormat::kTsv, "cmd"),
            "n\tvalue\n0\tloss 0\n1\twin 1\n2\twin 1\n3\tloss 2\n4\twin 3\n5\twin 3\n");
  EXPECT_EQ(formatTable(*table, TableFormat::kCsv, "cmd"),
            "n,value\n0,loss 0\n1,win 1\n2,win 1\n3,loss 2\n4,win 3\n5,win 3\n");
}

TEST(Tables, EveryRowEqualsItsOwnSolveWhenTheRulesReadAParameterOutsideStart) {
  // Subtraction with k read by moves(): rows with different k cannot share positions.
  const std::string rules = R"(
game = {
  params = { {"n", 10, 0, 100}, {"k", 2, 1, 9} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    for t = 1, math.min(s, p.k) do r[#r + 1] = t end
    return r
  end,
  play = function(s, t, p) return s - t end,
})";
  const auto game = gameOf(rules);
  const auto table = tableOf(game, {"k=1..4", "n=0..25"});
  ASSERT_EQ(table->values().size(), 4u * 26u);
  for (std::uint64_t row = 0; row < table->values().size(); ++row) {
    const Params params = table->spec().rowParams(row);
    const std::string mine = rulesValueText(RulesKind::kNormalPlay, table->values()[row]) + "\n";
    EXPECT_EQ(mine, single(game, std::to_string(params[0]) + " " + std::to_string(params[1])))
        << "n=" << params[0] << " k=" << params[1];
  }
  // One group per k (the first try, before k was seen read, is dropped).
  EXPECT_EQ(table->groups(), 5u);
}

// Issue 32: a function other than start read the ranged parameter, and the group's shared solve
// failed on a position of another row's start before the read was seen: the table stopped
// with a false error. Here gain and play index a row of p.c numbers, past which the other
// rows' positions lie.
std::string indexingRules(const std::string& reader) {
  return R"(
game = {
  params = { {"c", 1, 1, 6}, {"n", 3, 1, 6} },
  start = function(p) return {i = 1, n = p.c} end,
  moves = function(s, p) if s.i > s.n then return {} end return {"a", "b"} end,
  play = function(s, m, p)
    local step = )" +
         (reader == "play" ? std::string("({1, 1, 1, 1, 1, 1})[p.c]") : "1") + R"(
    assert(s.i <= p.c, "play past the row of c")
    return {i = s.i + step, n = s.n}
  end,
  gain = function(s, m, p)
    local row = {}
    for k = 1, p.c do row[k] = k * (m == "a" and 1 or -2) end
    return row[s.i] + )" +
         (reader == "gain" ? std::string("0") : "0") + R"(
  end,
})";
}

TEST(Tables, ARowsValueIsItsOwnSolveWhicheverFunctionReadsTheRangedParameter) {
  for (const std::string reader : {"gain", "play"}) {
    const auto game = gameOf(indexingRules(reader));
    const auto table = tableOf(game, {"c=1..6"});
    ASSERT_EQ(table->values().size(), 6u) << reader;
    for (std::uint64_t row = 0; row < 6; ++row) {
      const std::string mine = rulesValueText(RulesKind::kScored, table->values()[row]) + "\n";
      EXPECT_EQ(mine, single(game, std::to_string(row + 1) + " 3")) << reader << " c=" << row + 1;
    }
  }
}

TEST(Tables, ARowWhoseOwnSolveFailsGivesTheTableItsErrorAndName) {
  // gain fails only in the row c=4; the rows before it solve.
  const auto game = gameOf(R"(
game = {
  params = { {"c", 1, 1, 6} },
  start = function(p) return 2 end,
  moves = function(s, p) if s > 0 then return {1} end return {} end,
  play = function(s, m, p) return s - m end,
  gain = function(s, m, p) if p.c == 4 then error("no gain for c = 4") end return p.c end,
})");
  auto spec = parseTableSpec(*game, {"c=1..6"});
  ASSERT_TRUE(spec.ok());
  RulesTable table(game, spec.value(), SolveLimits{});
  while (!table.advance(1000)) {
  }
  ASSERT_TRUE(table.failed());
  EXPECT_EQ(table.error().toString(), "line 7: no gain for c = 4, in gain(2, 1), at c=4");
  EXPECT_EQ(single(game, "4"), "error: line 7: no gain for c = 4, in gain(2, 1)");
}

// The table's refusals are forms (core/base/forms.h), so the Chinese interface shows them in
// Chinese; the English is the sentence the command line prints.
TEST(Tables, RefusalsOfRangesAreFormsThatTheChineseInterfaceTranslates) {
  const auto game = gameOf(readExample("kayles.lua"));
  const auto refusal = [&](const std::vector<std::string>& args) {
    auto spec = parseTableSpec(*game, args);
    EXPECT_FALSE(spec.ok());
    return spec.ok() ? Message() : spec.error().what();
  };
  struct Case {
    std::vector<std::string> args;
    const char* english;
    const char* chinese;
  };
  const Case cases[] = {
      {{"zz=1"},
       "'zz' is not a parameter (the parameters: n)",
       "\xE2\x80\x9C"
       "zz\xE2\x80\x9D\xE4\xB8\x8D\xE6\x98\xAF\xE5\x8F\x82\xE6\x95\xB0"
       "\xEF\xBC\x88\xE5\x8F\x82\xE6\x95\xB0\xEF\xBC\x9A"
       "n\xEF\xBC\x89"},
      {{"n=x"}, "n needs a whole number, found 'x'", nullptr},
      {{"n=1..0"}, "n=1..0 is empty: FROM must not pass TO", nullptr},
      {{"n=0..5", "n=1"}, "n is given twice", nullptr},
      {{"n=99999999"}, "n must be between 0 and 2000, found 99999999", nullptr},
      {{"n=5"}, "a table needs a range, such as n=0..100", nullptr},
  };
  for (const Case& c : cases) {
    const Message message = refusal(c.args);
    EXPECT_EQ(message.english(), c.english);
    const std::string chinese = message.in(Language::kChinese);
    EXPECT_NE(chinese, c.english) << c.english << ": not translated";
    if (c.chinese) EXPECT_EQ(chinese, c.chinese);
  }
}

TEST(Tables, RandomTablesOfRulesThatReadTheParameterAnywhereEqualTheirRowsOwnSolves) {
  // The issue's sweep: 60 random tables over games whose moves, play or gain read the ranged
  // parameter (29 of 60 failed before). Each row is compared with its own solve.
  std::uint64_t state = 12345;
  const auto next = [&](std::uint64_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % bound;
  };
  const char* const readers[] = {"moves", "play", "gain"};
  for (int trial = 0; trial < 60; ++trial) {
    const std::string reader = readers[next(3)];
    const int weight = 1 + static_cast<int>(next(3));
    // `w` is a row of numbers as long as this row's positions: another row's positions (a
    // larger c) lie past it, where indexing it fails.
    const std::string row = "local w = {} for k = 0, p.c * 2 + p.n do w[k] = (k * " +
                            std::to_string(weight) + ") % 5 end";
    std::string rules =
        "game = {\n  params = { {'c', 1, 1, 9}, {'n', 5, 0, 12} },\n"
        "  start = function(p) return p.c * 2 + p.n end,\n";
    rules += "  moves = function(s, p) " +
             (reader == "moves" ? row + " assert(w[s], 'past the row')" : std::string()) +
             " local r = {} for t = 1, math.min(s, 3) do r[#r + 1] = t end return r end,\n";
    rules += "  play = function(s, t, p) " +
             (reader == "play" ? row + " return s - t + 0 * w[s]" : std::string("return s - t")) +
             " end,\n";
    rules += "  gain = function(s, t, p) " +
             (reader == "gain" ? row + " return t * w[s]" : std::string("return t")) + " end,\n}\n";
    const auto game = gameOf(rules);
    const std::string c = "c=" + std::to_string(1 + next(3)) + ".." + std::to_string(4 + next(6));
    const auto table = tableOf(game, {c, "n=0..12"});
    for (std::uint64_t row = 0; row < table->values().size(); ++row) {
      const Params params = table->spec().rowParams(row);
      const std::string mine = rulesValueText(RulesKind::kScored, table->values()[row]) + "\n";
      EXPECT_EQ(mine, single(game, std::to_string(params[0]) + " " + std::to_string(params[1])))
          << "trial " << trial << " (" << reader << ") c=" << params[0] << " n=" << params[1];
    }
  }
}

TEST(Tables, ATitleCannotEndTheCommentOfTheCodeToPaste) {
  // Found by the hostile pass: a newline in the title ended the comment, and python3 ran what
  // followed (os.system). Every line of the code is a comment or the table.
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/tests/rules/hostile/title_code_injection_py.lua");
  std::stringstream text;
  text << in.rdbuf();
  const auto table = tableOf(gameOf(text.str()), {"n=0..3"});
  for (const TableFormat format : {TableFormat::kPython, TableFormat::kCpp}) {
    const std::string code = formatTable(*table, format, "gamesolver table x.lua n=0..3");
    std::istringstream lines(code);
    std::string line;
    while (std::getline(lines, line))
      EXPECT_TRUE(line.rfind("# ", 0) == 0 || line.rfind("// ", 0) == 0 ||
                  line.find("import os") == std::string::npos)
          << line;
    EXPECT_EQ(code.find("\nimport os"), std::string::npos) << code;
    EXPECT_NE(code.find("Nim import os"), std::string::npos) << code;  // one line of comment
  }
}

TEST(Tables, RowsThatDifferOnlyInStartShareTheirPositions) {
  const auto game = gameOf(readExample("wythoff.lua"));
  const auto table = tableOf(game, {"a=0..100", "b=0..100"});
  EXPECT_EQ(table->groups(), 1u);
  // The whole table explores what the single value from (100, 100) explores.
  auto session = Session::fromJudgeInput(*game, "100 100\n");
  ASSERT_TRUE(session.ok());
  EXPECT_EQ(table->positionsExplored(), session->stats().positions);
  EXPECT_EQ(table->positionsExplored(), 101u * 101u);
  // The losing positions are Wythoff's pairs.
  EXPECT_FALSE(table->values()[3 * 101 + 5].win);
  EXPECT_FALSE(table->values()[5 * 101 + 3].win);
  EXPECT_TRUE(table->values()[4 * 101 + 5].win);
}

// The pattern a brute force finds: every start and every period tried, the smallest start
// whose tail repeats (v(n + P) - v(n) the same S for every n, S = 0 first, then any S != 0,
// Grundy numbers and margins only) with three full periods, and for it the smallest period.
std::string brutePattern(const RulesTable& table) {
  const RulesKind kind = table.game().header().kind;
  std::vector<long long> v;
  for (const Value& value : table.values())
    v.push_back(kind == RulesKind::kNormalPlay ? (value.draw  ? 2
                                                  : value.win ? 1
                                                              : 0)
                                               : value.score);
  const std::string name = table.game().header().params[table.spec().axes[0].param].name;
  const long long first = table.spec().axes[0].from, last = table.spec().axes[0].to;
  const long long n = static_cast<long long>(v.size());
  // With `evidence`, a period is claimed only where the values cover its start twice and its
  // period twice beyond (n >= 2 start + 2 period); without, the candidate the hint names.
  for (const bool evidence : {true, false}) {
    for (const bool arithmetic : {false, true}) {
      if (arithmetic && kind == RulesKind::kNormalPlay) break;
      for (long long start = 0; start < n; ++start)
        for (long long period = 1; start + 3 * period <= n; ++period) {
          const long long saltus = v[start + period] - v[start];
          if ((saltus != 0) != arithmetic) continue;
          if (evidence && n < 2 * start + 2 * period) continue;
          bool holds = true;
          for (long long k = start; holds && k + period < n; ++k)
            holds = v[k + period] - v[k] == saltus;
          if (!holds) continue;
          const std::string found = std::string(arithmetic ? "arithmetic period " : "period ") +
                                    std::to_string(period) +
                                    (arithmetic ? " (saltus " + std::to_string(saltus) + ")" : "") +
                                    " from " + name + "=" + std::to_string(first + start);
          if (evidence) return found + " (checked to " + name + "=" + std::to_string(last) + ")";
          return "no period up to " + name + "=" + std::to_string(last) +
                 " (a candidate short of evidence: " + found + ", which needs the table to " +
                 name + "=" + std::to_string(first + 2 * start + 2 * period - 1) + ")";
        }
    }
  }
  return "no period up to " + name + "=" + std::to_string(last);
}

constexpr const char* kSubtractASquare = R"(
game = {
  params = { {"n", 10, 0, 100000} },
  start = function(p) return p.n end,
  moves = function(s, p)
    local r = {}
    for k = 1, s do
      if k * k > s then break end
      r[#r + 1] = k * k
    end
    return r
  end,
  play = function(s, m, p) return s - m end,
})";

TEST(Tables, PatternsFindTheLongestPeriodicTail) {
  // Grundy numbers that grow by one every two moves: sg(n) = n // 2.
  const std::string halves =
      "game = {\n  impartial = true,\n  params = { {'n', 10, 0, 1000} },\n"
      "  start = function(p) return p.n end,\n"
      "  moves = function(s, p)\n    local r = {}\n"
      "    for m = 0, 2 * (s // 2) - 1 do r[#r + 1] = m end\n    return r\n  end,\n"
      "  play = function(s, m, p) return m end,\n}\n";
  const struct {
    std::shared_ptr<RulesGame> game;
    std::vector<std::string> ranges;
    const char* expected;
  } cases[] = {
      {gameOf(readExample("take134.lua")), {"n=0..300"}, "period 7 from n=0 (checked to n=300)"},
      // Wherever the range ends: four wins in a row at its end are not the pattern.
      {gameOf(readExample("take134.lua")), {"n=0..60"}, "period 7 from n=0 (checked to n=60)"},
      {gameOf(readExample("take134.lua")), {"n=0..61"}, "period 7 from n=0 (checked to n=61)"},
      // Fourteen values hold two periods of 7: the tail of wins is all there is, too short to
      // be claimed.
      {gameOf(readExample("take134.lua")),
       {"n=0..13"},
       "no period up to n=13 (a candidate short of evidence: period 1 from n=10, which needs the "
       "table to n=21)"},
      {gameOf(readExample("take12.lua")), {"n=0..300"}, "period 3 from n=0 (checked to n=300)"},
      {gameOf(readExample("take12.lua")), {"n=0..5"}, "no period up to n=5"},
      {gameOf(readExample("take12.lua")), {"n=0..8"}, "period 3 from n=0 (checked to n=8)"},
      // Kayles: period 12 after the last exception, n = 70.
      {gameOf(readExample("kayles.lua")), {"n=0..600"}, "period 12 from n=71 (checked to n=600)"},
      {gameOf(readExample("dawson.lua")), {"n=0..400"}, "period 34 from n=53 (checked to n=400)"},
      // a xor 5 grows by 8 every 8.
      {gameOf(readExample("nim2.lua")),
       {"a=0..50", "b=5"},
       "arithmetic period 8 (saltus 8) from a=0 (checked to a=50)"},
      {gameOf(halves), {"n=0..40"}, "arithmetic period 2 (saltus 1) from n=0 (checked to n=40)"},
      // Grundy's game is not periodic as far as anyone has computed: three values in a row that
      // grow by one at the range's end are a candidate, never a claim.
      {gameOf(readExample("grundy.lua")),
       {"n=0..200"},
       "no period up to n=200 (a candidate short of evidence: arithmetic period 1 (saltus 1) from "
       "n=198, which needs the table to n=397)"},
      // Subtract-a-square (take a square number) has no period: its last three values alike
      // were claimed as "period 1 from n=2998" (issue 61).
      {gameOf(kSubtractASquare),
       {"n=0..3000"},
       "no period up to n=3000 (a candidate short of evidence: period 1 from n=2998, which needs "
       "the table to n=5997)"},
      // Kayles needs the table to n=165 for its period 12 from n=71.
      {gameOf(readExample("kayles.lua")),
       {"n=0..164"},
       "no period up to n=164 (a candidate short of evidence: period 12 from n=71, which needs "
       "the table to n=165)"},
      {gameOf(readExample("kayles.lua")), {"n=0..165"}, "period 12 from n=71 (checked to n=165)"},
      {gameOf(readExample("grundy.lua")), {"n=0..150"}, nullptr},
      {gameOf(readExample("pick_ends.lua")), {"n=0..8"}, nullptr},
  };
  for (const auto& entry : cases) {
    ASSERT_TRUE(entry.game);
    const auto table = tableOf(entry.game, entry.ranges);
    const std::string found = tablePattern(*table);
    EXPECT_EQ(found, brutePattern(*table)) << entry.ranges[0];
    if (entry.expected) EXPECT_EQ(found, entry.expected);
  }
}

// The pattern and formula lines in Chinese (the app's table view shows them in its language),
// by the same forms as their English.
TEST(Tables, PatternAndFormulaLinesReadInChinese) {
  const auto take134 = tableOf(gameOf(readExample("take134.lua")), {"n=0..60"});
  const auto take12 = tableOf(gameOf(readExample("take12.lua")), {"n=0..5"});
  const auto nim2 = tableOf(gameOf(readExample("nim2.lua")), {"a=0..50", "b=5"});
  const auto zh = [](const Message& message) { return message.in(Language::kChinese); };
  const Message period = tablePatternMessage(*take134, tablePeriod(*take134));
  EXPECT_EQ(period, "period 7 from n=0 (checked to n=60)");
  EXPECT_EQ(zh(period), "从 n=0 起以 7 为周期（已检查到 n=60）");
  EXPECT_EQ(zh(tablePatternMessage(*take12, tablePeriod(*take12))), "直到 n=5 都没有周期");
  const Message arithmetic = tablePatternMessage(*nim2, tablePeriod(*nim2));
  EXPECT_EQ(arithmetic, "arithmetic period 8 (saltus 8) from a=0 (checked to a=50)");
  EXPECT_EQ(zh(arithmetic), "从 a=0 起以 8 为算术周期（增量 8）（已检查到 a=50）");
  EXPECT_EQ(zh(formulaMessage(*take134, std::nullopt, 7)),
            "不超过 7 个符号的公式都不吻合（已检查 n=0..60）");
  EXPECT_EQ(zh(formulaMessage(*take134, std::string("n % 7 == 0 or n % 7 == 2"), 9)),
            "必败当且仅当 n % 7 == 0 or n % 7 == 2");
  EXPECT_EQ(formulaMessage(*nim2, std::string("a ^ b"), 3), "sg = a ^ b");
  EXPECT_EQ(zh(formulaMessage(*nim2, std::string("a ^ b"), 3)), "SG 值 = a ^ b");
  // The catalogue knows them by their English too (the module's translate()).
  EXPECT_EQ(translate(period.english(), Language::kChinese), zh(period));
}

TEST(Tables, MarkdownGridsHaveTheFirstParameterAsRows) {
  const auto table = tableOf(gameOf(readExample("nim2.lua")), {"a=0..1", "b=0..2"});
  EXPECT_EQ(formatTable(*table, TableFormat::kMarkdown, "cmd"),
            "| a \\ b | 0 | 1 | 2 |\n|---:|---|---|---|\n| 0 | sg 0 | sg 1 | sg 2 |\n"
            "| 1 | sg 1 | sg 0 | sg 3 |\n");
}

// The module's format() holds the text whole, so it is capped: past maxBytes, the sentence names
// the row under way when the next megabyte would have passed it, and below it the text is
// formatTable's own.
TEST(Tables, TheHeldTextIsCappedNamingTheRowReached) {
  const auto table = tableOf(gameOf(readExample("take12.lua")), {"n=0..199999"});
  std::vector<std::string> pieces;
  writeTable(*table, TableFormat::kTsv, "cmd", nullptr,
             [&](std::string_view piece) { pieces.emplace_back(piece); });
  std::string whole;
  for (const std::string& piece : pieces) whole += piece;
  ASSERT_EQ(whole, formatTable(*table, TableFormat::kTsv, "cmd"));
  ASSERT_GT(whole.size(), std::size_t{3} << 20);
  // The rows written when the piece that passes 3 MiB is handed over (the header is a line).
  std::uint64_t held = 0, lines = 0;
  for (const std::string& piece : pieces) {
    lines += static_cast<std::uint64_t>(std::count(piece.begin(), piece.end(), '\n'));
    if (held + piece.size() > (std::uint64_t{3} << 20)) break;
    held += piece.size();
  }
  const auto capped =
      formatTableWithin(*table, TableFormat::kTsv, "cmd", 7, std::uint64_t{3} << 20);
  ASSERT_FALSE(capped.ok());
  EXPECT_EQ(capped.error().toString(),
            "the table's text is longer than 3 MiB at row " + withThousands(lines - 1) +
                " of 200,000 (the page holds it whole; gamesolver table writes it as it is made)");
  EXPECT_GT(lines - 1, 150000u);
  EXPECT_LT(lines - 1, 200000u);
  const auto within = formatTableWithin(*table, TableFormat::kTsv, "cmd", 7, whole.size());
  ASSERT_TRUE(within.ok()) << within.error().toString();
  EXPECT_EQ(within.value(), whole);
  // The code formats' literal is written a line at a time too, and capped the same way.
  const std::string py = formatTableWithFormula(*table, TableFormat::kPython, "cmd", 7);
  const auto pyWithin = formatTableWithin(*table, TableFormat::kPython, "cmd", 7, py.size());
  ASSERT_TRUE(pyWithin.ok()) << pyWithin.error().toString();
  EXPECT_EQ(pyWithin.value(), py);
  const auto pyCapped = formatTableWithin(*table, TableFormat::kPython, "cmd", 7, py.size() - 1);
  ASSERT_FALSE(pyCapped.ok());
  EXPECT_EQ(pyCapped.error().toString().rfind("the table's text is longer than ", 0), 0u);
}

// Code pastes: the C++ compiles and holds the values; the Python runs and holds them.
TEST(Tables, CppAndPythonCodeCompileAndHoldTheValues) {
  const auto table = tableOf(gameOf(readExample("nim2.lua")), {"a=2..4", "b=0..40"});
  const std::string cpp = formatTable(*table, TableFormat::kCpp, "gamesolver table nim2.lua");
  const std::string py = formatTable(*table, TableFormat::kPython, "gamesolver table nim2.lua");
  const std::string dir = ::testing::TempDir();
  {
    std::ofstream out(dir + "/table.cpp");
    out << "#include <cstdio>\n" << cpp << "int main() { std::printf(\"%d\", sg[1][7]); }\n";
  }
  ASSERT_EQ(std::system(("g++ -std=c++17 -Werror -Wall -o " + dir + "/table " + dir +
                         "/table.cpp && " + dir + "/table > " + dir + "/cpp.out")
                            .c_str()),
            0)
      << cpp;
  {
    std::ofstream out(dir + "/table.py");
    out << py << "print(sg[1][7], end='')\n";
  }
  ASSERT_EQ(std::system(("python3 " + dir + "/table.py > " + dir + "/py.out").c_str()), 0) << py;
  for (const char* file : {"/cpp.out", "/py.out"}) {
    std::ifstream in(dir + file);
    std::string got;
    in >> got;
    EXPECT_EQ(got, std::to_string(3 ^ 7)) << file;
  }
  EXPECT_NE(cpp.find("// Made by: gamesolver table nim2.lua"), std::string::npos);
  EXPECT_NE(cpp.find("const int sg[3][41] = {"), std::string::npos);
}

// A table made in one instance (the app's solver worker) and adopted by a table of the same rules
// and arguments in another (the page): the same values, texts and pattern; a failure comes over
// with its line; a table of other arguments refuses the header.
TEST(Tables, AFinishedTableIsHandedOver) {
  const auto game = gameOf(readExample("wythoff.lua"));
  const auto made = tableOf(game, {"a=0..20", "b=0..20"});
  const SolvedState state = made->solvedState();
  auto page = std::make_unique<RulesTable>(
      game, parseTableSpec(*game, {"a=0..20", "b=0..20"}).value(), SolveLimits{});
  page->advance(64);  // begun: the adoption replaces its work
  auto regions = page->prepareAdoption(state.header);
  ASSERT_TRUE(regions.has_value());
  ASSERT_EQ(regions->size(), 1u);
  ASSERT_EQ((*regions)[0].size, state.regions[0].size);
  std::memcpy((*regions)[0].data, state.regions[0].data, state.regions[0].size);
  EXPECT_FALSE(page->done());
  page->finishAdoption();
  ASSERT_TRUE(page->done());
  EXPECT_EQ(page->values(), made->values());
  EXPECT_EQ(page->positionsExplored(), made->positionsExplored());
  EXPECT_EQ(formatTable(*page, TableFormat::kMarkdown, "cmd"),
            formatTable(*made, TableFormat::kMarkdown, "cmd"));
  // Other ranges: refused, and a finished table adopts nothing.
  auto other = std::make_unique<RulesTable>(
      game, parseTableSpec(*game, {"a=0..19", "b=0..20"}).value(), SolveLimits{});
  EXPECT_FALSE(other->prepareAdoption(state.header).has_value());
  EXPECT_FALSE(page->prepareAdoption(state.header).has_value());
  // A failure: the rules raise an error at n = 7.
  const auto failing = gameOf(
      "game = {\n  params = {{'n', 3, 0, 100}},\n  start = function(p) return p.n end,\n"
      "  moves = function(s, p) if s > 0 then return {1} end return {} end,\n"
      "  play = function(s, m, p)\n    if s == 7 then error('seven') end\n    return s - m\n"
      "  end,\n}\n");
  const auto spec = parseTableSpec(*failing, {"n=0..10"}).value();
  RulesTable worker(failing, spec, SolveLimits{});
  while (!worker.advance(1000)) {
  }
  ASSERT_TRUE(worker.failed());
  RulesTable adopter(failing, spec, SolveLimits{});
  auto none = adopter.prepareAdoption(worker.solvedState().header);
  ASSERT_TRUE(none.has_value());
  EXPECT_TRUE(none->empty());
  adopter.finishAdoption();
  ASSERT_TRUE(adopter.failed());
  EXPECT_EQ(adopter.error().toString(), worker.error().toString());
  EXPECT_EQ(adopter.error().line, 6);
}

TEST(Tables, BadRangesAreRefusedNamingTheArgument) {
  const auto game = gameOf(readExample("nim2.lua"));
  const auto problem = [&](const std::vector<std::string>& args) {
    auto spec = parseTableSpec(*game, args);
    return spec ? std::string("ok") : spec.error().message.english();
  };
  EXPECT_EQ(problem({"c=0..3"}), "'c' is not a parameter (the parameters: a, b)");
  EXPECT_EQ(problem({"a=5..3"}), "a=5..3 is empty: FROM must not pass TO");
  EXPECT_EQ(problem({"a=0..300"}), "a must be between 0 and 200, found 300");
  EXPECT_EQ(problem({"a=0..3", "a=4"}), "a is given twice");
  EXPECT_EQ(problem({"b=2"}), "a table needs a range, such as a=0..100");
  EXPECT_EQ(problem({"a=x..3"}), "a needs a range FROM..TO of whole numbers, found 'x..3'");
}

// --- The subtraction-like rules game gets exports, links, quizzes and check for free.

TEST(RulesGamesForFree, ExportsLinksQuizzesAndCheckWork) {
  const auto game = gameOf(readExample("take12.lua"));
  auto session = Session::fromJudgeInput(*game, "7\n");
  ASSERT_TRUE(session.ok());
  // Exports.
  ExportOptions svg;
  svg.step = 2;
  auto picture = exportBoard(session.value(), svg);
  ASSERT_TRUE(picture.ok()) << picture.error().toString();
  EXPECT_NE(picture->find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  EXPECT_NE(picture->find("ooooo (5 stones)"), std::string::npos) << picture.value();
  ExportOptions md;
  md.format = ExportFormat::kMarkdown;
  auto markdown = exportBoard(session.value(), md);
  ASSERT_TRUE(markdown.ok());
  EXPECT_NE(markdown->find("win 5"), std::string::npos) << markdown.value();
  // A quiz link keeps q=1 and reopens.
  ViewOptions quiz;
  quiz.quiz = true;
  auto link = makeLink(session.value(), std::nullopt, quiz);
  ASSERT_TRUE(link.ok());
  auto parsed = parseLink(link.value());
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(parsed->view.quiz);
  // check: a right answer passes every board, a wrong one fails and is shrunk.
  const auto right = [](const std::string& input) -> Expected<ProgramRun> {
    const long n = std::strtol(input.c_str(), nullptr, 10);
    ProgramRun run;
    run.output = n % 3 == 0 ? "loss " + std::to_string(2 * n / 3) + "\n"
                            : "win " + std::to_string(2 * (n / 3) + 1) + "\n";
    return run;
  };
  CheckOptions options;
  options.count = 40;
  const CheckReport passed = runCheck(*game, options, right);
  EXPECT_FALSE(passed.failure.has_value());
  EXPECT_EQ(passed.passed, 40);
  const auto wrong = [&](const std::string& input) -> Expected<ProgramRun> {
    ProgramRun run = right(input).value();
    if (std::strtol(input.c_str(), nullptr, 10) >= 17) run.output = "win 1\n";
    return run;
  };
  const CheckReport failed = runCheck(*game, options, wrong);
  ASSERT_TRUE(failed.failure.has_value()) << failed.error << " " << failed.passed;
  EXPECT_EQ(failed.failure->input, "17\n");  // shrunk to the smallest failing parameter
  EXPECT_EQ(failed.failure->link.rfind("#g=rules&c=", 0), 0u);
}

}  // namespace
}  // namespace gs
