// Every game's judge parser on arbitrary bytes: a board or a ParseError with a line, a column
// and a sentence; a parsed board prints back as judge input that parses to the same board.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
#include "session.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const gs::Game* game : gs::games()) {
    auto board = game->parse(text, gs::fuzz::smallLimits());
    if (!board) {
      const gs::ParseError& error = board.error();
      gs::fuzz::check(error.line >= 1 && error.column >= 1 && !error.message.empty(),
                      "a parse error names a line, a column and a sentence", error.toString());
      continue;
    }
    const std::string printed = board.value()->judge().judgeInput();
    auto again = game->parse(printed, gs::fuzz::smallLimits());
    gs::fuzz::check(again.ok(), "a printed board parses", printed);
    gs::fuzz::check(again.value()->judge().judgeInput() == printed, "a printed board round-trips",
                    printed);
    auto session = gs::Session::fromJudgeInput(*game, text, gs::fuzz::smallLimits());
    gs::fuzz::check(session.ok() && !session->gameBoard().judge().judgeOutput().empty(),
                    "a parsed board solves");
  }
  return 0;
}
