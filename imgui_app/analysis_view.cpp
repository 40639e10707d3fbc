// The analysis view: the answer exactly as the judge prints it and in words, the value at the
// cursor from the mover's side with the best move, the replay controls, the players, the value
// chart with mistakes marked, and the move list with a verdict and the comment of every move.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "computer.h"
#include "game_view.h"
#include "imgui_internal.h"  // the comment field's id, to tell whether it is being edited
#include "rules/rules_game.h"
#include "ui_phrases.h"
#include "web_platform.h"

namespace gs::app {
namespace {

// The chart's drawing, in coordinates relative to its top-left corner: what its pixels can
// show, whatever the length of the line. A line of 10,000 moves drawn step by step (a segment
// per step and a dot per mistake) was 8.5 MB of vertices a frame (issue 18); here a line longer
// than half the chart's width in pixels is drawn as one min-max span per pixel column, and the
// marks as at most one per kMarkSpacing pixels (the worst verdict there), so a frame draws at
// most a few thousand vertices. Built once per line and size, kept while the cursor moves.
struct ChartShape {
  enum Kind { kLine, kRect, kDot } kind;
  ImVec2 a, b;  // kLine: its ends; kRect: its corners; kDot: a is the centre
  ImU32 colour;
};

struct ChartGeometry {
  int revision = -1;
  ImVec2 size;
  float inset = 0, step = 0;
  double top = 0, range = 1;
  std::vector<ChartShape> shapes;

