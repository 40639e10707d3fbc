#include "document.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "base/forms.h"
#include "base/values.h"
#include "computer.h"
#include "rules/lua_sandbox.h"
#include "rules/rules_game.h"
#include "ui_phrases.h"
#include "verdict.h"

namespace gs::app {
namespace {

// The first slice of a solve runs at once, so boards that take less than this appear in the
// same frame as the action that loaded them.
constexpr double kFirstSliceMs = 8;

// "staircase board", or with its recipe "staircase 10.10.100000.7".
Message boardName(const Game& game, const Recipe* recipe) {
  if (recipe)
    return Message(kGameRecipe,
                   {{"GAME", game.id()}, {"N", Message::verbatim(recipeText(*recipe))}});
  return Message(kGameBoard, {{"GAME", game.id()}});
}

// The worker's search for who wins, as the board's progress shows it ("none": not shown).
void searchOf(const WorkerReport& report, SolvingStatus& status) {
  if (!report.search || *report.search == "none") return;
  status.search = report.search;
  status.searchMs = report.searchMs;
  status.searchMoves = report.searchMoves;
  status.searchBestCount = report.searchBestCount;
  status.searchBest = report.searchBest;
}

}  // namespace

void Document::clearMessages() {
  error_.clear();
  notice_.clear();
}

// "board.txt: line 1, column 1: ..." (a dropped or pasted file's name, kept as it is).
constexpr Phrase kInFile{"{RAW}: {MESSAGE}", "{RAW}：{MESSAGE}"};

Message Document::fromOrigin(const std::string& origin, Message message) {
  if (origin.empty()) return message;
  return Message(kInFile, {{"RAW", Message::verbatim(origin)}, {"MESSAGE", std::move(message)}});
}

void Document::setError(Message error) {
  error_ = std::move(error);
  ++version_;
}

Document::~Document() {
  stopWorkerJob();
  stopPositionSearch();
}

void Document::stopWorkerJob() {
  if (pending_ && pending_->workerJob != 0) {
    worker_->stop(pending_->workerJob);
    pending_->workerJob = 0;
  }
  if (opening_ && opening_->workerJob != 0) {
    worker_->stop(opening_->workerJob);
    opening_->workerJob = 0;
  }
}

void Document::start(BoardLoad load, Message what, std::string origin, LoadSource source) {
  stopWorkerJob();
  opening_.reset();
  dropSearchBoard();
  pending_.emplace(Pending{std::move(load), std::move(what), std::move(origin), 0, false,
                           WorkerReport{}, std::nullopt, std::chrono::steady_clock::now(),
                           std::nullopt, std::nullopt});
  ++version_;
  const SolveJob& job = pending_->load.job;
  // A rules game's board is read in the worker from its rules text (which its game keeps).
  if (const RulesGame* rules = job.game().rulesGame()) source.rules = rules->options().rulesText;
  // Large boards go to the worker. So do rules games (a stranger's code, whose single call may
  // run for a second), always, even before the worker is ready: the page never tries a first
  // slice of them. (Where no worker can run, the page solves them in slices, each call of the
  // rules held to the page's budget.)
  const HandsOver* handover = job.board().handover();
  const bool handsOver = worker_ && handover;
  const bool rules = handsOver && handover->adoptsOnceStarted();
  if (handsOver && (job.progress().total >= kWorkerFromPositions || rules) && toWorker(source))
    return;
  if (!rules) advance(kFirstSliceMs);
}

bool Document::toWorker(const LoadSource& source) {
  pending_->workerJob = worker_->start(source);
  pending_->inWorker = pending_->workerJob != 0;
  pending_->worker.progress = pending_->load.job.progress();
  return pending_->inWorker;
}

bool Document::loadText(const Game& game, const std::string& text, const std::string& origin) {
  if (const RulesGame* rules = game.rulesGame(); rules && !rules->options().rulesText.empty()) {
    // A rules game's judge text (its parameters' line, or a problem's input): opened by the
    // worker first, as rules from the editor are.
    RulesRequest request;
    request.rules = rules->options().rulesText;
    if (rules->header().hasRead)
      request.input = text;
    else
      request.line = text;
    openRules(std::move(request), origin);
    return true;
  }
  auto load = boardFromJudgeInput(game, text, limits_);
  if (!load) {
    error_ = fromOrigin(origin, load.error().what());
    ++version_;
    return false;
  }
  start(std::move(load.value()), boardName(game, nullptr), origin,
        LoadSource{BoardSource::kJudgeInput, game.id(), text, {}});
  return true;
}

bool Document::loadAnyText(const Game& game, const std::string& text, const std::string& origin) {
  auto load = boardFromJudgeInput(game, text, limits_);
  if (load) {
    start(std::move(load.value()), boardName(game, nullptr), origin,
          LoadSource{BoardSource::kJudgeInput, game.id(), text, {}});
    return true;
  }
  for (const Game* other : games()) {
    if (other == &game) continue;
    auto otherLoad = boardFromJudgeInput(*other, text, limits_);
    if (!otherLoad) continue;
    start(std::move(otherLoad.value()), boardName(*other, nullptr), origin,
          LoadSource{BoardSource::kJudgeInput, other->id(), text, {}});
    return true;
  }
  error_ = fromOrigin(origin, load.error().what());
  ++version_;
  return false;
}

bool Document::loadRecipe(const Recipe& recipe) {
  auto load = boardFromRecipe(recipe, limits_);
  if (!load) {
    error_ = load.error().what();
    ++version_;
    return false;
  }
  const std::string text = recipeText(recipe);
  start(std::move(load.value()), boardName(*recipe.game, &recipe), "",
        LoadSource{BoardSource::kRecipe, recipe.game->id(), text, {}});
  return true;
}

void Document::open(Opening opening) {
  stopWorkerJob();
  pending_.reset();
  dropSearchBoard();
  opening_.emplace(std::move(opening));
  ++version_;
  if (!worker_) return;  // the page opens it itself, at the next advance()
  opening_->workerJob = opening_->link
                            ? worker_->start(LoadSource{BoardSource::kLink, "", opening_->text, {}})
                            : worker_->startRules(opening_->text, opening_->request.rules);
}

void Document::openRules(RulesRequest request, const std::string& origin) {
  Opening opening;
  opening.text = encodeRulesRequest(request);
  opening.request = std::move(request);
  opening.what = Message(kGameBoard, {{"GAME", Message(kRulesGameId)}});
  opening.origin = origin;
  open(std::move(opening));
}

void Document::failOpening(Message message) {
  const bool link = opening_->link;
  offerSearchBoard(searchableSource(*opening_));
  stopWorkerJob();
  opening_.reset();
  if (link)
    linkError_ = std::move(message);
  else
    error_ = std::move(message);
  ++version_;
}

std::optional<Document::SearchSource> Document::searchableSource(const Opening& opening) {
  // (The search's word: "" while it runs, "none" when it handed over.)
  const std::optional<std::string>& search = opening.worker.search;
  if (!search || !endResultOfWord(*search)) return std::nullopt;
  return SearchSource{opening.link, opening.text, opening.link ? "" : opening.request.rules,
                      opening.what};
}

// A board whose start the worker's search answered before its whole solve was refused (a
// limit) can still be played by search.
void Document::offerSearchBoard(std::optional<SearchSource> source) {
  if (source) searchable_ = std::move(source);
}

// A rules game being opened: the worker's job, then the page's own copy (within the page's
// budget a call), handed to pending_ to adopt the worker's solve. True when it ended here (an
// error).
bool Document::advanceOpening() {
  Opening& opening = *opening_;
  if (opening.workerJob != 0) {
    opening.worker = worker_->poll(opening.workerJob);
    if (opening.worker.state == WorkerReport::State::kSolving) return false;
    if (opening.worker.state == WorkerReport::State::kFailed) {
      // The worker's sentence: the rules could not be loaded (a syntax error, a loop in the
      // file's body or in a metamethod the loader reached, a call past its budget).
      if (!opening.worker.message.empty()) {
        failOpening(Message(opening.worker.message));
        return true;
      }
      // No sentence: the worker stopped (out of memory, say), or none can run here. Rules that
      // stopped a worker are not run on the page; where no worker runs, the page opens them.
      worker_->stop(opening.workerJob);
      opening.workerJob = 0;
      if (worker_->status() != "unavailable") {
        failOpening("the solver worker stopped while opening these rules (out of memory?)");
        return true;
      }
    }
  }
  // Solved by the worker (or no worker): the page's copy, each call of the rules within the
  // page's budget.
  auto load = opening.link
                  ? boardFromSource(LoadSource{BoardSource::kLink, "", opening.text, {}}, limits_)
                  : boardFromRulesRequest(opening.request, limits_);
  if (!load) {
    failOpening(load.error().what());
    return true;
  }
  std::optional<SearchSource> searchable = searchableSource(opening);
  Opening taken = std::move(opening);
  opening_.reset();
  pending_.emplace(Pending{std::move(load.value()), std::move(taken.what), std::move(taken.origin),
                           taken.workerJob, taken.workerJob != 0, taken.worker, std::nullopt,
                           taken.started, std::nullopt, std::move(searchable)});
  ++version_;
  return false;
}

bool Document::openLink(const std::string& fragment) {
  if (isRulesLink(fragment)) {
    // A stranger's rules: nothing of them runs on the page before the worker has loaded and
    // solved them.
    linkError_.clear();
    Opening opening;
    opening.link = true;
    opening.text = fragment;
    opening.what =
        Message(kFromLink, {{"BOARD", Message(kGameBoard, {{"GAME", Message(kRulesGameId)}})}});
    open(std::move(opening));
    return true;
  }
  auto link = parseLink(fragment, limits_.lua);
  if (link) {
    auto load = boardFromLink(link.value(), limits_);
    if (load) {
      linkError_.clear();
      start(std::move(load.value()),
            Message(kFromLink,
                    {{"BOARD", boardName(*link->game, link->recipe ? &*link->recipe : nullptr)}}),
            "", LoadSource{BoardSource::kLink, "", fragment, {}});
      return true;
    }
    linkError_ = load.error().what();
  } else {
    linkError_ = link.error().what();
  }
  ++version_;
  return false;
}

void Document::openDefault() {
  linkError_.clear();
  const std::string language = view_.language;  // the reader's choice of language stays
  view_ = ViewOptions{};
  view_.language = language;
  loadText(*games().front(), games().front()->sample(), "");
}

bool Document::advanceInWorker(double milliseconds) {
  Pending& pending = *pending_;
  pending.worker = worker_->poll(pending.workerJob);
  // Until the worker's first report (it may still be starting): nothing done, of the board's own
  // count.
  if (pending.worker.progress.total == 0) pending.worker.progress = pending.load.job.progress();
  if (pending.worker.state == WorkerReport::State::kSolving) {
    pending.load.job.prepareFor(milliseconds);
    return false;
  }
  if (pending.worker.state == WorkerReport::State::kSolved && !pending.regions) {
    // The tables' memory, grown a slice at a time, before they are asked for.
    if (!pending.load.job.prepareFor(milliseconds)) return false;
    pending.regions = pending.load.job.prepareAdoption(worker_->header(pending.workerJob));
    if (const HandsOver* handover = pending.load.job.board().handover();
        handover && handover->adoptsOnceStarted())
      pending.reference = worker_->reference(pending.workerJob);
    // (A header the board refuses would be a defect; the page then solves the board itself.)
    if (!pending.regions) pending.worker.state = WorkerReport::State::kFailed;
  }
  if (pending.worker.state == WorkerReport::State::kFailed) {
    // The worker stopped (or could not read the board): the page solves it in slices.
    stopWorkerJob();
    pending.inWorker = false;
    pending.regions.reset();
    return false;
  }
  if (!worker_->copy(pending.workerJob, *pending.regions, milliseconds)) return false;
  pending.load.job.finishAdoption(pending.worker.elapsedMs);
  stopWorkerJob();
  return true;
}

bool Document::advance(double milliseconds) {
  // (The page's copy of a rules game opened is loaded in a call of its own.)
  if (opening_) return advanceOpening();
  if (!pending_) return false;
  SolveJob& job = pending_->load.job;
  if (pending_->workerJob != 0) {
    // A copy that took most of the call ends it: the board is adopted by the next one
    // (readyToAdopt()), in a task of its own. The chunks are mostly copied as they arrive, in
    // tasks of their own, and then the board is adopted at once.
    const auto start = std::chrono::steady_clock::now();
    if (!advanceInWorker(milliseconds)) return false;
    const std::chrono::duration<double, std::milli> spent =
        std::chrono::steady_clock::now() - start;
    if (spent.count() > milliseconds / 2) return false;
  }
  if (!job.done()) {
    const double spent = job.elapsedMilliseconds();
    if (!job.stepFor(milliseconds)) return false;
    // A solve of several slices whose last one took most of its time ends the call: the board
    // is adopted (its line replayed and extended, its texts made) by the next one, so the last
    // slice and the adoption never add up in one task of the page. A board solved in its first
    // slice (every judge-size board) is adopted at once, in the frame of the action that loaded
    // it, however long the slice took.
    if (spent > 0 && job.elapsedMilliseconds() - spent > milliseconds / 2) return false;
  }
  Pending pending = std::move(*pending_);
  pending_.reset();
  auto finished = pending.load.job.finish();
  if (!finished) {
    offerSearchBoard(std::move(pending.searchable));
    // A link's moves are checked once its board is solved.
    if (pending.load.source == BoardSource::kLink)
      linkError_ = finished.error().what();
    else
      error_ = finished.error().what();
    ++version_;
    return true;
  }
  if (pending.load.view) view_ = *pending.load.view;
  linkError_.clear();
  // A board from a link replaces the page's history entry (the link already is that entry, at
  // most in another spelling); any other new board is a new entry.
  solvedInWorker_ = pending.inWorker;
  workerReference_ = pending.inWorker ? std::move(pending.reference) : std::nullopt;
  adopt(std::move(finished.value()), std::move(pending.load.recipe),
        pending.load.source == BoardSource::kLink ? HistoryEffect::kReplace : HistoryEffect::kPush);
  error_.clear();
  notice_ = pending.origin.empty()
                ? Message()
                : Message(kLoaded, {{"FILE", Message::verbatim(pending.origin)}});
  return true;
}

void Document::cancel() {
  if (!pending_ && !opening_) return;
  stopWorkerJob();
  pending_.reset();
  opening_.reset();
  notice_ = "Cancelled; the board on screen stays";
  ++version_;
}

// --- The lazy board.

bool Document::canSearchBoard() const {
  if (!worker_ || searchBoard_) return false;
  if (searchable_) return true;
  return opening_ && opening_->workerJob != 0 && searchableSource(*opening_);
}

void Document::openSearchBoard() {
  if (!canSearchBoard()) return;
  if (opening_) {
    searchSource_ = searchableSource(*opening_);
    stopWorkerJob();
    opening_.reset();
  } else {
    searchSource_ = std::move(searchable_);
  }
  searchable_.reset();
  if (closed_) {  // where it was when it was closed
    searchBoard_ = std::move(closed_);
    closed_.reset();
    if (searchBoard_->stack.empty())
      startPositionSearch();
    else
      searchAgainForValues();
  } else {
    searchBoard_.emplace();
    searchBoard_->what = searchSource_->what;
    startPositionSearch();
  }
  ++version_;
}

void Document::startPositionSearch() {
  SearchBoard& board = *searchBoard_;
  board.error.clear();
  board.searchingMs = 0;
  searchJob_ = worker_->startSearch(
      SearchRequest{board.line, searchSource_->link, searchSource_->text, board.values},
      searchSource_->rules);
  board.searching = searchJob_ != 0;
  if (searchJob_ == 0) {
    board.error = Message(
        kSearchBoardFailed,
        {{"MESSAGE", Message("no solver worker can run here, and the board is searched in one")}});
    takeBackUnsearched();
  }
}

// A move whose position could not be searched is taken back: the position on screen stays. (A
// position on screen searched again for its values is not a move: nothing is taken back.)
void Document::takeBackUnsearched() {
  SearchBoard& board = *searchBoard_;
  if (board.line.empty() || board.stack.size() > board.line.size()) return;
  board.line.pop_back();
  board.moveNames.pop_back();
}

// The position on screen, reached again (Back, Start) or on screen as values are asked for,
// is searched again when it lacks the values asked for.
void Document::searchAgainForValues() {
  const SearchBoard& board = *searchBoard_;
  if (board.values && !board.searching && !board.stack.empty() && !board.stack.back().valued &&
      board.stack.size() == board.line.size() + 1)
    startPositionSearch();
}

void Document::stopPositionSearch() {
  if (searchJob_ != 0) worker_->stop(searchJob_);
  searchJob_ = 0;
  if (searchBoard_) searchBoard_->searching = false;
}

bool Document::advanceSearch() {
  if (searchJob_ == 0 || !searchBoard_) return false;
  SearchBoard& board = *searchBoard_;
  const WorkerReport report = worker_->poll(searchJob_);
  if (report.state == WorkerReport::State::kSolving) {
    const bool changed = report.elapsedMs != board.searchingMs;
    board.searchingMs = report.elapsedMs;
    return changed;
  }
  std::optional<SearchedPosition> found;
  if (report.state == WorkerReport::State::kSolved)
    found = decodeSearchedPosition(worker_->output(searchJob_), &board.title);
  stopPositionSearch();
  if (found && board.stack.size() > board.line.size()) {  // the position on screen, again
    board.stack.back() = std::move(*found);
    board.searchMs.back() = report.elapsedMs;
  } else if (found) {
    board.stack.push_back(std::move(*found));
    board.searchMs.push_back(report.elapsedMs);
  } else {
    const Message reason =
        report.message.empty()
            ? Message("the solver worker stopped while searching (out of memory?)")
            : Message(report.message);
    if (board.values) {
      // Values that cannot be worked out here (a line too deep for the search, a limit): they
      // are no longer asked for, and a move's position is searched for who wins alone.
      board.values = false;
      if (board.stack.size() <= board.line.size()) startPositionSearch();
      board.error = Message(kSearchBoardValuesFailed, {{"MESSAGE", reason}});
    } else {
      // The position on screen stays: the move is taken back.
      board.error = Message(kSearchBoardFailed, {{"MESSAGE", reason}});
      takeBackUnsearched();
    }
  }
  ++version_;
  return true;
}

void Document::searchMove(std::size_t index) {
  if (!searchBoard_ || searchBoard_->searching || searchBoard_->stack.empty()) return;
  SearchBoard& board = *searchBoard_;
  const SearchedPosition& here = board.stack.back();
  if (index >= here.moveOutcomes.size()) return;
  board.line.push_back(index);
  board.moveNames.push_back(index < here.names.size() ? here.names[index] : std::string());
  startPositionSearch();
  ++version_;
}

void Document::searchBest() {
  if (!searchBoard_ || searchBoard_->stack.empty()) return;
  const SearchedPosition& here = searchBoard_->stack.back();
  const auto& outcomes = here.moveOutcomes;
  if (outcomes.empty()) return;
  const auto keeps = std::find(outcomes.begin(), outcomes.end(), here.outcome);
  searchMove(keeps == outcomes.end() || here.outcome == EndResult::kLoss
                 ? 0
                 : static_cast<std::size_t>(keeps - outcomes.begin()));
}

void Document::searchBack() {
  if (!searchBoard_ || searchBoard_->line.empty()) return;
  SearchBoard& board = *searchBoard_;
  stopPositionSearch();
  board.error.clear();
  board.line.pop_back();
  board.moveNames.pop_back();
  board.stack.resize(std::min(board.stack.size(), board.line.size() + 1));
  board.searchMs.resize(board.stack.size());
  searchAgainForValues();
  ++version_;
}

void Document::searchFromStart() {
  if (!searchBoard_) return;
  SearchBoard& board = *searchBoard_;
  stopPositionSearch();
  board.error.clear();
  board.line.clear();
  board.moveNames.clear();
  board.stack.resize(std::min<std::size_t>(board.stack.size(), 1));
  board.searchMs.resize(board.stack.size());
  if (board.stack.empty())
    startPositionSearch();
  else
    searchAgainForValues();
  ++version_;
}

void Document::setSearchValues(bool values) {
  if (!searchBoard_ || searchBoard_->values == values) return;
  SearchBoard& board = *searchBoard_;
  board.values = values;
  board.error.clear();
  if (board.searching) {
    // A search under way starts again in the new way; one of the position on screen, for
    // values no longer asked for, just stops.
    stopPositionSearch();
    if (board.stack.size() <= board.line.size()) startPositionSearch();
  } else {
    searchAgainForValues();
  }
  ++version_;
}

void Document::closeSearchBoard() {
  if (!searchBoard_) return;
  stopPositionSearch();
  takeBackUnsearched();  // (a move whose search was under way)
  searchBoard_->error.clear();
  closed_ = std::move(searchBoard_);
  searchBoard_.reset();
  searchable_ = std::move(searchSource_);
  searchSource_.reset();
  ++version_;
}

void Document::dropSearchBoard() {
  stopPositionSearch();
  searchBoard_.reset();
  closed_.reset();
  searchSource_.reset();
  searchable_.reset();
}

std::string durationText(double milliseconds) {
  char buffer[32];
  if (milliseconds < 1000)
    std::snprintf(buffer, sizeof buffer, "%.0f ms", milliseconds);
  else
    std::snprintf(buffer, sizeof buffer, "%.1f s", milliseconds / 1000);
  return buffer;
}

SearchBoardText searchBoardText(const SearchBoard& board) {
  SearchBoardText text;
  // (The rules' title is a stranger's text: shown as written.)
  text.title =
      Message(kSearchBoardTitle,
              {{"WHAT", board.title.empty() ? board.what : Message::verbatim(board.title)}});
  // The moves played to the position on screen, by name (the rules' own text).
  std::string names;
  const std::size_t played = board.stack.empty() ? 0 : board.stack.size() - 1;
  for (std::size_t k = 0; k < played; ++k) names += (k ? ", " : "") + board.moveNames[k];
  text.line = played == 0 ? Message(kSearchBoardStart, {})
                          : Message(kSearchBoardAfter, {{"MOVES", Message::verbatim(names)}});
  if (!board.stack.empty()) {
    const SearchedPosition& here = board.stack.back();
    const Message player(here.mover == 0 ? forms::kFirstPlayer : forms::kSecondPlayer, {});
    const Phrase& phrase = here.outcome == EndResult::kWin    ? kSearchBoardWin
                           : here.outcome == EndResult::kLoss ? kSearchBoardLoss
                                                              : kSearchBoardDraw;
    const Message time = Message::verbatim(durationText(board.searchMs.back()));
    if (!here.valued)
      text.verdict = Message(phrase, {{"PLAYER", player}, {"TIME", time}, {"N", here.positions}});
    else if (here.metric == Metric::kGrundy)
      text.verdict = Message(kSearchBoardGrundy,
                             {{"PLAYER", player},
                              {"SG", here.value.score},
                              {"RESULT", Message(here.value.win ? forms::kWin : forms::kLoss, {})},
                              {"TIME", time},
                              {"N", here.positions}});
    else
      text.verdict =
          Message(kSearchBoardValue, {{"PLAYER", player},
                                      {"VALUE", moverValue(here.metric, here.value, here.mover)},
                                      {"TIME", time},
                                      {"N", here.positions}});
  }
  const Message time = Message::verbatim(durationText(board.searchingMs));
  if (board.searching && board.moveNames.empty())
    text.searching = Message(kSearchBoardSearchingStart, {{"TIME", time}});
  else if (board.searching)
    text.searching = Message(kSearchBoardSearching,
                             {{"MOVE", Message::verbatim(board.moveNames.back())}, {"TIME", time}});
  text.error = board.error;
  return text;
}

std::vector<Message> searchedLines(const SolvingStatus& solving) {
  std::vector<Message> lines;
  if (!solving.search) return lines;
  const std::string& found = *solving.search;
  const Message time = Message::verbatim(durationText(solving.searchMs));
  const Phrase& phrase = found.empty()     ? kSearching
                         : found == "win"  ? kSearchedWin
                         : found == "loss" ? kSearchedLoss
                                           : kSearchedDraw;
  lines.push_back(Message(phrase, {{"TIME", time}}));
  if (solving.searchBest.empty()) return lines;
  // The best moves, by name (a stranger's names, as text).
  std::string names;
  for (const std::string& name : solving.searchBest) names += (names.empty() ? "" : ", ") + name;
  Message moves = Message::verbatim(names);
  if (solving.searchBestCount > solving.searchBest.size())
    moves = Message(kAndMore,
                    {{"MOVES", moves}, {"N", solving.searchBestCount - solving.searchBest.size()}});
  lines.push_back(
      Message(found == "draw" ? kDrawingMoves : kWinningMoves,
              {{"N1", solving.searchBestCount}, {"N2", solving.searchMoves}, {"MOVES", moves}}));
  return lines;
}

std::optional<SolvingStatus> Document::solving() const {
  if (opening_) {
    SolvingStatus status;
    status.opening = true;
    status.inWorker = opening_->workerJob != 0;
    // Nothing reported yet (the worker is starting, or searching for who wins first): 0%, not
    // the 100% of a total of 0.
    const SolveProgress& progress = opening_->worker.progress;
    status.progress = progress.total == 0 ? 0 : progress.fraction();
    status.positions = opening_->worker.progress.done;
    status.elapsedMs = opening_->worker.elapsedMs;
    status.sinceStartMs = std::chrono::duration<double, std::milli>(
                              std::chrono::steady_clock::now() - opening_->started)
                              .count();
    status.what = opening_->what;
    searchOf(opening_->worker, status);
    return status;
  }
  if (!pending_) return std::nullopt;
  SolvingStatus status;
  const bool inWorker = pending_->inWorker;
  const SolveProgress progress =
      inWorker ? pending_->worker.progress : pending_->load.job.progress();
  status.progress = progress.total == 0 ? 0 : progress.fraction();
  status.positions = progress.done;
  status.elapsedMs =
      inWorker ? pending_->worker.elapsedMs : pending_->load.job.elapsedMilliseconds();
  status.inWorker = inWorker;
  status.sinceStartMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                                  pending_->started)
                            .count();
  if (status.progress > 0.02)
    status.remainingMs = status.elapsedMs * (1 - status.progress) / status.progress;
  status.what = pending_->what;
  if (inWorker) searchOf(pending_->worker, status);
  return status;
}

