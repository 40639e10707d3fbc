#include "rules/formula.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_map>

namespace gs {
namespace {

enum Op : std::uint8_t {
  kVar,
  kConst,
  // unary
  kNeg,
  kNot,
  kAbs,
  // binary
  kAdd,
  kSub,
  kMul,
  kFloorDiv,
  kMod,
  kXor,
  kBitAnd,
  kBitOr,
  kEq,
  kNe,
  kLt,
  kLe,
  kAnd,
  kOr,
  kMin,
  kMax,
};
constexpr Op kUnary[] = {kNeg, kNot, kAbs};
constexpr Op kBinary[] = {kAdd, kSub, kMul, kFloorDiv, kMod, kXor, kBitAnd, kBitOr,
                          kEq,  kNe,  kLt,  kLe,       kAnd, kOr,  kMin,    kMax};
constexpr int kConstants = 6;  // 0 .. 5

bool commutative(Op op) {
  switch (op) {
    case kAdd:
    case kMul:
    case kXor:
    case kBitAnd:
    case kBitOr:
    case kEq:
    case kNe:
    case kMin:
    case kMax:
      return true;
    default:
      return false;
  }
}

// One operation on 64-bit integers as Python computes it; false where Python would raise
// (division by zero) or leave the 64-bit range.
bool apply(Op op, std::int64_t x, std::int64_t y, std::int64_t& out) {
  constexpr std::int64_t kMin64 = std::numeric_limits<std::int64_t>::min();
  switch (op) {
    case kNeg:
    case kAbs:
      if (x == kMin64) return false;
      out = op == kNeg ? -x : (x < 0 ? -x : x);
      return true;
    case kNot:
      out = x == 0;
      return true;
    case kAdd:
      return !__builtin_add_overflow(x, y, &out);
    case kSub:
      return !__builtin_sub_overflow(x, y, &out);
    case kMul:
      return !__builtin_mul_overflow(x, y, &out);
    case kFloorDiv: {
      if (y == 0 || (x == kMin64 && y == -1)) return false;
      std::int64_t q = x / y;
      if (x % y != 0 && ((x < 0) != (y < 0))) --q;
      out = q;
      return true;
    }
    case kMod: {
      if (y == 0) return false;
      if (y == -1) {
        out = 0;
        return true;
      }
      std::int64_t r = x % y;
      if (r != 0 && ((r < 0) != (y < 0))) r += y;
      out = r;
      return true;
    }
    case kXor:
      out = x ^ y;
      return true;
    case kBitAnd:
      out = x & y;
      return true;
    case kBitOr:
      out = x | y;
      return true;
    case kEq:
      out = x == y;
      return true;
    case kNe:
      out = x != y;
      return true;
    case kLt:
      out = x < y;
      return true;
    case kLe:
      out = x <= y;
      return true;
    case kAnd:
      out = x != 0 ? y : x;
      return true;
    case kOr:
      out = x != 0 ? x : y;
      return true;
    case kMin:
      out = std::min(x, y);
      return true;
    case kMax:
      out = std::max(x, y);
      return true;
    default:
      return false;
  }
}

struct Expr {
  Op op = kVar;
  std::int32_t a = 0, b = 0;  // a variable's index or a constant; the operands' expressions
};

// Each operation's syntax, in the order of Op: its precedence in Python and in C++ (lowest
// first: the printers' parentheses) and how it is written before or between its operands in
// each. (C++ puts & ^ | below the comparisons, Python above them.)
struct Syntax {
  int python, cpp;
  const char* pythonText;
  const char* cppText;
};
constexpr Syntax kSyntax[] = {
    {13, 13, "", ""},         // kVar
    {13, 13, "", ""},         // kConst
    {11, 11, "-", "-"},       // kNeg
    {3, 11, "not ", "!"},     // kNot
    {13, 13, "", ""},         // kAbs (a call)
    {9, 9, " + ", " + "},     // kAdd
    {9, 9, " - ", " - "},     // kSub
    {10, 10, " * ", " * "},   // kMul
    {10, 10, " // ", " / "},  // kFloorDiv (the same for operands that are not negative)
    {10, 10, " % ", " % "},   // kMod
    {6, 4, " ^ ", " ^ "},     // kXor
    {7, 5, " & ", " & "},     // kBitAnd
    {5, 3, " | ", " | "},     // kBitOr
    {4, 6, " == ", " == "},   // kEq
    {4, 6, " != ", " != "},   // kNe
    {4, 7, " < ", " < "},     // kLt
    {4, 7, " <= ", " <= "},   // kLe
    {2, 2, " and ", " && "},  // kAnd
    {1, 1, " or ", " || "},   // kOr
    {13, 13, "", ""},         // kMin (a call)
    {13, 13, "", ""},         // kMax (a call)
};
static_assert(sizeof kSyntax / sizeof kSyntax[0] == kMax + 1, "a syntax for every operation");

std::uint64_t hashValues(const std::int64_t* values, std::size_t count) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull;
  for (std::size_t k = 0; k < count; ++k) {
    h ^= static_cast<std::uint64_t>(values[k]) + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
  }
  return h ^ (h >> 31);
}

}  // namespace

