// The board view: a caption with the value (so a saved image says what it shows), then the
// game's own drawing (game_view.h), and the board's rectangle for Save image and the test hook.
#include <algorithm>
#include <string>

#include "app.h"
#include "game_view.h"

namespace gs::app {

void drawBoard(App& app, ImVec2 size) {
  if (!app.session) return;
  const Session& session = app.session.value();
  // A caption with the value, so a saved image of the board says what it shows.
  const std::string caption = std::string(session.game().id()) + ", after move " +
                              std::to_string(session.step()) + ": " +
                              session.describe(session.value(), session.sideToMove());
  app.boardMin = ImGui::GetCursorScreenPos();
  ImGui::TextUnformatted(caption.c_str());
  app.record("board-caption");
  size.y -= ImGui::GetTextLineHeightWithSpacing();
  viewOf(session.game()).drawBoard(app, size);
  const ImVec2 end = ImGui::GetCursorScreenPos();
  const ImVec2 windowMax(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                         ImGui::GetWindowPos().y + ImGui::GetWindowSize().y);
  app.boardMax = ImVec2(std::min(windowMax.x, app.boardMin.x + size.x), std::min(windowMax.y, end.y));
  app.recordRect("board", app.boardMin, app.boardMax);
}

}  // namespace gs::app
