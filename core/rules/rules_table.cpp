#include "rules/rules_table.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "base/forms.h"
#include "base/thousands.h"
#include "rules/formula.h"
#include "rules/lua_sandbox.h"
#include "rules/take_break.h"

namespace gs {
namespace {

std::string valueText(RulesKind kind, const Value& value) {
  return rulesValueText(kind, value);
}

// The number a pattern compares: the outcome (normal play), the Grundy number or the margin.
std::int64_t patternValue(RulesKind kind, const Value& value) {
  if (kind == RulesKind::kNormalPlay) return value.draw ? 2 : value.win ? 1 : 0;
  return value.score;
}

// The number code holds: win/loss as 1/0 and draws as -1; the Grundy number; the margin.
std::int64_t codeValue(RulesKind kind, const Value& value) {
  if (kind == RulesKind::kNormalPlay) return value.draw ? -1 : value.win ? 1 : 0;
  return value.score;
}

}  // namespace

std::uint64_t TableSpec::rows() const {
  std::uint64_t rows = 1;
  for (const TableAxis& axis : axes) rows *= static_cast<std::uint64_t>(axis.to - axis.from + 1);
  return rows;
}

Params TableSpec::rowParams(std::uint64_t row) const {
  Params params = fixed;
  for (std::size_t k = axes.size(); k-- > 0;) {
    const auto length = static_cast<std::uint64_t>(axes[k].to - axes[k].from + 1);
    params[axes[k].param] = axes[k].from + static_cast<std::int64_t>(row % length);
    row /= length;
  }
  return params;
}

Expected<TableSpec> parseTableSpec(const RulesGame& game, const std::vector<std::string>& args) {
  const auto& params = game.header().params;
  TableSpec spec;
  spec.fixed = game.defaults();
  std::vector<bool> given(params.size(), false);
  std::string names;
  for (const RulesParam& param : params) names += (names.empty() ? "" : ", ") + param.name;
  const Message paramsNamed =
      names.empty() ? Message(forms::kParamsNone, {}) : Message::verbatim(names);
  const auto readNumber = [](std::string_view text) { return parseSignedDecimal(text); };
  for (const std::string& arg : args) {
    const std::size_t equals = arg.find('=');
    if (equals == std::string::npos)
      return ParseError{0, 0,
                        Message(forms::kTableArgShape,
                                {{"RAW", Message::verbatim(arg)}, {"PARAMS", paramsNamed}})};
    const std::string name = arg.substr(0, equals), value = arg.substr(equals + 1);
    std::size_t index = 0;
    while (index < params.size() && params[index].name != name) ++index;
    if (index == params.size())
      return ParseError{0, 0,
                        Message(forms::kTableNotParam,
                                {{"RAW", Message::verbatim(name)}, {"PARAMS", paramsNamed}})};
    if (given[index])
      return ParseError{0, 0, Message(forms::kTableGivenTwice, {{"RAW", Message::verbatim(name)}})};
    given[index] = true;
    const std::size_t dots = value.find("..");
    if (dots == std::string::npos) {
      const auto number = readNumber(value);
      if (!number)
        return ParseError{0, 0,
                          Message(forms::kTableNeedsNumber, {{"RAW1", Message::verbatim(name)},
                                                             {"RAW2", Message::verbatim(value)}})};
      const Message problem = game.paramProblem(index, *number);
      if (!problem.empty()) return ParseError{0, 0, problem};
      spec.fixed[index] = *number;
      continue;
    }
    const auto from = readNumber(value.substr(0, dots)), to = readNumber(value.substr(dots + 2));
    if (!from || !to)
      return ParseError{0, 0,
                        Message(forms::kTableNeedsRangeOf, {{"RAW1", Message::verbatim(name)},
                                                            {"RAW2", Message::verbatim(value)}})};
    if (*from > *to)
      return ParseError{0, 0,
                        Message(forms::kTableEmptyRange, {{"RAW1", Message::verbatim(name)},
                                                          {"RAW2", Message::verbatim(value)}})};
    for (std::int64_t end : {*from, *to}) {
      const Message problem = game.paramProblem(index, end);
      if (!problem.empty()) return ParseError{0, 0, problem};
    }
    if (spec.axes.size() == 2)
      return ParseError{0, 0, Message(forms::kTableThirdAxis, {{"RAW", Message::verbatim(name)}})};
    spec.axes.push_back({index, *from, *to});
  }
  if (spec.axes.empty())
    return ParseError{
        0, 0,
        Message(forms::kTableNeedsRange,
                {{"RAW", Message::verbatim(params.empty() ? std::string("n") : params[0].name)}})};
  // The count of rows, without overflow.
  std::uint64_t rows = 1;
  for (const TableAxis& axis : spec.axes) {
    const auto length =
        static_cast<std::uint64_t>(axis.to) - static_cast<std::uint64_t>(axis.from) + 1;
    if (length == 0 || length > kMaxTableRows || rows * length > kMaxTableRows)
      return ParseError{0, 0,
                        Message(forms::kTableTooManyRows,
                                {{"N", Message::verbatim(withThousands(kMaxTableRows))}})};
    rows *= length;
  }
  return spec;
}

// ---------------------------------------------------------------------------------------------

struct RulesTable::Group {
  std::vector<std::uint32_t> rows;
  std::unique_ptr<RulesSolver> solver;
  std::vector<std::uint32_t> rootEnd;  // row k's nodes: roots[rootEnd[k-1] .. rootEnd[k])
  std::vector<RulesSolver::Node> roots;
  std::size_t added = 0;  // rows whose start is a root so far
};

RulesTable::RulesTable(std::shared_ptr<const RulesGame> game, TableSpec spec, SolveLimits limits)
    : game_(std::move(game)), spec_(std::move(spec)), limits_(limits) {
  const std::uint64_t rows = spec_.rows();
  // The rows' own storage within the budget, foreseen before any of it is allocated: a value,
  // a mark and a place in a bucket each, and in a group its row, its roots' end and a root.
  const std::uint64_t need =
      rows * (sizeof(Value) + 3 * sizeof(std::uint32_t) + sizeof(RulesSolver::Node)) + rows / 8;
  if (need > limits_.memoryBudgetBytes) {
    error_ = ParseError{0, 0,
                        Message(forms::kTableOverBudget,
                                {{"N", Message::verbatim(withThousands(rows))},
                                 {"SIZE", Message::verbatim(mebibytes(limits_.memoryBudgetBytes))},
                                 {"NEED", Message::verbatim(mebibytesUp(need))}})};
    return;
  }
  // The values' storage is reserved here and filled by advance() a slice at a time: a million
  // rows' worth at once would hold the page for a tenth of a second.
  values_.reserve(rows);
  solved_.assign(rows, false);
  regroup();
}

RulesTable::~RulesTable() = default;

std::uint64_t RulesTable::heldBytes() const {
  std::uint64_t bytes = values_.capacity() * sizeof(Value) + solved_.capacity() / 8 +
                        bucketRows_.capacity() * sizeof(std::uint32_t) +
                        bucketEnds_.capacity() * sizeof(std::size_t);
  if (group_)
    bytes += group_->rows.capacity() * sizeof(std::uint32_t) +
             group_->rootEnd.capacity() * sizeof(std::uint32_t) +
             group_->roots.capacity() * sizeof(RulesSolver::Node);
  return bytes;
}

// Buckets the rows not solved yet by the values of the parameters read so far. The fixed
// parameters are the same in every row, so only the axes read matter; rows run with the first
// axis outermost, so each bucket is a walk over the rows in one of two orders, done a slice at a
// time by advance() (a million rows at once would hold the page). Buckets are taken in order:
// first rows first.
void RulesTable::regroup() {
  const auto read = [&](std::size_t axis) {
    const std::size_t param = spec_.axes[axis].param;
    return param >= 64 || (knownReads_ >> param & 1) != 0;
  };
  const bool twoAxes = spec_.axes.size() > 1;
  const bool readOuter = read(0), readInner = twoAxes && read(1);
  regroup_.across =
      twoAxes ? static_cast<std::uint64_t>(spec_.axes[1].to - spec_.axes[1].from + 1) : 1;
  regroup_.down = spec_.rows() / regroup_.across;
  regroup_.columns = readInner && !readOuter;  // buckets are columns: walk column by column
  // Rows per bucket: every row its own, a row of the grid, a column, or all rows.
  regroup_.bucket = singleRows_ || (readOuter && (readInner || !twoAxes)) ? 1
                    : readOuter                                           ? regroup_.across
                    : readInner                                           ? regroup_.down
                                                                          : spec_.rows();
  regroup_.next = 0;
  regroup_.active = true;
  bucketRows_.clear();
  bucketEnds_.clear();
  nextBucket_ = 0;
}

void RulesTable::regroupSome(std::uint64_t count) {
  const std::uint64_t rows = spec_.rows();
  const std::uint64_t end = std::min(rows, regroup_.next + count);
  for (std::uint64_t i = regroup_.next; i < end; ++i) {
    const std::uint64_t row =
        regroup_.columns ? (i % regroup_.down) * regroup_.across + i / regroup_.down : i;
    if (!solved_[row]) bucketRows_.push_back(static_cast<std::uint32_t>(row));
    if ((i + 1) % regroup_.bucket == 0 || i + 1 == rows) {
      if (bucketRows_.size() > (bucketEnds_.empty() ? 0 : bucketEnds_.back()))
        bucketEnds_.push_back(bucketRows_.size());
    }
  }
  regroup_.next = end;
  if (end == rows) regroup_.active = false;
}

bool RulesTable::startGroup() {
  if (nextBucket_ >= bucketEnds_.size()) return false;
  group_ = std::make_unique<Group>();
  const std::size_t begin = nextBucket_ ? bucketEnds_[nextBucket_ - 1] : 0;
  const std::size_t end = bucketEnds_[nextBucket_++];
  group_->rows.assign(bucketRows_.begin() + static_cast<std::ptrdiff_t>(begin),
                      bucketRows_.begin() + static_cast<std::ptrdiff_t>(end));
  Rules& rules = game_->rules();
  rules.forgetParamsRead();
  SolveLimits limits = limits_;
  limits.heldBeside +=
      heldBytes() + group_->rows.size() * (sizeof(std::uint32_t) + sizeof(RulesSolver::Node));
  group_->solver =
      std::make_unique<RulesSolver>(rules, spec_.rowParams(group_->rows.front()), limits);
  ++groups_;
  return true;
}

SolveProgress RulesTable::progress() const {
  const std::uint64_t rows = spec_.rows();
  if (done_) return {rows, rows, true};
  // A take-and-break game's values, heap by heap: the heaps of the table computed so far (the
  // marks grow with the heap: as a fraction, their square).
  if (heapRows_)
    if (const auto* heaps = dynamic_cast<const TakeBreakRules*>(&game_->rules())) {
      const TableAxis& axis = spec_.axes[0];
      const double span = static_cast<double>(axis.to) + 1;
      const double known = std::min<double>(static_cast<double>(heaps->knownValues()), span);
      return {
          static_cast<std::uint64_t>(static_cast<double>(rows) * (known / span) * (known / span)),
          rows, true};
    }
  double within = 0;
  if (group_) {
    const double added = static_cast<double>(group_->added) / group_->rows.size();
    within = group_->rows.size() * (0.5 * added + 0.5 * group_->solver->progress().fraction());
  }
  return {solvedRows_ + static_cast<std::uint64_t>(within), rows, true};
}

std::string RulesTable::rowLabel(std::uint64_t row) const {
  const Params params = spec_.rowParams(row);
  std::string label;
  for (const TableAxis& axis : spec_.axes)
    label += (label.empty() ? "" : " ") + game_->header().params[axis.param].name + "=" +
             std::to_string(params[axis.param]);
  return label;
}

// The group under way failed: rows that disagree on a parameter it read since are split apart
// and solved again; a group of several rows that read nothing new is solved again a row at a
// time (its error may be one row's alone); a row on its own fails the table. False when the
// table failed.
bool RulesTable::groupFailed() {
  Group& group = *group_;
  const std::uint64_t reads = game_->rules().paramsRead() & ~knownReads_;
  if (reads != 0 || group.rows.size() > 1) {
    knownReads_ |= reads;
    if (reads == 0) singleRows_ = true;
    group_.reset();
    regroup();
    return true;
  }
  error_ = group.solver->error();
  error_->message = Message(
      forms::kRulesAtRow,
      {{"MESSAGE", error_->message}, {"RAW", Message::verbatim(rowLabel(group.rows.front()))}});
  return false;
}

// A take-and-break game's table of heaps: the game's own values, computed about `budget` units
// of 1,024 marks at a time (the page makes a table a slice a frame), then each row's value.
// kDone once the rows are in; kNotHeaps for any other table, and where the values pass the
// budget (the usual solve then names it).
RulesTable::HeapStep RulesTable::heapValues(std::uint64_t& budget) {
  auto* heaps = dynamic_cast<TakeBreakRules*>(&game_->rules());
  if (!heaps || spec_.axes.size() != 1) return HeapStep::kNotHeaps;
  const auto last = static_cast<std::size_t>(spec_.axes[0].to);
  const std::uint64_t bytes =
      limits_.memoryBudgetBytes - std::min(limits_.memoryBudgetBytes, heldBytes());
  while (heaps->knownValues() <= last) {
    if (budget == 0) return HeapStep::kMore;
    // The heaps whose marks fit the budget (at least one).
    const std::size_t from = heaps->knownValues();
    const std::uint64_t allowed = budget * 1024;
    std::uint64_t marks = 0;
    std::size_t to = from;
    do marks += heaps->heapValues().marksAt(to++);
    while (to <= last && marks + heaps->heapValues().marksAt(to) <= allowed);
    if (!heaps->valuesTo(to - 1, bytes)) return HeapStep::kNotHeaps;
    budget -= std::min<std::uint64_t>(budget, std::max<std::uint64_t>(1, marks / 1024));
  }
  const std::vector<std::uint32_t>* g = heaps->valuesTo(last, bytes);
  const std::uint64_t rows = spec_.rows();
  values_.resize(rows);
  for (std::uint64_t row = 0; row < rows; ++row) {
    Rules::Searched searched;
    searched.number = (*g)[static_cast<std::size_t>(spec_.rowParams(row)[0])];
    values_[row] = rulesValueFrom(RulesKind::kImpartial, searched);
    solved_[row] = true;
  }
  solvedRows_ = rows;
  return HeapStep::kDone;
}

bool RulesTable::advance(std::uint64_t budget) {
  Rules& rules = game_->rules();
  const std::uint64_t rows = spec_.rows();
  if (heapRows_ && !done_ && !error_) {
    const HeapStep step = heapValues(budget);
    if (step == HeapStep::kMore) return false;
    heapRows_ = false;
    if (step == HeapStep::kDone) done_ = true;
  }
  while (budget > 0 && !done_ && !error_) {
    // The values' storage, then the buckets, a slice at a time (4,096 rows for 64 units).
    if (values_.size() < rows) {
      values_.resize(values_.size() + std::min<std::uint64_t>(rows - values_.size(), 4096));
      budget = budget > 64 ? budget - 64 : 0;
      continue;
    }
    if (regroup_.active) {
      regroupSome(4096);
      budget = budget > 64 ? budget - 64 : 0;
      continue;
    }
    if (!group_ && !startGroup()) {
      done_ = true;
      break;
    }
    Group& group = *group_;
    // 1. Each row's start is a root of the group's solver (start() may read its own params).
    if (group.added < group.rows.size()) {
      const std::uint32_t row = group.rows[group.added];
      auto start = rules.start(spec_.rowParams(row));
      if (!start) {  // start() runs with the row's own parameters: its error is the row's
        error_ = start.error();
        error_->message = Message(forms::kRulesAtRow, {{"MESSAGE", error_->message},
                                                       {"RAW", Message::verbatim(rowLabel(row))}});
        break;
      }
      if (!group.solver->addRoot(start.value(), 0, &group.roots)) {
        if (!groupFailed()) break;
        continue;
      }
      group.rootEnd.push_back(static_cast<std::uint32_t>(group.roots.size()));
      ++group.added;
      --budget;
      continue;
    }
    // 2. Explore and solve; a parameter read that the group's rows disagree on splits it.
    const std::uint64_t slice = std::min<std::uint64_t>(budget, 4096);
    const bool finished = group.solver->advance(slice);
    budget -= slice;
    if (group.solver->failed()) {
      if (!groupFailed()) break;
      continue;
    }
    const std::uint64_t reads = rules.paramsRead() & ~knownReads_;
    if (reads != 0) {
      knownReads_ |= reads;
      group_.reset();
      regroup();
      continue;
    }
    if (!finished) continue;
    // 3. The rows' values.
    const RulesKind kind = game_->header().kind;
    for (std::size_t k = 0; k < group.rows.size(); ++k) {
      const std::uint32_t begin = k == 0 ? 0 : group.rootEnd[k - 1];
      Value value;
      for (std::uint32_t r = begin; r < group.rootEnd[k]; ++r) {
        const RulesValue solved = group.solver->value(group.roots[r]);
        if (kind == RulesKind::kImpartial) {
          value.score ^= solved.number;
        } else if (kind == RulesKind::kScored) {
          value.score = solved.number;
        } else {
          value.win = solved.outcome == RulesValue::kWin;
          value.draw = solved.outcome == RulesValue::kDraw;
          value.remoteness = static_cast<int>(solved.number);
        }
      }
      if (kind == RulesKind::kImpartial) value.win = value.score != 0;
      values_[group.rows[k]] = value;
      solved_[group.rows[k]] = true;
    }
    solvedRows_ += group.rows.size();
    explored_ += group.solver->positions();
    group_.reset();
  }
  return done_ || error_.has_value();
}

// ---------------------------------------------------------------------------------------------

std::optional<TableFormat> parseTableFormat(std::string_view text) {
  if (text == "tsv") return TableFormat::kTsv;
  if (text == "csv") return TableFormat::kCsv;
  if (text == "md" || text == "markdown") return TableFormat::kMarkdown;
  if (text == "cpp" || text == "c++") return TableFormat::kCpp;
  if (text == "py" || text == "python") return TableFormat::kPython;
  if (text == "losses") return TableFormat::kLosses;
  if (text == "periodic") return TableFormat::kPeriodic;
  if (text == "rare") return TableFormat::kRare;
  return std::nullopt;
}

namespace {

std::string axisName(const RulesTable& table, std::size_t axis) {
  return table.game().header().params[table.spec().axes[axis].param].name;
}

std::string markdownCell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// The table's text handed to a sink a megabyte at a time, never held whole; a sink that returns
// false stops it (the module's cap), and `row` says how far it got.
struct TableWriter {
  const std::function<bool(std::string_view)>& sink;
  std::string out;
  std::uint64_t row = 0;  // the row under way
  bool stopped = false;
  // False once the sink has stopped the writing.
  bool flush(bool always) {
    if (stopped) return false;
    if (!always && out.size() < (std::size_t{1} << 20)) return true;
    stopped = !sink(out);
    out.clear();
    return !stopped;
  }
};

// Code: the values as a literal, wrapped at about 100 characters, added to the writer's text a
// row at a time (a grid) or a line at a time (one parameter).
bool writeCodeLiteral(const RulesTable& table, bool python, TableWriter& w) {
  const RulesKind kind = table.game().header().kind;
  const TableSpec& spec = table.spec();
  const std::vector<Value>& values = table.values();
  const std::string open = python ? "[" : "{", close = python ? "]" : "}";
  const auto list = [&](std::uint64_t begin, std::uint64_t count, const std::string& indent) {
    w.out += open;
    std::string line;
    bool first = true;
    for (std::uint64_t k = 0; k < count; ++k) {
      w.row = begin + k;
      const std::string item =
          std::to_string(codeValue(kind, values[begin + k])) + (k + 1 < count ? "," : "");
      if (line.size() + item.size() + 1 > 96 - indent.size()) {
        w.out += line + "\n" + indent + " ";
        line.clear();
        first = false;
        if (!w.flush(false)) return false;
      }
      line += (line.empty() && first ? "" : " ") + item;
    }
    w.out += line + close;
    return true;
  };
  if (spec.axes.size() == 1) return list(0, values.size(), "");
  const auto columns = static_cast<std::uint64_t>(spec.axes[1].to - spec.axes[1].from + 1);
  const std::uint64_t rowCount = values.size() / columns;
  w.out += open + "\n";
  for (std::uint64_t r = 0; r < rowCount; ++r) {
    w.out += "    ";
    if (!list(r * columns, columns, "    ")) return false;
    w.out += r + 1 < rowCount ? ",\n" : "\n";
    if (!w.flush(false)) return false;
  }
  w.out += close;
  return true;
}

}  // namespace

namespace {

// writeTable's work: false when the sink stopped it (w.row says where).
bool writeTableTo(const RulesTable& table, TableFormat format, const std::string& command,
                  const FoundFormula* formula, TableWriter& w) {
  std::string& out = w.out;
  const auto flush = [&](bool always) { return w.flush(always); };
  const RulesGame& game = table.game();
  const RulesKind kind = game.header().kind;
  const TableSpec& spec = table.spec();
  const std::vector<Value>& values = table.values();
  const std::size_t dimensions = spec.axes.size();
  switch (format) {
    case TableFormat::kTsv:
    case TableFormat::kCsv: {
      const char separator = format == TableFormat::kTsv ? '\t' : ',';
      for (std::size_t a = 0; a < dimensions; ++a) out += axisName(table, a) + separator;
      out += "value\n";
      for (std::uint64_t row = 0; row < values.size(); ++row) {
        w.row = row;
        const Params params = spec.rowParams(row);
        for (const TableAxis& axis : spec.axes)
          out += std::to_string(params[axis.param]) + separator;
        out += valueText(kind, values[row]) + "\n";
        if (!flush(false)) return false;
      }
      return flush(true);
    }
    case TableFormat::kLosses: {
      // The losing cells in order, each with its step from the one before (none on the first).
      for (std::size_t a = 0; a < dimensions; ++a) out += axisName(table, a) + '\t';
      for (std::size_t a = 0; a < dimensions; ++a)
        out += "d" + axisName(table, a) + (a + 1 < dimensions ? "\t" : "\n");
      std::optional<Params> previous;
      for (std::uint64_t row = 0; row < values.size(); ++row) {
        w.row = row;
        if (values[row].win || values[row].draw) continue;
        const Params params = spec.rowParams(row);
        std::string line;
        for (const TableAxis& axis : spec.axes) line += std::to_string(params[axis.param]) + '\t';
        for (std::size_t a = 0; a < dimensions; ++a) {
          const std::size_t k = spec.axes[a].param;
          if (previous) line += std::to_string(params[k] - (*previous)[k]);
          line += a + 1 < dimensions ? "\t" : "\n";
        }
        out += line;
        if (!flush(false)) return false;
        previous = params;
      }
      return flush(true);
    }
    case TableFormat::kPeriodic: {
      // Rows as long as the period, the first at the table's first row.
      std::vector<std::int64_t> v;
      for (const Value& value : values) v.push_back(patternValue(kind, value));
      const auto period = tablePeriod(table);
      const std::size_t width = period ? period->period : 10;
      // A cell: a value and its mark, as wide as the widest value or column heading.
      std::size_t cellWidth = std::to_string(width - 1).size() + 2;
      for (const std::int64_t x : v) cellWidth = std::max(cellWidth, std::to_string(x).size() + 1);
      const std::string name = axisName(table, 0);
      out = "# " + tablePattern(table, period) + "\n";
      if (period && period->start > 0)
        out += "# * marks a value of the pre-period that differs from the period's\n";
      const auto pad = [](std::string text, std::size_t size) {
        return std::string(size > text.size() ? size - text.size() : 0, ' ') + text;
      };
      std::size_t label = name.size() + 1;
      label = std::max(label, name.size() + 1 + std::to_string(spec.axes[0].to).size());
      out += pad("", label);
      for (std::size_t c = 0; c < width; ++c)
        out += " " + pad("+" + std::to_string(c) + " ", cellWidth);
      out += "\n";
      for (std::uint64_t row = 0; row < values.size(); row += width) {
        w.row = row;
        out += pad(name + "=" + std::to_string(spec.axes[0].from + static_cast<std::int64_t>(row)),
                   label);
        for (std::uint64_t k = row; k < row + width && k < values.size(); ++k) {
          std::string cell = std::to_string(v[k]);
          cell += period && periodException(table, *period, k) ? "*" : " ";
          out += " " + pad(cell, cellWidth);
        }
        out += "\n";
        if (!flush(false)) return false;
      }
      return flush(true);
    }
    case TableFormat::kRare: {
      const auto split = rareSplit(table);
      const std::string name = axisName(table, 0);
      out = split ? "# rare: the values whose 1-bits under " + split->bitsText() +
                        " are even in number (" + withThousands(split->rare) + " of " +
                        withThousands(values.size()) + " rows); the others common\n"
                  : std::string("# no split into rare and common values (a value past 4,095)\n");
      out += name + "\tsg\tclass\n";
      for (std::uint64_t row = 0; row < values.size(); ++row) {
        w.row = row;
        out += std::to_string(spec.axes[0].from + static_cast<std::int64_t>(row)) + "\t" +
               std::to_string(values[row].score) + "\t" +
               (!split                             ? ""
                : split->isRare(values[row].score) ? "rare"
                                                   : "common") +
               "\n";
        if (!flush(false)) return false;
      }
      return flush(true);
    }
    case TableFormat::kMarkdown: {
      if (dimensions == 1) {
        out = "| " + axisName(table, 0) + " | value |\n|---:|---|\n";
        for (std::uint64_t row = 0; row < values.size(); ++row) {
          w.row = row;
          out += "| " + std::to_string(spec.axes[0].from + static_cast<std::int64_t>(row)) + " | " +
                 markdownCell(valueText(kind, values[row])) + " |\n";
          if (!flush(false)) return false;
        }
        return flush(true);
      }
      // A grid: rows the first parameter, columns the second.
      const TableAxis& across = spec.axes[1];
      out = "| " + axisName(table, 0) + " \\ " + axisName(table, 1) + " |";
      for (std::int64_t c = across.from; c <= across.to; ++c) out += " " + std::to_string(c) + " |";
      out += "\n|---:|";
      for (std::int64_t c = across.from; c <= across.to; ++c) out += "---|";
      out += "\n";
      const auto columns = static_cast<std::uint64_t>(across.to - across.from + 1);
      for (std::uint64_t r = 0; r * columns < values.size(); ++r) {
        w.row = r * columns;
        out += "| " + std::to_string(spec.axes[0].from + static_cast<std::int64_t>(r)) + " |";
        for (std::uint64_t c = 0; c < columns; ++c)
          out += " " + markdownCell(valueText(kind, values[r * columns + c])) + " |";
        out += "\n";
        if (!flush(false)) return false;
      }
      return flush(true);
    }
    case TableFormat::kCpp:
    case TableFormat::kPython: {
      const bool python = format == TableFormat::kPython;
      const std::string comment = python ? "# " : "// ";
      const char* name = kind == RulesKind::kNormalPlay  ? "win"
                         : kind == RulesKind::kImpartial ? "sg"
                                                         : "margin";
      std::string encoding = kind == RulesKind::kNormalPlay
                                 ? "1 when the player to move wins, 0 when they lose, -1 for a draw"
                             : kind == RulesKind::kImpartial ? "the Sprague-Grundy number"
                                                             : "the first player's final margin";
      std::string index;
      for (std::size_t a = 0; a < dimensions; ++a)
        index += "[" + axisName(table, a) +
                 (spec.axes[a].from != 0 ? " - " + std::to_string(spec.axes[a].from) : "") + "]";
      // The title is a stranger's text: one line, and no backslash to splice the next line
      // into a C++ comment (a newline in it would end the comment: code to paste).
      std::string title = printableText(game.header().title, 200);
      std::replace(title.begin(), title.end(), '\\', '/');
      out = comment + title + ": " + encoding + ", as " + name + index + ".\n";
      std::string ranges;
      for (const TableAxis& axis : spec.axes)
        ranges += (ranges.empty() ? "" : ", ") + game.header().params[axis.param].name + " = " +
                  std::to_string(axis.from) + ".." + std::to_string(axis.to);
      std::string fixed;
      for (std::size_t k = 0; k < spec.fixed.size(); ++k) {
        bool ranged = false;
        for (const TableAxis& axis : spec.axes) ranged |= axis.param == k;
        if (!ranged)
          fixed += (fixed.empty() ? "" : ", ") + game.header().params[k].name + " = " +
                   std::to_string(spec.fixed[k]);
      }
      out += comment + ranges + (fixed.empty() ? "" : " (" + fixed + ")") + ".\n";
      std::string madeBy = printableText(command, 4000);
      std::replace(madeBy.begin(), madeBy.end(), '\\', '/');
      out += comment + "Made by: " + madeBy + "\n";
      if (dimensions == 1) out += comment + "Pattern: " + tablePattern(table) + "\n";
      if (formula) {
        const std::optional<std::string>& text = python ? formula->python : formula->cpp;
        if (text) {
          std::string line =
              formulaLine(table, text, formula->searchedSymbols, formula->maxSymbols);
          std::replace(line.begin(), line.end(), '\\', '/');
          out += comment + (python ? "Formula: " : "Formula (C++): ") + printableText(line, 4000) +
                 "\n";
        }
      }
      if (python) {
        out += std::string(name) + " = ";
        if (!writeCodeLiteral(table, true, w)) return false;
        out += "\n";
        return flush(true);
      }
      bool wide = false;
      for (const Value& value : values) {
        const std::int64_t number = codeValue(kind, value);
        wide |= number > 2147483647 || number < -2147483647;
      }
      std::string sizes;
      for (const TableAxis& axis : spec.axes)
        sizes += "[" + std::to_string(axis.to - axis.from + 1) + "]";
      out += "const " + std::string(wide ? "long long " : "int ") + name + sizes + " = ";
      if (!writeCodeLiteral(table, false, w)) return false;
      out += ";\n";
      return flush(true);
    }
  }
  return flush(true);
}

}  // namespace

std::string formatTable(const RulesTable& table, TableFormat format, const std::string& command,
                        const FoundFormula* formula) {
  std::string text;
  writeTable(table, format, command, formula, [&text](std::string_view piece) { text += piece; });
  return text;
}

std::string RareSplit::bitsText() const {
  std::string text;
  for (int b = width - 1; b >= 0; --b) text += (bits >> b) & 1 ? '1' : '0';
  return text;
}

std::optional<RareSplit> rareSplit(const RulesTable& table) {
  if (table.spec().axes.size() != 1 || table.game().header().kind != RulesKind::kImpartial)
    return std::nullopt;
  constexpr std::int64_t kValues = 4096;
  std::vector<std::uint64_t> count(kValues, 0);
  std::int64_t largest = 0;
  for (const Value& value : table.values()) {
    if (value.score < 0 || value.score >= kValues) return std::nullopt;
    ++count[static_cast<std::size_t>(value.score)];
    largest = std::max(largest, value.score);
  }
  RareSplit best;
  while ((std::int64_t{1} << best.width) <= largest) ++best.width;
  std::vector<std::uint32_t> present;
  for (std::uint32_t v = 0; v <= static_cast<std::uint32_t>(largest); ++v)
    if (count[v] != 0) present.push_back(v);
  best.rare = table.values().size() + 1;
  for (std::uint32_t bits = 1; bits < (1u << best.width); ++bits) {
    std::uint64_t rare = 0;
    for (const std::uint32_t v : present)
      if ((__builtin_popcount(v & bits) & 1) == 0) rare += count[v];
    if (rare < best.rare) {
      best.rare = rare;
      best.bits = bits;
    }
  }
  return best;
}

bool periodException(const RulesTable& table, const TablePeriod& period, std::uint64_t row) {
  if (row >= period.start || period.period == 0) return false;
  const std::uint64_t steps = (period.start - row + period.period - 1) / period.period;
  const std::uint64_t same = row + steps * period.period;
  const std::vector<Value>& values = table.values();
  const RulesKind kind = table.game().header().kind;
  return same < values.size() &&
         patternValue(kind, values[same]) != patternValue(kind, values[row]);
}

std::string tableFormatProblem(const RulesTable& table, TableFormat format) {
  const RulesKind kind = table.game().header().kind;
  if ((format == TableFormat::kPeriodic || format == TableFormat::kRare) &&
      table.spec().axes.size() != 1)
    return std::string(format == TableFormat::kRare ? "rare" : "periodic") +
           " lays out a table of one parameter";
  if (format == TableFormat::kRare && kind != RulesKind::kImpartial)
    return "rare splits Grundy numbers (these rules give " +
           std::string(kind == RulesKind::kNormalPlay ? "wins and losses" : "margins") + ")";
  return "";
}

void writeTable(const RulesTable& table, TableFormat format, const std::string& command,
                const FoundFormula* formula, const std::function<void(std::string_view)>& sink) {
  const std::function<bool(std::string_view)> all = [&sink](std::string_view piece) {
    sink(piece);
    return true;
  };
  TableWriter w{all};
  writeTableTo(table, format, command, formula, w);
}

namespace {

// The formula a table's code (cpp, py) carries as a comment; none for the other formats.
std::optional<FoundFormula> codeFormula(const RulesTable& table, TableFormat format,
                                        int maxSymbols) {
  if (format != TableFormat::kCpp && format != TableFormat::kPython) return std::nullopt;
  return tableFormula(table, maxSymbols);
}

}  // namespace

Expected<std::string> formatTableWithin(const RulesTable& table, TableFormat format,
                                        const std::string& command, int maxSymbols,
                                        std::uint64_t maxBytes) {
  std::string text;
  const std::function<bool(std::string_view)> held = [&](std::string_view piece) {
    if (text.size() + piece.size() > maxBytes) return false;
    text += piece;
    return true;
  };
  TableWriter w{held};
  const std::optional<FoundFormula> found = codeFormula(table, format, maxSymbols);
  if (writeTableTo(table, format, command, found ? &*found : nullptr, w)) return text;
  return ParseError{0, 0,
                    Message(forms::kTableTextTooLong,
                            {{"SIZE", Message::verbatim(mebibytes(maxBytes))},
                             {"N1", Message::verbatim(withThousands(w.row + 1))},
                             {"N2", Message::verbatim(withThousands(table.values().size()))}})};
}

namespace {

// The smallest start from which v repeats with some period P (v(n + P) = v(n), or for an
// arithmetic period v(n + P) = v(n) + S with S != 0), the tail holding at least three full
// periods, and for that start the smallest P. For each P the tail is found by scanning back from
// the end while the difference stays the same (a P that is not a period fails within a few
// values); a multiple of the best period so far holds from that period's start, so its scan
// starts there. It stops at a tail from the first value.
// The periodic tail that starts first, of at least three periods; with `evidence`, only one the
// values support as a claim: they cover the pre-period twice and the period twice beyond it
// (length >= 2 start + 2 period), so that the last values alike are no pattern.
std::optional<TablePeriod> longestTail(const std::vector<std::int64_t>& v, bool arithmetic,
                                       bool evidence) {
  const std::size_t length = v.size();
  std::optional<TablePeriod> best;
  for (std::size_t period = 1; 3 * period <= length && (!best || best->start > 0); ++period) {
    const auto difference = [&](std::size_t n) {
      return static_cast<__int128>(v[n + period]) - static_cast<__int128>(v[n]);
    };
    const __int128 saltus = difference(length - period - 1);
    if ((saltus != 0) != arithmetic) continue;
    std::size_t start = length - period;
    if (best && period % best->period == 0 &&
        saltus == best->saltus * static_cast<__int128>(period / best->period))
      start = std::min(start, best->start);
    while (start > 0 && difference(start - 1) == saltus) --start;
    if (length - start >= 3 * period && (!best || start < best->start) &&
        (!evidence || length >= 2 * start + 2 * period))
      best = TablePeriod{start, period, saltus};
  }
  return best;
}

std::string integerText(__int128 value) {
  if (value == 0) return "0";
  const bool negative = value < 0;
  std::string digits;
  for (; value != 0; value /= 10) {
    const int digit = static_cast<int>(value % 10);
    digits += static_cast<char>('0' + (digit < 0 ? -digit : digit));
  }
  if (negative) digits += '-';
  return std::string(digits.rbegin(), digits.rend());
}

// The table's period, with (`evidence`) or without the values' support for the claim.
std::optional<TablePeriod> periodOf(const RulesTable& table, bool evidence) {
  const RulesKind kind = table.game().header().kind;
  std::vector<std::int64_t> v;
  for (const Value& value : table.values()) v.push_back(patternValue(kind, value));
  if (auto plain = longestTail(v, false, evidence)) return plain;
  // Outcomes have no arithmetic period (they are 0, 1 and 2, not numbers that grow).
  if (kind != RulesKind::kNormalPlay) return longestTail(v, true, evidence);
  return std::nullopt;
}

// A take-and-break game's table over its heap: the game, and its values from heap 0 to the
// table's last (computed for the table); nullptr for any other table.
// With `cheap`, only a table whose values from heap 0 are at hand: its rows from heap 0, values
// the rules computed already, or a few (the page adopts a table the worker made, and must not
// compute 100,000 heaps again; a table of heaps from 50,000 on is then read as any rules
// table's, its period a candidate named as such).
TakeBreakRules* takeBreakOf(const RulesTable& table, bool cheap = true) {
  auto* heaps = dynamic_cast<TakeBreakRules*>(&table.game().rules());
  if (!heaps || table.spec().axes.size() != 1 || !table.done()) return nullptr;
  const TableAxis& axis = table.spec().axes[0];
  const bool atHand = axis.from == 0 || heaps->knownValues() > static_cast<std::size_t>(axis.to) ||
                      axis.to <= 20000;
  return !cheap || atHand ? heaps : nullptr;
}

// The period of the values G(0..last), worked out (heaps past the table's) as far as needed.
std::optional<HeapPeriod> heapPeriodOf(TakeBreakRules& heaps, std::size_t last) {
  const auto* g = heaps.valuesTo(last, 0);
  if (!g) return std::nullopt;
  return heapPeriod(*g, last, heaps.code());
}

// The period of a table's values from heap 0: its rows, or the rules' values before them.
std::optional<HeapPeriod> heapPeriodOf(const RulesTable& table, TakeBreakRules& heaps) {
  if (table.spec().axes[0].from != 0)
    return heapPeriodOf(heaps, static_cast<std::size_t>(table.spec().axes[0].to));
  std::vector<std::uint32_t> g;
  g.reserve(table.values().size());
  for (const Value& value : table.values()) g.push_back(static_cast<std::uint32_t>(value.score));
  return heapPeriod(g, g.size() - 1, heaps.code());
}

Message heapPatternMessage(const RulesTable& table, const std::optional<HeapPeriod>& period,
                           std::size_t last) {
  const std::string name = axisName(table, 0);
  if (!period)
    return Message(forms::kPatternNone,
                   {{"RAW1", Message::verbatim(name)}, {"N", static_cast<std::uint64_t>(last)}});
  if (period->proven)
    return Message(forms::kPatternProven, {{"N1", static_cast<std::uint64_t>(period->period)},
                                           {"RAW1", Message::verbatim(name)},
                                           {"N2", static_cast<std::uint64_t>(period->start)},
                                           {"RAW2", Message::verbatim(name)},
                                           {"N3", static_cast<std::uint64_t>(period->provenAt)},
                                           {"RAW3", Message::verbatim("Guy\xE2\x80\x93Smith")}});
  return Message(forms::kPatternUnproven, {{"RAW1", Message::verbatim(name)},
                                           {"N", static_cast<std::uint64_t>(last)},
                                           {"N1", static_cast<std::uint64_t>(period->period)},
                                           {"RAW2", Message::verbatim(name)},
                                           {"N2", static_cast<std::uint64_t>(period->start)},
                                           {"RAW3", Message::verbatim(name)},
                                           {"N3", static_cast<std::uint64_t>(period->provenAt)}});
}

}  // namespace

std::optional<TablePeriod> tablePeriod(const RulesTable& table) {
  if (TakeBreakRules* heaps = takeBreakOf(table)) {
    // Only a proven period is claimed; its start as a row of the table.
    const auto period = heapPeriodOf(table, *heaps);
    if (!period || !period->proven) return std::nullopt;
    const auto from = static_cast<std::size_t>(table.spec().axes[0].from);
    return TablePeriod{period->start > from ? period->start - from : 0, period->period, 0};
  }
  return periodOf(table, true);
}

Message untilProvenMessage(const RulesTable& table, std::uint64_t budgetBytes) {
  TakeBreakRules* heaps = takeBreakOf(table, false);
  if (!heaps) return tablePatternMessage(table, tablePeriod(table));
  std::size_t last = static_cast<std::size_t>(table.spec().axes[0].to);
  auto period = heapPeriodOf(*heaps, last);
  const auto reach = static_cast<std::size_t>(heaps->code().maxHeap());
  while (!(period && period->proven) && last < reach) {
    // On to where the candidate would be proven, or twice as far without one.
    std::size_t next = std::max<std::size_t>(2 * last + 1, 64);
    if (period && period->provenAt > last) next = period->provenAt;
    next = std::min(next, reach);
    if (!heaps->valuesTo(next, budgetBytes)) break;
    last = next;
    period = heapPeriodOf(*heaps, last);
  }
  return heapPatternMessage(table, period, last);
}

std::string tablePattern(const RulesTable& table) {
  return tablePattern(table, tablePeriod(table));
}

std::string tablePattern(const RulesTable& table, const std::optional<TablePeriod>& period) {
  return tablePatternMessage(table, period).english();
}

Message tablePatternMessage(const RulesTable& table, const std::optional<TablePeriod>& period) {
  if (TakeBreakRules* heaps = takeBreakOf(table))
    return heapPatternMessage(table, heapPeriodOf(table, *heaps),
                              static_cast<std::size_t>(table.spec().axes[0].to));
  const TableSpec& spec = table.spec();
  const std::string name = axisName(table, 0);
  const std::int64_t first = spec.axes[0].from, last = spec.axes[0].to;
  if (!period) {
    // A tail too short to support a claim is named as a candidate, with the range it needs.
    const auto candidate = periodOf(table, false);
    if (!candidate)
      return Message(forms::kPatternNone, {{"RAW1", Message::verbatim(name)}, {"N", last}});
    std::vector<Message::Arg> args = {
        {"RAW1", Message::verbatim(name)},
        {"N", last},
        {"N1", static_cast<std::uint64_t>(candidate->period)},
        {"RAW2", Message::verbatim(name)},
        {"N2", first + static_cast<std::int64_t>(candidate->start)},
        {"RAW3", Message::verbatim(name)},
        {"N3",
         first + static_cast<std::int64_t>(2 * candidate->start + 2 * candidate->period) - 1}};
    if (candidate->saltus == 0) return Message(forms::kPatternNoneCandidate, std::move(args));
    args.emplace_back("RAW4", Message::verbatim(integerText(candidate->saltus)));
    return Message(forms::kPatternNoneArithmeticCandidate, std::move(args));
  }
  std::vector<Message::Arg> args = {{"N1", static_cast<std::uint64_t>(period->period)},
                                    {"RAW1", Message::verbatim(name)},
                                    {"N2", first + static_cast<std::int64_t>(period->start)},
                                    {"RAW2", Message::verbatim(name)},
                                    {"N3", last}};
  if (period->saltus == 0) return Message(forms::kPatternPeriod, std::move(args));
  args.emplace_back("RAW3", Message::verbatim(integerText(period->saltus)));
  return Message(forms::kPatternArithmetic, std::move(args));
}

FormulaTarget formulaTarget(const RulesTable& table) {
  const TableSpec& spec = table.spec();
  const RulesKind kind = table.game().header().kind;
  FormulaTarget target;
  for (std::size_t a = 0; a < spec.axes.size(); ++a) target.names.push_back(axisName(table, a));
  target.predicate = kind == RulesKind::kNormalPlay;
  const std::vector<Value>& values = table.values();
  for (const TableAxis& axis : spec.axes) {
    target.from.push_back(axis.from);
    target.size.push_back(static_cast<std::uint64_t>(axis.to - axis.from + 1));
  }
  target.values.reserve(values.size());
  for (std::uint64_t row = 0; row < values.size(); ++row) {
    const Value& value = values[row];
    target.values.push_back(target.predicate ? (!value.win && !value.draw ? 1 : 0) : value.score);
  }
  return target;
}

std::string formulaLine(const RulesTable& table, const std::optional<std::string>& formula,
                        int searchedSymbols, int maxSymbols) {
  return formulaMessage(table, formula, searchedSymbols, maxSymbols).english();
}

Message formulaMessage(const RulesTable& table, const std::optional<std::string>& formula,
                       int searchedSymbols, int maxSymbols) {
  const RulesKind kind = table.game().header().kind;
  if (formula)
    return Message(kind == RulesKind::kNormalPlay  ? forms::kFormulaLoss
                   : kind == RulesKind::kImpartial ? forms::kFormulaSg
                                                   : forms::kFormulaMargin,
                   {{"RAW", Message::verbatim(*formula)}});
  std::string ranges;
  for (std::size_t a = 0; a < table.spec().axes.size(); ++a) {
    const TableAxis& axis = table.spec().axes[a];
    ranges += (a ? ", " : "") + axisName(table, a) + "=" + std::to_string(axis.from) + ".." +
              std::to_string(axis.to);
  }
  if (maxSymbols > searchedSymbols)
    return Message(forms::kFormulaNoneCapped,
                   {{"N", searchedSymbols},
                    {"K", maxSymbols},
                    {"CAP", Message::verbatim(withThousands(FormulaSearch::kMaxBank))},
                    {"RAW", Message::verbatim(ranges)}});
  return Message(forms::kFormulaNone, {{"N", searchedSymbols}, {"RAW", Message::verbatim(ranges)}});
}

FoundFormula tableFormula(const RulesTable& table, int maxSymbols) {
  return findFormula(formulaTarget(table), maxSymbols);
}

std::string formatTableWithFormula(const RulesTable& table, TableFormat format,
                                   const std::string& command, int maxSymbols) {
  std::string text;
  writeTableWithFormula(table, format, command, maxSymbols,
                        [&text](std::string_view piece) { text += piece; });
  return text;
}

void writeTableWithFormula(const RulesTable& table, TableFormat format, const std::string& command,
                           int maxSymbols, const std::function<void(std::string_view)>& sink) {
  const std::optional<FoundFormula> found = codeFormula(table, format, maxSymbols);
  writeTable(table, format, command, found ? &*found : nullptr, sink);
}

SolvedState RulesTable::solvedState() const {
  HeaderWriter header;
  header.put(spec_.rows()).put(error_.has_value());
  if (error_) {
    header.put(*error_);
    return {header.take(), {}};
  }
  return {header.put(explored_).put(groups_).take(), {constRegion(values_.data(), values_.size())}};
}

std::optional<std::vector<Region>> RulesTable::prepareAdoption(
    const std::vector<std::uint8_t>& header) {
  if (done_ || error_) return std::nullopt;
  HeaderReader reader(header);
  bool failed = false;
  reader.expect(spec_.rows()).get(failed);
  Adopted adopted;
  if (failed) {
    ParseError error;
    reader.get(error);
    if (!reader.ok()) return std::nullopt;
    adopted.error = std::move(error);
    adopted_ = std::move(adopted);
    return std::vector<Region>{};
  }
  reader.get(adopted.explored).get(adopted.groups);
  if (!reader.ok()) return std::nullopt;
  adopted.values.resize(spec_.rows());
  std::vector<Region> regions{region(adopted.values.data(), adopted.values.size())};
  adopted_ = std::move(adopted);
  return regions;
}

void RulesTable::finishAdoption() {
  if (!adopted_) return;
  group_.reset();
  if (adopted_->error) {
    error_ = std::move(adopted_->error);
  } else {
    values_.swap(adopted_->values);
    explored_ = adopted_->explored;
    groups_ = adopted_->groups;
    solvedRows_ = spec_.rows();
    done_ = true;
  }
  adopted_.reset();
}

}  // namespace gs
