// "Your game": a game written as a Lua rules file (core/rules/lua_rules.h,
// core/rules/rules_game.h).
//
// The board view draws the position as the rules' show() does (a text in a monospace font, or a
// grid of cells) and the moves of the position as buttons with their values, as the exchange
// board does. The editor panel holds the rules: the examples to start from, the code with line
// numbers (Tab indents; the failing line marked with Lua's message), the parameters with their
// ranges, and Solve (or Ctrl+Enter). A rules game's link carries its text
// (core/tools/share_link.h), so the editor follows the board on screen: a link or an example brings
// its rules in.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "base/forms.h"
#include "base/values.h"
#include "game_view.h"
#include "imgui_internal.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules_examples.h"
#include "rules_request.h"
#include "ui_phrases.h"
#include "web_platform.h"

namespace gs::app {
namespace {

constexpr std::size_t kExampleCount = sizeof kRulesExamples / sizeof kRulesExamples[0];

// The example "Your game" opens with: take 1, 3 or 4 (a pile, a short line, a period to find).
std::size_t firstExample() {
  for (std::size_t k = 0; k < kExampleCount; ++k)
    if (std::strcmp(kRulesExamples[k].name, "take134") == 0) return k;
  return 0;
}

// The line a message names ("line 7: ..." or "...: line 7: ..."), or 0.
int lineOf(const std::string& message) {
  const std::size_t at = message.find("line ");
  if (at == std::string::npos) return 0;
  return std::atoi(message.c_str() + at + 5);
}

void setText(App& app, const std::string& text) {
  const std::size_t size = std::min(text.size(), app.ui.rules.text.size() - 1);
  std::copy(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(size),
            app.ui.rules.text.begin());
  app.ui.rules.text[size] = '\0';
}

// --- The board.

void drawShown(App& app, const BoardSnapshot& snapshot, ImVec2 room) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImFont* mono = app.fonts.mono() ? app.fonts.mono() : ImGui::GetFont();
  if (!snapshot.grid.empty()) {
    std::size_t columns = 1;
    for (const auto& row : snapshot.grid) columns = std::max(columns, row.size());
    const float rows = static_cast<float>(snapshot.grid.size());
    const float cell = std::clamp(
        std::min(room.x / static_cast<float>(columns), room.y / std::max(rows, 1.0f)), 6.0f, 44.0f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    for (std::size_t y = 0; y < snapshot.grid.size(); ++y) {
      const auto& row = snapshot.grid[y];
      for (std::size_t x = 0; x < row.size(); ++x) {
        const ImVec2 min(at.x + static_cast<float>(x) * cell, at.y + static_cast<float>(y) * cell);
        const ImVec2 max(min.x + cell, min.y + cell);
        draw->AddRectFilled(min, max,
                            (x + y) % 2 ? IM_COL32(52, 58, 70, 255) : IM_COL32(64, 71, 85, 255));
        if (row[x].empty() || row[x] == " ") continue;
        float size = cell * (row[x].size() > 2 ? 0.42f : 0.62f);
        ImVec2 extent = mono->CalcTextSizeA(size, FLT_MAX, 0, row[x].c_str());
        if (extent.x > cell * 0.92f) {  // a long cell's text is made smaller to fit its cell
          size *= cell * 0.92f / extent.x;
          extent = mono->CalcTextSizeA(size, FLT_MAX, 0, row[x].c_str());
        }
        draw->AddText(mono, size,
                      ImVec2(min.x + (cell - extent.x) / 2, min.y + (cell - extent.y) / 2),
                      palette::kText, row[x].c_str());
      }
    }
    ImGui::Dummy(ImVec2(static_cast<float>(columns) * cell, rows * cell));
    app.widgets.recordRect("rules-grid", at,
                           ImVec2(at.x + static_cast<float>(columns) * cell, at.y + rows * cell));
    return;
  }
  ImGui::PushFont(mono);
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + room.x);
  ImGui::TextUnformatted(snapshot.text.c_str(), snapshot.text.c_str() + snapshot.text.size());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  app.widgets.recordRect("rules-text", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void drawRulesBoard(App& app, ImVec2 size) {
  if (app.embed.measuring()) {  // the embed's measure: the room is fixed by the width
    ImGui::Dummy(size);
    return;
  }
  // Board or Table (table_view.cpp).
  const float switchTop = ImGui::GetCursorScreenPos().y;
  if (drawBoardOrTableSwitch(app)) {
    drawRulesTable(app, ImVec2(size.x, size.y - (ImGui::GetCursorScreenPos().y - switchTop)));
    return;
  }
  const Session& session = app.doc.session();
  // On a phone the case selector of a problem's input sits here, in view with the board (the
  // answer box is further down the page); elsewhere it is under the answer box.
  if (const RulesCase& cases = RulesGame::caseOf(session.gameBoard());
      app.layout() == Layout::kPhone && cases.input && cases.count > 1) {
    ImGui::SameLine();
    drawCaseSelector(app);
  }
  size.y -= ImGui::GetCursorScreenPos().y - switchTop;
  const float top = ImGui::GetCursorScreenPos().y;
  drawShown(app, session.snapshot(), ImVec2(size.x, size.y * 0.55f));
  ImGui::Separator();
  const std::vector<MoveValue> moves = session.gameBoard().moves();
  const int mover = session.gameBoard().sideToMove();
  const std::string player = session.info().players[mover];
  if (moves.empty()) {
    textWrapped("%s", trText(Message(forms::kNoMoveGameOver, {{"PLAYER", player}})).c_str());
    return;
  }
  ImGui::TextUnformatted(trText(Message(app.valuesHidden() ? forms::kPlays : forms::kPlaysValues,
                                        {{"PLAYER", player}}))
                             .c_str());
  const Metric metric = session.info().metric;
  const Value here = session.gameBoard().value();
  const float rowHeight = 30 + ImGui::GetStyle().ItemSpacing.y;
  const float used = ImGui::GetCursorScreenPos().y - top;
  const float height =
      std::max(90.0f, std::min(static_cast<float>(moves.size()) * rowHeight,
                               app.layout() == Layout::kPhone ? 260.0f : size.y - used));
  ImGui::BeginChild("rules-moves", ImVec2(0, height), false);
  // Only the rows in view are laid out: a position may have thousands of moves.
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(moves.size()), rowHeight);
  while (clipper.Step()) {
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const MoveValue& move = moves[static_cast<std::size_t>(k)];
      const MoveJudgement verdict = judgeMove(metric, here, move.value, mover);
      const bool hidden = app.valuesHidden();
      // Move names are the rules' own text: shown as written, never translated.
      const std::string name = session.gameBoard().texts().moveName(move.move);
      const std::string label =
          (hidden ? name
                  : (move.best ? "\xE2\x98\x85 " : "") + name + "   " +
                        trText(moverValue(metric, move.value, mover)) +
                        (verdict.verdict == Verdict::kBest ? "" : "  " + verdict.mark)) +
          "###" + session.gameBoard().texts().moveCode(move.move);
      ImGui::PushStyleColor(ImGuiCol_Button, move.best && !hidden ? IM_COL32(0, 90, 140, 255)
                                                                  : IM_COL32(60, 66, 78, 255));
      if (ImGui::Button(label.c_str(), ImVec2(-1, 30))) app.doc.play(move.move);
      ImGui::PopStyleColor();
      app.widgets.record("move-" + session.gameBoard().texts().moveCode(move.move));
      if (ImGui::IsItemHovered() && !hidden) ImGui::SetTooltip("%s", trText(verdict.text).c_str());
    }
  }
  ImGui::EndChild();
}

// --- The lazy board (document.h, SearchBoard): the position on screen as show() draws it, who
// wins there, and its moves with each one's outcome for its maker; a move plays it and the worker
// searches the position it reaches (the moves wait meanwhile). Back, Start and Close.

void drawSearchMoves(App& app, const SearchedPosition& here, bool searching, float height) {
  const Message player(here.mover == 0 ? forms::kFirstPlayer : forms::kSecondPlayer, {});
  if (here.moveOutcomes.empty()) {
    textWrapped("%s", trText(Message(forms::kNoMoveGameOver, {{"PLAYER", player}})).c_str());
    return;
  }
  ImGui::TextUnformatted(trText(Message(forms::kPlays, {{"PLAYER", player}})).c_str());
  const float rowHeight = 30 + ImGui::GetStyle().ItemSpacing.y;
  ImGui::BeginChild("search-moves",
                    ImVec2(0, std::clamp(static_cast<float>(here.moveOutcomes.size()) * rowHeight,
                                         90.0f, std::max(90.0f, height))),
                    false);
  app.widgets.recordRect("search-moves", ImGui::GetWindowPos(),
                         ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                                ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
  ImGui::BeginDisabled(searching);
  // The moves best for the mover first (a win, then a draw, then a loss for their maker; with
  // values, the quickest win first and the longest loss first), each kind in the rules' order:
  // the one winning move of 900 is at the top, not at the end.
  std::vector<std::size_t> order(here.moveOutcomes.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  const bool valued = here.valued && here.moveValues.size() == order.size();
  const auto rank = [&here, valued](std::size_t k) {
    const EndResult outcome = here.moveOutcomes[k];
    const int kind = outcome == EndResult::kWin ? 0 : outcome == EndResult::kDraw ? 1 : 2;
    if (!valued) return std::pair<int, std::int64_t>(kind, 0);
    const Value& value = here.moveValues[k];
    if (here.metric == Metric::kGrundy) return std::pair<int, std::int64_t>(kind, value.score);
    return std::pair<int, std::int64_t>(kind, kind == 2 ? -value.remoteness : value.remoteness);
  };
  std::stable_sort(order.begin(), order.end(),
                   [&rank](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
  // Only the rows in view are laid out: a position may have thousands of moves.
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(here.moveOutcomes.size()), rowHeight);
  while (clipper.Step()) {
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const std::size_t index = order[static_cast<std::size_t>(k)];
      const EndResult outcome = here.moveOutcomes[index];
      // Move names are the rules' own text: shown as written, never translated.
      const std::string name =
          index < here.names.size() ? here.names[index] : "#" + std::to_string(index + 1);
      const char* word = outcome == EndResult::kWin    ? "wins"
                         : outcome == EndResult::kLoss ? "loses"
                                                       : "draws";
      // A move that keeps the mover's win or draw (in a lost position none is marked); with
      // values, an optimal move (the solved board's star), and its value, with the mark of a
      // move that is not.
      bool good = outcome == here.outcome && outcome != EndResult::kLoss;
      std::string value = tr(word);
      if (valued) {
        const MoveJudgement verdict =
            judgeMove(here.metric, here.value, here.moveValues[index], here.mover);
        good = verdict.verdict == Verdict::kBest;
        value = trText(moverValue(here.metric, here.moveValues[index], here.mover)) +
                (good ? "" : "  " + verdict.mark);
      }
      const std::string label = (good ? "\xE2\x98\x85 " : "") + name + "   " + value +
                                "###search-move-" + std::to_string(index);
      ImGui::PushStyleColor(ImGuiCol_Button,
                            good ? IM_COL32(0, 90, 140, 255) : IM_COL32(60, 66, 78, 255));
      if (ImGui::Button(label.c_str(), ImVec2(-1, 30))) app.doc.searchMove(index);
      ImGui::PopStyleColor();
      app.widgets.record("search-move-" + std::to_string(index));
    }
  }
  ImGui::EndDisabled();
  ImGui::EndChild();
}

}  // namespace

void drawSearchBoard(App& app, ImVec2 size) {
  const SearchBoard& board = *app.doc.searchBoard();
  const float top = ImGui::GetCursorScreenPos().y;
  noteUserText(board.title);  // (a stranger's text: its glyphs)
  const SearchBoardText text = searchBoardText(board);
  textWrapped("%s", trText(text.title).c_str());
  app.widgets.record("search-board-title", false);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  textWrapped(
      "%s", trText(Message(board.values ? kSearchBoardValuesNote : kSearchBoardNote, {})).c_str());
  ImGui::PopStyleColor();
  // Whole values (the moves left, or Grundy numbers) asked for from here on, or who wins alone.
  bool values = board.values;
  const bool grundy = !board.stack.empty() && board.stack.front().metric == Metric::kGrundy;
  if (ImGui::Checkbox(
          (trText(Message(grundy ? kSearchBoardGrundyNumbers : kSearchBoardMovesLeft, {})) +
           "###search-values")
              .c_str(),
          &values))
    app.doc.setSearchValues(values);
  app.widgets.record("search-values");
  ImGui::SameLine();
  ImGui::BeginDisabled(board.line.empty());
  if (ImGui::Button(trLabel("Back").c_str())) app.doc.searchBack();
  app.widgets.record("search-back");
  ImGui::SameLine();
  if (ImGui::Button(trLabel("Start").c_str())) app.doc.searchFromStart();
  app.widgets.record("search-start");
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(trLabel("Close").c_str())) {
    app.doc.closeSearchBoard();
    return;
  }
  app.widgets.record("search-close");
  textWrapped("%s", trText(text.line).c_str());
  app.widgets.record("search-line", false);
  if (!text.searching.empty()) {
    textWrapped("%s", trText(text.searching).c_str());
    app.widgets.record("search-searching", false);
  }
  if (!text.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.35f, 1.0f));
    textWrapped("%s", trText(text.error).c_str());
    ImGui::PopStyleColor();
    app.widgets.record("search-error", false);
  }
  if (board.stack.empty()) return;  // the start is being searched
  const SearchedPosition& here = board.stack.back();
  textWrapped("%s", trText(text.verdict).c_str());
  app.widgets.record("search-verdict", false);
  ImGui::Separator();
  const float used = ImGui::GetCursorScreenPos().y - top;
  const float room = std::max(120.0f, size.y - used);
  BoardSnapshot snapshot;
  snapshot.text = here.shown.text;
  snapshot.grid = here.shown.grid;
  for (const auto& row : snapshot.grid)
    for (const std::string& cell : row) noteUserText(cell);
  noteUserText(snapshot.text);
  drawShown(app, snapshot, ImVec2(size.x, room * 0.5f));
  ImGui::Separator();
  drawSearchMoves(app, here, board.searching,
                  app.layout() == Layout::kPhone
                      ? 260.0f
                      : room - (ImGui::GetCursorScreenPos().y - top - used) - 8);
}

