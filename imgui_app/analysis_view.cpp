// The analysis view: the answer exactly as the judge prints it and in words, the solve
// statistics, the replay controls, the move list with the value after each move, and the value
// chart, which jumps to a move when clicked.
#include <algorithm>
#include <cstdio>
#include <string>

#include "app.h"
#include "web_platform.h"

namespace gs::app {
namespace {

void rebuildChart(App& app) {
  if (app.chartVersion == app.lineVersion) return;
  Session& session = *app.session;
  const int step = session.step();
  app.chartValues.clear();
  for (int k = 0; k <= static_cast<int>(session.history().size()); ++k) {
    session.goToStep(k);
    app.chartValues.push_back(chartValue(session));
  }
  session.goToStep(step);
  app.chartVersion = app.lineVersion;
}

void valueChart(App& app) {
  rebuildChart(app);
  const std::vector<double>& values = app.chartValues;
  const ImVec2 size(ImGui::GetContentRegionAvail().x, 110);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("chart", size);
  app.record("chart");
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), IM_COL32(30, 33, 40, 255), 4);
  if (values.empty()) return;
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  const double top = std::max(*high, 0.0), bottom = std::min(*low, 0.0);
  const double range = top - bottom > 0 ? top - bottom : 1;
  const float step = values.size() > 1 ? size.x / (values.size() - 1) : size.x;
  const auto point = [&](std::size_t k) {
    return ImVec2(origin.x + k * step, origin.y + 6 + static_cast<float>((top - values[k]) / range) * (size.y - 12));
  };
  const float zeroY = origin.y + 6 + static_cast<float>(top / range) * (size.y - 12);
  draw->AddLine(ImVec2(origin.x, zeroY), ImVec2(origin.x + size.x, zeroY), IM_COL32(90, 96, 110, 255));
  for (std::size_t k = 1; k < values.size(); ++k) draw->AddLine(point(k - 1), point(k), IM_COL32(110, 180, 255, 255), 2);
  const int current = app.session->step();
  if (current < static_cast<int>(values.size())) draw->AddCircleFilled(point(current), 5, IM_COL32(250, 220, 80, 255));
  if (ImGui::IsItemHovered() && values.size() > 1) {
    const int k = std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - origin.x) / step + 0.5f), 0,
                             static_cast<int>(values.size()) - 1);
    char text[64];
    std::snprintf(text, sizeof text, "after move %d: %g", k, values[k]);
    ImGui::SetTooltip("%s", text);
    if (ImGui::IsItemClicked()) app.stepTo(k);
  }
}

void controlsImpl(App& app) {
  const Session& session = *app.session;
  const int last = static_cast<int>(session.history().size());
  const ImVec2 button(44, 36);
  if (ImGui::Button("|<", button)) app.stepTo(0);
  app.record("first");
  ImGui::SameLine();
  if (ImGui::Button("<", button)) app.stepBy(-1);
  app.record("prev");
  ImGui::SameLine();
  if (ImGui::Button(">", button)) app.stepBy(1);
  app.record("next");
  ImGui::SameLine();
  if (ImGui::Button(">|", button)) app.stepTo(last);
  app.record("last");
  ImGui::SameLine();
  if (ImGui::Button(app.autoplay ? "Pause" : "Play", ImVec2(64, 36))) {
    app.autoplay = !app.autoplay;
    if (app.autoplay && session.step() == last) app.stepTo(0);
  }
  app.record("autoplay");
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##speed", &app.movesPerSecond, 0.5f, 20.0f, "%.1f moves/s");
  app.record("speed");
  if (ImGui::Button("Best move (space)")) app.playBest();
  app.record("best");
  ImGui::SameLine();
  if (ImGui::Button("Restart")) app.stepTo(0);
  app.record("restart");
  ImGui::TextDisabled("step %d of %d   (keys: <- -> Home End space)", session.step(), last);
}

void moveList(App& app) {
  Session& session = *app.session;
  const int current = session.step();
  ImGui::BeginChild("moves", ImVec2(0, 200), true);
  if (ImGui::Selectable("start", current == 0)) app.stepTo(0);
  app.record("move-list-0");
  const std::vector<Move> history = session.history();
  for (std::size_t k = 0; k < history.size(); ++k) {
    const std::string label = std::to_string(k + 1) + ". " + session.info().players[k % 2] + " " +
                              session.moveName(history[k]);
    char value[32] = "";
    if (static_cast<std::size_t>(app.chartVersion) == static_cast<std::size_t>(app.lineVersion) &&
        k + 1 < app.chartValues.size() + 0)
      std::snprintf(value, sizeof value, "%g", app.chartValues[k + 1]);
    if (ImGui::Selectable((label + "##" + std::to_string(k)).c_str(), current == static_cast<int>(k + 1)))
      app.stepTo(static_cast<int>(k + 1));
    app.record("move-list-" + std::to_string(k + 1));
    ImGui::SameLine(ImGui::GetContentRegionAvail().x - 40);
    ImGui::TextDisabled("%s", value);
    if (current == static_cast<int>(k + 1) && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
  }
  ImGui::EndChild();
}

}  // namespace

