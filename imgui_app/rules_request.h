// A rules game to open from its text (the editor, an example, a dropped or pasted file, the
// judge-input box of rules that read a problem's input): what the solver worker loads first,
// with the full budget, and the page loads again, with its own (kPageInstructionsPerCall), once
// the worker has loaded and solved it. Both sides read the same request with the same code, so
// they build the same board.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/rules_judge.h"
#include "tools/board_load.h"

namespace gs::app {

struct RulesRequest {
  std::string rules;  // the rules file's text
  // Rules with read(): the judge's input (nullopt: the rules' sample) and the case on the board
  // (0-based).
  std::optional<std::string> input;
  std::size_t caseIndex = 0;
  // Rules with parameters, either their judge line as typed ("3 5", checked as the judge reads
  // it) or values by name: a parameter not named, or named with a value out of its range, takes
  // its default.
  std::optional<std::string> line;
  std::vector<std::pair<std::string, std::int64_t>> params;
};

// The request as one text (the worker's message) and back.
std::string encodeRulesRequest(const RulesRequest& request);
RulesRequest decodeRulesRequest(std::string_view text, std::string_view rules);

// Loads the rules within limits.lua and reads the board the request asks for. Errors are the
// sandbox's or the reader's sentence (a failing line: "line 7: ...").
Expected<BoardLoad> boardFromRulesRequest(const RulesRequest& request, const SolveLimits& limits);

// Whether a share link's fragment opens a rules game (its g part is "rules"), found without
// running anything: such links are opened by the worker first.
bool isRulesLink(std::string_view fragment);

// A rules link with no rules in it: "g=rules" alone, or with "lang=en" or "lang=zh" (which
// `language` then gets). The app opens its "Your game" sample for it, as "g=staircase" alone
// opens that game's sample; any other part (b, m, i, ...) needs the rules (c) and is refused.
bool isBareRulesLink(std::string_view fragment, std::string* language = nullptr);

// A position of a rules board for the worker's search (the app's lazy board, rulesSearchPosition):
// the board as it was opened (a link's fragment, or a request's encoding and the rules) and the
// line of moves from its start, each a move's index in moves()' order.
struct SearchRequest {
  std::vector<std::size_t> line;
  bool link = false;
  std::string text;
  bool values = false;  // whole values (rulesSearchPosition's `values`), not who wins alone
};
std::string encodeSearchRequest(const SearchRequest& request);
SearchRequest decodeSearchRequest(std::string_view text);
Expected<BoardLoad> boardFromSearchRequest(const SearchRequest& request, std::string_view rules,
                                           const SolveLimits& limits);
// The worker's answer to the page, as a text, and back (nullopt: not an answer), with the game's
// title (the page has not run the rules).
std::string encodeSearchedPosition(const SearchedPosition& position, const std::string& title);
std::optional<SearchedPosition> decodeSearchedPosition(std::string_view text, std::string* title);

}  // namespace gs::app