  float y(double value) const {
    return 8 + static_cast<float>((top - value) / range) * (size.y - 16);
  }
  ImVec2 point(std::size_t k, double value) const { return ImVec2(inset + k * step, y(value)); }
};

constexpr float kMarkRadius = 4;
constexpr float kMarkSpacing = 2 * kMarkRadius;

int verdictRank(Verdict verdict) {
  switch (verdict) {
    case Verdict::kBest:
      return 0;
    case Verdict::kInaccuracy:
      return 1;
    case Verdict::kMistake:
      return 2;
    case Verdict::kBlunder:
      return 3;
  }
  return 0;
}

void buildChart(ChartGeometry& chart, const LineAnalysis& line, bool score) {
  const std::vector<double>& values = line.chart;
  chart.shapes.clear();
  if (values.empty()) return;
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  chart.top = std::max(*high, 0.0);
  const double bottom = std::min(*low, 0.0);
  chart.range = chart.top - bottom > 0 ? chart.top - bottom : 1;
  const float width = chart.size.x;
  const std::size_t count = values.size();
  // Points inset by half a step, so the first and last bars stay inside the chart.
  chart.inset = count > 1 ? std::min(8.0f, width / (2 * count)) : width / 2;
  chart.step = count > 1 ? (width - 2 * chart.inset) / (count - 1) : 0;
  const float zero = chart.y(0);
  if (chart.step >= 2) {
    // Few enough points: every step drawn.
    if (score) {
      for (std::size_t k = 1; k < count; ++k)
        chart.shapes.push_back({ChartShape::kLine, chart.point(k - 1, values[k - 1]),
                                chart.point(k, values[k]), palette::kBest});
    } else {
      // Win/loss games: who wins after each move, as bars above (the first player) or below.
      const float half = std::max(1.0f, std::min(chart.step, 2 * chart.inset) / 2 - 1);
      for (std::size_t k = 0; k < count; ++k) {
        const ImVec2 at = chart.point(k, values[k]);
        chart.shapes.push_back({ChartShape::kRect, ImVec2(at.x - half, std::min(zero, at.y)),
                                ImVec2(at.x + half, std::max(zero, at.y)),
                                values[k] > 0 ? palette::kBest : palette::kMistake});
      }
    }
  } else {
    // One span per pixel column: the lowest and highest value of the steps drawn there
    // (joined to the last step of the column before, so the line stays connected), or, for
    // win/loss games, a bar up where the first player wins at some step of the column and one
    // down where they lose.
    const int columns = std::max(1, static_cast<int>(std::ceil(width)));
    std::size_t k = 0;
    double previous = values[0];
    for (int column = 0; column < columns && k < count; ++column) {
      const std::size_t first = k;
      while (k < count && chart.inset + k * chart.step < column + 1) ++k;
      if (k == first) continue;
      const auto [lowest, highest] = std::minmax_element(values.begin() + static_cast<long>(first),
                                                         values.begin() + static_cast<long>(k));
      const float x = static_cast<float>(column);
      if (score) {
        const double from = std::min(*lowest, previous), to = std::max(*highest, previous);
        chart.shapes.push_back({ChartShape::kRect, ImVec2(x, chart.y(to) - 1),
                                ImVec2(x + 1, chart.y(from) + 1), palette::kBest});
      } else {
        if (*highest > 0)
          chart.shapes.push_back({ChartShape::kRect, ImVec2(x, chart.y(*highest)),
                                  ImVec2(x + 1, zero), palette::kBest});
        if (*lowest < 0)
          chart.shapes.push_back({ChartShape::kRect, ImVec2(x, zero),
                                  ImVec2(x + 1, chart.y(*lowest)), palette::kMistake});
      }
      previous = values[k - 1];
    }
  }
  // Mistakes and blunders, marked where they were played: the worst of each kMarkSpacing
  // pixels (its first occurrence there).
  const std::size_t slots = static_cast<std::size_t>(width / kMarkSpacing) + 1;
  std::vector<std::size_t> worst(slots, SIZE_MAX);
  for (std::size_t k = 0; k < line.verdicts.size(); ++k) {
    const Verdict verdict = line.verdicts[k].verdict;
    if (verdict == Verdict::kBest) continue;
    const float x = chart.inset + (k + 1) * chart.step;
    const std::size_t slot =
        std::min(slots - 1, static_cast<std::size_t>(std::max(0.0f, x) / kMarkSpacing));
    if (worst[slot] == SIZE_MAX ||
        verdictRank(verdict) > verdictRank(line.verdicts[worst[slot]].verdict))
      worst[slot] = k;
  }
  for (const std::size_t k : worst)
    if (k != SIZE_MAX)
      chart.shapes.push_back({ChartShape::kDot, chart.point(k + 1, values[k + 1]), ImVec2(),
                              verdictColor(line.verdicts[k].verdict)});
}

void valueChart(App& app, float height) {
  const LineAnalysis& line = app.line();
  const std::vector<double>& values = line.chart;
  const Session& session = app.doc.session();
  const bool score = session.info().metric == Metric::kScoreDifference;
  const ImVec2 size(ImGui::GetContentRegionAvail().x, height);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("chart", size);
  app.widgets.record("chart");
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y),
                      IM_COL32(30, 33, 40, 255), 4);
  if (values.empty()) return;
  static ChartGeometry chart;
  if (chart.revision != line.revision || chart.size.x != size.x || chart.size.y != size.y) {
    chart.revision = line.revision;
    chart.size = size;
    buildChart(chart, line, score);
  }
  const auto at = [&](ImVec2 p) { return ImVec2(origin.x + p.x, origin.y + p.y); };
  draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
  draw->AddLine(at(ImVec2(0, chart.y(0))), at(ImVec2(size.x, chart.y(0))),
                IM_COL32(90, 96, 110, 255));
  for (const ChartShape& shape : chart.shapes) {
    switch (shape.kind) {
      case ChartShape::kLine:
        draw->AddLine(at(shape.a), at(shape.b), shape.colour, 2);
        break;
      case ChartShape::kRect:
        draw->AddRectFilled(at(shape.a), at(shape.b), shape.colour);
        break;
      case ChartShape::kDot:
        draw->AddCircleFilled(at(shape.a), kMarkRadius, shape.colour);
        break;
    }
  }
  const int current = session.step();
  if (current < static_cast<int>(values.size()))
    draw->AddCircle(at(chart.point(static_cast<std::size_t>(current), values[current])), 6,
                    palette::kCursor, 16, 2);
  draw->PopClipRect();
  if (ImGui::IsItemHovered() && values.size() > 1) {
    const int k = std::clamp(
        static_cast<int>((ImGui::GetIO().MousePos.x - origin.x - chart.inset) / chart.step + 0.5f),
        0, static_cast<int>(values.size()) - 1);
    // The players alternate: the first moves at even steps.
    const Message text(kPrefixed,
                       {{"PREFIX", k == 0 ? Message("start") : Message(kAfterMove, {{"N", k}})},
                        {"MESSAGE", session.gameBoard().texts().describe(line.values[k], k % 2)}});
    ImGui::SetTooltip("%s", trText(text).c_str());
    if (ImGui::IsItemClicked()) app.stepAndPause(k);
  }
}

