// The shared conversions and checks of the module (js_values.h).
#include "js_values.h"

#include <emscripten/val.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "rules/load_rules.h"
#include "rules/rules_game.h"
#include "session.h"

namespace gs::web {

namespace {

void setFields(val& object, const std::vector<gs::NamedField>& fields) {
  for (const gs::NamedField& field : fields) {
    if (const auto* number = std::get_if<std::int64_t>(&field.value))
      object.set(field.name, static_cast<double>(*number));
    else if (const auto* text = std::get_if<std::string>(&field.value))
      object.set(field.name, *text);
    else
      object.set(field.name, val::null());
  }
}

// A copy that does not alias the wasm heap (which may move when memory grows).
template <class T>
val typedArray(const char* type, const std::vector<T>& data) {
  const val view = val::global(type).new_(emscripten::typed_memory_view(data.size(), data.data()));
  return view.call<val>("slice");
}

}  // namespace

gs::SolveLimits moduleLimits() {
  return gs::SolveLimits{gs::kBrowserMemoryBudget};
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

val errorResult(const gs::ParseError& error) {
  val result = errorResult(error.toString());
  if (error.line > 0) result.set("line", error.line);
  if (error.line > 0 && error.column > 0) result.set("column", error.column);
  return result;
}

bool isString(const val& value) {
  return value.typeOf().as<std::string>() == "string";
}

bool isObject(const val& value) {
  return value.typeOf().as<std::string>() == "object" && !value.isNull();
}

std::optional<double> wholeNumberIn(const val& value, double low, double high) {
  if (value.typeOf().as<std::string>() != "number") return std::nullopt;
  const double number = value.as<double>();
  if (!(number >= low && number <= high) || number != std::floor(number)) return std::nullopt;
  return number;
}

std::string TextArgument::read(const val& value, const std::string& what, std::uint64_t maxBytes,
                               const std::string& tooLong) {
  if (!isString(value)) return what + " must be a string";
  const auto units = static_cast<std::uint64_t>(value["length"].as<double>());
  if (units > maxBytes) return tooLong;  // every UTF-16 unit is at least one UTF-8 byte
  // gsTextInfo (module_api.js): the UTF-8 length, or -1 - i for a lone surrogate at unit i.
  const double info = val::module_property("gsTextInfo")(value).as<double>();
  if (info < 0)
    return what + " holds a lone UTF-16 surrogate (half of a character pair) at character " +
           std::to_string(static_cast<std::uint64_t>(-1 - info) + 1) + "; it is not valid text";
  const auto bytes = static_cast<std::uint64_t>(info);
  if (bytes > maxBytes) return tooLong;
  data_ = static_cast<char*>(std::malloc(static_cast<std::size_t>(bytes) + 1));
  if (!data_)
    return what + " needs " + gs::formatBytes(bytes) + " and the page's memory cannot hold it";
  val::module_property("gsCopyText")(value, reinterpret_cast<std::uintptr_t>(data_),
                                     static_cast<double>(bytes));
  size_ = static_cast<std::size_t>(bytes);
  return "";
}

const gs::Game* gameOf(const val& value) {
  TextArgument id;
  if (!id.read(value, "the game", 64).empty()) return nullptr;
  return gs::findGame(id.view());
}

std::string gameExpected() {
  return "the game must be " + gs::gameIdList().english() + " (a string)";
}

val valueObject(const gs::Session& session, const gs::Value& value, int player) {
  const gs::GameInfo& info = session.info();
  val result = val::object();
  result.set("metric", std::string(info.metricName));
  result.set("player", std::string(info.players[player]));
  result.set("text", session.gameBoard().texts().describe(value, player).english());
  switch (info.metric) {
    case gs::Metric::kScoreDifference:
      result.set("score", static_cast<double>(value.score));
      break;
    case gs::Metric::kWinLossRemoteness:
      result.set("win", value.win);
      if (value.draw) result.set("draw", true);
      // An endless draw has no remoteness; a draw that ends, the moves to its end.
      if (!value.draw || value.remoteness >= 0) result.set("remoteness", value.remoteness);
      break;
    case gs::Metric::kGrundy:
      result.set("win", value.win);
      result.set("sg", static_cast<double>(value.score));
      break;
    case gs::Metric::kWinLossCertificate: {
      result.set("win", value.win);
      val certificate = val::null();
      if (value.certificate.a >= 0) {
        certificate = val::object();
        setFields(certificate, session.gameBoard().texts().moveFields(value.certificate));
      }
      result.set("certificate", certificate);
      break;
    }
  }
  return result;
}

val moveObject(const gs::Session& session, const gs::Move& move) {
  val result = val::object();
  const gs::MoveTexts& texts = session.gameBoard().texts();
  result.set("code", texts.moveCode(move));
  result.set("name", texts.moveName(move));
  setFields(result, texts.moveFields(move));
  return result;
}

val layerArray(const gs::BoardSnapshot::Layer& layer) {
  return std::visit(
      [](const auto& data) -> val {
        using T = typename std::decay_t<decltype(data)>::value_type;
        if constexpr (std::is_same_v<T, std::int8_t>)
          return typedArray("Int8Array", data);
        else if constexpr (std::is_same_v<T, std::uint8_t>)
          return typedArray("Uint8Array", data);
        else if constexpr (std::is_same_v<T, std::int32_t>)
          return typedArray("Int32Array", data);
        else if constexpr (std::is_same_v<T, std::uint32_t>)
          return typedArray("Uint32Array", data);
        else
          return typedArray("Float64Array", data);
      },
      layer);
}

val viewObject(const gs::ViewOptions& view) {
  val result = val::object();
  result.set("embed", view.embed);
  result.set("autoplay", view.autoplay);
  result.set("readOnly", view.readOnly);
  val computer = val::array();
  computer.set(0, view.computer[0]);
  computer.set(1, view.computer[1]);
  result.set("computer", computer);
  result.set("strength", view.strength);
  return result;
}

val statsObject(const gs::SolveStats& stats) {
  val result = val::object();
  result.set("positions", static_cast<double>(stats.positions));
  result.set("milliseconds", stats.milliseconds);
  // The analysis JSON's names for the same figures, kept as aliases.
  result.set("positionsSolved", static_cast<double>(stats.positions));
  result.set("solveMilliseconds", stats.milliseconds);
  return result;
}

std::optional<gs::BoardLoad> loadFromJudgeArguments(const val& game, const val& text, val& error) {
  const gs::Game* found = gameOf(game);
  if (!found) {
    error = errorResult(gameExpected());
    return std::nullopt;
  }
  // The size limit is worked out only for long texts (it takes a few milliseconds).
  TextArgument input;
  const bool longText = isString(text) && text["length"].as<double>() > gs::kInputSizeCheckedAbove;
  const std::string problem =
      input.read(text, "the judge input",
                 longText ? gs::inputSizeLimit(*found, moduleLimits()) : gs::kInputSizeCheckedAbove,
                 longText ? gs::inputTooLargeMessage(*found, moduleLimits()).english() : "");
  if (!problem.empty()) {
    error = errorResult(problem);
    return std::nullopt;
  }
  auto load = gs::boardFromJudgeInput(*found, input.view(), moduleLimits());
  if (!load) {
    error = errorResult(load.error().toString());
    return std::nullopt;
  }
  return std::move(load.value());
}

gs::Expected<gs::Session> finishNow(gs::SolveJob job) {
  job.solveAll();
  return job.finish();
}

std::shared_ptr<gs::RulesGame> loadRulesGame(const val& text, val& error) {
  TextArgument rules;
  const std::string problem =
      rules.read(text, "the rules", gs::kMaxRulesBytes,
                 "the rules file is longer than " + gs::withThousands(gs::kMaxRulesBytes) +
                     " bytes; at most that many are read");
  if (!problem.empty()) {
    error = errorResult(problem);
    return nullptr;
  }
  auto loaded = gs::loadRules(rules.view());
  if (!loaded) {
    error = errorResult(loaded.error());
    return nullptr;
  }
  gs::RulesGameOptions options;
  options.rulesText = rules.str();
  return std::make_shared<gs::RulesGame>(loaded.value(), options);
}

}  // namespace gs::web
