#include "rules/term.h"

#include <algorithm>
#include <cstdio>

namespace gs {
namespace {

// Deeper nesting is refused when terms are made from rules (lua_encoding.cpp); decoding stops
// there too, so no malformed encoding can exhaust the stack.
constexpr int kMaxDepth = 200;

int kindRank(const Term& key) {
  switch (key.kind()) {
    case Term::Kind::kInteger:
      return 0;
    case Term::Kind::kString:
      return 1;
    case Term::Kind::kBoolean:
      return 2;
    case Term::Kind::kTable:
      return 3;
  }
  return 3;
}

void encodeInto(const Term& term, std::string& out) {
  switch (term.kind()) {
    case Term::Kind::kInteger:
      encoding::putInteger(out, term.asInteger());
      return;
    case Term::Kind::kString:
      encoding::putString(out, term.asString());
      return;
    case Term::Kind::kBoolean:
      encoding::putBoolean(out, term.asBoolean());
      return;
    case Term::Kind::kTable:
      if (term.isArray()) {
        encoding::putArrayHeader(out, term.entries().size());
        for (const auto& entry : term.entries()) encodeInto(entry.second, out);
      } else {
        encoding::putRecordHeader(out, term.entries().size());
        for (const auto& entry : term.entries()) {
          encodeInto(entry.first, out);
          encodeInto(entry.second, out);
        }
      }
      return;
  }
}

bool decodeInto(encoding::Reader& reader, Term& out, int depth) {
  char tag = 0;
  if (depth > kMaxDepth || !reader.readTag(tag)) return false;
  switch (tag) {
    case 'i': {
      std::int64_t value = 0;
      if (!reader.readInteger(value)) return false;
      out = Term::integer(value);
      return true;
    }
    case 's': {
      std::uint64_t length = 0;
      std::string_view bytes;
      if (!reader.readVarint(length) || !reader.readBytes(length, bytes)) return false;
      out = Term::string(std::string(bytes));
      return true;
    }
    case 'f':
    case 't':
      out = Term::boolean(tag == 't');
      return true;
    case '[': {
      std::uint64_t count = 0;
      if (!reader.readVarint(count)) return false;
      std::vector<Term> items;
      for (std::uint64_t k = 0; k < count; ++k) {
        Term item;
        if (!decodeInto(reader, item, depth + 1)) return false;
        items.push_back(std::move(item));
      }
      out = Term::list(std::move(items));
      return true;
    }
    case '{': {
      std::uint64_t count = 0;
      if (!reader.readVarint(count)) return false;
      std::vector<std::pair<Term, Term>> entries;
      for (std::uint64_t k = 0; k < count; ++k) {
        Term key, value;
        if (!decodeInto(reader, key, depth + 1) || key.kind() == Term::Kind::kTable ||
            !decodeInto(reader, value, depth + 1))
          return false;
        // Canonical: strictly increasing keys, and not an array in disguise.
        if (!entries.empty() && !encoding::keyLess(entries.back().first, key)) return false;
        entries.emplace_back(std::move(key), std::move(value));
      }
      Term table = Term::table(std::move(entries));
      if (table.isArray()) return false;
      out = std::move(table);
      return true;
    }
    default:
      return false;
  }
}

bool isIdentifier(const std::string& text) {
  static const char* const kKeywords[] = {"and",   "break", "do",       "else", "elseif", "end",
                                          "false", "for",   "function", "goto", "if",     "in",
                                          "local", "nil",   "not",      "or",   "repeat", "return",
                                          "then",  "true",  "until",    "while"};
  if (text.empty() || (text[0] >= '0' && text[0] <= '9')) return false;
  for (char c : text)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  for (const char* keyword : kKeywords)
    if (text == keyword) return false;
  return true;
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c < 0x20 || c == 0x7f) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\%d", c);
      out += buffer;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

void textInto(const Term& term, std::string& out, bool bareString) {
  switch (term.kind()) {
    case Term::Kind::kInteger:
      out += std::to_string(term.asInteger());
      return;
    case Term::Kind::kString:
      out += bareString ? term.asString() : quoted(term.asString());
      return;
    case Term::Kind::kBoolean:
      out += term.asBoolean() ? "true" : "false";
      return;
    case Term::Kind::kTable: {
      out += '{';
      std::int64_t next = 1;  // positional items while the keys run 1, 2, 3, ...
      bool first = true;
      for (const auto& [key, value] : term.entries()) {
        if (!first) out += ", ";
        first = false;
        if (key.isInteger() && key.asInteger() == next) {
          ++next;
        } else {
          next = 0;
          if (key.kind() == Term::Kind::kString && isIdentifier(key.asString())) {
            out += key.asString();
          } else {
            out += '[';
            textInto(key, out, false);
            out += ']';
          }
          out += " = ";
        }
        textInto(value, out, false);
      }
      out += '}';
      return;
    }
  }
}

}  // namespace

Term Term::integer(std::int64_t value) {
  Term term;
  term.integer_ = value;
  return term;
}

Term Term::string(std::string text) {
  Term term;
  term.kind_ = Kind::kString;
  term.text_ = std::move(text);
  return term;
}

Term Term::boolean(bool value) {
  Term term;
  term.kind_ = Kind::kBoolean;
  term.integer_ = value ? 1 : 0;
  return term;
}

Term Term::list(std::vector<Term> items) {
  Term term;
  term.kind_ = Kind::kTable;
  term.entries_.reserve(items.size());
  std::int64_t index = 0;
  for (Term& item : items) term.entries_.emplace_back(integer(++index), std::move(item));
  return term;
}

Term Term::table(std::vector<std::pair<Term, Term>> entries) {
  Term term;
  term.kind_ = Kind::kTable;
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return encoding::keyLess(a.first, b.first); });
  term.entries_ = std::move(entries);
  return term;
}

