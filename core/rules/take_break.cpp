#include "rules/take_break.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "base/forms.h"
#include "base/judge_text.h"
#include "base/thousands.h"

namespace gs {
namespace {

constexpr std::string_view kOctalPrefix = "octal:", kHexPrefix = "hex:";
constexpr std::size_t kMaxCodeDigits = 32;  // after the point
constexpr std::size_t kMaxHeapsInSum = 100000;

std::string_view trimmed(std::string_view text) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

int digitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

char digitChar(int digit) {
  return "0123456789ABCDEF"[digit & 15];
}

// The heaps of a position term: an array of sizes, each within the range.
bool heapsOfTerm(const Term& position, std::vector<std::int64_t>& heaps) {
  if (!position.isArray()) return false;
  heaps.clear();
  for (const auto& entry : position.entries()) {
    if (!entry.second.isInteger() || entry.second.asInteger() < 1 ||
        entry.second.asInteger() > kMaxTakeBreakHeap)
      return false;
    heaps.push_back(entry.second.asInteger());
  }
  return true;
}

Term heapsTerm(std::vector<std::int64_t> heaps) {
  std::sort(heaps.begin(), heaps.end());
  std::vector<Term> items;
  items.reserve(heaps.size());
  for (const std::int64_t heap : heaps)
    if (heap > 0) items.push_back(Term::integer(heap));
  return Term::list(std::move(items));
}

// The moves of a heap of `heap` tokens, in moves()'s order: by the tokens taken, then no heap,
// one, two and three heaps left, each list of heaps ascending; visit(take, left, count) false
// stops them (and gives false).
template <class Visit>
bool forEachHeapMove(const std::vector<std::uint8_t>& digits, std::int64_t heap, Visit&& visit) {
  for (std::size_t take = 0; take < digits.size() && static_cast<std::int64_t>(take) <= heap;
       ++take) {
    const std::uint8_t digit = digits[take];
    const auto t = static_cast<std::int64_t>(take);
    const std::int64_t rest = heap - t;
    if ((digit & 1) && rest == 0 && !visit(t, nullptr, 0)) return false;
    if ((digit & 2) && rest >= 1 && take >= 1) {
      const std::int64_t left[] = {rest};
      if (!visit(t, left, 1)) return false;
    }
    if (digit & 4)
      for (std::int64_t a = 1; 2 * a <= rest; ++a) {
        const std::int64_t left[] = {a, rest - a};
        if (!visit(t, left, 2)) return false;
      }
    if (digit & 8)
      for (std::int64_t a = 1; 3 * a <= rest; ++a)
        for (std::int64_t b = a; a + 2 * b <= rest; ++b) {
          const std::int64_t left[] = {a, b, rest - a - b};
          if (!visit(t, left, 3)) return false;
        }
  }
  return true;
}

RulesError notAPosition(const Term& position) {
  return RulesError{0, 0,
                    Message(forms::kTakeBreakNotAPosition,
                            {{"RAW", Message::verbatim(shortText(position))},
                             {"N", static_cast<std::uint64_t>(kMaxTakeBreakHeap)}})};
}

}  // namespace

std::string TakeBreakCode::text() const {
  std::string out(hexadecimal ? kHexPrefix : kOctalPrefix);
  out += digitChar(digits.empty() ? 0 : digits[0]);
  out += '.';
  const int last = maxTake();
  if (last == 0) out += '0';
  for (int i = 1; i <= last; ++i) out += digitChar(digits[static_cast<std::size_t>(i)]);
  return out;
}

int TakeBreakCode::maxTake() const {
  for (std::size_t i = digits.size(); i-- > 1;)
    if (digits[i] != 0) return static_cast<int>(i);
  return 0;
}

int TakeBreakCode::maxHeaps() const {
  int most = 1;
  for (const std::uint8_t digit : digits) {
    if (digit & 8) most = std::max(most, 3);
    if (digit & 4) most = std::max(most, 2);
  }
  return most;
}

std::int64_t TakeBreakCode::maxHeap() const {
  if (maxHeaps() >= 3) return kMaxThreeHeapHeap;
  int splits = 0;
  for (const std::uint8_t digit : digits) splits += (digit & 4) ? 1 : 0;
  if (splits == 0) return kMaxTakeBreakHeap;
  // splits * n^2 / 4 marks in all, at most kMaxTakeBreakMarks.
  const auto most = static_cast<std::int64_t>(std::sqrt(4 * kMaxTakeBreakMarks / splits));
  return std::min(kMaxTakeBreakHeap, most);
}

bool namesTakeBreakGame(std::string_view text) {
  text = trimmed(text);
  return text.substr(0, kOctalPrefix.size()) == kOctalPrefix ||
         text.substr(0, kHexPrefix.size()) == kHexPrefix;
}

Expected<TakeBreakCode> parseTakeBreakCode(std::string_view whole) {
  const std::string_view text = trimmed(whole);
  // Where the trimmed text starts in `whole` (a column counts from the text's first character).
  const std::size_t at = text.empty() ? 0 : static_cast<std::size_t>(text.data() - whole.data());
  TakeBreakCode code;
  std::size_t k = 0;
  if (text.substr(0, kHexPrefix.size()) == kHexPrefix) {
    code.hexadecimal = true;
    k = kHexPrefix.size();
  } else if (text.substr(0, kOctalPrefix.size()) == kOctalPrefix) {
    k = kOctalPrefix.size();
  } else {
    return ParseError{1, static_cast<int>(at) + 1, Message(forms::kTakeBreakPrefix, {})};
  }
  const auto column = [&](std::size_t index) { return static_cast<int>(at + index) + 1; };
  const auto badDigit = [&](std::size_t index) {
    return ParseError{
        1, column(index),
        Message(code.hexadecimal ? forms::kTakeBreakHexDigit : forms::kTakeBreakOctalDigit,
                {{"TOKEN", quotedToken(text.substr(index, 1))}})};
  };
  const int base = code.hexadecimal ? 16 : 8;
  // The digit before the point (optional: ".137" is "0.137").
  std::uint8_t first = 0;
  if (k < text.size() && text[k] != '.') {
    const int digit = digitValue(text[k]);
    if (digit < 0 || digit >= base) return badDigit(k);
    if ((digit & 3) != 0)
      return ParseError{
          1, column(k),
          Message(forms::kTakeBreakFirstDigit, {{"TOKEN", quotedToken(text.substr(k, 1))}})};
    first = static_cast<std::uint8_t>(digit);
    ++k;
  }
  if (k >= text.size() || text[k] != '.')
    return ParseError{1, column(std::min(k, text.size())),
                      Message(forms::kTakeBreakNoPoint,
                              {{"RAW", Message::verbatim(std::string(text.substr(0, 40)))}})};
  ++k;
  code.digits.push_back(first);
  if (k >= text.size())
    return ParseError{1, column(k),
                      Message(forms::kTakeBreakNoDigits,
                              {{"RAW", Message::verbatim(std::string(text.substr(0, 40)))}})};
  for (; k < text.size(); ++k) {
    const int digit = digitValue(text[k]);
    if (digit < 0 || digit >= base) return badDigit(k);
    if (code.digits.size() > kMaxCodeDigits)
      return ParseError{
          1, column(k),
          Message(forms::kTakeBreakTooLong, {{"N", static_cast<std::uint64_t>(kMaxCodeDigits)}})};
    code.digits.push_back(static_cast<std::uint8_t>(digit));
  }
  code.digits.resize(static_cast<std::size_t>(code.maxTake()) + 1);
  return code;
}

// --- The values

HeapValues::HeapValues(TakeBreakCode code) : code_(std::move(code)) {}

std::uint64_t HeapValues::heldBytes() const {
  return (values_.capacity() + seen_.capacity()) * sizeof(std::uint32_t) + pairBytes_ +
         pairs_.capacity() * sizeof(std::vector<std::uint32_t>);
}

std::uint32_t* HeapValues::freshMarks(std::uint32_t largest) {
  // Every value reached is below twice the power of two above the largest value so far.
  std::size_t room = 1;
  while (room <= largest) room <<= 1;
  if (seen_.size() < 2 * room) seen_.resize(2 * room, 0);
  if (++stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    stamp_ = 1;
  }
  return seen_.data();
}

bool HeapValues::extendTo(std::size_t n, std::uint64_t budgetBytes) {
  if (n < values_.size()) return true;
  const std::vector<std::uint8_t>& digits = code_.digits;
  const bool threeHeaps = code_.maxHeaps() >= 3;
  const std::size_t wanted = n + 1;
  if (budgetBytes > 0 &&
      (wanted * sizeof(std::uint32_t) * (threeHeaps ? 2 : 1)) + heldBytes() > budgetBytes)
    return false;
  values_.reserve(wanted);
  if (threeHeaps) pairs_.reserve(wanted);
  std::uint32_t largest = largest_;
  for (std::size_t heap = values_.size(); heap < wanted; ++heap) {
    std::uint32_t* seen = freshMarks(largest);
    const std::uint32_t stamp = stamp_;
    const std::uint32_t* g = values_.data();
    for (std::size_t take = 0; take < digits.size() && take <= heap; ++take) {
      const std::uint8_t digit = digits[take];
      const std::size_t rest = heap - take;
      if ((digit & 1) && rest == 0) seen[0] = stamp;
      if ((digit & 2) && rest >= 1 && take >= 1) seen[g[rest]] = stamp;
      if (digit & 4)
        for (std::size_t a = 1; 2 * a <= rest; ++a) seen[g[a] ^ g[rest - a]] = stamp;
      if ((digit & 8) && rest >= 3)
        for (std::size_t c = 1; c + 2 <= rest; ++c)
          for (const std::uint32_t v : pairs_[rest - c]) seen[g[c] ^ v] = stamp;
    }
    std::uint32_t mex = 0;
    while (seen[mex] == stamp) ++mex;
    values_.push_back(mex);
    largest = std::max(largest, mex);
    largest_ = largest;
    if (threeHeaps) {
      // The values two heaps summing to `heap` reach, for the three-heap splits of larger heaps.
      std::vector<std::uint32_t> reached;
      std::uint32_t* marks = freshMarks(largest);
      for (std::size_t a = 1; 2 * a <= heap; ++a) {
        const std::uint32_t v = values_[a] ^ values_[heap - a];
        if (marks[v] != stamp_) {
          marks[v] = stamp_;
          reached.push_back(v);
        }
      }
      pairBytes_ += reached.capacity() * sizeof(std::uint32_t);
      pairs_.push_back(std::move(reached));
      if (budgetBytes > 0 && heldBytes() > budgetBytes) {
        values_.pop_back();
        pairBytes_ -= pairs_.back().capacity() * sizeof(std::uint32_t);
        pairs_.pop_back();
        return false;
      }
    }
  }
  return true;
}

std::uint64_t HeapValues::marksAt(std::size_t n) const {
  std::uint64_t marks = 1;
  for (std::size_t take = 0; take < code_.digits.size() && take <= n; ++take) {
    const std::uint8_t digit = code_.digits[take];
    marks += (digit & 3) ? 1 : 0;
    if (digit & 4) marks += (n - take) / 2;
    // Each third heap meets the values two heaps reach: at most the values' width of them.
    if (digit & 8) marks += (n - take) * (2 * static_cast<std::uint64_t>(largest_) + 2);
  }
  return marks;
}

std::optional<HeapPeriod> heapPeriod(const std::vector<std::uint32_t>& g, std::size_t last,
                                     const TakeBreakCode& code) {
  if (last >= g.size()) return std::nullopt;
  const std::size_t k = static_cast<std::size_t>(code.maxHeaps());
  const std::size_t t = static_cast<std::size_t>(code.maxTake());
  const auto proofPoint = [&](std::size_t e, std::size_t p) { return k * e + k * p + t + k - 1; };
  std::optional<HeapPeriod> candidate;
  for (std::size_t p = 1; 2 * p <= last + 1; ++p) {
    // The smallest e with G(n) = G(n + p) for every n in [e, last - p].
    std::size_t e = last + 1 - p;
    while (e > 0 && g[e - 1] == g[e - 1 + p]) --e;
    const std::size_t at = proofPoint(e, p);
    if (at <= last) return HeapPeriod{e, p, at, true};
    if (last + 1 - e >= 3 * p && (!candidate || e < candidate->start))
      candidate = HeapPeriod{e, p, at, false};
  }
  return candidate;
}

// --- The rules

TakeBreakRules::TakeBreakRules(TakeBreakCode code) : values_(std::move(code)) {
  header_.title = (values_.code().hexadecimal ? "hexadecimal game " : "octal game ") +
                  values_.code().text().substr(values_.code().hexadecimal ? kHexPrefix.size()
                                                                          : kOctalPrefix.size());
  header_.params = {{"n", 10, 0, values_.code().maxHeap()}};
  header_.kind = RulesKind::kImpartial;
  header_.hasParts = true;
  header_.movesByPart = true;
  header_.hasRead = true;
  header_.sample = "3 5 7\n";
}

const std::vector<std::uint32_t>* TakeBreakRules::valuesTo(std::size_t n,
                                                           std::uint64_t budgetBytes) {
  if (!values_.extendTo(n, budgetBytes)) return nullptr;
  return &values_.values();
}

Expected<std::vector<std::int64_t>> TakeBreakRules::heapsOf(const Params& params) const {
  if (!params.input) {
    if (params.empty()) return std::vector<std::int64_t>{};
    if (params[0] == 0) return std::vector<std::int64_t>{};
    return std::vector<std::int64_t>{params[0]};
  }
  Term record;
  std::vector<std::int64_t> heaps;
  if (!Term::decode(*params.input, record) || record.at(1) != nullptr ||
      record.entries().size() != 1 || !heapsOfTerm(record.entries()[0].second, heaps))
    return RulesError{0, 0, "a case of these heaps could not be read back (an internal error)"};
  return heaps;
}

Expected<Term> TakeBreakRules::start(const Params& params) {
  auto heaps = heapsOf(params);
  if (!heaps) return heaps.error();
  return heapsTerm(std::move(heaps.value()));
}

Expected<std::vector<Term>> TakeBreakRules::moves(const Term& position, const Params&) {
  std::vector<std::int64_t> heaps;
  if (!heapsOfTerm(position, heaps)) return notAPosition(position);
  std::vector<Term> out;
  for (std::size_t index = 0; index < heaps.size(); ++index)
    forEachHeapMove(code().digits, heaps[index],
                    [&](std::int64_t take, const std::int64_t* left, std::size_t count) {
                      std::vector<Term> move = {Term::integer(static_cast<std::int64_t>(index) + 1),
                                                Term::integer(take)};
                      for (std::size_t k = 0; k < count; ++k)
                        move.push_back(Term::integer(left[k]));
                      out.push_back(Term::list(std::move(move)));
                      return true;
                    });
  return out;
}

Expected<Term> TakeBreakRules::play(const Term& position, const Term& move, const Params&) {
  std::vector<std::int64_t> heaps;
  if (!heapsOfTerm(position, heaps)) return notAPosition(position);
  const Term* index = move.at(1);
  const Term* take = move.at(2);
  if (!move.isArray() || !index || !take || index->asInteger() < 1 ||
      index->asInteger() > static_cast<std::int64_t>(heaps.size()))
    return RulesError{
        0, 0,
        Message(forms::kTakeBreakNotAMove, {{"RAW1", Message::verbatim(shortText(move))},
                                            {"RAW2", Message::verbatim(shortText(position))}})};
  const std::size_t at = static_cast<std::size_t>(index->asInteger() - 1);
  std::int64_t left = 0;
  std::vector<std::int64_t> out;
  for (std::size_t k = 0; k < heaps.size(); ++k)
    if (k != at) out.push_back(heaps[k]);
  for (std::size_t k = 3; k <= move.entries().size(); ++k) {
    out.push_back(move.at(static_cast<std::int64_t>(k))->asInteger());
    left += out.back();
  }
  if (take->asInteger() < 0 || left + take->asInteger() != heaps[at])
    return RulesError{
        0, 0,
        Message(forms::kTakeBreakNotAMove, {{"RAW1", Message::verbatim(shortText(move))},
                                            {"RAW2", Message::verbatim(shortText(position))}})};
  return heapsTerm(std::move(out));
}

Expected<std::vector<Term>> TakeBreakRules::parts(const Term& position, const Params&) {
  std::vector<std::int64_t> heaps;
  if (!heapsOfTerm(position, heaps)) return notAPosition(position);
  std::vector<Term> out;
  for (const std::int64_t heap : heaps) out.push_back(Term::list({Term::integer(heap)}));
  return out;
}

Expected<Term> TakeBreakRules::show(const Term& position, const Params&) {
  std::vector<std::int64_t> heaps;
  if (!heapsOfTerm(position, heaps)) return notAPosition(position);
  if (heaps.empty()) return Term::string("(no heap)");
  std::string text;
  for (const std::int64_t heap : heaps) text += (text.empty() ? "" : " + ") + std::to_string(heap);
  return Term::string(text);
}

Expected<std::string> TakeBreakRules::name(const Term& move, const Term& position, const Params&) {
  std::vector<std::int64_t> heaps;
  const Term* index = move.at(1);
  const Term* take = move.at(2);
  if (!heapsOfTerm(position, heaps) || !index || !take || index->asInteger() < 1 ||
      index->asInteger() > static_cast<std::int64_t>(heaps.size()))
    return shortText(move);
  const std::int64_t heap = heaps[static_cast<std::size_t>(index->asInteger() - 1)];
  std::string left;
  for (std::size_t k = 3; k <= move.entries().size(); ++k)
    left += (left.empty() ? "" : " + ") +
            std::to_string(move.at(static_cast<std::int64_t>(k))->asInteger());
  std::string text = take->asInteger() == 0 ? "split " + std::to_string(heap)
                                            : "take " + std::to_string(take->asInteger()) +
                                                  " from " + std::to_string(heap);
  if (!left.empty()) text += (take->asInteger() == 0 ? " into " : ", leave ") + left;
  return text;
}

Expected<std::vector<std::string>> TakeBreakRules::read(std::string_view input) {
  std::vector<Term> heaps;
  int line = 1, column = 1;
  std::size_t k = 0;
  while (k < input.size()) {
    const char c = input[k];
    if (c == '\n') {
      ++line;
      column = 1;
      ++k;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') {
      ++column;
      ++k;
      continue;
    }
    std::size_t end = k;
    while (end < input.size() && input[end] != ' ' && input[end] != '\t' && input[end] != '\r' &&
           input[end] != '\n')
      ++end;
    const std::string_view word = input.substr(k, end - k);
    std::int64_t value = 0;
    bool whole = !word.empty() && word.size() <= 7;
    for (const char d : word) {
      if (d < '0' || d > '9') whole = false;
      value = value * 10 + (d - '0');
    }
    if (!whole || value > code().maxHeap())
      return ParseError{0, 0,
                        Message(forms::kTakeBreakHeapExpected,
                                {{"N", static_cast<std::uint64_t>(code().maxHeap())},
                                 {"N1", static_cast<std::uint64_t>(line)},
                                 {"N2", static_cast<std::uint64_t>(column)},
                                 {"TOKEN", quotedToken(word)}})};
    if (heaps.size() >= kMaxHeapsInSum)
      return ParseError{0, 0,
                        Message(forms::kTakeBreakTooManyHeaps,
                                {{"N", static_cast<std::uint64_t>(kMaxHeapsInSum)}})};
    if (value > 0) heaps.push_back(Term::integer(value));
    column += static_cast<int>(end - k);
    k = end;
  }
  std::sort(heaps.begin(), heaps.end(),
            [](const Term& a, const Term& b) { return a.asInteger() < b.asInteger(); });
  return std::vector<std::string>{
      Term::table({{Term::string("heaps"), Term::list(std::move(heaps))}}).encode()};
}

bool TakeBreakRules::expand(std::string_view position, const Params& params, Expansion& out,
                            RulesError& error) {
  // A heap {n}: '[' 1 and the integer n, nothing after it.
  encoding::Reader reader(position);
  char tag = 0;
  std::uint64_t items = 0;
  std::int64_t heap = 0;
  if (!reader.readTag(tag) || tag != '[' || !reader.readVarint(items) || items != 1 ||
      !reader.readTag(tag) || tag != 'i' || !reader.readInteger(heap) || !reader.atEnd() ||
      heap < 1 || heap > kMaxTakeBreakHeap)
    return Rules::expand(position, params, out, error);
  out.clear();
  std::string key;
  const auto part = [&](std::int64_t size) {
    key.clear();
    encoding::putArrayHeader(key, 1);
    encoding::putInteger(key, size);
    if (out.byteLimit > 0 && out.keys.size() + key.size() > out.byteLimit) {
      error = RulesError{0, 0,
                         Message(forms::kPartsTooLarge,
                                 {{"RAW", Message::verbatim("{" + std::to_string(heap) + "}")},
                                  {"N", out.byteLimit}})};
      return false;
    }
    out.addPart(key, out.knownAtomic ? out.knownAtomic(key) : std::nullopt);
    return true;
  };
  // Each move's child: its heaps' parts (no heap left: no part, unless the explorer holds the
  // empty position as a node).
  return forEachHeapMove(
      code().digits, heap, [&](std::int64_t, const std::int64_t* left, std::size_t count) {
        if (count == 0) {
          key.clear();
          encoding::putArrayHeader(key, 0);
          if (const auto node = out.knownAtomic ? out.knownAtomic(key) : std::nullopt)
            out.addPart(key, node);
        }
        for (std::size_t k = 0; k < count; ++k)
          if (!part(left[k])) return false;
        out.childEnds.push_back(static_cast<std::uint32_t>(out.keyEnds.size()));
        return true;
      });
}

std::optional<Rules::Searched> TakeBreakRules::memoSearch(const Params& params,
                                                          SearchQuestion question,
                                                          const SearchLimits& limits) {
  if (question == SearchQuestion::kMoveOutcomes) return std::nullopt;
  auto heaps = heapsOf(params);
  if (!heaps) return std::nullopt;
  std::int64_t largest = 0;
  for (const std::int64_t heap : heaps.value()) largest = std::max(largest, heap);
  const auto* g = valuesTo(static_cast<std::size_t>(largest), limits.memoryBudgetBytes);
  if (!g) return std::nullopt;  // the usual solve names the budget
  std::uint32_t sum = 0;
  for (const std::int64_t heap : heaps.value()) sum ^= (*g)[static_cast<std::size_t>(heap)];
  Searched searched;
  searched.outcome = sum != 0 ? EndResult::kWin : EndResult::kLoss;
  searched.number = sum;
  searched.positions = static_cast<std::uint64_t>(largest) + 1;
  return searched;
}

}  // namespace gs
