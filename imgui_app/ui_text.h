// The words of the interface in its language, and the glyphs the font must have for them
// (ui_text.cpp; the catalogue is core/base/i18n.h).
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "base/i18n.h"
#include "base/message.h"
#include "imgui.h"

namespace gs::app {

// Strings the user reads go through tr() (a literal label or printf format: its translation in
// the interface's language, stable storage) or trText() (a message composed at run time, most
// from the core: summaries, values, verdicts, errors). The document and the test hook's fields
// keep English; views translate at the moment they draw.
const char* tr(const char* english);
std::string trText(const std::string& english);
std::string trText(const Message& message);  // by its form's key (core/base/message.h)
inline std::string trText(const char* english) {
  return trText(std::string(english));
}
// A widget label: the translation, with the English as its ImGui id ("规则###Rules"), so a
// widget keeps its identity (and its state) when the language changes.
std::string trLabel(const char* english);
Language uiLanguage();
void setUiLanguage(Language language);
// Characters the interface was asked to show that the font lacks (drawn as boxes): tr() and
// trText() check what they return; checkCatalogueGlyphs() checks every translation of the
// catalogue once the font is built.
void checkCatalogueGlyphs();
// ImGui::TextWrapped for text that may hold Chinese. ImGui 1.86 breaks lines only at spaces and
// ASCII punctuation, so a run of Chinese (which has no spaces) would only be cut where it
// overflows; these break between Chinese characters as Chinese typesetting does, never before
// closing punctuation ('，', '）') or after opening punctuation. Text without CJK characters is
// wrapped by ImGui as before.
void textWrapped(const char* format, ...) IM_FMTARGS(1);
void textWrappedWidth(float width, const char* text);
// While `lines` is set, textWrapped() and mirrorText() copy their text there (a dialog's text,
// for its DOM mirror); nullptr stops.
void mirrorTextInto(std::vector<std::string>* lines);
void mirrorText(const char* text);
const std::vector<std::string>& missingGlyphs();
// Users' texts (comments, rules titles) may hold any CJK character, most of which the UI font
// lacks: noteUserText() asks for those of `text` (the page fetches more glyphs, and the next frame
// rebuilds the atlas with them: Fonts::ensure) and returns how many the atlas lacks now.
int noteUserText(std::string_view text);
// Counts uploads of texture data (the font atlas, a board's texture), so that a frame that draws
// the same commands over a changed texture is still drawn (main.cpp).
void textureChanged();
std::uint64_t textureEpoch();
const std::set<ImWchar>& wantedGlyphs();

}  // namespace gs::app
