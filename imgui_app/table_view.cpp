// The Table view of a rules game (issue 23): the values over one or two parameters (打表), made
// in slices with progress and Cancel, drawn as a coloured grid (win / loss / draw in the
// colour-blind-safe palette with a letter; Grundy numbers and margins on a heat scale with the
// number), the pattern of a one-parameter table, and the table copied as C++, Python, CSV or
// Markdown. The ranges are the view's (the link's t part), written as `gamesolver table` reads
// them; a click on a cell opens that row's game on the board.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game_view.h"
#include "rules/formula.h"
#include "rules/rules_game.h"
#include "rules/rules_table.h"
#include "solve_progress.h"
#include "solver_worker.h"
#include "ui_phrases.h"
#include "web_platform.h"

namespace gs::app {

// The Table view's state: the view is shown while the document's view (and so the link) has
// ranges; the table made for them, kept while only the ranged parameters change.
struct TableViewState {
  std::vector<char> ranges = std::vector<char>(256, '\0');  // the field: "n=0..60"
  int rangesBoard = -1;  // the board the field's default was written for
  std::string key;       // the rules, ranges and fixed parameters the job was made for
  std::unique_ptr<RulesTable> job;
  std::string command;  // "gamesolver table RULES n=0..60" (named in the copied code)
  std::string error;
  Message pattern;                    // shown in the interface's language (trText)
  std::optional<TablePeriod> period;  // a one-parameter table's periodic tail
  std::uint64_t exceptions = 0;       // its rows before the tail unlike the period's
  std::optional<RareSplit> rare;      // a one-parameter table of Grundy numbers: rare and common
  bool markRare = false;              // the rare values ringed on the grid
  // The formula (core/rules/formula.h), searched a slice a frame once the table is made.
  std::unique_ptr<FormulaSearch> formula;
  Slicer formulaSlicer{512, 16, 512};  // its work a step, and the table's
  Slicer jobSlicer{256, 16, 256};
  std::optional<FoundFormula> found;
  Message formulaLine;
  // The height the pattern and formula lines have taken for this table at this width: they
  // never take less, so the search ending (its Cancel gone) moves nothing below them.
  float patternHeight = 0, patternWidth = 0;
  bool wrap = true;                    // a one-parameter grid in rows of its period
  bool losses = false;                 // a win/loss table as the list of its losing cells
  std::vector<std::string> lossLines;  // that list, once asked for
  double spentMs = 0;
  bool cancelled = false;
  int whyBoard = -1;  // the board whose Table of values was asked for without parameters
  // The solver worker's job making it (0: made here, a slice a frame), its last report, and
  // the table's region once the worker is done and it is being copied in.
  int workerJob = 0;
  WorkerReport worker;
  std::optional<std::vector<Region>> regions;
};

namespace {

constexpr double kSliceMs = 8;                // the table's work per frame: the page stays lively
constexpr std::size_t kFormulaCells = 20000;  // the largest table whose formula is searched

TableViewState& tableState(App& app) {
  if (!app.ui.table) app.ui.table = std::make_shared<TableViewState>();
  return *app.ui.table;
}

// Default ranges for a game: its first parameter over 61 values, or its first two over 21.
std::string defaultRanges(const RulesGame& game) {
  const auto& params = game.header().params;
  std::string ranges;
  const std::size_t axes = std::min<std::size_t>(params.size(), 2);
  const std::int64_t span = axes == 1 ? 60 : 20;
  for (std::size_t k = 0; k < axes; ++k)
    ranges += (k ? " " : "") + params[k].name + "=" + std::to_string(params[k].min) + ".." +
              std::to_string(std::min(params[k].max, params[k].min + span));
  return ranges;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && text[at] == ' ') ++at;
    const std::size_t end = std::min(text.find(' ', at), text.size());
    if (end > at) out.push_back(text.substr(at, end - at));
    at = end;
  }
  return out;
}

void setRanges(App& app, const std::string& ranges) {
  ViewOptions view = app.doc.view();
  view.table = ranges;
  app.doc.setView(view);
}

