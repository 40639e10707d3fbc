// How a gamesolver command reads its board: the input text (a file mapped or a pipe read, within
// the game's size limit), the GAME argument, a rules file and its parameters or its judge's input,
// and the solve, with its progress line on a terminal.
#include "cli/board_input.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "rules/load_rules.h"
#include "rules/lua_rules.h"
#include "rules/rules_judge.h"
#include "rules/take_break.h"
#include "tools/board_load.h"

namespace gs::cli {
namespace {

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

}  // namespace

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

bool namesRulesFile(const Options& options) {
  if (options.args.empty() || gs::findGame(options.args[0])) return false;
  const std::string& name = options.args[0];
  if (gs::namesTakeBreakGame(name)) return true;  // octal:0.137
  struct stat info {};
  return (name.size() > 4 && name.compare(name.size() - 4, 4, ".lua") == 0) ||
         ::stat(name.c_str(), &info) == 0;
}

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

gs::Params paramsOf(const RulesArguments& rules, const std::vector<std::string>& cases) {
  return rules.input ? gs::caseParams(cases[rules.caseIndex]) : rules.params;
}

void printSearchNote(const std::string& file, const gs::Game& game) {
  const gs::RulesGame* rules = game.rulesGame();
  if (!rules) return;
  const std::string note = rules->rules().searchNote();
  if (!note.empty()) std::cerr << "gamesolver: " << file << ": note: " << note << "\n";
}

int loadSession(const Options& options, std::optional<gs::Session>& session,
                std::optional<gs::ParseError> (*beforeSolve)(const gs::GameBoard&),
                std::optional<std::string>* searchedValue) {
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

}  // namespace gs::cli
