// The message catalogue (core/base/i18n.h): patterns with placeholders, captured messages
// translated in turn, English kept for anything unknown, and every entry of every table consistent;
// every parser, link, rule and value message the app can show translates whole.
#include "base/i18n.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "base/forms.h"
#include "base/message.h"
#include "game_ids.h"
#include "malformed_inputs.h"
#include "session.h"
#include "tools/export.h"
#include "tools/share_link.h"
#include "ui_phrases.h"
#include "verdict.h"

namespace gs {
namespace {

std::string zh(std::string_view english) {
  return translate(english, Language::kChinese);
}

// The app's table is registered once, as the app does at start.
class I18n : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    static bool registered = false;
    if (!registered) registerTranslations(app::appPhrases());
    registered = true;
  }
};

// English words left in a translation: runs of three or more ASCII letters outside quoted
// tokens ('7x'), other than units, names, codes and the games' ids that stay as they are.
std::vector<std::string> englishWords(const std::string& text) {
  static const std::set<std::string> kKept = [] {
    std::set<std::string> kept = {
        "GiB", "MiB", "KiB", "EiB", "UTF", "ASCII", "Alice", "Bob", "SVG", "HTML", "Markdown",
        "GIF", "iframe", "Home", "End", "embed", "autoplay", "lang", "strength", "rules", "AtCoder",
        "ABC", "UESTC", "Lutece", "BZOJ", "LOJ", "Luogu", "chess", "Exchange", "Game",
        // Blog engines the Embed dialog names.
        "Hugo", "Hexo", "Jekyll", "WordPress",
        // The recipe's fields as the link grammar names them.
        "ROWS", "COLS", "MAX", "SEED"};
    for (const Game* game : games()) kept.insert(game->id());
    return kept;
  }();
  std::vector<std::string> words;
  bool quoted = false;
  std::string word;
  const auto flush = [&] {
    if (word.size() >= 3 && !kKept.count(word)) words.push_back(word);
    word.clear();
  };
  for (char c : text) {
    if (c == '\'') quoted = !quoted;
    if (!quoted && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
      word += c;
    } else {
      flush();
    }
  }
  flush();
  return words;
}

void expectTranslatedWhole(const std::string& english) {
  if (englishWords(english).empty()) return;  // "+2", "(1, 3)": nothing to translate
  EXPECT_TRUE(hasTranslation(english)) << english;
  // Real messages stay far within the matching budget (LongAndHostileTextsCostBoundedWork): the
  // costliest, matched for the first time, takes about 12,000 steps.
  EXPECT_LT(lastTranslationWork().steps, kTranslationWorkBudget / 32) << english;
  const std::string chinese = zh(english);
  EXPECT_NE(chinese, english);
  EXPECT_EQ(englishWords(chinese), std::vector<std::string>{}) << english << "\n -> " << chinese;
}
// A message translates by key to the same Chinese as its English matched back, with no English
// word left.
void expectMessageTranslatedWhole(const Message& message) {
  expectTranslatedWhole(message.english());
  if (englishWords(message.english()).empty()) return;
  EXPECT_EQ(message.in(Language::kChinese), zh(message.english())) << message.english();
}

TEST_F(I18n, ExactPhrasesAndNamesTranslate) {
  EXPECT_EQ(zh("Black"), "黑方");
  EXPECT_EQ(zh("Takahashi"), "高桥");
  EXPECT_EQ(zh("Aoki"), "青木");
  EXPECT_EQ(zh("Rules"), "规则");
  EXPECT_EQ(translate("Rules", Language::kEnglish), "Rules");
}

