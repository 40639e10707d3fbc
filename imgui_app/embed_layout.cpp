#include "embed_layout.h"

#include <algorithm>
#include <cmath>
#include <functional>

#include "document.h"
#include "imgui_internal.h"
#include "ui_text.h"
#include "web_platform.h"

namespace gs::app {

// Compact (embedded): the board, its value and the replay controls, each in a slot as tall as
// the tallest the line needs (measure), so the frame asks its host for one height per
// board and the controls stay put while the line plays. A frame shorter than that (a host
// without the snippet's script) gets a smaller board.
void EmbedLayout::draw(const EmbedViews& views) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const ImGuiWindowFlags boardFlags =
      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  if (!views.doc.hasBoard()) {
    views.drawBoard(ImGui::GetContentRegionAvail());
    contentBottom_ = ImGui::GetItemRectMax().y;
    contentHeight_ = 0;
    return;
  }
  measure(views, width);
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float bottom = viewport->Pos.y + viewport->Size.y - style.WindowPadding.y;
  const float below = slots_.status + slots_.controls;
  const float boardSlot = std::max(std::min(slots_.boardPart, bottom - origin.y - below),
                                   std::min(slots_.boardPart, 160.0f));
  boardScale_ = slots_.boardPart > 0 ? boardSlot / slots_.boardPart : 1;
  ImGui::BeginChild("board", ImVec2(0, boardSlot), false, boardFlags);
  views.drawBoard(ImVec2(width, boardSlot));
  ImGui::EndChild();
  const float statusTop = ImGui::GetCursorScreenPos().y;
  views.drawStatus();
  if (ImGui::GetCursorScreenPos().y < statusTop + slots_.status)
    ImGui::SetCursorScreenPos(ImVec2(origin.x, statusTop + slots_.status));
  views.drawReplayControls();
  contentBottom_ = ImGui::GetItemRectMax().y;
  // The frame's height: the window's padding around the slots; the controls' slot ends with
  // the spacing after the last line, so that line is never cut.
  contentHeight_ =
      std::ceil(2 * style.WindowPadding.y + slots_.boardPart + slots_.status + slots_.controls);
}

std::size_t EmbedLayout::lineHash(const Document& doc) {
  if (lineHashVersion_ == doc.version() || !doc.hasBoard()) return lineHash_;
  lineHashVersion_ = doc.version();
  const Session& session = doc.session();
  std::size_t hash = session.history().size();
  for (const Move& move : session.history())
    hash = hash * 1000003u ^ std::hash<std::string>{}(session.gameBoard().texts().moveCode(move));
  // The comments too: the status slot holds the tallest.
  for (const std::string& comment : session.comments())
    hash = hash * 1000003u ^ std::hash<std::string>{}(comment);
  lineHash_ = hash;
  return hash;
}

void EmbedLayout::noteCaption(float height) {
  measuredCaption_ = std::max(measuredCaption_, height);
}

float EmbedLayout::captionSlot(bool embedLayout) const {
  return embedLayout && !measuring_ ? slots_.caption : 0;
}

