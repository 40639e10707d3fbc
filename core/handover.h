// Handing a finished solve from one instance of the module to another: the app solves large
// boards in a Web Worker (its own copy of the module) and the page adopts the solved tables into
// its board of the same input, read from the same text, recipe or link.
//
// A solved state is a small header (the solver's scalars, checked against the adopting board's
// own) and a list of regions: the solver's tables as they lie in memory, copied byte for byte
// (both sides are the same build, so the layouts agree). The adopting board allocates its
// regions from the header (prepareAdoption), the bytes are copied in, a slice at a time if need
// be, and finishAdoption() makes the board solved, exactly as if it had solved itself.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "base/expected.h"

namespace gs {

struct ConstRegion {
  const std::uint8_t* data = nullptr;
  std::uint64_t size = 0;
};
struct Region {
  std::uint8_t* data = nullptr;
  std::uint64_t size = 0;
};

struct SolvedState {
  std::vector<std::uint8_t> header;
  std::vector<ConstRegion> regions;
};

// What a board that hands its finished solve over implements (GameBoard::handover(): nullptr
// for a board that does not). The worker solves and sends solvedState(); the page's board of
// the same input prepares the tables, the bytes are copied in, and finishAdoption() ends it.
class HandsOver {
 public:
  virtual ~HandsOver() = default;
  // Whether the board can adopt a solve after solving some itself (prepareAdoption() on a board
  // part solved): the page then tries a first slice itself and hands over only a board that
  // it did not finish (rules games, whose size is unknown until explored).
  virtual bool adoptsOnceStarted() const { return false; }
  // Called before the solve starts on a board whose solve will be handed over: a game may then
  // keep what the adopting board needs in a more compact form (staircase: optimal moves only).
  virtual void solveForHandover() {}
  // While another instance solves the board: grows the tables an adoption will fill, about
  // `budget` units at a time, so that no single task of the page zero-fills them all; true once
  // there is nothing left to do (at once for most boards).
  virtual bool prepareSome(std::uint64_t /*budget*/) { return true; }
  // Precondition: the board is solved, without a solve error unless adoptsOnceStarted() (rules
  // boards hand their failure over too). The regions point into this board.
  virtual SolvedState solvedState() const = 0;
  // On an unsolved board: allocates the tables the header describes and returns them to be
  // filled, or nullopt when the header is not of this board (then nothing changed).
  virtual std::optional<std::vector<Region>> prepareAdoption(
      const std::vector<std::uint8_t>& header) = 0;
  // After prepareAdoption() and the regions filled: the board is solved from now on.
  virtual void finishAdoption() = 0;
};

template <class T>
ConstRegion constRegion(const T* data, std::uint64_t count) {
  return {reinterpret_cast<const std::uint8_t*>(data), count * sizeof(T)};
}
template <class T>
Region region(T* data, std::uint64_t count) {
  return {reinterpret_cast<std::uint8_t*>(data), count * sizeof(T)};
}

// A fingerprint of a board's numbers (FNV-1a over the numbers, one step each: a 2000 x 2000
// board's 4 million took 30 ms byte by byte in the page), which a header carries so that a
// board adopts only the tables of the same input.
template <class T>
std::uint64_t fingerprint(const std::vector<T>& values,
                          std::uint64_t hash = 14695981039346656037u) {
  static_assert(std::is_integral<T>::value, "integers only");
  for (const T value : values) hash = (hash ^ static_cast<std::uint64_t>(value)) * 1099511628211u;
  return hash;
}

inline std::uint64_t fingerprint(std::string_view bytes,
                                 std::uint64_t hash = 14695981039346656037u) {
  for (const char byte : bytes) hash = (hash ^ static_cast<std::uint8_t>(byte)) * 1099511628211u;
  return hash;
}

// The header's bytes: trivially copyable values and vectors of them, in a fixed order.
class HeaderWriter {
 public:
  template <class T>
  HeaderWriter& put(const T& value) {
    static_assert(std::is_trivially_copyable<T>::value, "plain values only");
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(&value);
    bytes_.insert(bytes_.end(), bytes, bytes + sizeof(T));
    return *this;
  }
  template <class T>
  HeaderWriter& put(const std::vector<T>& values) {
    put(static_cast<std::uint64_t>(values.size()));
    for (const T& value : values) put(value);
    return *this;
  }
  HeaderWriter& put(const std::string& text) {
    return put(std::vector<char>(text.begin(), text.end()));
  }
  // A failure handed over (a rules game's or a table's error): its line, column and sentence.
  HeaderWriter& put(const ParseError& failure) {
    return put(failure.line).put(failure.column).put(failure.message.english());
  }
  std::vector<std::uint8_t> take() { return std::move(bytes_); }

 private:
  std::vector<std::uint8_t> bytes_;
};

// Reads what HeaderWriter wrote; any read past the end (a header of another board or build)
// makes ok() false and leaves the value as it was.
class HeaderReader {
 public:
  explicit HeaderReader(const std::vector<std::uint8_t>& bytes) : bytes_(bytes) {}
  template <class T>
  HeaderReader& get(T& value) {
    static_assert(std::is_trivially_copyable<T>::value, "plain values only");
    if (!ok_ || bytes_.size() - at_ < sizeof(T)) {
      ok_ = false;
      return *this;
    }
    std::memcpy(&value, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return *this;
  }
  template <class T>
  HeaderReader& get(std::vector<T>& values) {
    std::uint64_t count = 0;
    get(count);
    if (!ok_ || count > (bytes_.size() - at_) / sizeof(T)) {
      ok_ = false;
      return *this;
    }
    std::vector<T> read(static_cast<std::size_t>(count));
    for (T& value : read) get(value);
    if (ok_) values = std::move(read);
    return *this;
  }
  HeaderReader& get(std::string& text) {
    std::vector<char> read;
    get(read);
    if (ok_) text.assign(read.begin(), read.end());
    return *this;
  }
  HeaderReader& get(ParseError& failure) {
    ParseError read;
    std::string message;
    get(read.line).get(read.column).get(message);
    if (ok_) {
      read.message = Message(std::move(message));  // its English: the form is not handed over
      failure = std::move(read);
    }
    return *this;
  }
  // Reads a value that must equal `expected` (the adopting board's own).
  template <class T>
  HeaderReader& expect(const T& expected) {
    T value{};
    get(value);
    if (ok_ && !(value == expected)) ok_ = false;
    return *this;
  }
  // Everything read, nothing left over.
  bool ok() const { return ok_ && at_ == bytes_.size(); }

 private:
  const std::vector<std::uint8_t>& bytes_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

}  // namespace gs
