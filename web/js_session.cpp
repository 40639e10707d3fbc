// The module's Session, a JsSession (js_session.h): its loads, queries and moves.
#include "js_session.h"

#include <emscripten/val.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "base/forms.h"
#include "computer.h"
#include "js_values.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "session.h"
#include "tools/analysis.h"
#include "tools/export.h"
#include "tools/share_link.h"

namespace gs::web {

namespace {

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

}  // namespace

val JsSession::startJudgeInput(val game, val text) {
  val error = val::null();
  auto load = loadFromJudgeArguments(game, text, error);
  if (!load) return error;
  pending_.emplace(Pending{std::move(*load), false, ++jobSerial_});
  return okResult();
}

val JsSession::startLink(val fragment) {
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

val JsSession::startRecipe(val game, val text) {
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

val JsSession::startRules(val text, val params) {
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
    const std::string problem = input.read(
        params["input"], "the judge's input", gs::kMaxJudgeTextBytes,
        "the judge's input is longer than " + gs::withThousands(gs::kMaxJudgeTextBytes) + " bytes");
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
  pending_.emplace(Pending{
      gs::BoardLoad{gs::SolveJob(game->board(values, moduleLimits())), std::nullopt, std::nullopt},
      false, ++jobSerial_});
  return okResult();
}

val JsSession::advance(val milliseconds) {
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

bool JsSession::cancel() {
  const bool running = pending_.has_value();
  pending_.reset();
  return running;
}

val JsSession::solving() const {
  if (!pending_) return val::null();
  const gs::SolveProgress progress = pending_->load.job.progress();
  val result = val::object();
  result.set("progress", progress.fraction());
  result.set("positions", static_cast<double>(progress.done));
  result.set("elapsedMs", pending_->load.job.elapsedMilliseconds());
  result.set("job", static_cast<double>(pending_->serial));
  return result;
}

val JsSession::judgeInput() const {
  return session_ ? val(session_->gameBoard().judge().judgeInput()) : val::null();
}

val JsSession::judgeOutput() const {
  return session_ ? val(session_->gameBoard().judge().judgeOutput()) : val::null();
}

val JsSession::summary() const {
  return session_ ? val(session_->gameBoard().summary().english()) : val::null();
}

val JsSession::value() const {
  if (!session_) return val::null();
  return valueObject(*session_, session_->gameBoard().value(), session_->gameBoard().sideToMove());
}

val JsSession::moves(val first, val count) const {
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
    val error = errorResult(
        "this position has " + std::to_string(total) + " legal moves; moves() lists at most " +
        std::to_string(kMaxMovesListed) + " at once: read them in pages with moves(first, count)");
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

double JsSession::moveCount() const {
  return session_ ? static_cast<double>(session_->gameBoard().moveCount()) : 0;
}

val JsSession::bestMove() const {
  if (!session_) return val::null();
  const auto move = session_->gameBoard().bestMove();
  return move ? moveObject(*session_, *move) : val::null();
}

val JsSession::computerMove(val options) const {
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

val JsSession::principalLine() const {
  val list = val::array();
  if (!session_) return list;
  int index = 0;
  for (const gs::Move& move : session_->principalLine())
    list.set(index++, moveObject(*session_, move));
  return list;
}

val JsSession::history() const {
  val list = val::array();
  if (!session_) return list;
  int index = 0;
  for (const gs::Move& move : session_->history()) list.set(index++, moveObject(*session_, move));
  return list;
}

val JsSession::play(val move) {
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

val JsSession::setComment(val text) {
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

std::string JsSession::comment(val step) const {
  if (!session_) return "";
  const auto number = wholeNumberIn(step, 0, 1e9);
  return number ? session_->comment(static_cast<int>(*number)) : "";
}

bool JsSession::goToStep(val step) {
  if (!session_ || step.typeOf().as<std::string>() != "number") return false;
  const double value = step.as<double>();
  if (!(value >= 0 && value <= 1e9) || value != static_cast<int>(value)) return false;
  return session_->goToStep(static_cast<int>(value));
}

void JsSession::restart() {
  if (session_) session_->restart();
}

val JsSession::link(val options) const {
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

val JsSession::cgt() const {
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

val JsSession::analyze() {
  if (!session_) return val::null();
  gs::AnalysisOptions options;
  options.maxOutputBytes = gs::kModuleAnalysisBytes;
  auto json = gs::analysisJson(*session_, options);
  if (!json) return errorResult(json.error().toString());
  return val(json.value());
}

val JsSession::board() const {
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

val JsSession::exportSvg(val step) {
  if (!session_) return errorResult("no board is loaded");
  return exportResult(*session_, gs::ExportFormat::kSvg, step);
}

val JsSession::exportMarkdown(val step) {
  if (!session_) return errorResult("no board is loaded");
  return exportResult(*session_, gs::ExportFormat::kMarkdown, step);
}

val JsSession::finishPending() {
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

val JsSession::finishAtOnce(val started) {
  if (!started["ok"].as<bool>()) return started;
  return finishPending();
}

void JsSession::adopt(gs::Session session, std::optional<gs::Recipe> recipe, gs::ViewOptions view) {
  session_.emplace(std::move(session));
  recipe_ = std::move(recipe);
  view_ = view;
}
}  // namespace gs::web
