// The app's document: the board on screen, its line of play and cursor, how it is shown, and
// the board being solved in the background. It is plain C++ (no ImGui, no browser), changed
// only through the actions below; every change bumps version(). Everything else is derived
// from it: the views draw it, the URL fragment and the test hook are computed from it, and the
// computer player asks it whose turn it is (after Lichess's analysis controller).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules_request.h"
#include "session.h"
#include "solver_worker.h"
#include "tools/board_load.h"
#include "tools/share_link.h"

namespace gs::app {

// A solve in progress: what the progress bar shows.
struct SolvingStatus {
  double progress = 0;          // 0..1
  std::uint64_t positions = 0;  // positions done so far
  double elapsedMs = 0;         // time spent solving
  double remainingMs = -1;      // an estimate, or -1 when there is none yet
  Message what;                 // "staircase 14.14.100000.7 from a link"
  bool inWorker = false;        // solved by the solver worker (solver_worker.h), not in slices
  double sinceStartMs = 0;      // wall-clock time since the load began
  // A rules game being opened: the worker loads and solves it before the page runs any of it.
  bool opening = false;
  // A rules board's start by the worker's search that stops at a winning move, ahead of the
  // whole solve (WorkerReport::search): nullopt, or "" while searching, "win", "loss", "draw".
  std::optional<std::string> search;
  double searchMs = 0;
  std::uint64_t searchMoves = 0, searchBestCount = 0;  // the start's moves; the best of them
  std::vector<std::string> searchBest;                 // the first best moves, by name
};

// The lazy board: a rules board played position by position, each position searched by the
// worker as it is reached (rulesSearchPosition: who wins there and each move's outcome, by the
// search that stops at a winning move, in a memo kept from position to position), in place of
// the whole solve, for a board too large to solve whole or not worth the wait.
struct SearchBoard {
  Message what;                        // the board: "rules board from a link"
  std::string title;                   // the rules' title, once the worker has run them
  std::vector<std::size_t> line;       // the moves from the start to the position on screen
  std::vector<std::string> moveNames;  // their names
  // The positions along the line that are searched: stack[d] after d moves. The position on
  // screen is stack.back(), and is the line's last once its search is done.
  std::vector<SearchedPosition> stack;
  std::vector<double> searchMs;  // each one's time
  bool searching = false;        // the worker searches the line's last position
  double searchingMs = 0;        // for so long
  Message error;  // the sentence of the last search's failure (the position on screen stays)
  // Whole values asked for (Document::setSearchValues): each position reached is searched for
  // its value and its moves' (the moves left, or Grundy numbers), as the solved board has them,
  // rather than for who wins alone.
  bool values = false;
};

// "850 ms", "2.1 s".
std::string durationText(double milliseconds);

// The worker's search for who wins, as the board's progress says it: nothing, "searching", or
// who wins and then, where there are best moves, their names (ui_phrases.h).
std::vector<Message> searchedLines(const SolvingStatus& solving);
// The lazy board's sentences (rules_view.cpp draws them, the status line reads them): its title
// ("Wythoff's game, played by search"; the board's name until the worker has run the rules), the
// line ("After 1, 8490"), who wins at the position on screen (empty before its search is done), the
// search under way (empty when none) and the last failure (empty when none).
struct SearchBoardText {
  Message title, line, verdict, searching, error;
};
SearchBoardText searchBoardText(const SearchBoard& board);

// How the browser history follows a change: a new entry (Back returns to the previous state),
// the current entry replaced, or nothing.
enum class HistoryEffect { kNone, kPush, kReplace };

class Document {
 public:
  explicit Document(SolveLimits limits) : limits_(limits) {}
  ~Document();
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;
  // Boards of at least kWorkerFromPositions positions (an upper bound) are solved by `worker`
  // when there is one; the smaller ones, in the page's first slice, as before. Rules games (a
  // stranger's code) never run on the page before the worker has loaded and solved them: a
  // rules link, or rules from the editor, are opened by the worker (openRules); the page then
  // loads its own copy, each call of the rules held to kPageInstructionsPerCall (the limits'
  // lua), and adopts the worker's solve. Where no worker can run at all, the page loads and
  // solves them itself in slices, under that same per-call budget.
  void setSolverWorker(SolverWorker* worker) { worker_ = worker; }
  static constexpr std::uint64_t kWorkerFromPositions = std::uint64_t{1} << 21;

