#include "lua_rules.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

extern "C" {
#include "lauxlib.h"
#include "lua.h"
#include "lualib.h"
// The instructions a call has run are read from the count hook's down-counter (hookcount), which
// no public function returns: the one use of the interpreter's internals (see charge()).
#include "lstate.h"
}

namespace gs {
namespace {

constexpr int kMaxDepth = 200;                      // nesting of a position's tables
constexpr std::size_t kMaxPositionBytes = 1 << 20;  // a position's encoding
constexpr int kMaxParams = 16;
constexpr double kMaxPatternWork = 1e9;   // see guardedMatch
const char* const kChunkName = "=rules";  // messages read "rules:12: ..."

enum Function { kStart, kMoves, kPlay, kGain, kScore, kMover, kParts, kShow, kName, kFunctions };
const char* const kFunctionNames[kFunctions] = {"start", "moves", "play", "gain", "score",
                                                "mover", "parts", "show", "name"};

std::string withCommas(std::uint64_t number) {
  std::string digits = std::to_string(number), out;
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) out += ',';
    out += digits[k];
  }
  return out;
}

}  // namespace

struct LuaRules::State {
  LuaLimits limits;
  std::uint64_t heapUsed = 0;
  bool exhausted = false;
  // The count hook: armed with `armed` instructions (hooked), cut to what is left of the total
  // (totalBound); `instructionsUsed` counts every armed stretch once it ends (charge()).
  bool hooked = false;
  bool totalBound = false;
  int armed = 0;
  std::uint64_t instructionsUsed = 0;
  bool outOfMemory = false;
  int refs[kFunctions];
  int lines[kFunctions];
  int paramsRef = LUA_NOREF;
  Params paramsShown;  // the values paramsRef holds
  std::uint64_t* paramReads = nullptr;
  const RulesHeader* header = nullptr;
  // The call under way, for messages.
  Function call = kStart;
  std::int64_t moveIndex = 0;  // 1-based, for play and gain
  // Buffers of the protected calls. An error leaves a protected call by longjmp, which runs no
  // destructor: what a call keeps on the heap lives here (reused by the next call), never in a
  // local of a frame that an error can skip.
  std::string scratch, child, first, bytes;
  std::vector<const void*> path;  // the tables being encoded (cycles)
};

namespace {

using State = LuaRules::State;

State& stateOf(lua_State* L) {
  void* ud = nullptr;
  lua_getallocf(L, &ud);
  return *static_cast<State*>(ud);
}

// The allocator: the heap has a cap; past it an allocation fails and Lua raises "not enough
// memory", which the call reports.
void* allocate(void* ud, void* ptr, size_t osize, size_t nsize) {
  State& state = *static_cast<State*>(ud);
  const std::size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    std::free(ptr);
    state.heapUsed -= old;
    return nullptr;
  }
  if (nsize > old && state.heapUsed - old + nsize > state.limits.heapBytes) {
    state.outOfMemory = true;
    return nullptr;
  }
  void* block = std::realloc(ptr, nsize);
  if (!block) return nullptr;
  state.heapUsed = state.heapUsed - old + nsize;
  return block;
}

// The instruction budget: the count hook fires once the call has run its budget; from then on
// it fires at every instruction, so an error caught by a pcall in the rules is raised again at
// the next instruction until it leaves the rules.
void budgetHook(lua_State* L, lua_Debug*) {
  State& state = stateOf(L);
  if (!state.exhausted) {
    state.exhausted = true;
    lua_sethook(L, budgetHook, LUA_MASKCOUNT, 1);
  }
  // The line the rules were running when the budget ran out (level 0: the function running).
  lua_Debug here;
  int line = 0;
  if (lua_getstack(L, 0, &here) && lua_getinfo(L, "l", &here)) line = here.currentline;
  if (state.totalBound) {
    lua_pushfstring(L, "rules:%d: the rules ran past their total budget of %s instructions", line,
                    withCommas(state.limits.instructionsTotal).c_str());
  } else {
    lua_pushfstring(
        L, "rules:%d: the call ran past its budget of %s instructions (does it loop for ever?)",
        line, withCommas(state.limits.instructionsPerCall).c_str());
  }
  lua_error(L);
}

// Adds the instructions run since the hook was armed to the total, and takes the hook off.
void charge(lua_State* L) {
  State& state = stateOf(L);
  if (!state.hooked) return;
  const int left = state.exhausted ? 0 : std::clamp(L->hookcount, 0, state.armed);
  state.instructionsUsed += static_cast<std::uint64_t>(state.armed - left);
  state.hooked = false;
  lua_sethook(L, nullptr, 0, 0);
}

