// Lua values to the host's canonical encodings and back, for LuaRules (core/rules/lua_rules.h):
// the encoder, which checks that a value is a term; the read-only views through which the rules
// see p and its tables; p itself, of parameters or of a case; and a case's tracked view, which
// records the fields of p that a memo search reads.
#include <algorithm>
#include <climits>
#include <cstdio>
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

// The key under which a proxy's metatable keeps the table it shows (lua_rawsetp: the address is
// unique and no rules code can name it).
const char kViewRealKey = 0;
// The registry's keys of the two metatables shared by the views in place: p's and its tables'.
const char kViewMetatableKeys[2] = {0, 0};
const char* const kReadOnly =
    "the parameters are read-only (p and its tables cannot be changed: copy what you change)";

// --- Lua values to canonical encodings (core/rules/term.h), checking that they are terms.

bool keyLess(const KeyRef& a, const KeyRef& b) {
  if (a.rank != b.rank) return a.rank < b.rank;
  if (a.rank == 1) return a.text < b.text;
  return a.number < b.number;
}

// When the table at `index` is a read-only view of p's (makeView), pushes the table it shows
// (the view itself, for a view in place).
bool pushViewed(lua_State* L, int index) {
  if (LuaSandbox::readOnly(L, index)) {
    // A view in place is itself; a case's tracked view (pushTrackedCase) is read whole.
    if (lua_getmetatable(L, index)) {
      if (lua_rawgetp(L, -1, &kViewRealKey) == LUA_TTABLE) {
        lua_remove(L, -2);
        State& state = stateOf(L);
        if (state.caseReads) state.caseReads->all = true;
        return true;
      }
      lua_pop(L, 2);
    }
    lua_pushvalue(L, index);
    return true;
  }
  if (!lua_getmetatable(L, index)) return false;
  if (lua_rawgetp(L, -1, &kViewRealKey) == LUA_TTABLE) {
    lua_remove(L, -2);
    return true;
  }
  lua_pop(L, 2);
  return false;
}

}  // namespace

// A rules function's result that is a view of p's (moves returning p.sizes) stands for the table
// it shows (whose tables are views themselves: nothing of p becomes writable).
void resolveView(lua_State* L, int index) {
  index = lua_absindex(L, index);
  if (lua_type(L, index) == LUA_TTABLE && pushViewed(L, index)) lua_replace(L, index);
}

// Raises with the encoding's name. (The path and the record keys are the state's, reused: a
// longjmp runs no destructor, and a budget spent in the middle of a table raises too.)
[[noreturn]] void Encoder::fail(std::string problem) {
  std::string message = std::string(what_) + " " + problem;
  std::string().swap(problem);
  raiseAt(L_, function_, std::move(message));
}

[[noreturn]] void Encoder::tooLarge() {
  fail("is larger than " +
       (maxBytes_ >= (1 << 20) ? std::to_string(maxBytes_ >> 20) + " MiB"
                               : withThousands(maxBytes_) + " bytes") +
       " once written out (a table shared many times over?)");
}

void Encoder::encodeValue(int index, std::string& out, int depth) {
  // The host's own loop over a stranger's tables stops once the budget is spent (charges made
  // while it runs, by colliding keys say, are counted against the call).
  if ((++values_ & 4095) == 0) LuaSandbox::checkSpent(L_);
  switch (lua_type(L_, index)) {
    case LUA_TNUMBER: {
      std::int64_t number = 0;
      if (!wholeNumber(L_, index, number)) {
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "%.14g", lua_tonumber(L_, index));
        fail(std::string("holds the number ") + buffer +
             ", which is not whole (positions and moves hold integers)");
      }
      encoding::putInteger(out, number);
      break;
    }
    case LUA_TSTRING: {
      std::size_t length = 0;
      const char* text = lua_tolstring(L_, index, &length);
      if (out.size() - base_ + length + 11 > maxBytes_) tooLarge();
      encoding::putString(out, std::string_view(text, length));
      break;
    }
    case LUA_TBOOLEAN:
      encoding::putBoolean(out, lua_toboolean(L_, index) != 0);
      break;
    case LUA_TTABLE:
      if (pushViewed(L_, index)) {  // a view of p's: what it shows
        encodeTable(lua_gettop(L_), out, depth);
        lua_pop(L_, 1);
      } else {
        encodeTable(index, out, depth);
      }
      break;
    default:
      fail(std::string("is or holds ") + typeWord(L_, index) +
           " (positions and moves are made of integers, strings, booleans and tables)");
  }
  if (out.size() - base_ > maxBytes_) tooLarge();
}

