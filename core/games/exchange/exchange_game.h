// exchange as a Game (core/game.h): its registry row, limits, recipes, names and texts. The
// rules, the judge format and the solver are in exchange.h.
//
// Snapshot (the module's board()): cards [{name, value, owner}] in input order, owner 0
// Takahashi, 1 Aoki, 2 the table.
#pragma once

#include <memory>

#include "game.h"
#include "games/exchange/exchange.h"
#include "games/solver_board.h"

namespace gs {

// Forms the game's view (imgui_app) builds its messages from; listed in the game's
// translations().
inline constexpr Phrase kCardsOfA{"{PLAYER}'s cards: A1, A2, ...", "{PLAYER}的牌：A1, A2, ..."};
inline constexpr Phrase kCardsOfB{"{PLAYER}'s cards: B1, B2, ...", "{PLAYER}的牌：B1, B2, ..."};
inline constexpr Phrase kNoCardLoses{"{PLAYER} has no card and loses.",
                                     "{PLAYER}没有牌了，输掉对局。"};

const Game& exchangeGame();

// A board ready to solve (Session::fromBoard solves it).
std::unique_ptr<GameBoard> newGameBoard(ExchangeBoard board);

// Card values uniform in [1, maxValue] (a small maxValue gives repeated numbers). The generator
// behind exchange recipes N.M.L.MAX.SEED.
ExchangeBoard randomExchange(int takahashi, int aoki, int table, std::int64_t maxValue,
                             std::uint64_t seed);

// Its views and tests read a board's solver and position with solverOf<ExchangeSolver>(board) and
// positionOf<ExchangeSolver>(board) (core/games/solver_board.h).
template <>
struct SolverBoardOf<ExchangeSolver> {
  using type = SolverBoard<ExchangeSolver, ExchangePosition, ExchangeBoard>;
};

}  // namespace gs