void drawAnalysis(App& app) {
  if (!app.session) return;
  Session& session = *app.session;
  const GameInfo& info = session.info();
  ImGui::TextDisabled("Answer, as the judge prints it");
  const std::string& output = app.judgeOutput;
  const std::string shown = output.size() > 200 ? output.substr(0, 200) + "..." : output;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(20, 22, 26, 255));
  ImGui::BeginChild("judge-output", ImVec2(0, std::min(90.0f, 24.0f + 16.0f * std::count(shown.begin(), shown.end(), '\n'))), true);
  ImGui::TextUnformatted(shown.c_str());
  ImGui::EndChild();
  ImGui::PopStyleColor();
  app.record("judge-output");
  ImGui::TextWrapped("%s", session.summary().c_str());
  app.record("summary");
  ImGui::TextDisabled("metric: %s", info.metricName);
  ImGui::TextDisabled("%llu positions solved in %.2f ms",
                      static_cast<unsigned long long>(session.stats().positions), session.stats().milliseconds);
  ImGui::Separator();
  const Value now = session.value();
  ImGui::TextWrapped("Now: %s to move. %s", info.players[session.sideToMove()],
                     session.describe(now, session.sideToMove()).c_str());
  app.record("value-now");
  if (const auto& best = app.best()) {
    const std::string note = session.gameBoard().bestMoveNote(now);
    ImGui::TextWrapped("Best move: %s%s", session.moveName(*best).c_str(),
                       note.empty() ? "" : ("  (" + note + ")").c_str());
  } else {
    ImGui::TextUnformatted("The game is over.");
  }
  app.record("best-move");
  controlsImpl(app);
  ImGui::TextDisabled("Value after each move (click to jump)");
  valueChart(app);
  moveList(app);
  drawSharing(app);
}

void drawReplayControls(App& app) {
  if (!app.session) return;
  Session& session = *app.session;
  ImGui::TextWrapped("%s  |  %s to move: %s", session.summary().c_str(),
                     session.info().players[session.sideToMove()],
                     session.describe(session.value(), session.sideToMove()).c_str());
  app.record("value-now");
  controlsImpl(app);
}

// Share, embed, save, and play against the solver.
void drawSharing(App& app) {
  if (!app.session) return;
  Session& session = *app.session;
  ImGui::Separator();
  ImGui::TextDisabled("Players");
  for (int player = 0; player < 2; ++player) {
    bool computer = app.view.computer[player];
    const std::string label = std::string("Computer plays ") + session.info().players[player];
    if (ImGui::Checkbox(label.c_str(), &computer)) app.setComputer(player, computer);
    app.record(std::string("computer-") + std::to_string(player));
  }
  if (ImGui::Button("Hint")) {
    if (const auto& best = app.best())
      app.notice = "Hint: " + session.moveName(*best) + " (" +
                   session.describe(session.value(), session.sideToMove()) + ")";
  }
  app.record("hint");
  ImGui::SameLine();
  if (ImGui::Button("Swap sides")) app.swapSides();
  app.record("swap");
  ImGui::SameLine();
  if (ImGui::Button("New game")) {
    session.restart();
    session.setLine(session.principalLine(), 0);
    ++app.lineVersion;
  }
  app.record("new-game");
  ImGui::Separator();
  if (ImGui::Button("Copy link")) app.copyLink();
  app.record("copy-link");
  ImGui::SameLine();
  if (ImGui::Button("Embed")) ImGui::OpenPopup("embed");
  app.record("embed");
  ImGui::SameLine();
  if (ImGui::Button("Save image")) app.requestImage();
  app.record("save-image");
  if (!app.notice.empty()) ImGui::TextWrapped("%s", app.notice.c_str());
  if (!app.linkShown.empty()) {
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##link", app.linkShown.data(), app.linkShown.size() + 1, ImGuiInputTextFlags_ReadOnly);
    app.record("link-text");
  }
  if (ImGui::BeginPopup("embed")) {
    ImGui::Text("Paste this into a blog post or any page:");
    ImGui::Checkbox("Compact (board, value and replay only)", &app.embedCompact);
    ImGui::Checkbox("Autoplay the optimal line", &app.embedAutoplay);
    ImGui::Checkbox("Read-only (no moves by clicking)", &app.embedReadOnly);
    std::string snippet = app.embedSnippet();
    ImGui::InputTextMultiline("##snippet", snippet.data(), snippet.size() + 1, ImVec2(520, 90),
                              ImGuiInputTextFlags_ReadOnly);
    app.record("embed-snippet");
    if (ImGui::Button("Copy snippet")) {
      copyToClipboard(snippet);
      app.notice = "Copied the embed snippet";
    }
    app.record("copy-snippet");
    ImGui::EndPopup();
  }
}

}  // namespace gs::app