TEST_F(I18n, PatternsTranslateCapturedMessagesInTurn) {
  EXPECT_EQ(zh("line 2, column 3: a(1, 2) must be between 0 and 1000000000, found -7"),
            "第 2 行第 3 列：a(1, 2) 应在 0 到 1000000000 之间，实际为 -7");
  EXPECT_EQ(zh("line 4, column 3: expected 2 integers (the table's cards C1..CL), found 1"),
            "第 4 行第 3 列：应有 2 个整数（桌面上的牌 C1..CL），实际有 1 个");
  EXPECT_EQ(zh("line 5, column 5: expected 3 integers (row 2 of b), found 2"),
            "第 5 行第 5 列：应有 3 个整数（b 的第 2 行），实际有 2 个");
  EXPECT_EQ(zh("Takahashi wins; the game lasts 3 more moves"), "高桥获胜；对局还要走 3 步");
  EXPECT_EQ(zh("Black ends 2 points ahead"), "黑方最终领先 2 分");
  EXPECT_EQ(zh("A1 takes C2"), "A1 并拿走 C2");
  EXPECT_EQ(zh("Black 12 \xE2\x80\x93 White 10: Black wins by 2"),
            "黑方 12 \xE2\x80\x93 白方 10：黑方以 2 分获胜");
  EXPECT_EQ(zh("win in 5"), "必胜（5 步）");
}

TEST_F(I18n, LatinCapturesAreSpacedFromChinese) {
  EXPECT_EQ(zh("Alice wins"), "Alice 获胜");
  EXPECT_EQ(zh("Bob wins, answering with (3, 3)"), "Bob 获胜，以 (3, 3) 应对");
  EXPECT_EQ(zh("Aoki wins: Takahashi, to move, has no move left"),
            "青木获胜：轮到高桥走，但已无棋可走");
}

TEST_F(I18n, UnknownTextStaysEnglish) {
  EXPECT_EQ(zh("something nobody wrote"), "something nobody wrote");
  EXPECT_EQ(zh(""), "");
  // A known frame around an unknown sentence is not half translated.
  EXPECT_EQ(zh("line 1, column 2: something nobody wrote"),
            "line 1, column 2: something nobody wrote");
  // Numbers where a number belongs, or no match.
  EXPECT_EQ(zh("row x of b"), "row x of b");
  EXPECT_EQ(zh("line x, column 2"), "line x, column 2");
  EXPECT_FALSE(hasTranslation("something nobody wrote"));
  // Ids people type stay as they are inside messages.
  EXPECT_EQ(zh("g (the game) must be " + testing::englishGameIds({"rules"}) + ", found 'x'"),
            "g（游戏）应为 " + testing::chineseGameIds({"rules"}) + "，实际为 'x'");
}

// Issue 18: patterns with several captures backtracked over every split of a long text
// (256 KiB took 67 s in the module) and cached every nested candidate. Texts past
// kMaxTranslatedBytes are not matched at all; shorter ones stop at kTranslationWorkBudget steps.
std::vector<std::string> hostileTexts(std::size_t bytes) {
  const auto repeat = [bytes](const std::string& unit, const std::string& tail = "") {
    std::string text;
    while (text.size() + unit.size() + tail.size() <= bytes) text += unit;
    return text + tail;
  };
  return {
      repeat("x must be between 1 and 2, found 3 ", ": "),
      repeat("x must be between ", "1 and 2"),
      repeat("line 1, column 1: "),
      repeat("line 1, column 1: ", "the game is over"),
      repeat("m (the moves), move 1 '1-1': ", "no board is loaded"),
      repeat("a", ""),
      repeat("{N} ( ) ", "(blunder)"),
  };
}

TEST_F(I18n, LongAndHostileTextsCostBoundedWork) {
  for (const std::size_t bytes :
       {kMaxTranslatedBytes, std::size_t{256} << 10, std::size_t{1} << 20}) {
    for (const std::string& text : hostileTexts(bytes)) {
      const std::string out = zh(text);
      const TranslationWork work = lastTranslationWork();
      // The last step counted may be one text long.
      EXPECT_LE(work.steps, kTranslationWorkBudget + kMaxTranslatedBytes + 64)
          << bytes << ": " << text.substr(0, 40);
      if (bytes > kMaxTranslatedBytes) {
        EXPECT_EQ(work.steps, 0u) << "a text past the limit is not matched";
        EXPECT_EQ(out, text);
      }
      // Either untranslated or translated whole; never a mix (and never a half-tried match).
      if (work.exhausted) EXPECT_EQ(out, text);
      EXPECT_LE(work.cacheBytes, kTranslationCacheBytes);
    }
  }
  // The catalogue keeps working.
  EXPECT_EQ(zh("line 2, column 3: expected an integer, found '7x'"),
            "第 2 行第 3 列：应为整数，实际为 '7x'");
}

