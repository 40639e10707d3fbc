// Values of short partisan games (combinatorial game theory): canonical forms, sums, order,
// outcome classes, stops, thermographs, mean and temperature, written as CGSuite writes them.
//
// A game is {L | R}: the options Left may move to and those Right may move to. Every short game
// equals exactly one canonical form: no option is dominated (a Left option no better for Left
// than another Left option, a Right option no better for Right than another) and none is
// reversible (a Left option G^L one of whose Right options G^LR is at most G itself: G^L is then
// replaced by the Left options of G^LR; the same for Right). Siegel, "Combinatorial Game
// Theory" (2013), II.2. A GameStore keeps each canonical form once, so equal games have equal
// ids, and memoises order and sums between them.
//
// Numbers are kept as their value (Dyadic: m / 2^k), their options made when asked: the integer
// n > 0 is {n-1 |}, -n is {| -n+1}, 0 is {|}, and m / 2^k (m odd) is {(m-1)/2^k | (m+1)/2^k}.
//
// Text is CGSuite's plain text (CanonicalShortGame.toString): numbers ("-5/8"), nimbers ("*4"),
// ups ("^", "^^*", "v3", "^<2>", "^[4]"), switches ("+-1", "+-{...}"), "Tiny(x)" and "Miny(x)"
// with their translates ("2Tiny(2)"), and {L|R} with options in CGSuite's order and as many
// bars as the nesting needs ("{3||2*|1*}", up to four before braces are added). Temperatures
// follow CGSuite's conventions: an integer's is -1, m / 2^k's is -1/2^k, a number plus an
// infinitesimal's is 0.
//
// Exactness has a bound: a numerator or denominator past 2^62 is refused, as is a store past its
// node cap; nothing is rounded. A refusal is no exception: the store keeps its first sentence
// (error(); failed() from then on, every result meaningless), and a caller checks it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gs::cgt {

// A dyadic rational num / 2^exp, normalised (exp == 0, or num odd), |num| < 2^62, exp <= 62. A
// result past that range is 0, and overflowed() is true from then on (in this thread), until
// clearOverflow(): a GameStore clears it when made and reports it as its error.
struct Dyadic {
  static bool overflowed();
  static void clearOverflow();

  std::int64_t num = 0;
  int exp = 0;

  static Dyadic integer(std::int64_t n);
  // num / 2^exp, normalised (0 and overflowed() past the range).
  static Dyadic of(std::int64_t num, int exp);
  bool isInteger() const { return exp == 0; }
  bool isZero() const { return num == 0; }
  int sign() const { return num > 0 ? 1 : num < 0 ? -1 : 0; }
  Dyadic operator-() const { return of(-num, exp); }
  friend Dyadic operator+(const Dyadic& a, const Dyadic& b);
  friend Dyadic operator-(const Dyadic& a, const Dyadic& b) { return a + -b; }
  Dyadic half() const { return of(num, exp + 1); }
  // The largest integer at most this one, and the smallest at least it.
  std::int64_t floor() const;
  std::int64_t ceil() const;
  friend int compare(const Dyadic& a, const Dyadic& b);
  friend bool operator==(const Dyadic& a, const Dyadic& b) {
    return a.num == b.num && a.exp == b.exp;
  }
  friend bool operator!=(const Dyadic& a, const Dyadic& b) { return !(a == b); }
  friend bool operator<(const Dyadic& a, const Dyadic& b) { return compare(a, b) < 0; }
  friend bool operator<=(const Dyadic& a, const Dyadic& b) { return compare(a, b) <= 0; }
  friend bool operator>(const Dyadic& a, const Dyadic& b) { return compare(a, b) > 0; }
  friend bool operator>=(const Dyadic& a, const Dyadic& b) { return compare(a, b) >= 0; }
  // "3", "-5/8".
  std::string text() const;
};

// The simplest number strictly between lo and hi (lo < hi), either bound possibly absent: the
// number of the game {lo | hi} (the simplicity theorem).
Dyadic simplestBetween(const std::optional<Dyadic>& lo, const std::optional<Dyadic>& hi);

using GameId = std::uint32_t;

// x + k.^ + *m: a number-up-star (CGSuite's "nus").
struct Nus {
  Dyadic number;
  std::int64_t ups = 0;
  std::uint32_t nimber = 0;
};

// An uptimal x + *m + a_1.^ + a_2.^2 + ... + a_n.^n (Siegel II.7): `coefficients` a_1..a_n,
// the last non-zero (an empty list: x + *m).
struct Uptimal {
  Dyadic number;
  std::uint32_t nimber = 0;
  std::vector<std::int64_t> coefficients;
  std::int64_t coefficient(std::size_t n) const {  // a_n, 1-based; 0 past the end
    return n >= 1 && n <= coefficients.size() ? coefficients[n - 1] : 0;
  }
  std::size_t length() const { return coefficients.size(); }
  friend bool operator==(const Uptimal& a, const Uptimal& b) {
    return a.number == b.number && a.nimber == b.nimber && a.coefficients == b.coefficients;
  }
};