namespace {

// The parameters as fields with their ranges; a change solves the rules again.
void drawRulesParams(App& app) {
  const RulesGame* game = rulesOnScreen(app);
  if (!game) return;
  const auto& params = game->header().params;
  if (params.empty()) {
    if (!game->header().hasRead) ImGui::TextDisabled("%s", tr("These rules have no parameters."));
    return;
  }
  std::vector<std::int64_t> values = paramsOnScreen(app);
  values.resize(params.size(), 0);
  for (std::size_t k = 0; k < params.size(); ++k) {
    const RulesParam& param = params[k];
    constexpr std::int64_t kIntMax = 2147483647;
    const int low = static_cast<int>(std::clamp<std::int64_t>(param.min, -kIntMax, kIntMax));
    const int high = static_cast<int>(std::clamp<std::int64_t>(param.max, -kIntMax, kIntMax));
    int value = static_cast<int>(std::clamp<std::int64_t>(values[k], low, high));
    ImGui::PushID(static_cast<int>(k));
    const bool changed = sizeInput(app, param.name.c_str(), &value, low, high, 150);
    ImGui::SameLine();
    ImGui::TextDisabled("%lld..%lld", static_cast<long long>(param.min),
                        static_cast<long long>(param.max));
    ImGui::PopID();
    if (changed) {
      // A board solved at once replaces this game (and these parameters): copy, then stop.
      values[k] = value;
      const std::string text = game->options().rulesText;
      loadRules(app, text, values);
      return;
    }
  }
}

// Rules that read a problem's input (read): the judge's input box, as the built-in games have
// it. It shows the input on screen (the rules' sample at first) until edited; Load opens its
// first case; Sample puts the rules' sample back. The case on the board is picked beside the
// answer (drawCaseSelector).
void drawRulesInput(App& app) {
  const RulesGame* game = rulesOnScreen(app);
  if (!game || !game->header().hasRead) return;
  const RulesCase& current = RulesGame::caseOf(app.doc.session().gameBoard());
  if (app.ui.judgeTextBoard != app.doc.boardVersion()) {
    app.ui.judgeTextBoard = app.doc.boardVersion();
    const std::string text = current.input ? *current.input : std::string();
    if (text.size() + 1 < app.ui.judgeText.size()) {
      std::copy(text.begin(), text.end(), app.ui.judgeText.begin());
      app.ui.judgeText[text.size()] = '\0';
    } else {
      app.ui.judgeText[0] = '\0';
    }
  }
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
  textWrapped("%s", tr("Judge input: the problem's input, every case (paste or type it)"));
  ImGui::PopStyleColor();
  ImGui::PushFont(app.fonts.mono() ? app.fonts.mono() : ImGui::GetFont());
  ImGui::InputTextMultiline("##rules-input", app.ui.judgeText.data(), app.ui.judgeText.size(),
                            ImVec2(-1, app.layout() == Layout::kPhone ? 110.0f : 130.0f));
  ImGui::PopFont();
  app.widgets.recordTextField("rules-input");
  if (ImGui::Button(trLabel("Load").c_str()))
    openCase(app, std::string(app.ui.judgeText.data()), 0);
  app.widgets.record("rules-input-load");
  ImGui::SameLine();
  if (ImGui::Button(trLabel("Sample").c_str())) {
    app.ui.judgeTextBoard = -1;  // the box shows the sample again once it is on screen
    openCase(app, std::nullopt, 0);
  }
  app.widgets.record("rules-input-sample");
}

void drawRulesLegend(App& app) {
  (void)app;
  legendEntry(palette::kBest, "\xE2\x98\x85",
              tr("a move button: its value for the mover (win or loss in how many moves, a "
                 "draw, a Grundy number or the final margin)"));
  textWrapped("%s", tr("The board is drawn by the rules' show(): a text, or a grid of cells."));
}

// The code editor: line numbers beside an input as tall as the text, in a child that scrolls
// both (so the numbers stay beside their lines), the failing line marked.
bool drawCode(App& app, float height) {
  ImFont* mono = app.fonts.mono() ? app.fonts.mono() : ImGui::GetFont();
  ImGui::PushFont(mono);
  const char* text = app.ui.rules.text.data();
  int lines = 1;
  for (const char* c = text; *c; ++c) lines += *c == '\n';
  const float lineHeight = ImGui::GetTextLineHeight();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float gutter = ImGui::CalcTextSize("0000").x + style.FramePadding.x;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(24, 27, 33, 255));
  ImGui::BeginChild("rules-code", ImVec2(-1, height), true);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float textHeight = static_cast<float>(lines + 1) * lineHeight + 2 * style.FramePadding.y;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // The line numbers (only those in view are drawn).
  const float viewTop = ImGui::GetScrollY(), viewBottom = viewTop + ImGui::GetWindowHeight();
  for (int line = 1; line <= lines; ++line) {
    const float y = origin.y + style.FramePadding.y + static_cast<float>(line - 1) * lineHeight;
    const float local = y - origin.y;
    if (local + lineHeight < viewTop || local > viewBottom) continue;
    const bool failing = line == app.ui.rules.errorLine;
    if (failing)
      draw->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + gutter - 4, y + lineHeight),
                          palette::kMistake);
    char number[16];
    std::snprintf(number, sizeof number, "%4d", line);
    draw->AddText(ImVec2(origin.x, y), failing ? IM_COL32(10, 10, 12, 255) : palette::kDim, number);
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x + gutter, origin.y));
  // Escape would put back the text as it was when the field got the keyboard: keep the edits.
  const bool escape = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
  std::string beforeEscape;
  if (escape) beforeEscape = text;
  struct Cursor {
    int line = -1;
  } cursor;
  const auto callback = [](ImGuiInputTextCallbackData* data) {
    int line = 0;
    for (int k = 0; k < data->CursorPos && k < data->BufTextLen; ++k) line += data->Buf[k] == '\n';
    static_cast<Cursor*>(data->UserData)->line = line;
    return 0;
  };
  // As wide as the panel: a longer line scrolls sideways inside the field, with the cursor.
  const float width = ImGui::GetContentRegionAvail().x;
  const bool solve = ImGui::InputTextMultiline(
      "##rules", app.ui.rules.text.data(), app.ui.rules.text.size(), ImVec2(width, textHeight),
      ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_EnterReturnsTrue |
          ImGuiInputTextFlags_CallbackAlways,
      callback, &cursor);
  app.widgets.recordTextField("rules-code");
  setTextTakesTab(ImGui::IsItemActive());
  if (escape && !beforeEscape.empty()) setText(app, beforeEscape);
  if (app.ui.rules.errorLine > 0) {
    // The failing line, marked across the text too.
    const float y = origin.y + style.FramePadding.y +
                    static_cast<float>(app.ui.rules.errorLine - 1) * lineHeight;
    draw->AddRectFilled(ImVec2(origin.x + gutter, y),
                        ImVec2(origin.x + gutter + width, y + lineHeight),
                        IM_COL32(230, 159, 0, 48));
  }
  // Keep the cursor's line (or the failing line, once) in view.
  int show = cursor.line >= 0 && ImGui::IsItemActive() ? cursor.line : -1;
  if (app.ui.rules.scrollToError && app.ui.rules.errorLine > 0) show = app.ui.rules.errorLine - 1;
  app.ui.rules.scrollToError = false;
  if (show >= 0) {
    const float y = style.FramePadding.y + static_cast<float>(show) * lineHeight;
    const float visible = ImGui::GetWindowHeight() - 2 * style.WindowPadding.y;
    if (y < ImGui::GetScrollY()) ImGui::SetScrollY(y);
    if (y + lineHeight > ImGui::GetScrollY() + visible) ImGui::SetScrollY(y + lineHeight - visible);
  }
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopFont();
  return solve;
}

}  // namespace

