// The recipe parser: the first byte picks the game, the rest is the recipe text. A recipe that
// parses is canonical (it prints back as the same text) and generates a board that solves.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
#include "tools/share_link.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const gs::Game& game = *gs::games()[data[0] % gs::games().size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto recipe = gs::parseRecipe(game, text, gs::fuzz::smallLimits());
  if (!recipe) {
    gs::fuzz::check(recipe.error().message.english().rfind("r (the recipe)", 0) == 0,
                    "a recipe error names the part", recipe.error().message.english());
    return 0;
  }
  gs::fuzz::check(gs::recipeText(recipe.value()) == text, "a recipe is canonical",
                  std::string(text));
  auto session = gs::sessionFromRecipe(recipe.value(), gs::fuzz::smallLimits());
  gs::fuzz::check(session.ok() && !session->gameBoard().judge().judgeOutput().empty(),
                  "a recipe's board solves");
  return 0;
}
