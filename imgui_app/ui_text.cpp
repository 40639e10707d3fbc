// The words of the interface in its language: tr() for labels and printf formats, trText() for
// messages composed at run time (core/i18n.h translates both: the generic table, the games'
// tables and the app's own, imgui_app/ui_phrases.cpp). Every text returned is checked against
// the font: a character the atlas lacks would be drawn as a box, and is reported to the test
// hook instead (missingGlyphs).
#include <set>
#include <string_view>
#include <unordered_map>

#include "app.h"
#include "imgui_internal.h"  // ImTextCharFromUtf8
#include "ui_phrases.h"

namespace gs::app {
namespace {

Language language = Language::kEnglish;
std::set<std::uint32_t> checked;            // code points already looked up in the font
std::vector<std::string> missing;           // those the font lacks, as UTF-8

// The exact entries, English -> Chinese (stable pointers into the static tables).
const std::unordered_map<std::string_view, const char*>& exactTable() {
  static const std::unordered_map<std::string_view, const char*> table = [] {
    registerTranslations(appPhrases());
    std::unordered_map<std::string_view, const char*> map;
    for (const Phrase& phrase : allPhrases()) map.emplace(phrase.english, phrase.chinese);
    return map;
  }();
  return table;
}

// Looks every non-ASCII character of `text` up in the font (once per character).
void checkGlyphs(std::string_view text) {
  if (!ImGui::GetCurrentContext()) return;
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  if (!atlas || atlas->Fonts.empty() || !atlas->IsBuilt()) return;
  ImFont* font = atlas->Fonts[0];
  for (std::size_t k = 0; k < text.size();) {
    const auto lead = static_cast<unsigned char>(text[k]);
    if (lead < 0x80) {
      ++k;
      continue;
    }
    unsigned int c = 0;
    const int length = ImTextCharFromUtf8(&c, text.data() + k, text.data() + text.size());
    const std::string character(text.substr(k, static_cast<std::size_t>(length > 0 ? length : 1)));
    k += static_cast<std::size_t>(length > 0 ? length : 1);
    if (!checked.insert(c).second) continue;
    if (c == '\n' || c == IM_UNICODE_CODEPOINT_INVALID) continue;
    if (!font->FindGlyphNoFallback(static_cast<ImWchar>(c))) missing.push_back(character);
  }
}

}  // namespace

Language uiLanguage() { return language; }

void setUiLanguage(Language next) {
  exactTable();  // registers the app's table before the first translation
  language = next;
}

const char* tr(const char* english) {
  if (language == Language::kEnglish) return english;
  const auto& table = exactTable();
  const auto found = table.find(english);
  if (found == table.end()) return english;
  checkGlyphs(found->second);
  return found->second;
}

std::string trText(const std::string& english) {
  if (language == Language::kEnglish) return english;
  exactTable();
  std::string text = translate(english, language);
  checkGlyphs(text);
  return text;
}

std::string trLabel(const char* english) { return std::string(tr(english)) + "###" + english; }

void checkCatalogueGlyphs() {
  exactTable();
  checked.clear();
  missing.clear();
  for (const Phrase& phrase : allPhrases()) checkGlyphs(phrase.chinese);
}

const std::vector<std::string>& missingGlyphs() { return missing; }

}  // namespace gs::app
