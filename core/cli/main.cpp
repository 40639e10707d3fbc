// gamesolver: the native command-line front-end of the core. A thin client: it reads text,
// hands it to the core, and prints what the core returns. See usage() for the commands.
#include <fcntl.h>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/run_program.h"
#include "rules/load_rules.h"
#include "rules/lua_rules.h"
#include "rules/rules_cgt.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"
#include "rules/rules_table.h"
#include "rules/take_break.h"
#include "session.h"
#include "tools/analysis.h"
#include "tools/bench.h"
#include "tools/check.h"
#include "tools/export.h"
#include "tools/share_link.h"

namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitUsage = 64;    // sysexits EX_USAGE
constexpr int kExitNoInput = 66;  // sysexits EX_NOINPUT

// The usage text, written from the table of the commands (below).
std::string usage();

// A usage error: one sentence naming what is wrong, and where the usage is (the whole text would
// bury the sentence).
int usageError(const std::string& message) {
  std::cerr << "gamesolver: " << message << " (gamesolver --help shows the usage)\n";
  return kExitUsage;
}

// The command line's limits: the core's defaults, and the option that raises the positions cap,
// for the cap's message to name.
gs::SolveLimits commandLineLimits() {
  gs::SolveLimits limits;
  limits.maxPositionsOption = "--max-positions N";
  return limits;
}

// What the command line says: the command, its arguments and what its flags set (each command
// reads its own flags: commandFlags()).
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

bool parseInt(const std::string& text, std::int64_t& value) {
  if (text.empty() || text.size() > 18) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  value = std::stoll(text);
  return true;
}

// A seed: any unsigned 64-bit value, in decimal digits (leading zeros allowed, as for the other
// numbers).
enum class SeedText { kOk, kNotANumber, kOutOfRange };
constexpr const char* kLargestSeed = "18446744073709551615";

SeedText parseSeed(const std::string& text, std::uint64_t& value) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    return SeedText::kNotANumber;
  const std::size_t first = std::min(text.find_first_not_of('0'), text.size() - 1);
  const auto number = gs::parseUnsignedDecimal(std::string_view(text).substr(first));
  if (!number) return SeedText::kOutOfRange;
  value = *number;
  return SeedText::kOk;
}

// The input text: a read-only mapping of a regular file (no copy, no fresh pages to clear: the
// 40 MB of a 2000 x 2000 board cost more to copy than to solve), or the bytes read
// from a pipe. Reading is bounded: a text longer than the game's inputSizeLimit() (the largest
// valid input within the memory budget, plus room for extra whitespace) is refused as soon as
// that is known, so an endless pipe (`yes 1 | gamesolver solve ...`) ends in a message.
class InputText {
 public:
  enum class Status { kOk, kUnreadable, kTooLarge };

  InputText() = default;
  InputText(const InputText&) = delete;
  InputText& operator=(const InputText&) = delete;
  ~InputText() {
    if (mapped_) munmap(mapped_, size_);
  }

  // Reads FILE (args[index]) or standard input ("-" or absent) for `game`. On an error, `error`
  // receives the sentence.
  Status open(const std::vector<std::string>& args, std::size_t index, const gs::Game& game,
              const gs::SolveLimits& limits, std::string& error) {
    const bool useStdin = args.size() <= index || args[index] == "-";
    int fd = 0;
    if (!useStdin) {
      fd = ::open(args[index].c_str(), O_RDONLY);
      if (fd < 0) {
        error = "cannot read " + args[index] + ": " + std::strerror(errno);
        return Status::kUnreadable;
      }
    }
    const Status status =
        load(fd, useStdin ? std::string("standard input") : args[index], game, limits, error);
    if (!useStdin) ::close(fd);
    return status;
  }

  std::string_view text() const {
    return mapped_ ? std::string_view(static_cast<const char*>(mapped_), size_) : buffer_;
  }

