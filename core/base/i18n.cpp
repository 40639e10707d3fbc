#include "base/i18n.h"

#include <algorithm>
#include <functional>
#include <mutex>
#include <unordered_map>

#include "base/forms.h"

namespace gs {
namespace {

// The generic messages: the judge-input reader (judge_text.cpp), sizes (game.cpp), sessions and
// links (session.cpp, share_link.cpp), values and verdicts (verdict.cpp), exports (export.cpp).
// Terms as the problems use them: 先手/后手, 必胜/必败, 局面, 步, 棋子.
const std::vector<Phrase> kGeneric = {
    // --- Places in a text (judge_text.cpp).
    forms::kAtLineColumn,
    forms::kAtLine,
    forms::kInputEmpty,
    forms::kInputEmptyByteOrderMark,
    forms::kExpectedIntegers,
    forms::kExpectedInteger,
    forms::kExpectedIntegersAtEnd,
    forms::kExpectedIntegerAtEnd,
    forms::kExpectedIntegersFound,
    forms::kExpectedIntegerFound,
    forms::kExpectedAnInteger,
    forms::kFullWidthDigits,
    forms::kExpectedTheEnd,
    forms::kOutOfRangeFound,
    forms::kOutOfRange,
    forms::kTheValue,
    forms::kLongNumber,
    forms::kRowOf,
    forms::kRow,
    // --- Sizes (game.cpp, the games' parsers and recipes).
    forms::kMoreThan16EiB,
    forms::kBytes,
    forms::kOneByte,
    forms::kMoreThanPowerOfTen,
    forms::kMoreThanPowerOfTenBytes,
    forms::kBoardNeeds,
    forms::kCellOutside,
    forms::kInputTooLarge,
    forms::kTooLargeToExport,
    forms::kNoDrawing,
    // --- Lines of play (session.cpp, export.cpp).
    forms::kMoveNumber,
    forms::kLinkMove,
    forms::kLinkMoveCode,
    forms::kStepPastLink,
    forms::kCommentTooLong,
    forms::kCommentNotUtf8,
    forms::kCommentControl,
    forms::kLinkComments,
    forms::kLinkCommentAt,
    forms::kCommentsPastLink,
    forms::kCommentsTooLongForLink,
    forms::kStrength,
    forms::kStepPastLine,
    forms::kStepPastLineOfOne,
    forms::kStepPastOptimalLine,
    forms::kStepPastOptimalLineOfOne,
    {"is not a move: a move is a cell row-col such as 2-3",
     "不是合法的着法：着法是形如 2-3 的格子（行-列）"},
    // --- Links (share_link.cpp).
    forms::kPartLeadingZero,
    forms::kTokenLeadingZero,
    forms::kRecipePart,
    forms::kStepPart,
    forms::kRecipeMustBe,
    forms::kRecipeMustBeFound,
    forms::kRecipeNotANumber,
    forms::kRecipeProblem,
    forms::kLinkTooLong,
    forms::kLinkLongerThan,
    forms::kLinkEmpty,
    forms::kAtCharacter,
    forms::kBadEscape,
    forms::kCannotAppear,
    forms::kEndsWithAmpersand,
    forms::kStartsWithAmpersand,
    forms::kDoubleAmpersand,
    forms::kUnknownPart,
    forms::kTableShape,
    forms::kTableWithRulesOnly,
    forms::kPartNeedsValue,
    forms::kPartTwice,
    forms::kMoveLeadingZero,
    forms::kStepNotANumber,
    forms::kFlag,
    forms::kPlayers,
    forms::kLanguage,
    forms::kLinkNamesNoGame,
    forms::kUnknownGame,
    forms::kRulesNeedsC,
    forms::kRulesOnly,
    forms::kRulesText,
    forms::kInputWithReadOnly,
    forms::kInputText,
    forms::kBoardAndInput,
    forms::kCaseNeedsInput,
    forms::kCaseNumber,
    forms::kInputCase,
    forms::kRulesLoad,
    forms::kNotDeflate,
    forms::kInflatesPast,
    forms::kNotBase64Url,
    forms::kBoardAndRecipe,
    forms::kBoardEmpty,
    forms::kRulesSampleIn,
    forms::kBoardAt,
    forms::kBoardTooLongForLink,
    {"this board is too large for a link; generated boards travel as their recipe",
     "这个棋盘太大，无法放进链接；随机生成的棋盘以生成参数放进链接"},
    // --- Values and verdicts (verdict.cpp, values.cpp).
    forms::kBest,
    forms::kMistake,
    forms::kWinIntoLossBy,
    forms::kWinIntoDrawBy,
    forms::kDrawIntoLossBy,
    forms::kWinIntoLoss,
    forms::kWinIntoDraw,
    forms::kDrawIntoLoss,
    forms::kSlowerWin,
    forms::kQuickerLoss,
    forms::kDraw,
    forms::kDrawIn,
    forms::kNoMove,
    forms::kWinIn,
    forms::kLossIn,
    forms::kWin,
    forms::kLoss,
    forms::kGrundyValue,
    forms::kLegendScore,
    forms::kLegendRemoteness,
    forms::kLegendCertificate,
    forms::kLegendGrundy,
    forms::kFinalScores,
    forms::kADraw,
    forms::kWinsBy,
    forms::kWinsNoMoveLeft,
    // --- Exports (export.cpp), as the app's messages quote them; sessions.
    forms::kWinsGameOver,
    forms::kWinsLasting,
    forms::kWinsLastingOne,
    forms::kEndsAhead,
    forms::kEndsAheadOne,
    forms::kFirstPlayer,
    forms::kSecondPlayer,
    forms::kEndlessDraw,
    forms::kDrawGameOver,
    forms::kDrawLasting,
    forms::kDrawLastingOne,
    forms::kPlayersEndLevel,
    forms::kGrundyWinFirst,
    forms::kGrundyWinSecond,
    forms::kGrundyLossFirst,
    forms::kGrundyLossSecond,
    forms::kNoMoveIsLegal,
    forms::kNoMoveNumber,
    forms::kNoMoveNumberOfOne,
    forms::kPlays,
    forms::kPlaysValues,
    forms::kNoMoveGameOver,
    forms::kGameIsOver,
    forms::kToMove,
    forms::kNoBoard,
    forms::kGameOver,
    // --- The rules engine and the programs check runs.
    forms::kRulesInCall,
    forms::kRulesInRead,
    forms::kJudgeInputAt,
    forms::kExpectedIntegerFromTo,
    forms::kIntegerAtEnd,
    forms::kIntegerFromToAtEnd,
    forms::kWordAtEnd,
    forms::kLineAtEnd,
    forms::kRulesInCase,
    forms::kRulesAtRow,
    forms::kRulesExploring,
    forms::kRulesFileTooLong,
    forms::kJudgeInputTooLong,
    forms::kJudgeOutputTooLong,
    forms::kNoSuchCaseOne,
    forms::kNoSuchCase,
    forms::kPartsTooLarge,
    forms::kPartsKeepSplitting,
    forms::kOverBudgetExploring,
    forms::kOverBudgetSolving,
    forms::kOverBudgetBound,
    forms::kOverBudgetBoundAbout,
    forms::kOverBudgetRecord,
    forms::kTableOverBudget,
    forms::kTableTextTooLong,
    forms::kPositionsCap,
    forms::kPositionsCapRaise,
    forms::kMoverOneOrTwo,
    forms::kMarginOverflow,
    forms::kRepeatsScored,
    forms::kRepeatsImpartial,
    forms::kParamsNone,
    forms::kTableArgShape,
    forms::kTableNotParam,
    forms::kTableGivenTwice,
    forms::kTableNeedsNumber,
    forms::kTableNeedsRangeOf,
    forms::kTableEmptyRange,
    forms::kTableThirdAxis,
    forms::kTableNeedsRange,
    forms::kTableTooManyRows,
    forms::kCannotRun,
    forms::kPatternNone,
    forms::kPatternNoneCandidate,
    forms::kPatternNoneArithmeticCandidate,
    forms::kPatternPeriod,
    forms::kPatternArithmetic,
    forms::kPatternProven,
    forms::kPatternUnproven,
    forms::kTakeBreakPrefix,
    forms::kTakeBreakOctalDigit,
    forms::kTakeBreakHexDigit,
    forms::kTakeBreakFirstDigit,
    forms::kTakeBreakNoPoint,
    forms::kTakeBreakNoDigits,
    forms::kTakeBreakTooLong,
    forms::kTakeBreakHeapExpected,
    forms::kTakeBreakTooManyHeaps,
    forms::kTakeBreakNotAPosition,
    forms::kTakeBreakNotAMove,
    forms::kFormulaLoss,
    forms::kFormulaSg,
    forms::kFormulaMargin,
    forms::kFormulaNone,
};

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// A number as messages print them: an optional sign (+, -, U+2212), digits, and more digits
// after '.' or ',' ("1.5", "1,234").
bool isNumber(std::string_view text) {
  std::size_t i = 0;
  if (text.substr(0, 3) == "\xE2\x88\x92")
    i = 3;
  else if (!text.empty() && (text[0] == '+' || text[0] == '-'))
    i = 1;
  if (i >= text.size() || !isDigit(text[i])) return false;
  for (; i < text.size(); ++i) {
    if (isDigit(text[i])) continue;
    if ((text[i] == '.' || text[i] == ',') && i + 1 < text.size() && isDigit(text[i + 1])) continue;
    return false;
  }
  return true;
}

bool isLatin(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == ')' || c == '\'';
}
// CJK ideographs U+4E00..U+9FFF: UTF-8 lead bytes E4..E9 (punctuation such as '，' is not one).
bool isIdeographLead(unsigned char c) {
  return c >= 0xE4 && c <= 0xE9;
}
bool startsWithIdeograph(const std::string& text) {
  return !text.empty() && isIdeographLead(static_cast<unsigned char>(text[0]));
}
bool endsWithIdeograph(const std::string& text) {
  return text.size() >= 3 && isIdeographLead(static_cast<unsigned char>(text[text.size() - 3]));
}

// Whether a captured text fits its placeholder: N... a number, CELL... a cell "(2, 3)", CARD...
// a card "A1", TOKEN... a quoted token "'7x'", PLAYER... and GAME... a name (letters and
// digits); MESSAGE... any sentence (that translates, checked by the matcher); other names any
// text without ": ".
bool fits(std::string_view name, std::string_view text) {
  const auto starts = [name](std::string_view prefix) {
    return name.substr(0, prefix.size()) == prefix;
  };
  if (starts("N")) return isNumber(text);
  if (starts("CELL")) {
    const std::size_t comma = text.find(", ");
    return text.size() >= 6 && text.front() == '(' && text.back() == ')' &&
           comma != std::string_view::npos && isNumber(text.substr(1, comma - 1)) &&
           isNumber(text.substr(comma + 2, text.size() - comma - 3));
  }
  if (starts("CARD"))
    return text.size() >= 2 && text[0] >= 'A' && text[0] <= 'Z' && isNumber(text.substr(1));
  if (starts("TOKEN")) return text.size() >= 2 && text.front() == '\'' && text.back() == '\'';
  if (starts("PLAYER") || starts("GAME"))
    return std::all_of(text.begin(), text.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c);
    });
  // Any other text, within one clause: a capture never spans a ": " (a frame's own break).
  return starts("MESSAGE") || text.find(": ") == std::string_view::npos;
}

