// Strict, line-based reading of judge input.
//
// The three judges give their input as lines of integers ("n m", then rows of values). The reader
// checks that shape exactly: every expected line holds exactly the expected count of integers,
// each within its range, and nothing follows the last line. Whitespace-only lines are skipped
// (people paste boards with blank lines between blocks). Lines end in "\n", "\r\n" or a lone
// "\r" (old Mac files); a UTF-8 byte order mark at the start is skipped. Numbers are ASCII
// digits with an optional sign; a number out of its field's range is refused however many digits
// it has (nothing is clamped), and full-width digits get a message asking for ASCII ones.
//
// Every rejection is a ParseError carrying a 1-based line, a 1-based column (in bytes) and a
// sentence, e.g. "line 3, column 5: expected 3 integers (row 2 of a), found 2".
// The reader never throws and never reads past the text it was given, whatever bytes it holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "base/expected.h"
#include "base/message.h"

namespace gs {

// Names the i-th integer of a line in messages ("n", "a(2, 3)"). Called only on the error path.
using FieldNamer = std::string (*)(const void* context, std::size_t index);

// An inclusive range of one integer.
struct FieldRange {
  std::int64_t min = 0;
  std::int64_t max = 0;
};

struct LineSpec {
  std::size_t count = 0;  // integers expected on the line
  std::int64_t min = 0;   // inclusive range of each
  std::int64_t max = 0;
  const char* what = "";      // the line's role, e.g. "row 2 of a"
  FieldNamer name = nullptr;  // names of the integers, for range errors
  const void* context = nullptr;
  // When set, the range of each integer (`count` of them), instead of min and max: a header
  // whose fields have different bounds ("n m": 1..10000 and 0..2^63-1).
  const FieldRange* ranges = nullptr;
};

class JudgeReader {
 public:
  explicit JudgeReader(std::string_view text);

  // Reads the next non-blank line into out[0..spec.count). Returns false and sets error() when
  // the line is missing, holds a token that is not an integer, holds too few or too many
  // integers, or an integer out of [spec.min, spec.max].
  bool readLine(const LineSpec& spec, std::int64_t* out);

  // Same, for 32-bit destinations (large boards): values are range-checked before narrowing.
  bool readLine(const LineSpec& spec, std::uint32_t* out);

  // True when only whitespace remains; otherwise sets error() at the first stray token.
  bool expectEnd();

  // Position (line, column) of the start of the most recently read line, for later messages.
  int lastLine() const { return lastLine_; }
  // Column of the index-th token of the most recently read line (0-based index).
  int columnOfToken(std::size_t index) const;

  const ParseError& error() const { return error_; }

  // Sets error() to a message at an arbitrary place (used for checks that span several lines).
  bool fail(int line, int column, Message message);

 private:
  template <class Int>
  bool readLineInto(const LineSpec& spec, Int* out);
  bool nextNonBlankLine();

  std::string_view text_;
  bool loneCarriageReturns_ = false;  // the text ends some lines in a lone "\r"
  std::size_t pos_ = 0;               // start of the next unread line
  int nextLine_ = 1;                  // its 1-based number
  std::string_view line_;             // the current line (without "\r\n")
  int lastLine_ = 0;
  ParseError error_;
};

// Locates the index-th whitespace-separated token of a line of text; returns its 1-based column,
// or the column just past the line's content when the line has fewer tokens.
int columnOfToken(std::string_view line, std::size_t index);

// The text of the given 1-based line (without its line end: "\n", "\r\n" or a lone "\r");
// empty past the end.
std::string_view lineOfText(std::string_view text, int line);

// A token quoted for a message: at most 24 bytes, non-printable bytes escaped as \xHH.
std::string quoteToken(std::string_view token);
// The same, as a message's argument (kept as it is in every language).
Message quotedToken(std::string_view token);

// A well-formed integer token (digits and a sign) for a range message: as it is, or its first 24
// characters and its count of digits ("12345678901234567890123456... (30 digits)").
Message shownInteger(std::string_view token);

// "1 integer", "3 integers".
std::string countNoun(std::size_t count, const char* singular, const char* plural);

// A plain non-negative decimal integer that fits in 63 bits, written canonically (the numbers of
// links and move codes: digits only, no sign, no spaces, no leading zero unless it is "0");
// nullopt otherwise.
std::optional<std::int64_t> parseDecimal(std::string_view text);
// The same over every unsigned 64-bit value, 0..18446744073709551615 (seeds).
std::optional<std::uint64_t> parseUnsignedDecimal(std::string_view text);
// The same with an optional '-', over every signed 64-bit value (-9223372036854775808 included:
// a rules parameter's range may reach it).
std::optional<std::int64_t> parseSignedDecimal(std::string_view text);

// True when `text` is a run of digits with a superfluous leading zero ("03", "00").
bool hasLeadingZero(std::string_view text);

// The length of the valid UTF-8 character at text[pos] (1 to 4), or 0 when the bytes there are
// not one (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t utf8Length(std::string_view text, std::size_t pos);

}  // namespace gs