void Document::adopt(Session session, std::optional<Recipe> recipe, HistoryEffect effect) {
  const bool hasLine = !session.history().empty();
  session_.emplace(std::move(session));
  recipe_ = std::move(recipe);
  if (!hasLine) {
    // A fresh board: its optimal line is ready to replay from the first move.
    session_->setLine(session_->principalLine(), 0);
  } else {
    extendLine();
  }
  judgeOutput_ = session_->gameBoard().judge().judgeOutput();
  judgeInput_ = session_->gameBoard().judge().judgeInputNumbers() <= kEditableNumbers
                    ? session_->gameBoard().judge().judgeInput()
                    : std::string();
  ++boardVersion_;
  changed(effect);
}

void Document::extendLine() {
  if (!atEnd()) return;
  const int step = session_->step();
  std::vector<Move> line = session_->history();
  for (const Move& move : session_->principalLine()) line.push_back(move);
  session_->setLine(line, step);
}

void Document::changed(HistoryEffect effect) {
  ++version_;
  if (effect == HistoryEffect::kPush || historyEffect_ == HistoryEffect::kNone)
    historyEffect_ = effect;
}

std::optional<Document::Played> Document::takePlayed() {
  std::optional<Played> played = std::move(played_);
  played_.reset();
  return played;
}

