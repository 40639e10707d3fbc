// gamesolver: the native command-line front-end of the core. A thin client: it reads text,
// hands it to the core, and prints what the core returns. See usage() for the commands.
#include <fcntl.h>
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
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "../analysis.h"
#include "../bench.h"
#include "../check.h"
#include "../export.h"
#include "../session.h"
#include "../share_link.h"
#include "run_program.h"

namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitUsage = 64;    // sysexits EX_USAGE
constexpr int kExitNoInput = 66;  // sysexits EX_NOINPUT

std::string countWord(std::size_t count) {
  static const char* const kWords[] = {"no",   "one", "two",   "three", "four",
                                       "five", "six", "seven", "eight", "nine"};
  return count < 10 ? kWords[count] : std::to_string(count);
}

// The usage text; the games' lines come from the registry.
std::string usage() {
  std::string ids, randomLines, formatLines;
  const auto pad = [](std::string text, std::size_t width) {
    return text.size() < width ? text + std::string(width - text.size(), ' ') : text + " ";
  };
  for (const gs::Game* game : gs::games()) {
    const gs::GameInfo& info = game->info();
    ids += (ids.empty() ? "" : ", ") + std::string(info.id);
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
    randomLines +=
        "                           " + (bound.empty() ? command : pad(command, 34) + bound) + "\n";
    formatLines +=
        "  " + pad(info.id, 11) + pad(info.inputShape, 56) + "-> " + info.answerShape + "\n";
  }
  return "usage: gamesolver COMMAND [OPTIONS] [ARGS]\n"
         "\n"
         "Exact solver for " +
         countWord(gs::games().size()) + " two-player games (ids: " + ids +
         ").\n"
         "\n"
         "Commands:\n"
         "  solve GAME [FILE]      read the judge's input from FILE (or standard input) and print\n"
         "                         exactly the judge's expected output\n"
         "  analyze GAME [FILE]    print a JSON analysis: the value in its named metric, the "
         "principal\n"
         "                         line and every legal move's value at each step of it, the "
         "number\n"
         "                         of positions solved and the solve time, and what the game adds\n"
         "                         (e.g. every cell's outcome with its certificate)\n"
         "  link GAME [FILE]       print the share-link fragment (#g=...) of the board in FILE "
         "(or\n"
         "                         standard input): index.html + the fragment opens it in the app\n"
         "  random GAME SIZE... [SEED] [--link]\n"
         "                         print a random board as judge input:\n" +
         randomLines +
         "                         with --link: print the board's share link (its recipe) instead\n"
         "  bench [--repeat K]     solve a fixed list of boards, print the median time of each "
         "and\n"
         "                         the bench signature (positions and answers), for comparing "
         "builds\n"
         "  check GAME [--seed S] [--count N] [--time SECONDS] [--timeout SECONDS]\n"
         "             [--save-failing FILE] -- PROGRAM [ARGS...]\n"
         "                         stress-test a solution (\xE5\xAF\xB9\xE6\x8B\x8D): run PROGRAM "
         "(no shell) on N\n"
         "                         seeded random boards within the judge's limits (default 100;\n"
         "                         smallest sizes, ties and the game's edge cases included), the\n"
         "                         judge's input on its standard input, and compare its output\n"
         "                         with the exact answer token by token, as a judge does. A run\n"
         "                         fails on a wrong answer, no output, a non-zero exit, a signal,\n"
         "                         more than 64 MiB of output, or past --timeout (default 2 s a\n"
         "                         run). The first failing board is shrunk while it fails the "
         "same\n"
         "                         way (fewer rows, columns or cards, smaller values); the "
         "smallest\n"
         "                         input, the expected and received outputs and the board's link\n"
         "                         are printed, and --save-failing writes that input to FILE.\n"
         "                         --seed (default 1) names the boards; --time bounds the whole "
         "run\n"
         "                         (it may overrun by one run). Without a failure: one summary "
         "line\n"
         "  export GAME [FILE] --format svg|md [--step K]\n"
         "                         print the board at step K (default 0, the start) of the "
         "optimal\n"
         "                         line as a standalone SVG picture (stones or cards with move\n"
         "                         numbers, points, every legal move's value with the best "
         "marked,\n"
         "                         a caption with the value) or as Markdown for an editorial (the\n"
         "                         judge input, the answer, the optimal line and the board as\n"
         "                         tables, no HTML); boards up to 64 x 64 cells\n"
         "  help, --help           print this text\n"
         "\n"
         "Options:\n"
         "  --memory-budget SIZE   refuse boards whose tables need more than SIZE (default " +
         gs::formatBytes(gs::kNativeMemoryBudget) +
         ";\n"
         "                         suffixes K, M, G, T); inputs longer than the largest board\n"
         "                         within it are refused as too large\n"
         "  --                     end of options: every later argument is a GAME, FILE or number\n"
         "  --max V                random: the largest value drawn\n"
         "  --quiet, -q            no progress line (shown on a terminal when a solve runs over a\n"
         "                         second)\n"
         "\n"
         "Exit status: 0 success; 1 check: a board failed; 2 the input is malformed or too large "
         "(a\n"
         "message naming the line and column goes to standard error, nothing to standard output),\n"
         "or export: the step is past the optimal line or the board too large to draw; 64 bad "
         "usage,\n"
         "unknown game, or check's PROGRAM cannot be run; 66 the input file cannot be read.\n"
         "\n"
         "Input formats (see GAMES.md):\n" +
         formatLines;
}

