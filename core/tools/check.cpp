#include "tools/check.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <functional>
#include <utility>

#include "base/random.h"
#include "rules/rules_judge.h"
#include "rules/term.h"
#include "session.h"
#include "tools/share_link.h"

namespace gs {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string_view nextToken(std::string_view text, std::size_t& pos) {
  while (pos < text.size() && std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  const std::size_t start = pos;
  while (pos < text.size() && !std::isspace(static_cast<unsigned char>(text[pos]))) ++pos;
  return text.substr(start, pos - start);
}

bool onlyWhitespace(std::string_view text) {
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) return false;
  return true;
}

std::string secondsText(double seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, seconds < 10 ? "%.2f s" : "%.1f s", seconds);
  return buffer;
}

std::string limitText(double seconds) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g s", seconds);
  return buffer;
}

// "SIGSEGV, Segmentation fault" for the common signals, the number otherwise.
std::string signalText(int signal) {
  static const std::pair<int, const char*> kNames[] = {
      {SIGSEGV, "SIGSEGV"}, {SIGABRT, "SIGABRT"}, {SIGFPE, "SIGFPE"},   {SIGILL, "SIGILL"},
      {SIGBUS, "SIGBUS"},   {SIGKILL, "SIGKILL"}, {SIGTERM, "SIGTERM"}, {SIGPIPE, "SIGPIPE"},
      {SIGTRAP, "SIGTRAP"}, {SIGXCPU, "SIGXCPU"}, {SIGINT, "SIGINT"}};
  std::string text = "signal " + std::to_string(signal);
  for (const auto& [number, name] : kNames)
    if (number == signal) text += std::string(" (") + name + ", " + strsignal(signal) + ")";
  return text;
}

// At most `maxLines` lines of a text (each cut at about 200 bytes), escaped for a terminal, with a
// note of what was left out; "(nothing)" if empty.
std::string excerpt(std::string_view text, std::size_t maxLines) {
  if (onlyWhitespace(text)) return text.empty() ? "(nothing)\n" : "(only whitespace)\n";
  std::string out;
  std::size_t lines = 0, pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    if (lines < maxLines) {
      std::string_view line = text.substr(pos, end - pos);
      if (line.size() > 200) {
        std::size_t cut = 200;  // not inside a UTF-8 character
        while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
        line = line.substr(0, cut);
      }
      out += escapeForTerminal(line);
      out += '\n';
    }
    ++lines;
    pos = end + 1;
  }
  if (lines > maxLines) out += "... (" + std::to_string(lines - maxLines) + " more lines)\n";
  return out;
}

// Whether one of shrinking's bounds stops it before its next try, and which (in `failure`).
bool shrinkingStops(CheckFailure& failure, const CheckOptions& options, Clock::time_point start,
                    Clock::time_point shrinkStart) {
  using Stop = CheckFailure::ShrinkStop;
  if (failure.shrinkRuns + failure.shrinkRefused >= options.maxShrinkRuns)
    failure.shrinkStop = Stop::kRunCap;
  else if (options.timeSeconds > 0 && secondsSince(start) >= options.timeSeconds)
    failure.shrinkStop = Stop::kTimeLimit;
  else if (options.maxShrinkSeconds > 0 && secondsSince(shrinkStart) >= options.maxShrinkSeconds)
    failure.shrinkStop = Stop::kShrinkTime;
  else
    return false;
  return true;
}

}  // namespace

std::string escapeForTerminal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t pos = 0; pos < text.size();) {
    const auto c = static_cast<unsigned char>(text[pos]);
    const std::size_t length = utf8Length(text, pos);
    // C1 controls are U+0080..U+009F: C2 80..C2 9F in UTF-8.
    const bool c1 = length == 2 && c == 0xC2 && static_cast<unsigned char>(text[pos + 1]) < 0xA0;
    if (length == 0 || c1 || (c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
      const std::size_t bytes = c1 ? 2 : 1;
      for (std::size_t k = 0; k < bytes; ++k) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02x", static_cast<unsigned char>(text[pos + k]));
        out += hex;
      }
      pos += bytes;
      continue;
    }
    out.append(text.substr(pos, length));
    pos += length;
  }
  return out;
}

