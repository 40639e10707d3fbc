// Exports for posts and editorials (`gamesolver export`, the module's exportSvg() and
// exportMarkdown()): the board at a step of the optimal line.
//
//   SVG       one standalone picture (xmlns, viewBox, width and height in pixels, text escaped,
//             no external references, no scripts): a title, the game's drawing of the board
//             (Pictures::svgPicture: stones, cards or placements with move numbers, points,
//             the value of every legal move with the best marked) and a caption with the value.
//   Markdown  the judge input as a fenced code block, the judge's answer, the optimal line as a
//             table (move number, player, move, value after it), the board as a table
//             (Pictures::markdownBoard) and the legal moves with their values. Tables and
//             code blocks only, no HTML: it pastes into a Luogu editorial.
//
// The step counts moves of the optimal line from the starting position (0 shows the start).
// Games refuse boards too large to draw legibly (e.g. more than 64 x 64 cells) with a sentence.
// The drawing helpers the games use are in core/base/drawing.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/drawing.h"
#include "base/judge_text.h"
#include "game.h"
#include "session.h"

namespace gs {

enum class ExportFormat { kSvg, kMarkdown };

struct ExportOptions {
  ExportFormat format = ExportFormat::kSvg;
  int step = 0;  // moves of the line on the board
  // The line: the optimal one from the start (the CLI's and the module's export), or the
  // session's own line of play (the app's, which exports what it shows).
  bool sessionLine = false;
};

// "svg", or "md" / "markdown"; nullopt otherwise.
std::optional<ExportFormat> parseExportFormat(std::string_view text);

// The export of the session's board. The session's line of play and cursor are put back as
// they were on return. Errors: a step past the end of the optimal line, a board too large.
Expected<std::string> exportBoard(Session& session, const ExportOptions& options);

}  // namespace gs