 private:
  Status load(int fd, const std::string& name, const gs::Game& game, const gs::SolveLimits& limits,
              std::string& error) {
    // The limit is worked out only for texts past kInputSizeCheckedAbove.
    std::uint64_t limit = 0;
    const auto tooLarge = [&](std::uint64_t size) {
      if (size <= gs::kInputSizeCheckedAbove) return false;
      if (limit == 0) limit = gs::inputSizeLimit(game, limits);
      return size > limit;
    };
    struct stat info {};
    if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && info.st_size > 0) {
      const auto size = static_cast<std::uint64_t>(info.st_size);
      if (tooLarge(size)) {
        error = gs::inputTooLargeMessage(game, limits).english();
        return Status::kTooLarge;
      }
      void* address = mmap(nullptr, static_cast<std::size_t>(size), PROT_READ,
                           MAP_PRIVATE | MAP_POPULATE, fd, 0);
      if (address != MAP_FAILED) {
        mapped_ = address;
        size_ = static_cast<std::size_t>(size);
        return Status::kOk;
      }
    }
    char chunk[1 << 16];
    for (;;) {
      const ssize_t got = ::read(fd, chunk, sizeof chunk);
      if (got == 0) return Status::kOk;
      if (got < 0) {
        if (errno == EINTR) continue;
        error = "cannot read " + name + ": " + std::strerror(errno);
        return Status::kUnreadable;
      }
      const std::uint64_t size = buffer_.size() + static_cast<std::uint64_t>(got);
      if (tooLarge(size)) {
        error = gs::inputTooLargeMessage(game, limits).english();
        return Status::kTooLarge;
      }
      // Past the first megabyte, room for the whole limit at once: no doubling copies of a large
      // text (the pages are only used as they are written).
      if (limit != 0 && buffer_.capacity() < limit)
        buffer_.reserve(static_cast<std::size_t>(limit));
      buffer_.append(chunk, static_cast<std::size_t>(got));
    }
  }

  void* mapped_ = nullptr;
  std::size_t size_ = 0;
  std::string buffer_;
};

// The GAME argument: a built-in game's id (`rulesToo`: the command also takes a rules file).
const gs::Game* gameArgument(const Options& options, bool rulesToo, int& status) {
  const std::string expected = gs::gameIdList().english() + (rulesToo ? ", or a rules file" : "");
  if (options.args.empty()) {
    status = usageError(options.command + " needs a GAME: " + expected);
    return nullptr;
  }
  const gs::Game* game = gs::findGame(options.args[0]);
  if (!game) status = usageError("unknown game '" + options.args[0] + "': expected " + expected);
  return game;
}

// Solves the job; on a terminal, a solve that runs past a second shows a progress line on
// standard error (like pv), redrawn a few times a second and erased at the end.
void solveWithProgress(gs::SolveJob& job, bool terminal) {
  const auto start = std::chrono::steady_clock::now();
  bool shown = false;
  while (!job.stepFor(terminal ? 100 : 1e12)) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (seconds < 1) continue;
    const gs::SolveProgress progress = job.progress();
    const double fraction = progress.fraction();
    char line[160];
    const double left = fraction > 0.01 ? seconds * (1 - fraction) / fraction : -1;
    std::snprintf(line, sizeof line, "\rsolving: %3.0f%%  %s positions  %.1f s", 100 * fraction,
                  gs::withThousands(progress.done).c_str(), seconds);
    std::string text = line;
    if (left >= 0) {
      std::snprintf(line, sizeof line, left < 10 ? "  about %.1f s left" : "  about %.0f s left",
                    left);
      text += line;
    }
    std::fputs((text + "\x1b[K").c_str(), stderr);
    std::fflush(stderr);
    shown = true;
  }
  if (shown) std::fputs("\r\x1b[K", stderr);
}

// A rules file (core/rules/lua_rules.h) and its parameters: FILE [NAME=VALUE ...]. Errors go to
// standard error as one sentence naming the file and the line, or the argument.
struct RulesArguments {
  std::shared_ptr<gs::RulesGame> game;
  gs::Params params;
  // Rules with read(): the judge's input (FILE or standard input) and the case (0-based).
  std::optional<std::string> input;
  std::size_t caseIndex = 0;
};

// Reads FILE (args[index]) or standard input ("-" or none) for `game`; the exit status, or 0.
int readInput(const Options& options, std::size_t index, const gs::Game& game, std::string& text);