// Cell colours: outcomes in the palette with a letter; numbers on a heat scale.
struct CellLook {
  ImU32 fill;
  ImU32 ink;
  std::string text;
};

CellLook lookOf(RulesKind kind, const Value& value, std::int64_t low, std::int64_t high) {
  if (kind == RulesKind::kNormalPlay) {
    if (value.draw) return {IM_COL32(120, 124, 132, 255), IM_COL32(10, 10, 12, 255), "D"};
    return value.win ? CellLook{palette::kBest, IM_COL32(10, 10, 12, 255), "W"}
                     : CellLook{palette::kMistake, IM_COL32(10, 10, 12, 255), "L"};
  }
  const double t =
      high > low ? static_cast<double>(value.score - low) / static_cast<double>(high - low) : 0.5;
  // From a dark slate to the palette's yellow.
  const auto mix = [t](int a, int b) { return static_cast<int>(a + (b - a) * t); };
  const ImU32 fill = IM_COL32(mix(40, 240), mix(46, 228), mix(60, 66), 255);
  return {fill, t > 0.55 ? IM_COL32(10, 10, 12, 255) : palette::kText, std::to_string(value.score)};
}

// A win/loss table's losing cells, a line each with each parameter's step from the line
// before (gamesolver table --format losses), in a scrolling list drawn a screen at a time. The
// lines are laid out once, in columns 8 characters wide.
void drawLosses(App& app, const RulesTable& job, ImVec2 size) {
  TableViewState& table = tableState(app);
  if (table.lossLines.empty()) {
    const std::string text = formatTable(job, TableFormat::kLosses, table.command);
    std::string line;
    std::size_t column = 0;  // where the current field began in `line`
    for (const char c : text) {
      if (c == '\t' || c == '\n') {
        line.resize(std::max(line.size(), column + 8), ' ');
        column = line.size();
      } else {
        line += c;
      }
      if (c == '\n') {
        table.lossLines.push_back(std::move(line));
        line.clear();
        column = 0;
      }
    }
  }
  app.widgets.recordValue("table-loss-count", std::to_string(table.lossLines.size() - 1));
  const float top = ImGui::GetCursorScreenPos().y;
  const float room = std::max(160.0f, size.y - (top - ImGui::GetWindowPos().y) - 8);
  ImGui::BeginChild("rules-table-losses", ImVec2(0, room), true);
  app.widgets.recordValue("table-loss-scroll",
                          std::to_string(static_cast<int>(ImGui::GetScrollY())));
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(table.lossLines.size()));
  while (clipper.Step())
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      if (k == 0) ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);  // the header
      ImGui::TextUnformatted(table.lossLines[static_cast<std::size_t>(k)].c_str());
      if (k == 0) ImGui::PopStyleColor();
    }
  ImGui::EndChild();
  app.widgets.record("table-loss-list", false);
}

}  // namespace

// Ends the worker's job on the table, if any (the worker drops it, or is started afresh).
void stopTableInWorker(TableViewState& table) {
  if (table.workerJob != 0) solverWorker()->stop(table.workerJob);
  table.workerJob = 0;
  table.regions.reset();
}

// The worker's side of making the table: true once the table is in (done or failed); on the
// worker's failure the page goes on making it itself.
bool advanceTableInWorker(TableViewState& table) {
  SolverWorker& worker = *solverWorker();
  table.worker = worker.poll(table.workerJob);
  if (table.worker.state == WorkerReport::State::kSolving) return false;
  if (table.worker.state == WorkerReport::State::kSolved && !table.regions) {
    table.regions = table.job->prepareAdoption(worker.header(table.workerJob));
    if (!table.regions) table.worker.state = WorkerReport::State::kFailed;
  }
  if (table.worker.state == WorkerReport::State::kFailed) {
    stopTableInWorker(table);
    return false;
  }
  if (!worker.copy(table.workerJob, *table.regions, kSliceMs)) return false;
  table.job->finishAdoption();
  table.spentMs = table.worker.elapsedMs;
  stopTableInWorker(table);
  return true;
}

