// The Embind face of the core: what the browser app and a blog author's page call. No rules
// live here; every answer comes from gs::Session and the codecs in core/.
//
// Conventions: small results are plain JS objects and arrays (nothing to .delete()); the only
// handle is Session. Arguments arrive as emscripten::val and are checked here, so a wrong type,
// an illegal move or a malformed link comes back as {ok: false, error: "…"} and never aborts
// the module. Exceptions are off in this build: nothing below throws.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <malloc.h>

#include <optional>
#include <string>
#include <vector>

#include "analysis.h"
#include "bench.h"
#include "random_boards.h"
#include "session.h"
#include "share_link.h"

namespace {

using emscripten::val;

// The module's default budget: tables larger than this are refused with a message (the wasm
// heap can grow to 2 GiB, and the page needs room beside the table).
constexpr std::uint64_t kModuleMemoryBudget = std::uint64_t{768} << 20;

gs::SolveLimits moduleLimits() {
  gs::SolveLimits limits;
  limits.memoryBudgetBytes = kModuleMemoryBudget;
  return limits;
}

val okResult() {
  val result = val::object();
  result.set("ok", true);
  return result;
}

val errorResult(const std::string& error) {
  val result = val::object();
  result.set("ok", false);
  result.set("error", error);
  return result;
}

bool isString(const val& value) { return value.typeOf().as<std::string>() == "string"; }

std::optional<gs::GameId> gameOf(const val& value) {
  if (!isString(value)) return std::nullopt;
  return gs::gameIdFromName(value.as<std::string>());
}

const char* kGameExpected = "the game must be 'staircase', 'exchange' or 'manhattan'";

val cellObject(int row, int col) {
  val cell = val::object();
  cell.set("row", row + 1);
  cell.set("col", col + 1);
  return cell;
}

val valueObject(const gs::Session& session, const gs::Value& value, int player) {
  const gs::GameInfo& info = session.info();
  val result = val::object();
  result.set("metric", std::string(info.metricName));
  result.set("player", std::string(info.players[player]));
  result.set("text", session.describe(value, player));
  switch (info.metric) {
    case gs::Metric::kScoreDifference:
      result.set("score", static_cast<double>(value.score));
      break;
    case gs::Metric::kWinLossRemoteness:
      result.set("win", value.win);
      result.set("remoteness", value.remoteness);
      break;
    case gs::Metric::kWinLossCertificate:
      result.set("win", value.win);
      result.set("certificate", value.certificate.a >= 0
                                    ? cellObject(value.certificate.a, value.certificate.b)
                                    : val::null());
      break;
  }
  return result;
}

val moveObject(const gs::Session& session, const gs::Move& move) {
  val result = val::object();
  result.set("code", gs::moveCode(session, move));
  result.set("name", session.moveName(move));
  if (const gs::ExchangeSolver* exchange = session.exchange()) {
    result.set("play", exchange->board().cardName(move.a));
    result.set("take", move.b >= 0 ? val(exchange->board().cardName(move.b)) : val::null());
  } else {
    result.set("row", move.a + 1);
    result.set("col", move.b + 1);
  }
  return result;
}

template <class T>
val copyToTypedArray(const char* type, const std::vector<T>& data) {
  // A copy that does not alias the wasm heap (which may move when memory grows).
  const val view = val::global(type).new_(emscripten::typed_memory_view(data.size(), data.data()));
  return view.call<val>("slice");
}

// Parses and solves judge text given as JS values; on a wrong argument or a malformed board,
// `error` receives the {ok: false, error} result and the board is not loaded.
std::optional<gs::Session> sessionFromJudgeArguments(const val& game, const val& text, val& error) {
  const auto id = gameOf(game);
  if (!id) {
    error = errorResult(kGameExpected);
    return std::nullopt;
  }
  if (!isString(text)) {
    error = errorResult("the judge input must be a string");
    return std::nullopt;
  }
  auto loaded = gs::Session::fromJudgeInput(*id, text.as<std::string>(), moduleLimits());
  if (!loaded) {
    error = errorResult(loaded.error().toString());
    return std::nullopt;
  }
  return std::move(loaded.value());
}

class JsSession {
 public:
  JsSession() = default;

  val loadJudgeInput(val game, val text) {
    val error = val::null();
    auto loaded = sessionFromJudgeArguments(game, text, error);
    if (!loaded) return error;
    session_.emplace(std::move(*loaded));
    recipe_.reset();
    return okResult();
  }

