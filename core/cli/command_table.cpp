// The table of the gamesolver commands (each one's name, synopsis, help, run and flags) and the
// usage text, whose lines for each command are written from it.
#include <cctype>
#include <cstddef>
#include <string>
#include <vector>

#include "base/limits.h"
#include "cli/commands.h"
#include "game.h"

namespace gs::cli {
namespace {

// `text` padded with spaces to `width` characters, or followed by one space when it is as long.
std::string padded(std::string text, std::size_t width) {
  return text.size() < width ? text + std::string(width - text.size(), ' ') : text + " ";
}

// The help of random: a line a game, from the registry (its sizes, and the bound of its values).
std::string randomHelp() {
  std::string lines;
  for (const gs::Game* game : gs::games()) {
    const gs::GameInfo& info = game->info();
    std::string sizes;
    std::string bound = "";
    for (const gs::RecipeField& field : game->recipeFields()) {
      if (field.isSize) {
        std::string label = field.label;
        for (char& c : label) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        sizes += label + " ";
      } else {
        bound = "(values in " + std::to_string(field.min) + ".." +
                std::to_string(field.cliDefault) + " unless --max)";
      }
    }
    const std::string command = std::string("random ") + info.id + " " + sizes + "[SEED]";
    lines += "  " + (bound.empty() ? command : padded(command, 34) + bound) + "\n";
  }
  return "print a random board as judge input:\n" + lines +
         "with --link: print the board's share link (its recipe) instead";
}

}  // namespace

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"solve", "solve GAME [FILE]",
       "read the judge's input from FILE (or standard input) and print\n"
       "exactly the judge's expected output",
       commandSolve, sharedFlags},
      {"value", "value RULES [NAME=VALUE ...] [--outcome]",
       "solve the game a Lua rules file states (guide: \"Your own\n"
       "game\") with its parameters (each NAME=VALUE within its range,\n"
       "the others at their defaults) and print the start's value:\n"
       "win K, loss K, draw, sg G or the first player's margin; with\n"
       "--outcome only win, loss or draw, by a search that stops at\n"
       "a position's first winning move",
       commandValue, valueFlags},
      {"analyze", "analyze GAME [FILE]",
       "print a JSON analysis: the value in its named metric, the principal\n"
       "line and every legal move's value at each step of it, the number\n"
       "of positions solved and the solve time, and what the game adds\n"
       "(e.g. every cell's outcome with its certificate)",
       commandAnalyze, sharedFlags},
      {"link", "link GAME [FILE]",
       "print the share-link fragment (#g=...) of the board in FILE (or\n"
       "standard input): index.html + the fragment opens it in the app",
       commandLink, sharedFlags},
      {"random", "random GAME SIZE... [SEED] [--link]", randomHelp(), commandRandom, sharedFlags},
      {"bench", "bench [--repeat K]",
       "solve a fixed list of boards, print the median time of each and\n"
       "the bench signature (positions and answers), for comparing builds",
       commandBench, sharedFlags},
      {"check",
       "check GAME [--seed S] [--count N] [--time SECONDS] [--timeout SECONDS]\n"
       "             [--save-failing FILE] -- PROGRAM [ARGS...]",
       "stress-test a solution (\xE5\xAF\xB9\xE6\x8B\x8D): run PROGRAM (no shell) on N\n"
       "seeded random boards within the judge's limits (default 100;\n"
       "smallest sizes, ties and the game's edge cases included), the\n"
       "judge's input on its standard input, and compare its output\n"
       "with the exact answer token by token, as a judge does. A run\n"
       "fails on a wrong answer, no output, a non-zero exit, a signal,\n"
       "more than 64 MiB of output, or past --timeout (default 2 s a\n"
       "run). The first failing board is shrunk while it fails the same\n"
       "way (fewer rows, columns or cards, smaller values; at most\n"
       "2000 tries and 60 s); the smallest input, the expected and\n"
       "received outputs and the board's link are printed, and\n"
       "--save-failing writes that input to FILE (FILE is removed\n"
       "when no board fails). --seed (default 1, any 64-bit\n"
       "unsigned value) names the boards; --time bounds the whole run\n"
       "(it may overrun by one run). Without a failure: one summary line.\n"
       "A run ends when PROGRAM exits, and every process it started is\n"
       "killed then; Ctrl-C, SIGTERM or SIGHUP kill the run too and end\n"
       "gamesolver by that signal",
       commandCheck, checkFlags},
      {"export", "export GAME [FILE] --format svg|md [--step K]",
       "print the board at step K (default 0, the start) of the optimal\n"
       "line as a standalone SVG picture (stones or cards with move\n"
       "numbers, points, every legal move's value with the best marked,\n"
       "a caption with the value) or as Markdown for an editorial (the\n"
       "judge input, the answer, the optimal line and the board as\n"
       "tables, no HTML); boards up to 64 x 64 cells",
       commandExport, exportFlags},
      {"table",
       "table RULES NAME=A..B [NAME2=C..D] [NAME=VALUE ...] "
       "[--format tsv|csv|md|cpp|py|losses|periodic|rare]\n"
       "        [--pattern [--symbols K] [--until-proven]]",
       "the values of a rules game over one or two ranged parameters\n"
       "(the others fixed or at their defaults), the first outermost:\n"
       "a table (tsv: NAME, NAME2 and value columns; csv; md, a grid\n"
       "for two parameters) or code to paste (cpp: a C++ array, py: a\n"
       "Python list; win/loss as 1/0, draws -1; losses: the losing\n"
       "positions in order, with each parameter's step from the one\n"
       "before). --pattern: of one parameter, the longest periodic\n"
       "tail (period P from NAME=N0, or an arithmetic period with its\n"
       "saltus), then the simplest formula if one fits; of two, the\n"
       "simplest formula (sg = EXPR, margin = EXPR, loss exactly when\n"
       "EXPR; Python syntax) of up to --symbols K symbols (default 7,\n"
       "at most 9). Rows share the positions their rules reach.\n"
       "periodic: the values in rows as long as their period, the\n"
       "pre-period's exceptions marked *; rare: each Grundy number's\n"
       "class, rare or common (Winning Ways' sparse space). RULES\n"
       "may also be a take-and-break game's code (octal:0.137,\n"
       "hex:0.F7): its period is claimed only when proven (Guy-Smith);\n"
       "--until-proven computes on until it is (heaps up to 100000)",
       commandTable, tableFlags},
      {"cgt", "cgt RULES [NAME=VALUE ...|FILE]",
       "the start's value in combinatorial game theory, Left the\n"
       "first player and Right the second (normal play; partisan\n"
       "rules, or impartial ones: a nimber): its canonical form as\n"
       "CGSuite writes it ({3||2*|1*}, ^*, +-1, Tiny(2)), then lines\n"
       "outcome L|R|P|N, mean, temperature, left stop, right stop",
       commandCgt, sharedFlags},
      // help reads no options and has no run: main() prints the usage before any command's
      // options are read (gamesolver help --anything).
      {"help", "help, --help", "print this text", nullptr, nullptr},
  };
  return table;
}

