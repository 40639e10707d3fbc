// The registry: the one list of the games, in the order front-ends show them. Adding a game is
// one line here (and its own files beside this one).
#include "../game.h"
#include "exchange_game.h"
#include "manhattan_game.h"
#include "staircase_game.h"

namespace gs {
namespace {

std::vector<const Game*>& registry() {
  static std::vector<const Game*> list = {
      &staircaseGame(),
      &exchangeGame(),
      &manhattanGame(),
  };
  return list;
}

}  // namespace

const std::vector<const Game*>& games() {
  return registry();
}

void registerGame(const Game& game) {
  if (!findGame(game.id())) registry().push_back(&game);
}

}  // namespace gs