void Encoder::encodeTable(int index, std::string& out, int depth) {
  if (depth >= kMaxDepth) fail("nests tables more than " + std::to_string(kMaxDepth) + " deep");
  const void* self = lua_topointer(L_, index);
  if (std::find(path_.begin(), path_.end(), self) != path_.end())
    fail("holds a table that contains itself");
  // A flat array of scalars, read from the table itself (core/rules/lua_fastpath.h).
  {
    char flat[256];
    const std::size_t used = out.size() - base_;
    const std::size_t room = used < maxBytes_ ? std::min(sizeof flat, maxBytes_ - used) : 0;
    const std::size_t written = gs_lua_encode_flat(self, flat, room, &values_);
    if (written > 0) {
      out.append(flat, written);
      return;
    }
  }
  if (!lua_checkstack(L_, 4)) fail("nests too deep");
  path_.push_back(self);
  const lua_Integer length = static_cast<lua_Integer>(lua_rawlen(L_, index));
  lua_Integer count = 0;
  lua_pushnil(L_);
  while (lua_next(L_, index) != 0) {
    if ((++count & 4095) == 0) LuaSandbox::checkSpent(L_);
    lua_pop(L_, 1);
  }
  bool array = count == length;
  if (array) {
    const std::size_t mark = out.size();
    encoding::putArrayHeader(out, static_cast<std::uint64_t>(length));
    for (lua_Integer k = 1; k <= length; ++k) {
      if (lua_rawgeti(L_, index, k) == LUA_TNIL) {  // a hole: not the keys 1..n after all
        lua_pop(L_, 1);
        out.resize(mark);
        array = false;
        break;
      }
      encodeValue(lua_gettop(L_), out, depth + 1);
      lua_pop(L_, 1);
    }
  }
  if (!array) {
    // This table's keys: keys_[base ..] (the tables inside it stack theirs above).
    if (static_cast<std::size_t>(count) > maxBytes_ / 2) tooLarge();
    const std::size_t base = keys_.size();
    lua_pushnil(L_);
    while (lua_next(L_, index) != 0) {
      lua_pop(L_, 1);
      KeyRef key;
      switch (lua_type(L_, -1)) {
        case LUA_TNUMBER:
          if (!wholeNumber(L_, lua_gettop(L_), key.number)) fail("has a key that is not whole");
          break;
        case LUA_TSTRING: {
          std::size_t size = 0;
          const char* text = lua_tolstring(L_, -1, &size);  // a string already: the key is kept
          key.rank = 1;
          key.text = std::string_view(text, size);
          break;
        }
        case LUA_TBOOLEAN:
          key.rank = 2;
          key.number = lua_toboolean(L_, -1);
          break;
        default:
          fail(std::string("has a key that is ") + typeWord(L_, -1) +
               " (keys are integers, strings or booleans)");
      }
      keys_.push_back(key);
    }
    std::sort(keys_.begin() + static_cast<std::ptrdiff_t>(base), keys_.end(), keyLess);
    encoding::putRecordHeader(out, keys_.size() - base);
    for (std::size_t k = base; k < keys_.size(); ++k) {
      const KeyRef key = keys_[k];
      if (key.rank == 0) {
        encoding::putInteger(out, key.number);
        lua_pushinteger(L_, key.number);
      } else if (key.rank == 1) {
        if (out.size() - base_ + key.text.size() + 11 > maxBytes_) tooLarge();
        encoding::putString(out, key.text);
        lua_pushlstring(L_, key.text.data(), key.text.size());
      } else {
        encoding::putBoolean(out, key.number != 0);
        lua_pushboolean(L_, static_cast<int>(key.number));
      }
      lua_rawget(L_, index);
      encodeValue(lua_gettop(L_), out, depth + 1);
      lua_pop(L_, 1);
    }
    keys_.resize(base);
  }
  path_.pop_back();
}