bool sameTokens(std::string_view a, std::string_view b) {
  std::size_t i = 0, j = 0;
  for (;;) {
    const std::string_view x = nextToken(a, i);
    const std::string_view y = nextToken(b, j);
    if (x != y) return false;
    if (x.empty()) return true;
  }
}

Judgement judgeRun(const ProgramRun& run, std::string_view expected) {
  switch (run.end) {
    case ProgramRun::End::kTimedOut:
      return {CheckVerdict::kTimedOut,
              "ran past the time limit of " + limitText(run.timeLimitSeconds) + " (killed)"};
    case ProgramRun::End::kSignaled:
      return {CheckVerdict::kCrashed, "crashed: killed by " + signalText(run.signal)};
    case ProgramRun::End::kOutputTooLarge:
      return {CheckVerdict::kOutputTooLarge,
              "printed more than " + formatBytes(run.outputLimitBytes) + " (killed)"};
    case ProgramRun::End::kExited:
      break;
  }
  if (run.exitStatus != 0)
    return {CheckVerdict::kNonZeroExit, "exited with status " + std::to_string(run.exitStatus)};
  if (onlyWhitespace(run.output)) return {CheckVerdict::kNoOutput, "printed nothing"};
  if (!sameTokens(run.output, expected)) return {CheckVerdict::kWrongAnswer, "wrong answer"};
  return {};
}

std::string checkBoard(const Game& game, std::uint64_t seed, int index) {
  SplitMix64 seeds(seed);
  std::uint64_t boardSeed = 0;
  for (int k = 0; k < index; ++k) boardSeed = seeds.next();
  SplitMix64 random(boardSeed);
  return game.randomJudgeInput(random);
}

