// Translations of the texts people read: the core writes every message in English (the CLI,
// solveJudgeInput and the tests see exactly that), and front-ends translate whole messages at
// the moment they show them.
//
// A catalogue entry (Phrase) pairs an English text with its Simplified Chinese. An entry is
// either exact ("Black" -> "黑方") or a pattern with named placeholders:
//
//   "line {N1}, column {N2}: {MESSAGE}"  ->  "第 {N1} 行第 {N2} 列：{MESSAGE}"
//
// A placeholder whose name starts with N matches a number ("12", "-7", "+3", "\u22123", "1.5"),
// CELL a cell "(2, 3)", CARD a card "A1", TOKEN a quoted token "'7x'", PLAYER and GAME a name;
// one named MESSAGE (MESSAGE2, ...) matches only a sentence that itself translates; one named
// RAW... is kept verbatim (ids and codes people type, such as game ids in a link); any other
// matches a non-empty text without ": " (a capture stays within its clause). The captured texts are
// translated in turn (a message inside a message: "{MESSAGE}" above is itself "a(1, 2) must be
// between ..."), so a pattern names only its own words. Captures that are not themselves known
// phrases (a cell "(2, 3)", a quoted token, a file name) are kept as they are. A text no entry
// matches comes back unchanged: untranslated input falls back to English, never to a garbled mix of
// half-matched words. Where a capture in Latin letters meets Chinese characters, a space goes
// between them.
//
// Where the entries live: the generic messages (judge input, links, verdicts, values, sessions)
// in core/base/i18n.cpp; each game's own words (its title, players, rules, moves, value texts and
// parser messages) in its core/games/<game>_game.cpp, through Game::translations(); the app's
// labels in imgui_app/ui_text.cpp (registerTranslations). Among patterns, the one with the most
// literal text wins; an exact entry beats every pattern.
//
// printf-style texts ("%s positions solved in %.1f ms") are exact entries whose Chinese keeps
// the same conversions in the same order (tests check every entry's placeholders and
// conversions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/phrase.h"

namespace gs {

enum class Language { kEnglish, kChinese };

// "en" / "zh" (and "zh-CN", "zh-TW", "zh_Hans", any case: the first two letters decide for zh);
// nullopt for anything else.
std::optional<Language> parseLanguage(std::string_view code);
const char* languageCode(Language language);  // "en", "zh"

// Bounds that keep translate() fast and its memory flat whatever it is given (an embedding page
// can pass any string, and patterns with several captures could otherwise backtrack over
// every split of a long text):
// - a text longer than kMaxTranslatedBytes comes back unchanged without being matched: the
//   longest entry is under 1 KB and a real message (a pattern and its short captures; tokens
//   are quoted at most 24 characters long) a few hundred bytes;
// - matching one text, nested messages included, stops once it has taken kTranslationWorkBudget
//   steps (a step: a byte compared, scanned or copied, or a pattern tried; the last count may
//   add one text's length) and gives the text back unchanged; the costliest real message takes
//   about 12,000;
// - translations of texts up to kMaxCachedBytes are cached, at most kTranslationCacheBytes in
//   all (keys, values and a per-entry overhead); a full cache is emptied.
constexpr std::size_t kMaxTranslatedBytes = 16 * 1024;
constexpr std::uint64_t kTranslationWorkBudget = std::uint64_t{1} << 20;
constexpr std::size_t kMaxCachedBytes = 1024;
constexpr std::size_t kTranslationCacheBytes = std::size_t{1} << 20;

// The text in `language`: a translation of the whole message, or the English unchanged.
std::string translate(std::string_view english, Language language);
// Whether the text has a translation (the whole message matched an entry).
bool hasTranslation(std::string_view english);

// What the last translate() or hasTranslation() into Chinese cost (for tests and the module's
// heapStats()): its steps, whether it ran out of them, and the bytes the cache holds now.
struct TranslationWork {
  std::uint64_t steps = 0;
  bool exhausted = false;
  std::size_t cacheBytes = 0;
};
TranslationWork lastTranslationWork();

// Adds a table of entries (kept by pointer: static storage). Front-ends add their own labels.
void registerTranslations(const std::vector<Phrase>& phrases);

// Every entry consulted: the generic table, each registered game's, and the registered tables
// (for tests and for the app's font check).
std::vector<Phrase> allPhrases();

// The placeholders of an entry, in order of appearance ("{N1}", "{MESSAGE}"), and its printf
// conversions in order ("%s", "%.1f"; "%%" excluded). Entries must have the same set of
// placeholders in both languages and the same conversions in the same order.
std::vector<std::string> placeholdersOf(std::string_view text);
std::vector<std::string> conversionsOf(std::string_view text);

// Fills a form's placeholders with `piece(name)` (nullopt leaves a placeholder out); where a
// piece in Latin letters meets Chinese characters, a space goes between them. For
// Message::in() and the catalogue's patterns.
std::string fillForm(std::string_view form,
                     const std::function<std::optional<std::string>(std::string_view)>& piece);

}  // namespace gs