// "case 2 of 5" with the previous and next case: each opens that case of the same input.
void drawCaseSelector(App& app) {
  const RulesGame* game = rulesOnScreen(app);
  if (!game) return;
  const RulesCase& current = RulesGame::caseOf(app.doc.session().gameBoard());
  if (!current.input || current.count < 2) return;
  ImGui::PushID("case-selector");
  const bool first = current.index == 0, last = current.index + 1 >= current.count;
  ImGui::BeginDisabled(first);
  if (ImGui::ArrowButton("prev", ImGuiDir_Left) && !first)
    openCase(app, *current.input, current.index - 1);
  ImGui::EndDisabled();
  app.widgets.record("case-prev");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  const std::string shown =
      trText(Message(kCaseOf, {{"N1", static_cast<std::int64_t>(current.index + 1)},
                               {"N2", static_cast<std::int64_t>(current.count)}}));
  ImGui::TextUnformatted(shown.c_str());
  app.widgets.recordValue(
      "rules-case", std::to_string(current.index + 1) + " of " + std::to_string(current.count));
  ImGui::SameLine();
  ImGui::BeginDisabled(last);
  if (ImGui::ArrowButton("next", ImGuiDir_Right) && !last)
    openCase(app, *current.input, current.index + 1);
  ImGui::EndDisabled();
  app.widgets.record("case-next");
  ImGui::PopID();
}