namespace {

// The seed random() gets: a SplitMix64 number as a non-negative Lua integer.
std::int64_t rulesSeed(std::uint64_t number) {
  return static_cast<std::int64_t>(number >> 1);
}

// The terms one step smaller than `term`, each handed to `tryIt` until it returns true (taken,
// or shrinking stopped): the largest steps first, an array's first or second half dropped, then
// each of its items; a string emptied, halved, then each of its characters dropped; an integer
// made 0, halved, then one nearer 0; true made false; then the same inside each item or
// field (a record keeps its keys). True when `tryIt` did.
bool forEachSmaller(const Term& term, const std::function<bool(const Term&)>& tryIt) {
  switch (term.kind()) {
    case Term::Kind::kInteger: {
      const std::int64_t v = term.asInteger();
      if (v == 0) return false;
      std::vector<std::int64_t> tried;
      for (const std::int64_t smaller : {std::int64_t{0}, v / 2, v > 0 ? v - 1 : v + 1}) {
        if (std::find(tried.begin(), tried.end(), smaller) != tried.end()) continue;
        tried.push_back(smaller);
        if (tryIt(Term::integer(smaller))) return true;
      }
      return false;
    }
    case Term::Kind::kBoolean:
      return term.asBoolean() && tryIt(Term::boolean(false));
    case Term::Kind::kString: {
      const std::string& text = term.asString();
      const std::size_t n = text.size();
      if (n == 0) return false;
      if (tryIt(Term::string(""))) return true;
      if (n >= 2 &&
          (tryIt(Term::string(text.substr(0, n / 2))) || tryIt(Term::string(text.substr(n / 2)))))
        return true;
      for (std::size_t k = 0; n >= 2 && k < n; ++k)
        if (tryIt(Term::string(text.substr(0, k) + text.substr(k + 1)))) return true;
      return false;
    }
    case Term::Kind::kTable:
      break;
  }
  const auto& entries = term.entries();
  const std::size_t n = entries.size();
  const auto items = [&](std::size_t from, std::size_t to, std::size_t skip) {
    std::vector<Term> kept;
    for (std::size_t k = from; k < to; ++k)
      if (k != skip) kept.push_back(entries[k].second);
    return Term::list(std::move(kept));
  };
  if (term.isArray() && n > 0) {
    if (n >= 2 && (tryIt(items(0, n / 2, n)) || tryIt(items(n / 2, n, n)))) return true;
    for (std::size_t k = 0; k < n; ++k)
      if (tryIt(items(0, n, k))) return true;
  }
  for (std::size_t k = 0; k < n; ++k) {
    const bool taken = forEachSmaller(entries[k].second, [&](const Term& smaller) {
      std::vector<std::pair<Term, Term>> changed = entries;
      changed[k].second = smaller;
      return tryIt(Term::table(std::move(changed)));
    });
    if (taken) return true;
  }
  return false;
}

// The check of rules that read a problem's input (see the header): boards from random(), the
// expected output from the judge's output of the whole input, shrinking by size then seed.
CheckReport runRulesCheck(const RulesGame& game, const CheckOptions& options,
                          const ProgramRunner& run) {
  const Clock::time_point start = Clock::now();
  const auto timeUp = [&] {
    return options.timeSeconds > 0 && secondsSince(start) >= options.timeSeconds;
  };
  CheckReport report;
  Rules& rules = game.rules();
  const auto draw = [&](std::int64_t seed, std::int64_t size) { return rules.random(seed, size); };
  const auto answer = [&](const std::string& input) {
    return rulesJudgeOutput(game, input, options.limits);
  };
  const auto fail = [&](const std::string& what, const ParseError& error) {
    report.error = what + ": " + error.toString();
    report.seconds = secondsSince(start);
    return report;
  };
  SplitMix64 seeds(options.seed);
  for (int index = 1; index <= options.count; ++index) {
    if (timeUp()) {
      report.timeUp = true;
      break;
    }
    if (options.progress) options.progress(index);
    const std::int64_t seed = rulesSeed(seeds.next());
    const std::int64_t size =
        1 + static_cast<std::int64_t>((static_cast<std::int64_t>(index) - 1) * 10 / options.count);
    const std::string where = "board " + std::to_string(index) + " (random(" +
                              std::to_string(seed) + ", " + std::to_string(size) + "))";
    auto input = draw(seed, size);
    if (!input) return fail(where, input.error());
    auto expected = answer(input.value());
    if (!expected) return fail(where, expected.error());
    auto first = run(input.value());
    if (!first) {
      report.error = first.error().toString();
      report.programFailed = true;
      break;
    }
    const Judgement judgement = judgeRun(first.value(), expected.value());
    if (judgement.verdict == CheckVerdict::kAccepted) {
      ++report.passed;
      continue;
    }
    // Shrinking: the smallest size, then the first seed, whose input fails the same way.
    CheckFailure failure;
    failure.board = index;
    failure.originalInput = failure.input = input.value();
    failure.expected = expected.value();
    failure.run = std::move(first.value());
    failure.judgement = judgement;
    failure.originalSize = failure.size = size;
    failure.randomSeed = seed;
    // Sizes 1, 2, ... below the drawn one, then the drawn size itself (its first seeds come
    // before the drawn one, a number of 63 bits), each with seeds 1 to kSeedsPerSize; an input
    // that random() or the judge cannot make is a try, and kRefusedInARow of them end a size's
    // tries, kRefusedInAll shrinking.
    constexpr std::int64_t kSeedsPerSize = 100;
    constexpr int kRefusedInARow = 3, kRefusedInAll = 10;
    const Clock::time_point shrinkStart = Clock::now();
    // A refused try (`made`: the input was made, and the judge refused it): counted, the first
    // one's error kept; true once kRefusedInAll of them end shrinking.
    const auto refused = [&](bool made, const std::string& call, const ParseError& error) {
      if (failure.refusal.empty())
        failure.refusal =
            (made ? "the judge's output of " + call + "'s input: " : "") + error.toString();
      if (++failure.shrinkRefused < kRefusedInAll) return false;
      failure.shrinkStop = CheckFailure::ShrinkStop::kRefusals;
      return true;
    };
    bool found = false;
    for (std::int64_t smaller = 1; smaller <= size && !found; ++smaller) {
      int refusedInARow = 0;
      for (std::int64_t tried = 1; tried <= kSeedsPerSize && !found; ++tried) {
        if (smaller == size && tried == seed) break;  // the drawn input itself
        if (shrinkingStops(failure, options, start, shrinkStart)) break;
        const std::string call =
            "random(" + std::to_string(tried) + ", " + std::to_string(smaller) + ")";
        auto candidate = draw(tried, smaller);
        Expected<std::string> candidateExpected =
            candidate ? answer(candidate.value()) : Expected<std::string>(candidate.error());
        if (!candidateExpected) {
          if (refused(candidate.ok(), call, candidateExpected.error())) break;
          if (++refusedInARow >= kRefusedInARow) break;
          continue;
        }
        refusedInARow = 0;
        if (options.progress) options.progress(0);
        auto again = run(candidate.value());
        ++failure.shrinkRuns;
        if (!again) continue;
        Judgement verdict = judgeRun(again.value(), candidateExpected.value());
        if (verdict.verdict != judgement.verdict) continue;
        failure.input = std::move(candidate.value());
        failure.expected = std::move(candidateExpected.value());
        failure.run = std::move(again.value());
        failure.judgement = std::move(verdict);
        failure.size = smaller;
        failure.randomSeed = tried;
        failure.shrinkSteps = 1;
        found = true;
      }
      if (failure.shrinkStop != CheckFailure::ShrinkStop::kDone) break;
    }
    // Then, with write(cases), the cases of a multi-case input that pass are dropped: each case
    // alone first, then one case at a time, while the input write() makes of the rest fails
    // the same way (an input write() or the judge cannot make is a refused try).
    // Then the values inside the kept cases are made smaller, one step at a time while the
    // input still fails the same way (forEachSmaller; an input write() or the judge cannot make
    // is a refused try, which counts against the cap but does not end shrinking: a smaller
    // value is often outside the problem's constraints).
    if (game.header().hasWrite && failure.shrinkStop == CheckFailure::ShrinkStop::kDone) {
      auto cases = game.cases(failure.input);
      if (cases && !cases->empty()) {
        std::vector<std::string> kept = std::move(cases.value());
        failure.originalCases = failure.cases = kept.size();
        const auto tryCases = [&](std::vector<std::string> subset, bool values = false) {
          if (shrinkingStops(failure, options, start, shrinkStart)) return false;
          auto written = rules.write(subset);
          Expected<std::string> candidateExpected =
              written ? answer(written.value()) : Expected<std::string>(written.error());
          if (!candidateExpected) {
            if (values)
              ++failure.shrinkRefused;
            else
              refused(written.ok(), "write()", candidateExpected.error());
            return false;
          }
          if (options.progress) options.progress(0);
          auto again = run(written.value());
          ++failure.shrinkRuns;
          if (!again) return false;
          Judgement verdict = judgeRun(again.value(), candidateExpected.value());
          if (verdict.verdict != judgement.verdict) return false;
          failure.input = std::move(written.value());
          failure.expected = std::move(candidateExpected.value());
          failure.run = std::move(again.value());
          failure.judgement = std::move(verdict);
          kept = std::move(subset);
          failure.cases = kept.size();
          return true;
        };
        const std::vector<std::string> all = kept;
        for (std::size_t k = 0; all.size() > 1 && k < all.size(); ++k)
          if (tryCases({all[k]}) || failure.shrinkStop != CheckFailure::ShrinkStop::kDone) break;
        bool dropped = true;
        while (dropped && kept.size() > 1 &&
               failure.shrinkStop == CheckFailure::ShrinkStop::kDone) {
          dropped = false;
          for (std::size_t k = 0; k < kept.size() && !dropped; ++k) {
            std::vector<std::string> rest = kept;
            rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(k));
            dropped = tryCases(std::move(rest));
            if (failure.shrinkStop != CheckFailure::ShrinkStop::kDone) break;
          }
        }
        bool shrunk = true;
        while (shrunk && failure.shrinkStop == CheckFailure::ShrinkStop::kDone) {
          shrunk = false;
          for (std::size_t k = 0; k < kept.size(); ++k) {
            Term term;
            if (!Term::decode(kept[k], term)) continue;
            forEachSmaller(term, [&](const Term& smaller) {
              std::vector<std::string> subset = kept;
              subset[k] = smaller.encode();
              if (tryCases(std::move(subset), true)) {
                shrunk = true;
                ++failure.valueSteps;
                return true;
              }
              return failure.shrinkStop != CheckFailure::ShrinkStop::kDone;
            });
            if (failure.shrinkStop != CheckFailure::ShrinkStop::kDone) break;
          }
        }
      }
    }
    if (auto session = Session::fromJudgeInput(game, failure.input, options.limits))
      if (auto link = makeLink(session.value(), std::nullopt)) failure.link = link.value();
    report.failure = std::move(failure);
    break;
  }
  report.seconds = secondsSince(start);
  return report;
}

}  // namespace