HistoryEffect Document::takeHistoryEffect() {
  const HistoryEffect effect = historyEffect_;
  historyEffect_ = HistoryEffect::kNone;
  return effect;
}

Message Document::play(const Move& move) {
  if (!session_) return Message(forms::kNoBoard, {});
  if (view_.readOnly) {
    notice_ = "This board is read-only: use the replay controls";
    ++version_;
    return notice_;
  }
  const Value before = session_->gameBoard().value();
  const int mover = session_->gameBoard().sideToMove();
  const Message reason = session_->play(move);
  if (!reason.empty()) {
    error_ = reason;
    ++version_;
    return reason;
  }
  played_ =
      Played{before, moveValueFromChild(session_->info().metric, session_->gameBoard().value()),
             mover, move};
  error_.clear();
  extendLine();
  changed(HistoryEffect::kPush);
  return {};
}

Message Document::playBest() {
  if (!session_) return Message(forms::kNoBoard, {});
  const std::optional<Move> move = best();
  if (!move) return Message(forms::kGameOver, {});
  // The best move is usually the next one of the stored line: play() keeps the rest of it.
  return play(*move);
}

bool Document::stepTo(int step) {
  if (!session_) return false;
  step = std::clamp(step, 0, lineLength());
  if (step == session_->step()) return false;
  session_->goToStep(step);
  changed(HistoryEffect::kPush);
  return true;
}

