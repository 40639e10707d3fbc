#include "rules/load_rules.h"

#include "rules/take_break.h"

namespace gs {

Expected<std::shared_ptr<Rules>> loadRules(std::string_view text, const LuaLimits& limits) {
  if (namesTakeBreakGame(text)) {
    auto code = parseTakeBreakCode(text);
    if (!code) return code.error();
    return std::shared_ptr<Rules>(std::make_shared<TakeBreakRules>(std::move(code.value())));
  }
  auto rules = LuaRules::load(text, limits);
  if (!rules) return rules.error();
  return std::shared_ptr<Rules>(rules.value());
}

}  // namespace gs
