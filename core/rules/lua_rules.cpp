#include "rules/lua_rules.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <utility>

#include "base/forms.h"
#include "base/thousands.h"
#include "rules/lua_input.h"
#include "rules/lua_rules_internal.h"
#include "rules/memo_search.lua.h"  // made from core/rules/memo_search.lua

extern "C" {
#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"
}
#include "rules/lua_fastpath.h"

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

// Every key of game is one of its fields' names.
bool checkFieldNames(lua_State* L, int game, std::string& refusal) {
  static const char* const kKnown[] = {
      "title", "params", "impartial", "partisan", "moves_by_part", "start",    "moves",
      "play",  "gain",   "score",     "result",   "mover",         "parts",    "show",
      "name",  "read",   "answer",    "random",   "sample",        "children", "write"};
  lua_pushnil(L);
  while (lua_next(L, game) != 0) {
    lua_pop(L, 1);
    const char* key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
    if (!key || std::none_of(std::begin(kKnown), std::end(kKnown),
                             [key](const char* known) { return std::strcmp(known, key) == 0; })) {
      refusal = (key ? "game." + printableText(key, 40) : "a key that is not a name") +
                " is not a field of a rules game (the fields: title, params, start, moves, play, "
                "gain, score, result, impartial, parts, moves_by_part, mover, partisan, show, "
                "name, read, answer, random, write, sample, children)";
      return false;
    }
  }
  return true;
}

