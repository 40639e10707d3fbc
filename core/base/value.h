// What a game's values are: the metric they are measured in, a move, the value of a position
// or a move. The lowest layer of the game model (core/game.h builds on it), so value texts
// (core/base/values.h) and anything else that only reads values need nothing of the games.
#pragma once

#include <cstdint>

namespace gs {

// The metric a game's values are measured in; named wherever a number is shown.
enum class Metric {
  kScoreDifference,     // the final score difference, first player minus second
  kWinLossRemoteness,   // win/loss for the mover, moves until the game ends
  kWinLossCertificate,  // win/loss for the mover, with the refuting answer of a loss
  kGrundy,              // the Sprague-Grundy number (0: the mover loses); impartial rules games
};

// A move, interpreted by its game (cells: a = row, b = column, 0-based; cards: a = the card
// put down, b = the card taken or -1; a pile: a = the stones taken).
struct Move {
  int a = -1;
  int b = -1;
  friend bool operator==(const Move& x, const Move& y) { return x.a == y.a && x.b == y.b; }
  friend bool operator!=(const Move& x, const Move& y) { return !(x == y); }
};

// The value of a position or of a move, in its game's metric.
//   kScoreDifference: `score` is the final first − second score with optimal play from here,
//     points already on the board included (absolute, not relative to the mover).
//   kWinLossRemoteness: `win` for the player to move in the position (or making the move);
//     `remoteness` counts the moves until the game ends (the winner hurries, the loser delays);
//     `draw` when neither side can force a win (rules games; win is false): `remoteness` is then
//     the moves to a drawn end (result() says "draw"), or -1 when play goes on for ever.
//   kWinLossCertificate: `win` for the player to move (or making the move); for a losing move
//     `certificate` is the refuting answer, for a winning one {-1, -1}: no such answer exists.
//   kGrundy: `score` is the Sprague-Grundy number of the position (of a move: of the position it
//     leads to); `win` for the player to move (a position whose number is not 0, a move to 0).
struct Value {
  std::int64_t score = 0;
  bool win = false;
  int remoteness = 0;
  Move certificate;
  bool draw = false;
  friend bool operator==(const Value& x, const Value& y) {
    return x.score == y.score && x.win == y.win && x.remoteness == y.remoteness &&
           x.certificate == y.certificate && x.draw == y.draw;
  }
};

struct MoveValue {
  Move move;
  Value value;
  bool best = false;  // one of the moves an optimal player may choose (equal to the game value)
};

}  // namespace gs
