// Terms: the positions and moves of a game stated as rules (core/rules/rules.h). A term is a value
// made of integers, strings, booleans and tables of them (arrays and records, nested), as a Lua
// rules file writes them.
//
// Two terms are the same exactly when their canonical encodings are equal. The encoding is
// compact bytes, used as the key of a position in the solver's tables:
//
//   integer   'i' zigzag-varint            false 'f'     true 't'
//   string    's' varint(length) bytes
//   array     '[' varint(n) item1 .. itemn           a table whose keys are exactly 1..n
//   record    '{' varint(n) key1 value1 .. keyn valuen   any other table, keys in key order
//
// Key order: integers by value, then strings bytewise, then false, true. An empty table is the
// array of 0 items. The canonical text ("{1, 2}", "{from = 3, to = 5}", "\"left\"") is what
// people read: default move names, positions and error messages.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gs {

class Term {
 public:
  enum class Kind : std::uint8_t { kInteger, kString, kBoolean, kTable };

  Term() = default;  // the integer 0
  static Term integer(std::int64_t value);
  static Term string(std::string text);
  static Term boolean(bool value);
  static Term list(std::vector<Term> items);
  // A table from its entries in any order (keys must be integers, strings or booleans and
  // distinct; the entries are sorted into key order).
  static Term table(std::vector<std::pair<Term, Term>> entries);

  Kind kind() const { return kind_; }
  bool isInteger() const { return kind_ == Kind::kInteger; }
  std::int64_t asInteger() const { return integer_; }  // 0 unless an integer
  const std::string& asString() const { return text_; }
  bool asBoolean() const { return integer_ != 0; }
  // A table's entries in key order; an array's keys are 1..n.
  const std::vector<std::pair<Term, Term>>& entries() const { return entries_; }
  bool isArray() const;
  // The value at integer key `index` (1-based, as Lua), or nullptr.
  const Term* at(std::int64_t index) const;

  // The bytes the term holds on the heap beside its own sizeof(Term): a string's past the
  // short-string buffer, a table's entries and theirs (what a host charges in its budget).
  std::uint64_t heapBytes() const;

  std::string encode() const;  // the canonical encoding
  // The term an encoding holds; false (and `out` unchanged) on bytes that are not exactly one
  // canonical encoding.
  static bool decode(std::string_view bytes, Term& out);
  // The canonical text: top-level strings bare when `bareString` (a move named "left").
  std::string text(bool bareString = false) const;

  friend bool operator==(const Term& a, const Term& b) { return a.encode() == b.encode(); }
  friend bool operator!=(const Term& a, const Term& b) { return !(a == b); }

 private:
  Kind kind_ = Kind::kInteger;
  std::int64_t integer_ = 0;  // also a boolean's value
  std::string text_;
  std::vector<std::pair<Term, Term>> entries_;
};

// The bytes a vector of terms holds: each term's sizeof(Term) and its heapBytes().
std::uint64_t termsBytes(const std::vector<Term>& terms);

// Writing and reading canonical encodings piece by piece (the Lua side encodes straight from
// Lua values, without building terms).
namespace encoding {
void putVarint(std::string& out, std::uint64_t value);
void putInteger(std::string& out, std::int64_t value);
void putString(std::string& out, std::string_view text);
void putBoolean(std::string& out, bool value);
void putArrayHeader(std::string& out, std::uint64_t items);
void putRecordHeader(std::string& out, std::uint64_t entries);
// Whether key a sorts before key b (both encoded keys of the same table: integers, strings or
// booleans).
bool keyLess(const Term& a, const Term& b);

// A cursor over an encoding; every read checks bounds and returns false on malformed bytes.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool atEnd() const { return pos_ == bytes_.size(); }
  bool peekTag(char& tag) const;
  bool readTag(char& tag);
  bool readVarint(std::uint64_t& value);
  bool readInteger(std::int64_t& value);  // after the 'i' tag
  bool readBytes(std::uint64_t length, std::string_view& out);
  std::size_t position() const { return pos_; }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};
}  // namespace encoding

// The canonical text of an encoded term ("{1, 2}"), or "?" for malformed bytes.
std::string termText(std::string_view encoded, bool bareString = false);

}  // namespace gs
