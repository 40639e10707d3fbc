// The calls of a Lua rules file's functions, for LuaRules (core/rules/lua_rules.h): each a
// protected call in the sandbox that pushes the arguments, calls the function and checks what it
// returned; a position's expansion (its moves, the positions they lead to, their gains and
// parts); a position's moves one at a time; names; and answer's r and its r.at records.
#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "base/thousands.h"
#include "rules/lua_rules_internal.h"

extern "C" {
#include "lauxlib.h"
#include "lua.h"
}
#include "rules/lua_fastpath.h"

namespace gs {
namespace lua_detail {
namespace {

// Calls rules function `function` with `arguments` values on the stack top; leaves one result.
// Each call has the whole per-call budget, and fails if it spent it, whatever it returns.
void callRules(lua_State* L, Function function, int arguments) {
  State& state = stateOf(L);
  state.call = function;
  lua_rawgeti(L, LUA_REGISTRYINDEX, state.refs[function]);
  lua_insert(L, -arguments - 1);
  LuaSandbox::arm(L);
  lua_call(L, arguments, 1);
  LuaSandbox::checkSpent(L);
  resolveView(L, -1);
}

std::int64_t integerResult(lua_State* L, Function function, const char* what) {
  std::int64_t value = 0;
  if (wholeNumber(L, -1, value)) return value;
  raiseAt(
      L, function,
      std::string(kFunctionNames[function]) + " must return " + what + ", not " + typeWord(L, -1));
}

EndResult endResultOf(lua_State* L) {
  if (lua_type(L, -1) == LUA_TSTRING) {
    // (Read up to a NUL, as C strings are.)
    if (const auto result = endResultOfWord(lua_tostring(L, -1))) return *result;
  }
  raiseAt(L, kResult,
          std::string("result must return \"win\", \"loss\" or \"draw\" (for the player to move "
                      "at a position with no move), not ") +
              (lua_type(L, -1) == LUA_TSTRING ? "'" + printableText(lua_tostring(L, -1), 40) + "'"
                                              : std::string(typeWord(L, -1))));
}

[[noreturn]] void listTooLarge(lua_State* L, Function function) {
  raiseAt(L, function,
          std::string(kFunctionNames[function]) + " returned " +
              (function == kMoves ? "moves" : "positions") + " of more than " +
              std::to_string(kMaxListBytes >> 20) + " MiB in all");
}

}  // namespace

// Checks that the array of moves at `index` is an array (keys 1..n); returns n.
lua_Integer checkMoveList(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TTABLE)
    raiseAt(L, kMoves,
            std::string("moves must return an array of moves (empty when the game is over), not ") +
                typeWord(L, index));
  if (const long long plain = gs_lua_move_list(lua_topointer(L, index)); plain >= 0)
    return static_cast<lua_Integer>(plain);
  const lua_Integer length = static_cast<lua_Integer>(lua_rawlen(L, index));
  lua_Integer count = 0;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    if ((++count & 4095) == 0) LuaSandbox::checkSpent(L);
    lua_pop(L, 1);
  }
  if (count != length)
    raiseAt(L, kMoves,
            "moves must return an array (keys 1 to n, no holes); it returned a table with " +
                std::to_string(count) + " entries whose length is " + std::to_string(length));
  for (lua_Integer k = 1; k <= length; ++k) {
    const int type = lua_rawgeti(L, index, k);
    lua_pop(L, 1);
    if (type == LUA_TNIL)
      raiseAt(L, kMoves, "moves returned an array with a hole at " + std::to_string(k));
    if (type != LUA_TNUMBER && type != LUA_TSTRING && type != LUA_TBOOLEAN && type != LUA_TTABLE)
      raiseAt(L, kMoves,
              "moves returned a move that is a " + std::string(lua_typename(L, type)) +
                  " (moves are made of integers, strings, booleans and tables)");
  }
  return length;
}