namespace {

// --- Canonical encodings to Lua values: plain tables, or read-only views (for p).

int viewNewIndex(lua_State* L) {
  return luaL_error(L, "%s", kReadOnly);
}

int paramsNewIndex(lua_State* L) {
  return luaL_error(L, "the parameters are read-only (p.%s = ... is not allowed)",
                    lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?");
}

int viewLength(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(lua_rawlen(L, lua_upvalueindex(1))));
  return 1;
}

int viewNext(lua_State* L) {
  lua_settop(L, 2);
  if (lua_next(L, lua_upvalueindex(1)) == 0) return 0;
  return 2;
}

int viewPairs(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushcclosure(L, viewNext, 1);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

// The parameters' table: reads through __index count which parameters are read (for tables
// whose rows share positions, core/rules/rules_table.h).
int paramsIndex(lua_State* L) {
  State& state = stateOf(L);
  if (lua_type(L, 2) == LUA_TSTRING && state.paramReads) {
    const char* name = lua_tostring(L, 2);
    const auto& params = state.header->params;
    for (std::size_t k = 0; k < params.size() && k < 64; ++k)
      if (params[k].name == name) *state.paramReads |= std::uint64_t{1} << k;
  }
  lua_rawget(L, lua_upvalueindex(1));
  return 1;
}

// pairs(p) reads every parameter.
int paramsPairs(lua_State* L) {
  State& state = stateOf(L);
  if (state.paramReads) *state.paramReads = ~std::uint64_t{0};
  return viewPairs(L);
}

// Gives the proxy at the stack top the metatable of a read-only view of the table at `real`:
// `index`, `length` and `pairs` (C closures over the real table) read it, every write is
// refused, and the host finds the real table under kViewRealKey (pushViewed).
void setProxyMetatable(lua_State* L, int real, lua_CFunction index, lua_CFunction length,
                       lua_CFunction pairs) {
  lua_createtable(L, 0, 6);
  lua_pushvalue(L, real);
  lua_pushcclosure(L, index, 1);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, paramsNewIndex);
  lua_setfield(L, -2, "__newindex");
  lua_pushvalue(L, real);
  lua_pushcclosure(L, length, 1);
  lua_setfield(L, -2, "__len");
  lua_pushvalue(L, real);
  lua_pushcclosure(L, pairs, 1);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pushvalue(L, real);
  lua_rawsetp(L, -2, &kViewRealKey);
  LuaSandbox::markReadOnly(L, -1, kReadOnly);
  lua_setmetatable(L, -2);
}

// Makes the table on top (its values plain, or views themselves) a read-only view. `top`: p
// itself; `counted`: p of parameters, whose reads are counted (for tables whose rows share
// positions): an empty table whose metatable reads from it (index, #, pairs, ipairs) and refuses
// every write, rawset included. Every other view (a case's p, and the tables in p) is the table
// itself, made read-only in place (LuaSandbox::makeReadOnly): the rules read it as any table,
// with no metamethod, and its metatable, one for all such views of a kind, refuses every write
// (a view costs no memory of its own). A proxy's metatable names the table it shows
// (kViewRealKey), for the host's reads (pushViewed).
void makeView(lua_State* L, bool top, bool counted = false) {
  const int real = lua_gettop(L);
  if (!counted) {
    const void* key = &kViewMetatableKeys[top ? 1 : 0];
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) != LUA_TTABLE) {
      lua_pop(L, 1);
      lua_createtable(L, 0, 3);
      lua_pushcfunction(L, top ? paramsNewIndex : viewNewIndex);
      lua_setfield(L, -2, "__newindex");
      lua_pushboolean(L, 0);
      lua_setfield(L, -2, "__metatable");
      LuaSandbox::markReadOnly(L, -1, kReadOnly);
      lua_pushvalue(L, -1);
      lua_rawsetp(L, LUA_REGISTRYINDEX, key);
    }
    lua_setmetatable(L, real);
    LuaSandbox::makeReadOnly(L, real);
    return;
  }
  lua_createtable(L, 0, 0);  // the view
  setProxyMetatable(L, real, paramsIndex, viewLength, paramsPairs);
  lua_remove(L, real);
}