// A placeholder named IDS... holds a list of ids kept as they are, "a, b or c" (Message::list):
// in Chinese "a、b 或 c".
bool isListPlaceholder(std::string_view name) {
  return name.substr(0, 3) == "IDS";
}
std::string chineseList(std::string_view text) {
  const std::string_view comma = forms::kListComma.english, conjunction = forms::kOr.english;
  const std::size_t last = text.rfind(conjunction);
  std::string_view head = last == std::string_view::npos ? text : text.substr(0, last);
  std::string out;
  for (std::size_t at; (at = head.find(comma)) != std::string_view::npos;) {
    out += std::string(head.substr(0, at)) + forms::kListComma.chinese;
    head.remove_prefix(at + comma.size());
  }
  out += head;
  if (last != std::string_view::npos)
    out += forms::kOr.chinese + std::string(text.substr(last + conjunction.size()));
  return out;
}

struct Segment {
  bool placeholder = false;
  std::string_view text;  // the literal, or the placeholder's name
};

std::vector<Segment> segmentsOf(std::string_view text) {
  std::vector<Segment> segments;
  std::size_t literalStart = 0, k = 0;
  while (k < text.size()) {
    const std::size_t close = text[k] == '{' ? text.find('}', k) : std::string_view::npos;
    bool named = close != std::string_view::npos && close > k + 1;
    for (std::size_t c = k + 1; named && c < close; ++c)
      named = (text[c] >= 'A' && text[c] <= 'Z') || isDigit(text[c]);
    if (!named) {
      ++k;
      continue;
    }
    if (k > literalStart) segments.push_back({false, text.substr(literalStart, k - literalStart)});
    segments.push_back({true, text.substr(k + 1, close - k - 1)});
    k = literalStart = close + 1;
  }
  if (literalStart < text.size()) segments.push_back({false, text.substr(literalStart)});
  return segments;
}

