// Messages written once: a form (a catalogue entry, i18n.h: its English and its Chinese side by
// side, with named placeholders) and the values of its placeholders.
//
//   Message(forms::kAtLineColumn, {{"N1", 3}, {"N2", 5}, {"MESSAGE", inner}})
//
// english() is the English form filled in, exactly the text the CLI and solveJudgeInput print;
// in(Language::kChinese) fills the Chinese form of the same entry (by key: nothing is parsed
// back), each argument in turn in Chinese: a nested message by its own form, a list item by
// item, a number (placeholders N...) or an id (RAW...) as it is, and a plain text through the
// catalogue (translate(): names, labels, and messages built elsewhere as text).
//
// A list of names is one argument: Message::list({...}, forms::kOr) prints "a, b or c" in
// English and "a、b 或 c" in Chinese, however many names there are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "base/i18n.h"

namespace gs {

class Message {
 public:
  struct Arg;

  Message() = default;
  // A phrase written in the code (a string literal): its English; other languages through the
  // catalogue, which lists it.
  template <std::size_t N>
  Message(const char (&phrase)[N]) : english_(phrase) {}  // NOLINT: phrases are messages
  // A text built elsewhere, said explicitly: a phrase the catalogue lists, chosen at run time.
  // Text composed at run time cannot be translated: it is a form with placeholders (the
  // constructor below), or verbatim() when it is never to be translated (an id, a program's
  // own output, the Lua interpreter's error).
  explicit Message(std::string text) : english_(std::move(text)) {}
  explicit Message(const char* text) : english_(text) {}
  // A form and its arguments (every placeholder of the form named once).
  Message(const Phrase& form, std::vector<Arg> args);

  // A text that is never translated: an id, a quoted token, a cell, a number.
  static Message verbatim(std::string text);
  // Items joined "a, b or c" (conjunction " or ") in English; "a、b 或 c" in Chinese.
  static Message list(std::vector<Message> items, const Phrase& conjunction);

  const std::string& english() const { return english_; }
  std::string in(Language language) const;
  bool empty() const { return english_.empty(); }
  void clear() { *this = Message(); }

 private:
  std::optional<std::string> chinese() const;  // nullopt: a sentence inside has no translation

  enum class Kind { kText, kVerbatim, kForm, kList };
  Kind kind_ = Kind::kText;
  std::string english_;
  const Phrase* form_ = nullptr;                       // kForm: the form; kList: the conjunction
  std::vector<std::pair<std::string, Message>> args_;  // kForm: by name; kList: the items
};

// A message equals a text when its English does (tests: EXPECT_EQ(session.play(m), "")), and
// prints as its English.
inline bool operator==(const Message& message, std::string_view text) {
  return text.compare(message.english()) == 0;
}
std::ostream& operator<<(std::ostream& out, const Message& message);

struct Message::Arg {
  Arg(const char* name, Message value) : name(name), value(std::move(value)) {}
  Arg(const char* name, std::string text) : name(name), value(std::move(text)) {}
  Arg(const char* name, const char* text) : name(name), value(text) {}
  // Any integer (int, int64_t, size_t, uint64_t on every target): printed as it is.
  template <
      class Integer,
      std::enable_if_t<std::is_integral_v<Integer> && !std::is_same_v<Integer, bool>, int> = 0>
  Arg(const char* name, Integer number)
      : name(name), value(Message::verbatim(std::to_string(number))) {}
  const char* name;
  Message value;
};

}  // namespace gs
