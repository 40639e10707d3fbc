// What the app tells the outside: the test hook (window.gameSolverState: the state as JSON, the
// rectangle and spoken name of every control, frame and task times) and the status line a
// screen reader announces, published by afterRender() after each drawn frame.
#include <algorithm>
#include <cstdio>

#include "app.h"
#include "base/values.h"
#include "game_view.h"       // the combinatorial value section
#include "imgui_internal.h"  // the item hooks (labels)
#include "solver_worker.h"
#include "tools/analysis.h"  // jsonString
#include "ui_phrases.h"
#include "web_platform.h"

namespace gs::app {
namespace {

// A grid of cell texts (a rules position as show() draws it), its first 20 rows.
std::string gridJson(const std::vector<std::vector<std::string>>& grid) {
  std::string json = "[";
  for (std::size_t y = 0; y < std::min<std::size_t>(grid.size(), 20); ++y) {
    json += y ? ", [" : "[";
    for (std::size_t x = 0; x < grid[y].size(); ++x)
      json += (x ? ", " : "") + jsonString(grid[y][x]);
    json += "]";
  }
  return json + "]";
}

std::string rectJson(const WidgetRect& rect) {
  char buffer[180];
  // "control": something a user presses, drags or types into (widget_log.h).
  std::snprintf(buffer, sizeof buffer, "{\"x\": %.1f, \"y\": %.1f, \"w\": %.1f, \"h\": %.1f%s}",
                rect.min.x, rect.min.y, rect.max.x - rect.min.x, rect.max.y - rect.min.y,
                rect.control ? ", \"control\": true" : "");
  return buffer;
}

}  // namespace

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
  for (std::size_t k = 0; k < toasts.shown().size(); ++k)
    json += (k ? ", " : "") + jsonString(trText(toasts.shown()[k].text));
  json += "]}, \"missingGlyphs\": [";
  for (std::size_t k = 0; k < missingGlyphs().size(); ++k)
    json += (k ? ", " : "") + jsonString(missingGlyphs()[k]);
  json += "]";
  json += ", \"seed\": " + jsonString(std::to_string(ui.seed));
  json += ", \"crossCheck\": " + jsonString(crossCheck.state());
  // A partisan game's combinatorial value as its section shows it (cgt_view.cpp; kept by the
  // board, so reading it works nothing out again), and the value each move leads to.
  if (offersCombinatorialValues(*this)) {
    const GameBoard& board = doc.session().gameBoard();
    const CombinatorialValues& values = *board.combinatorialValues();
    const auto value = values.valueHere(kPageSlicePositions);
    if (!value) {
      json += ", \"cgt\": {\"refused\": " + jsonString(value.error().toString()) +
              ", \"cutShort\": " + (values.valueCutShort() ? "true" : "false") +
              ", \"worked\": " + std::to_string(values.positionsValued() - ui.cgtWork.from) +
              ", \"paused\": " + (ui.cgtWork.paused ? "true" : "false") + "}";
    } else {
      const CombinatorialValue& v = value.value();
      json += ", \"cgt\": {\"canonical\": " + jsonString(v.canonical) +
              ", \"outcome\": " + jsonString(v.outcome) + ", \"mean\": " + jsonString(v.mean) +
              ", \"temperature\": " + jsonString(v.temperature) +
              ", \"leftStop\": " + jsonString(v.leftStop) +
              ", \"rightStop\": " + jsonString(v.rightStop) + ", \"moves\": [";
      const std::vector<MoveValue> moves = board.moves();
      for (std::size_t k = 0; k < moves.size() && k < 200; ++k) {
        const auto after = board.combinatorialValues()->valueAfter(moves[k].move);
        json += (k ? ", " : "") + (after ? jsonString(*after) : std::string("null"));
      }
      json += "]}";
    }
  } else {
    json += ", \"cgt\": null";
  }
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
                  "\"inWorker\": %s, \"opening\": %s, \"searchMs\": %.1f",
                  solving->progress, static_cast<unsigned long long>(solving->positions),
                  solving->elapsedMs, solving->inWorker ? "true" : "false",
                  solving->opening ? "true" : "false", solving->searchMs);
    json += buffer;
    // The worker's search for who wins: null (none), "" (searching), "win", "loss", "draw".
    json += ", \"search\": " + (solving->search ? jsonString(*solving->search) : "null");
    json += ", \"searchMoves\": " + std::to_string(solving->searchMoves) +
            ", \"searchBestCount\": " + std::to_string(solving->searchBestCount) +
            ", \"searchBest\": [";
    for (std::size_t k = 0; k < solving->searchBest.size(); ++k)
      json += (k ? ", " : "") + jsonString(solving->searchBest[k]);
    json += "]}";
  } else {
    json += ", \"solving\": null";
  }
  // The lazy board (document.h, SearchBoard): the line, the position on screen and its moves.
  if (const auto& board = doc.searchBoard()) {
    json += ", \"searchBoard\": {\"line\": [";
    for (std::size_t k = 0; k < board->line.size(); ++k)
      json += (k ? ", " : "") + std::to_string(board->line[k]);
    json += "], \"title\": " + jsonString(board->title);
    json += std::string(", \"searching\": ") + (board->searching ? "true" : "false") +
            ", \"searched\": " + std::to_string(board->stack.size()) +
            ", \"values\": " + (board->values ? "true" : "false") +
            ", \"error\": " + jsonString(board->error.english());
    if (!board->stack.empty()) {
      const SearchedPosition& here = board->stack.back();
      // The moves whose outcome for their maker is `result`, by index.
      const auto movesWith = [&here](EndResult result) {
        std::string list = "[";
        for (std::size_t k = 0; k < here.moveOutcomes.size(); ++k)
          if (here.moveOutcomes[k] == result)
            list += (list.size() > 1 ? ", " : "") + std::to_string(k);
        return list + "]";
      };
      json += ", \"ms\": " + std::to_string(board->searchMs.back()) +
              ", \"added\": " + std::to_string(here.positions) +
              ", \"mover\": " + std::to_string(here.mover) +
              ", \"outcome\": " + jsonString(endResultWord(here.outcome)) +
              ", \"text\": " + jsonString(here.shown.text) +
              ", \"grid\": " + gridJson(here.shown.grid) +
              ", \"moveCount\": " + std::to_string(here.moveOutcomes.size()) +
              ", \"winning\": " + movesWith(EndResult::kWin) +
              ", \"drawing\": " + movesWith(EndResult::kDraw);
      json += ", \"names\": [";
      for (std::size_t k = 0; k < std::min<std::size_t>(here.names.size(), 20); ++k)
        json += (k ? ", " : "") + jsonString(here.names[k]);
      json += "]";
      // With values: the position's and every move's, in words, as the board shows them.
      json += std::string(", \"valued\": ") + (here.valued ? "true" : "false");
      if (here.valued) {
        json += ", \"value\": " + jsonString(moverValueText(here.metric, here.value, here.mover)) +
                ", \"moveValues\": [";
        for (std::size_t k = 0; k < here.moveValues.size(); ++k)
          json += (k ? ", " : "") +
                  jsonString(moverValueText(here.metric, here.moveValues[k], here.mover));
        json += "]";
      }
    }
    json += "}";
  } else {
    json += ", \"searchBoard\": null";
  }
  json += std::string(", \"canSearchBoard\": ") + (doc.canSearchBoard() ? "true" : "false") +
          ", \"refusedButSearchable\": " + jsonString(doc.refusedButSearchable().english()) +
          ", \"searchBoardClosed\": " + (doc.searchBoardClosed() ? "true" : "false");
  json += ", \"solverWorker\": " + jsonString(solverWorker()->status());
  if (const auto progress = gif.progress())
    json += ", \"gif\": {\"done\": " + std::to_string(progress->done) +
            ", \"total\": " + std::to_string(progress->total) + "}";
  else
    json += ", \"gif\": null";
  {
    char gifWork[96];
    std::snprintf(gifWork, sizeof gifWork,
                  ", \"gifWork\": {\"longestEncodeMs\": %.1f, \"longestDrawingMs\": %.1f}",
                  gif.longestEncodeMs(), gif.longestDrawingMs());
    json += gifWork;
  }
  json += times.json();
  static const char* const kLayouts[] = {"wide", "tablet", "phone", "embed"};
  json += ", \"layout\": " + jsonString(kLayouts[static_cast<int>(layout_)]);
  json += ", \"autoplay\": " + std::string(ui.autoplay ? "true" : "false");
  json += ", \"inView\": " + std::string(inView() ? "true" : "false");
  json += ", \"touchMomentum\": " + std::string(touchGliding() ? "true" : "false");
  // The guest's view of itself: the height it asked its host for, the bottom of what it drew
  // (inside that height: nothing clipped), and the zoom hint when it shows.
  json += ", \"embed\": {\"guest\": " + std::string(guest() ? "true" : "false") +
          ", \"height\": " + std::to_string(embed.postedHeight()) +
          ", \"contentBottom\": " + std::to_string(embed.contentBottom()) +
          ", \"zoomHint\": " + jsonString(zoomHint.text()) + "}";
  static const char* const kDialogs[] = {"", "rules", "embed"};
  json += ", \"dialog\": " + jsonString(kDialogs[static_cast<int>(focus.dialog())]);
  json += ", \"focusLabel\": " + jsonString(focus.label(widgets));
  json += ", \"focus\": " + jsonString(focus.name());
  json += ", \"toasts\": [";
  for (std::size_t k = 0; k < toasts.shown().size(); ++k)
    json += (k ? ", " : "") + jsonString(toasts.shown()[k].text.english());
  json += "], \"fields\": {";
  const auto& values = widgets.values();
  for (std::size_t k = 0; k < values.size(); ++k)
    json += (k ? ", " : "") + jsonString(values[k].first) + ": " + jsonString(values[k].second);
  json += "}, \"widgets\": {";
  const std::vector<WidgetRect>& rects = widgets.rects();
  for (std::size_t k = 0; k < rects.size(); ++k)
    json += (k ? ", " : "") + jsonString(rects[k].name) + ": " + rectJson(rects[k]);
  return json + "}}";
}

