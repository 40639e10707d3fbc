// The analysis report (`gamesolver analyze`, and the module's analyze()): the answer, its
// metric, the principal line and, at each step of it, every legal move with its value.
#pragma once

#include <string>
#include <vector>

#include "session.h"

namespace gs {

// A JSON document (one object, two-space indented, ending in a newline). The principal line
// starts at the session's cursor; the session walks it and is put back as it was on return.
// A line longer than options.maxLineSteps lists its first maxLineSteps steps, after the members
// "principalLineTruncated": true and "principalLineShown": maxLineSteps (absent otherwise).
std::string analysisJson(Session& session, const AnalysisOptions& options = {});

// A JSON string literal for `text` (quotes included, control characters escaped).
std::string jsonString(const std::string& text);

// {"row": 2, "col": 3}: named fields as a JSON object.
std::string fieldsJson(const std::vector<NamedField>& fields);

}  // namespace gs
