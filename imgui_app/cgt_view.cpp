// The combinatorial game value of the position on screen (a partisan rules game's,
// GameBoard::combinatorialValues()): its canonical form as CGSuite writes it, its outcome class,
// mean, temperature and stops, and its thermograph drawn (the walls, the mast, the mean and the
// temperature marked). The page works the values out a slice a frame (game_view.h: a refused
// call keeps the values it made, so the next goes on from them), up to kPageRunPositions for
// one position on screen; then it says so and offers Work on.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>

#include "base/thousands.h"
#include "game_view.h"
#include "ui_text.h"

namespace gs::app {

namespace {

// The thermograph of `value` in the rectangle [at, at + size]: temperature up, value across with
// Left's (larger) values on the left, as Winning Ways and CGSuite draw it; t = 0 and the mean
// marked, the temperature where the walls meet the mast.
void drawThermograph(App& app, const CombinatorialValue& value, ImVec2 at, ImVec2 size) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), IM_COL32(30, 33, 40, 255));
  const CombinatorialValue::Corner top = value.leftWall.back();  // (temperature, mean)
  const double temperature = top.temperature, mean = top.value;
  // Temperatures from -1 to above the temperature (the mast shown for a while); values from the
  // right wall's least to the left wall's largest, with a margin.
  const double tMax = std::max(temperature, 0.0) + std::max(1.0, (temperature + 1) * 0.4);
  double vMin = mean, vMax = mean;
  for (const auto& corner : value.leftWall) vMax = std::max(vMax, corner.value);
  for (const auto& corner : value.rightWall) vMin = std::min(vMin, corner.value);
  const double spread = std::max(vMax - vMin, 1.0);
  vMin -= spread * 0.15;
  vMax += spread * 0.15;
  const float pad = 6, labels = ImGui::GetTextLineHeight() + 2;
  const float left = at.x + pad, right = at.x + size.x - pad;
  const float bottom = at.y + size.y - labels, upper = at.y + labels;
  const auto x = [&](double v) {
    return left + static_cast<float>((vMax - v) / (vMax - vMin)) * (right - left);
  };
  const auto y = [&](double t) {
    return bottom - static_cast<float>((t + 1) / (tMax + 1)) * (bottom - upper);
  };
  // t = 0, dim, named at its right end.
  draw->AddLine(ImVec2(left, y(0)), ImVec2(right, y(0)), IM_COL32(90, 96, 110, 255));
  draw->AddText(ImVec2(right - ImGui::CalcTextSize("t = 0").x, y(0) - labels), palette::kDim,
                "t = 0");
  const auto wall = [&](const std::vector<CombinatorialValue::Corner>& corners) {
    for (std::size_t k = 1; k < corners.size(); ++k)
      draw->AddLine(ImVec2(x(corners[k - 1].value), y(corners[k - 1].temperature)),
                    ImVec2(x(corners[k].value), y(corners[k].temperature)), palette::kBest, 2.5f);
    if (corners.size() == 1)  // a number: the walls are the mast from t = -1
      draw->AddCircleFilled(ImVec2(x(corners[0].value), y(corners[0].temperature)), 3,
                            palette::kBest);
  };
  wall(value.leftWall);
  wall(value.rightWall);
  // The mast, from where the walls meet up to the top; the meeting point marked.
  const ImVec2 meet(x(mean), y(temperature));
  draw->AddLine(meet, ImVec2(meet.x, upper), palette::kCursor, 2.5f);
  draw->AddCircleFilled(meet, 4, palette::kCursor);
  const std::string meanLabel = std::string(tr("mean")) + " " + value.mean;
  const float meanWidth = ImGui::CalcTextSize(meanLabel.c_str()).x;
  draw->AddText(
      ImVec2(std::clamp(meet.x - meanWidth / 2, at.x + 2, at.x + size.x - meanWidth - 2), at.y + 1),
      palette::kCursor, meanLabel.c_str());
  const std::string tLabel = std::string(tr("temperature")) + " " + value.temperature;
  const float tWidth = ImGui::CalcTextSize(tLabel.c_str()).x;
  const float tx = meet.x + 8 + tWidth < right ? meet.x + 8 : meet.x - 8 - tWidth;
  // Clear of the names along the bottom (a number's mast starts at t = -1, on them).
  const float ty = std::min(meet.y - labels / 2, bottom - labels);
  draw->AddText(ImVec2(tx, ty), palette::kText, tLabel.c_str());
  // Which way is whose.
  draw->AddText(ImVec2(left, bottom + 1), palette::kDim, tr("\xE2\x86\x90 Left (first player)"));
  const char* rightName = tr("Right (second player) \xE2\x86\x92");
  draw->AddText(ImVec2(right - ImGui::CalcTextSize(rightName).x, bottom + 1), palette::kDim,
                rightName);
  app.widgets.recordRect("cgt-thermograph", at, ImVec2(at.x + size.x, at.y + size.y));
}

}  // namespace

