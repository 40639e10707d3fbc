#include "rules/rules_game.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <unordered_map>

#include "base/drawing.h"
#include "base/forms.h"
#include "base/random.h"
#include "base/thousands.h"
#include "base/values.h"
#include "rules/lua_rules.h"
#include "rules/rules_cgt.h"

namespace gs {
namespace {

const char* const kPlayers[2] = {forms::kFirstPlayer.english, forms::kSecondPlayer.english};

std::string paramFieldName(const void* context, std::size_t index) {
  const auto& names = *static_cast<const std::vector<std::string>*>(context);
  return index < names.size() ? names[index] : "a parameter";
}

// --- Drawing a position from show(): a text, or rows of cells.

using Shown = ShownPosition;

// Splits a UTF-8 string into its characters.
std::vector<std::string> characters(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < text.size();) {
    std::size_t length = 1;
    const auto lead = static_cast<unsigned char>(text[k]);
    if (lead >= 0xF0)
      length = 4;
    else if (lead >= 0xE0)
      length = 3;
    else if (lead >= 0xC0)
      length = 2;
    length = std::min(length, text.size() - k);
    out.push_back(text.substr(k, length));
    k += length;
  }
  return out;
}

}  // namespace

Metric metricOf(RulesKind kind) {
  switch (kind) {
    case RulesKind::kNormalPlay:
      return Metric::kWinLossRemoteness;
    case RulesKind::kScored:
      return Metric::kScoreDifference;
    case RulesKind::kImpartial:
      return Metric::kGrundy;
  }
  return Metric::kWinLossRemoteness;
}

Value solvedValue(RulesKind kind, const RulesSolver& solver,
                  const std::vector<RulesSolver::Node>& nodes) {
  Value value;
  if (kind == RulesKind::kImpartial) {
    for (const RulesSolver::Node node : nodes) value.score ^= solver.value(node).number;
    value.win = value.score != 0;
  } else if (!nodes.empty()) {
    const RulesValue solved = solver.value(nodes.front());
    if (kind == RulesKind::kNormalPlay) {
      value.win = solved.outcome == RulesValue::kWin;
      value.draw = solved.outcome == RulesValue::kDraw;
      value.remoteness = static_cast<int>(solved.number);
    } else {
      value.score = solved.number;
    }
  }
  return value;
}

Shown shownFrom(const Term& term) {
  constexpr std::size_t kMaxCells = 256 * 256;
  Shown shown;
  if (term.kind() == Term::Kind::kString) {
    shown.text = term.asString();
    return shown;
  }
  if (term.isArray() && !term.entries().empty()) {
    std::size_t cells = 0;
    bool rows = true;
    for (const auto& entry : term.entries()) {
      const Term& row = entry.second;
      std::vector<std::string> cellTexts;
      if (row.kind() == Term::Kind::kString) {
        cellTexts = characters(row.asString());
      } else if (row.isArray()) {
        for (const auto& cell : row.entries()) {
          if (cell.second.kind() == Term::Kind::kTable) {
            rows = false;
            break;
          }
          cellTexts.push_back(cell.second.text(true));
        }
      } else {
        rows = false;
      }
      if (!rows) break;
      cells += cellTexts.size();
      if (cells > kMaxCells) {
        rows = false;
        break;
      }
      shown.grid.push_back(std::move(cellTexts));
    }
    if (rows) return shown;
    shown.grid.clear();
  }
  shown.text = term.text(true);
  return shown;
}

std::string rulesValueText(RulesKind kind, const Value& value) {
  switch (kind) {
    case RulesKind::kNormalPlay:
      if (value.draw)
        return value.remoteness >= 0 ? "draw " + std::to_string(value.remoteness) : "draw";
      return std::string(value.win ? "win " : "loss ") + std::to_string(value.remoteness);
    case RulesKind::kScored:
      return std::to_string(value.score);
    case RulesKind::kImpartial:
      return "sg " + std::to_string(value.score);
  }
  return "";
}

namespace {

// The least a move's record in r.children holds: its slot in the children's array (counted
// apart, once the array is reserved) and a table of three fields (move, name, outcome or margin).
constexpr std::uint64_t kChildSlotBytes = sizeof(std::pair<Term, Term>);
constexpr std::uint64_t kLeastChildFieldsBytes = 3 * sizeof(std::pair<Term, Term>);

}  // namespace

