// subtraction — a test-only fourth game that proves the game interface narrow: it states only
// its rules (core/rules/rules.h: start, moves, play, a move's name), is registered only in the test
// binary that runs the EveryGame battery, and gets everything else from generic code.
//
// Rules. One pile of n stones; the players (First, Second) take turns removing 1..k stones;
// whoever takes the last stone wins (the player facing an empty pile loses).
// Judge format (generic: the parameters): "n k" -> "win K" or "loss K" for the first player,
// K the moves left. 1 <= n <= 100000, 1 <= k <= 100.
#pragma once

#include "game.h"

namespace gs::testing {

const Game& subtractionGame();

}  // namespace gs::testing
