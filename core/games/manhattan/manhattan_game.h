// manhattan as a Game (core/game.h): its registry row, limits, recipes, names and texts. The
// rules, the judge format and the solver are in manhattan.h.
//
// Snapshot (the module's board()): numbers n, m; layers values (Uint32, row-major), winning
// (Uint8: 1 for a winning first cell); placements [{row, col, player}] of the line so far.
#pragma once

#include <memory>

#include "game.h"
#include "games/manhattan/manhattan.h"
#include "games/solver_board.h"

namespace gs {

// Forms the game's view (imgui_app) builds its messages from; listed in the game's
// translations().
inline constexpr Phrase kCellValue{"({N1}, {N2}) value {N3}", "({N1}, {N2}) 值 {N3}"};
inline constexpr Phrase kRefutedBy{"loses: refuted by {CELL}", "必败：被 {CELL} 驳倒"};

const Game& manhattanGame();

// A board ready to solve (Session::fromBoard solves it).
std::unique_ptr<GameBoard> newGameBoard(ManhattanBoard board);

// A seeded shuffle of the values 1..n^2 (distinct, so no duplicate check is needed; a
// 2000 x 2000 board is about 31 MB of judge input); the cells' order by value comes with it.
// The generator behind manhattan recipes N.M.SEED.
ManhattanBoard randomManhattan(int n, std::int64_t m, std::uint64_t seed);

// Its views and tests read a board's solver and position with solverOf<ManhattanSolver>(board) and
// positionOf<ManhattanSolver>(board) (core/games/solver_board.h).
template <>
struct SolverBoardOf<ManhattanSolver> {
  using type = SolverBoard<ManhattanSolver, ManhattanPosition, ManhattanBoard>;
};

}  // namespace gs
