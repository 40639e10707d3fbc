// The Embind face of the core: what the browser app and a blog author's page call. No rules
// live here and no game is named: every answer comes from gs::Session, the game registry and
// the codecs in core/.
//
// Conventions: small results are plain JS objects and arrays (nothing to .delete()); the only
// handle is Session. Arguments arrive as emscripten::val and are checked here, so a wrong type,
// an illegal move or a malformed link comes back as {ok: false, error: "…"} and never aborts
// the module. Exceptions are off in this build: nothing below throws. web/module_api.js (linked
// as --post-js) pads missing arguments with undefined, so a call with too few arguments reaches
// these checks instead of Embind's BindingError, and gives C++ the two text helpers below.
//
// Memory: every board is checked against kBrowserMemoryBudget before its table is built; texts
// are refused past the game's inputSizeLimit() before they are copied in; moves() lists at most
// kMaxMovesListed moves at once (a position of a large board can have 49 million) and refuses more
// with {ok: false, error, moveCount}; analyze() caps its principal line (analysis.h).
//
// Strings: a JS string holding a lone UTF-16 surrogate (half of a pair) is refused with a
// sentence giving its position; Embind's conversion would swallow the next character.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "base/forms.h"
#include "base/i18n.h"
#include "computer.h"
#include "js_values.h"
#include "rules/load_rules.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"
#include "rules/rules_table.h"
#include "session.h"
#include "tools/analysis.h"
#include "tools/bench.h"
#include "tools/export.h"
#include "tools/gif.h"
#include "tools/share_link.h"

namespace {

using emscripten::val;
using gs::web::errorResult;
using gs::web::finishNow;
using gs::web::gameExpected;
using gs::web::gameOf;
using gs::web::isObject;
using gs::web::isString;
using gs::web::layerArray;
using gs::web::loadFromJudgeArguments;
using gs::web::loadRulesGame;
using gs::web::moduleLimits;
using gs::web::moveObject;
using gs::web::okResult;
using gs::web::statsObject;
using gs::web::TextArgument;
using gs::web::valueObject;
using gs::web::viewObject;
using gs::web::wholeNumberIn;

// The most moves moves() returns at once; longer lists are read in pages (moves(first, count)).
constexpr std::uint64_t kMaxMovesListed = 1 << 16;
// Longer comment arguments are refused before they are copied (the core names a shorter one's
// exact length).
constexpr std::uint64_t kMaxCommentArgument = 1 << 20;

// An export of the session's board at `step` (undefined or null: 0) of the optimal line:
// {ok: true, text} or {ok: false, error}.
val exportResult(gs::Session& session, gs::ExportFormat format, const val& step) {
  int steps = 0;
  if (!step.isUndefined() && !step.isNull()) {
    const auto value = wholeNumberIn(step, 0, 1e9);
    if (!value) return errorResult("the step must be a non-negative integer");
    steps = static_cast<int>(*value);
  }
  auto text = gs::exportBoard(session, gs::ExportOptions{format, steps});
  if (!text) return errorResult(text.error().toString());
  val result = okResult();
  result.set("text", text.value());
  return result;
}

// Parameters given as an object ({n: 41}); the others keep their defaults. "" or a sentence.
std::string readParams(const gs::RulesGame& game, const val& given, gs::Params& params) {
  params = game.defaults();
  if (given.isUndefined() || given.isNull()) return "";
  if (!isObject(given)) return "the parameters must be an object such as {n: 41}";
  const auto& declared = game.header().params;
  const val keys = val::global("Object").call<val>("keys", given);
  const int count = keys["length"].as<int>();
  for (int k = 0; k < count; ++k) {
    const std::string name = keys[k].as<std::string>();
    std::size_t index = 0;
    while (index < declared.size() && declared[index].name != name) ++index;
    if (index == declared.size()) {
      std::string names;
      for (const gs::RulesParam& param : declared)
        names += (names.empty() ? "" : ", ") + param.name;
      return "'" + name + "' is not a parameter of this game (its parameters: " +
             (names.empty() ? "none" : names) + ")";
    }
    const val value = given[name];
    const auto number = wholeNumberIn(value, -9.2e18, 9.2e18);
    if (!number) return name + " must be a whole number";
    const gs::Message problem = game.paramProblem(index, static_cast<std::int64_t>(*number));
    if (!problem.empty()) return problem.english();
    params[index] = static_cast<std::int64_t>(*number);
  }
  return "";
}

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

class JsSession {
 public:
  JsSession() = default;