// Reads and loads the rules file at `path`; the exit status, or 0.
int loadRulesGame(const std::string& path, std::shared_ptr<gs::RulesGame>& game) {
  std::string text;
  if (gs::namesTakeBreakGame(path)) {
    text = path;  // a take-and-break game by its code: octal:0.137
  } else {
    std::FILE* file = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
    if (!file) {
      std::cerr << "gamesolver: cannot read " << path << ": " << std::strerror(errno) << "\n";
      return kExitNoInput;
    }
    char chunk[1 << 14];
    std::size_t got = 0;
    while ((got = std::fread(chunk, 1, sizeof chunk, file)) > 0 &&
           text.size() <= gs::kMaxRulesBytes)
      text.append(chunk, got);
    // A file past the limit is named by its own size (the text read stops a chunk past it).
    struct stat info {};
    const bool sized = file != stdin && fstat(fileno(file), &info) == 0 && S_ISREG(info.st_mode);
    if (file != stdin) std::fclose(file);
    if (text.size() > gs::kMaxRulesBytes) {
      std::cerr << "gamesolver: " << path << ": the rules file is "
                << (sized ? gs::withThousands(static_cast<std::uint64_t>(info.st_size))
                          : "more than " + gs::withThousands(gs::kMaxRulesBytes))
                << " bytes long; at most " << gs::withThousands(gs::kMaxRulesBytes)
                << " are read\n";
      return kExitBadInput;
    }
  }
  auto rules = gs::loadRules(text);
  if (!rules) {
    std::cerr << "gamesolver: " << path << ": " << rules.error().toString() << "\n";
    return kExitBadInput;
  }
  gs::RulesGameOptions gameOptions;
  gameOptions.rulesText = text;
  game = std::make_shared<gs::RulesGame>(rules.value(), gameOptions);
  return 0;
}

int loadRulesArguments(const Options& options, RulesArguments& out) {
  const std::string& path = options.args[0];
  if (int status = loadRulesGame(path, out.game)) return status;
  out.params = out.game->defaults();
  const auto& params = out.game->header().params;
  // Whether args[1] is NAME=VALUE with NAME one of the rules' parameters: rules with both read()
  // and params take either a judge's input or their parameters by name.
  const auto namesParameter = [&](const std::string& arg) {
    const std::size_t equals = arg.find('=');
    if (equals == std::string::npos) return false;
    for (const gs::RulesParam& param : params)
      if (arg.compare(0, equals, param.name) == 0 && param.name.size() == equals) return true;
    return false;
  };
  if (out.game->header().hasRead && !(options.args.size() > 1 && namesParameter(options.args[1]))) {
    // A problem's own input: RULES [FILE], and --case.
    if (options.args.size() > 2)
      return usageError("too many arguments: " + path + " reads the judge's input from FILE " +
                        "(or standard input), and '" + options.args[2] + "' follows");
    out.input.emplace();
    if (int status = readInput(options, 1, *out.game, *out.input)) return status;
    out.caseIndex = static_cast<std::size_t>(options.caseNumber - 1);
    return 0;
  }
  for (std::size_t k = 1; k < options.args.size(); ++k) {
    const std::string& arg = options.args[k];
    const std::size_t equals = arg.find('=');
    std::string names;
    for (const gs::RulesParam& param : params) names += (names.empty() ? "" : ", ") + param.name;
    if (equals == std::string::npos)
      return usageError("'" + arg + "' is not NAME=VALUE (the parameters of " + path + ": " +
                        (names.empty() ? "none" : names) + ")");
    const std::string name = arg.substr(0, equals), value = arg.substr(equals + 1);
    std::size_t index = 0;
    while (index < params.size() && params[index].name != name) ++index;
    if (index == params.size())
      return usageError("'" + name + "' is not a parameter of " + path +
                        " (its parameters: " + (names.empty() ? "none" : names) + ")");
    auto number = gs::parseSignedDecimal(value);
    if (!number) return usageError(name + " needs a whole number, found '" + value + "'");
    const gs::Message problem = out.game->paramProblem(index, *number);
    if (!problem.empty()) return usageError(problem.english());
    out.params[index] = *number;
  }
  return 0;
}

// Whether the first argument names a rules file rather than a game: not a game's id, and a
// file that exists or a name ending in .lua (so that a mistyped game stays a usage error).
bool namesRulesFile(const Options& options) {
  if (options.args.empty() || gs::findGame(options.args[0])) return false;
  const std::string& name = options.args[0];
  if (gs::namesTakeBreakGame(name)) return true;  // octal:0.137
  struct stat info {};
  return (name.size() > 4 && name.compare(name.size() - 4, 4, ".lua") == 0) ||
         ::stat(name.c_str(), &info) == 0;
}

// A problem's input read into its cases once (rules of parameters have none), the case on the
// board among them; 0, or the exit status after the sentence saying why not ("gamesolver:
// FILE: the input has 2 cases; there is no case 3").
int readCases(const RulesArguments& rules, const std::string& where,
              std::vector<std::string>& cases) {
  if (!rules.input) return 0;
  auto read = rules.game->cases(*rules.input, rules.caseIndex);
  if (!read) {
    std::cerr << where << read.error().toString() << "\n";
    return kExitBadInput;
  }
  cases = std::move(read.value());
  return 0;
}

