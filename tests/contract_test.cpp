// The contract of a rules file (core/rules/contract.h), written once: its reference
// (web/guides/contract.md) lists exactly its fields, in its order and forms; no other file of the
// rules engine spells a field's name as a string; and the loader's messages and the app's line
// under the rules editor list the table's fields.
#include "rules/contract.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "rules/lua_rules.h"
#include "ui_phrases.h"

namespace gs {
namespace {

using contract::Field;
using contract::Kind;

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The texts between backticks in `text`.
std::vector<std::string> backticked(const std::string& text) {
  std::vector<std::string> spans;
  for (std::size_t at = text.find('`'); at != std::string::npos; at = text.find('`', at + 1)) {
    const std::size_t end = text.find('`', at + 1);
    if (end == std::string::npos) break;
    spans.push_back(text.substr(at + 1, end - at - 1));
    at = end;
  }
  return spans;
}

std::vector<std::string> formsOf(bool required) {
  std::vector<std::string> forms;
  for (const Field& field : contract::kFields)
    if (contract::required(field) == required) forms.push_back(field.form);
  return forms;
}

TEST(Contract, EachRowIsWhole) {
  for (const Field& field : contract::kFields) {
    const std::string name = field.name, form = field.form;
    ASSERT_FALSE(name.empty());
    EXPECT_EQ(std::string(field.text).find('\n'), std::string::npos) << name;
    EXPECT_FALSE(std::string(field.text).empty()) << name;
    // A function's form is a call, a flag's `name = true`, a value's its name.
    if (field.kind == Kind::kFunction)
      EXPECT_TRUE(form.rfind(name + "(", 0) == 0 && form.back() == ')') << form;
    else if (field.kind == Kind::kFlag)
      EXPECT_EQ(form, name + " = true");
    else
      EXPECT_EQ(form, name);
    EXPECT_EQ(std::count_if(std::begin(contract::kFields), std::end(contract::kFields),
                            [&](const Field& other) { return name == other.name; }),
              1)
        << name;
  }
}

// web/guides/contract.md opens with the required functions ("Required: `start(p)`, ... .
// Optional:") and a table of the others, a row a field whose first cell is its form; both in
// the table's order.
TEST(Contract, TheGuideListsExactlyTheTablesFields) {
  const std::string guide = readFile(std::string(GS_SOURCE_DIR) + "/web/guides/contract.md");
  const std::size_t required = guide.find("Required:"), optional = guide.find("Optional:");
  ASSERT_NE(required, std::string::npos);
  ASSERT_NE(optional, std::string::npos);
  ASSERT_LT(required, optional);
  // (The calls of the sentence, not the words between them: "`moves(s, p)` (... at `s` ...)".)
  std::vector<std::string> calls = backticked(guide.substr(required, optional - required));
  calls.erase(std::remove_if(calls.begin(), calls.end(),
                             [](const std::string& span) { return span.back() != ')'; }),
              calls.end());
  EXPECT_EQ(calls, formsOf(true)) << "the guide's sentence of the required functions";
  std::istringstream lines(guide.substr(optional));
  std::string line;
  while (std::getline(lines, line) && line.rfind("| field |", 0) != 0) {
  }
  ASSERT_TRUE(std::getline(lines, line)) << "the table of fields after Optional:";
  EXPECT_EQ(line.rfind("|---|", 0), 0u);
  std::vector<std::string> rows;
  while (std::getline(lines, line) && line.rfind("|", 0) == 0) {
    const std::size_t end = line.find(" |", 1);
    ASSERT_NE(end, std::string::npos) << line;
    const std::vector<std::string> cell = backticked(line.substr(1, end));
    ASSERT_EQ(cell.size(), 1u) << "a row's first cell is one field's form: " << line;
    rows.push_back(cell[0]);
  }
  EXPECT_EQ(rows, formsOf(false)) << "the guide's table of fields";
}

// The string literals of a C or C++ source, comments skipped, adjacent ones joined as the
// compiler joins them ("... or " "impartial" is one); a ' after a digit separates digits
// (1'000'000).
std::vector<std::string> stringLiterals(const std::string& text) {
  std::vector<std::string> literals;
  const std::size_t size = text.size();
  bool joining = false;  // only spaces and comments since the last literal
  for (std::size_t k = 0; k < size;) {
    if (text.compare(k, 2, "//") == 0) {
      k = text.find('\n', k);
    } else if (text.compare(k, 2, "/*") == 0) {
      k = text.find("*/", k + 2);
      if (k != std::string::npos) k += 2;
    } else if (std::isspace(static_cast<unsigned char>(text[k]))) {
      ++k;
    } else if (text.compare(k, 2, "R\"") == 0) {  // R"delimiter( ... )delimiter"
      const std::size_t open = text.find('(', k);
      if (open == std::string::npos) break;
      const std::string close = ")" + text.substr(k + 2, open - k - 2) + "\"";
      const std::size_t end = text.find(close, open);
      if (end == std::string::npos) break;
      if (!joining) literals.emplace_back();
      literals.back() += text.substr(open + 1, end - open - 1);
      joining = true;
      k = end + close.size();
    } else if (text[k] == '"') {
      if (!joining) literals.emplace_back();
      for (++k; k < size && text[k] != '"'; ++k) {
        if (text[k] == '\\' && k + 1 < size) literals.back() += text[k++];
        literals.back() += text[k];
      }
      ++k;
      joining = true;
    } else if (text[k] == '\'' &&
               (k == 0 || !std::isdigit(static_cast<unsigned char>(text[k - 1])))) {
      for (++k; k < size && text[k] != '\''; ++k)
        if (text[k] == '\\') ++k;
      ++k;
      joining = false;
    } else {
      ++k;
      joining = false;
    }
    if (k == std::string::npos) break;
  }
  return literals;
}

TEST(Contract, StringLiteralsAreFoundOutsideComments) {
  EXPECT_EQ(
      stringLiterals("a = \"x\\\"y\"; // \"no\"\n/* \"no\" */ c = '\"'; n = 1'000'000; \"z\"\n"
                     "  /* joined */ \"w\" R\"(v)\"; f(\"u\", \"t\")"),
      (std::vector<std::string>{"x\\\"y", "zwv", "u", "t"}));
}

// No C or C++ source of core/, imgui_app/ or web/ but contract.h spells a field's name as a whole
// string literal ("moves"): the fields are read, listed and named through the table, so a field
// added, renamed or removed there is so everywhere. A literal that is the same word meaning
// something else is listed here with its meaning and count, so a new one is looked at. (Messages
// that name a field in a sentence, "game.children differs from ...", are not whole names.)
TEST(Contract, NoOtherSourceSpellsAFieldsName) {
  const std::map<std::string, std::map<std::string, int>> kOtherMeanings = {
      // SVG's text-anchor, whose default drawing.cpp leaves out.
      {"core/base/drawing.cpp", {{"start", 1}}},
      {"core/games/exchange/exchange_game.cpp", {{"start", 8}, {"play", 1}}},  // and a move's field
      {"core/games/manhattan/manhattan_game.cpp", {{"start", 3}}},
      {"core/games/staircase/staircase_game.cpp", {{"start", 3}}},
      {"core/rules/rules_board.cpp", {{"start", 2}, {"name", 1}}},  // and a child record's name
      {"core/tools/export.cpp", {{"start", 2}}},
      // The command `gamesolver random`; math.random, which the sandbox removes; the app's
      // Random button.
      {"core/cli/command_table.cpp", {{"random", 1}}},
      {"core/rules/lua_sandbox.cpp", {{"random", 1}}},
      {"imgui_app/widgets.cpp", {{"random", 2}}},
      // The noun of "moves returned moves of more than ..."; r.children, the record's field.
      {"core/rules/lua_calls.cpp", {{"moves", 1}, {"children", 1}}},
      {"core/rules/rules.h", {{"children", 1}}},  // r's fields (kRulesFieldNames)
      {"core/rules/rules_game.cpp", {{"children", 1}}},
      {"core/rules/rules_judge.cpp", {{"name", 2}}},  // the name of a move in r.children
      // The memo search's mode (memo_search.lua).
      {"core/rules/lua_search.cpp", {{"impartial", 4}}},
      // The bench's column of answers.
      {"core/tools/bench.cpp", {{"answer", 1}}},
      // The app's widgets as the test hook names them (the move list, the result line, the
      // title) and the line's first step; the worker's record of a searched position.
      {"imgui_app/analysis_view.cpp", {{"moves", 1}, {"result", 1}, {"start", 2}}},
      {"imgui_app/toolbar_view.cpp", {{"title", 1}}},
      {"imgui_app/ui_phrases.cpp", {{"start", 1}}},
      {"imgui_app/rules_request.cpp", {{"mover", 1}, {"title", 1}}},
      // The module's API (web/gamesolver.d.ts): its objects' fields and its methods.
      {"web/bindings.cpp",
       {{"answer", 1},
        {"impartial", 1},
        {"moves", 1},
        {"name", 2},
        {"params", 1},
        {"partisan", 1},
        {"play", 1},
        {"sample", 1},
        {"start", 1},
        {"title", 2}}},
      {"web/js_session.cpp", {{"moves", 1}, {"name", 1}}},
      {"web/js_values.cpp", {{"name", 1}, {"score", 1}}},
  };
  std::map<std::string, std::map<std::string, int>> found;
  const std::filesystem::path root = GS_SOURCE_DIR;
  int files = 0;
  for (const char* folder : {"core", "imgui_app", "web"})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      const std::string file = entry.path().lexically_relative(root).generic_string();
      const std::string ext = entry.path().extension().string();
      if ((ext != ".cpp" && ext != ".h" && ext != ".c") || file == "core/rules/contract.h")
        continue;
      ++files;
      for (const std::string& literal : stringLiterals(readFile(entry.path())))
        for (const Field& field : contract::kFields)
          if (literal == field.name) ++found[file][literal];
    }
  EXPECT_GT(files, 140);
  EXPECT_EQ(found, kOtherMeanings)
      << "a string literal that is a field's name, outside core/rules/contract.h: use the "
         "table (kFunctionNames, kFlagNames, kValueNames, contract::kFields), or, for another "
         "meaning of the word, list it in this test";
}

std::string refusal(const std::string& fields) {
  auto rules = LuaRules::load("game = { " + fields + " }");
  return rules ? std::string("loaded") : rules.error().toString();
}

TEST(Contract, TheLoaderKnowsTheTablesFieldsAndNamesThem) {
  const std::string core =
      "start = function(p) return 0 end, moves = function(s, p) return {} end, "
      "play = function(s, m, p) return s end";
  EXPECT_EQ(refusal(core + ", mvoes = 1"),
            "game.mvoes is not a field of a rules game (the fields: title, params, start, moves, "
            "play, gain, score, result, impartial, parts, moves_by_part, children, mover, "
            "partisan, show, name, read, answer, random, write, sample)");
  EXPECT_EQ(refusal("moves = function(s, p) return {} end, play = function(s, m, p) return s end"),
            "game.start is missing: every game needs start, moves and play");
  auto none = LuaRules::load("games = {}");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().toString(),
            "the rules must define a table named game (game = { title = ..., params = ..., "
            "start = ..., moves = ..., play = ... }); game is nil");
  // Every field of the table is known: with one of them (a value, flag or function of its
  // type) beside the core, what refuses a game is never its fields' names or types.
  for (const Field& field : contract::kFields) {
    if (contract::required(field)) continue;
    const std::string name = field.name;
    const std::string value = field.kind == Kind::kFlag       ? "false"
                              : field.kind == Kind::kFunction ? "function() end"
                              : name == "params"              ? "{}"
                                                              : "'x'";
    const std::string got = refusal(core + ", " + name + " = " + value);
    EXPECT_EQ(got.find("is not a field"), std::string::npos) << got;
    EXPECT_EQ(got.find("must be"), std::string::npos) << got;
  }
}

TEST(Contract, TheAppsLineListsTheTablesFieldsInBothLanguages) {
  const Phrase& line = app::rulesContractLine();
  EXPECT_STREQ(line.english,
               "game = {title, params, start, moves, play, and optionally gain, score, result, "
               "impartial, parts, moves_by_part, children, mover, partisan, show, name, and for a "
               "contest problem read, answer, random, write, sample}: see Help, Your own game and "
               "The rules contract. Rules run sandboxed: they can compute, and nothing else.");
  EXPECT_STREQ(line.chinese,
               "game = {title, params, start, moves, play，以及可选的 gain, score, result, "
               "impartial, parts, moves_by_part, children, mover, partisan, show, name，竞赛题另有 "
               "read, answer, random, write, sample}：见帮助中的 Your own game 与 The rules "
               "contract 两篇。规则在沙箱中运行：只能计算，别的什么也做不了。");
  // tr() finds it in the app's table (the I18n suite checks every entry translates).
  const std::vector<Phrase>& phrases = app::appPhrases();
  EXPECT_TRUE(std::any_of(phrases.begin(), phrases.end(), [&](const Phrase& phrase) {
    return phrase.english == line.english && phrase.chinese == line.chinese;
  }));
}

}  // namespace
}  // namespace gs