CheckReport runCheck(const Game& game, const CheckOptions& options, const ProgramRunner& run) {
  if (const RulesGame* rules = game.rulesGame(); rules && rules->header().hasRead)
    return runRulesCheck(*rules, options, run);
  const Clock::time_point start = Clock::now();
  const auto timeUp = [&] {
    return options.timeSeconds > 0 && secondsSince(start) >= options.timeSeconds;
  };
  CheckReport report;
  // The judge's answer, or nullopt for a board the game refuses (a candidate it should not
  // have offered: skipped).
  const auto answer = [&](const std::string& input) -> std::optional<std::string> {
    auto session = Session::fromJudgeInput(game, input, options.limits);
    if (!session) return std::nullopt;
    return session->gameBoard().judge().judgeOutput();
  };

  SplitMix64 seeds(options.seed);
  for (int index = 1; index <= options.count; ++index) {
    if (timeUp()) {
      report.timeUp = true;
      break;
    }
    if (options.progress) options.progress(index);
    SplitMix64 random(seeds.next());
    const std::string input = game.randomJudgeInput(random);
    const auto expected = answer(input);
    if (!expected) {
      report.error = "board " + std::to_string(index) + " could not be solved";
      break;
    }
    auto first = run(input);
    if (!first) {
      report.error = first.error().toString();
      report.programFailed = true;
      break;
    }
    Judgement judgement = judgeRun(first.value(), *expected);
    if (judgement.verdict == CheckVerdict::kAccepted) {
      ++report.passed;
      continue;
    }

    // Step 4: shrink while the run fails with the same verdict.
    CheckFailure failure;
    failure.board = index;
    failure.originalInput = input;
    failure.input = input;
    failure.expected = *expected;
    failure.run = std::move(first.value());
    failure.judgement = judgement;
    const Clock::time_point shrinkStart = Clock::now();
    bool smaller = true;
    while (smaller && failure.shrinkStop == CheckFailure::ShrinkStop::kDone) {
      smaller = false;
      for (std::string& candidate : game.shrinkCandidates(failure.input)) {
        if (shrinkingStops(failure, options, start, shrinkStart)) break;
        const auto candidateExpected = answer(candidate);
        if (!candidateExpected) {  // a candidate the game refuses: a try all the same
          ++failure.shrinkRefused;
          continue;
        }
        if (options.progress) options.progress(0);
        auto tried = run(candidate);
        ++failure.shrinkRuns;
        if (!tried) continue;
        Judgement again = judgeRun(tried.value(), *candidateExpected);
        if (again.verdict != judgement.verdict) continue;
        failure.input = std::move(candidate);
        failure.expected = *candidateExpected;
        failure.run = std::move(tried.value());
        failure.judgement = std::move(again);
        ++failure.shrinkSteps;
        smaller = true;
        break;
      }
    }
    if (auto original = game.parse(failure.originalInput, options.limits))
      failure.originalNumbers = original.value()->judge().judgeInputNumbers();
    if (auto session = Session::fromJudgeInput(game, failure.input, options.limits)) {
      failure.numbers = session->gameBoard().judge().judgeInputNumbers();
      if (auto link = makeLink(session.value(), std::nullopt)) failure.link = link.value();
    }
    report.failure = std::move(failure);
    break;
  }
  report.seconds = secondsSince(start);
  return report;
}

