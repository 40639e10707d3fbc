// The solver worker (solver_worker.h): the page's side, a SolverWorker over the JavaScript in
// solver_worker.js, and the worker's side, gsWorkerSolve(), which loads the board the page
// describes, solves it at full speed and offers its tables.
#include "solver_worker.h"

#include <emscripten.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "game.h"
#include "rules/load_rules.h"
#include "rules/lua_rules.h"
#include "rules/rules_game.h"
#include "rules/rules_judge.h"
#include "rules/rules_table.h"
#include "rules_request.h"
#include "session.h"

namespace gs::app {
namespace {

// clang-format off
EM_JS(int, js_solver_start, (int kind, const char* game, const char* text, int length,
                             const char* rules, int rulesLength), {
  return Module['gsSolverStart'](kind, UTF8ToString(game), UTF8ToString(text, length),
                                 UTF8ToString(rules, rulesLength));
});

// Writes state, done, total, exact, ms, searchMs, searchMoves, searchBestCount into out[0..7];
// returns the state.
EM_JS(int, js_solver_poll, (int job, double* out), {
  var report = Module['gsSolverPoll'](job);
  var at = out >> 3;
  HEAPF64[at] = report.state;
  HEAPF64[at + 1] = report.done;
  HEAPF64[at + 2] = report.total;
  HEAPF64[at + 3] = report.exact ? 1 : 0;
  HEAPF64[at + 4] = report.ms;
  HEAPF64[at + 5] = report.searchMs || 0;
  HEAPF64[at + 6] = report.searchMoves || 0;
  HEAPF64[at + 7] = report.searchBestCount || 0;
  return report.state;
});

// The header's bytes, in memory from malloc (the caller frees it); its size in *size.
EM_JS(unsigned char*, js_solver_header, (int job, int* size), {
  var header = Module['gsSolverPoll'](job).header;
  HEAP32[size >> 2] = 0;
  if (!header || header.length === 0) return 0;
  var pointer = _malloc(header.length);
  if (!pointer) return 0;
  HEAPU8.set(header, pointer);
  HEAP32[size >> 2] = header.length;
  return pointer;
});

// regions: count pairs of doubles (address, size).
EM_JS(int, js_solver_copy, (int job, const double* regions, int count, double ms), {
  return Module['gsSolverCopy'](job, gsRegionPairs(regions, count), ms) ? 1 : 0;
});

// A job's string (its failure's message, its judge output, its reference answer), in memory
// from malloc (the caller frees it); null when it has none.
EM_JS(char*, js_solver_string, (int job, const char* field), {
  var value = Module['gsSolverPoll'](job)[UTF8ToString(field)];
  if (typeof value !== 'string') return 0;
  var size = lengthBytesUTF8(value) + 1;
  var pointer = _malloc(size);
  if (pointer) stringToUTF8(value, pointer, size);
  return pointer;
});

EM_JS(void, js_solver_stop, (int job), {
  Module['gsSolverStop'](job);
});

EM_JS(void, js_solver_warm_up, (), {
  Module['gsSolverWarmUp']();
});

EM_JS(char*, js_solver_status, (), {
  var status = Module['gsSolverStatus']();
  var size = lengthBytesUTF8(status) + 1;
  var pointer = _malloc(size);
  stringToUTF8(status, pointer, size);
  return pointer;
});

EM_JS(void, js_worker_progress, (int job, double done, double total, int exact, double ms), {
  postMessage({type: 'progress', job: job, done: done, total: total, exact: exact !== 0, ms: ms});
});

// The start's outcome by the search that stops at a winning move ("win", "loss", "draw"), or ""
// while that search is still at work; with it, the start's moves, how many of them are best,
// and the first of those by name, a line each.
EM_JS(void, js_worker_search, (int job, const char* outcome, double ms, double moves,
                               double bestCount, const char* best), {
  postMessage({type: 'search', job: job, outcome: UTF8ToString(outcome), ms: ms,
               moves: moves, bestCount: bestCount, best: UTF8ToString(best)});
});

EM_JS(void, js_worker_failed, (int job, const char* message), {
  postMessage({type: 'failed', job: job, message: UTF8ToString(message)});
});

// regions: count pairs of doubles (address, size), which the page's chunk requests read from.
// reference: the independent check's answer (null: none).
EM_JS(void, js_worker_solved, (int job, const unsigned char* header, int headerSize,
                               const double* regions, int count, double ms,
                               const char* reference), {
  gsRegions = gsRegionPairs(regions, count);
  var sizes = gsRegions.map(function(region) { return region[1]; });
  postMessage({type: 'solved', job: job, header: HEAPU8.slice(header, header + headerSize),
               sizes: sizes, ms: ms, heapBytes: HEAPU8.length,
               reference: reference ? UTF8ToString(reference) : null});
});

EM_JS(void, js_worker_output, (int job, const char* text, double ms), {
  postMessage({type: 'output', job: job, output: UTF8ToString(text), ms: ms});
});
// clang-format on

// Regions as the JavaScript side reads them (gsRegionPairs): address and size, as doubles.
template <class Regions>
std::vector<double> regionPairs(const Regions& regions) {
  std::vector<double> pairs;
  for (const auto& region : regions) {
    pairs.push_back(static_cast<double>(reinterpret_cast<std::uintptr_t>(region.data)));
    pairs.push_back(static_cast<double>(region.size));
  }
  return pairs;
}

class WebSolverWorker final : public SolverWorker {
 public:
  int start(const LoadSource& source) override {
    return js_solver_start(static_cast<int>(source.kind), source.game.c_str(), source.text.data(),
                           static_cast<int>(source.text.size()), source.rules.data(),
                           static_cast<int>(source.rules.size()));
  }