struct Pattern {
  const Phrase* phrase;
  std::vector<Segment> segments;
  std::size_t literalLength = 0;
};

struct Capture {
  std::string_view name, text;
};

// The matching work of one text (i18n.h: kTranslationWorkBudget). Backtracking over the splits
// of a text is what patterns with several captures need, and what a long hostile text turns
// into quadratic time and, through the cache of nested messages, quadratic memory; counting the
// bytes each try touches bounds both.
struct Work {
  std::uint64_t steps = 0;
  bool exhausted = false;
  // Counts `n` steps; false once the budget is spent (every later call then fails too).
  bool spend(std::uint64_t n) {
    steps += n;
    if (steps > kTranslationWorkBudget) exhausted = true;
    return !exhausted;
  }
};

// Matches segments[k..] against text[at..] (every placeholder non-empty; N* placeholders
// numbers). Leftmost, shortest captures first, with backtracking, within `work`'s budget.
// `known` says whether a text translates: a placeholder named MESSAGE (MESSAGE2, ...) holds a
// sentence of its own and matches only a sentence that translates, so that a message is
// translated whole or not at all.
template <class Known>
bool matchFrom(const std::vector<Segment>& segments, std::size_t k, std::string_view text,
               std::size_t at, std::vector<Capture>& captures, const Known& known, Work& work) {
  if (k == segments.size()) return at == text.size();
  const Segment& segment = segments[k];
  if (!segment.placeholder) {
    if (!work.spend(segment.text.size())) return false;
    if (text.substr(at, segment.text.size()) != segment.text) return false;
    return matchFrom(segments, k + 1, text, at + segment.text.size(), captures, known, work);
  }
  const auto accept = [&](std::size_t end) {
    // fits() may scan the whole capture, and known() copy it.
    if (!work.spend(end - at + 1)) return false;
    const std::string_view captured = text.substr(at, end - at);
    if (!fits(segment.text, captured)) return false;
    if (segment.text.substr(0, 7) == "MESSAGE" && !known(captured)) return false;
    captures.push_back({segment.text, captured});
    if (matchFrom(segments, k + 1, text, end, captures, known, work)) return true;
    captures.pop_back();
    return false;
  };
  if (k + 1 == segments.size()) return at < text.size() && accept(text.size());
  // The next segment is a literal (two placeholders never touch).
  const std::string_view literal = segments[k + 1].text;
  for (std::size_t from = at + 1;;) {
    const std::size_t end = text.find(literal, from);
    // The bytes find() looked at.
    const std::size_t scanned = (end == std::string_view::npos ? text.size() : end) +
                                literal.size() - std::min(from, text.size());
    if (!work.spend(scanned) || end == std::string_view::npos) return false;
    if (accept(end)) return true;
    if (work.exhausted) return false;
    from = end + 1;
  }
}