const RulesGame* rulesOnScreen(const App& app) {
  return app.doc.hasBoard() ? rulesGameOf(app.doc.game()) : nullptr;
}

std::vector<std::int64_t> paramsOnScreen(const App& app) {
  std::vector<std::int64_t> values;
  if (!rulesOnScreen(app)) return values;
  const std::string& line = app.doc.session().gameBoard().judge().judgeInput();
  const char* at = line.c_str();
  char* end = nullptr;
  for (long long value = std::strtoll(at, &end, 10); end != at;
       value = std::strtoll(at, &end, 10)) {
    values.push_back(value);
    at = end;
  }
  return values;
}

extern const GameView kRulesView = {kRulesGameId, drawRulesBoard, drawRulesParams, drawRulesLegend};

bool loadRules(App& app, std::string text, const std::vector<std::int64_t>& given,
               const std::string& origin, bool keepInput) {
  // Nothing of the rules runs here: the worker loads and solves them first (Document::
  // openRules); the parameters travel by name, read against the rules' own declarations there
  // (a name the rules do not declare, or a value out of its range, takes the default).
  RulesRequest request;
  request.rules = std::move(text);
  if (const RulesGame* previous = rulesOnScreen(app)) {
    const auto& names = previous->header().params;
    const std::vector<std::int64_t> values = given.empty() ? paramsOnScreen(app) : given;
    for (std::size_t k = 0; k < names.size() && k < values.size(); ++k)
      request.params.emplace_back(names[k].name, values[k]);
    // A problem's input on screen stays when the rules are solved again.
    const RulesCase& current = RulesGame::caseOf(app.doc.session().gameBoard());
    if (keepInput && current.input) {
      request.input = *current.input;
      request.caseIndex = current.index;
    }
  }
  app.ui.rules.error.clear();
  app.ui.rules.errorLine = 0;
  app.ui.rules.open = true;
  app.ui.rules.opening = true;
  app.doc.openRules(std::move(request), origin);
  return true;
}

