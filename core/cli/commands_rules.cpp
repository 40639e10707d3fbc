// The gamesolver commands that read a rules file only: value (the start's value, or with
// --outcome who wins), cgt (its value in combinatorial game theory) and table (values over
// ranged parameters, their period and formula).
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/board_input.h"
#include "cli/commands.h"
#include "rules/rules_cgt.h"
#include "rules/rules_judge.h"
#include "rules/rules_table.h"

namespace gs::cli {
namespace {

// gamesolver value --outcome FILE [NAME=VALUE ...]: who wins the start, "win", "loss" or
// "draw", by a search that stops at a position's first winning move where the kind allows.
int commandOutcome(const Options& options) {
  RulesArguments rules;
  if (int status = loadRulesArguments(options, rules)) return status;
  const std::string where = "gamesolver: " + options.args[0] + ": ";
  std::vector<std::string> cases;
  if (int status = readCases(rules, where, cases)) return status;
  auto outcome = gs::rulesOutcome(*rules.game, paramsOf(rules, cases), options.limits);
  if (!outcome) {
    std::cerr << where << outcome.error().toString() << "\n";
    return kExitBadInput;
  }
  std::printf("%s\n", outcome->c_str());
  printSearchNote(options.args[0], *rules.game);
  return 0;
}

}  // namespace

int commandValue(Options& options) {
  if (options.args.empty()) return usageError("value needs a rules FILE");
  if (!namesRulesFile(options))
    return usageError("value reads a rules file; for " + options.args[0] + " use solve " +
                      options.args[0] + " [FILE]");
  if (options.outcome) return commandOutcome(options);
  std::optional<gs::Session> session;
  std::optional<std::string> searched;
  if (int status = loadSession(options, session, nullptr, &searched)) return status;
  if (searched) {
    std::fwrite(searched->data(), 1, searched->size(), stdout);
    return 0;
  }
  // The start's value (for a problem's case too, whose judge output is its answer).
  const gs::RulesGame* rules = session->game().rulesGame();
  const std::string output =
      rules ? gs::rulesValueText(rules->header().kind, session->gameBoard().value()) + "\n"
            : session->gameBoard().judge().judgeOutput();
  std::fwrite(output.data(), 1, output.size(), stdout);
  return 0;
}

int commandCgt(Options& options) {
  if (options.args.empty()) return usageError("cgt needs a rules FILE");
  if (!namesRulesFile(options))
    return usageError("cgt reads a rules file; " + options.args[0] + " is a built-in game");
  const std::string where = "gamesolver: " + options.args[0] + ": ";
  {  // rules without values are refused before their input is read
    std::shared_ptr<gs::RulesGame> game;
    if (int status = loadRulesGame(options.args[0], game)) return status;
    if (const auto problem = gs::cgtRulesProblem(game->header())) {
      std::cerr << where << problem->toString() << "\n";
      return kExitBadInput;
    }
  }
  RulesArguments rules;
  if (int status = loadRulesArguments(options, rules)) return status;
  std::vector<std::string> cases;
  if (int status = readCases(rules, where, cases)) return status;
  gs::cgt::GameStore store;
  const auto report =
      gs::rulesCgtStart(rules.game->rules(), paramsOf(rules, cases), store, options.limits);
  if (!report) {
    std::cerr << where << report.error().toString() << "\n";
    return kExitBadInput;
  }
  const auto text = gs::cgtReportText(store, report->value);
  if (!text) {
    std::cerr << where << text.error().toString() << "\n";
    return kExitBadInput;
  }
  std::fwrite(text->data(), 1, text->size(), stdout);
  return 0;
}

int commandTable(Options& options) {
  if (options.args.empty()) return usageError("table needs a rules FILE and a range NAME=FROM..TO");
  // The rules file first, then the parameters' ranges and values.
  const std::vector<std::string> assignments(options.args.begin() + 1, options.args.end());
  options.args.resize(1);
  RulesArguments rules;
  if (int status = loadRulesArguments(options, rules)) return status;
  auto spec = gs::parseTableSpec(*rules.game, assignments);
  if (!spec) return usageError(spec.error().message.english());
  if (options.tableFormat == gs::TableFormat::kLosses &&
      rules.game->header().kind != gs::RulesKind::kNormalPlay)
    return usageError(
        "--format losses lists the losing positions of a game of normal play (" + options.args[0] +
        " gives " +
        (rules.game->header().kind == gs::RulesKind::kImpartial ? "Grundy numbers" : "margins") +
        ")");
  if (options.untilProven && !options.pattern)
    return usageError("--until-proven goes with --pattern (the period it proves)");
  gs::RulesTable table(rules.game, spec.value(), options.limits);
  if (const std::string problem = gs::tableFormatProblem(table, options.tableFormat);
      !problem.empty())
    return usageError("--format " + problem);
  const bool terminal = !options.quiet && ::isatty(2) == 1;
  const auto start = std::chrono::steady_clock::now();
  bool shown = false;
  while (!table.advance(1 << 14)) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!terminal || seconds < 1) continue;
    std::fprintf(stderr, "\rtable: %3.0f%%  %s rows of %s  %.1f s\x1b[K",
                 100 * table.progress().fraction(),
                 gs::withThousands(table.progress().done).c_str(),
                 gs::withThousands(table.progress().total).c_str(), seconds);
    shown = true;
  }
  if (shown) std::fputs("\r\x1b[K", stderr);
  if (table.failed()) {
    std::cerr << "gamesolver: " << options.args[0] << ": " << table.error().toString() << "\n";
    return kExitBadInput;
  }
  std::string command = "gamesolver table";
  for (const std::string& arg : options.given) command += " " + arg;
  std::string text;
  if (options.pattern) {
    // One parameter: the period, then the formula when one fits; two: the formula's line.
    const gs::FoundFormula found = gs::tableFormula(table, options.maxSymbols);
    const std::string formula =
        gs::formulaLine(table, found.python, found.searchedSymbols, found.maxSymbols);
    if (spec->axes.size() == 1) {
      text = (options.untilProven
                  ? gs::untilProvenMessage(table, options.limits.memoryBudgetBytes).english()
                  : gs::tablePattern(table)) +
             "\n";
      if (found.python) text += formula + "\n";
    } else {
      text = formula + "\n";
    }
  } else {
    // Written as it is made: a table of millions of rows is never held whole.
    gs::writeTableWithFormula(
        table, options.tableFormat, command, options.maxSymbols,
        [](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stdout); });
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

}  // namespace gs::cli