namespace {

// --- The protected calls. Each runs inside one LuaSandbox::run; a Frame carries the C++ side.

// r's fields that are not worked out yet: reading one records it and ends the call, which is
// made again once the field is known (whatever the rules do with the error).
int answerIndex(lua_State* L) {
  State& state = stateOf(L);
  if (lua_type(L, 2) == LUA_TSTRING) {
    const char* key = lua_tostring(L, 2);
    for (std::uint32_t k = 0; k < 6; ++k)
      if ((state.answerLazy >> k & 1) && std::strcmp(key, kRulesFieldNames[k]) == 0) {
        state.answerNeeded |= 1u << k;
        return luaL_error(L, "r.%s is worked out only when answer reads it", key);
      }
    if (state.answerLazy & kFieldCgt)
      for (const char* name : kCgtFieldNames)
        if (std::strcmp(key, name) == 0) {
          state.answerNeeded |= kFieldCgt;
          return luaL_error(L, "r.%s is worked out only when answer reads it", key);
        }
  }
  return 0;
}

// The same for a child of r.children whose details are not worked out yet.
int answerChildIndex(lua_State* L) {
  State& state = stateOf(L);
  if (lua_type(L, 2) == LUA_TSTRING && (state.answerLazy & kFieldChildDetails)) {
    const char* key = lua_tostring(L, 2);
    for (const char* detail : {"value", "moves_left", "sg", "margin"})
      if (std::strcmp(key, detail) == 0) {
        state.answerNeeded |= kFieldChildDetails;
        return luaL_error(L, "r.children[...].%s is worked out only when answer reads it", key);
      }
  }
  return 0;
}

Frame& frameOf(lua_State* L) {
  return *static_cast<Frame*>(lua_touserdata(L, 1));
}

// A value as a term the host keeps; `values` counts the values held so far by the call, which
// may hold kMaxTermValues in all.
// The encoding of the value at `index`, in the state's buffer (`bytes`), within the limits of
// what the host keeps of a call's results.
void encodeResult(lua_State* L, int index, Function function, const char* what,
                  std::size_t maxBytes, int depth, std::size_t* values) {
  std::string& bytes = stateOf(L).bytes;
  bytes.clear();
  Encoder encoder(L, function, what, maxBytes, depth);
  encoder.encode(index, bytes);
  std::size_t own = 0;
  std::size_t& held = values ? *values : own;
  held += encoder.values();
  if (held > kMaxTermValues)
    raiseAt(L, function,
            std::string(what) + " holds more than " + withThousands(kMaxTermValues) +
                " values in all (the host keeps what a call returns as terms)");
}

Term termFrom(lua_State* L, int index, Function function, const char* what,
              std::size_t maxBytes = kMaxPositionBytes, int depth = 0,
              std::size_t* values = nullptr) {
  encodeResult(L, index, function, what, maxBytes, depth, values);
  const std::string& bytes = stateOf(L).bytes;
  Term term;
  if (!Term::decode(bytes, term)) {
    { const Term discarded = std::move(term); }  // freed before the longjmp
    raiseAt(L, function, std::string(what) + " could not be read");
  }
  return term;
}

// --- answer's r.at(s): the record of any position s, its fields (those r has but children)
// worked out when answer first reads one (atField), by the host (Rules::PositionRecords).

// The fields a record of r.at has for these rules; whether reading `key` needs the outcome
// alone (normal play and impartial games: the search with cut-offs). False for any other key.
bool atFieldOf(const RulesHeader& header, std::string_view key, bool& outcomeOnly) {
  outcomeOnly = key == "outcome";
  if (key == "value") return true;
  switch (header.kind) {
    case RulesKind::kNormalPlay:
      return outcomeOnly || key == "moves_left";
    case RulesKind::kImpartial:
      return outcomeOnly || key == "sg";
    case RulesKind::kScored:
      return key == "margin";
  }
  return false;
}

// Raises `message` at the line of answer that called r.at or read its record.
int atRefusal(lua_State* L, const char* message) {
  luaL_where(L, 1);
  lua_pushstring(L, message);
  lua_concat(L, 2);
  return lua_error(L);
}

// The record's __index: t's field `key`, from the host's record of t's position (its encoding
// is t's metatable's [1]), whose fields are kept in t.
int atField(lua_State* L) {
  State& state = stateOf(L);
  bool outcomeOnly = false;
  std::size_t length = 0;
  const char* key = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &length) : nullptr;
  if (!key || !atFieldOf(*state.header, std::string_view(key, length), outcomeOnly)) return 0;
  if (!state.atHost || state.atBusy)
    return atRefusal(L, "r.at's records are read only by answer (not by the rules' other calls)");
  lua_settop(L, 2);
  lua_getmetatable(L, 1);
  const int type = lua_rawgeti(L, 3, 1);
  if (type == LUA_TNUMBER) {
    state.atPosition = Term::integer(lua_tointeger(L, 4));
  } else if (type == LUA_TBOOLEAN) {
    state.atPosition = Term::boolean(lua_toboolean(L, 4));
  } else {
    lua_rawgeti(L, 3, 2);
    const char* encoded = lua_tolstring(L, 5, &length);
    if (!encoded || !Term::decode(std::string_view(encoded, length), state.atPosition))
      return atRefusal(L, "r.at's record lost its position");
  }
  const Function call = state.call;
  state.atBusy = true;
  // Who wins: the rules' own search first, with no record made (answer's loop over a million
  // positions reads a million outcomes).
  if (outcomeOnly && state.header->kind != RulesKind::kScored) {
    int outcome = -1;
    {
      const auto found = state.atRules->memoSearchAt(state.atPosition, *state.atParams,
                                                     Rules::SearchQuestion::kOutcome,
                                                     state.atHost->searchLimits());
      if (found) outcome = static_cast<int>(found->outcome);
    }
    if (outcome >= 0) {
      state.atBusy = false;
      state.call = call;
      const int counter = LuaSandbox::counter(L);
      lua_pushvalue(L, 2);
      lua_pushstring(L, endResultWord(static_cast<EndResult>(outcome)));
      lua_rawset(L, 1);
      LuaSandbox::restoreCounter(L, counter);
      lua_pushvalue(L, 2);
      lua_rawget(L, 1);
      return 1;
    }
  }
  state.atRecord = state.atHost->record(state.atPosition, outcomeOnly);
  state.atBusy = false;
  state.call = call;
  if (!state.atRecord->ok()) {
    state.atError = state.atRecord->error();
    state.atRecord.reset();
    const std::string& text = state.atError->message.english();
    return luaL_error(L, "%s", text.c_str());
  }
  for (const auto& [name, value] : state.atRecord->value().entries()) {
    pushTerm(L, name);
    pushTerm(L, value);
    lua_rawset(L, 1);
  }
  state.atRecord.reset();
  lua_pushvalue(L, 2);
  lua_rawget(L, 1);
  return 1;
}