bool Document::stepBy(int delta) {
  if (!session_) return false;
  if (delta > 0 && atEnd()) return !view_.quiz && playBest().empty();
  return stepTo(session_->step() + delta);
}

void Document::resetLine() {
  if (!session_) return;
  session_->restart();
  session_->setLine(session_->principalLine(), 0);
  changed(HistoryEffect::kPush);
}

void Document::newGame() {
  if (!session_) return;
  session_->restart();
  ++computerSeed_;
  changed(HistoryEffect::kPush);
}

void Document::setStrength(int strength) {
  strength = std::clamp(strength, 0, kMaxStrength);
  if (view_.strength == strength) return;
  view_.strength = strength;
  changed(HistoryEffect::kReplace);
}

Message Document::playComputer() {
  if (!session_) return Message(forms::kNoBoard, {});
  if (view_.strength >= kMaxStrength) return playBest();
  const std::optional<Move> move = computerMove(*session_, view_.strength, computerSeed_);
  if (!move) return Message(forms::kGameOver, {});
  return play(*move);
}

Message Document::setComment(const std::string& text) {
  if (!session_) return Message(forms::kNoBoard, {});
  if (session_->comment(session_->step()) == text) return {};
  const Message problem = session_->setComment(text);
  if (!problem.empty()) {
    error_ = problem;
    ++version_;
    return problem;
  }
  changed(HistoryEffect::kReplace);
  return {};
}