bool offersCombinatorialValues(const App& app) {
  return app.doc.hasBoard() && !app.valuesHidden() &&
         app.doc.session().gameBoard().combinatorialValues() != nullptr;
}

void drawCombinatorialValue(App& app, float width, float graphHeight) {
  const CombinatorialValues* values = app.doc.session().gameBoard().combinatorialValues();
  if (!values) return;
  // A slice of the work this frame (none once the position's value is known or refused for
  // good): a new position starts its run, one cut short at the slice goes on from where it was.
  UiState::CgtWork& work = app.ui.cgtWork;
  const Session& session = app.doc.session();
  const std::vector<Move> played(session.history().begin(),
                                 session.history().begin() + session.step());
  const bool fresh = work.board != values || work.line != played;
  if (fresh) {
    const std::uint64_t slice = work.slice ? work.slice : kPageSlicePositions;
    work = {values, played, values->positionsValued(), false, slice};
  }
  const auto began = std::chrono::steady_clock::now();
  const std::uint64_t before = values->positionsValued();
  auto value = values->valueHere(work.slice, !fresh && values->valueCutShort() && !work.paused);
  if (values->positionsValued() != before) {  // a slice worked: fit the next to the frame
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
    if (ms > 30) work.slice = std::max(kPageSliceLeast, work.slice / 2);
    if (ms < 12) work.slice = std::min(kPageSliceMost, work.slice * 2);
  }
  const std::uint64_t worked = values->positionsValued() - work.from;
  if (!value && values->valueCutShort() && worked >= kPageRunPositions) work.paused = true;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped("%s", tr("Combinatorial value (Left is the first player, Right the second):"));
  ImGui::PopStyleColor();
  if (!value && values->valueCutShort()) {
    char text[256];
    if (!work.paused) {
      std::snprintf(text, sizeof text, tr("Working out the value: %s positions so far..."),
                    withThousands(worked).c_str());
      textWrapped("%s", text);
      app.widgets.recordRect("cgt-working", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
      return;
    }
    std::snprintf(text, sizeof text,
                  tr("Stopped after %s positions: the page works out %s at a time (gamesolver cgt "
                     "and the module's cgt() go on to the memory budget)."),
                  withThousands(worked).c_str(), withThousands(kPageRunPositions).c_str());
    textWrapped("%s", text);
    app.widgets.recordRect("cgt-paused", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    if (button(trLabel("Work on").c_str())) {
      work.from = values->positionsValued();
      work.paused = false;
    }
    app.widgets.record("cgt-work-on");
    return;
  }
  if (!value) {
    textWrapped("%s", value.error().toString().c_str());
    app.widgets.recordRect("cgt-refused", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    return;
  }
  const CombinatorialValue& v = value.value();
  ImFont* mono = app.fonts.mono() ? app.fonts.mono() : ImGui::GetFont();
  ImGui::PushFont(mono);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  ImGui::TextUnformatted(v.canonical.c_str(), v.canonical.c_str() + v.canonical.size());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  app.widgets.recordRect("cgt-value", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  char line[512];
  std::snprintf(line, sizeof line, tr("outcome %s   mean %s   temperature %s   stops %s and %s"),
                v.outcome.c_str(), v.mean.c_str(), v.temperature.c_str(), v.leftStop.c_str(),
                v.rightStop.c_str());
  textWrapped("%s", line);
  if (graphHeight > 0) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    drawThermograph(app, v, at, ImVec2(width, graphHeight));
    ImGui::Dummy(ImVec2(width, graphHeight));
  }
}

}  // namespace gs::app