void openCase(App& app, const std::optional<std::string>& input, std::size_t index) {
  const RulesGame* game = rulesOnScreen(app);
  if (!game) return;
  RulesRequest request;
  request.rules = game->options().rulesText;
  request.input = input;
  request.caseIndex = index;
  app.ui.rules.opening = true;
  app.doc.openRules(std::move(request));
}

void openYourGame(App& app) {
  app.ui.rules.open = true;
  app.ui.panel = 1;  // tablets and phones: the editor's tab, where the rules are
  if (app.ui.rules.text[0] == '\0') {
    app.ui.rules.example = static_cast<int>(firstExample());
    setText(app, kRulesExamples[app.ui.rules.example].text);
  }
  loadRules(app, app.ui.rules.text.data());
}

void openExampleAsTable(App& app, const char* name) {
  for (std::size_t k = 0; k < kExampleCount; ++k) {
    if (std::strcmp(kRulesExamples[k].name, name) != 0) continue;
    app.ui.rules.open = true;
    app.ui.rules.example = static_cast<int>(k);
    app.ui.rules.tableOf = kRulesExamples[k].text;
    setText(app, kRulesExamples[k].text);
    loadRules(app, kRulesExamples[k].text);
    return;
  }
}

void followRulesBoard(App& app) {
  // Rules opened from here that the worker (or the page) could not open: the editor shows the
  // sentence and marks the line it names; the board on screen stays.
  if (app.ui.rules.opening && !app.doc.solving()) {
    app.ui.rules.opening = false;
    if (app.ui.rules.board == app.doc.boardVersion() && !app.doc.error().empty()) {
      app.ui.rules.error = app.doc.error();
      app.ui.rules.errorLine = lineOf(app.ui.rules.error.english());
      app.ui.rules.scrollToError = true;
      return;
    }
  }
  if (app.ui.rules.board == app.doc.boardVersion()) {
    // A solve of these rules that failed names its line.
    if (app.ui.rules.open && app.ui.rules.error.empty() && !app.doc.error().empty() &&
        lineOf(app.doc.error().english()) > 0 && !app.doc.solving()) {
      app.ui.rules.error = app.doc.error();
      app.ui.rules.errorLine = lineOf(app.ui.rules.error.english());
      app.ui.rules.scrollToError = true;
    }
    return;
  }
  app.ui.rules.board = app.doc.boardVersion();
  const RulesGame* game = rulesOnScreen(app);
  app.ui.rules.open = game != nullptr;
  if (!game) return;
  // The rules of the board on screen come into the editor (a link, an example, a drop).
  if (game->options().rulesText != app.ui.rules.text.data())
    setText(app, game->options().rulesText);
  // The example it is, if it is one.
  app.ui.rules.example = -1;
  for (std::size_t k = 0; k < kExampleCount; ++k)
    if (game->options().rulesText == kRulesExamples[k].text)
      app.ui.rules.example = static_cast<int>(k);
  app.ui.rules.error.clear();
  app.ui.rules.errorLine = 0;
}