// Pushes the value of an encoding: tables as plain tables, or (views) as read-only views.
bool pushEncoded(lua_State* L, encoding::Reader& reader, int depth, bool views = false) {
  char tag = 0;
  if (depth > kMaxDepth + 1 || !reader.readTag(tag) || !lua_checkstack(L, 4)) return false;
  switch (tag) {
    case 'i': {
      std::int64_t value = 0;
      if (!reader.readInteger(value)) return false;
      lua_pushinteger(L, static_cast<lua_Integer>(value));
      return true;
    }
    case 's': {
      std::uint64_t length = 0;
      std::string_view bytes;
      if (!reader.readVarint(length) || !reader.readBytes(length, bytes)) return false;
      lua_pushlstring(L, bytes.data(), bytes.size());
      return true;
    }
    case 'f':
    case 't':
      lua_pushboolean(L, tag == 't');
      return true;
    case '[': {
      std::uint64_t count = 0;
      if (!reader.readVarint(count) || count > kMaxCaseBytes) return false;
      lua_createtable(L, static_cast<int>(count), 0);
      for (std::uint64_t k = 1; k <= count; ++k) {
        if (!pushEncoded(L, reader, depth + 1, views)) return false;
        lua_rawseti(L, -2, static_cast<lua_Integer>(k));
        if ((k & 4095) == 0) LuaSandbox::checkSpent(L);
      }
      if (views) makeView(L, false);
      return true;
    }
    case '{': {
      std::uint64_t count = 0;
      if (!reader.readVarint(count) || count > kMaxCaseBytes) return false;
      lua_createtable(L, 0, static_cast<int>(count));
      for (std::uint64_t k = 0; k < count; ++k) {
        if (!pushEncoded(L, reader, depth + 1) || !pushEncoded(L, reader, depth + 1, views))
          return false;
        lua_rawset(L, -3);  // colliding keys are charged: the loop stops once that spends it
        if ((k & 4095) == 4095) LuaSandbox::checkSpent(L);
      }
      if (views) makeView(L, false);
      return true;
    }
    default:
      return false;
  }
}

}  // namespace

void pushKey(lua_State* L, std::string_view key) {
  encoding::Reader reader(key);
  if (!pushEncoded(L, reader, 0)) luaL_error(L, "a position could not be read back");
}

namespace {

// Pushes a term as plain tables, straight from the term (no copy of it: answer's r may hold
// hundreds of megabytes of children, counted in the budget once; and no temporary a longjmp
// could skip).
void pushTermAt(lua_State* L, const Term& term, int depth) {
  if (depth > kMaxDepth + 1 || !lua_checkstack(L, 4)) luaL_error(L, "a term is nested too deep");
  switch (term.kind()) {
    case Term::Kind::kInteger:
      lua_pushinteger(L, static_cast<lua_Integer>(term.asInteger()));
      return;
    case Term::Kind::kString:
      lua_pushlstring(L, term.asString().data(), term.asString().size());
      return;
    case Term::Kind::kBoolean:
      lua_pushboolean(L, term.asBoolean());
      return;
    case Term::Kind::kTable:
      break;
  }
  const auto& entries = term.entries();
  const int count = static_cast<int>(std::min<std::size_t>(entries.size(), INT_MAX));
  if (term.isArray()) {
    lua_createtable(L, count, 0);
    for (std::size_t k = 0; k < entries.size(); ++k) {
      pushTermAt(L, entries[k].second, depth + 1);
      lua_rawseti(L, -2, static_cast<lua_Integer>(k + 1));
      if ((k & 4095) == 4095) LuaSandbox::checkSpent(L);
    }
    return;
  }
  lua_createtable(L, 0, count);
  for (std::size_t k = 0; k < entries.size(); ++k) {
    pushTermAt(L, entries[k].first, depth + 1);
    pushTermAt(L, entries[k].second, depth + 1);
    lua_rawset(L, -3);
    if ((k & 4095) == 4095) LuaSandbox::checkSpent(L);
  }
}

}  // namespace