  // --- Loading at once: the board is parsed and solved before the call returns.
  val loadJudgeInput(val game, val text) { return finishAtOnce(startJudgeInput(game, text)); }
  val loadLink(val fragment) { return finishAtOnce(startLink(fragment)); }
  // A seeded random board: the recipe in the link grammar ("10.10.100000.7").
  val loadRecipe(val game, val text) { return finishAtOnce(startRecipe(game, text)); }

  // --- Loading in slices: start*() checks the input and prepares the solve (the board on
  // screen stays), advance(ms) solves for about ms milliseconds and reports progress, cancel()
  // drops the solve. The module's loadJudgeInputAsync() & co. (module_api.js) drive these.
  val startJudgeInput(val game, val text) {
    val error = val::null();
    auto load = loadFromJudgeArguments(game, text, error);
    if (!load) return error;
    pending_.emplace(Pending{std::move(*load), false, ++jobSerial_});
    return okResult();
  }
  val startLink(val fragment) {
    TextArgument text;
    const std::string problem =
        text.read(fragment, "the link", gs::kMaxLinkLength,
                  gs::Message(gs::forms::kLinkLongerThan,
                              {{"N1", gs::kMaxLinkLength}, {"N2", gs::kMaxLinkLength}})
                      .english());
    if (!problem.empty()) return errorResult(problem);
    auto link = gs::parseLink(text.view());
    if (!link) return errorResult(link.error().toString());
    auto load = gs::boardFromLink(link.value(), moduleLimits());
    if (!load) return errorResult(load.error().toString());
    pending_.emplace(Pending{std::move(load.value()), true, ++jobSerial_});
    return okResult();
  }
  val startRecipe(val game, val text) {
    const gs::Game* found = gameOf(game);
    if (!found) return errorResult(gameExpected());
    TextArgument recipeText;
    const std::string problem = recipeText.read(
        text, "the recipe", 1024,
        "the recipe is longer than 1024 characters; it must be " + gs::recipeShape(*found));
    if (!problem.empty()) return errorResult(problem);
    auto recipe = gs::parseRecipe(*found, recipeText.view(), moduleLimits());
    if (!recipe) return errorResult(recipe.error().toString());
    auto load = gs::boardFromRecipe(recipe.value(), moduleLimits());
    if (!load) return errorResult(load.error().toString());
    pending_.emplace(Pending{std::move(load.value()), true, ++jobSerial_});
    return okResult();
  }
  // A game written as a Lua rules file, with parameters ({n: 41}; the others at their
  // defaults). Errors name the rules' line: {ok: false, error, line}.
  val loadRules(val text, val params) { return finishAtOnce(startRules(text, params)); }
  val startRules(val text, val params) {
    val error = val::null();
    const auto game = loadRulesGame(text, error);
    if (!game) return error;
    // {input, case}: a problem's input (rules with read) and the case on the board, from 1.
    if (isObject(params) && isString(params["input"])) {
      if (!game->header().hasRead)
        return errorResult(
            "these rules read no judge input (they have no read); give their "
            "parameters instead");
      TextArgument input;
      const std::string problem =
          input.read(params["input"], "the judge's input", gs::kMaxJudgeTextBytes,
                     "the judge's input is longer than " +
                         gs::withThousands(gs::kMaxJudgeTextBytes) + " bytes");
      if (!problem.empty()) return errorResult(problem);
      double number = 1;
      if (!params["case"].isUndefined()) {
        const auto given = wholeNumberIn(params["case"], 1, 1e6);
        if (!given) return errorResult("case must be a whole number from 1");
        number = *given;
      }
      auto board =
          game->caseBoard(input.view(), static_cast<std::size_t>(number) - 1, moduleLimits());
      if (!board) return errorResult(board.error());
      pending_.emplace(
          Pending{gs::BoardLoad{gs::SolveJob(std::move(board.value())), std::nullopt, std::nullopt},
                  false, ++jobSerial_});
      return okResult();
    }
    gs::Params values;
    const std::string problem = readParams(*game, params, values);
    if (!problem.empty()) return errorResult(problem);
    pending_.emplace(Pending{gs::BoardLoad{gs::SolveJob(game->board(values, moduleLimits())),
                                           std::nullopt, std::nullopt},
                             false, ++jobSerial_});
    return okResult();
  }
  // {done, progress (0..1), positions, elapsedMs}; once done also {ok} or {ok: false, error},
  // and the new board is loaded (or the previous one stays).
  val advance(val milliseconds) {
    val result = val::object();
    if (!pending_) {
      result.set("done", true);
      result.set("ok", false);
      result.set("error", std::string("no solve is running: start one with startJudgeInput, "
                                      "startLink or startRecipe"));
      return result;
    }
    double slice = 10;
    if (milliseconds.typeOf().as<std::string>() == "number") {
      const double value = milliseconds.as<double>();
      if (value >= 0.1 && value <= 60000) slice = value;
    }
    const bool done = pending_->load.job.stepFor(slice);
    const gs::SolveProgress progress = pending_->load.job.progress();
    result.set("done", done);
    result.set("progress", done ? 1.0 : progress.fraction());
    result.set("positions", static_cast<double>(progress.done));
    result.set("elapsedMs", pending_->load.job.elapsedMilliseconds());
    if (!done) return result;
    const val finished = finishPending();
    result.set("ok", finished["ok"]);
    if (!finished["ok"].as<bool>()) {
      result.set("error", finished["error"]);
      if (!finished["line"].isUndefined()) result.set("line", finished["line"]);
    } else {
      result.set("view", finished["view"]);
    }
    return result;
  }
  bool cancel() {
    const bool running = pending_.has_value();
    pending_.reset();
    return running;
  }
  // The solve in progress: {progress, positions, elapsedMs, job} (job: a number naming this
  // solve, unique in the module), or null.
  val solving() const {
    if (!pending_) return val::null();
    const gs::SolveProgress progress = pending_->load.job.progress();
    val result = val::object();
    result.set("progress", progress.fraction());
    result.set("positions", static_cast<double>(progress.done));
    result.set("elapsedMs", pending_->load.job.elapsedMilliseconds());
    result.set("job", static_cast<double>(pending_->serial));
    return result;
  }