// r.at(s): s checked and kept as the host keys it (its encoding: answer may change a table
// after), in a record whose fields come when read.
int answerAt(lua_State* L) {
  State& state = stateOf(L);
  if (!state.atHost || state.atBusy)
    return atRefusal(L, "r.at is called only by answer (not by the rules' other calls)");
  if (state.header->partisan)
    return atRefusal(
        L, "r.at is not given for partisan rules (who moves is part of a position there)");
  if (lua_isnoneornil(L, 1)) return atRefusal(L, "r.at needs a position: r.at(s)");
  const int type = lua_type(L, 1);
  if (type == LUA_TFUNCTION || type == LUA_TUSERDATA || type == LUA_TLIGHTUSERDATA ||
      type == LUA_TTHREAD)
    return atRefusal(L,
                     "r.at's position is a function (positions are made of integers, strings, "
                     "booleans and tables)");
  lua_settop(L, 1);
  const int counter = LuaSandbox::counter(L);
  lua_createtable(L, 0, 4);  // the record
  lua_createtable(L, 2, 1);  // its metatable: [1] an integer or boolean s, or [2] its encoding
  if (lua_isinteger(L, 1) || lua_type(L, 1) == LUA_TBOOLEAN) {
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
  } else {
    std::string& bytes = state.bytes;
    bytes.clear();
    Encoder(L, kAnswer, "r.at's position").encode(1, bytes);
    lua_pushlstring(L, bytes.data(), bytes.size());
    lua_rawseti(L, -2, 2);
  }
  lua_pushcfunction(L, atField);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  LuaSandbox::restoreCounter(L, counter);  // (the record's tables are r.at's work, not answer's)
  return 1;
}

// After a call that was given position `key` (at stack index `index`): the call must not have
// changed it (the next call gets the same table).
void checkUnchanged(lua_State* L, int index, std::string_view key, Function function,
                    std::string& scratch) {
  if (lua_type(L, index) != LUA_TTABLE) return;
  scratch.clear();
  Encoder(L, function, "the position it was given").encode(index, scratch);
  if (scratch != key)
    raiseAt(L, function,
            std::string(kFunctionNames[function]) +
                " changed the position it was given; return a new table instead (positions are "
                "values: every call gets the same table)");
}

// The expansion must stay within its byte limit (the solver's memory left) before it keeps a
// child's bytes.
void checkRoom(lua_State* L, const Expansion& out, std::size_t more, Function function = kPlay) {
  if (out.byteLimit > 0 && out.keys.size() + more > out.byteLimit)
    raiseAt(L, function,
            std::string(function == kParts ? "parts returned positions"
                                           : "the position's moves lead to positions") +
                " of more than " + withThousands(out.byteLimit) +
                " bytes in all, past the memory budget (a large position repeated many times?)");
}