// Arms the count hook with the per-call budget, or what is left of the total when that is less
// (a stretch armed before is charged first, so nested arms count each instruction once).
void arm(lua_State* L) {
  charge(L);
  State& state = stateOf(L);
  state.exhausted = false;
  std::uint64_t budget = state.limits.instructionsPerCall;
  state.totalBound = false;
  if (state.limits.instructionsTotal > 0) {
    const std::uint64_t used = state.instructionsUsed, total = state.limits.instructionsTotal;
    const std::uint64_t left = used < total ? total - used : 0;
    if (left <= budget) {
      budget = std::max<std::uint64_t>(left, 1);
      state.totalBound = true;
    }
  }
  budget = std::min<std::uint64_t>(budget, std::numeric_limits<int>::max());
  state.armed = static_cast<int>(budget);
  state.hooked = true;
  lua_sethook(L, budgetHook, LUA_MASKCOUNT, state.armed);
}

// Raises "rules:LINE: message" for a problem with what a rules function returned, LINE being
// where the function is defined.
// The message is taken by value and freed before the longjmp (which runs no destructor).
[[noreturn]] void raiseAt(lua_State* L, Function function, std::string message) {
  const int line = stateOf(L).lines[function];
  lua_pushfstring(L, "rules:%d: %s", line, message.c_str());
  std::string().swap(message);
  lua_error(L);
  std::abort();  // not reached: lua_error does not return
}

const char* typeWord(lua_State* L, int index) {
  switch (lua_type(L, index)) {
    case LUA_TNIL:
      return "nil";
    case LUA_TFUNCTION:
      return "a function";
    case LUA_TTABLE:
      return "a table";
    case LUA_TSTRING:
      return "a string";
    case LUA_TBOOLEAN:
      return "a boolean";
    case LUA_TNUMBER:
      return lua_isinteger(L, index) ? "an integer" : "a number";
    default:
      return "a value of another type";
  }
}

// The number at `index` as a 64-bit integer: a Lua integer, or a float with a whole value that
// fits (2.0 is 2; 2.5, inf, nan and 1e300 are not whole numbers here).
bool wholeNumber(lua_State* L, int index, std::int64_t& out) {
  if (lua_type(L, index) != LUA_TNUMBER) return false;
  if (lua_isinteger(L, index)) {
    out = lua_tointeger(L, index);
    return true;
  }
  const double value = lua_tonumber(L, index);
  if (std::isfinite(value) && value == std::floor(value) && value >= -9223372036854775808.0 &&
      value < 9223372036854775808.0) {
    out = static_cast<std::int64_t>(value);
    return true;
  }
  return false;
}

// --- Lua values to canonical encodings (core/term.h), checking that they are terms.

struct KeyRef {
  int rank = 0;  // integers, strings, booleans
  std::int64_t number = 0;
  std::string_view text;
};

bool keyLess(const KeyRef& a, const KeyRef& b) {
  if (a.rank != b.rank) return a.rank < b.rank;
  if (a.rank == 1) return a.text < b.text;
  return a.number < b.number;
}

class Encoder {
 public:
  Encoder(lua_State* L, Function function, const char* what)
      : L_(L), function_(function), what_(what), path_(stateOf(L).path) {}

  void encode(int index, std::string& out) {
    path_.clear();
    encodeValue(lua_absindex(L_, index), out, 0);
  }

 private:
  // Frees what the encoding holds (the record keys) before raising: a longjmp runs no
  // destructor. (The path is the state's, reused.)
  [[noreturn]] void fail(std::string problem) {
    std::vector<KeyRef>().swap(keys_);
    std::string message = std::string(what_) + " " + problem;
    std::string().swap(problem);
    raiseAt(L_, function_, std::move(message));
  }