void drawRulesEditor(App& app) {
  ImGui::TextDisabled("%s", tr("Your game"));
  if (const RulesGame* game = rulesOnScreen(app)) {
    textWrapped("%s", game->info().title);
    app.widgets.recordValue("rules-title", game->info().title);
  }
  // The examples to start from.
  const char* current =
      app.ui.rules.example >= 0 && app.ui.rules.example < static_cast<int>(kExampleCount)
          ? kRulesExamples[app.ui.rules.example].name
          : tr("pick one");
  ImGui::SetNextItemWidth(200);
  // As tall as the window allows (20 examples fit a 768-pixel screen without scrolling).
  if (ImGui::BeginCombo(trLabel("Examples").c_str(), current, ImGuiComboFlags_HeightLargest)) {
    for (std::size_t k = 0; k < kExampleCount; ++k) {
      if (ImGui::Selectable(kRulesExamples[k].name, static_cast<int>(k) == app.ui.rules.example)) {
        app.ui.rules.example = static_cast<int>(k);
        setText(app, kRulesExamples[k].text);
        loadRules(app, kRulesExamples[k].text);
      }
      // (Only the entries in view: one scrolled out of the list cannot be clicked where it is.)
      if (ImGui::IsItemVisible())
        app.widgets.record(std::string("example-") + kRulesExamples[k].name);
    }
    ImGui::EndCombo();
  }
  app.widgets.record("rules-examples");
  drawRulesParams(app);
  drawRulesInput(app);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
  textWrapped("%s", tr("The rules, in Lua 5.4 (Tab indents; Ctrl+Enter solves):"));
  ImGui::PopStyleColor();
  const float height = app.layout() == Layout::kPhone ? 300.0f
                       : app.layout() == Layout::kWide
                           ? std::max(220.0f, ImGui::GetContentRegionAvail().y - 120.0f)
                           : 340.0f;
  bool solve = drawCode(app, height);
  if (ImGui::Button(trLabel("Solve").c_str())) solve = true;
  app.widgets.record("rules-solve");
  ImGui::SameLine();
  if (ImGui::Button(trLabel("Default parameters").c_str())) {
    if (const RulesGame* game = rulesOnScreen(app)) {
      const std::string text = game->options().rulesText;  // (the game may go with its board)
      loadRules(app, text, game->defaults());
    }
  }
  app.widgets.record("rules-defaults");
  if (solve) loadRules(app, app.ui.rules.text.data(), {}, "", true);
  if (!app.ui.rules.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.35f, 1.0f));
    textWrapped("%s", trText(app.ui.rules.error).c_str());
    ImGui::PopStyleColor();
    app.widgets.record("rules-error", false);
    app.widgets.recordValue("rules-error", app.ui.rules.error.english());
  }
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
  textWrapped("%s", tr("game = {title, params, start, moves, play, and optionally gain, score, "
                       "result, impartial, parts, moves_by_part, children, mover, partisan, show, "
                       "name, and for a contest problem read, answer, random, sample}: see the "
                       "README's Your own game. Rules run sandboxed: they can compute, and nothing "
                       "else."));
  ImGui::PopStyleColor();
}

}  // namespace gs::app

