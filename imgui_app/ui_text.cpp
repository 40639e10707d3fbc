// The words of the interface in its language: tr() for labels and printf formats, trText() for
// messages composed at run time (core/base/i18n.h translates both: the generic table, the games'
// tables and the app's own, imgui_app/ui_phrases.cpp). Every text returned is checked against
// the font: a character the atlas lacks would be drawn as a box, and is reported to the test
// hook instead (missingGlyphs).
#include "ui_text.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

#include "imgui_internal.h"  // ImTextCharFromUtf8
#include "ui_phrases.h"
#include "web_platform.h"

namespace gs::app {
namespace {

Language language = Language::kEnglish;
std::set<std::uint32_t> checked;   // code points already looked up in the font
std::vector<std::string> missing;  // those the font lacks, as UTF-8

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

Language uiLanguage() {
  return language;
}

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

std::string trText(const Message& message) {
  if (language == Language::kEnglish) return message.english();
  exactTable();
  std::string text = message.in(language);
  checkGlyphs(text);
  return text;
}

std::string trLabel(const char* english) {
  return std::string(tr(english)) + "###" + english;
}

void checkCatalogueGlyphs() {
  exactTable();
  checked.clear();
  missing.clear();
  for (const Phrase& phrase : allPhrases()) checkGlyphs(phrase.chinese);
}

const std::vector<std::string>& missingGlyphs() {
  return missing;
}

namespace {
std::set<ImWchar> wanted;  // CJK characters of users' texts that the atlas lacks
}  // namespace

int noteUserText(std::string_view text) {
  if (!ImGui::GetCurrentContext()) return 0;
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  if (!atlas || atlas->Fonts.empty() || !atlas->IsBuilt()) return 0;
  ImFont* font = atlas->Fonts[0];
  int lacking = 0;
  for (std::size_t k = 0; k < text.size();) {
    if (static_cast<unsigned char>(text[k]) < 0x80) {
      ++k;
      continue;
    }
    unsigned int c = 0;
    const int length = ImTextCharFromUtf8(&c, text.data() + k, text.data() + text.size());
    k += static_cast<std::size_t>(length > 0 ? length : 1);
    // The CJK blocks, up to the end of the Basic Multilingual Plane (ImWchar is 16 bits).
    if (c < 0x2E80 || c > 0xFFFF || font->FindGlyphNoFallback(static_cast<ImWchar>(c))) continue;
    ++lacking;
    if (wanted.insert(static_cast<ImWchar>(c)).second) requestMoreGlyphs();
  }
  return lacking;
}

const std::set<ImWchar>& wantedGlyphs() {
  return wanted;
}

namespace {
std::uint64_t textures = 0;
}  // namespace

void textureChanged() {
  ++textures;
}

std::uint64_t textureEpoch() {
  return textures;
}

}  // namespace gs::app

// --- Line breaking for Chinese.
namespace gs::app {
namespace {

bool isCjk(unsigned int c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF00 && c <= 0xFFEF);
}
// Punctuation a line may not start with, and punctuation it may not end with (kinsoku).
bool isClosing(unsigned int c) {
  static const std::u32string kClosing = U"，。、；：！？）」』》〉】”’,.;:!?)]}";
  return kClosing.find(static_cast<char32_t>(c)) != std::u32string::npos;
}
bool isOpening(unsigned int c) {
  static const std::u32string kOpening = U"（「『《〈【“‘([{";
  return kOpening.find(static_cast<char32_t>(c)) != std::u32string::npos;
}

// The text with '\n' where a line of at most `width` pixels ends: at a space, or between two
// characters either of which is Chinese (never before closing punctuation, never after an
// opening one); a word longer than the line is cut where it overflows.
std::string breakLines(const char* text, float width) {
  ImFont* font = ImGui::GetFont();
  const float scale = ImGui::GetFontSize() / font->FontSize;
  std::string out;
  const char* const end = text + std::strlen(text);
  const char* lineStart = text;
  float lineWidth = 0;
  const char* lastBreak = nullptr;  // the best place to end the line so far
  float widthAtBreak = 0;
  unsigned int previous = 0;
  for (const char* s = text; s < end;) {
    unsigned int c = 0;
    const int length = std::max(1, ImTextCharFromUtf8(&c, s, end));
    if (c == '\n') {
      out.append(lineStart, s + 1);
      s += length;
      lineStart = s;
      lineWidth = 0;
      lastBreak = nullptr;
      previous = 0;
      continue;
    }
    if (s > lineStart && (previous == ' ' || ((isCjk(previous) || isCjk(c)) && !isClosing(c) &&
                                              !isOpening(previous) && c != ' '))) {
      lastBreak = s;
      widthAtBreak = lineWidth;
    }
    const float advance = font->GetCharAdvance(static_cast<ImWchar>(c)) * scale;
    if (lineWidth + advance > width && s > lineStart && c != ' ') {
      const char* cut = lastBreak && lastBreak > lineStart ? lastBreak : s;
      std::string line(lineStart, cut);
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
      lineStart = cut;
      while (lineStart < end && *lineStart == ' ') ++lineStart;
      lineWidth = 0;
      lastBreak = nullptr;
      previous = 0;
      s = lineStart;
      continue;
    }
    lineWidth += advance;
    previous = c;
    s += length;
  }
  (void)widthAtBreak;
  out.append(lineStart, end);
  return out;
}

bool hasCjk(const char* text) {
  for (const char* s = text; *s; ++s)
    if (static_cast<unsigned char>(*s) >= 0xE3) return true;  // U+3000 and up
  return false;
}

}  // namespace

namespace {
std::vector<std::string>* mirrored = nullptr;  // where textWrapped() copies its text, if anywhere
}  // namespace

void mirrorTextInto(std::vector<std::string>* lines) {
  mirrored = lines;
}

void mirrorText(const char* text) {
  if (mirrored && *text) mirrored->emplace_back(text);
}

void textWrappedWidth(float width, const char* text) {
  mirrorText(text);
  if (!hasCjk(text)) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    return;
  }
  ImGui::TextUnformatted(breakLines(text, width).c_str());
}

void textWrapped(const char* format, ...) {
  char buffer[4096];
  va_list args;
  va_start(args, format);
  std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  if (!hasCjk(buffer)) {
    mirrorText(buffer);
    ImGui::TextWrapped("%s", buffer);
    return;
  }
  textWrappedWidth(std::max(40.0f, ImGui::GetContentRegionAvail().x), buffer);
}

}  // namespace gs::app