// A comment of the line, in its own colour and quoted, wrapped to the width.
void commentText(const std::string& comment) {
  noteUserText(comment);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kComment);
  textWrapped("\xE2\x80\x9C%s\xE2\x80\x9D", comment.c_str());
  ImGui::PopStyleColor();
}

// The field that edits the comment at the cursor (the move just played; at 0, the start). The
// text is applied when the field is left or Enter is pressed, so a long line is not analysed again
// at each key.
void commentEditor(App& app) {
  if (app.doc.view().readOnly || app.valuesHidden() || app.layout() == Layout::kEmbed) return;
  const Session& session = app.doc.session();
  UiState::CommentField& field = app.ui.comment;
  const int step = session.step();
  const bool editing = ImGui::GetActiveID() == ImGui::GetID("##comment");
  if (!editing && (field.step != step || field.version != app.doc.version())) {
    field.step = step;
    field.version = app.doc.version();
    const std::string& comment = session.comment(step);
    std::snprintf(field.text.data(), field.text.size(), "%s", comment.c_str());
  }
  const std::string hint =
      step == 0 ? tr("A comment on the start") : trText(Message(kCommentOnMove, {{"N", step}}));
  ImGui::SetNextItemWidth(-1);
  const bool enter =
      ImGui::InputTextWithHint("##comment", hint.c_str(), field.text.data(), field.text.size(),
                               ImGuiInputTextFlags_EnterReturnsTrue);
  app.widgets.recordTextField("comment");
  if (ImGui::IsItemActive()) {
    takeComposedText();  // an input method's words, on a desktop too
    noteUserText(field.text.data());
  }
  if (enter || ImGui::IsItemDeactivatedAfterEdit()) {
    app.doc.setComment(field.text.data());
    field.version = app.doc.version();
  }
}