struct FormulaSearch::State {
  FormulaTarget target;
  int maxSymbols = FormulaSearch::kDefaultMaxSymbols;
  int searched = 0;
  std::optional<std::string> found, foundCpp;
  bool finished = false;
  int restarts = 0;
  std::uint64_t evaluated = 0;

  // The sample: indices of the cells every expression is evaluated on.
  std::vector<std::size_t> sample;
  std::vector<std::int64_t> sampleTarget;

  // The bank: kept expressions, by size, with their values on the sample.
  std::vector<Expr> exprs;
  std::vector<std::int64_t> values;               // exprs' values, sample.size() each
  std::vector<std::vector<std::int32_t>> bySize;  // bySize[s]: the kept expressions of size s
  std::unordered_map<std::uint64_t, std::int32_t> seen;
  bool bankFull = false;

  // Where the enumeration is: the size, the task (atoms, a unary or a binary operation with its
  // operands' sizes) and the operands' positions.
  int size = 1;
  std::size_t task = 0;
  std::size_t left = 0, right = 0;
  std::vector<std::int64_t> scratch;

  struct Task {
    Op op;
    int leftSize, rightSize;  // 0 for atoms; rightSize 0 for unary
  };
  std::vector<Task> tasks;

  void restart() {
    exprs.clear();
    values.clear();
    bySize.assign(static_cast<std::size_t>(maxSymbols) + 1, {});
    seen.clear();
    bankFull = false;
    size = 1;
    task = left = right = 0;
    sampleTarget.clear();
    for (std::size_t cell : sample) sampleTarget.push_back(target.values[cell]);
    planSize();
  }

  void planSize() {
    tasks.clear();
    if (size == 1) {
      tasks.push_back({kVar, 0, 0});
      return;
    }
    for (Op op : kUnary) tasks.push_back({op, size - 1, 0});
    for (int l = 1; l <= size - 2; ++l)
      for (Op op : kBinary) {
        const int r = size - 1 - l;
        if (commutative(op) && l > r) continue;
        tasks.push_back({op, l, r});
      }
  }

  bool matches(const std::int64_t* v) const {
    for (std::size_t k = 0; k < sample.size(); ++k) {
      if (target.predicate ? ((v[k] != 0) != (sampleTarget[k] != 0)) : v[k] != sampleTarget[k])
        return false;
    }
    return true;
  }

  // The expression's value in a cell (every cell: the check of a candidate).
  bool eval(const std::vector<Expr>& tree, std::int32_t id, std::size_t cell,
            std::int64_t& out) const {
    const Expr& e = tree[static_cast<std::size_t>(id)];
    if (e.op == kVar) {
      out = target.param(cell, static_cast<std::size_t>(e.a));
      return true;
    }
    if (e.op == kConst) {
      out = e.a;
      return true;
    }
    std::int64_t x = 0, y = 0;
    if (!eval(tree, e.a, cell, x)) return false;
    if (e.op != kNeg && e.op != kNot && e.op != kAbs && !eval(tree, e.b, cell, y)) return false;
    return apply(e.op, x, y, out);
  }

