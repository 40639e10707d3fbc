// The registry: the one list of the games, in the order front-ends show them. Adding a game is
// one line here (and its own files beside this one).
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "base/i18n.h"
#include "game.h"
#include "games/exchange/exchange_game.h"
#include "games/manhattan/manhattan_game.h"
#include "games/staircase/staircase_game.h"

namespace gs {
namespace {

struct Registry {
  std::vector<const Game*> list;
  bool read = false;  // once read, the list is read-only (registerGame ends the program)
};

Registry& registry() {
  static Registry registry = [] {
    Registry built;
    built.list = {
        &staircaseGame(),
        &exchangeGame(),
        &manhattanGame(),
    };
    // A game's own words join the catalogue of translations (core/base/i18n.h) with the game.
    for (const Game* game : built.list) registerTranslations(game->translations());
    return built;
  }();
  return registry;
}

// The built-in games' words are in the catalogue from the start, before anything asks for a
// game or a translation.
const bool kBuiltInGamesRegistered = !registry().list.empty();

}  // namespace

const std::vector<const Game*>& games() {
  Registry& games = registry();
  games.read = true;
  return games.list;
}

void registerGame(const Game& game) {
  Registry& games = registry();
  if (games.read) {
    std::fprintf(stderr,
                 "registerGame('%s'): the registry of games is read-only once it has been read; "
                 "register games before anything asks for them\n",
                 game.id());
    std::abort();
  }
  for (const Game* known : games.list)
    if (std::string_view(known->id()) == game.id()) return;
  games.list.push_back(&game);
  registerTranslations(game.translations());
}

}  // namespace gs