void advanceRulesTable(App& app) {
  TableViewState& table = tableState(app);
  const RulesGame* game = rulesOnScreen(app);
  const std::string& ranges = app.doc.view().table;
  if (!game || ranges.empty() || app.doc.solving()) {
    // A table left (or a board to solve first) is not made on in the worker, which the board
    // may need: it is made again when it is back in view.
    if (table.workerJob != 0) {
      stopTableInWorker(table);
      table.key.clear();
    }
    return;
  }
  // The table's arguments: the ranges, and the board's values of the other parameters.
  std::vector<std::string> args = words(ranges);
  const auto& params = game->header().params;
  const Params values = paramsOnScreen(app);
  for (std::size_t k = 0; k < params.size() && k < values.size(); ++k) {
    bool ranged = false;
    for (const std::string& arg : args)
      ranged |= arg.compare(0, params[k].name.size() + 1, params[k].name + "=") == 0;
    if (!ranged) args.push_back(params[k].name + "=" + std::to_string(values[k]));
  }
  std::string key = game->options().rulesText;
  for (const std::string& arg : args) key += "\n" + arg;
  if (key != table.key) {
    stopTableInWorker(table);
    table.key = key;
    table.job.reset();
    table.error.clear();
    table.pattern.clear();
    table.period.reset();
    table.rare.reset();
    table.exceptions = 0;
    table.formula.reset();
    table.found.reset();
    table.formulaLine.clear();
    table.patternHeight = 0;
    table.lossLines.clear();
    table.spentMs = 0;
    table.cancelled = false;
    auto spec = parseTableSpec(*game, args);
    if (!spec) {
      table.error = spec.error().toString();
      return;
    }
    table.command = "gamesolver table RULES";
    for (const std::string& arg : args) table.command += " " + arg;
    table.job = std::make_unique<RulesTable>(game->shared_from_this(), spec.value(),
                                             SolveLimits{kBrowserMemoryBudget});
    // Made in the solver worker once it is ready (the rules, a stranger's code perhaps, run
    // there), else here a slice a frame.
    SolverWorker* worker = solverWorker();
    if (worker && worker->status() == "ready") {
      table.workerJob = worker->startTable(game->options().rulesText, args);
      table.worker = WorkerReport{};
    }
  }
  if (table.cancelled) stopTableInWorker(table);
  if (table.job && table.job->done() && table.formula && !table.found) {
    // The formula's search, a slice a frame, once the table is made.
    if (table.formulaSlicer.runFor(
            kSliceMs, [&](std::uint64_t budget) { return table.formula->advance(budget); })) {
      table.found = FoundFormula{table.formula->formula(), table.formula->formulaCpp(),
                                 table.formula->searchedSymbols(), table.formula->maxSymbols()};
      table.formulaLine = formulaMessage(*table.job, table.found->python,
                                         table.found->searchedSymbols, table.found->maxSymbols);
      table.formula.reset();
    }
    return;
  }
  if (!table.job || table.job->done() || table.job->failed() || table.cancelled) return;
  if (table.workerJob != 0) {
    if (!advanceTableInWorker(table)) return;
  } else {
    const bool finished = table.jobSlicer.runFor(
        kSliceMs, [&](std::uint64_t budget) { return table.job->advance(budget); });
    table.spentMs += table.jobSlicer.lastMilliseconds();
    if (!finished) return;
  }
  if (table.job->failed()) {
    table.error = table.job->error().toString();
    return;
  }
  if (table.job->spec().axes.size() == 1) {
    table.period = tablePeriod(*table.job);
    table.pattern = tablePatternMessage(*table.job, table.period);
    table.rare = rareSplit(*table.job);
    if (table.period)
      for (std::uint64_t row = 0; row < table.period->start; ++row)
        table.exceptions += periodException(*table.job, *table.period, row) ? 1 : 0;
  }
  // The formula of a table of up to kFormulaCells cells (its values are copied for the search:
  // a larger table would cost the page a long task; the command line searches any).
  if (table.job->values().size() <= kFormulaCells)
    table.formula = std::make_unique<FormulaSearch>(formulaTarget(*table.job));
}