void pushTerm(lua_State* L, const Term& term) {
  pushTermAt(L, term, 0);
}

// p: the parameters by name, or the case read() made; a read-only view, built once per Params.
void pushParams(lua_State* L, const Params& params) {
  State& state = stateOf(L);
  if (state.trackHostCase && params.input) {  // (LuaRules::beginCaseReads)
    if (state.trackedRef != LUA_NOREF && state.trackedShown == params) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, state.trackedRef);
      return;
    }
    state.trackHostCase = false;
    pushTrackedCase(L, params);
    state.trackHostCase = true;
    luaL_unref(L, LUA_REGISTRYINDEX, state.trackedRef);
    lua_pushvalue(L, -1);
    state.trackedRef = luaL_ref(L, LUA_REGISTRYINDEX);
    state.trackedShown = params;
    return;
  }
  if (state.paramsRef != LUA_NOREF && state.paramsShown == params) {
    // Equal by content: keep the caller's copy of the case, so the next call with it is equal
    // by pointer (Deque's case of 3,000 numbers was compared byte by byte at every call, a
    // fifth of its solve).
    state.paramsShown.input = params.input;
    lua_rawgeti(L, LUA_REGISTRYINDEX, state.paramsRef);
    return;
  }
  luaL_unref(L, LUA_REGISTRYINDEX, state.paramsRef);
  state.paramsRef = LUA_NOREF;
  if (params.input) {
    // The case is a record: its fields, each value a view when it is a table (an empty case
    // is encoded as an empty array).
    encoding::Reader reader(*params.input);
    char tag = 0;
    std::uint64_t count = 0;
    if (!reader.readTag(tag) || (tag != '{' && tag != '[') || !reader.readVarint(count) ||
        (tag == '[' && count != 0) || count > kMaxCaseBytes)
      luaL_error(L, "a case could not be read back");
    lua_createtable(L, 0, static_cast<int>(count));
    for (std::uint64_t k = 0; k < count; ++k) {
      if (!pushEncoded(L, reader, 1) || !pushEncoded(L, reader, 1, true))
        luaL_error(L, "a case could not be read back");
      lua_rawset(L, -3);
    }
  } else {
    lua_createtable(L, 0, static_cast<int>(params.size()));
    for (std::size_t k = 0; k < params.size() && k < state.header->params.size(); ++k) {
      lua_pushinteger(L, static_cast<lua_Integer>(params[k]));
      lua_setfield(L, -2, state.header->params[k].name.c_str());
    }
  }
  makeView(L, true, !params.input);
  lua_pushvalue(L, -1);
  state.paramsRef = luaL_ref(L, LUA_REGISTRYINDEX);
  state.paramsShown = params;
}

namespace {

// --- A case's p in a memo search: a read-only view that records the fields the search reads
// (State::caseReads), so that its memo can serve the next case with the same values of them
// (LuaRules::searchFrom). A field read is copied into the view, so that it is recorded once and
// read raw from then on; #p, pairs(p), and p itself where the host reads it (moves returning p:
// pushViewed) read the case whole.

void noteCaseKey(lua_State* L, int key) {
  State::CaseReads* reads = stateOf(L).caseReads;
  if (!reads || reads->all) return;
  std::string encoded;  // (no Lua call, so no error, while it lives)
  if (lua_isinteger(L, key)) {
    encoding::putInteger(encoded, lua_tointeger(L, key));
  } else if (lua_type(L, key) == LUA_TSTRING) {
    std::size_t size = 0;
    const char* text = lua_tolstring(L, key, &size);
    encoding::putString(encoded, std::string_view(text, size));
  } else if (lua_type(L, key) == LUA_TBOOLEAN) {
    encoding::putBoolean(encoded, lua_toboolean(L, key) != 0);
  } else {
    reads->all = true;  // a key no case has (a float, a table): read as the whole case
    return;
  }
  reads->keys.push_back(std::move(encoded));
}

int caseTrackIndex(lua_State* L) {
  lua_settop(L, 2);
  noteCaseKey(L, 2);
  lua_pushvalue(L, 2);
  if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) {
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, 1);  // into the view (read-only to the rules, not to the host's rawset)
  }
  return 1;
}

