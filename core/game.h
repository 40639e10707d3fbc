// Types shared by the three games and their front-ends: game ids, moves, values, limits.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gs {

enum class GameId { kStaircase, kExchange, kManhattan };

// The metric a game's values are measured in; named wherever a number is shown.
enum class Metric {
  kScoreDifference,     // staircase: final Black − White score
  kWinLossRemoteness,   // exchange: win/loss for the mover, moves until the game ends
  kWinLossCertificate,  // manhattan: win/loss for the placer, refuting cell for a loss
};

// A move, interpreted by its game:
//   staircase, manhattan: a = row, b = column (0-based);
//   exchange: a = the card put on the table, b = the card taken from it or -1 (card indices in
//   input order: Takahashi's, then Aoki's, then the table's).
struct Move {
  int a = -1;
  int b = -1;
  friend bool operator==(const Move& x, const Move& y) { return x.a == y.a && x.b == y.b; }
  friend bool operator!=(const Move& x, const Move& y) { return !(x == y); }
};

// The value of a position or of a move, in its game's metric.
//   kScoreDifference: `score` is the final Black − White score with optimal play from here,
//     points already on the board included (absolute, not relative to the mover).
//   kWinLossRemoteness: `win` for the player to move in the position (or making the move);
//     `remoteness` counts the moves until the game ends (the winner hurries, the loser delays).
//   kWinLossCertificate: `win` for the player to move (or placing there); for a losing placement
//     `certificate` is the refuting answer (the highest-valued winning cell at distance > m),
//     for a winning one it is {-1, -1}: no such answer exists.
struct Value {
  std::int64_t score = 0;
  bool win = false;
  int remoteness = 0;
  Move certificate;
  friend bool operator==(const Value& x, const Value& y) {
    return x.score == y.score && x.win == y.win && x.remoteness == y.remoteness &&
           x.certificate == y.certificate;
  }
};

struct MoveValue {
  Move move;
  Value value;
  bool best = false;  // one of the moves an optimal player may choose (equal to the game value)
};

// Resource limits applied when a board is parsed, before any table is allocated.
struct SolveLimits {
  std::uint64_t memoryBudgetBytes = std::uint64_t{1} << 30;  // 1 GiB natively
};

struct SolveStats {
  std::uint64_t positions = 0;  // positions (or cells) solved
  double milliseconds = 0;      // time of the solve itself, parsing excluded
};

// "1.5 GiB", "512 MiB", "12 KiB", "100 bytes".
std::string formatBytes(std::uint64_t bytes);

// Parses a memory size such as "1G", "512M", "64MiB", "1000000"; nullopt when malformed.
std::optional<std::uint64_t> parseByteSize(std::string_view text);

const char* gameIdName(GameId id);  // "staircase"
std::optional<GameId> gameIdFromName(std::string_view name);

}  // namespace gs