void moveList(App& app, float height) {
  const LineAnalysis& line = app.line();
  const Session& session = app.doc.session();
  const int current = session.step();
  const std::vector<Move>& history = session.history();
  ImGui::BeginChild("moves", ImVec2(0, height), true);
  if (selectable(trLabel("start").c_str(), current == 0)) app.stepAndPause(0);
  app.widgets.record("move-list-0");
  // A commented line shows each comment under its move, so its rows differ in height and are all
  // laid out; otherwise only the rows in view are drawn (a line of 10,000 moves costs what a
  // short one does).
  constexpr std::size_t kCommentedRows = 3000;
  const bool commented = session.hasComments() && history.size() <= kCommentedRows;
  if (commented && !session.comment(0).empty()) commentText(session.comment(0));
  static int shownStep = -1;
  const bool follow = shownStep != current;
  const auto row = [&](int k) {
    const MoveJudgement& verdict = line.verdicts[static_cast<std::size_t>(k)];
    const std::string label =
        std::to_string(k + 1) + ". " + trText(session.info().players[k % 2]) + " " +
        trText(session.gameBoard().texts().moveName(history[static_cast<std::size_t>(k)])) +
        verdict.mark + "##" + std::to_string(k);
    if (selectable(label.c_str(), current == k + 1)) app.stepAndPause(k + 1);
    app.widgets.record("move-list-" + std::to_string(k + 1));
    if (commented && follow && current == k + 1 && !ImGui::IsItemVisible())
      ImGui::SetScrollHereY(0.5f);
    // A short word here; the status line and the tooltip say it in full.
    std::string word = tr("best");
    if (verdict.verdict == Verdict::kInaccuracy) word = tr("inaccuracy");
    if (verdict.verdict == Verdict::kBlunder) word = tr("blunder");
    if (verdict.verdict == Verdict::kMistake)
      word =
          verdict.text.english().substr(0, verdict.text.english().find(' ')) + " " + tr("mistake");
    // After the move's text, never over it: a row too long for both keeps its text (its mark,
    // the status line and the tooltip still give the verdict).
    const float width = ImGui::GetContentRegionAvail().x;
    const float textEnd = ImGui::CalcTextSize(label.c_str(), nullptr, true).x + 12;
    const float wordWidth = ImGui::CalcTextSize(word.c_str()).x;
    if (textEnd + wordWidth <= width) {
      ImGui::SameLine(std::max({180.0f, textEnd, width - 150}));
      // (Beside the row's text, which a touch device's taller row centres.)
      if (touchTargets())
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() +
                             (ImGui::GetItemRectSize().y - ImGui::GetStyle().ItemSpacing.y -
                              ImGui::GetTextLineHeight()) /
                                 2);
      ImGui::PushStyleColor(ImGuiCol_Text, verdictColor(verdict.verdict));
      ImGui::TextUnformatted(word.c_str());
      ImGui::PopStyleColor();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", trText(verdict.text).c_str());
    }
    if (commented && !session.comment(k + 1).empty()) commentText(session.comment(k + 1));
  };
  if (commented) {
    for (int k = 0; k < static_cast<int>(history.size()); ++k) row(k);
  } else {
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(history.size()));
    while (clipper.Step())
      for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) row(k);
  }
  // Keep the current move in view when the cursor moves (rows of one height: by arithmetic).
  if (follow) {
    shownStep = current;
    const float rowHeight = touchHeight(ImGui::GetTextLineHeightWithSpacing());
    const float target = rowHeight * (current + 0.5f);
    if (!commented && (target < ImGui::GetScrollY() ||
                       target > ImGui::GetScrollY() + ImGui::GetWindowHeight() - rowHeight))
      ImGui::SetScrollY(std::max(0.0f, target - ImGui::GetWindowHeight() / 2));
  }
  ImGui::EndChild();
  app.widgets.recordRect("moves-list", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void players(App& app) {
  const Session& session = app.doc.session();
  ImGui::TextDisabled("%s", tr("Play against the solver: the computer plays"));
  for (int player = 0; player < 2; ++player) {
    bool computer = app.doc.view().computer[player];
    const std::string label =
        trText(session.info().players[player]) + "###computer-" + std::to_string(player);
    if (player) ImGui::SameLine();
    if (ImGui::Checkbox(label.c_str(), &computer)) app.doc.setComputer(player, computer);
    app.widgets.record(std::string("computer-") + std::to_string(player));
  }
  // How well it plays: 0 at random, 10 perfectly; between, better moves are likelier.
  int strength = app.doc.view().strength;
  ImGui::SetNextItemWidth(std::min(260.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::SliderInt("##strength", &strength, 0, kMaxStrength, tr("strength %d of 10")))
    app.doc.setStrength(strength);
  app.widgets.record("strength");
  app.widgets.recordDraggable(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", tr("The computer's strength: 0 plays at random, 10 perfectly; "
                               "between, better moves are likelier"));
  if (button(trLabel("Hint").c_str())) {
    if (const auto& best = app.doc.best())
      app.toasts.show(
          Message(kHint, {{"MOVE", session.gameBoard().texts().moveName(*best)},
                          {"VALUE", moverValue(session.info().metric, session.gameBoard().value(),
                                               session.gameBoard().sideToMove())}}));
    else
      app.toasts.show("The game is over");
  }
  app.widgets.record("hint");
  ImGui::SameLine();
  if (button(trLabel("Swap sides").c_str())) app.doc.swapSides();
  app.widgets.record("swap");
  ImGui::SameLine();
  if (button(trLabel("New game").c_str())) {
    app.ui.autoplay = false;
    app.doc.newGame();
  }
  app.widgets.record("new-game");
}

}  // namespace

void drawQuiz(App& app) {
  const Session& session = app.doc.session();
  const int mover = session.gameBoard().sideToMove();
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kCursor);
  if (session.isOver())
    textWrapped("%s", tr("Quiz: the game is over."));
  else
    textWrapped("%s",
                trText(Message(kQuizPick, {{"PLAYER", session.info().players[mover]}})).c_str());
  ImGui::PopStyleColor();
  app.widgets.record("quiz-question", false);
  if (!app.ui.quiz.last.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, verdictColor(app.ui.quiz.lastVerdict));
    textWrapped("%s %s",
                app.ui.quiz.lastVerdict == Verdict::kBest ? "\xE2\x9C\x93" : "\xE2\x9C\x97",
                trText(app.ui.quiz.last).c_str());
    ImGui::PopStyleColor();
    app.widgets.record("quiz-verdict", false);
  }
  ImGui::Text(tr("Score: %d of %d moves best"), app.ui.quiz.best, app.ui.quiz.picks);
  app.widgets.record("quiz-score", false);
  if (button(trLabel("Show values").c_str())) app.endQuiz();
  app.widgets.record("show-values");
}

