// subtraction — a test-only fourth game that proves the Game interface complete: registered
// only in the test binary that runs the EveryGame battery, it passes the same tests as the
// real games without any change to generic code.
//
// Rules. One pile of n stones; the players (First, Second) take turns removing 1..k stones;
// whoever takes the last stone wins (the player facing an empty pile loses).
// Judge format: "n k" → "First" or "Second", the winner. 1 <= n <= 100000, 1 <= k <= 100.
// State encoding: the stones left; the table holds the remoteness of every pile size 0..n.
// Moves: Move{t, -1} takes t stones; code "t", name "take t".
#pragma once

#include "game.h"

namespace gs::testing {

const Game& subtractionGame();

}  // namespace gs::testing
