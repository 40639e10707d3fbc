// The log of what a frame drew (widget_log.h), and the app's frame and task times.
#include "widget_log.h"

#include <algorithm>
#include <cstdio>

#include "imgui_internal.h"  // the item hooks (labels)
#include "ui_text.h"

// ImGui's item hooks (IMGUI_ENABLE_TEST_ENGINE, see imgui_app/CMakeLists.txt): ImGui tells the
// label of each item as it is submitted. The last one is kept, so that WidgetLog::record() can name
// a control the way the screen shows it (in the interface's language) when it gets the focus.
namespace {
ImGuiID lastItemId = 0;
std::string lastItemLabel;
}  // namespace
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect&, ImGuiID) {}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext*, ImGuiID id, const char* label,
                                  ImGuiItemStatusFlags) {
  lastItemId = id;
  lastItemLabel = label ? label : "";
}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) {
  return nullptr;
}

namespace gs::app {
namespace {

// The spoken name of controls whose label is a symbol ("|<", "+") or absent (a slider, the
// chart), by their test-hook names.
const char* spokenName(const std::string& name) {
  static const std::pair<const char*, const char*> kNames[] = {
      {"first", "First position"}, {"prev", "Previous move"},
      {"next", "Next move"},       {"last", "Last position"},
      {"speed", "Autoplay speed"}, {"zoom-in", "Zoom in"},
      {"zoom-out", "Zoom out"},    {"chart", "Value chart"},
      {"heatmap", "The board"},    {"embed-snippet", "The embed snippet"},
  };
  for (const auto& [id, spoken] : kNames)
    if (name == id) return tr(spoken);
  return nullptr;
}

// What ImGui's label shows: the part before "##" (the rest is the widget's identity).
std::string visibleLabel(const std::string& label) {
  const std::size_t id = label.find("##");
  return id == std::string::npos ? label : label.substr(0, id);
}

}  // namespace

void WidgetLog::clear() {
  widgets_.clear();
  draggable_.clear();
  textFields_.clear();
  values_.clear();
  zoomable_.clear();
}

void WidgetLog::record(const std::string& name, bool focusable) {
  recordRect(name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), focusable);
  if (!focusable || measuring_) return;
  // Its spoken name: a symbol's or a slider's own words, else the label ImGui just drew.
  // (An item scrolled out of sight or in a window's first, hidden frame is laid out but not
  // submitted: its label from an earlier frame is kept.)
  std::string label;
  if (const char* own = spokenName(name))
    label = own;
  else if (lastItemId == ImGui::GetItemID())
    label = visibleLabel(lastItemLabel);
  if (label.empty()) {
    const auto known = labels_.find(name);
    if (known != labels_.end()) label = known->second;
  } else {
    labels_[name] = label;
  }
  widgets_.back().label = label;
}

void WidgetLog::recordRect(const std::string& name, ImVec2 min, ImVec2 max, bool focusable) {
  WidgetRect widget{
      name, min, max, focusable, modalDepth_ > 0, focusable && name.rfind("cell-", 0) != 0, {}};
  // A cell of the board is named by its coordinates, as the move list names moves.
  if (focusable && name.rfind("cell-", 0) == 0) {
    const std::size_t dash = name.find('-', 5);
    if (dash != std::string::npos)
      widget.label = "(" + name.substr(5, dash - 5) + ", " + name.substr(dash + 1) + ")";
  }
  widgets_.push_back(std::move(widget));
}

void WidgetLog::recordControl(const std::string& name, ImVec2 min, ImVec2 max) {
  recordRect(name, min, max, false);
  widgets_.back().control = true;
}

void WidgetLog::recordTextField(const std::string& name) {
  record(name);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  textFields_.push_back(ImVec4(min.x, min.y, max.x, max.y));
}

void WidgetLog::recordTextField(const std::string& name, ImVec2 min, ImVec2 max) {
  recordRect(name, min, max, true);
  textFields_.push_back(ImVec4(min.x, min.y, max.x, max.y));
}

void WidgetLog::recordValue(const std::string& name, const std::string& value) {
  values_.emplace_back(name, value);
}

void WidgetLog::recordDraggable(ImVec2 min, ImVec2 max) {
  draggable_.push_back(ImVec4(min.x, min.y, max.x, max.y));
}

void WidgetLog::recordZoomable(ImVec2 min, ImVec2 max) {
  zoomable_.push_back(ImVec4(min.x, min.y, max.x, max.y));
}

WidgetLog::Mark WidgetLog::mark() const {
  return Mark{widgets_.size(), draggable_.size(), textFields_.size(), values_.size(),
              zoomable_.size()};
}

void WidgetLog::rewind(const Mark& mark) {
  widgets_.resize(mark.widgets);
  draggable_.resize(mark.draggable);
  textFields_.resize(mark.textFields);
  values_.resize(mark.values);
  zoomable_.resize(mark.zoomable);
}

namespace {
constexpr std::size_t kKept = 120;
}  // namespace

void FrameTimes::frame(double milliseconds) {
  if (frameTimes_.size() < kKept)
    frameTimes_.push_back(milliseconds);
  else
    frameTimes_[frameCount_ % kKept] = milliseconds;
  ++frameCount_;
}

void FrameTimes::task(double milliseconds) {
  constexpr double kLongTaskMs = 50;  // the long-task observer's threshold
  if (taskTimes_.size() < kKept)
    taskTimes_.push_back(milliseconds);
  else
    taskTimes_[taskCount_ % kKept] = milliseconds;
  ++taskCount_;
  longTaskCount_ += milliseconds >= kLongTaskMs;
  longestTask_ = std::max(longestTask_, milliseconds);
}

std::string FrameTimes::json() const {
  // How many pictures reached the canvas: a test waits for the first before it looks.
  std::string json = ", \"presented\": " + std::to_string(presentedCount_);
  if (!frameTimes_.empty()) {
    std::vector<double> sorted = frameTimes_;
    std::sort(sorted.begin(), sorted.end());
    char timing[128];
    std::snprintf(
        timing, sizeof timing,
        ", \"frameMs\": {\"median\": %.3f, \"p95\": %.3f, \"max\": %.3f, \"frames\": %zu}",
        sorted[sorted.size() / 2], sorted[sorted.size() * 95 / 100], sorted.back(), frameCount_);
    json += timing;
  }
  if (!taskTimes_.empty()) {
    // The app's tasks: the last 120 (median, max), and since the page opened: how many, how
    // many of 50 ms or more, the longest.
    std::vector<double> sorted = taskTimes_;
    std::sort(sorted.begin(), sorted.end());
    char timing[200];
    std::snprintf(timing, sizeof timing,
                  ", \"taskMs\": {\"median\": %.3f, \"max\": %.3f, \"count\": %zu, \"long\": %zu, "
                  "\"longest\": %.3f}",
                  sorted[sorted.size() / 2], sorted.back(), taskCount_, longTaskCount_,
                  longestTask_);
    json += timing;
  }
  return json;
}

}  // namespace gs::app