ChildRecords::ChildRecords(const Rules& rules, std::size_t moves, std::uint64_t held,
                           std::uint64_t budget)
    : rules_(rules), moves_(moves), held_(held), budget_(budget) {
  if (!check()) return;
  children_.reserve(moves);
  bytes_ = children_.capacity() * kChildSlotBytes;
}

bool ChildRecords::check() {
  const std::uint64_t slots = children_.capacity() < moves_ ? moves_ * kChildSlotBytes : 0;
  const std::uint64_t need = held_ + bytes_ + slots +
                             (moves_ - children_.size()) * kLeastChildFieldsBytes +
                             rules_.memoryUsed();
  if (need <= budget_) return true;
  error_ = RulesError{
      0, 0,
      Message(forms::kOverBudgetRecord, {{"SIZE", Message::verbatim(mebibytes(budget_))},
                                         {"NEED", Message::verbatim(mebibytesUp(need))},
                                         {"N", Message::verbatim(withThousands(moves_))}})};
  return false;
}

bool ChildRecords::add(std::vector<std::pair<Term, Term>> fields) {
  Term child = Term::table(std::move(fields));
  bytes_ += child.heapBytes();
  children_.emplace_back(Term::integer(static_cast<std::int64_t>(children_.size() + 1)),
                         std::move(child));
  return check();
}

Term ChildRecords::record(std::vector<std::pair<Term, Term>> fields) {
  fields.emplace_back(Term::string("children"), Term::table(std::move(children_)));
  return Term::table(std::move(fields));
}

CgtFields::CgtFields(Rules& rules, const Params& params, const SolveLimits& limits)
    : rules_(rules),
      params_(params),
      limits_(limits),
      available_(!cgtRulesProblem(rules.header())) {}

std::optional<RulesError> CgtFields::workOut() {
  cgt::GameStore store;
  CgtValues values(rules_, params_, store, limits_);
  auto value = values.start();
  if (!value) return value.error();
  auto summary = cgtSummary(store, value.value());
  if (!summary) return summary.error();
  const auto field = [](const char* name, const std::string& text) {
    return std::make_pair(Term::string(name), Term::string(text));
  };
  const CgtSummary& s = summary.value();
  fields_.emplace();
  fields_->push_back(field("canonical", s.canonical));
  fields_->push_back(field("outcome_class", s.outcome));
  fields_->push_back(field("mean", s.mean));
  fields_->push_back(field("temperature", s.temperature));
  fields_->push_back(field("left_stop", s.leftStop));
  fields_->push_back(field("right_stop", s.rightStop));
  return std::nullopt;
}

Term CgtFields::with(const Term& r) const {
  if (!fields_) return r;
  std::vector<std::pair<Term, Term>> entries = r.entries();
  entries.insert(entries.end(), fields_->begin(), fields_->end());
  return Term::table(std::move(entries));
}

namespace {

Expected<std::string> answerCapped(Rules& rules, const Term& r, std::uint64_t held,
                                   std::uint64_t budget, const Params& params, std::uint32_t lazy,
                                   std::uint32_t* needed, Rules::PositionRecords* at) {
  const Rules::HeapCap cap = rules.heapCap();
  const std::uint64_t host = held + sizeof(Term) + r.heapBytes();
  const std::uint64_t room = budget > host ? budget - host : 0;
  if (cap.bytes == 0 || room >= cap.bytes) return rules.answer(r, params, lazy, needed, at);
  rules.setHeapCap({room, "the memory budget of " + mebibytes(budget) + " less the " +
                              mebibytesUp(host) +
                              " the host holds for answer() (r and the solve's tables)"});
  auto text = rules.answer(r, params, lazy, needed, at);
  rules.setHeapCap(cap);
  return text;
}

}  // namespace

Expected<std::string> answerWithin(Rules& rules, const Term& r, std::uint64_t held,
                                   std::uint64_t budget, const Params& params, std::uint32_t lazy,
                                   std::uint32_t* needed, Rules::PositionRecords* at,
                                   CgtFields* cgt) {
  if (!cgt) return answerCapped(rules, r, held, budget, params, lazy, needed, at);
  if (cgt->pending()) {
    std::uint32_t asked = 0;
    auto text = answerCapped(rules, r, held, budget, params, lazy | kFieldCgt, &asked, at);
    if ((asked & kFieldCgt) == 0) {
      if (needed) *needed = asked;
      return text;
    }
    if (auto error = cgt->workOut()) return *error;
  }
  return answerCapped(rules, cgt->with(r), held, budget, params, lazy, needed, at);
}

