#include "base/expected.h"

#include "base/forms.h"

namespace gs {

Message ParseError::what() const {
  if (line == 0) return message;  // errors about something other than text (a link part)
  // Column 0: a line known, its column not (a rules file's runtime errors).
  if (column == 0) return Message(forms::kAtLine, {{"N", line}, {"MESSAGE", message}});
  return Message(forms::kAtLineColumn, {{"N1", line}, {"N2", column}, {"MESSAGE", message}});
}

std::string ParseError::toString() const {
  return what().english();
}

}  // namespace gs