float commentHeight(const std::string& comment, float width) {
  if (comment.empty()) return 0;
  return ImGui::CalcTextSize(("\xE2\x80\x9C" + comment + "\xE2\x80\x9D").c_str(), nullptr, false,
                             width)
             .y +
         ImGui::GetStyle().ItemSpacing.y;
}

void drawComment(App& app) {
  const std::string& comment = app.doc.session().comment(app.doc.session().step());
  if (!app.embed.measuring()) app.widgets.recordValue("comment", comment);
  if (comment.empty()) return;
  // Characters the atlas still lacks (0 once the fetched glyphs are in).
  if (!app.embed.measuring())
    app.widgets.recordValue("comment-lacking", std::to_string(noteUserText(comment)));
  commentText(comment);
  app.widgets.record("comment-shown", false);
}

void drawStatus(App& app) {
  if (!app.doc.hasBoard()) return;
  if (app.valuesHidden()) {
    drawQuiz(app);
    return;
  }
  const Session& session = app.doc.session();
  const GameInfo& info = session.info();
  const int mover = session.gameBoard().sideToMove();
  const MoveTexts& texts = session.gameBoard().texts();
  const Message result = finalResultText(session);
  const LineAnalysis& line = app.line();
  // On a phone and in an embed the status is under the board: the comment of this step leads
  // it (a wide page shows it under the board itself).
  if (app.layout() == Layout::kPhone || app.layout() == Layout::kEmbed) drawComment(app);
  if (!result.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kCursor);
    textWrapped("%s", trText(result).c_str());
    ImGui::PopStyleColor();
    app.widgets.record("result", false);
  }
  const Value now = session.gameBoard().value();
  if (result.empty()) {
    textWrapped("%s", trText(Message(kToMoveValue, {{"PLAYER", info.players[mover]},
                                                    {"VALUE", moverValue(info.metric, now, mover)},
                                                    {"MESSAGE", texts.describe(now, mover)}}))
                          .c_str());
  } else {
    textWrapped("%s", trText(texts.describe(now, mover)).c_str());
  }
  app.widgets.record("value-now", false);
  if (const auto& best = app.doc.best()) {
    const AnalysisExtras* extras = session.gameBoard().analysisExtras();
    const Message note = extras ? extras->bestMoveNote(now) : Message();
    textWrapped("%s %s \xE2\x98\x85%s", tr("Best move:"), trText(texts.moveName(*best)).c_str(),
                note.empty() ? "" : ("  (" + trText(note) + ")").c_str());
  } else {
    ImGui::TextUnformatted(tr("The game is over."));
  }
  app.widgets.record("best-move", false);
  // The verdict on the move just played, when it was not the best.
  if (session.step() > 0) {
    const MoveJudgement& last = line.verdicts[static_cast<std::size_t>(session.step() - 1)];
    if (last.verdict != Verdict::kBest) {
      ImGui::PushStyleColor(ImGuiCol_Text, verdictColor(last.verdict));
      textWrapped("%s %s: %s", trText(info.players[1 - mover]).c_str(),
                  trText(texts.moveName(session.history()[session.step() - 1])).c_str(),
                  trText(last.text).c_str());
      ImGui::PopStyleColor();
      app.widgets.record("last-verdict", false);
    }
  }
}

