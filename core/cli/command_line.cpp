// How gamesolver reads its command line: options anywhere before "--", each command's flags
// (--name VALUE, --name=VALUE or a switch), where the command is among them, and the usage
// error's sentence; and the numbers they take (integers, seeds, seconds).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/judge_text.h"
#include "cli/commands.h"
#include "game.h"

namespace gs::cli {

int usageError(const std::string& message) {
  std::cerr << "gamesolver: " << message << " (gamesolver --help shows the usage)\n";
  return kExitUsage;
}

gs::SolveLimits commandLineLimits() {
  gs::SolveLimits limits;
  limits.maxPositionsOption = "--max-positions N";
  return limits;
}

bool parseInt(const std::string& text, std::int64_t& value) {
  if (text.empty() || text.size() > 18) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  value = std::stoll(text);
  return true;
}

SeedText parseSeed(const std::string& text, std::uint64_t& value) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    return SeedText::kNotANumber;
  const std::size_t first = std::min(text.find_first_not_of('0'), text.size() - 1);
  const auto number = gs::parseUnsignedDecimal(std::string_view(text).substr(first));
  if (!number) return SeedText::kOutOfRange;
  value = *number;
  return SeedText::kOk;
}

namespace {

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

}  // namespace

// check: the boards (--seed, --count), the time (--time, --timeout) and the failing input's file.
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

// export: the picture's format and step.
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

// table: its format, and --pattern's.
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

// solve, analyze, link, random, bench and cgt: one table.
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

// value: those and --outcome.
std::vector<Flag> valueFlags(Options& options) {
  std::vector<Flag> flags = sharedFlags(options);
  flags.push_back(switchFlag("--outcome", "", options.outcome));
  return flags;
}

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

}  // namespace gs::cli
