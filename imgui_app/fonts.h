// The interface's fonts: DejaVu Sans with the CJK glyphs of the interface, more CJK glyphs for
// users' texts once the page has fetched them, and DejaVu Sans Mono for code; rasterised at the
// device's resolution and laid out in CSS pixels.
#pragma once

#include <cstddef>

#include "imgui.h"

namespace gs::app {

// The smallest side of a control on a touch device, in CSS pixels: a fingertip's target.
inline constexpr float kTouchTarget = 44;
// Whether controls are sized for fingers: on a touch device (Fonts::useTouchTargets), every
// control's rectangle (what ImGui hit-tests) is at least kTouchTarget each way.
bool touchTargets();

class Fonts {
 public:
  // Builds the font atlas for the pixel ratio (again when it changes, or when users' texts want
  // glyphs the fetched font can add); true when it did, this frame.
  bool ensure(float pixelRatio);
  ImFont* mono() const { return mono_; }  // DejaVu Sans Mono (rules editor, text boards)
  // From now on (a touch device: its pointer is coarse, or it was touched) the style sizes
  // controls for fingers: frames kTouchTarget tall, a little more room between items. Called
  // between frames.
  void useTouchTargets();

 private:
  void applyStyle();

  ImFont* mono_ = nullptr;
  float ratio_ = 0;
  // The CJK characters of users' texts merged from the fetched font, and their ranges (which the
  // atlas reads while it lives).
  std::size_t moreGlyphCount_ = 0;
  ImVector<ImWchar> moreGlyphRanges_;
};

}  // namespace gs::app
