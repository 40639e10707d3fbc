// The gamesolver commands on one board: solve (a judge's input, or a rules file's), analyze,
// link and export; random, which makes a board; and bench, which solves a fixed list of them.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/board_input.h"
#include "cli/commands.h"
#include "rules/rules_judge.h"
#include "tools/analysis.h"
#include "tools/bench.h"
#include "tools/board_load.h"
#include "tools/export.h"
#include "tools/share_link.h"

namespace gs::cli {
namespace {

// gamesolver solve RULES [FILE]: the judge's output of a problem's input (rules with read()), or
// of a parameters line.
int commandSolveRules(const Options& options) {
  std::shared_ptr<gs::RulesGame> game;
  if (int status = loadRulesGame(options.args[0], game)) return status;
  const std::string where = "gamesolver: " + options.args[0] + ": ";
  if (options.args.size() > 2)
    return usageError("too many arguments: solve takes RULES [FILE], and '" + options.args[2] +
                      "' follows");
  if (!game->header().hasRead) {
    // A judge's input of parameters: their values on one line, the start's value out.
    std::string text;
    if (int status = readInput(options, 1, *game, text)) return status;
    auto load = gs::boardFromJudgeInput(*game, text, options.limits);
    if (!load) {
      std::cerr << where << load.error().toString() << "\n";
      return kExitBadInput;
    }
    solveWithProgress(load->job, !options.quiet && ::isatty(2) == 1);
    auto solved = load->job.finish();
    if (!solved) {
      std::cerr << where << solved.error().toString() << "\n";
      return kExitBadInput;
    }
    const std::string output = solved->gameBoard().judge().judgeOutput();
    std::fwrite(output.data(), 1, output.size(), stdout);
    return 0;
  }
  std::string input;
  if (int status = readInput(options, 1, *game, input)) return status;
  auto output = gs::rulesJudgeOutput(*game, input, options.limits);
  if (!output) {
    std::cerr << where << output.error().toString() << "\n";
    return kExitBadInput;
  }
  std::fwrite(output->data(), 1, output->size(), stdout);
  printSearchNote(options.args[0], *game);
  return 0;
}

}  // namespace

int commandSolve(Options& options) {
  if (namesRulesFile(options)) return commandSolveRules(options);
  std::optional<gs::Session> session;
  if (int status = loadSession(options, session)) return status;
  const std::string output = session->gameBoard().judge().judgeOutput();
  std::fwrite(output.data(), 1, output.size(), stdout);
  return 0;
}

int commandAnalyze(Options& options) {
  std::optional<gs::Session> session;
  if (int status = loadSession(options, session)) return status;
  const auto written = gs::writeAnalysisJson(
      *session, [](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), stdout); });
  if (!written) {
    std::fflush(stdout);
    std::cerr << "gamesolver: " << written.error().toString() << "\n";
    return kExitBadInput;
  }
  return 0;
}

int commandLink(Options& options) {
  std::optional<gs::Session> session;
  if (int status = loadSession(options, session)) return status;
  const auto link = gs::makeLink(*session, std::nullopt);
  if (!link) {
    std::cerr << "gamesolver: " << link.error().toString() << "\n";
    return kExitBadInput;
  }
  std::printf("%s\n", link.value().c_str());
  return 0;
}

int commandRandom(Options& options) {
  int status = 0;
  const gs::Game* game = gameArgument(options, false, status);
  if (!game) return status;
  const std::vector<gs::RecipeField>& fields = game->recipeFields();
  std::string sizeNames;
  std::size_t sizes = 0;
  for (const gs::RecipeField& field : fields) {
    if (!field.isSize) continue;
    std::string label = field.label;
    for (char& c : label) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    sizeNames += (sizes++ ? " " : "") + label;
  }
  if (options.args.size() < 1 + sizes || options.args.size() > 2 + sizes)
    return usageError(std::string("random ") + game->id() + " needs " + sizeNames +
                      " and an optional SEED");
  std::int64_t numbers[8] = {};
  std::uint64_t seed = game->info().defaultSeed;
  for (std::size_t k = 1; k < options.args.size(); ++k) {
    const std::string& arg = options.args[k];
    const SeedText seedText = k - 1 == sizes ? parseSeed(arg, seed) : SeedText::kOk;
    if (seedText == SeedText::kOutOfRange)
      return usageError(std::string("random ") + game->id() + ": SEED must be between 0 and " +
                        kLargestSeed + ", found " + arg);
    if (seedText == SeedText::kNotANumber || (k - 1 < sizes && !parseInt(arg, numbers[k - 1])))
      return usageError(std::string("random ") + game->id() + ": '" + arg +
                        "' is not a non-negative integer");
  }
  gs::Recipe recipe;
  recipe.game = game;
  recipe.seed = seed;
  std::size_t next = 0;
  for (const gs::RecipeField& field : fields) {
    if (field.isSize) {
      recipe.fields.push_back(numbers[next++]);
    } else {
      // --max: clamped into the field's range for a board; a link states it as given.
      const std::int64_t value = options.maxValue.value_or(field.cliDefault);
      recipe.fields.push_back(options.link ? value : std::clamp(value, field.min, field.max));
    }
  }
  // The recipe's fields, by their labels, then its cross-field rules (and, for a link, which
  // solves the board, the memory budget).
  const std::string command = std::string("random ") + game->id() + ": ";
  for (std::size_t k = 0; k < fields.size(); ++k) {
    if (recipe.fields[k] >= fields[k].min && recipe.fields[k] <= fields[k].max) continue;
    std::string label = fields[k].label;
    if (fields[k].isSize)
      for (char& c : label) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return usageError(command + (fields[k].isSize ? label : "--max") + " must be between " +
                      std::to_string(fields[k].min) + " and " + std::to_string(fields[k].max) +
                      ", found " + std::to_string(recipe.fields[k]));
  }
  const gs::Message problem =
      game->checkRecipe(recipe, options.link ? options.limits : gs::SolveLimits{~std::uint64_t{0}});
  if (!problem.empty()) return usageError(command + problem.english());
  if (options.link) {
    auto session = gs::sessionFromRecipe(recipe, options.limits);
    if (!session) return usageError(command + session.error().toString());
    std::printf("%s\n", gs::makeLink(session.value(), recipe).value().c_str());
    return 0;
  }
  // The board as judge input, without solving it.
  const std::string text = game->generate(recipe)->judge().judgeInput();
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

int commandBench(Options& options) {
  if (!options.args.empty())
    return usageError("bench takes no arguments, found '" + options.args[0] + "'");
  const gs::BenchResult result = gs::runBench(options.repeat, options.limits);
  if (!result.error.empty()) {
    std::cerr << "gamesolver: " << result.error << "\n";
    return kExitBadInput;
  }
  std::fputs(result.table().c_str(), stdout);
  return 0;
}

int commandExport(Options& options) {
  if (!options.formatGiven) return usageError("export needs --format svg or --format md");
  std::optional<gs::Session> session;
  // A board too large to draw is refused before it is solved.
  const auto refusal = [](const gs::GameBoard& board) { return gs::drawingRefusal(board); };
  if (int status = loadSession(options, session, refusal)) return status;
  const auto text = gs::exportBoard(*session, options.exportOptions);
  if (!text) {
    std::cerr << "gamesolver: " << text.error().toString() << "\n";
    return kExitBadInput;
  }
  std::fwrite(text.value().data(), 1, text.value().size(), stdout);
  return 0;
}

}  // namespace gs::cli
