#include "tools/board_load.h"

#include <memory>

#include "base/forms.h"
#include "game.h"
#include "rules/load_rules.h"
#include "rules/rules_game.h"

namespace gs {
namespace {

ParseError loadError(Message message) {
  return ParseError{0, 0, std::move(message)};
}

}  // namespace

Expected<BoardLoad> boardFromJudgeInput(const Game& game, std::string_view text,
                                        const SolveLimits& limits) {
  auto job = startJudgeInput(game, text, limits);
  if (!job) return job.error();
  return BoardLoad{std::move(job.value()), std::nullopt, std::nullopt};
}

Expected<BoardLoad> boardFromLink(const ShareLink& link, const SolveLimits& limits) {
  auto job = startLink(link, limits);
  if (!job) return job.error();
  return BoardLoad{std::move(job.value()), link.recipe, link.view, BoardSource::kLink};
}

Expected<BoardLoad> boardFromRecipe(const Recipe& recipe, const SolveLimits& limits) {
  auto job = startRecipe(recipe, limits);
  if (!job) return job.error();
  return BoardLoad{std::move(job.value()), recipe, std::nullopt, BoardSource::kRecipe};
}

Expected<BoardLoad> boardFromSource(const LoadSource& source, const SolveLimits& limits) {
  if (source.kind == BoardSource::kLink) {
    auto link = parseLink(source.text, limits.lua);
    if (!link) return link.error();
    return boardFromLink(link.value(), limits);
  }
  const Game* game = findGame(source.game);
  std::shared_ptr<RulesGame> rulesGame;  // the board keeps its game alive
  if (source.game == kRulesGameId && !source.rules.empty()) {
    auto rules = loadRules(source.rules, limits.lua);
    if (!rules) return loadError(Message(forms::kRulesLoad, {{"MESSAGE", rules.error().what()}}));
    RulesGameOptions options;
    options.rulesText = std::string(source.rules);
    rulesGame = std::make_shared<RulesGame>(rules.value(), std::move(options));
    game = rulesGame.get();
  }
  if (!game)
    return loadError(
        Message(forms::kUnknownGame, {{"IDS", gameIdList()}, {"TOKEN", quotedToken(source.game)}}));
  if (source.kind == BoardSource::kJudgeInput)
    return boardFromJudgeInput(*game, source.text, limits);
  auto recipe = parseRecipe(*game, source.text, limits);
  if (!recipe) return recipe.error();
  return boardFromRecipe(recipe.value(), limits);
}

}  // namespace gs
