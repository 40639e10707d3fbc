// The Embind face of the core: what the browser app and a blog author's page call. No rules
// live here and no game is named: every answer comes from gs::Session, the game registry and
// the codecs in core/.
//
// Conventions: small results are plain JS objects and arrays (nothing to .delete()); the only
// handle is Session. Arguments arrive as emscripten::val and are checked here, so a wrong type,
// an illegal move or a malformed link comes back as {ok: false, error: "…"} and never aborts
// the module. Exceptions are off in this build: nothing below throws. web/module_api.js (linked
// as --post-js) pads missing arguments with undefined, so a call with too few arguments reaches
// these checks instead of Embind's BindingError, and gives C++ the two text helpers that
// TextArgument uses (js_values.h).
//
// Memory: every board is checked against kBrowserMemoryBudget before its table is built; texts
// are refused past the game's inputSizeLimit() before they are copied in; moves() lists at most
// kMaxMovesListed moves at once (a position of a large board can have 49 million) and refuses more
// with {ok: false, error, moveCount}; analyze() caps its principal line (analysis.h).
//
// Strings: a JS string holding a lone UTF-16 surrogate (half of a pair) is refused with a
// sentence giving its position; Embind's conversion would swallow the next character.
//
// Files: this one holds the table of what the module offers (EMSCRIPTEN_BINDINGS, at the end) and
// its free functions; the handles are js_session.h (Session), js_rules_table.h (RulesTable) and
// js_gif_writer.h (GifWriter); js_values.h holds what they share: the results, the checks and
// copying of arguments, the core's values as JS objects, the limits and loads.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <string>

#include "base/i18n.h"
#include "game.h"
#include "js_gif_writer.h"
#include "js_rules_table.h"
#include "js_session.h"
#include "js_values.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"
#include "tools/bench.h"

