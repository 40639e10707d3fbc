// The registry: the one list of the games, in the order front-ends show them. Adding a game is
// one line here (and its own files beside this one).
#include "base/i18n.h"
#include "game.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"

namespace gs {
namespace {

std::vector<const Game*>& registry() {
  static std::vector<const Game*> list = [] {
    std::vector<const Game*> builtIn = {
        &staircaseGame(),
        &exchangeGame(),
        &manhattanGame(),
    };
    // A game's own words join the catalogue of translations (core/base/i18n.h) with the game.
    for (const Game* game : builtIn) registerTranslations(game->translations());
    return builtIn;
  }();
  return list;
}

// The built-in games' words are in the catalogue from the start, before anything asks for a
// game or a translation.
const bool kBuiltInGamesRegistered = !registry().empty();

}  // namespace

const std::vector<const Game*>& games() {
  return registry();
}

void registerGame(const Game& game) {
  if (findGame(game.id())) return;
  registry().push_back(&game);
  registerTranslations(game.translations());
}

}  // namespace gs