  bool loaded() const { return session_.has_value(); }

  val stats() const { return session_ ? statsObject(session_->stats()) : val::null(); }
  // Loading solves the board; solve() reports what that took (kept for the natural call order
  // load → solve → query).
  val solve() const { return stats(); }

  val game() const { return session_ ? val(std::string(session_->game().id())) : val::null(); }
  val judgeInput() const {
    return session_ ? val(session_->gameBoard().judge().judgeInput()) : val::null();
  }
  val judgeOutput() const {
    return session_ ? val(session_->gameBoard().judge().judgeOutput()) : val::null();
  }
  val summary() const {
    return session_ ? val(session_->gameBoard().summary().english()) : val::null();
  }
  int step() const { return session_ ? session_->step() : 0; }
  int sideToMove() const { return session_ ? session_->gameBoard().sideToMove() : 0; }
  bool isOver() const { return session_ ? session_->isOver() : true; }

  val value() const {
    if (!session_) return val::null();
    return valueObject(*session_, session_->gameBoard().value(),
                       session_->gameBoard().sideToMove());
  }

  // Every legal move (moves()), or a page of them (moves(first, count)). A list of more than
  // kMaxMovesListed moves is refused: {ok: false, error, moveCount}.
  val moves(val first, val count) const {
    val list = val::array();
    if (!session_) return list;
    const auto number = [](const val& value, double fallback) {
      if (value.typeOf().as<std::string>() != "number") return fallback;
      const double x = value.as<double>();
      return x >= 0 && x == static_cast<double>(static_cast<std::uint64_t>(x)) ? x : -1.0;
    };
    const bool paged = !first.isUndefined() || !count.isUndefined();
    const double from = number(first, 0), wanted = number(count, kMaxMovesListed);
    const std::uint64_t total = session_->gameBoard().moveCount();
    if (from < 0 || wanted < 0 || (paged && wanted > kMaxMovesListed)) {
      val error = errorResult("moves(first, count) takes whole numbers, count at most " +
                              std::to_string(kMaxMovesListed));
      error.set("moveCount", static_cast<double>(total));
      return error;
    }
    if (!paged && total > kMaxMovesListed) {
      val error =
          errorResult("this position has " + std::to_string(total) +
                      " legal moves; moves() lists at most " + std::to_string(kMaxMovesListed) +
                      " at once: read them in pages with moves(first, count)");
      error.set("moveCount", static_cast<double>(total));
      return error;
    }
    const int mover = session_->gameBoard().sideToMove();
    int index = 0;
    for (const gs::MoveValue& entry : session_->gameBoard().movesPage(
             static_cast<std::uint64_t>(from), static_cast<std::uint64_t>(wanted))) {
      val move = moveObject(*session_, entry.move);
      move.set("value", valueObject(*session_, entry.value, mover));
      move.set("best", entry.best);
      list.set(index++, move);
    }
    return list;
  }

  double moveCount() const {
    return session_ ? static_cast<double>(session_->gameBoard().moveCount()) : 0;
  }

  val bestMove() const {
    if (!session_) return val::null();
    const auto move = session_->gameBoard().bestMove();
    return move ? moveObject(*session_, *move) : val::null();
  }

