// The analysis report (`gamesolver analyze`, and the module's analyze()): the answer, its
// metric, the principal line and, at each step of it, every legal move with its value.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "session.h"

namespace gs {

// A JSON document (one object, two-space indented, ending in a newline). The principal line
// starts at the session's cursor; the session walks it and is put back as it was on return.
// A line longer than options.maxLineSteps lists its first maxLineSteps steps, after the members
// "principalLineTruncated": true and "principalLineShown": maxLineSteps (absent otherwise).
// A document longer than options.maxOutputBytes is refused with a sentence naming the step it
// reached (the module asks for kModuleAnalysisBytes: it holds the text).
Expected<std::string> analysisJson(Session& session, const AnalysisOptions& options = {});

// The same document given to `out` a piece at a time (the header, then one step of the line at
// a time), so that a report of hundreds of megabytes (a line of 1000 steps of thousands of moves
// each) is written as it is made instead of held whole: the CLI writes it to its output. Returns
// the bytes written, or the sentence when the next piece would pass options.maxOutputBytes (the
// pieces before it were written; no step is built past the cap).
Expected<std::uint64_t> writeAnalysisJson(Session& session,
                                          const std::function<void(std::string_view)>& out,
                                          const AnalysisOptions& options = {});

// A JSON string literal for `text` (quotes included, control characters escaped); the append
// form adds it to `out` (a report's hundreds of thousands of names, with no string of their own).
std::string jsonString(const std::string& text);
void appendJsonString(std::string& out, const std::string& text);

// {"row": 2, "col": 3}: named fields as a JSON object; the append form adds it to `out`.
std::string fieldsJson(const std::vector<NamedField>& fields);
void appendFieldsJson(std::string& out, const std::vector<NamedField>& fields);

}  // namespace gs
