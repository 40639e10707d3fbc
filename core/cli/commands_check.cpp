// The gamesolver check command: a contestant's program run on seeded random boards and its
// output compared with the exact answer, the first failing board shrunk, and the report.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/board_input.h"
#include "cli/commands.h"
#include "cli/run_program.h"
#include "tools/check.h"

namespace gs::cli {
namespace {

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

}  // namespace

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

}  // namespace gs::cli
