#include "tools/export.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "base/forms.h"

namespace gs {
namespace {

constexpr double kMargin = 16;
constexpr double kTitleSize = 15;
constexpr double kCaptionSize = 13;
constexpr double kCaptionLine = 20;
constexpr std::size_t kMovesListed = 24;  // Markdown: legal moves listed at the step

// The value in words (the game's describe()), followed for score games by the metric's name
// and the number.
std::string valueText(const Session& session, const Value& value, int player) {
  std::string text = session.gameBoard().texts().describe(value, player).english();
  if (session.info().metric == Metric::kScoreDifference)
    text +=
        " (" + std::string(session.info().metricName) + ": " + std::to_string(value.score) + ")";
  return text;
}

// The short form for table cells: the score for score games, the words otherwise.
std::string shortValueText(const Session& session, const Value& value, int player) {
  if (session.info().metric == Metric::kScoreDifference) return std::to_string(value.score);
  return session.gameBoard().texts().describe(value, player).english();
}

std::string stepText(int step, std::size_t lineLength, bool optimal) {
  return "step " + std::to_string(step) + " of " + std::to_string(lineLength) + " of the " +
         (optimal ? "optimal line" : "line played");
}

// "<first player> to move", or that the game is over.
std::string toMoveText(const Session& session) {
  if (session.isOver()) return forms::kGameIsOver.english;
  return Message(forms::kToMove,
                 {{"PLAYER", session.info().players[session.gameBoard().sideToMove()]}})
      .english();
}

// A fenced code block that no line of the text can close early.
std::string fenced(const std::string& text, const char* language) {
  std::string fence = "```";
  while (text.find(fence) != std::string::npos) fence += '`';
  std::string body = text;
  if (body.empty() || body.back() != '\n') body += '\n';
  return fence + language + "\n" + body + fence + "\n";
}

// A comment cut into lines of at most `width` pixels at `size`: at the last space that fits, or
// between two characters where no space does (Chinese text has none).
std::vector<std::string> wrapText(const std::string& text, double size, double width) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = start, lastSpace = std::string::npos;
    while (end < text.size()) {
      const std::size_t length = std::max<std::size_t>(1, utf8Length(text, end));
      if (end > start && textWidth(text.substr(start, end + length - start), size) > width) break;
      if (text[end] == ' ') lastSpace = end;
      end += length;
    }
    if (end < text.size() && lastSpace != std::string::npos && lastSpace > start) end = lastSpace;
    lines.push_back(text.substr(start, end - start));
    start = end;
    while (start < text.size() && text[start] == ' ') ++start;
  }
  return lines;
}

constexpr double kCommentWidth = 520;  // pixels: a comment wraps at the picture or at this

