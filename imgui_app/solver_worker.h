// The app's solver worker: a second copy of the module in a dedicated Web Worker, which solves
// large boards at full speed while the page's main thread draws and answers input. The page
// keeps its own board of the same input (read from the same text, recipe or link) and adopts
// the worker's solved tables into it (core/handover.h), copied a slice at a time, so that every
// query stays synchronous on the page. web_platform.cpp runs the worker; where none can start
// (no Worker, a worker that fails to load) the page solves in slices on its own thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handover.h"
#include "rules_request.h"
#include "solve_progress.h"
#include "tools/board_load.h"

namespace gs::app {

struct WorkerReport {
  enum class State {
    kSolving,  // queued or solving: progress and elapsedMs say how far
    kSolved,   // solved: header() is ready and copy() brings the tables over
    kFailed,   // the worker stopped or could not load the board: the page solves it itself
  };
  State state = State::kSolving;
  SolveProgress progress;
  double elapsedMs = 0;  // the worker's time solving
  // kFailed: the worker's sentence (the board or the rules could not be loaded: "line 3: the
  // call ran past its budget ..."), or "" when the worker stopped or none can run.
  std::string message;
  // A rules board's start by the search that stops at a winning move, before the whole solve
  // (solver_worker.cpp, answerBySearch): nullopt when no search ran; "" while it runs; "win",
  // "loss" or "draw" for the player to move once found; "none" when it handed over. searchMs:
  // its time so far. Once found: the start's moves, how many are best (win; from a drawn start,
  // draw), and the first of those by name.
  std::optional<std::string> search;
  double searchMs = 0;
  std::uint64_t searchMoves = 0, searchBestCount = 0;
  std::vector<std::string> searchBest;
};

class SolverWorker {
 public:
  virtual ~SolverWorker() = default;
  // Posts a load to the worker; a job number, or 0 when no worker is running.
  virtual int start(const LoadSource& source) = 0;
  // Posts a rules game's table (core/rules/rules_table.h): the rules text and the table's arguments
  // ("n=0..60", "k=3"); the job is polled, copied (into RulesTable::prepareAdoption()'s region)
  // and stopped as a board's is.
  virtual int startTable(std::string_view rules, const std::vector<std::string>& args) = 0;
  static constexpr int kTableKind = 100;  // the job's kind in the worker's messages
  // Posts a rules game to open (rules_request.h): the worker loads it with the full budget and
  // solves it; the page loads its own copy only once it is solved, and adopts the solve.
  virtual int startRules(const std::string& request, std::string_view rules) = 0;
  static constexpr int kRulesKind = 101;
  // Posts the judge's output of a whole input for rules that read one (core/rules/rules_judge.h):
  // once kSolved, output() is every case's answer; kFailed with the error naming its case.
  // It keeps the worker's solved board (a board being copied to the page stays).
  virtual int startJudge(std::string_view rules, std::string_view input) = 0;
  static constexpr int kJudgeKind = 102;
  virtual std::string output(int job) = 0;
  // Posts a search of one position of a rules board (rules_request.h, the app's lazy board): the
  // worker loads the board once and keeps it, with the search's memo, for the next position of
  // the same board; once kSolved, output() is the position (encodeSearchedPosition), and
  // progress.elapsedMs says how long it has searched so far. It keeps the worker's solved board.
  virtual int startSearch(const SearchRequest& request, std::string_view rules) = 0;
  static constexpr int kSearchKind = 103;
  // A solved rules board: the worker's independent check of its answer (the plain minimax,
  // GameBoard::referenceJudgeOutput), nullopt when skipped (a large game).
  virtual std::optional<std::string> reference(int job) = 0;
  virtual WorkerReport poll(int job) = 0;
  // Once solved: the solved state's header, and the sizes of its regions.
  virtual std::vector<std::uint8_t> header(int job) = 0;
  // Copies the solved tables into `regions` (the page's board's, sized from the header) for
  // about `milliseconds`; true once every byte is in.
  virtual bool copy(int job, const std::vector<Region>& regions, double milliseconds) = 0;
  // Ends a job (cancelled, failed, or adopted): the worker drops its tables, or is restarted
  // when it is busy with the job or holds a large heap.
  virtual void stop(int job) = 0;
  // Starts the worker ahead of its first job (the page calls it once it has drawn itself).
  virtual void warmUp() = 0;
  // "ready", "starting" or "unavailable" (the page solves in slices), for the test hook.
  virtual std::string status() = 0;
};

// The page's worker (web_platform.cpp); nullptr where there is none.
SolverWorker* solverWorker();

}  // namespace gs::app
