// The facade every front-end talks to: a solved board of any game, a cursor into a line of
// play, and the questions a replay or an exploration asks (value here, values of the moves,
// best move, principal line), each answered from the solved table.
//
// A board is solved either at once (fromJudgeInput, fromBoard) or in slices through a SolveJob,
// which a single-threaded front-end advances a few milliseconds at a time and can drop at any
// moment to cancel. Errors are values: loading returns Expected<Session>, play() returns an
// error sentence.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/judge_text.h"
#include "game.h"

namespace gs {

class Session {
 public:
  // Parses and solves the judge's input.
  static Expected<Session> fromJudgeInput(const Game& game, std::string_view text,
                                          const SolveLimits& limits = {});
  // Solves a board built in code: fromBoard(board). Each game's header declares its
  // newGameBoard(Board) for its board type.
  template <class Board>
  static Session fromBoard(Board board) {
    return solveNow(newGameBoard(std::move(board)));
  }
  // Solves a board given as a GameBoard (a built-in game's: its solve cannot fail).
  static Session solveNow(std::unique_ptr<GameBoard> board);
  // Solves any board; a rules game's solve can fail (its rules raise an error).
  static Expected<Session> solve(std::unique_ptr<GameBoard> board);

  // Precondition: board->solved().
  Session(std::unique_ptr<GameBoard> board, SolveStats stats);
  Session(Session&&) noexcept;
  Session& operator=(Session&&) noexcept;
  ~Session();

  const Game& game() const { return board_->game(); }
  const GameInfo& info() const { return game().info(); }
  SolveStats stats() const { return stats_; }

  // The line of play: history() holds every move played, step() of them are on the board (the
  // rest can be redone).
  const std::vector<Move>& history() const { return history_; }
  int step() const { return step_; }
  bool isOver() const { return !board_->bestMove().has_value(); }

  // Optimal play from here to the end (for endless games, until it repeats a pair of moves),
  // at most `maxLength` moves.
  std::vector<Move> principalLine(std::size_t maxLength = SIZE_MAX) const;

  // Plays a move at the cursor; a move equal to the next one of the history keeps the redo
  // tail, any other move replaces it. Returns an empty message or the reason it is illegal.
  Message play(const Move& move);
  bool undo();
  bool redo();
  // Moves the cursor to any step of the history (0..history().size()).
  bool goToStep(int step);
  // Clears the history.
  void restart();
  // Replaces the line of play: replays `moves` from the start and puts the cursor at `step`
  // (clamped to the line). Returns "" or "move K: reason"; on an error the session is unchanged.
  // The comments of the steps the new line shares with the old one stay; the others go.
  Message setLine(const std::vector<Move>& moves, int step);

  // Comments on the line (an editorial's words: "the only reply that keeps n mod 7 in {0, 2}").
  // comment(k) belongs to step k, the position after the line's k-th move (0: the start); a
  // comment is one line of UTF-8 text of at most kMaxCommentBytes. Playing a move other than the
  // next one of the line drops the comments of the steps it replaces; undo, redo and goToStep
  // keep them. setComment() sets the comment at the cursor and setCommentAt() at any step of the
  // line; empty text removes it. Both return "" or why the text is refused (commentProblem()).
  static constexpr std::size_t kMaxCommentBytes = 1000;
  Message setComment(std::string_view text) { return setCommentAt(step_, text); }
  Message setCommentAt(int step, std::string_view text);
  const std::string& comment(int step) const;  // "" when none or past the line
  // One per step of the line: history().size() + 1 of them.
  const std::vector<std::string>& comments() const { return comments_; }
  bool hasComments() const;

  // Drawing data of the position at the cursor.
  // The board at the cursor (empty for a board that cannot be drawn).
  BoardSnapshot snapshot() const {
    const Pictures* pictures = board_->pictures();
    return pictures ? pictures->snapshot(history_, step_) : BoardSnapshot{};
  }
  // The board at the cursor: its value, moves, names and texts, the judge's input and output
  // (the session does not repeat them). A game's own views get typed access through
  // core/games/<game>_game.h.
  const GameBoard& gameBoard() const { return *board_; }

