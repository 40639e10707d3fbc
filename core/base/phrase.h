// A catalogue entry: an English text and its Simplified Chinese (i18n.h says how entries match
// and where they live). On its own so that the forms (forms.h) can be written without the
// catalogue, which lists them.
#pragma once

namespace gs {

struct Phrase {
  const char* english;
  const char* chinese;
};

}  // namespace gs