  // --- Loading. Each starts a solve; the board on screen stays until the new one is ready,
  // and errors leave everything as it was. finishedNow is true when the board was small
  // enough to be solved at once.
  bool loadText(const Game& game, const std::string& text, const std::string& origin);
  // A text of unknown game (a dropped file, a paste): the given game first, then the others;
  // when none reads it, the message is the given game's.
  bool loadAnyText(const Game& game, const std::string& text, const std::string& origin);
  bool loadRecipe(const Recipe& recipe);
  // Opens a share link. A link that cannot be opened sets linkError() (the page keeps the link
  // in its address bar and offers the default board); the board on screen stays.
  bool openLink(const std::string& fragment);
  // Opens a rules game from its text (the editor, an example, a dropped or pasted file, the
  // judge-input box): loaded and solved by the worker first, then by the page. `origin` names
  // the file it came from ("" when none: "Loaded FILE" once on screen). Errors (the worker's
  // sentence) come as error().
  void openRules(RulesRequest request, const std::string& origin = "");
  void openDefault();  // the first game's judge sample
  // Runs the pending solve for about `milliseconds`; true when it finished during this call
  // (then the new board is on screen, or error() says why not).
  // A solve that finishes late in its slice is adopted by the next call (readyToAdopt()).
  bool advance(double milliseconds);
  void cancel();
  std::optional<SolvingStatus> solving() const;

  // --- The lazy board (SearchBoard). It can be opened while a rules board opens in the worker
  // once the worker's search has found who wins at its start, and after the whole solve of such
  // a board was refused (a limit): the whole solve stops, the board on screen stays (under the
  // lazy board) and comes back when it is closed.
  bool canSearchBoard() const;
  // The refused board's name ("rules board from a link"), while the lazy board can still be
  // opened for it ("" when not).
  Message refusedButSearchable() const {
    return searchable_ && !closed_ ? searchable_->what : Message();
  }
  // Whether the lazy board was closed and can be opened again, where it was.
  bool searchBoardClosed() const { return searchable_ && closed_; }
  void openSearchBoard();
  const std::optional<SearchBoard>& searchBoard() const { return searchBoard_; }
  void searchMove(std::size_t index);  // plays the index-th move of the position on screen
  // Plays the first move that keeps the mover's win or draw (the first of a lost position's).
  void searchBest();
  void searchBack();  // back one move (a search under way stops)
  void searchFromStart();
  // Asks for whole values (or who wins alone) from the position on screen on: the position on
  // screen is searched again if it lacks them; a search under way starts again in the new way.
  void setSearchValues(bool values);
  // Closes the lazy board: the board under it comes back, and the lazy board can be opened
  // again where it was (openSearchBoard), until another board is opened.
  void closeSearchBoard();
  // Polls the worker's search of a position; true when something changed.
  bool advanceSearch();
  // The pending board is solved and waits for the next advance() to be put on screen.
  bool readyToAdopt() const { return pending_ && pending_->load.job.done(); }
  // The worker's independent check of the rules board on screen (the plain minimax): nullopt
  // when the board was not a rules board solved by the worker; an empty optional inside when
  // the worker skipped it (a large game).
  const std::optional<std::optional<std::string>>& workerReference() const {
    return workerReference_;
  }

  // --- Playing and replaying (no effect while nothing is on screen).
  // A move at the cursor. Off the stored line, the line becomes the moves so far, this move and
  // the optimal continuation. Returns "" or the reason the move is illegal.
  Message play(const Move& move);
  Message playBest();
  bool stepTo(int step);
  bool stepBy(int delta);  // past the end of the line, +1 plays the best move
  void resetLine();        // the optimal line from the start, cursor at 0
  void newGame();          // no moves, cursor at 0 (play against the computer from scratch)
  void setComputer(int player, bool computer);
  // The computer's strength (core/computer.h): 0 plays at random, 10 perfectly.
  void setStrength(int strength);
  // The computer's move at the cursor, at the view's strength (the best move at 10).
  Message playComputer();
  // The comment at the cursor (Session::setComment); "" or why the text is refused.
  Message setComment(const std::string& text);
  void swapSides();
  void setView(const ViewOptions& view);
  // Edits in the editor are loads (loadText / loadRecipe); sizes and values keep what fits.

  // --- Derived state.
  bool hasBoard() const { return session_.has_value(); }
  const Session& session() const { return *session_; }
  Session& session() { return *session_; }
  const Game& game() const { return session_ ? session_->game() : *games().front(); }
  const std::optional<Recipe>& recipe() const { return recipe_; }
  const ViewOptions& view() const { return view_; }
  int version() const { return version_; }
  // Whether the board on screen was solved by the solver worker (rather than in slices).
  bool solvedInWorker() const { return solvedInWorker_; }
  int boardVersion() const { return boardVersion_; }
  int lineLength() const { return session_ ? static_cast<int>(session_->history().size()) : 0; }
  bool atEnd() const { return session_ && session_->step() == lineLength(); }
  // The computer's side is to move at the cursor and the game goes on.
  bool computerToMove() const;
  // The best move at the cursor (cached per version: on a large board it can mean a scan).
  const std::optional<Move>& best() const;
  // The share-link fragment of the state ("" when the board is too large for a link and came
  // from no recipe; linkProblem() says why).
  const std::string& fragment() const;
  const Message& linkProblem() const;
  // The last move played at the cursor (by anyone), for verdicts on it: the position's value
  // before it and the move's value, both for its mover. Taken once.
  struct Played {
    Value position;
    Value move;
    int mover = 0;
    Move played;
  };
  std::optional<Played> takePlayed();
  // How the last change should show in the browser history (taken by the URL sync).
  HistoryEffect takeHistoryEffect();