bool drawBoardOrTableSwitch(App& app) {
  const bool shown = !app.doc.view().table.empty();
  const RulesGame* game = rulesOnScreen(app);
  if (!game) return false;
  const char* labels[] = {"Board", "Table of values"};
  const char* ids[] = {"rules-view-board", "rules-view-table"};
  for (int k = 0; k < 2; ++k) {
    if (k) ImGui::SameLine();
    const bool selected = (k == 1) == shown;
    if (selected)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (button(trLabel(labels[k]).c_str(), ImVec2(0, 0)) && !selected) {
      if (k == 0) {
        setRanges(app, "");
      } else {
        if (game->header().params.empty()) {
          // Nothing to vary: say so, under the switch, for this board.
          tableState(app).whyBoard = app.doc.boardVersion();
        } else if (tableState(app).ranges[0] == '\0') {
          const std::string ranges = defaultRanges(*game);
          std::snprintf(tableState(app).ranges.data(), tableState(app).ranges.size(), "%s",
                        ranges.c_str());
        }
        if (!game->header().params.empty()) setRanges(app, tableState(app).ranges.data());
      }
    }
    if (selected) ImGui::PopStyleColor();
    app.widgets.record(ids[k]);
  }
  // An example opened as a table from the sentence below: its table once it is on screen.
  if (const char* wanted = app.ui.rules.tableOf) {
    if (game->options().rulesText == wanted) {
      app.ui.rules.tableOf = nullptr;
      if (!game->header().params.empty() && !shown) {
        const std::string ranges = defaultRanges(*game);
        std::snprintf(tableState(app).ranges.data(), tableState(app).ranges.size(), "%s",
                      ranges.c_str());
        setRanges(app, ranges);
        return false;  // (drawn as a table from the next frame)
      }
    } else if (!app.ui.rules.opening) {
      app.ui.rules.tableOf = nullptr;  // it did not open (an error, another board)
    }
  }
  if (tableState(app).whyBoard == app.doc.boardVersion() && game->header().params.empty()) {
    const char* why =
        tr("A table of values solves the rules over ranges of their parameters "
           "(game.params), and these rules have none: they read a problem's "
           "input, a case at a time. Give the file params to make a table, or "
           "see one on an example.");
    textWrapped("%s", why);
    app.widgets.recordValue("table-why", why);
    if (button(trLabel("Open take 1, 3 or 4 as a table").c_str()))
      openExampleAsTable(app, "take134");
    app.widgets.record("table-example");
  }
  if (game->header().params.empty() && shown) {
    textWrapped("%s", tr("These rules have no parameters."));
    return false;
  }
  return shown;
}

namespace {

// The ranges field, Make table and the field's hint; a refusal of the ranges under them. False
// when nothing more is to be drawn (a refusal).
bool drawRangesField(App& app, TableViewState& table, ImVec2 size) {
  // The field follows the view's ranges (a link's), until the user edits it.
  if (table.rangesBoard != app.doc.version() && !ImGui::IsAnyItemActive()) {
    table.rangesBoard = app.doc.version();
    std::snprintf(table.ranges.data(), table.ranges.size(), "%s", app.doc.view().table.c_str());
  }
  const float makeWidth = buttonWidth(tr("Make table"));
  ImGui::SetNextItemWidth(std::min(300.0f, size.x - makeWidth - ImGui::GetStyle().ItemSpacing.x));
  bool make = ImGui::InputTextWithHint("##ranges", "n=0..60", table.ranges.data(),
                                       table.ranges.size(), ImGuiInputTextFlags_EnterReturnsTrue);
  app.widgets.recordTextField("table-ranges");
  ImGui::SameLine();
  if (button(trLabel("Make table").c_str())) make = true;
  app.widgets.record("table-make");
  if (make) {
    table.cancelled = false;
    table.key.clear();  // made again even when the ranges are the same
    setRanges(app, table.ranges.data());
  }
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
  textWrapped("%s", tr("NAME=FROM..TO, one or two, as gamesolver table reads them"));
  ImGui::PopStyleColor();
  if (table.error.empty()) return true;
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.55f, 0.35f, 1.0f));
  textWrapped("%s", trText(table.error).c_str());
  ImGui::PopStyleColor();
  app.widgets.record("table-error", false);
  app.widgets.recordValue("table-error", table.error);
  return false;
}