std::string formatCheckReport(const Game& game, const CheckOptions& options,
                              const CheckReport& report) {
  const std::string seed = "seed " + std::to_string(options.seed);
  const std::string name = options.name.empty() ? std::string(game.id()) : options.name;
  if (!report.failure) {
    std::string line = "check " + name + ": " +
                       countNoun(static_cast<std::size_t>(report.passed), "board", "boards") +
                       " passed in " + secondsText(report.seconds) + " (" + seed;
    if (report.timeUp) line += "; stopped at the time limit of " + limitText(options.timeSeconds);
    return line + ")\n";
  }
  const CheckFailure& failure = *report.failure;
  std::string text = "check " + name + ": board " + std::to_string(failure.board) + " of " +
                     std::to_string(options.count) + " (" + seed +
                     ") failed: " + failure.judgement.reason + "\n";
  // The tries: "12 runs", or "12 runs and 3 refused inputs" (inputs the game, random() or the
  // judge could not make, which count against the cap as runs do).
  std::string runs = countNoun(static_cast<std::size_t>(failure.shrinkRuns), "run", "runs");
  if (failure.shrinkRefused > 0)
    runs += " and " + countNoun(static_cast<std::size_t>(failure.shrinkRefused), "refused input",
                                "refused inputs");
  // Why shrinking stopped before it ran out of smaller boards to try, if it did.
  std::string stop;
  switch (failure.shrinkStop) {
    case CheckFailure::ShrinkStop::kDone:
      break;
    case CheckFailure::ShrinkStop::kTimeLimit:
      stop = "shrinking stopped at the time limit of " + limitText(options.timeSeconds);
      break;
    case CheckFailure::ShrinkStop::kShrinkTime:
      stop = "shrinking stopped at its own time cap of " + limitText(options.maxShrinkSeconds);
      break;
    case CheckFailure::ShrinkStop::kRunCap:
      stop = "shrinking stopped at the cap of " +
             countNoun(static_cast<std::size_t>(options.maxShrinkRuns), "try", "tries");
      break;
    case CheckFailure::ShrinkStop::kRefusals:
      stop = "shrinking stopped after " +
             countNoun(static_cast<std::size_t>(failure.shrinkRefused), "input", "inputs") +
             " that random() or the judge could not make; the first: " + failure.refusal;
      break;
  }
  const bool sized = failure.originalSize > 0;  // rules that read their input: by random()'s size
  const std::string call =
      "random(" + std::to_string(failure.randomSeed) + ", " + std::to_string(failure.size) + ")";
  const bool casesDropped = failure.cases < failure.originalCases;
  if (sized) {
    if (failure.shrinkSteps > 0 && failure.size == failure.originalSize)
      text += "no smaller size fails the same way; the first seed of size " +
              std::to_string(failure.size) + " that does: " + call + " (" + runs + " tried)";
    else if (failure.shrinkSteps > 0)
      text += "shrunk from size " + std::to_string(failure.originalSize) + " to size " +
              std::to_string(failure.size) + " (" + call + ") in " + runs;
    else if (!stop.empty() && !casesDropped && failure.valueSteps == 0)
      text += stop + " after " + runs + " (the board is as drawn)";
    else
      text +=
          "no smaller size or earlier seed fails the same way (" + runs + " tried; " + call + ")";
    if (casesDropped)
      text += "; then " + std::to_string(failure.cases) + " of its " +
              countNoun(failure.originalCases, "case", "cases") +
              " kept (the input written by write(); the others pass)";
    if (failure.valueSteps > 0)
      text += "; then values inside " + std::string(failure.cases > 1 ? "its cases" : "the case") +
              " made smaller (" +
              countNoun(static_cast<std::size_t>(failure.valueSteps), "step", "steps") + ")";
    if (!stop.empty() && (failure.shrinkSteps > 0 || casesDropped || failure.valueSteps > 0))
      text += "; " + stop;
  } else if (failure.shrinkSteps > 0) {
    text += "shrunk from " + std::to_string(failure.originalNumbers) + " to " +
            std::to_string(failure.numbers) + " input numbers in " + runs;
    if (!stop.empty()) text += "; " + stop;
  } else if (stop.empty()) {
    text += "no smaller board fails the same way (" + runs + " tried)";
  } else {
    text += stop + " after " + runs + " (the board is as drawn)";
  }
  text += "\n\ninput:\n" + excerpt(failure.input, 60);
  text += "\nexpected output:\n" + excerpt(failure.expected, 30);
  text += "\nreceived output:\n" + excerpt(failure.run.output, 30);
  if (!failure.run.errorOutput.empty())
    text += "\nthe program's standard error:\n" + excerpt(failure.run.errorOutput, 15);
  text +=
      "\nlink: " +
      (failure.link.empty() ? std::string("(the board is too large for a link)") : failure.link) +
      "\n";
  return text;
}

}  // namespace gs
