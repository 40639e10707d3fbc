// What a frame drew, control by control: each control's rectangle and spoken name (the test
// hook reports them, the keyboard focus walks them), the values fields show, and the regions the
// page's touch and wheel handlers treat apart (drags, text fields, zoomable boards). Views record
// as they draw; the app clears the log at the start of each frame.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "imgui.h"

namespace gs::app {

// A control or board cell whose screen rectangle the test hook reports (CSS pixels).
struct WidgetRect {
  std::string name;
  ImVec2 min, max;
  bool focusable = false;  // reachable with Tab
  bool modal = false;      // inside an open dialog (Tab stays among these while one is open)
  // Something a user presses, drags or types into (a button, a field, a slider, a tab, a row of
  // a list): every focusable item but the board's own cells, which are as large as the board
  // makes them (the test hook marks these; touch devices make them a finger's size).
  bool control = false;
  std::string label;  // what the screen reader says when it gets the focus
};

class WidgetLog {
 public:
  void clear();
  // The last item ImGui drew, under `name`; a focusable one with its spoken name.
  void record(const std::string& name, bool focusable = true);
  void recordRect(const std::string& name, ImVec2 min, ImVec2 max, bool focusable = false);
  // A control outside the Tab walk (a dialog's title-bar x, beside its Close button and Escape).
  void recordControl(const std::string& name, ImVec2 min, ImVec2 max);
  // The last item is a text field (a tap on it opens the on-screen keyboard).
  void recordTextField(const std::string& name);
  // A text field of which the rectangle from min to max is in view (a field larger than the
  // panel that scrolls it).
  void recordTextField(const std::string& name, ImVec2 min, ImVec2 max);
  // The value a field shows (the test hook reports it under "fields").
  void recordValue(const std::string& name, const std::string& value);
  // A region where a one-finger drag drags instead of scrolling (a zoomed board, a slider).
  void recordDraggable(ImVec2 min, ImVec2 max);
  // A region a Ctrl/Cmd + wheel or a pinch zooms (a guest's plain wheel there scrolls the host).
  void recordZoomable(ImVec2 min, ImVec2 max);
  // Controls recorded between these are inside an open dialog.
  void beginModal() { ++modalDepth_; }
  void endModal() { --modalDepth_; }

  // A layout made without drawing (the embed's measure of the line) names nothing, and what it
  // recorded is dropped afterwards: rewind(mark()) from before it.
  struct Mark {
    std::size_t widgets = 0, draggable = 0, textFields = 0, values = 0, zoomable = 0;
  };
  Mark mark() const;
  void rewind(const Mark& mark);
  void setMeasuring(bool measuring) { measuring_ = measuring; }

  const std::vector<WidgetRect>& rects() const { return widgets_; }
  const std::vector<ImVec4>& draggable() const { return draggable_; }
  const std::vector<ImVec4>& textFields() const { return textFields_; }
  const std::vector<ImVec4>& zoomable() const { return zoomable_; }
  const std::vector<std::pair<std::string, std::string>>& values() const { return values_; }

 private:
  std::vector<WidgetRect> widgets_;
  std::vector<ImVec4> draggable_, textFields_, zoomable_;
  std::vector<std::pair<std::string, std::string>> values_;
  std::map<std::string, std::string> labels_;  // the last label seen of each control
  int modalDepth_ = 0;
  bool measuring_ = false;
};

// The app's frame and task times, the last 120 of each (the test hook reports them: what the
// app controls, where the wall clock of a busy machine does not).
class FrameTimes {
 public:
  void frame(double milliseconds);  // the app's work in a drawn frame
  // Every animation-frame callback of the app, drawn or not: what it keeps the page's main
  // thread busy for (tests assert none reaches a long task's 50 ms).
  void task(double milliseconds);
  std::size_t frames() const { return frameCount_; }
  // A frame that drew its picture on the canvas (most frames keep the picture already there).
  void presented() { ++presentedCount_; }
  // ", \"presented\": n, \"frameMs\": {...}, \"taskMs\": {...}" for the test hook (no times
  // before the first).
  std::string json() const;

 private:
  std::vector<double> frameTimes_;
  std::size_t frameCount_ = 0, presentedCount_ = 0;
  std::vector<double> taskTimes_;
  std::size_t taskCount_ = 0, longTaskCount_ = 0;
  double longestTask_ = 0;
};

}  // namespace gs::app