  val loadLink(val fragment) {
    if (!isString(fragment)) return errorResult("the link must be a string");
    auto link = gs::parseLink(fragment.as<std::string>());
    if (!link) return errorResult(link.error().toString());
    auto opened = gs::openLink(link.value(), moduleLimits());
    if (!opened) return errorResult(opened.error().toString());
    session_.emplace(std::move(opened.value()));
    recipe_ = link->recipe;
    view_ = link->view;
    val result = okResult();
    result.set("view", viewObject(view_));
    return result;
  }

  // A seeded random board: recipe as in links ("10.10.100000.7", "4.4.4.1000000000.7",
  // "2000.1000.7").
  val loadRecipe(val game, val recipe) {
    const auto id = gameOf(game);
    if (!id) return errorResult(kGameExpected);
    if (!isString(recipe)) return errorResult("the recipe must be a string");
    return loadLink(val(std::string("#g=") + gs::gameIdName(*id) + "&r=" +
                        recipe.as<std::string>()));
  }

  bool loaded() const { return session_.has_value(); }

  val stats() const {
    if (!session_) return val::null();
    val result = val::object();
    result.set("positions", static_cast<double>(session_->stats().positions));
    result.set("milliseconds", session_->stats().milliseconds);
    return result;
  }
  // Loading solves the board; solve() reports what that took (kept for the natural call order
  // load → solve → query).
  val solve() const { return stats(); }

  val game() const { return session_ ? val(std::string(session_->info().name)) : val::null(); }
  val judgeInput() const { return session_ ? val(session_->judgeInput()) : val::null(); }
  val judgeOutput() const { return session_ ? val(session_->judgeOutput()) : val::null(); }
  val summary() const { return session_ ? val(session_->summary()) : val::null(); }
  int step() const { return session_ ? session_->step() : 0; }
  int sideToMove() const { return session_ ? session_->sideToMove() : 0; }
  bool isOver() const { return session_ ? session_->isOver() : true; }

  val value() const {
    if (!session_) return val::null();
    return valueObject(*session_, session_->value(), session_->sideToMove());
  }

  val moves() const {
    val list = val::array();
    if (!session_) return list;
    const int mover = session_->sideToMove();
    int index = 0;
    for (const gs::MoveValue& entry : session_->moves()) {
      val move = moveObject(*session_, entry.move);
      move.set("value", valueObject(*session_, entry.value, mover));
      move.set("best", entry.best);
      list.set(index++, move);
    }
    return list;
  }

  val bestMove() const {
    if (!session_) return val::null();
    const auto move = session_->bestMove();
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
    std::string code;
    if (isString(move)) {
      code = move.as<std::string>();
    } else if (move.typeOf().as<std::string>() == "object" && !move.isNull() &&
               isString(move["code"])) {
      code = move["code"].as<std::string>();
    } else {
      return errorResult("play() takes a move code such as '2-3' or 'A1-C2', or a move object");
    }
    auto parsed = gs::parseMoveCode(*session_, code);
    if (!parsed) return errorResult(gs::quoteToken(code) + " " + parsed.error().message);
    const std::string reason = session_->play(parsed.value());
    return reason.empty() ? okResult() : errorResult(reason);
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
    if (options.typeOf().as<std::string>() == "object" && !options.isNull()) {
      view.embed = options["embed"].isTrue();
      view.autoplay = options["autoplay"].isTrue();
      view.readOnly = options["readOnly"].isTrue();
      const val computer = options["computer"];
      if (computer.typeOf().as<std::string>() == "object" && !computer.isNull()) {
        view.computer[0] = computer[0].isTrue();
        view.computer[1] = computer[1].isTrue();
      }
    }
    auto link = gs::makeLink(*session_, recipe_, view);
    if (!link) return errorResult(link.error().toString());
    val result = okResult();
    result.set("link", link.value());
    return result;
  }

  val view() const { return viewObject(view_); }

  // The same JSON document as `gamesolver analyze`.
  val analyze() {
    if (!session_) return val::null();
    return val(gs::analysisJson(*session_));
  }

