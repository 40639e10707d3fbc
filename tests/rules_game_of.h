// The game of a rules file's text (or a take-and-break game's code), for tests (gtest's failure
// names the load's error).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "rules/load_rules.h"
#include "rules/rules_game.h"

namespace gs::testing {

inline std::shared_ptr<RulesGame> rulesGameOf(const std::string& text) {
  auto rules = loadRules(text);
  EXPECT_TRUE(rules.ok()) << rules.error().toString();
  if (!rules) return nullptr;
  RulesGameOptions options;
  options.rulesText = text;
  return std::make_shared<RulesGame>(rules.value(), options);
}

}  // namespace gs::testing