  void encodeValue(int index, std::string& out, int depth) {
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
        encoding::putString(out, std::string_view(text, length));
        break;
      }
      case LUA_TBOOLEAN:
        encoding::putBoolean(out, lua_toboolean(L_, index) != 0);
        break;
      case LUA_TTABLE:
        encodeTable(index, out, depth);
        break;
      default:
        fail(std::string("is or holds ") + typeWord(L_, index) +
             " (positions and moves are made of integers, strings, booleans and tables)");
    }
    if (out.size() > kMaxPositionBytes)
      fail("is larger than " + std::to_string(kMaxPositionBytes >> 20) +
           " MiB once written out (a table shared many times over?)");
  }

  void encodeTable(int index, std::string& out, int depth) {
    if (depth >= kMaxDepth) fail("nests tables more than " + std::to_string(kMaxDepth) + " deep");
    const void* self = lua_topointer(L_, index);
    if (std::find(path_.begin(), path_.end(), self) != path_.end())
      fail("holds a table that contains itself");
    if (!lua_checkstack(L_, 4)) fail("nests too deep");
    path_.push_back(self);
    const lua_Integer length = static_cast<lua_Integer>(lua_rawlen(L_, index));
    lua_Integer count = 0;
    lua_pushnil(L_);
    while (lua_next(L_, index) != 0) {
      ++count;
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

  lua_State* L_;
  Function function_;
  const char* what_;
  std::vector<const void*>& path_;
  std::vector<KeyRef> keys_;
};

// --- Canonical encodings to Lua values.

bool pushEncoded(lua_State* L, encoding::Reader& reader, int depth) {
  char tag = 0;
  if (depth > kMaxDepth || !reader.readTag(tag) || !lua_checkstack(L, 3)) return false;
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
      if (!reader.readVarint(count) || count > kMaxPositionBytes) return false;
      lua_createtable(L, static_cast<int>(count), 0);
      for (std::uint64_t k = 1; k <= count; ++k) {
        if (!pushEncoded(L, reader, depth + 1)) return false;
        lua_rawseti(L, -2, static_cast<lua_Integer>(k));
      }
      return true;
    }
    case '{': {
      std::uint64_t count = 0;
      if (!reader.readVarint(count) || count > kMaxPositionBytes) return false;
      lua_createtable(L, 0, static_cast<int>(count));
      for (std::uint64_t k = 0; k < count; ++k) {
        if (!pushEncoded(L, reader, depth + 1) || !pushEncoded(L, reader, depth + 1)) return false;
        lua_rawset(L, -3);
      }
      return true;
    }
    default:
      return false;
  }
}

void pushKey(lua_State* L, std::string_view key) {
  encoding::Reader reader(key);
  if (!pushEncoded(L, reader, 0)) luaL_error(L, "a position could not be read back");
}

// --- The sandbox.

// Backtracking in Lua's pattern matcher is exponential in the pattern's quantifiers
// ("a*a*a*a*b"), and runs in C where the instruction budget cannot stop it: a pattern is
// refused when (subject length + 1) ^ (quantifiers + 1) passes kMaxPatternWork.
int countQuantifiers(std::string_view pattern) {
  int count = 0;
  for (std::size_t k = 0; k < pattern.size(); ++k) {
    const char c = pattern[k];
    if (c == '%') {
      ++k;
    } else if (c == '*' || c == '+' || c == '-' || c == '?') {
      ++count;
    }
  }
  return count;
}

int guardedMatch(lua_State* L) {
  std::size_t subjectLength = 0, patternLength = 0;
  luaL_checklstring(L, 1, &subjectLength);
  const char* pattern = luaL_checklstring(L, 2, &patternLength);
  const int quantifiers = countQuantifiers(std::string_view(pattern, patternLength));
  if (quantifiers > 0 &&
      std::pow(static_cast<double>(subjectLength) + 1, quantifiers + 1) > kMaxPatternWork)
    return luaL_error(L,
                      "pattern '%s' has %d repetitions over a text of %d characters: its "
                      "matching could run for minutes (the sandbox refuses it)",
                      pattern, quantifiers, static_cast<int>(subjectLength));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

// setmetatable without finalizers: a __gc metamethod would run Lua code whenever the collector
// likes, outside the calls the instruction budget watches.
int guardedSetMetatable(lua_State* L) {
  if (lua_type(L, 2) == LUA_TTABLE && lua_getfield(L, 2, "__gc") != LUA_TNIL)
    return luaL_error(L, "the sandbox runs no finalizers: a metatable cannot have __gc");
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 2, 1);
  return 1;
}

void removeField(lua_State* L, int table, const char* name) {
  lua_pushnil(L);
  lua_setfield(L, table, name);
}

