// Loading a board, wherever it comes from (a judge's input, a share link, a recipe), as the app's
// document, the module's session and the CLI all do: the board's job, solved in slices, with
// what the front end keeps beside it. Links and recipes are read by share_link.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "base/expected.h"
#include "session.h"
#include "tools/share_link.h"

namespace gs {

// A board being loaded, wherever it comes from: the job that solves it in slices (its finish()
// replays a link's moves), the recipe that made it (the board's links carry it again), the
// view a link asked for (nullopt: the front-end keeps its own), and where it came from. The app's
// document and the module's session hold what they load as this; the CLI loads its boards the same
// way.
enum class BoardSource {
  kJudgeInput,  // judge text (a rules game's: its parameters)
  kLink,        // a share link: it already is the page's address
  kRecipe,      // a recipe (Random, a size change)
};
struct BoardLoad {
  SolveJob job;
  std::optional<Recipe> recipe;
  std::optional<ViewOptions> view;
  BoardSource source = BoardSource::kJudgeInput;
};
Expected<BoardLoad> boardFromJudgeInput(const Game& game, std::string_view text,
                                        const SolveLimits& limits);
Expected<BoardLoad> boardFromLink(const ShareLink& link, const SolveLimits& limits);
Expected<BoardLoad> boardFromRecipe(const Recipe& recipe, const SolveLimits& limits);
// What a load was read from, enough to read the same board again in another instance of the
// module (the app's solver worker): a game's judge text, a game's recipe text ("10.10.100000.7"),
// or a link's fragment (game empty); for a rules game's judge text or recipe, the rules file's
// text too. The texts are views: they must outlive the source.
struct LoadSource {
  BoardSource kind = BoardSource::kJudgeInput;
  std::string game;
  std::string_view text;
  std::string_view rules;
};
Expected<BoardLoad> boardFromSource(const LoadSource& source, const SolveLimits& limits);

}  // namespace gs
