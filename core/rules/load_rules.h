// The rules a text states, as every front end loads them (the command line, links, the module,
// the app and its worker): a take-and-break game's code ("octal:0.137", "hex:0.F7";
// core/rules/take_break.h), or else a Lua rules file (core/rules/lua_rules.h).
#pragma once

#include <memory>
#include <string_view>

#include "base/expected.h"
#include "rules/lua_rules.h"
#include "rules/rules.h"

namespace gs {

Expected<std::shared_ptr<Rules>> loadRules(std::string_view text, const LuaLimits& limits = {});

}  // namespace gs
