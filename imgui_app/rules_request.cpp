#include "rules_request.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/load_rules.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "session.h"

namespace gs::app {
namespace {

// One line of the request's header: its first word, and the rest.
std::pair<std::string_view, std::string_view> split(std::string_view line) {
  const std::size_t space = line.find(' ');
  if (space == std::string_view::npos) return {line, {}};
  return {line.substr(0, space), line.substr(space + 1)};
}

char hexDigit(int value) {
  return "0123456789abcdef"[value & 15];
}

// A line of the header holds any text: newlines, tabs and '%' escaped as %XX.
std::string escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '\n' || c == '\r' || c == '\t' || c == '%') {
      out += '%';
      out += hexDigit(static_cast<unsigned char>(c) >> 4);
      out += hexDigit(static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out;
}

std::string unescape(std::string_view text) {
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (text[k] == '%' && k + 2 < text.size()) {
      out +=
          static_cast<char>(std::strtol(std::string(text.substr(k + 1, 2)).c_str(), nullptr, 16));
      k += 2;
    } else {
      out += text[k];
    }
  }
  return out;
}

}  // namespace

// The header, a line each ("case K", "line TEXT", "param VALUE NAME"), then "input" and the
// input's text to the end, when there is one.
std::string encodeRulesRequest(const RulesRequest& request) {
  std::string text = "case " + std::to_string(request.caseIndex) + "\n";
  if (request.line) text += "line " + escape(*request.line) + "\n";
  for (const auto& [name, value] : request.params)
    text += "param " + std::to_string(value) + " " + escape(name) + "\n";
  if (request.input) text += "input\n" + *request.input;
  return text;
}

RulesRequest decodeRulesRequest(std::string_view text, std::string_view rules) {
  RulesRequest request;
  request.rules = std::string(rules);
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const auto [word, rest] = split(text.substr(at, end - at));
    at = end + 1;
    if (word == "input") {
      request.input = std::string(at < text.size() ? text.substr(at) : std::string_view());
      break;
    }
    if (word == "case") {
      request.caseIndex =
          static_cast<std::size_t>(std::strtoull(std::string(rest).c_str(), nullptr, 10));
    } else if (word == "line") {
      request.line = unescape(rest);
    } else if (word == "param") {
      const auto [value, name] = split(rest);
      request.params.emplace_back(unescape(name),
                                  std::strtoll(std::string(value).c_str(), nullptr, 10));
    }
  }
  return request;
}

Expected<BoardLoad> boardFromRulesRequest(const RulesRequest& request, const SolveLimits& limits) {
  auto rules = loadRules(request.rules, limits.lua);
  if (!rules) return rules.error();
  RulesGameOptions options;
  options.rulesText = request.rules;
  const auto game = std::make_shared<RulesGame>(rules.value(), std::move(options));
  if (game->header().hasRead) {
    const std::string input = request.input ? *request.input : std::string(game->sample());
    auto board = game->caseBoard(input, request.caseIndex, limits);
    if (!board) return board.error();
    return BoardLoad{SolveJob(std::move(board.value())), std::nullopt, std::nullopt};
  }
  std::string line;
  if (request.line) {
    line = *request.line;
  } else {
    Params params = game->defaults();
    const auto& declared = game->header().params;
    for (std::size_t k = 0; k < declared.size(); ++k)
      for (const auto& [name, value] : request.params)
        if (name == declared[k].name && game->paramProblem(k, value).empty()) params[k] = value;
    for (std::size_t k = 0; k < params.size(); ++k)
      line += (k ? " " : "") + std::to_string(params[k]);
    line += "\n";
  }
  // (The board keeps its game alive.)
  return boardFromJudgeInput(*game, line, limits);
}

namespace {

// The fragment's '&'-separated parts as parseLink reads them: percent-escapes decoded first.
std::vector<std::string> linkParts(std::string_view fragment) {
  if (!fragment.empty() && fragment.front() == '#') fragment.remove_prefix(1);
  std::string text;
  for (std::size_t k = 0; k < fragment.size(); ++k) {
    if (fragment[k] == '%' && k + 2 < fragment.size()) {
      text += static_cast<char>(
          std::strtol(std::string(fragment.substr(k + 1, 2)).c_str(), nullptr, 16));
      k += 2;
    } else {
      text += fragment[k];
    }
  }
  std::vector<std::string> parts;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find('&', at), text.size());
    parts.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return parts;
}

}  // namespace

bool isRulesLink(std::string_view fragment) {
  for (const std::string& part : linkParts(fragment))
    if (part == "g=rules") return true;
  return false;
}

bool isBareRulesLink(std::string_view fragment, std::string* language) {
  bool rules = false, hasLanguage = false;
  std::string chosen;
  for (const std::string& part : linkParts(fragment)) {
    if (part == "g=rules" && !rules) {
      rules = true;
    } else if ((part == "lang=en" || part == "lang=zh") && !hasLanguage) {
      hasLanguage = true;
      chosen = part.substr(5);
    } else {
      return false;  // anything else is parseLink's to read (and to refuse)
    }
  }
  if (rules && language) *language = chosen;
  return rules;
}

// A line each: "line K1 K2 ...", then "link" or "request" (with " values" when they are asked
// for), and the board's text to the end.
std::string encodeSearchRequest(const SearchRequest& request) {
  std::string text = "line";
  for (const std::size_t k : request.line) text += " " + std::to_string(k);
  return text + (request.link ? "\nlink" : "\nrequest") + (request.values ? " values\n" : "\n") +
         request.text;
}