  // --- Messages.
  // Errors are messages (core/base/message.h): views show them in the interface's language.
  const Message& error() const { return error_; }
  const Message& linkError() const { return linkError_; }
  const Message& notice() const { return notice_; }  // "Loaded board.txt"
  void clearMessages();
  // The address bar holds the board on screen again (Back to it, or its link typed): a link that
  // could not be opened is no longer shown.
  void clearLinkError() {
    if (linkError_.empty()) return;
    linkError_.clear();
    ++version_;
  }
  void setError(Message error);

  // The judge's answer and input of the board on screen, made once per board (a large board's
  // texts are megabytes). judgeInput is "" when the board has more than kEditableNumbers.
  const std::string& judgeOutput() const { return judgeOutput_; }
  const std::string& judgeInput() const { return judgeInput_; }
  static constexpr std::uint64_t kEditableNumbers = 20000;

 private:
  // The board a lazy board searches (the opening's, or that of a refused opening) and its rules.
  struct SearchSource {
    bool link = false;
    std::string text, rules;
    Message what;
  };
  struct Pending {
    BoardLoad load;
    Message what;           // the board, for the progress line: "exchange 6.6.5.1 from a link"
    std::string origin;     // the file or paste it was read from ("" when none): "Loaded FILE"
    int workerJob = 0;      // the worker's job solving it (0: the page solves it in slices)
    bool inWorker = false;  // the worker solves it (until the board is adopted)
    WorkerReport worker;    // the worker's last report
    std::optional<std::vector<Region>> regions;  // the board's tables, being copied in
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    // A rules board solved by the worker: its independent check (workerReference()).
    std::optional<std::optional<std::string>> reference;
    // A rules board opened whose start the worker's search answered: its source, for the lazy
    // board should the whole solve be refused (a limit).
    std::optional<SearchSource> searchable;
  };
  // A rules game being opened (openRules, a rules link): what the worker was given, until it
  // has loaded and solved it and the page has loaded its own copy (then it is pending_).
  struct Opening {
    bool link = false;  // a link's fragment (text); else a RulesRequest
    std::string text;   // the fragment, or the request's encoding
    RulesRequest request;
    Message what;
    std::string origin;
    int workerJob = 0;
    WorkerReport worker;
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  };
  void open(Opening opening);
  bool advanceOpening();
  void failOpening(Message message);
  std::optional<Opening> opening_;
  // The opening's board, where the worker's search has answered who wins at its start.
  static std::optional<SearchSource> searchableSource(const Opening& opening);
  // The lazy board is offered for a board whose whole solve was refused.
  void offerSearchBoard(std::optional<SearchSource> source);
  std::optional<SearchSource> searchable_;  // a refused board's, while its lazy board is offered
  std::optional<SearchSource> searchSource_;
  std::optional<SearchBoard> searchBoard_;
  int searchJob_ = 0;
  void startPositionSearch();
  void stopPositionSearch();
  void takeBackUnsearched();
  void searchAgainForValues();
  void dropSearchBoard();              // a new board: the lazy board and its offer go
  std::optional<SearchBoard> closed_;  // the lazy board closed, kept to be opened again
  std::optional<std::optional<std::string>> workerReference_;
  void start(BoardLoad load, Message what, std::string origin, LoadSource source);
  // Hands the pending board to the worker; false when it cannot take it.
  bool toWorker(const LoadSource& source);
  // The worker's side of advance(): true once the tables are in (the board is solved).
  bool advanceInWorker(double milliseconds);
  void stopWorkerJob();
  void adopt(Session session, std::optional<Recipe> recipe, HistoryEffect effect);
  void changed(HistoryEffect effect);
  void extendLine();  // appends the optimal continuation when the cursor is at the end

  SolveLimits limits_;
  SolverWorker* worker_ = nullptr;
  std::optional<Session> session_;
  std::optional<Recipe> recipe_;
  ViewOptions view_;
  std::optional<Pending> pending_;
  // "board.txt: <message>" when the text came from a file or a paste named `origin`.
  static Message fromOrigin(const std::string& origin, Message message);

  Message error_, linkError_;
  Message notice_;
  std::string judgeOutput_, judgeInput_;
  int version_ = 0;
  int boardVersion_ = 0;
  bool solvedInWorker_ = false;
  HistoryEffect historyEffect_ = HistoryEffect::kNone;
  std::optional<Played> played_;
  // The computer's choices below strength 10 repeat for a seed; each new game takes the next.
  std::uint64_t computerSeed_ = 1;
  // Caches of derived state, keyed by version.
  mutable int bestVersion_ = -1;
  mutable int bestStep_ = -1;
  mutable std::optional<Move> best_;
  mutable int fragmentVersion_ = -1;
  mutable std::string fragment_;
  mutable Message linkProblem_;
};

}  // namespace gs::app
