// gamesolver: the native command-line front-end of the core. A thin client: it reads text,
// hands it to the core, and prints what the core returns. See usage() for the commands.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../analysis.h"
#include "../bench.h"
#include "../session.h"
#include "../share_link.h"

namespace {

constexpr int kExitBadInput = 2;
constexpr int kExitUsage = 64;    // sysexits EX_USAGE
constexpr int kExitNoInput = 66;  // sysexits EX_NOINPUT

std::string countWord(std::size_t count) {
  static const char* const kWords[] = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"};
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
        bound = "(values in " + std::to_string(field.min) + ".." + std::to_string(field.cliDefault) +
                " unless --max)";
      }
    }
    const std::string command = std::string("random ") + info.id + " " + sizes + "[SEED]";
    randomLines += "                           " + (bound.empty() ? command : pad(command, 34) + bound) + "\n";
    formatLines += "  " + pad(info.id, 11) + pad(info.inputShape, 56) + "-> " + info.answerShape + "\n";
  }
  return "usage: gamesolver COMMAND [OPTIONS] [ARGS]\n"
         "\n"
         "Exact solver for " + countWord(gs::games().size()) + " two-player games (ids: " + ids +
         ").\n"
         "\n"
         "Commands:\n"
         "  solve GAME [FILE]      read the judge's input from FILE (or standard input) and print\n"
         "                         exactly the judge's expected output\n"
         "  analyze GAME [FILE]    print a JSON analysis: the value in its named metric, the principal\n"
         "                         line and every legal move's value at each step of it, the number\n"
         "                         of positions solved and the solve time, and what the game adds\n"
         "                         (e.g. every cell's outcome with its certificate)\n"
         "  link GAME [FILE]       print the share-link fragment (#g=...) of the board in FILE (or\n"
         "                         standard input): index.html + the fragment opens it in the app\n"
         "  random GAME SIZE... [SEED] [--link]\n"
         "                         print a random board as judge input:\n" +
         randomLines +
         "                         with --link: print the board's share link (its recipe) instead\n"
         "  bench [--repeat K]     solve a fixed list of boards, print the median time of each and\n"
         "                         the bench signature (positions and answers), for comparing builds\n"
         "  help, --help           print this text\n"
         "\n"
         "Options:\n"
         "  --memory-budget SIZE   refuse boards whose tables need more than SIZE (default " +
         gs::formatBytes(gs::kNativeMemoryBudget) + ";\n"
         "                         suffixes K, M, G, T); inputs longer than the largest board\n"
         "                         within it are refused as too large\n"
         "  --                     end of options: every later argument is a GAME, FILE or number\n"
         "  --max V                random: the largest value drawn\n"
         "\n"
         "Exit status: 0 success; 2 the input is malformed or too large (a message naming the line\n"
         "and column goes to standard error, nothing to standard output); 64 bad usage or unknown\n"
         "game; 66 the input file cannot be read.\n"
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
      if (limit != 0 && buffer_.capacity() < limit) buffer_.reserve(static_cast<std::size_t>(limit));
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
    status = usageError("unknown game '" + options.args[0] + "' (expected " + gs::gameIdList() +
                        ")");
  return game;
}

int loadSession(const Options& options, std::optional<gs::Session>& session) {
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
  auto loaded = gs::Session::fromJudgeInput(*game, input.text(), options.limits);
  if (!loaded) {
    std::cerr << "error: " << loaded.error().toString() << "\n";
    return kExitBadInput;
  }
  session.emplace(std::move(loaded.value()));
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

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (argc < 2) return usageError("missing COMMAND");
  const std::string command = argv[1];
  if (command == "help" || command == "--help" || command == "-h") {
    std::fputs(usage().c_str(), stdout);
    return 0;
  }
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
      if (!value || !parseInt(*value, number)) return usageError("--max needs a non-negative integer");
      options.maxValue = number;
    } else if (arg.rfind("--repeat", 0) == 0) {
      const auto value = valueOf("--repeat");
      std::int64_t number = 0;
      if (!value || !parseInt(*value, number) || number < 1 || number > 10000)
        return usageError("--repeat needs an integer between 1 and 10000");
      options.repeat = static_cast<int>(number);
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
