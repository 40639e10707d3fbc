// The board view: a caption with the value (so a saved image says what it shows), the game's
// own drawing (game_view.h) and a short legend; while a board is being solved, its progress
// with Cancel; when a link could not be opened, the reason and a way on.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

#include "game_view.h"
#include "rules/rules_game.h"
#include "ui_phrases.h"

namespace gs::app {
namespace {

// Opens the lazy board (not in an embed: a guest on a blog's page keeps its one board).
void drawPlayBySearch(App& app) {
  if (app.layout() == Layout::kEmbed) return;
  if (button(trLabel("Play it by search").c_str())) app.doc.openSearchBoard();
  app.widgets.record("search-board");
}

void drawProgress(App& app, const SolvingStatus& solving) {
  // A rules game being opened: nothing of it has run on the page yet.
  textWrapped(
      "%s",
      trText(Message(solving.opening ? kOpening : kSolving, {{"WHAT", solving.what}})).c_str());
  if (solving.opening) app.widgets.record("opening", false);
  ImGui::ProgressBar(static_cast<float>(solving.progress), ImVec2(-1, 0));
  app.widgets.record("progress", false);
  std::string detail = trText(Message(kPositions, {{"N", solving.positions}})) + " \xC2\xB7 " +
                       durationText(solving.elapsedMs);
  if (solving.remainingMs >= 0)
    detail +=
        " \xC2\xB7 " + trText(Message(kTimeLeft, {{"TIME", durationText(solving.remainingMs)}}));
  // Cancel comes first on its line, so that it stays where it is while the figures after it
  // grow (after them it moved 130 px when the time left appeared, and clicks missed it).
  if (button(trLabel("Cancel").c_str())) {
    app.doc.cancel();
    app.toasts.show(app.doc.notice());
  }
  app.widgets.record("cancel");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  // Wrapped beside the button: on a phone the figures take two lines rather than run off.
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", detail.c_str());
  ImGui::PopStyleColor();
  // A rules board's start, by the worker's search ahead of the whole solve: below the bar and
  // Cancel, so that they do not move when it appears.
  const std::vector<Message> searched = searchedLines(solving);
  for (std::size_t k = 0; k < searched.size(); ++k) {
    textWrapped("%s", trText(searched[k]).c_str());
    app.widgets.record(k == 0 ? "searched" : "searched-moves", false);
  }
  // Once it is known who wins at the start, the board can be played by search at once, in
  // place of waiting for the whole solve.
  if (app.doc.canSearchBoard()) drawPlayBySearch(app);
  ImGui::Separator();
}

// The GIF being made: its frames so far, with Cancel.
void drawGifProgress(App& app, const GifMaker::Progress& gif) {
  textWrapped("%s", trText(Message(kGifFrame, {{"N1", gif.done}, {"N2", gif.total}})).c_str());
  ImGui::ProgressBar(static_cast<float>(gif.done) / std::max(1, gif.total), ImVec2(-1, 0));
  app.widgets.record("gif-progress", false);
  ImGui::PushID("gif");
  if (button(trLabel("Cancel").c_str())) app.gif.cancel();
  ImGui::PopID();
  app.widgets.record("gif-cancel");
  ImGui::Separator();
}

// A rules board whose whole solve was refused (a limit), though who wins at its start is known,
// or whose lazy board was closed: it can be played (again) by search, under the sentence that
// says which.
void drawRefusedSearchable(App& app) {
  if (app.layout() == Layout::kEmbed) return;
  if (app.doc.searchBoardClosed()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    textWrapped("%s", trText(Message(kSearchBoardClosed, {})).c_str());
    ImGui::PopStyleColor();
    app.widgets.record("search-board-closed", false);
  } else if (!app.doc.refusedButSearchable().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.35f, 1.0f));
    textWrapped("%s", trText(Message(kRefusedSearchable, {})).c_str());
    ImGui::PopStyleColor();
    app.widgets.record("refused-searchable", false);
  } else {
    return;
  }
  drawPlayBySearch(app);
  ImGui::Separator();
}

}  // namespace

