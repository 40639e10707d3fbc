// answer's r.at(s) (Rules::PositionRecords): the record of any position of a case's game, by the
// rules' memo search where it applies and by a whole solve of the position where it hands over,
// against the whole solve of a case whose start is that position (the record r of its start)
// and a C++ brute force; and its errors, each a sentence that says where.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"

namespace gs {
namespace {

std::shared_ptr<RulesGame> gameOf(const std::string& text, const LuaLimits& limits = {}) {
  auto rules = LuaRules::load(text, limits);
  EXPECT_TRUE(rules) << (rules ? "" : rules.error().toString());
  if (!rules) return nullptr;
  RulesGameOptions options;
  options.rulesText = text;
  return std::make_shared<RulesGame>(rules.value(), options);
}

std::string judged(const RulesGame& game, const std::string& input,
                   const SolveLimits& limits = SolveLimits{}) {
  JudgeOutputStats stats;
  const auto output = rulesJudgeOutput(game, input, limits, &stats);
  return output ? output.value() : "error: " + output.error().toString();
}

// read: each word a case; "all N" asks r.at about every position 0 .. N (the fields `FIELDS`
// of each, on a line each); a number N is a case whose start is N, answered from r itself.
// `POS(i)` makes position i as the rules have it (an integer, or a table).
std::string rulesWith(const std::string& body, const std::string& fields,
                      const std::string& position = "i") {
  return "local function POS(i) return " + position +
         " end\n"
         "local FIELDS = {" +
         fields +
         "}\n"
         "local function line(rec)\n"
         "  local out = {}\n"
         "  for k, f in ipairs(FIELDS) do out[k] = tostring(rec[f]) end\n"
         "  return table.concat(out, ' ')\n"
         "end\n"
         "game = {\n"
         "  read = function(text)\n"
         "    local cases = {}\n"
         "    for all, n in text:gmatch('(%a*)%s*(%d+)') do\n"
         "      cases[#cases + 1] = {n = math.tointeger(tonumber(n)), all = all == 'all'}\n"
         "    end\n"
         "    return cases\n"
         "  end,\n"
         "  start = function(p) return POS(p.n) end,\n" +
         body +
         "  answer = function(r, p)\n"
         "    if not p.all then return line(r) end\n"
         "    local out = {}\n"
         "    for i = 0, p.n do out[#out + 1] = line(r.at(POS(i))) end\n"
         "    return table.concat(out, '\\n')\n"
         "  end,\n"
         "}\n";
}

// The judge's output of "all N" against that of the N + 1 cases 0, 1, ..., N.
void expectEveryPositionAsItsOwnStart(const std::string& text, int n, const char* what) {
  const auto game = gameOf(text);
  ASSERT_TRUE(game) << what;
  std::string each;
  for (int i = 0; i <= n; ++i) each += std::to_string(i) + "\n";
  const std::string expected = judged(*game, each);
  ASSERT_EQ(expected.find("error"), std::string::npos) << what << ": " << expected;
  EXPECT_EQ(judged(*game, "all " + std::to_string(n) + "\n"), expected) << what;
}

const char kSubtraction[] =
    "  moves = function(s, p)\n"
    "    local r = {}\n"
    "    for _, x in ipairs({1, 3, 4}) do if x <= s then r[#r + 1] = x end end\n"
    "    return r\n"
    "  end,\n"
    "  play = function(s, m, p) return s - m end,\n";

TEST(PositionRecords, EveryPositionIsRecordedAsItsOwnStartWouldBe) {
  // Integer positions: the memo search, for the outcome (with cut-offs) and for the values.
  expectEveryPositionAsItsOwnStart(rulesWith(kSubtraction, "'outcome'"), 300, "outcomes");
  expectEveryPositionAsItsOwnStart(rulesWith(kSubtraction, "'value', 'outcome', 'moves_left'"), 300,
                                   "values");
  // The same by children, which visits the moves with no list.
  expectEveryPositionAsItsOwnStart(
      rulesWith(std::string(kSubtraction) + "  children = function(s, p, visit)\n"
                                            "    for _, x in ipairs({1, 3, 4}) do\n"
                                            "      if x <= s and visit(s - x) then return end\n"
                                            "    end\n"
                                            "  end,\n",
                "'value', 'outcome'"),
      300, "by children");
  // Table positions: a whole solve of each position, kept for the positions asked again.
  expectEveryPositionAsItsOwnStart(
      rulesWith("  moves = function(s, p)\n"
                "    local r = {}\n"
                "    for _, x in ipairs({1, 3, 4}) do if x <= s[1] then r[#r + 1] = x end end\n"
                "    return r\n"
                "  end,\n"
                "  play = function(s, m, p) return {s[1] - m} end,\n",
                "'value', 'outcome', 'moves_left'", "{i}"),
      60, "table positions");
  // A cycle: a pebble on 0 .. 12 steps down one or two, or up one below 12; the memo search
  // hands over at the first cycle and the whole solves decide the draws.
  expectEveryPositionAsItsOwnStart(
      rulesWith("  moves = function(s, p)\n"
                "    local r = {}\n"
                "    if s >= 1 then r[#r + 1] = -1 end\n"
                "    if s >= 2 and s % 3 ~= 0 then r[#r + 1] = -2 end\n"
                "    if s < 12 and s % 4 == 1 then r[#r + 1] = 1 end\n"
                "    return r\n"
                "  end,\n"
                "  play = function(s, m, p) return s + m end,\n",
                "'value', 'outcome', 'moves_left'"),
      12, "a cycle");
  // Impartial, and a sum of parts (a heap splits in two): Grundy numbers.
  expectEveryPositionAsItsOwnStart(
      rulesWith(
          "  impartial = true,\n"
          "  moves = function(s, p)\n"
          "    local r = {}\n"
          "    if s >= 1 then r[#r + 1] = 1 end\n"
          "    for a = 1, s // 2 do if a < s - a then r[#r + 1] = -a end end\n"
          "    return r\n"
          "  end,\n"
          "  play = function(s, m, p)\n"
          "    if m > 0 then return s - m end\n"
          "    return {-m, s + m}\n"
          "  end,\n"
          "  parts = function(s, p) if type(s) == 'table' then return s end return {s} end,\n",
          "'value', 'outcome', 'sg'"),
      40, "parts");
  // Scored: take 1 or 2 coins, the gain their count, a bonus of 1 for taking the last.
  expectEveryPositionAsItsOwnStart(
      rulesWith("  moves = function(s, p)\n"
                "    local r = {}\n"
                "    for m = 1, math.min(2, s) do r[m] = m end\n"
                "    return r\n"
                "  end,\n"
                "  play = function(s, m, p) return s - m end,\n"
                "  gain = function(s, m, p) return m + (m == s and 1 or 0) end,\n",
                "'value', 'margin'"),
      80, "scored");
  // The whole solves of table positions, scored and impartial.
  expectEveryPositionAsItsOwnStart(
      rulesWith("  moves = function(s, p)\n"
                "    local r = {}\n"
                "    for m = 1, math.min(2, s[1]) do r[m] = m end\n"
                "    return r\n"
                "  end,\n"
                "  play = function(s, m, p) return {s[1] - m} end,\n"
                "  gain = function(s, m, p) return m + (m == s[1] and 1 or 0) end,\n",
                "'value', 'margin'", "{i}"),
      40, "scored, table positions");
  expectEveryPositionAsItsOwnStart(rulesWith("  impartial = true,\n"
                                             "  moves = function(s, p)\n"
                                             "    local r = {}\n"
                                             "    for m = 1, math.min(3, s[1]) do r[m] = m end\n"
                                             "    return r\n"
                                             "  end,\n"
                                             "  play = function(s, m, p) return {s[1] - m} end,\n",
                                             "'value', 'outcome', 'sg'", "{i}"),
                                   40, "impartial, table positions");
}

// The rules' own search serves integer positions, one memo for all of them (each new one costs
// the positions it adds), and hands over a table position and the positions of a cycle.
TEST(PositionRecords, TheRulesSearchServesIntegerPositions) {
  const auto game = gameOf(rulesWith(kSubtraction, "'outcome'"));
  ASSERT_TRUE(game);
  Rules& rules = game->rules();
  Params params;
  params.input = std::make_shared<const std::string>(game->cases("all 3\n").value()[0]);
  const Rules::SearchLimits limits{std::uint64_t{1} << 30, 1'000'000, {}};
  std::uint64_t positions = 0;
  for (int i = 200; i >= 0; --i) {
    const auto found =
        rules.memoSearchAt(Term::integer(i), params, Rules::SearchQuestion::kValue, limits);
    ASSERT_TRUE(found) << i;
    // {1, 3, 4}: a position is lost exactly when it is 0 or 2 modulo 7.
    EXPECT_EQ(found->outcome, i % 7 == 0 || i % 7 == 2 ? EndResult::kLoss : EndResult::kWin) << i;
    positions += found->positions;
  }
  EXPECT_EQ(positions, 201u);  // 200 searched every position below it; the rest were known
  EXPECT_FALSE(rules.memoSearchAt(Term::list({Term::integer(3)}), params,
                                  Rules::SearchQuestion::kValue, limits));
  const auto cycle =
      gameOf(rulesWith("  moves = function(s, p) return {1} end,\n"
                       "  play = function(s, m, p) return (s + 1) % 5 end,\n",
                       "'outcome'"));
  ASSERT_TRUE(cycle);
  EXPECT_FALSE(cycle->rules().memoSearchAt(Term::integer(2), params,
                                           Rules::SearchQuestion::kOutcome, limits));
  EXPECT_EQ(judged(*cycle, "all 2\n"), "draw\ndraw\ndraw\n");
}

// A sum given as a table, asked of r.at, is its parts' xor (the memo search splits it).
TEST(PositionRecords, ASumOfPartsIsItsPartsXor) {
  const auto game = gameOf(
      "game = {\n"
      "  impartial = true,\n"
      "  read = function(text) return {{n = tonumber(text)}} end,\n"
      "  start = function(p) return p.n end,\n"
      "  moves = function(s, p)\n"
      "    local r = {}\n"
      "    for m = 1, math.min(s, 3) do r[m] = m end\n"
      "    return r\n"
      "  end,\n"
      "  play = function(s, m, p) return s - m end,\n"
      "  parts = function(s, p) if type(s) == 'table' then return s end return {s} end,\n"
      "  answer = function(r, p)\n"
      "    local out = {}\n"
      "    for a = 0, p.n do\n"
      "      for b = 0, p.n do out[#out + 1] = r.at({a, b}).sg end\n"
      "    end\n"
      "    return table.concat(out, ' ')\n"
      "  end,\n"
      "}\n");
  ASSERT_TRUE(game);
  std::string expected;
  for (int a = 0; a <= 9; ++a)
    for (int b = 0; b <= 9; ++b)
      expected += (expected.empty() ? "" : " ") + std::to_string((a % 4) ^ (b % 4));
  EXPECT_EQ(judged(*game, "9\n"), expected + "\n");
}

// The question r.at is for: "W or L for every heap up to N" (CSES 1729, Stick Game), one loop,
// against a brute force; and a winning first move from each position, by the file's own moves
// and play (r.at has no children).
TEST(PositionRecords, ALoopOverPositionsIsTheBruteForces) {
  const auto game = gameOf(
      "local function moves(s, p)\n"
      "  local r = {}\n"
      "  for _, x in ipairs(p.sizes) do if x <= s then r[#r + 1] = x end end\n"
      "  return r\n"
      "end\n"
      "local function play(s, m, p) return s - m end\n"
      "game = {\n"
      "  read = function(text)\n"
      "    local t = {}\n"
      "    for w in text:gmatch('%d+') do t[#t + 1] = math.tointeger(tonumber(w)) end\n"
      "    return {{n = t[1], sizes = {table.unpack(t, 3, 2 + t[2])}}}\n"
      "  end,\n"
      "  start = function(p) return p.n end,\n"
      "  moves = moves,\n"
      "  play = play,\n"
      "  answer = function(r, p)\n"
      "    local out, first = {}, {}\n"
      "    for i = 1, p.n do\n"
      "      out[i] = r.at(i).outcome == 'win' and 'W' or 'L'\n"
      "      first[i] = '-'\n"
      "      for _, m in ipairs(moves(i, p)) do\n"
      "        if r.at(play(i, m, p)).outcome == 'loss' then first[i] = m; break end\n"
      "      end\n"
      "    end\n"
      "    return table.concat(out) .. '\\n' .. table.concat(first, ' ')\n"
      "  end,\n"
      "}\n");
  ASSERT_TRUE(game);
  const int n = 20000;
  const std::vector<int> sizes = {1, 5, 7, 12};
  std::vector<bool> win(n + 1, false);
  std::string expected, first;
  for (int i = 1; i <= n; ++i) {
    int move = 0;
    for (const int x : sizes)
      if (x <= i && !win[i - x]) {
        move = x;
        break;
      }
    win[i] = move != 0;
    expected += win[i] ? 'W' : 'L';
    first += (i > 1 ? " " : "") + (move ? std::to_string(move) : std::string("-"));
  }
  EXPECT_EQ(judged(*game, std::to_string(n) + " 4\n1 5 7 12\n"), expected + "\n" + first + "\n");
}

// r.at in the whole record's answer too (stage 4, where answer reads r.children).
TEST(PositionRecords, TheWholeRecordsAnswerHasItToo) {
  const auto game = gameOf(
      "game = {\n"
      "  read = function(text) return {{n = tonumber(text)}} end,\n"
      "  start = function(p) return p.n end,\n"
      "  moves = function(s, p) local r = {} for m = 1, math.min(s, 2) do r[m] = m end return r "
      "end,\n"
      "  play = function(s, m, p) return s - m end,\n"
      "  answer = function(r, p)\n"
      "    local out = {}\n"
      "    for k, c in ipairs(r.children) do\n"
      "      out[k] = c.name .. ' ' .. c.moves_left .. ' ' .. r.at(p.n - c.move).value\n"
      "    end\n"
      "    return table.concat(out, ', ')\n"
      "  end,\n"
      "}\n");
  ASSERT_TRUE(game);
  // From 10: taking 1 leaves 9, lost in 6 for the player to move there (so a win in 7 for the
  // maker); taking 2 leaves 8, won in 5.
  EXPECT_EQ(judged(*game, "10\n"), "1 7 loss 6, 2 6 win 5\n");
}

struct Refusal {
  const char* what;
  std::string answer;  // answer's body
  const char* expected;
};

TEST(PositionRecords, EachMisuseIsASentenceNamingItsLine) {
  const auto rulesOf = [](const std::string& answer, const std::string& moves) {
    return "local kept\n"
           "game = {\n"
           "  read = function(text) return {{n = tonumber(text)}} end,\n"
           "  start = function(p) return p.n end,\n"
           "  moves = function(s, p)\n" +
           moves +
           "    local r = {} for m = 1, math.min(s, 2) do r[m] = m end return r\n"
           "  end,\n"
           "  play = function(s, m, p) return s - m end,\n"
           "  answer = function(r, p)\n" +
           answer +
           "  end,\n"
           "}\n";
  };
  const Refusal kRefusals[] = {
      {"no position", "    return r.at().outcome\n",
       "line 10: r.at needs a position: r.at(s), in answer(r, p)"},
      {"a function for a position", "    return r.at(print or next).outcome\n",
       "line 10: r.at's position is a function (positions are made of integers, strings, booleans "
       "and tables), in answer(r, p)"},
      {"a record read after answer, from moves",
       "    kept = r.at(3)\n"
       "    return r.outcome\n",
       "line 6: r.at's records are read only by answer (not by the rules' other calls), in "
       "moves(2)"},
      {"the rules fail at a position asked about", "    return r.at(7).outcome\n",
       "line 6: no move from 7, in moves(7)"},
      {"an error caught by answer's pcall still fails it",
       "    local ok = pcall(function() return r.at(7).outcome end)\n"
       "    return ok and 'caught' or 'not caught'\n",
       "line 6: no move from 7, in moves(7)"},
  };
  for (const Refusal& refusal : kRefusals) {
    const std::string moves = std::string(refusal.what).find("fail") != std::string::npos ||
                                      std::string(refusal.what).find("pcall") != std::string::npos
                                  ? "    if s == 7 then error('no move from 7') end\n"
                              : std::string(refusal.what).find("moves") != std::string::npos
                                  ? "    if kept and s == 2 then return {kept.outcome} end\n"
                                  : "";
    const auto game = gameOf(rulesOf(refusal.answer, moves));
    ASSERT_TRUE(game) << refusal.what;
    EXPECT_EQ(judged(*game, "5\n"), std::string("error: ") + refusal.expected) << refusal.what;
  }
}

// The positions cap bounds every whole solve r.at makes for a case in all, and the answer's
// own budget bounds its loop: a loop over positions ends, with a sentence, whatever it asks.
TEST(PositionRecords, TheCapsBoundALoopOverPositions) {
  const auto game = gameOf(
      "game = {\n"
      "  read = function(text) return {{n = tonumber(text)}} end,\n"
      "  start = function(p) return {p.n} end,\n"
      "  moves = function(s, p) local r = {} for m = 1, math.min(s[1], 2) do r[m] = m end "
      "return r end,\n"
      "  play = function(s, m, p) return {s[1] - m} end,\n"
      "  answer = function(r, p)\n"
      "    local wins = 0\n"
      "    for i = 1, p.n do if r.at({i}).outcome == 'win' then wins = wins + 1 end end\n"
      "    return wins\n"
      "  end,\n"
      "}\n");
  ASSERT_TRUE(game);
  EXPECT_EQ(judged(*game, "300\n"), "200\n");  // 1 .. 300, a loss at each multiple of 3
  SolveLimits limits;
  limits.maxPositions = 5000;  // each whole solve of {i} explores i + 1 positions
  EXPECT_EQ(judged(*game, "300\n", limits),
            "error: r.at solved more than 5,000 positions in all for this case (the positions "
            "cap)");
  const auto looping = gameOf(
      "game = {\n"
      "  read = function(text) return {{n = tonumber(text)}} end,\n"
      "  start = function(p) return p.n end,\n"
      "  moves = function(s, p) local r = {} for m = 1, math.min(s, 2) do r[m] = m end return r "
      "end,\n"
      "  play = function(s, m, p) return s - m end,\n"
      "  answer = function(r, p)\n"
      "    while true do local _ = r.at(p.n).outcome end\n"
      "  end,\n"
      "}\n",
      LuaLimits{2'000'000});
  ASSERT_TRUE(looping);
  EXPECT_EQ(judged(*looping, "5\n"),
            "error: line 7: the call ran past its budget of 2,000,000 instructions (does it loop "
            "for ever?), in answer(r, p)");
}

}  // namespace
}  // namespace gs