std::string judgeAnswerLine(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text + "\n";
}

Value rulesValueFrom(RulesKind kind, const Rules::Searched& searched) {
  Value value;
  if (kind == RulesKind::kNormalPlay) {
    value.win = searched.outcome == EndResult::kWin;
    value.draw = searched.outcome == EndResult::kDraw;
    value.remoteness = static_cast<int>(searched.number);
  } else {
    value.score = searched.number;
    value.win = kind == RulesKind::kImpartial && searched.number != 0;
  }
  return value;
}

Term positionRecord(RulesKind kind, const Value& value) {
  std::vector<std::pair<Term, Term>> r;
  const auto field = [&r](const char* name, Term entry) {
    r.emplace_back(Term::string(name), std::move(entry));
  };
  field("value", Term::string(rulesValueText(kind, value)));
  if (kind == RulesKind::kScored) {
    field("margin", Term::integer(value.score));
  } else {
    field("outcome", Term::string(value.draw ? "draw" : value.win ? "win" : "loss"));
    if (kind == RulesKind::kImpartial)
      field("sg", Term::integer(value.score));
    else if (value.remoteness >= 0)
      field("moves_left", Term::integer(value.remoteness));
  }
  return Term::table(std::move(r));
}

namespace {

// answer's r.at for one case (or one board of parameters): each position by the rules' memo
// search (Rules::memoSearchAt, one memo for all the positions asked), or, where it hands over
// (a cycle, a position that is a table or a string, a limit), by a whole solve of the position
// (core/rules/rules_solver.h), whose values are kept for the positions asked again. Once the
// whole solves of a case have explored more than the positions cap in all, the next fails: a
// loop of answer's over positions costs at most about two games at the cap.
class CasePositions final : public Rules::PositionRecords {
 public:
  CasePositions(const RulesGame& game, const Params& params, const SolveLimits& limits)
      : game_(game), params_(params), limits_(limits) {
    search_.memoryBudgetBytes = limits.memoryBudgetBytes;
    search_.maxPositions = limits.maxPositions;
  }

  const Rules::SearchLimits& searchLimits() const override { return search_; }
  Expected<Term> record(const Term& position, bool outcomeOnly) override {
    Rules& rules = game_.rules();
    const RulesKind kind = game_.header().kind;
    const bool outcome = outcomeOnly && kind != RulesKind::kScored;
    if (const auto found = rules.memoSearchAt(
            position, params_,
            outcome ? Rules::SearchQuestion::kOutcome : Rules::SearchQuestion::kValue, search_)) {
      if (outcome && kind == RulesKind::kNormalPlay)
        return Term::table(
            {{Term::string("outcome"), Term::string(endResultWord(found->outcome))}});
      return positionRecord(kind, rulesValueFrom(kind, *found));
    }
    std::string key = position.encode();
    if (const auto known = solved_.find(key); known != solved_.end())
      return positionRecord(kind, known->second);
    RulesSolver solver(rules, params_, limits_);
    std::vector<RulesSolver::Node> nodes;
    if (!solver.addRoot(position, 0, &nodes)) return solver.error();
    while (!solver.advance(std::uint64_t{1} << 20)) {
    }
    if (solver.failed()) return solver.error();
    explored_ += std::max<std::uint64_t>(solver.positions(), 1);
    if (explored_ > limits_.maxPositions)
      return RulesError{0, 0,
                        Message("r.at solved more than " + withThousands(limits_.maxPositions) +
                                " positions in all for this case (the positions cap)")};
    const Value value = solvedValue(kind, solver, nodes);
    solved_.emplace(std::move(key), value);
    return positionRecord(kind, value);
  }

 private:
  const RulesGame& game_;
  Params params_;
  SolveLimits limits_;
  Rules::SearchLimits search_;
  std::unordered_map<std::string, Value> solved_;
  std::uint64_t explored_ = 0;
};

}  // namespace

std::unique_ptr<Rules::PositionRecords> positionRecords(const RulesGame& game, const Params& params,
                                                        const SolveLimits& limits) {
  return std::make_unique<CasePositions>(game, params, limits);
}

// ---------------------------------------------------------------------------------------------
// The game.