std::uint64_t Term::heapBytes() const {
  // (A std::string holds its text in place up to its capacity when it is new: 15 bytes in
  // libstdc++, 22 in libc++.)
  const std::string empty;
  std::uint64_t bytes = text_.capacity() > empty.capacity() ? text_.capacity() + 1 : 0;
  bytes += entries_.capacity() * sizeof(entries_[0]);
  for (const auto& entry : entries_) bytes += entry.first.heapBytes() + entry.second.heapBytes();
  return bytes;
}

std::uint64_t termsBytes(const std::vector<Term>& terms) {
  std::uint64_t bytes = terms.capacity() * sizeof(Term);
  for (const Term& term : terms) bytes += term.heapBytes();
  return bytes;
}

bool Term::isArray() const {
  if (kind_ != Kind::kTable) return false;
  std::int64_t index = 0;
  for (const auto& entry : entries_)
    if (!entry.first.isInteger() || entry.first.asInteger() != ++index) return false;
  return true;
}

const Term* Term::at(std::int64_t index) const {
  for (const auto& entry : entries_)
    if (entry.first.isInteger() && entry.first.asInteger() == index) return &entry.second;
  return nullptr;
}

std::string Term::encode() const {
  std::string out;
  encodeInto(*this, out);
  return out;
}

bool Term::decode(std::string_view bytes, Term& out) {
  encoding::Reader reader(bytes);
  Term term;
  if (!decodeInto(reader, term, 0) || !reader.atEnd()) return false;
  out = std::move(term);
  return true;
}

std::string Term::text(bool bareString) const {
  std::string out;
  textInto(*this, out, bareString);
  return out;
}

std::string termText(std::string_view encoded, bool bareString) {
  Term term;
  if (!Term::decode(encoded, term)) return "?";
  return term.text(bareString);
}

namespace encoding {

void putVarint(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out += static_cast<char>(static_cast<unsigned char>(value | 0x80));
    value >>= 7;
  }
  out += static_cast<char>(static_cast<unsigned char>(value));
}

void putInteger(std::string& out, std::int64_t value) {
  out += 'i';
  const auto bits = static_cast<std::uint64_t>(value);
  putVarint(out, (bits << 1) ^ (value < 0 ? ~std::uint64_t{0} : 0));
}

void putString(std::string& out, std::string_view text) {
  out += 's';
  putVarint(out, text.size());
  out.append(text);
}

void putBoolean(std::string& out, bool value) {
  out += value ? 't' : 'f';
}

void putArrayHeader(std::string& out, std::uint64_t items) {
  out += '[';
  putVarint(out, items);
}

void putRecordHeader(std::string& out, std::uint64_t entries) {
  out += '{';
  putVarint(out, entries);
}

bool keyLess(const Term& a, const Term& b) {
  const int rankA = kindRank(a), rankB = kindRank(b);
  if (rankA != rankB) return rankA < rankB;
  if (a.kind() == Term::Kind::kString) return a.asString() < b.asString();
  return a.asInteger() < b.asInteger();  // integers, and booleans as 0 / 1
}

bool Reader::peekTag(char& tag) const {
  if (pos_ >= bytes_.size()) return false;
  tag = bytes_[pos_];
  return true;
}

bool Reader::readTag(char& tag) {
  if (!peekTag(tag)) return false;
  ++pos_;
  return true;
}

bool Reader::readVarint(std::uint64_t& value) {
  value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (pos_ >= bytes_.size()) return false;
    const auto byte = static_cast<unsigned char>(bytes_[pos_++]);
    if (shift == 63 && byte > 1) return false;
    value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return byte != 0 || shift == 0;  // no padding: one encoding per value
  }
  return false;
}

bool Reader::readInteger(std::int64_t& value) {
  std::uint64_t zigzag = 0;
  if (!readVarint(zigzag)) return false;
  value = static_cast<std::int64_t>((zigzag >> 1) ^ (~(zigzag & 1) + 1));
  return true;
}

bool Reader::readBytes(std::uint64_t length, std::string_view& out) {
  if (length > bytes_.size() - pos_) return false;
  out = bytes_.substr(pos_, length);
  pos_ += length;
  return true;
}

}  // namespace encoding
}  // namespace gs