void App::publish() {
  publishState(stateJson());
  // Sentence by sentence, each translated whole.
  const bool chinese = language() == Language::kChinese;
  const auto sentence = [chinese](const Message& message) {
    return trText(message) + (chinese ? "\xE3\x80\x82" : ". ");  // 。
  };
  // Each status is read out once (a frame that changes nothing says nothing).
  const auto announceOnce = [this](const std::string& status) {
    if (status == lastAnnouncement_) return;
    announce(status);
    lastAnnouncement_ = status;
  };
  // A board being solved whose start the worker's search has answered: that answer is the news
  // (read out once; not the running search's clock).
  if (const auto solving = doc.solving(); solving && solving->search && !solving->search->empty()) {
    const std::vector<Message> lines = searchedLines(*solving);
    std::string status = trText(lines.front()) + " ";  // its phrase ends its sentence
    if (lines.size() > 1) status += sentence(lines[1]);
    announceOnce(status);
    return;
  }
  // The lazy board: its line and who wins there (not the running search's clock).
  if (const auto& board = doc.searchBoard()) {
    const SearchBoardText text = searchBoardText(*board);
    std::string status = sentence(text.title) + sentence(text.line);
    if (!text.verdict.empty()) status += sentence(text.verdict);
    if (!text.error.empty()) status += sentence(text.error);
    announceOnce(status);
    return;
  }
  if (!doc.hasBoard()) return;
  // The screen reader's status line: what happened and where things stand.
  const Session& session = doc.session();
  const GameInfo& info = session.info();
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
  announceOnce(status);
}

}  // namespace gs::app