// Flattens the parts of the value at the stack top (popped) into the expansion, using `work`
// (the stack index of a table, empty before and after: one serves every child of a position).
void addParts(lua_State* L, int work, const Params& params, Expansion& out, std::string& scratch) {
  State& state = stateOf(L);
  // A work list of values in a Lua table: parts(v) splits v until a value's parts are itself.
  lua_rawseti(L, work, 1);
  lua_Integer pending = 1;
  std::size_t found = 0;
  while (pending > 0) {
    lua_rawgeti(L, work, pending);
    lua_pushnil(L);
    lua_rawseti(L, work, pending--);
    const int value = lua_gettop(L);
    scratch.clear();
    Encoder(L, kParts, "a part").encode(value, scratch);
    // Split once already: it is atomic.
    if (const auto node = out.knownAtomic ? out.knownAtomic(scratch) : std::nullopt) {
      checkRoom(L, out, scratch.size(), kParts);
      out.addPart(scratch, node);
      if (++found > (1 << 16)) raiseAt(L, kParts, "parts keeps splitting: more than 65536 parts");
      lua_settop(L, work);
      continue;
    }
    lua_pushvalue(L, value);
    pushParams(L, params);
    callRules(L, kParts, 2);
    if (lua_type(L, -1) != LUA_TTABLE)
      raiseAt(L, kParts, "parts must return an array of positions");
    const int list = lua_gettop(L);
    const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, list));
    bool atomic = false;
    if (count == 1) {
      lua_rawgeti(L, list, 1);
      std::string& first = state.first;
      first.clear();
      Encoder(L, kParts, "a part").encode(-1, first);
      lua_pop(L, 1);
      atomic = first == scratch;
    }
    if (atomic) {
      checkRoom(L, out, scratch.size(), kParts);
      out.addPart(scratch, std::nullopt);
      if (++found > (1 << 16)) raiseAt(L, kParts, "parts keeps splitting: more than 65536 parts");
    } else {
      if (pending + count > (1 << 16))
        raiseAt(L, kParts, "parts keeps splitting: more than 65536 parts");
      for (lua_Integer k = count; k >= 1; --k) {
        lua_rawgeti(L, list, k);
        lua_rawseti(L, work, ++pending);
      }
    }
    lua_settop(L, work);
  }
}

// A position opened for its moves (protectedExpand and the cursors): the position as the rules
// see it (the whole key, or s of a partisan {who, s}) and p pushed, mover read when the rules
// have one, moves called and checked, and result read at an end of play.
struct Opened {
  std::string_view key;  // the rules' own part of the host's key
  int who = 0;           // a partisan position's player to move (1 or 2)
  bool partisan = false;
  int position = 0, params = 0, moves = 0;  // stack indices
  lua_Integer count = 0;                    // the number of moves
  // Pushes the arguments every call ends with: p, and who for partisan rules; their count.
  int pushTail(lua_State* L) const {
    lua_pushvalue(L, params);
    if (!partisan) return 1;
    lua_pushinteger(L, who);
    return 2;
  }
};

Opened openPosition(lua_State* L, std::string_view whole, const Params& params, int& mover,
                    EndResult& end) {
  State& state = stateOf(L);
  const RulesHeader& header = *state.header;
  Opened opened;
  opened.key = whole;
  opened.partisan = header.partisan;
  if (header.partisan && !splitPartisan(whole, opened.who, opened.key))
    luaL_error(L, "a position could not be read back");
  pushKey(L, opened.key);
  opened.position = lua_gettop(L);
  pushParams(L, params);
  opened.params = lua_gettop(L);
  if (header.hasMover) {
    lua_pushvalue(L, opened.position);
    callRules(L, kMover, 1 + opened.pushTail(L));
    const std::int64_t number = integerResult(L, kMover, "1 or 2");
    if (number != 1 && number != 2)
      raiseAt(L, kMover, "mover must return 1 or 2, not " + std::to_string(number));
    mover = static_cast<int>(number - 1);
    lua_pop(L, 1);
    checkUnchanged(L, opened.position, opened.key, kMover, state.scratch);
  }
  lua_pushvalue(L, opened.position);
  callRules(L, kMoves, 1 + opened.pushTail(L));
  opened.moves = lua_gettop(L);
  opened.count = checkMoveList(L, opened.moves);
  checkUnchanged(L, opened.position, opened.key, kMoves, state.scratch);
  if (opened.count == 0 && header.hasResult) {
    lua_pushvalue(L, opened.position);
    callRules(L, kResult, 1 + opened.pushTail(L));
    end = endResultOf(L);
    lua_pop(L, 1);
    checkUnchanged(L, opened.position, opened.key, kResult, state.scratch);
  }
  return opened;
}

// The position play returned (the stack top) as the host's key in `child`: for partisan rules
// {who, s} with the other player to move.
void encodeChild(lua_State* L, int who, std::string& child) {
  State& state = stateOf(L);
  child.clear();
  if (state.header->partisan) {
    std::string& scratch = state.scratch;
    scratch.clear();
    Encoder(L, kPlay, "the position play returned", kMaxPositionBytes, 1).encode(-1, scratch);
    putPartisan(child, 3 - who, scratch);
  } else if (lua_isinteger(L, -1)) {  // an integer position: its encoding, with no encoder
    encoding::putInteger(child, lua_tointeger(L, -1));
  } else {
    Encoder(L, kPlay, "the position play returned").encode(-1, child);
  }
}

}  // namespace