SearchRequest decodeSearchRequest(std::string_view text) {
  SearchRequest request;
  const std::size_t first = std::min(text.find('\n'), text.size());
  const std::string numbers(split(text.substr(0, first)).second);
  for (const char* at = numbers.c_str(); *at;) {
    char* end = nullptr;
    const unsigned long long k = std::strtoull(at, &end, 10);
    if (end == at) break;
    request.line.push_back(static_cast<std::size_t>(k));
    at = end;
  }
  text = text.substr(std::min(first + 1, text.size()));
  const std::size_t second = std::min(text.find('\n'), text.size());
  const auto [source, values] = split(text.substr(0, second));
  request.link = source == "link";
  request.values = values == "values";
  request.text = std::string(text.substr(std::min(second + 1, text.size())));
  return request;
}

Expected<BoardLoad> boardFromSearchRequest(const SearchRequest& request, std::string_view rules,
                                           const SolveLimits& limits) {
  if (request.link)
    return boardFromSource(LoadSource{BoardSource::kLink, "", request.text, {}}, limits);
  return boardFromRulesRequest(decodeRulesRequest(request.text, rules), limits);
}

// A line each: "mover M", "outcome WORD", "positions N", "metric WORD", with values "value
// VALUE", then "text TEXT" or "grid" and a "row" line a row (its cells escaped, between tabs),
// then "move WORD NAME" a move, with values each followed by "worth VALUE" (a value: score,
// win, remoteness, draw).
std::string encodeSearchedPosition(const SearchedPosition& position, const std::string& title) {
  const auto valueText = [](const Value& value) {
    return std::to_string(value.score) + " " + (value.win ? "1 " : "0 ") +
           std::to_string(value.remoteness) + (value.draw ? " 1" : " 0");
  };
  std::string text = "title " + escape(title) + "\nmover " + std::to_string(position.mover) +
                     "\noutcome " + endResultWord(position.outcome) + "\npositions " +
                     std::to_string(position.positions) + "\nmetric " +
                     (position.metric == Metric::kGrundy ? "grundy" : "remoteness") + "\n";
  if (position.valued) text += "value " + valueText(position.value) + "\n";
  if (position.shown.grid.empty()) {
    text += "text " + escape(position.shown.text) + "\n";
  } else {
    text += "grid\n";
    for (const auto& row : position.shown.grid) {
      text += "row";
      for (const std::string& cell : row) text += "\t" + escape(cell);
      text += "\n";
    }
  }
  for (std::size_t k = 0; k < position.moveOutcomes.size(); ++k) {
    text += std::string("move ") + endResultWord(position.moveOutcomes[k]) + " " +
            escape(k < position.names.size() ? position.names[k] : std::string()) + "\n";
    if (position.valued && k < position.moveValues.size())
      text += "worth " + valueText(position.moveValues[k]) + "\n";
  }
  return text;
}

namespace {

// "SCORE WIN REMOTENESS DRAW" (encodeSearchedPosition's value) back to a value.
std::optional<Value> valueOfText(std::string_view text) {
  long long score = 0, remoteness = 0;
  int win = 0, draw = 0;
  if (std::sscanf(std::string(text).c_str(), "%lld %d %lld %d", &score, &win, &remoteness, &draw) !=
      4)
    return std::nullopt;
  Value value;
  value.score = score;
  value.win = win != 0;
  value.remoteness = static_cast<int>(remoteness);
  value.draw = draw != 0;
  return value;
}

}  // namespace

std::optional<SearchedPosition> decodeSearchedPosition(std::string_view text, std::string* title) {
  SearchedPosition position;
  bool hasOutcome = false;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    const auto [word, rest] = split(line);
    if (word == "title") {
      *title = unescape(rest);
    } else if (word == "mover") {
      position.mover = rest == "1" ? 1 : 0;
    } else if (word == "outcome") {
      const auto outcome = endResultOfWord(rest);
      if (!outcome) return std::nullopt;
      position.outcome = *outcome;
      hasOutcome = true;
    } else if (word == "positions") {
      position.positions = std::strtoull(std::string(rest).c_str(), nullptr, 10);
    } else if (word == "metric") {
      position.metric = rest == "grundy" ? Metric::kGrundy : Metric::kWinLossRemoteness;
    } else if (word == "value") {
      const auto value = valueOfText(rest);
      if (!value) return std::nullopt;
      position.valued = true;
      position.value = *value;
    } else if (word == "worth") {
      const auto value = valueOfText(rest);
      if (!value) return std::nullopt;
      position.moveValues.push_back(*value);
    } else if (word == "text") {
      position.shown.text = unescape(rest);
    } else if (line.substr(0, 3) == "row") {
      std::vector<std::string> cells;
      for (std::size_t cell = 3; cell < line.size();) {
        const std::size_t next = std::min(line.find('\t', cell + 1), line.size());
        cells.push_back(unescape(line.substr(cell + 1, next - cell - 1)));
        cell = next;
      }
      position.shown.grid.push_back(std::move(cells));
    } else if (word == "move") {
      const auto [outcomeWord, name] = split(rest);
      const auto outcome = endResultOfWord(outcomeWord);
      if (!outcome) return std::nullopt;
      position.moveOutcomes.push_back(*outcome);
      position.names.push_back(unescape(name));
    }
  }
  if (!hasOutcome ||
      (position.valued && position.moveValues.size() != position.moveOutcomes.size()))
    return std::nullopt;
  return position;
}

}  // namespace gs::app