namespace {

using emscripten::val;
using gs::web::errorResult;
using gs::web::finishNow;
using gs::web::isString;
using gs::web::JsGifWriter;
using gs::web::JsRulesTable;
using gs::web::JsSession;
using gs::web::loadFromJudgeArguments;
using gs::web::loadRulesGame;
using gs::web::moduleLimits;
using gs::web::okResult;
using gs::web::TextArgument;

const char* kindName(gs::RulesKind kind) {
  switch (kind) {
    case gs::RulesKind::kNormalPlay:
      return "normal";
    case gs::RulesKind::kScored:
      return "scored";
    case gs::RulesKind::kImpartial:
      return "impartial";
  }
  return "normal";
}

// What a rules file declares: {ok, title, kind, params: [{name, default, min, max}]}.
val rulesInfo(val text) {
  val error = val::null();
  const auto game = loadRulesGame(text, error);
  if (!game) return error;
  val result = okResult();
  result.set("title", game->header().title);
  result.set("kind", std::string(kindName(game->header().kind)));
  val params = val::array();
  int index = 0;
  for (const gs::RulesParam& param : game->header().params) {
    val entry = val::object();
    entry.set("name", param.name);
    entry.set("default", static_cast<double>(param.defaultValue));
    entry.set("min", static_cast<double>(param.min));
    entry.set("max", static_cast<double>(param.max));
    params.set(index++, entry);
  }
  result.set("params", params);
  // Rules that read a problem's input (read, answer, random) and the sample they carry.
  const gs::RulesHeader& header = game->header();
  result.set("reads", header.hasRead);
  if (header.hasRead) result.set("sample", std::string(game->sample()));
  result.set("checks", header.hasRead && header.hasRandom);
  result.set("partisan", header.partisan);
  return result;
}

// The judge's output of a problem's input for rules that read it: {ok, output} or {ok: false,
// error, line}: what `gamesolver solve RULES` prints.
val solveRules(val text, val input) {
  val error = val::null();
  const auto game = loadRulesGame(text, error);
  if (!game) return error;
  TextArgument judge;
  const std::string problem = judge.read(
      input, "the judge's input", gs::kMaxJudgeTextBytes,
      "the judge's input is longer than " + gs::withThousands(gs::kMaxJudgeTextBytes) + " bytes");
  if (!problem.empty()) return errorResult(problem);
  auto output = gs::rulesJudgeOutput(*game, judge.view(), moduleLimits());
  if (!output) return errorResult(output.error());
  val result = okResult();
  result.set("output", output.value());
  return result;
}

val solveJudgeInput(val game, val text) {
  val error = val::null();
  auto load = loadFromJudgeArguments(game, text, error);
  if (!load) return error;
  const auto session = finishNow(std::move(load->job));
  if (!session) return errorResult(session.error().toString());
  val result = okResult();
  result.set("output", session->gameBoard().judge().judgeOutput());
  return result;
}

val games() {
  val list = val::array();
  int index = 0;
  for (const gs::Game* game : gs::games()) {
    const gs::GameInfo& info = game->info();
    val entry = val::object();
    entry.set("id", std::string(info.id));
    entry.set("title", std::string(info.title));
    entry.set("source", std::string(info.source));
    val players = val::array();
    players.set(0, std::string(info.players[0]));
    players.set(1, std::string(info.players[1]));
    entry.set("players", players);
    entry.set("metric", std::string(info.metricName));
    list.set(index++, entry);
  }
  return list;
}

// Heap figures for leak checks: the wasm memory's size and the bytes malloc has handed out; and
// translate()'s: the bytes its cache holds and the matching steps of the last text it matched.
val heapStats() {
  const struct mallinfo info = mallinfo();
  val result = val::object();
  result.set("heapSize", val::module_property("HEAP8")["length"].as<double>());
  result.set("inUse", static_cast<double>(info.uordblks));
  const gs::TranslationWork work = gs::lastTranslationWork();
  result.set("translationCacheBytes", static_cast<double>(work.cacheBytes));
  result.set("translationSteps", static_cast<double>(work.steps));
  return result;
}

val bench(val repeat) {
  int count = 5;
  if (repeat.typeOf().as<std::string>() == "number") {
    const double value = repeat.as<double>();
    if (value >= 1 && value <= 1000) count = static_cast<int>(value);
  }
  const gs::BenchResult result = gs::runBench(count, moduleLimits());
  val out = val::object();
  out.set("table", result.table());
  out.set("signature", result.signature());
  out.set("error", result.error);
  val rows = val::array();
  int index = 0;
  for (const gs::BenchRow& row : result.rows) {
    val entry = val::object();
    entry.set("name", row.name);
    entry.set("positions", static_cast<double>(row.positions));
    entry.set("answer", row.answer);
    entry.set("solveMs", row.solveMs);
    entry.set("totalMs", row.totalMs);
    rows.set(index++, entry);
  }
  out.set("rows", rows);
  return out;
}

// The module's texts in another language (core/base/i18n.h), for embedders: any text it gives
// (summaries, values, verdicts, move names, errors, titles, rules, player names) in Simplified
// Chinese with 'zh' (or 'zh-CN', any zh-*), whole messages translated; text without a
// translation, 'en' and unknown languages give the text back unchanged; a non-string gives "".
// A text longer than gs::kMaxTranslatedBytes cannot be a message of the module: it is given back
// as it is, never copied into the heap (issue 18: 2,040 distinct 1 MiB texts filled the heap).
val translate(val text, val language) {
  if (!isString(text)) return val("");
  if (text["length"].as<double>() > static_cast<double>(gs::kMaxTranslatedBytes)) return text;
  TextArgument english;
  const std::string tooLong = "too long";
  const std::string problem = english.read(text, "the text", gs::kMaxTranslatedBytes, tooLong);
  // Past the limit in UTF-8 bytes: unchanged; a lone surrogate: "".
  if (!problem.empty()) return problem == tooLong ? text : val("");
  TextArgument code;
  const bool named = code.read(language, "the language", 64).empty();
  const auto parsed = named ? gs::parseLanguage(code.view()) : std::nullopt;
  return val(gs::translate(english.view(), parsed.value_or(gs::Language::kEnglish)));
}

}  // namespace

