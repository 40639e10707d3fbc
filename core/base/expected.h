// The core's result type: a value or the error that prevented it, with the error's place in a
// text (a 1-based line and column, 0 when unknown) and its sentence. Errors are values: no
// exception crosses the core. The base of every reader, parser and writer (judge text, links,
// rules, GIFs), apart from what any of them reads.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "base/message.h"

namespace gs {

struct ParseError {
  int line = 0;
  int column = 0;
  Message message;

  // "line L, column C: message"; "line L: message" when column is 0 (a rules file's errors
  // name a line); just the message when line is 0 (errors that are not about a place in a
  // text, e.g. a part of a share link). what() is that message; toString() its English.
  Message what() const;
  std::string toString() const;
};

// Either a value or the error that prevented it.
template <class T>
class Expected {
 public:
  Expected(T value) : value_(std::move(value)) {}
  Expected(ParseError error) : error_(std::move(error)) {}

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  T& value() { return *value_; }
  const T& value() const { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  const ParseError& error() const { return error_; }

 private:
  std::optional<T> value_;
  ParseError error_;
};

}  // namespace gs