  // The board as plain data for drawing.
  val board() const {
    if (!session_) return val::null();
    val board = val::object();
    board.set("game", std::string(session_->info().name));
    board.set("toMove", session_->sideToMove());
    board.set("step", session_->step());
    if (const gs::StaircaseSolver* solver = session_->staircase()) {
      const gs::StaircaseBoard& data = solver->board();
      board.set("rows", data.rows);
      board.set("cols", data.cols);
      board.set("a", copyToTypedArray("Float64Array", toDoubles(data.black)));
      board.set("b", copyToTypedArray("Float64Array", toDoubles(data.white)));
      std::vector<std::int8_t> owner(data.black.size(), -1);
      std::vector<std::int32_t> moveNumber(data.black.size(), 0);
      double scores[2] = {0, 0};
      const auto& history = session_->history();
      for (int k = 0; k < session_->step(); ++k) {
        const std::size_t cell = static_cast<std::size_t>(history[k].a) * data.cols + history[k].b;
        owner[cell] = static_cast<std::int8_t>(k % 2);
        moveNumber[cell] = k + 1;
        scores[k % 2] += static_cast<double>(k % 2 == 0 ? data.black[cell] : data.white[cell]);
      }
      board.set("owner", copyToTypedArray("Int8Array", owner));
      board.set("moveNumber", copyToTypedArray("Int32Array", moveNumber));
      val scoreList = val::array();
      scoreList.set(0, scores[0]);
      scoreList.set(1, scores[1]);
      board.set("scores", scoreList);
    } else if (const gs::ExchangeSolver* solver = session_->exchange()) {
      const gs::ExchangeBoard& data = solver->board();
      const gs::ExchangePosition& position = *session_->exchangePosition();
      val cards = val::array();
      for (int k = 0; k < data.cardCount(); ++k) {
        val card = val::object();
        card.set("name", data.cardName(k));
        card.set("value", static_cast<double>(data.cards[k]));
        card.set("owner", static_cast<int>(position.owner[k]));
        cards.set(k, card);
      }
      board.set("cards", cards);
    } else if (const gs::ManhattanSolver* solver = session_->manhattan()) {
      const gs::ManhattanBoard& data = solver->board();
      board.set("n", data.n);
      board.set("m", static_cast<double>(data.m));
      board.set("values", copyToTypedArray("Uint32Array", data.values));
      board.set("winning", copyToTypedArray("Uint8Array", solver->winningCells()));
      val placements = val::array();
      const auto& history = session_->history();
      for (int k = 0; k < session_->step(); ++k) {
        val placement = cellObject(history[k].a, history[k].b);
        placement.set("player", k % 2);
        placements.set(k, placement);
      }
      board.set("placements", placements);
    }
    return board;
  }

 private:
  static std::vector<double> toDoubles(const std::vector<std::int64_t>& values) {
    return std::vector<double>(values.begin(), values.end());
  }
  static val viewObject(const gs::ViewOptions& view) {
    val result = val::object();
    result.set("embed", view.embed);
    result.set("autoplay", view.autoplay);
    result.set("readOnly", view.readOnly);
    val computer = val::array();
    computer.set(0, view.computer[0]);
    computer.set(1, view.computer[1]);
    result.set("computer", computer);
    return result;
  }

  std::optional<gs::Session> session_;
  std::optional<gs::BoardRecipe> recipe_;
  gs::ViewOptions view_;
};

val solveJudgeInput(val game, val text) {
  val error = val::null();
  const auto session = sessionFromJudgeArguments(game, text, error);
  if (!session) return error;
  val result = okResult();
  result.set("output", session->judgeOutput());
  return result;
}

val games() {
  val list = val::array();
  int index = 0;
  for (const gs::GameInfo& info : gs::gameRegistry()) {
    val game = val::object();
    game.set("id", std::string(info.name));
    game.set("title", std::string(info.title));
    game.set("source", std::string(info.source));
    val players = val::array();
    players.set(0, std::string(info.players[0]));
    players.set(1, std::string(info.players[1]));
    game.set("players", players);
    game.set("metric", std::string(info.metricName));
    list.set(index++, game);
  }
  return list;
}

// Heap figures for leak checks: the wasm memory's size and the bytes malloc has handed out.
val heapStats() {
  const struct mallinfo info = mallinfo();
  val result = val::object();
  result.set("heapSize", static_cast<double>(emscripten::val::module_property("HEAP8")["length"].as<double>()));
  result.set("inUse", static_cast<double>(info.uordblks));
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

}  // namespace

EMSCRIPTEN_BINDINGS(game_solver) {
  emscripten::function("solveJudgeInput", &solveJudgeInput);
  emscripten::function("games", &games);
  emscripten::function("bench", &bench);
  emscripten::function("heapStats", &heapStats);
  emscripten::class_<JsSession>("Session")
      .constructor<>()
      .function("loadJudgeInput", &JsSession::loadJudgeInput)
      .function("loadLink", &JsSession::loadLink)
      .function("loadRecipe", &JsSession::loadRecipe)
      .function("loaded", &JsSession::loaded)
      .function("solve", &JsSession::solve)
      .function("stats", &JsSession::stats)
      .function("game", &JsSession::game)
      .function("judgeInput", &JsSession::judgeInput)
      .function("judgeOutput", &JsSession::judgeOutput)
      .function("summary", &JsSession::summary)
      .function("value", &JsSession::value)
      .function("moves", &JsSession::moves)
      .function("bestMove", &JsSession::bestMove)
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
      .function("board", &JsSession::board);
}