Expected<std::string> svgExport(Session& session, const std::vector<Move>& line, int step,
                                bool optimal, const std::vector<std::string>& comments) {
  const GameBoard& board = session.gameBoard();  // at the session's cursor
  const std::vector<MoveValue> moves = board.moves();
  // (exportBoard() has checked that the board has pictures.)
  auto picture = board.pictures()->svgPicture(line, step, moves);
  if (!picture) return picture.error();
  const GameInfo& info = session.info();
  const BoardSnapshot snapshot = session.snapshot();

  std::vector<std::string> captions;
  captions.push_back(toMoveText(session) +
                     ". Value: " + valueText(session, board.value(), board.sideToMove()));
  if (snapshot.scores.size() == 2)
    captions.push_back("Points so far: " + std::string(info.players[0]) + " " +
                       svgNumber(snapshot.scores[0]) + ", " + info.players[1] + " " +
                       svgNumber(snapshot.scores[1]));
  captions.push_back("Judge answer: " + session.game().benchAnswer(board.judge().judgeOutput()) +
                     "  (" + info.source + ")");
  // The comment at this step, first, wrapped to the picture's width.
  std::size_t commentLines = 0;
  if (static_cast<std::size_t>(step) < comments.size() && !comments[step].empty()) {
    const double wrapWidth = std::max<double>(picture->width, kCommentWidth);
    const std::vector<std::string> lines =
        wrapText("\xE2\x80\x9C" + comments[step] + "\xE2\x80\x9D", kCaptionSize, wrapWidth);
    captions.insert(captions.begin(), lines.begin(), lines.end());
    commentLines = lines.size();
  }
  const std::string title =
      std::string(info.title) + " \xE2\x80\x94 " + stepText(step, line.size(), optimal);

  double width = picture->width;
  width = std::max(width, textWidth(title, kTitleSize));
  for (const std::string& caption : captions)
    width = std::max(width, textWidth(caption, kCaptionSize));
  width = std::ceil(width + 2 * kMargin);
  const double pictureTop = kMargin + kTitleSize + 12;
  const double height =
      std::ceil(pictureTop + picture->height + 10 + kCaptionLine * captions.size() + kMargin - 4);

  SvgWriter svg;
  svg.rect(0, 0, width, height, "#ffffff");
  svg.text(kMargin, kMargin + kTitleSize - 2, title, kTitleSize, "#111", "start", true);
  svg.raw("<g transform=\"translate(" + svgNumber(kMargin) + " " + svgNumber(pictureTop) +
          ")\">\n");
  svg.raw(picture->elements);
  svg.raw("</g>\n");
  double y = pictureTop + picture->height + 10 + kCaptionSize;
  for (std::size_t k = 0; k < captions.size(); ++k, y += kCaptionLine) {
    const bool comment = k < commentLines, first = k == commentLines;
    svg.text(kMargin, y, captions[k], kCaptionSize,
             comment ? "#1a4d8f"
             : first ? "#111"
                     : "#444",
             "start", first);
  }

  const std::string w = svgNumber(width), h = svgNumber(height);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
         w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h +
         "\" font-family=\"DejaVu Sans, Verdana, Arial, Helvetica, sans-serif\">\n"
         "<title>" +
         xmlEscape(title) +
         "</title>\n"
         "<desc>" +
         xmlEscape(info.id + std::string(" judge input:\n") + board.judge().judgeInput()) +
         "</desc>\n" + svg.take() + "</svg>\n";
}

