#include "fonts.h"

#include <vector>

#include "backends/imgui_impl_opengl3.h"
#include "ui_font.h"
#include "ui_text.h"
#include "web_platform.h"

namespace gs::app {
namespace {
constexpr float kFontSize = 15;  // CSS pixels
bool touchStyle = false;
}  // namespace

bool touchTargets() {
  return touchStyle;
}

void Fonts::useTouchTargets() {
  if (touchStyle) return;
  touchStyle = true;
  if (ratio_ != 0) applyStyle();  // (else the first ensure() applies it)
}

void Fonts::applyStyle() {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  style.FrameRounding = 3;
  style.WindowRounding = 0;
  style.FramePadding = ImVec2(8, 5);
  style.ItemSpacing = ImVec2(8, 6);
  style.ScrollbarSize = 12;
  if (touchStyle) {
    // A frame (a button, a field, a slider, a checkbox's box, a tab) as tall as a finger's
    // target around the 15 px text; rows of lists likewise (selectable() in widgets.cpp), their
    // text centred in the row; a little more room between items, and a wider slider grab.
    style.FramePadding = ImVec2(10, (kTouchTarget - kFontSize) / 2);
    style.ItemSpacing = ImVec2(8, 8);
    style.ItemInnerSpacing = ImVec2(8, 4);
    style.SelectableTextAlign = ImVec2(0, 0.5f);
    style.GrabMinSize = 24;
  }
}

bool Fonts::ensure(float pixelRatio) {
  // Rebuilt for a new pixel ratio, and when users' texts want CJK glyphs that the fetched font
  // can now add.
  const std::vector<unsigned char>* more = moreGlyphsFont();
  const bool moreWanted = more && wantedGlyphs().size() != moreGlyphCount_;
  if (pixelRatio == ratio_ && !moreWanted) return false;
  const bool first = ratio_ == 0;  // the backend makes the first texture with its shaders
  ratio_ = pixelRatio;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  // DejaVu Sans for the text, merged with the CJK glyphs of the games' names; rasterised at
  // the device resolution and laid out in CSS pixels.
  const float size = kFontSize * pixelRatio;
  // Rasterised at the device resolution, glyphs need no horizontal oversampling (ImGui's default
  // of 3 for sub-pixel positions tripled the atlas's rasterising: 29 ms at start-up).
  ImFontConfig latin;
  latin.FontDataOwnedByAtlas = false;
  latin.OversampleH = 1;
  latin.PixelSnapH = true;
  static ImVector<ImWchar> latinRanges;
  if (latinRanges.empty()) {
    ImFontGlyphRangesBuilder builder;
    builder.AddRanges(io.Fonts->GetGlyphRangesDefault());
    builder.AddText(kLatinExtraText);
    builder.BuildRanges(&latinRanges);
  }
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kLatinFont), sizeof kLatinFont, size,
                                 &latin, latinRanges.Data);
  static ImVector<ImWchar> cjkRanges;
  if (cjkRanges.empty()) {
    ImFontGlyphRangesBuilder builder;
    builder.AddText(kCjkText);
    builder.BuildRanges(&cjkRanges);
  }
  ImFontConfig cjk;
  cjk.FontDataOwnedByAtlas = false;
  cjk.MergeMode = true;
  cjk.OversampleH = 1;
  cjk.PixelSnapH = true;
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kCjkFont), sizeof kCjkFont, size, &cjk,
                                 cjkRanges.Data);
  if (more && !wantedGlyphs().empty()) {
    ImFontGlyphRangesBuilder builder;
    for (ImWchar c : wantedGlyphs()) builder.AddChar(c);
    moreGlyphRanges_.clear();
    builder.BuildRanges(&moreGlyphRanges_);
    moreGlyphCount_ = wantedGlyphs().size();
    ImFontConfig extra;
    extra.FontDataOwnedByAtlas = false;
    extra.MergeMode = true;
    extra.OversampleH = 1;
    extra.PixelSnapH = true;
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(more->data()),
                                   static_cast<int>(more->size()), size, &extra,
                                   moreGlyphRanges_.Data);
  }
  // The rules editor's monospace font (Latin-1).
  ImFontConfig mono;
  mono.FontDataOwnedByAtlas = false;
  mono.OversampleH = 1;
  mono.PixelSnapH = true;
  mono_ = io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(kMonoFont), sizeof kMonoFont,
                                         size, &mono, io.Fonts->GetGlyphRangesDefault());
  io.FontGlobalScale = 1.0f / pixelRatio;
  io.Fonts->Build();
  textureChanged();
  checkCatalogueGlyphs();
  if (!first) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  applyStyle();
  return true;
}

}  // namespace gs::app