class Catalogue {
 public:
  std::string translate(std::string_view english, int depth);
  bool has(std::string_view english);
  void add(const std::vector<Phrase>* table) {
    std::lock_guard<std::mutex> lock(mutex_);
    extra_.push_back(table);
    builtFor_ = -1;
  }
  std::vector<Phrase> all() {
    std::lock_guard<std::mutex> lock(mutex_);
    return collect();
  }
  TranslationWork lastWork();

 private:
  std::vector<Phrase> collect() const {
    std::vector<Phrase> phrases(kGeneric.begin(), kGeneric.end());
    for (const auto* table : extra_) phrases.insert(phrases.end(), table->begin(), table->end());
    return phrases;
  }
  void build() {
    const int key = static_cast<int>(extra_.size());
    if (builtFor_ == key) return;
    builtFor_ = key;
    phrases_ = collect();
    exact_.clear();
    patterns_.clear();
    cache_.clear();
    cacheBytes_ = 0;
    for (const Phrase& phrase : phrases_) {
      std::vector<Segment> segments = segmentsOf(phrase.english);
      const bool hasPlaceholder = std::any_of(segments.begin(), segments.end(),
                                              [](const Segment& s) { return s.placeholder; });
      if (!hasPlaceholder) {
        exact_.emplace(phrase.english, &phrase);  // the first entry of a text wins
        continue;
      }
      Pattern pattern{&phrase, std::move(segments)};
      for (const Segment& segment : pattern.segments)
        if (!segment.placeholder) pattern.literalLength += segment.text.size();
      patterns_.push_back(std::move(pattern));
    }
    // The most specific first: patterns that start with words of their own (anchored: "line
    // {N1}, column {N2}: {MESSAGE}") before those that start with a capture (which could swallow
    // the anchored pattern's words: "{FIELD} must be between ..."), then the most literal text.
    std::stable_sort(patterns_.begin(), patterns_.end(), [](const Pattern& x, const Pattern& y) {
      const bool xAnchored = !x.segments.front().placeholder;
      const bool yAnchored = !y.segments.front().placeholder;
      if (xAnchored != yAnchored) return xAnchored;
      return x.literalLength > y.literalLength;
    });
  }
  // The translation of a whole message, or nullopt (also once work_ is exhausted).
  std::optional<std::string> find(std::string_view english, int depth);
  // Starts the count of a new top-level text: whether it is short enough to be matched.
  bool startWork(std::string_view english) {
    work_ = Work{};
    return english.size() <= kMaxTranslatedBytes;
  }
  void remember(std::string_view english, const std::optional<std::string>& result) {
    if (work_.exhausted || english.size() > kMaxCachedBytes) return;
    const std::size_t bytes = english.size() + (result ? result->size() : 0) + kCacheEntryOverhead;
    if (cacheBytes_ + bytes > kTranslationCacheBytes) {
      cache_.clear();
      cacheBytes_ = 0;
    }
    if (cache_.emplace(std::string(english), result).second) cacheBytes_ += bytes;
  }
  // What an entry of cache_ costs beyond its texts: a hash node and two string headers, about.
  static constexpr std::size_t kCacheEntryOverhead = 96;