int protectedExpand(lua_State* L) {
  Frame& frame = frameOf(L);
  State& state = stateOf(L);
  const RulesHeader& header = *state.header;
  Expansion& out = *frame.expansion;
  std::string& scratch = state.scratch;
  std::string& child = state.child;
  const Opened opened = openPosition(L, frame.position, *frame.params, out.mover, out.endResult);
  const std::string_view key = opened.key;
  const int position = opened.position, moves = opened.moves, who = opened.who;
  const lua_Integer count = opened.count;
  const auto pushTail = [&]() { return opened.pushTail(L); };
  if (count == 0 && header.kind == RulesKind::kScored && state.refs[kScore] != LUA_NOREF) {
    lua_pushvalue(L, position);
    callRules(L, kScore, 1 + pushTail());
    out.endScore = integerResult(L, kScore, "an integer");
    lua_pop(L, 1);
    checkUnchanged(L, position, key, kScore, scratch);
  }
  int work = 0;  // parts' work list
  if (header.hasParts) {
    lua_createtable(L, 8, 0);
    work = lua_gettop(L);
  }
  for (lua_Integer k = 1; k <= count; ++k) {
    state.moveIndex = k;
    if (header.kind == RulesKind::kScored) {
      std::int64_t points = 0;
      if (state.refs[kGain] != LUA_NOREF) {
        lua_pushvalue(L, position);
        lua_rawgeti(L, moves, k);
        callRules(L, kGain, 2 + pushTail());
        points = integerResult(L, kGain, "an integer");
        lua_pop(L, 1);
      }
      out.gains.push_back(points);
    }
    lua_pushvalue(L, position);
    lua_rawgeti(L, moves, k);
    callRules(L, kPlay, 2 + pushTail());
    if (header.hasParts) {
      addParts(L, work, *frame.params, out, scratch);
      out.childEnds.push_back(static_cast<std::uint32_t>(out.keyEnds.size()));
    } else {
      encodeChild(L, who, child);
      checkRoom(L, out, child.size());
      out.addKey(child);
      lua_pop(L, 1);
    }
  }
  // Once, not after every play: a play that changed the position it was given changed what
  // the plays after it saw, and the whole expansion is refused.
  if (count > 0) checkUnchanged(L, position, key, kPlay, scratch);
  return 0;
}

// --- A position's moves one at a time (Rules::openMoves): the position, its moves, who moves
// and its key are held in a registry table, {s, moves, who, key}, until closeMoves().
int protectedOpenMoves(lua_State* L) {
  CursorFrame& frame = *static_cast<CursorFrame*>(lua_touserdata(L, 1));
  MoveCursor& cursor = *frame.cursor;
  lua_createtable(L, 4, 0);
  const int hold = lua_gettop(L);
  const Opened opened = openPosition(L, frame.position, *frame.params, cursor.mover, cursor.end);
  const std::string_view key = opened.key;
  const int position = opened.position, moves = opened.moves, who = opened.who;
  const lua_Integer count = opened.count;
  lua_pushvalue(L, position);
  lua_rawseti(L, hold, 1);
  lua_pushvalue(L, moves);
  lua_rawseti(L, hold, 2);
  lua_pushinteger(L, who);
  lua_rawseti(L, hold, 3);
  lua_pushlstring(L, key.data(), key.size());
  lua_rawseti(L, hold, 4);
  lua_pushvalue(L, hold);
  cursor.handle = luaL_ref(L, LUA_REGISTRYINDEX);
  cursor.count = static_cast<std::size_t>(count);
  return 0;
}

int protectedPlayMove(lua_State* L) {
  CursorFrame& frame = *static_cast<CursorFrame*>(lua_touserdata(L, 1));
  State& state = stateOf(L);
  const RulesHeader& header = *state.header;
  lua_rawgeti(L, LUA_REGISTRYINDEX, frame.cursor->handle);
  const int hold = lua_gettop(L);
  lua_rawgeti(L, hold, 1);
  const int position = lua_gettop(L);
  lua_rawgeti(L, hold, 2);
  const int moves = lua_gettop(L);
  lua_rawgeti(L, hold, 3);
  const int who = static_cast<int>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  lua_rawgeti(L, hold, 4);
  std::size_t keyLength = 0;
  const char* keyBytes = lua_tolstring(L, -1, &keyLength);  // held by the hold table
  const std::string_view key(keyBytes, keyLength);
  lua_pop(L, 1);
  state.moveIndex = static_cast<std::int64_t>(frame.index) + 1;
  lua_pushvalue(L, position);
  lua_rawgeti(L, moves, static_cast<lua_Integer>(frame.index) + 1);
  pushParams(L, *frame.params);
  int arguments = 3;
  if (header.partisan) {
    lua_pushinteger(L, who);
    ++arguments;
  }
  callRules(L, kPlay, arguments);
  encodeChild(L, who, *frame.child);
  lua_pop(L, 1);
  checkUnchanged(L, position, key, kPlay, state.scratch);
  return 0;
}