// A table being made: its rows done, a bar and Cancel.
void drawTableProgress(App& app, TableViewState& table, const RulesTable& job) {
  const SolveProgress progress = table.workerJob != 0 && table.worker.progress.total > 0
                                     ? table.worker.progress
                                     : job.progress();
  textWrapped("%s",
              trText(Message(kTableRows, {{"N1", progress.done}, {"N2", progress.total}})).c_str());
  ImGui::ProgressBar(static_cast<float>(progress.fraction()), ImVec2(-1, 0));
  app.widgets.record("table-progress", false);
  app.widgets.recordValue("table-maker", table.workerJob != 0 ? "worker" : "page");
  if (table.cancelled) {
    textWrapped("%s", tr("Cancelled; Make table starts it again."));
    return;
  }
  ImGui::PushID("table");
  if (button(trLabel("Cancel").c_str())) table.cancelled = true;
  ImGui::PopID();
  app.widgets.record("table-cancel");
}

// The pattern, and the formula: being searched (with Cancel), found (with Copy), or that none
// of the sizes searched fits.
void drawPatternAndFormula(App& app, TableViewState& table, const RulesTable& job) {
  if (!table.pattern.empty()) {
    // Shown in the interface's language; the field stays English (as the hook's others do), and
    // "-shown" is the text on screen.
    const std::string pattern = trText(table.pattern);
    textWrapped("%s", pattern.c_str());
    app.widgets.recordValue("table-pattern", table.pattern.english());
    app.widgets.recordValue("table-pattern-shown", pattern);
  }
  if (table.formula) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
    textWrapped("%s", trText(Message(kFormulaSearch, {{"N", table.formula->size()},
                                                      {"K", table.formula->maxSymbols()}}))
                          .c_str());
    ImGui::PopStyleColor();
    app.widgets.record("table-formula-search", false);
    app.widgets.recordValue("table-formula-size", std::to_string(table.formula->size()));
    ImGui::PushID("formula");
    if (smallButton(trLabel("Cancel").c_str())) {
      // What was searched in full stays said: no formula of that size fits.
      const int searched = table.formula->size() - 1;
      table.formula.reset();
      table.found = FoundFormula{std::nullopt, std::nullopt, searched};
      table.formulaLine = searched > 0 ? formulaMessage(job, std::nullopt, searched)
                                       : Message("Formula search cancelled");
    }
    ImGui::PopID();
    app.widgets.record("table-formula-cancel");
  } else if (table.found) {
    const std::string line = trText(table.formulaLine);
    if (!table.found->python) ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
    textWrapped("%s", line.c_str());
    if (!table.found->python) ImGui::PopStyleColor();
    app.widgets.recordValue("table-formula", table.formulaLine.english());
    app.widgets.recordValue("table-formula-shown", line);
    if (table.found->python) {
      ImGui::SameLine();
      if (smallButton(trLabel("Copy formula").c_str())) {
        copyToClipboard(*table.found->python);
        app.toasts.show(clipboardAvailable() ? Message("Copied the formula")
                                             : Message("The clipboard is not available here"));
      }
      app.widgets.record("table-copy-formula");
    }
  }
}

