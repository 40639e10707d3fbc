// Take-and-break games by their code (Winning Ways, ch. 4): `octal:0.137` (Dawson's Chess),
// `octal:0.77` (Kayles), `hex:0.F` ... as a game name wherever a rules file is accepted.
//
// A code d0.d1 d2 ... dt says what a move on one heap may do: digit di for taking i tokens
// (d0, before the point, for taking none) is the sum of
//   1  take i and leave nothing (the heap had exactly i tokens),
//   2  take i and leave one heap (of at least one token),
//   4  take i and leave two heaps (each of at least one token),
//   8  take i and leave three heaps (hexadecimal codes only).
// d0 may only split (0 or 4, and 8 or C in hexadecimal). A position is a sum of heaps, a sorted
// list of their sizes ({3, 5, 7}); its moves are its heaps' moves, heap by heap.
//
// The Grundy values of single heaps are worked out natively, in order, as a mex over marks:
// G(n) = mex of G(n - i) (2), G(a) xor G(n - i - a) (4; a from 1 to (n - i) / 2) and, with 8,
// G(c) xor v for every v that two heaps summing to n - i - c reach (kept per sum). The values of
// 20,000 heaps of Kayles take about 0.2 s.
//
// A period is proven by the periodicity theorem of Guy and Smith, in the form CGSuite checks it
// (its TakeAndBreak's periodicityChecker): with t the most tokens a move takes and k the most
// heaps a move leaves (at least 1), if G(n + p) = G(n) for every n from e while n + p <= k e +
// k p + t + k - 1, then G(n + p) = G(n) for every n >= e. The largest heap of the proof,
// k e + k p + t + k - 1, is the "proven at n=N" of the pattern line. (The induction: a heap of
// n + p tokens, n at least that bound, leaves heaps of which the largest is at least e + p + 1,
// so that its counterpart p tokens smaller is a heap of the pre-period's end or beyond.)
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/expected.h"
#include "rules/rules.h"

namespace gs {

// The largest heap these games take (a table's range, a position's heap, --until-proven's reach):
// 100,000, less where the values would cost more than kMaxTakeBreakMarks marks (digits that
// split into two heaps cost (n - i) / 2 marks a heap each), and 1,000 with a digit that splits
// into three (a heap's marks are the values two heaps reach, per third heap).
constexpr std::int64_t kMaxTakeBreakHeap = 100000;
constexpr std::int64_t kMaxThreeHeapHeap = 1000;
constexpr double kMaxTakeBreakMarks = 1e10;

struct TakeBreakCode {
  bool hexadecimal = false;
  std::vector<std::uint8_t> digits;  // digits[i]: taking i tokens; digits[0] before the point
  std::string text() const;          // "octal:0.137" as it is written canonically
  int maxTake() const;               // t: the last nonzero digit's index (0 without one)
  int maxHeaps() const;              // the most heaps a move leaves, at least 1
  std::int64_t maxHeap() const;      // the largest heap its values are worked out for
};

// Whether a rules text names a take-and-break game ("octal:" or "hex:" first, spaces around).
bool namesTakeBreakGame(std::string_view text);
// "octal:0.137", "hex:0.F7" (spaces around are allowed; the digits' case is free). An error
// names the column of the text that is wrong.
Expected<TakeBreakCode> parseTakeBreakCode(std::string_view text);

// The Grundy values of single heaps, computed in order and kept.
class HeapValues {
 public:
  explicit HeapValues(TakeBreakCode code);
  // Computes G(0..n). False, with nothing past what was computed before, when the values (and,
  // for three-heap splits, the values two heaps reach) would hold more than `budgetBytes`.
  bool extendTo(std::size_t n, std::uint64_t budgetBytes);
  std::size_t known() const { return values_.size(); }  // G(0 .. known() - 1)
  const std::vector<std::uint32_t>& values() const { return values_; }
  std::uint64_t heldBytes() const;
  const TakeBreakCode& code() const { return code_; }
  // About the marks heap n costs (a table's unit of work is 1,024 of them).
  std::uint64_t marksAt(std::size_t n) const;

 private:
  TakeBreakCode code_;
  std::vector<std::uint32_t> values_;
  std::uint32_t largest_ = 0;        // the largest value so far
  std::vector<std::uint32_t> seen_;  // a mark per value: the stamp of the heap that reached it
  std::uint32_t stamp_ = 0;
  // The marks under a new stamp (stamp_), room for every value the values up to `largest` reach.
  std::uint32_t* freshMarks(std::uint32_t largest);
  // With a three-heap digit: pairs_[s], the distinct G(a) xor G(s - a), 1 <= a <= s / 2.
  std::vector<std::vector<std::uint32_t>> pairs_;
  std::uint64_t pairBytes_ = 0;
};

// A period of the values G(0..last): the values repeat with `period` from `start` up to `last`;
// `provenAt` is the largest heap its proof needs (k e + k p + t + k - 1), proven when at most
// `last`.
struct HeapPeriod {
  std::size_t start = 0, period = 0, provenAt = 0;
  bool proven = false;
};
// The smallest proven period (it is the least period of the whole sequence, and its start the
// least pre-period); without one, the candidate of the longest tail (the earliest start, then
// the smallest period) among the tails of at least three periods; nullopt when there is none.
std::optional<HeapPeriod> heapPeriod(const std::vector<std::uint32_t>& values, std::size_t last,
                                     const TakeBreakCode& code);

// The rules of a take-and-break game: parameter n (one heap), or read() of a judge input that
// lists the heaps of a sum ("3 5 7"), whose answer is its value ("sg 5", as for a parameter).
class TakeBreakRules final : public Rules {
 public:
  explicit TakeBreakRules(TakeBreakCode code);

  const RulesHeader& header() const override { return header_; }
  Expected<Term> start(const Params& params) override;
  Expected<std::vector<Term>> moves(const Term& position, const Params& params) override;
  Expected<Term> play(const Term& position, const Term& move, const Params& params) override;
  Expected<std::vector<Term>> parts(const Term& position, const Params& params) override;
  Expected<Term> show(const Term& position, const Params& params) override;
  Expected<std::string> name(const Term& move, const Term& position, const Params& params) override;
  Expected<std::vector<std::string>> read(std::string_view input) override;
  std::optional<Searched> memoSearch(const Params& params, SearchQuestion question,
                                     const SearchLimits& limits) override;
  // A single heap's children straight from the code, as the explorer asks for them (the
  // default's, through moves, play and parts, made and read back as terms); a sum: the default.
  bool expand(std::string_view position, const Params& params, Expansion& out,
              RulesError& error) override;
  std::uint64_t memoryUsed() const override { return values_.heldBytes(); }
  std::uint64_t paramsRead() const override { return 0; }  // only start() reads n

  const TakeBreakCode& code() const { return values_.code(); }
  std::size_t knownValues() const { return values_.known(); }  // G(0 .. knownValues() - 1)
  const HeapValues& heapValues() const { return values_; }
  // G(0..n), computed as far as needed within `budgetBytes`; nullptr past it.
  const std::vector<std::uint32_t>* valuesTo(std::size_t n, std::uint64_t budgetBytes);

 private:
  Expected<std::vector<std::int64_t>> heapsOf(const Params& params) const;

  RulesHeader header_;
  HeapValues values_;
};

}  // namespace gs
