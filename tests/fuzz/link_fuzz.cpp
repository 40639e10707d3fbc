// The share-link decoder and openLink on arbitrary bytes under a small memory budget: a state
// or a sentence; an opened link's own link reopens the same state (its comments too) and is
// written the same way.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
#include "tools/share_link.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view fragment(reinterpret_cast<const char*>(data), size);
  auto link = gs::parseLink(fragment);
  if (!link) {
    gs::fuzz::check(!link.error().message.english().empty(), "a refused link gets a sentence");
    return 0;
  }
  auto session = gs::openLink(link.value(), gs::fuzz::smallLimits());
  if (!session) {
    gs::fuzz::check(!session.error().message.english().empty(), "a refused link gets a sentence");
    return 0;
  }
  auto made = gs::makeLink(session.value(), link->recipe, link->view);
  if (!made) return 0;  // a board too large for a b part, opened from one: said so
  auto reopened = gs::openLink(made.value(), gs::fuzz::smallLimits());
  gs::fuzz::check(reopened.ok(), "a link made from a state opens", made.value());
  gs::fuzz::check(
      reopened->gameBoard().judge().judgeInput() == session->gameBoard().judge().judgeInput() &&
          reopened->history() == session->history() &&
          reopened->comments() == session->comments() && reopened->step() == session->step() &&
          reopened->gameBoard().value() == session->gameBoard().value(),
      "a link round trip keeps board, line, comments, step and value", made.value());
  auto remade = gs::makeLink(reopened.value(), link->recipe, link->view);
  gs::fuzz::check(remade.ok() && remade.value() == made.value(),
                  "a link round trip is the identity", made.value());
  return 0;
}