// Copy as code or text.
void drawCopyButtons(App& app, const TableViewState& table, const RulesTable& job) {
  static const struct {
    const char* label;
    const char* id;
    TableFormat format;
  } kCopies[] = {{"C++", "table-copy-cpp", TableFormat::kCpp},
                 {"Python", "table-copy-py", TableFormat::kPython},
                 {"CSV", "table-copy-csv", TableFormat::kCsv},
                 {"Markdown", "table-copy-md", TableFormat::kMarkdown}};
  ImGui::TextUnformatted(tr("Copy as"));
  for (const auto& copy : kCopies) {
    ImGui::SameLine();
    if (button(copy.label)) {
      copyToClipboard(
          formatTable(job, copy.format, table.command, table.found ? &*table.found : nullptr));
      app.toasts.show(clipboardAvailable()
                          ? Message(kCopiedTableAs, {{"FORMAT", Message::verbatim(copy.label)}})
                          : Message("The clipboard is not available here"));
    }
    app.widgets.record(copy.id);
  }
}

// The grid's shape: a 1-D table in rows of 10, or of 5 where 10 do not fit (a phone); wrapped,
// in rows of its period whose columns begin where the periodic tail does (the first row is
// partial, the cells before the tail marked); a 2-D table with the first parameter down and
// the second across.
struct GridShape {
  bool twoD = false;
  float cell = 34, labelWidth = 0;
  std::uint64_t across = 0, down = 0;
  std::uint64_t shift = 0;            // empty cells before the first value (a wrapped grid)
  std::uint64_t prePeriod = 0;        // values before the periodic tail
  std::int64_t low = 0, high = 0;     // the values' range (the heat scale)
  std::optional<TablePeriod> period;  // its exceptions outlined
  const RareSplit* rare = nullptr;    // its rare values ringed
};

GridShape gridShape(App& app, const TableViewState& table, const RulesTable& job, bool periodic,
                    float width) {
  GridShape shape;
  const TableSpec& spec = job.spec();
  const std::vector<Value>& values = job.values();
  for (std::size_t k = 0; k < values.size(); ++k) {
    shape.low = k ? std::min(shape.low, values[k].score) : values[k].score;
    shape.high = k ? std::max(shape.high, values[k].score) : values[k].score;
  }
  shape.twoD = spec.axes.size() == 2;
  shape.cell = app.layout() == Layout::kPhone ? 30.0f : 34.0f;
  shape.labelWidth = ImGui::CalcTextSize("-0000000").x;
  const bool wrapped = periodic && table.wrap;
  const std::uint64_t rowLength = wrapped ? table.period->period
                                  : shape.labelWidth + 10 * shape.cell + 24 <= width ? 10
                                                                                     : 5;
  shape.shift = wrapped ? (rowLength - table.period->start % rowLength) % rowLength : 0;
  shape.prePeriod = periodic ? table.period->start : 0;
  if (periodic) shape.period = table.period;
  if (table.rare && table.markRare) shape.rare = &*table.rare;
  app.widgets.recordValue("table-row-length", std::to_string(rowLength));
  shape.across =
      shape.twoD ? static_cast<std::uint64_t>(spec.axes[1].to - spec.axes[1].from + 1) : rowLength;
  shape.down = (values.size() + shape.shift + shape.across - 1) / shape.across;
  return shape;
}

