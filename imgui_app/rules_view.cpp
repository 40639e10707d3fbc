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

// The place a message names: its line ("line 7: ..." or "...: line 7: ..."), 0 when none, and
// for a syntax error its column after it ("line 7, column 12: ..."), 0 when none.
struct Place {
  int line = 0, column = 0;
};
Place placeOf(const std::string& message) {
  Place place;
  const std::size_t at = message.find("line ");
  if (at == std::string::npos) return place;
  const char* c = message.c_str() + at + 5;
  place.line = std::atoi(c);
  while (*c >= '0' && *c <= '9') ++c;
  if (std::strncmp(c, ", column ", 9) == 0) place.column = std::atoi(c + 9);
  return place;
}

// The editor's error (none when empty): its line and column marked, scrolled to at the next
// frame and, when `cursor` (a desktop, after a load from the editor), the cursor put there.
void showError(App& app, Message error, bool cursor) {
  UiState::RulesEditor& editor = app.ui.rules;
  editor.error = std::move(error);
  const Place place = editor.error.empty() ? Place{} : placeOf(editor.error.english());
  editor.errorLine = place.line;
  editor.errorColumn = place.line > 0 ? place.column : 0;
  editor.scrollToError = editor.errorLine > 0;
  editor.cursorToError = cursor && editor.errorLine > 0;
  editor.focusAsked = false;
}

