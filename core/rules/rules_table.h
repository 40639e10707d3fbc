// Tables of a rules game's values over its parameters (打表), their patterns, and code to paste.
//
// A table ranges one or two parameters (the first outermost, ascending) and fixes the others.
// Rows share their positions: the solver sees which parameters the calls other than start()
// read (Rules::paramsRead), and rows that agree on those are one exploration with many roots
// (the Wythoff 101 x 101 table costs what the single value from (100, 100) costs). The grouping
// is learnt as it goes: a group formed before a read was seen is dropped and formed again when
// the rules read a parameter its rows disagree on (a failure of the group too may come from
// such a read, and is checked for it first), so the values are always those of each row solved
// on its own. A group that fails with nothing new read is solved again a row at a time, so the
// table's error is that of the first row whose own solve fails, and names it ("..., at c=2").
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/message.h"
#include "handover.h"
#include "rules/formula.h"
#include "rules/rules_game.h"

namespace gs {

struct TableAxis {
  std::size_t param = 0;  // index into the game's parameters
  std::int64_t from = 0, to = 0;
};

struct TableSpec {
  std::vector<TableAxis> axes;  // one or two
  Params fixed;                 // every parameter's value (the axes' are set per row)
  std::uint64_t rows() const;
  Params rowParams(std::uint64_t row) const;
};

constexpr std::uint64_t kMaxTableRows = 4'000'000;

// Reads "n=0..100" (an axis) and "k=3" (a fixed value) arguments: one or two axes, each name at
// most once, values within the parameters' ranges. Errors name the argument.
Expected<TableSpec> parseTableSpec(const RulesGame& game, const std::vector<std::string>& args);

class RulesTable {
 public:
  RulesTable(std::shared_ptr<const RulesGame> game, TableSpec spec, SolveLimits limits);
  ~RulesTable();

  // About `budget` units of work; true once done() or failed().
  bool advance(std::uint64_t budget);
  bool done() const { return done_; }
  bool failed() const { return error_.has_value(); }
  const ParseError& error() const { return *error_; }
  SolveProgress progress() const;  // rows, with the group under way counted by its progress

  const TableSpec& spec() const { return spec_; }
  const RulesGame& game() const { return *game_; }
  // The values, row by row (precondition: done()).
  const std::vector<Value>& values() const { return values_; }
  std::uint64_t positionsExplored() const { return explored_; }
  std::uint64_t groups() const { return groups_; }

  // --- Handing a finished table to a table of the same rules and arguments in another instance
  // of the module (the app's solver worker), as a board's solve is (core/handover.h): the
  // header holds the rows and the counts, or the failure; the region, the values. Precondition
  // of solvedState(): done() or failed(). prepareAdoption() on a table not finished, then
  // finishAdoption() once the region is filled; nullopt for a header of another table.
  SolvedState solvedState() const;
  std::optional<std::vector<Region>> prepareAdoption(const std::vector<std::uint8_t>& header);
  void finishAdoption();

 private:
  struct Group;
  enum class HeapStep { kMore, kDone, kNotHeaps };
  HeapStep heapValues(std::uint64_t& budget);  // a take-and-break game's rows (rules_table.cpp)
  bool startGroup();
  std::string rowLabel(std::uint64_t row) const;  // "c=2" (the axes' values), for messages
  // What the table holds beside its group's solve (the values, the rows' marks and buckets,
  // the group's rows and roots), counted in the solve's budget (SolveLimits::heldBeside).
  std::uint64_t heldBytes() const;
  bool groupFailed();
  void regroup();                         // starts bucketing the pending rows again
  void regroupSome(std::uint64_t count);  // buckets `count` more rows

