// The simplest formula of a table (找规律): the expression with the fewest symbols, over the
// table's parameters, that gives the table's value in every cell.
//
// Grammar (Python syntax and semantics, so that a formula can be pasted into Python):
//   atoms      the parameters' names; the integers 0 to 5
//   unary      -x, not x, abs(x)
//   binary     x + y, x - y, x * y, x // y, x % y (floor division and its remainder),
//              x ^ y, x & y, x | y (xor, and, or on bits), x == y, x != y, x < y, x <= y,
//              x and y, x or y (Python's: the deciding operand), min(x, y), max(x, y)
// Each atom, operator and function is one symbol; parentheses are not counted. (> and >= are
// < and <= with the operands swapped: the same formulas, not enumerated twice.)
//
// Search: bottom-up enumeration by size with observational equivalence, as program-synthesis
// tools do. Every expression is evaluated on a sample of cells (at most 64, spread over the
// table); of expressions that agree on every sampled cell only the first (smallest) is kept,
// the others cannot lead to a smaller formula. A candidate that matches the target on the
// sample is checked on every cell; if it fails one, that cell joins the sample and the search
// starts again (at most 16 times), so a printed formula never fails a cell. An expression that
// divides by zero or leaves 64-bit integers in a sampled cell is dropped (Python would raise
// or, for overflow, give a number the table cannot hold). The bank of kept expressions is
// capped (kMaxBank): a size whose enumeration would pass it is not searched, and the answer
// says up to which size the search was complete.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gs {

struct FormulaTarget {
  std::vector<std::string> names;  // one or two parameters
  // The cells: a grid of the parameters from `from`, size[a] values of parameter a, the first
  // outermost (a table's rows; no cell's values are held: a table of 4,000,000 cells held them
  // in a vector each, 256 MB).
  std::vector<std::int64_t> from;
  std::vector<std::uint64_t> size;
  std::vector<std::int64_t> values;  // the table's value in each cell
  // The value of parameter `a` in cell `cell`.
  std::int64_t param(std::size_t cell, std::size_t a) const {
    std::uint64_t index = cell;
    for (std::size_t b = size.size(); b-- > a + 1;) index /= size[b];
    return from[a] + static_cast<std::int64_t>(index % size[a]);
  }
  // true: the formula is a condition, true exactly where `values` is non-zero (normal play:
  // "loss exactly when EXPR"); false: it equals the value ("sg = EXPR", "margin = EXPR").
  bool predicate = false;
};

class FormulaSearch {
 public:
  static constexpr int kDefaultMaxSymbols = 7;
  static constexpr std::size_t kMaxBank = 400000;

  FormulaSearch(FormulaTarget target, int maxSymbols = kDefaultMaxSymbols);
  ~FormulaSearch();
  FormulaSearch(const FormulaSearch&) = delete;
  FormulaSearch& operator=(const FormulaSearch&) = delete;

  // Evaluates up to about `budget` candidate expressions; true when the search is over.
  bool advance(std::uint64_t budget);
  bool done() const;
  // The formula (Python syntax), once done, or nullopt when none of up to searchedSymbols()
  // symbols fits.
  const std::optional<std::string>& formula() const;
  // The same formula in C++'s syntax (for the table's C++ code): && || ! for and or not, / for
  // // (equal where no operand is negative), std::min, std::max, std::abs.
  const std::optional<std::string>& formulaCpp() const;
  // The largest size searched in full (maxSymbols unless the bank's cap stopped it).
  int searchedSymbols() const;
  int maxSymbols() const;
  // The size being searched, for progress.
  int size() const;
  std::uint64_t candidates() const;  // evaluated so far

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// A whole search at once (the command line).
struct FoundFormula {
  std::optional<std::string> python, cpp;  // both or neither
  int searchedSymbols = 0;
  int maxSymbols = 0;  // the size asked (searchedSymbols is less when the bank's cap stopped it)
};
FoundFormula findFormula(const FormulaTarget& target, int maxSymbols);

}  // namespace gs