namespace gs::app {

void advanceJudgeOutput(App& app) {
  UiState::JudgeOutput& judge = app.ui.judge;
  SolverWorker* worker = solverWorker();
  const auto stop = [&] {
    if (judge.job != 0) worker->stop(judge.job);
    judge.job = 0;
  };
  const RulesGame* game = rulesOnScreen(app);
  const RulesCase* current =
      game && game->header().hasRead ? &RulesGame::caseOf(app.doc.session().gameBoard()) : nullptr;
  if (!current || !current->input) {
    stop();
    judge = UiState::JudgeOutput{};
    return;
  }
  const std::string key = game->options().rulesText + '\0' + *current->input;
  if (judge.key != key) {
    // A new input (or rules): its output is asked for once no board is being opened or solved,
    // so the worker copies the board's tables first.
    stop();
    judge = UiState::JudgeOutput{};
    if (app.doc.solving()) return;
    judge.key = key;
    if (current->count == 1) {
      // One case: the board's own answer is the whole output.
      judge.output = app.doc.judgeOutput();
      judge.done = true;
      return;
    }
    judge.job = worker->startJudge(game->options().rulesText, *current->input);
    if (judge.job == 0) {
      judge.done = true;
      judge.error = "unavailable";
    }
    return;
  }
  if (judge.done || judge.job == 0) return;
  const WorkerReport report = worker->poll(judge.job);
  if (report.state == WorkerReport::State::kSolving) return;
  if (report.state == WorkerReport::State::kSolved)
    judge.output = worker->output(judge.job);
  else
    judge.error = report.message.empty() ? "the solver worker stopped" : report.message;
  judge.done = true;
  stop();
}

}  // namespace gs::app
