// What the files of the module share (bindings.cpp's free functions and its table, and the
// handles js_session.cpp, js_rules_table.cpp and js_gif_writer.cpp): the module's limits, its
// results ({ok} and {ok: false, error}), the checks and the copying of JS arguments
// (TextArgument), the core's values, moves, views and figures as plain JS objects, and the loads
// of a judge text and of a rules text. The conventions they follow are written at the top of
// bindings.cpp.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "rules/rules_game.h"
#include "session.h"
#include "tools/board_load.h"

namespace gs::web {

using emscripten::val;

gs::SolveLimits moduleLimits();

val okResult();

val errorResult(const std::string& error);

// An error of a text the user wrote (a rules file): {ok: false, error, line, column} with the
// line it names and, for a syntax error, the column, so an editor can mark it.
val errorResult(const gs::ParseError& error);

bool isString(const val& value);
bool isObject(const val& value);
// A JS number that is a whole number from `low` to `high`, or nullopt (not a number, NaN, a
// fraction, out of range).
std::optional<double> wholeNumberIn(const val& value, double low, double high);

// A JS string copied once into the wasm heap as UTF-8 (judge texts can be hundreds of
// megabytes: Embind's std::string conversion would hold two copies at once and abort when
// malloc fails). read() returns "" or the sentence refusing the value.
class TextArgument {
 public:
  TextArgument() = default;
  TextArgument(const TextArgument&) = delete;
  TextArgument& operator=(const TextArgument&) = delete;
  ~TextArgument() { std::free(data_); }

  // `what` names the value in messages ("the judge input"); `tooLong` refuses a text of more
  // than `maxBytes` bytes of UTF-8 ("" when any length will do).
  std::string read(const val& value, const std::string& what, std::uint64_t maxBytes,
                   const std::string& tooLong = "");

  std::string_view view() const { return {data_ ? data_ : "", size_}; }
  std::string str() const { return std::string(view()); }

 private:
  char* data_ = nullptr;
  std::size_t size_ = 0;
};

const gs::Game* gameOf(const val& value);

std::string gameExpected();

val valueObject(const gs::Session& session, const gs::Value& value, int player);

val moveObject(const gs::Session& session, const gs::Move& move);

val layerArray(const gs::BoardSnapshot::Layer& layer);

val viewObject(const gs::ViewOptions& view);

val statsObject(const gs::SolveStats& stats);

// Parses judge text given as JS values into a solve job; on a wrong argument or a malformed
// board, `error` receives the {ok: false, error} result.
std::optional<gs::BoardLoad> loadFromJudgeArguments(const val& game, const val& text, val& error);

// Runs a job to its end.
gs::Expected<gs::Session> finishNow(gs::SolveJob job);

// A rules file given as a JS string: its game, or {ok: false, error, line}.
std::shared_ptr<gs::RulesGame> loadRulesGame(const val& text, val& error);

}  // namespace gs::web