  std::shared_ptr<const RulesGame> game_;
  TableSpec spec_;
  SolveLimits limits_;
  std::vector<Value> values_;
  std::vector<bool> solved_;
  std::uint64_t solvedRows_ = 0;
  std::uint64_t knownReads_ = 0;
  // Every row solved on its own: after a group failed, to find the row whose own solve fails.
  bool singleRows_ = false;
  // Pending rows by the values of the axes they read: bucket k is
  // bucketRows_[bucketEnds_[k - 1] .. bucketEnds_[k]); the next group takes bucket nextBucket_.
  std::vector<std::uint32_t> bucketRows_;
  std::vector<std::size_t> bucketEnds_;
  std::size_t nextBucket_ = 0;
  struct Regroup {
    bool active = false;
    bool columns = false;  // walk the grid column by column
    std::uint64_t across = 1, down = 1, bucket = 1, next = 0;
  } regroup_;
  std::unique_ptr<Group> group_;
  std::optional<ParseError> error_;
  bool done_ = false;
  bool heapRows_ = true;  // the rows may still be a take-and-break game's values
  std::uint64_t explored_ = 0, groups_ = 0;
  // An adoption's values, counts or failure, until finishAdoption().
  struct Adopted {
    std::vector<Value> values;
    std::uint64_t explored = 0, groups = 0;
    std::optional<ParseError> error;
  };
  std::optional<Adopted> adopted_;
};

// kLosses: a win/loss table's losing cells (the P-positions), one a line in the table's order,
// with the step from the cell before in each parameter (how Wythoff's pairs are seen).
// kPeriodic: a 1-D table as the classic periodic table, rows as long as its period (ten without
// one), a value of the pre-period that differs from the period's marked '*'. kRare: an
// impartial 1-D table's Grundy numbers with their class, rare or common (rareSplit).
enum class TableFormat { kTsv, kCsv, kMarkdown, kCpp, kPython, kLosses, kPeriodic, kRare };
std::optional<TableFormat> parseTableFormat(std::string_view text);  // tsv ... periodic, rare
// Why a table cannot be laid out periodic or rare ("" when it can: one parameter, and for rare
// Grundy numbers), a sentence after the format's name ("periodic lays out a table of one
// parameter"). (losses, of a game of normal play, is checked by each front end in its words.)
std::string tableFormatProblem(const RulesTable& table, TableFormat format);

// The sparse space of Winning Ways (ch. 4, "Sparse Space Spells Speed"), of the range type as
// Flammenkamp's tables give it: for a bitstring m, a Grundy number v is rare when v AND m has an
// even number of 1-bits (0 always is), common otherwise; the xor of two common values is rare,
// so a game's rare values are few once its common ones settle. m is the bitstring (over the
// values' width) that makes the fewest rows rare, the smallest on a tie. nullopt for a table
// that is not of Grundy numbers over one parameter, or with a value past 4,095.
struct RareSplit {
  std::uint32_t bits = 0;  // m
  int width = 1;           // the values' width in bits (m as written: that many binary digits)
  std::uint64_t rare = 0;  // the rows whose value is rare
  bool isRare(std::int64_t value) const {
    return (__builtin_popcount(static_cast<std::uint32_t>(value) & bits) & 1) == 0;
  }
  std::string bitsText() const;  // m in binary, `width` digits: "111"
};
std::optional<RareSplit> rareSplit(const RulesTable& table);

// The table in a format; `command` is the command that made it (named in code's comments). Code
// (cpp, py) carries the pattern as comments: a one-parameter table's period line, and the
// formula, in the code's language, when one is given and was found.
std::string formatTable(const RulesTable& table, TableFormat format, const std::string& command,
                        const FoundFormula* formula = nullptr);
// The same handed to `sink` a megabyte at a time as it is made (the command line: a table of
// millions of rows is never held whole, nor is the code formats' literal).
void writeTable(const RulesTable& table, TableFormat format, const std::string& command,
                const FoundFormula* formula, const std::function<void(std::string_view)>& sink);

// A 1-D table's pattern (找规律): the smallest start N0 from which the values repeat with some
// period P, the periodic tail holding at least three full periods, and for that start the
// smallest P: "period P from NAME=N0 (checked to NAME=MAX)". Without one, the same for an
// arithmetic period, v(n + P) = v(n) + S with S != 0 (Grundy numbers and margins):
// "arithmetic period P (saltus S) from NAME=N0 (checked to NAME=MAX)". Otherwise "no period up
// to NAME=MAX". v is the outcome (normal play), the Grundy number (impartial) or the margin
// (scored).
// The same as numbers: the periodic tail's first row (an index into the table), its period and
// saltus (0: a plain period); nullopt: none. tablePattern words it (given it, when the caller
// has it already).
struct TablePeriod {
  std::size_t start = 0;
  std::size_t period = 0;
  __int128 saltus = 0;
};
std::optional<TablePeriod> tablePeriod(const RulesTable& table);
// Whether row `row` of a 1-D table is an exception of its period: a row before the periodic
// tail whose value differs from the one the period gives it (the first row at or past the
// tail's start in the same column; false when that row is past the table).
bool periodException(const RulesTable& table, const TablePeriod& period, std::uint64_t row);
std::string tablePattern(const RulesTable& table);
std::string tablePattern(const RulesTable& table, const std::optional<TablePeriod>& period);
// The same as a message (base/forms.h), for the app to show in its language (formulaMessage
// too).
Message tablePatternMessage(const RulesTable& table, const std::optional<TablePeriod>& period);
// A take-and-break game's table (core/rules/take_break.h): its pattern line, a period claimed only
// when proven ("period 34 from n=52, proven at n=123 (Guy-Smith)"), the values computed past the
// table where the proof needs them, up to the game's largest heap within `budgetBytes`
// (--until-proven). For any other table, tablePatternMessage's line.
Message untilProvenMessage(const RulesTable& table, std::uint64_t budgetBytes);

// The simplest formula of a table (core/rules/formula.h): "sg = EXPR", "margin = EXPR" or, for
// normal play, "loss exactly when EXPR"; or "no formula of up to K symbols fits (checked
// NAME=A..B, NAME2=C..D)", saying so when the search's cap stopped it short of the maxSymbols
// asked (0: not said). formulaTarget gives a search its cells; formulaLine words what it
// found; tableFormula runs one whole (the command line, the module), and
// formatTableWithFormula formats a table after it, for code (cpp, py) to carry the formula.
FormulaTarget formulaTarget(const RulesTable& table);
std::string formulaLine(const RulesTable& table, const std::optional<std::string>& formula,
                        int searchedSymbols, int maxSymbols = 0);
Message formulaMessage(const RulesTable& table, const std::optional<std::string>& formula,
                       int searchedSymbols, int maxSymbols = 0);
FoundFormula tableFormula(const RulesTable& table,
                          int maxSymbols = FormulaSearch::kDefaultMaxSymbols);
std::string formatTableWithFormula(const RulesTable& table, TableFormat format,
                                   const std::string& command,
                                   int maxSymbols = FormulaSearch::kDefaultMaxSymbols);
void writeTableWithFormula(const RulesTable& table, TableFormat format, const std::string& command,
                           int maxSymbols, const std::function<void(std::string_view)>& sink);
// formatTableWithFormula held whole up to maxBytes (the module, which holds the text: it asks
// for kModuleAnalysisBytes); past it, the sentence kTableTextTooLong naming the row reached, with
// no more than maxBytes held.
Expected<std::string> formatTableWithin(const RulesTable& table, TableFormat format,
                                        const std::string& command, int maxSymbols,
                                        std::uint64_t maxBytes);

}  // namespace gs