TEST_F(I18n, TheLongestEntriesTranslateWellWithinTheLimits) {
  for (const Phrase& phrase : allPhrases()) {
    // Room for the captures of a pattern, and for the whole text of an exact entry.
    EXPECT_LE(std::string_view(phrase.english).size(), kMaxTranslatedBytes / 8) << phrase.english;
    if (placeholdersOf(phrase.english).empty()) {
      EXPECT_EQ(zh(phrase.english), phrase.chinese);
      EXPECT_LT(lastTranslationWork().steps, kTranslationWorkBudget / 32);
    }
  }
  // A long real message: a parser message inside a frame, with a 24-character token.
  const std::string nested =
      "line 123456, column 654321: expected an integer, found '\\xEF\\xBC\\x91234567890123456...'";
  EXPECT_TRUE(hasTranslation(nested)) << nested;
}

TEST_F(I18n, TheCacheIsBoundedInBytes) {
  // Distinct texts that all translate (a frame around a message), each near the cached size.
  const std::string filler(kMaxCachedBytes - 64, 'x');
  std::size_t most = 0;
  for (int k = 0; k < 5000; ++k) {
    const std::string text = "line " + std::to_string(k) +
                             ", column 1: expected an integer, found '" + filler.substr(0, 20) +
                             "'" + std::string(k % 7, ' ');
    zh(text);
    most = std::max(most, lastTranslationWork().cacheBytes);
    zh(filler + std::to_string(k));  // unknown texts are cached too (as unknown)
    most = std::max(most, lastTranslationWork().cacheBytes);
  }
  EXPECT_LE(most, kTranslationCacheBytes);
  EXPECT_GT(most, kTranslationCacheBytes / 2) << "the cache is used";
  // Texts longer than kMaxCachedBytes are not cached.
  zh("something nobody wrote");
  const std::size_t before = lastTranslationWork().cacheBytes;
  zh(std::string(kMaxCachedBytes + 1, 'y'));
  EXPECT_EQ(lastTranslationWork().cacheBytes, before);
}

TEST(Language, CodesAndBrowserLocales) {
  EXPECT_EQ(parseLanguage("zh"), Language::kChinese);
  EXPECT_EQ(parseLanguage("zh-CN"), Language::kChinese);
  EXPECT_EQ(parseLanguage("ZH_tw"), Language::kChinese);
  EXPECT_EQ(parseLanguage("en-US"), Language::kEnglish);
  EXPECT_EQ(parseLanguage("en"), Language::kEnglish);
  EXPECT_EQ(parseLanguage("fr"), std::nullopt);
  EXPECT_EQ(parseLanguage("zhx"), std::nullopt);
  EXPECT_EQ(parseLanguage(""), std::nullopt);
  EXPECT_STREQ(languageCode(Language::kChinese), "zh");
  EXPECT_STREQ(languageCode(Language::kEnglish), "en");
}