void Document::setComputer(int player, bool computer) {
  if (view_.computer[player] == computer) return;
  view_.computer[player] = computer;
  changed(HistoryEffect::kReplace);
}

void Document::swapSides() {
  std::swap(view_.computer[0], view_.computer[1]);
  changed(HistoryEffect::kReplace);
}

void Document::setView(const ViewOptions& view) {
  view_ = view;
  changed(HistoryEffect::kReplace);
}

bool Document::computerToMove() const {
  return session_ && !view_.readOnly && view_.computer[session_->gameBoard().sideToMove()] &&
         best().has_value();
}

const std::optional<Move>& Document::best() const {
  // Keyed by the cursor too: the embed's measure walks the line without changing the document.
  const int step = session_ ? session_->step() : 0;
  if (bestVersion_ != version_ || bestStep_ != step) {
    best_ = session_ ? session_->gameBoard().bestMove() : std::nullopt;
    bestVersion_ = version_;
    bestStep_ = step;
  }
  return best_;
}

const std::string& Document::fragment() const {
  if (fragmentVersion_ != version_) {
    fragmentVersion_ = version_;
    fragment_.clear();
    linkProblem_.clear();
    if (session_) {
      // A pasted board too large for a link is not formatted again just to find that out.
      const bool fits =
          recipe_ || session_->gameBoard().judge().judgeInputNumbers() <= kMaxLinkBoardChars;
      auto link = fits ? makeLink(*session_, recipe_, view_)
                       : Expected<std::string>(ParseError{0, 0,
                                                          "this board is too large for "
                                                          "a link; generated boards "
                                                          "travel as their recipe"});
      if (link)
        fragment_ = link.value();
      else
        linkProblem_ = link.error().what();
    }
  }
  return fragment_;
}

const Message& Document::linkProblem() const {
  fragment();
  return linkProblem_;
}

}  // namespace gs::app