  // The computer's move at a strength from 0 (a random legal move) to 10 (the best move),
  // repeatable from its seed (core/computer.h): computerMove({strength: 6, seed: 1}); null when
  // the game is over; {ok: false, error} for a strength or seed out of range.
  val computerMove(val options) const {
    if (!session_) return val::null();
    double strength = gs::kMaxStrength, seed = 1;
    if (isObject(options)) {
      if (!options["strength"].isUndefined()) {
        const auto given = wholeNumberIn(options["strength"], 0, gs::kMaxStrength);
        if (!given) return errorResult("strength must be an integer from 0 to 10");
        strength = *given;
      }
      if (!options["seed"].isUndefined()) {
        const auto given = wholeNumberIn(options["seed"], 0, 9007199254740991.0);
        if (!given) return errorResult("seed must be an integer from 0 to 2^53 - 1");
        seed = *given;
      }
    } else if (!options.isUndefined() && !options.isNull()) {
      return errorResult("computerMove takes {strength, seed}");
    }
    const auto move =
        gs::computerMove(*session_, static_cast<int>(strength), static_cast<std::uint64_t>(seed));
    return move ? moveObject(*session_, *move) : val::null();
  }

  val principalLine() const {
    val list = val::array();
    if (!session_) return list;
    int index = 0;
    for (const gs::Move& move : session_->principalLine())
      list.set(index++, moveObject(*session_, move));
    return list;
  }

  val history() const {
    val list = val::array();
    if (!session_) return list;
    int index = 0;
    for (const gs::Move& move : session_->history()) list.set(index++, moveObject(*session_, move));
    return list;
  }

  // A move by its code ("2-3", "A1", "A1-C2") or a move object from moves().
  val play(val move) {
    if (!session_) return errorResult("no board is loaded");
    const val codeValue = isObject(move) ? move["code"] : move;
    if (!isString(codeValue))
      return errorResult("play() takes a move code such as '2-3' or 'A1-C2', or a move object");
    TextArgument text;
    const std::string problem =
        text.read(codeValue, "the move code", 64, "the move code is longer than 64 characters");
    if (!problem.empty()) return errorResult(problem);
    const std::string code = text.str();
    auto parsed = session_->gameBoard().texts().parseMoveCode(code);
    if (!parsed) return errorResult(gs::quoteToken(code) + " " + parsed.error().message.english());
    const gs::Message reason = session_->play(parsed.value());
    return reason.empty() ? okResult() : errorResult(reason.english());
  }

  // The comment at the cursor (core/session.h): setComment("the only winning reply"); '' removes
  // it. {ok: false, error} for text that cannot be a comment (too long, a control character).
  val setComment(val text) {
    if (!session_) return errorResult("no board is loaded");
    TextArgument argument;
    const std::string problem =
        argument.read(text, "the comment", kMaxCommentArgument,
                      "the comment is longer than " + gs::withThousands(kMaxCommentArgument) +
                          " bytes; a comment holds at most " +
                          std::to_string(gs::Session::kMaxCommentBytes) + " bytes of UTF-8");
    if (!problem.empty()) return errorResult(problem);
    const gs::Message reason = session_->setComment(argument.view());
    return reason.empty() ? okResult() : errorResult(reason.english());
  }
  // The comment at a step of the line ('' when none, or for a step that is not one).
  std::string comment(val step) const {
    if (!session_) return "";
    const auto number = wholeNumberIn(step, 0, 1e9);
    return number ? session_->comment(static_cast<int>(*number)) : "";
  }

  bool undo() { return session_ && session_->undo(); }
  bool redo() { return session_ && session_->redo(); }
  bool goToStep(val step) {
    if (!session_ || step.typeOf().as<std::string>() != "number") return false;
    const double value = step.as<double>();
    if (!(value >= 0 && value <= 1e9) || value != static_cast<int>(value)) return false;
    return session_->goToStep(static_cast<int>(value));
  }
  void restart() {
    if (session_) session_->restart();
  }

  // The link of the current state; options {embed, autoplay, readOnly, computer: [bool, bool]}.
  val link(val options) const {
    if (!session_) return errorResult("no board is loaded");
    gs::ViewOptions view;
    if (isObject(options)) {
      view.embed = options["embed"].isTrue();
      view.autoplay = options["autoplay"].isTrue();
      view.readOnly = options["readOnly"].isTrue();
      const val computer = options["computer"];
      if (isObject(computer)) {
        view.computer[0] = computer[0].isTrue();
        view.computer[1] = computer[1].isTrue();
      }
      if (!options["strength"].isUndefined()) {
        const auto strength = wholeNumberIn(options["strength"], 0, gs::kMaxStrength);
        if (!strength) return errorResult("strength must be an integer from 0 to 10");
        view.strength = static_cast<int>(*strength);
      }
    }
    auto link = gs::makeLink(*session_, recipe_, view);
    if (!link) return errorResult(link.error().toString());
    val result = okResult();
    result.set("link", link.value());
    return result;
  }