namespace {

// A command's lines in the usage: "  " and its synopsis, then its help from column 26, beside a
// one-line synopsis that ends before it, else below.
std::string commandUsage(const Command& command) {
  const std::string indent(25, ' ');
  std::string text = "  " + command.synopsis;
  const bool beside =
      command.synopsis.find('\n') == std::string::npos && text.size() < indent.size();
  text = beside ? padded(text, indent.size()) : text + "\n" + indent;
  for (char c : command.help) text += c == '\n' ? "\n" + indent : std::string(1, c);
  return text + "\n";
}

}  // namespace

// The usage text: a header, each command's lines from the table, the options several commands
// share, the exit statuses and the games' input formats (the games' lines from the registry).
std::string usage() {
  std::string ids, formatLines;
  for (const gs::Game* game : gs::games()) {
    const gs::GameInfo& info = game->info();
    ids += (ids.empty() ? "" : ", ") + std::string(info.id);
    formatLines +=
        "  " + padded(info.id, 11) + padded(info.inputShape, 56) + "-> " + info.answerShape + "\n";
  }
  std::string commandLines;
  for (const Command& command : commands()) {
    // After the commands that solve and before help, a note on four of them.
    if (command.name == "help")
      commandLines +=
          "  analyze, link, export and check also take a rules file and its parameters in place\n"
          "                         of GAME [FILE]: analyze RULES [NAME=VALUE ...]\n";
    commandLines += commandUsage(command);
  }
  return "usage: gamesolver COMMAND [OPTIONS] [ARGS]\n"
         "\n"
         "Exact solver for the built-in two-player games and any game written as a Lua rules "
         "file.\n"
         "The built-in games: " +
         ids +
         " (input formats below).\n"
         "\n"
         "Commands:\n" +
         commandLines +
         "\n"
         "Options (anywhere before --: gamesolver -q solve ... and gamesolver solve -q ... "
         "alike):\n"
         "  --memory-budget SIZE   refuse boards whose tables need more than SIZE (default " +
         gs::formatBytes(gs::kNativeMemoryBudget) +
         ";\n"
         "                         suffixes K, M, G, T); inputs longer than the largest board\n"
         "                         within it are refused as too large\n"
         "  --                     end of options: every later argument is positional (a GAME, "
         "FILE,\n"
         "                         number or NAME=VALUE; check: the PROGRAM and its arguments)\n"
         "  --max V                random: the largest value drawn\n"
         "  --max-positions N      rules files: refuse games with more than N positions (default\n"
         "                         20000000)\n"
         "  --quiet, -q            no progress line (shown on a terminal when a solve runs over a\n"
         "                         second)\n"
         "\n"
         "Exit status: 0 success; 1 check: a board failed; 2 the input is malformed or too large "
         "(a\n"
         "message naming the line and column goes to standard error, nothing to standard output),\n"
         "or export: the step is past the optimal line or the board too large to draw; 64 bad "
         "usage,\n"
         "unknown game, or check's PROGRAM cannot be run or its --save-failing FILE cannot be\n"
         "written; 66 the input file cannot be read.\n"
         "\n"
         "Input formats (see core/games/GAMES.md in the repository):\n" +
         formatLines;
}

std::string commandList() {
  const std::vector<Command>& table = commands();
  std::string list;
  for (std::size_t k = 0; k < table.size(); ++k)
    list += (k == 0 ? "" : k + 1 == table.size() ? " or " : ", ") + table[k].name;
  return list;
}

const Command* commandNamed(const std::string& name) {
  for (const Command& command : commands())
    if (command.name == name) return &command;
  return nullptr;
}

}  // namespace gs::cli
