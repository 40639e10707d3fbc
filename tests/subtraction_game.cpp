// The subtraction game states its rules and nothing more: everything else (solving, values,
// links, exports, check, the reference) comes from generic code (core/rules/rules_game.h).
#include "subtraction_game.h"

#include <algorithm>
#include <memory>

#include "rules/rules_game.h"

namespace gs::testing {
namespace {

class SubtractionRules final : public Rules {
 public:
  const RulesHeader& header() const override {
    static const RulesHeader kHeader = {"Subtraction game (test only)",
                                        {{"n", 20, 1, 100000}, {"k", 3, 1, 100}}};
    return kHeader;
  }
  Expected<Term> start(const Params& params) override { return Term::integer(params[0]); }
  Expected<std::vector<Term>> moves(const Term& pile, const Params& params) override {
    std::vector<Term> takes;
    for (std::int64_t take = 1; take <= std::min(pile.asInteger(), params[1]); ++take)
      takes.push_back(Term::integer(take));
    return takes;
  }
  Expected<Term> play(const Term& pile, const Term& take, const Params&) override {
    return Term::integer(pile.asInteger() - take.asInteger());
  }
  Expected<std::string> name(const Term& take, const Term&, const Params&) override {
    return "take " + std::to_string(take.asInteger());
  }
};

}  // namespace

const Game& subtractionGame() {
  static const auto kGame = std::make_shared<RulesGame>(
      std::make_shared<SubtractionRules>(),
      RulesGameOptions{"subtraction", "a test of the game interface", ""});
  return *kGame;
}

}  // namespace gs::testing
