// What the files of the gamesolver command share: the exit statuses, what the command line says
// (Options), the table of the commands (Command, commands()), the reading of the command line
// (command_line.cpp) and the commands themselves (commands_*.cpp), each run by the table.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli/run_program.h"
#include "rules/rules_table.h"
#include "tools/check.h"
#include "tools/export.h"

namespace gs::cli {

constexpr int kExitBadInput = 2;
constexpr int kExitUsage = 64;    // sysexits EX_USAGE
constexpr int kExitNoInput = 66;  // sysexits EX_NOINPUT

// The usage text, written from the table of the commands (below).
std::string usage();

// A usage error: one sentence naming what is wrong, and where the usage is (the whole text would
// bury the sentence).
int usageError(const std::string& message);

// The command line's limits: the core's defaults, and the option that raises the positions cap,
// for the cap's message to name.
gs::SolveLimits commandLineLimits();

// What the command line says: the command, its arguments and what its flags set (each command
// reads its own flags: the table's `flags`).
struct Options {
  std::string command;               // solve, value, ...: named in usage errors
  std::vector<std::string> args;     // positional arguments after the command
  std::vector<std::string> program;  // check: the program to run, after "--"
  std::vector<std::string> given;    // the arguments as given, the command taken out (table)
  gs::SolveLimits limits = commandLineLimits();
  std::optional<std::int64_t> maxValue;
  int repeat = 15;
  bool link = false;
  bool quiet = false;           // no progress line
  bool outcome = false;         // value: who wins, and nothing else
  std::int64_t caseNumber = 1;  // --case: which case of a judge's input (rules with read())
  // check
  gs::CheckOptions check;
  gs::RunLimits run;
  std::string saveFile;
  // export
  gs::ExportOptions exportOptions;
  bool formatGiven = false;
  // table
  gs::TableFormat tableFormat = gs::TableFormat::kTsv;
  bool pattern = false;
  bool untilProven = false;  // --pattern of a take-and-break game: on until its period is proven
  std::int64_t maxSymbols = gs::FormulaSearch::kDefaultMaxSymbols;  // --pattern's formulas
};

// A whole number of at most 18 decimal digits into `value`; whether `text` is one.
bool parseInt(const std::string& text, std::int64_t& value);

// A seed: any unsigned 64-bit value, in decimal digits (leading zeros allowed, as for the other
// numbers).
enum class SeedText { kOk, kNotANumber, kOutOfRange };
constexpr const char* kLargestSeed = "18446744073709551615";

SeedText parseSeed(const std::string& text, std::uint64_t& value);

// --- The commands and their table (command_table.cpp, command_line.cpp) ---

// One option in the table parseOptions() reads: a value flag (--name VALUE or --name=VALUE) or a
// switch (--name, or its short alias). `apply` takes the value (a switch's is "") and returns
// whether it took it; `needs` says what a value flag takes ("an integer between 1 and 100").
struct Flag {
  std::string name;
  std::string alias;
  bool takesValue = true;
  std::string needs;
  std::function<bool(const std::string& value)> apply;
};

// A command: its name, its lines in the usage (the synopsis, then the help beside it or below
// it: see commandUsage()), what runs it once its options are read, and the flags it reads.
//
// To add a command: write its int commandName(Options&) in the commands_*.cpp file of its area
// (a new file goes into gamesolver's sources in CMakeLists.txt) and declare it below; give it a
// row in commands() (command_table.cpp), at the place its lines take in the usage; for its
// flags, name sharedFlags or a function of its own in command_line.cpp, declared below, whose
// flags write into fields of Options. main() and the usage need nothing more.
struct Command {
  std::string name;
  std::string synopsis;  // a second line, if any, as the usage prints it
  std::string help;      // its lines without their indentation, none ending in a newline
  int (*run)(Options& options);
  std::vector<Flag> (*flags)(Options& options);
};

// The commands, in the order of the usage.
const std::vector<Command>& commands();

// The command named `name`; nullptr when none is.
const Command* commandNamed(const std::string& name);

// The commands' names, as a usage error lists them: "solve, value, ... or help".
std::string commandList();

// The flags each command reads (the table's `flags`), each into its part of `options`.
std::vector<Flag> checkFlags(Options& options);
std::vector<Flag> exportFlags(Options& options);
std::vector<Flag> tableFlags(Options& options);
// The flags of solve, analyze, link, random, bench and cgt (value adds --outcome: valueFlags).
std::vector<Flag> sharedFlags(Options& options);
std::vector<Flag> valueFlags(Options& options);

// Where the command is in `args` (argv[1..]): the first argument before "--" that is neither an
// option nor an option's value, so options may come first (gamesolver -q solve ...); nullopt
// when there is none. `help`: --help or -h comes before it.
std::optional<std::size_t> findCommand(const std::vector<std::string>& args, bool& help);

// Reads a command's arguments (the command word taken out) into `options`: the flags of
// `flags`, --help, and the rest positional, in order. "--" ends the options: every later
// argument is positional, or for check the program to run. Returns the exit status when the
// arguments end the command (--help, a usage error), else nothing.
std::optional<int> parseOptions(const std::vector<std::string>& args,
                                const std::vector<Flag>& flags, Options& options);

// --- The commands, each run by the table once its options are read ---

// commands_solve.cpp: a board solved, analyzed, linked or drawn; random boards; the bench.

int commandSolve(Options& options);
int commandAnalyze(Options& options);
int commandLink(Options& options);
int commandRandom(Options& options);

// The bench: fixed boards, median times, and a signature every build must reproduce.
int commandBench(Options& options);

// gamesolver export GAME [FILE] --format svg|md [--step K]
int commandExport(Options& options);

// commands_rules.cpp: what only a rules file has: its start's value, its CGT value, its tables.

// gamesolver value FILE [NAME=VALUE ...]: the value of a rules game's start, one line.
int commandValue(Options& options);

// gamesolver cgt RULES [NAME=VALUE ...|FILE]: the start's combinatorial game value (its canonical
// form as CGSuite writes it, outcome class, mean, temperature and stops).
int commandCgt(Options& options);

// gamesolver table RULES NAME=A..B [NAME2=C..D] [NAME=VALUE ...] [--format F] [--pattern]
// (options.given: the arguments as given, the command taken out, for the table's "Made by"
// line).
int commandTable(Options& options);

// commands_check.cpp: the stress test of a contestant's program.

// gamesolver check GAME [--seed S] [--count N] [--time SECONDS] [--timeout SECONDS]
//                       [--save-failing FILE] -- PROGRAM [ARGS...]
int commandCheck(Options& options);

}  // namespace gs::cli
