// The facade every front-end talks to: a solved board, a cursor into a line of play, and the
// questions a replay or an exploration asks (value here, values of the moves, best move,
// principal line), each answered from the solved table in O(moves).
//
// Errors are values: loading returns Expected<Session>, play() returns an error sentence.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.h"
#include "games/exchange.h"
#include "games/manhattan.h"
#include "games/staircase.h"
#include "judge_text.h"

namespace gs {

// The registry: one row per game (no static self-registration).
struct GameInfo {
  GameId id;
  const char* name;       // "staircase": the id used by the CLI, the JS API and links
  const char* title;      // "Staircase (一双木棋)"
  const char* source;     // "Luogu P4363 ..."
  const char* players[2]; // first and second player
  Metric metric;
  const char* metricName; // "score difference (Black - White)"
};
const std::vector<GameInfo>& gameRegistry();
const GameInfo& gameInfo(GameId id);

class Session {
 public:
  static Expected<Session> fromJudgeInput(GameId game, std::string_view text,
                                          const SolveLimits& limits = {});
  static Session fromBoard(StaircaseBoard board);
  static Session fromBoard(ExchangeBoard board);
  static Session fromBoard(ManhattanBoard board);

  Session(Session&&) noexcept;
  Session& operator=(Session&&) noexcept;
  ~Session();

  GameId game() const;
  const GameInfo& info() const { return gameInfo(game()); }
  std::string judgeInput() const;   // the board as the judge's input
  std::string judgeOutput() const;  // the answer exactly as the judge prints it
  SolveStats stats() const;

  // The line of play: history() holds every move played, step() of them are on the board (the
  // rest can be redone).
  const std::vector<Move>& history() const { return history_; }
  int step() const { return step_; }
  int sideToMove() const;  // 0 first player, 1 second
  bool isOver() const;

  Value value() const;                    // of the current position, in the game's metric
  std::vector<MoveValue> moves() const;   // legal moves in the fixed order, with values
  std::optional<Move> bestMove() const;   // the optimal choice (tie-break as in GAMES.md)
  std::vector<Move> principalLine() const;  // optimal play from here to the end (or a cycle)

  // Plays a move at the cursor; a move equal to the next one of the history keeps the redo
  // tail, any other move replaces it. Returns an empty string or the reason it is illegal.
  std::string play(const Move& move);
  bool undo();
  bool redo();
  // Moves the cursor to any step of the history (0..history().size()).
  bool goToStep(int step);
  // Clears the history.
  void restart();
  // Replaces the line of play: replays `moves` from the start and puts the cursor at `step`
  // (clamped to the line). Returns "" or "move K: reason"; on an error the session is unchanged.
  std::string setLine(const std::vector<Move>& moves, int step);

  // Names and words for front-ends.
  std::string moveName(const Move& move) const;     // "(1, 2)", "A1", "A1 takes C2"
  std::string describe(const Value& value, int player) const;  // "Black ends 2 points ahead"
  std::string summary() const;  // the answer in words, e.g. "2 of 9 first cells win"

  // Game-specific views for drawing (null for the other games).
  const StaircaseSolver* staircase() const;
  const ExchangeSolver* exchange() const;
  const ManhattanSolver* manhattan() const;
  const StaircasePosition* staircasePosition() const;
  const ExchangePosition* exchangePosition() const;
  const ManhattanPosition* manhattanPosition() const;

  struct Impl;

 private:
  explicit Session(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  std::vector<Move> history_;
  int step_ = 0;
};

}  // namespace gs