  val view() const { return viewObject(view_); }

  // The combinatorial game value of the position at the cursor (partisan rules games; Left is
  // the first player): {ok, canonical, outcomeClass, mean, temperature, leftStop, rightStop,
  // thermograph: {leftWall, rightWall} (corners [temperature, value] from -1 up to the mast),
  // moves: the canonical form each legal move leads to, in moves() order}, or {ok: false, error}.
  val cgt() const {
    if (!session_) return errorResult("no board is loaded");
    const gs::GameBoard& board = session_->gameBoard();
    const gs::CombinatorialValues* values = board.combinatorialValues();
    if (!values)
      return errorResult(
          "this game's positions have no combinatorial values: cgt() is for partisan rules "
          "(partisan = true) of normal play, where who cannot move loses");
    auto value = values->valueHere();
    if (!value) return errorResult(value.error().toString());
    const gs::CombinatorialValue& v = value.value();
    val result = okResult();
    result.set("canonical", v.canonical);
    result.set("outcomeClass", v.outcome);
    result.set("mean", v.mean);
    result.set("temperature", v.temperature);
    result.set("leftStop", v.leftStop);
    result.set("rightStop", v.rightStop);
    const auto wall = [](const std::vector<gs::CombinatorialValue::Corner>& corners) {
      val list = val::array();
      int index = 0;
      for (const auto& corner : corners) {
        val point = val::array();
        point.set(0, corner.temperature);
        point.set(1, corner.value);
        list.set(index++, point);
      }
      return list;
    };
    val thermograph = val::object();
    thermograph.set("leftWall", wall(v.leftWall));
    thermograph.set("rightWall", wall(v.rightWall));
    result.set("thermograph", thermograph);
    val moves = val::array();
    if (board.moveCount() <= kMaxMovesListed) {
      int index = 0;
      for (const gs::MoveValue& entry : board.moves()) {
        const auto after = values->valueAfter(entry.move);
        moves.set(index++, after ? val(*after) : val::null());
      }
    }
    result.set("moves", moves);
    return result;
  }

  // The same JSON document as `gamesolver analyze`, up to kModuleAnalysisBytes (the page holds
  // it); past them {ok: false, error} with the sentence.
  val analyze() {
    if (!session_) return val::null();
    gs::AnalysisOptions options;
    options.maxOutputBytes = gs::kModuleAnalysisBytes;
    auto json = gs::analysisJson(*session_, options);
    if (!json) return errorResult(json.error().toString());
    return val(json.value());
  }

  // The board as plain data for drawing: {game, toMove, step} and the game's snapshot.
  val board() const {
    if (!session_) return val::null();
    const gs::BoardSnapshot snapshot = session_->snapshot();
    val board = val::object();
    board.set("game", std::string(session_->game().id()));
    board.set("toMove", session_->gameBoard().sideToMove());
    board.set("step", session_->step());
    for (const auto& [name, number] : snapshot.numbers) board.set(name, number);
    for (const auto& [name, layer] : snapshot.layers) board.set(name, layerArray(layer));
    if (!snapshot.cards.empty()) {
      val cards = val::array();
      for (std::size_t k = 0; k < snapshot.cards.size(); ++k) {
        val card = val::object();
        card.set("name", snapshot.cards[k].name);
        card.set("value", static_cast<double>(snapshot.cards[k].value));
        card.set("owner", snapshot.cards[k].owner);
        cards.set(k, card);
      }
      board.set("cards", cards);
    }
    if (snapshot.placements) {
      val placements = val::array();
      for (std::size_t k = 0; k < snapshot.placements->size(); ++k) {
        const gs::BoardSnapshot::Placement& placement = (*snapshot.placements)[k];
        val entry = val::object();
        entry.set("row", placement.row + 1);
        entry.set("col", placement.col + 1);
        entry.set("player", placement.player);
        placements.set(k, entry);
      }
      board.set("placements", placements);
    }
    if (!snapshot.scores.empty()) {
      val scores = val::array();
      for (std::size_t k = 0; k < snapshot.scores.size(); ++k) scores.set(k, snapshot.scores[k]);
      board.set("scores", scores);
    }
    // Rules games: the position as show() draws it.
    if (!snapshot.text.empty()) board.set("text", snapshot.text);
    if (!snapshot.grid.empty()) {
      val grid = val::array();
      for (std::size_t r = 0; r < snapshot.grid.size(); ++r) {
        val row = val::array();
        for (std::size_t c = 0; c < snapshot.grid[r].size(); ++c) row.set(c, snapshot.grid[r][c]);
        grid.set(r, row);
      }
      board.set("grid", grid);
    }
    return board;
  }