void drawReplayControls(App& app) {
  if (!app.doc.hasBoard()) return;
  const Session& session = app.doc.session();
  const int last = static_cast<int>(session.history().size());
  const ImVec2 replay(46, 36);
  if (button("|<", replay)) app.stepAndPause(0);
  app.widgets.record("first");
  ImGui::SameLine();
  if (button("<", replay)) {
    app.ui.autoplay = false;
    app.doc.stepBy(-1);
  }
  app.widgets.record("prev");
  ImGui::SameLine();
  if (button(">", replay)) {
    app.ui.autoplay = false;
    app.doc.stepBy(1);
  }
  app.widgets.record("next");
  ImGui::SameLine();
  if (button(">|", replay)) app.stepAndPause(last);
  app.widgets.record("last");
  ImGui::SameLine();
  if (button((std::string(app.ui.autoplay ? tr("Pause") : tr("Play")) + "###autoplay").c_str(),
             ImVec2(70, 36)))
    app.toggleAutoplay();
  app.widgets.record("autoplay");
  const auto speed = [&app]() {
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderFloat("##speed", &app.ui.movesPerSecond, 0.5f, 20.0f, tr("%.1f moves/s"));
    app.widgets.record("speed");
    app.widgets.recordDraggable(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  };
  // A touch device's rows are taller: the speed goes after Best move and Reset line, on their
  // row when it has room (a phone's embed stays shorter than the screen).
  const bool speedLast = touchTargets();
  if (!speedLast) speed();
  if (!app.valuesHidden()) {
    // (the same id with keys or without: "###best")
    const std::string best =
        std::string(tr(app.touchDevice() ? "Best move" : "Best move (space)")) + "###best";
    if (button(best.c_str())) app.doc.playBest();
    app.widgets.record("best");
    ImGui::SameLine();
  }
  if (button(trLabel("Reset line").c_str())) {
    app.ui.autoplay = false;
    app.doc.resetLine();
  }
  app.widgets.record("restart");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", tr("Forget the moves explored: the optimal line from the start"));
  if (speedLast) {
    sameLineIfFits(140);
    speed();
  }
  // The step, and the keys that move it where there are keys (a phone, a tablet, an embed
  // on either has none to name).
  char step[160];
  std::snprintf(
      step, sizeof step,
      tr(app.touchDevice() ? "step %d of %d"
                           : "step %d of %d   (keys: \xE2\x86\x90 \xE2\x86\x92 Home End space)"),
      session.step(), last);
  if (!app.embed.measuring()) app.widgets.recordValue("step", step);
  if (app.layout() == Layout::kPhone && !app.doc.view().readOnly && !app.valuesHidden()) {
    // On a phone, beside it the comment field (under the board).
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", step);
    ImGui::SameLine();
    commentEditor(app);
    return;
  }
  ImGui::TextDisabled("%s", step);
}

// Rules that read a problem's input of several cases: the answer box holds the judge's output
// of the whole input (every case's line, made by the solver worker), the line of the case on
// the board marked, and the case selector under it. False for every other board.
static bool drawCasesAnswer(App& app) {
  const RulesGame* game = rulesOnScreen(app);
  if (!game || !game->header().hasRead) return false;
  const RulesCase& current = RulesGame::caseOf(app.doc.session().gameBoard());
  if (!current.input || current.count < 2) return false;
  const UiState::JudgeOutput& judge = app.ui.judge;
  std::vector<std::string> lines;
  std::string state = "working";
  if (!judge.key.empty() && judge.done && judge.error.empty()) {
    state = "done";
    for (std::size_t at = 0; at < judge.output.size();) {
      const std::size_t end = std::min(judge.output.find('\n', at), judge.output.size());
      lines.push_back(judge.output.substr(at, end - at));
      at = end + 1;
    }
  } else if (!judge.key.empty() && judge.done) {
    state = judge.error == "unavailable" ? "unavailable" : "error";
  }
  app.widgets.recordValue("judge-output-state", state);
  if (state == "done") app.widgets.recordValue("judge-output-all", judge.output);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(20, 22, 26, 255));
  const float lineHeight = ImGui::GetTextLineHeightWithSpacing();
  const float rows =
      state == "done" ? static_cast<float>(std::max<std::size_t>(lines.size(), 1)) : 2.0f;
  ImGui::BeginChild("judge-output", ImVec2(0, std::min(7.0f, rows) * lineHeight + 14.0f), true);
  if (state == "done") {
    // Only the lines in view are laid out: an input may have 100,000 cases.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(lines.size()), lineHeight);
    while (clipper.Step()) {
      for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
        const bool shown = static_cast<std::size_t>(k) == current.index;
        const std::string& line = lines[static_cast<std::size_t>(k)];
        if (shown) {
          ImGui::PushStyleColor(ImGuiCol_Text, palette::kBest);
          ImGui::Text("%s   \xE2\x97\x80 %s", line.c_str(),
                      trText(Message(kCaseOf, {{"N1", static_cast<std::int64_t>(k + 1)},
                                               {"N2", static_cast<std::int64_t>(lines.size())}}))
                          .c_str());
          ImGui::PopStyleColor();
        } else {
          ImGui::TextUnformatted(line.c_str());
        }
      }
    }
  } else if (state == "working") {
    ImGui::TextDisabled("%s", tr("working out every case's answer in the solver worker..."));
    ImGui::TextUnformatted(app.doc.judgeOutput().c_str());
  } else if (state == "unavailable") {
    textWrapped("%s", tr("Every case's answer needs the solver worker; this is the answer of the "
                         "case on the board."));
    ImGui::TextUnformatted(app.doc.judgeOutput().c_str());
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.35f, 1.0f));
    textWrapped("%s", trText(judge.error).c_str());
    ImGui::PopStyleColor();
  }
  ImGui::EndChild();
  ImGui::PopStyleColor();
  app.widgets.record("judge-output", false);
  if (app.layout() != Layout::kPhone) drawCaseSelector(app);  // (a phone's is over the board)
  return true;
}