namespace {

// Pushes a position term as the rules see it: s, and for partisan rules its who (returned; 0
// otherwise) to be passed after p.
int pushPosition(lua_State* L, const Term& term) {
  const State& state = stateOf(L);
  if (state.header->partisan && term.kind() == Term::Kind::kTable && term.entries().size() == 2 &&
      term.entries()[0].second.isInteger()) {
    pushTerm(L, term.entries()[1].second);
    return static_cast<int>(term.entries()[0].second.asInteger());
  }
  pushTerm(L, term);
  return 0;
}

// Pushes the position whose encoding is `key` as the rules see it (pushPosition's twin).
int pushPositionKey(lua_State* L, std::string_view key) {
  int who = 0;
  std::string_view inner = key;
  if (stateOf(L).header->partisan && !splitPartisan(key, who, inner)) who = 0;
  pushKey(L, inner);
  return who;
}

// Pushes the position `key` for name(): the table of the position the last name was asked at,
// when it is the same position (every call may be given the same table: the contract; a name
// that changes it changes only the names that follow). Returns a partisan position's player to
// move (0 otherwise).
int pushNamedPosition(lua_State* L, std::string_view key) {
  State& state = stateOf(L);
  if (state.namedRef != LUA_NOREF && key == state.namedKey) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, state.namedRef);
    return state.namedWho;
  }
  luaL_unref(L, LUA_REGISTRYINDEX, state.namedRef);
  state.namedRef = LUA_NOREF;
  state.namedKey.assign(key.data(), key.size());
  state.namedWho = pushPositionKey(L, state.namedKey);
  lua_pushvalue(L, -1);
  state.namedRef = luaL_ref(L, LUA_REGISTRYINDEX);
  return state.namedWho;
}