  int startTable(std::string_view rules, const std::vector<std::string>& args) override {
    std::string text;
    for (const std::string& arg : args) text += arg + "\n";
    return js_solver_start(kTableKind, kRulesGameId, text.data(), static_cast<int>(text.size()),
                           rules.data(), static_cast<int>(rules.size()));
  }

  int startRules(const std::string& request, std::string_view rules) override {
    return js_solver_start(kRulesKind, kRulesGameId, request.data(),
                           static_cast<int>(request.size()), rules.data(),
                           static_cast<int>(rules.size()));
  }

  int startJudge(std::string_view rules, std::string_view input) override {
    return js_solver_start(kJudgeKind, kRulesGameId, input.data(), static_cast<int>(input.size()),
                           rules.data(), static_cast<int>(rules.size()));
  }

  int startSearch(const SearchRequest& request, std::string_view rules) override {
    const std::string text = encodeSearchRequest(request);
    return js_solver_start(kSearchKind, kRulesGameId, text.data(), static_cast<int>(text.size()),
                           rules.data(), static_cast<int>(rules.size()));
  }

  std::string output(int job) override { return text(job, "output").value_or(""); }
  std::optional<std::string> reference(int job) override { return text(job, "reference"); }

  WorkerReport poll(int job) override {
    double out[8] = {};
    js_solver_poll(job, out);
    WorkerReport report;
    report.state = out[0] == 1   ? WorkerReport::State::kSolved
                   : out[0] == 2 ? WorkerReport::State::kFailed
                                 : WorkerReport::State::kSolving;
    report.progress.done = static_cast<std::uint64_t>(out[1]);
    report.progress.total = static_cast<std::uint64_t>(out[2]);
    report.progress.exact = out[3] != 0;
    report.elapsedMs = out[4];
    report.search = text(job, "search");
    report.searchMs = out[5];
    report.searchMoves = static_cast<std::uint64_t>(out[6]);
    report.searchBestCount = static_cast<std::uint64_t>(out[7]);
    const std::string best = text(job, "searchBest").value_or("");
    for (std::size_t at = 0; at < best.size();) {
      const std::size_t end = std::min(best.find('\n', at), best.size());
      report.searchBest.push_back(best.substr(at, end - at));
      at = end + 1;
    }
    if (report.state == WorkerReport::State::kFailed)
      report.message = text(job, "message").value_or("");
    return report;
  }

  std::vector<std::uint8_t> header(int job) override {
    int size = 0;
    unsigned char* bytes = js_solver_header(job, &size);
    std::vector<std::uint8_t> header(bytes, bytes + size);
    free(bytes);
    return header;
  }

  bool copy(int job, const std::vector<Region>& regions, double milliseconds) override {
    const std::vector<double> pairs = regionPairs(regions);
    return js_solver_copy(job, pairs.data(), static_cast<int>(regions.size()), milliseconds) != 0;
  }

  void stop(int job) override { js_solver_stop(job); }