  // The expression in Python's syntax, or in C++'s (cpp): C++'s precedence, && || ! for
  // and or not, / for // (the same for operands that are not negative), std::min, std::max,
  // std::abs; comparisons are parenthesised wherever they meet another operator.
  std::string print(const std::vector<Expr>& tree, std::int32_t id, bool cpp = false) const {
    const Expr& e = tree[static_cast<std::size_t>(id)];
    const auto level = [cpp](Op op) { return cpp ? kSyntax[op].cpp : kSyntax[op].python; };
    const auto child = [&](std::int32_t c, bool rightSide) {
      const Op parent = e.op, op = tree[static_cast<std::size_t>(c)].op;
      const int pc = level(op), pp = level(parent);
      // Comparisons never chain (Python reads a < b == c as a < b and b == c).
      const bool comparisons =
          cpp ? (pc == 6 || pc == 7) && (pp == 6 || pp == 7) : pc == 4 && pp == 4;
      bool parens = pc < pp || (pc == pp && rightSide) || comparisons;
      if (cpp && pc < 9 && pp >= 3 && pp <= 5) parens = true;  // (a == b) & c, for the reader
      if (parent == kNeg && op == kNeg) parens = true;
      const std::string text = print(tree, c, cpp);
      return parens ? "(" + text + ")" : text;
    };
    switch (e.op) {
      case kVar:
        return target.names[static_cast<std::size_t>(e.a)];
      case kConst:
        return std::to_string(e.a);
      case kNeg:
      case kNot:
        return (cpp ? kSyntax[e.op].cppText : kSyntax[e.op].pythonText) + child(e.a, false);
      case kAbs:
        return (cpp ? "std::abs(" : "abs(") + print(tree, e.a, cpp) + ")";
      case kMin:
      case kMax:
        return std::string(cpp ? "std::" : "") + (e.op == kMin ? "min(" : "max(") +
               print(tree, e.a, cpp) + ", " + print(tree, e.b, cpp) + ")";
      default:
        return child(e.a, false) + (cpp ? kSyntax[e.op].cppText : kSyntax[e.op].pythonText) +
               child(e.b, true);
    }
  }

  // A candidate whose values on the sample are in `scratch`: kept when new, checked when it
  // matches. True when the search is over (found, or restarted with a larger sample).
  bool consider(const Expr& candidate) {
    ++evaluated;
    const std::size_t m = sample.size();
    if (matches(scratch.data())) {
      // Checked on every cell, as the bank's last expression for a moment (no copy of the bank).
      exprs.push_back(candidate);
      const auto id = static_cast<std::int32_t>(exprs.size() - 1);
      std::optional<std::size_t> failing;
      for (std::size_t cell = 0; cell < target.values.size() && !failing; ++cell) {
        std::int64_t v = 0;
        const bool ok = eval(exprs, id, cell, v);
        const std::int64_t want = target.values[cell];
        if (!ok || (target.predicate ? ((v != 0) != (want != 0)) : v != want)) failing = cell;
      }
      if (!failing) {
        found = print(exprs, id);
        foundCpp = print(exprs, id, true);
        searched = size;
      }
      exprs.pop_back();
      if (!failing) {
        finished = true;
        return true;
      }
      // A counterexample: it joins the sample, and the search starts again.
      if (restarts++ >= 16 || std::find(sample.begin(), sample.end(), *failing) != sample.end()) {
        finished = true;  // (a sampled cell cannot fail: the candidate matched them all)
        return true;
      }
      sample.push_back(*failing);
      restart();
      return true;
    }
    // Kept when new and when a larger expression may use it.
    if (size >= maxSymbols || bankFull) return false;
    std::uint64_t h = hashValues(scratch.data(), m);
    for (;;) {
      auto it = seen.find(h);
      if (it == seen.end()) break;
      const std::int64_t* kept = &values[static_cast<std::size_t>(it->second) * m];
      if (std::memcmp(kept, scratch.data(), m * sizeof(std::int64_t)) == 0) return false;
      ++h;
    }
    if (exprs.size() >= FormulaSearch::kMaxBank) {
      bankFull = true;
      return false;
    }
    const auto id = static_cast<std::int32_t>(exprs.size());
    exprs.push_back(candidate);
    values.insert(values.end(), scratch.begin(), scratch.end());
    seen.emplace(h, id);
    bySize[static_cast<std::size_t>(size)].push_back(id);
    return false;
  }