EMSCRIPTEN_BINDINGS(game_solver) {
  emscripten::function("solveJudgeInput", &solveJudgeInput);
  emscripten::function("games", &games);
  emscripten::function("bench", &bench);
  emscripten::function("heapStats", &heapStats);
  emscripten::function("translate", &translate);
  emscripten::function("rulesInfo", &rulesInfo);
  emscripten::function("solveRules", &solveRules);
  emscripten::class_<JsRulesTable>("RulesTable")
      .constructor<>()
      .function("start", &JsRulesTable::start)
      .function("advance", &JsRulesTable::advance)
      .function("cancel", &JsRulesTable::cancel)
      .function("values", &JsRulesTable::values)
      .function("pattern", &JsRulesTable::pattern)
      .function("formula", &JsRulesTable::formula)
      .function("format", &JsRulesTable::format);
  emscripten::class_<JsSession>("Session")
      .constructor<>()
      .function("loadJudgeInput", &JsSession::loadJudgeInput)
      .function("loadLink", &JsSession::loadLink)
      .function("loadRecipe", &JsSession::loadRecipe)
      .function("loadRules", &JsSession::loadRules)
      .function("startRules", &JsSession::startRules)
      .function("startJudgeInput", &JsSession::startJudgeInput)
      .function("startLink", &JsSession::startLink)
      .function("startRecipe", &JsSession::startRecipe)
      .function("advance", &JsSession::advance)
      .function("cancel", &JsSession::cancel)
      .function("solving", &JsSession::solving)
      .function("loaded", &JsSession::loaded)
      .function("solve", &JsSession::solve)
      .function("stats", &JsSession::stats)
      .function("game", &JsSession::game)
      .function("judgeInput", &JsSession::judgeInput)
      .function("judgeOutput", &JsSession::judgeOutput)
      .function("summary", &JsSession::summary)
      .function("cgt", &JsSession::cgt)
      .function("value", &JsSession::value)
      .function("moves", &JsSession::moves)
      .function("moveCount", &JsSession::moveCount)
      .function("bestMove", &JsSession::bestMove)
      .function("computerMove", &JsSession::computerMove)
      .function("setComment", &JsSession::setComment)
      .function("comment", &JsSession::comment)
      .function("principalLine", &JsSession::principalLine)
      .function("history", &JsSession::history)
      .function("step", &JsSession::step)
      .function("sideToMove", &JsSession::sideToMove)
      .function("isOver", &JsSession::isOver)
      .function("play", &JsSession::play)
      .function("undo", &JsSession::undo)
      .function("redo", &JsSession::redo)
      .function("goToStep", &JsSession::goToStep)
      .function("restart", &JsSession::restart)
      .function("link", &JsSession::link)
      .function("view", &JsSession::view)
      .function("analyze", &JsSession::analyze)
      .function("board", &JsSession::board)
      .function("exportSvg", &JsSession::exportSvg)
      .function("exportSvg", emscripten::optional_override(
                                 [](JsSession& self) { return self.exportSvg(val::undefined()); }))
      .function("exportMarkdown", &JsSession::exportMarkdown)
      .function("exportMarkdown", emscripten::optional_override([](JsSession& self) {
                  return self.exportMarkdown(val::undefined());
                }));
  emscripten::class_<JsGifWriter>("GifWriter")
      .constructor<>()
      .function("begin", &JsGifWriter::begin)
      .function("addFrame", &JsGifWriter::addFrame)
      .function("finish", &JsGifWriter::finish)
      .function("frameCount", &JsGifWriter::frameCount)
      .function("byteLength", &JsGifWriter::byteLength);
}