  // Exports for posts (core/tools/export.h): the board at step K (default 0) of the optimal line as
  // a standalone SVG or as Markdown for an editorial. The line of play is left as it was.
  val exportSvg(val step) {
    if (!session_) return errorResult("no board is loaded");
    return exportResult(*session_, gs::ExportFormat::kSvg, step);
  }
  val exportMarkdown(val step) {
    if (!session_) return errorResult("no board is loaded");
    return exportResult(*session_, gs::ExportFormat::kMarkdown, step);
  }

 private:
  struct Pending {
    gs::BoardLoad load;
    bool returnsView;  // links and recipes answer with {ok, view}
    // Which solve this is, unique in the module: module_api.js's async loads tell their own
    // job from one started after them (solving().job).
    std::uint64_t serial;
  };
  static inline std::uint64_t jobSerial_ = 0;

  // Finishes the pending job: the board is loaded, or the previous one stays.
  val finishPending() {
    Pending pending = std::move(*pending_);
    pending_.reset();
    auto finished = finishNow(std::move(pending.load.job));
    if (!finished) return errorResult(finished.error());
    adopt(std::move(finished.value()), std::move(pending.load.recipe),
          pending.load.view.value_or(gs::ViewOptions{}));
    val result = okResult();
    if (pending.returnsView) result.set("view", viewObject(view_));
    return result;
  }
  // A synchronous load: the result of start*() (an error), or the job run to its end.
  val finishAtOnce(val started) {
    if (!started["ok"].as<bool>()) return started;
    return finishPending();
  }

  void adopt(gs::Session session, std::optional<gs::Recipe> recipe, gs::ViewOptions view) {
    session_.emplace(std::move(session));
    recipe_ = std::move(recipe);
    view_ = view;
  }

