// A small strict JSON reader for tests: enough to check that a document is well formed and to
// look at its members (RFC 8259 grammar; numbers kept as doubles, strings unescaped for ASCII).
#pragma once

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gs::testing {

struct JsonValue {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<JsonValue> items;
  std::map<std::string, JsonValue> members;

  const JsonValue* member(const std::string& name) const {
    const auto found = members.find(name);
    return found == members.end() ? nullptr : &found->second;
  }
};

class JsonReader {
 public:
  // The document, or nullopt with error() set when it is not well-formed JSON.
  static std::optional<JsonValue> parse(std::string_view text, std::string* error = nullptr) {
    JsonReader reader(text);
    JsonValue value;
    if (!reader.value(value, 0) || (reader.skip(), reader.pos_ != text.size())) {
      if (error) *error = "invalid JSON at byte " + std::to_string(reader.pos_);
      return std::nullopt;
    }
    return value;
  }

 private:
  explicit JsonReader(std::string_view text) : text_(text) {}
  void skip() {
    while (pos_ < text_.size() && std::strchr(" \t\r\n", text_[pos_]) && text_[pos_] != '\0')
      ++pos_;
  }
  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }
  bool string(std::string& out) {
    if (pos_ >= text_.size() || text_[pos_] != '"') return false;
    ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"') {
      const char c = text_[pos_++];
      if (static_cast<unsigned char>(c) < 0x20) return false;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) return false;
      const char e = text_[pos_++];
      const char* simple = std::strchr("\"\\/bfnrt", e);
      if (simple && e != '\0') {
        out += e == 'n'   ? '\n'
               : e == 't' ? '\t'
               : e == 'r' ? '\r'
               : e == 'b' ? '\b'
               : e == 'f' ? '\f'
                          : e;
      } else if (e == 'u') {
        if (pos_ + 4 > text_.size()) return false;
        for (int k = 0; k < 4; ++k)
          if (!std::isxdigit(static_cast<unsigned char>(text_[pos_ + k]))) return false;
        out += static_cast<char>(
            std::strtol(std::string(text_.substr(pos_, 4)).c_str(), nullptr, 16) & 0x7F);
        pos_ += 4;
      } else {
        return false;
      }
    }
    if (pos_ >= text_.size()) return false;
    ++pos_;
    return true;
  }
  bool number(double& out) {
    const std::size_t begin = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_])))
      return false;
    if (text_[pos_] == '0')
      ++pos_;
    else
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_])))
        return false;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_])))
        return false;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    out = std::strtod(std::string(text_.substr(begin, pos_ - begin)).c_str(), nullptr);
    return true;
  }
  bool value(JsonValue& out, int depth) {
    if (depth > 64) return false;
    skip();
    if (pos_ >= text_.size()) return false;
    const char c = text_[pos_];
    if (c == '{') {
      out.kind = JsonValue::Kind::kObject;
      ++pos_;
      skip();
      if (pos_ < text_.size() && text_[pos_] == '}') return ++pos_, true;
      for (;;) {
        skip();
        std::string key;
        if (!string(key)) return false;
        skip();
        if (pos_ >= text_.size() || text_[pos_++] != ':') return false;
        JsonValue member;
        if (!value(member, depth + 1) || out.members.count(key)) return false;
        out.members.emplace(key, std::move(member));
        skip();
        if (pos_ >= text_.size()) return false;
        if (text_[pos_] == '}') return ++pos_, true;
        if (text_[pos_++] != ',') return false;
      }
    }
    if (c == '[') {
      out.kind = JsonValue::Kind::kArray;
      ++pos_;
      skip();
      if (pos_ < text_.size() && text_[pos_] == ']') return ++pos_, true;
      for (;;) {
        JsonValue item;
        if (!value(item, depth + 1)) return false;
        out.items.push_back(std::move(item));
        skip();
        if (pos_ >= text_.size()) return false;
        if (text_[pos_] == ']') return ++pos_, true;
        if (text_[pos_++] != ',') return false;
      }
    }
    if (c == '"') return out.kind = JsonValue::Kind::kString, string(out.text);
    if (literal("true")) return out.kind = JsonValue::Kind::kBool, out.boolean = true, true;
    if (literal("false")) return out.kind = JsonValue::Kind::kBool, true;
    if (literal("null")) return true;
    out.kind = JsonValue::Kind::kNumber;
    return number(out.number);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace gs::testing
