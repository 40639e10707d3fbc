// The interface's fonts: DejaVu Sans with the CJK glyphs of the interface, more CJK glyphs for
// users' texts once the page has fetched them, and DejaVu Sans Mono for code; rasterised at the
// device's resolution and laid out in CSS pixels.
#pragma once

#include <cstddef>

#include "imgui.h"

namespace gs::app {

class Fonts {
 public:
  // Builds the font atlas for the pixel ratio (again when it changes, or when users' texts want
  // glyphs the fetched font can add); true when it did, this frame.
  bool ensure(float pixelRatio);
  ImFont* mono() const { return mono_; }  // DejaVu Sans Mono (rules editor, text boards)

 private:
  ImFont* mono_ = nullptr;
  float ratio_ = 0;
  // The CJK characters of users' texts merged from the fetched font, and their ranges (which the
  // atlas reads while it lives).
  std::size_t moreGlyphCount_ = 0;
  ImVector<ImWchar> moreGlyphRanges_;
};

}  // namespace gs::app