  bool evaluate(const Expr& candidate) {
    const std::size_t m = sample.size();
    scratch.resize(m);
    if (candidate.op == kVar || candidate.op == kConst) {
      for (std::size_t k = 0; k < m; ++k)
        scratch[k] = candidate.op == kVar
                         ? target.param(sample[k], static_cast<std::size_t>(candidate.a))
                         : candidate.a;
      return true;
    }
    const std::int64_t* x = &values[static_cast<std::size_t>(candidate.a) * m];
    const std::int64_t* y =
        candidate.op >= kAdd ? &values[static_cast<std::size_t>(candidate.b) * m] : nullptr;
    for (std::size_t k = 0; k < m; ++k)
      if (!apply(candidate.op, x[k], y ? y[k] : 0, scratch[k])) return false;
    return true;
  }

  // Runs the enumeration for about `budget` candidates; true when over.
  bool step(std::uint64_t budget) {
    std::uint64_t spent = 0;
    while (!finished && spent < budget) {
      if (task == tasks.size()) {  // this size is done
        searched = size;
        if (size >= maxSymbols || bankFull) {
          finished = true;
          return true;
        }
        ++size;
        task = left = right = 0;
        planSize();
        continue;
      }
      const Task& t = tasks[task];
      if (t.leftSize == 0) {  // atoms
        const std::size_t atoms = target.names.size() + kConstants;
        for (; left < atoms && !finished; ++left, ++spent) {
          Expr e;
          if (left < target.names.size()) {
            e.op = kVar;
            e.a = static_cast<std::int32_t>(left);
          } else {
            e.op = kConst;
            e.a = static_cast<std::int32_t>(left - target.names.size());
          }
          evaluate(e);
          if (consider(e)) return finished;
        }
        ++task;
        left = 0;
        continue;
      }
      const auto& lefts = bySize[static_cast<std::size_t>(t.leftSize)];
      if (t.rightSize == 0) {  // unary
        for (; left < lefts.size() && spent < budget; ++left, ++spent) {
          const Expr e{t.op, lefts[left], 0};
          if (evaluate(e) && consider(e)) return finished;
        }
        if (left == lefts.size()) {
          ++task;
          left = 0;
        }
        continue;
      }
      const auto& rights = bySize[static_cast<std::size_t>(t.rightSize)];
      const bool symmetric = commutative(t.op) && t.leftSize == t.rightSize;
      while (left < lefts.size() && spent < budget) {
        if (symmetric && right < left) right = left;
        if (right >= rights.size()) {
          ++left;
          right = 0;
          continue;
        }
        const Expr e{t.op, lefts[left], rights[right]};
        ++right;
        ++spent;
        if (evaluate(e) && consider(e)) return finished;
      }
      if (left >= lefts.size()) {
        ++task;
        left = right = 0;
      }
    }
    return finished;
  }
};

FormulaSearch::FormulaSearch(FormulaTarget target, int maxSymbols)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.target = std::move(target);
  s.maxSymbols = std::max(1, maxSymbols);
  // The sample: the corners and an even spread of at most 64 cells.
  const std::size_t cells = s.target.values.size();
  if (cells == 0) {
    s.finished = true;
    return;
  }
  const std::size_t want = std::min<std::size_t>(cells, 64);
  for (std::size_t k = 0; k < want; ++k) {
    const std::size_t cell = want == 1 ? 0 : k * (cells - 1) / (want - 1);
    if (std::find(s.sample.begin(), s.sample.end(), cell) == s.sample.end())
      s.sample.push_back(cell);
  }
  s.restart();
}

FormulaSearch::~FormulaSearch() = default;

bool FormulaSearch::advance(std::uint64_t budget) {
  return state_->finished || state_->step(budget);
}
bool FormulaSearch::done() const {
  return state_->finished;
}
const std::optional<std::string>& FormulaSearch::formula() const {
  return state_->found;
}
const std::optional<std::string>& FormulaSearch::formulaCpp() const {
  return state_->foundCpp;
}
int FormulaSearch::searchedSymbols() const {
  return state_->searched;
}
int FormulaSearch::maxSymbols() const {
  return state_->maxSymbols;
}
int FormulaSearch::size() const {
  return state_->size;
}
std::uint64_t FormulaSearch::candidates() const {
  return state_->evaluated;
}

FoundFormula findFormula(const FormulaTarget& target, int maxSymbols) {
  FormulaSearch search(target, maxSymbols);
  while (!search.advance(std::uint64_t{1} << 20)) {
  }
  return {search.formula(), search.formulaCpp(), search.searchedSymbols(), maxSymbols};
}

}  // namespace gs
