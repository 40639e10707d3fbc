// The computer's move at a chosen strength (issue 35): a teacher lets it make the mistakes a
// beginner would. Generic: it reads the metric and the moves' values, so it plays every game,
// built-in and rules.
//
//   strength 10  the best move, core/games/GAMES.md's tie-break (the move the hint names): it never
//   lets
//   a
//                won game go;
//   strength 0   a legal move uniformly at random;
//   between      each legal move with probability proportional to exp(beta * q): q the move's
//                quality, 0 for the worst value among the moves and 1 for the best (a win above
//                a draw above a loss, then the quicker win or the slower loss; a margin scaled
//                between the worst and the best), beta = 0.05 * 2^strength (0.1 at 1, 1.6 at 5,
//                25.6 at 9). The expected quality of a move rises with beta (its derivative is
//                the variance of q), so a higher strength never plays worse on average.
// The choice is repeatable: the same seed, position and step give the same move. Moves are read
// a page at a time, so a position of millions of moves costs no more memory than a page.
#pragma once

#include <cstdint>
#include <optional>

#include "session.h"

namespace gs {

constexpr int kMaxStrength = 10;

// The computer's move at the cursor of `session`, or nullopt when the game is over.
std::optional<Move> computerMove(const Session& session, int strength, std::uint64_t seed);

}  // namespace gs