void drawAnalysis(App& app) {
  if (app.doc.searchBoard()) {
    // The lazy board (drawSearchBoard) has no values to chart or replay: the board under it is
    // not what is on screen, so its analysis waits.
    textWrapped("%s", tr(kSearchBoardAnalysis));
    app.widgets.record("search-board-analysis", false);
    return;
  }
  if (!app.doc.hasBoard()) {
    textWrapped("%s", tr("No board yet."));
    return;
  }
  const Session& session = app.doc.session();
  const GameInfo& info = session.info();
  if (app.valuesHidden()) {
    // A quiz: the answer and the values wait for "Show values".
    if (app.layout() != Layout::kPhone) {
      drawStatus(app);
      drawReplayControls(app);
    }
    return;
  }
  ImGui::TextDisabled("%s", tr("Answer, as the judge prints it"));
  if (drawCasesAnswer(app)) {
    // (Rules that read a problem's input: every case's answer, the board's case marked.)
  } else {
    const std::string& output = app.doc.judgeOutput();
    const std::string shown = output.size() > 200 ? output.substr(0, 200) + "..." : output;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, IM_COL32(20, 22, 26, 255));
    const float lines = static_cast<float>(std::count(shown.begin(), shown.end(), '\n'));
    ImGui::BeginChild("judge-output",
                      ImVec2(0, std::min(90.0f, 14.0f + 18.0f * std::max(1.0f, lines))), true);
    ImGui::TextUnformatted(shown.c_str());
    ImGui::EndChild();
    ImGui::PopStyleColor();
    app.widgets.record("judge-output", false);
  }
  textWrapped("%s", trText(session.gameBoard().summary()).c_str());
  app.widgets.record("summary", false);
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
  textWrapped("%s", trText(metricLegend(info.metric)).c_str());
  textWrapped(tr("%s positions solved in %.1f ms"),
              withThousands(session.stats().positions).c_str(), session.stats().milliseconds);
  ImGui::PopStyleColor();
  if (app.crossCheck.state() == "agrees") {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kBest);
    textWrapped("\xE2\x9C\x93 %s",
                tr("checked by an independent solver (a plain minimax from the rules)"));
    ImGui::PopStyleColor();
    app.widgets.record("cross-check", false);
  } else if (app.crossCheck.state() == "differs") {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kBlunder);
    textWrapped("\xE2\x9C\x97 %s %s", tr("THE INDEPENDENT SOLVER DISAGREES; it answers:"),
                app.crossCheck.reference().c_str());
    ImGui::PopStyleColor();
    app.widgets.record("cross-check", false);
  }
  if (app.layout() != Layout::kPhone) {
    ImGui::Separator();
    drawStatus(app);
    drawReplayControls(app);
  }
  ImGui::Separator();
  players(app);
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
  textWrapped("%s", tr("Value after each move (click to jump; dots mark mistakes)"));
  ImGui::PopStyleColor();
  // The chart and the move list: on a phone, the page scrolls and each has its height; in a
  // panel, they share what is left of its height, the list ending at the panel's bottom (a
  // list cut by the panel's edge, with a scroll bar of its own inside the panel's, was hard to
  // read at 1280 x 800): the chart gives up to 48 pixels of its height for the list to show
  // four rows, and the list fills the rest, three rows at least (below that the panel scrolls).
  float chart = 96, list = 240;
  if (app.layout() != Layout::kPhone) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float row = touchHeight(ImGui::GetTextLineHeightWithSpacing());  // (selectable())
    const float left = ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() -
                       2 * style.ItemSpacing.y;  // (the comment field, and the spacing)
    chart = std::clamp(left - 4 * row - 2 * style.WindowPadding.y, 48.0f, 96.0f);
    list = std::max(3 * row + 2 * style.WindowPadding.y, left - chart);
  }
  valueChart(app, chart);
  if (app.layout() != Layout::kPhone) commentEditor(app);  // (a phone's is under the board)
  moveList(app, list);
}

}  // namespace gs::app
