// staircase as a Game (core/game.h): its registry row, limits, recipes, names and texts. The
// rules, the judge format and the solver are in staircase.h.
//
// Snapshot (the module's board()): numbers rows, cols; layers a, b (Float64, row-major), owner
// (Int8: -1 empty, 0 Black, 1 White), moveNumber (Int32, 0 when empty); scores [Black, White].
#pragma once

#include <memory>

#include "game.h"
#include "games/solver_board.h"
#include "games/staircase/staircase.h"

namespace gs {

// Forms the game's view (imgui_app) builds its messages from; listed in the game's
// translations().
inline constexpr Phrase kCellPoints{
    "({N1}, {N2}): a = {N3} (Black's points), b = {N4} (White's points)",
    "({N1}, {N2})：a = {N3}（黑方得分），b = {N4}（白方得分）"};
inline constexpr Phrase kPlayingHere{"playing here: {VALUE} for {PLAYER}, {MESSAGE}",
                                     "走这里：对{PLAYER}为 {VALUE}，{MESSAGE}"};

const Game& staircaseGame();

// A board ready to solve (Session::fromBoard solves it).
std::unique_ptr<GameBoard> newGameBoard(StaircaseBoard board);

// Values of a and b uniform in [0, maxValue]; with whiteZero every b is 0 (half the judge's
// tests). The generator behind staircase recipes ROWS.COLS.MAX.SEED.
StaircaseBoard randomStaircase(int rows, int cols, std::int64_t maxValue, std::uint64_t seed,
                               bool whiteZero = false);

// Its views and tests read a board's solver and position with solverOf<StaircaseSolver>(board) and
// positionOf<StaircaseSolver>(board) (core/games/solver_board.h).
template <>
struct SolverBoardOf<StaircaseSolver> {
  using type = SolverBoard<StaircaseSolver, StaircasePosition, StaircaseBoard>;
};

}  // namespace gs