// A piecewise linear function of the temperature t >= -1 (a thermograph's wall): pieces in
// increasing order of their start, each its value at the start and its slope; the last goes on
// for ever. A wall's slopes are -1, 0 or 1.
struct Trajectory {
  struct Piece {
    Dyadic start;
    Dyadic value;
    int slope = 0;
  };
  std::vector<Piece> pieces;
  Dyadic at(const Dyadic& t) const;
};

struct Thermograph {
  Trajectory leftWall, rightWall;
  Dyadic mast;         // the mean
  Dyadic temperature;  // where the walls meet (-1 for an integer)
};

enum class OutcomeClass { kLeft, kRight, kPrevious, kNext };  // L, R, P, N
const char* outcomeClassText(OutcomeClass outcome);

class GameStore {
 public:
  // At most this many canonical forms (each a few dozen bytes and its options): past it, the
  // store fails.
  explicit GameStore(std::size_t maxGames = 4'000'000);

  // The first refusal (a value past the exact range, the cap), or "".
  bool failed() const { return !error_.empty() || Dyadic::overflowed(); }
  std::string error() const;

  GameId zero() const { return zero_; }
  GameId number(const Dyadic& x);
  GameId integer(std::int64_t n) { return number(Dyadic::integer(n)); }
  GameId nimber(std::uint32_t m);
  GameId up();  // {0 | *}
  // The canonical form of {lefts | rights}, each option a canonical form of this store.
  GameId make(std::vector<GameId> lefts, std::vector<GameId> rights);

  bool isNumber(GameId g) const { return nodes_[g].isNumber; }
  const Dyadic& numberOf(GameId g) const { return nodes_[g].number; }
  std::vector<GameId> leftOptions(GameId g);
  std::vector<GameId> rightOptions(GameId g);

  bool leq(GameId g, GameId h);
  GameId negate(GameId g);
  GameId add(GameId g, GameId h);
  GameId subtract(GameId g, GameId h) { return add(g, negate(h)); }

  OutcomeClass outcome(GameId g);
  Dyadic leftStop(GameId g);
  Dyadic rightStop(GameId g);
  const Thermograph& thermograph(GameId g);
  Dyadic mean(GameId g);
  Dyadic temperature(GameId g);
  std::optional<Nus> nus(GameId g);
  std::optional<Uptimal> uptimal(GameId g);

  // CGSuite's plain text of the canonical form.
  std::string text(GameId g);

  // About the bytes the store holds: its forms, their options and its memos.
  std::uint64_t bytesUsed() const;

 private:
  struct Node {
    bool isNumber = false;
    Dyadic number;
    std::vector<GameId> left, right;  // a non-number's canonical options (sorted by id)
  };
  struct Form {  // a form under canonicalisation: its options (canonical ids)
    std::vector<GameId> left, right;
  };

  GameId addNode(Node node);
  GameId intern(std::vector<GameId> lefts, std::vector<GameId> rights);
  bool formLeq(const Form& g, GameId h);  // g <= h
  bool leqForm(GameId g, const Form& h);  // g <= h
  void removeDominated(std::vector<GameId>& options, bool left);
  std::optional<Nus> findNus(GameId g);
  std::optional<Uptimal> findUptimal(GameId g);
  std::optional<Uptimal> positiveUptimal(GameId g);
  Thermograph computeThermograph(GameId g);
  int orderCompare(GameId g, GameId h);
  std::vector<GameId> sorted(std::vector<GameId> options);
  int append(std::string& out, GameId g, bool forceBrackets, bool forceParens);
  bool isNumberTiny(GameId g);

  void fail(std::string sentence) {
    if (error_.empty()) error_ = std::move(sentence);
  }

  std::size_t maxGames_;
  std::string error_;
  std::uint64_t optionCount_ = 0;  // the options the nodes hold
  std::vector<Node> nodes_;
  GameId zero_ = 0;
  std::map<std::pair<std::int64_t, int>, GameId> numbers_;
  std::unordered_map<std::string, GameId> forms_;
  std::unordered_map<std::uint64_t, bool> leq_;
  std::unordered_map<std::uint64_t, GameId> sums_;
  std::unordered_map<GameId, GameId> negatives_;
  std::unordered_map<GameId, std::optional<Nus>> nus_;
  std::unordered_map<GameId, std::optional<Uptimal>> uptimals_;
  std::unordered_map<GameId, std::unique_ptr<Thermograph>> thermographs_;
  std::unordered_map<GameId, Dyadic> leftStops_, rightStops_;
};

}  // namespace gs::cgt
