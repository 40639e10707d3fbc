// The reader of the judge's input that read(text, input) is given (core/rules/lua_input.h): each
// method on good input, each error's exact sentence with the input's line and column (never the
// rules'), the sentences whole in Chinese, the rules' misuse named as theirs, and its work
// charged to read's budget.
#include <gtest/gtest.h>

#include <string>

#include "base/i18n.h"
#include "rules/lua_rules.h"
#include "rules/term.h"

namespace gs {
namespace {

// Rules whose read runs `body` (with put(x) keeping tostring(x)) and returns one case, its
// `got` the values put, joined by '|'.
std::string rulesReading(const std::string& body) {
  return "game = {\n"
         "  read = function(text, input)\n"
         "    local out = {}\n"
         "    local function put(x) out[#out + 1] = tostring(x) end\n" +
         body +
         "\n    return { {got = table.concat(out, '|')} }\n"
         "  end,\n"
         "  start = function(p) return 0 end,\n"
         "  moves = function(s, p) return {} end,\n"
         "  play = function(s, m, p) return s end,\n"
         "}\n";
}

// What read put, or its error's sentence (prefixed "error: ").
std::string readWith(const std::string& body, const std::string& input,
                     const LuaLimits& limits = {}) {
  auto rules = LuaRules::load(rulesReading(body), limits);
  if (!rules) return "load error: " + rules.error().toString();
  auto cases = rules.value()->read(input);
  if (!cases) return "error: " + cases.error().toString();
  Term read;
  if (cases->size() != 1 || !Term::decode(cases->front(), read)) return "no case";
  for (const auto& [key, value] : read.entries())
    if (key.asString() == "got") return value.asString();
  return "no got";
}

// The error of read, whole.
ParseError readError(const std::string& body, const std::string& input) {
  auto rules = LuaRules::load(rulesReading(body));
  EXPECT_TRUE(rules.ok());
  if (!rules) return {};
  auto cases = rules.value()->read(input);
  EXPECT_FALSE(cases.ok());
  return cases ? ParseError{} : cases.error();
}

TEST(InputReader, ReadsIntegersWordsAndLines) {
  EXPECT_EQ(readWith("put(input:int()); put(math.type(input:int())); put(input:int(-10, 10))",
                     "  3\n\n 12\t-7 "),
            "3|integer|-7");
  // The 64-bit range whole; leading zeros and -0 are integers.
  EXPECT_EQ(readWith("for i = 1, 4 do put(input:int()) end",
                     "9223372036854775807 -9223372036854775808 007 -0"),
            "9223372036854775807|-9223372036854775808|7|0");
  EXPECT_EQ(readWith("put(input:int(5, 5))", "5"), "5");
  // A list, over lines; ints(0) is empty and reads nothing.
  EXPECT_EQ(readWith("local a = input:ints(4, 0, 9); put(#a); put(table.concat(a, ','));"
                     "put(#input:ints(0)); put(input:word())",
                     "1 2\r\n3\n\n4 rest"),
            "4|1,2,3,4|0|rest");
  EXPECT_EQ(
      readWith("put(input:word()); put(input:word()); put(input:word())", "enum\n  float\r\nx_y.z"),
      "enum|float|x_y.z");
  // line(): the rest of the current line, without its line end ("\n", "\r\n", a lone "\r").
  EXPECT_EQ(readWith("put(input:int()); for i = 1, 4 do put('[' .. input:line() .. ']') end",
                     "3  rest of  line\r\nnext line\rold mac\n\nlast"),
            "3|[  rest of  line]|[next line]|[old mac]|[]");
  EXPECT_EQ(readWith("put(input:int()); put('[' .. input:line() .. ']'); put(input:line())",
                     "3\nsecond line"),
            "3|[]|second line");
  // eof(): only whitespace left; it consumes nothing. finish() passes then.
  EXPECT_EQ(readWith("put(input:eof()); put(input:int()); put(input:eof()); "
                     "put('[' .. input:line() .. ']'); input:finish(); put(input:eof())",
                     "7 \t\r\n  \n"),
            "false|7|true|[ \t]|true");
  EXPECT_EQ(readWith("input:finish(); put('empty')", ""), "empty");
  // A UTF-8 byte order mark is not part of the input.
  EXPECT_EQ(readWith("put(input:word()); input:finish()", "\xEF\xBB\xBFword\n"), "word");
  // The text is the first argument still.
  EXPECT_EQ(readWith("put(#text); put(input:word())", "ab cd"), "5|ab");
}

TEST(InputReader, AFailedReadConsumesNothing) {
  EXPECT_EQ(readWith("put(pcall(input.int, input)); put(input:word()); "
                     "put(pcall(input.ints, input, 3)); put(input:int())",
                     "abc 1 2 x"),
            "false|abc|false|1");
}

TEST(InputReader, ErrorsNameTheInputsLineAndColumn) {
  const std::string one = "put(input:int())";
  const std::string three = "for i = 1, 3 do put(input:int()) end";
  const std::string ranged = "put(input:int(1, 100))";
  const std::string end = "found the end of the input";
  const std::string wide = "expected an integer from -9223372036854775808 to 9223372036854775807, ";
  struct Case {
    std::string body, input, error;  // the error after "the judge's input, "
  };
  const Case cases[] = {
      // A token on line 1; after a blank line; after "\r\n"; at the end (after a line end and not).
      {one, "x7 5", "line 1, column 1: expected an integer, found 'x7'"},
      {three, "1\n\n  x", "line 3, column 3: expected an integer, found 'x'"},
      {three, "1\r\n2 y\r\n", "line 2, column 3: expected an integer, found 'y'"},
      {three, "1 2\n", "line 2, column 1: expected an integer, " + end},
      {three, "1 2", "line 1, column 4: expected an integer, " + end},
      {one, "", "line 1, column 1: expected an integer, " + end},
      // Not integers: a sign alone, '+', a decimal point.
      {one, "+5", "line 1, column 1: expected an integer, found '+5'"},
      {one, " -", "line 1, column 2: expected an integer, found '-'"},
      {one, "1.5", "line 1, column 1: expected an integer, found '1.5'"},
      // Past 64 bits, either way; a long number is cut.
      {one, "9223372036854775808", "line 1, column 1: " + wide + "found 9223372036854775808"},
      {three, "1 2 -9223372036854775809",
       "line 1, column 5: " + wide + "found -9223372036854775809"},
      {one, "123456789012345678901234567890",
       "line 1, column 1: " + wide + "found 123456789012345678901234... (30 digits)"},
      // A range.
      {ranged, "\n  250", "line 2, column 3: expected an integer from 1 to 100, found 250"},
      {ranged, "0", "line 1, column 1: expected an integer from 1 to 100, found 0"},
      {ranged, "ten", "line 1, column 1: expected an integer from 1 to 100, found 'ten'"},
      {ranged, "99999999999999999999",
       "line 1, column 1: expected an integer from 1 to 100, found 99999999999999999999"},
      {ranged, " \n", "line 2, column 1: expected an integer from 1 to 100, " + end},
      {"put(input:ints(3, -1, 1))", "1 -1\n2",
       "line 2, column 1: expected an integer from -1 to 1, found 2"},
      // Words, lines, the end.
      {"put(input:word()); put(input:word())", "one \n\t",
       "line 2, column 2: expected a word, " + end},
      {"put(input:line()); put(input:line())", "only line\n",
       "line 2, column 1: expected a line, " + end},
      {"put(input:int()); input:finish()", "1\r\n\r\n  9 10",
       "line 3, column 3: expected the end of the input, found '9'"},
      // A byte order mark is not a column.
      {one, "\xEF\xBB\xBFx", "line 1, column 1: expected an integer, found 'x'"},
      // A check of the rules' own, at the last token read.
      {"local t = input:int(); local s = input:word();"
       "if s:find('[^01]') then input:fail('not a binary string') end",
       "2\n  0102\n", "line 2, column 3: not a binary string"},
      {"input:fail('nothing read yet')", "\n\n", "line 1, column 1: nothing read yet"},
  };
  for (const Case& c : cases)
    EXPECT_EQ(readWith(c.body, c.input), "error: the judge's input, " + c.error)
        << "reading " << testing::PrintToString(c.input) << " with: " << c.body;
  // The error is no place in the rules file.
  const ParseError error = readError(three, "1\n\n  x");
  EXPECT_EQ(error.line, 0);
  EXPECT_EQ(error.column, 0);
}

TEST(InputReader, QuotesATokenShortAndPrintable) {
  const std::string one = "put(input:int())";
  EXPECT_EQ(readWith(one, "\x01\x1b[31m\xff"),
            "error: the judge's input, line 1, column 1: expected an integer, found "
            "'\\x01\\x1B[31m\\xFF'");
  EXPECT_EQ(readWith(one, "12345678901234567890abcdefghij" + std::string(1'000'000, 'x')),
            "error: the judge's input, line 1, column 1: expected an integer, found "
            "'12345678901234567890abcd...'");
  EXPECT_EQ(readWith("input:finish()", "1 \xe7\xa7\x8b"),
            "error: the judge's input, line 1, column 1: expected the end of the input, found "
            "'1'");
  // fail()'s text of the rules is one printable line, cut.
  EXPECT_EQ(readWith("input:word(); input:fail('two\\nlines\\0')", "w"),
            "error: the judge's input, line 1, column 1: two lines\\x00");
  const std::string longFail = readWith("input:fail(string.rep('a', 1000))", "");
  EXPECT_LT(longFail.size(), 400u);
  EXPECT_NE(longFail.find("(a message of 1,000 bytes)"), std::string::npos) << longFail;
}

TEST(InputReader, ReadsErrorsAreWholeInChinese) {
  const auto chinese = [](const std::string& body, const std::string& input) {
    const ParseError error = readError(body, input);
    const std::string zh = error.what().in(Language::kChinese);
    // The module's translate() of the English gives the same (a link's case wraps the English).
    EXPECT_EQ(translate(error.toString(), Language::kChinese), zh);
    return zh;
  };
  const std::string three = "for i = 1, 3 do put(input:int()) end";
  const std::string x = chinese(three, "1\n\n  x7");
  EXPECT_EQ(x, "评测输入第 3 行第 3 列：应为整数，实际为 'x7'");
  // No English word left but the quoted input.
  for (char c : x.substr(0, x.find('\'')))
    EXPECT_FALSE((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) << x;
  EXPECT_EQ(chinese(three, "1 2\n"), "评测输入第 2 行第 1 列：应为整数，但输入已结束");
  EXPECT_EQ(chinese("put(input:int(1, 100))", "250"),
            "评测输入第 1 行第 1 列：应为 1 到 100 之间的整数，实际为 250");
  EXPECT_EQ(chinese("put(input:int(1, 100))", "abc"),
            "评测输入第 1 行第 1 列：应为 1 到 100 之间的整数，实际为 'abc'");
  EXPECT_EQ(chinese("put(input:int(1, 100))", ""),
            "评测输入第 1 行第 1 列：应为 1 到 100 之间的整数，但输入已结束");
  EXPECT_EQ(chinese("put(input:int())", "123456789012345678901234567890"),
            "评测输入第 1 行第 1 列：应为 -9223372036854775808 到 9223372036854775807 "
            "之间的整数，实际为 123456789012345678901234...（共 30 位）");
  EXPECT_EQ(chinese("input:word()", "\n"), "评测输入第 2 行第 1 列：应为一个字符串，但输入已结束");
  EXPECT_EQ(chinese("input:line(); input:line()", "a\n"),
            "评测输入第 2 行第 1 列：应为一行，但输入已结束");
  EXPECT_EQ(chinese("input:int(); input:finish()", "1 9"),
            "评测输入第 1 行第 3 列：输入应已结束，实际还有 '9'");
  // A rules' error in read: its own words stay English, the whole with them.
  const ParseError theirs = readError("error('expected N')", "");
  EXPECT_EQ(theirs.toString(), "line 5: expected N, in read(the judge's input)");
  EXPECT_EQ(theirs.what().in(Language::kChinese), theirs.toString());
}

TEST(InputReader, MisuseIsTheRulesError) {
  EXPECT_EQ(readWith("put(input.int())", "1"),
            "error: line 5: the judge's input reader's methods are called with a colon: "
            "input:int(...), in read(the judge's input)");
  EXPECT_EQ(readWith("put(input:int(5, 3))", "4"),
            "error: line 5: input:int(lo, hi): the range's lo (5) is past its hi (3), in "
            "read(the judge's input)");
  EXPECT_EQ(readWith("put(input:int(5))", "4"),
            "error: line 5: bad argument #2 to 'int' (number expected, got no value), in "
            "read(the judge's input)");
  EXPECT_EQ(readWith("put(input:ints(-1))", "4"),
            "error: line 5: input:ints(n): n must be 0 or more, not -1, in read(the judge's "
            "input)");
  EXPECT_EQ(readWith("put(input:fail())", "4"),
            "error: line 5: bad argument #1 to 'fail' (string expected, got no value), in "
            "read(the judge's input)");
  // The metatable is out of reach.
  EXPECT_EQ(readWith("put(getmetatable(input)); put(pcall(setmetatable, input, {}))", ""),
            "the judge's input reader|false");
  // A reader kept for later reads no more.
  auto rules = LuaRules::load(
      "game = { read = function(text, input) kept = input; return {{}} end,\n"
      "  start = function(p) return kept:int() end,\n"
      "  moves = function(s, p) return {} end, play = function(s, m, p) return s end }");
  ASSERT_TRUE(rules.ok()) << rules.error().toString();
  ASSERT_TRUE(rules.value()->read("1 2").ok());
  EXPECT_EQ(rules.value()->start(Params{}).error().toString(),
            "line 2: the judge's input reader reads only while read runs (input:int), in start()");
  // A reader's error caught and raised again: the same sentence; raised with the rules' line:
  // theirs.
  EXPECT_EQ(readWith("local ok, e = pcall(input.int, input); error(e, 0)", "x"),
            "error: the judge's input, line 1, column 1: expected an integer, found 'x'");
  EXPECT_EQ(readWith("local ok, e = pcall(input.int, input); error(e)", "x"),
            "error: line 5: the judge's input, line 1, column 1: expected an integer, found "
            "'x', in read(the judge's input)");
}

TEST(InputReader, ItsWorkIsChargedToReadsBudget) {
  // Each failed int() scans 100,000 spaces again: charged, the loop stops within its budget
  // (1,000,000 instructions and 100 for each byte) after a few hundred turns; uncharged, it
  // would take a million turns, each 100,000 bytes long.
  LuaLimits limits;
  limits.instructionsPerCall = 1'000'000;
  const std::string input = std::string(100'000, ' ') + "x";
  auto rules = LuaRules::load(
      "game = { read = function(text, input)\n"
      "    turns = 0\n"
      "    while true do turns = turns + 1; pcall(input.int, input) end\n"
      "  end,\n"
      "  start = function(p) return turns end,\n"
      "  moves = function(s, p) return {} end, play = function(s, m, p) return s end }",
      limits);
  ASSERT_TRUE(rules.ok()) << rules.error().toString();
  auto read = rules.value()->read(input);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().toString(),
            "line 3: the call ran past its budget of 11,000,100 instructions (does it loop for "
            "ever?), in read(the judge's input)");
  auto turns = rules.value()->start(Params{});
  ASSERT_TRUE(turns.ok());
  EXPECT_GT(turns->asInteger(), 100);
  EXPECT_LT(turns->asInteger(), 1'000);
  // eof() in a loop that never reads: the same.
  EXPECT_EQ(readWith("while not input:eof() do end", std::string(100'000, ' ') + "x", limits),
            "error: line 5: the call ran past its budget of 11,000,100 instructions (does it "
            "loop for ever?), in read(the judge's input)");
  // A whole large input read token by token ends well within it: 2000 x 2000 one-digit
  // numbers (8 MB) in rows.
  std::string large = "2000 2000\n";
  for (int i = 0; i < 2000; ++i)
    for (int j = 0; j < 2000; ++j) {
      large += static_cast<char>('0' + (i + j) % 10);
      large += j + 1 < 2000 ? ' ' : '\n';
    }
  EXPECT_EQ(readWith("local h, w = input:int(1, 2000), input:int(1, 2000); local sum = 0\n"
                     "for i = 1, h do local row = input:ints(w, 0, 9)\n"
                     "  for j = 1, w do sum = sum + row[j] end end\n"
                     "input:finish(); put(sum)",
                     large),
            "18000000");
}

}  // namespace
}  // namespace gs