int usageError(const std::string& message) {
  std::cerr << "gamesolver: " << message << "\n\n" << usage();
  return kExitUsage;
}

// A usage error that one sentence explains (the usage text would bury it).
int argumentError(const std::string& message) {
  std::cerr << "gamesolver: " << message << " (gamesolver --help shows the usage)\n";
  return kExitUsage;
}

struct Options {
  std::vector<std::string> args;  // positional arguments after the command
  gs::SolveLimits limits;
  std::optional<std::int64_t> maxValue;
  int repeat = 15;
  bool link = false;
  bool quiet = false;  // no progress line
};

bool parseInt(const std::string& text, std::int64_t& value) {
  if (text.empty() || text.size() > 18) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  value = std::stoll(text);
  return true;
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
        error = gs::inputTooLargeMessage(game, limits);
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
        error = gs::inputTooLargeMessage(game, limits);
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

const gs::Game* gameArgument(const Options& options, int& status) {
  if (options.args.empty()) {
    status = usageError("missing GAME (" + gs::gameIdList() + ")");
    return nullptr;
  }
  const gs::Game* game = gs::findGame(options.args[0]);
  if (!game)
    status =
        usageError("unknown game '" + options.args[0] + "' (expected " + gs::gameIdList() + ")");
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

// Reads, parses and solves the board of the arguments. `beforeSolve` may refuse the parsed board
// before any solving (export refuses boards too large to draw).
int loadSession(const Options& options, std::optional<gs::Session>& session,
                std::optional<gs::ParseError> (*beforeSolve)(const gs::GameBoard&) = nullptr) {
  int status = 0;
  const auto game = gameArgument(options, status);
  if (!game) return status;
  if (options.args.size() > 2) return usageError("too many arguments");
  InputText input;
  std::string error;
  const InputText::Status read = input.open(options.args, 1, *game, options.limits, error);
  if (read != InputText::Status::kOk) {
    std::cerr << "error: " << error << "\n";
    return read == InputText::Status::kTooLarge ? kExitBadInput : kExitNoInput;
  }
  auto job = gs::startJudgeInput(*game, input.text(), options.limits);
  if (!job) {
    std::cerr << "error: " << job.error().toString() << "\n";
    return kExitBadInput;
  }
  if (beforeSolve)
    if (const auto refusal = beforeSolve(job->board())) {
      std::cerr << "error: " << refusal->toString() << "\n";
      return kExitBadInput;
    }
  solveWithProgress(job.value(), !options.quiet && ::isatty(2) == 1);
  session.emplace(std::move(job->finish().value()));
  return 0;
}

int commandSolve(const Options& options) {
  std::optional<gs::Session> session;
  if (int status = loadSession(options, session)) return status;
  const std::string output = session->judgeOutput();
  std::fwrite(output.data(), 1, output.size(), stdout);
  return 0;
}

int commandAnalyze(const Options& options) {
  std::optional<gs::Session> session;
  if (int status = loadSession(options, session)) return status;
  const std::string json = gs::analysisJson(*session);
  std::fwrite(json.data(), 1, json.size(), stdout);
  return 0;
}

int commandLink(const Options& options) {
  std::optional<gs::Session> session;
  if (int status = loadSession(options, session)) return status;
  const auto link = gs::makeLink(*session, std::nullopt);
  if (!link) {
    std::cerr << "error: " << link.error().toString() << "\n";
    return kExitBadInput;
  }
  std::printf("%s\n", link.value().c_str());
  return 0;
}

int commandRandom(const Options& options) {
  int status = 0;
  const gs::Game* game = gameArgument(options, status);
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
  // The default SEED is the one the first release used (0, or 1 for games of three sizes), so
  // that old commands print the same boards.
  std::int64_t numbers[8] = {};
  numbers[sizes] = sizes == 3 ? 1 : 0;
  for (std::size_t k = 1; k < options.args.size(); ++k)
    if (!parseInt(options.args[k], numbers[k - 1]))
      return usageError("'" + options.args[k] + "' is not a non-negative integer");
  gs::Recipe recipe;
  recipe.game = game;
  recipe.seed = static_cast<std::uint64_t>(numbers[sizes]);
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
    return argumentError(command + (fields[k].isSize ? label : "--max") + " must be between " +
                         std::to_string(fields[k].min) + " and " + std::to_string(fields[k].max) +
                         ", found " + std::to_string(recipe.fields[k]));
  }
  const std::string problem =
      game->checkRecipe(recipe, options.link ? options.limits : gs::SolveLimits{~std::uint64_t{0}});
  if (!problem.empty()) return argumentError(command + problem);
  if (options.link) {
    auto session = gs::sessionFromRecipe(recipe, options.limits);
    if (!session) return argumentError(command + session.error().toString());
    std::printf("%s\n", gs::makeLink(session.value(), recipe).value().c_str());
    return 0;
  }
  // The board as judge input, without solving it.
  const std::string text = game->generate(recipe)->judgeInput();
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

// The bench: fixed boards, median times, and a signature every build must reproduce.
int commandBench(const Options& options) {
  const gs::BenchResult result = gs::runBench(options.repeat, options.limits);
  if (!result.error.empty()) {
    std::cerr << "error: " << result.error << "\n";
    return kExitBadInput;
  }
  std::fputs(result.table().c_str(), stdout);
  return 0;
}

// --- check and export: commands with their own flags, parsed here ---

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

// Flags of the form --name VALUE or --name=VALUE; `k` advances past a separate VALUE.
std::optional<std::string> flagValue(int argc, char** argv, int& k, const std::string& name) {
  const std::string arg = argv[k];
  if (arg.rfind(name + "=", 0) == 0) return arg.substr(name.size() + 1);
  if (arg == name && k + 1 < argc) return std::string(argv[++k]);
  return std::nullopt;
}

bool isFlag(const std::string& arg, const std::string& name) {
  return arg == name || arg.rfind(name + "=", 0) == 0;
}

// gamesolver check GAME [--seed S] [--count N] [--time SECONDS] [--timeout SECONDS]
//                       [--save-failing FILE] -- PROGRAM [ARGS...]
int commandCheck(int argc, char** argv) {
  gs::CheckOptions check;
  gs::RunLimits run;
  std::string saveFile;
  std::vector<std::string> positional, program;
  for (int k = 2; k < argc; ++k) {
    const std::string arg = argv[k];
    if (arg == "--") {
      program.assign(argv + k + 1, argv + argc);
      break;
    }
    std::int64_t number = 0;
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage().c_str(), stdout);
      return 0;
    } else if (isFlag(arg, "--seed")) {
      const auto value = flagValue(argc, argv, k, "--seed");
      if (!value || !parseInt(*value, number))
        return usageError("--seed needs a non-negative integer");
      check.seed = static_cast<std::uint64_t>(number);
    } else if (isFlag(arg, "--count")) {
      const auto value = flagValue(argc, argv, k, "--count");
      if (!value || !parseInt(*value, number) || number < 1 || number > 100000000)
        return usageError("--count needs an integer between 1 and 100000000");
      check.count = static_cast<int>(number);
    } else if (isFlag(arg, "--time")) {
      const auto value = flagValue(argc, argv, k, "--time");
      const auto seconds = value ? parseSeconds(*value) : std::nullopt;
      if (!seconds) return usageError("--time needs a positive number of seconds");
      check.timeSeconds = *seconds;
    } else if (isFlag(arg, "--timeout")) {
      const auto value = flagValue(argc, argv, k, "--timeout");
      const auto seconds = value ? parseSeconds(*value) : std::nullopt;
      if (!seconds) return usageError("--timeout needs a positive number of seconds");
      run.timeoutSeconds = *seconds;
    } else if (isFlag(arg, "--save-failing")) {
      const auto value = flagValue(argc, argv, k, "--save-failing");
      if (!value || value->empty()) return usageError("--save-failing needs a FILE");
      saveFile = *value;
    } else if (isFlag(arg, "--memory-budget")) {
      const auto value = flagValue(argc, argv, k, "--memory-budget");
      const auto bytes = value ? gs::parseByteSize(*value) : std::nullopt;
      if (!bytes) return usageError("--memory-budget needs a size such as 512M or 2G");
      check.limits.memoryBudgetBytes = *bytes;
    } else if (arg.size() > 1 && arg[0] == '-') {
      return usageError("unknown option '" + arg + "'");
    } else {
      positional.push_back(arg);
    }
  }
  Options options;
  options.args = positional;
  int status = 0;
  const gs::Game* game = gameArgument(options, status);
  if (!game) return status;
  if (positional.size() > 1)
    return usageError("check takes one GAME; put the program after '--': check " +
                      std::string(game->id()) + " -- PROGRAM [ARGS...]");
  if (program.empty()) return usageError("check needs the program to test after '--'");

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
  const gs::CheckReport report = gs::runCheck(
      *game, check, [&](const std::string& input) { return gs::runProgram(program, input, run); });
  if (progressShown) std::fputs("\r\x1b[K", stderr);
  if (!report.error.empty()) {
    std::cerr << "gamesolver: " << report.error << "\n";
    return report.programFailed ? kExitUsage : kExitBadInput;
  }
  const std::string text = gs::formatCheckReport(*game, check, report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (!report.failure) return 0;
  if (!saveFile.empty()) {
    std::FILE* file = std::fopen(saveFile.c_str(), "wb");
    const std::string& input = report.failure->input;
    if (!file || std::fwrite(input.data(), 1, input.size(), file) != input.size() ||
        std::fclose(file) != 0) {
      std::cerr << "error: cannot write " << saveFile << ": " << std::strerror(errno) << "\n";
    } else {
      std::printf("saved the input to %s\n", saveFile.c_str());
    }
  }
  return 1;
}

// gamesolver export GAME [FILE] --format svg|md [--step K]
int commandExport(int argc, char** argv) {
  Options options;
  gs::ExportOptions exportOptions;
  bool formatGiven = false;
  for (int k = 2; k < argc; ++k) {
    const std::string arg = argv[k];
    std::int64_t number = 0;
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage().c_str(), stdout);
      return 0;
    } else if (isFlag(arg, "--format")) {
      const auto value = flagValue(argc, argv, k, "--format");
      const auto format = value ? gs::parseExportFormat(*value) : std::nullopt;
      if (!format) return usageError("--format needs svg or md");
      exportOptions.format = *format;
      formatGiven = true;
    } else if (isFlag(arg, "--step")) {
      const auto value = flagValue(argc, argv, k, "--step");
      if (!value || !parseInt(*value, number) || number > 1000000000)
        return usageError("--step needs a non-negative integer");
      exportOptions.step = static_cast<int>(number);
    } else if (isFlag(arg, "--memory-budget")) {
      const auto value = flagValue(argc, argv, k, "--memory-budget");
      const auto bytes = value ? gs::parseByteSize(*value) : std::nullopt;
      if (!bytes) return usageError("--memory-budget needs a size such as 512M or 2G");
      options.limits.memoryBudgetBytes = *bytes;
    } else if (arg.size() > 1 && arg[0] == '-') {
      return usageError("unknown option '" + arg + "'");
    } else {
      options.args.push_back(arg);
    }
  }
  if (!formatGiven) return usageError("export needs --format svg or --format md");
  std::optional<gs::Session> session;
  // A board too large to draw is refused before it is solved.
  const auto refusal = [](const gs::GameBoard& board) { return board.exportRefusal(); };
  if (int status = loadSession(options, session, refusal)) return status;
  const auto text = gs::exportBoard(*session, exportOptions);
  if (!text) {
    std::cerr << "error: " << text.error().toString() << "\n";
    return kExitBadInput;
  }
  std::fwrite(text.value().data(), 1, text.value().size(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2) return usageError("missing COMMAND");
  const std::string command = argv[1];
  if (command == "help" || command == "--help" || command == "-h") {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
  // Commands that parse their own flags (check passes everything after "--" to the program).
  if (command == "check") return commandCheck(argc, argv);
  if (command == "export") return commandExport(argc, argv);
  Options options;
  bool optionsEnded = false;  // after "--", every argument is positional
  for (int k = 2; k < argc; ++k) {
    const std::string arg = argv[k];
    if (optionsEnded) {
      options.args.push_back(arg);
      continue;
    }
    if (arg == "--") {
      optionsEnded = true;
      continue;
    }
    const auto valueOf = [&](const char* name) -> std::optional<std::string> {
      const std::string prefix = std::string(name) + "=";
      if (arg.rfind(prefix, 0) == 0) return arg.substr(prefix.size());
      if (arg == name && k + 1 < argc) return std::string(argv[++k]);
      return std::nullopt;
    };
    if (arg == "--help" || arg == "-h") {
      std::fputs(usage().c_str(), stdout);
      return 0;
    }
    if (arg.rfind("--memory-budget", 0) == 0) {
      const auto value = valueOf("--memory-budget");
      const auto bytes = value ? gs::parseByteSize(*value) : std::nullopt;
      if (!bytes) return usageError("--memory-budget needs a size such as 512M or 2G");
      options.limits.memoryBudgetBytes = *bytes;
    } else if (arg.rfind("--max", 0) == 0) {
      const auto value = valueOf("--max");
      std::int64_t number = 0;
      if (!value || !parseInt(*value, number))
        return usageError("--max needs a non-negative integer");
      options.maxValue = number;
    } else if (arg.rfind("--repeat", 0) == 0) {
      const auto value = valueOf("--repeat");
      std::int64_t number = 0;
      if (!value || !parseInt(*value, number) || number < 1 || number > 10000)
        return usageError("--repeat needs an integer between 1 and 10000");
      options.repeat = static_cast<int>(number);
    } else if (arg == "--quiet" || arg == "-q") {
      options.quiet = true;
    } else if (arg == "--link") {
      options.link = true;
    } else if (arg.size() > 1 && arg[0] == '-' && arg != "-") {
      return usageError("unknown option '" + arg + "'");
    } else {
      options.args.push_back(arg);
    }
  }
  if (command == "solve") return commandSolve(options);
  if (command == "analyze") return commandAnalyze(options);
  if (command == "random") return commandRandom(options);
  if (command == "link") return commandLink(options);
  if (command == "bench") {
    if (!options.args.empty()) return usageError("bench takes no arguments");
    return commandBench(options);
  }
  return usageError("unknown command '" + command + "'");
}