int openSandbox(lua_State* L) {
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  const int base = lua_gettop(L);
  for (const char* name :
       {"print", "dofile", "loadfile", "load", "collectgarbage", "warn", "require"})
    removeField(L, base, name);
  lua_getfield(L, base, "setmetatable");
  lua_pushcclosure(L, guardedSetMetatable, 1);
  lua_setfield(L, base, "setmetatable");
  lua_pop(L, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  const int string = lua_gettop(L);
  removeField(L, string, "dump");
  for (const char* name : {"find", "match", "gmatch", "gsub"}) {
    lua_getfield(L, string, name);
    lua_pushcclosure(L, guardedMatch, 1);
    lua_setfield(L, string, name);
  }
  lua_pop(L, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  removeField(L, lua_gettop(L), "random");
  removeField(L, lua_gettop(L), "randomseed");
  lua_pop(L, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  lua_pop(L, 1);
  return 0;
}

// "rules:12: message" -> line 12, "message".
RulesError errorFrom(std::string message) {
  RulesError error;
  const std::string prefix = "rules:";
  if (message.compare(0, prefix.size(), prefix) == 0) {
    std::size_t k = prefix.size();
    int line = 0;
    while (k < message.size() && message[k] >= '0' && message[k] <= '9' && line < 100000000)
      line = line * 10 + (message[k++] - '0');
    if (k + 1 < message.size() && message[k] == ':' && message[k + 1] == ' ' && k > prefix.size()) {
      error.line = line;
      message = message.substr(k + 2);
    }
  }
  error.message = std::move(message);
  return error;
}

// The parameters as the rules see them: a read-only table (writes raise an error, so one call
// cannot change what the next sees). Reads through __index count which parameters are read.
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

int paramsNewIndex(lua_State* L) {
  return luaL_error(L, "the parameters are read-only (p.%s = ... is not allowed)",
                    lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : "?");
}

void pushParams(lua_State* L, const Params& params) {
  State& state = stateOf(L);
  if (state.paramsRef != LUA_NOREF && state.paramsShown == params) {
    lua_rawgeti(L, LUA_REGISTRYINDEX, state.paramsRef);
    return;
  }
  luaL_unref(L, LUA_REGISTRYINDEX, state.paramsRef);
  lua_createtable(L, 0, 0);                                // the proxy
  lua_createtable(L, 0, 3);                                // its metatable
  lua_createtable(L, 0, static_cast<int>(params.size()));  // the values
  for (std::size_t k = 0; k < params.size() && k < state.header->params.size(); ++k) {
    lua_pushinteger(L, static_cast<lua_Integer>(params[k]));
    lua_setfield(L, -2, state.header->params[k].name.c_str());
  }
  lua_pushcclosure(L, paramsIndex, 1);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, paramsNewIndex);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  state.paramsRef = luaL_ref(L, LUA_REGISTRYINDEX);
  state.paramsShown = params;
}

// Calls rules function `function` with `arguments` values on the stack top; leaves one result.
void callRules(lua_State* L, Function function, int arguments) {
  State& state = stateOf(L);
  state.call = function;
  lua_rawgeti(L, LUA_REGISTRYINDEX, state.refs[function]);
  lua_insert(L, -arguments - 1);
  arm(L);
  lua_call(L, arguments, 1);
  charge(L);
}

std::int64_t integerResult(lua_State* L, Function function, const char* what) {
  std::int64_t value = 0;
  if (wholeNumber(L, -1, value)) return value;
  raiseAt(
      L, function,
      std::string(kFunctionNames[function]) + " must return " + what + ", not " + typeWord(L, -1));
}

// Checks that the array of moves at `index` is an array (keys 1..n); returns n.
lua_Integer checkMoveList(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TTABLE)
    raiseAt(L, kMoves,
            std::string("moves must return an array of moves (empty when the game is over), not ") +
                typeWord(L, index));
  const lua_Integer length = static_cast<lua_Integer>(lua_rawlen(L, index));
  lua_Integer count = 0;
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    ++count;
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

// --- The protected calls. Each runs inside one lua_pcall; a Frame carries the C++ side.

struct Frame {
  LuaRules* rules = nullptr;
  const Params* params = nullptr;
  std::string_view position;  // an encoding
  const Term* termA = nullptr;
  const Term* termB = nullptr;
  Function function = kStart;
  Expansion* expansion = nullptr;
  Term result;
  std::vector<Term> results;
  std::int64_t number = 0;
  std::string text;
};

Frame& frameOf(lua_State* L) {
  return *static_cast<Frame*>(lua_touserdata(L, 1));
}

void pushTerm(lua_State* L, const Term& term) {
  pushKey(L, term.encode());
}

Term termFrom(lua_State* L, int index, Function function, const char* what) {
  std::string& bytes = stateOf(L).bytes;
  bytes.clear();
  Encoder(L, function, what).encode(index, bytes);
  Term term;
  if (!Term::decode(bytes, term)) {
    term = Term();
    raiseAt(L, function, std::string(what) + " could not be read");
  }
  return term;
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

// Flattens the parts of the value at the stack top (popped) into the expansion.
void addParts(lua_State* L, const Params& params, Expansion& out, std::string& scratch) {
  State& state = stateOf(L);
  // A work list of values in a Lua table: parts(v) splits v until a value's parts are itself.
  lua_createtable(L, 8, 0);
  lua_insert(L, -2);
  lua_rawseti(L, -2, 1);
  const int work = lua_gettop(L);
  lua_Integer pending = 1;
  std::size_t found = 0;
  while (pending > 0) {
    lua_rawgeti(L, work, pending);
    lua_pushnil(L);
    lua_rawseti(L, work, pending--);
    const int value = lua_gettop(L);
    scratch.clear();
    Encoder(L, kParts, "a part").encode(value, scratch);
    if (out.knownAtomic && out.knownAtomic(scratch)) {  // split once already: it is atomic
      out.addKey(scratch);
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
      out.addKey(scratch);
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
    (void)state;
  }
  lua_pop(L, 1);
}

int protectedExpand(lua_State* L) {
  Frame& frame = frameOf(L);
  State& state = stateOf(L);
  const RulesHeader& header = *state.header;
  Expansion& out = *frame.expansion;
  std::string& scratch = state.scratch;
  std::string& child = state.child;
  pushKey(L, frame.position);
  const int position = lua_gettop(L);
  pushParams(L, *frame.params);
  const int params = lua_gettop(L);
  if (header.hasMover) {
    lua_pushvalue(L, position);
    lua_pushvalue(L, params);
    callRules(L, kMover, 2);
    const std::int64_t who = integerResult(L, kMover, "1 or 2");
    if (who != 1 && who != 2)
      raiseAt(L, kMover, "mover must return 1 or 2, not " + std::to_string(who));
    out.mover = static_cast<int>(who - 1);
    lua_pop(L, 1);
    checkUnchanged(L, position, frame.position, kMover, scratch);
  }
  lua_pushvalue(L, position);
  lua_pushvalue(L, params);
  callRules(L, kMoves, 2);
  const int moves = lua_gettop(L);
  const lua_Integer count = checkMoveList(L, moves);
  checkUnchanged(L, position, frame.position, kMoves, scratch);
  if (count == 0 && header.kind == RulesKind::kScored && state.refs[kScore] != LUA_NOREF) {
    lua_pushvalue(L, position);
    lua_pushvalue(L, params);
    callRules(L, kScore, 2);
    out.endScore = integerResult(L, kScore, "an integer");
    lua_pop(L, 1);
  }
  for (lua_Integer k = 1; k <= count; ++k) {
    state.moveIndex = k;
    if (header.kind == RulesKind::kScored) {
      std::int64_t points = 0;
      if (state.refs[kGain] != LUA_NOREF) {
        lua_pushvalue(L, position);
        lua_rawgeti(L, moves, k);
        lua_pushvalue(L, params);
        callRules(L, kGain, 3);
        points = integerResult(L, kGain, "an integer");
        lua_pop(L, 1);
      }
      out.gains.push_back(points);
    }
    lua_pushvalue(L, position);
    lua_rawgeti(L, moves, k);
    lua_pushvalue(L, params);
    callRules(L, kPlay, 3);
    if (header.hasParts) {
      addParts(L, *frame.params, out, scratch);
      out.childEnds.push_back(static_cast<std::uint32_t>(out.keyEnds.size()));
    } else {
      child.clear();
      Encoder(L, kPlay, "the position play returned").encode(-1, child);
      out.addKey(child);
      lua_pop(L, 1);
    }
  }
  // Once, not after every play: a play that changed the position it was given changed what
  // the plays after it saw, and the whole expansion is refused.
  if (count > 0) checkUnchanged(L, position, frame.position, kPlay, scratch);
  return 0;
}

int protectedCall(lua_State* L) {
  Frame& frame = frameOf(L);
  const Function function = frame.function;
  int arguments = 0;
  if (function == kName) {
    pushTerm(L, *frame.termB);  // name(move, s, p)
    pushTerm(L, *frame.termA);
    arguments = 2;
  } else if (function != kStart) {
    pushTerm(L, *frame.termA);
    ++arguments;
    if (frame.termB) {
      pushTerm(L, *frame.termB);
      ++arguments;
    }
  }
  pushParams(L, *frame.params);
  ++arguments;
  callRules(L, function, arguments);
  switch (function) {
    case kStart:
      frame.result = termFrom(L, -1, kStart, "the position start returned");
      break;
    case kPlay:
      frame.result = termFrom(L, -1, kPlay, "the position play returned");
      break;
    case kShow:
      frame.result = termFrom(L, -1, kShow, "what show returned");
      break;
    case kMoves:
    case kParts: {
      if (lua_type(L, -1) != LUA_TTABLE)
        raiseAt(L, function,
                std::string(kFunctionNames[function]) + " must return an array, not " +
                    typeWord(L, -1));
      if (function == kMoves) checkMoveList(L, lua_gettop(L));
      const int list = lua_gettop(L);
      const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, list));
      for (lua_Integer k = 1; k <= count; ++k) {
        lua_rawgeti(L, list, k);
        frame.results.push_back(
            termFrom(L, -1, function, function == kMoves ? "a move" : "a part"));
        lua_pop(L, 1);
      }
      break;
    }
    case kGain:
    case kScore:
      frame.number = integerResult(L, function, "an integer");
      break;
    case kMover: {
      frame.number = integerResult(L, kMover, "1 or 2");
      if (frame.number != 1 && frame.number != 2)
        raiseAt(L, kMover, "mover must return 1 or 2, not " + std::to_string(frame.number));
      break;
    }
    case kName: {
      if (lua_type(L, -1) != LUA_TSTRING)
        raiseAt(L, kName, std::string("name must return a string, not ") + typeWord(L, -1));
      std::size_t length = 0;
      const char* text = lua_tolstring(L, -1, &length);
      frame.text.assign(text, length);
      break;
    }
    default:
      break;
  }
  return 0;
}

}  // namespace

LuaRules::LuaRules() : state_(std::make_unique<State>()) {}

LuaRules::~LuaRules() {
  if (!L_) return;
  arm(L_);  // nothing the rules left behind may run unwatched
  lua_close(L_);
}

std::uint64_t LuaRules::memoryUsed() const {
  return state_->heapUsed;
}

bool LuaRules::totalSpent() const {
  return state_->limits.instructionsTotal > 0 &&
         state_->instructionsUsed >= state_->limits.instructionsTotal;
}

namespace {

// Runs `function` (a C function taking the frame) in protected mode; on a failure fills `error`
// with the message, its line and the call it happened in.
bool runProtected(lua_State* L, lua_CFunction function, Frame& frame, RulesError& error,
                  const std::string& callText) {
  State& state = stateOf(L);
  state.outOfMemory = false;
  const int top = lua_gettop(L);
  lua_pushcfunction(L, function);
  lua_pushlightuserdata(L, &frame);
  arm(L);  // each call of the rules re-arms it; this covers the work between them
  const int status = lua_pcall(L, 1, 0, 0);
  charge(L);
  if (status == LUA_OK) {
    lua_settop(L, top);
    return true;
  }
  std::string message;
  if (status == LUA_ERRMEM || state.outOfMemory) {
    message = "the rules used more than their memory cap of " +
              std::to_string(state.limits.heapBytes >> 20) + " MiB";
  } else if (lua_type(L, -1) == LUA_TSTRING) {
    message = lua_tostring(L, -1);
  } else {
    message =
        std::string("the rules raised an error that is ") + typeWord(L, -1) + ", not a message";
  }
  lua_settop(L, top);
  error = errorFrom(message);
  if (!callText.empty()) error.message = error.message.english() + ", in " + callText;
  return false;
}

}  // namespace

Expected<std::shared_ptr<LuaRules>> LuaRules::load(std::string_view text, const LuaLimits& limits) {
  if (text.size() > kMaxRulesBytes)
    return RulesError{0, 0,
                      "the rules file is " + withCommas(text.size()) + " bytes long; at most " +
                          withCommas(kMaxRulesBytes) + " are read"};
  std::shared_ptr<LuaRules> rules(new LuaRules());
  rules->text_ = std::string(text);
  State& state = *rules->state_;
  state.limits = limits;
  state.header = &rules->header_;
  state.paramReads = nullptr;
  for (int& ref : state.refs) ref = LUA_NOREF;
  for (int& line : state.lines) line = 0;
  lua_State* L = lua_newstate(allocate, &state);
  if (!L) return RulesError{0, 0, "the rules' interpreter could not start (out of memory)"};
  rules->L_ = L;
  lua_pushcfunction(L, openSandbox);
  if (lua_pcall(L, 0, 0, 0) != LUA_OK)
    return RulesError{0, 0, "the rules' interpreter could not start (out of memory)"};

  // Run the file: text chunks only.
  const int loaded = luaL_loadbufferx(L, text.data(), text.size(), kChunkName, "t");
  if (loaded != LUA_OK) {
    RulesError error = errorFrom(lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1)
                                                                : "the rules could not be read");
    return error;
  }
  arm(L);
  const int ran = lua_pcall(L, 0, 0, 0);
  charge(L);
  if (ran != LUA_OK) {
    if (ran == LUA_ERRMEM || state.outOfMemory)
      return RulesError{0, 0,
                        "the rules used more than their memory cap of " +
                            std::to_string(limits.heapBytes >> 20) + " MiB while the file ran"};
    return errorFrom(lua_type(L, -1) == LUA_TSTRING
                         ? lua_tostring(L, -1)
                         : "the rules raised an error while the file ran");
  }

  // Read the game table.
  if (lua_getglobal(L, "game") != LUA_TTABLE)
    return RulesError{0, 0,
                      std::string("the rules must define a table named game (game = { title = "
                                  "..., start = ..., moves = ..., play = ... }); game is ") +
                          typeWord(L, -1)};
  const int game = lua_gettop(L);
  static const char* const kKnown[] = {"title", "params", "impartial", "start", "moves", "play",
                                       "gain",  "score",  "mover",     "parts", "show",  "name"};
  lua_pushnil(L);
  while (lua_next(L, game) != 0) {
    lua_pop(L, 1);
    const char* key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : nullptr;
    if (!key || std::none_of(std::begin(kKnown), std::end(kKnown),
                             [key](const char* known) { return std::strcmp(known, key) == 0; })) {
      std::string shown = key ? std::string("game.") + key : "a key that is not a name";
      lua_pop(L, 1);
      return RulesError{0, 0,
                        shown +
                            " is not a field of a rules game (the fields: title, params, "
                            "start, moves, play, gain, score, impartial, parts, mover, show, "
                            "name)"};
    }
  }
  RulesHeader& header = rules->header_;
  lua_getfield(L, game, "title");
  if (lua_type(L, -1) == LUA_TSTRING)
    header.title = lua_tostring(L, -1);
  else if (lua_isnil(L, -1))
    header.title = "Untitled game";
  else
    return RulesError{0, 0, std::string("game.title must be a string, not ") + typeWord(L, -1)};
  if (header.title.size() > 200) header.title = header.title.substr(0, 200);
  lua_pop(L, 1);

  lua_getfield(L, game, "params");
  if (!lua_isnil(L, -1)) {
    if (lua_type(L, -1) != LUA_TTABLE)
      return RulesError{0, 0,
                        std::string("game.params must be an array of {name, default, min, max}, "
                                    "not ") +
                            typeWord(L, -1)};
    const int list = lua_gettop(L);
    const lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, list));
    if (count > kMaxParams)
      return RulesError{0, 0,
                        "game.params has " + std::to_string(count) + " parameters; at most " +
                            std::to_string(kMaxParams)};
    for (lua_Integer k = 1; k <= count; ++k) {
      const std::string where = "game.params[" + std::to_string(k) + "]";
      const std::string shape = " must be {name, default, min, max}: a name and three integers";
      if (lua_rawgeti(L, list, k) != LUA_TTABLE) return RulesError{0, 0, where + shape};
      RulesParam param;
      if (lua_rawgeti(L, -1, 1) != LUA_TSTRING) return RulesError{0, 0, where + shape};
      param.name = lua_tostring(L, -1);
      lua_pop(L, 1);
      bool valid = !param.name.empty() && param.name.size() <= 32;
      for (char c : param.name)
        valid &=
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
      if (!valid || (param.name[0] >= '0' && param.name[0] <= '9'))
        return RulesError{0, 0,
                          where +
                              "'s name must be a word of letters, digits and _ (at most 32), "
                              "not '" +
                              param.name.substr(0, 40) + "'"};
      for (const RulesParam& other : header.params)
        if (other.name == param.name)
          return RulesError{0, 0, where + " repeats the name " + param.name};
      std::int64_t numbers[3];
      for (int field = 0; field < 3; ++field) {
        lua_rawgeti(L, -1, field + 2);
        if (!wholeNumber(L, -1, numbers[field])) return RulesError{0, 0, where + shape};
        lua_pop(L, 1);
      }
      param.defaultValue = numbers[0];
      param.min = numbers[1];
      param.max = numbers[2];
      if (param.min > param.max || param.defaultValue < param.min || param.defaultValue > param.max)
        return RulesError{0, 0,
                          where + " (" + param.name +
                              ") needs min <= default <= max; it has "
                              "default " +
                              std::to_string(param.defaultValue) + ", min " +
                              std::to_string(param.min) + ", max " + std::to_string(param.max)};
      header.params.push_back(param);
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);

  lua_getfield(L, game, "impartial");
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    return RulesError{0, 0,
                      std::string("game.impartial must be true or false, not ") + typeWord(L, -1)};
  const bool impartial = lua_toboolean(L, -1) != 0;
  lua_pop(L, 1);

  for (int function = 0; function < kFunctions; ++function) {
    const char* name = kFunctionNames[function];
    const int type = lua_getfield(L, game, name);
    if (type == LUA_TNIL) {
      lua_pop(L, 1);
      if (function == kStart || function == kMoves || function == kPlay)
        return RulesError{0, 0,
                          std::string("game.") + name +
                              " is missing: every game needs start, "
                              "moves and play"};
      continue;
    }
    if (type != LUA_TFUNCTION)
      return RulesError{
          0, 0, std::string("game.") + name + " must be a function, not " + typeWord(L, -1)};
    lua_Debug info;
    lua_pushvalue(L, -1);
    lua_getinfo(L, ">S", &info);
    state.lines[function] = info.linedefined > 0 ? info.linedefined : 0;
    state.refs[function] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  const bool scored = state.refs[kGain] != LUA_NOREF || state.refs[kScore] != LUA_NOREF;
  if (impartial && scored)
    return RulesError{0, 0, "an impartial game has no points: remove gain and score, or impartial"};
  if (impartial && state.refs[kMover] != LUA_NOREF)
    return RulesError{0, 0,
                      "in an impartial game the players alternate: remove mover, or impartial"};
  if (!impartial && state.refs[kParts] != LUA_NOREF)
    return RulesError{0, 0,
                      "parts splits impartial games only: add impartial = true, or remove parts"};
  header.kind = impartial ? RulesKind::kImpartial
                : scored  ? RulesKind::kScored
                          : RulesKind::kNormalPlay;
  header.hasMover = state.refs[kMover] != LUA_NOREF;
  header.hasParts = state.refs[kParts] != LUA_NOREF;
  lua_settop(L, 0);
  lua_gc(L, LUA_GCGEN, 0, 0);  // most tables a solve makes die young
  return rules;
}