void setText(App& app, const std::string& text) {
  const std::size_t size = std::min(text.size(), app.ui.rules.text.size() - 1);
  std::copy(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(size),
            app.ui.rules.text.begin());
  app.ui.rules.text[size] = '\0';
  ++app.ui.rules.revision;
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
    // (beside the switch when it fits: a touch device's arrows are a finger's size)
    const ImGuiStyle& style = ImGui::GetStyle();
    sameLineIfFits(2 * (ImGui::GetFrameHeight() + style.ItemSpacing.x) +
                   ImGui::CalcTextSize("case 10 of 10").x);
    drawCaseSelector(app);
  }
  size.y -= ImGui::GetCursorScreenPos().y - switchTop;
  const float top = ImGui::GetCursorScreenPos().y;
  // A partisan game's value, under the board: its thermograph as tall as the room allows (none
  // in a short panel).
  const bool valued = offersCombinatorialValues(app);
  drawShown(app, session.snapshot(), ImVec2(size.x, size.y * (valued ? 0.38f : 0.55f)));
  ImGui::Separator();
  if (valued) {
    // (A phone's page scrolls: its thermograph is as tall as a desktop's smallest.)
    const float graph = app.layout() == Layout::kPhone ? 120.0f : size.y * 0.22f;
    drawCombinatorialValue(app, ImGui::GetContentRegionAvail().x,
                           graph >= 80 ? std::min(graph, 150.0f) : 0.0f);
    ImGui::Separator();
  }
  const CombinatorialValues* cgt = valued ? session.gameBoard().combinatorialValues() : nullptr;
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
  const float rowHeight = touchHeight(30) + ImGui::GetStyle().ItemSpacing.y;
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
      // A partisan game's move: the value it leads to too (long forms cut).
      std::string after;
      if (cgt) {
        if (auto form = cgt->valueAfter(move.move)) {
          if (form->size() > 28) form = form->substr(0, 26) + "\xE2\x80\xA6";
          after = "   \xE2\x86\x92 " + *form;
        }
      }
      const std::string label =
          (hidden ? name
                  : (move.best ? "\xE2\x98\x85 " : "") + name + "   " +
                        trText(moverValue(metric, move.value, mover)) +
                        (verdict.verdict == Verdict::kBest ? "" : "  " + verdict.mark) + after) +
          "###" + session.gameBoard().texts().moveCode(move.move);
      ImGui::PushStyleColor(ImGuiCol_Button, move.best && !hidden ? IM_COL32(0, 90, 140, 255)
                                                                  : IM_COL32(60, 66, 78, 255));
      if (button(label.c_str(), ImVec2(-1, 30))) app.doc.play(move.move);
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
  const float rowHeight = touchHeight(30) + ImGui::GetStyle().ItemSpacing.y;
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
      if (button(label.c_str(), ImVec2(-1, 30))) app.doc.searchMove(index);
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
  if (button(trLabel("Back").c_str())) app.doc.searchBack();
  app.widgets.record("search-back");
  ImGui::SameLine();
  if (button(trLabel("Start").c_str())) app.doc.searchFromStart();
  app.widgets.record("search-start");
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (button(trLabel("Close").c_str())) {
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
  if (button(trLabel("Load").c_str())) openCase(app, std::string(app.ui.judgeText.data()), 0);
  app.widgets.record("rules-input-load");
  ImGui::SameLine();
  if (button(trLabel("Sample").c_str())) {
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

// The byte offset of a line and column of the text (both from 1, the column in characters, as
// errors count them), at the line's end when the column is past it.
int offsetOf(const char* text, int length, int line, int column) {
  int k = 0;
  for (int at = 1; at < line && k < length; ++k)
    if (text[k] == '\n') ++at;
  for (int at = 1; at < column && k < length && text[k] != '\n'; ++at) {
    ++k;
    while (k < length && (static_cast<unsigned char>(text[k]) & 0xC0) == 0x80) ++k;
  }
  return k;
}

// The editor's text measured (its length, lines, longest line and digest), again only when it or
// the font changed: a frame of a still editor does not walk a file of 256 KB.
const UiState::RulesEditor::Measure& measureOf(UiState::RulesEditor& editor) {
  UiState::RulesEditor::Measure& measure = editor.measure;
  const ImFont* font = ImGui::GetFont();
  if (measure.revision == editor.revision && measure.font == font &&
      measure.fontSize == ImGui::GetFontSize())
    return measure;
  const char* text = editor.text.data();
  const int length = static_cast<int>(std::strlen(text));
  int lines = 1;
  for (int k = 0; k < length; ++k) lines += text[k] == '\n';
  // FNV-1a: tests compare what they typed with what the editor holds.
  std::uint32_t hash = 2166136261u;
  for (int k = 0; k < length; ++k) hash = (hash ^ static_cast<unsigned char>(text[k])) * 16777619u;
  char digest[32];
  std::snprintf(digest, sizeof digest, "%d:%08x", length, hash);
  measure = {editor.revision, font,  ImGui::GetFontSize(),
             length,          lines, ImGui::CalcTextSize(text, text + length).x,
             digest};
  return measure;
}

// The code editor: line numbers beside a child that scrolls both ways, holding an input as tall
// as the text and as wide as its longest line (so a long line is read by scrolling sideways,
// with the wheel, a swipe or the scrollbar, and the numbers stay beside their lines); the cursor
// kept in view as it moves, the failing line marked and, for a syntax error, its column. After
// a failed load the editor scrolls to the error and, on a desktop, puts the cursor there.
bool drawCode(App& app, float height) {
  UiState::RulesEditor& editor = app.ui.rules;
  ImFont* mono = app.fonts.mono() ? app.fonts.mono() : ImGui::GetFont();
  ImGui::PushFont(mono);
  const char* text = editor.text.data();
  const UiState::RulesEditor::Measure& before = measureOf(editor);
  const int length = before.length, lines = before.lines;
  const float lineHeight = ImGui::GetTextLineHeight();
  const float charWidth = ImGui::CalcTextSize("M").x;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float gutter = ImGui::CalcTextSize("0000").x + style.FramePadding.x;
  const ImU32 background = IM_COL32(24, 27, 33, 255);
  const ImVec2 start = ImGui::GetCursorScreenPos();
  const float fullWidth = ImGui::GetContentRegionAvail().x;
  ImDrawList* panel = ImGui::GetWindowDrawList();
  panel->AddRectFilled(start, ImVec2(start.x + gutter, start.y + height), background);
  ImGui::SetCursorScreenPos(ImVec2(start.x + gutter, start.y));
  ImGui::PushStyleColor(ImGuiCol_ChildBg, background);
  ImGui::BeginChild("rules-code", ImVec2(fullWidth - gutter, height), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  {
    // A sideways wheel or swipe over the text scrolls this child: ImGui gives it to the field
    // under the pointer, which does not scroll. The platform's wheel unit is 75 CSS px
    // (web_platform.cpp), so the text follows the finger.
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    const ImGuiIO& io = ImGui::GetIO();
    const float sideways = io.KeyShift ? io.MouseWheel : io.MouseWheelH;
    if (sideways != 0 && g.HoveredWindow && g.HoveredWindow != ImGui::GetCurrentWindow() &&
        g.HoveredWindow->ParentWindow == ImGui::GetCurrentWindow())
      ImGui::SetScrollX(
          std::clamp(ImGui::GetScrollX() - sideways * 75.0f, 0.0f, ImGui::GetScrollMaxX()));
  }
  const ImVec2 origin = ImGui::GetCursorScreenPos();  // the text's top left, as scrolled
  const float textHeight = static_cast<float>(lines + 1) * lineHeight + 2 * style.FramePadding.y;
  // Room for a few more characters than the longest line: the field never scrolls itself.
  const float width = std::max(ImGui::GetContentRegionAvail().x,
                               before.width + 8 * charWidth + 2 * style.FramePadding.x);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Escape would put back the text as it was when the field got the keyboard: keep the edits.
  const bool escape = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
  std::string beforeEscape;
  if (escape) beforeEscape = text;
  struct Cursor {
    int offset = -1;  // the cursor's byte offset, while the field is active
    int moveTo = -1;  // where to put it (the error's place); -2 once it is there
    int* revision;    // the text's, counted up when the field edits it
  } cursor{-1, -1, &editor.revision};
  if (editor.cursorToError) {
    cursor.moveTo = offsetOf(text, length, editor.errorLine, std::max(editor.errorColumn, 1));
    if (!editor.focusAsked) ImGui::SetKeyboardFocusHere();
    editor.focusAsked = true;
  }
  const auto callback = [](ImGuiInputTextCallbackData* data) {
    Cursor& at = *static_cast<Cursor*>(data->UserData);
    if (data->EventFlag == ImGuiInputTextFlags_CallbackEdit) ++*at.revision;
    if (at.moveTo >= 0) {
      data->CursorPos = data->SelectionStart = data->SelectionEnd =
          std::min(at.moveTo, data->BufTextLen);
      at.moveTo = -2;
    }
    at.offset = std::min(data->CursorPos, data->BufTextLen);
    return 0;
  };
  const bool solve = ImGui::InputTextMultiline(
      "##rules", editor.text.data(), editor.text.size(), ImVec2(width, textHeight),
      ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_EnterReturnsTrue |
          ImGuiInputTextFlags_CallbackAlways | ImGuiInputTextFlags_CallbackEdit |
          ImGuiInputTextFlags_NoHorizontalScroll,
      callback, &cursor);
  const bool active = ImGui::IsItemActive();
  if (cursor.moveTo == -2) editor.cursorToError = editor.focusAsked = false;
  {
    // A tap or a click lands on the part in view.
    const ImRect view = ImGui::GetCurrentWindow()->InnerClipRect;
    ImRect field(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
    field.ClipWith(view);
    app.widgets.recordTextField("rules-code", field.Min, field.Max);
  }
  setTextTakesTab(active);
  if (escape && !beforeEscape.empty()) setText(app, beforeEscape);
  text = editor.text.data();
  const UiState::RulesEditor::Measure& edited = measureOf(editor);
  const int now = edited.length;
  app.widgets.recordValue("rules-text", edited.digest);
  // The cursor's line and column (from 1, in characters), and the x of its column.
  int cursorLine = 0, cursorColumn = 0;
  float cursorX = 0;
  if (active && cursor.offset >= 0) {
    int lineStart = 0;
    cursorLine = 1;
    for (int k = 0; k < cursor.offset && k < now; ++k)
      if (text[k] == '\n') {
        ++cursorLine;
        lineStart = k + 1;
      }
    cursorColumn = 1;
    for (int k = lineStart; k < cursor.offset && k < now; ++k)
      cursorColumn += (static_cast<unsigned char>(text[k]) & 0xC0) != 0x80;
    cursorX = ImGui::CalcTextSize(text + lineStart, text + std::min(cursor.offset, now)).x;
    app.widgets.recordValue("rules-cursor",
                            std::to_string(cursorLine) + ":" + std::to_string(cursorColumn));
    // Where the caret is drawn (tests see it in view, or not).
    const ImVec2 caret(
        origin.x + style.FramePadding.x + cursorX,
        origin.y + style.FramePadding.y + static_cast<float>(cursorLine - 1) * lineHeight);
    app.widgets.recordRect("rules-caret", caret, ImVec2(caret.x + 1, caret.y + lineHeight));
  }
  float errorX = 0;
  if (editor.errorLine > 0) {
    // The failing line, marked across the text too, and the error's column under its character.
    const float y =
        origin.y + style.FramePadding.y + static_cast<float>(editor.errorLine - 1) * lineHeight;
    draw->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + width, y + lineHeight),
                        IM_COL32(230, 159, 0, 48));
    if (editor.errorColumn > 0) {
      const int lineStart = offsetOf(text, now, editor.errorLine, 1);
      const int at = offsetOf(text, now, editor.errorLine, editor.errorColumn);
      errorX = ImGui::CalcTextSize(text + lineStart, text + at).x;
      const float x = origin.x + style.FramePadding.x + errorX;
      draw->AddRectFilled(ImVec2(x, y + lineHeight - 3), ImVec2(x + charWidth, y + lineHeight),
                          palette::kMistake);
      app.widgets.recordRect("rules-error-mark", ImVec2(x, y),
                             ImVec2(x + charWidth, y + lineHeight));
      app.widgets.recordValue("rules-error-column", std::to_string(editor.errorColumn));
    }
  }
  // Keep in view the cursor when it moved or the text changed (the wheel may look elsewhere in
  // between), or the error, once.
  int showLine = -1;
  float showX = 0;
  if (active && cursorLine > 0 &&
      (cursor.offset != editor.lastCursor || now != editor.lastLength)) {
    showLine = cursorLine - 1;
    showX = cursorX;
  }
  if (editor.scrollToError && editor.errorLine > 0) {
    showLine = editor.errorLine - 1;
    showX = errorX;
  }
  editor.scrollToError = false;
  editor.lastCursor = active ? cursor.offset : -1;
  editor.lastLength = now;
  if (showLine >= 0) {
    const float y = style.FramePadding.y + static_cast<float>(showLine) * lineHeight;
    const float visible =
        ImGui::GetWindowContentRegionMax().y - ImGui::GetWindowContentRegionMin().y;
    if (y < ImGui::GetScrollY()) ImGui::SetScrollY(y);
    if (y + lineHeight > ImGui::GetScrollY() + visible) ImGui::SetScrollY(y + lineHeight - visible);
    const float x = style.FramePadding.x + showX;
    const float across =
        ImGui::GetWindowContentRegionMax().x - ImGui::GetWindowContentRegionMin().x;
    const float margin = std::min(4 * charWidth, across / 4);
    if (x - margin < ImGui::GetScrollX()) ImGui::SetScrollX(std::max(0.0f, x - margin));
    if (x + charWidth + margin > ImGui::GetScrollX() + across)
      ImGui::SetScrollX(x + charWidth + margin - across);
  }
  app.widgets.recordValue("rules-scroll",
                          std::to_string(static_cast<int>(ImGui::GetScrollX())) + "," +
                              std::to_string(static_cast<int>(ImGui::GetScrollY())));
  ImGui::EndChild();
  ImGui::PopStyleColor();
  const ImVec2 after = ImGui::GetCursorScreenPos();
  // The line numbers, beside the lines they number (only those in view are drawn).
  panel->PushClipRect(start, ImVec2(start.x + gutter, start.y + height), true);
  for (int line = 1; line <= lines; ++line) {
    const float y = origin.y + style.FramePadding.y + static_cast<float>(line - 1) * lineHeight;
    if (y + lineHeight < start.y || y > start.y + height) continue;
    const bool failing = line == editor.errorLine;
    if (failing)
      panel->AddRectFilled(ImVec2(start.x, y), ImVec2(start.x + gutter - 4, y + lineHeight),
                           palette::kMistake);
    char number[16];
    std::snprintf(number, sizeof number, "%4d", line);
    panel->AddText(ImVec2(start.x, y), failing ? IM_COL32(10, 10, 12, 255) : palette::kDim, number);
  }
  panel->PopClipRect();
  ImGui::SetCursorScreenPos(after);
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
  return app.doc.hasBoard() ? app.doc.game().rulesGame() : nullptr;
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
  showError(app, Message(), false);
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
      showError(app, app.doc.error(), !app.touchDevice());
      return;
    }
  }
  if (app.ui.rules.board == app.doc.boardVersion()) {
    // A solve of these rules that failed names its line.
    if (app.ui.rules.open && app.ui.rules.error.empty() && !app.doc.error().empty() &&
        placeOf(app.doc.error().english()).line > 0 && !app.doc.solving()) {
      showError(app, app.doc.error(), false);
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
  showError(app, Message(), false);
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
      if (selectable(kRulesExamples[k].name, static_cast<int>(k) == app.ui.rules.example)) {
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
  if (button(trLabel("Solve").c_str())) solve = true;
  app.widgets.record("rules-solve");
  ImGui::SameLine();
  if (button(trLabel("Default parameters").c_str())) {
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
  textWrapped("%s", tr(rulesContractLine().english));
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