  std::optional<gs::Session> session_;
  std::optional<Pending> pending_;
  std::optional<gs::Recipe> recipe_;
  gs::ViewOptions view_;
};

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

// Tables of a rules game's values (core/rules/rules_table.h), in slices like a session's loads:
//   const t = new gs.RulesTable();
//   t.start(rulesText, ['n=0..100', 'k=3'])  -> {ok} | {ok: false, error, line}; also
//                                               {n: [0, 100], k: 3}
//   t.advance(ms)   -> {done, progress, rows, positions}; once done {ok} or {ok: false, error}
//   t.values()      -> ['loss 0', 'win 1', ...] row by row, as gamesolver value writes them
//   t.pattern()     -> 'period 3 from n=0 (checked to n=100)' (one-parameter tables), or null
//   t.formula(7)    -> {ok, line: 'sg = a ^ b', python: 'a ^ b', cpp: 'a ^ b'} (null: none fits)
//   t.format('cpp') -> the table as tsv, csv, md, cpp, py or losses, as gamesolver table prints
//                      it (cpp and py with the pattern and the formula as comments)
//   t.delete()
class JsRulesTable {
 public:
  val start(val text, val spec) {
    table_.reset();
    val error = val::null();
    const auto game = loadRulesGame(text, error);
    if (!game) return error;
    std::vector<std::string> args;
    if (isObject(spec) && val::global("Array").call<bool>("isArray", spec)) {
      const int count = spec["length"].as<int>();
      for (int k = 0; k < count; ++k) {
        if (!isString(spec[k]))
          return errorResult("the table's ranges must be strings such as 'n=0..100'");
        args.push_back(spec[k].as<std::string>());
      }
    } else if (isObject(spec)) {
      const val keys = val::global("Object").call<val>("keys", spec);
      for (int k = 0; k < keys["length"].as<int>(); ++k) {
        const std::string name = keys[k].as<std::string>();
        const val value = spec[name];
        const auto whole = [](const val& v, std::string& out) {
          if (v.typeOf().as<std::string>() != "number") return false;
          const double x = v.as<double>();
          if (!(x >= -9.2e18 && x <= 9.2e18) || x != std::floor(x)) return false;
          out = std::to_string(static_cast<std::int64_t>(x));
          return true;
        };
        std::string from, to;
        if (isObject(value) && whole(value[0], from) && whole(value[1], to))
          args.push_back(name + "=" + from + ".." + to);
        else if (whole(value, from))
          args.push_back(name + "=" + from);
        else
          return errorResult(name + " must be a whole number or a range [from, to]");
      }
    } else {
      return errorResult("the table needs its ranges: ['n=0..100'] or {n: [0, 100]}");
    }
    auto parsed = gs::parseTableSpec(*game, args);
    if (!parsed) return errorResult(parsed.error().toString());
    command_ = "gamesolver table RULES";
    for (const std::string& arg : args) command_ += " " + arg;
    table_ = std::make_unique<gs::RulesTable>(game, parsed.value(), moduleLimits());
    return okResult();
  }
  val advance(val milliseconds) {
    val result = val::object();
    if (!table_) {
      result.set("done", true);
      result.set("ok", false);
      result.set("error", std::string("no table is being made: start one with start()"));
      return result;
    }
    double slice = 10;
    if (milliseconds.typeOf().as<std::string>() == "number") {
      const double value = milliseconds.as<double>();
      if (value >= 0.1 && value <= 60000) slice = value;
    }
    const auto begin = std::chrono::steady_clock::now();
    bool done = false;
    while (!(done = table_->advance(256)) &&
           std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin)
                   .count() < slice) {
    }
    const gs::SolveProgress progress = table_->progress();
    result.set("done", done);
    result.set("progress", done ? 1.0 : progress.fraction());
    result.set("rows", static_cast<double>(progress.total));
    result.set("positions", static_cast<double>(table_->positionsExplored()));
    if (done) {
      result.set("ok", !table_->failed());
      if (table_->failed()) {
        const gs::ParseError error = table_->error();
        result.set("error", error.toString());
        if (error.line > 0) result.set("line", error.line);
        table_.reset();
      }
    }
    return result;
  }
  bool cancel() {
    const bool running = table_ && !table_->done();
    if (running) table_.reset();
    return running;
  }
  val values() const {
    val list = val::array();
    if (!table_ || !table_->done()) return list;
    const gs::RulesKind kind = table_->game().header().kind;
    int index = 0;
    for (const gs::Value& value : table_->values())
      list.set(index++, gs::rulesValueText(kind, value));
    return list;
  }
  val pattern() const {
    if (!table_ || !table_->done() || table_->spec().axes.size() != 1) return val::null();
    return val(gs::tablePattern(*table_));
  }
  // The simplest formula of the table (core/rules/formula.h): its line, "sg = a ^ b" or "no formula
  // of up to 7 symbols fits (checked ...)", with the formula alone in Python and C++ (null
  // when none fits). Synchronous: 21 x 21 cells take about 0.2 s natively at 7 symbols.
  val formula(val symbols) const {
    if (!table_ || !table_->done()) return errorResult("the table is not made yet");
    int maxSymbols = gs::FormulaSearch::kDefaultMaxSymbols;
    if (!symbols.isUndefined() && !symbols.isNull()) {
      const auto given = wholeNumberIn(symbols, 1, 9);
      if (!given) return errorResult("symbols must be an integer from 1 to 9");
      maxSymbols = static_cast<int>(*given);
    }
    const gs::FoundFormula found = gs::tableFormula(*table_, maxSymbols);
    val result = okResult();
    result.set("line",
               gs::formulaLine(*table_, found.python, found.searchedSymbols, found.maxSymbols));
    result.set("python", found.python ? val(*found.python) : val::null());
    result.set("cpp", found.cpp ? val(*found.cpp) : val::null());
    return result;
  }
  val format(val name) const {
    if (!table_ || !table_->done()) return errorResult("the table is not made yet");
    const auto format =
        isString(name) ? gs::parseTableFormat(name.as<std::string>()) : std::nullopt;
    if (!format)
      return errorResult("the format must be tsv, csv, md, cpp, py, losses, periodic or rare");
    if (*format == gs::TableFormat::kLosses &&
        table_->game().header().kind != gs::RulesKind::kNormalPlay)
      return errorResult("losses lists the losing positions of a game of normal play");
    if (const std::string problem = gs::tableFormatProblem(*table_, *format); !problem.empty())
      return errorResult(problem);
    // Held whole in the page's heap: up to kModuleAnalysisBytes, as analyze().
    const auto text =
        gs::formatTableWithin(*table_, *format, command_, gs::FormulaSearch::kDefaultMaxSymbols,
                              gs::kModuleAnalysisBytes);
    if (!text) return errorResult(text.error());
    val result = okResult();
    result.set("text", text.value());
    return result;
  }

 private:
  std::unique_ptr<gs::RulesTable> table_;
  std::string command_;
};

// Animated GIFs (core/tools/gif.h) for the app's "Save GIF" and for embedders: a long-lived handle
// that takes frames one at a time, so only the previous frame and the bytes so far are held.
//   const w = new gs.GifWriter();
//   w.begin(600, 640)                      -> {ok} | {ok: false, error}; loopCount: 0 forever
//   w.addFrame(imageData.data, 80)         -> {ok} | {ok: false, error}; RGBA, centiseconds
//   w.finish()                             -> {ok, bytes: Uint8Array} | {ok: false, error}
//   w.delete()
// Pixels (a Uint8Array or Uint8ClampedArray, e.g. ImageData.data) are copied once into a heap
// buffer allocated by begin() and reused for every frame; their length is checked first.
class JsGifWriter {
 public:
  JsGifWriter() = default;
  JsGifWriter(const JsGifWriter&) = delete;
  JsGifWriter& operator=(const JsGifWriter&) = delete;
  ~JsGifWriter() { std::free(frame_); }