  std::mutex mutex_;
  std::vector<const std::vector<Phrase>*> extra_;
  int builtFor_ = -1;
  std::vector<Phrase> phrases_;
  std::unordered_map<std::string_view, const Phrase*> exact_;
  std::vector<Pattern> patterns_;
  std::unordered_map<std::string, std::optional<std::string>> cache_;
  std::size_t cacheBytes_ = 0;
  Work work_;  // of the text being translated
};

std::optional<std::string> Catalogue::find(std::string_view english, int depth) {
  if (english.empty() || depth > 8) return std::nullopt;
  if (!work_.spend(english.size())) return std::nullopt;  // hashing it
  if (const auto exact = exact_.find(english); exact != exact_.end())
    return std::string(exact->second->chinese);
  if (english.size() <= kMaxCachedBytes) {
    if (const auto cached = cache_.find(std::string(english)); cached != cache_.end())
      return cached->second;
  }
  std::optional<std::string> result;
  std::vector<Capture> captures;
  for (const Pattern& pattern : patterns_) {
    if (!work_.spend(1)) break;
    const std::vector<Segment>& segments = pattern.segments;
    // Quick refusals: the first and last literals.
    if (!segments.front().placeholder &&
        english.substr(0, segments.front().text.size()) != segments.front().text)
      continue;
    if (!segments.back().placeholder &&
        (english.size() < segments.back().text.size() ||
         english.substr(english.size() - segments.back().text.size()) != segments.back().text))
      continue;
    captures.clear();
    const auto known = [&](std::string_view inner) { return find(inner, depth + 1).has_value(); };
    if (!matchFrom(segments, 0, english, 0, captures, known, work_)) {
      if (work_.exhausted) break;
      continue;
    }
    // Fill the Chinese template, translating each captured text that is a known phrase.
    std::string out = fillForm(pattern.phrase->chinese, [&](std::string_view name) {
      const auto capture = std::find_if(captures.begin(), captures.end(),
                                        [&](const Capture& c) { return c.name == name; });
      if (capture == captures.end())
        return std::optional<std::string>();  // inconsistent entry (tests refuse these)
      if (isListPlaceholder(capture->name))
        return std::optional<std::string>(chineseList(capture->text));
      if (capture->name[0] == 'N' || capture->name.substr(0, 3) == "RAW")
        return std::optional<std::string>(capture->text);
      const auto inner = find(capture->text, depth + 1);
      return std::optional<std::string>(inner ? *inner : std::string(capture->text));
    });
    result = std::move(out);
    break;
  }
  if (work_.exhausted) return std::nullopt;  // a half-tried text is neither known nor cached
  remember(english, result);
  return result;
}