// The p of the board: the parameters, or the case of the input.
gs::Params paramsOf(const RulesArguments& rules, const std::vector<std::string>& cases) {
  return rules.input ? gs::caseParams(cases[rules.caseIndex]) : rules.params;
}

// A part of the rules the memo search found wrong and left out (game.children differing from
// moves and play), said on standard error after the answer, which is the rules' own.
void printSearchNote(const std::string& file, const gs::Game& game) {
  const gs::RulesGame* rules = gs::rulesGameOf(game);
  if (!rules) return;
  const std::string note = rules->rules().searchNote();
  if (!note.empty()) std::cerr << "gamesolver: " << file << ": note: " << note << "\n";
}

// Reads, parses and solves the board of the arguments (a game's judge input, or a rules file
// and its parameters). `beforeSolve` may refuse the parsed board before any solving (export
// refuses boards too large to draw). With `searchedValue`, a rules game's start is first asked
// of the rules' memo search (gs::rulesSearchedValue): when it answers, its value line is there
// and no board is made.
int loadSession(const Options& options, std::optional<gs::Session>& session,
                std::optional<gs::ParseError> (*beforeSolve)(const gs::GameBoard&) = nullptr,
                std::optional<std::string>* searchedValue = nullptr) {
  std::optional<gs::BoardLoad> load;
  std::string where = "gamesolver: ";  // a rules game's errors name its file too
  if (namesRulesFile(options)) {
    RulesArguments rules;
    if (int status = loadRulesArguments(options, rules)) return status;
    where += options.args[0] + ": ";
    std::vector<std::string> cases;
    if (int status = readCases(rules, where, cases)) return status;
    // (Rules with answer() go the whole way: their board's judge output is part of the load.)
    if (searchedValue && !rules.game->header().hasAnswer) {
      const auto value =
          gs::rulesSearchedValue(*rules.game, paramsOf(rules, cases), options.limits);
      printSearchNote(options.args[0], *rules.game);
      if (value) {
        *searchedValue = gs::rulesValueText(rules.game->header().kind, *value) + "\n";
        return 0;
      }
    }
    if (rules.input) {
      load.emplace(gs::BoardLoad{
          gs::SolveJob(rules.game->caseBoard(std::make_shared<const std::string>(*rules.input),
                                             cases, rules.caseIndex, options.limits)),
          std::nullopt, std::nullopt});
    } else {
      load.emplace(gs::BoardLoad{gs::SolveJob(rules.game->board(rules.params, options.limits)),
                                 std::nullopt, std::nullopt});
    }
  } else {
    int status = 0;
    const auto game = gameArgument(options, true, status);
    if (!game) return status;
    if (options.args.size() > 2)
      return usageError("too many arguments: " + options.command + " takes GAME [FILE], and '" +
                        options.args[2] + "' follows");
    InputText input;
    std::string error;
    const InputText::Status read = input.open(options.args, 1, *game, options.limits, error);
    if (read != InputText::Status::kOk) {
      std::cerr << "gamesolver: " << error << "\n";
      return read == InputText::Status::kTooLarge ? kExitBadInput : kExitNoInput;
    }
    auto parsed = gs::boardFromJudgeInput(*game, input.text(), options.limits);
    if (!parsed) {
      std::cerr << "gamesolver: " << parsed.error().toString() << "\n";
      return kExitBadInput;
    }
    load.emplace(std::move(parsed.value()));
  }
  if (beforeSolve)
    if (const auto refusal = beforeSolve(load->job.board())) {
      std::cerr << where << refusal->toString() << "\n";
      return kExitBadInput;
    }
  solveWithProgress(load->job, !options.quiet && ::isatty(2) == 1);
  auto solved = load->job.finish();
  if (!solved) {
    std::cerr << where << solved.error().toString() << "\n";
    return kExitBadInput;
  }
  session.emplace(std::move(solved.value()));
  return 0;
}

int readInput(const Options& options, std::size_t index, const gs::Game& game, std::string& text) {
  InputText input;
  std::string error;
  const InputText::Status read = input.open(options.args, index, game, options.limits, error);
  if (read != InputText::Status::kOk) {
    std::cerr << "gamesolver: " << error << "\n";
    return read == InputText::Status::kTooLarge ? kExitBadInput : kExitNoInput;
  }
  text.assign(input.text());
  return 0;
}

