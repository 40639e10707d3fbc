#include "base/judge_text.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <limits>

#include "base/forms.h"

namespace gs {
namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

std::string_view tokenAt(std::string_view line, std::size_t begin) {
  std::size_t end = begin;
  while (end < line.size() && !isSpace(line[end])) ++end;
  return line.substr(begin, end - begin);
}

// Parses an optionally signed decimal integer. Returns false when the token is not an integer;
// sets overflow when it is one but does not fit in 64 bits.
bool parseInteger(std::string_view token, std::int64_t& value, bool& overflow) {
  overflow = false;
  std::size_t i = 0;
  bool negative = false;
  if (i < token.size() && (token[i] == '+' || token[i] == '-')) negative = token[i++] == '-';
  if (i == token.size()) return false;
  std::uint64_t magnitude = 0;
  const std::uint64_t limit = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  for (; i < token.size(); ++i) {
    const char c = token[i];
    if (c < '0' || c > '9') return false;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (magnitude > (limit - digit) / 10) overflow = true;
    if (!overflow) magnitude = magnitude * 10 + digit;
  }
  if (overflow) return true;
  value =
      negative ? static_cast<std::int64_t>(0 - magnitude) : static_cast<std::int64_t>(magnitude);
  return true;
}

// SWAR helpers: eight characters are examined at once (a 2000 x 2000 board is 4 million
// numbers; the per-character loop was the slowest part of reading it).
// How many of the eight characters (first character in the lowest byte) are leading digits.
int leadingDigits(std::uint64_t chunk) {
  const std::uint64_t nonDigit =
      ((chunk & 0xF0F0F0F0F0F0F0F0ull) ^ 0x3030303030303030ull) |
      (((chunk & 0x0F0F0F0F0F0F0F0Full) + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull);
  return nonDigit == 0 ? 8 : __builtin_ctzll(nonDigit) / 8;
}

// The value of the first `count` (1..8) characters of the chunk, all digits.
std::uint64_t digitsValue(std::uint64_t chunk, int count) {
  const int unused = 8 * (8 - count);
  // Keep the digits, subtract '0' from each, and move them to the top: leading zeros below.
  std::uint64_t value = (chunk - 0x3030303030303030ull) << unused;
  value = value * 10 + (value >> 8);
  value = (((value & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
           (((value >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >>
          32;
  return value;
}

constexpr std::uint64_t kPowersOf10[9] = {1,      10,      100,      1000,     10000,
                                          100000, 1000000, 10000000, 100000000};

// Whether some line of the text ends in a "\r" not followed by "\n" (CR-only line ends). Texts
// without one are split at "\n" alone (a "\r" before it is whitespace), which is faster.
bool hasLoneCarriageReturn(std::string_view text) {
  const char* p = text.data();
  const char* const end = p + text.size();
  while ((p = static_cast<const char*>(std::memchr(p, '\r', static_cast<std::size_t>(end - p))))) {
    if (p + 1 == end || p[1] != '\n') return true;
    p += 2;
  }
  return false;
}

// The end of the line starting at `begin` and the start of the next one (past the end of the
// text when there is none): lines end in "\n", "\r\n" or, when `lone`, a lone "\r".
std::pair<std::size_t, std::size_t> lineEnd(std::string_view text, std::size_t begin, bool lone) {
  const std::size_t end = lone ? text.find_first_of("\r\n", begin) : text.find('\n', begin);
  if (end == std::string_view::npos) return {text.size(), text.size() + 1};
  if (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n') return {end, end + 2};
  return {end, end + 1};
}

// U+FF10..U+FF19, the full-width digits of CJK input methods, in UTF-8: EF BC 90..99.
bool hasFullWidthDigit(std::string_view token) {
  for (std::size_t k = 0; k + 2 < token.size(); ++k)
    if (token[k] == '\xEF' && token[k + 1] == '\xBC' &&
        static_cast<unsigned char>(token[k + 2]) >= 0x90 &&
        static_cast<unsigned char>(token[k + 2]) <= 0x99)
      return true;
  return false;
}

// Whether the token is only full-width digits (whole UTF-8 sequences), so that it can be quoted
// as it is.
bool onlyFullWidthDigits(std::string_view token) {
  if (token.empty() || token.size() % 3 != 0) return false;
  for (std::size_t k = 0; k < token.size(); k += 3)
    if (!hasFullWidthDigit(token.substr(k, 3))) return false;
  return true;
}

}  // namespace

Message shownInteger(std::string_view token) {
  constexpr std::size_t kMaxShown = 24;
  if (token.size() <= kMaxShown) return Message::verbatim(std::string(token));
  const std::size_t digits = token.size() - (token[0] == '-' || token[0] == '+' ? 1 : 0);
  return Message(
      forms::kLongNumber,
      {{"START", Message::verbatim(std::string(token.substr(0, kMaxShown)))}, {"N", digits}});
}

std::string quoteToken(std::string_view token) {
  constexpr std::size_t kMaxShown = 24;
  std::string out = "'";
  for (std::size_t i = 0; i < token.size() && i < kMaxShown; ++i) {
    const auto c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f && c != '\'' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\x%02X", c);
      out += buffer;
    }
  }
  if (token.size() > kMaxShown) out += "...";
  return out + "'";
}

Message quotedToken(std::string_view token) {
  return Message::verbatim(quoteToken(token));
}

std::string countNoun(std::size_t count, const char* singular, const char* plural) {
  return std::to_string(count) + " " + (count == 1 ? singular : plural);
}

bool hasLeadingZero(std::string_view text) {
  if (text.size() < 2 || text[0] != '0') return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

std::size_t utf8Length(std::string_view text, std::size_t pos) {
  const auto byte = [&](std::size_t k) {
    return pos + k < text.size() ? static_cast<unsigned char>(text[pos + k]) : 0u;
  };
  const unsigned lead = byte(0);
  const auto continuation = [&](std::size_t k) { return (byte(k) & 0xC0) == 0x80; };
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return continuation(1) ? 2 : 0;
  if (lead >= 0xE0 && lead <= 0xEF) {
    const unsigned second = byte(1);
    if ((lead == 0xE0 && second < 0xA0) || (lead == 0xED && second > 0x9F)) return 0;
    return continuation(1) && continuation(2) ? 3 : 0;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    const unsigned second = byte(1);
    if ((lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second > 0x8F)) return 0;
    return continuation(1) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

std::optional<std::int64_t> parseDecimal(std::string_view text) {
  if (text.empty() || text.size() > 19 || hasLeadingZero(text)) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
  }
  if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    return std::nullopt;
  return static_cast<std::int64_t>(value);
}

std::optional<std::int64_t> parseSignedDecimal(std::string_view text) {
  const bool negative = !text.empty() && text[0] == '-';
  const auto magnitude = parseUnsignedDecimal(negative ? text.substr(1) : text);
  if (!magnitude) return std::nullopt;
  constexpr std::uint64_t kLargest = std::numeric_limits<std::int64_t>::max();
  if (!negative) {
    if (*magnitude > kLargest) return std::nullopt;
    return static_cast<std::int64_t>(*magnitude);
  }
  if (*magnitude > kLargest + 1) return std::nullopt;
  return static_cast<std::int64_t>(std::uint64_t{0} - *magnitude);
}

std::optional<std::uint64_t> parseUnsignedDecimal(std::string_view text) {
  if (text.empty() || text.size() > 20 || hasLeadingZero(text)) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    value = value * 10 + digit;
  }
  return value;
}

std::string_view lineOfText(std::string_view text, int line) {
  std::size_t begin = 0;
  for (int k = 1; k < line; ++k) {
    begin = lineEnd(text, begin, true).second;
    if (begin > text.size()) return {};
  }
  std::string_view result = text.substr(begin, lineEnd(text, begin, true).first - begin);
  if (!result.empty() && result.back() == '\r') result.remove_suffix(1);
  return result;
}

int columnOfToken(std::string_view line, std::size_t index) {
  std::size_t i = 0;
  std::size_t seen = 0;
  for (;;) {
    while (i < line.size() && isSpace(line[i])) ++i;
    if (i >= line.size()) break;
    if (seen == index) return static_cast<int>(i) + 1;
    ++seen;
    while (i < line.size() && !isSpace(line[i])) ++i;
  }
  // Past the last token: point just after the line's content.
  std::size_t end = line.size();
  while (end > 0 && isSpace(line[end - 1])) --end;
  return static_cast<int>(end) + (end > 0 ? 2 : 1);
}

JudgeReader::JudgeReader(std::string_view text) : text_(text) {
  // A UTF-8 byte order mark (some editors add one) is not part of the input.
  if (text_.size() >= 3 && text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
  loneCarriageReturns_ = hasLoneCarriageReturn(text_);
}

bool JudgeReader::fail(int line, int column, Message message) {
  error_ = ParseError{line, column, std::move(message)};
  return false;
}

bool JudgeReader::nextNonBlankLine() {
  while (pos_ < text_.size()) {
    const auto [end, next] = lineEnd(text_, pos_, loneCarriageReturns_);
    std::string_view line = text_.substr(pos_, end - pos_);
    const int number = nextLine_;
    pos_ = next;
    ++nextLine_;
    for (char c : line) {
      if (!isSpace(c)) {
        line_ = line;
        lastLine_ = number;
        return true;
      }
    }
  }
  return false;
}

int JudgeReader::columnOfToken(std::size_t index) const {
  return gs::columnOfToken(line_, index);
}

template <class Int>
bool JudgeReader::readLineInto(const LineSpec& spec, Int* out) {
  // "expected 3 integers (row 2 of a)", and with what was found instead.
  const bool one = spec.count == 1;
  const auto expected = [&](const Phrase& plural, const Phrase& singular) {
    return Message(one ? singular : plural, {{"N", spec.count}, {"WHAT", spec.what}});
  };
  const auto expectedFound = [&](std::size_t found) {
    return Message(one ? forms::kExpectedIntegerFound : forms::kExpectedIntegersFound,
                   {{"N1", spec.count}, {"WHAT", spec.what}, {"N2", found}});
  };
  if (!nextNonBlankLine()) {
    const bool byteOrderMark = text_.substr(0, 3) == "\xEF\xBB\xBF";
    if (text_.find_first_not_of(" \t\r\n\v\f", byteOrderMark ? 3 : 0) == std::string_view::npos)
      return fail(
          1, 1,
          Message(byteOrderMark ? forms::kInputEmptyByteOrderMark : forms::kInputEmpty,
                  {{"MESSAGE", expected(forms::kExpectedIntegers, forms::kExpectedInteger)}}));
    // The end of the input: the last line (after its last line end) and its number.
    int lines = 1;
    std::size_t lastLine = 0;
    for (std::size_t begin = 0;;) {
      const std::size_t next = lineEnd(text_, begin, loneCarriageReturns_).second;
      if (next > text_.size()) break;
      ++lines;
      lastLine = begin = next;
    }
    return fail(lines, static_cast<int>(text_.size() - lastLine) + 1,
                expected(forms::kExpectedIntegersAtEnd, forms::kExpectedIntegerAtEnd));
  }
  const char* const begin = line_.data();
  const char* const end = begin + line_.size();
  const char* const textEnd = text_.data() + text_.size();
  const char* p = begin;
  std::size_t index = 0;
  for (;;) {
    while (p < end && isSpace(*p)) ++p;
    if (p == end) break;
    const char* tokenBegin = p;
    if (index == spec.count) {
      // Too many: count them all for the message, point at the first extra one.
      std::size_t total = index;
      while (p < end) {
        while (p < end && !isSpace(*p)) ++p;
        ++total;
        while (p < end && isSpace(*p)) ++p;
      }
      return fail(lastLine_, static_cast<int>(tokenBegin - begin) + 1, expectedFound(total));
    }
    // Fast path: plain non-negative decimal digits (the judges' files are all like this),
    // eight at a time while 16 bytes of text remain (a line ends in a non-digit or the text).
    std::uint64_t magnitude = 0;
    int digits = 0;
    if (textEnd - p >= 16) {
      std::uint64_t chunk;
      std::memcpy(&chunk, p, sizeof chunk);
      digits = leadingDigits(chunk);
      if (digits > 0) magnitude = digitsValue(chunk, digits);
      p += digits;
      if (digits == 8) {
        std::memcpy(&chunk, p, sizeof chunk);
        const int more = leadingDigits(chunk);
        if (more > 0) magnitude = magnitude * kPowersOf10[more] + digitsValue(chunk, more);
        p += more;
        digits += more;  // 16 digits and more to come: the slow path below re-reads the token
      }
    } else {
      while (p < end && static_cast<unsigned char>(*p - '0') < 10 && digits < 18) {
        magnitude = magnitude * 10 + static_cast<std::uint64_t>(*p - '0');
        ++p;
        ++digits;
      }
    }
    std::int64_t value = 0;
    bool overflow = false;
    if (digits > 0 && (p == end || isSpace(*p))) {
      value = static_cast<std::int64_t>(magnitude);
    } else {
      while (p < end && !isSpace(*p)) ++p;
      const std::string_view token(tokenBegin, static_cast<std::size_t>(p - tokenBegin));
      if (!parseInteger(token, value, overflow)) {
        const int column = static_cast<int>(tokenBegin - begin) + 1;
        if (hasFullWidthDigit(token))
          return fail(
              lastLine_, column,
              Message(forms::kFullWidthDigits,
                      {{"TOKEN", Message::verbatim(onlyFullWidthDigits(token) && token.size() <= 24
                                                       ? "'" + std::string(token) + "'"
                                                       : quoteToken(token))}}));
        return fail(lastLine_, column,
                    Message(forms::kExpectedAnInteger, {{"TOKEN", quotedToken(token)}}));
      }
    }
    const std::int64_t min = spec.ranges ? spec.ranges[index].min : spec.min;
    const std::int64_t max = spec.ranges ? spec.ranges[index].max : spec.max;
    // A number past 64 bits is out of every range: it is refused, never clamped.
    if (overflow || value < min || value > max) {
      // The token is a well-formed integer (digits and a sign), so it prints as it is.
      return fail(lastLine_, static_cast<int>(tokenBegin - begin) + 1,
                  Message(forms::kOutOfRangeFound,
                          {{"FIELD", spec.name ? Message(spec.name(spec.context, index))
                                               : Message(forms::kTheValue, {})},
                           {"N1", min},
                           {"N2", max},
                           {"VALUE", shownInteger(std::string_view(
                                         tokenBegin, static_cast<std::size_t>(p - tokenBegin)))}}));
    }
    out[index++] = static_cast<Int>(value);
  }
  if (index < spec.count)
    return fail(lastLine_, gs::columnOfToken(line_, index), expectedFound(index));
  return true;
}

bool JudgeReader::readLine(const LineSpec& spec, std::int64_t* out) {
  return readLineInto(spec, out);
}

bool JudgeReader::readLine(const LineSpec& spec, std::uint32_t* out) {
  return readLineInto(spec, out);
}

bool JudgeReader::expectEnd() {
  if (!nextNonBlankLine()) return true;
  const int column = gs::columnOfToken(line_, 0);
  const std::string_view token = tokenAt(line_, static_cast<std::size_t>(column - 1));
  return fail(lastLine_, column, Message(forms::kExpectedTheEnd, {{"TOKEN", quotedToken(token)}}));
}

}  // namespace gs
