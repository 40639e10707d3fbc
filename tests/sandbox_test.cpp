// The sandbox's second review (issue 31): every hostile rules file of tests/rules/hostile/ ends in
// one sentence naming what and where (its first line says which: "-- expect: MESSAGE START"), or
// solves to its value ("-- expect-value: VALUE") when the attack is defused rather than refused.
// The same files are the module's hostile tests (tests/node/hostile_*.test.js), the command
// line's under a memory limit (tests/cli_test.sh) and rules_fuzz's seeds. CPU times are printed,
// not asserted (the budget, which the code controls, is what ends each one).
#include <dirent.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "session.h"
#include "tools/analysis.h"

namespace gs {
namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> hostileFiles() {
  const std::string folder = std::string(GS_SOURCE_DIR) + "/tests/rules/hostile/";
  std::vector<std::string> names;
  if (DIR* dir = opendir(folder.c_str())) {
    while (dirent* entry = readdir(dir)) {
      const std::string name = entry->d_name;
      if (name.size() > 4 && name.compare(name.size() - 4, 4, ".lua") == 0)
        names.push_back(folder + name);
    }
    closedir(dir);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// `gamesolver value`'s line, or "error: ..."; with `analyze`, the analysis JSON too.
std::string valueOf(const std::string& text, std::string* analysis = nullptr) {
  auto rules = LuaRules::load(text);
  if (!rules) return "error: " + rules.error().toString();
  auto game = std::make_shared<RulesGame>(rules.value(), RulesGameOptions{});
  auto session = Session::fromJudgeInput(*game, game->sample(), SolveLimits{});
  if (!session) return "error: " + session.error().toString();
  if (analysis) *analysis = analysisJson(session.value()).value();
  // As `gamesolver value` prints it: the start's value (a problem's case answers otherwise).
  return rulesValueText(game->header().kind, session->gameBoard().value());
}

double cpuSeconds() {
  return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

TEST(SandboxReview, EveryHostileFileEndsInOneSentenceOrIsDefused) {
  const std::vector<std::string> files = hostileFiles();
  ASSERT_GE(files.size(), 25u);
  for (const std::string& path : files) {
    const std::string text = readFile(path);
    const std::string firstLine = text.substr(0, text.find('\n'));
    const std::string expectError = "-- expect: ", expectValue = "-- expect-value: ";
    const double start = cpuSeconds();
    std::string analysis;
    const std::string got = valueOf(text, &analysis);
    const double seconds = cpuSeconds() - start;
    std::printf("  %-32s %6.2f s CPU  %s\n", path.substr(path.rfind('/') + 1).c_str(), seconds,
                got.substr(0, 100).c_str());
    if (firstLine.rfind(expectError, 0) == 0) {
      const std::string expected = "error: " + firstLine.substr(expectError.size());
      EXPECT_EQ(got.rfind(expected, 0), 0u) << path << "\n  got: " << got.substr(0, 300);
      // One sentence of at most a few KB, whatever the rules raised.
      EXPECT_LE(got.size(), 2400u) << path;
      EXPECT_EQ(got.find('\n'), std::string::npos) << path;
    } else {
      ASSERT_EQ(firstLine.rfind(expectValue, 0), 0u) << path << " has no expectation line";
      EXPECT_EQ(got, firstLine.substr(expectValue.size())) << path;
      // Names are cut to 256 bytes, so the analysis of 60 names of 20 MB stays small (an
      // answer of 16 MiB is a problem's own output, which the analysis carries whole).
      if (text.find("answer =") == std::string::npos) EXPECT_LT(analysis.size(), 200000u) << path;
    }
  }
}

TEST(SandboxReview, AHugeErrorIsCutAndSaysHowLongItWas) {
  const std::string got =
      valueOf(readFile(std::string(GS_SOURCE_DIR) + "/tests/rules/hostile/error_huge.lua"));
  EXPECT_NE(got.find("\xE2\x80\xA6 (a message of 100,000,000 bytes), in start()"),
            std::string::npos)
      << got.substr(got.size() > 200 ? got.size() - 200 : 0);
}

TEST(SandboxReview, ThirtyHostileLoadsInARowLeaveTheNextRulesWorking) {
  // The abort of issue 31.1 left each half-loaded state behind: 30 loads of a file holding
  // 100 MB exhausted the module's memory.
  const std::string holder =
      "local big = string.rep('x', 100 << 20)\n"
      "game = setmetatable({}, {__index = function(t, k) error('boom') end})\n";
  for (int k = 0; k < 30; ++k) {
    auto rules = LuaRules::load(holder);
    ASSERT_FALSE(rules.ok());
    EXPECT_EQ(rules.error().toString(),
              "game.start is missing: every game needs start, moves and play");
  }
  EXPECT_EQ(valueOf("game = { start = function(p) return 2 end, moves = function(s, p) "
                    "if s > 0 then return {1} end return {} end, play = function(s, m, p) "
                    "return s - m end }"),
            "loss 2");
}

TEST(SandboxReview, TheParametersAndTheirTablesAreReadOnlyViews) {
  // p of a case read from a judge input: its tables are views that read like tables (index,
  // #, ipairs, pairs, table.concat) and refuse every write.
  const std::string text =
      "game = {\n"
      "  read = function(text) return {{sizes = {4, 1, 3}, n = 5}} end,\n"
      "  start = function(p)\n"
      "    local sum, count = 0, 0\n"
      "    for _, k in ipairs(p.sizes) do sum = sum + k end\n"
      "    for k, v in pairs(p.sizes) do count = count + 1 end\n"
      "    assert(#p.sizes == 3 and count == 3 and table.concat(p.sizes, ',') == '4,1,3')\n"
      "    assert(not pcall(function() p.sizes[1] = 9 end))\n"
      "    assert(not pcall(function() rawset(p.sizes, 1, 9) end))\n"
      "    assert(not pcall(function() table.insert(p.sizes, 9) end))\n"
      "    assert(not pcall(function() table.sort(p.sizes) end))\n"
      "    assert(not pcall(function() local f, t = pairs(p.sizes) t[1] = 9 end))\n"
      "    assert(p.sizes[1] == 4 and getmetatable(p.sizes) == false)\n"
      "    return sum + p.n\n"
      "  end,\n"
      "  moves = function(s, p) if s > 0 then return {1} end return {} end,\n"
      "  play = function(s, m, p) return s - m end,\n"
      "}\n";
  auto rules = LuaRules::load(text);
  ASSERT_TRUE(rules.ok()) << rules.error().toString();
  auto cases = rules.value()->read("");
  ASSERT_TRUE(cases.ok()) << cases.error().toString();
  ASSERT_EQ(cases->size(), 1u);
  Params params;
  params.input = std::make_shared<const std::string>(cases.value()[0]);
  auto start = rules.value()->start(params);
  ASSERT_TRUE(start.ok()) << start.error().toString();
  EXPECT_EQ(start->text(), "13");
}

TEST(SandboxReview, IntegersBecomeTextAsStringFormatWritesThem) {
  // The sandbox writes an integer's text itself (gs_lua_integer2str), where Lua used snprintf:
  // tostring, `..` and string.format's %s give the characters string.format's %d (its own
  // snprintf) gives, at every edge; floats are as before.
  const std::string text =
      "game = {\n"
      "  start = function(p)\n"
      "    local values = {0, 1, -1, 7, 9, 10, -10, 99, 100, -100, 4096, 65535, 2147483647,\n"
      "                    -2147483648, 4294967296, 1000000000000000000, 999999999999999999,\n"
      "                    -999999999999999999, math.maxinteger, math.mininteger,\n"
      "                    math.mininteger + 1, math.maxinteger - 1, 123456789012345678}\n"
      "    for k = 0, 62 do values[#values + 1] = 1 << k; values[#values + 1] = -(1 << k) end\n"
      "    for _, v in ipairs(values) do\n"
      "      local want = string.format('%d', v)\n"
      "      assert(tostring(v) == want, want)\n"
      "      assert(v .. '' == want and '<' .. v .. '>' == '<' .. want .. '>', want)\n"
      "      assert(string.format('%s', v) == want, want)\n"
      "    end\n"
      "    assert(tostring(3.0) == '3.0' and tostring(-0.0) == '-0.0' and tostring(1.5) == '1.5')\n"
      "    assert(tostring(2^63) == '9.2233720368548e+18' and 1e100 .. '' == '1e+100')\n"
      "    return #values\n"
      "  end,\n"
      "  moves = function(s, p) return {} end,\n"
      "  play = function(s, m, p) return s end,\n"
      "}\n";
  auto rules = LuaRules::load(text);
  ASSERT_TRUE(rules.ok()) << rules.error().toString();
  auto start = rules.value()->start(Params{});
  ASSERT_TRUE(start.ok()) << start.error().toString();
  EXPECT_EQ(start->text(), "149");
}

TEST(SandboxReview, TheAnalysisIsValidUtf8WhateverTheNamesHold) {
  // Issue 31.11: analyze wrote a name's bytes that are not UTF-8 into its JSON as they were.
  std::string analysis;
  ASSERT_EQ(valueOf("game = { start = function(p) return 1 end,\n"
                    "  moves = function(s, p) if s > 0 then return {1} end return {} end,\n"
                    "  play = function(s, m, p) return 0 end,\n"
                    "  name = function(m, s, p) return 'take \\xff\\xfe one \\xe4\\xb8' end }",
                    &analysis),
            "win 1");
  EXPECT_NE(analysis.find("take \xEF\xBF\xBD\xEF\xBF\xBD one \xEF\xBF\xBD"), std::string::npos)
      << analysis;
  EXPECT_EQ(analysis.find('\xff'), std::string::npos);
}

}  // namespace
}  // namespace gs