bool readTitle(lua_State* L, int game, LoadFrame& frame) {
  const int titleType = rawField(L, game, "title");
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
  const int sampleType = rawField(L, game, "sample");
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
  const int paramsType = rawField(L, game, "params");
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

// game.impartial, game.partisan and game.moves_by_part: flags[0], [1] and [2].
bool readFlags(lua_State* L, int game, std::string& refusal, bool (&flags)[3]) {
  const char* const flagNames[3] = {"impartial", "partisan", "moves_by_part"};
  for (int k = 0; k < 3; ++k) {
    const int type = rawField(L, game, flagNames[k]);
    if (type != LUA_TNIL && type != LUA_TBOOLEAN) {
      refusal =
          std::string("game.") + flagNames[k] + " must be true or false, not " + typeWord(L, -1);
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
  for (int function = 0; function < kFunctions; ++function) {
    const char* name = kFunctionNames[function];
    const int type = rawField(L, game, name);
    if (type == LUA_TNIL) {
      lua_pop(L, 1);
      if (function == kStart || function == kMoves || function == kPlay) {
        refusal =
            std::string("game.") + name + " is missing: every game needs start, moves and play";
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
const char* combinationProblem(const State& state, const bool (&flags)[3]) {
  const bool impartial = flags[0], partisan = flags[1], movesByPart = flags[2];
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
void fillHeader(const State& state, const bool (&flags)[3], RulesHeader& header) {
  const bool impartial = flags[0], partisan = flags[1];
  const auto has = [&state](Function function) { return state.refs[function] != LUA_NOREF; };
  const bool scored = has(kGain) || has(kScore);
  header.kind = impartial ? RulesKind::kImpartial
                : scored  ? RulesKind::kScored
                          : RulesKind::kNormalPlay;
  header.hasMover = has(kMover);
  header.hasParts = impartial && has(kParts);
  header.partisanParts = partisan && has(kParts);
  header.movesByPart = flags[2];
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
  bool flags[3] = {false, false, false};  // impartial, partisan, moves_by_part
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
    frame.refusal = std::string(
                        "the rules must define a table named game (game = { title = ..., start = "
                        "..., moves = ..., play = ... }); game is ") +
                    typeWord(L, -1);
    return 0;
  }
  readGame(L, lua_gettop(L), frame);
  return 0;
}

}  // namespace

LuaRules::LuaRules() : state_(std::make_unique<State>()) {}

LuaRules::~LuaRules() = default;

std::uint64_t LuaRules::memoryUsed() const {
  return sandbox_ ? sandbox_->heapUsed() : 0;
}

Rules::HeapCap LuaRules::heapCap() const {
  if (!sandbox_) return {};
  return {sandbox_->heapCap(), sandbox_->heapCapWhat()};
}

void LuaRules::setHeapCap(HeapCap cap) {
  if (!sandbox_) return;
  sandbox_->setHeapCap(cap.bytes);
  sandbox_->setHeapCapWhat(std::move(cap.what));
}

bool LuaRules::totalSpent() const {
  return sandbox_ && sandbox_->totalSpent();
}

std::uint64_t LuaRules::instructionsUsed() const {
  return sandbox_ ? sandbox_->instructionsUsed() : 0;
}

const LuaLimits& LuaRules::sandboxLimits() const {
  return sandbox_->limits();
}

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

namespace {

std::string callText(Function function, const Term* a, const Term* b, bool partisan) {
  // A partisan position {who, s} shows as s.
  const auto shown = [partisan](const Term& term) {
    if (partisan && term.kind() == Term::Kind::kTable && term.entries().size() == 2)
      return shortText(term.entries()[1].second);
    return shortText(term);
  };
  switch (function) {
    case kRead:
      return "read(the judge's input)";
    case kAnswer:
      return "answer(r, p)";
    case kWrite:
      return "write(cases)";
    default:
      break;
  }
  std::string text = std::string(kFunctionNames[function]) + "(";
  if (function == kName) std::swap(a, b);
  if (a) text += function == kName ? shortText(*a) : shown(*a);
  if (b) text += ", " + (function == kName ? shown(*b) : shortText(*b));
  return text + ")";
}

}  // namespace

bool LuaRules::expand(std::string_view position, const Params& params, Expansion& out,
                      RulesError& error) {
  out.clear();
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.position = position;
  frame.expansion = &out;
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool ok = sandbox_->run(protectedExpand, &frame, failure);
  state_->paramReads = nullptr;
  if (ok) return true;
  error = rulesError(std::move(failure));
  error.message = Message(
      forms::kRulesInCall,
      {{"MESSAGE", error.message}, {"RAW", Message::verbatim(failedCall(position, params))}});
  return false;
}

std::string LuaRules::failedCall(std::string_view position, const Params& params) {
  // The function, the position and, for play and gain, the move.
  Term where;
  const bool decoded = Term::decode(position, where);
  const Function function = state_->call;
  const std::int64_t moveIndex = state_->moveIndex;
  if (!decoded) return std::string(kFunctionNames[function]) + "(?)";
  std::string text = callText(function, &where, nullptr, header_.partisan);
  if (function == kPlay || function == kGain) {
    auto list = moves(where, params);
    const auto index = static_cast<std::size_t>(moveIndex);
    if (list && index >= 1 && index <= list.value().size())
      text = callText(function, &where, &list.value()[index - 1], header_.partisan);
  }
  return text;
}

bool LuaRules::openMoves(std::string_view position, const Params& params, MoveCursor& cursor,
                         RulesError& error) {
  closeMoves(cursor);
  cursor.mover = -1;
  cursor.end = EndResult::kLoss;
  CursorFrame frame;
  frame.position = position;
  frame.params = &params;
  frame.cursor = &cursor;
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool ok = sandbox_->run(protectedOpenMoves, &frame, failure);
  state_->paramReads = nullptr;
  if (ok) return true;
  error = rulesError(std::move(failure));
  error.message = Message(
      forms::kRulesInCall,
      {{"MESSAGE", error.message}, {"RAW", Message::verbatim(failedCall(position, params))}});
  return false;
}

bool LuaRules::playMove(MoveCursor& cursor, std::size_t index, const Params& params,
                        std::string& child, RulesError& error) {
  if (cursor.handle < 0 || index >= cursor.count) {
    error = RulesError{0, 0, "no such move (an internal error)"};
    return false;
  }
  CursorFrame frame;
  frame.params = &params;
  frame.cursor = &cursor;
  frame.index = index;
  frame.child = &child;
  state_->paramReads = &paramReads_;
  LuaFailure failure;
  const bool ok = sandbox_->run(protectedPlayMove, &frame, failure);
  state_->paramReads = nullptr;
  if (ok) return true;
  error = rulesError(std::move(failure));
  // The position: the hold's key, read back.
  lua_rawgeti(L_, LUA_REGISTRYINDEX, cursor.handle);
  lua_rawgeti(L_, -1, 4);
  std::size_t length = 0;
  const char* bytes = lua_tolstring(L_, -1, &length);
  std::string key = bytes ? std::string(bytes, length) : std::string();
  lua_pop(L_, 2);
  if (header_.partisan) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, cursor.handle);
    lua_rawgeti(L_, -1, 3);
    const int who = static_cast<int>(lua_tointeger(L_, -1));
    lua_pop(L_, 2);
    std::string wrapped;
    putPartisan(wrapped, who, key);
    key = std::move(wrapped);
  }
  error.message =
      Message(forms::kRulesInCall,
              {{"MESSAGE", error.message}, {"RAW", Message::verbatim(failedCall(key, params))}});
  return false;
}

void LuaRules::closeMoves(MoveCursor& cursor) {
  if (cursor.handle >= 0) luaL_unref(L_, LUA_REGISTRYINDEX, cursor.handle);  // never raises
  cursor.handle = -1;
  cursor.count = 0;
}

// A failed call of the rules: the sentence names the call ("…, in play({1, 2}, 3)").
RulesError callFailed(Function which, LuaFailure failure, const Term* a, const Term* b,
                      bool partisan) {
  RulesError error = rulesError(std::move(failure));
  error.message = Message(
      forms::kRulesInCall,
      {{"MESSAGE", error.message}, {"RAW", Message::verbatim(callText(which, a, b, partisan))}});
  return error;
}

// The same for a call given encodings (a move's may be empty: none).
RulesError callFailed(Function which, LuaFailure failure, std::string_view position,
                      std::string_view move, bool partisan) {
  Term positionTerm, moveTerm;  // the host's own encodings: they decode
  Term::decode(position, positionTerm);
  if (!move.empty()) Term::decode(move, moveTerm);
  return callFailed(which, std::move(failure), &positionTerm, move.empty() ? nullptr : &moveTerm,
                    partisan);
}

bool LuaRules::runCall(int (*call)(lua_State*), void* frame, int function, LuaFailure& failure) {
  // Reads by start() do not count: rows of a table that differ there share positions. (A call
  // inside a call, as r.at makes inside answer, gives the outer one back its counting.)
  std::uint64_t* const outer = state_->paramReads;
  state_->paramReads = function == kStart ? nullptr : &paramReads_;
  // show() and name() only give a text (the position's or move's own stands in when they fail):
  // they run under their own budget where the host gives one.
  const std::uint64_t perCall = sandbox_->limits().instructionsPerCall;
  const std::uint64_t perText = sandbox_->limits().instructionsPerTextCall;
  const bool text = (function == kShow || function == kName) && perText > 0 && perText < perCall;
  if (text) sandbox_->setInstructionsPerCall(perText);
  const bool ok = sandbox_->run(call, frame, failure);
  if (text) sandbox_->setInstructionsPerCall(perCall);
  state_->paramReads = outer;
  return ok;
}

#define GS_LUA_CALL(which, a, b, field)                                   \
  Frame frame;                                                            \
  frame.rules = this;                                                     \
  frame.params = &params;                                                 \
  frame.function = which;                                                 \
  frame.termA = a;                                                        \
  frame.termB = b;                                                        \
  LuaFailure failure;                                                     \
  if (!runCall(protectedCall, &frame, which, failure))                    \
    return callFailed(which, std::move(failure), a, b, header_.partisan); \
  return std::move(frame.field)

Expected<Term> LuaRules::start(const Params& params) {
  GS_LUA_CALL(kStart, nullptr, nullptr, result);
}

Expected<std::vector<Term>> LuaRules::moves(const Term& position, const Params& params) {
  GS_LUA_CALL(kMoves, &position, nullptr, results);
}

Expected<Term> LuaRules::play(const Term& position, const Term& move, const Params& params) {
  GS_LUA_CALL(kPlay, &position, &move, result);
}

Expected<std::int64_t> LuaRules::gain(const Term& position, const Term& move,
                                      const Params& params) {
  if (state_->refs[kGain] == LUA_NOREF) return std::int64_t{0};
  GS_LUA_CALL(kGain, &position, &move, number);
}

Expected<std::int64_t> LuaRules::score(const Term& position, const Params& params) {
  if (state_->refs[kScore] == LUA_NOREF) return std::int64_t{0};
  GS_LUA_CALL(kScore, &position, nullptr, number);
}

Expected<int> LuaRules::mover(const Term& position, const Params& params) {
  if (state_->refs[kMover] == LUA_NOREF) return -1;
  auto number = [&]() -> Expected<std::int64_t> {
    GS_LUA_CALL(kMover, &position, nullptr, number);
  }();
  if (!number) return number.error();
  return static_cast<int>(number.value() - 1);
}

Expected<std::vector<Term>> LuaRules::parts(const Term& position, const Params& params) {
  if (state_->refs[kParts] == LUA_NOREF) return std::vector<Term>{position};
  GS_LUA_CALL(kParts, &position, nullptr, results);
}

Expected<EndResult> LuaRules::result(const Term& position, const Params& params) {
  if (state_->refs[kResult] == LUA_NOREF) return EndResult::kLoss;
  auto number = [&]() -> Expected<std::int64_t> {
    GS_LUA_CALL(kResult, &position, nullptr, number);
  }();
  if (!number) return number.error();
  return static_cast<EndResult>(number.value());
}

Expected<Term> LuaRules::show(const Term& position, const Params& params) {
  if (state_->refs[kShow] == LUA_NOREF) {
    if (header_.partisan && position.kind() == Term::Kind::kTable && position.entries().size() == 2)
      return Rules::show(position.entries()[1].second, params);
    return Rules::show(position, params);
  }
  GS_LUA_CALL(kShow, &position, nullptr, result);
}

Expected<std::string> LuaRules::name(const Term& move, const Term& position, const Params& params) {
  if (state_->refs[kName] == LUA_NOREF) return Rules::name(move, position, params);
  GS_LUA_CALL(kName, &position, &move, output);
}

bool LuaRules::callWithKeys(int function, std::string_view position, std::string_view move,
                            const Params& params, std::vector<std::string>& encodings,
                            std::string& output, RulesError& error) {
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.function = static_cast<Function>(function);
  frame.position = position;
  frame.moveKey = move;
  frame.keysOnly = true;
  LuaFailure failure;
  if (!runCall(protectedCall, &frame, function, failure)) {
    error = callFailed(frame.function, std::move(failure), position, move, header_.partisan);
    return false;
  }
  encodings = std::move(frame.encodings);
  output = std::move(frame.output);
  return true;
}

bool LuaRules::names(const std::vector<std::string>& moves, std::size_t from, std::size_t to,
                     std::string_view position, const Params& params, std::vector<std::string>& out,
                     RulesError& error) {
  if (state_->refs[kName] == LUA_NOREF)
    return Rules::names(moves, from, to, position, params, out, error);
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.function = kName;
  frame.position = position;
  frame.moveKeys = &moves;
  frame.nameFrom = from;
  frame.nameTo = std::min(to, moves.size());
  LuaFailure failure;
  const bool ok = runCall(protectedNames, &frame, kName, failure);
  for (std::string& name : frame.encodings) out.push_back(std::move(name));
  if (ok) return true;
  const std::size_t failed = from + frame.encodings.size();
  error = callFailed(kName, std::move(failure), position,
                     failed < moves.size() ? moves[failed] : "", header_.partisan);
  return false;
}

Expected<std::vector<std::string>> LuaRules::moveKeys(std::string_view position,
                                                      const Params& params) {
  std::vector<std::string> keys;
  std::string unused;
  RulesError error;
  if (!callWithKeys(kMoves, position, {}, params, keys, unused, error)) return error;
  return keys;
}

Expected<std::string> LuaRules::playKey(std::string_view position, std::string_view move,
                                        const Params& params) {
  std::vector<std::string> unused;
  std::string child;
  RulesError error;
  if (!callWithKeys(kPlay, position, move, params, unused, child, error)) return error;
  return child;
}

Expected<std::vector<std::string>> LuaRules::partKeys(std::string_view position,
                                                      const Params& params) {
  if (state_->refs[kParts] == LUA_NOREF) return std::vector<std::string>{std::string(position)};
  std::vector<std::string> keys;
  std::string unused;
  RulesError error;
  if (!callWithKeys(kParts, position, {}, params, keys, unused, error)) return error;
  return keys;
}

Expected<std::vector<std::string>> LuaRules::read(std::string_view input) {
  if (state_->refs[kRead] == LUA_NOREF) return Rules::read(input);
  if (input.size() > kMaxJudgeTextBytes)
    return RulesError{0, 0,
                      Message(forms::kJudgeInputTooLong,
                              {{"SIZE", Message::verbatim(withThousands(input.size()))},
                               {"LIMIT", Message::verbatim(withThousands(kMaxJudgeTextBytes))}})};
  // read() may leave globals the rules' other functions use: no memo outlives the input it was
  // made for.
  forgetSearchMemo();
  const Params params;
  Frame frame;
  frame.text = input;
  frame.params = &params;
  frame.function = kRead;
  LuaFailure failure;
  const std::uint64_t perCall = sandbox_->limits().instructionsPerCall;
  sandbox_->setInstructionsPerCall(readInstructions(perCall, input.size()));
  InputReaderState& reader = state_->input;
  reader.open = true;
  reader.raised.clear();
  const bool ok = sandbox_->run(protectedCall, &frame, failure);
  reader.open = false;
  sandbox_->setInstructionsPerCall(perCall);
  if (!ok) {
    // The reader's error is the input's fault: its sentence names the input's line and column,
    // not the rules' (unless the rules raised it again with a line of theirs).
    if (failure.line == 0 && !reader.raised.empty() && failure.message == reader.raised)
      return RulesError{0, 0, reader.error};
    RulesError error = rulesError(std::move(failure));
    error.message = Message(forms::kRulesInRead, {{"MESSAGE", error.message}});
    return error;
  }
  return std::move(frame.encodings);
}

Expected<std::string> LuaRules::answer(const Term& r, const Params& params, std::uint32_t lazy,
                                       std::uint32_t* needed, PositionRecords* at) {
  if (state_->refs[kAnswer] == LUA_NOREF) return Rules::answer(r, params, lazy, needed, at);
  state_->answerLazy = needed ? lazy : 0;
  state_->answerNeeded = 0;
  state_->atHost = at;
  state_->atRules = this;
  state_->atParams = &params;
  state_->atError.reset();
  auto text = [&]() -> Expected<std::string> { GS_LUA_CALL(kAnswer, &r, nullptr, output); }();
  state_->atHost = nullptr;
  if (needed) *needed = state_->answerNeeded;
  state_->answerLazy = state_->answerNeeded = 0;
  // A position r.at could not work out fails the answer, whatever caught its error: its error,
  // which names the rules' call or the limit.
  if (state_->atError) {
    RulesError error = std::move(*state_->atError);
    state_->atError.reset();
    return error;
  }
  return text;
}

namespace {

// A call that gives a judge's text (random, write): run in the sandbox, its error naming `call`.
Expected<std::string> judgeTextCall(LuaSandbox& sandbox, Frame& frame, const std::string& call) {
  LuaFailure failure;
  if (!sandbox.run(protectedCall, &frame, failure)) {
    RulesError error = rulesError(std::move(failure));
    error.message = Message(forms::kRulesInCall,
                            {{"MESSAGE", error.message}, {"RAW", Message::verbatim(call)}});
    return error;
  }
  return std::move(frame.output);
}

}  // namespace

Expected<std::string> LuaRules::random(std::int64_t seed, std::int64_t size) {
  if (state_->refs[kRandom] == LUA_NOREF) return Rules::random(seed, size);
  const Params params;
  Frame frame;
  frame.params = &params;
  frame.function = kRandom;
  frame.numbers[0] = seed;
  frame.numbers[1] = size;
  return judgeTextCall(*sandbox_, frame,
                       "random(" + std::to_string(seed) + ", " + std::to_string(size) + ")");
}

Expected<std::string> LuaRules::write(const std::vector<std::string>& cases) {
  if (state_->refs[kWrite] == LUA_NOREF) return Rules::write(cases);
  const Params params;
  Frame frame;
  frame.params = &params;
  frame.function = kWrite;
  frame.encodings = cases;
  return judgeTextCall(
      *sandbox_, frame,
      "write(" + std::to_string(cases.size()) + (cases.size() == 1 ? " case)" : " cases)"));
}

#undef GS_LUA_CALL

}  // namespace gs
