#include "cgt/notation.h"

#include <cctype>
#include <limits>
#include <vector>

namespace gs::cgt {

namespace {

class Reader {
 public:
  Reader(GameStore& store, std::string_view text)
      : store_(store), text_(text), match_(text.size(), text.size()) {
    std::vector<std::size_t> open;  // each bracket's match, found once
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '{' || text[i] == '(') open.push_back(i);
      if ((text[i] == '}' || text[i] == ')') && !open.empty()) {
        match_[open.back()] = i;
        open.pop_back();
      }
    }
  }

  GameId whole() {
    const GameId g = game(text_.size());
    skipSpaces(text_.size());
    if (!failed_ && pos_ < text_.size())
      fail("expected '+', '-' or the end, found '" + here() + "'");
    return g;
  }
  // The first error: its place (0-based) and sentence.
  bool failed() const { return failed_; }
  std::size_t failedAt() const { return failedAt_; }
  const std::string& sentence() const { return sentence_; }

 private:
  // Keeps the first error and sends the reader to the end, so that every loop stops; its
  // callers return at once (their results are then never read).
  GameId fail(std::string sentence) {
    if (!failed_) failed_ = true, failedAt_ = pos_, sentence_ = std::move(sentence);
    pos_ = text_.size();
    return store_.zero();
  }
  std::string here() const { return std::string(1, text_[pos_]); }
  void skipSpaces(std::size_t end) {
    while (pos_ < end && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool at(std::size_t end, std::string_view word) const {
    return pos_ + word.size() <= end && text_.substr(pos_, word.size()) == word;
  }
  // A game ending at `end` (the text up to a ',', a bar or a closing bracket of its level).
  GameId game(std::size_t end) {
    skipSpaces(end);
    // "-" before anything but a digit: the negative of the term ("-5/8" is a number's own).
    const bool negative = pos_ + 1 < end && text_[pos_] == '-' &&
                          !std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]));
    if (negative) ++pos_;
    GameId sum = term(end);
    if (failed_) return sum;
    if (negative) sum = store_.negate(sum);
    for (;;) {
      skipSpaces(end);
      if (pos_ >= end || (text_[pos_] != '+' && text_[pos_] != '-') || at(end, "+-")) break;
      const bool minus = text_[pos_] == '-';
      ++pos_;
      const GameId next = term(end);
      if (failed_) return next;
      sum = minus ? store_.subtract(sum, next) : store_.add(sum, next);
    }
    return sum;
  }

  GameId term(std::size_t end) {
    skipSpaces(end);
    if (pos_ >= end)
      return fail("expected a game" + (pos_ < text_.size() ? ", found '" + here() + "'"
                                                           : std::string(" before the end")));
    GameId sum = atom(end);
    for (;;) {
      if (failed_ || pos_ >= end) break;
      const char c = text_[pos_];
      if (!(c == '*' || c == '^' || c == 'v' || c == '{' || c == '(' || c == 'T' || c == 'M' ||
            at(end, "+-")))
        break;
      sum = store_.add(sum, atom(end));
    }
    return sum;
  }

  std::int64_t count(std::size_t end, std::int64_t otherwise) {
    if (pos_ >= end || !std::isdigit(static_cast<unsigned char>(text_[pos_]))) return otherwise;
    std::int64_t n = 0;
    const std::size_t start = pos_;
    while (pos_ < end && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      if (n > (std::numeric_limits<std::int64_t>::max() - 9) / 10) {
        pos_ = start;
        fail("a number past 2^62");
        return 0;
      }
      n = n * 10 + (text_[pos_++] - '0');
    }
    return n;
  }

  GameId ups(std::int64_t k) {
    const GameId up = store_.up();
    GameId sum = store_.zero();
    for (std::int64_t i = 0; i < (k < 0 ? -k : k); ++i) sum = store_.add(sum, up);
    return k < 0 ? store_.negate(sum) : sum;
  }

  GameId atom(std::size_t end) {
    if (++depth_ > kDeepest) return fail("games nested deeper than " + std::to_string(kDeepest));
    const GameId g = atomWithin(end);
    --depth_;
    return g;
  }

  GameId atomWithin(std::size_t end) {
    skipSpaces(end);
    const std::size_t start = pos_;
    const char c = text_[pos_];
    if (c == '-' || std::isdigit(static_cast<unsigned char>(c))) {
      const bool minus = c == '-';
      if (minus) ++pos_;
      if (pos_ >= end || !std::isdigit(static_cast<unsigned char>(text_[pos_])))
        return fail("expected a number after '-'");
      std::int64_t num = count(end, 0);
      if (failed_) return store_.zero();
      int exp = 0;
      if (pos_ < end && text_[pos_] == '/') {
        ++pos_;
        if (pos_ >= end || !std::isdigit(static_cast<unsigned char>(text_[pos_])))
          return fail("expected a denominator after '/'");
        const std::size_t denominatorAt = pos_;
        std::int64_t den = count(end, 0);
        if (failed_) return store_.zero();
        while (den > 1 && den % 2 == 0) den /= 2, ++exp;
        if (den != 1) {
          pos_ = denominatorAt;
          return fail("a denominator must be a power of 2");
        }
      }
      const Dyadic x = Dyadic::of(minus ? -num : num, exp);
      if (Dyadic::overflowed()) {
        pos_ = start;
        return fail("a number past 2^62");
      }
      return store_.number(x);
    }
    if (c == '*') {
      ++pos_;
      const std::int64_t k = count(end, 1);
      if (failed_) return store_.zero();
      if (k > 1024) return fail("a nimber past *1024");
      return store_.nimber(static_cast<std::uint32_t>(k));
    }
    if (c == '^' || c == 'v') {
      ++pos_;
      const int sign = c == '^' ? 1 : -1;
      if (pos_ < end && text_[pos_] == c) {
        ++pos_;
        return ups(2 * sign);
      }
      if (pos_ < end && (text_[pos_] == '<' || text_[pos_] == '['))
        return fail("powers of up (^<n>, ^[n]) are not read; write the game by its options");
      const std::int64_t k = count(end, 1);
      if (failed_) return store_.zero();
      if (k > 256) return fail("more ups than 256");
      return ups(sign * k);
    }
    if (at(end, "+-")) {
      pos_ += 2;
      skipSpaces(end);
      if (pos_ < end && text_[pos_] == '{') {
        const std::size_t close = closing(end);
        if (failed_) return store_.zero();
        if (!hasBar(pos_ + 1, close)) {  // +-{A,B} = {A,B | -A,-B}
          ++pos_;
          std::vector<GameId> lefts = list(close), rights;
          if (failed_) return store_.zero();
          for (GameId g : lefts) rights.push_back(store_.negate(g));
          pos_ = close + 1;
          return store_.make(lefts, rights);
        }
      }
      if (pos_ >= end) return fail("expected a game after '+-'");
      const GameId g = atom(end);
      if (failed_) return g;
      return store_.make({g}, {store_.negate(g)});
    }
    if (at(end, "Tiny(") || at(end, "Miny(")) {
      const bool tiny = text_[pos_] == 'T';
      pos_ += 4;
      const std::size_t close = closing(end);
      if (failed_) return store_.zero();
      ++pos_;
      const GameId x = game(close);
      if (failed_) return x;
      skipSpaces(close);
      if (pos_ != close) return fail("expected ')', found '" + here() + "'");
      pos_ = close + 1;
      const GameId zero = store_.zero();
      // Tiny(x) = {0 || 0 | -x}; Miny(x) = {x | 0 || 0}.
      if (tiny) return store_.make({zero}, {store_.make({zero}, {store_.negate(x)})});
      return store_.make({store_.make({x}, {zero})}, {zero});
    }
    if (c == '(') {
      const std::size_t close = closing(end);
      if (failed_) return store_.zero();
      ++pos_;
      const GameId g = game(close);
      if (failed_) return g;
      skipSpaces(close);
      if (pos_ != close) return fail("expected ')', found '" + here() + "'");
      pos_ = close + 1;
      return g;
    }
    if (c == '{') {
      const std::size_t close = closing(end);
      if (failed_) return store_.zero();
      const GameId g = bars(pos_ + 1, close);
      if (failed_) return g;
      pos_ = close + 1;
      return g;
    }
    (void)start;
    return fail("expected a game, found '" + here() + "'");
  }

  // The matching bracket of the one at pos_.
  std::size_t closing(std::size_t end) {
    if (match_[pos_] < end) return match_[pos_];
    fail(std::string("this '") + text_[pos_] + "' is not closed");
    return end;
  }

  bool hasBar(std::size_t from, std::size_t to) const {
    int depth = 0;
    for (std::size_t i = from; i < to; ++i) {
      const char c = text_[i];
      if (c == '{' || c == '(') ++depth;
      if (c == '}' || c == ')') --depth;
      if (depth == 0 && c == '|') return true;
    }
    return false;
  }

  // {L | R} between from and to: split at the longest run of bars of this level.
  GameId bars(std::size_t from, std::size_t to) {
    std::size_t best = 0, bestAt = 0, ties = 0, tieAt = 0;
    int depth = 0;
    for (std::size_t i = from; i < to; ++i) {
      const char c = text_[i];
      if (c == '{' || c == '(') ++depth;
      if (c == '}' || c == ')') --depth;
      if (depth != 0 || c != '|') continue;
      std::size_t run = 1;
      while (i + run < to && text_[i + run] == '|') ++run;
      if (run > best)
        best = run, bestAt = i, ties = 0;
      else if (run == best && ties++ == 0)
        tieAt = i;
      i += run - 1;
    }
    pos_ = from;
    if (best == 0) return fail("expected '|' between Left's options and Right's");
    if (ties > 0) {
      pos_ = tieAt;
      return fail("two runs of " + std::to_string(best) +
                  " bars at one level: say which splits first");
    }
    pos_ = from;
    const std::vector<GameId> lefts = side(bestAt);
    if (failed_) return store_.zero();
    pos_ = bestAt + best;
    const std::vector<GameId> rights = side(to);
    if (failed_) return store_.zero();
    return store_.make(lefts, rights);
  }

  std::vector<GameId> side(std::size_t end) {
    if (hasBar(pos_, end)) return {bars(pos_, end)};
    return list(end);
  }

  // Games separated by commas, up to `end`.
  std::vector<GameId> list(std::size_t end) {
    std::vector<GameId> out;
    skipSpaces(end);
    if (pos_ >= end) return out;
    for (;;) {
      std::size_t comma = pos_;
      int depth = 0;
      for (; comma < end; ++comma) {
        const char c = text_[comma];
        if (c == '{' || c == '(') ++depth;
        if (c == '}' || c == ')') --depth;
        if (depth == 0 && c == ',') break;
      }
      out.push_back(game(comma));
      if (failed_) return out;
      skipSpaces(comma);
      if (pos_ != comma) {
        fail("expected ',' or '|', found '" + here() + "'");
        return out;
      }
      if (comma >= end) break;
      pos_ = comma + 1;
      skipSpaces(end);
      if (pos_ >= end) {
        fail("expected a game after ','");
        return out;
      }
    }
    pos_ = end;
    return out;
  }

  GameStore& store_;
  std::string_view text_;
  std::size_t pos_ = 0;
  std::vector<std::size_t> match_;
  static constexpr int kDeepest = 200;
  int depth_ = 0;
  bool failed_ = false;
  std::size_t failedAt_ = 0;
  std::string sentence_;
};

}  // namespace

Expected<GameId> parseGame(GameStore& store, std::string_view text) {
  Reader reader(store, text);
  const GameId g = reader.whole();
  if (reader.failed())
    return ParseError{1, static_cast<int>(reader.failedAt()) + 1, Message(reader.sentence())};
  if (store.failed()) return ParseError{0, 0, Message(store.error())};
  return g;
}

}  // namespace gs::cgt