// Gives the table r at the stack top (answer's first argument) the metatables that record the
// fields, and the children's details, that are not worked out yet (answerIndex,
// answerChildIndex).
void makeAnswerLazy(lua_State* L, const State& state) {
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, answerIndex);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_pushliteral(L, "children");
  if ((state.answerLazy & kFieldChildDetails) && lua_rawget(L, -2) == LUA_TTABLE) {
    lua_createtable(L, 0, 1);  // one metatable for every child
    lua_pushcfunction(L, answerChildIndex);
    lua_setfield(L, -2, "__index");
    const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, -2));
    for (lua_Integer k = 1; k <= count; ++k) {
      if (lua_rawgeti(L, -2, k) == LUA_TTABLE) {
        lua_pushvalue(L, -2);
        lua_setmetatable(L, -2);
      }
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

// Pushes the arguments of the frame's call; returns how many. `who` is the player of a partisan
// position (0 otherwise), passed after p.
int pushArguments(lua_State* L, const Frame& frame, int& who) {
  const State& state = stateOf(L);
  const Function function = frame.function;
  int arguments = 0;
  switch (function) {
    case kRead:  // read(text, input): the text and its reader (lua_input.h)
      lua_pushlstring(L, frame.text.data(), frame.text.size());
      pushInputReader(L, -1, &stateOf(L).input);
      return 2;
    case kRandom:
      lua_pushinteger(L, frame.numbers[0]);
      lua_pushinteger(L, frame.numbers[1]);
      return 2;
    case kWrite:  // write(cases): an array of the cases, each a new table as read() gave it
      lua_createtable(L, static_cast<int>(frame.encodings.size()), 0);
      for (std::size_t k = 0; k < frame.encodings.size(); ++k) {
        pushKey(L, frame.encodings[k]);
        lua_rawseti(L, -2, static_cast<lua_Integer>(k + 1));
      }
      return 1;
    case kAnswer:
      pushTerm(L, *frame.termA);
      if (state.answerLazy != 0) makeAnswerLazy(L, state);
      if (state.atHost) {
        lua_pushliteral(L, "at");
        lua_pushcfunction(L, answerAt);
        lua_rawset(L, -3);
      }
      pushParams(L, *frame.params);
      return 2;
    case kName:  // name(move, s, p)
      pushTerm(L, *frame.termB);
      stateOf(L).bytes = frame.termA->encode();
      who = pushNamedPosition(L, stateOf(L).bytes);
      arguments = 2;
      break;
    default:
      if (frame.keysOnly) {  // the position's encoding
        who = pushPositionKey(L, frame.position);
        ++arguments;
        if (function == kPlay) {
          pushKey(L, frame.moveKey);
          ++arguments;
        }
      } else if (function != kStart) {
        who = pushPosition(L, *frame.termA);
        ++arguments;
        if (frame.termB) {
          pushTerm(L, *frame.termB);
          ++arguments;
        }
      }
  }
  pushParams(L, *frame.params);
  ++arguments;
  if (state.header->partisan && function != kStart) {
    lua_pushinteger(L, who);
    ++arguments;
  }
  return arguments;
}

// start's or play's position: {who, s} in a partisan game, the first player moving first and
// after a play the other.
void takePosition(lua_State* L, Frame& frame, int who) {
  const Function function = frame.function;
  const char* what =
      function == kStart ? "the position start returned" : "the position play returned";
  const bool partisan = stateOf(L).header->partisan;
  if (frame.keysOnly) {
    encodeResult(L, -1, function, what, kMaxPositionBytes, partisan ? 1 : 0, nullptr);
    frame.output.clear();
    if (partisan)
      putPartisan(frame.output, 3 - who, stateOf(L).bytes);
    else
      frame.output = stateOf(L).bytes;
    return;
  }
  if (!partisan) {
    frame.result = termFrom(L, -1, function, what);
    return;
  }
  Term inner = termFrom(L, -1, function, what, kMaxPositionBytes, 1);
  frame.result = Term::list({Term::integer(function == kStart ? 1 : 3 - who), std::move(inner)});
}

// The moves or parts returned, as terms.
void takeList(lua_State* L, Frame& frame) {
  const Function function = frame.function;
  State& state = stateOf(L);
  if (lua_type(L, -1) != LUA_TTABLE)
    raiseAt(
        L, function,
        std::string(kFunctionNames[function]) + " must return an array, not " + typeWord(L, -1));
  if (function == kMoves) checkMoveList(L, lua_gettop(L));
  const int list = lua_gettop(L);
  const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, list));
  std::size_t bytes = 0, values = 0;
  for (lua_Integer k = 1; k <= count; ++k) {
    lua_rawgeti(L, list, k);
    // Held by the frame at once: the frame outlives the longjmp of an error, a local would not
    // be freed (assigning an empty term keeps a string's buffer).
    const char* what = function == kMoves ? "a move" : "a part";
    if (frame.keysOnly) {
      encodeResult(L, -1, function, what, kMaxPositionBytes, 0, &values);
      frame.encodings.push_back(state.bytes);
    } else {
      frame.results.push_back(termFrom(L, -1, function, what, kMaxPositionBytes, 0, &values));
    }
    bytes += state.bytes.size();
    if (bytes > kMaxListBytes) listTooLarge(L, function);
    lua_pop(L, 1);
  }
}

void takeName(lua_State* L, Frame& frame) {
  if (lua_type(L, -1) != LUA_TSTRING)
    raiseAt(L, kName, std::string("name must return a string, not ") + typeWord(L, -1));
  std::size_t length = 0;
  const char* text = lua_tolstring(L, -1, &length);
  frame.output = cutText(text, length, kMaxNameBytes);
}

// read's cases, each kept as its encoding.
void takeCases(lua_State* L, Frame& frame) {
  if (lua_type(L, -1) != LUA_TTABLE)
    raiseAt(L, kRead,
            std::string("read must return an array of cases (each a table: the p of one "
                        "case), not ") +
                typeWord(L, -1));
  const int list = lua_gettop(L);
  const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, list));
  if (count == 0) raiseAt(L, kRead, "read returned no case (an empty array)");
  if (static_cast<std::size_t>(count) > kMaxCases)
    raiseAt(L, kRead,
            "read returned " + withThousands(static_cast<std::uint64_t>(count)) +
                " cases; at most " + withThousands(kMaxCases));
  std::uint64_t bytes = 0;
  for (lua_Integer k = 1; k <= count; ++k) {
    if (lua_rawgeti(L, list, k) != LUA_TTABLE)
      raiseAt(L, kRead,
              "read must return an array of cases, each a table (the p of one case); case " +
                  std::to_string(k) + " is " + typeWord(L, -1));
    // Kept as encodings (a term would be about 70 times larger), counted before they are.
    std::string& encoded = stateOf(L).bytes;
    encoded.clear();
    Encoder(L, kRead, "a case", kMaxCaseBytes).encode(-1, encoded);
    if (encoded.size() > 2 && encoded[0] == '[')
      raiseAt(L, kRead,
              "case " + std::to_string(k) +
                  " is an array; a case is a record of named values (p.n, p.sizes)");
    // Rules with parameters too: a case without a parameter's name gets its default, so p has
    // every parameter by name whether it comes from the input or from the parameters.
    bool filled = false;
    for (const RulesParam& param : stateOf(L).header->params) {
      lua_pushlstring(L, param.name.data(), param.name.size());
      if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pushlstring(L, param.name.data(), param.name.size());
        lua_pushinteger(L, static_cast<lua_Integer>(param.defaultValue));
        lua_rawset(L, -4);
        filled = true;
      }
      lua_pop(L, 1);
    }
    if (filled) {
      encoded.clear();
      Encoder(L, kRead, "a case", kMaxCaseBytes).encode(-1, encoded);
    }
    bytes += encoded.size();
    if (bytes > kMaxJudgeTextBytes * 4)
      raiseAt(L, kRead, "the cases read() returned hold more than 64 MiB in all");
    frame.encodings.push_back(encoded);
    lua_pop(L, 1);
  }
}