// The grid's cells in view, with their headers; a click on a cell opens that row's game on the
// board (true: the table is gone).
bool drawGrid(App& app, const RulesTable& job, const RulesGame& game, const GridShape& shape,
              float room) {
  const TableSpec& spec = job.spec();
  const auto& params = game.header().params;
  const RulesKind kind = game.header().kind;
  const std::vector<Value>& values = job.values();
  const float cell = shape.cell, labelWidth = shape.labelWidth;
  ImGui::BeginChild("rules-table-grid", ImVec2(0, room), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float headerHeight = ImGui::GetTextLineHeightWithSpacing();
  ImGui::Dummy(ImVec2(labelWidth + static_cast<float>(shape.across) * cell,
                      headerHeight + static_cast<float>(shape.down) * cell));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 clipMin = draw->GetClipRectMin(), clipMax = draw->GetClipRectMax();
  const std::string& first = params[spec.axes[0].param].name;
  // The columns in view (a 2-D table may be thousands wide).
  const std::uint64_t firstColumn =
      static_cast<std::uint64_t>(std::max(0.0f, (clipMin.x - origin.x - labelWidth) / cell));
  const std::uint64_t endColumn = std::min<std::uint64_t>(
      shape.across,
      static_cast<std::uint64_t>(std::max(0.0f, (clipMax.x - origin.x - labelWidth) / cell)) + 2);
  // Column headers: the second parameter's values, or the offsets of a 1-D row.
  for (std::uint64_t c = firstColumn; c < endColumn; ++c) {
    const float x = origin.x + labelWidth + static_cast<float>(c) * cell;
    if (x + cell < clipMin.x || x > clipMax.x) continue;
    const std::string text = shape.twoD
                                 ? std::to_string(spec.axes[1].from + static_cast<std::int64_t>(c))
                                 : "+" + std::to_string(c);
    centeredText(draw, ImVec2(x + cell / 2, origin.y + headerHeight / 2), palette::kDim, text,
                 0.8f);
  }
  const int firstRow = std::max(0, static_cast<int>((clipMin.y - origin.y - headerHeight) / cell));
  const int lastRow = std::min(static_cast<int>(shape.down) - 1,
                               static_cast<int>((clipMax.y - origin.y - headerHeight) / cell) + 1);
  const ImVec2 mouse = ImGui::GetMousePos();
  const bool hovered = ImGui::IsWindowHovered();
  int recorded = 0;
  for (int r = firstRow; r <= lastRow; ++r) {
    const float y = origin.y + headerHeight + static_cast<float>(r) * cell;
    const std::int64_t rowStart =
        spec.axes[0].from +
        (shape.twoD ? r
                    : std::max<std::int64_t>(0, static_cast<std::int64_t>(r) *
                                                        static_cast<std::int64_t>(shape.across) -
                                                    static_cast<std::int64_t>(shape.shift)));
    centeredText(draw, ImVec2(origin.x + labelWidth / 2, y + cell / 2), palette::kDim,
                 first + "=" + std::to_string(rowStart), 0.8f);
    for (std::uint64_t c = firstColumn; c < endColumn; ++c) {
      const std::uint64_t position = static_cast<std::uint64_t>(r) * shape.across + c;
      if (position < shape.shift) continue;  // before the first value of a wrapped grid
      const std::uint64_t index = position - shape.shift;
      if (index >= values.size()) break;
      const ImVec2 min(origin.x + labelWidth + static_cast<float>(c) * cell, y);
      const ImVec2 max(min.x + cell - 2, min.y + cell - 2);
      if (max.x < clipMin.x || min.x > clipMax.x) continue;
      const CellLook look = lookOf(kind, values[index], shape.low, shape.high);
      draw->AddRectFilled(min, max, look.fill, 3);
      // Before the periodic tail: a dimmed cell, outlined in orange where its value is unlike
      // the period's (an exception).
      if (index < shape.prePeriod) {
        draw->AddRectFilled(min, max, IM_COL32(20, 22, 28, 120), 3);
        if (shape.period && periodException(job, *shape.period, index))
          draw->AddRect(min, max, palette::kMistake, 3, 0, 2.5f);
      }
      // A rare value: a sky-blue ring inside the cell.
      if (shape.rare && shape.rare->isRare(values[index].score))
        draw->AddRect(ImVec2(min.x + 3, min.y + 3), ImVec2(max.x - 3, max.y - 3), palette::kBest, 3,
                      0, 2.5f);
      centeredText(draw, ImVec2((min.x + max.x) / 2, (min.y + max.y) / 2), look.ink, look.text,
                   look.text.size() > 3 ? 0.6f : 0.85f);
      const std::string name = "table-cell-" + std::to_string(index);
      if (recorded < 400 && min.y >= clipMin.y && max.y <= clipMax.y) {
        app.widgets.recordRect(name, min, max);
        ++recorded;
      }
      if (hovered && mouse.x >= min.x && mouse.x < max.x && mouse.y >= min.y && mouse.y < max.y) {
        const Params row = spec.rowParams(index);
        std::string where;
        for (const TableAxis& axis : spec.axes)
          where += (where.empty() ? "" : ", ") + params[axis.param].name + "=" +
                   std::to_string(row[axis.param]);
        ImGui::SetTooltip("%s: %s", where.c_str(), rulesValueText(kind, values[index]).c_str());
        if (ImGui::IsMouseClicked(0)) {
          // That row's game on the board, with its line.
          const std::string text = game.options().rulesText;
          const std::vector<std::int64_t> chosen(row.begin(), row.end());
          setRanges(app, "");
          loadRules(app, text, chosen);
          ImGui::EndChild();
          return true;
        }
      }
    }
  }
  ImGui::EndChild();
  // (The grid's frame: a swipe that starts on it scrolls the grid, not the page.)
  app.widgets.recordRect("table-grid", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  return false;
}

}  // namespace

void drawRulesTable(App& app, ImVec2 size) {
  TableViewState& table = tableState(app);
  const RulesGame* game = rulesOnScreen(app);
  if (!game) return;
  if (!drawRangesField(app, table, size) || !table.job) return;
  RulesTable& job = *table.job;
  if (!job.done()) {
    drawTableProgress(app, table, job);
    return;
  }
  const float patternTop = ImGui::GetCursorPosY();
  const float width = ImGui::GetContentRegionAvail().x;
  if (width != table.patternWidth) {
    table.patternWidth = width;
    table.patternHeight = 0;
  }
  drawPatternAndFormula(app, table, job);
  const float used = ImGui::GetCursorPosY() - patternTop;
  table.patternHeight = std::max(table.patternHeight, used);
  if (used < table.patternHeight) ImGui::SetCursorPosY(patternTop + table.patternHeight);
  app.widgets.recordValue("table-rows", std::to_string(job.values().size()));
  drawCopyButtons(app, table, job);
  const bool twoD = job.spec().axes.size() == 2;
  // A one-parameter table with a period of up to 60 may wrap at it (the pattern as columns);
  // a win/loss table of two parameters may show the list of its losing cells instead.
  const bool periodic = !twoD && table.period && table.period->period <= 60;
  if (periodic) {
    ImGui::Checkbox(trLabel("Wrap at the period").c_str(), &table.wrap);
    app.widgets.record("table-wrap");
  }
  if (!twoD && table.rare) {
    if (periodic) ImGui::SameLine();
    ImGui::Checkbox(trLabel("Mark rare values").c_str(), &table.markRare);
    app.widgets.record("table-rare");
  }
  // What the marks on the grid mean.
  ImGui::PushStyleColor(ImGuiCol_Text, palette::kDim);
  if (periodic && table.period->start > 0) {
    textWrapped("%s", trText(Message(kTableExceptions, {{"N", table.exceptions}})).c_str());
    app.widgets.recordValue("table-exceptions", std::to_string(table.exceptions));
  }
  if (!twoD && table.rare && table.markRare) {
    textWrapped("%s",
                trText(Message(kTableRare, {{"RAW", Message::verbatim(table.rare->bitsText())},
                                            {"N1", table.rare->rare},
                                            {"N2", job.values().size()}}))
                    .c_str());
    app.widgets.recordValue("table-rare-bits", table.rare->bitsText());
    app.widgets.recordValue("table-rare-count", std::to_string(table.rare->rare));
  }
  ImGui::PopStyleColor();
  if (twoD && game->header().kind == RulesKind::kNormalPlay) {
    ImGui::Checkbox(trLabel("Losing positions").c_str(), &table.losses);
    app.widgets.record("table-losses");
    if (table.losses) {
      drawLosses(app, job, size);
      return;
    }
  }
  const GridShape shape = gridShape(app, table, job, periodic, size.x);
  const float top = ImGui::GetCursorScreenPos().y;
  const float room = std::max(160.0f, size.y - (top - ImGui::GetWindowPos().y) - 8);
  drawGrid(app, job, *game, shape, room);
}

}  // namespace gs::app
