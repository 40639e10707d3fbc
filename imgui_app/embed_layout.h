// The embed's layout (embed=1, a guest in a blog post): the board, its value and the replay
// controls, each in a slot as tall as the tallest the line needs, measured once per board (and
// width and language) by laying out every step of the line without drawing it; so the frame
// asks its host page for one height per board and nothing moves while the line plays. And the
// guest's zoom hint, shown the first time the reader's plain wheel passes over a zoomable board.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "base/i18n.h"
#include "imgui.h"
#include "widget_log.h"

namespace gs::app {

class Document;

// What the layout lays out: the document and the views that draw its three slots (the app's
// drawBoard, drawStatus and drawReplayControls), and what it must put back after measuring.
struct EmbedViews {
  Document& doc;
  WidgetLog& widgets;
  ImVec2& boardMin;  // the board's rectangle, which drawing the board sets
  ImVec2& boardMax;
  bool valuesHidden;
  Language language;
  std::function<void(ImVec2 size)> drawBoard;
  std::function<void()> drawStatus;
  std::function<void()> drawReplayControls;
};

class EmbedLayout {
 public:
  void draw(const EmbedViews& views);
  // While measuring, views lay out and do nothing else.
  bool measuring() const { return measuring_; }
  void noteCaption(float height);  // a board's caption while measuring
  // The caption's slot in the embed layout (0 in any other, and while measuring).
  float captionSlot(bool embedLayout) const;
  // The board's slot against what the line needs (below 1 in a frame shorter than that).
  float boardScale() const { return boardScale_; }
  // Tells the host page the height the content wants at this width, when it changes.
  void postHeight();
  // For the test hook: the height last asked of the host, the bottom of what was drawn.
  int postedHeight() const { return postedHeight_; }
  float contentBottom() const { return contentBottom_; }

 private:
  void measure(const EmbedViews& views, float width);
  std::size_t lineHash(const Document& doc);

  // The slots and what they were measured for.
  struct Measure {
    int board = -1;
    float width = 0;
    Language language = Language::kEnglish;
    bool hidden = false;
    std::size_t line = 0;  // a hash of the line's moves
    float caption = 0, boardPart = 0, status = 0, controls = 0;
  } slots_;
  bool measuring_ = false;
  float measuredCaption_ = 0;
  float boardScale_ = 1;
  float contentHeight_ = 0;
  float contentBottom_ = 0;
  int postedHeight_ = -1;
  int lineHashVersion_ = -1;
  std::size_t lineHash_ = 0;
};

class ZoomHint {
 public:
  void show();  // the first time only
  void draw(WidgetLog& log) const;
  std::string text() const;  // "" while it is not shown (the test hook's, in English)

 private:
  bool shown_ = false;
  double until_ = 0;
};

}  // namespace gs::app