RulesGame::RulesGame(std::shared_ptr<Rules> rules, RulesGameOptions options)
    : rules_(std::move(rules)), options_(std::move(options)) {
  const RulesHeader& header = rules_->header();
  title_ = header.title;
  switch (header.kind) {
    case RulesKind::kNormalPlay:
      metricName_ = "win, loss or draw for the player to move, with the moves left";
      answerShape_ = "win K, loss K or draw (K: the moves left with perfect play)";
      break;
    case RulesKind::kScored:
      metricName_ = "the first player's final margin";
      answerShape_ = "the first player's final margin, an integer";
      break;
    case RulesKind::kImpartial:
      metricName_ = "the Sprague-Grundy number";
      answerShape_ = "sg G (the Sprague-Grundy number of the start)";
      break;
  }
  for (const RulesParam& param : header.params) {
    inputShape_ += (inputShape_.empty() ? "" : " ") + param.name;
    fieldNames_.push_back(param.name);
    sample_ += (sample_.empty() ? "" : " ") + std::to_string(param.defaultValue);
  }
  if (inputShape_.empty()) inputShape_ = "(no parameters: an empty input)";
  sample_ += "\n";
  if (header.hasRead) {
    // The problem's own input and answer; the sample is the file's (or its first random input).
    inputShape_ = "the problem's input, as the rules' read() takes it";
    if (header.hasAnswer) answerShape_ = "the problem's answer, as the rules' answer() writes it";
    if (!header.sample.empty()) {
      sample_ = header.sample;
    } else if (header.hasRandom) {
      auto drawn = rules_->random(1, 1);
      sample_ = drawn ? drawn.value() : "";
    } else {
      sample_ = "";
    }
  }
  rulesText_ = header.title + ": a game written as rules (" + options_.source + ").";
  if (!header.params.empty()) {
    rulesText_ += "\nParameters:";
    for (const RulesParam& param : header.params)
      rulesText_ += " " + param.name + " = " + std::to_string(param.defaultValue) + " (" +
                    std::to_string(param.min) + ".." + std::to_string(param.max) + ")";
  }
  rulesText_ += "\nValue: " + metricName_ + ".";
  info_ = GameInfo{options_.id.c_str(),        title_.c_str(),        options_.source.c_str(),
                   {kPlayers[0], kPlayers[1]}, metricOf(header.kind), metricName_.c_str(),
                   inputShape_.c_str(),        answerShape_.c_str(),  rulesText_.c_str()};
  for (std::size_t k = 0; k < header.params.size(); ++k) {
    const RulesParam& param = header.params[k];
    // check's boards (the judge's range of a built-in game): near the default, where a wrong
    // solution shows and a board solves in moments.
    constexpr std::int64_t kLargest = std::numeric_limits<std::int64_t>::max();
    std::int64_t near = param.min > kLargest - 100 ? kLargest : param.min + 100;
    if (param.defaultValue > 0 && param.defaultValue <= kLargest / 2)
      near = std::max(near, 2 * param.defaultValue);
    fields_.push_back(RecipeField{.name = fieldNames_[k].c_str(),
                                  .label = fieldNames_[k].c_str(),
                                  .min = param.min,
                                  .max = param.max,
                                  .judgeMax = std::min(param.max, near),
                                  .cliDefault = param.defaultValue,
                                  .appDefault = param.defaultValue,
                                  .isSize = true});
  }
}

Params RulesGame::defaults() const {
  Params params;
  for (const RulesParam& param : header().params) params.push_back(param.defaultValue);
  return params;
}

std::string RulesGame::paramsText(const Params& params) const {
  std::string text;
  for (std::size_t k = 0; k < params.size() && k < header().params.size(); ++k)
    text += (k ? " " : "") + header().params[k].name + "=" + std::to_string(params[k]);
  return text;
}

Message RulesGame::paramProblem(std::size_t index, std::int64_t value) const {
  const RulesParam& param = header().params[index];
  if (value >= param.min && value <= param.max) return Message();
  return Message(forms::kOutOfRangeFound, {{"FIELD", Message::verbatim(param.name)},
                                           {"N1", param.min},
                                           {"N2", param.max},
                                           {"VALUE", value}});
}

Expected<std::vector<std::string>> RulesGame::cases(std::string_view input) const {
  return rules_->read(input);
}

Expected<std::vector<std::string>> RulesGame::cases(std::string_view input,
                                                    std::size_t index) const {
  auto read = cases(input);
  if (read && index >= read->size())
    return ParseError{0, 0,
                      read->size() == 1
                          ? Message(forms::kNoSuchCaseOne, {{"N", index + 1}})
                          : Message(forms::kNoSuchCase, {{"N1", read->size()}, {"N2", index + 1}})};
  return read;
}