namespace {

std::string callText(Function function, const Term* a, const Term* b) {
  std::string text = std::string(kFunctionNames[function]) + "(";
  if (function == kName) std::swap(a, b);
  if (a) text += shortText(*a);
  if (b) text += ", " + shortText(*b);
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
  const bool ok = runProtected(L_, protectedExpand, frame, error, "");
  state_->paramReads = nullptr;
  if (ok) return true;
  // Name the call: the function, the position and, for play and gain, the move.
  Term where;
  const bool decoded = Term::decode(position, where);
  const Function function = state_->call;
  std::string text =
      std::string(kFunctionNames[function]) + "(" + (decoded ? shortText(where) : "?");
  if ((function == kPlay || function == kGain) && decoded) {
    auto list = moves(where, params);
    const auto index = static_cast<std::size_t>(state_->moveIndex);
    if (list && index >= 1 && index <= list.value().size())
      text += ", " + shortText(list.value()[index - 1]);
  }
  error.message = error.message.english() + ", in " + text + ")";
  return false;
}

#define GS_LUA_CALL(which, a, b, field)                                                   \
  Frame frame;                                                                            \
  frame.rules = this;                                                                     \
  frame.params = &params;                                                                 \
  frame.function = which;                                                                 \
  frame.termA = a;                                                                        \
  frame.termB = b;                                                                        \
  RulesError error;                                                                       \
  /* Reads by start() do not count: rows of a table that differ there share positions. */ \
  state_->paramReads = which == kStart ? nullptr : &paramReads_;                          \
  const bool ok = runProtected(L_, protectedCall, frame, error, callText(which, a, b));   \
  state_->paramReads = nullptr;                                                           \
  if (!ok) return error;                                                                  \
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
  Frame frame;
  frame.rules = this;
  frame.params = &params;
  frame.function = kMover;
  frame.termA = &position;
  RulesError error;
  state_->paramReads = &paramReads_;
  const bool ok =
      runProtected(L_, protectedCall, frame, error, callText(kMover, &position, nullptr));
  state_->paramReads = nullptr;
  if (!ok) return error;
  return static_cast<int>(frame.number - 1);
}

Expected<std::vector<Term>> LuaRules::parts(const Term& position, const Params& params) {
  if (state_->refs[kParts] == LUA_NOREF) return std::vector<Term>{position};
  GS_LUA_CALL(kParts, &position, nullptr, results);
}

Expected<Term> LuaRules::show(const Term& position, const Params& params) {
  if (state_->refs[kShow] == LUA_NOREF) return Rules::show(position, params);
  GS_LUA_CALL(kShow, &position, nullptr, result);
}

Expected<std::string> LuaRules::name(const Term& move, const Term& position, const Params& params) {
  if (state_->refs[kName] == LUA_NOREF) return Rules::name(move, position, params);
  GS_LUA_CALL(kName, &position, &move, text);
}

#undef GS_LUA_CALL

}  // namespace gs
