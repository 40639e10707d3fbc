// The module's Session (a JsSession): a loaded board, a cursor into its line of play and the
// queries of bindings.cpp's table, over a gs::Session. Loads at once (load*()) or in slices
// (start*(), advance(), cancel(), solving()); every answer is a plain JS object or array, and a
// wrong argument an {ok: false, error} (the conventions at the top of bindings.cpp).
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <optional>
#include <string>

#include "js_values.h"
#include "session.h"
#include "tools/board_load.h"
#include "tools/share_link.h"

namespace gs::web {

class JsSession {
 public:
  JsSession() = default;

  // --- Loading at once: the board is parsed and solved before the call returns.
  val loadJudgeInput(val game, val text) { return finishAtOnce(startJudgeInput(game, text)); }
  val loadLink(val fragment) { return finishAtOnce(startLink(fragment)); }
  // A seeded random board: the recipe in the link grammar ("10.10.100000.7").
  val loadRecipe(val game, val text) { return finishAtOnce(startRecipe(game, text)); }

  // --- Loading in slices: start*() checks the input and prepares the solve (the board on
  // screen stays), advance(ms) solves for about ms milliseconds and reports progress, cancel()
  // drops the solve. The module's loadJudgeInputAsync() & co. (module_api.js) drive these.
  val startJudgeInput(val game, val text);
  val startLink(val fragment);
  val startRecipe(val game, val text);
  // A game written as a Lua rules file, with parameters ({n: 41}; the others at their
  // defaults). Errors name the rules' line: {ok: false, error, line}.
  val loadRules(val text, val params) { return finishAtOnce(startRules(text, params)); }
  val startRules(val text, val params);
  // {done, progress (0..1), positions, elapsedMs}; once done also {ok} or {ok: false, error},
  // and the new board is loaded (or the previous one stays).
  val advance(val milliseconds);
  bool cancel();
  // The solve in progress: {progress, positions, elapsedMs, job} (job: a number naming this
  // solve, unique in the module), or null.
  val solving() const;

  bool loaded() const { return session_.has_value(); }

  val stats() const { return session_ ? statsObject(session_->stats()) : val::null(); }
  // Loading solves the board; solve() reports what that took (kept for the natural call order
  // load → solve → query).
  val solve() const { return stats(); }

  val game() const { return session_ ? val(std::string(session_->game().id())) : val::null(); }
  val judgeInput() const;
  val judgeOutput() const;
  val summary() const;
  int step() const { return session_ ? session_->step() : 0; }
  int sideToMove() const { return session_ ? session_->gameBoard().sideToMove() : 0; }
  bool isOver() const { return session_ ? session_->isOver() : true; }

  val value() const;

  // Every legal move (moves()), or a page of them (moves(first, count)). A list of more than
  // kMaxMovesListed moves is refused: {ok: false, error, moveCount}.
  val moves(val first, val count) const;

  double moveCount() const;

  val bestMove() const;

  // The computer's move at a strength from 0 (a random legal move) to 10 (the best move),
  // repeatable from its seed (core/computer.h): computerMove({strength: 6, seed: 1}); null when
  // the game is over; {ok: false, error} for a strength or seed out of range.
  val computerMove(val options) const;

  val principalLine() const;

  val history() const;

  // A move by its code ("2-3", "A1", "A1-C2") or a move object from moves().
  val play(val move);

  // The comment at the cursor (core/session.h): setComment("the only winning reply"); '' removes
  // it. {ok: false, error} for text that cannot be a comment (too long, a control character).
  val setComment(val text);
  // The comment at a step of the line ('' when none, or for a step that is not one).
  std::string comment(val step) const;

  bool undo() { return session_ && session_->undo(); }
  bool redo() { return session_ && session_->redo(); }
  bool goToStep(val step);
  void restart();

  // The link of the current state; options {embed, autoplay, readOnly, computer: [bool, bool]}.
  val link(val options) const;

  val view() const { return viewObject(view_); }

  // The combinatorial game value of the position at the cursor (partisan rules games; Left is
  // the first player): {ok, canonical, outcomeClass, mean, temperature, leftStop, rightStop,
  // thermograph: {leftWall, rightWall} (corners [temperature, value] from -1 up to the mast),
  // moves: the canonical form each legal move leads to, in moves() order}, or {ok: false, error}.
  val cgt() const;

  // The same JSON document as `gamesolver analyze`, up to kModuleAnalysisBytes (the page holds
  // it); past them {ok: false, error} with the sentence.
  val analyze();

  // The board as plain data for drawing: {game, toMove, step} and the game's snapshot.
  val board() const;

  // Exports for posts (core/tools/export.h): the board at step K (default 0) of the optimal line as
  // a standalone SVG or as Markdown for an editorial. The line of play is left as it was.
  val exportSvg(val step);
  val exportMarkdown(val step);

 private:
  struct Pending {
    gs::BoardLoad load;
    bool returnsView;  // links and recipes answer with {ok, view}
    // Which solve this is, unique in the module: module_api.js's async loads tell their own
    // job from one started after them (solving().job).
    std::uint64_t serial;
  };
  static inline std::uint64_t jobSerial_ = 0;

  // Finishes the pending job: the board is loaded, or the previous one stays.
  val finishPending();
  // A synchronous load: the result of start*() (an error), or the job run to its end.
  val finishAtOnce(val started);

  void adopt(gs::Session session, std::optional<gs::Recipe> recipe, gs::ViewOptions view);

  std::optional<gs::Session> session_;
  std::optional<Pending> pending_;
  std::optional<gs::Recipe> recipe_;
  gs::ViewOptions view_;
};

}  // namespace gs::web