int caseTrackLength(lua_State* L) {
  if (State::CaseReads* reads = stateOf(L).caseReads) reads->all = true;
  return viewLength(L);
}

int caseTrackPairs(lua_State* L) {
  if (State::CaseReads* reads = stateOf(L).caseReads) reads->all = true;
  return viewPairs(L);
}

}  // namespace

// next, rawget and rawlen, as the rules see them: on a proxy view of p (a case's tracked view, p
// of parameters) they read the table it shows, as they read a view in place, and count as
// reading p whole (a `for k, v in next, p` of a case, or `rawget(p, "k") or 2`, saw an empty
// proxy in the memo search).
int rawOnViews(lua_State* L) {
  if (lua_type(L, 1) == LUA_TTABLE && lua_getmetatable(L, 1)) {
    if (lua_rawgetp(L, -1, &kViewRealKey) == LUA_TTABLE) {
      lua_replace(L, 1);  // the table shown, in place of the proxy
      lua_pop(L, 1);      // the metatable
      State& state = stateOf(L);
      if (state.caseReads) state.caseReads->all = true;
      if (state.paramReads) *state.paramReads = ~std::uint64_t{0};
    } else {
      lua_pop(L, 2);
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

// Pushes p of `params` (a case) as the tracked view.
void pushTrackedCase(lua_State* L, const Params& params) {
  pushParams(L, params);
  const int real = lua_gettop(L);
  lua_createtable(L, 0, 4);  // the view
  setProxyMetatable(L, real, caseTrackIndex, caseTrackLength, caseTrackPairs);
  LuaSandbox::makeReadOnly(L, -1);  // a copied field cannot be written either
  lua_remove(L, real);
}

namespace {

// A case's fields (its encoding, a record): each key's encoding and its value's.
bool skipEncoded(encoding::Reader& reader, int depth) {
  char tag = 0;
  if (depth > kMaxDepth + 2 || !reader.readTag(tag)) return false;
  std::uint64_t count = 0;
  switch (tag) {
    case 'i': {
      std::int64_t value = 0;
      return reader.readInteger(value);
    }
    case 's': {
      std::string_view bytes;
      return reader.readVarint(count) && reader.readBytes(count, bytes);
    }
    case 'f':
    case 't':
      return true;
    case '[':
      if (!reader.readVarint(count)) return false;
      for (std::uint64_t k = 0; k < count; ++k)
        if (!skipEncoded(reader, depth + 1)) return false;
      return true;
    case '{':
      if (!reader.readVarint(count)) return false;
      for (std::uint64_t k = 0; k < 2 * count; ++k)
        if (!skipEncoded(reader, depth + 1)) return false;
      return true;
    default:
      return false;
  }
}

}  // namespace

bool caseFields(std::string_view encoded, CaseFields& fields) {
  fields.clear();
  encoding::Reader reader(encoded);
  char tag = 0;
  std::uint64_t count = 0;
  if (!reader.readTag(tag) || (tag != '{' && tag != '[') || !reader.readVarint(count) ||
      count > encoded.size())
    return false;
  for (std::uint64_t k = 0; k < count; ++k) {
    std::string key;
    std::size_t from = reader.position();
    if (tag == '[') {
      encoding::putInteger(key, static_cast<std::int64_t>(k + 1));
    } else {
      if (!skipEncoded(reader, 1)) return false;
      key.assign(encoded.substr(from, reader.position() - from));
    }
    from = reader.position();
    if (!skipEncoded(reader, 1)) return false;
    fields.emplace_back(std::move(key), encoded.substr(from, reader.position() - from));
  }
  return reader.atEnd();
}

}  // namespace lua_detail
}  // namespace gs