Expected<std::unique_ptr<GameBoard>> RulesGame::caseBoard(std::string_view input, std::size_t index,
                                                          const SolveLimits& limits) const {
  auto read = cases(input, index);
  if (!read) return read.error();
  return caseBoard(std::make_shared<const std::string>(input), read.value(), index, limits);
}

Params caseParams(const std::string& encoded) {
  Params params;
  params.input = std::make_shared<const std::string>(encoded);
  return params;
}

Expected<std::unique_ptr<GameBoard>> RulesGame::parse(std::string_view text,
                                                      const SolveLimits& limits) const {
  if (header().hasRead) return caseBoard(text, 0, limits);
  return parseParams(text, limits);
}

Expected<std::unique_ptr<GameBoard>> RulesGame::parseParams(std::string_view text,
                                                            const SolveLimits& limits) const {
  const auto& params = header().params;
  JudgeReader reader(text);
  Params values(params.size(), 0);
  if (!params.empty()) {
    std::vector<FieldRange> ranges;
    for (const RulesParam& param : params) ranges.push_back({param.min, param.max});
    LineSpec spec;
    spec.count = params.size();
    spec.what = inputShape_.c_str();
    spec.name = paramFieldName;
    spec.context = &fieldNames_;
    spec.ranges = ranges.data();
    if (!reader.readLine(spec, values.data())) return reader.error();
  }
  if (!reader.expectEnd()) return reader.error();
  return board(std::move(values), limits);
}

std::uint64_t RulesGame::maxInputBytes(const SolveLimits&) const {
  if (header().hasRead) return kMaxJudgeTextBytes;
  return judgeTextBytes(header().params.size(), 20, 1);
}

Message RulesGame::checkRecipe(const Recipe&, const SolveLimits&) const {
  return "";
}

std::unique_ptr<GameBoard> RulesGame::generate(const Recipe& recipe) const {
  SplitMix64 random(recipe.seed);
  Params params;
  for (std::size_t k = 0; k < header().params.size(); ++k)
    params.push_back(random.between(header().params[k].min, recipe.fields[k]));
  return board(std::move(params), SolveLimits{});
}

std::string RulesGame::randomSizeRule() const {
  std::string rule = std::string(info_.id) + " needs its parameters within their ranges:";
  for (const RulesParam& param : header().params)
    rule +=
        " " + std::to_string(param.min) + " <= " + param.name + " <= " + std::to_string(param.max);
  return rule;
}

std::vector<BenchBoard> RulesGame::benchBoards() const {
  return {{std::string(info_.id) + " " + paramsText(defaults()), sample_}};
}

std::vector<std::string> RulesGame::shrinkCandidates(std::string_view judgeInput) const {
  // A problem's own input shrinks by random()'s sizes instead (core/rules/rules_judge.h).
  if (header().hasRead) return {};
  // Each parameter toward its minimum: to it, halfway, one less.
  auto parsed = parse(judgeInput, SolveLimits{});
  std::vector<std::string> candidates;
  if (!parsed) return candidates;
  Params params;
  JudgeReader reader(judgeInput);
  for (const RulesParam& param : header().params) {
    (void)param;
    params.push_back(0);
  }
  if (!params.empty()) {
    std::vector<FieldRange> ranges;
    for (const RulesParam& param : header().params) ranges.push_back({param.min, param.max});
    LineSpec spec;
    spec.count = params.size();
    spec.ranges = ranges.data();
    if (!reader.readLine(spec, params.data())) return candidates;
  }
  const auto text = [](const Params& values) {
    std::string line;
    for (std::size_t k = 0; k < values.size(); ++k)
      line += (k ? " " : "") + std::to_string(values[k]);
    return line + "\n";
  };
  for (std::size_t k = 0; k < params.size(); ++k) {
    const std::int64_t low = header().params[k].min, value = params[k];
    for (std::int64_t smaller : {low, low + (value - low) / 2, value - 1}) {
      if (smaller < low || smaller >= value) continue;
      Params next = params;
      next[k] = smaller;
      const std::string candidate = text(next);
      if (std::find(candidates.begin(), candidates.end(), candidate) == candidates.end())
        candidates.push_back(candidate);
    }
  }
  return candidates;
}

}  // namespace gs