  static std::optional<std::string> text(int job, const char* field) {
    char* pointer = js_solver_string(job, field);
    if (!pointer) return std::nullopt;
    std::string value = pointer;
    free(pointer);
    return value;
  }
  void warmUp() override { js_solver_warm_up(); }
  std::string status() override {
    char* text = js_solver_status();
    std::string status = text ? text : "";
    free(text);
    return status;
  }
};

// The worker's board, or table: done, its tables offered to the page until it is released.
std::optional<BoardLoad> workerLoad;
std::unique_ptr<RulesTable> workerTable;

void postProgress(int job, const SolveProgress& progress, double milliseconds) {
  js_worker_progress(job, static_cast<double>(progress.done), static_cast<double>(progress.total),
                     progress.exact ? 1 : 0, milliseconds);
}

void postSolved(int job, const SolvedState& state, double milliseconds,
                const std::optional<std::string>& reference = std::nullopt) {
  const std::vector<double> pairs = regionPairs(state.regions);
  js_worker_solved(job, state.header.data(), static_cast<int>(state.header.size()), pairs.data(),
                   static_cast<int>(state.regions.size()), milliseconds,
                   reference ? reference->c_str() : nullptr);
}

// A rules game's table, as the page's table view reads it: the rules, then one argument a line.
void makeTable(int job, std::string_view args, std::string_view rules) {
  auto loaded = loadRules(rules);
  if (!loaded) {
    js_worker_failed(job, loaded.error().what().english().c_str());
    return;
  }
  RulesGameOptions options;
  options.rulesText = std::string(rules);
  auto game = std::make_shared<RulesGame>(loaded.value(), std::move(options));
  std::vector<std::string> words;
  for (std::size_t at = 0; at < args.size();) {
    const std::size_t end = std::min(args.find('\n', at), args.size());
    if (end > at) words.emplace_back(args.substr(at, end - at));
    at = end + 1;
  }
  auto spec = parseTableSpec(*game, words);
  if (!spec) {
    js_worker_failed(job, spec.error().toString().c_str());
    return;
  }
  workerTable = std::make_unique<RulesTable>(game, spec.value(), SolveLimits{kBrowserMemoryBudget});
  // Progress every 50 ms, as the solve's (SolveJob::stepFor).
  Slicer slicer{256, 16, 256};
  const auto step = [](std::uint64_t budget) { return workerTable->advance(budget); };
  double elapsed = 0;
  for (bool done = false; !done;) {
    done = slicer.runFor(50, step);
    elapsed += slicer.lastMilliseconds();
    if (!done) postProgress(job, workerTable->progress(), elapsed);
  }
  postSolved(job, workerTable->solvedState(), elapsed);
}

// A rules board's start: who wins and by which moves, by the rules' memo search with cut-offs
// (as a contestant's brute force stops at a winning move), posted before the board is solved
// whole, which takes several times longer (Wythoff's game from (300, 300) with integer
// positions: the answer in about 2 s, every move's value after about 20). While the search
// runs it says so every 100 ms. Nothing is posted where the search does not apply (positions
// that are not integers, scored games, parts) or hands over (a cycle, a limit): the whole solve
// answers, as before.
void answerBySearch(int job, const GameBoard& board, const SolveLimits& limits) {
  if (!board.game().rulesGame()) return;
  const auto start = std::chrono::steady_clock::now();
  const auto since = [start] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  double said = 0;
  const auto found = rulesBoardOutcome(board, limits, [&] {
    const double ms = since();
    if (ms - said < 100) return;
    said = ms;
    js_worker_search(job, "", ms, 0, 0, "");
  });
  if (!found) {
    if (said > 0) js_worker_search(job, "none", since(), 0, 0, "");
    return;
  }
  std::string best;
  for (const std::string& name : found->bestNames) {
    for (const char c : name) best += c == '\n' || c == '\r' ? ' ' : c;
    best += '\n';
  }
  js_worker_search(job, endResultWord(found->outcome), since(), static_cast<double>(found->moves),
                   static_cast<double>(found->bestCount), best.c_str());
}

// The lazy board's board (gsWorkerSearch): loaded once for the positions of one board, its
// rules keeping the search's memo between them.
struct Searching {
  std::string rules, board;  // the rules text and the board's text, as the page sent them
  bool link = false;
  std::optional<BoardLoad> load;
};
std::optional<Searching> workerSearching;

}  // namespace

SolverWorker* solverWorker() {
  static WebSolverWorker worker;
  return &worker;
}

}  // namespace gs::app

