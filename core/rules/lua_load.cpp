// The loading of a Lua rules file, for LuaRules (core/rules/lua_rules.h): the file's body run in
// the sandbox, then `game` and its fields read raw and checked (the title, the sample, the
// parameters, the flags and the functions, and which of them go together), making the rules'
// header; a syntax error's line and column.
#include <algorithm>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <utility>

#include "base/forms.h"
#include "base/thousands.h"
#include "rules/lua_rules_internal.h"
#include "rules/memo_search.lua.h"  // made from core/rules/memo_search.lua

extern "C" {
#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"
}

namespace gs {
using namespace lua_detail;  // (core/rules/lua_rules_internal.h)
namespace {

// --- Loading: the file's body, then `game` and its fields, read raw, in one protected call.

struct LoadFrame {
  std::string_view text;
  RulesHeader* header = nullptr;
  int stage = 0;        // 0 reading the text, 1 running the file, 2 reading game
  std::string refusal;  // the loader's own sentence, when it refuses the game
  RulesParam param;
  // A syntax error's place in the text, as Lua counts lines (0 when Lua gave none).
  int errorLine = 0;
  int errorColumn = 0;
};

// The line and column of text[offset], lines counted as Lua's lexer counts them (\n, \r, \r\n
// and \n\r each end one), columns in characters of UTF-8 (a byte that does not continue one).
void placeOf(std::string_view text, std::size_t offset, int& line, int& column) {
  line = 1;
  std::size_t start = 0;
  for (std::size_t k = 0; k < offset;) {
    const char c = text[k];
    if (c != '\n' && c != '\r') {
      ++k;
      continue;
    }
    ++k;
    if (k < offset && (text[k] == '\n' || text[k] == '\r') && text[k] != c) ++k;
    ++line;
    start = k;
  }
  column = 1;
  for (std::size_t k = start; k < offset; ++k)
    if ((static_cast<unsigned char>(text[k]) & 0xC0) != 0x80) ++column;
}

// Pushes table[name], read raw.
int rawField(lua_State* L, int table, const char* name) {
  table = lua_absindex(L, table);
  lua_pushstring(L, name);
  return lua_rawget(L, table);
}

// The loader's checks of `game` (at `game` on the stack), each leaving frame.refusal empty or
// saying why the game is refused; each returns whether the game may still be good. They run
// inside the protected load; an error raised there (out of memory) skips no C++ object.

// Every key of game is one of its fields' names (core/rules/contract.h).
bool checkFieldNames(lua_State* L, int game, std::string& refusal) {
  lua_pushnil(L);
  while (lua_next(L, game) != 0) {
    lua_pop(L, 1);
    const char* key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
    if (!key || std::none_of(std::begin(contract::kFields), std::end(contract::kFields),
                             [key](const contract::Field& field) {
                               return std::strcmp(field.name, key) == 0;
                             })) {
      refusal = (key ? "game." + printableText(key, 40) : "a key that is not a name") +
                " is not a field of a rules game (the fields: " +
                contract::fieldNames([](const contract::Field&) { return true; }) + ")";
      return false;
    }
  }
  return true;
}

bool readTitle(lua_State* L, int game, LoadFrame& frame) {
  const int titleType = rawField(L, game, kValueNames[kTitle]);
  if (titleType == LUA_TSTRING) {
    std::size_t length = 0;
    const char* title = lua_tolstring(L, -1, &length);
    frame.header->title = cutText(title, length, kMaxTitleBytes);
  } else if (titleType == LUA_TNIL) {
    frame.header->title = "Untitled game";
  } else {
    frame.refusal = std::string("game.title must be a string, not ") + typeWord(L, -1);
    return false;
  }
  lua_pop(L, 1);
  return true;
}

bool readSample(lua_State* L, int game, LoadFrame& frame) {
  const int sampleType = rawField(L, game, kValueNames[kSample]);
  if (sampleType == LUA_TSTRING) {
    std::size_t length = 0;
    const char* sample = lua_tolstring(L, -1, &length);
    if (length > kMaxRulesBytes) {  // a sample the file's body built, say
      frame.refusal = "game.sample is " + withThousands(length) + " bytes long; at most " +
                      withThousands(kMaxRulesBytes) + " (the size of a rules file)";
      return false;
    }
    frame.header->sample.assign(sample, length);
  } else if (sampleType != LUA_TNIL) {
    frame.refusal = std::string("game.sample must be a string (the problem's sample input), not ") +
                    typeWord(L, -1);
    return false;
  }
  lua_pop(L, 1);
  return true;
}

// game.params[k] (of the array at `list`), added to the header's parameters.
bool readParam(lua_State* L, int list, lua_Integer k, LoadFrame& frame) {
  const auto where = [](lua_Integer k) { return "game.params[" + std::to_string(k) + "]"; };
  const char* const shape = " must be {name, default, min, max}: a name and three integers";
  std::string& refusal = frame.refusal;
  RulesParam& param = frame.param;
  if (lua_rawgeti(L, list, k) != LUA_TTABLE || lua_rawgeti(L, -1, 1) != LUA_TSTRING) {
    refusal = where(k) + shape;
    return false;
  }
  std::size_t length = 0;
  const char* name = lua_tolstring(L, -1, &length);
  param.name = cutText(name, length, 40);
  lua_pop(L, 1);
  bool valid = !param.name.empty() && length <= 32;
  for (char c : param.name)
    valid &= (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  if (!valid || (param.name[0] >= '0' && param.name[0] <= '9')) {
    refusal = where(k) + "'s name must be a word of letters, digits and _ (at most 32), not '" +
              param.name + "'";
    return false;
  }
  for (const RulesParam& other : frame.header->params)
    if (other.name == param.name) {
      refusal = where(k) + " repeats the name " + param.name;
      return false;
    }
  std::int64_t numbers[3];
  for (int field = 0; field < 3; ++field) {
    lua_rawgeti(L, -1, field + 2);
    if (!wholeNumber(L, -1, numbers[field])) {
      refusal = where(k) + shape;
      return false;
    }
    lua_pop(L, 1);
  }
  param.defaultValue = numbers[0];
  param.min = numbers[1];
  param.max = numbers[2];
  if (param.min > param.max || param.defaultValue < param.min || param.defaultValue > param.max) {
    refusal = where(k) + " (" + param.name + ") needs min <= default <= max; it has default " +
              std::to_string(param.defaultValue) + ", min " + std::to_string(param.min) + ", max " +
              std::to_string(param.max);
    return false;
  }
  frame.header->params.push_back(param);
  lua_pop(L, 1);
  return true;
}

bool readParams(lua_State* L, int game, LoadFrame& frame) {
  const int paramsType = rawField(L, game, kValueNames[kParams]);
  if (paramsType != LUA_TNIL) {
    if (paramsType != LUA_TTABLE) {
      frame.refusal =
          std::string("game.params must be an array of {name, default, min, max}, not ") +
          typeWord(L, -1);
      return false;
    }
    const int list = lua_gettop(L);
    const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, list));
    if (count > kMaxParams) {
      frame.refusal = "game.params has " + std::to_string(count) + " parameters; at most " +
                      std::to_string(kMaxParams);
      return false;
    }
    for (lua_Integer k = 1; k <= count; ++k)
      if (!readParam(L, list, k, frame)) return false;
  }
  lua_pop(L, 1);
  return true;
}

// game.impartial, game.partisan and game.moves_by_part: flags[kImpartial], [kPartisan] and
// [kMovesByPart], read in that order.
bool readFlags(lua_State* L, int game, std::string& refusal, bool (&flags)[kFlags]) {
  for (int k = 0; k < kFlags; ++k) {
    const int type = rawField(L, game, kFlagNames[k]);
    if (type != LUA_TNIL && type != LUA_TBOOLEAN) {
      refusal =
          std::string("game.") + kFlagNames[k] + " must be true or false, not " + typeWord(L, -1);
      return false;
    }
    flags[k] = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
  }
  return true;
}

// The rules functions, each kept in the registry with the line it starts at.
bool readFunctions(lua_State* L, int game, std::string& refusal) {
  State& state = stateOf(L);
  bool required[kFunctions] = {};
  for (const contract::Field& field : contract::kFields)
    if (contract::required(field)) required[field.number] = true;
  for (int function = 0; function < kFunctions; ++function) {
    const char* name = kFunctionNames[function];
    const int type = rawField(L, game, name);
    if (type == LUA_TNIL) {
      lua_pop(L, 1);
      if (required[function]) {
        refusal = std::string("game.") + name + " is missing: every game needs " +
                  contract::fieldNames(contract::required, " and ");
        return false;
      }
      continue;
    }
    if (type != LUA_TFUNCTION) {
      refusal = std::string("game.") + name + " must be a function, not " + typeWord(L, -1);
      return false;
    }
    lua_Debug info;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &info);
    state.lines[function] = info.linedefined > 0 ? info.linedefined : 0;
    state.refs[function] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  return true;
}

// The fields that do not go together; "" when none.
const char* combinationProblem(const State& state, const bool (&flags)[kFlags]) {
  const bool impartial = flags[kImpartial], partisan = flags[kPartisan],
             movesByPart = flags[kMovesByPart];
  const auto has = [&state](Function function) { return state.refs[function] != LUA_NOREF; };
  const bool scored = has(kGain) || has(kScore);
  if (impartial && scored)
    return "an impartial game has no points: remove gain and score, or impartial";
  if (impartial && has(kMover))
    return "in an impartial game the players alternate: remove mover, or impartial";
  if (!impartial && !partisan && has(kParts))
    return "parts splits impartial games (their Grundy numbers xor) and partisan ones (their cgt "
           "values add) only: add impartial = true or partisan = true, or remove parts";
  if (partisan && has(kParts) && (scored || has(kResult)))
    return "the parts of a partisan game add up as cgt values, of normal play: remove parts, or "
           "gain, score and result";
  if (partisan && movesByPart)
    return "moves_by_part lists an impartial sum's moves part by part: remove it (a partisan "
           "game's parts are for cgt, which makes each part's moves itself)";
  if (has(kResult) && impartial)
    return "an impartial game is won by the last move (its values are Sprague-Grundy numbers): "
           "remove result, or impartial (a misere game is a game with result and no impartial)";
  if (has(kResult) && scored)
    return "a scored game ends with its margin, not a result: remove result, or gain and score";
  if (partisan && impartial)
    return "an impartial game has the same moves for both players: remove partisan, or "
           "impartial";
  if (partisan && has(kMover))
    return "mover already says who moves at a position: remove partisan, or mover";
  if (movesByPart && !has(kParts))
    return "moves_by_part says how the moves of a sum of parts are listed: add parts, or remove "
           "moves_by_part";
  return "";
}

// The game's kind and the functions it has.
void fillHeader(const State& state, const bool (&flags)[kFlags], RulesHeader& header) {
  const bool impartial = flags[kImpartial], partisan = flags[kPartisan];
  const auto has = [&state](Function function) { return state.refs[function] != LUA_NOREF; };
  const bool scored = has(kGain) || has(kScore);
  header.kind = impartial ? RulesKind::kImpartial
                : scored  ? RulesKind::kScored
                          : RulesKind::kNormalPlay;
  header.hasMover = has(kMover);
  header.hasParts = impartial && has(kParts);
  header.partisanParts = partisan && has(kParts);
  header.movesByPart = flags[kMovesByPart];
  header.hasResult = has(kResult);
  header.partisan = partisan;
  header.hasRead = has(kRead);
  header.hasAnswer = has(kAnswer);
  header.hasRandom = has(kRandom);
  header.hasWrite = has(kWrite);
}

// The loader's checks of `game`, in order; the first refusal ends them.
void readGame(lua_State* L, int game, LoadFrame& frame) {
  std::string& refusal = frame.refusal;
  bool flags[kFlags] = {};  // by Flag: impartial, partisan, moves_by_part
  if (!checkFieldNames(L, game, refusal) || !readTitle(L, game, frame) ||
      !readSample(L, game, frame) || !readParams(L, game, frame) ||
      !readFlags(L, game, refusal, flags) || !readFunctions(L, game, refusal))
    return;
  const State& state = stateOf(L);
  refusal = combinationProblem(state, flags);
  if (!refusal.empty()) return;
  fillHeader(state, flags, *frame.header);
}

int protectedLoad(lua_State* L) {
  LoadFrame& frame = *static_cast<LoadFrame*>(lua_touserdata(L, 1));
  // The memo search, made before the file runs, keeps the sandbox's own library functions.
  if (luaL_loadbufferx(L, kLuaMemoSearch, sizeof(kLuaMemoSearch) - 1, "=memo_search.lua", "t") !=
      LUA_OK)
    return lua_error(L);
  lua_call(L, 0, 1);
  stateOf(L).searchRef = luaL_ref(L, LUA_REGISTRYINDEX);
  // The raw reads of tables, through proxies of p too (rawOnViews).
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  for (const char* name : {"next", "rawget", "rawlen"}) {
    lua_pushstring(L, name);
    if (lua_rawget(L, -2) == LUA_TFUNCTION) {
      lua_pushcclosure(L, rawOnViews, 1);
      lua_pushstring(L, name);
      lua_insert(L, -2);
      lua_rawset(L, -3);
    } else {
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  // Run the file: text chunks only. A syntax error's place is a pointer into the text.
  LuaSandbox::takeLexErrorAt(L);
  if (luaL_loadbufferx(L, frame.text.data(), frame.text.size(), kChunkName, "t") != LUA_OK) {
    const char* at = LuaSandbox::takeLexErrorAt(L);
    if (at != nullptr && at >= frame.text.data() && at <= frame.text.data() + frame.text.size())
      placeOf(frame.text, static_cast<std::size_t>(at - frame.text.data()), frame.errorLine,
              frame.errorColumn);
    return lua_error(L);
  }
  frame.stage = 1;
  LuaSandbox::arm(L);
  lua_call(L, 0, 0);
  LuaSandbox::checkSpent(L);
  frame.stage = 2;
  // Read the game table, raw: no metamethod of the globals or of game runs.
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
  if (rawField(L, -1, "game") != LUA_TTABLE) {
    frame.refusal = "the rules must define a table named game (" + contract::coreTable() +
                    "); game is " + typeWord(L, -1);
    return 0;
  }
  readGame(L, lua_gettop(L), frame);
  return 0;
}

}  // namespace

Expected<std::shared_ptr<LuaRules>> LuaRules::load(std::string_view text, const LuaLimits& limits) {
  if (text.size() > kMaxRulesBytes)
    return RulesError{0, 0,
                      Message(forms::kRulesFileTooLong,
                              {{"SIZE", Message::verbatim(withThousands(text.size()))},
                               {"LIMIT", Message::verbatim(withThousands(kMaxRulesBytes))}})};
  std::shared_ptr<LuaRules> rules(new LuaRules());
  rules->text_ = std::string(text);
  State& state = *rules->state_;
  state.header = &rules->header_;
  for (int& ref : state.refs) ref = LUA_NOREF;
  for (int& line : state.lines) line = 0;
  rules->sandbox_ = LuaSandbox::create(limits, &state);
  if (!rules->sandbox_)
    return RulesError{0, 0, "the rules' interpreter could not start (out of memory)"};
  rules->L_ = rules->sandbox_->state();
  LoadFrame frame;
  frame.text = rules->text_;
  frame.header = &rules->header_;
  LuaFailure failure;
  if (!rules->sandbox_->run(protectedLoad, &frame, failure)) {
    // Errors of the body say so; syntax errors are plain.
    if (frame.stage == 1) failure.message += ", while the file ran";
    RulesError error = rulesError(std::move(failure));
    // A syntax error names its column when the lexer's place is on the line Lua names (an
    // unfinished long string names the last line, and its place is where reading stopped).
    if (frame.errorLine != 0 && frame.errorLine == error.line) error.column = frame.errorColumn;
    return error;
  }
  if (!frame.refusal.empty()) return RulesError{0, 0, Message(std::move(frame.refusal))};
  lua_gc(rules->L_, LUA_GCGEN, 0, 0);  // most tables a solve makes die young
  return rules;
}

}  // namespace gs