// answer's answer or random's input: a whole number or a string.
void takeJudgeText(lua_State* L, Frame& frame) {
  const Function function = frame.function;
  std::int64_t whole = 0;
  if (lua_type(L, -1) == LUA_TNUMBER && wholeNumber(L, -1, whole)) {
    frame.output = std::to_string(whole);
    return;
  }
  if (lua_type(L, -1) != LUA_TSTRING)
    raiseAt(L, function,
            std::string(kFunctionNames[function]) + " must return " +
                (function == kAnswer ? "the judge's answer" : "a judge's input") +
                " as a string, not " + typeWord(L, -1));
  std::size_t length = 0;
  const char* text = lua_tolstring(L, -1, &length);
  if (length > kMaxJudgeTextBytes)
    raiseAt(L, function,
            std::string(kFunctionNames[function]) + " returned " + withThousands(length) +
                " bytes; at most " + withThousands(kMaxJudgeTextBytes));
  frame.output.assign(text, length);
}

// Checks what the call returned (at the stack top) and keeps it in the frame.
void takeResult(lua_State* L, Frame& frame, int who) {
  switch (frame.function) {
    case kStart:
    case kPlay:
      takePosition(L, frame, who);
      break;
    case kShow:
      frame.result = termFrom(L, -1, kShow, "what show returned");
      break;
    case kMoves:
    case kParts:
      takeList(L, frame);
      break;
    case kGain:
    case kScore:
      frame.number = integerResult(L, frame.function, "an integer");
      break;
    case kMover:
      frame.number = integerResult(L, kMover, "1 or 2");
      if (frame.number != 1 && frame.number != 2)
        raiseAt(L, kMover, "mover must return 1 or 2, not " + std::to_string(frame.number));
      break;
    case kResult:
      frame.number = static_cast<std::int64_t>(endResultOf(L));
      break;
    case kName:
      takeName(L, frame);
      break;
    case kRead:
      takeCases(L, frame);
      break;
    case kAnswer:
    case kRandom:
    case kWrite:
      takeJudgeText(L, frame);
      break;
    default:
      break;
  }
}

}  // namespace

// Several calls of name(), one per move of frame.moveKeys in [nameFrom, nameTo), at one position
// (its table built once), each with the whole per-call budget. The calls stop early once they
// have run about kNamesInstructions together, or one call's budget where that is less (a page
// names on its main thread: slow names are asked for a few at a time).
constexpr std::uint64_t kNamesInstructions = 2'000'000;

int protectedNames(lua_State* L) {
  Frame& frame = frameOf(L);
  const bool partisan = stateOf(L).header->partisan;
  const std::uint64_t start = frame.rules->instructionsUsed();
  const std::uint64_t together =
      std::min(kNamesInstructions, frame.rules->sandboxLimits().instructionsPerCall);
  for (std::size_t k = frame.nameFrom; k < frame.nameTo; ++k) {
    if (k > frame.nameFrom && frame.rules->instructionsUsed() - start > together) break;
    pushKey(L, (*frame.moveKeys)[k]);
    const int who = pushNamedPosition(L, frame.position);
    pushParams(L, *frame.params);
    if (partisan) lua_pushinteger(L, who);
    callRules(L, kName, partisan ? 4 : 3);
    takeName(L, frame);
    frame.encodings.push_back(std::move(frame.output));
    lua_pop(L, 1);
  }
  return 0;
}

// One call of a rules function (Frame): its arguments pushed, the call, its result checked and
// kept.
int protectedCall(lua_State* L) {
  Frame& frame = frameOf(L);
  int who = 0;
  const int arguments = pushArguments(L, frame, who);
  callRules(L, frame.function, arguments);
  takeResult(L, frame, who);
  return 0;
}

}  // namespace lua_detail
}  // namespace gs
