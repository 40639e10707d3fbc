// The module's RulesTable, a JsRulesTable (js_rules_table.h).
#include "js_rules_table.h"

#include <emscripten/val.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "js_values.h"
#include "rules/rules_game.h"
#include "rules/rules_table.h"

namespace gs::web {

val JsRulesTable::start(val text, val spec) {
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

val JsRulesTable::advance(val milliseconds) {
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
  while (
      !(done = table_->advance(256)) &&
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count() <
          slice) {
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

bool JsRulesTable::cancel() {
  const bool running = table_ && !table_->done();
  if (running) table_.reset();
  return running;
}

val JsRulesTable::values() const {
  val list = val::array();
  if (!table_ || !table_->done()) return list;
  const gs::RulesKind kind = table_->game().header().kind;
  int index = 0;
  for (const gs::Value& value : table_->values())
    list.set(index++, gs::rulesValueText(kind, value));
  return list;
}

val JsRulesTable::pattern() const {
  if (!table_ || !table_->done() || table_->spec().axes.size() != 1) return val::null();
  return val(gs::tablePattern(*table_));
}

val JsRulesTable::formula(val symbols) const {
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

val JsRulesTable::format(val name) const {
  if (!table_ || !table_->done()) return errorResult("the table is not made yet");
  const auto format = isString(name) ? gs::parseTableFormat(name.as<std::string>()) : std::nullopt;
  if (!format)
    return errorResult("the format must be tsv, csv, md, cpp, py, losses, periodic or rare");
  if (*format == gs::TableFormat::kLosses &&
      table_->game().header().kind != gs::RulesKind::kNormalPlay)
    return errorResult("losses lists the losing positions of a game of normal play");
  if (const std::string problem = gs::tableFormatProblem(*table_, *format); !problem.empty())
    return errorResult(problem);
  // Held whole in the page's heap: up to kModuleAnalysisBytes, as analyze().
  const auto text = gs::formatTableWithin(
      *table_, *format, command_, gs::FormulaSearch::kDefaultMaxSymbols, gs::kModuleAnalysisBytes);
  if (!text) return errorResult(text.error());
  val result = okResult();
  result.set("text", text.value());
  return result;
}
}  // namespace gs::web
