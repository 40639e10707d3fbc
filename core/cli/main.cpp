// gamesolver: the native command-line front-end of the core. A thin client: it reads text,
// hands it to the core, and prints what the core returns. The commands and their usage:
// command_table.cpp.
#include <malloc.h>

#include <cstddef>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"

using gs::cli::Command;
using gs::cli::commandList;
using gs::cli::commandNamed;
using gs::cli::findCommand;
using gs::cli::Options;
using gs::cli::parseOptions;
using gs::cli::usage;
using gs::cli::usageError;

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