  val begin(val width, val height, val loopCount) {
    const auto whole = [](const val& value, double fallback, bool& ok) {
      if (value.isUndefined()) return fallback;
      if (value.typeOf().as<std::string>() != "number") return ok = false, 0.0;
      const double x = value.as<double>();
      if (!(x >= -1e9 && x <= 1e9) || x != static_cast<double>(static_cast<long long>(x)))
        ok = false;
      return x;
    };
    bool ok = true;
    const double w = whole(width, -1, ok), h = whole(height, -1, ok),
                 loops = whole(loopCount, 0, ok);
    if (!ok || width.isUndefined() || height.isUndefined())
      return errorResult(
          "begin(width, height, loopCount) takes whole numbers: the size in pixels "
          "and 0 to loop forever, -1 to play once or a repeat count");
    reset();
    auto writer =
        gs::GifWriter::begin(static_cast<int>(w), static_cast<int>(h), static_cast<int>(loops));
    if (!writer) return errorResult(writer.error().message.english());
    frameBytes_ = static_cast<std::size_t>(writer->width()) * writer->height() * 4;
    frame_ = static_cast<std::uint8_t*>(std::malloc(frameBytes_));
    if (!frame_)
      return errorResult("a " + std::to_string(writer->width()) + " x " +
                         std::to_string(writer->height()) + " frame needs " +
                         gs::formatBytes(frameBytes_) + " and the page's memory cannot hold it");
    writer_.emplace(std::move(writer.value()));
    return okResult();
  }

  val addFrame(val rgba, val delay) {
    if (!writer_) return errorResult("no GIF is begun: call begin(width, height) first");
    if (!rgba.instanceof (val::global("Uint8Array")) && !rgba.instanceof
        (val::global("Uint8ClampedArray")))
      return errorResult(
          "addFrame(rgba, delay) takes the pixels as a Uint8Array or "
          "Uint8ClampedArray of RGBA (e.g. ImageData.data)");
    if (delay.typeOf().as<std::string>() != "number")
      return errorResult(
          "addFrame(rgba, delay) takes the delay in hundredths of a second (a number)");
    const double length = rgba["length"].as<double>();
    if (length != static_cast<double>(frameBytes_))
      return errorResult("a frame of this " + std::to_string(writer_->width()) + " x " +
                         std::to_string(writer_->height()) + " GIF is " +
                         std::to_string(frameBytes_) + " bytes of RGBA (4 a pixel); this one has " +
                         std::to_string(static_cast<std::uint64_t>(length)));
    const double centiseconds = delay.as<double>();
    if (!(centiseconds >= 0 && centiseconds <= gs::kMaxGifDelay) ||
        centiseconds != static_cast<int>(centiseconds))
      return errorResult("a frame's delay must be a whole number of hundredths of a second, 0.." +
                         std::to_string(gs::kMaxGifDelay));
    // One copy, JS to the heap (HEAPU8 read now: memory may have grown since the last call).
    val::module_property("HEAPU8").call<void>("set", rgba,
                                              val(reinterpret_cast<std::uintptr_t>(frame_)));
    const std::string problem =
        writer_->addFrame(frame_, frameBytes_, static_cast<int>(centiseconds));
    return problem.empty() ? okResult() : errorResult(problem);
  }

  val finish() {
    if (!writer_) return errorResult("no GIF is begun: call begin(width, height) first");
    auto bytes = writer_->finish();
    reset();
    if (!bytes) return errorResult(bytes.error().message.english());
    val result = okResult();
    const std::string& data = bytes.value();
    result.set("bytes", val::global("Uint8Array")
                            .new_(emscripten::typed_memory_view(
                                data.size(), reinterpret_cast<const std::uint8_t*>(data.data())))
                            .call<val>("slice"));
    return result;
  }

  int frameCount() const { return writer_ ? writer_->frameCount() : 0; }
  double byteLength() const { return writer_ ? static_cast<double>(writer_->byteCount()) : 0; }

 private:
  void reset() {
    writer_.reset();
    std::free(frame_);
    frame_ = nullptr;
    frameBytes_ = 0;
  }

  std::optional<gs::GifWriter> writer_;
  std::uint8_t* frame_ = nullptr;  // the frame being added, copied from JS
  std::size_t frameBytes_ = 0;
};

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
