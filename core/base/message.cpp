#include "base/message.h"

#include <optional>
#include <ostream>

#include "base/forms.h"

namespace gs {

Message::Message(const Phrase& form, std::vector<Arg> args) : kind_(Kind::kForm), form_(&form) {
  args_.reserve(args.size());
  for (Arg& arg : args) args_.emplace_back(arg.name, std::move(arg.value));
  english_ = fillForm(form.english, [this](std::string_view name) -> std::optional<std::string> {
    for (const auto& [argName, value] : args_)
      if (argName == name) return value.english();
    return std::nullopt;
  });
}

Message Message::verbatim(std::string text) {
  Message message(std::move(text));
  message.kind_ = Kind::kVerbatim;
  return message;
}

Message Message::list(std::vector<Message> items, const Phrase& conjunction) {
  Message message;
  message.kind_ = Kind::kList;
  message.form_ = &conjunction;
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (k > 0)
      message.english_ += k + 1 == items.size() ? conjunction.english : forms::kListComma.english;
    message.english_ += items[k].english();
    message.args_.emplace_back(std::string(), std::move(items[k]));
  }
  return message;
}

std::string Message::in(Language language) const {
  if (language == Language::kEnglish) return english_;
  return chinese().value_or(english_);
}

// A message translates whole or not at all: an argument named MESSAGE... is a sentence of its
// own, and when it has no translation the message stays in English (never half translated).
// Other arguments (names, labels) fall back to their English.
std::optional<std::string> Message::chinese() const {
  switch (kind_) {
    case Kind::kVerbatim:
      return english_;
    case Kind::kText:
      if (!hasTranslation(english_)) return std::nullopt;
      return translate(english_, Language::kChinese);
    case Kind::kList: {
      std::string out;
      for (std::size_t k = 0; k < args_.size(); ++k) {
        if (k > 0) out += k + 1 == args_.size() ? form_->chinese : forms::kListComma.chinese;
        out += args_[k].second.in(Language::kChinese);
      }
      return out;
    }
    case Kind::kForm:
      break;
  }
  bool whole = true;
  std::string out =
      fillForm(form_->chinese, [this, &whole](std::string_view name) -> std::optional<std::string> {
        for (const auto& [argName, value] : args_) {
          if (argName != name) continue;
          if (name[0] == 'N' || name.substr(0, 3) == "RAW") return value.english();
          if (name.substr(0, 7) == "MESSAGE") {
            std::optional<std::string> inner = value.chinese();
            whole = whole && inner.has_value();
            return inner;
          }
          return value.in(Language::kChinese);
        }
        return std::nullopt;
      });
  if (!whole) return std::nullopt;
  return out;
}

std::ostream& operator<<(std::ostream& out, const Message& message) {
  return out << message.english();
}

}  // namespace gs
