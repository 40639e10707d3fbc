// The rules text that share links carry (core/tools/share_link.h, part c): raw deflate (zlib, level
// 9, the same sources natively and in the module) written in base64url without padding, so it
// is made of URL-safe characters only. Decoding accepts any raw deflate stream (a later
// version may compress differently) and stops at a size limit, so no link can inflate into
// more than a rules file may hold.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/expected.h"

namespace gs {

std::string compressToLink(std::string_view text);
// The text, or a sentence: "is not base64url (character 12)", "does not inflate", "inflates to
// more than 262,144 bytes".
Expected<std::string> decompressFromLink(std::string_view part, std::size_t maxBytes);

}  // namespace gs