void drawBoard(App& app, ImVec2 size) {
  const ImVec2 start = ImGui::GetCursorScreenPos();
  // The progress line appears once a solve has taken a moment: a board the worker answers in a
  // few frames (a small rules game) replaces the one on screen without a flash of progress.
  constexpr double kProgressAfterMs = 150;
  if (const auto solving = app.doc.solving();
      solving && solving->sinceStartMs >= kProgressAfterMs) {
    drawProgress(app, *solving);
    // The board on screen stays usable under the progress bar.
  }
  if (const auto gif = app.gif.progress()) drawGifProgress(app, *gif);
  if (app.doc.searchBoard()) {
    drawSearchBoard(app, ImVec2(size.x, size.y - (ImGui::GetCursorScreenPos().y - start.y)));
    return;
  }
  if (!app.doc.hasBoard()) {
    if (!app.doc.linkError().empty()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.35f, 1.0f));
      textWrapped("%s %s", tr("This link could not be opened:"),
                  trText(app.doc.linkError()).c_str());
      ImGui::PopStyleColor();
      app.widgets.record("link-error", false);
      drawRefusedSearchable(app);
      textWrapped("%s", tr("The address bar keeps the link, so it can be corrected."));
      if (button(trLabel("Open the default board").c_str())) app.doc.openDefault();
      app.widgets.record("open-default");
    } else {
      drawRefusedSearchable(app);
    }
    return;
  }
  if (!app.doc.linkError().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.35f, 1.0f));
    textWrapped("%s %s", tr("This link could not be opened:"), trText(app.doc.linkError()).c_str());
    ImGui::PopStyleColor();
    app.widgets.record("link-error", false);
  }
  drawRefusedSearchable(app);
  const Session& session = app.doc.session();
  // A caption with the value, so a saved image of the board says what it shows.
  const Message result = finalResultText(session);
  // (A rules game is named by its title.)
  const Message game = session.game().rulesGame() ? Message(session.game().info().title)
                                                  : Message(session.game().id());
  if (session.game().rulesGame()) noteUserText(session.game().info().title);  // its glyphs
  const Message caption =
      app.valuesHidden()
          ? Message(kCaption, {{"GAME", game}, {"N", session.step()}})
          : Message(kCaptionValue,
                    {{"GAME", game},
                     {"N", session.step()},
                     {"MESSAGE", result.empty() ? session.gameBoard().texts().describe(
                                                      session.gameBoard().value(),
                                                      session.gameBoard().sideToMove())
                                                : result}});
  app.ui.boardMin = ImGui::GetCursorScreenPos();
  const float captionTop = ImGui::GetCursorScreenPos().y;
  textWrapped("%s", trText(caption).c_str());
  app.widgets.record("board-caption", false);
  // In an embed the caption has a slot as tall as the line's tallest caption, so the board
  // under it stays where it is from step to step.
  const float captionUsed = ImGui::GetCursorScreenPos().y - captionTop;
  if (app.embed.measuring()) app.embed.noteCaption(captionUsed);
  const float captionSlot = app.embed.captionSlot(app.layout() == Layout::kEmbed);
  if (captionSlot > captionUsed)
    ImGui::SetCursorScreenPos(ImVec2(ImGui::GetCursorScreenPos().x, captionTop + captionSlot));
  const float used = ImGui::GetCursorScreenPos().y - start.y;
  size.y -= used + ImGui::GetTextLineHeightWithSpacing() + 4;
  // On a wide page the comment of the step is under the board, in room for the line's longest
  // (the board keeps its size from step to step). A phone and an embed show it in the status.
  const bool commentHere = app.layout() == Layout::kWide || app.layout() == Layout::kTablet;
  // Measured once per line, width, language and font, not at every frame.
  static struct {
    int version = -1;
    float width = -1;
    Language language = Language::kEnglish;
    std::uint64_t font = 0;
    float room = 0;
  } measured;
  float commentRoom = 0;
  if (commentHere && session.hasComments()) {
    if (measured.version != app.doc.version() || measured.width != size.x ||
        measured.language != app.language() || measured.font != textureEpoch()) {
      measured = {app.doc.version(), size.x, app.language(), textureEpoch(), 0};
      for (const std::string& comment : session.comments())
        measured.room = std::max(measured.room, commentHeight(comment, size.x));
    }
    commentRoom = measured.room;
    size.y -= commentRoom;
  }
  const GameView& view = viewOf(session.game());
  if (app.layout() == Layout::kEmbed && !view.naturalHeight) {
    // A board without a natural height (its drawing sizes itself to the room it is given) gets
    // the same room at every step in an embed, whatever the frame's height: the room depends
    // on the width only, so the embed's measure of the line holds.
    // (A frame shorter than the embed asked for scales that room down.)
    size.y = std::clamp(size.x, 280.0f, 560.0f) * app.embed.boardScale();
  }
  if (app.embed.measuring() && view.naturalHeight) {
    // The embed's measure of the line: a board with a natural height takes just that.
    ImGui::Dummy(ImVec2(size.x, view.naturalHeight(app, size.x)));
    return;
  }
  view.drawBoard(app, ImVec2(size.x, std::max(size.y, 120.0f)));
  if (app.embed.measuring()) return;
  const ImVec2 end = ImGui::GetCursorScreenPos();
  if (commentRoom > 0) drawComment(app);
  const ImVec2 windowMax(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                         ImGui::GetWindowPos().y + ImGui::GetWindowSize().y);
  app.ui.boardMax =
      ImVec2(std::min(windowMax.x, app.ui.boardMin.x + size.x), std::min(windowMax.y, end.y));
  app.widgets.recordRect("board", app.ui.boardMin, app.ui.boardMax);
}

}  // namespace gs::app
