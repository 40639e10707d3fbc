// What the app tells the outside: the test hook (window.gameSolverState: the state as JSON, the
// rectangle and spoken name of every control, frame and task times) and the status line a
// screen reader announces. Views call record() as they draw; afterRender() publishes.
#include <algorithm>
#include <cstdio>

#include "app.h"
#include "imgui_internal.h"  // the item hooks (labels)
#include "solver_worker.h"
#include "tools/analysis.h"  // jsonString
#include "ui_phrases.h"
#include "web_platform.h"

// ImGui's item hooks (IMGUI_ENABLE_TEST_ENGINE, see imgui_app/CMakeLists.txt): ImGui tells the
// label of each item as it is submitted. The last one is kept, so that App::record() can name
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

std::string rectJson(const WidgetRect& rect) {
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "{\"x\": %.1f, \"y\": %.1f, \"w\": %.1f, \"h\": %.1f}",
                rect.min.x, rect.min.y, rect.max.x - rect.min.x, rect.max.y - rect.min.y);
  return buffer;
}

}  // namespace

void App::record(const std::string& name, bool focusable) {
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

void App::recordRect(const std::string& name, ImVec2 min, ImVec2 max, bool focusable) {
  WidgetRect widget{name, min, max, focusable, modalDepth_ > 0, {}};
  // A cell of the board is named by its coordinates, as the move list names moves.
  if (focusable && name.rfind("cell-", 0) == 0) {
    const std::size_t dash = name.find('-', 5);
    if (dash != std::string::npos)
      widget.label = "(" + name.substr(5, dash - 5) + ", " + name.substr(dash + 1) + ")";
  }
  widgets_.push_back(std::move(widget));
}

void App::recordTextField(const std::string& name) {
  record(name);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  textFields_.push_back(ImVec4(min.x, min.y, max.x, max.y));
}

void App::recordValue(const std::string& name, const std::string& value) {
  values_.emplace_back(name, value);
}

void App::recordDraggable(ImVec2 min, ImVec2 max) {
  draggable_.push_back(ImVec4(min.x, min.y, max.x, max.y));
}

void App::recordFrameTime(double milliseconds) {
  // The solver worker starts once the page has drawn itself a few times (its first solved state
  // comes first).
  constexpr std::size_t kWorkerWarmUpFrame = 10;
  if (frameCount_ == kWorkerWarmUpFrame) solverWorker()->warmUp();
  constexpr std::size_t kKept = 120;
  if (frameTimes_.size() < kKept)
    frameTimes_.push_back(milliseconds);
  else
    frameTimes_[frameCount_ % kKept] = milliseconds;
  ++frameCount_;
}

void App::recordTaskTime(double milliseconds) {
  constexpr std::size_t kKept = 120;
  constexpr double kLongTaskMs = 50;  // the long-task observer's threshold
  if (taskTimes_.size() < kKept)
    taskTimes_.push_back(milliseconds);
  else
    taskTimes_[taskCount_ % kKept] = milliseconds;
  ++taskCount_;
  longTaskCount_ += milliseconds >= kLongTaskMs;
  longestTask_ = std::max(longestTask_, milliseconds);
}

std::string App::stateJson() {
  std::string json = "{\"game\": " + jsonString(doc.game().id());
  if (doc.hasBoard()) {
    const Session& session = doc.session();
    const MoveTexts& texts = session.gameBoard().texts();
    // The answer in full up to 64 KB; a larger one (a 2000 x 2000 board lists up to 4 million
    // cells) is cut there, with its full size beside it.
    constexpr std::size_t kShown = 1 << 16;
    const std::string& output = doc.judgeOutput();
    json += ", \"judgeOutput\": " + jsonString(output.substr(0, kShown));
    json += ", \"judgeOutputBytes\": " + std::to_string(output.size());
    json += ", \"judgeOutputTruncated\": " + std::string(output.size() > kShown ? "true" : "false");
    json += ", \"summary\": " + jsonString(session.gameBoard().summary().english());
    json += ", \"value\": " +
            jsonString(texts.describe(session.gameBoard().value(), session.gameBoard().sideToMove())
                           .english());
    json += ", \"moverValue\": " +
            jsonString(moverValueText(session.info().metric, session.gameBoard().value(),
                                      session.gameBoard().sideToMove()));
    json += ", \"result\": " + jsonString(finalResultText(session).english());
    json += ", \"chartValue\": " +
            std::to_string(chartValue(session.info().metric, session.gameBoard().value(),
                                      session.gameBoard().sideToMove()));
    json += ", \"toMove\": " + std::to_string(session.gameBoard().sideToMove());
    json += ", \"step\": " + std::to_string(session.step());
    json += ", \"lineLength\": " + std::to_string(session.history().size());
    json += ", \"movesPlayed\": [";
    const int shownMoves = std::min(session.step(), 2000);
    for (int k = session.step() - shownMoves; k < session.step(); ++k)
      json += (k > session.step() - shownMoves ? ", " : "") +
              jsonString(texts.moveCode(session.history()[k]));
    // The verdict mark ("", "?!", "?", "??") of each move played, and its words.
    const LineAnalysis& analysis = line();
    json += "], \"verdicts\": [";
    for (int k = session.step() - shownMoves; k < session.step(); ++k)
      json += (k > session.step() - shownMoves ? ", " : "") + jsonString(analysis.verdicts[k].mark);
    json += "], \"lastVerdict\": " +
            jsonString(session.step() > 0 ? analysis.verdicts[session.step() - 1].text.english()
                                          : std::string());
    json += ", \"positions\": " + std::to_string(session.stats().positions);
    char solveMs[48];
    std::snprintf(solveMs, sizeof solveMs, ", \"solveMs\": %.1f", session.stats().milliseconds);
    json += solveMs;
    json += std::string(", \"solvedInWorker\": ") + (doc.solvedInWorker() ? "true" : "false");
    char shownAt[48];
    std::snprintf(shownAt, sizeof shownAt, ", \"boardShownAt\": %.1f", boardShownAt_);
    json += shownAt;
    if (!doc.judgeInput().empty())
      json += ", \"judgeInputBytes\": " + std::to_string(doc.judgeInput().size());
    const ViewOptions& view = doc.view();
    json += ", \"computer\": [" + std::string(view.computer[0] ? "true" : "false") + ", " +
            (view.computer[1] ? "true" : "false") + "]";
    json += ", \"readOnly\": " + std::string(view.readOnly ? "true" : "false");
    json += ", \"recipe\": " +
            (doc.recipe() ? jsonString(recipeText(*doc.recipe())) : std::string("null"));
  }
  // The language, and the texts above as the screen shows them (in that language; the fields
  // above stay English whatever the language, so tests and tools read one vocabulary).
  json += ", \"lang\": " + jsonString(languageCode(language()));
  json += ", \"shown\": {";
  if (doc.hasBoard()) {
    const Session& session = doc.session();
    json += "\"summary\": " + jsonString(trText(session.gameBoard().summary())) + ", \"value\": " +
            jsonString(trText(session.gameBoard().texts().describe(
                session.gameBoard().value(), session.gameBoard().sideToMove()))) +
            ", \"moverValue\": " +
            jsonString(trText(moverValue(session.info().metric, session.gameBoard().value(),
                                         session.gameBoard().sideToMove()))) +
            ", \"result\": " + jsonString(trText(finalResultText(session))) + ", ";
  }
  json += "\"error\": " + jsonString(trText(doc.error())) +
          ", \"linkError\": " + jsonString(trText(doc.linkError())) + ", \"toasts\": [";
  for (std::size_t k = 0; k < toasts_.size(); ++k)
    json += (k ? ", " : "") + jsonString(trText(toasts_[k].text));
  json += "]}, \"missingGlyphs\": [";
  for (std::size_t k = 0; k < missingGlyphs().size(); ++k)
    json += (k ? ", " : "") + jsonString(missingGlyphs()[k]);
  json += "]";
  json += ", \"seed\": " + jsonString(std::to_string(ui.seed));
  json += ", \"crossCheck\": " + jsonString(crossCheck_);
  if (valuesHidden()) {
    json += ", \"quiz\": {\"picks\": " + std::to_string(ui.quiz.picks) +
            ", \"best\": " + std::to_string(ui.quiz.best) +
            ", \"last\": " + jsonString(ui.quiz.last.english()) + "}";
  } else {
    json += ", \"quiz\": null";
  }
  json += ", \"error\": " + jsonString(doc.error().english());
  json += ", \"linkError\": " + jsonString(doc.linkError().english());
  if (const auto solving = doc.solving()) {
    char buffer[192];
    std::snprintf(buffer, sizeof buffer,
                  ", \"solving\": {\"progress\": %.4f, \"positions\": %llu, \"elapsedMs\": %.1f, "
                  "\"inWorker\": %s, \"opening\": %s}",
                  solving->progress, static_cast<unsigned long long>(solving->positions),
                  solving->elapsedMs, solving->inWorker ? "true" : "false",
                  solving->opening ? "true" : "false");
    json += buffer;
  } else {
    json += ", \"solving\": null";
  }
  json += ", \"solverWorker\": " + jsonString(solverWorker()->status());
  if (const auto gif = gifProgress())
    json += ", \"gif\": {\"done\": " + std::to_string(gif->done) +
            ", \"total\": " + std::to_string(gif->total) + "}";
  else
    json += ", \"gif\": null";
  {
    char gifWork[96];
    std::snprintf(gifWork, sizeof gifWork,
                  ", \"gifWork\": {\"longestEncodeMs\": %.1f, \"longestDrawingMs\": %.1f}",
                  gifLongestEncodeMs_, gifLongestDrawingMs_);
    json += gifWork;
  }
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
  static const char* const kLayouts[] = {"wide", "tablet", "phone", "embed"};
  json += ", \"layout\": " + jsonString(kLayouts[static_cast<int>(layout_)]);
  json += ", \"autoplay\": " + std::string(ui.autoplay ? "true" : "false");
  json += ", \"inView\": " + std::string(inView() ? "true" : "false");
  // The guest's view of itself: the height it asked its host for, the bottom of what it drew
  // (inside that height: nothing clipped), and the zoom hint when it shows.
  json += ", \"embed\": {\"guest\": " + std::string(guest() ? "true" : "false") +
          ", \"height\": " + std::to_string(postedHeight_) +
          ", \"contentBottom\": " + std::to_string(contentBottom_) + ", \"zoomHint\": " +
          jsonString(nowMilliseconds() <= zoomHintUntil_
                         ? std::string(zoomModifierName()) + " + scroll to zoom the board"
                         : std::string()) +
          "}";
  static const char* const kDialogs[] = {"", "rules", "embed"};
  json += ", \"dialog\": " + jsonString(kDialogs[static_cast<int>(dialog_)]);
  json += ", \"focusLabel\": " + jsonString(focusVisible_ ? focusedLabel() : std::string());
  json += ", \"focus\": " + jsonString(focusVisible_ ? focused_ : std::string());
  json += ", \"toasts\": [";
  for (std::size_t k = 0; k < toasts_.size(); ++k)
    json += (k ? ", " : "") + jsonString(toasts_[k].text.english());
  json += "], \"fields\": {";
  for (std::size_t k = 0; k < values_.size(); ++k)
    json += (k ? ", " : "") + jsonString(values_[k].first) + ": " + jsonString(values_[k].second);
  json += "}, \"widgets\": {";
  for (std::size_t k = 0; k < widgets_.size(); ++k)
    json += (k ? ", " : "") + jsonString(widgets_[k].name) + ": " + rectJson(widgets_[k]);
  return json + "}}";
}

void App::publish() {
  publishState(stateJson());
  if (!doc.hasBoard()) return;
  // The screen reader's status line: what happened and where things stand.
  const Session& session = doc.session();
  const GameInfo& info = session.info();
  // Sentence by sentence, each translated whole.
  const bool chinese = language() == Language::kChinese;
  const auto sentence = [chinese](const Message& message) {
    return trText(message) + (chinese ? "\xE3\x80\x82" : ". ");  // 。
  };
  std::string status = sentence(Message(kPrefixed, {{"PREFIX", Message(session.game().id())},
                                                    {"MESSAGE", session.gameBoard().summary()}}));
  if (session.step() > 0) {
    const int last = session.step() - 1;
    status += sentence(Message(
        kPlayed, {{"PLAYER", info.players[last % 2]},
                  {"MOVE", session.gameBoard().texts().moveName(session.history()[last])}}));
  }
  const Message result = finalResultText(session);
  if (!result.empty()) {
    status += sentence(result);
  } else if (const auto& move = doc.best()) {
    status += sentence(
        Message(kToMoveBest, {{"PLAYER", info.players[session.gameBoard().sideToMove()]},
                              {"VALUE", moverValue(info.metric, session.gameBoard().value(),
                                                   session.gameBoard().sideToMove())},
                              {"MOVE", session.gameBoard().texts().moveName(*move)}}));
  }
  // The comment at this step (a line that narrates itself is read out too), and an error first.
  const std::string& comment = session.comment(session.step());
  if (!comment.empty()) status += comment + (chinese ? "\xE3\x80\x82" : ". ");
  if (!doc.error().empty()) status = sentence(doc.error()) + status;
  if (status != lastAnnouncement_) {
    announce(status);
    lastAnnouncement_ = status;
  }
}

}  // namespace gs::app