// In the worker: loads the board (as the page did, with the page's limits), solves it, posting
// its progress every 50 ms, then posts the solved state's header and the sizes of its tables.
extern "C" EMSCRIPTEN_KEEPALIVE void gsWorkerSolve(int job, int kind, const char* game,
                                                   const char* text, int length, const char* rules,
                                                   int rulesLength) {
  using namespace gs;
  using namespace gs::app;
  workerLoad.reset();
  workerTable.reset();
  // A new board: the lazy board of the last one (and its memo, maybe millions of positions) is
  // closed on the page.
  workerSearching.reset();
  if (kind == SolverWorker::kTableKind) {
    makeTable(job, std::string_view(text, static_cast<std::size_t>(length)),
              std::string_view(rules, static_cast<std::size_t>(rulesLength)));
    return;
  }
  const std::string_view textView(text, static_cast<std::size_t>(length));
  const std::string_view rulesView(rules, static_cast<std::size_t>(rulesLength));
  // The worker's limits: the browser's memory budget and the sandbox's full budget a call (a
  // stranger's rules run here first; the page loads them only once they are solved).
  const SolveLimits limits{kBrowserMemoryBudget};
  auto load =
      kind == SolverWorker::kRulesKind
          ? boardFromRulesRequest(decodeRulesRequest(textView, rulesView), limits)
          : boardFromSource(LoadSource{static_cast<BoardSource>(kind), game, textView, rulesView},
                            limits);
  if (!load) {
    js_worker_failed(job, load.error().what().english().c_str());
    return;
  }
  workerLoad.emplace(std::move(load.value()));
  SolveJob& solve = workerLoad->job;
  answerBySearch(job, solve.board(), limits);
  solve.solveForHandover();
  while (!solve.stepFor(50)) postProgress(job, solve.progress(), solve.elapsedMilliseconds());
  const GameBoard& board = solve.board();
  // A failed solve (a rules game's error or limit) is handed over too: the page reports it
  // without running the rules again.
  const HandsOver* handover = board.handover();
  if (!handover || (board.solving().solveError() && !handover->adoptsOnceStarted())) {
    js_worker_failed(job, "the board does not hand over");
    workerLoad.reset();
    return;
  }
  // A rules game's independent check (a plain minimax over the rules, small games only) runs
  // here too, where a slow call costs the page nothing.
  std::optional<std::string> reference;
  if (board.game().rulesGame() && !board.solving().solveError())
    reference = board.judge().referenceJudgeOutput();
  postSolved(job, handover->solvedState(), solve.elapsedMilliseconds(), reference);
}

// In the worker: the judge's output of a whole input (every case's answer) for rules that read
// one. The worker's solved board, if any, stays (the page may be copying its tables).
extern "C" EMSCRIPTEN_KEEPALIVE void gsWorkerJudge(int job, const char* text, int length,
                                                   const char* rules, int rulesLength) {
  using namespace gs;
  using namespace gs::app;
  const auto start = std::chrono::steady_clock::now();
  const std::string_view rulesView(rules, static_cast<std::size_t>(rulesLength));
  auto loaded = loadRules(rulesView);
  if (!loaded) {
    js_worker_failed(job, loaded.error().what().english().c_str());
    return;
  }
  RulesGameOptions options;
  options.rulesText = std::string(rulesView);
  auto game = std::make_shared<RulesGame>(loaded.value(), std::move(options));
  auto output = rulesJudgeOutput(*game, std::string_view(text, static_cast<std::size_t>(length)),
                                 SolveLimits{kBrowserMemoryBudget});
  if (!output) {
    js_worker_failed(job, output.error().what().english().c_str());
    return;
  }
  js_worker_output(
      job, output.value().c_str(),
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
}

// In the worker: one position of a rules board, searched with cut-offs from there, or for its
// whole values when they are asked for (the app's lazy board: rulesSearchPosition), in the memo
// the earlier positions of the same board left.
// Says how long it has searched every 100 ms, as the board's search does.
extern "C" EMSCRIPTEN_KEEPALIVE void gsWorkerSearch(int job, const char* text, int length,
                                                    const char* rules, int rulesLength) {
  using namespace gs;
  using namespace gs::app;
  const auto start = std::chrono::steady_clock::now();
  const auto since = [start] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
  };
  const std::string_view rulesView(rules, static_cast<std::size_t>(rulesLength));
  const SearchRequest request =
      decodeSearchRequest(std::string_view(text, static_cast<std::size_t>(length)));
  const SolveLimits limits{kBrowserMemoryBudget};
  if (!workerSearching || workerSearching->rules != rulesView ||
      workerSearching->board != request.text || workerSearching->link != request.link) {
    workerSearching.reset();
    auto load = boardFromSearchRequest(request, rulesView, limits);
    if (!load) {
      js_worker_failed(job, load.error().what().english().c_str());
      return;
    }
    workerSearching.emplace(
        Searching{std::string(rulesView), request.text, request.link, std::move(load.value())});
  }
  const GameBoard& board = workerSearching->load->job.board();
  const RulesGame* game = board.game().rulesGame();
  const Params* params = RulesGame::paramsOf(board);
  if (!game || !params) {
    js_worker_failed(job, "this board is not a rules game's");
    return;
  }
  double said = 0;
  auto found = rulesSearchPosition(*game, *params, request.line, request.values, limits, [&] {
    const double ms = since();
    if (ms - said < 100) return;
    said = ms;
    js_worker_progress(job, 0, 0, 1, ms);
  });
  if (!found) {
    js_worker_failed(job, found.error().what().english().c_str());
    return;
  }
  js_worker_output(job, encodeSearchedPosition(found.value(), game->info().title).c_str(), since());
}

extern "C" EMSCRIPTEN_KEEPALIVE void gsWorkerRelease() {
  gs::app::workerLoad.reset();
  gs::app::workerTable.reset();
}