// Lays out every step of the line (at most kSteps of them, spread over it) without drawing
// anything, and keeps the tallest caption, board and status, and the replay controls' height.
// Done when the board, the width, the language, the quiz or the line changes; for the same
// board the slots only grow (a line explored by the reader can need more room than the
// optimal one, never less than what the frame already has).
void EmbedLayout::measure(const EmbedViews& views, float width) {
  Document& doc = views.doc;
  const std::size_t line = lineHash(doc);
  const bool hidden = views.valuesHidden;
  const Language shown = views.language;
  if (slots_.board == doc.boardVersion() && slots_.width == width && slots_.language == shown &&
      slots_.hidden == hidden && slots_.line == line)
    return;
  const bool sameBoard = slots_.board == doc.boardVersion() && slots_.width == width &&
                         slots_.language == shown && slots_.hidden == hidden;
  Measure measure;
  measure.board = doc.boardVersion();
  measure.width = width;
  measure.language = shown;
  measure.hidden = hidden;
  measure.line = line;

  const WidgetLog::Mark recorded = views.widgets.mark();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 boardMin = views.boardMin, boardMax = views.boardMax;
  ImGui::PushID("embed-measure");
  ImGui::PushClipRect(origin, origin, false);  // nothing of it is drawn, nothing is hit
  measuring_ = true;
  views.widgets.setMeasuring(true);
  Session& session = doc.session();
  const int cursor = session.step();
  const int length = static_cast<int>(session.history().size());
  constexpr int kSteps = 240;
  // drawBoard keeps a line of room under the board.
  const float extra = ImGui::GetTextLineHeightWithSpacing() + 4;
  float boardOnly = 0;
  for (int k = 0; k <= std::min(length, kSteps); ++k) {
    const int step =
        length <= kSteps ? k : static_cast<int>(static_cast<long long>(k) * length / kSteps);
    session.goToStep(step);
    measuredCaption_ = 0;
    ImGui::SetCursorScreenPos(origin);
    views.drawBoard(ImVec2(width, 100000.0f));
    measure.caption = std::max(measure.caption, measuredCaption_);
    const float boardBottom = ImGui::GetCursorScreenPos().y;
    boardOnly = std::max(boardOnly, boardBottom - origin.y - measuredCaption_);
    views.drawStatus();
    measure.status = std::max(measure.status, ImGui::GetCursorScreenPos().y - boardBottom);
  }
  session.goToStep(cursor);
  // Every caption gets the tallest caption's slot, the board under it.
  measure.boardPart = measure.caption + boardOnly + extra;
  // A move off the line is judged under the value (one more wrapped line, or two): its room is
  // kept whenever the reader can play.
  if (!doc.view().readOnly) {
    const std::string verdict = trText(std::string(session.info().players[1]) +
                                       " (10, 10): a blunder: it changes who wins");
    measure.status += ImGui::CalcTextSize(verdict.c_str(), nullptr, false, width).y +
                      ImGui::GetStyle().ItemSpacing.y;
  }
  ImGui::SetCursorScreenPos(origin);
  views.drawReplayControls();
  measure.controls = ImGui::GetCursorScreenPos().y - origin.y;
  measuring_ = false;
  views.widgets.setMeasuring(false);
  ImGui::PopClipRect();
  ImGui::PopID();
  ImGui::SetCursorScreenPos(origin);
  views.widgets.rewind(recorded);
  views.boardMin = boardMin;
  views.boardMax = boardMax;
  if (sameBoard) {
    measure.caption = std::max(measure.caption, slots_.caption);
    measure.boardPart = std::max(measure.boardPart, slots_.boardPart);
    measure.status = std::max(measure.status, slots_.status);
  }
  slots_ = measure;
}

// In a frame of another page, the height the content wants at this width, for the host page's
// optional resize script (the snippet's); sent when it changes.
void EmbedLayout::postHeight() {
  const int height = static_cast<int>(contentHeight_);
  if (height == postedHeight_ || height <= 0) return;
  postedHeight_ = height;
  postHeightToHost(height);
}

// The one-line hint a guest shows the first time the plain wheel passes over a zoomable board.
void ZoomHint::draw(WidgetLog& log) const {
  if (nowMilliseconds() > until_ || log.zoomable().empty()) return;
  const ImVec4& board = log.zoomable().front();
  const std::string hint = std::string(zoomModifierName()) + " + " + tr("scroll to zoom the board");
  const ImVec2 size = ImGui::CalcTextSize(hint.c_str());
  const ImVec2 center((board.x + board.z) / 2, (board.y + board.w) / 2);
  const ImVec2 min(center.x - size.x / 2 - 12, center.y - size.y / 2 - 8);
  const ImVec2 max(center.x + size.x / 2 + 12, center.y + size.y / 2 + 8);
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  draw->AddRectFilled(min, max, IM_COL32(20, 22, 26, 230), 6);
  draw->AddText(ImVec2(min.x + 12, min.y + 8), IM_COL32(240, 242, 246, 255), hint.c_str());
  log.recordRect("zoom-hint", min, max);
}

void ZoomHint::show() {
  if (shown_) return;
  shown_ = true;
  until_ = nowMilliseconds() + 2500;
}

std::string ZoomHint::text() const {
  return nowMilliseconds() <= until_
             ? std::string(zoomModifierName()) + " + scroll to zoom the board"
             : std::string();
}

}  // namespace gs::app