TEST_F(I18n, EveryEntryKeepsItsPlaceholdersAndConversions) {
  std::map<std::string, std::string> seen;
  for (const Phrase& phrase : allPhrases()) {
    const std::string english = phrase.english, chinese = phrase.chinese;
    std::vector<std::string> a = placeholdersOf(english), b = placeholdersOf(chinese);
    EXPECT_EQ(std::set<std::string>(a.begin(), a.end()).size(), a.size())
        << "repeated: " << english;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b) << english << " / " << chinese;
    EXPECT_EQ(conversionsOf(english), conversionsOf(chinese)) << english << " / " << chinese;
    // A pattern names some words of its own, and its placeholders never touch.
    if (!a.empty()) {
      EXPECT_NE(english.find_first_not_of(" "), std::string::npos);
      std::string literal = english;
      for (const std::string& name : a)
        literal.erase(literal.find("{" + name + "}"), name.size() + 2);
      EXPECT_FALSE(literal.empty()) << english;
      EXPECT_EQ(english.find("}{"), std::string::npos) << english;
    }
    // The Chinese is Chinese.
    EXPECT_TRUE(std::any_of(chinese.begin(), chinese.end(), [](char c) { return c & 0x80; }) ||
                english == chinese)
        << english;
    // One English text, one translation, across every table.
    const auto [at, inserted] = seen.emplace(english, chinese);
    if (!inserted) EXPECT_EQ(at->second, chinese) << "two translations of: " << english;
  }
  EXPECT_GT(seen.size(), 200u);
}

// A message built from forms translates by key: the same Chinese as matching its English back
// (which the module's translate() still does for texts it is given), with nothing parsed.
TEST_F(I18n, MessagesTranslateByKeyAsTheirEnglishTranslates) {
  for (const Malformed& test : malformedInputs()) {
    auto session = Session::fromJudgeInput(test.game, test.input);
    ASSERT_FALSE(session.ok()) << test.input;
    const Message what = session.error().what();
    EXPECT_EQ(what.english(), test.message);
    EXPECT_EQ(what.in(Language::kChinese), zh(test.message)) << test.message;
    EXPECT_EQ(what.in(Language::kEnglish), test.message);
  }
  // A sentence inside that has no translation keeps the whole message in English.
  const Message untranslated(forms::kAtLine,
                             {{"N", 5}, {"MESSAGE", "attempt to call a nil value"}});
  EXPECT_EQ(untranslated.english(), "line 5: attempt to call a nil value");
  EXPECT_EQ(untranslated.in(Language::kChinese), "line 5: attempt to call a nil value");
}

// A count of one takes its own form ("which has 1 move"), in English and in Chinese.
TEST_F(I18n, ALineOfOneMoveHasItsOwnForm) {
  auto session = Session::fromJudgeInput(*findGame("staircase"), "1 1\n5\n3\n");
  ASSERT_TRUE(session.ok());
  for (const bool sessionLine : {false, true}) {
    auto text = exportBoard(session.value(), ExportOptions{ExportFormat::kSvg, 5, sessionLine});
    ASSERT_FALSE(text.ok());
    const Message what = text.error().what();
    EXPECT_EQ(what.english(), std::string("step 5 is past the end of the ") +
                                  (sessionLine ? "line" : "optimal line") + ", which has " +
                                  (sessionLine ? "0 moves" : "1 move"));
    expectTranslatedWhole(what.english());
    EXPECT_EQ(what.in(Language::kChinese), zh(what.english()));
  }
}

// A list of names is one argument, however many names it holds.
TEST_F(I18n, AListIsOneArgument) {
  const auto ids = [](std::vector<const char*> names) {
    std::vector<Message> items;
    for (const char* name : names) items.push_back(Message::verbatim(name));
    return Message::list(std::move(items), forms::kOr);
  };
  const Message two(forms::kLinkNamesNoGame, {{"IDS", ids({"nim", "kayles"})}});
  EXPECT_EQ(two.english(), "the link names no game (g=nim or kayles)");
  EXPECT_EQ(two.in(Language::kChinese), "链接没有指明游戏（g=nim 或 kayles）");
  const Message five(forms::kUnknownGame, {{"IDS", ids({"a", "b", "c", "d", "e"})},
                                           {"TOKEN", Message::verbatim("'x'")}});
  EXPECT_EQ(five.english(), "g (the game) must be a, b, c, d or e, found 'x'");
  EXPECT_EQ(five.in(Language::kChinese), "g（游戏）应为 a、b、c、d 或 e，实际为 'x'");
  // The module's translate() of the same English gives the same Chinese.
  EXPECT_EQ(zh(five.english()), five.in(Language::kChinese));
  EXPECT_EQ(zh(two.english()), two.in(Language::kChinese));
}