Expected<std::string> markdownExport(Session& session, const std::vector<Move>& line, int step,
                                     bool optimal, const std::vector<std::string>& comments) {
  const GameBoard& board = session.gameBoard();  // at the session's cursor, as it moves
  auto drawing = board.pictures()->markdownBoard(line, step);
  if (!drawing) return drawing.error();
  const GameInfo& info = session.info();
  std::string md =
      "### " + markdownEscape(info.title) + ": " + stepText(step, line.size(), optimal) + "\n\n";
  md += "**Judge input** (" + markdownEscape(info.source) + "):\n\n" +
        fenced(board.judge().judgeInput(), "text") + "\n";
  md += "**Answer** (the judge's output):\n\n" + fenced(board.judge().judgeOutput(), "text") + "\n";
  md += markdownEscape(board.summary().english()) +
        ". Values are in the metric: " + markdownEscape(info.metricName) + ".\n\n";

  // The optimal line, with the value of the position after each move.
  // With comments, a column of them: each move's comment beside it, the start's above the table.
  const auto commentAt = [&](std::size_t k) {
    return k < comments.size() ? comments[k] : std::string();
  };
  const bool commented = std::any_of(comments.begin() + (comments.empty() ? 0 : 1), comments.end(),
                                     [](const std::string& text) { return !text.empty(); });
  md += optimal ? "**Optimal line**" : "**Line played**";
  if (optimal && board.endless()) md += " (the game never ends: shown until it repeats)";
  md += ":\n\n";
  if (!commentAt(0).empty()) md += "> " + markdownEscape(commentAt(0)) + "\n\n";
  md += commented ? "| # | Player | Move | Value after it | Comment |\n|---:|---|---|---|---|\n"
                  : "| # | Player | Move | Value after it |\n|---:|---|---|---|\n";
  for (std::size_t k = 0; k < line.size(); ++k) {
    session.goToStep(static_cast<int>(k));
    const int mover = board.sideToMove();
    session.goToStep(static_cast<int>(k) + 1);
    md += "| " + std::to_string(k + 1) + " | " + info.players[mover] + " | " +
          markdownEscape(board.texts().moveName(line[k])) + " | " +
          markdownEscape(shortValueText(session, board.value(), board.sideToMove())) + " |" +
          (commented ? " " + markdownEscape(commentAt(k + 1)) + " |" : "") + "\n";
  }
  if (line.empty()) md += "| | | (no moves) | |\n";
  session.goToStep(step);

  md += "\n**The board at " + stepText(step, line.size(), optimal) + "** (" + toMoveText(session) +
        "; value: " + markdownEscape(valueText(session, board.value(), board.sideToMove())) +
        "):\n\n" + drawing.value() + "\n";

  const std::vector<MoveValue> moves = board.moves();
  if (!moves.empty()) {
    const int mover = board.sideToMove();
    md += "**Legal moves** for " + std::string(info.players[mover]) +
          " (value with best play after the move; \xE2\x9C\x93 best):\n\n"
          "| Move | Value | Best |\n|---|---|:---:|\n";
    for (std::size_t k = 0; k < moves.size() && k < kMovesListed; ++k)
      md += "| " + markdownEscape(board.texts().moveName(moves[k].move)) + " | " +
            markdownEscape(valueText(session, moves[k].value, mover)) + " | " +
            (moves[k].best ? "\xE2\x9C\x93" : "") + " |\n";
    if (moves.size() > kMovesListed)
      md += "\n(and " + std::to_string(moves.size() - kMovesListed) + " more legal moves)\n";
  }
  return md;
}

}  // namespace

std::optional<ExportFormat> parseExportFormat(std::string_view text) {
  if (text == "svg") return ExportFormat::kSvg;
  if (text == "md" || text == "markdown") return ExportFormat::kMarkdown;
  return std::nullopt;
}

Expected<std::string> exportBoard(Session& session, const ExportOptions& options) {
  // The size first: a board too large to draw is refused before its line is built (a 10000 x 2
  // staircase line is 20,000 positions).
  if (auto refusal = drawingRefusal(session.gameBoard())) return *refusal;
  const std::vector<Move> savedHistory = session.history();
  const std::vector<std::string> savedComments = session.comments();
  const int savedStep = session.step();
  const auto restore = [&]() {
    session.setLine(savedHistory, savedStep);
    for (std::size_t k = 0; k < savedComments.size(); ++k)
      session.setCommentAt(static_cast<int>(k), savedComments[k]);
  };
  session.setLine({}, 0);
  const std::vector<Move> line = options.sessionLine ? savedHistory : session.principalLine();
  // The comments of the session's line, at each step the exported line shares with it.
  std::vector<std::string> comments;
  for (std::size_t k = 0; k < savedComments.size() && k <= line.size(); ++k) {
    if (k > 0 && line[k - 1] != savedHistory[k - 1]) break;
    comments.push_back(savedComments[k]);
  }
  if (options.step < 0 || options.step > static_cast<int>(line.size())) {
    restore();
    const bool one = line.size() == 1;
    const Phrase& form =
        options.sessionLine
            ? (one ? forms::kStepPastLineOfOne : forms::kStepPastLine)
            : (one ? forms::kStepPastOptimalLineOfOne : forms::kStepPastOptimalLine);
    return ParseError{0, 0, Message(form, {{"N1", options.step}, {"N2", line.size()}})};
  }
  session.setLine(line, options.step);
  Expected<std::string> text =
      options.format == ExportFormat::kSvg
          ? svgExport(session, line, options.step, !options.sessionLine, comments)
          : markdownExport(session, line, options.step, !options.sessionLine, comments);
  restore();
  return text;
}

}  // namespace gs