 private:
  friend class SolveJob;
  std::unique_ptr<GameBoard> board_;
  SolveStats stats_;
  std::vector<Move> history_;
  std::vector<std::string> comments_ = {std::string()};
  int step_ = 0;
};

// "" when `text` can be a comment, else why not: too long, not UTF-8 (the byte named), or a
// control character (a newline, a tab: the character named, counted from 1).
Message commentProblem(std::string_view text);

// A board being solved in slices, and the line of play to replay once it is solved. Dropping
// the job cancels it.
class SolveJob {
 public:
  // `moveCodes` are replayed after the solve (a link's moves) with their `comments` (one per
  // step from 0, at most moveCodes.size() + 1, each already checked by commentProblem()), the
  // cursor put at `step` (-1: the end of the line).
  explicit SolveJob(std::unique_ptr<GameBoard> board, std::vector<std::string> moveCodes = {},
                    int step = -1, std::vector<std::string> comments = {});
  SolveJob(SolveJob&&) noexcept;
  SolveJob& operator=(SolveJob&&) noexcept;
  ~SolveJob();

  const Game& game() const { return board_->game(); }
  // The board being solved (its rules and size are known before the solve).
  const GameBoard& board() const { return *board_; }
  // Does about `budget` positions of work; true once the board is solved.
  bool step(std::uint64_t budget);
  // Steps until `milliseconds` have passed or the board is solved; true once it is. Steps are
  // tuned to about an eighth of the call (at most 1 ms), so a call ends about that much late
  // (the first step of a costlier phase of the solve may take longer).
  bool stepFor(double milliseconds);
  // Steps until the board is solved, each step as stepFor()'s. Not one step to the end: a
  // WebAssembly engine first runs a function in code compiled for a quick start and compiles
  // it again for speed once it has run a while, but a call under way keeps its first code, so
  // one step to the end ran a module's first solve in that code (a 14 x 14 staircase, 2.5 s
  // against 1.0 s for the next ones); each step is a new call.
  void solveAll();
  bool done() const { return board_->solving().solved(); }
  SolveProgress progress() const;
  // The board adopts a solve done elsewhere (core/handover.h): its tables are allocated from the
  // header and returned to be filled, then finishAdoption() marks it solved, crediting the
  // solve's time. nullopt when the header is not of this board or the job has begun solving.
  std::optional<std::vector<Region>> prepareAdoption(const std::vector<std::uint8_t>& header);
  void finishAdoption(double milliseconds);
  // While the board is solved elsewhere: GameBoard::prepareSome() for about `milliseconds`;
  // true once done.
  bool prepareFor(double milliseconds);
  // Before the first step of a solve to hand over (GameBoard::solveForHandover()).
  void solveForHandover();
  double elapsedMilliseconds() const { return milliseconds_; }  // time spent solving so far

  // The solved session with its line replayed; errors name the move at fault
  // ("m (the moves), move 3 '2-5': cell (2, 5) needs a stone on (2, 4) first"), or say why the
  // solve failed (a rules game). Precondition: done(). The job is empty afterwards.
  Expected<Session> finish();

 private:
  std::unique_ptr<GameBoard> board_;
  std::vector<std::string> moveCodes_;
  std::vector<std::string> comments_;
  int step_ = -1;
  double milliseconds_ = 0;
  // The budget of one step inside stepFor(), tuned to the time a step takes. It grows no larger
  // than the fixed budget it replaced: a cheap phase (clearing a table) would otherwise grow it
  // until one step ran the whole costly phase after it (the exchange search: 27 ms in a 1 ms call).
  Slicer slicer_{1 << 10, 16, std::uint64_t{1} << 14};
};

// Parses the judge's input into a job (nothing solved yet).
Expected<SolveJob> startJudgeInput(const Game& game, std::string_view text,
                                   const SolveLimits& limits = {});

}  // namespace gs