TEST_F(I18n, EveryParserMessageTranslatesWhole) {
  for (const Malformed& test : malformedInputs()) expectTranslatedWhole(test.message);
  SolveLimits small;
  small.memoryBudgetBytes = 1 << 20;
  for (const Game* game : games()) {
    for (const char* text : {"11 11\n", "4 4 4\n", "2000 1\n"}) {
      auto session = Session::fromJudgeInput(*game, text, small);
      if (!session) expectTranslatedWhole(session.error().toString());
    }
    const Message tooLarge = inputTooLargeMessage(*game, small);
    expectTranslatedWhole(tooLarge.english());
    EXPECT_EQ(tooLarge.in(Language::kChinese), zh(tooLarge.english()));
  }
}

TEST_F(I18n, EveryLinkMessageTranslatesWhole) {
  const char* const links[] = {
      "", "#g=chess", "#b=1", "#g=staircase&g=staircase", "#g=staircase&x=1",
      "#g=staircase&lang=fr", "#g=staircase&b=", "#g=staircase&r=1.2", "#g=staircase&r=1.x.3.4",
      "#g=staircase&r=01.1.1.1", "#g=staircase&s=01", "#g=staircase&s=x", "#g=staircase&embed=2",
      "#g=staircase&p=xx", "#g=staircase&", "&g=staircase", "#g=staircase&&m=1", "#g=staircase&m",
      "#g=staircase%zz", "#g=staircase&b=1.1_5_5&r=1.1.1.1", "#g=staircase&m=01-1",
      "#g=staircase&b=2.3_2.7", "#g=staircase&r=99.99.9.1", "#g=staircase&r=1.1.1000000001.1",
      "#g=exchange&r=10.10.10.9.1", "#g=manhattan&r=9999.1.1",
      // Moves checked against the rules once the board is solved.
      "#g=staircase&m=9-9", "#g=staircase&m=1-2", "#g=staircase&m=2-1", "#g=staircase&m=1-1.1-1",
      "#g=staircase&m=x", "#g=staircase&m=1-1&s=5", "#g=exchange&m=A1-C9", "#g=exchange&m=B1",
      "#g=exchange&m=C1", "#g=exchange&m=A1-C2", "#g=exchange&m=Z1", "#g=manhattan&m=1-1.1-2",
      "#g=manhattan&m=4-4", "#g=staircase&b=2.07_1", "#g=rules", "#g=staircase&c=abc"};
  int errors = 0;
  for (const char* link : links) {
    auto session = openLink(link, SolveLimits{});
    if (session) continue;
    ++errors;
    expectTranslatedWhole(session.error().toString());
    // By key, the same Chinese as matching the English back.
    EXPECT_EQ(session.error().what().in(Language::kChinese), zh(session.error().toString()))
        << link;
  }
  EXPECT_GT(errors, 30);
  // A leading zero in b names its group and character in Chinese too (the message inside is a
  // sentence of its own).
  EXPECT_EQ(openLink("#g=staircase&b=2.07_1", SolveLimits{}).error().what().in(Language::kChinese),
            "b（棋盘）第 1 组第 3 个字符：'07' 有前导零；链接中的数字不写前导零");
  // The module's refusal of a link past its length (web/js_session.cpp).
  expectTranslatedWhole(
      "the link is longer than 65536 characters; links of at most 65536 are accepted");
}