namespace gs {
namespace {

// The search with cut-offs over encodings (rules_judge.cpp's OutcomeSearch, where the memo
// search hands over: table positions, a cycle) keeps a frame for each position on its line,
// about 300 bytes each, which its budget did not count: `value --outcome` of a cycle of 10^7
// positions peaked at 4.2 GB under a budget of 768 MiB. Every frame counts now: on a line of
// 300,000 positions, whose frames pass a budget of 64 MiB and whose whole solve does not, the
// search stops and the whole solve answers; below that, the whole solve refuses the game with the
// budget's sentence.
TEST(PositionRecords, TheSearchOfALongLineKeepsToTheBudget) {
  const auto game = gameOf(
      "game = {\n"
      "  read = function(text) return {{n = tonumber(text)}} end,\n"
      "  start = function(p) return {0} end,\n"
      "  moves = function(s, p) if s[1] == p.n then return {} end return {1} end,\n"
      "  play = function(s, m, p) return {s[1] + 1} end,\n"
      "  answer = function(r, p) return r.outcome end,\n"
      "}\n");
  ASSERT_TRUE(game);
  const auto run = [&](const char* input, std::uint64_t budgetMiB, JudgeOutputStats& stats) {
    SolveLimits limits;
    limits.memoryBudgetBytes = budgetMiB << 20;
    const auto output = rulesJudgeOutput(*game, input, limits, &stats);
    return output ? output.value() : "error: " + output.error().toString();
  };
  JudgeOutputStats small, large, refused;
  EXPECT_EQ(run("1001\n", 64, small), "win\n");
  EXPECT_EQ(small.searched, 1u);  // a short line: the search's own answer
  EXPECT_EQ(run("300001\n", 64, large), "win\n");
  EXPECT_EQ(large.searched, 0u);
  EXPECT_EQ(large.solved, 1u);
  const std::string text = run("300001\n", 16, refused);
  EXPECT_EQ(text.substr(0, 53), "error: the game needs more than the memory budget of ") << text;
  EXPECT_NE(text.find("16 MiB"), std::string::npos) << text;
}

}  // namespace
}  // namespace gs
