// Take-and-break games by their code (core/rules/take_break.h): the values against published
// sequences and against the Lua examples written by hand, the periods against the published
// results, each proven within its range, and no period for the games that have none known.
#include "rules/take_break.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "rules/rules_judge.h"
#include "rules/rules_table.h"
#include "rules_game_of.h"

namespace gs {
namespace {

TakeBreakCode codeOf(const std::string& text) {
  auto code = parseTakeBreakCode(text);
  EXPECT_TRUE(code.ok()) << text << ": " << code.error().toString();
  return code.ok() ? code.value() : TakeBreakCode{};
}

std::vector<std::uint32_t> valuesOf(const std::string& text, std::size_t last) {
  HeapValues values(codeOf(text));
  EXPECT_TRUE(values.extendTo(last, 0));
  return values.values();
}

std::string exampleText(const std::string& name) {
  std::ifstream in(std::string(GS_SOURCE_DIR) + "/web/examples/rules/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::int64_t> tableValues(const std::shared_ptr<RulesGame>& game,
                                      const std::string& range) {
  auto spec = parseTableSpec(*game, {range});
  EXPECT_TRUE(spec.ok()) << spec.error().toString();
  RulesTable table(game, spec.value(), SolveLimits{});
  while (!table.advance(1 << 14)) {
  }
  EXPECT_FALSE(table.failed()) << table.error().toString();
  std::vector<std::int64_t> out;
  for (const Value& value : table.values()) out.push_back(value.score);
  return out;
}

// Published results: Winning Ways ch. 4 (Kayles 0.77, Dawson's Chess 0.137, Dawson's Kayles
// 0.07, whose values are 0.137's one heap later), Flammenkamp's tables (0.156, 0.165, 0.356, as
// the issue quotes them), and OEIS's comments (A125829 0.115: "eventually periodic with period
// 14, the only exception at n=0"; A071453 0.117: period 48, the last exception at n=46;
// A071452 0.11377: period 32, the last exception at n=186; A125912 0.141: period 11, the last
// exception at n=13). The pre-period is one past the last exception.
struct Published {
  const char* code;
  std::size_t prePeriod, period;
};
constexpr Published kPublished[] = {
    {"octal:0.77", 71, 12},     {"octal:0.137", 52, 34},     {"octal:0.07", 53, 34},
    {"octal:0.156", 3479, 349}, {"octal:0.165", 5181, 1550}, {"octal:0.356", 7315, 142},
    {"octal:0.115", 1, 14},     {"octal:0.117", 47, 48},     {"octal:0.11377", 187, 32},
    {"octal:0.141", 14, 11},    {"octal:0.333", 0, 4},
};

TEST(TakeBreak, PublishedPeriodsAreFoundAndProvenWithinTheirRange) {
  for (const Published& game : kPublished) {
    const TakeBreakCode code = codeOf(game.code);
    const std::size_t k = static_cast<std::size_t>(code.maxHeaps());
    const std::size_t t = static_cast<std::size_t>(code.maxTake());
    const std::size_t proof = k * game.prePeriod + k * game.period + t + k - 1;
    const auto values = valuesOf(game.code, proof);
    const auto period = heapPeriod(values, proof, code);
    ASSERT_TRUE(period.has_value()) << game.code;
    EXPECT_TRUE(period->proven) << game.code;
    EXPECT_EQ(period->start, game.prePeriod) << game.code;
    EXPECT_EQ(period->period, game.period) << game.code;
    EXPECT_EQ(period->provenAt, proof) << game.code;
    // One heap short of the proof, the same period is a candidate, not a claim.
    const auto shorter = heapPeriod(values, proof - 1, code);
    EXPECT_TRUE(!shorter || !shorter->proven) << game.code;
    // The values repeat as claimed, well past the proof.
    const auto further = valuesOf(game.code, 3 * proof + 100);
    for (std::size_t n = game.prePeriod; n + game.period < further.size(); ++n)
      ASSERT_EQ(further[n], further[n + game.period]) << game.code << " at n=" << n;
    if (game.prePeriod > 0)
      EXPECT_NE(further[game.prePeriod - 1], further[game.prePeriod - 1 + game.period])
          << game.code;
  }
}

TEST(TakeBreak, ValuesMatchThePublishedSequences) {
  // OEIS A071453 (0.117), A125912 (0.141), A125829 (0.115): G(1), G(2), ... as listed there.
  const std::vector<std::uint32_t> a071453 = {1, 1, 1, 0, 2, 2, 1, 3, 4, 0, 1, 1, 1, 3, 2,
                                              2, 2, 3, 4, 0, 1, 5, 4, 3, 2, 2, 2, 3, 1, 0};
  const std::vector<std::uint32_t> a125912 = {1, 0, 1, 1, 0, 1, 2, 2, 1, 2, 4, 1, 0, 1, 1,
                                              2, 1, 2, 2, 1, 2, 4, 1, 2, 1, 1, 2, 1, 2, 2};
  const std::vector<std::uint32_t> a125829 = {1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 1, 2, 2, 2, 1};
  for (const auto& [code, expected] :
       std::vector<std::pair<std::string, std::vector<std::uint32_t>>>{
           {"octal:0.117", a071453}, {"octal:0.141", a125912}, {"octal:0.115", a125829}}) {
    const auto values = valuesOf(code, expected.size());
    EXPECT_EQ(values[0], 0u) << code;
    EXPECT_EQ(std::vector<std::uint32_t>(values.begin() + 1, values.end()), expected) << code;
  }
}

TEST(TakeBreak, ValuesMatchTheLuaExamplesWrittenByHand) {
  // kayles.lua and dawson.lua list their moves by hand; their tables are solved by the explorer.
  const auto kayles = tableValues(testing::rulesGameOf(exampleText("kayles.lua")), "n=0..150");
  const auto dawson = tableValues(testing::rulesGameOf(exampleText("dawson.lua")), "n=0..150");
  const auto octalKayles = tableValues(testing::rulesGameOf("octal:0.77"), "n=0..150");
  const auto octalDawson = tableValues(testing::rulesGameOf("octal:0.07"), "n=0..150");
  EXPECT_EQ(octalKayles, kayles);
  EXPECT_EQ(octalDawson, dawson);
  // The take-and-break game's own board, explored and solved as any rules game's, agrees with
  // its native values: the moves, play and parts are those the values count.
  const auto game = testing::rulesGameOf("octal:0.137");
  const auto values = valuesOf("octal:0.137", 60);
  for (std::int64_t n : {0, 1, 7, 19, 33, 60}) {
    auto board = game->board(Params{n}, SolveLimits{});
    while (!board->solving().solveSome(1 << 16)) {
    }
    ASSERT_EQ(board->solving().solveError(), std::nullopt) << n;
    EXPECT_EQ(board->judge().judgeOutput(), "sg " + std::to_string(values[n]) + "\n") << n;
  }
}

TEST(TakeBreak, ThreeHeapSplitsMatchAPlainCount) {
  // hex:0.8B: take 1 and leave three heaps (8); take 2 and leave nothing, one or three heaps (B).
  const auto values = valuesOf("hex:0.8B", 40);
  std::vector<std::uint32_t> plain;
  for (std::size_t n = 0; n <= 40; ++n) {
    std::vector<bool> seen(256, false);
    for (std::size_t take : {1, 2}) {
      if (take > n) continue;
      const std::size_t rest = n - take;
      if (take == 2 && rest == 0) seen[0] = true;
      if (take == 2 && rest >= 1) seen[plain[rest]] = true;
      for (std::size_t a = 1; a <= rest; ++a)
        for (std::size_t b = 1; a + b < rest; ++b)
          seen[plain[a] ^ plain[b] ^ plain[rest - a - b]] = true;
    }
    std::uint32_t mex = 0;
    while (seen[mex]) ++mex;
    plain.push_back(mex);
  }
  EXPECT_EQ(values, plain);
}

TEST(TakeBreak, EveryPublishedGameMatchesAPlainRecursion) {
  // The moves spelt out one by one from the code's digits, each heap's value a mex over a set:
  // no marks, no stamps, no shared loop with HeapValues.
  for (const Published& game : kPublished) {
    const TakeBreakCode code = codeOf(game.code);
    std::vector<std::uint32_t> plain;
    for (std::size_t n = 0; n <= 400; ++n) {
      std::set<std::uint32_t> reached;
      for (std::size_t take = 0; take < code.digits.size() && take <= n; ++take) {
        const int digit = code.digits[take];
        const std::size_t rest = n - take;
        if ((digit & 1) && rest == 0) reached.insert(0);
        if ((digit & 2) && take > 0 && rest > 0) reached.insert(plain[rest]);
        if (digit & 4)
          for (std::size_t left = 1; left < rest; ++left)
            reached.insert(plain[left] ^ plain[rest - left]);
      }
      std::uint32_t mex = 0;
      while (reached.count(mex)) ++mex;
      plain.push_back(mex);
    }
    EXPECT_EQ(valuesOf(game.code, 400), plain) << game.code;
  }
}

TEST(TakeBreak, AHeapsChildrenAreThoseMovesPlayAndPartsGive) {
  // The native expand of a heap against the default's, through moves, play and parts, for
  // codes of every kind of digit (three heaps too), with and without parts already known.
  for (const char* text : {"octal:0.77", "octal:0.137", "octal:4.07", "hex:0.8B", "hex:8.F1"}) {
    TakeBreakRules rules(codeOf(text));
    for (std::int64_t n : {1, 2, 3, 7, 12, 25}) {
      const std::string position = Term::list({Term::integer(n)}).encode();
      for (const bool known : {false, true}) {
        Expansion native, plain;
        // The explorer's nodes are single heaps (a sum is never one): here those of even
        // size, each its own node number.
        if (known)
          native.knownAtomic =
              plain.knownAtomic = [](std::string_view key) -> std::optional<std::uint32_t> {
            Term term;
            if (!Term::decode(key, term) || term.entries().size() != 1 ||
                term.entries()[0].second.asInteger() % 2 != 0)
              return std::nullopt;
            return static_cast<std::uint32_t>(term.entries()[0].second.asInteger() * 10);
          };
        RulesError error;
        ASSERT_TRUE(rules.expand(position, Params{n}, native, error)) << error.toString();
        ASSERT_TRUE(rules.Rules::expand(position, Params{n}, plain, error)) << error.toString();
        EXPECT_EQ(native.keys, plain.keys) << text << " n=" << n;
        EXPECT_EQ(native.keyEnds, plain.keyEnds) << text << " n=" << n;
        EXPECT_EQ(native.childEnds, plain.childEnds) << text << " n=" << n;
        EXPECT_EQ(native.partNodes, plain.partNodes) << text << " n=" << n;
        EXPECT_EQ(native.children(),
                  rules.moves(Term::list({Term::integer(n)}), {}).value().size());
      }
    }
  }
}

TEST(TakeBreak, GamesWithNoKnownPeriodGetNone) {
  // Officers (0.6), 0.007 and 0.106 have no known period (Flammenkamp's tables: computed to
  // heaps in the billions without one).
  for (const char* text : {"octal:0.6", "octal:0.007", "octal:0.106"}) {
    const auto values = valuesOf(text, 20000);
    const auto period = heapPeriod(values, 20000, codeOf(text));
    EXPECT_TRUE(!period || !period->proven) << text;
    // The table says so, as the command line and the page print it.
    const auto game = testing::rulesGameOf(text);
    auto spec = parseTableSpec(*game, {"n=0..2000"});
    RulesTable table(game, spec.value(), SolveLimits{});
    while (!table.advance(1 << 14)) {
    }
    EXPECT_EQ(tablePeriod(table), std::nullopt);
    EXPECT_EQ(tablePattern(table).rfind("no period", 0), 0u) << tablePattern(table);
  }
}

TEST(TakeBreak, ATableIsMadeInSlicesOfItsBudget) {
  // The page makes a table a slice a frame: 5,000 heaps of Kayles (about 12 million marks) in
  // slices of 64 units (65,536 marks), its progress growing, the values those made at once.
  const auto game = testing::rulesGameOf("octal:0.77");
  RulesTable table(game, parseTableSpec(*game, {"n=0..5000"}).value(), SolveLimits{});
  int slices = 0;
  std::uint64_t progress = 0;
  while (!table.advance(64)) {
    ++slices;
    EXPECT_GE(table.progress().done, progress);
    progress = table.progress().done;
  }
  EXPECT_GT(slices, 50);
  const auto values = valuesOf("octal:0.77", 5000);
  ASSERT_EQ(table.values().size(), values.size());
  for (std::size_t n = 0; n < values.size(); ++n)
    ASSERT_EQ(table.values()[n].score, values[n]) << n;
}

TEST(TakeBreak, TheTableSaysWhatItProvesAndWhatItWouldNeed) {
  const auto game = testing::rulesGameOf("octal:0.77");
  const auto table = [&](const std::string& range) {
    auto spec = parseTableSpec(*game, {range});
    auto made = std::make_unique<RulesTable>(game, spec.value(), SolveLimits{});
    while (!made->advance(1 << 14)) {
    }
    return made;
  };
  EXPECT_EQ(tablePattern(*table("n=0..169")),
            "period 12 from n=71, proven at n=169 (Guy\xE2\x80\x93Smith)");
  EXPECT_EQ(tablePattern(*table("n=0..168")),
            "no period proven up to n=168 (a candidate: period 12 from n=71, which would be "
            "proven at n=169)");
  EXPECT_EQ(untilProvenMessage(*table("n=0..100"), 1u << 30).english(),
            "period 12 from n=71, proven at n=169 (Guy\xE2\x80\x93Smith)");
  EXPECT_EQ(tablePatternMessage(*table("n=0..169"), std::nullopt).in(Language::kChinese),
            "从 n=71 起以 12 为周期，在 n=169 处得证（Guy\xE2\x80\x93Smith）");
  // The periodic table: rows of 12, the pre-period's exceptions marked.
  const std::string text = formatTable(*table("n=0..169"), TableFormat::kPeriodic, "");
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "# period 12 from n=71, proven at n=169 (Guy\xE2\x80\x93Smith)");
  EXPECT_NE(text.find("\n       +0   +1   +2   +3   +4   +5   +6   +7   +8   +9  +10  +11 \n  n=0  "
                      " 0*   1    2    3*   1    4    3*   2    1    4*   2    6*\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n n=72   4    1    2    8    1    4    7    2    1    8    2    7 \n"),
            std::string::npos)
      << text;
}

TEST(TakeBreak, RareValuesAreTheSparseSpaceOfTheFewestRows) {
  // Grundy's game (grundy.lua, solved by the explorer) to n = 300, and Kayles.
  for (const auto& [game, range] : std::vector<std::pair<std::shared_ptr<RulesGame>, std::string>>{
           {testing::rulesGameOf(exampleText("grundy.lua")), "n=0..300"},
           {testing::rulesGameOf("octal:0.77"), "n=0..200"}}) {
    auto spec = parseTableSpec(*game, {range});
    RulesTable table(game, spec.value(), SolveLimits{});
    while (!table.advance(1 << 14)) {
    }
    const auto split = rareSplit(table);
    ASSERT_TRUE(split.has_value()) << range;
    std::vector<std::int64_t> values;
    for (const Value& value : table.values()) values.push_back(value.score);
    const auto rareUnder = [&](std::uint32_t bits) {
      std::uint64_t rare = 0;
      for (const std::int64_t v : values) rare += (__builtin_popcountll(v & bits) % 2 == 0) ? 1 : 0;
      return rare;
    };
    EXPECT_EQ(rareUnder(split->bits), split->rare);
    for (std::uint32_t bits = 1; bits < (1u << split->width); ++bits)
      EXPECT_GE(rareUnder(bits), split->rare) << bits;
    EXPECT_TRUE(split->isRare(0));
    // The xor of two common values is rare: the sparse space's own law.
    for (const std::int64_t a : values)
      for (const std::int64_t b : values)
        if (!split->isRare(a) && !split->isRare(b)) ASSERT_TRUE(split->isRare(a ^ b));
    const std::string text = formatTable(table, TableFormat::kRare, "");
    EXPECT_EQ(text.substr(0, text.find('\n')),
              "# rare: the values whose 1-bits under " + split->bitsText() +
                  " are even in number (" + std::to_string(split->rare) + " of " +
                  std::to_string(values.size()) + " rows); the others common");
  }
  // Grundy's game to n = 300: the bitstring 0110, its rows of values 0, 1, 6, 7, 8 ... rare.
  const auto grundy = testing::rulesGameOf(exampleText("grundy.lua"));
  RulesTable table(grundy, parseTableSpec(*grundy, {"n=0..300"}).value(), SolveLimits{});
  while (!table.advance(1 << 14)) {
  }
  EXPECT_EQ(rareSplit(table)->bitsText(), "0110");
  EXPECT_EQ(rareSplit(table)->rare, 64u);
}

TEST(TakeBreak, ASumOfHeapsIsReadFromTheInput) {
  const auto game = testing::rulesGameOf("octal:0.77");
  // Kayles: G(3) = 3, G(5) = 4, G(7) = 2.
  auto output = rulesJudgeOutput(*game, "3 5\n7\n", SolveLimits{});
  ASSERT_TRUE(output.ok()) << output.error().toString();
  EXPECT_EQ(output.value(), "sg 5\n");
  // Heaps of thousands of tokens at once, natively.
  output = rulesJudgeOutput(*game, "30000 20000 1", SolveLimits{});
  ASSERT_TRUE(output.ok()) << output.error().toString();
  const auto values = valuesOf("octal:0.77", 30000);
  EXPECT_EQ(output.value(),
            "sg " + std::to_string(values[30000] ^ values[20000] ^ values[1]) + "\n");
  const auto bad = rulesJudgeOutput(*game, "3 5\n7 x9\n", SolveLimits{});
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().toString(),
            "expected a heap size (a whole number from 0 to 100000) at line 2, column 3 of the "
            "input, found 'x9'")
      << bad.error().toString();
}

TEST(TakeBreak, CodesAreReadWithTheirErrorsPlaced) {
  EXPECT_EQ(codeOf("octal:0.137").text(), "octal:0.137");
  EXPECT_EQ(codeOf("  octal:.770 ").text(), "octal:0.77");
  EXPECT_EQ(codeOf("hex:4.0f").text(), "hex:4.0F");
  EXPECT_EQ(codeOf("octal:0.137").maxTake(), 3);
  EXPECT_EQ(codeOf("octal:0.137").maxHeaps(), 2);
  EXPECT_EQ(codeOf("hex:0.8").maxHeaps(), 3);
  const auto error = [](const std::string& text) {
    auto code = parseTakeBreakCode(text);
    EXPECT_FALSE(code.ok()) << text;
    return code.ok() ? std::string() : code.error().toString();
  };
  EXPECT_EQ(error("octal:0.18"), "line 1, column 10: '8' is not an octal digit (0 to 7)");
  EXPECT_EQ(error("hex:0.1G"), "line 1, column 8: 'G' is not a hexadecimal digit (0 to 9, A to F)");
  EXPECT_EQ(error("octal:2.7"),
            "line 1, column 7: the digit before the point says how a heap splits without taking a "
            "token: 0 or 4 (and 8 or C in hexadecimal), not '2'");
  EXPECT_EQ(error("octal:07"),
            "line 1, column 8: octal:07 needs a point after its first digit, as in octal:0.137");
  EXPECT_EQ(error("octal:0."),
            "line 1, column 9: octal:0. has no digit after its point, as in octal:0.137");
  EXPECT_EQ(error("octal:0." + std::string(33, '1')),
            "line 1, column 41: a code has at most 32 digits after its point");
  EXPECT_EQ(error("octal:0.7\n-- a Lua comment"),
            "line 1, column 10: '\\x0A' is not an octal digit (0 to 7)");
  // Loaded as rules, the same error.
  auto rules = loadRules("octal:0.19");
  ASSERT_FALSE(rules.ok());
  EXPECT_EQ(rules.error().toString(), "line 1, column 10: '9' is not an octal digit (0 to 7)");
}

}  // namespace
}  // namespace gs
