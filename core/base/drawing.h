// Drawing helpers for pictures of boards (SVG) and tables (Markdown): what the games' own
// drawings (Pictures::svgPicture, markdownBoard in core/pictures.h) and the exports around them
// (core/tools/export.h) share. Below the games: it knows no game, no session.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/expected.h"

namespace gs {

// The largest side drawn: boards with more rows or columns of cells are refused (a post shows
// a 64 x 64 board at about 16 pixels a cell; larger ones are unreadable and heavy).
constexpr int kMaxDrawnSide = 64;
// "a 100 x 3 board is too large to export (at most 64 x 64 cells)"
ParseError tooLargeToDraw(std::int64_t rows, std::int64_t cols);
// The font size, at most `size`, at which `text` fits in `width` (textWidth's measure).
double fittedFontSize(std::string_view text, double size, double width);

// Text for XML character data and attribute values: & < > " ' escaped; bytes below 0x20 other
// than tab and newline (not allowed in XML 1.0) become spaces.
std::string xmlEscape(std::string_view text);
// Text for a Markdown table cell: | and \ and the characters Markdown reads as emphasis, code
// or HTML (* _ ` < > [ ]) escaped with a backslash, line breaks made spaces.
std::string markdownEscape(std::string_view text);
// Display width of a text in em-ish units: 0.6 per ASCII character, 1 per wider character
// (CJK), for sizing boxes around text.
double textWidth(std::string_view text, double fontSize);

// Appends SVG elements; numbers are written compactly ("12", "12.5").
class SvgWriter {
 public:
  void rect(double x, double y, double width, double height, const char* fill,
            const char* stroke = "none", double strokeWidth = 1, double radius = 0,
            const char* extra = "");
  void circle(double cx, double cy, double r, const char* fill, const char* stroke = "none",
              double strokeWidth = 1);
  void line(double x1, double y1, double x2, double y2, const char* stroke, double width = 1,
            const char* extra = "");
  // anchor: "start", "middle" or "end"; the text is escaped here. `y` is the baseline of a
  // centred line (dominant-baseline is not used: some renderers ignore it).
  void text(double x, double y, std::string_view text, double size, const char* fill = "#000",
            const char* anchor = "middle", bool bold = false);
  void raw(std::string_view elements) { out_ += elements; }

  const std::string& elements() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// "12", "12.5", "-3": a number for an SVG attribute.
std::string svgNumber(double value);

}  // namespace gs