TEST_F(I18n, EveryValueVerdictAndResultTranslatesWhole) {
  for (const Game* game : games()) {
    const GameInfo& info = game->info();
    for (const char* text : {info.id, info.title, info.source, info.players[0], info.players[1],
                             info.metricName, info.rules})
      expectTranslatedWhole(text);
    expectMessageTranslatedWhole(metricLegend(info.metric));
    Session session = std::move(Session::fromJudgeInput(*game, game->sample()).value());
    expectMessageTranslatedWhole(session.gameBoard().summary());
    // Along the optimal line and one step aside at each position: values, moves, verdicts.
    const std::vector<Move> line = session.principalLine(40);
    for (std::size_t k = 0; k <= line.size(); ++k) {
      const int mover = session.gameBoard().sideToMove();
      expectMessageTranslatedWhole(
          session.gameBoard().texts().describe(session.gameBoard().value(), mover));
      expectMessageTranslatedWhole(moverValue(info.metric, session.gameBoard().value(), mover));
      const AnalysisExtras* extras = session.gameBoard().analysisExtras();
      const Message note = extras ? extras->bestMoveNote(session.gameBoard().value()) : Message();
      if (!note.empty()) expectMessageTranslatedWhole(note);
      for (const MoveValue& move : session.gameBoard().moves()) {
        const std::string name = session.gameBoard().texts().moveName(move.move);
        if (name.find(' ') != std::string::npos) expectTranslatedWhole(name);
        expectMessageTranslatedWhole(moverValue(info.metric, move.value, mover));
        expectMessageTranslatedWhole(
            judgeMove(info.metric, session.gameBoard().value(), move.value, mover).text);
      }
      if (k < line.size()) session.play(line[k]);
    }
    const Message result = finalResultText(session);
    if (!result.empty()) expectMessageTranslatedWhole(result);
  }
  expectTranslatedWhole("turns a win into a loss (blunder)");
  expectTranslatedWhole("a slower win: in 5 moves instead of 3 (inaccuracy)");
  expectTranslatedWhole(
      "\xE2\x88\x92"
      "3: turns a win into a loss (blunder)");
  expectTranslatedWhole("Black and White end level");
  expectTranslatedWhole("Black 5 \xE2\x80\x93 White 5: a draw");
  expectTranslatedWhole("Aoki wins: Takahashi, to move, has no move left");
}

// Every literal label of the app (tr("...") and trLabel("...") in imgui_app/) has an entry.
std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The C string literals (adjacent ones joined, escapes decoded) after each `call(`.
std::vector<std::string> literalsAfter(const std::string& source, const std::string& call) {
  std::vector<std::string> out;
  for (std::size_t at = source.find(call); at != std::string::npos;
       at = source.find(call, at + 1)) {
    if (at > 0 &&
        (std::isalnum(static_cast<unsigned char>(source[at - 1])) || source[at - 1] == '_'))
      continue;
    std::size_t k = at + call.size();
    std::string literal;
    bool any = false;
    for (;;) {
      while (k < source.size() && std::isspace(static_cast<unsigned char>(source[k]))) ++k;
      if (k >= source.size() || source[k] != '"') break;
      any = true;
      for (++k; k < source.size() && source[k] != '"'; ++k) {
        if (source[k] != '\\') {
          literal += source[k];
          continue;
        }
        const char e = source[++k];
        if (e == 'x') {
          literal += static_cast<char>(std::stoi(source.substr(k + 1, 2), nullptr, 16));
          k += 2;
        } else {
          literal += e == 'n' ? '\n' : e;
        }
      }
      ++k;
    }
    if (any) out.push_back(literal);
  }
  return out;
}

TEST_F(I18n, EveryLabelOfTheAppHasAnEntry) {
  int labels = 0;
  for (const char* file :
       {"app.cpp", "analysis_view.cpp", "board_view.cpp", "editor_view.cpp", "toolbar_view.cpp",
        "widgets.cpp", "staircase_view.cpp", "exchange_view.cpp", "manhattan_view.cpp"}) {
    const std::string source = readFile(std::string(GS_SOURCE_DIR) + "/imgui_app/" + file);
    ASSERT_FALSE(source.empty()) << file;
    for (const char* call : {"tr(", "trLabel("})
      for (const std::string& label : literalsAfter(source, call)) {
        ++labels;
        EXPECT_TRUE(hasTranslation(label)) << file << ": " << label;
      }
  }
  EXPECT_GT(labels, 80);
}

}  // namespace
}  // namespace gs
