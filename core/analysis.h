// The analysis report (`gamesolver analyze`, and the module's analyze()): the answer, its
// metric, the principal line and, at each step of it, every legal move with its value.
#pragma once

#include <cstddef>
#include <string>

#include "session.h"

namespace gs {

struct AnalysisOptions {
  std::size_t maxMovesPerStep = 64;     // manhattan only: a step can have 4 million moves
  std::size_t maxCellsListed = 400;     // manhattan: cells listed before the summary cuts off
};

// A JSON document (one object, two-space indented, ending in a newline). The principal line
// starts at the session's cursor; the session walks it and is put back as it was on return.
std::string analysisJson(Session& session, const AnalysisOptions& options = {});

// A JSON string literal for `text` (quotes included, control characters escaped).
std::string jsonString(const std::string& text);

}  // namespace gs