std::string Catalogue::translate(std::string_view english, int depth) {
  std::lock_guard<std::mutex> lock(mutex_);
  build();
  if (!startWork(english)) return std::string(english);
  const auto found = find(english, depth);
  return found && !work_.exhausted ? *found : std::string(english);
}

bool Catalogue::has(std::string_view english) {
  std::lock_guard<std::mutex> lock(mutex_);
  build();
  if (!startWork(english)) return false;
  return find(english, 0).has_value() && !work_.exhausted;
}

TranslationWork Catalogue::lastWork() {
  std::lock_guard<std::mutex> lock(mutex_);
  return TranslationWork{work_.steps, work_.exhausted, cacheBytes_};
}

Catalogue& catalogue() {
  static Catalogue instance;
  return instance;
}

}  // namespace

std::optional<Language> parseLanguage(std::string_view code) {
  const auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  if (code.size() < 2) return std::nullopt;
  const bool more = code.size() > 2;
  if (more && code[2] != '-' && code[2] != '_') return std::nullopt;
  const char first = lower(code[0]), second = lower(code[1]);
  if (first == 'z' && second == 'h') return Language::kChinese;
  if (first == 'e' && second == 'n') return Language::kEnglish;
  return std::nullopt;
}

const char* languageCode(Language language) {
  return language == Language::kChinese ? "zh" : "en";
}

std::string translate(std::string_view english, Language language) {
  if (language == Language::kEnglish) return std::string(english);
  return catalogue().translate(english, 0);
}

bool hasTranslation(std::string_view english) {
  return catalogue().has(english);
}

TranslationWork lastTranslationWork() {
  return catalogue().lastWork();
}

void registerTranslations(const std::vector<Phrase>& phrases) {
  catalogue().add(&phrases);
}

std::vector<Phrase> allPhrases() {
  return catalogue().all();
}

std::vector<std::string> placeholdersOf(std::string_view text) {
  std::vector<std::string> names;
  for (const Segment& segment : segmentsOf(text))
    if (segment.placeholder) names.emplace_back(segment.text);
  return names;
}

std::string fillForm(std::string_view form,
                     const std::function<std::optional<std::string>(std::string_view)>& piece) {
  // Where a piece in Latin letters meets Chinese characters, a space goes between them ("轮到
  // Bob 走", but "轮到高桥走").
  std::string out;
  bool lastWasPiece = false;
  for (const Segment& segment : segmentsOf(form)) {
    std::string text;
    if (!segment.placeholder) {
      text = std::string(segment.text);
    } else {
      std::optional<std::string> filled = piece(segment.text);
      if (!filled) continue;
      text = std::move(*filled);
    }
    if ((segment.placeholder || lastWasPiece) && !out.empty() && !text.empty() &&
        ((isLatin(out.back()) && startsWithIdeograph(text)) ||
         (endsWithIdeograph(out) && isLatin(text.front()))))
      out += ' ';
    out += text;
    lastWasPiece = segment.placeholder;
  }
  return out;
}

std::vector<std::string> conversionsOf(std::string_view text) {
  std::vector<std::string> conversions;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (text[k] != '%') continue;
    if (k + 1 < text.size() && text[k + 1] == '%') {
      ++k;
      continue;
    }
    std::size_t end = k + 1;
    while (end < text.size() &&
           std::string_view("-+ #0123456789.lhzjt").find(text[end]) != std::string_view::npos)
      ++end;
    if (end < text.size() &&
        std::string_view("diouxXeEfFgGcsp").find(text[end]) != std::string_view::npos) {
      conversions.emplace_back(text.substr(k, end - k + 1));
      k = end;
    }
  }
  return conversions;
}

}  // namespace gs
