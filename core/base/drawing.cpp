#include "base/drawing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "base/forms.h"

namespace gs {

std::string xmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t')
          out += ' ';
        else
          out += c;
    }
  }
  return out;
}

std::string markdownEscape(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '\n' || c == '\r') {
      out += ' ';
      continue;
    }
    if (std::string_view("|\\*_`<>[]").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

double textWidth(std::string_view text, double fontSize) {
  double width = 0;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const auto byte = static_cast<unsigned char>(text[k]);
    if (byte < 0x80)
      width += 0.6;
    else if (byte >= 0xE0)
      width += 1.0;  // the lead byte of a 3- or 4-byte character
    else if (byte >= 0xC0)
      width += 0.7;
  }
  return width * fontSize;
}

ParseError tooLargeToDraw(std::int64_t rows, std::int64_t cols) {
  return ParseError{0, 0,
                    Message(forms::kTooLargeToExport, {{"N1", rows},
                                                       {"N2", cols},
                                                       {"N3", std::int64_t{kMaxDrawnSide}},
                                                       {"N4", std::int64_t{kMaxDrawnSide}}})};
}

double fittedFontSize(std::string_view text, double size, double width) {
  const double natural = textWidth(text, 1);
  return natural > 0 ? std::min(size, width / natural) : size;
}

std::string svgNumber(double value) {
  // The hundredths as an integer, written by hand: snprintf's "%.2f" was most of the time of a
  // large board's drawing (a GIF's frame). Near a tie between two hundredths (where the
  // product's rounding could decide otherwise) and for huge values, snprintf decides.
  const double scaled = value * 100;
  if (std::fabs(scaled) < 1e15) {
    const double rounded = std::nearbyint(scaled);
    if (std::fabs(std::fabs(scaled - rounded) - 0.5) > 1e-6) {
      long long hundredths = static_cast<long long>(rounded);
      if (hundredths == 0) return "0";
      const bool negative = hundredths < 0;
      if (negative) hundredths = -hundredths;
      char buffer[32];
      char* end = buffer + sizeof buffer;
      char* p = end;
      long long fraction = hundredths % 100;
      long long whole = hundredths / 100;
      if (fraction != 0) {
        if (fraction % 10 != 0) *--p = static_cast<char>('0' + fraction % 10);
        *--p = static_cast<char>('0' + fraction / 10);
        *--p = '.';
      }
      do {
        *--p = static_cast<char>('0' + whole % 10);
        whole /= 10;
      } while (whole != 0);
      if (negative) *--p = '-';
      return std::string(p, end);
    }
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", value);
  std::string text = buffer;
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  if (text == "-0") text = "0";
  return text;
}

void SvgWriter::rect(double x, double y, double width, double height, const char* fill,
                     const char* stroke, double strokeWidth, double radius, const char* extra) {
  out_ += "<rect x=\"" + svgNumber(x) + "\" y=\"" + svgNumber(y) + "\" width=\"" +
          svgNumber(width) + "\" height=\"" + svgNumber(height) + "\" fill=\"" + fill + "\"";
  if (std::string_view(stroke) != "none")
    out_ +=
        std::string(" stroke=\"") + stroke + "\" stroke-width=\"" + svgNumber(strokeWidth) + "\"";
  if (radius > 0) out_ += " rx=\"" + svgNumber(radius) + "\"";
  if (*extra) out_ += std::string(" ") + extra;
  out_ += "/>\n";
}

void SvgWriter::circle(double cx, double cy, double r, const char* fill, const char* stroke,
                       double strokeWidth) {
  out_ += "<circle cx=\"" + svgNumber(cx) + "\" cy=\"" + svgNumber(cy) + "\" r=\"" + svgNumber(r) +
          "\" fill=\"" + fill + "\"";
  if (std::string_view(stroke) != "none")
    out_ +=
        std::string(" stroke=\"") + stroke + "\" stroke-width=\"" + svgNumber(strokeWidth) + "\"";
  out_ += "/>\n";
}

void SvgWriter::line(double x1, double y1, double x2, double y2, const char* stroke, double width,
                     const char* extra) {
  out_ += "<line x1=\"" + svgNumber(x1) + "\" y1=\"" + svgNumber(y1) + "\" x2=\"" + svgNumber(x2) +
          "\" y2=\"" + svgNumber(y2) + "\" stroke=\"" + stroke + "\" stroke-width=\"" +
          svgNumber(width) + "\"";
  if (*extra) out_ += std::string(" ") + extra;
  out_ += "/>\n";
}

void SvgWriter::text(double x, double y, std::string_view text, double size, const char* fill,
                     const char* anchor, bool bold) {
  out_ += "<text x=\"" + svgNumber(x) + "\" y=\"" + svgNumber(y) + "\" font-size=\"" +
          svgNumber(size) + "\" fill=\"" + fill + "\"";
  if (std::string_view(anchor) != "start") out_ += std::string(" text-anchor=\"") + anchor + "\"";
  if (bold) out_ += " font-weight=\"bold\"";
  out_ += ">" + xmlEscape(text) + "</text>\n";
}

}  // namespace gs