// gamesolver solve RULES [FILE]: the judge's output of a problem's input (rules with read()), or
// of a parameters line.
int commandSolveRules(const Options& options) {
  std::shared_ptr<gs::RulesGame> game;
  if (int status = loadRulesGame(options.args[0], game)) return status;
  const std::string where = "gamesolver: " + options.args[0] + ": ";
  if (!game->header().hasRead) {
    // A judge's input of parameters: their values on one line, the start's value out.
    if (options.args.size() > 2)
      return usageError("too many arguments: solve takes RULES [FILE], and '" + options.args[2] +
                        "' follows");
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
  if (options.args.size() > 2)
    return usageError("too many arguments: solve takes RULES [FILE], and '" + options.args[2] +
                      "' follows");
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

int commandSolve(Options& options) {
  if (namesRulesFile(options)) return commandSolveRules(options);
  std::optional<gs::Session> session;
  if (int status = loadSession(options, session)) return status;
  const std::string output = session->gameBoard().judge().judgeOutput();
  std::fwrite(output.data(), 1, output.size(), stdout);
  return 0;
}

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

// gamesolver value FILE [NAME=VALUE ...]: the value of a rules game's start, one line.
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
  const gs::RulesGame* rules = gs::rulesGameOf(session->game());
  const std::string output =
      rules ? gs::rulesValueText(rules->header().kind, session->gameBoard().value()) + "\n"
            : session->gameBoard().judge().judgeOutput();
  std::fwrite(output.data(), 1, output.size(), stdout);
  return 0;
}

// gamesolver cgt RULES [NAME=VALUE ...|FILE]: the start's combinatorial game value (its canonical
// form as CGSuite writes it, outcome class, mean, temperature and stops).
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

// The bench: fixed boards, median times, and a signature every build must reproduce.
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

// --- check, export and table ---

// A positive number of seconds such as 2, 0.5 or 1.25 (at most 10^6); nullopt otherwise.
std::optional<double> parseSeconds(const std::string& text) {
  if (text.empty() || text.size() > 16) return std::nullopt;
  int dots = 0;
  for (char c : text) {
    if (c == '.')
      ++dots;
    else if (c < '0' || c > '9')
      return std::nullopt;
  }
  if (dots > 1 || text == ".") return std::nullopt;
  const double value = std::strtod(text.c_str(), nullptr);
  if (!(value > 0) || value > 1e6) return std::nullopt;
  return value;
}

// Why FILE cannot be written (strerror's sentence), or "" when it can: an existing file must
// open for writing, a new one needs a directory it can be created in. Nothing is created or
// changed.
std::string unwritableReason(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {
    if (S_ISDIR(info.st_mode)) return std::strerror(EISDIR);
    const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return std::strerror(errno);
    ::close(fd);
    return "";
  }
  if (errno != ENOENT) return std::strerror(errno);
  const std::size_t slash = path.find_last_of('/');
  const std::string directory = slash == std::string::npos ? "."
                                : slash == 0               ? "/"
                                                           : path.substr(0, slash);
  if (::access(directory.c_str(), W_OK | X_OK) != 0) return std::strerror(errno);
  return "";
}

// gamesolver check GAME [--seed S] [--count N] [--time SECONDS] [--timeout SECONDS]
//                       [--save-failing FILE] -- PROGRAM [ARGS...]
int commandCheck(Options& options) {
  gs::CheckOptions& check = options.check;
  check.limits = options.limits;
  const std::string& saveFile = options.saveFile;
  const std::vector<std::string>& program = options.program;
  int status = 0;
  std::shared_ptr<gs::RulesGame> rules;  // check RULES: a game written as rules
  const gs::Game* game = nullptr;
  if (namesRulesFile(options)) {
    if ((status = loadRulesGame(options.args[0], rules))) return status;
    if (rules->header().hasRead && !rules->header().hasRandom) {
      std::cerr << "gamesolver: " << options.args[0]
                << ": check draws its inputs from the rules' random(seed, size), which these "
                   "rules do not define (guide: Your own game)\n";
      return kExitBadInput;
    }
    game = rules.get();
    check.name = options.args[0];
  } else {
    game = gameArgument(options, false, status);
  }
  if (!game) return status;
  if (options.args.size() > 1)
    return usageError("check takes one GAME or RULES file; put the program after '--': check " +
                      (rules ? options.args[0] : std::string(game->id())) +
                      " -- PROGRAM [ARGS...]");
  if (program.empty()) return usageError("check needs the program to test after '--'");
  if (!saveFile.empty()) {
    const std::string reason = unwritableReason(saveFile);
    if (!reason.empty()) {
      std::cerr << "gamesolver: --save-failing: cannot write " << saveFile << ": " << reason
                << "\n";
      return kExitUsage;
    }
  }

  // On a terminal, a progress line on standard error (redrawn at most ten times a second and
  // erased at the end); nothing when standard error is a file or a pipe.
  const bool terminal = ::isatty(2) == 1;
  std::chrono::steady_clock::time_point drawn{};
  bool progressShown = false;
  int shrinkRuns = 0;
  if (terminal) {
    check.progress = [&](int board) {
      shrinkRuns += board == 0;
      const auto now = std::chrono::steady_clock::now();
      if (now - drawn < std::chrono::milliseconds(100)) return;
      drawn = now;
      progressShown = true;
      if (board > 0)
        std::fprintf(stderr, "\rcheck: board %d of %d ", board, check.count);
      else
        std::fprintf(stderr, "\rcheck: shrinking, run %d     ", shrinkRuns);
      std::fflush(stderr);
    };
  }
  // Ctrl-C and the like end the program's run and whatever it started, then gamesolver.
  gs::catchTerminationSignals();
  const gs::CheckReport report = gs::runCheck(*game, check, [&](const std::string& input) {
    return gs::runProgram(program, input, options.run);
  });
  if (progressShown) std::fputs("\r\x1b[K", stderr);
  if (!report.error.empty()) {
    std::cerr << "gamesolver: " << report.error << "\n";
    return report.programFailed ? kExitUsage : kExitBadInput;
  }
  const std::string text = gs::formatCheckReport(*game, check, report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (!report.failure) {
    // No board failed: a failing input saved by an earlier check is stale.
    if (!saveFile.empty() && ::unlink(saveFile.c_str()) != 0 && errno != ENOENT)
      std::cerr << "gamesolver: cannot remove " << saveFile << ": " << std::strerror(errno) << "\n";
    return 0;
  }
  if (!saveFile.empty()) {
    std::FILE* file = std::fopen(saveFile.c_str(), "wb");
    const std::string& input = report.failure->input;
    if (!file || std::fwrite(input.data(), 1, input.size(), file) != input.size() ||
        std::fclose(file) != 0) {
      std::cerr << "gamesolver: cannot write " << saveFile << ": " << std::strerror(errno) << "\n";
    } else {
      std::printf("saved the input to %s\n", saveFile.c_str());
    }
  }
  return 1;
}

// gamesolver table RULES NAME=A..B [NAME2=C..D] [NAME=VALUE ...] [--format F] [--pattern]
// (options.given: the arguments as given, the command taken out, for the table's "Made by"
// line).
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

// gamesolver export GAME [FILE] --format svg|md [--step K]
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

// --- The command line: options anywhere before "--" ---

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

// The flags several commands share.
Flag memoryBudgetFlag(gs::SolveLimits& limits) {
  return {"--memory-budget", "", true, "a size such as 512M or 2G",
          [&limits](const std::string& value) {
            const auto bytes = gs::parseByteSize(value);
            if (bytes) limits.memoryBudgetBytes = *bytes;
            return bytes.has_value();
          }};
}
// A whole number from `low` to `high` into `target`.
template <class Integer>
Flag integerFlag(const std::string& name, std::int64_t low, std::int64_t high, Integer& target) {
  return {name, "", true,
          "an integer between " + std::to_string(low) + " and " + std::to_string(high),
          [low, high, &target](const std::string& value) {
            std::int64_t number = 0;
            if (!parseInt(value, number) || number < low || number > high) return false;
            target = static_cast<Integer>(number);
            return true;
          }};
}
Flag maxPositionsFlag(gs::SolveLimits& limits) {
  return integerFlag("--max-positions", 1, 1000000000, limits.maxPositions);
}
Flag secondsFlag(const std::string& name, double& seconds) {
  return {name, "", true, "a positive number of seconds", [&seconds](const std::string& value) {
            const auto parsed = parseSeconds(value);
            if (parsed) seconds = *parsed;
            return parsed.has_value();
          }};
}
Flag switchFlag(const std::string& name, const std::string& alias, bool& target) {
  return {name, alias, false, "", [&target](const std::string&) { return target = true; }};
}

// The flags each command reads (the table's `flags`), each into its part of `options`.
std::vector<Flag> checkFlags(Options& options) {
  gs::SolveLimits& limits = options.limits;
  return {
      {"--seed", "", true, std::string("an integer between 0 and ") + kLargestSeed,
       [&options](const std::string& value) {
         return parseSeed(value, options.check.seed) == SeedText::kOk;
       }},
      integerFlag("--count", 1, 100000000, options.check.count),
      secondsFlag("--time", options.check.timeSeconds),
      secondsFlag("--timeout", options.run.timeoutSeconds),
      {"--save-failing", "", true, "a FILE",
       [&options](const std::string& value) {
         options.saveFile = value;
         return !value.empty();
       }},
      memoryBudgetFlag(limits),
  };
}
std::vector<Flag> exportFlags(Options& options) {
  gs::SolveLimits& limits = options.limits;
  return {
      {"--format", "", true, "svg or md",
       [&options](const std::string& value) {
         const auto format = gs::parseExportFormat(value);
         if (format) options.exportOptions.format = *format;
         return options.formatGiven = format.has_value();
       }},
      {"--step", "", true, "a non-negative integer",
       [&options](const std::string& value) {
         std::int64_t number = 0;
         if (!parseInt(value, number) || number > 1000000000) return false;
         options.exportOptions.step = static_cast<int>(number);
         return true;
       }},
      switchFlag("--quiet", "-q", options.quiet),
      memoryBudgetFlag(limits),
      maxPositionsFlag(limits),
  };
}
std::vector<Flag> tableFlags(Options& options) {
  gs::SolveLimits& limits = options.limits;
  return {
      {"--format", "", true, "tsv, csv, md, cpp, py, losses, periodic or rare",
       [&options](const std::string& value) {
         const auto format = gs::parseTableFormat(value);
         if (format) options.tableFormat = *format;
         return format.has_value();
       }},
      switchFlag("--pattern", "", options.pattern),
      switchFlag("--until-proven", "", options.untilProven),
      integerFlag("--symbols", 1, 9, options.maxSymbols),
      switchFlag("--quiet", "-q", options.quiet),
      memoryBudgetFlag(limits),
      maxPositionsFlag(limits),
  };
}
// The flags of solve, analyze, link, random, bench and cgt (value adds --outcome: valueFlags).
std::vector<Flag> sharedFlags(Options& options) {
  gs::SolveLimits& limits = options.limits;
  return {
      memoryBudgetFlag(limits),
      maxPositionsFlag(limits),
      integerFlag("--case", 1, 1000000, options.caseNumber),
      {"--max", "", true, "a non-negative integer",
       [&options](const std::string& value) {
         std::int64_t number = 0;
         if (!parseInt(value, number)) return false;
         options.maxValue = number;
         return true;
       }},
      integerFlag("--repeat", 1, 10000, options.repeat),
      switchFlag("--quiet", "-q", options.quiet),
      switchFlag("--link", "", options.link),
  };
}
std::vector<Flag> valueFlags(Options& options) {
  std::vector<Flag> flags = sharedFlags(options);
  flags.push_back(switchFlag("--outcome", "", options.outcome));
  return flags;
}

// A command: its name, its lines in the usage (the synopsis, then the help beside it or below
// it: see commandUsage()), what runs it once its options are read, and the flags it reads.
struct Command {
  std::string name;
  std::string synopsis;  // a second line, if any, as the usage prints it
  std::string help;      // its lines without their indentation, none ending in a newline
  int (*run)(Options& options);
  std::vector<Flag> (*flags)(Options& options);
};

// The commands, in the order of the usage.
const std::vector<Command>& commands();

// The flag of `flags` that `arg` names: its name or alias, or --name=VALUE for a value flag
// (whole names only: --maximum is not --max), the VALUE into `value`; nullptr when none does.
const Flag* findFlag(const std::vector<Flag>& flags, const std::string& arg,
                     std::optional<std::string>& value) {
  for (const Flag& flag : flags) {
    if (arg == flag.name || (!flag.alias.empty() && arg == flag.alias)) return &flag;
    if (flag.takesValue && arg.rfind(flag.name + "=", 0) == 0) {
      value = arg.substr(flag.name.size() + 1);
      return &flag;
    }
  }
  return nullptr;
}

// Whether some command reads the option `arg`; `takesValue`: it is a value flag without its
// "=VALUE", so that the next argument is its value.
bool anyCommandReads(const std::string& arg, bool& takesValue) {
  Options scratch;
  for (const Command& command : commands()) {
    if (!command.flags) continue;  // help reads none
    const std::vector<Flag> flags = command.flags(scratch);
    std::optional<std::string> value;
    if (const Flag* flag = findFlag(flags, arg, value)) {
      takesValue = flag->takesValue && !value;
      return true;
    }
  }
  return false;
}

bool isOption(const std::string& arg) {
  return arg.size() > 1 && arg[0] == '-';
}

// Where the command is in `args` (argv[1..]): the first argument before "--" that is neither an
// option nor an option's value, so options may come first (gamesolver -q solve ...); nullopt
// when there is none. `help`: --help or -h comes before it.
std::optional<std::size_t> findCommand(const std::vector<std::string>& args, bool& help) {
  for (std::size_t k = 0; k < args.size() && args[k] != "--"; ++k) {
    if (args[k] == "--help" || args[k] == "-h") {
      help = true;
      return std::nullopt;
    }
    if (!isOption(args[k])) return k;
    bool takesValue = false;
    if (anyCommandReads(args[k], takesValue) && takesValue && k + 1 < args.size() &&
        args[k + 1] != "--")
      ++k;
  }
  return std::nullopt;
}

// Reads a command's arguments (the command word taken out) into `options`: the flags of
// `flags`, --help, and the rest positional, in order. "--" ends the options: every later
// argument is positional, or for check the program to run. Returns the exit status when the
// arguments end the command (--help, a usage error), else nothing.
std::optional<int> parseOptions(const std::vector<std::string>& args,
                                const std::vector<Flag>& flags, Options& options) {
  for (std::size_t k = 0; k < args.size(); ++k) {
    const std::string& arg = args[k];
    if (arg == "--") {
      std::vector<std::string>& rest = options.command == "check" ? options.program : options.args;
      rest.insert(rest.end(), args.begin() + static_cast<std::ptrdiff_t>(k) + 1, args.end());
      break;
    }
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage().c_str(), stdout);
      return 0;
    }
    if (!isOption(arg)) {
      options.args.push_back(arg);
      continue;
    }
    std::optional<std::string> value;
    const Flag* flag = findFlag(flags, arg, value);
    if (!flag) {
      bool takesValue = false;
      if (anyCommandReads(arg, takesValue))
        return usageError(options.command + " has no option '" + arg + "'");
      return usageError("unknown option '" + arg + "'");
    }
    if (flag->takesValue && !value) {
      if (k + 1 == args.size() || args[k + 1] == "--")
        return usageError(flag->name + " is missing its value: " + flag->needs);
      value = args[++k];
    }
    if (!flag->apply(value.value_or("")))
      return usageError(flag->name + " needs " + flag->needs + ", found '" + *value + "'");
  }
  return std::nullopt;
}

