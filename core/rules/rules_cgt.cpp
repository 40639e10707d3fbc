#include "rules/rules_cgt.h"

#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "base/thousands.h"
#include "rules/term.h"

namespace gs {

namespace {

// Deeper lines than this are refused: each level is two frames of the C++ stack and a call of
// the rules (20,000 levels overflowed the 8 MiB stack: take12.lua n=30000).
constexpr std::size_t kDeepestLine = 1'000;

RulesError refusal(std::string sentence) {
  return RulesError{0, 0, Message(std::move(sentence))};
}

// {who, s} from s's encoding.
std::string withPlayer(int who, std::string_view inner) {
  std::string out;
  putPartisan(out, who, inner);
  return out;
}

// s of {who, s}; false for anything else.
bool withoutPlayer(std::string_view key, std::string& inner) {
  int who = 0;
  std::string_view s;
  if (!splitPartisan(key, who, s)) return false;
  inner.assign(s);
  return true;
}

}  // namespace

std::optional<RulesError> cgtRulesProblem(const RulesHeader& header) {
  if (header.kind == RulesKind::kScored)
    return refusal(
        "cgt values are of normal play (who cannot move loses), and these rules score "
        "points");
  if (header.hasMover)
    return refusal(
        "cgt values are of games where either player may move at any position, and "
        "these rules say who moves (mover)");
  if (header.hasResult)
    return refusal(
        "cgt values are of normal play (who cannot move loses), and these rules end "
        "the game by result()");
  return std::nullopt;
}

CgtValues::CgtValues(Rules& rules, const Params& params, cgt::GameStore& store,
                     const SolveLimits& limits)
    : rules_(rules),
      params_(params),
      store_(store),
      limits_(limits),
      partisan_(rules.header().partisan),
      parts_(rules.header().hasParts || rules.header().partisanParts) {}

Expected<cgt::GameId> CgtValues::valueOf(std::string_view position, std::uint64_t maxPositions) {
  if (auto problem = cgtRulesProblem(rules_.header())) return *problem;
  callFirst_ = positions_;
  capped_ = false;
  callCap_ = maxPositions ? maxPositions : limits_.maxPositions;
  std::string s(position);
  if (partisan_ && !withoutPlayer(position, s))
    return refusal("a position of partisan rules is not {who, s}");
  auto made = value(s);
  if (made && store_.failed()) return refusal(store_.error());
  return made;
}

Expected<cgt::GameId> CgtValues::start() {
  auto start = rules_.start(params_);
  if (!start) return start.error();
  return valueOf(start->encode());
}

// The value of s (the rules' own position: for partisan rules without its player).
Expected<cgt::GameId> CgtValues::value(const std::string& s) {
  if (const auto found = values_.find(s); found != values_.end()) return found->second;
  if (onLine_.count(s))
    return refusal("the position " + termText(s) +
                   " can be reached again from itself, and cgt values are of games that end");
  if (depth_ >= kDeepestLine)
    return refusal("a line of play longer than " + withThousands(kDeepestLine) +
                   " moves, past what cgt follows");
  if (++positions_ - callFirst_ > callCap_) {
    --positions_;
    capped_ = true;
    return refusal("more than " + withThousands(callCap_) + " positions" +
                   (callCap_ != limits_.maxPositions || limits_.maxPositionsOption.empty()
                        ? std::string()
                        : " (" + limits_.maxPositionsOption + " raises the cap)"));
  }
  const std::uint64_t used = store_.bytesUsed() + rules_.memoryUsed() + memoBytes_;
  if (limits_.memoryBudgetBytes > 0 && used > limits_.memoryBudgetBytes)
    return refusal("the values need more than the memory budget of " +
                   withThousands(limits_.memoryBudgetBytes / (1 << 20)) + " MiB");
  onLine_.insert(s);
  ++depth_;
  Expected<cgt::GameId> made = expand(s);
  --depth_;
  onLine_.erase(s);
  if (made && store_.failed()) made = refusal(store_.error());
  if (!made) {  // not valued: asked again, it is counted then
    --positions_;
    return made;
  }
  memoBytes_ += s.size() + 64;
  values_.emplace(s, made.value());
  return made;
}

Expected<cgt::GameId> CgtValues::expand(const std::string& s) {
  if (parts_) {
    // (A partisan game's parts are the same whoever moves: asked with Left to move.)
    auto parts = rules_.partKeys(partisan_ ? withPlayer(1, s) : s, params_);
    if (!parts) return parts.error();
    if (!(parts.value().size() == 1 && parts.value()[0] == s)) {  // a sum: its parts' values added
      cgt::GameId sum = store_.zero();
      for (const std::string& part : parts.value()) {
        auto v = value(part);
        if (!v) return v;
        sum = store_.add(sum, v.value());
        if (store_.failed()) return refusal(store_.error());
      }
      return sum;
    }
  }
  std::vector<cgt::GameId> sides[2];
  for (int who = 1; who <= (partisan_ ? 2 : 1); ++who) {
    const std::string position = partisan_ ? withPlayer(who, s) : s;
    auto moves = rules_.moveKeys(position, params_);
    if (!moves) return moves.error();
    for (const std::string& move : moves.value()) {
      auto child = rules_.playKey(position, move, params_);
      if (!child) return child.error();
      std::string inner = child.value();
      if (partisan_ && !withoutPlayer(child.value(), inner))
        return refusal("a position of partisan rules is not {who, s}");
      auto v = value(inner);
      if (!v) return v;
      sides[who - 1].push_back(v.value());
    }
  }
  if (!partisan_) sides[1] = sides[0];  // both players have the same moves
  return store_.make(std::move(sides[0]), std::move(sides[1]));
}

Expected<CgtReport> rulesCgtValue(Rules& rules, const Params& params, std::string_view position,
                                  cgt::GameStore& store, const SolveLimits& limits) {
  CgtValues values(rules, params, store, limits);
  auto value = values.valueOf(position);
  if (!value) return value.error();
  return CgtReport{value.value(), values.positions()};
}

Expected<CgtReport> rulesCgtStart(Rules& rules, const Params& params, cgt::GameStore& store,
                                  const SolveLimits& limits) {
  auto start = rules.start(params);
  if (!start) return start.error();
  return rulesCgtValue(rules, params, start->encode(), store, limits);
}

Expected<CgtSummary> cgtSummary(cgt::GameStore& store, cgt::GameId value) {
  CgtSummary summary;
  summary.canonical = store.text(value);
  summary.outcome = cgt::outcomeClassText(store.outcome(value));
  summary.mean = store.mean(value).text();
  summary.temperature = store.temperature(value).text();
  summary.leftStop = store.leftStop(value).text();
  summary.rightStop = store.rightStop(value).text();
  summary.thermograph = store.thermograph(value);
  if (store.failed()) return refusal(store.error());
  return summary;
}

Expected<std::string> cgtReportText(cgt::GameStore& store, cgt::GameId value) {
  auto summary = cgtSummary(store, value);
  if (!summary) return summary.error();
  const CgtSummary& s = summary.value();
  return s.canonical + "\noutcome " + s.outcome + "\nmean " + s.mean + "\ntemperature " +
         s.temperature + "\nleft stop " + s.leftStop + "\nright stop " + s.rightStop + "\n";
}

}  // namespace gs