std::string commandList() {
  const std::vector<Command>& table = commands();
  std::string list;
  for (std::size_t k = 0; k < table.size(); ++k)
    list += (k == 0 ? "" : k + 1 == table.size() ? " or " : ", ") + table[k].name;
  return list;
}

// The command named `name`; nullptr when none is.
const Command* commandNamed(const std::string& name) {
  for (const Command& command : commands())
    if (command.name == name) return &command;
  return nullptr;
}

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

}  // namespace

int main(int argc, char** argv) {
#ifdef M_MMAP_THRESHOLD
  // The memory budget counts the bytes the solver and the rules ask for; what the process holds
  // should follow it. glibc raises its mmap threshold to the size of each large block freed, so
  // later blocks of that size come from the heap and stay there once freed (a memo's hash
  // arrays before each doubling: a run refused at a budget of 128 MiB peaked at 140 MiB). A
  // fixed threshold keeps each large block mapped on its own and unmapped when freed.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  bool help = false;
  const auto at = findCommand(args, help);
  if (help || (at && args[*at] == "help")) {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
  if (!at) return usageError("missing COMMAND: expected " + commandList());
  Options options;
  options.command = args[*at];
  const Command* command = commandNamed(options.command);
  if (!command)
    return usageError("unknown command '" + options.command + "': expected " + commandList());
  args.erase(args.begin() + static_cast<std::ptrdiff_t>(*at));
  if (const auto status = parseOptions(args, command->flags(options), options)) return *status;
  options.given = args;
  return command->run(options);
}
